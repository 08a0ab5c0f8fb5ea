#!/usr/bin/python3
"""Derives the golden regression cases of corpus/golden/ with numpy alone.

Every case is defined below: its program (written to program.mlir), its
inputs (deterministic: a small splitmix64 generator, not numpy's, so the
values do not depend on the numpy version) and its expected outputs,
computed here with numpy from the op's documented semantics
(../shared/spec/linalg_ext_ops.md, MLIR's arith/math/linalg/tensor
semantics) -- never from the interpreter. Inputs are chosen so that every
expected output is unique: distinct sort keys (no tie groups), distinct
scatter indices where the combiner's order would matter, distinct maxima
for topk/arg_compare, and float values whose results are exact or
correctly rounded (+ - * / sqrt and conversions, which numpy and MLIR both
round correctly; no transcendental functions away from exact points).

bf16 and f8 have no numpy dtype: they are computed in float32/float64 and
stored as raw little-endian bit patterns (.bin, as iree-run-module and
ref-run read them); conversions assert exactness or round to nearest even
on the bits explicitly.

Usage:
  derive_goldens.py [--out=corpus/golden] [--only=NAME,...]
      writes program.mlir, inputs/, golden/ and case.json of each case
  derive_goldens.py --ref-run=build/bin/ref-run
      also writes golden/freedom.json: the interpreter's report of which
      outputs are exact (structure, not values: the values in golden/ are
      numpy's). The outputs of that interpreter run are compared with the
      numpy goldens and any difference is printed, never copied.
  derive_goldens.py --check
      re-derives every case in memory and checks the files on disk match
      (program, inputs, goldens, case.json); exit 1 on a difference.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

DERIVED_BY = "corpus/tools/derive_goldens.py (numpy)"

# What IREE 3.13 (gpu/requirements-iree.txt) does with a case, per target,
# unless the case says otherwise. GPU targets: compile only here.
DEFAULT_EXPECT = {
    "llvm-cpu": "pass",
    "vmvx": "pass",
    "cuda:sm_80": "compiled-only",
    "hip:gfx942": "compiled-only",
}

# What vulkan:llvmpipe (IREE 3.13.0 on lavapipe, Mesa 22.3.6) does where it
# does not pass (`difftest replay corpus --target=vulkan`, 2026-11-28;
# docs/gpu.md, "Vulkan on lavapipe"). Mismatches are recorded as seen, not
# triaged between IREE's SPIR-V and the executor.
VULKAN_EXPECT = {
    "gather_rows_bf16": {
        "verdict": "compile-error",
        "signature": "'func.func' op failed to get lowering configuration",
        "issue": "none found in IREE's tracker (searched 2026-11-21): a new failure",
        "reason": "The SPIR-V backend has no kernel configuration for iree_linalg_ext.gather as the root of a dispatch; the same failure as tests/iree/programs/gather.mlir on every Vulkan target (docs/gpu.md)."
    },
    "gather_swapped_map_i16": {
        "verdict": "compile-error",
        "signature": "'func.func' op failed to get lowering configuration",
        "issue": "none found in IREE's tracker (searched 2026-11-21): a new failure",
        "reason": "The SPIR-V backend has no kernel configuration for iree_linalg_ext.gather as the root of a dispatch; the same failure as tests/iree/programs/gather.mlir on every Vulkan target (docs/gpu.md)."
    },
    "arith_int_division_shifts_i32": {
        "verdict": "mismatch",
        "signature": "output 1 (4x6xi32): 1 of 24 elements differ; first at [0, 0]: expected -2, actual 2",
        "issue": "none found in IREE's or LLVM's tracker (searched 2026-11-28): new; upstream MLIR's arith-to-spirv remsi emulation",
        "reason": "difftest attribute (2026-11-28): IREE (SPIR-V codegen). llvm-cpu and vmvx give -2; vulkan:llvmpipe and vulkan:rdna3-lavapipe give +2 for remsi(INT_MIN, 3), deterministic with LP_NUM_THREADS=1, spirv-val clean once the module's version is raised to the target's 1.6. Cause, read in the emitted SPIR-V: arith.remsi becomes UMod(SAbs(x), SAbs(y)) negated unless OpIEqual(x, SAbs(x)); SAbs(INT_MIN) is INT_MIN, so INT_MIN counts as non-negative and the remainder keeps the sign +. A silent wrong result of the SPIR-V lowering (MLIR's ArithToSPIRV, used by IREE) for a dividend of INT_MIN."
    },
    "math_exp2_log2_f64": {
        "verdict": "compile-error",
        "signature": "'spirv.GL.Exp' op operand #0 must be 16/32-bit float or fixed-length vector of 16/32-bit f",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    },
    "math_int_bits_i16": {
        "verdict": "compile-error",
        "signature": "failed to legalize operation 'math.ctlz': % = \"math.ctlz\"(%) : (i16) -> i16",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    },
    "scaled_f4_quantize_roundtrip": {
        "verdict": "compile-error",
        "signature": "'arith.scaling_truncf' op operand #1 must be floating-point-like, but got 'i8'",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    },
    "packed_i4_i2": {
        "verdict": "compile-error",
        "signature": "failed to legalize operation 'vector.transfer_write' that was explicitly marked illegal: \"",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    },
    "truncf_small_float_to_min_normal": {
        "verdict": "mismatch",
        "signature": "output 0 (8xi8): 4 of 8 elements differ; first at [0]: expected 2, actual 0",
        "issue": "as llvm-cpu (the truncf small-float class, known-issues.toml)",
        "reason": "difftest attribute (2026-11-28): IREE (shared pipeline: also wrong on llvm-cpu/vmvx). The same truncation class the CPU targets record; not a SPIR-V finding."
    },
    "pack_pad_outer_perm_i32": {
        "verdict": "compile-error",
        "signature": "'func.func' op failed to tile to invocations",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    },
    "unpack_transposed_tiles_f32": {
        "verdict": "compile-error",
        "signature": "'func.func' op failed to tile to invocations",
        "issue": "not yet searched",
        "reason": "IREE 3.13.0's SPIR-V path (vulkan:llvmpipe) rejects the program with this diagnostic on lavapipe's target (2026-11-28); the CPU targets' outcome is recorded beside it."
    }
}

# Known IREE failures shared by several cases (IREE 3.13.0, checked with
# `difftest replay corpus --target=llvm-cpu,vmvx,cuda:sm_80,hip:gfx942`).

def vmvx_no_small_float(op, ftype="f16"):
    """VMVX cannot lower f16/bf16 ops: the first op it meets is named."""
    return {
        "verdict": "compile-error",
        "signature": "failed to legalize operation '%s'" % op,
        "issue": "https://github.com/iree-org/iree/issues/16519",
        "reason": "VMVX has no %s support: the %s on %s values in the "
                  "dispatch cannot be lowered to the VM (the class of "
                  "IREE's open VMVX f16 issue)." % (ftype, op, ftype),
    }


# IREE's CPU runtime flushes subnormal floats to zero (FTZ and DAZ) in every
# dispatch, by design: iree_fpu_state_push(
# IREE_FPU_STATE_FLAG_FLUSH_DENORMALS_TO_ZERO) in the task workers and around
# local-sync dispatches.
FTZ_ISSUE = ("by design, no bug to file: IREE's CPU HAL runs dispatches with "
             "denormals flushed to zero (iree/base/internal/fpu_state.h; "
             "https://github.com/iree-org/iree/pull/7367)")


# ---------------------------------------------------------------------------
# Deterministic values
# ---------------------------------------------------------------------------

class Rng:
    """splitmix64: the same sequence on every Python and numpy version."""

    def __init__(self, seed):
        self.state = (seed * 0x9E3779B97F4A7C15 + 1) & (2**64 - 1)

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        return z ^ (z >> 31)

    def ints(self, shape, lo, hi):
        """Integers in [lo, hi] as int64, row-major."""
        n = int(np.prod(shape, dtype=np.int64))
        vals = [lo + self.next() % (hi - lo + 1) for _ in range(n)]
        return np.array(vals, dtype=np.int64).reshape(shape)

    def sample(self, population, k):
        """k distinct elements of population, in random order."""
        pool = list(population)
        assert k <= len(pool)
        for i in range(k):
            j = i + self.next() % (len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def dyadic(self, shape, lo, hi, denom):
        """Values k/denom with k in [lo*denom, hi*denom], as float64."""
        return self.ints(shape, lo * denom, hi * denom).astype(np.float64) / denom

    def rows_distinct(self, rows, n, population):
        return np.array([self.sample(population, n) for _ in range(rows)])


# ---------------------------------------------------------------------------
# Types without a numpy dtype
# ---------------------------------------------------------------------------

class Raw:
    """A tensor stored as raw bits (.bin): bf16, the small floats, i2/i4.
    With `packed` bits per element (i2, i4, f4E2M1FN), elements are packed
    as IREE's buffers hold them: element i in bits [i*w, (i+1)*w) of the
    little-endian bit stream, the last partial byte zero-padded."""

    def __init__(self, mlir_type, bits, packed=0):
        self.mlir_type = mlir_type
        self.bits = bits
        self.shape = bits.shape
        self.packed = packed

    def to_bytes(self):
        if not self.packed:
            return self.bits.astype(self.bits.dtype.newbyteorder("<")).tobytes()
        w = self.packed
        flat = self.bits.astype(np.uint64).ravel() & ((1 << w) - 1)
        out = bytearray((flat.size * w + 7) // 8)
        for i, v in enumerate(flat):
            out[i * w // 8] |= int(v) << (i * w % 8)
        return bytes(out)

    @staticmethod
    def unpack(data, like):
        w = like.packed
        n = int(np.prod(like.shape, dtype=np.int64))
        vals = [(data[i * w // 8] >> (i * w % 8)) & ((1 << w) - 1)
                for i in range(n)]
        return np.array(vals, dtype=like.bits.dtype).reshape(like.shape)


def f32_to_bf16_rne(x):
    """Rounds float32 values to bf16 (nearest, ties to even) on the bits."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(x, dtype=np.float32))
    rounded = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    out = np.where(nan, (b >> 16) | 0x40, rounded)
    return out.astype(np.uint16)


def bf16(values):
    """bf16 tensor of values that bf16 holds exactly (asserted)."""
    f = np.asarray(values, dtype=np.float32)
    assert np.array_equal(f.astype(np.float64), np.asarray(values, np.float64))
    bits = f.view(np.uint32)
    assert not np.any(bits & 0xFFFF), "value not exact in bf16"
    return Raw("bf16", (bits >> 16).astype(np.uint16))


def bf16_value(raw):
    """float32 values of a bf16 tensor."""
    return (raw.bits.astype(np.uint32) << 16).view(np.float32)


def f8e4m3fn_bits(values):
    """f8E4M3FN bit patterns of values it holds exactly (asserted):
    1 sign, 4 exponent (bias 7), 3 mantissa bits; no infinities."""
    out = []
    for v in np.asarray(values, dtype=np.float64).ravel():
        sign = 0x80 if (v < 0 or (v == 0 and np.signbit(v))) else 0
        a = abs(v)
        if a == 0:
            out.append(sign)
            continue
        m, e = np.frexp(a)  # a = m * 2^e, m in [0.5, 1)
        exp = int(e) - 1 + 7  # biased exponent of 1.xxx form
        if exp >= 1:
            frac = a / 2.0 ** (int(e) - 1) - 1.0
            mant = frac * 8
        else:  # subnormal: a = mant/8 * 2^-6
            exp = 0
            mant = a / 2.0 ** -6 * 8
        assert mant == int(mant) and 0 <= mant < 8 and exp <= 15, v
        assert not (exp == 15 and mant == 7), "NaN pattern"
        out.append(sign | (exp << 3) | int(mant))
    return np.array(out, dtype=np.uint8).reshape(np.shape(values))


def f8e4m3fn(values):
    return Raw("f8E4M3FN", f8e4m3fn_bits(values))


# ---------------------------------------------------------------------------
# Integer helpers (MLIR's signless integers, two's complement wrap)
# ---------------------------------------------------------------------------

def wrap(x, dtype):
    """Wraps int64 / Python int values into a numpy integer dtype."""
    bits = np.dtype(dtype).itemsize * 8
    x = np.asarray(x, dtype=object)
    f = np.vectorize(lambda v: ((int(v) + (1 << (bits - 1))) % (1 << bits))
                     - (1 << (bits - 1)), otypes=[object])
    return f(x).astype(dtype)


def divsi(a, b):
    """Signed division rounding toward zero (arith.divsi)."""
    a = a.astype(np.int64)
    b = b.astype(np.int64)
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


def mlir_type(a):
    if isinstance(a, Raw):
        return a.mlir_type
    return {np.dtype(np.bool_): "i1", np.dtype(np.int8): "i8",
            np.dtype(np.int16): "i16", np.dtype(np.int32): "i32",
            np.dtype(np.int64): "i64", np.dtype(np.float16): "f16",
            np.dtype(np.float32): "f32",
            np.dtype(np.float64): "f64",
            np.dtype(np.complex64): "complex<f32>",
            np.dtype(np.complex128): "complex<f64>"}[a.dtype]


def tensor_type(a):
    return "tensor<" + "".join("%dx" % d for d in a.shape) + mlir_type(a) + ">"


# ---------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------

CASES = {}


def case(name, description, program, expect=None):
    """Registers a case. The decorated function returns (inputs, outputs),
    lists of numpy arrays or Raw tensors."""

    def register(fn):
        e = dict(DEFAULT_EXPECT)
        e.update(expect or {})
        if name in VULKAN_EXPECT:
            e["vulkan:llvmpipe"] = VULKAN_EXPECT[name]
        CASES[name] = {"description": description, "program": program,
                       "derive": fn, "expect": e}
        return fn

    return register


# --- iree_linalg_ext.sort ---------------------------------------------------

@case("sort_i32_rows",
      "iree_linalg_ext.sort, one i32 key along dimension 1, ascending "
      "(cmpi slt); distinct keys per row including INT_MIN and INT_MAX.",
      """\
// Ascending sort of each row (one key, cmpi slt). Keys are distinct within a
// row, so the sorted result is unique.
func.func @main(%k: tensor<4x9xi32>) -> tensor<4x9xi32> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%k : tensor<4x9xi32>) {
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<4x9xi32>
  return %0 : tensor<4x9xi32>
}
""")
def _sort_i32_rows():
    r = Rng(1)
    pop = list(range(-1000, 1000)) + [-2**31, 2**31 - 1, 2**30]
    k = r.rows_distinct(4, 9, pop)
    k[0, 3], k[1, 5] = -2**31, 2**31 - 1
    k = k.astype(np.int32)
    assert all(len(set(row)) == 9 for row in k)
    return [k], [np.sort(k, axis=1)]


@case("sort_f32_key_i64_payload_dim0",
      "iree_linalg_ext.sort of an f32 key with an i64 payload along "
      "dimension 0 (cmpf olt); distinct keys per column including "
      "-inf, +inf, -0.0 and the smallest normal magnitudes; the payload "
      "must travel with its key.",
      """\
// Key/payload sort along the outer dimension (cmpf olt). Each column's keys
// are distinct (one of them -0.0, none +0.0), so the order is unique and the
// i64 payload must follow its key.
func.func @main(%k: tensor<7x3xf32>, %v: tensor<7x3xi64>) -> (tensor<7x3xf32>, tensor<7x3xi64>) {
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<7x3xf32>, tensor<7x3xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64, %d: i64):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<7x3xf32>, tensor<7x3xi64>
  return %0#0, %0#1 : tensor<7x3xf32>, tensor<7x3xi64>
}
""")
def _sort_f32_payload():
    r = Rng(2)
    cols = []
    # No subnormals: IREE's CPU runtime flushes them to zero (see the case
    # subnormal_flush_f32), which would tie them with -0.0.
    specials = [np.float32(-np.inf), np.float32(np.inf), np.float32(-0.0),
                np.float32(2.5e-38), np.float32(-3.0e38)]
    for c in range(3):
        vals = [np.float32(x) / np.float32(3) for x in r.sample(range(-50, 50), 7)]
        vals[c] = specials[c]
        vals[(c + 3) % 7] = specials[3 + c % 2]
        cols.append(vals)
    k = np.array(cols, dtype=np.float32).T.copy()
    for c in range(3):
        assert len(set(k[:, c].tolist())) == 7  # (-0.0 == 0.0 in a set)
    v = (r.ints((7, 3), 0, 1000) + 2**40).astype(np.int64)
    order = np.argsort(k, axis=0, kind="stable")
    return [k, v], [np.take_along_axis(k, order, 0),
                    np.take_along_axis(v, order, 0)]


@case("sort_multikey_i16_f16_i8",
      "iree_linalg_ext.sort with three operands: a lexicographic comparator "
      "on (i16 key, f16 key) and an i8 payload; the first key has many ties, "
      "the pair is distinct.",
      """\
// Lexicographic sort on (k1: i16, k2: f16) with an i8 payload along
// dimension 1: left before right iff k1 < k1' or (k1 == k1' and k2 < k2').
// The pairs are distinct within a row, so the result is unique.
func.func @main(%k1: tensor<2x12xi16>, %k2: tensor<2x12xf16>, %p: tensor<2x12xi8>) -> (tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>) {
  %0:3 = iree_linalg_ext.sort dimension(1) outs(%k1, %k2, %p : tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>) {
  ^bb0(%a1: i16, %b1: i16, %a2: f16, %b2: f16, %pa: i8, %pb: i8):
    %lt1 = arith.cmpi slt, %a1, %b1 : i16
    %eq1 = arith.cmpi eq, %a1, %b1 : i16
    %lt2 = arith.cmpf olt, %a2, %b2 : f16
    %t = arith.andi %eq1, %lt2 : i1
    %r = arith.ori %lt1, %t : i1
    iree_linalg_ext.yield %r : i1
  } -> tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>
  return %0#0, %0#1, %0#2 : tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>
}
""", expect={"vmvx": vmvx_no_small_float("arith.cmpf")})
def _sort_multikey():
    r = Rng(3)
    k1 = r.ints((2, 12), -2, 2).astype(np.int16)
    k2 = (r.rows_distinct(2, 12, range(-40, 40)).astype(np.float64) / 8).astype(np.float16)
    p = np.tile(np.arange(12, dtype=np.int8), (2, 1)) * np.int8(10) - np.int8(60)
    p = p.astype(np.int8)
    for row in range(2):
        pairs = list(zip(k1[row].tolist(), k2[row].tolist()))
        assert len(set(pairs)) == 12
    order = np.array([np.lexsort((k2[i], k1[i])) for i in range(2)])
    return [k1, k2, p], [np.take_along_axis(a, order, 1) for a in (k1, k2, p)]


@case("sort_f64_descending",
      "iree_linalg_ext.sort of a 1-D f64 tensor, descending (cmpf ogt); "
      "distinct values including infinities, a subnormal and huge magnitudes. "
      "The subnormal and the zero compare equal on a target that flushes "
      "subnormals, so since 2026-12-04 the interpreter reports the output "
      "derived_from the sort (golden/freedom.json): an agreeing target "
      "passes, a differing one is undecided.",
      """\
// Descending sort (cmpf ogt) of distinct f64 values.
func.func @main(%k: tensor<16xf64>) -> tensor<16xf64> {
  %0 = iree_linalg_ext.sort dimension(0) outs(%k : tensor<16xf64>) {
  ^bb0(%a: f64, %b: f64):
    %gt = arith.cmpf ogt, %a, %b : f64
    iree_linalg_ext.yield %gt : i1
  } -> tensor<16xf64>
  return %0 : tensor<16xf64>
}
""")
def _sort_f64_desc():
    r = Rng(4)
    vals = [x / 7.0 for x in r.sample(range(-500, 500), 10)]
    vals += [np.inf, -np.inf, 5e-324, 1e300, -1e300, 0.0]
    k = np.array(vals, dtype=np.float64)
    idx = r.sample(range(16), 16)
    k = k[idx]
    assert len(set(k.tolist())) == 16
    return [k], [np.sort(k)[::-1].copy()]


@case("sort_i8_unsigned_descending",
      "iree_linalg_ext.sort of i8 keys along dimension 1 with an unsigned "
      "comparator (cmpi ugt): negative values order above positive ones.",
      """\
// Descending sort under the UNSIGNED order (cmpi ugt): -1 (0xff) is the
// largest key and 0 the smallest. Keys are distinct within a row.
func.func @main(%k: tensor<3x10xi8>) -> tensor<3x10xi8> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%k : tensor<3x10xi8>) {
  ^bb0(%a: i8, %b: i8):
    %gt = arith.cmpi ugt, %a, %b : i8
    iree_linalg_ext.yield %gt : i1
  } -> tensor<3x10xi8>
  return %0 : tensor<3x10xi8>
}
""")
def _sort_i8_unsigned():
    r = Rng(5)
    k = r.rows_distinct(3, 10, range(-128, 128))
    k[0, 0], k[1, 9], k[2, 4] = -128, -1, 127
    k = k.astype(np.int8)
    assert all(len(set(row)) == 10 for row in k)
    u = k.view(np.uint8)
    return [k], [np.sort(u, axis=1)[:, ::-1].copy().view(np.int8)]


@case("sort_bf16_key_i32_payload",
      "iree_linalg_ext.sort of a bf16 key (raw .bin) with an i32 payload "
      "along dimension 1, ascending (cmpf olt); distinct keys.",
      """\
// bf16 keys (no numpy type: raw .bin files) with an i32 payload, ascending.
func.func @main(%k: tensor<2x8xbf16>, %v: tensor<2x8xi32>) -> (tensor<2x8xbf16>, tensor<2x8xi32>) {
  %0:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : tensor<2x8xbf16>, tensor<2x8xi32>) {
  ^bb0(%a: bf16, %b: bf16, %c: i32, %d: i32):
    %lt = arith.cmpf olt, %a, %b : bf16
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2x8xbf16>, tensor<2x8xi32>
  return %0#0, %0#1 : tensor<2x8xbf16>, tensor<2x8xi32>
}
""", expect={"vmvx": vmvx_no_small_float("arith.cmpf", "bf16")})
def _sort_bf16():
    r = Rng(6)
    vals = r.rows_distinct(2, 8, range(-64, 64)).astype(np.float64) / 4
    vals[1, 2] = 2.0**127  # large and tiny magnitudes bf16 holds exactly
    vals[0, 5] = -2.0**-130
    k = bf16(vals)
    v = (r.ints((2, 8), -10**9, 10**9)).astype(np.int32)
    order = np.argsort(bf16_value(k), axis=1, kind="stable")
    return [k, v], [Raw("bf16", np.take_along_axis(k.bits, order, 1)),
                    np.take_along_axis(v, order, 1)]


# --- iree_linalg_ext.scatter ------------------------------------------------

@case("scatter_overwrite_f32",
      "iree_linalg_ext.scatter, depth 1, unique_indices(true), a region that "
      "yields the update (overwrite); distinct indices.",
      """\
// Overwrite rows of the original: original[indices[b, 0], :] = updates[b, :].
func.func @main(%upd: tensor<3x4xf32>, %idx: tensor<3x1xi32>, %orig: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<3x4xf32>, tensor<3x1xi32>) outs(%orig : tensor<6x4xf32>) {
  ^bb0(%u: f32, %o: f32):
    iree_linalg_ext.yield %u : f32
  } -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
""")
def _scatter_overwrite():
    r = Rng(7)
    upd = r.dyadic((3, 4), -8, 8, 4).astype(np.float32) + np.float32(0.1)
    idx = np.array([[4], [0], [2]], dtype=np.int32)
    orig = r.dyadic((6, 4), -8, 8, 4).astype(np.float32)
    out = orig.copy()
    out[idx[:, 0]] = upd
    return [upd, idx, orig], [out]


@case("scatter_add_duplicates_i32",
      "iree_linalg_ext.scatter, depth 1, unique_indices(false) with "
      "duplicate indices and an add combiner (i32 wraps; any order gives the "
      "same sum).",
      """\
// Scatter-add with duplicate indices (unique_indices(false)): duplicates
// accumulate; i32 addition wraps and is associative, so the result is unique.
func.func @main(%upd: tensor<8x3xi32>, %idx: tensor<8x1xi32>, %orig: tensor<5x3xi32>) -> tensor<5x3xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<8x3xi32>, tensor<8x1xi32>) outs(%orig : tensor<5x3xi32>) {
  ^bb0(%u: i32, %o: i32):
    %s = arith.addi %u, %o : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<5x3xi32>
  return %0 : tensor<5x3xi32>
}
""")
def _scatter_add():
    r = Rng(8)
    upd = r.ints((8, 3), -1000, 1000)
    upd[0, 0] = 2**31 - 5  # wraps together with orig[3, 0]
    upd = upd.astype(np.int32)
    idx = np.array([[3], [1], [3], [0], [1], [3], [4], [1]], dtype=np.int32)
    orig = r.ints((5, 3), -100, 100).astype(np.int32)
    orig[3, 0] = 100
    acc = orig.astype(np.int64)
    np.add.at(acc, idx[:, 0], upd.astype(np.int64))
    return [upd, idx, orig], [wrap(acc, np.int32)]


@case("scatter_depth2_permuted_i64",
      "iree_linalg_ext.scatter with index depth 2 and dimension_map = [1, 0] "
      "(pos[1] = indices[b, 0], pos[0] = indices[b, 1]), rank-1 slices, an "
      "add combiner with the original; distinct positions.",
      """\
// Depth-2 scatter with a permuted dimension_map: for each batch b,
// original[indices[b, 1], indices[b, 0], :] += updates[b, :].
func.func @main(%upd: tensor<4x3xi64>, %idx: tensor<4x2xi32>, %orig: tensor<4x5x3xi64>) -> tensor<4x5x3xi64> {
  %0 = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
      ins(%upd, %idx : tensor<4x3xi64>, tensor<4x2xi32>) outs(%orig : tensor<4x5x3xi64>) {
  ^bb0(%u: i64, %o: i64):
    %s = arith.addi %u, %o : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<4x5x3xi64>
  return %0 : tensor<4x5x3xi64>
}
""")
def _scatter_depth2():
    r = Rng(9)
    upd = (r.ints((4, 3), -1000, 1000) * 2**33).astype(np.int64)
    # (indices[b,0] in [0,5) for dim 1, indices[b,1] in [0,4) for dim 0)
    idx = np.array([[4, 0], [1, 3], [0, 1], [3, 2]], dtype=np.int32)
    orig = r.ints((4, 5, 3), -10**6, 10**6).astype(np.int64)
    out = orig.copy()
    for b in range(4):
        out[idx[b, 1], idx[b, 0], :] += upd[b]
    return [upd, idx, orig], [out]


@case("scatter_max_f16_implicit_depth",
      "iree_linalg_ext.scatter with implicit index depth (indices of batch "
      "shape, tensor<3xi32>), unique_indices(true), f16 with an "
      "arith.maximumf combiner.",
      """\
// Implicit index depth 1 (indices tensor<3xi32>): original[indices[b], :] =
// maximumf(updates[b, :], original[indices[b], :]), f16.
func.func @main(%upd: tensor<3x5xf16>, %idx: tensor<3xi32>, %orig: tensor<6x5xf16>) -> tensor<6x5xf16> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<3x5xf16>, tensor<3xi32>) outs(%orig : tensor<6x5xf16>) {
  ^bb0(%u: f16, %o: f16):
    %m = arith.maximumf %u, %o : f16
    iree_linalg_ext.yield %m : f16
  } -> tensor<6x5xf16>
  return %0 : tensor<6x5xf16>
}
""", expect={"vmvx": vmvx_no_small_float("arith.cmpf")})
def _scatter_max_f16():
    r = Rng(10)
    upd = r.dyadic((3, 5), -8, 8, 8).astype(np.float16)
    idx = np.array([5, 2, 3], dtype=np.int32)
    orig = r.dyadic((6, 5), -8, 8, 8).astype(np.float16)
    # No signed zeros and no NaN: maximumf is then plain max.
    upd[upd == 0] = np.float16(0.125)
    orig[orig == 0] = np.float16(-0.125)
    out = orig.copy()
    out[idx] = np.maximum(upd, orig[idx])
    return [upd, idx, orig], [out]


# --- iree_linalg_ext.gather -------------------------------------------------

@case("gather_rows_bf16",
      "iree_linalg_ext.gather of bf16 rows, dimension_map = [0], explicit "
      "index depth (tensor<5x1xi32>) with repeated indices.",
      """\
// output[b, :] = source[indices[b, 0], :] for bf16 (raw .bin) data.
func.func @main(%src: tensor<6x4xbf16>, %idx: tensor<5x1xi32>) -> tensor<5x4xbf16> {
  %e = tensor.empty() : tensor<5x4xbf16>
  %0 = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<6x4xbf16>, tensor<5x1xi32>) outs(%e : tensor<5x4xbf16>) -> tensor<5x4xbf16>
  return %0 : tensor<5x4xbf16>
}
""")
def _gather_bf16():
    r = Rng(11)
    src = bf16(r.dyadic((6, 4), -16, 16, 8))
    idx = np.array([[5], [0], [5], [2], [3]], dtype=np.int32)
    return [src, idx], [Raw("bf16", src.bits[idx[:, 0]])]


@case("gather_swapped_map_i16",
      "iree_linalg_ext.gather with index depth 2 and dimension_map = [1, 0] "
      "(pos[1] = indices[b, 0], pos[0] = indices[b, 1]), i64 indices, i16 "
      "rank-1 slices.",
      """\
// output[b, :] = source[indices[b, 1], indices[b, 0], :]: dimension_map
// [1, 0] sends index column i to source dimension dimension_map[i].
func.func @main(%src: tensor<4x5x3xi16>, %idx: tensor<6x2xi64>) -> tensor<6x3xi16> {
  %e = tensor.empty() : tensor<6x3xi16>
  %0 = iree_linalg_ext.gather dimension_map = [1, 0]
      ins(%src, %idx : tensor<4x5x3xi16>, tensor<6x2xi64>) outs(%e : tensor<6x3xi16>) -> tensor<6x3xi16>
  return %0 : tensor<6x3xi16>
}
""")
def _gather_swap():
    r = Rng(12)
    src = r.ints((4, 5, 3), -30000, 30000).astype(np.int16)
    idx = np.stack([r.ints((6,), 0, 4), r.ints((6,), 0, 3)], axis=1).astype(np.int64)
    return [src, idx], [src[idx[:, 1], idx[:, 0], :]]


# --- iree_linalg_ext.scan ---------------------------------------------------

@case("scan_inclusive_f32",
      "iree_linalg_ext.scan, inclusive, add along dimension 1 (f32 dyadic "
      "values: the prefix sums are exact); the accumulator is the last "
      "prefix.",
      """\
// Inclusive prefix sum along dimension 1; the accumulator ends as the last
// prefix of each row.
func.func @main(%in: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8xf32>
  %ea = tensor.empty() : tensor<3xf32>
  %out = linalg.fill ins(%z : f32) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<3xf32>) -> tensor<3xf32>
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<3x8xf32>) outs(%out, %acc : tensor<3x8xf32>, tensor<3xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.addf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x8xf32>, tensor<3xf32>
  return %0#0, %0#1 : tensor<3x8xf32>, tensor<3xf32>
}
""")
def _scan_incl():
    r = Rng(13)
    x = r.dyadic((3, 8), -8, 8, 16).astype(np.float32)
    out = np.cumsum(x.astype(np.float64), axis=1).astype(np.float32)
    assert np.array_equal(out.astype(np.float64), np.cumsum(x.astype(np.float64), axis=1))
    return [x], [out, out[:, -1].copy()]


@case("scan_exclusive_affine_i64",
      "iree_linalg_ext.scan, exclusive, along dimension 0 with the "
      "non-commutative body prev * 2 + x (i64, wrapping) and a given initial "
      "accumulator: out[0] = acc, out[i] = 2 * out[i-1] + in[i-1].",
      """\
// Exclusive scan along dimension 0 with prev * 2 + x (order matters):
// out[0] = acc0, out[i] = out[i-1] * 2 + in[i-1]; acc = out[n-1].
func.func @main(%in: tensor<5x3xi64>, %acc0: tensor<3xi64>) -> (tensor<5x3xi64>, tensor<3xi64>) {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<5x3xi64>
  %out = linalg.fill ins(%c0 : i64) outs(%e : tensor<5x3xi64>) -> tensor<5x3xi64>
  %0:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<5x3xi64>) outs(%out, %acc0 : tensor<5x3xi64>, tensor<3xi64>) {
  ^bb0(%prev: i64, %x: i64):
    %two = arith.constant 2 : i64
    %m = arith.muli %prev, %two : i64
    %s = arith.addi %m, %x : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<5x3xi64>, tensor<3xi64>
  return %0#0, %0#1 : tensor<5x3xi64>, tensor<3xi64>
}
""")
def _scan_excl():
    r = Rng(14)
    x = r.ints((5, 3), -100, 100).astype(np.int64)
    acc0 = np.array([7, -3, 2**62 + 5], dtype=np.int64)  # the last wraps
    out = np.zeros((5, 3), dtype=object)
    for c in range(3):
        prev = int(acc0[c])
        out[0, c] = prev
        for i in range(1, 5):
            prev = prev * 2 + int(x[i - 1, c])
            out[i, c] = prev
    out = wrap(out, np.int64)
    return [x, acc0], [out, out[-1].copy()]


# --- iree_linalg_ext.topk ---------------------------------------------------

@case("topk_f32_max_with_indices",
      "iree_linalg_ext.topk (original form): the 3 largest of each row of a "
      "2x10 f32 tensor (cmpf ogt) with their i32 positions; distinct values.",
      """\
// The 3 largest values of each row with their positions (outputs start at
// -inf / 0 and take part in the selection).
func.func @main(%in: tensor<2x10xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2x3xf32>
  %ei = tensor.empty() : tensor<2x3xi32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<2x3xi32>) -> tensor<2x3xi32>
  %0:2 = iree_linalg_ext.topk dimension(1)
      ins(%in : tensor<2x10xf32>) outs(%v, %i : tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}
""")
def _topk_max():
    r = Rng(15)
    x = (r.rows_distinct(2, 10, range(-200, 200)).astype(np.float64) / 3).astype(np.float32)
    assert all(len(set(row.tolist())) == 10 for row in x)
    order = np.argsort(-x, axis=1, kind="stable")[:, :3]
    return [x], [np.take_along_axis(x, order, 1), order.astype(np.int32)]


@case("topk_i32_min_input_indices",
      "iree_linalg_ext.topk with explicit input indices: the 4 smallest of "
      "each row of an i32 tensor (cmpi slt), reporting the given indices.",
      """\
// The 4 smallest values of each row with explicit input indices (the output
// indices are taken from %ids, not positions). Outputs start at INT_MAX / -1.
func.func @main(%in: tensor<2x9xi32>, %ids: tensor<2x9xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>) {
  %max = arith.constant 2147483647 : i32
  %m1 = arith.constant -1 : i32
  %ev = tensor.empty() : tensor<2x4xi32>
  %v = linalg.fill ins(%max : i32) outs(%ev : tensor<2x4xi32>) -> tensor<2x4xi32>
  %i = linalg.fill ins(%m1 : i32) outs(%ev : tensor<2x4xi32>) -> tensor<2x4xi32>
  %0:2 = iree_linalg_ext.topk dimension(1)
      ins(%in, %ids : tensor<2x9xi32>, tensor<2x9xi32>) outs(%v, %i : tensor<2x4xi32>, tensor<2x4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2x4xi32>, tensor<2x4xi32>
  return %0#0, %0#1 : tensor<2x4xi32>, tensor<2x4xi32>
}
""")
def _topk_min():
    r = Rng(16)
    x = r.rows_distinct(2, 9, range(-10**6, 10**6)).astype(np.int32)
    ids = (np.arange(9) * 7 + 100 + np.array([[0], [1000]])).astype(np.int32)
    order = np.argsort(x, axis=1, kind="stable")[:, :4]
    return [x, ids], [np.take_along_axis(x, order, 1),
                      np.take_along_axis(ids, order, 1)]


@case("topk_v2_f32_inits_tie",
      "iree_linalg_ext.topk_v2 is_sorted: the 3 largest of each row of a "
      "2x6 f32 tensor (cmpf ogt) where a row has fewer than 3 values above "
      "-inf, the value of the -inf / 0 initial outputs. The golden is the "
      "op's description (the top 3 of the input, stable: the first -inf); "
      "IREE's scalar loop, which counts the initial outputs as candidates, "
      "keeps the initial index 0 for that slot. The freedom report allows "
      "both (docs/coverage.md, topk_v2), so llvm-cpu passes.",
      """\
// The 3 largest values of each row with their positions. Row 0 has two
// values above -inf and row 1 one: the remaining slots hold -inf, which ties
// with the -inf initial outputs. By topk_v2's description the slot holds the
// first -inf input and its position; IREE's scalar loop, where the initial
// outputs take part, keeps the initial index 0 there. Both are allowed.
func.func @main(%in: tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2x3xf32>
  %ei = tensor.empty() : tensor<2x3xi32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<2x3xi32>) -> tensor<2x3xi32>
  %0:2 = iree_linalg_ext.topk_v2 dimension(1) is_sorted
      ins(%in : tensor<2x6xf32>) outs(%v, %i : tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}
""")
def _topk_v2_inits_tie():
    ninf = np.float32(-np.inf)
    x = np.array([[5.0, ninf, 3.0, ninf, ninf, ninf],
                  [ninf, ninf, 7.5, ninf, ninf, ninf]], dtype=np.float32)
    order = np.argsort(-x, axis=1, kind="stable")[:, :3]
    return [x], [np.take_along_axis(x, order, 1), order.astype(np.int32)]


# --- iree_linalg_ext.arg_compare --------------------------------------------

@case("arg_compare_f16_index_base",
      "iree_linalg_ext.arg_compare: argmax along dimension 1 of f16 (cmpf "
      "ogt) with index_base 10, i32 index output; the maximum is unique per "
      "row.",
      """\
// argmax along dimension 1 with index_base 10: index = 10 + position.
func.func @main(%in: tensor<4x7xf16>) -> (tensor<4xf16>, tensor<4xi32>) {
  %ninf = arith.constant 0xFC00 : f16
  %c0 = arith.constant 0 : i32
  %base = arith.constant 10 : index
  %ev = tensor.empty() : tensor<4xf16>
  %ei = tensor.empty() : tensor<4xi32>
  %v = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4xf16>) -> tensor<4xf16>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  %0:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%in : tensor<4x7xf16>) outs(%v, %i : tensor<4xf16>, tensor<4xi32>) index_base(%base : index) {
  ^bb0(%a: f16, %b: f16):
    %gt = arith.cmpf ogt, %a, %b : f16
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4xf16>, tensor<4xi32>
  return %0#0, %0#1 : tensor<4xf16>, tensor<4xi32>
}
""", expect={"vmvx": vmvx_no_small_float("arith.constant")})
def _argcmp_f16():
    r = Rng(17)
    x = (r.rows_distinct(4, 7, range(-300, 300)).astype(np.float64) / 16).astype(np.float16)
    assert all(len(set(row.tolist())) == 7 for row in x)
    return [x], [x.max(axis=1), (np.argmax(x, axis=1) + 10).astype(np.int32)]


@case("arg_compare_i8_argmin_dim0",
      "iree_linalg_ext.arg_compare: argmin along dimension 0 of i8 (cmpi "
      "slt), no index_base; the minimum is unique per column.",
      """\
// argmin along dimension 0 (cmpi slt): outputs start at 127 / 0.
func.func @main(%in: tensor<6x5xi8>) -> (tensor<5xi8>, tensor<5xi32>) {
  %c127 = arith.constant 127 : i8
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<5xi8>
  %ei = tensor.empty() : tensor<5xi32>
  %v = linalg.fill ins(%c127 : i8) outs(%ev : tensor<5xi8>) -> tensor<5xi8>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<5xi32>) -> tensor<5xi32>
  %0:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%in : tensor<6x5xi8>) outs(%v, %i : tensor<5xi8>, tensor<5xi32>) {
  ^bb0(%a: i8, %b: i8):
    %lt = arith.cmpi slt, %a, %b : i8
    iree_linalg_ext.yield %lt : i1
  } -> tensor<5xi8>, tensor<5xi32>
  return %0#0, %0#1 : tensor<5xi8>, tensor<5xi32>
}
""")
def _argcmp_i8():
    r = Rng(18)
    x = r.rows_distinct(5, 6, range(-128, 127)).T.copy().astype(np.int8)
    return [x], [x.min(axis=0), np.argmin(x, axis=0).astype(np.int32)]


# --- linalg.generic ---------------------------------------------------------

@case("generic_elementwise_bf16",
      "linalg.generic, elementwise on bf16 with a broadcast operand: "
      "a * b[j] + a (exact in bf16).",
      """\
// Elementwise bf16 with a broadcast row operand: out[i, j] = a[i, j] * b[j]
// + a[i, j]. Small integers: every product and sum is exact in bf16.
func.func @main(%a: tensor<3x5xbf16>, %b: tensor<5xbf16>) -> tensor<3x5xbf16> {
  %e = tensor.empty() : tensor<3x5xbf16>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x5xbf16>, tensor<5xbf16>) outs(%e : tensor<3x5xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    %s = arith.addf %m, %x : bf16
    linalg.yield %s : bf16
  } -> tensor<3x5xbf16>
  return %0 : tensor<3x5xbf16>
}
""", expect={"vmvx": {
    "verdict": "compile-error",
    "signature": "'vm.mul.f32' op operand #0 must be 32-bit float, but got 'i32'",
    "issue": "none found in IREE's tracker (searched 2026-11-21); related: "
             "https://github.com/iree-org/iree/issues/16519 (VMVX f16)",
    "reason": "VMVX has no bf16 arithmetic, and instead of a legalization "
              "error the bf16 multiply reaches the VM as vm.mul.f32 on i32 "
              "registers and fails the VM verifier (an internal error rather "
              "than a diagnostic)."}})
def _generic_bf16():
    r = Rng(19)
    a = r.ints((3, 5), -8, 8).astype(np.float64)
    b = r.ints((5,), -8, 8).astype(np.float64)
    return [bf16(a), bf16(b)], [bf16(a * b + a)]


@case("generic_row_sum_f64",
      "linalg.generic reduction (parallel, reduction) of f64 rows into a "
      "linalg.fill initialised to 0.5; dyadic values, exact sums.",
      """\
// Row sums into an accumulator filled with 0.5: out[i] = 0.5 + sum_j x[i, j].
func.func @main(%x: tensor<5x6xf64>) -> tensor<5xf64> {
  %half = arith.constant 0.5 : f64
  %e = tensor.empty() : tensor<5xf64>
  %init = linalg.fill ins(%half : f64) outs(%e : tensor<5xf64>) -> tensor<5xf64>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x6xf64>) outs(%init : tensor<5xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %a, %acc : f64
    linalg.yield %s : f64
  } -> tensor<5xf64>
  return %0 : tensor<5xf64>
}
""")
def _generic_rowsum():
    r = Rng(20)
    x = r.dyadic((5, 6), -100, 100, 64)
    out = 0.5 + x.sum(axis=1)  # exact: every partial sum is a small dyadic
    return [x], [out]


@case("generic_transposed_map_i32",
      "linalg.generic with a transposed output indexing map "
      "((i, j) -> (j, i)) and a broadcast operand: out[j, i] = x[i, j] * 3 - "
      "bias[j] (i32, wrapping).",
      """\
// Output written through a transposed map: out[j, i] = x[i, j] * 3 - bias[j].
func.func @main(%x: tensor<3x4xi32>, %bias: tensor<4xi32>) -> tensor<4x3xi32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (j, i)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<3x4xi32>, tensor<4xi32>) outs(%e : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c3 = arith.constant 3 : i32
    %m = arith.muli %a, %c3 : i32
    %s = arith.subi %m, %b : i32
    linalg.yield %s : i32
  } -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
""")
def _generic_transposed():
    r = Rng(21)
    x = r.ints((3, 4), -10**9, 10**9)
    x[1, 2] = 2**31 - 1  # * 3 wraps
    bias = r.ints((4,), -1000, 1000)
    out = wrap((x * 3 - bias[None, :]).T, np.int32)
    return [x.astype(np.int32), bias.astype(np.int32)], [out]


@case("generic_select_i1_two_results",
      "linalg.generic with an i1 input and two results, an i1 (cmpf olt "
      "xor mask) and an f32 (select on it).",
      """\
// Two results from one generic: c = (a < b) xor m (i1) and s = c ? a : b.
func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>, %m: tensor<3x4xi1>) -> (tensor<3x4xi1>, tensor<3x4xf32>) {
  %e1 = tensor.empty() : tensor<3x4xi1>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %m : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi1>)
      outs(%e1, %e2 : tensor<3x4xi1>, tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %k: i1, %o1: i1, %o2: f32):
    %lt = arith.cmpf olt, %x, %y : f32
    %c = arith.xori %lt, %k : i1
    %s = arith.select %c, %x, %y : f32
    linalg.yield %c, %s : i1, f32
  } -> (tensor<3x4xi1>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xi1>, tensor<3x4xf32>
}
""")
def _generic_select():
    r = Rng(22)
    a = r.dyadic((3, 4), -4, 4, 4).astype(np.float32)
    b = r.dyadic((3, 4), -4, 4, 4).astype(np.float32)
    m = r.ints((3, 4), 0, 1).astype(np.bool_)
    c = np.logical_xor(a < b, m)
    return [a, b, m], [c, np.where(c, a, b)]


# --- linalg named ops -------------------------------------------------------

@case("matmul_f32",
      "linalg.matmul of f32 into a zero linalg.fill; dyadic values, so every "
      "partial sum is exact and the product unique.",
      """\
// C = A x B (f32), accumulating into zeros.
func.func @main(%a: tensor<5x7xf32>, %b: tensor<7x4xf32>) -> tensor<5x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<5x4xf32>) -> tensor<5x4xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x4xf32>) outs(%c : tensor<5x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
""")
def _matmul_f32():
    r = Rng(23)
    a = r.dyadic((5, 7), -4, 4, 4)
    b = r.dyadic((7, 4), -4, 4, 4)
    return [a.astype(np.float32), b.astype(np.float32)], [(a @ b).astype(np.float32)]


@case("matmul_i8_i32_accumulate",
      "linalg.matmul of i8 operands into an i32 accumulator (operands are "
      "sign-extended), full i8 range, accumulating into a given i32 tensor.",
      """\
// i8 x i8 -> i32: linalg.matmul sign-extends the operands to the
// accumulator type; C starts from the given %c.
func.func @main(%a: tensor<4x6xi8>, %b: tensor<6x3xi8>, %c: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xi8>, tensor<6x3xi8>) outs(%c : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
""")
def _matmul_i8():
    r = Rng(24)
    a = r.ints((4, 6), -128, 127)
    b = r.ints((6, 3), -128, 127)
    a[0, :] = -128
    b[:, 0] = -128
    c = r.ints((4, 3), -10**6, 10**6)
    return ([a.astype(np.int8), b.astype(np.int8), c.astype(np.int32)],
            [wrap(a @ b + c, np.int32)])


@case("batch_matmul_f16",
      "linalg.batch_matmul of f16 (2 batches of 3x4 x 4x5) into a zero "
      "linalg.fill; small integers, exact in f16.",
      """\
// A batch of two f16 matmuls accumulating into zeros.
func.func @main(%a: tensor<2x3x4xf16>, %b: tensor<2x4x5xf16>) -> tensor<2x3x5xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x3x5xf16>
  %c = linalg.fill ins(%z : f16) outs(%e : tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf16>, tensor<2x4x5xf16>) outs(%c : tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
  return %0 : tensor<2x3x5xf16>
}
""", expect={"vmvx": vmvx_no_small_float("arith.constant")})
def _batch_matmul():
    r = Rng(25)
    a = r.ints((2, 3, 4), -6, 6).astype(np.float64)
    b = r.ints((2, 4, 5), -6, 6).astype(np.float64)
    return [a.astype(np.float16), b.astype(np.float16)], [np.matmul(a, b).astype(np.float16)]


@case("reduce_max_i16_dynamic",
      "linalg.reduce (arith.maxsi) over dimension 0 of a dynamically shaped "
      "i16 tensor (tensor<?x4xi16>), initialised by linalg.fill to -32768.",
      """\
// Column maxima of a tensor with a dynamic number of rows.
func.func @main(%x: tensor<?x4xi16>) -> tensor<4xi16> {
  %min = arith.constant -32768 : i16
  %e = tensor.empty() : tensor<4xi16>
  %init = linalg.fill ins(%min : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %0 = linalg.reduce ins(%x : tensor<?x4xi16>) outs(%init : tensor<4xi16>) dimensions = [0]
    (%in: i16, %acc: i16) {
      %m = arith.maxsi %in, %acc : i16
      linalg.yield %m : i16
    }
  return %0 : tensor<4xi16>
}
""")
def _reduce_max():
    r = Rng(26)
    x = r.ints((7, 4), -32768, 32767).astype(np.int16)
    return [x], [x.max(axis=0)]


@case("broadcast_transpose_i64",
      "linalg.broadcast (tensor<3xi64> to 2x3x4, dimensions = [0, 2]) and "
      "linalg.transpose (2x3x4 to 4x2x3, permutation = [2, 0, 1]).",
      """\
// linalg.broadcast adds dimensions 0 and 2; linalg.transpose permutes
// (d0, d1, d2) -> (d2, d0, d1).
func.func @main(%v: tensor<3xi64>, %x: tensor<2x3x4xi64>) -> (tensor<2x3x4xi64>, tensor<4x2x3xi64>) {
  %eb = tensor.empty() : tensor<2x3x4xi64>
  %b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%eb : tensor<2x3x4xi64>) dimensions = [0, 2]
  %et = tensor.empty() : tensor<4x2x3xi64>
  %t = linalg.transpose ins(%x : tensor<2x3x4xi64>) outs(%et : tensor<4x2x3xi64>) permutation = [2, 0, 1]
  return %b, %t : tensor<2x3x4xi64>, tensor<4x2x3xi64>
}
""")
def _bcast_transpose():
    r = Rng(27)
    v = np.array([-2**63, 2**63 - 1, 12345678901234], dtype=np.int64)
    x = (r.ints((2, 3, 4), -10**9, 10**9) * 10**6).astype(np.int64)
    return [v, x], [np.broadcast_to(v[None, :, None], (2, 3, 4)).copy(),
                    np.transpose(x, (2, 0, 1)).copy()]


@case("fill_and_map_mixed",
      "linalg.fill of i1, f16 and i8 constants, and linalg.map (arith.addi) "
      "of an i8 input and a filled tensor (wrapping).",
      """\
// linalg.fill in three element types, and linalg.map adding a filled tensor.
// (Not linalg.add: IREE 3.13's parser does not know that named op.)
func.func @main(%x: tensor<2x3xi8>) -> (tensor<2x3xi1>, tensor<4xf16>, tensor<2x3xi8>) {
  %t = arith.constant true
  %h = arith.constant -1.5 : f16
  %c = arith.constant 100 : i8
  %e1 = tensor.empty() : tensor<2x3xi1>
  %e2 = tensor.empty() : tensor<4xf16>
  %e3 = tensor.empty() : tensor<2x3xi8>
  %f1 = linalg.fill ins(%t : i1) outs(%e1 : tensor<2x3xi1>) -> tensor<2x3xi1>
  %f2 = linalg.fill ins(%h : f16) outs(%e2 : tensor<4xf16>) -> tensor<4xf16>
  %f3 = linalg.fill ins(%c : i8) outs(%e3 : tensor<2x3xi8>) -> tensor<2x3xi8>
  %s = linalg.map { arith.addi } ins(%x, %f3 : tensor<2x3xi8>, tensor<2x3xi8>) outs(%e3 : tensor<2x3xi8>)
  return %f1, %f2, %s : tensor<2x3xi1>, tensor<4xf16>, tensor<2x3xi8>
}
""")
def _fill():
    x = np.array([[-128, -1, 0], [27, 28, 127]], dtype=np.int8)
    return [x], [np.ones((2, 3), dtype=np.bool_),
                 np.full((4,), -1.5, dtype=np.float16),
                 wrap(x.astype(np.int64) + 100, np.int8)]


# --- tensor glue --------------------------------------------------------------

@case("tensor_slices_i32",
      "tensor.extract_slice with offsets, sizes and strides [2, 2], and "
      "tensor.insert_slice of another tensor into the input.",
      """\
// s = x[1:6:2, 2:7:2] (3x3, strides 2); r = x with y written at [4, 5].
func.func @main(%x: tensor<6x8xi32>, %y: tensor<2x3xi32>) -> (tensor<3x3xi32>, tensor<6x8xi32>) {
  %s = tensor.extract_slice %x[1, 2] [3, 3] [2, 2] : tensor<6x8xi32> to tensor<3x3xi32>
  %r = tensor.insert_slice %y into %x[4, 5] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<6x8xi32>
  return %s, %r : tensor<3x3xi32>, tensor<6x8xi32>
}
""")
def _slices():
    x = np.arange(48, dtype=np.int32).reshape(6, 8) * 3 - 70
    y = np.array([[-1, -2, -3], [-4, -5, -6]], dtype=np.int32)
    r = x.copy()
    r[4:6, 5:8] = y
    return [x, y], [x[1:6:2, 2:7:2].copy(), r]


@case("tensor_pad_concat_f32",
      "tensor.pad (low [1, 0], high [0, 2], constant -0.5) followed by "
      "tensor.concat along dimension 0 with another input.",
      """\
// Pad a 2x3 tensor to 3x5 with -0.5 (one row on top, two columns on the
// right), then concatenate a 2x5 tensor below it.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<5x5xf32> {
  %pv = arith.constant -0.5 : f32
  %p = tensor.pad %a low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>
  %c = tensor.concat dim(0) %p, %b : (tensor<3x5xf32>, tensor<2x5xf32>) -> tensor<5x5xf32>
  return %c : tensor<5x5xf32>
}
""")
def _pad_concat():
    r = Rng(30)
    a = r.dyadic((2, 3), -8, 8, 4).astype(np.float32)
    b = r.dyadic((2, 5), -8, 8, 4).astype(np.float32)
    p = np.pad(a, ((1, 0), (0, 2)), constant_values=np.float32(-0.5))
    return [a, b], [np.concatenate([p, b], axis=0)]


@case("tensor_reshape_i16",
      "tensor.collapse_shape ([[0, 1], [2]]: 2x3x4 to 6x4) and "
      "tensor.expand_shape ([[0], [1, 2]]: 6x4 to 6x2x2).",
      """\
// Row-major reshapes: collapse 2x3x4 to 6x4, then expand to 6x2x2.
func.func @main(%x: tensor<2x3x4xi16>) -> (tensor<6x4xi16>, tensor<6x2x2xi16>) {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xi16> into tensor<6x4xi16>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xi16> into tensor<6x2x2xi16>
  return %c, %e : tensor<6x4xi16>, tensor<6x2x2xi16>
}
""")
def _reshape():
    r = Rng(31)
    x = r.ints((2, 3, 4), -32768, 32767).astype(np.int16)
    return [x], [x.reshape(6, 4).copy(), x.reshape(6, 2, 2).copy()]


# --- arith / math -------------------------------------------------------------

@case("arith_int_division_shifts_i32",
      "arith on i32: divsi, remsi, floordivsi, ceildivsi (negative operands), "
      "shli/shrsi/shrui with masked shift amounts, maxsi and minui.",
      """\
// Integer division rounding modes, shifts and signed/unsigned min/max (i32).
// b is never 0 and (INT_MIN, -1) never occurs; shift amounts are b & 31.
func.func @main(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>) {
  %e = tensor.empty() : tensor<4x6xi32>
  %0:6 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x6xi32>, tensor<4x6xi32>)
      outs(%e, %e, %e, %e, %e, %e : tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>) {
  ^bb0(%x: i32, %y: i32, %o0: i32, %o1: i32, %o2: i32, %o3: i32, %o4: i32, %o5: i32):
    %c31 = arith.constant 31 : i32
    %q = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %f = arith.floordivsi %x, %y : i32
    %c = arith.ceildivsi %x, %y : i32
    %s = arith.andi %y, %c31 : i32
    %l = arith.shli %x, %s : i32
    %u = arith.shrui %x, %s : i32
    %lu = arith.xori %l, %u : i32
    %sr = arith.shrsi %x, %s : i32
    %mx = arith.maxsi %x, %y : i32
    %mn = arith.minui %x, %y : i32
    %mm = arith.addi %mx, %mn : i32
    %srm = arith.subi %sr, %mm : i32
    linalg.yield %q, %r, %f, %c, %lu, %srm : i32, i32, i32, i32, i32, i32
  } -> (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>
}
""")
def _arith_int():
    r = Rng(32)
    a = r.ints((4, 6), -2**31, 2**31 - 1)
    b = r.ints((4, 6), -50, 50)
    b[b == 0] = 7
    a[0, :3] = [-2**31, 2**31 - 1, -7]
    b[0, :3] = [3, -2, 2]
    b[1, :] = r.ints((6,), -2**31, 2**31 - 1)  # large divisors too
    b[1, b[1] == 0] = 1
    assert not np.any((a == -2**31) & (b == -1))
    q = divsi(a, b)
    rem = a - b * q
    fl = a // b
    ce = -((-a) // b)
    s = (b & 31)
    a32 = a.astype(np.int64)
    au = a32 & 0xFFFFFFFF
    shl = (au << s) & 0xFFFFFFFF
    shru = au >> s
    lu = wrap(shl ^ shru, np.int32)
    sr = a >> s  # arithmetic on int64 of an i32 value = shrsi
    mx = np.maximum(a, b)
    bu = b & 0xFFFFFFFF
    mn = np.where(au < bu, a, b)
    srm = wrap(sr - (mx + mn), np.int32)
    return ([a.astype(np.int32), b.astype(np.int32)],
            [wrap(q, np.int32), wrap(rem, np.int32), wrap(fl, np.int32),
             wrap(ce, np.int32), lu, srm])


@case("arith_int_i8_extend_truncate",
      "arith on i8 with wrap-around (addi, muli), extsi to i16, extui to "
      "i32, a product in i64 truncated back to i8 (trunci), cmpi ult (i1).",
      """\
// i8 wrap-around arithmetic and conversions between integer widths.
func.func @main(%a: tensor<16xi8>, %b: tensor<16xi8>) -> (tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>) {
  %e8 = tensor.empty() : tensor<16xi8>
  %e16 = tensor.empty() : tensor<16xi16>
  %e32 = tensor.empty() : tensor<16xi32>
  %e1 = tensor.empty() : tensor<16xi1>
  %0:5 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xi8>, tensor<16xi8>)
      outs(%e8, %e16, %e32, %e8, %e1 : tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>) {
  ^bb0(%x: i8, %y: i8, %o0: i8, %o1: i16, %o2: i32, %o3: i8, %o4: i1):
    %s = arith.addi %x, %y : i8
    %m = arith.muli %x, %y : i8
    %sm = arith.xori %s, %m : i8
    %x16 = arith.extsi %x : i8 to i16
    %y16 = arith.extsi %y : i8 to i16
    %p16 = arith.muli %x16, %y16 : i16
    %xu = arith.extui %x : i8 to i32
    %x64 = arith.extsi %x : i8 to i64
    %c3 = arith.constant 3 : i64
    %p64 = arith.muli %x64, %c3 : i64
    %t = arith.trunci %p64 : i64 to i8
    %lt = arith.cmpi ult, %x, %y : i8
    linalg.yield %sm, %p16, %xu, %t, %lt : i8, i16, i32, i8, i1
  } -> (tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>
}
""")
def _arith_i8():
    r = Rng(33)
    a = r.ints((16,), -128, 127)
    b = r.ints((16,), -128, 127)
    a[:4] = [-128, -1, 127, 0]
    b[:4] = [-128, 1, 127, -1]
    s = wrap(a + b, np.int8).astype(np.int64)
    m = wrap(a * b, np.int8).astype(np.int64)
    return ([a.astype(np.int8), b.astype(np.int8)],
            [wrap(s ^ m, np.int8), (a * b).astype(np.int16),
             (a & 0xFF).astype(np.int32), wrap(a * 3, np.int8),
             (a & 0xFF) < (b & 0xFF)])


@case("arith_float_f32_rounding",
      "arith/math on f32 with general (non-dyadic) values: mulf then addf "
      "(two roundings), divf, math.sqrt of absf, math.roundeven - "
      "math.floor, math.round (half away from zero), cmpf ole, fptosi "
      "(truncation toward zero); all correctly rounded, so numpy computes "
      "them bit for bit.",
      """\
// Correctly rounded f32 arithmetic: each op rounds once, as numpy's float32
// operations do. No NaN or infinity reaches an arithmetic result. fptosi is
// the last result (a known vmvx failure; the results before it are checked).
func.func @main(%a: tensor<24xf32>, %b: tensor<24xf32>) -> (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xi1>, tensor<24xi32>) {
  %ef = tensor.empty() : tensor<24xf32>
  %ei = tensor.empty() : tensor<24xi32>
  %e1 = tensor.empty() : tensor<24xi1>
  %0:7 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<24xf32>, tensor<24xf32>)
      outs(%ef, %ef, %ef, %ef, %ef, %e1, %ei : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xi1>, tensor<24xi32>) {
  ^bb0(%x: f32, %y: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: i1, %o6: i32):
    %m = arith.mulf %x, %y : f32
    %ma = arith.addf %m, %x : f32
    %d = arith.divf %x, %y : f32
    %ab = math.absf %x : f32
    %sq = math.sqrt %ab : f32
    %re = math.roundeven %x : f32
    %fl = math.floor %y : f32
    %rf = arith.subf %re, %fl : f32
    %ro = math.round %x : f32
    %le = arith.cmpf ole, %x, %y : f32
    %fi = arith.fptosi %x : f32 to i32
    linalg.yield %ma, %d, %sq, %rf, %ro, %le, %fi : f32, f32, f32, f32, f32, i1, i32
  } -> (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xi1>, tensor<24xi32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6 : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xi1>, tensor<24xi32>
}
""", expect={"vmvx": {
    "verdict": "mismatch",
    "signature": "output 6 (24xi32): 12 of 24 elements differ; first at [0]: "
                 "expected 2, actual 3",
    "issue": "none found in IREE's tracker (searched 2026-11-21): a new "
             "silent wrong result",
    "reason": "vmvx rounds arith.fptosi to nearest (2.5 -> 3, -2.5 -> -3, "
              "0.5 -> 1) instead of truncating toward zero: it lowers to "
              "vm.cast.f32.si32, which IREE's VM implements with lroundf "
              "(runtime/src/iree/vm/ops.h, vm_cast_f32si32). llvm-cpu "
              "truncates."}})
def _arith_f32():
    r = Rng(34)
    a = (r.ints((24,), -10**6, 10**6).astype(np.float64) / 997).astype(np.float32)
    b = (r.ints((24,), -10**5, 10**5).astype(np.float64) / 131).astype(np.float32)
    # Halfway cases for the rounding ops, and equal operands for ole.
    a[:6] = [2.5, -2.5, 0.5, -1.5, 3.5, 1e-3]
    b[:6] = [2.5, 1.0, -0.75, 4.0, 3.0, 7.0]
    b[b == 0] = np.float32(1.25)
    with np.errstate(all="raise"):
        ma = a * b + a  # float32 numpy ops: each rounds once to f32
        d = a / b
        sq = np.sqrt(np.abs(a))
    fi = np.trunc(a.astype(np.float64)).astype(np.int32)
    rf = (np.rint(a) - np.floor(b)).astype(np.float32)  # rint: half to even
    a64 = a.astype(np.float64)
    ro = (np.sign(a64) * np.floor(np.abs(a64) + 0.5)).astype(np.float32)
    assert ma.dtype == np.float32 and d.dtype == np.float32
    return [a, b], [ma, d, sq, rf, ro, a <= b, fi]


@case("subnormal_flush_f32",
      "f32 subnormals through arith.cmpf olt, addf and mulf: MLIR's "
      "semantics keep them (IEEE 754); IREE's CPU runtime flushes them to "
      "zero, so the i1 comparison differs there (recorded).",
      """\
// Subnormal f32 values (MLIR keeps them, as IEEE 754 does): lt = a < b,
// s = (a + b) * 2. Every a and b below is subnormal or zero.
func.func @main(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xi1>, tensor<6xf32>) {
  %e1 = tensor.empty() : tensor<6xi1>
  %ef = tensor.empty() : tensor<6xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%e1, %ef : tensor<6xi1>, tensor<6xf32>) {
  ^bb0(%x: f32, %y: f32, %o0: i1, %o1: f32):
    %lt = arith.cmpf olt, %x, %y : f32
    %two = arith.constant 2.0 : f32
    %s = arith.addf %x, %y : f32
    %d = arith.mulf %s, %two : f32
    linalg.yield %lt, %d : i1, f32
  } -> (tensor<6xi1>, tensor<6xf32>)
  return %0#0, %0#1 : tensor<6xi1>, tensor<6xf32>
}
""", expect={
    "llvm-cpu": {
        "verdict": "mismatch",
        "signature": "output 0 (6xi1): 5 of 6 elements differ",
        "issue": FTZ_ISSUE,
        "reason": "Subnormal inputs are read as zero (DAZ), so a < b is "
                  "false where both are subnormal; the f32 output differs by "
                  "less than the oracle's atol and passes."},
    "vmvx": {
        "verdict": "mismatch",
        "signature": "output 0 (6xi1): 5 of 6 elements differ",
        "issue": FTZ_ISSUE,
        "reason": "As llvm-cpu: the VMVX dispatches run with denormals "
                  "flushed to zero too."}})
def _subnormal():
    t = np.float32(2.0**-149)  # the smallest subnormal
    a = np.array([1, 3, 0, 100, -5, 7], dtype=np.float32) * t
    b = np.array([2, 9, 4, 101, -4, 7], dtype=np.float32) * t
    assert all(0 < abs(x) < 2.0**-126 for x in a.tolist() + b.tolist() if x)
    return [a, b], [a < b, (a + b) * np.float32(2)]


@case("arith_cmpf_minmax_nan_f64",
      "arith.cmpf predicates (oeq, une, olt, ult, uno) and "
      "arith.maximumf/minimumf on f64 with NaN, infinities and signed zeros: "
      "IEEE 754-2019 maximum/minimum (NaN propagates, -0 < +0).",
      """\
// Ordered/unordered comparisons and IEEE maximum/minimum on special values.
// The packed i8 holds oeq | une << 1 | olt << 2 | ult << 3 | uno << 4.
func.func @main(%a: tensor<12xf64>, %b: tensor<12xf64>) -> (tensor<12xi8>, tensor<12xf64>, tensor<12xf64>) {
  %e8 = tensor.empty() : tensor<12xi8>
  %ef = tensor.empty() : tensor<12xf64>
  %0:3 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<12xf64>, tensor<12xf64>)
      outs(%e8, %ef, %ef : tensor<12xi8>, tensor<12xf64>, tensor<12xf64>) {
  ^bb0(%x: f64, %y: f64, %o0: i8, %o1: f64, %o2: f64):
    %oeq = arith.cmpf oeq, %x, %y : f64
    %une = arith.cmpf une, %x, %y : f64
    %olt = arith.cmpf olt, %x, %y : f64
    %ult = arith.cmpf ult, %x, %y : f64
    %uno = arith.cmpf uno, %x, %y : f64
    %b0 = arith.extui %oeq : i1 to i8
    %b1 = arith.extui %une : i1 to i8
    %b2 = arith.extui %olt : i1 to i8
    %b3 = arith.extui %ult : i1 to i8
    %b4 = arith.extui %uno : i1 to i8
    %c1 = arith.constant 1 : i8
    %c2 = arith.constant 2 : i8
    %c3 = arith.constant 3 : i8
    %c4 = arith.constant 4 : i8
    %s1 = arith.shli %b1, %c1 : i8
    %s2 = arith.shli %b2, %c2 : i8
    %s3 = arith.shli %b3, %c3 : i8
    %s4 = arith.shli %b4, %c4 : i8
    %p01 = arith.ori %b0, %s1 : i8
    %p23 = arith.ori %s2, %s3 : i8
    %p03 = arith.ori %p01, %p23 : i8
    %p = arith.ori %p03, %s4 : i8
    %mx = arith.maximumf %x, %y : f64
    %mn = arith.minimumf %x, %y : f64
    linalg.yield %p, %mx, %mn : i8, f64, f64
  } -> (tensor<12xi8>, tensor<12xf64>, tensor<12xf64>)
  return %0#0, %0#1, %0#2 : tensor<12xi8>, tensor<12xf64>, tensor<12xf64>
}
""")
def _cmpf_nan():
    nan = np.float64(np.nan)  # the canonical quiet NaN 0x7ff8000000000000
    inf = np.inf
    a = np.array([1.0, nan, 2.0, -0.0, 0.0, inf, -inf, nan, 3.0, -5.0, 1e-300, inf],
                 dtype=np.float64)
    b = np.array([1.0, 1.0, nan, 0.0, -0.0, 1e308, -inf, nan, -3.0, -4.0, 2e-300, inf],
                 dtype=np.float64)
    assert np.isnan(a).sum() == 2 and a.view(np.uint64)[1] == 0x7FF8000000000000
    with np.errstate(invalid="ignore"):
        oeq = a == b
        une = ~(a == b)
        olt = a < b
        ult = ~(a >= b)
        uno = np.isnan(a) | np.isnan(b)
    packed = (oeq.astype(np.int64) | une << 1 | olt << 2 | ult << 3 | uno << 4)
    any_nan = np.isnan(a) | np.isnan(b)
    # IEEE 754-2019 maximum/minimum: NaN if either is NaN; -0 < +0.
    a_key = np.where(a == 0, np.where(np.signbit(a), -0.5, 0.5) * 1e-320, a)
    b_key = np.where(b == 0, np.where(np.signbit(b), -0.5, 0.5) * 1e-320, b)
    with np.errstate(invalid="ignore"):
        mx = np.where(any_nan, nan, np.where(a_key >= b_key, a, b))
        mn = np.where(any_nan, nan, np.where(a_key <= b_key, a, b))
    return [a, b], [packed.astype(np.int8), mx, mn]


@case("math_f64_dynamic",
      "math on a dynamically shaped f64 tensor (tensor<?xf64>, result "
      "shapes from the input): sqrt (correctly rounded), fma of dyadic "
      "values (exact), trunc, copysign.",
      """\
// Exactly determined math on f64 with a dynamic size: sqrt and fma are
// correctly rounded (fma of these dyadic values is exact).
func.func @main(%x: tensor<?xf64>, %y: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %0:3 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf64>, tensor<?xf64>)
      outs(%e, %e, %e : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %o0: f64, %o1: f64, %o2: f64):
    %ab = math.absf %a : f64
    %sq = math.sqrt %ab : f64
    %f = math.fma %a, %b, %a : f64
    %t = math.trunc %a : f64
    %cs = math.copysign %t, %b : f64
    linalg.yield %sq, %f, %cs : f64, f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>)
  return %0#0, %0#1, %0#2 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
""", expect={"vmvx": {
    "verdict": "compile-error",
    "signature": "failed to legalize operation 'math.trunc'",
    "issue": "none found in IREE's tracker (searched 2026-11-21)",
    "reason": "VMVX cannot lower math.trunc on f64 (the VM has no f64 "
              "rounding op); llvm-cpu compiles and passes."}})
def _math_f64():
    r = Rng(35)
    x = r.ints((11,), -10**6, 10**6).astype(np.float64) / 8
    y = r.ints((11,), -20 * 16, 20 * 16).astype(np.float64) / 16
    x[:3] = [2.0, -0.0, 1e-300]
    y[:3] = [-0.5, 3.25, -7.75]
    sq = np.sqrt(np.abs(x))
    f = x * y + x
    # fma == mul+add here: x*y has at most 21+9 significant bits (exact).
    t = np.trunc(x)
    cs = np.copysign(t, y)
    return [x, y], [sq, f, cs]


@case("math_exp2_log2_f64",
      "math.exp2 and math.log2 on f64 at exact points (integer exponents, "
      "powers of two), where every correct implementation is exact.",
      """\
// exp2 of integers and log2 of powers of two: exact results.
func.func @main(%x: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>) {
  %e = tensor.empty() : tensor<8xf64>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<8xf64>) outs(%e, %e : tensor<8xf64>, tensor<8xf64>) {
  ^bb0(%a: f64, %o0: f64, %o1: f64):
    %p = math.exp2 %a : f64
    %l = math.log2 %p : f64
    linalg.yield %p, %l : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  return %0#0, %0#1 : tensor<8xf64>, tensor<8xf64>
}
""", expect={
    "llvm-cpu": {
        "verdict": "compile-error",
        "signature": "undefined symbol: log2",
        "issue": "https://github.com/iree-org/iree/issues/24378",
        "reason": "f64 math.log2/exp2 become libm calls, and IREE's "
                  "embedded llvm-cpu executables link no f64 libm: the link "
                  "fails (fix in progress: "
                  "https://github.com/iree-org/iree/pull/24953). vmvx "
                  "passes."}})
def _exp2_log2():
    x = np.array([0, 1, -1, 10, -20, 52, -1022, 1023], dtype=np.float64)
    p = np.ldexp(1.0, x.astype(np.int64))  # exp2 of an integer: exact
    return [x], [p, x.copy()]


@case("math_int_bits_i16",
      "math.ctlz, math.cttz, math.ctpop and math.absi on i16 (absi of -32768 "
      "wraps to -32768; ctlz/cttz of 0 are 16).",
      """\
// Bit counting and absolute value on i16.
func.func @main(%x: tensor<10xi16>) -> (tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>) {
  %e = tensor.empty() : tensor<10xi16>
  %0:4 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<10xi16>) outs(%e, %e, %e, %e : tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>) {
  ^bb0(%a: i16, %o0: i16, %o1: i16, %o2: i16, %o3: i16):
    %lz = math.ctlz %a : i16
    %tz = math.cttz %a : i16
    %pc = math.ctpop %a : i16
    %ab = math.absi %a : i16
    linalg.yield %lz, %tz, %pc, %ab : i16, i16, i16, i16
  } -> (tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>
}
""", expect={"vmvx": {
    "verdict": "compile-error",
    "signature": "failed to legalize operation 'math.cttz'",
    "issue": "none found in IREE's tracker (searched 2026-11-21)",
    "reason": "VMVX has no lowering for math.cttz (ctlz and ctpop are "
              "expanded, cttz is not); llvm-cpu passes."}})
def _math_int():
    x = np.array([0, 1, -1, -32768, 32767, 96, -96, 0x1234, 2, -4096], dtype=np.int16)
    u = [int(v) & 0xFFFF for v in x]
    lz = [16 - v.bit_length() for v in u]
    tz = [16 if v == 0 else (v & -v).bit_length() - 1 for v in u]
    pc = [bin(v).count("1") for v in u]
    ab = wrap(np.abs(x.astype(np.int64)), np.int16)
    return [x], [np.array(lz, np.int16), np.array(tz, np.int16),
                 np.array(pc, np.int16), ab]


@case("convert_float_widths",
      "arith.truncf f32 to f16 and to bf16 (round to nearest even, halfway "
      "cases and overflow to infinity), arith.extf f16 to f64, arith.sitofp "
      "i64 to f32 (rounding large integers).",
      """\
// Float conversions that round: f32 -> f16, f32 -> bf16 (nearest even, with
// halfway cases and overflow to inf), f16 -> f64 (exact), i64 -> f32.
func.func @main(%x: tensor<12xf32>, %h: tensor<12xf16>, %n: tensor<12xi64>) -> (tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>) {
  %e16 = tensor.empty() : tensor<12xf16>
  %eb = tensor.empty() : tensor<12xbf16>
  %e64 = tensor.empty() : tensor<12xf64>
  %e32 = tensor.empty() : tensor<12xf32>
  %0:4 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %h, %n : tensor<12xf32>, tensor<12xf16>, tensor<12xi64>)
      outs(%e16, %eb, %e64, %e32 : tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>) {
  ^bb0(%a: f32, %b: f16, %c: i64, %o0: f16, %o1: bf16, %o2: f64, %o3: f32):
    %t16 = arith.truncf %a : f32 to f16
    %tb = arith.truncf %a : f32 to bf16
    %w = arith.extf %b : f16 to f64
    %s = arith.sitofp %c : i64 to f32
    linalg.yield %t16, %tb, %w, %s : f16, bf16, f64, f32
  } -> (tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>
}
""", expect={"vmvx": vmvx_no_small_float("arith.truncf")})
def _convert():
    r = Rng(36)
    x = (r.ints((12,), -10**7, 10**7).astype(np.float64) / 1021).astype(np.float32)
    # 1 + 2^-11 and 1 + 3*2^-11: f16 halfway cases (even: down / up);
    # 1 + 2^-8 and 1 + 3*2^-8: the same for bf16; 70000 overflows f16;
    # 6e-8 is an f16 subnormal.
    x[:6] = [1 + 2**-11, 1 + 3 * 2**-11, 1 + 2**-8, 1 + 3 * 2**-8, 70000.0, 6e-8]
    h = (r.ints((12,), -2000, 2000).astype(np.float64) / 64).astype(np.float16)
    h[0] = np.float16(65504.0)
    h[1] = np.float16(2**-24)
    n = r.ints((12,), -2**62, 2**62).astype(np.int64)
    n[:3] = [2**24 + 1, 2**24 + 3, -2**63]
    with np.errstate(over="ignore"):
        t16 = x.astype(np.float16)
    tb = Raw("bf16", f32_to_bf16_rne(x))
    return [x, h, n], [t16, tb, h.astype(np.float64), n.astype(np.float32)]


@case("convert_f8e4m3fn",
      "arith.extf from f8E4M3FN (raw .bin) to f32, arithmetic in f32, and "
      "arith.truncf back to f8E4M3FN on exactly representable values.",
      """\
// f8E4M3FN (1 sign, 4 exponent, 3 mantissa bits, no infinities) through
// f32 and back: out = truncf(extf(x) * 2), wide = extf(x) + 0.25.
func.func @main(%x: tensor<8xf8E4M3FN>) -> (tensor<8xf8E4M3FN>, tensor<8xf32>) {
  %e8 = tensor.empty() : tensor<8xf8E4M3FN>
  %e32 = tensor.empty() : tensor<8xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<8xf8E4M3FN>) outs(%e8, %e32 : tensor<8xf8E4M3FN>, tensor<8xf32>) {
  ^bb0(%a: f8E4M3FN, %o0: f8E4M3FN, %o1: f32):
    %w = arith.extf %a : f8E4M3FN to f32
    %two = arith.constant 2.0 : f32
    %q = arith.constant 0.25 : f32
    %d = arith.mulf %w, %two : f32
    %t = arith.truncf %d : f32 to f8E4M3FN
    %s = arith.addf %w, %q : f32
    linalg.yield %t, %s : f8E4M3FN, f32
  } -> (tensor<8xf8E4M3FN>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8xf8E4M3FN>, tensor<8xf32>
}
""", expect={
    "cuda:sm_80": {
        "verdict": "compile-error",
        "signature": "LLVM Translation failed for operation: "
                     "builtin.unrealized_conversion_cast",
        "issue": "https://github.com/iree-org/iree/issues/24625",
        "reason": "f8E4M3FN values do not survive the NVPTX lowering: an "
                  "i8 <-> f8E4M3FN unrealized_conversion_cast is left over "
                  "(open IREE issue)."},
    "hip:gfx942": {
        "verdict": "compile-error",
        "signature": "F8E5M2 and F8E4M3FN types are not supported on gfx942",
        "issue": "none: a documented limitation (MI300 has the FNUZ f8 "
                 "variants; the diagnostic suggests "
                 "--iree-llvmgpu-enable-small-float-emulation)",
        "reason": "gfx942 has no OCP f8 types; IREE rejects them with a "
                  "clear diagnostic."}})
def _f8():
    v = np.array([1.0, -2.5, 0.0, 3.75, -0.015625, 112.0, 0.001953125, -208.0])
    return [f8e4m3fn(v)], [f8e4m3fn(v * 2), (v + 0.25).astype(np.float32)]


# The sub-byte and small float cases (their values come from ml_dtypes).
import goldens_small_types  # noqa: E402
goldens_small_types.register(case, Raw, Rng, DEFAULT_EXPECT)
import goldens_layout  # noqa: E402
goldens_layout.register(case, Raw, Rng, DEFAULT_EXPECT)
import goldens_complex  # noqa: E402
goldens_complex.register(case, Raw, Rng, DEFAULT_EXPECT)


# ---------------------------------------------------------------------------
# Writing and checking
# ---------------------------------------------------------------------------

def file_name(stem, i, a):
    return "%s%d.%s" % (stem, i, "bin" if isinstance(a, Raw) else "npy")


def tensor_bytes(a):
    """Canonical bytes of a tensor (for --check): dtype, shape, data."""
    if isinstance(a, Raw):
        return (a.mlir_type, tuple(a.shape), a.to_bytes())
    return (str(a.dtype), tuple(a.shape), np.ascontiguousarray(a).tobytes())


def write_tensor(path, a):
    if isinstance(a, Raw):
        with open(path, "wb") as f:
            f.write(a.to_bytes())
    else:
        np.save(path, np.ascontiguousarray(a), allow_pickle=False)


def read_tensor(path, like):
    if isinstance(like, Raw):
        with open(path, "rb") as f:
            data = f.read()
        if like.packed:
            return Raw(like.mlir_type, Raw.unpack(data, like), like.packed)
        bits = np.frombuffer(data, dtype=like.bits.dtype.newbyteorder("<"))
        return Raw(like.mlir_type, bits.astype(like.bits.dtype).reshape(like.shape))
    return np.load(path, allow_pickle=False)


def derive(name):
    c = CASES[name]
    inputs, outputs = c["derive"]()
    for a in inputs + outputs:
        if not isinstance(a, Raw):
            assert a.dtype in (np.bool_, np.int8, np.int16, np.int32, np.int64,
                               np.float16, np.float32, np.float64,
                               np.complex64, np.complex128), (name, a.dtype)
    meta = {
        "function": "main",
        "description": c["description"],
        "derived_by": DERIVED_BY,
        "inputs": [{"path": "inputs/" + file_name("in", i, a),
                    "dtype": mlir_type(a), "shape": list(a.shape)}
                   for i, a in enumerate(inputs)],
        "outputs": [{"path": "golden/" + file_name("out", i, a),
                     "dtype": mlir_type(a), "shape": list(a.shape)}
                    for i, a in enumerate(outputs)],
        "expect": c["expect"],
    }
    return c["program"], inputs, outputs, meta


def case_json_text(meta):
    return json.dumps(meta, indent=2) + "\n"


def write_case(out_dir, name, ref_run):
    program, inputs, outputs, meta = derive(name)
    d = os.path.join(out_dir, name)
    for sub in ("inputs", "golden"):
        shutil.rmtree(os.path.join(d, sub), ignore_errors=True)
        os.makedirs(os.path.join(d, sub))
    with open(os.path.join(d, "program.mlir"), "w") as f:
        f.write(program)
    for i, a in enumerate(inputs):
        write_tensor(os.path.join(d, "inputs", file_name("in", i, a)), a)
    for i, a in enumerate(outputs):
        write_tensor(os.path.join(d, "golden", file_name("out", i, a)), a)
    with open(os.path.join(d, "case.json"), "w") as f:
        f.write(case_json_text(meta))
    if ref_run:
        return interpreter_freedom(d, inputs, outputs, meta,
                                   os.path.abspath(ref_run))
    return True


def interpreter_freedom(d, inputs, outputs, meta, ref_run):
    """Writes golden/freedom.json from the interpreter and reports (never
    copies) any difference between its outputs and numpy's."""
    with tempfile.TemporaryDirectory() as tmp:
        argv = [ref_run, "program.mlir", "--function=" + meta["function"]]
        for i, a in enumerate(inputs):
            p = "inputs/" + file_name("in", i, a)
            argv.append("--input=" + ("@" + p if not isinstance(a, Raw) else
                                      "%s=@%s" % ("x".join(map(str, a.shape)) +
                                                  "x" + a.mlir_type, p)))
        outs = []
        for i, a in enumerate(outputs):
            p = os.path.join(tmp, file_name("out", i, a))
            outs.append(p)
            argv.append("--output=@" + p)
        argv.append("--freedom=golden/freedom.json")
        r = subprocess.run(argv, cwd=d, capture_output=True, text=True)
        if r.returncode != 0:
            print("%s: ref-run exited %d:\n%s" % (d, r.returncode, r.stderr))
            return False
        ok = True
        for i, (p, a) in enumerate(zip(outs, outputs)):
            got = read_tensor(p, a)
            if tensor_bytes(got) != tensor_bytes(a):
                print("%s: output %d: the interpreter differs from numpy" % (d, i))
                ok = False
        return ok


def check_case(out_dir, name):
    program, inputs, outputs, meta = derive(name)
    d = os.path.join(out_dir, name)
    problems = []
    try:
        with open(os.path.join(d, "program.mlir")) as f:
            if f.read() != program:
                problems.append("program.mlir differs")
        with open(os.path.join(d, "case.json")) as f:
            if f.read() != case_json_text(meta):
                problems.append("case.json differs")
        for stem, sub, arrays in (("in", "inputs", inputs), ("out", "golden", outputs)):
            for i, a in enumerate(arrays):
                p = os.path.join(d, sub, file_name(stem, i, a))
                if tensor_bytes(read_tensor(p, a)) != tensor_bytes(a):
                    problems.append("%s/%s differs" % (sub, os.path.basename(p)))
    except (OSError, ValueError) as e:
        problems.append(str(e))
    for p in problems:
        print("%s: %s" % (name, p))
    return not problems


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(here, "..", "golden"))
    ap.add_argument("--only", default="", help="comma-separated case names")
    ap.add_argument("--ref-run", default="",
                    help="write golden/freedom.json with this interpreter")
    ap.add_argument("--check", action="store_true",
                    help="check the files on disk instead of writing them")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    names = [n for n in CASES if not args.only or n in args.only.split(",")]
    # Cases derived with ml_dtypes need it (pip install ml_dtypes); without
    # it --check skips them (Debian's python3 has numpy only).
    if args.check and not goldens_small_types.available():
        skipped = [n for n in names if n in goldens_small_types.NAMES]
        names = [n for n in names if n not in skipped]
        if skipped:
            print("skipped (no ml_dtypes): " + ", ".join(skipped))
    if args.list:
        for n in names:
            print(n)
        return 0
    ok = True
    for n in names:
        if args.check:
            ok &= check_case(args.out, n)
        else:
            ok &= write_case(args.out, n, args.ref_run)
    print("%d cases %s" % (len(names), "checked" if args.check else "written"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
