#!/usr/bin/env python3
"""Properties of complex arithmetic and iree_linalg_ext.fft in ref-run.

Usage: complex_fft_props.py PATH/TO/ref-run

(a) complex<f32> mul and div of random operands (ordinary magnitudes, no
    infinities or NaNs): bit-exact to an independent float32 re-derivation
    of MLIR's ComplexToStandard formulas (mul: (ac - bd, ad + bc); div:
    Smith's algorithm), and within the formulas' error bound of numpy's
    complex128 result;
(b) the rfft of random real signals (n = 2 .. 256) as IREE's StableHLO
    lowering computes it (bit-reversal gather, one fft stage op per level
    with f32 twiddle constants): bit-exact to numpy's float32 run of IREE's
    stage loop, and within 1e-5 * max|X| of numpy.fft.rfft;
(c) the same stages without coefficient tensors (twiddles from f32 cos/sin
    of IREE's f32 angle): within 1e-5 * max|X| of numpy.fft.fft.
Exit status: 0 pass, 1 fail, 77 skipped (numpy not importable).
"""

import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print("SKIP: numpy is not importable by", sys.executable)
    sys.exit(77)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "corpus", "tools"))
import goldens_complex as gc  # noqa: E402

F = np.float32


def run(ref_run, tmp, program, inputs, n_out):
    path = os.path.join(tmp, "p.mlir")
    with open(path, "w") as f:
        f.write(program)
    argv = [ref_run, path, "--function=main"]
    for i, a in enumerate(inputs):
        p = os.path.join(tmp, "in%d.npy" % i)
        np.save(p, a)
        argv.append("--input=@" + p)
    outs = [os.path.join(tmp, "out%d.npy" % i) for i in range(n_out)]
    argv += ["--output=@" + p for p in outs]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("ref-run exited %d: %s" % (r.returncode, r.stderr))
    return [np.load(p) for p in outs]


MULDIV = """\
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<NxCT>, %y: tensor<NxCT>) -> (tensor<NxCT>, tensor<NxCT>) {
  %e = tensor.empty() : tensor<NxCT>
  %0:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<NxCT>, tensor<NxCT>) outs(%e, %e : tensor<NxCT>, tensor<NxCT>) {
  ^bb0(%a: CT, %b: CT, %o0: CT, %o1: CT):
    %m = complex.mul %a, %b : CT
    %d = complex.div %a, %b : CT
    linalg.yield %m, %d : CT, CT
  } -> (tensor<NxCT>, tensor<NxCT>)
  return %0#0, %0#1 : tensor<NxCT>, tensor<NxCT>
}
"""


def smith_div(a, b, c, d):
    """Smith's algorithm, elementwise in the arrays' float type."""
    big = np.abs(c) >= np.abs(d)
    with np.errstate(all="ignore"):
        r1 = d / c
        den1 = c + d * r1
        re1 = (a + b * r1) / den1
        im1 = (b - a * r1) / den1
        r2 = c / d
        den2 = d + c * r2
        re2 = (a * r2 + b) / den2
        im2 = (b * r2 - a) / den2
    return np.where(big, re1, re2), np.where(big, im1, im2)


def check_muldiv(ref_run, tmp, rng, failures):
    n = 4096
    prog = MULDIV.replace("CT", "complex<f32>").replace("N", str(n))

    def sample():
        mag = 10.0 ** rng.uniform(-3, 3, n)
        return (mag * (rng.standard_normal(n) + 1j * rng.standard_normal(n))
                ).astype(np.complex64)

    x, y = sample(), sample()
    got_m, got_d = run(ref_run, tmp, prog, [x, y], 2)
    a, b, c, d = x.real, x.imag, y.real, y.imag
    want_m = (a * c - b * d) + 1j * (a * d + b * c)
    want_m = want_m.astype(np.complex64)
    re, im = smith_div(a, b, c, d)
    want_d = (re + 1j * im).astype(np.complex64)
    for name, got, want in (("mul", got_m, want_m), ("div", got_d, want_d)):
        diff = np.flatnonzero(got.view(np.uint32) != want.view(np.uint32))
        if diff.size:
            i = diff[0] // 2
            failures.append("%s: %d parts differ from the f32 re-derivation; "
                            "first x=%r y=%r got %r want %r"
                            % (name, diff.size, x[i], y[i], got[i], want[i]))
    # The error bound against the exact value (numpy in complex128).
    eps = np.finfo(F).eps
    xd, yd = x.astype(np.complex128), y.astype(np.complex128)
    exact_m, exact_d = xd * yd, xd / yd
    bound_m = 2 * eps * np.abs(xd) * np.abs(yd) + 1e-37
    bound_d = 8 * eps * np.abs(xd) / np.abs(yd) + 1e-37
    for name, got, exact, bound in (("mul", got_m, exact_m, bound_m),
                                    ("div", got_d, exact_d, bound_d)):
        err = np.maximum(np.abs(got.real - exact.real),
                         np.abs(got.imag - exact.imag))
        bad = np.flatnonzero(err > bound)
        if bad.size:
            i = bad[0]
            failures.append("%s: %d results outside the error bound; first "
                            "x=%r y=%r got %r exact %r"
                            % (name, bad.size, x[i], y[i], got[i], exact[i]))
    return 2 * n


def fft_program_without_coeffs(n):
    stages = n.bit_length() - 1
    lines = ["func.func @main(%%re: tensor<%dxf32>, %%im: tensor<%dxf32>) -> "
             "(tensor<%dxf32>, tensor<%dxf32>) {" % (n, n, n, n)]
    prev = "%re, %im"
    for s in range(1, stages + 1):
        lines.append("  %%c%d = arith.constant %d : index" % (s, s))
        lines.append("  %%s%d:2 = iree_linalg_ext.fft ins(%%c%d : index) "
                     "outs(%s : tensor<%dxf32>, tensor<%dxf32>) : "
                     "tensor<%dxf32>, tensor<%dxf32>" % (s, s, prev, n, n, n, n))
        prev = "%%s%d#0, %%s%d#1" % (s, s)
    lines.append("  return %s : tensor<%dxf32>, tensor<%dxf32>" % (prev, n, n))
    lines.append("}")
    return "\n".join(lines) + "\n"


def check_fft(ref_run, tmp, rng, failures):
    checked = 0
    for n in (2, 4, 8, 16, 64, 256):
        x = (rng.standard_normal(n) * 10.0 ** rng.uniform(-2, 3)).astype(F)
        half = n // 2 + 1
        # (b) with coefficients, as StableHLO's lowering emits it.
        got_re, got_im = run(ref_run, tmp, gc.rfft_program(n), [x], 2)
        perm = gc.bit_reversal(n)
        want_re, want_im = gc.fft_stage_loop(x[perm], np.zeros(n, F), n)
        for part, got, want in (("re", got_re, want_re[:half]),
                                ("im", got_im, want_im[:half])):
            diff = np.flatnonzero(got.view(np.uint32) != want.view(np.uint32))
            if diff.size:
                failures.append("rfft n=%d %s: %d bins differ from the f32 "
                                "stage loop; first bin %d: got %r want %r"
                                % (n, part, diff.size, diff[0], got[diff[0]],
                                   want[diff[0]]))
        ref = np.fft.rfft(x.astype(np.float64))
        tol = 1e-5 * max(np.max(np.abs(ref)), 1e-30)
        err = max(np.max(np.abs(got_re - ref.real)),
                  np.max(np.abs(got_im - ref.imag)))
        if err > tol:
            failures.append("rfft n=%d: error %g vs numpy.fft exceeds %g"
                            % (n, err, tol))
        # (c) without coefficients: a complex input, all n bins.
        z = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(np.complex64)
        zr = z.real[perm].astype(F)
        zi = z.imag[perm].astype(F)
        got_re, got_im = run(ref_run, tmp, fft_program_without_coeffs(n),
                             [zr, zi], 2)
        ref = np.fft.fft(z.astype(np.complex128))
        tol = 1e-5 * max(np.max(np.abs(ref)), 1e-30)
        err = max(np.max(np.abs(got_re - ref.real)),
                  np.max(np.abs(got_im - ref.imag)))
        if err > tol:
            failures.append("fft (no coefficients) n=%d: error %g vs "
                            "numpy.fft exceeds %g" % (n, err, tol))
        checked += 2
    return checked


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    ref_run = sys.argv[1]
    rng = np.random.default_rng(4242)
    failures = []
    with tempfile.TemporaryDirectory(prefix="complex_props_") as tmp:
        checked = check_muldiv(ref_run, tmp, rng, failures)
        checked += check_fft(ref_run, tmp, rng, failures)
    for f in failures:
        print("FAIL:", f)
    print("%d cases checked, %d failures" % (checked, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
