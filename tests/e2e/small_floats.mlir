// Self-checking tests of the small float types: run with
//   ref-run --check tests/e2e/small_floats.mlir
// Every expected value was derived by hand from the formats (sign, exponent
// bits, bias, mantissa bits); the round-to-nearest-even cases were checked
// against ml_dtypes, the f8E8M0FNU ones against MLIR's ExpandOps rules
// (ml_dtypes rounds where the expansion truncates). Bits are read back with
// arith.bitcast (to i4, then extui to i8, for f4E2M1FN).
//
// f4E2M1FN (bias 1, 1 mantissa bit, no NaN/inf): 0x0..0x7 are
//   0, 0.5, 1, 1.5, 2, 3, 4, 6; 0x8..0xF the negatives.

// truncf f32 -> f4E2M1FN, ties to even: 0.25 -> 0 (0x0, not 0.5 = 0x1),
// 0.75 -> 1 (0x2), 1.25 -> 1 (0x2), 1.75 -> 2 (0x4), 2.5 -> 2 (0x4),
// 3.5 -> 4 (0x6), 5 -> 4 (0x6); 7 and 100 overflow and saturate to 6
// (0x7); -5 -> -4 (0xE).
func.func @truncf_f4_ties_and_saturation() {
  %x = util.unfoldable_constant dense<[0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 7.0, 100.0, -5.0]> : tensor<10xf32>
  %t = arith.truncf %x : tensor<10xf32> to tensor<10xf4E2M1FN>
  %b = arith.bitcast %t : tensor<10xf4E2M1FN> to tensor<10xi4>
  %e = arith.extui %b : tensor<10xi4> to tensor<10xi8>
  check.expect_eq_const(%e, dense<[0, 2, 2, 4, 4, 6, 6, 7, 7, 14]> : tensor<10xi8>) : tensor<10xi8>
  return
}

// An infinity has no f4 encoding: +-inf saturate to +-6 (0x7, 0xF), as
// IREE's emulation and MLIR's f4 truncf expansion both clamp.
func.func @truncf_f4_infinity() {
  %x = util.unfoldable_constant dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
  %t = arith.truncf %x : tensor<2xf32> to tensor<2xf4E2M1FN>
  %b = arith.bitcast %t : tensor<2xf4E2M1FN> to tensor<2xi4>
  %e = arith.extui %b : tensor<2xi4> to tensor<2xi8>
  check.expect_eq_const(%e, dense<[7, 15]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// f4 arithmetic, one rounding per op: 1.5 + 1.5 = 3 (0x5); 6 + 1 = 7
// saturates to 6 (0x7); -6 + -6 saturates to -6 (0xF); 1.5 * 1.5 = 2.25
// -> 2 (0x4); 0.5 * 0.5 = 0.25 -> 0 (tie to even, 0x0); 1 / 0 = +inf and
// -1 / 0 = -inf saturate to 6 (0x7) and -6 (0xF).
func.func @f4_arith() {
  %a = util.unfoldable_constant dense<[1.5, 6.0, -6.0]> : tensor<3xf4E2M1FN>
  %b = util.unfoldable_constant dense<[1.5, 1.0, -6.0]> : tensor<3xf4E2M1FN>
  %s = arith.addf %a, %b : tensor<3xf4E2M1FN>
  %sb = arith.bitcast %s : tensor<3xf4E2M1FN> to tensor<3xi4>
  %se = arith.extui %sb : tensor<3xi4> to tensor<3xi8>
  check.expect_eq_const(%se, dense<[5, 7, 15]> : tensor<3xi8>) : tensor<3xi8>
  %c = util.unfoldable_constant dense<[1.5, 0.5]> : tensor<2xf4E2M1FN>
  %m = arith.mulf %c, %c : tensor<2xf4E2M1FN>
  %mb = arith.bitcast %m : tensor<2xf4E2M1FN> to tensor<2xi4>
  %me = arith.extui %mb : tensor<2xi4> to tensor<2xi8>
  check.expect_eq_const(%me, dense<[4, 0]> : tensor<2xi8>) : tensor<2xi8>
  %n = util.unfoldable_constant dense<[1.0, -1.0]> : tensor<2xf4E2M1FN>
  %z = util.unfoldable_constant dense<0.0> : tensor<2xf4E2M1FN>
  %d = arith.divf %n, %z : tensor<2xf4E2M1FN>
  %db = arith.bitcast %d : tensor<2xf4E2M1FN> to tensor<2xi4>
  %de = arith.extui %db : tensor<2xi4> to tensor<2xi8>
  check.expect_eq_const(%de, dense<[7, 15]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// math on f4, computed in f32 and rounded once: sqrt(4) = 2 (0x4);
// exp(1) = 2.718... -> 3 (0x5).
func.func @f4_math() {
  %a = util.unfoldable_constant dense<[4.0]> : tensor<1xf4E2M1FN>
  %b = util.unfoldable_constant dense<[1.0]> : tensor<1xf4E2M1FN>
  %s = math.sqrt %a : tensor<1xf4E2M1FN>
  %e = math.exp %b : tensor<1xf4E2M1FN>
  %r = tensor.concat dim(0) %s, %e : (tensor<1xf4E2M1FN>, tensor<1xf4E2M1FN>) -> tensor<2xf4E2M1FN>
  %rb = arith.bitcast %r : tensor<2xf4E2M1FN> to tensor<2xi4>
  %re = arith.extui %rb : tensor<2xi4> to tensor<2xi8>
  check.expect_eq_const(%re, dense<[4, 5]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// f6E3M2FN (bias 3, 2 mantissa bits, max 28 = 0x1F): 30 is the tie
// between 28 and 32 (beyond the format): saturates to 28; 1000 too;
// 1.0 = 0b0_011_00 = 0x0C; 0.0625 = 2^-4 is the smallest subnormal (0x01);
// 0.03125 ties between 0 and it -> 0. Read back through extf to f32.
func.func @f6E3M2FN_truncf() {
  %x = util.unfoldable_constant dense<[30.0, 1000.0, 1.0, 0.0625, 0.03125]> : tensor<5xf32>
  %t = arith.truncf %x : tensor<5xf32> to tensor<5xf6E3M2FN>
  %e = arith.extf %t : tensor<5xf6E3M2FN> to tensor<5xf32>
  check.expect_eq_const(%e, dense<[28.0, 28.0, 1.0, 0.0625, 0.0]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// f6E2M3FN (bias 1, 3 mantissa bits, max 7.5): 8 saturates to 7.5;
// 0.1875 ties between 0.125 (0x01) and 0.25 (0x02) -> 0.25 (even).
func.func @f6E2M3FN_truncf() {
  %x = util.unfoldable_constant dense<[8.0, 0.1875, -0.125]> : tensor<3xf32>
  %t = arith.truncf %x : tensor<3xf32> to tensor<3xf6E2M3FN>
  %e = arith.extf %t : tensor<3xf6E2M3FN> to tensor<3xf32>
  check.expect_eq_const(%e, dense<[7.5, 0.25, -0.125]> : tensor<3xf32>) : tensor<3xf32>
  return
}

// Rounding to an integer on f6E2M3FN, whose largest value 7.5 is below
// 2^3 (APFloat's roundToIntegral, which adds and subtracts 2^(p-1) = 8 in
// the value's own format, returned 0 for all of these; found by
// scripts/dtype_matrix.py). By hand, on [2.5, -1.5, 7.5, 0.625, -2.5, 3.5,
// -0.5, 7.0]:
//   floor     [2, -2, 7, 0, -3, 3, -1, 7]
//   ceil      [3, -1, 8, 1, -2, 4, -0, 7]
//   trunc     [2, -1, 7, 0, -2, 3, -0, 7]
//   round     [3, -2, 8, 1, -3, 4, -1, 7]   (ties away from zero)
//   roundeven [2, -2, 8, 1, -2, 4, -0, 7]   (ties to even)
// where 8 is not representable and saturates to 7.5, as IREE's f32
// computation followed by truncf does (see @f6E2M3FN_truncf).
func.func @f6E2M3FN_round_to_integral() {
  %x = util.unfoldable_constant dense<[2.5, -1.5, 7.5, 0.625, -2.5, 3.5, -0.5, 7.0]> : tensor<8xf6E2M3FN>
  %f = math.floor %x : tensor<8xf6E2M3FN>
  %c = math.ceil %x : tensor<8xf6E2M3FN>
  %t = math.trunc %x : tensor<8xf6E2M3FN>
  %r = math.round %x : tensor<8xf6E2M3FN>
  %e = math.roundeven %x : tensor<8xf6E2M3FN>
  check.expect_eq_const(%f, dense<[2.0, -2.0, 7.0, 0.0, -3.0, 3.0, -1.0, 7.0]> : tensor<8xf6E2M3FN>) : tensor<8xf6E2M3FN>
  check.expect_eq_const(%c, dense<[3.0, -1.0, 7.5, 1.0, -2.0, 4.0, -0.0, 7.0]> : tensor<8xf6E2M3FN>) : tensor<8xf6E2M3FN>
  check.expect_eq_const(%t, dense<[2.0, -1.0, 7.0, 0.0, -2.0, 3.0, -0.0, 7.0]> : tensor<8xf6E2M3FN>) : tensor<8xf6E2M3FN>
  check.expect_eq_const(%r, dense<[3.0, -2.0, 7.5, 1.0, -3.0, 4.0, -1.0, 7.0]> : tensor<8xf6E2M3FN>) : tensor<8xf6E2M3FN>
  check.expect_eq_const(%e, dense<[2.0, -2.0, 7.5, 1.0, -2.0, 4.0, -0.0, 7.0]> : tensor<8xf6E2M3FN>) : tensor<8xf6E2M3FN>
  return
}

// f8E4M3B11FNUZ (bias 11, 3 mantissa bits, max 30 = 0x7F, NaN = 0x80):
// 1.0 = 0b0_1011_000 = 0x58 (88); -0.0 has no encoding -> +0; 30 -> 0x7F;
// 31 ties between 30 (odd mantissa) and 32 (beyond max): rounds up and
// overflows to NaN (0x80 = -128), as 32 and 1e30 do.
func.func @f8E4M3B11FNUZ_truncf() {
  %x = util.unfoldable_constant dense<[1.0, -0.0, 30.0, 31.0, 32.0, 1.0e30]> : tensor<6xf32>
  %t = arith.truncf %x : tensor<6xf32> to tensor<6xf8E4M3B11FNUZ>
  %b = arith.bitcast %t : tensor<6xf8E4M3B11FNUZ> to tensor<6xi8>
  check.expect_eq_const(%b, dense<[88, 0, 127, -128, -128, -128]> : tensor<6xi8>) : tensor<6xi8>
  return
}

// f8E4M3FNUZ (bias 8): sitofp 3 = 1.1b * 2^1 -> 0b0_1001_100 = 0x4C (76);
// 7 = 1.11b * 2^2 -> 0b0_1010_110 = 0x56 (86); -1000000 overflows to NaN
// (0x80). fptosi back gives 3 and 7.
func.func @f8E4M3FNUZ_int_casts() {
  %i = util.unfoldable_constant dense<[3, -1000000, 7]> : tensor<3xi32>
  %f = arith.sitofp %i : tensor<3xi32> to tensor<3xf8E4M3FNUZ>
  %b = arith.bitcast %f : tensor<3xf8E4M3FNUZ> to tensor<3xi8>
  check.expect_eq_const(%b, dense<[76, -128, 86]> : tensor<3xi8>) : tensor<3xi8>
  %g = util.unfoldable_constant dense<[3.0, 7.0]> : tensor<2xf8E4M3FNUZ>
  %j = arith.fptosi %g : tensor<2xf8E4M3FNUZ> to tensor<2xi32>
  check.expect_eq_const(%j, dense<[3, 7]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// FNUZ has no -0: negf(+0) stays 0x00; its NaN (0x80) is unordered.
func.func @f8E5M2FNUZ_negzero_and_nan() {
  %z = util.unfoldable_constant dense<[0.0]> : tensor<1xf8E5M2FNUZ>
  %n = arith.negf %z : tensor<1xf8E5M2FNUZ>
  %b = arith.bitcast %n : tensor<1xf8E5M2FNUZ> to tensor<1xi8>
  check.expect_eq_const(%b, dense<[0]> : tensor<1xi8>) : tensor<1xi8>
  %nan = util.unfoldable_constant dense<[-128]> : tensor<1xi8>
  %f = arith.bitcast %nan : tensor<1xi8> to tensor<1xf8E5M2FNUZ>
  %u = arith.cmpf uno, %f, %f : tensor<1xf8E5M2FNUZ>
  check.expect_eq_const(%u, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// f8E8M0FNU is 2^(byte - 127), 0xFF is NaN. truncf keeps the f32 exponent
// field (MLIR's expansion, which IREE uses): 1 -> 127, 3 -> 128 (2, not
// the nearer 4), -4 -> 129 (sign dropped), 0 -> 0, inf and NaN -> 0xFF,
// the f32 subnormal 1e-40 -> 0.
func.func @f8E8M0FNU_truncf() {
  %x = util.unfoldable_constant dense<[1.0, 3.0, -4.0, 0.0, 0x7F800000, 0x7FC00000, 1.0e-40]> : tensor<7xf32>
  %t = arith.truncf %x : tensor<7xf32> to tensor<7xf8E8M0FNU>
  %b = arith.bitcast %t : tensor<7xf8E8M0FNU> to tensor<7xi8>
  check.expect_eq_const(%b, dense<[127, -128, -127, 0, -1, -1, 0]> : tensor<7xi8>) : tensor<7xi8>
  return
}

// extf from f8E8M0FNU makes the byte the f32 exponent field: 0x7F -> 1.0
// (0x3F800000), 0x80 -> 2.0 (0x40000000), 0x00 -> +0.0 (not 2^-127),
// 0xFE -> 2^127 (0x7F000000), 0xFF -> the NaN 0xFFFFFFFF.
func.func @f8E8M0FNU_extf() {
  %x = util.unfoldable_constant dense<[127, -128, 0, -2, -1]> : tensor<5xi8>
  %s = arith.bitcast %x : tensor<5xi8> to tensor<5xf8E8M0FNU>
  %f = arith.extf %s : tensor<5xf8E8M0FNU> to tensor<5xf32>
  %b = arith.bitcast %f : tensor<5xf32> to tensor<5xi32>
  check.expect_eq_const(%b, dense<[1065353216, 1073741824, 0, 2130706432, -1]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// scaling_extf = extf(in) * extf(scale): f4 [1, 3, -1.5, 6] with scales
// [1 (0x7F), 4 (0x81), 0.5 (0x7E), NaN (0xFF)] -> [1, 12, -0.75, NaN].
func.func @scaling_extf_f4() {
  %in = util.unfoldable_constant dense<[1.0, 3.0, -1.5, 6.0]> : tensor<4xf4E2M1FN>
  %sb = util.unfoldable_constant dense<[127, -127, 126, -1]> : tensor<4xi8>
  %s = arith.bitcast %sb : tensor<4xi8> to tensor<4xf8E8M0FNU>
  %r = arith.scaling_extf %in, %s : tensor<4xf4E2M1FN>, tensor<4xf8E8M0FNU> to tensor<4xf32>
  check.expect_almost_eq_const(%r, dense<[1.0, 12.0, -0.75, 0x7FC00000]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// An f32 scale is first truncated to f8E8M0FNU: 3.0 -> 2 (0x80), 0.0 ->
// 0x00, which extends to +0.0: in [1, 1] -> [2, 0].
func.func @scaling_extf_f32_scale() {
  %in = util.unfoldable_constant dense<[1.0, 1.0]> : tensor<2xf4E2M1FN>
  %s = util.unfoldable_constant dense<[3.0, 0.0]> : tensor<2xf32>
  %r = arith.scaling_extf %in, %s : tensor<2xf4E2M1FN>, tensor<2xf32> to tensor<2xf32>
  check.expect_eq_const(%r, dense<[2.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// scaling_truncf = truncf(in / extf(scale)): scales 2 (0x80) and 0.25
// (0x7D); 3/2 = 1.5 (0x3), 6/2 = 3 (0x5), 100/2 = 50 saturates to 6 (0x7),
// 0.3/0.25 = 1.2 (in f32) -> 1 (0x2).
func.func @scaling_truncf_f4() {
  %in = util.unfoldable_constant dense<[3.0, 6.0, 100.0, 0.3]> : tensor<4xf32>
  %sb = util.unfoldable_constant dense<[-128, -128, -128, 125]> : tensor<4xi8>
  %s = arith.bitcast %sb : tensor<4xi8> to tensor<4xf8E8M0FNU>
  %r = arith.scaling_truncf %in, %s : tensor<4xf32>, tensor<4xf8E8M0FNU> to tensor<4xf4E2M1FN>
  %b = arith.bitcast %r : tensor<4xf4E2M1FN> to tensor<4xi4>
  %e = arith.extui %b : tensor<4xi4> to tensor<4xi8>
  check.expect_eq_const(%e, dense<[3, 5, 7, 2]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// A truncf with a rounding mode, to f8E5M2FNUZ (bias 16, 2 mantissa bits):
// 1.1 lies between 1.0 (0x40) and 1.25 (0x41): toward_zero and downward
// give 0x40 (64), upward 0x41 (65).
func.func @truncf_rounding_modes_fnuz() {
  %x = util.unfoldable_constant dense<[1.1]> : tensor<1xf32>
  %z = arith.truncf %x toward_zero : tensor<1xf32> to tensor<1xf8E5M2FNUZ>
  %d = arith.truncf %x downward : tensor<1xf32> to tensor<1xf8E5M2FNUZ>
  %u = arith.truncf %x upward : tensor<1xf32> to tensor<1xf8E5M2FNUZ>
  %r = tensor.concat dim(0) %z, %d, %u : (tensor<1xf8E5M2FNUZ>, tensor<1xf8E5M2FNUZ>, tensor<1xf8E5M2FNUZ>) -> tensor<3xf8E5M2FNUZ>
  %b = arith.bitcast %r : tensor<3xf8E5M2FNUZ> to tensor<3xi8>
  check.expect_eq_const(%b, dense<[64, 64, 65]> : tensor<3xi8>) : tensor<3xi8>
  return
}
