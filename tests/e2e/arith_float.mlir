// Self-checking e2e tests for the floating-point ops of the `arith` dialect on
// f16, bf16, f32 and f64, run with
//   ref-run --check arith_float.mlir
// Every expected value was derived by hand; the arithmetic is written above
// each function. All float comparisons are exact: check.expect_eq_const
// compares bit patterns (so -0.0 and +0.0 differ), never with a tolerance.
// NaN results are checked with `arith.cmpf uno, %x, %x` (true iff x is NaN)
// because the NaN payload is not part of what these tests pin down.
//
// Rounding is IEEE round-to-nearest-even, applied to the op's own type after
// every op. Reference points used below:
//   f16 : 11 significand bits; max 65504 (0x7BFF), spacing 32 in [32768, 65536),
//         so every value >= 65520 (halfway to 65536) rounds to inf; spacing 1
//         in [1024, 2048) and 2 in [2048, 4096); smallest subnormal 2^-24
//         = 5.96046448e-08; smallest normal 2^-14 = 6.10351563e-05.
//   bf16: 8 significand bits; spacing 2 in [256, 512); 2^-7 in [1, 2);
//         max (2 - 2^-7) * 2^127 = 3.38953139e+38 (0x7F7F).
//   f32 : 24 significand bits; spacing 2 in [2^24, 2^25); max 3.40282347e+38.
//   f64 : 53 significand bits; spacing 2 in [2^53, 2^54).
// Hex literals are bit patterns: inf = 0x7C00 (f16), 0x7F80 (bf16),
// 0x7F800000 (f32), 0x7FF0000000000000 (f64); quiet NaN = 0x7E00, 0x7FC0,
// 0x7FC00000, 0x7FF8000000000000.

#id = affine_map<(d0) -> (d0)>

//===----------------------------------------------------------------------===//
// Rounding in the op's own type (cases an f32 intermediate would get wrong)
//===----------------------------------------------------------------------===//

// r = (a + b) + b, two f16 additions, each rounded to f16:
//   lane 0: 2048 + 1 = 2049 is halfway between 2048 (even significand) and
//           2050 -> 2048; again 2048 + 1 -> 2048.    (one f32 rounding: 2050)
//   lane 1: 2048 + 3 = 2051, halfway between 2050 (odd) and 2052 (even) -> 2052;
//           2052 + 3 = 2055, halfway between 2054 (odd) and 2056 -> 2056. (f32: 2054)
//   lane 2: 1 + 2^-11 is halfway between 1 and 1 + 2^-10 -> 1; twice -> 1.
//           (f32: 1 + 2^-10 = 1.0009765625)
//   lane 3: 65504 + 8 = 65512 < 65520 -> 65504; twice -> 65504.
//           (f32: 65520, which rounds to inf in f16)
func.func @f16_add_chain_rounds_each_op() {
  %a = util.unfoldable_constant dense<[2048.0, 2048.0, 1.0, 65504.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[1.0, 3.0, 0.00048828125, 8.0]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.addf %x, %y : f16
    %t = arith.addf %s, %y : f16
    linalg.yield %t : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[2048.0, 2056.0, 1.0, 65504.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

// The same sums when the program itself computes in f32: extf, two f32
// additions (all exact), one truncf to f16:
//   2048+1+1 = 2050 (representable); 2048+3+3 = 2054 (representable);
//   1 + 2^-11 + 2^-11 = 1 + 2^-10 = 1.0009765625 (representable);
//   65504+8+8 = 65520 -> halfway between 65504 (odd) and 65536 (even) -> inf.
func.func @f16_add_chain_via_explicit_f32() {
  %a = util.unfoldable_constant dense<[2048.0, 2048.0, 1.0, 65504.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[1.0, 3.0, 0.00048828125, 8.0]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %xw = arith.extf %x : f16 to f32
    %yw = arith.extf %y : f16 to f32
    %s = arith.addf %xw, %yw : f32
    %t = arith.addf %s, %yw : f32
    %n = arith.truncf %t : f32 to f16
    linalg.yield %n : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[2050.0, 2054.0, 1.0009765625, 0x7C00]> : tensor<4xf16>) : tensor<4xf16>
  return
}

// r = (a + b) + b in bf16 (spacing 2 in [256, 512), 2^-7 in [1, 2)):
//   lane 0: 256 + 1 = 257, halfway between 256 (even) and 258 -> 256; again -> 256.
//           (f32: 258)
//   lane 1: 256 + 3 = 259, halfway between 258 (odd) and 260 (even) -> 260;
//           260 + 3 = 263, halfway between 262 (odd) and 264 -> 264. (f32: 262)
//   lane 2: 1 + 2^-8 (0.00390625), halfway between 1 and 1 + 2^-7 -> 1; twice -> 1.
//           (f32: 1 + 2^-7 = 1.0078125)
//   lane 3: max = 2^128 - 2^120 (0x7F7F); max + 2^118 is below the halfway
//           point max + 2^119 -> max; twice -> max. (f32: max + 2^119 = the
//           halfway point, ties to the even 2^128 -> inf)
//           2^118 = 0x7A80.
func.func @bf16_add_chain_rounds_each_op() {
  %a = util.unfoldable_constant dense<[256.0, 256.0, 1.0, 0x7F7F]> : tensor<4xbf16>
  %b = util.unfoldable_constant dense<[1.0, 3.0, 0.00390625, 0x7A80]> : tensor<4xbf16>
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    %t = arith.addf %s, %y : bf16
    linalg.yield %t : bf16
  } -> tensor<4xbf16>
  check.expect_eq_const(%r, dense<[256.0, 264.0, 1.0, 0x7F7F]> : tensor<4xbf16>) : tensor<4xbf16>
  return
}

// Cancellation after a rounded add, r = (a + b) - a:
//   f16 : (2048 + 1) - 2048 = 2048 - 2048 = 0      (f32: 1)
//         (1 + 2^-11) - 1 = 1 - 1 = 0              (f32: 2^-11)
//   bf16: (256 + 1) - 256 = 0                       (f32: 1)
//         (1 + 2^-8) - 1 = 0                        (f32: 2^-8)
func.func @f16_bf16_cancellation() {
  %a = util.unfoldable_constant dense<[2048.0, 1.0]> : tensor<2xf16>
  %b = util.unfoldable_constant dense<[1.0, 0.00048828125]> : tensor<2xf16>
  %e = tensor.empty() : tensor<2xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<2xf16>, tensor<2xf16>) outs(%e : tensor<2xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.addf %x, %y : f16
    %t = arith.subf %s, %x : f16
    linalg.yield %t : f16
  } -> tensor<2xf16>
  check.expect_eq_const(%r, dense<[0.0, 0.0]> : tensor<2xf16>) : tensor<2xf16>
  %c = util.unfoldable_constant dense<[256.0, 1.0]> : tensor<2xbf16>
  %d = util.unfoldable_constant dense<[1.0, 0.00390625]> : tensor<2xbf16>
  %eb = tensor.empty() : tensor<2xbf16>
  %rb = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%c, %d : tensor<2xbf16>, tensor<2xbf16>) outs(%eb : tensor<2xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    %t = arith.subf %s, %x : bf16
    linalg.yield %t : bf16
  } -> tensor<2xbf16>
  check.expect_eq_const(%rb, dense<[0.0, 0.0]> : tensor<2xbf16>) : tensor<2xbf16>
  return
}

// f16 overflow (values >= 65520 round to inf, see the header):
//   65504 + 16 = 65520: halfway between 65504 (significand 0x3FF, odd) and
//     65536 (even) -> 65536, which is out of range -> inf
//   65504 + 15 = 65519 < 65520 -> 65504
//   65504 * 2 = 131008 -> inf;  -65504 - 16 = -65520 -> -inf
//   32768 + 16 = 32784: spacing in [32768, 65536) is 32, halfway between
//     32768 (even) and 32800 -> 32768
// and chained, r = (a + b) - b:
//   (65504 + 16) - 16 = inf - 16 = inf   (f32: 65504)
//   (65504 + 15) - 15 = 65504 - 15 = 65489, spacing 32: between 65472 and
//     65504, nearer 65504 (distance 15 vs 17) -> 65504
func.func @f16_overflow() {
  %a = util.unfoldable_constant dense<[65504.0, 65504.0, -65504.0, 32768.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[16.0, 15.0, -16.0, 16.0]> : tensor<4xf16>
  %s = arith.addf %a, %b : tensor<4xf16>
  check.expect_eq_const(%s, dense<[0x7C00, 65504.0, 0xFC00, 32768.0]> : tensor<4xf16>) : tensor<4xf16>
  %two = util.unfoldable_constant dense<[2.0, 2.0, 2.0, 2.0]> : tensor<4xf16>
  %m = arith.mulf %a, %two : tensor<4xf16>
  // [65504*2, 65504*2, -65504*2, 32768*2 = 65536] -> [inf, inf, -inf, inf]
  check.expect_eq_const(%m, dense<[0x7C00, 0x7C00, 0xFC00, 0x7C00]> : tensor<4xf16>) : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %t = arith.addf %x, %y : f16
    %u = arith.subf %t, %y : f16
    linalg.yield %u : f16
  } -> tensor<4xf16>
  // lanes: (65504+16)-16 = inf; (65504+15)-15 = 65504; (-65504-16)+16 = -inf;
  //        (32768+16)-16 = 32768-16 = 32752 (spacing 16 in [16384, 32768)).
  check.expect_eq_const(%r, dense<[0x7C00, 65504.0, 0xFC00, 32752.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

// bf16 overflow: max = 0x7F7F = 2^128 - 2^120, spacing 2^120 there.
//   max + 2^119 (0x7B00) is exactly halfway to 2^128; max's significand is odd
//   (0x7F), so it rounds up to 2^128 -> inf.  max + 2^118 -> max.
//   max * 2 -> inf; -max - 2^119 -> -inf.
func.func @bf16_overflow() {
  %a = util.unfoldable_constant dense<[0x7F7F, 0x7F7F, 0xFF7F]> : tensor<3xbf16>
  %b = util.unfoldable_constant dense<[0x7B00, 0x7A80, 0xFB00]> : tensor<3xbf16>
  %s = arith.addf %a, %b : tensor<3xbf16>
  check.expect_eq_const(%s, dense<[0x7F80, 0x7F7F, 0xFF80]> : tensor<3xbf16>) : tensor<3xbf16>
  %two = util.unfoldable_constant dense<[2.0, 1.0, 2.0]> : tensor<3xbf16>
  %m = arith.mulf %a, %two : tensor<3xbf16>
  check.expect_eq_const(%m, dense<[0x7F80, 0x7F7F, 0xFF80]> : tensor<3xbf16>) : tensor<3xbf16>
  return
}

// f16 subnormals (spacing 2^-24 below 2^-14), r = (a * b) * c:
//   lane 0: 2^-24 * 0.5 = 2^-25, halfway between 0 (even) and 2^-24 -> +0; *4 -> 0
//           (f32: 2^-23)
//   lane 1: 2^-24 * 1.5 = 1.5 units of 2^-24, halfway between 1 (odd) and 2
//           units -> 2^-23 = 1.1920929e-07; *1 -> 2^-23
//   lane 2: 2^-24 * 2.5 = 2.5 units, halfway between 2 (even) and 3 -> 2^-23; *1
//   lane 3: 2^-14 * 0.5 = 2^-15 = 3.05175781e-05, an exact subnormal; *1
//   lane 4: f16(1e-4) = 1.00016594e-04 (1e-4 = 1.6384 * 2^-14, significand
//           rounds to 1 + 654/1024); squared ~ 1.0003e-08 < 2^-25 = 2.98e-08
//           -> 0; * 10000 = 0.   (f32: ~1.0003e-04)
//   lane 5: -f16(1e-4) * f16(1e-4) -> -0; * 10000 = -0
func.func @f16_subnormals() {
  %a = util.unfoldable_constant dense<[5.96046448e-08, 5.96046448e-08, 5.96046448e-08, 6.10351563e-05, 1.0e-4, -1.0e-4]> : tensor<6xf16>
  %b = util.unfoldable_constant dense<[0.5, 1.5, 2.5, 0.5, 1.0e-4, 1.0e-4]> : tensor<6xf16>
  %c = util.unfoldable_constant dense<[4.0, 1.0, 1.0, 1.0, 10000.0, 10000.0]> : tensor<6xf16>
  %e = tensor.empty() : tensor<6xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<6xf16>, tensor<6xf16>, tensor<6xf16>) outs(%e : tensor<6xf16>) {
  ^bb0(%x: f16, %y: f16, %z: f16, %o: f16):
    %p = arith.mulf %x, %y : f16
    %q = arith.mulf %p, %z : f16
    linalg.yield %q : f16
  } -> tensor<6xf16>
  check.expect_eq_const(%r, dense<[0.0, 1.1920929e-07, 1.1920929e-07, 3.05175781e-05, 0.0, -0.0]> : tensor<6xf16>) : tensor<6xf16>
  %bits = arith.bitcast %r : tensor<6xf16> to tensor<6xi16>
  // 2^-23 = 2 units = 0x0002; 2^-15 = 0x0200 = 512; -0 = 0x8000 = -32768
  check.expect_eq_const(%bits, dense<[0, 2, 2, 512, 0, -32768]> : tensor<6xi16>) : tensor<6xi16>
  return
}

// Division rounds once to the op's type:
//   1/3 = 0.010101...b = 1.0101...b * 2^-2
//   f16 : 10 fraction bits 0101010101, rest 0101... < half -> down:
//         (1 + 341/1024)/4 = 1365/4096 = 0.333251953125
//   bf16: 7 fraction bits 0101010, rest 1010... > half -> up to 0101011:
//         (1 + 43/128)/4 = 171/512 = 0.333984375
//   f32 : 0x3EAAAAAB = 0.333333343 (rest 1010... > half -> up)
//   f64 : 0x3FD5555555555555 = 0.33333333333333331 (rest 0101... -> down)
//   2/3 = 1.0101...b * 2^-1:
//   f16 : fraction 0101010101, rest 0101... -> down: (1 + 341/1024)/2 = 0.66650390625
//   bf16: fraction 0101010, rest 1010... -> up: (1 + 43/128)/2 = 0.66796875
func.func @divf_rounding() {
  %n16 = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf16>
  %d16 = util.unfoldable_constant dense<[3.0, 3.0]> : tensor<2xf16>
  %q16 = arith.divf %n16, %d16 : tensor<2xf16>
  check.expect_eq_const(%q16, dense<[0.333251953125, 0.66650390625]> : tensor<2xf16>) : tensor<2xf16>
  %nb = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %db = util.unfoldable_constant dense<[3.0, 3.0]> : tensor<2xbf16>
  %qb = arith.divf %nb, %db : tensor<2xbf16>
  check.expect_eq_const(%qb, dense<[0.333984375, 0.66796875]> : tensor<2xbf16>) : tensor<2xbf16>
  %n32 = util.unfoldable_constant dense<[1.0]> : tensor<1xf32>
  %d32 = util.unfoldable_constant dense<[3.0]> : tensor<1xf32>
  %q32 = arith.divf %n32, %d32 : tensor<1xf32>
  check.expect_eq_const(%q32, dense<[0x3EAAAAAB]> : tensor<1xf32>) : tensor<1xf32>
  %n64 = util.unfoldable_constant dense<[1.0]> : tensor<1xf64>
  %d64 = util.unfoldable_constant dense<[3.0]> : tensor<1xf64>
  %q64 = arith.divf %n64, %d64 : tensor<1xf64>
  check.expect_eq_const(%q64, dense<[0x3FD5555555555555]> : tensor<1xf64>) : tensor<1xf64>
  return
}

// f32 addition, ties to even (spacing 2 in [2^24, 2^25)):
//   2^24 + 1 = 16777217, halfway between 16777216 (even) and 16777218 -> 16777216
//   2^24 + 3 = 16777219, halfway between 16777218 (odd) and 16777220 -> 16777220
//   2^24 + 5 = 16777221, halfway between 16777220 (even) and 16777222 -> 16777220
//   1 + 2^-24, halfway between 1 and 1 + 2^-23 -> 1
//   max + max -> inf; -0 + -0 = -0; -0 + +0 = +0
func.func @addf_rounding_f32() {
  %a = util.unfoldable_constant dense<[16777216.0, 16777216.0, 16777216.0, 1.0, 3.40282347e+38, -0.0, -0.0]> : tensor<7xf32>
  %b = util.unfoldable_constant dense<[1.0, 3.0, 5.0, 5.96046448e-08, 3.40282347e+38, -0.0, 0.0]> : tensor<7xf32>
  %s = arith.addf %a, %b : tensor<7xf32>
  check.expect_eq_const(%s, dense<[16777216.0, 16777220.0, 16777220.0, 1.0, 0x7F800000, -0.0, 0.0]> : tensor<7xf32>) : tensor<7xf32>
  return
}

// f32 subtraction:
//   1.5 - 1.5 = +0 (an exact zero difference is +0 in round-to-nearest)
//   1 - 2^-24 = 0.99999994 (0x3F7FFFFF, exact: spacing below 1 is 2^-24)
//   1 - 2^-25: halfway between 1 - 2^-24 (odd, 0x3F7FFFFF) and 1 (even) -> 1
//   -0 - +0 = -0
func.func @subf_rounding_f32() {
  %a = util.unfoldable_constant dense<[1.5, 1.0, 1.0, -0.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[1.5, 5.96046448e-08, 2.98023224e-08, 0.0]> : tensor<4xf32>
  %s = arith.subf %a, %b : tensor<4xf32>
  check.expect_eq_const(%s, dense<[0.0, 0x3F7FFFFF, 1.0, -0.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// f32 multiplication:
//   1e-30 * 1e-30 ~ 1e-60, below half the smallest subnormal (2^-150) -> +0;
//   -1e-30 * 1e-30 -> -0
//   2^-126 (0x00800000) * 0.5 = 2^-127 = 0x00400000 (exact subnormal)
//   2^-149 (0x00000001) * 0.5 = 2^-150, halfway between 0 and 2^-149 -> +0
//   2^-149 * 1.5: halfway between 2^-149 (odd) and 2^-148 (even) -> 0x00000002
//   (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 -> 1 + 2^-22 (0x3F800001^2 -> 0x3F800002)
//   3 * inf = inf
func.func @mulf_rounding_f32() {
  %a = util.unfoldable_constant dense<[1.0e-30, -1.0e-30, 0x00800000, 0x00000001, 0x00000001, 0x3F800001, 3.0]> : tensor<7xf32>
  %b = util.unfoldable_constant dense<[1.0e-30, 1.0e-30, 0.5, 0.5, 1.5, 0x3F800001, 0x7F800000]> : tensor<7xf32>
  %m = arith.mulf %a, %b : tensor<7xf32>
  check.expect_eq_const(%m, dense<[0.0, -0.0, 0x00400000, 0.0, 0x00000002, 0x3F800002, 0x7F800000]> : tensor<7xf32>) : tensor<7xf32>
  return
}

// f32 division:
//   2/3 = 1.0101...b * 2^-1, 23 fraction bits 0101...010, rest 1010... > half
//     -> up: 0x3F2AAAAB
//   10/4 = 2.5; -7/2 = -3.5
//   0x00000003 / 2 = 1.5 * 2^-149, halfway between 2^-149 (odd) and 2^-148 -> 0x00000002
//   1e38 / 1e-38 ~ 1e76 -> inf
func.func @divf_rounding_f32() {
  %a = util.unfoldable_constant dense<[2.0, 10.0, -7.0, 0x00000003, 1.0e38]> : tensor<5xf32>
  %b = util.unfoldable_constant dense<[3.0, 4.0, 2.0, 2.0, 1.0e-38]> : tensor<5xf32>
  %q = arith.divf %a, %b : tensor<5xf32>
  check.expect_eq_const(%q, dense<[0x3F2AAAAB, 2.5, -3.5, 0x00000002, 0x7F800000]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// remf is C fmod: x - trunc(x/y)*y computed exactly, with the sign of x.
//   fmod(5.5, 2) = 1.5; fmod(-5.5, 2) = -1.5; fmod(5.5, -2) = 1.5
//   fmod(-7, 7) = -0; fmod(1, inf) = 1; fmod(7, 0.75) = 7 - 9*0.75 = 0.25
//   fmod(1e10, 3) = 1: 1e10 = 2^10 * 9765625 is exact in f32 and
//     1e10 - 1 = 9999999999 is divisible by 3 (digit sum 90)
//   (a naive x - trunc(x/y)*y in f32 would not give 1 here)
// f16: fmod(65504, 3) = 65504 - 21834*3 = 65504 - 65502 = 2
//      fmod(-65504, 1000) = -(65504 - 65000) = -504
func.func @remf_fmod() {
  %a = util.unfoldable_constant dense<[5.5, -5.5, 5.5, -7.0, 1.0, 7.0, 1.0e10]> : tensor<7xf32>
  %b = util.unfoldable_constant dense<[2.0, 2.0, -2.0, 7.0, 0x7F800000, 0.75, 3.0]> : tensor<7xf32>
  %r = arith.remf %a, %b : tensor<7xf32>
  check.expect_eq_const(%r, dense<[1.5, -1.5, 1.5, -0.0, 1.0, 0.25, 1.0]> : tensor<7xf32>) : tensor<7xf32>
  %c = util.unfoldable_constant dense<[65504.0, -65504.0]> : tensor<2xf16>
  %d = util.unfoldable_constant dense<[3.0, 1000.0]> : tensor<2xf16>
  %rh = arith.remf %c, %d : tensor<2xf16>
  check.expect_eq_const(%rh, dense<[2.0, -504.0]> : tensor<2xf16>) : tensor<2xf16>
  return
}

// negf flips only the sign bit (checked on the bits):
//   f32 [+0, -0, 1.5, inf] -> [-0, +0, -1.5, -inf]
//   bits: -0 = 0x80000000 = -2147483648; +0 = 0; -1.5 = 0xBFC00000 = -1077936128;
//   -inf = 0xFF800000 = -8388608
func.func @negf_bits() {
  %a = util.unfoldable_constant dense<[0.0, -0.0, 1.5, 0x7F800000]> : tensor<4xf32>
  %n = arith.negf %a : tensor<4xf32>
  %bits = arith.bitcast %n : tensor<4xf32> to tensor<4xi32>
  check.expect_eq_const(%bits, dense<[-2147483648, 0, -1077936128, -8388608]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// f64 rounding:
//   0.1 + 0.2: 0.1 = 0x3FB999999999999A, 0.2 = 0x3FC999999999999A; the exact
//     sum is 0.3000000000000000166533453693773481063544750213623046875, which
//     rounds to 0x3FD3333333333334 = 0.30000000000000004 (not 0.3 = ...333)
//   2^53 + 1 = 9007199254740993: halfway between 2^53 (even) and 2^53+2 -> 2^53
//   2^53 + 3: halfway between 2^53+2 (odd) and 2^53+4 (even) -> 9007199254740996
//   1e308 + 1e308 -> inf
func.func @addf_rounding_f64() {
  %a = util.unfoldable_constant dense<[0.1, 9007199254740992.0, 9007199254740992.0, 1.0e308]> : tensor<4xf64>
  %b = util.unfoldable_constant dense<[0.2, 1.0, 3.0, 1.0e308]> : tensor<4xf64>
  %s = arith.addf %a, %b : tensor<4xf64>
  check.expect_eq_const(%s, dense<[0x3FD3333333333334, 9007199254740992.0, 9007199254740996.0, 0x7FF0000000000000]> : tensor<4xf64>) : tensor<4xf64>
  return
}

// f64 in a generic body, r = (a + b) + b:
//   (2^53 + 1) + 1: each +1 is a tie that rounds to the even 2^53 -> 2^53
//     (one rounding of the exact sum would give 2^53 + 2)
//   (1 + 2^-53) + 2^-53: 2^-53 = 1.1102230246251565e-16 is half the spacing
//     above 1, each sum is a tie that rounds to the even 1 -> 1
//     (one rounding of the exact sum would give 1 + 2^-52)
func.func @f64_add_chain_rounds_each_op() {
  %a = util.unfoldable_constant dense<[9007199254740992.0, 1.0]> : tensor<2xf64>
  %b = util.unfoldable_constant dense<[1.0, 1.1102230246251565e-16]> : tensor<2xf64>
  %e = tensor.empty() : tensor<2xf64>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<2xf64>, tensor<2xf64>) outs(%e : tensor<2xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = arith.addf %x, %y : f64
    %t = arith.addf %s, %y : f64
    linalg.yield %t : f64
  } -> tensor<2xf64>
  check.expect_eq_const(%r, dense<[9007199254740992.0, 1.0]> : tensor<2xf64>) : tensor<2xf64>
  return
}

//===----------------------------------------------------------------------===//
// addf subf mulf divf remf negf on every float type
//===----------------------------------------------------------------------===//

// Basic arithmetic on f16; every operand and result is exactly representable
// in f16, so no rounding happens and the results are the real-number ones.
//   a = [1.5, -0.0, 6.0, -7.0, 0.0], b = [0.75, 2.0, -4.0, 2.0, -3.0]
//   addf: [2.25, 2.0, 2.0, -5.0, -3.0]
//   subf: [0.75, -2.0, 10.0, -9.0, 3.0]
//   mulf: [1.125, -0.0 (-0*2), -24.0, -14.0, -0.0 (0*-3)]
//   divf: [2.0, -0.0 (-0/2), -1.5, -3.5, -0.0 (0/-3)]
//   remf (C fmod, sign of the dividend): fmod(1.5,0.75) = +0, fmod(-0,2) = -0,
//         fmod(6,-4) = 2, fmod(-7,2) = -1, fmod(0,-3) = +0
//   negf(a): [-1.5, 0.0, -6.0, 7.0, -0.0]
// expect_eq_const compares bit patterns, so the signs of the zeros are checked.
func.func @basic_ops_f16() {
  %a = util.unfoldable_constant dense<[1.5, -0.0, 6.0, -7.0, 0.0]> : tensor<5xf16>
  %b = util.unfoldable_constant dense<[0.75, 2.0, -4.0, 2.0, -3.0]> : tensor<5xf16>
  %add = arith.addf %a, %b : tensor<5xf16>
  %sub = arith.subf %a, %b : tensor<5xf16>
  %mul = arith.mulf %a, %b : tensor<5xf16>
  %div = arith.divf %a, %b : tensor<5xf16>
  %rem = arith.remf %a, %b : tensor<5xf16>
  %neg = arith.negf %a : tensor<5xf16>
  check.expect_eq_const(%add, dense<[2.25, 2.0, 2.0, -5.0, -3.0]> : tensor<5xf16>) : tensor<5xf16>
  check.expect_eq_const(%sub, dense<[0.75, -2.0, 10.0, -9.0, 3.0]> : tensor<5xf16>) : tensor<5xf16>
  check.expect_eq_const(%mul, dense<[1.125, -0.0, -24.0, -14.0, -0.0]> : tensor<5xf16>) : tensor<5xf16>
  check.expect_eq_const(%div, dense<[2.0, -0.0, -1.5, -3.5, -0.0]> : tensor<5xf16>) : tensor<5xf16>
  check.expect_eq_const(%rem, dense<[0.0, -0.0, 2.0, -1.0, 0.0]> : tensor<5xf16>) : tensor<5xf16>
  check.expect_eq_const(%neg, dense<[-1.5, 0.0, -6.0, 7.0, -0.0]> : tensor<5xf16>) : tensor<5xf16>
  return
}

// Basic arithmetic on bf16; every operand and result is exactly representable
// in bf16, so no rounding happens and the results are the real-number ones.
//   a = [1.5, -0.0, 6.0, -7.0, 0.0], b = [0.75, 2.0, -4.0, 2.0, -3.0]
//   addf: [2.25, 2.0, 2.0, -5.0, -3.0]
//   subf: [0.75, -2.0, 10.0, -9.0, 3.0]
//   mulf: [1.125, -0.0 (-0*2), -24.0, -14.0, -0.0 (0*-3)]
//   divf: [2.0, -0.0 (-0/2), -1.5, -3.5, -0.0 (0/-3)]
//   remf (C fmod, sign of the dividend): fmod(1.5,0.75) = +0, fmod(-0,2) = -0,
//         fmod(6,-4) = 2, fmod(-7,2) = -1, fmod(0,-3) = +0
//   negf(a): [-1.5, 0.0, -6.0, 7.0, -0.0]
// expect_eq_const compares bit patterns, so the signs of the zeros are checked.
func.func @basic_ops_bf16() {
  %a = util.unfoldable_constant dense<[1.5, -0.0, 6.0, -7.0, 0.0]> : tensor<5xbf16>
  %b = util.unfoldable_constant dense<[0.75, 2.0, -4.0, 2.0, -3.0]> : tensor<5xbf16>
  %add = arith.addf %a, %b : tensor<5xbf16>
  %sub = arith.subf %a, %b : tensor<5xbf16>
  %mul = arith.mulf %a, %b : tensor<5xbf16>
  %div = arith.divf %a, %b : tensor<5xbf16>
  %rem = arith.remf %a, %b : tensor<5xbf16>
  %neg = arith.negf %a : tensor<5xbf16>
  check.expect_eq_const(%add, dense<[2.25, 2.0, 2.0, -5.0, -3.0]> : tensor<5xbf16>) : tensor<5xbf16>
  check.expect_eq_const(%sub, dense<[0.75, -2.0, 10.0, -9.0, 3.0]> : tensor<5xbf16>) : tensor<5xbf16>
  check.expect_eq_const(%mul, dense<[1.125, -0.0, -24.0, -14.0, -0.0]> : tensor<5xbf16>) : tensor<5xbf16>
  check.expect_eq_const(%div, dense<[2.0, -0.0, -1.5, -3.5, -0.0]> : tensor<5xbf16>) : tensor<5xbf16>
  check.expect_eq_const(%rem, dense<[0.0, -0.0, 2.0, -1.0, 0.0]> : tensor<5xbf16>) : tensor<5xbf16>
  check.expect_eq_const(%neg, dense<[-1.5, 0.0, -6.0, 7.0, -0.0]> : tensor<5xbf16>) : tensor<5xbf16>
  return
}

// Basic arithmetic on f32; every operand and result is exactly representable
// in f32, so no rounding happens and the results are the real-number ones.
//   a = [1.5, -0.0, 6.0, -7.0, 0.0], b = [0.75, 2.0, -4.0, 2.0, -3.0]
//   addf: [2.25, 2.0, 2.0, -5.0, -3.0]
//   subf: [0.75, -2.0, 10.0, -9.0, 3.0]
//   mulf: [1.125, -0.0 (-0*2), -24.0, -14.0, -0.0 (0*-3)]
//   divf: [2.0, -0.0 (-0/2), -1.5, -3.5, -0.0 (0/-3)]
//   remf (C fmod, sign of the dividend): fmod(1.5,0.75) = +0, fmod(-0,2) = -0,
//         fmod(6,-4) = 2, fmod(-7,2) = -1, fmod(0,-3) = +0
//   negf(a): [-1.5, 0.0, -6.0, 7.0, -0.0]
// expect_eq_const compares bit patterns, so the signs of the zeros are checked.
func.func @basic_ops_f32() {
  %a = util.unfoldable_constant dense<[1.5, -0.0, 6.0, -7.0, 0.0]> : tensor<5xf32>
  %b = util.unfoldable_constant dense<[0.75, 2.0, -4.0, 2.0, -3.0]> : tensor<5xf32>
  %add = arith.addf %a, %b : tensor<5xf32>
  %sub = arith.subf %a, %b : tensor<5xf32>
  %mul = arith.mulf %a, %b : tensor<5xf32>
  %div = arith.divf %a, %b : tensor<5xf32>
  %rem = arith.remf %a, %b : tensor<5xf32>
  %neg = arith.negf %a : tensor<5xf32>
  check.expect_eq_const(%add, dense<[2.25, 2.0, 2.0, -5.0, -3.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%sub, dense<[0.75, -2.0, 10.0, -9.0, 3.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%mul, dense<[1.125, -0.0, -24.0, -14.0, -0.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%div, dense<[2.0, -0.0, -1.5, -3.5, -0.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%rem, dense<[0.0, -0.0, 2.0, -1.0, 0.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%neg, dense<[-1.5, 0.0, -6.0, 7.0, -0.0]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// Basic arithmetic on f64; every operand and result is exactly representable
// in f64, so no rounding happens and the results are the real-number ones.
//   a = [1.5, -0.0, 6.0, -7.0, 0.0], b = [0.75, 2.0, -4.0, 2.0, -3.0]
//   addf: [2.25, 2.0, 2.0, -5.0, -3.0]
//   subf: [0.75, -2.0, 10.0, -9.0, 3.0]
//   mulf: [1.125, -0.0 (-0*2), -24.0, -14.0, -0.0 (0*-3)]
//   divf: [2.0, -0.0 (-0/2), -1.5, -3.5, -0.0 (0/-3)]
//   remf (C fmod, sign of the dividend): fmod(1.5,0.75) = +0, fmod(-0,2) = -0,
//         fmod(6,-4) = 2, fmod(-7,2) = -1, fmod(0,-3) = +0
//   negf(a): [-1.5, 0.0, -6.0, 7.0, -0.0]
// expect_eq_const compares bit patterns, so the signs of the zeros are checked.
func.func @basic_ops_f64() {
  %a = util.unfoldable_constant dense<[1.5, -0.0, 6.0, -7.0, 0.0]> : tensor<5xf64>
  %b = util.unfoldable_constant dense<[0.75, 2.0, -4.0, 2.0, -3.0]> : tensor<5xf64>
  %add = arith.addf %a, %b : tensor<5xf64>
  %sub = arith.subf %a, %b : tensor<5xf64>
  %mul = arith.mulf %a, %b : tensor<5xf64>
  %div = arith.divf %a, %b : tensor<5xf64>
  %rem = arith.remf %a, %b : tensor<5xf64>
  %neg = arith.negf %a : tensor<5xf64>
  check.expect_eq_const(%add, dense<[2.25, 2.0, 2.0, -5.0, -3.0]> : tensor<5xf64>) : tensor<5xf64>
  check.expect_eq_const(%sub, dense<[0.75, -2.0, 10.0, -9.0, 3.0]> : tensor<5xf64>) : tensor<5xf64>
  check.expect_eq_const(%mul, dense<[1.125, -0.0, -24.0, -14.0, -0.0]> : tensor<5xf64>) : tensor<5xf64>
  check.expect_eq_const(%div, dense<[2.0, -0.0, -1.5, -3.5, -0.0]> : tensor<5xf64>) : tensor<5xf64>
  check.expect_eq_const(%rem, dense<[0.0, -0.0, 2.0, -1.0, 0.0]> : tensor<5xf64>) : tensor<5xf64>
  check.expect_eq_const(%neg, dense<[-1.5, 0.0, -6.0, 7.0, -0.0]> : tensor<5xf64>) : tensor<5xf64>
  return
}

// IEEE special values on f16 (inf = 0x7C00, -inf = 0xFC00):
//   1/0 = inf, -1/0 = -inf, 1/-0 = -inf, inf+1 = inf, -inf*2 = -inf,
//   inf*-1 = -inf, 5/inf = 0, -5/inf = -0; remf(1, inf) = 1 is not NaN.
// Invalid operations give NaN (checked with cmpf uno, x uno x <=> x is NaN):
//   0/0, inf-inf, 0*inf, inf/inf, remf(1, 0), remf(inf, 2), NaN+1, negf(NaN).
func.func @specials_f16() {
  %a = util.unfoldable_constant dense<[1.0, -1.0, 1.0, 5.0, -5.0]> : tensor<5xf16>
  %b = util.unfoldable_constant dense<[0.0, 0.0, -0.0, 0x7C00, 0x7C00]> : tensor<5xf16>
  %div = arith.divf %a, %b : tensor<5xf16>
  check.expect_eq_const(%div, dense<[0x7C00, 0xFC00, 0xFC00, 0.0, -0.0]> : tensor<5xf16>) : tensor<5xf16>
  %c = util.unfoldable_constant dense<[0x7C00, 0xFC00, 0x7C00, 1.0]> : tensor<4xf16>
  %e = util.unfoldable_constant dense<[1.0, 2.0, -1.0, 0x7C00]> : tensor<4xf16>
  %add = arith.addf %c, %e : tensor<4xf16>
  %mul = arith.mulf %c, %e : tensor<4xf16>
  %rem = arith.remf %c, %e : tensor<4xf16>
  // addf: [inf+1, -inf+2, inf-1, 1+inf] = [inf, -inf, inf, inf]
  check.expect_eq_const(%add, dense<[0x7C00, 0xFC00, 0x7C00, 0x7C00]> : tensor<4xf16>) : tensor<4xf16>
  // mulf: [inf, -inf, -inf, inf]
  check.expect_eq_const(%mul, dense<[0x7C00, 0xFC00, 0xFC00, 0x7C00]> : tensor<4xf16>) : tensor<4xf16>
  // remf: lane 3 is fmod(1, inf) = 1; lanes 0-2 have an infinite dividend -> NaN
  %remnan = arith.cmpf uno, %rem, %rem : tensor<4xf16>
  check.expect_eq_const(%remnan, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  %z = util.unfoldable_constant dense<[0.0, 0x7C00, 0.0, 0x7C00, 1.0, 0x7E00]> : tensor<6xf16>
  %y = util.unfoldable_constant dense<[0.0, 0x7C00, 0x7C00, 0x7C00, 0.0, 1.0]> : tensor<6xf16>
  %n0 = arith.divf %z, %y : tensor<6xf16>
  %n1 = arith.subf %z, %y : tensor<6xf16>
  %n2 = arith.mulf %z, %y : tensor<6xf16>
  %n3 = arith.remf %z, %y : tensor<6xf16>
  %n4 = arith.negf %z : tensor<6xf16>
  // divf: 0/0 NaN, inf/inf NaN, 0/inf = 0, inf/inf NaN, 1/0 = inf, NaN/1 NaN
  %u0 = arith.cmpf uno, %n0, %n0 : tensor<6xf16>
  check.expect_eq_const(%u0, dense<[true, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // subf: 0-0 = 0, inf-inf NaN, 0-inf = -inf, inf-inf NaN, 1-0 = 1, NaN-1 NaN
  %u1 = arith.cmpf uno, %n1, %n1 : tensor<6xf16>
  check.expect_eq_const(%u1, dense<[false, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // mulf: 0*0 = 0, inf*inf = inf, 0*inf NaN, inf*inf = inf, 1*0 = 0, NaN*1 NaN
  %u2 = arith.cmpf uno, %n2, %n2 : tensor<6xf16>
  check.expect_eq_const(%u2, dense<[false, false, true, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // remf: fmod(0,0) NaN, fmod(inf,inf) NaN, fmod(0,inf) = 0, NaN, fmod(1,0) NaN, NaN
  %u3 = arith.cmpf uno, %n3, %n3 : tensor<6xf16>
  check.expect_eq_const(%u3, dense<[true, true, false, true, true, true]> : tensor<6xi1>) : tensor<6xi1>
  // negf: only the NaN lane is NaN
  %u4 = arith.cmpf uno, %n4, %n4 : tensor<6xf16>
  check.expect_eq_const(%u4, dense<[false, false, false, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  return
}

// IEEE special values on bf16 (inf = 0x7F80, -inf = 0xFF80):
//   1/0 = inf, -1/0 = -inf, 1/-0 = -inf, inf+1 = inf, -inf*2 = -inf,
//   inf*-1 = -inf, 5/inf = 0, -5/inf = -0; remf(1, inf) = 1 is not NaN.
// Invalid operations give NaN (checked with cmpf uno, x uno x <=> x is NaN):
//   0/0, inf-inf, 0*inf, inf/inf, remf(1, 0), remf(inf, 2), NaN+1, negf(NaN).
func.func @specials_bf16() {
  %a = util.unfoldable_constant dense<[1.0, -1.0, 1.0, 5.0, -5.0]> : tensor<5xbf16>
  %b = util.unfoldable_constant dense<[0.0, 0.0, -0.0, 0x7F80, 0x7F80]> : tensor<5xbf16>
  %div = arith.divf %a, %b : tensor<5xbf16>
  check.expect_eq_const(%div, dense<[0x7F80, 0xFF80, 0xFF80, 0.0, -0.0]> : tensor<5xbf16>) : tensor<5xbf16>
  %c = util.unfoldable_constant dense<[0x7F80, 0xFF80, 0x7F80, 1.0]> : tensor<4xbf16>
  %e = util.unfoldable_constant dense<[1.0, 2.0, -1.0, 0x7F80]> : tensor<4xbf16>
  %add = arith.addf %c, %e : tensor<4xbf16>
  %mul = arith.mulf %c, %e : tensor<4xbf16>
  %rem = arith.remf %c, %e : tensor<4xbf16>
  // addf: [inf+1, -inf+2, inf-1, 1+inf] = [inf, -inf, inf, inf]
  check.expect_eq_const(%add, dense<[0x7F80, 0xFF80, 0x7F80, 0x7F80]> : tensor<4xbf16>) : tensor<4xbf16>
  // mulf: [inf, -inf, -inf, inf]
  check.expect_eq_const(%mul, dense<[0x7F80, 0xFF80, 0xFF80, 0x7F80]> : tensor<4xbf16>) : tensor<4xbf16>
  // remf: lane 3 is fmod(1, inf) = 1; lanes 0-2 have an infinite dividend -> NaN
  %remnan = arith.cmpf uno, %rem, %rem : tensor<4xbf16>
  check.expect_eq_const(%remnan, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  %z = util.unfoldable_constant dense<[0.0, 0x7F80, 0.0, 0x7F80, 1.0, 0x7FC0]> : tensor<6xbf16>
  %y = util.unfoldable_constant dense<[0.0, 0x7F80, 0x7F80, 0x7F80, 0.0, 1.0]> : tensor<6xbf16>
  %n0 = arith.divf %z, %y : tensor<6xbf16>
  %n1 = arith.subf %z, %y : tensor<6xbf16>
  %n2 = arith.mulf %z, %y : tensor<6xbf16>
  %n3 = arith.remf %z, %y : tensor<6xbf16>
  %n4 = arith.negf %z : tensor<6xbf16>
  // divf: 0/0 NaN, inf/inf NaN, 0/inf = 0, inf/inf NaN, 1/0 = inf, NaN/1 NaN
  %u0 = arith.cmpf uno, %n0, %n0 : tensor<6xbf16>
  check.expect_eq_const(%u0, dense<[true, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // subf: 0-0 = 0, inf-inf NaN, 0-inf = -inf, inf-inf NaN, 1-0 = 1, NaN-1 NaN
  %u1 = arith.cmpf uno, %n1, %n1 : tensor<6xbf16>
  check.expect_eq_const(%u1, dense<[false, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // mulf: 0*0 = 0, inf*inf = inf, 0*inf NaN, inf*inf = inf, 1*0 = 0, NaN*1 NaN
  %u2 = arith.cmpf uno, %n2, %n2 : tensor<6xbf16>
  check.expect_eq_const(%u2, dense<[false, false, true, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // remf: fmod(0,0) NaN, fmod(inf,inf) NaN, fmod(0,inf) = 0, NaN, fmod(1,0) NaN, NaN
  %u3 = arith.cmpf uno, %n3, %n3 : tensor<6xbf16>
  check.expect_eq_const(%u3, dense<[true, true, false, true, true, true]> : tensor<6xi1>) : tensor<6xi1>
  // negf: only the NaN lane is NaN
  %u4 = arith.cmpf uno, %n4, %n4 : tensor<6xbf16>
  check.expect_eq_const(%u4, dense<[false, false, false, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  return
}

// IEEE special values on f32 (inf = 0x7F800000, -inf = 0xFF800000):
//   1/0 = inf, -1/0 = -inf, 1/-0 = -inf, inf+1 = inf, -inf*2 = -inf,
//   inf*-1 = -inf, 5/inf = 0, -5/inf = -0; remf(1, inf) = 1 is not NaN.
// Invalid operations give NaN (checked with cmpf uno, x uno x <=> x is NaN):
//   0/0, inf-inf, 0*inf, inf/inf, remf(1, 0), remf(inf, 2), NaN+1, negf(NaN).
func.func @specials_f32() {
  %a = util.unfoldable_constant dense<[1.0, -1.0, 1.0, 5.0, -5.0]> : tensor<5xf32>
  %b = util.unfoldable_constant dense<[0.0, 0.0, -0.0, 0x7F800000, 0x7F800000]> : tensor<5xf32>
  %div = arith.divf %a, %b : tensor<5xf32>
  check.expect_eq_const(%div, dense<[0x7F800000, 0xFF800000, 0xFF800000, 0.0, -0.0]> : tensor<5xf32>) : tensor<5xf32>
  %c = util.unfoldable_constant dense<[0x7F800000, 0xFF800000, 0x7F800000, 1.0]> : tensor<4xf32>
  %e = util.unfoldable_constant dense<[1.0, 2.0, -1.0, 0x7F800000]> : tensor<4xf32>
  %add = arith.addf %c, %e : tensor<4xf32>
  %mul = arith.mulf %c, %e : tensor<4xf32>
  %rem = arith.remf %c, %e : tensor<4xf32>
  // addf: [inf+1, -inf+2, inf-1, 1+inf] = [inf, -inf, inf, inf]
  check.expect_eq_const(%add, dense<[0x7F800000, 0xFF800000, 0x7F800000, 0x7F800000]> : tensor<4xf32>) : tensor<4xf32>
  // mulf: [inf, -inf, -inf, inf]
  check.expect_eq_const(%mul, dense<[0x7F800000, 0xFF800000, 0xFF800000, 0x7F800000]> : tensor<4xf32>) : tensor<4xf32>
  // remf: lane 3 is fmod(1, inf) = 1; lanes 0-2 have an infinite dividend -> NaN
  %remnan = arith.cmpf uno, %rem, %rem : tensor<4xf32>
  check.expect_eq_const(%remnan, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  %z = util.unfoldable_constant dense<[0.0, 0x7F800000, 0.0, 0x7F800000, 1.0, 0x7FC00000]> : tensor<6xf32>
  %y = util.unfoldable_constant dense<[0.0, 0x7F800000, 0x7F800000, 0x7F800000, 0.0, 1.0]> : tensor<6xf32>
  %n0 = arith.divf %z, %y : tensor<6xf32>
  %n1 = arith.subf %z, %y : tensor<6xf32>
  %n2 = arith.mulf %z, %y : tensor<6xf32>
  %n3 = arith.remf %z, %y : tensor<6xf32>
  %n4 = arith.negf %z : tensor<6xf32>
  // divf: 0/0 NaN, inf/inf NaN, 0/inf = 0, inf/inf NaN, 1/0 = inf, NaN/1 NaN
  %u0 = arith.cmpf uno, %n0, %n0 : tensor<6xf32>
  check.expect_eq_const(%u0, dense<[true, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // subf: 0-0 = 0, inf-inf NaN, 0-inf = -inf, inf-inf NaN, 1-0 = 1, NaN-1 NaN
  %u1 = arith.cmpf uno, %n1, %n1 : tensor<6xf32>
  check.expect_eq_const(%u1, dense<[false, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // mulf: 0*0 = 0, inf*inf = inf, 0*inf NaN, inf*inf = inf, 1*0 = 0, NaN*1 NaN
  %u2 = arith.cmpf uno, %n2, %n2 : tensor<6xf32>
  check.expect_eq_const(%u2, dense<[false, false, true, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // remf: fmod(0,0) NaN, fmod(inf,inf) NaN, fmod(0,inf) = 0, NaN, fmod(1,0) NaN, NaN
  %u3 = arith.cmpf uno, %n3, %n3 : tensor<6xf32>
  check.expect_eq_const(%u3, dense<[true, true, false, true, true, true]> : tensor<6xi1>) : tensor<6xi1>
  // negf: only the NaN lane is NaN
  %u4 = arith.cmpf uno, %n4, %n4 : tensor<6xf32>
  check.expect_eq_const(%u4, dense<[false, false, false, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  return
}

// IEEE special values on f64 (inf = 0x7FF0000000000000, -inf = 0xFFF0000000000000):
//   1/0 = inf, -1/0 = -inf, 1/-0 = -inf, inf+1 = inf, -inf*2 = -inf,
//   inf*-1 = -inf, 5/inf = 0, -5/inf = -0; remf(1, inf) = 1 is not NaN.
// Invalid operations give NaN (checked with cmpf uno, x uno x <=> x is NaN):
//   0/0, inf-inf, 0*inf, inf/inf, remf(1, 0), remf(inf, 2), NaN+1, negf(NaN).
func.func @specials_f64() {
  %a = util.unfoldable_constant dense<[1.0, -1.0, 1.0, 5.0, -5.0]> : tensor<5xf64>
  %b = util.unfoldable_constant dense<[0.0, 0.0, -0.0, 0x7FF0000000000000, 0x7FF0000000000000]> : tensor<5xf64>
  %div = arith.divf %a, %b : tensor<5xf64>
  check.expect_eq_const(%div, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0xFFF0000000000000, 0.0, -0.0]> : tensor<5xf64>) : tensor<5xf64>
  %c = util.unfoldable_constant dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF0000000000000, 1.0]> : tensor<4xf64>
  %e = util.unfoldable_constant dense<[1.0, 2.0, -1.0, 0x7FF0000000000000]> : tensor<4xf64>
  %add = arith.addf %c, %e : tensor<4xf64>
  %mul = arith.mulf %c, %e : tensor<4xf64>
  %rem = arith.remf %c, %e : tensor<4xf64>
  // addf: [inf+1, -inf+2, inf-1, 1+inf] = [inf, -inf, inf, inf]
  check.expect_eq_const(%add, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000]> : tensor<4xf64>) : tensor<4xf64>
  // mulf: [inf, -inf, -inf, inf]
  check.expect_eq_const(%mul, dense<[0x7FF0000000000000, 0xFFF0000000000000, 0xFFF0000000000000, 0x7FF0000000000000]> : tensor<4xf64>) : tensor<4xf64>
  // remf: lane 3 is fmod(1, inf) = 1; lanes 0-2 have an infinite dividend -> NaN
  %remnan = arith.cmpf uno, %rem, %rem : tensor<4xf64>
  check.expect_eq_const(%remnan, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  %z = util.unfoldable_constant dense<[0.0, 0x7FF0000000000000, 0.0, 0x7FF0000000000000, 1.0, 0x7FF8000000000000]> : tensor<6xf64>
  %y = util.unfoldable_constant dense<[0.0, 0x7FF0000000000000, 0x7FF0000000000000, 0x7FF0000000000000, 0.0, 1.0]> : tensor<6xf64>
  %n0 = arith.divf %z, %y : tensor<6xf64>
  %n1 = arith.subf %z, %y : tensor<6xf64>
  %n2 = arith.mulf %z, %y : tensor<6xf64>
  %n3 = arith.remf %z, %y : tensor<6xf64>
  %n4 = arith.negf %z : tensor<6xf64>
  // divf: 0/0 NaN, inf/inf NaN, 0/inf = 0, inf/inf NaN, 1/0 = inf, NaN/1 NaN
  %u0 = arith.cmpf uno, %n0, %n0 : tensor<6xf64>
  check.expect_eq_const(%u0, dense<[true, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // subf: 0-0 = 0, inf-inf NaN, 0-inf = -inf, inf-inf NaN, 1-0 = 1, NaN-1 NaN
  %u1 = arith.cmpf uno, %n1, %n1 : tensor<6xf64>
  check.expect_eq_const(%u1, dense<[false, true, false, true, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // mulf: 0*0 = 0, inf*inf = inf, 0*inf NaN, inf*inf = inf, 1*0 = 0, NaN*1 NaN
  %u2 = arith.cmpf uno, %n2, %n2 : tensor<6xf64>
  check.expect_eq_const(%u2, dense<[false, false, true, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  // remf: fmod(0,0) NaN, fmod(inf,inf) NaN, fmod(0,inf) = 0, NaN, fmod(1,0) NaN, NaN
  %u3 = arith.cmpf uno, %n3, %n3 : tensor<6xf64>
  check.expect_eq_const(%u3, dense<[true, true, false, true, true, true]> : tensor<6xi1>) : tensor<6xi1>
  // negf: only the NaN lane is NaN
  %u4 = arith.cmpf uno, %n4, %n4 : tensor<6xf64>
  check.expect_eq_const(%u4, dense<[false, false, false, false, false, true]> : tensor<6xi1>) : tensor<6xi1>
  return
}

//===----------------------------------------------------------------------===//
// maximumf minimumf maxnumf minnumf
//===----------------------------------------------------------------------===//

// The four min/max variants on f16.
//   Ordinary lanes: a = [1, -3, inf, 5], b = [2, -inf, 1, 5]
//     maximumf = maxnumf = [2, -3, inf, 5]; minimumf = minnumf = [1, -inf, 1, 5]
//   Signed zeros (-0 < +0 for all four variants):
//     a = [-0, +0, -0, +0], b = [+0, -0, -0, +0]
//     max = [+0, +0, -0, +0], min = [-0, -0, -0, +0]
//     checked on the bits: bitcast to i16, +0 = 0, -0 = sign bit = -32768
//   NaN (quiet): maximumf/minimumf propagate NaN: max(NaN, 1) = max(1, NaN) = NaN;
//     maxnumf/minnumf ignore it: maxnumf(NaN, 1) = maxnumf(1, NaN) = 1, and
//     maxnumf(NaN, NaN) = NaN.
func.func @minmax_f16() {
  %a = util.unfoldable_constant dense<[1.0, -3.0, 0x7C00, 5.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[2.0, 0xFC00, 1.0, 5.0]> : tensor<4xf16>
  %max = arith.maximumf %a, %b : tensor<4xf16>
  %min = arith.minimumf %a, %b : tensor<4xf16>
  %maxn = arith.maxnumf %a, %b : tensor<4xf16>
  %minn = arith.minnumf %a, %b : tensor<4xf16>
  check.expect_eq_const(%max, dense<[2.0, -3.0, 0x7C00, 5.0]> : tensor<4xf16>) : tensor<4xf16>
  check.expect_eq_const(%min, dense<[1.0, 0xFC00, 1.0, 5.0]> : tensor<4xf16>) : tensor<4xf16>
  check.expect_eq_const(%maxn, dense<[2.0, -3.0, 0x7C00, 5.0]> : tensor<4xf16>) : tensor<4xf16>
  check.expect_eq_const(%minn, dense<[1.0, 0xFC00, 1.0, 5.0]> : tensor<4xf16>) : tensor<4xf16>

  %za = util.unfoldable_constant dense<[-0.0, 0.0, -0.0, 0.0]> : tensor<4xf16>
  %zb = util.unfoldable_constant dense<[0.0, -0.0, -0.0, 0.0]> : tensor<4xf16>
  %zmax = arith.maximumf %za, %zb : tensor<4xf16>
  %zmin = arith.minimumf %za, %zb : tensor<4xf16>
  %zmaxn = arith.maxnumf %za, %zb : tensor<4xf16>
  %zminn = arith.minnumf %za, %zb : tensor<4xf16>
  %zmax_bits = arith.bitcast %zmax : tensor<4xf16> to tensor<4xi16>
  %zmin_bits = arith.bitcast %zmin : tensor<4xf16> to tensor<4xi16>
  %zmaxn_bits = arith.bitcast %zmaxn : tensor<4xf16> to tensor<4xi16>
  %zminn_bits = arith.bitcast %zminn : tensor<4xf16> to tensor<4xi16>
  check.expect_eq_const(%zmax_bits, dense<[0, 0, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zmin_bits, dense<[-32768, -32768, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zmaxn_bits, dense<[0, 0, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zminn_bits, dense<[-32768, -32768, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  // maximumf and maxnumf (and minimumf and minnumf) agree bit for bit on zeros.
  check.expect_eq(%zmax_bits, %zmaxn_bits) : tensor<4xi16>
  check.expect_eq(%zmin_bits, %zminn_bits) : tensor<4xi16>

  %na = util.unfoldable_constant dense<[0x7E00, 1.0]> : tensor<2xf16>
  %nb = util.unfoldable_constant dense<[1.0, 0x7E00]> : tensor<2xf16>
  %nmax = arith.maximumf %na, %nb : tensor<2xf16>
  %nmin = arith.minimumf %na, %nb : tensor<2xf16>
  %nmaxn = arith.maxnumf %na, %nb : tensor<2xf16>
  %nminn = arith.minnumf %na, %nb : tensor<2xf16>
  %nmax_isnan = arith.cmpf uno, %nmax, %nmax : tensor<2xf16>
  %nmin_isnan = arith.cmpf uno, %nmin, %nmin : tensor<2xf16>
  check.expect_eq_const(%nmax_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmin_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmaxn, dense<[1.0, 1.0]> : tensor<2xf16>) : tensor<2xf16>
  check.expect_eq_const(%nminn, dense<[1.0, 1.0]> : tensor<2xf16>) : tensor<2xf16>
  %nn = util.unfoldable_constant dense<[0x7E00]> : tensor<1xf16>
  %nnmax = arith.maxnumf %nn, %nn : tensor<1xf16>
  %nnmin = arith.minnumf %nn, %nn : tensor<1xf16>
  %nnmax_isnan = arith.cmpf uno, %nnmax, %nnmax : tensor<1xf16>
  %nnmin_isnan = arith.cmpf uno, %nnmin, %nnmin : tensor<1xf16>
  check.expect_eq_const(%nnmax_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  check.expect_eq_const(%nnmin_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// The four min/max variants on bf16.
//   Ordinary lanes: a = [1, -3, inf, 5], b = [2, -inf, 1, 5]
//     maximumf = maxnumf = [2, -3, inf, 5]; minimumf = minnumf = [1, -inf, 1, 5]
//   Signed zeros (-0 < +0 for all four variants):
//     a = [-0, +0, -0, +0], b = [+0, -0, -0, +0]
//     max = [+0, +0, -0, +0], min = [-0, -0, -0, +0]
//     checked on the bits: bitcast to i16, +0 = 0, -0 = sign bit = -32768
//   NaN (quiet): maximumf/minimumf propagate NaN: max(NaN, 1) = max(1, NaN) = NaN;
//     maxnumf/minnumf ignore it: maxnumf(NaN, 1) = maxnumf(1, NaN) = 1, and
//     maxnumf(NaN, NaN) = NaN.
func.func @minmax_bf16() {
  %a = util.unfoldable_constant dense<[1.0, -3.0, 0x7F80, 5.0]> : tensor<4xbf16>
  %b = util.unfoldable_constant dense<[2.0, 0xFF80, 1.0, 5.0]> : tensor<4xbf16>
  %max = arith.maximumf %a, %b : tensor<4xbf16>
  %min = arith.minimumf %a, %b : tensor<4xbf16>
  %maxn = arith.maxnumf %a, %b : tensor<4xbf16>
  %minn = arith.minnumf %a, %b : tensor<4xbf16>
  check.expect_eq_const(%max, dense<[2.0, -3.0, 0x7F80, 5.0]> : tensor<4xbf16>) : tensor<4xbf16>
  check.expect_eq_const(%min, dense<[1.0, 0xFF80, 1.0, 5.0]> : tensor<4xbf16>) : tensor<4xbf16>
  check.expect_eq_const(%maxn, dense<[2.0, -3.0, 0x7F80, 5.0]> : tensor<4xbf16>) : tensor<4xbf16>
  check.expect_eq_const(%minn, dense<[1.0, 0xFF80, 1.0, 5.0]> : tensor<4xbf16>) : tensor<4xbf16>

  %za = util.unfoldable_constant dense<[-0.0, 0.0, -0.0, 0.0]> : tensor<4xbf16>
  %zb = util.unfoldable_constant dense<[0.0, -0.0, -0.0, 0.0]> : tensor<4xbf16>
  %zmax = arith.maximumf %za, %zb : tensor<4xbf16>
  %zmin = arith.minimumf %za, %zb : tensor<4xbf16>
  %zmaxn = arith.maxnumf %za, %zb : tensor<4xbf16>
  %zminn = arith.minnumf %za, %zb : tensor<4xbf16>
  %zmax_bits = arith.bitcast %zmax : tensor<4xbf16> to tensor<4xi16>
  %zmin_bits = arith.bitcast %zmin : tensor<4xbf16> to tensor<4xi16>
  %zmaxn_bits = arith.bitcast %zmaxn : tensor<4xbf16> to tensor<4xi16>
  %zminn_bits = arith.bitcast %zminn : tensor<4xbf16> to tensor<4xi16>
  check.expect_eq_const(%zmax_bits, dense<[0, 0, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zmin_bits, dense<[-32768, -32768, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zmaxn_bits, dense<[0, 0, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%zminn_bits, dense<[-32768, -32768, -32768, 0]> : tensor<4xi16>) : tensor<4xi16>
  // maximumf and maxnumf (and minimumf and minnumf) agree bit for bit on zeros.
  check.expect_eq(%zmax_bits, %zmaxn_bits) : tensor<4xi16>
  check.expect_eq(%zmin_bits, %zminn_bits) : tensor<4xi16>

  %na = util.unfoldable_constant dense<[0x7FC0, 1.0]> : tensor<2xbf16>
  %nb = util.unfoldable_constant dense<[1.0, 0x7FC0]> : tensor<2xbf16>
  %nmax = arith.maximumf %na, %nb : tensor<2xbf16>
  %nmin = arith.minimumf %na, %nb : tensor<2xbf16>
  %nmaxn = arith.maxnumf %na, %nb : tensor<2xbf16>
  %nminn = arith.minnumf %na, %nb : tensor<2xbf16>
  %nmax_isnan = arith.cmpf uno, %nmax, %nmax : tensor<2xbf16>
  %nmin_isnan = arith.cmpf uno, %nmin, %nmin : tensor<2xbf16>
  check.expect_eq_const(%nmax_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmin_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmaxn, dense<[1.0, 1.0]> : tensor<2xbf16>) : tensor<2xbf16>
  check.expect_eq_const(%nminn, dense<[1.0, 1.0]> : tensor<2xbf16>) : tensor<2xbf16>
  %nn = util.unfoldable_constant dense<[0x7FC0]> : tensor<1xbf16>
  %nnmax = arith.maxnumf %nn, %nn : tensor<1xbf16>
  %nnmin = arith.minnumf %nn, %nn : tensor<1xbf16>
  %nnmax_isnan = arith.cmpf uno, %nnmax, %nnmax : tensor<1xbf16>
  %nnmin_isnan = arith.cmpf uno, %nnmin, %nnmin : tensor<1xbf16>
  check.expect_eq_const(%nnmax_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  check.expect_eq_const(%nnmin_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// The four min/max variants on f32.
//   Ordinary lanes: a = [1, -3, inf, 5], b = [2, -inf, 1, 5]
//     maximumf = maxnumf = [2, -3, inf, 5]; minimumf = minnumf = [1, -inf, 1, 5]
//   Signed zeros (-0 < +0 for all four variants):
//     a = [-0, +0, -0, +0], b = [+0, -0, -0, +0]
//     max = [+0, +0, -0, +0], min = [-0, -0, -0, +0]
//     checked on the bits: bitcast to i32, +0 = 0, -0 = sign bit = -2147483648
//   NaN (quiet): maximumf/minimumf propagate NaN: max(NaN, 1) = max(1, NaN) = NaN;
//     maxnumf/minnumf ignore it: maxnumf(NaN, 1) = maxnumf(1, NaN) = 1, and
//     maxnumf(NaN, NaN) = NaN.
func.func @minmax_f32() {
  %a = util.unfoldable_constant dense<[1.0, -3.0, 0x7F800000, 5.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[2.0, 0xFF800000, 1.0, 5.0]> : tensor<4xf32>
  %max = arith.maximumf %a, %b : tensor<4xf32>
  %min = arith.minimumf %a, %b : tensor<4xf32>
  %maxn = arith.maxnumf %a, %b : tensor<4xf32>
  %minn = arith.minnumf %a, %b : tensor<4xf32>
  check.expect_eq_const(%max, dense<[2.0, -3.0, 0x7F800000, 5.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%min, dense<[1.0, 0xFF800000, 1.0, 5.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%maxn, dense<[2.0, -3.0, 0x7F800000, 5.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%minn, dense<[1.0, 0xFF800000, 1.0, 5.0]> : tensor<4xf32>) : tensor<4xf32>

  %za = util.unfoldable_constant dense<[-0.0, 0.0, -0.0, 0.0]> : tensor<4xf32>
  %zb = util.unfoldable_constant dense<[0.0, -0.0, -0.0, 0.0]> : tensor<4xf32>
  %zmax = arith.maximumf %za, %zb : tensor<4xf32>
  %zmin = arith.minimumf %za, %zb : tensor<4xf32>
  %zmaxn = arith.maxnumf %za, %zb : tensor<4xf32>
  %zminn = arith.minnumf %za, %zb : tensor<4xf32>
  %zmax_bits = arith.bitcast %zmax : tensor<4xf32> to tensor<4xi32>
  %zmin_bits = arith.bitcast %zmin : tensor<4xf32> to tensor<4xi32>
  %zmaxn_bits = arith.bitcast %zmaxn : tensor<4xf32> to tensor<4xi32>
  %zminn_bits = arith.bitcast %zminn : tensor<4xf32> to tensor<4xi32>
  check.expect_eq_const(%zmax_bits, dense<[0, 0, -2147483648, 0]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%zmin_bits, dense<[-2147483648, -2147483648, -2147483648, 0]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%zmaxn_bits, dense<[0, 0, -2147483648, 0]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%zminn_bits, dense<[-2147483648, -2147483648, -2147483648, 0]> : tensor<4xi32>) : tensor<4xi32>
  // maximumf and maxnumf (and minimumf and minnumf) agree bit for bit on zeros.
  check.expect_eq(%zmax_bits, %zmaxn_bits) : tensor<4xi32>
  check.expect_eq(%zmin_bits, %zminn_bits) : tensor<4xi32>

  %na = util.unfoldable_constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %nb = util.unfoldable_constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %nmax = arith.maximumf %na, %nb : tensor<2xf32>
  %nmin = arith.minimumf %na, %nb : tensor<2xf32>
  %nmaxn = arith.maxnumf %na, %nb : tensor<2xf32>
  %nminn = arith.minnumf %na, %nb : tensor<2xf32>
  %nmax_isnan = arith.cmpf uno, %nmax, %nmax : tensor<2xf32>
  %nmin_isnan = arith.cmpf uno, %nmin, %nmin : tensor<2xf32>
  check.expect_eq_const(%nmax_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmin_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmaxn, dense<[1.0, 1.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%nminn, dense<[1.0, 1.0]> : tensor<2xf32>) : tensor<2xf32>
  %nn = util.unfoldable_constant dense<[0x7FC00000]> : tensor<1xf32>
  %nnmax = arith.maxnumf %nn, %nn : tensor<1xf32>
  %nnmin = arith.minnumf %nn, %nn : tensor<1xf32>
  %nnmax_isnan = arith.cmpf uno, %nnmax, %nnmax : tensor<1xf32>
  %nnmin_isnan = arith.cmpf uno, %nnmin, %nnmin : tensor<1xf32>
  check.expect_eq_const(%nnmax_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  check.expect_eq_const(%nnmin_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// The four min/max variants on f64.
//   Ordinary lanes: a = [1, -3, inf, 5], b = [2, -inf, 1, 5]
//     maximumf = maxnumf = [2, -3, inf, 5]; minimumf = minnumf = [1, -inf, 1, 5]
//   Signed zeros (-0 < +0 for all four variants):
//     a = [-0, +0, -0, +0], b = [+0, -0, -0, +0]
//     max = [+0, +0, -0, +0], min = [-0, -0, -0, +0]
//     checked on the bits: bitcast to i64, +0 = 0, -0 = sign bit = -9223372036854775808
//   NaN (quiet): maximumf/minimumf propagate NaN: max(NaN, 1) = max(1, NaN) = NaN;
//     maxnumf/minnumf ignore it: maxnumf(NaN, 1) = maxnumf(1, NaN) = 1, and
//     maxnumf(NaN, NaN) = NaN.
func.func @minmax_f64() {
  %a = util.unfoldable_constant dense<[1.0, -3.0, 0x7FF0000000000000, 5.0]> : tensor<4xf64>
  %b = util.unfoldable_constant dense<[2.0, 0xFFF0000000000000, 1.0, 5.0]> : tensor<4xf64>
  %max = arith.maximumf %a, %b : tensor<4xf64>
  %min = arith.minimumf %a, %b : tensor<4xf64>
  %maxn = arith.maxnumf %a, %b : tensor<4xf64>
  %minn = arith.minnumf %a, %b : tensor<4xf64>
  check.expect_eq_const(%max, dense<[2.0, -3.0, 0x7FF0000000000000, 5.0]> : tensor<4xf64>) : tensor<4xf64>
  check.expect_eq_const(%min, dense<[1.0, 0xFFF0000000000000, 1.0, 5.0]> : tensor<4xf64>) : tensor<4xf64>
  check.expect_eq_const(%maxn, dense<[2.0, -3.0, 0x7FF0000000000000, 5.0]> : tensor<4xf64>) : tensor<4xf64>
  check.expect_eq_const(%minn, dense<[1.0, 0xFFF0000000000000, 1.0, 5.0]> : tensor<4xf64>) : tensor<4xf64>

  %za = util.unfoldable_constant dense<[-0.0, 0.0, -0.0, 0.0]> : tensor<4xf64>
  %zb = util.unfoldable_constant dense<[0.0, -0.0, -0.0, 0.0]> : tensor<4xf64>
  %zmax = arith.maximumf %za, %zb : tensor<4xf64>
  %zmin = arith.minimumf %za, %zb : tensor<4xf64>
  %zmaxn = arith.maxnumf %za, %zb : tensor<4xf64>
  %zminn = arith.minnumf %za, %zb : tensor<4xf64>
  %zmax_bits = arith.bitcast %zmax : tensor<4xf64> to tensor<4xi64>
  %zmin_bits = arith.bitcast %zmin : tensor<4xf64> to tensor<4xi64>
  %zmaxn_bits = arith.bitcast %zmaxn : tensor<4xf64> to tensor<4xi64>
  %zminn_bits = arith.bitcast %zminn : tensor<4xf64> to tensor<4xi64>
  check.expect_eq_const(%zmax_bits, dense<[0, 0, -9223372036854775808, 0]> : tensor<4xi64>) : tensor<4xi64>
  check.expect_eq_const(%zmin_bits, dense<[-9223372036854775808, -9223372036854775808, -9223372036854775808, 0]> : tensor<4xi64>) : tensor<4xi64>
  check.expect_eq_const(%zmaxn_bits, dense<[0, 0, -9223372036854775808, 0]> : tensor<4xi64>) : tensor<4xi64>
  check.expect_eq_const(%zminn_bits, dense<[-9223372036854775808, -9223372036854775808, -9223372036854775808, 0]> : tensor<4xi64>) : tensor<4xi64>
  // maximumf and maxnumf (and minimumf and minnumf) agree bit for bit on zeros.
  check.expect_eq(%zmax_bits, %zmaxn_bits) : tensor<4xi64>
  check.expect_eq(%zmin_bits, %zminn_bits) : tensor<4xi64>

  %na = util.unfoldable_constant dense<[0x7FF8000000000000, 1.0]> : tensor<2xf64>
  %nb = util.unfoldable_constant dense<[1.0, 0x7FF8000000000000]> : tensor<2xf64>
  %nmax = arith.maximumf %na, %nb : tensor<2xf64>
  %nmin = arith.minimumf %na, %nb : tensor<2xf64>
  %nmaxn = arith.maxnumf %na, %nb : tensor<2xf64>
  %nminn = arith.minnumf %na, %nb : tensor<2xf64>
  %nmax_isnan = arith.cmpf uno, %nmax, %nmax : tensor<2xf64>
  %nmin_isnan = arith.cmpf uno, %nmin, %nmin : tensor<2xf64>
  check.expect_eq_const(%nmax_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmin_isnan, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%nmaxn, dense<[1.0, 1.0]> : tensor<2xf64>) : tensor<2xf64>
  check.expect_eq_const(%nminn, dense<[1.0, 1.0]> : tensor<2xf64>) : tensor<2xf64>
  %nn = util.unfoldable_constant dense<[0x7FF8000000000000]> : tensor<1xf64>
  %nnmax = arith.maxnumf %nn, %nn : tensor<1xf64>
  %nnmin = arith.minnumf %nn, %nn : tensor<1xf64>
  %nnmax_isnan = arith.cmpf uno, %nnmax, %nnmax : tensor<1xf64>
  %nnmin_isnan = arith.cmpf uno, %nnmin, %nnmin : tensor<1xf64>
  check.expect_eq_const(%nnmax_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  check.expect_eq_const(%nnmin_isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

//===----------------------------------------------------------------------===//
// cmpf
//===----------------------------------------------------------------------===//

// cmpf, all 16 predicates, on f16. Lanes (a, b):
//   (1,2) (2,1) (1,1) (NaN,1) (-0,+0) (NaN,NaN) (-inf,+inf)
// Ordered predicates (o*) are false when either operand is NaN, unordered
// ones (u*) are true; -0 == +0; -inf < +inf.
//   false: F F F F F F F
//   oeq  : F F T F T F F
//   ogt  : F T F F F F F
//   oge  : F T T F T F F
//   olt  : T F F F F F T
//   ole  : T F T F T F T
//   one  : T T F F F F T
//   ord  : T T T F T F T
//   ueq  : F F T T T T F
//   ugt  : F T F T F T F
//   uge  : F T T T T T F
//   ult  : T F F T F T T
//   ule  : T F T T T T T
//   une  : T T F T F T T
//   uno  : F F F T F T F
//   true : T T T T T T T
func.func @cmpf_all_predicates_f16() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 1.0, 0x7E00, -0.0, 0x7E00, 0xFC00]> : tensor<7xf16>
  %b = util.unfoldable_constant dense<[2.0, 1.0, 1.0, 1.0, 0.0, 0x7E00, 0x7C00]> : tensor<7xf16>
  %false = arith.cmpf false, %a, %b : tensor<7xf16>
  check.expect_eq_const(%false, dense<[false, false, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oeq = arith.cmpf oeq, %a, %b : tensor<7xf16>
  check.expect_eq_const(%oeq, dense<[false, false, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %ogt = arith.cmpf ogt, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ogt, dense<[false, true, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oge = arith.cmpf oge, %a, %b : tensor<7xf16>
  check.expect_eq_const(%oge, dense<[false, true, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %olt = arith.cmpf olt, %a, %b : tensor<7xf16>
  check.expect_eq_const(%olt, dense<[true, false, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ole = arith.cmpf ole, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ole, dense<[true, false, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %one = arith.cmpf one, %a, %b : tensor<7xf16>
  check.expect_eq_const(%one, dense<[true, true, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ord = arith.cmpf ord, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ord, dense<[true, true, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ueq = arith.cmpf ueq, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ueq, dense<[false, false, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ugt = arith.cmpf ugt, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ugt, dense<[false, true, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %uge = arith.cmpf uge, %a, %b : tensor<7xf16>
  check.expect_eq_const(%uge, dense<[false, true, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ult = arith.cmpf ult, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ult, dense<[true, false, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %ule = arith.cmpf ule, %a, %b : tensor<7xf16>
  check.expect_eq_const(%ule, dense<[true, false, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %une = arith.cmpf une, %a, %b : tensor<7xf16>
  check.expect_eq_const(%une, dense<[true, true, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %uno = arith.cmpf uno, %a, %b : tensor<7xf16>
  check.expect_eq_const(%uno, dense<[false, false, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %true = arith.cmpf true, %a, %b : tensor<7xf16>
  check.expect_eq_const(%true, dense<[true, true, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  return
}

// cmpf, all 16 predicates, on bf16. Lanes (a, b):
//   (1,2) (2,1) (1,1) (NaN,1) (-0,+0) (NaN,NaN) (-inf,+inf)
// Ordered predicates (o*) are false when either operand is NaN, unordered
// ones (u*) are true; -0 == +0; -inf < +inf.
//   false: F F F F F F F
//   oeq  : F F T F T F F
//   ogt  : F T F F F F F
//   oge  : F T T F T F F
//   olt  : T F F F F F T
//   ole  : T F T F T F T
//   one  : T T F F F F T
//   ord  : T T T F T F T
//   ueq  : F F T T T T F
//   ugt  : F T F T F T F
//   uge  : F T T T T T F
//   ult  : T F F T F T T
//   ule  : T F T T T T T
//   une  : T T F T F T T
//   uno  : F F F T F T F
//   true : T T T T T T T
func.func @cmpf_all_predicates_bf16() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 1.0, 0x7FC0, -0.0, 0x7FC0, 0xFF80]> : tensor<7xbf16>
  %b = util.unfoldable_constant dense<[2.0, 1.0, 1.0, 1.0, 0.0, 0x7FC0, 0x7F80]> : tensor<7xbf16>
  %false = arith.cmpf false, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%false, dense<[false, false, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oeq = arith.cmpf oeq, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%oeq, dense<[false, false, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %ogt = arith.cmpf ogt, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ogt, dense<[false, true, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oge = arith.cmpf oge, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%oge, dense<[false, true, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %olt = arith.cmpf olt, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%olt, dense<[true, false, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ole = arith.cmpf ole, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ole, dense<[true, false, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %one = arith.cmpf one, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%one, dense<[true, true, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ord = arith.cmpf ord, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ord, dense<[true, true, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ueq = arith.cmpf ueq, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ueq, dense<[false, false, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ugt = arith.cmpf ugt, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ugt, dense<[false, true, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %uge = arith.cmpf uge, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%uge, dense<[false, true, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ult = arith.cmpf ult, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ult, dense<[true, false, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %ule = arith.cmpf ule, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%ule, dense<[true, false, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %une = arith.cmpf une, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%une, dense<[true, true, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %uno = arith.cmpf uno, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%uno, dense<[false, false, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %true = arith.cmpf true, %a, %b : tensor<7xbf16>
  check.expect_eq_const(%true, dense<[true, true, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  return
}

// cmpf, all 16 predicates, on f32. Lanes (a, b):
//   (1,2) (2,1) (1,1) (NaN,1) (-0,+0) (NaN,NaN) (-inf,+inf)
// Ordered predicates (o*) are false when either operand is NaN, unordered
// ones (u*) are true; -0 == +0; -inf < +inf.
//   false: F F F F F F F
//   oeq  : F F T F T F F
//   ogt  : F T F F F F F
//   oge  : F T T F T F F
//   olt  : T F F F F F T
//   ole  : T F T F T F T
//   one  : T T F F F F T
//   ord  : T T T F T F T
//   ueq  : F F T T T T F
//   ugt  : F T F T F T F
//   uge  : F T T T T T F
//   ult  : T F F T F T T
//   ule  : T F T T T T T
//   une  : T T F T F T T
//   uno  : F F F T F T F
//   true : T T T T T T T
func.func @cmpf_all_predicates_f32() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 1.0, 0x7FC00000, -0.0, 0x7FC00000, 0xFF800000]> : tensor<7xf32>
  %b = util.unfoldable_constant dense<[2.0, 1.0, 1.0, 1.0, 0.0, 0x7FC00000, 0x7F800000]> : tensor<7xf32>
  %false = arith.cmpf false, %a, %b : tensor<7xf32>
  check.expect_eq_const(%false, dense<[false, false, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oeq = arith.cmpf oeq, %a, %b : tensor<7xf32>
  check.expect_eq_const(%oeq, dense<[false, false, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %ogt = arith.cmpf ogt, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ogt, dense<[false, true, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oge = arith.cmpf oge, %a, %b : tensor<7xf32>
  check.expect_eq_const(%oge, dense<[false, true, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %olt = arith.cmpf olt, %a, %b : tensor<7xf32>
  check.expect_eq_const(%olt, dense<[true, false, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ole = arith.cmpf ole, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ole, dense<[true, false, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %one = arith.cmpf one, %a, %b : tensor<7xf32>
  check.expect_eq_const(%one, dense<[true, true, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ord = arith.cmpf ord, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ord, dense<[true, true, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ueq = arith.cmpf ueq, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ueq, dense<[false, false, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ugt = arith.cmpf ugt, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ugt, dense<[false, true, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %uge = arith.cmpf uge, %a, %b : tensor<7xf32>
  check.expect_eq_const(%uge, dense<[false, true, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ult = arith.cmpf ult, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ult, dense<[true, false, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %ule = arith.cmpf ule, %a, %b : tensor<7xf32>
  check.expect_eq_const(%ule, dense<[true, false, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %une = arith.cmpf une, %a, %b : tensor<7xf32>
  check.expect_eq_const(%une, dense<[true, true, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %uno = arith.cmpf uno, %a, %b : tensor<7xf32>
  check.expect_eq_const(%uno, dense<[false, false, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %true = arith.cmpf true, %a, %b : tensor<7xf32>
  check.expect_eq_const(%true, dense<[true, true, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  return
}

// cmpf, all 16 predicates, on f64. Lanes (a, b):
//   (1,2) (2,1) (1,1) (NaN,1) (-0,+0) (NaN,NaN) (-inf,+inf)
// Ordered predicates (o*) are false when either operand is NaN, unordered
// ones (u*) are true; -0 == +0; -inf < +inf.
//   false: F F F F F F F
//   oeq  : F F T F T F F
//   ogt  : F T F F F F F
//   oge  : F T T F T F F
//   olt  : T F F F F F T
//   ole  : T F T F T F T
//   one  : T T F F F F T
//   ord  : T T T F T F T
//   ueq  : F F T T T T F
//   ugt  : F T F T F T F
//   uge  : F T T T T T F
//   ult  : T F F T F T T
//   ule  : T F T T T T T
//   une  : T T F T F T T
//   uno  : F F F T F T F
//   true : T T T T T T T
func.func @cmpf_all_predicates_f64() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 1.0, 0x7FF8000000000000, -0.0, 0x7FF8000000000000, 0xFFF0000000000000]> : tensor<7xf64>
  %b = util.unfoldable_constant dense<[2.0, 1.0, 1.0, 1.0, 0.0, 0x7FF8000000000000, 0x7FF0000000000000]> : tensor<7xf64>
  %false = arith.cmpf false, %a, %b : tensor<7xf64>
  check.expect_eq_const(%false, dense<[false, false, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oeq = arith.cmpf oeq, %a, %b : tensor<7xf64>
  check.expect_eq_const(%oeq, dense<[false, false, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %ogt = arith.cmpf ogt, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ogt, dense<[false, true, false, false, false, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %oge = arith.cmpf oge, %a, %b : tensor<7xf64>
  check.expect_eq_const(%oge, dense<[false, true, true, false, true, false, false]> : tensor<7xi1>) : tensor<7xi1>
  %olt = arith.cmpf olt, %a, %b : tensor<7xf64>
  check.expect_eq_const(%olt, dense<[true, false, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ole = arith.cmpf ole, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ole, dense<[true, false, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %one = arith.cmpf one, %a, %b : tensor<7xf64>
  check.expect_eq_const(%one, dense<[true, true, false, false, false, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ord = arith.cmpf ord, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ord, dense<[true, true, true, false, true, false, true]> : tensor<7xi1>) : tensor<7xi1>
  %ueq = arith.cmpf ueq, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ueq, dense<[false, false, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ugt = arith.cmpf ugt, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ugt, dense<[false, true, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %uge = arith.cmpf uge, %a, %b : tensor<7xf64>
  check.expect_eq_const(%uge, dense<[false, true, true, true, true, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %ult = arith.cmpf ult, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ult, dense<[true, false, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %ule = arith.cmpf ule, %a, %b : tensor<7xf64>
  check.expect_eq_const(%ule, dense<[true, false, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %une = arith.cmpf une, %a, %b : tensor<7xf64>
  check.expect_eq_const(%une, dense<[true, true, false, true, false, true, true]> : tensor<7xi1>) : tensor<7xi1>
  %uno = arith.cmpf uno, %a, %b : tensor<7xf64>
  check.expect_eq_const(%uno, dense<[false, false, false, true, false, true, false]> : tensor<7xi1>) : tensor<7xi1>
  %true = arith.cmpf true, %a, %b : tensor<7xf64>
  check.expect_eq_const(%true, dense<[true, true, true, true, true, true, true]> : tensor<7xi1>) : tensor<7xi1>
  return
}

//===----------------------------------------------------------------------===//
// Integer <-> float conversions
//===----------------------------------------------------------------------===//

// i32 -> f32 (f32 spacing is 2 in [2^24, 2^25), 256 in [2^31, 2^32)):
//   sitofp: 16777217 is halfway between 16777216 (even) and 16777218 -> 16777216;
//           -16777217 -> -16777216; 16777219 is halfway between 16777218 (odd)
//           and 16777220 -> 16777220; 2147483647 = 2^31 - 1 -> 2^31 = 2147483648;
//           -2147483648 is exact; 0 -> +0
//   uitofp: -1 reads 2^32 - 1 -> 2^32 = 4294967296; -2147483648 reads 2^31;
//           1 -> 1; 16777217 -> 16777216
// i1 -> f32: sitofp true = -1.0, uitofp true = 1.0, false -> +0.
func.func @int_to_f32() {
  %a = util.unfoldable_constant dense<[16777217, -16777217, 16777219, 2147483647, -2147483648, 0]> : tensor<6xi32>
  %s = arith.sitofp %a : tensor<6xi32> to tensor<6xf32>
  check.expect_eq_const(%s, dense<[16777216.0, -16777216.0, 16777220.0, 2147483648.0, -2147483648.0, 0.0]> : tensor<6xf32>) : tensor<6xf32>
  %b = util.unfoldable_constant dense<[-1, -2147483648, 1, 16777217]> : tensor<4xi32>
  %u = arith.uitofp %b : tensor<4xi32> to tensor<4xf32>
  check.expect_eq_const(%u, dense<[4294967296.0, 2147483648.0, 1.0, 16777216.0]> : tensor<4xf32>) : tensor<4xf32>
  %c = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %cs = arith.sitofp %c : tensor<2xi1> to tensor<2xf32>
  %cu = arith.uitofp %c : tensor<2xi1> to tensor<2xf32>
  check.expect_eq_const(%cs, dense<[-1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%cu, dense<[1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// -> f16:
//   i8 sitofp [-128, 127, -1, 0] is exact; uitofp reads [128, 127, 255, 0].
//   i32 sitofp: 65519 < 65520 -> 65504; 65520 is halfway between 65504 (odd)
//     and 65536 -> 65536 -> inf; 2049 -> tie -> 2048 (even); 2051 -> tie
//     -> 2052 (even); 100000 -> inf; -65520 -> -inf; -65519 -> -65504
//   i16 uitofp: -1 reads 65535 -> inf; -32 reads 65504 -> 65504; 2049 -> 2048
func.func @int_to_f16() {
  %a = util.unfoldable_constant dense<[-128, 127, -1, 0]> : tensor<4xi8>
  %s = arith.sitofp %a : tensor<4xi8> to tensor<4xf16>
  %u = arith.uitofp %a : tensor<4xi8> to tensor<4xf16>
  check.expect_eq_const(%s, dense<[-128.0, 127.0, -1.0, 0.0]> : tensor<4xf16>) : tensor<4xf16>
  check.expect_eq_const(%u, dense<[128.0, 127.0, 255.0, 0.0]> : tensor<4xf16>) : tensor<4xf16>
  %b = util.unfoldable_constant dense<[65519, 65520, 2049, 2051, 100000, -65520, -65519]> : tensor<7xi32>
  %bs = arith.sitofp %b : tensor<7xi32> to tensor<7xf16>
  check.expect_eq_const(%bs, dense<[65504.0, 0x7C00, 2048.0, 2052.0, 0x7C00, 0xFC00, -65504.0]> : tensor<7xf16>) : tensor<7xf16>
  %c = util.unfoldable_constant dense<[-1, -32, 2049]> : tensor<3xi16>
  %cu = arith.uitofp %c : tensor<3xi16> to tensor<3xf16>
  check.expect_eq_const(%cu, dense<[0x7C00, 65504.0, 2048.0]> : tensor<3xf16>) : tensor<3xf16>
  return
}

// -> bf16 (8 significand bits):
//   i32 sitofp: 257 -> tie -> 256 (even); 259 -> tie between 258 (odd) and
//     260 -> 260; 16842753 = 2^24 + 2^16 + 1: the bf16 spacing at 2^24 is 2^17,
//     the halfway point is 2^24 + 2^16 and the value is just above it ->
//     2^24 + 2^17 = 16908288.  (Going through f32 first would be wrong:
//     f32 spacing there is 2, 16842753 is a tie -> 16842752 = 2^24 + 2^16,
//     then a bf16 tie -> 2^24.)  -16842753 -> -16908288; 16777217 -> 16777216
//   i32 uitofp: -1 reads 2^32 - 1 -> 2^32 = 4294967296
//   i64 sitofp: 16842753 -> 16908288 as above
func.func @int_to_bf16() {
  %a = util.unfoldable_constant dense<[257, 259, 16842753, -16842753, 16777217]> : tensor<5xi32>
  %s = arith.sitofp %a : tensor<5xi32> to tensor<5xbf16>
  check.expect_eq_const(%s, dense<[256.0, 260.0, 16908288.0, -16908288.0, 16777216.0]> : tensor<5xbf16>) : tensor<5xbf16>
  %b = util.unfoldable_constant dense<[-1]> : tensor<1xi32>
  %u = arith.uitofp %b : tensor<1xi32> to tensor<1xbf16>
  check.expect_eq_const(%u, dense<[4294967296.0]> : tensor<1xbf16>) : tensor<1xbf16>
  %c = util.unfoldable_constant dense<[16842753]> : tensor<1xi64>
  %cs = arith.sitofp %c : tensor<1xi64> to tensor<1xbf16>
  check.expect_eq_const(%cs, dense<[16908288.0]> : tensor<1xbf16>) : tensor<1xbf16>
  return
}

// i64 -> f32 / f64:
//   sitofp i64 -> f32: 9007199791611905 = 2^53 + 2^29 + 1; the f32 spacing at
//     2^53 is 2^30, the halfway point 2^53 + 2^29, the value is just above it
//     -> 2^53 + 2^30 = 9007200328482816.  (Through f64 first would be wrong:
//     a tie in f64 (spacing 2) -> 2^53 + 2^29, then a tie in f32 -> 2^53.)
//     2^53 + 1 -> 2^53 = 9007199254740992; -2^63 is exact
//   sitofp i64 -> f64: 2^53 + 1 -> tie -> 2^53 (even); 2^53 + 3 -> tie between
//     2^53 + 2 (odd) and 2^53 + 4 -> 9007199254740996; -2^63 exact
//   uitofp i64 -> f32 and -> f64: -1 reads 2^64 - 1 -> 2^64 = 18446744073709551616
func.func @int64_to_float() {
  %a = util.unfoldable_constant dense<[9007199791611905, 9007199254740993, -9223372036854775808]> : tensor<3xi64>
  %s32 = arith.sitofp %a : tensor<3xi64> to tensor<3xf32>
  check.expect_eq_const(%s32, dense<[9007200328482816.0, 9007199254740992.0, -9223372036854775808.0]> : tensor<3xf32>) : tensor<3xf32>
  %b = util.unfoldable_constant dense<[9007199254740993, 9007199254740995, -9223372036854775808]> : tensor<3xi64>
  %s64 = arith.sitofp %b : tensor<3xi64> to tensor<3xf64>
  check.expect_eq_const(%s64, dense<[9007199254740992.0, 9007199254740996.0, -9223372036854775808.0]> : tensor<3xf64>) : tensor<3xf64>
  %c = util.unfoldable_constant dense<[-1]> : tensor<1xi64>
  %u32 = arith.uitofp %c : tensor<1xi64> to tensor<1xf32>
  %u64 = arith.uitofp %c : tensor<1xi64> to tensor<1xf64>
  check.expect_eq_const(%u32, dense<[18446744073709551616.0]> : tensor<1xf32>) : tensor<1xf32>
  check.expect_eq_const(%u64, dense<[18446744073709551616.0]> : tensor<1xf64>) : tensor<1xf64>
  return
}

// fptosi truncates toward zero:
//   f32 -> i32: 2.7 -> 2; -2.7 -> -2; -0.5 -> 0; 2147483520 (2^31 - 128, the
//     largest f32 below 2^31) -> 2147483520; -2147483648 -> -2147483648;
//     0.99999994 -> 0
//   f32 -> i8: 127.9 -> 127; -128.9 -> -128
//   f16 -> i32: 65504 -> 65504; -65504 -> -65504; 0.5 -> 0
//   bf16 -> i32: 3.5 -> 3; -3.5 -> -3; 16908288 -> 16908288
//   f64 -> i64: -2^63 -> -9223372036854775808; 2^63 - 1024 (the largest f64
//     below 2^63) = 9223372036854774784; -1.5 -> -1
//   f32 -> i1: -1.0 -> -1 = true; 0.5 -> 0 = false
func.func @fptosi() {
  %a = util.unfoldable_constant dense<[2.7, -2.7, -0.5, 2147483520.0, -2147483648.0, 0.99999994]> : tensor<6xf32>
  %ai = arith.fptosi %a : tensor<6xf32> to tensor<6xi32>
  check.expect_eq_const(%ai, dense<[2, -2, 0, 2147483520, -2147483648, 0]> : tensor<6xi32>) : tensor<6xi32>
  %b = util.unfoldable_constant dense<[127.9, -128.9]> : tensor<2xf32>
  %bi = arith.fptosi %b : tensor<2xf32> to tensor<2xi8>
  check.expect_eq_const(%bi, dense<[127, -128]> : tensor<2xi8>) : tensor<2xi8>
  %c = util.unfoldable_constant dense<[65504.0, -65504.0, 0.5]> : tensor<3xf16>
  %ci = arith.fptosi %c : tensor<3xf16> to tensor<3xi32>
  check.expect_eq_const(%ci, dense<[65504, -65504, 0]> : tensor<3xi32>) : tensor<3xi32>
  %d = util.unfoldable_constant dense<[3.5, -3.5, 16908288.0]> : tensor<3xbf16>
  %di = arith.fptosi %d : tensor<3xbf16> to tensor<3xi32>
  check.expect_eq_const(%di, dense<[3, -3, 16908288]> : tensor<3xi32>) : tensor<3xi32>
  %e = util.unfoldable_constant dense<[-9223372036854775808.0, 9223372036854774784.0, -1.5]> : tensor<3xf64>
  %ei = arith.fptosi %e : tensor<3xf64> to tensor<3xi64>
  check.expect_eq_const(%ei, dense<[-9223372036854775808, 9223372036854774784, -1]> : tensor<3xi64>) : tensor<3xi64>
  %f = util.unfoldable_constant dense<[-1.0, 0.5]> : tensor<2xf32>
  %fi = arith.fptosi %f : tensor<2xf32> to tensor<2xi1>
  check.expect_eq_const(%fi, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  return
}

// fptoui truncates toward zero and reads the result as unsigned:
//   f32 -> i32: 2.7 -> 2; 4294967040 (2^32 - 256) -> -256 as i32; 0.5 -> 0;
//     2147483648 = 2^31 -> -2147483648 as i32
//   f16 -> i8: 255.875 -> 255 = -1 as i8; 200.5 -> 200 = -56 as i8
//   f64 -> i64: 18446744073709549568 (2^64 - 2048, the largest f64 below 2^64)
//     -> -2048 as i64
//   f32 -> i1: 1.0 -> true
func.func @fptoui() {
  %a = util.unfoldable_constant dense<[2.7, 4294967040.0, 0.5, 2147483648.0]> : tensor<4xf32>
  %ai = arith.fptoui %a : tensor<4xf32> to tensor<4xi32>
  check.expect_eq_const(%ai, dense<[2, -256, 0, -2147483648]> : tensor<4xi32>) : tensor<4xi32>
  %b = util.unfoldable_constant dense<[255.875, 200.5]> : tensor<2xf16>
  %bi = arith.fptoui %b : tensor<2xf16> to tensor<2xi8>
  check.expect_eq_const(%bi, dense<[-1, -56]> : tensor<2xi8>) : tensor<2xi8>
  %c = util.unfoldable_constant dense<[18446744073709549568.0]> : tensor<1xf64>
  %ci = arith.fptoui %c : tensor<1xf64> to tensor<1xi64>
  check.expect_eq_const(%ci, dense<[-2048]> : tensor<1xi64>) : tensor<1xi64>
  %d = util.unfoldable_constant dense<[1.0]> : tensor<1xf32>
  %di = arith.fptoui %d : tensor<1xf32> to tensor<1xi1>
  check.expect_eq_const(%di, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// fptoui of a negative number whose truncation is zero is in range:
// -0.5 and -0.99 truncate toward zero to -0 = 0, which an unsigned type holds
// (APFloat::convertToInteger reports no error: the truncated magnitude is 0).
func.func @fptoui_negative_fraction() {
  %a = util.unfoldable_constant dense<[-0.5, -0.99, -0.0]> : tensor<3xf32>
  %ai = arith.fptoui %a : tensor<3xf32> to tensor<3xi32>
  check.expect_eq_const(%ai, dense<[0, 0, 0]> : tensor<3xi32>) : tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Float <-> float conversions
//===----------------------------------------------------------------------===//

// extf is exact:
//   f16 -> f32: 65504, 2^-24 (smallest f16 subnormal), -0, inf, 1365/4096
//   bf16 -> f32: 0x7F7F -> 0x7F7F0000 (the same value), 0x0001 (2^-133, the
//     smallest bf16 subnormal) -> 0x00010000 (2^-133 is an f32 subnormal
//     with bit 16 set), -0 -> -0
//   f32 -> f64: f32(0.1) = 0x3DCCCCCD = 0.100000001490116119384765625;
//     2^-149 (0x00000001) -> 0x36A0000000000000 (2^-149 is normal in f64:
//     biased exponent 1023 - 149 = 874 = 0x36A)
//   f16 -> f64: 2^-24 -> 5.9604644775390625e-08; -65504 -> -65504
//   bf16 -> f64: 0x7F7F -> 2^128 - 2^120 = 0x47EFE00000000000
//   a NaN stays NaN (checked with uno)
func.func @extf() {
  %a = util.unfoldable_constant dense<[65504.0, 5.96046448e-08, -0.0, 0x7C00, 0.333251953125]> : tensor<5xf16>
  %a32 = arith.extf %a : tensor<5xf16> to tensor<5xf32>
  check.expect_eq_const(%a32, dense<[65504.0, 5.96046448e-08, -0.0, 0x7F800000, 0.333251953125]> : tensor<5xf32>) : tensor<5xf32>
  %b = util.unfoldable_constant dense<[0x7F7F, 0x0001, -0.0]> : tensor<3xbf16>
  %b32 = arith.extf %b : tensor<3xbf16> to tensor<3xf32>
  check.expect_eq_const(%b32, dense<[0x7F7F0000, 0x00010000, -0.0]> : tensor<3xf32>) : tensor<3xf32>
  %c = util.unfoldable_constant dense<[0.1, 0x00000001]> : tensor<2xf32>
  %c64 = arith.extf %c : tensor<2xf32> to tensor<2xf64>
  check.expect_eq_const(%c64, dense<[0.100000001490116119384765625, 0x36A0000000000000]> : tensor<2xf64>) : tensor<2xf64>
  %d = util.unfoldable_constant dense<[5.96046448e-08, -65504.0]> : tensor<2xf16>
  %d64 = arith.extf %d : tensor<2xf16> to tensor<2xf64>
  check.expect_eq_const(%d64, dense<[5.9604644775390625e-08, -65504.0]> : tensor<2xf64>) : tensor<2xf64>
  %e = util.unfoldable_constant dense<[0x7F7F]> : tensor<1xbf16>
  %e64 = arith.extf %e : tensor<1xbf16> to tensor<1xf64>
  check.expect_eq_const(%e64, dense<[0x47EFE00000000000]> : tensor<1xf64>) : tensor<1xf64>
  %n = util.unfoldable_constant dense<[0x7E00]> : tensor<1xf16>
  %n32 = arith.extf %n : tensor<1xf16> to tensor<1xf32>
  %isnan = arith.cmpf uno, %n32, %n32 : tensor<1xf32>
  check.expect_eq_const(%isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// truncf f32 -> f16:
//   65519 -> 65504; 65520 -> tie, rounds to the even 65536 -> inf;
//   2049 -> tie -> 2048; 2051 -> tie -> 2052;
//   1e-8 < 2^-25 (half the smallest subnormal) -> +0; 3e-8 > 2^-25 -> 2^-24;
//   -1e-8 -> -0; 1.5 * 2^-24 (0x33C00000) -> tie between 1 (odd) and 2 units
//   -> 2^-23 = 1.1920929e-07; f32 max -> inf
func.func @truncf_f32_to_f16() {
  %a = util.unfoldable_constant dense<[65519.0, 65520.0, 2049.0, 2051.0, 1.0e-8, 3.0e-8, -1.0e-8, 0x33C00000, 3.40282347e+38]> : tensor<9xf32>
  %t = arith.truncf %a : tensor<9xf32> to tensor<9xf16>
  check.expect_eq_const(%t, dense<[65504.0, 0x7C00, 2048.0, 2052.0, 0.0, 5.96046448e-08, -0.0, 1.1920929e-07, 0x7C00]> : tensor<9xf16>) : tensor<9xf16>
  return
}

// truncf f32 -> bf16 (keeps the top 16 bits, rounded to nearest even):
//   1 + 2^-8 (0x3F808000) -> tie -> 1.0 (0x3F80, even)
//   1 + 3*2^-8 = 1.01171875 (0x3F818000) -> tie between 0x3F81 (odd) and
//     0x3F82 -> 1.015625
//   1 + 2^-8 + 2^-23 (0x3F808001) -> above the tie -> 0x3F81 = 1.0078125
//   0x7F7F7FFF -> below the halfway point -> 0x7F7F (bf16 max)
//   0x7F7F8000 -> exactly halfway, 0x7F7F is odd -> 0x7F80 = inf
//   f32 max 0x7F7FFFFF -> inf; -f32 max -> -inf
func.func @truncf_f32_to_bf16() {
  %a = util.unfoldable_constant dense<[0x3F808000, 1.01171875, 0x3F808001, 0x7F7F7FFF, 0x7F7F8000, 0x7F7FFFFF, 0xFF7FFFFF]> : tensor<7xf32>
  %t = arith.truncf %a : tensor<7xf32> to tensor<7xbf16>
  check.expect_eq_const(%t, dense<[1.0, 1.015625, 1.0078125, 0x7F7F, 0x7F80, 0x7F80, 0xFF80]> : tensor<7xbf16>) : tensor<7xbf16>
  return
}

// truncf f64 -> f32:
//   1e300 -> inf; -1e300 -> -inf; 1e-300 -> +0; 0.1 -> 0x3DCCCCCD;
//   16777217 -> tie -> 16777216;
//   2^128 - 2^103 = 3.4028235677973366e+38 is exactly halfway between f32 max
//     (2^128 - 2^104, odd significand) and 2^128 -> inf
//   the f64 just below it, 3.4028235677973362e+38 -> f32 max 0x7F7FFFFF
func.func @truncf_f64_to_f32() {
  %a = util.unfoldable_constant dense<[1.0e300, -1.0e300, 1.0e-300, 0.1, 16777217.0, 3.4028235677973366e+38, 3.4028235677973362e+38]> : tensor<7xf64>
  %t = arith.truncf %a : tensor<7xf64> to tensor<7xf32>
  check.expect_eq_const(%t, dense<[0x7F800000, 0xFF800000, 0.0, 0x3DCCCCCD, 16777216.0, 0x7F800000, 0x7F7FFFFF]> : tensor<7xf32>) : tensor<7xf32>
  return
}

// truncf f64 -> f16 and f64 -> bf16 must round once, directly; rounding
// through f32 first (double rounding) gives different answers here:
//   d1 = 1 + 2^-11 + 2^-30 = 1.000488282181322574615478515625. The f16 spacing
//     at 1 is 2^-10, the halfway point is 1 + 2^-11 and d1 is above it
//     -> 1 + 2^-10 = 1.0009765625.  (f32 first: 2^-30 is below half the f32
//     spacing 2^-23, so d1 -> 1 + 2^-11, then an f16 tie -> 1.0: wrong.)
//   1 + 2^-11 = 1.00048828125 exactly -> tie -> 1.0 (even)
//   1 + 3*2^-11 = 1.00146484375 -> tie between 1 + 2^-10 (odd) and
//     1 + 2^-9 -> 1.001953125
//   d2 = 2^-25 + 2^-50 = 2.980232327587373220012523233890533447265625e-08 is
//     just above half the smallest f16 subnormal -> 2^-24 = 5.96046448e-08.
//     (f32 first: -> 2^-25, then a tie -> 0: wrong.)
//   65519.999 -> 65504; 65520 -> inf; -1e-300 -> -0
//   d3 = 1 + 2^-8 + 2^-30 = 1.003906250931322574615478515625 -> bf16: above
//     the tie 1 + 2^-8 -> 1 + 2^-7 = 1.0078125.  (f32 first: -> 1 + 2^-8, then
//     a bf16 tie -> 1.0: wrong.)
//   1 + 2^-8 = 1.00390625 -> bf16 tie -> 1.0; 1e300 -> bf16 inf
func.func @truncf_f64_to_f16_bf16_no_double_rounding() {
  %a = util.unfoldable_constant dense<[1.000488282181322574615478515625, 1.00048828125, 1.00146484375, 2.980232327587373220012523233890533447265625e-08, 65519.999, 65520.0, -1.0e-300]> : tensor<7xf64>
  %t = arith.truncf %a : tensor<7xf64> to tensor<7xf16>
  check.expect_eq_const(%t, dense<[1.0009765625, 1.0, 1.001953125, 5.96046448e-08, 65504.0, 0x7C00, -0.0]> : tensor<7xf16>) : tensor<7xf16>
  %b = util.unfoldable_constant dense<[1.003906250931322574615478515625, 1.00390625, 1.0e300]> : tensor<3xf64>
  %tb = arith.truncf %b : tensor<3xf64> to tensor<3xbf16>
  check.expect_eq_const(%tb, dense<[1.0078125, 1.0, 0x7F80]> : tensor<3xbf16>) : tensor<3xbf16>
  return
}

// The same f64 -> f16 truncation inside a linalg.generic body, followed by an
// f16 op: r = truncf(d) + 0 in f16.
//   d1 = 1 + 2^-11 + 2^-30 -> 1.0009765625 (see above); + 0 -> 1.0009765625
//   d2 = 2^-25 + 2^-50 -> 2^-24; + 0 -> 2^-24
func.func @truncf_f64_to_f16_in_generic() {
  %a = util.unfoldable_constant dense<[1.000488282181322574615478515625, 2.980232327587373220012523233890533447265625e-08]> : tensor<2xf64>
  %e = tensor.empty() : tensor<2xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<2xf64>) outs(%e : tensor<2xf16>) {
  ^bb0(%x: f64, %o: f16):
    %t = arith.truncf %x : f64 to f16
    %z = arith.constant 0.0 : f16
    %s = arith.addf %t, %z : f16
    linalg.yield %s : f16
  } -> tensor<2xf16>
  check.expect_eq_const(%r, dense<[1.0009765625, 5.96046448e-08]> : tensor<2xf16>) : tensor<2xf16>
  return
}

// truncf with an explicit rounding mode (arith.truncf's optional
// `roundingmode`: to_nearest_even, to_nearest_away, upward, downward,
// toward_zero). f32 -> f16, lanes:
//   2049   : between 2048 and 2050, exactly halfway
//   -2049  : between -2050 and -2048, exactly halfway
//   2049.5 : between 2048 and 2050, nearer 2050
//   65519  : between 65504 (f16 max) and overflow (the next step is 65536)
//   70000  : above the f16 range
//   1e-8   : between +0 and 2^-24 (5.96046448e-08), nearer 0
//   -1e-8  : between -2^-24 and -0, nearer -0
//                  2049  -2049  2049.5  65519   70000   1e-8     -1e-8
//   nearest_even : 2048  -2048  2050    65504   inf     +0       -0
//   nearest_away : 2050  -2050  2050    65504   inf     +0       -0
//   upward       : 2050  -2048  2050    inf     inf     2^-24    -0
//   downward     : 2048  -2050  2048    65504   65504   +0       -2^-24
//   toward_zero  : 2048  -2048  2048    65504   65504   +0       -0
// (IEEE-754 7.4: on overflow, the directed roundings that point back toward
// zero deliver the largest finite number, the others infinity.)
// f32 -> bf16, lanes 1 + 2^-8 (0x3F808000, exactly halfway between 1 and
// 1.0078125) and -(1 + 2^-8 + 2^-23) (0xBF808001, just beyond halfway between
// -1 and -1.0078125):
//   nearest_even: [1, -1.0078125]  nearest_away: [1.0078125, -1.0078125]
//   upward: [1.0078125, -1]  downward: [1, -1.0078125]  toward_zero: [1, -1]
func.func @truncf_rounding_modes() {
  %a = util.unfoldable_constant dense<[2049.0, -2049.0, 2049.5, 65519.0, 70000.0, 1.0e-8, -1.0e-8]> : tensor<7xf32>
  %ne = arith.truncf %a to_nearest_even : tensor<7xf32> to tensor<7xf16>
  %na = arith.truncf %a to_nearest_away : tensor<7xf32> to tensor<7xf16>
  %up = arith.truncf %a upward : tensor<7xf32> to tensor<7xf16>
  %dn = arith.truncf %a downward : tensor<7xf32> to tensor<7xf16>
  %tz = arith.truncf %a toward_zero : tensor<7xf32> to tensor<7xf16>
  check.expect_eq_const(%ne, dense<[2048.0, -2048.0, 2050.0, 65504.0, 0x7C00, 0.0, -0.0]> : tensor<7xf16>) : tensor<7xf16>
  check.expect_eq_const(%na, dense<[2050.0, -2050.0, 2050.0, 65504.0, 0x7C00, 0.0, -0.0]> : tensor<7xf16>) : tensor<7xf16>
  check.expect_eq_const(%up, dense<[2050.0, -2048.0, 2050.0, 0x7C00, 0x7C00, 5.96046448e-08, -0.0]> : tensor<7xf16>) : tensor<7xf16>
  check.expect_eq_const(%dn, dense<[2048.0, -2050.0, 2048.0, 65504.0, 65504.0, 0.0, -5.96046448e-08]> : tensor<7xf16>) : tensor<7xf16>
  check.expect_eq_const(%tz, dense<[2048.0, -2048.0, 2048.0, 65504.0, 65504.0, 0.0, -0.0]> : tensor<7xf16>) : tensor<7xf16>
  %b = util.unfoldable_constant dense<[0x3F808000, 0xBF808001]> : tensor<2xf32>
  %bne = arith.truncf %b to_nearest_even : tensor<2xf32> to tensor<2xbf16>
  %bna = arith.truncf %b to_nearest_away : tensor<2xf32> to tensor<2xbf16>
  %bup = arith.truncf %b upward : tensor<2xf32> to tensor<2xbf16>
  %bdn = arith.truncf %b downward : tensor<2xf32> to tensor<2xbf16>
  %btz = arith.truncf %b toward_zero : tensor<2xf32> to tensor<2xbf16>
  check.expect_eq_const(%bne, dense<[1.0, -1.0078125]> : tensor<2xbf16>) : tensor<2xbf16>
  check.expect_eq_const(%bna, dense<[1.0078125, -1.0078125]> : tensor<2xbf16>) : tensor<2xbf16>
  check.expect_eq_const(%bup, dense<[1.0078125, -1.0]> : tensor<2xbf16>) : tensor<2xbf16>
  check.expect_eq_const(%bdn, dense<[1.0, -1.0078125]> : tensor<2xbf16>) : tensor<2xbf16>
  check.expect_eq_const(%btz, dense<[1.0, -1.0]> : tensor<2xbf16>) : tensor<2xbf16>
  return
}

//===----------------------------------------------------------------------===//
// The ops inside linalg.generic bodies and on dynamic shapes
//===----------------------------------------------------------------------===//

// min/max and cmpf in an f16 body, r = select(a olt b, maximumf(a, c), minnumf(b, c)):
//   a = [1, NaN, 3, -0], b = [2, 1, -1, 0], c = [0.5, 4, NaN, 0]
//   lane 0: 1 < 2 -> maximumf(1, 0.5) = 1
//   lane 1: NaN olt 1 is false -> minnumf(1, 4) = 1
//   lane 2: 3 < -1 false -> minnumf(-1, NaN) = -1
//   lane 3: -0 < +0 false (they are equal) -> minnumf(+0, +0) = +0
func.func @minmax_cmpf_in_generic_f16() {
  %a = util.unfoldable_constant dense<[1.0, 0x7E00, 3.0, -0.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[2.0, 1.0, -1.0, 0.0]> : tensor<4xf16>
  %c = util.unfoldable_constant dense<[0.5, 4.0, 0x7E00, 0.0]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<4xf16>, tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %z: f16, %o: f16):
    %lt = arith.cmpf olt, %x, %y : f16
    %mx = arith.maximumf %x, %z : f16
    %mn = arith.minnumf %y, %z : f16
    %s = arith.select %lt, %mx, %mn : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[1.0, 1.0, -1.0, 0.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

// bf16 body with conversions: r = sitofp(fptosi(a) * 3) - a, in bf16
// (bf16 spacing: 0.5 in [64, 128), 1 in [128, 256), 2 in [256, 512)):
//   a = 2.5  : fptosi 2, *3 = 6, sitofp 6, 6 - 2.5 = 3.5
//   a = -2.5 : -2, -6, -6 + 2.5 = -3.5
//   a = 100.5: 100, 300 (exact), 300 - 100.5 = 199.5, a tie between 199 (odd)
//              and 200 (even) -> 200
//   a = 87.5 : 87, 261 -> sitofp: tie between 260 (even) and 262 -> 260;
//              260 - 87.5 = 172.5, a tie between 172 (even) and 173 -> 172
func.func @conversions_in_generic_bf16() {
  %a = util.unfoldable_constant dense<[2.5, -2.5, 100.5, 87.5]> : tensor<4xbf16>
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %i = arith.fptosi %x : bf16 to i32
    %c3 = arith.constant 3 : i32
    %m = arith.muli %i, %c3 : i32
    %f = arith.sitofp %m : i32 to bf16
    %s = arith.subf %f, %x : bf16
    linalg.yield %s : bf16
  } -> tensor<4xbf16>
  check.expect_eq_const(%r, dense<[3.5, -3.5, 200.0, 172.0]> : tensor<4xbf16>) : tensor<4xbf16>
  return
}

// Dynamic shapes: tensor<?xf32> from flow.tensor.dynamic_constant.
//   maximumf([1, -0, 3, 16777216], [2, +0, -inf, 1]) = [2, +0, 3, 16777216]
//   then + [0.5, -0, 0, 3]: [2.5, +0 + -0 = +0, 3, 16777219 -> tie -> 16777220]
func.func @dynamic_shape_f32() {
  %a = flow.tensor.dynamic_constant dense<[1.0, -0.0, 3.0, 16777216.0]> : tensor<4xf32> -> tensor<?xf32>
  %b = flow.tensor.dynamic_constant dense<[2.0, 0.0, 0xFF800000, 1.0]> : tensor<4xf32> -> tensor<?xf32>
  %c = flow.tensor.dynamic_constant dense<[0.5, -0.0, 0.0, 3.0]> : tensor<4xf32> -> tensor<?xf32>
  %m = arith.maximumf %a, %b : tensor<?xf32>
  %s = arith.addf %m, %c : tensor<?xf32>
  %sc = tensor.cast %s : tensor<?xf32> to tensor<4xf32>
  check.expect_eq_const(%sc, dense<[2.5, 0.0, 3.0, 16777220.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}
