#!/usr/bin/env python3
"""NPY interop between numpy and the interpreter's reader/writer.

Usage: npy_numpy_roundtrip.py PATH/TO/npy_roundtrip_tool

(a) numpy writes arrays of every supported dtype (rank 0, zero-sized dims,
    big-endian, NPY versions 1.0/2.0/3.0) into a temp dir, and the tool reads
    each with readNpyFile and writes it back with writeNpyFile;
(b) numpy loads every rewritten file and checks dtype, shape, values and NaN
    positions (bit for bit, so -0.0 and NaN signs count too). Unsigned arrays
    come back as the signed type of the same width with the same bits, because
    the interpreter's integers are signless.
It also checks that files numpy cannot be asked to accept are rejected with a
message (Fortran order, long double complex), and, when this numpy pads headers like the
writer does (numpy >= 1.23), that the rewritten files are byte-identical to
np.save's.

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

SHAPES = [(), (0,), (1,), (5,), (2, 3), (3, 0), (2, 0, 3), (4, 1, 2, 5)]
DTYPES = [
    "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
    "uint64", "float16", "float32", "float64", "complex64", "complex128",
]
# The signless type each one reads back as.
READ_BACK = {
    "uint8": "int8", "uint16": "int16", "uint32": "int32", "uint64": "int64",
}


def sample(dtype, shape, rng):
    dt = np.dtype(dtype)
    n = int(np.prod(shape, dtype=np.int64))
    if dt.kind == "b":
        flat = rng.integers(0, 2, size=n).astype(bool)
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        flat = rng.integers(info.min, info.max, size=n, dtype=dt,
                            endpoint=True)
        # Make sure the extremes appear.
        specials = np.array([info.min, info.max, 0], dtype=dt)
        flat[: min(n, 3)] = specials[: min(n, 3)]
    elif dt.kind == "c":
        flat = (rng.standard_normal(n) * 1e3
                + 1j * rng.standard_normal(n)).astype(dt)
    else:
        flat = (rng.standard_normal(n) * 1e3).astype(dt)
        specials = np.array([np.nan, -np.inf, np.inf, -0.0, -np.nan,
                             np.finfo(dt).tiny, np.finfo(dt).max], dtype=dt)
        flat[: min(n, len(specials))] = specials[: min(n, len(specials))]
    return flat.reshape(shape)


def bits(a):
    """A view of the array's bytes as unsigned ints (bools as uint8)."""
    a = a.astype(a.dtype, order="C")
    if a.dtype == bool:
        return a.view(np.uint8)
    if a.dtype.kind == "c":  # each part on its own
        return a.reshape(-1).view(np.dtype("u%d" % (a.dtype.itemsize // 2)))
    return a.view(np.dtype("u%d" % a.dtype.itemsize))


def check(expected, got, label, failures):
    exp_dtype = np.dtype(READ_BACK.get(expected.dtype.name, expected.dtype.name))
    if got.dtype != exp_dtype.newbyteorder("="):
        failures.append("%s: dtype %s, expected %s" % (label, got.dtype, exp_dtype))
        return
    if got.shape != expected.shape:
        failures.append("%s: shape %s, expected %s" % (label, got.shape, expected.shape))
        return
    native = expected.astype(expected.dtype.newbyteorder("="))
    if expected.dtype.kind == "f":
        if not np.array_equal(np.isnan(got), np.isnan(native)):
            failures.append("%s: NaN positions differ" % label)
            return
    if not np.array_equal(bits(got), bits(native)):
        failures.append("%s: values differ:\n  got %r\n  expected %r" % (label, got, native))


def run_tool(tool, src, dst):
    return subprocess.run([tool, src, dst], capture_output=True, text=True)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    rng = np.random.default_rng(1234)
    failures = []
    checked = 0
    strict_bytes = hasattr(np.lib.format, "GROWTH_AXIS_MAX_DIGITS")

    with tempfile.TemporaryDirectory(prefix="npy_roundtrip_") as tmp:
        cases = []
        for dtype in DTYPES:
            for shape in SHAPES:
                cases.append((dtype, shape, (1, 0), "<"))
        # Other versions and big-endian data, on a few shapes.
        for dtype in ["int32", "float64", "bool", "uint16", "float16",
                      "complex64", "complex128"]:
            for version in [(2, 0), (3, 0)]:
                cases.append((dtype, (2, 3), version, "<"))
            if np.dtype(dtype).itemsize > 1:
                cases.append((dtype, (3, 2), (1, 0), ">"))
                cases.append((dtype, (), (1, 0), ">"))

        for i, (dtype, shape, version, order) in enumerate(cases):
            a = sample(dtype, shape, rng)
            if order == ">":
                a = a.astype(a.dtype.newbyteorder(">"))
            label = "%s%s v%d.%d %s" % (dtype, shape, version[0], version[1],
                                        "big-endian" if order == ">" else "")
            src = os.path.join(tmp, "in%d.npy" % i)
            dst = os.path.join(tmp, "out%d.npy" % i)
            with open(src, "wb") as f:
                np.lib.format.write_array(f, a, version=version,
                                          allow_pickle=False)
            r = run_tool(tool, src, dst)
            if r.returncode != 0:
                failures.append("%s: tool failed: %s" % (label, r.stderr.strip()))
                continue
            got = np.load(dst, allow_pickle=False)
            check(a, got, label, failures)
            checked += 1
            if strict_bytes:
                ref_path = os.path.join(tmp, "ref%d.npy" % i)
                exp_dtype = READ_BACK.get(np.dtype(dtype).name, np.dtype(dtype).name)
                # Unsigned data is written back as the signed type with the
                # same bits. (astype copies to C order and keeps rank 0, which
                # np.ascontiguousarray would turn into rank 1.)
                native = a.astype(a.dtype.newbyteorder("="))
                np.save(ref_path, native.view(exp_dtype))
                with open(ref_path, "rb") as f1, open(dst, "rb") as f2:
                    if f1.read() != f2.read():
                        failures.append("%s: bytes differ from np.save's" % label)

        # Files the reader must refuse, each with a message naming the file.
        bad = {
            "fortran.npy": np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3)),
            "complex256.npy": np.zeros(3, dtype=np.clongdouble),
            "unicode.npy": np.array(["a", "b"]),
        }
        for name, arr in bad.items():
            src = os.path.join(tmp, name)
            np.save(src, arr)
            r = run_tool(tool, src, os.path.join(tmp, "bad_out.npy"))
            if r.returncode == 0 or (src + ": ") not in r.stderr:
                failures.append("%s: expected a failure naming the file, got rc=%d %r"
                                % (name, r.returncode, r.stderr))
            checked += 1

    for f in failures:
        print("FAIL:", f)
    print("%d cases checked, %d failures (numpy %s, byte-exact headers %s)"
          % (checked, len(failures), np.__version__,
             "checked" if strict_bytes else "not checked"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
