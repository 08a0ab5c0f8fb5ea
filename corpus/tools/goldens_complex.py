"""Golden cases for complex<f32>/complex<f64> and iree_linalg_ext.fft,
derived with numpy: complex arithmetic on operands whose results are exact
in the element type (small integers and halves, so any correct formula
gives the same bits), and an FFT whose golden is numpy's float32
re-derivation of IREE's radix-2 stage loop (each operation rounded to f32,
as numpy's float32 arithmetic does), checked against numpy.fft.rfft within
a tolerance. Registered by derive_goldens.py."""
import numpy as np


def f32_literal(x):
    """An f32 constant as MLIR text that parses back to the same bits: the
    shortest decimal of its exact double value (always with a '.' or an
    exponent, as MLIR's float literals need)."""
    return repr(float(np.float32(x)))


def dense_f32(values):
    return "dense<[" + ", ".join(f32_literal(v) for v in values) + "]>"


def fft_twiddles(m):
    """The coefficient tensors StableHLO's lowering gives stage log2(m):
    cos and sin of -2*pi*j/m in double, rounded to f32."""
    j = np.arange(m // 2)
    w = -2.0 * np.pi * j / m
    return np.cos(w).astype(np.float32), np.sin(w).astype(np.float32)


def fft_stage_loop(re, im, n):
    """IREE's FftOp scalar implementation, stage after stage, in f32."""
    re = re.astype(np.float32).copy()
    im = im.astype(np.float32).copy()
    s = 1
    while (1 << s) <= n:
        m = 1 << s
        mh = m >> 1
        wr, wi = fft_twiddles(m)
        for k in range(0, n, m):
            ur, ui = re[k:k + mh].copy(), im[k:k + mh].copy()
            vr, vi = re[k + mh:k + m].copy(), im[k + mh:k + m].copy()
            xu, yv = wr * vr, wi * vi
            xv, yu = wr * vi, wi * vr
            tr, ti = xu - yv, xv + yu
            re[k:k + mh], im[k:k + mh] = ur + tr, ui + ti
            re[k + mh:k + m], im[k + mh:k + m] = ur - tr, ui - ti
        s += 1
    return re, im


def bit_reversal(n):
    bits = n.bit_length() - 1
    return [int(format(i, "0%db" % bits)[::-1], 2) for i in range(n)]


def rfft_program(n):
    """What `iree-compile --compile-to=input` makes of stablehlo.fft RFFT of
    length n: a bit-reversal gather, one fft op per stage with its
    coefficient constants, then the first n/2 + 1 elements."""
    half = n // 2 + 1
    perm = ", ".join(str(i) for i in bit_reversal(n))
    lines = [
        "// rfft of %d real values as IREE's StableHLO lowering computes it:" % n,
        "// bit-reversed gather, then stages 1..%d of iree_linalg_ext.fft"
        % (n.bit_length() - 1),
        "// with f32 twiddle constants, then the first %d bins." % half,
        "#id = affine_map<(d0) -> (d0)>",
        "func.func @main(%%x: tensor<%dxf32>) -> (tensor<%dxf32>, tensor<%dxf32>) {"
        % (n, half, half),
        "  %%perm = arith.constant dense<[%s]> : tensor<%dxi64>" % (perm, n),
        "  %zero = arith.constant 0.0 : f32",
        "  %%e = tensor.empty() : tensor<%dxf32>" % n,
        "  %%g:2 = linalg.generic {indexing_maps = [#id, #id, #id], "
        "iterator_types = [\"parallel\"]} ins(%%perm : tensor<%dxi64>) "
        "outs(%%e, %%e : tensor<%dxf32>, tensor<%dxf32>) {" % (n, n, n),
        "  ^bb0(%p: i64, %o0: f32, %o1: f32):",
        "    %i = arith.index_cast %p : i64 to index",
        "    %%v = tensor.extract %%x[%%i] : tensor<%dxf32>" % n,
        "    linalg.yield %v, %zero : f32, f32",
        "  } -> (tensor<%dxf32>, tensor<%dxf32>)" % (n, n),
    ]
    prev = "%g#0, %g#1"
    s = 1
    while (1 << s) <= n:
        m = 1 << s
        wr, wi = fft_twiddles(m)
        h = m // 2
        lines += [
            "  %%c%d = arith.constant %d : index" % (s, s),
            "  %%wr%d = arith.constant %s : tensor<%dxf32>" % (s, dense_f32(wr), h),
            "  %%wi%d = arith.constant %s : tensor<%dxf32>" % (s, dense_f32(wi), h),
            "  %%s%d:2 = iree_linalg_ext.fft ins(%%c%d, %%wr%d, %%wi%d : index, "
            "tensor<%dxf32>, tensor<%dxf32>) outs(%s : tensor<%dxf32>, "
            "tensor<%dxf32>) : tensor<%dxf32>, tensor<%dxf32>"
            % (s, s, s, s, h, h, prev, n, n, n, n),
        ]
        prev = "%%s%d#0, %%s%d#1" % (s, s)
        s += 1
    last = s - 1
    lines += [
        "  %%re = tensor.extract_slice %%s%d#0[0] [%d] [1] : tensor<%dxf32> to "
        "tensor<%dxf32>" % (last, half, n, half),
        "  %%im = tensor.extract_slice %%s%d#1[0] [%d] [1] : tensor<%dxf32> to "
        "tensor<%dxf32>" % (last, half, n, half),
        "  return %%re, %%im : tensor<%dxf32>, tensor<%dxf32>" % (half, half),
        "}",
    ]
    return "\n".join(lines) + "\n"


def register(case, Raw, Rng, default_expect):
    @case("complex_mul_div_c8",
          "complex.mul, complex.div (Smith's algorithm), complex.add and "
          "complex.abs of complex<f32> in one linalg.generic, on operands "
          "whose results are exact in f32 (so every correct formula gives "
          "the same bits).",
          """\
// Elementwise x*y, x/y, x+y and |y| of complex<f32>; the quotients are
// exact (x is y times a small Gaussian integer), |y| is a Pythagorean
// triple.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xcomplex<f32>>, %y: tensor<8xcomplex<f32>>)
    -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xcomplex<f32>>
  %f = tensor.empty() : tensor<8xf32>
  %0:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>)
      outs(%e, %e, %e, %f : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>) {
  ^bb0(%a: complex<f32>, %b: complex<f32>, %o0: complex<f32>, %o1: complex<f32>, %o2: complex<f32>, %o3: f32):
    %m = complex.mul %a, %b : complex<f32>
    %d = complex.div %a, %b : complex<f32>
    %s = complex.add %a, %b : complex<f32>
    %n = complex.abs %b : complex<f32>
    linalg.yield %m, %d, %s, %n : complex<f32>, complex<f32>, complex<f32>, f32
  } -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>
}
""")
    def _mul_div():
        # y: scaled Pythagorean pairs (so |y| is exact); q: small Gaussian
        # integers; x = q * y exactly, so x / y = q exactly.
        # |re/im| ratios of 3/4 or 0 keep Smith's ratio r, its denominator
        # c + d*r and the numerators exact, so the quotient is exact too.
        triples = [(3, 4), (4, -3), (-4, 3), (8, 6), (-6, -8), (6, -8),
                   (0, 2), (7, 0)]
        r = Rng(601)
        scale = r.ints((8,), 1, 4)
        y = np.array([complex(a * s, b * s) for (a, b), s in zip(triples, scale)])
        # Parts of q never 0: a zero quotient part's sign is the formula's
        # (Smith's gives -0 where the exact result is 0), not numpy's.
        qr, qi = r.ints((8,), -6, 7), r.ints((8,), -6, 7)
        q = np.where(qr == 0, 1, qr) + 1j * np.where(qi == 0, -1, qi)
        x = q * y
        y = y.astype(np.complex64)
        x = x.astype(np.complex64)
        # Every product/sum below is a small integer: exact in f32.
        xd, yd = x.astype(np.complex128), y.astype(np.complex128)
        prod = (xd * yd).astype(np.complex64)
        quot = q.astype(np.complex64)
        assert np.array_equal((xd / yd), q.astype(np.complex128))
        add = (xd + yd).astype(np.complex64)
        assert np.all(prod.real != 0) and np.all(prod.imag != 0)
        absy = np.abs(yd).astype(np.float32)
        assert np.array_equal(absy.astype(np.float64), np.abs(yd))
        return [x, y], [prod, quot, add, absy]

    @case("complex_matmul_c16",
          "linalg.matmul of complex<f64> matrices (a reduction of complex "
          "mul/add over 5 terms) with small Gaussian-integer entries: every "
          "partial sum is exact.",
          """\
// A complex<f64> matrix product; linalg.fill with a complex zero.
func.func @main(%a: tensor<3x5xcomplex<f64>>, %b: tensor<5x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>> {
  %z = complex.constant [0.0 : f64, 0.0 : f64] : complex<f64>
  %e = tensor.empty() : tensor<3x4xcomplex<f64>>
  %f = linalg.fill ins(%z : complex<f64>) outs(%e : tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %0 = linalg.matmul ins(%a, %b : tensor<3x5xcomplex<f64>>, tensor<5x4xcomplex<f64>>)
                     outs(%f : tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  return %0 : tensor<3x4xcomplex<f64>>
}
""")
    def _matmul():
        r = Rng(602)
        a = (r.ints((3, 5), -9, 10) + 1j * r.ints((3, 5), -9, 10)).astype(np.complex128)
        b = (r.ints((5, 4), -9, 10) + 1j * r.ints((5, 4), -9, 10)).astype(np.complex128)
        return [a, b], [a @ b]

    @case("fft_rfft_32_f32",
          "StableHLO's RFFT of 32 real values as IREE lowers it: a "
          "bit-reversal gather and five iree_linalg_ext.fft stages with f32 "
          "twiddle constants. Golden: numpy's float32 re-derivation of "
          "IREE's stage loop (one rounding per operation), within 1e-4 of "
          "numpy.fft.rfft.",
          rfft_program(32))
    def _rfft():
        n = 32
        x = Rng(603).dyadic((n,), -100, 100, 16).astype(np.float32)
        perm = bit_reversal(n)
        re, im = fft_stage_loop(x[perm], np.zeros(n, np.float32), n)
        ref = np.fft.rfft(x.astype(np.float64))
        half = n // 2 + 1
        scale = np.max(np.abs(ref))
        assert np.max(np.abs(re[:half] - ref.real)) <= 1e-5 * scale
        assert np.max(np.abs(im[:half] - ref.imag)) <= 1e-5 * scale
        return [x], [re[:half].copy(), im[:half].copy()]
