"""Golden cases of the sub-byte integers and the small float types, for
derive_goldens.py (which imports this module and calls register()).

numpy has none of these types: the float values come from ml_dtypes
(PyPI), an implementation independent of LLVM's APFloat, which rounds to
nearest even, saturates f4E2M1FN and overflows the FNUZ types to their NaN
as MLIR does. Every op below is computed in float32 where that is exact
(products and sums of at most 4-bit significands) and rounded once with
ml_dtypes' astype, i.e. correctly rounded as MLIR's folders round. The
sub-byte integers are plain numpy integers wrapped to their width.
"""

import numpy as np

try:
    import ml_dtypes
except ImportError:  # --check skips these cases without it
    ml_dtypes = None

# The cases that need ml_dtypes (packed_i4_i2 is numpy alone).
NAMES = ("scaled_f4_quantize_roundtrip", "arith_f8_fnuz",
         "truncf_small_float_to_min_normal")


def available():
    return ml_dtypes is not None


def _wrap_bits(values, w):
    """Two's complement low `w` bits of integers (as uint8)."""
    return (np.asarray(values, dtype=np.int64) & ((1 << w) - 1)).astype(np.uint8)


def _signed(bits, w):
    b = np.asarray(bits, dtype=np.int64)
    return np.where(b >= 1 << (w - 1), b - (1 << w), b)


# IREE 3.13.0's llvm-cpu emulation of truncf f32 -> fp4/fp8
# (ConvertUnsupportedFloatArith.cpp, TruncFToSmallFloat) rounds a value just
# below the smallest normal number in the subnormal path and masks the
# rounded mantissa to its width: when rounding carries into the exponent
# (0.96 -> 1.0 in f4E2M1FN, 0.00775 -> 2^-7 in f8E4M3FNUZ) the carry is
# dropped and the result is 0.
ROUNDS_UP_TO_MIN_NORMAL = (
    "none found in IREE's tracker (checked 2026-11-25): a new silent wrong "
    "result")


def min_normal_bug(signature):
    return {"verdict": "mismatch", "signature": signature,
            "issue": ROUNDS_UP_TO_MIN_NORMAL,
            "reason": "llvm-cpu's and vmvx's truncf emulation to fp4/fp8 drops the "
                      "carry when a value below the smallest normal rounds "
                      "up to it (the subnormal mantissa is masked to its "
                      "width after rounding), giving 0: 0.96 -> 0 instead "
                      "of 1.0 in f4E2M1FN. ml_dtypes and APFloat round to "
                      "1.0."}


def cuda_small_float(signature):
    """IREE 3.13's NVPTX path on small floats (sm_80 has no fp4/fp8
    arithmetic): the conversion leaves an op LLVM cannot translate."""
    return {"verdict": "compile-error", "signature": signature,
            "issue": "related: https://github.com/iree-org/iree/issues/24625 "
                     "(f8E4M3FN on cuda, the same unconverted small-float "
                     "cast); this form not searched separately",
            "reason": "the small-float emulation does not reach every op "
                      "on cuda:sm_80: a cast or truncf is left for LLVM "
                      "translation, which rejects it."}


def register(case, Raw, Rng, default_expect):
    def need():
        assert ml_dtypes is not None, "pip install ml_dtypes to derive this case"

    @case("scaled_f4_quantize_roundtrip",
          "arith.scaling_truncf f32 -> f4E2M1FN and arith.scaling_extf back "
          "with f8E8M0FNU scales (raw .bin): the f4 code and the "
          "dequantized f32 (values from ml_dtypes).",
          """\
// MX-style quantize/dequantize: q = scaling_truncf(x, s) to f4E2M1FN
// (x / 2^(s-127) in f32, rounded to nearest even, saturating at +-6), the
// dequantized value scaling_extf(q, s) = q * 2^(s-127), and q's 4-bit code.
func.func @main(%x: tensor<12xf32>, %s: tensor<12xf8E8M0FNU>) -> (tensor<12xf32>, tensor<12xi8>) {
  %e = tensor.empty() : tensor<12xf32>
  %e8 = tensor.empty() : tensor<12xi8>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %s : tensor<12xf32>, tensor<12xf8E8M0FNU>) outs(%e, %e8 : tensor<12xf32>, tensor<12xi8>) {
  ^bb0(%a: f32, %sc: f8E8M0FNU, %o: f32, %o8: i8):
    %q = arith.scaling_truncf %a, %sc : f32, f8E8M0FNU to f4E2M1FN
    %d = arith.scaling_extf %q, %sc : f4E2M1FN, f8E8M0FNU to f32
    %b = arith.bitcast %q : f4E2M1FN to i4
    %w = arith.extui %b : i4 to i8
    linalg.yield %d, %w : f32, i8
  } -> (tensor<12xf32>, tensor<12xi8>)
  return %0#0, %0#1 : tensor<12xf32>, tensor<12xi8>
}
""", expect={t: min_normal_bug(
        "output 0 (12xf32): 1 of 12 elements differ; first at [4]: "
        "expected 0.25 (0x3e800000), actual 0") for t in ("llvm-cpu", "vmvx")}
    | {"cuda:sm_80": cuda_small_float(
        "LLVM Translation failed for operation: "
        "builtin.unrealized_conversion_cast")})
    def _scaled():
        need()
        x = np.array([0.7, -1.3, 5.0, 11.0, 0.24, -0.1, 3.0, 100.0, -2.6,
                      0.375, 1e-3, 7.25], dtype=np.float32)
        # Scales away from 0x00 (which the expansion extends to +0) and 0xFF.
        sbits = np.array([127, 127, 128, 128, 125, 127, 126, 130, 127, 124,
                          117, 128], dtype=np.uint8)
        sval = np.ldexp(np.float32(1), sbits.astype(np.int32) - 127).astype(
            np.float32)
        q = (x / sval).astype(ml_dtypes.float4_e2m1fn)
        code = q.view(np.uint8) & 0xF
        deq = q.astype(np.float32) * sval
        return ([x, Raw("f8E8M0FNU", sbits)],
                [deq.astype(np.float32), code.astype(np.int8)])

    @case("arith_f8_fnuz",
          "arith.mulf and addf on f8E4M3FNUZ, mulf on f8E5M2FNUZ, extf to "
          "f32 (raw .bin; values from ml_dtypes): one rounding per op, "
          "overflow to the NaN 0x80, no negative zero.",
          """\
// p = a * b and s = p + a in f8E4M3FNUZ (bias 8, max 240), c * c in
// f8E5M2FNUZ (bias 16, max 57344), and s widened to f32.
func.func @main(%a: tensor<8xf8E4M3FNUZ>, %b: tensor<8xf8E4M3FNUZ>, %c: tensor<8xf8E5M2FNUZ>)
    -> (tensor<8xf8E4M3FNUZ>, tensor<8xf8E5M2FNUZ>, tensor<8xf32>) {
  %p = arith.mulf %a, %b : tensor<8xf8E4M3FNUZ>
  %s = arith.addf %p, %a : tensor<8xf8E4M3FNUZ>
  %cc = arith.mulf %c, %c : tensor<8xf8E5M2FNUZ>
  %w = arith.extf %s : tensor<8xf8E4M3FNUZ> to tensor<8xf32>
  return %s, %cc, %w : tensor<8xf8E4M3FNUZ>, tensor<8xf8E5M2FNUZ>, tensor<8xf32>
}
""", expect={"cuda:sm_80": cuda_small_float(
        "LLVM Translation failed for operation: "
        "builtin.unrealized_conversion_cast")})
    def _fnuz():
        need()
        e4 = ml_dtypes.float8_e4m3fnuz
        e5 = ml_dtypes.float8_e5m2fnuz
        a = np.array([1.5, -2.0, 0.0, 13.0, -0.25, 3.75, 0.0234375, 20.0],
                     dtype=np.float32).astype(e4)
        b = np.array([1.25, 3.0, -5.0, 1.125, -0.25, -1.0, 0.5, 15.0],
                     dtype=np.float32).astype(e4)
        c = np.array([1.5, -3.0, 256.0, 0.0078125, -96.0, 240.0, 1e-4, 0.0],
                     dtype=np.float32).astype(e5)
        f32 = np.float32
        p = (a.astype(f32) * b.astype(f32)).astype(e4)
        s = (p.astype(f32) + a.astype(f32)).astype(e4)
        cc = (c.astype(f32) * c.astype(f32)).astype(e5)
        # The NaN 0x80 widens to the f32 quiet NaN 0x7FC00000 (the constant
        # IREE's extf emulation writes; ml_dtypes gives it the sign bit).
        w = s.astype(f32)
        w[np.isnan(w)] = np.array([0x7FC00000], np.uint32).view(f32)[0]
        return ([Raw("f8E4M3FNUZ", a.view(np.uint8)),
                 Raw("f8E4M3FNUZ", b.view(np.uint8)),
                 Raw("f8E5M2FNUZ", c.view(np.uint8))],
                [Raw("f8E4M3FNUZ", s.view(np.uint8)),
                 Raw("f8E5M2FNUZ", cc.view(np.uint8)), w])

    @case("packed_i4_i2",
          "i4 and i2 tensors as packed raw .bin (IREE's layout: low bits "
          "first): wrapping addi on i4 and i2, an i4 product widened to i8.",
          """\
// s = a + b wraps at 4 bits; m = extsi(a) * extsi(b) in i8 (exact);
// d = c + c wraps at 2 bits.
func.func @main(%a: tensor<4x4xi4>, %b: tensor<4x4xi4>, %c: tensor<8xi2>)
    -> (tensor<4x4xi4>, tensor<4x4xi8>, tensor<8xi2>) {
  %s = arith.addi %a, %b : tensor<4x4xi4>
  %a8 = arith.extsi %a : tensor<4x4xi4> to tensor<4x4xi8>
  %b8 = arith.extsi %b : tensor<4x4xi4> to tensor<4x4xi8>
  %m = arith.muli %a8, %b8 : tensor<4x4xi8>
  %d = arith.addi %c, %c : tensor<8xi2>
  return %s, %m, %d : tensor<4x4xi4>, tensor<4x4xi8>, tensor<8xi2>
}
""")
    def _packed():
        r = Rng(91)
        # IREE wants whole bytes per tensor (16 i4, 8 i2).
        a = r.ints((4, 4), -8, 7)
        b = r.ints((4, 4), -8, 7)
        c = r.ints((8,), -2, 1)
        s = _signed(_wrap_bits(a + b, 4), 4)
        d = _signed(_wrap_bits(c + c, 2), 2)
        return ([Raw("i4", _wrap_bits(a, 4), 4), Raw("i4", _wrap_bits(b, 4), 4),
                 Raw("i2", _wrap_bits(c, 2), 2)],
                [Raw("i4", _wrap_bits(s, 4), 4), (a * b).astype(np.int8),
                 Raw("i2", _wrap_bits(d, 2), 2)])

    @case("truncf_small_float_to_min_normal",
          "arith.truncf f32 -> f4E2M1FN and -> f8E4M3FNUZ of values around "
          "the smallest normal number (values from ml_dtypes): a subnormal "
          "that rounds up becomes the smallest normal.",
          """\
// truncf to f4E2M1FN (smallest normal 1.0, subnormal 0.5) and to
// f8E4M3FNUZ (smallest normal 2^-7), read back as bits: 0.96 and 0.8 round
// up to 1.0 (0x2), 0.74 to 0.5; 0.00775 rounds up to 2^-7 (0x08).
func.func @main(%x: tensor<8xf32>) -> (tensor<8xi8>, tensor<8xi8>) {
  %t = arith.truncf %x : tensor<8xf32> to tensor<8xf4E2M1FN>
  %b = arith.bitcast %t : tensor<8xf4E2M1FN> to tensor<8xi4>
  %e = arith.extui %b : tensor<8xi4> to tensor<8xi8>
  %u = arith.truncf %x : tensor<8xf32> to tensor<8xf8E4M3FNUZ>
  %ub = arith.bitcast %u : tensor<8xf8E4M3FNUZ> to tensor<8xi8>
  return %e, %ub : tensor<8xi8>, tensor<8xi8>
}
""", expect={t: min_normal_bug(
        "output 0 (8xi8): 2 of 8 elements differ; first at [0]: expected 2, "
        "actual 0") for t in ("llvm-cpu", "vmvx")}
    | {"cuda:sm_80": cuda_small_float(
        "missing `LLVMTranslationDialectInterface` registration for dialect "
        "for op: arith.truncf")})
    def _min_normal():
        need()
        x = np.array([0.96, 0.8, 0.74, 0.5, 0.00775, 0.0077, 0.007, 2.9],
                     dtype=np.float32)
        f4 = x.astype(ml_dtypes.float4_e2m1fn).view(np.uint8) & 0xF
        fnuz = x.astype(ml_dtypes.float8_e4m3fnuz).view(np.uint8)
        return [x], [f4.astype(np.int8), fnuz.astype(np.int8)]
