#!/usr/bin/env python3
"""Unit tests of the ONNX conformance harness's own rules
(difftest/conformance/onnx_conformance.py), with hand-derived values."""
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "difftest", "conformance"))
import onnx_conformance as oc  # noqa: E402
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)


def raw_bytes(values, name):
    a = np.array(values).astype(getattr(ml_dtypes, name))
    with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
        path = f.name
    oc.write_raw(a, name, path)
    data = open(path, "rb").read()
    back = oc.read_raw(path, name, a.shape)
    os.unlink(path)
    return a, data, back


# Packing, element 0 in the low bits (IREE's sub-byte layout):
# int4 1, -1, -2, 0, 1 -> nibbles 1 F E 0 1 -> F1 0E 01.
a, data, back = raw_bytes([1, -1, -2, 0, 1], "int4")
check(data == bytes([0xF1, 0x0E, 0x01]), "int4 packing: %s" % data.hex())
check(np.array_equal(back.astype(np.int8), a.astype(np.int8)), "int4 round trip")
# uint2 1, 2, 3, 0, 1 -> 1 | 2<<2 | 3<<4 | 0<<6 = 0x39, then 0x01.
a, data, back = raw_bytes([1, 2, 3, 0, 1], "uint2")
check(data == bytes([0x39, 0x01]), "uint2 packing: %s" % data.hex())
check(np.array_equal(back.astype(np.uint8), a.astype(np.uint8)), "uint2 round trip")
# f4E2M1FN: 1.0 = 0b0010, -1.0 = 0b1010, 2.0 = 0b0100, 0.5 = 0b0001,
# 0 = 0b0000, 3.0 = 0b0101 -> A2 14 50.
a, data, back = raw_bytes([1, -1, 2, 0.5, 0, 3], "float4_e2m1fn")
check(data == bytes([0xA2, 0x14, 0x50]), "f4E2M1FN packing: %s" % data.hex())
check(np.array_equal(back.astype(np.float32), a.astype(np.float32)),
      "f4E2M1FN round trip")
# f8E4M3FN, one per byte: 1.0 = 0x38, -1.0 = 0xB8.
a, data, back = raw_bytes([1, -1], "float8_e4m3fn")
check(data == bytes([0x38, 0xB8]), "f8E4M3FN bytes: %s" % data.hex())
# bf16 little-endian: 1.0 = 0x3F80.
a, data, back = raw_bytes([1], "bfloat16")
check(data == bytes([0x80, 0x3F]), "bf16 bytes: %s" % data.hex())


def bf16(bits):
    return np.array(bits, np.uint16).view(ml_dtypes.bfloat16)


def f16(bits):
    return np.array(bits, np.uint16).view(np.float16)


# np.save keeps a Fortran-ordered array's layout (ONNX's einsum transpose
# bf16 case): the loader must honour the header's fortran_order.
with tempfile.TemporaryDirectory() as tmp:
    t = np.arange(6, dtype=np.float32).reshape(2, 3).T.astype(ml_dtypes.bfloat16)
    np.save(os.path.join(tmp, "f.npy"), t)
    back = oc.load_npy(os.path.join(tmp, "f.npy"), "bfloat16")
    check(back.astype(np.float32).tolist() == [[0, 3], [1, 4], [2, 5]],
          "Fortran-ordered .npy: %s" % back.astype(np.float32).tolist())

# The --input flags (ref-run and difftest run alike): an ml_dtypes input goes
# as a raw buffer with its MLIR type (bf16 [1.0, -2.0]: 0x3F80, 0xC000 little
# endian), a numpy type as the .npy itself.
with tempfile.TemporaryDirectory() as tmp:
    np.save(os.path.join(tmp, "in0.npy"),
            np.array([1.0, -2.0]).astype(ml_dtypes.bfloat16))
    np.save(os.path.join(tmp, "in1.npy"), np.zeros((2, 3), np.float32))
    meta = {"inputs": [{"file": "in0.npy", "dtype": "bfloat16", "shape": [2]},
                       {"file": "in1.npy", "dtype": "float32", "shape": [2, 3]}]}
    args = oc.input_args(tmp, meta)
    raw = os.path.join(tmp, "in0.bin")
    check(args == ["--input=2xbf16=@" + raw,
                   "--input=@" + os.path.join(tmp, "in1.npy")],
          "input_args: %s" % args)
    check(os.path.exists(raw) and open(raw, "rb").read() == b"\x80\x3f\x00\xc0",
          "input_args writes the bf16 raw buffer")

# ULP distance: across zero, +0 and -0 are one point.
check(list(oc.ulp_distance16(f16([0x0000, 0x0001]), f16([0x8000, 0x8001])))
      == [0, 2], "ulp distance across zero")
# The narrow-float rule: bf16 1.0 vs 2 ULPs above (relative 2^-6, over ONNX's
# rtol 1e-3) passes; 6 ULPs does not; f32 keeps ONNX's rule.
check(oc.compare(bf16([0x3F80]), bf16([0x3F82]), 1e-3, 1e-5) == "",
      "bf16 within 4 ULPs passes")
check(oc.compare(bf16([0x3F80]), bf16([0x3F86]), 1e-3, 1e-5) != "",
      "bf16 6 ULPs away fails")
check(oc.compare(f16([0x3C00]), f16([0x3C04]), 1e-3, 1e-5) == "",
      "f16 4 ULPs passes")
check(oc.compare(np.float32([1.0]), np.float32([1.0001]), 1e-5, 1e-8) != "",
      "f32 keeps ONNX's rtol")
check(oc.compare(f16([0x7C00]), f16([0x7BFF]), 1e-3, 1e-5) != "",
      "f16 infinity vs the largest finite value fails")
# Integers of one width compare by their bits (signless results).
check(oc.compare(np.array([200], np.uint8), np.array([-56], np.int8), 0, 0) == "",
      "uint8 vs int8 bits")

# Classification: the case regex, the raw verdict and the detail must match.
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    json.dump({"known": [{"cases": "^test_bitshift_", "status": "ref-ub",
                          "detail": "poison reaches", "class": "frontend-poison",
                          "op": "BitShift", "question": "q", "decision": "d"}]}, f)
known = oc.load_known(f.name)
os.unlink(f.name)
check(oc.classify("test_bitshift_left_uint8", "ref-ub",
                  "error: poison reaches a function result", known)[0]
      == "frontend-poison", "known class applies")
check(oc.classify("test_bitshift_left_uint8", "ref-ub", "division by zero",
                  known)[0] == "ref-ub", "another symptom is not absorbed")
check(oc.classify("test_abs", "ref-ub", "poison reaches", known)[0] == "ref-ub",
      "another case is not absorbed")
# A random op's class applies only when ref-run's outputs are draws
# ("binary": the reference's shape and dtype, every element 0 or 1).
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    json.dump({"known": [{"cases": "^test_bernoulli", "status": "ref-mismatch",
                          "detail": "", "class": "random-op", "op": "Bernoulli",
                          "question": "q", "decision": "d",
                          "property": "binary"}]}, f)
random_known = oc.load_known(f.name)
os.unlink(f.name)
case_dir = tempfile.mkdtemp()
json.dump({"outputs": [{"file": "out0.npy", "dtype": "float64",
                        "shape": [4]}]},
          open(os.path.join(case_dir, "case.json"), "w"))
np.save(os.path.join(case_dir, "out0.npy"), np.array([0.0, 1.0, 1.0, 0.0]))


def bernoulli_class(ours, tag=""):
    np.save(os.path.join(case_dir, "ref%s0.npy" % tag), ours)
    return oc.classify("test_bernoulli", "ref-mismatch", "output 0: differ",
                       random_known, case_dir, tag)


check(bernoulli_class(np.array([1.0, 1.0, 0.0, 0.0]))[0] == "random-op",
      "another 0/1 draw is the random-op class")
check(bernoulli_class(np.array([1.0, 1.0, 0.0, 0.0]), ".f64")[0]
      == "random-op", "the f64 lowering's outputs are read by their tag")
not_draw = bernoulli_class(np.array([1.0, 0.5, 0.0, 0.0]))
check(not_draw[0] == "ref-mismatch" and "not a 0/1 draw" in not_draw[1],
      "a value other than 0 or 1 is not explained: %s" % (not_draw,))
check(bernoulli_class(np.array([1.0, 0.0, 0.0]))[0] == "ref-mismatch",
      "a draw of the wrong shape is not explained")
check(bernoulli_class(np.array([1, 0, 0, 1], dtype=np.float32))[0]
      == "ref-mismatch", "a draw of the wrong dtype is not explained")
check(oc.classify("test_bernoulli", "ref-mismatch", "x", random_known)[0]
      == "random-op", "without a case directory the entry applies as before")
# The f64 ABI alias as iree-compile prints it.
check(oc.F64_ALIAS.search("hal.tensor.import wait(%arg1) => %arg0 : "
                          "!hal.buffer_view -> tensor<4xf64> as tensor<4xf32>")
      is not None, "f64 alias detected")
check(oc.F64_ALIAS.search("-> tensor<4xf32>") is None, "no alias, no match")
# The repository's own known-differences file loads, and each entry says
# which op, what question and what was decided.
for e in oc.load_known():
    for k in ("cases", "status", "class", "op", "question", "decision"):
        check(k in e, "known_differences.json entry %r lacks %s" % (e.get("cases"), k))
    check(e["class"] in oc.EXPLAINED, "class %s is an explained class" % e["class"])


# Each entry names its upstream issue (a URL, "none found" after a search, or
# "n/a" for a class that is not a bug), and its `report` points at a section
# of docs/onnx-importer-reports.md that exists (GitHub's heading anchors).
def heading_anchor(title):
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


REPORTS = os.path.join(HERE, "..", "..", "docs", "onnx-importer-reports.md")
anchors = {heading_anchor(line.lstrip("#")) for line in open(REPORTS)
           if line.startswith("#")}
check(heading_anchor("## 2. AveragePool: the `ceil_mode` overhang".lstrip("#"))
      == "2-averagepool-the-ceil_mode-overhang", "heading anchor rule")
for e in oc.load_known():
    issue = e.get("issue", "")
    check(re.match(r"(https://github\.com/\S+/issues/\d+|none found|n/a)", issue)
          is not None, "entry %r: issue %r is a URL, 'none found' or 'n/a'"
          % (e["cases"], issue))
    if "report" in e:
        doc, _, anchor = e["report"].partition("#")
        check(doc == "docs/onnx-importer-reports.md" and anchor in anchors,
              "entry %r: report %r names a section of the reports"
              % (e["cases"], e["report"]))
    else:
        check(issue.startswith("n/a"), "entry %r has a report" % e["cases"])

print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
