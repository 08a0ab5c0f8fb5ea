#!/usr/bin/env python3
"""Compares the interpreter with IREE on every complex dialect op.

Usage: scripts/complex-vs-iree.py [--ref-run=build/bin/ref-run]
           [--iree-bin=.venv/bin] [--target-cpu=host] [--n=64]

Builds one module with a linalg.generic per complex op on complex<f32>
(random inputs, parts in [-4, 4], plus 0, 1, -1, i, -i, 2), compiles it for
llvm-cpu with iree-compile, runs each function with iree-run-module and
ref-run, and prints per op the largest ULP distance of a part whose
absolute difference exceeds 1e-6, and which side is closer to numpy's
complex128 result there (docs/coverage.md, "Complex numbers and fft").
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

UNARY = ["exp", "log", "sqrt", "rsqrt", "sin", "cos", "tanh", "tan", "expm1",
         "log1p", "sign", "neg", "conj"]
REAL = ["abs", "angle"]
BINARY = ["mul", "div", "pow", "add", "sub"]
EXACT = {"exp": np.exp, "log": np.log, "sqrt": np.sqrt,
         "rsqrt": lambda z: 1 / np.sqrt(z), "sin": np.sin, "cos": np.cos,
         "tanh": np.tanh, "tan": np.tan, "expm1": np.expm1,
         "log1p": np.log1p, "sign": lambda z: np.where(z == 0, 0, z / np.abs(z)),
         "neg": np.negative, "conj": np.conj, "abs": np.abs,
         "angle": np.angle, "mul": np.multiply, "div": np.divide,
         "pow": np.power, "add": np.add, "sub": np.subtract}


def function(name, n, nin, out):
    ins = ", ".join("%%x%d: tensor<%dxcomplex<f32>>" % (i, n) for i in range(nin))
    vals = ", ".join("%%x%d" % i for i in range(nin))
    types = ", ".join(["tensor<%dxcomplex<f32>>" % n] * nin)
    maps = ", ".join(["#id"] * (nin + 1))
    args = ", ".join("%%a%d: complex<f32>" % i for i in range(nin))
    ops = ", ".join("%%a%d" % i for i in range(nin))
    return (f"func.func @{name}({ins}) -> tensor<{n}x{out}> {{\n"
            f"  %e = tensor.empty() : tensor<{n}x{out}>\n"
            f"  %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\"]}}"
            f" ins({vals} : {types}) outs(%e : tensor<{n}x{out}>) {{\n"
            f"  ^bb0({args}, %o: {out}):\n"
            f"    %v = complex.{name} {ops} : complex<f32>\n"
            f"    linalg.yield %v : {out}\n"
            f"  }} -> tensor<{n}x{out}>\n"
            f"  return %r : tensor<{n}x{out}>\n}}\n")


def ordered(a):
    i = np.asarray(a, np.float32).view(np.int32).astype(np.int64)
    return np.where(i < 0, -(i & 0x7FFFFFFF), i)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ref-run", default="build/bin/ref-run")
    ap.add_argument("--iree-bin", default=".venv/bin")
    ap.add_argument("--target-cpu", default="host")
    ap.add_argument("--n", type=int, default=64)
    args = ap.parse_args()
    n = args.n
    rng = np.random.default_rng(7)
    xs = [(rng.uniform(-4, 4, n) + 1j * rng.uniform(-4, 4, n)).astype(np.complex64)
          for _ in range(2)]
    xs[0][:6] = [0, 1, -1, 1j, -1j, 2]
    with tempfile.TemporaryDirectory(prefix="complex_vs_iree_") as tmp:
        src = "#id = affine_map<(d0) -> (d0)>\n"
        for op in UNARY:
            src += function(op, n, 1, "complex<f32>")
        for op in REAL:
            src += function(op, n, 1, "f32")
        for op in BINARY:
            src += function(op, n, 2, "complex<f32>")
        mlir = os.path.join(tmp, "ops.mlir")
        with open(mlir, "w") as f:
            f.write(src)
        vmfb = os.path.join(tmp, "ops.vmfb")
        subprocess.run([os.path.join(args.iree_bin, "iree-compile"), mlir,
                        "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=" + args.target_cpu,
                        "-o", vmfb], check=True, capture_output=True)
        inputs = []
        for i, x in enumerate(xs):
            p = os.path.join(tmp, "in%d.npy" % i)
            np.save(p, x)
            inputs.append("--input=@" + p)
        print("%-6s %10s %8s %s" % ("op", "max ULP", "|diff|", "closer to exact"))
        for op in UNARY + REAL + BINARY:
            nin = 2 if op in BINARY else 1
            outs = []
            for tool, extra in (("iree", ["--module=" + vmfb]), ("ref", [mlir])):
                out = os.path.join(tmp, "%s_%s.npy" % (tool, op))
                exe = (os.path.join(args.iree_bin, "iree-run-module")
                       if tool == "iree" else args.ref_run)
                subprocess.run([exe] + extra + ["--function=" + op] +
                               inputs[:nin] + ["--output=@" + out],
                               check=True, capture_output=True)
                outs.append(np.load(out))
            iree, ref = outs
            with np.errstate(all="ignore"):
                exact = EXACT[op](*[x.astype(np.complex128) for x in xs[:nin]])
            parts = ([(iree.real, ref.real, exact.real), (iree.imag, ref.imag, exact.imag)]
                     if np.iscomplexobj(iree) else [(iree, ref, np.real(exact))])
            worst, wdiff, closer = 0, 0.0, "-"
            for a, b, e in parts:
                ok = ~np.isnan(a) & ~np.isnan(b)
                d = np.abs(a.astype(np.float64) - b)
                u = np.where(ok & (d > 1e-6), np.abs(ordered(a) - ordered(b)), 0)
                k = int(np.argmax(u))
                if u[k] > worst:
                    worst, wdiff = int(u[k]), float(d[k])
                    closer = ("ref-run" if abs(b[k] - e[k]) < abs(a[k] - e[k])
                              else "IREE")
            print("%-6s %10d %8.2g %s" % (op, worst, wdiff, closer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
