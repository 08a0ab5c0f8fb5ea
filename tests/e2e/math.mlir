// Self-checking e2e tests for the `math` dialect, run with
//   ref-run --check math.mlir
// Expected values:
//  - "exact" functions: results that are exact real-number results, or fixed
//    by IEEE-754 (sqrt and fma are correctly rounded; floor/ceil/round/
//    roundeven/absf/copysign are exact) or by the C99 Annex F special cases
//    (exp(0) = 1, log(1) = 0, pow(x, 0) = 1, ...). Derived by hand and compared
//    bit for bit with check.expect_eq_const.
//  - "libm" functions: transcendental results that are not exact. They were
//    computed with the C library (glibc 2.36, float functions expf, exp2f,
//    logf, log2f, log1pf, 1.0f/sqrtf, tanhf, sinf, cosf, erff, powf) by a
//    throwaway C program that is not part of the tree, printed with %.9g,
//    and are checked with a tolerance of atol 1e-6.
//  - ipowi on integers: exact, with two's complement wrap-around.
// None of the expected values was produced by running the interpreter.
// NaN results are checked with `arith.cmpf uno, %x, %x` (true iff x is NaN).

#id = affine_map<(d0) -> (d0)>

//===----------------------------------------------------------------------===//
// exp, exp2, log, log2, log1p (f32)
//===----------------------------------------------------------------------===//

// exact: exp(0) = exp(-0) = 1; exp(-inf) = +0; exp(inf) = inf;
//        exp(100) = inf (e^100 ~ 2.7e43 > f32 max 3.4e38);
//        exp(-200) = +0 (e^-200 ~ 1.4e-87, far below 2^-150)
//        exp2(3) = 8; exp2(-1) = 0.5; exp2(10) = 1024; exp2(-inf) = +0;
//        exp2(0) = 1; exp2(-149) = 2^-149 = 0x00000001 (smallest subnormal)
func.func @exp_exp2_exact_f32() {
  %a = util.unfoldable_constant dense<[0.0, -0.0, 0xFF800000, 0x7F800000, 100.0, -200.0]> : tensor<6xf32>
  %e = math.exp %a : tensor<6xf32>
  check.expect_eq_const(%e, dense<[1.0, 1.0, 0.0, 0x7F800000, 0x7F800000, 0.0]> : tensor<6xf32>) : tensor<6xf32>
  %b = util.unfoldable_constant dense<[3.0, -1.0, 10.0, 0xFF800000, 0.0, -149.0]> : tensor<6xf32>
  %e2 = math.exp2 %b : tensor<6xf32>
  check.expect_eq_const(%e2, dense<[8.0, 0.5, 1024.0, 0.0, 1.0, 0x00000001]> : tensor<6xf32>) : tensor<6xf32>
  return
}

// libm (glibc, float), atol 1e-6:
//   expf(1) = 2.71828175, expf(-1) = 0.36787945, expf(0.5) = 1.64872122,
//   expf(-10) = 4.5399931e-05; exp2f(0.5) = 1.41421354, exp2f(-0.25) = 0.840896428
func.func @exp_exp2_libm_f32() {
  %a = util.unfoldable_constant dense<[1.0, -1.0, 0.5, -10.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  check.expect_almost_eq_const(%r, dense<[2.71828175, 0.36787945, 1.64872122, 4.5399931e-05]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0.5, -0.25]> : tensor<2xf32>
  %e2 = math.exp2 %b : tensor<2xf32>
  check.expect_almost_eq_const(%e2, dense<[1.41421354, 0.840896428]> : tensor<2xf32>, atol 1.0e-06) : tensor<2xf32>
  return
}

// exact: log(1) = +0; log(+0) = log(-0) = -inf; log(inf) = inf; log(-1) = NaN
//        log2(8) = 3; log2(0.25) = -2; log2(1024) = 10; log2(1) = +0; log2(0) = -inf
//        log1p(0) = 0; log1p(-0) = -0; log1p(-1) = -inf; log1p(inf) = inf;
//        log1p(-2) = NaN
func.func @log_exact_f32() {
  %a = util.unfoldable_constant dense<[1.0, 0.0, -0.0, 0x7F800000, -1.0]> : tensor<5xf32>
  %l = math.log %a : tensor<5xf32>
  %lnan = arith.cmpf uno, %l, %l : tensor<5xf32>
  check.expect_eq_const(%lnan, dense<[false, false, false, false, true]> : tensor<5xi1>) : tensor<5xi1>
  %l4 = tensor.extract_slice %l[0] [4] [1] : tensor<5xf32> to tensor<4xf32>
  check.expect_eq_const(%l4, dense<[0.0, 0xFF800000, 0xFF800000, 0x7F800000]> : tensor<4xf32>) : tensor<4xf32>
  %b = util.unfoldable_constant dense<[8.0, 0.25, 1024.0, 1.0, 0.0]> : tensor<5xf32>
  %l2 = math.log2 %b : tensor<5xf32>
  check.expect_eq_const(%l2, dense<[3.0, -2.0, 10.0, 0.0, 0xFF800000]> : tensor<5xf32>) : tensor<5xf32>
  %c = util.unfoldable_constant dense<[0.0, -0.0, -1.0, 0x7F800000, -2.0]> : tensor<5xf32>
  %lp = math.log1p %c : tensor<5xf32>
  %lpnan = arith.cmpf uno, %lp, %lp : tensor<5xf32>
  check.expect_eq_const(%lpnan, dense<[false, false, false, false, true]> : tensor<5xi1>) : tensor<5xi1>
  %lp4 = tensor.extract_slice %lp[0] [4] [1] : tensor<5xf32> to tensor<4xf32>
  check.expect_eq_const(%lp4, dense<[0.0, -0.0, 0xFF800000, 0x7F800000]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// libm (glibc, float), atol 1e-6:
//   logf(2) = 0.693147182, logf(10) = 2.30258512, logf(0.5) = -0.693147182
//   log2f(3) = 1.58496249, log2f(10) = 3.32192802
//   log1pf(1) = 0.693147182, log1pf(-0.5) = -0.693147182
// log1p near 0 is where it differs from log(1 + x): log1pf(1e-7) =
// 9.99999941e-08 while logf(1.0f + 1e-7f) = logf(1.00000012) = 1.19209282e-07.
// atol 1e-6 cannot tell them apart, so that lane is checked with atol 1e-13
// (the f32 spacing at 1e-7 is 7.1e-15; the true value is 1e-7 - 5e-15).
func.func @log_libm_f32() {
  %a = util.unfoldable_constant dense<[2.0, 10.0, 0.5]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.log %x : f32
    linalg.yield %y : f32
  } -> tensor<3xf32>
  check.expect_almost_eq_const(%r, dense<[0.693147182, 2.30258512, -0.693147182]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  %b = util.unfoldable_constant dense<[3.0, 10.0]> : tensor<2xf32>
  %l2 = math.log2 %b : tensor<2xf32>
  check.expect_almost_eq_const(%l2, dense<[1.58496249, 3.32192802]> : tensor<2xf32>, atol 1.0e-06) : tensor<2xf32>
  %c = util.unfoldable_constant dense<[1.0, -0.5]> : tensor<2xf32>
  %lp = math.log1p %c : tensor<2xf32>
  check.expect_almost_eq_const(%lp, dense<[0.693147182, -0.693147182]> : tensor<2xf32>, atol 1.0e-06) : tensor<2xf32>
  %d = util.unfoldable_constant dense<[1.0e-7]> : tensor<1xf32>
  %lpd = math.log1p %d : tensor<1xf32>
  check.expect_almost_eq_const(%lpd, dense<[9.99999941e-08]> : tensor<1xf32>, atol 1.0e-13) : tensor<1xf32>
  return
}

//===----------------------------------------------------------------------===//
// sqrt, rsqrt
//===----------------------------------------------------------------------===//

// exact (sqrt is correctly rounded by IEEE-754):
//   sqrt(4) = 2; sqrt(2.25) = 1.5; sqrt(+0) = +0; sqrt(-0) = -0; sqrt(inf) = inf
//   sqrt(2) = 1.41421356...: the f32 neighbours are 0x3FB504F3 = 1.41421353816986
//     (distance 2.4e-8) and 0x3FB504F4 = 1.41421365737915 (distance 9.5e-8)
//     -> 0x3FB504F3
//   sqrt(2^-148) (subnormal 0x00000002) = 2^-74 = 0x1A800000 (biased exponent 53)
//   sqrt(-1) = NaN
// rsqrt(x) = 1/sqrt(x): rsqrt(4) = 0.5; rsqrt(0.25) = 2; rsqrt(16) = 0.25;
//   rsqrt(1) = 1; rsqrt(inf) = 1/inf = +0; rsqrt(+0) = 1/+0 = inf
func.func @sqrt_rsqrt_exact_f32() {
  %a = util.unfoldable_constant dense<[4.0, 2.25, 0.0, -0.0, 0x7F800000, 2.0, 0x00000002]> : tensor<7xf32>
  %s = math.sqrt %a : tensor<7xf32>
  check.expect_eq_const(%s, dense<[2.0, 1.5, 0.0, -0.0, 0x7F800000, 0x3FB504F3, 0x1A800000]> : tensor<7xf32>) : tensor<7xf32>
  %n = util.unfoldable_constant dense<[-1.0]> : tensor<1xf32>
  %sn = math.sqrt %n : tensor<1xf32>
  %isnan = arith.cmpf uno, %sn, %sn : tensor<1xf32>
  check.expect_eq_const(%isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  %b = util.unfoldable_constant dense<[4.0, 0.25, 16.0, 1.0, 0x7F800000, 0.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<6xf32>) outs(%e : tensor<6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.rsqrt %x : f32
    linalg.yield %y : f32
  } -> tensor<6xf32>
  check.expect_eq_const(%r, dense<[0.5, 2.0, 0.25, 1.0, 0.0, 0x7F800000]> : tensor<6xf32>) : tensor<6xf32>
  return
}

// libm, atol 1e-6: 1.0f/sqrtf(2) = 0.707106769, 1.0f/sqrtf(3) = 0.577350259,
// 1.0f/sqrtf(10) = 0.316227764; sqrtf(3) = 1.73205078
func.func @sqrt_rsqrt_libm_f32() {
  %a = util.unfoldable_constant dense<[2.0, 3.0, 10.0]> : tensor<3xf32>
  %r = math.rsqrt %a : tensor<3xf32>
  check.expect_almost_eq_const(%r, dense<[0.707106769, 0.577350259, 0.316227764]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  %b = util.unfoldable_constant dense<[3.0]> : tensor<1xf32>
  %s = math.sqrt %b : tensor<1xf32>
  check.expect_almost_eq_const(%s, dense<[1.73205078]> : tensor<1xf32>, atol 1.0e-06) : tensor<1xf32>
  return
}

//===----------------------------------------------------------------------===//
// tanh, sin, cos, erf
//===----------------------------------------------------------------------===//

// exact: tanh(+-0) = +-0, tanh(inf) = 1, tanh(-inf) = -1
//        sin(+-0) = +-0, cos(+-0) = 1, sin(inf) = cos(inf) = NaN
//        erf(+-0) = +-0, erf(inf) = 1, erf(-inf) = -1
// (signs of zeros checked on the bits: expect_eq_const compares bit patterns)
func.func @tanh_sin_cos_erf_exact_f32() {
  %a = util.unfoldable_constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000]> : tensor<4xf32>
  %t = math.tanh %a : tensor<4xf32>
  check.expect_eq_const(%t, dense<[0.0, -0.0, 1.0, -1.0]> : tensor<4xf32>) : tensor<4xf32>
  %er = math.erf %a : tensor<4xf32>
  check.expect_eq_const(%er, dense<[0.0, -0.0, 1.0, -1.0]> : tensor<4xf32>) : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0.0, -0.0]> : tensor<2xf32>
  %s = math.sin %b : tensor<2xf32>
  %c = math.cos %b : tensor<2xf32>
  check.expect_eq_const(%s, dense<[0.0, -0.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%c, dense<[1.0, 1.0]> : tensor<2xf32>) : tensor<2xf32>
  %i = util.unfoldable_constant dense<[0x7F800000]> : tensor<1xf32>
  %si = math.sin %i : tensor<1xf32>
  %ci = math.cos %i : tensor<1xf32>
  %sinan = arith.cmpf uno, %si, %si : tensor<1xf32>
  %cinan = arith.cmpf uno, %ci, %ci : tensor<1xf32>
  check.expect_eq_const(%sinan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  check.expect_eq_const(%cinan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// libm (glibc, float), atol 1e-6:
//   tanhf(0.5) = 0.462117165, tanhf(-1) = -0.761594176, tanhf(3) = 0.995054781,
//   tanhf(20) = 1
//   sinf(1) = 0.841470957, sinf(-2) = -0.909297407, sinf(0.5) = 0.47942555,
//   sinf(100) = -0.506365657
//   cosf(1) = 0.540302277, cosf(-2) = -0.416146845, cosf(0.5) = 0.87758255,
//   cosf(100) = 0.862318873
//   erff(0.5) = 0.520499885, erff(1) = 0.842700779, erff(-2) = -0.995322287,
//   erff(0.1) = 0.112462915
func.func @tanh_sin_cos_erf_libm_f32() {
  %a = util.unfoldable_constant dense<[0.5, -1.0, 3.0, 20.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.tanh %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  check.expect_almost_eq_const(%t, dense<[0.462117165, -0.761594176, 0.995054781, 1.0]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  %b = util.unfoldable_constant dense<[1.0, -2.0, 0.5, 100.0]> : tensor<4xf32>
  %s = math.sin %b : tensor<4xf32>
  %c = math.cos %b : tensor<4xf32>
  check.expect_almost_eq_const(%s, dense<[0.841470957, -0.909297407, 0.47942555, -0.506365657]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  check.expect_almost_eq_const(%c, dense<[0.540302277, -0.416146845, 0.87758255, 0.862318873]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  %d = util.unfoldable_constant dense<[0.5, 1.0, -2.0, 0.1]> : tensor<4xf32>
  %er = math.erf %d : tensor<4xf32>
  check.expect_almost_eq_const(%er, dense<[0.520499885, 0.842700779, -0.995322287, 0.112462915]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// absf, absi
//===----------------------------------------------------------------------===//

// absf clears the sign bit: [-2.5, -0, -inf, 3, +0] -> [2.5, +0, inf, 3, +0];
// on the bits: 2.5 = 0x40200000 = 1075838976, inf = 0x7F800000 = 2139095040,
// 3 = 0x40400000 = 1077936128. absf of a negative NaN 0xFFC00000 is 0x7FC00000
// = 2143289344 (only the sign bit changes).
func.func @absf_f32() {
  %a = util.unfoldable_constant dense<[-2.5, -0.0, 0xFF800000, 3.0, 0.0, 0xFFC00000]> : tensor<6xf32>
  %r = math.absf %a : tensor<6xf32>
  %bits = arith.bitcast %r : tensor<6xf32> to tensor<6xi32>
  check.expect_eq_const(%bits, dense<[1075838976, 0, 2139095040, 1077936128, 0, 2143289344]> : tensor<6xi32>) : tensor<6xi32>
  return
}

// absi: i32 [-5, 5, 0, -2147483647] -> [5, 5, 0, 2147483647]
//       i8 [-127, -1, 127] -> [127, 1, 127]
//       i16 [-32767, 300] -> [32767, 300]
//       i64 [-9223372036854775807, -1] -> [9223372036854775807, 1]
func.func @absi() {
  %a = util.unfoldable_constant dense<[-5, 5, 0, -2147483647]> : tensor<4xi32>
  %r = math.absi %a : tensor<4xi32>
  check.expect_eq_const(%r, dense<[5, 5, 0, 2147483647]> : tensor<4xi32>) : tensor<4xi32>
  %b = util.unfoldable_constant dense<[-127, -1, 127]> : tensor<3xi8>
  %rb = math.absi %b : tensor<3xi8>
  check.expect_eq_const(%rb, dense<[127, 1, 127]> : tensor<3xi8>) : tensor<3xi8>
  %c = util.unfoldable_constant dense<[-32767, 300]> : tensor<2xi16>
  %rc = math.absi %c : tensor<2xi16>
  check.expect_eq_const(%rc, dense<[32767, 300]> : tensor<2xi16>) : tensor<2xi16>
  %d = util.unfoldable_constant dense<[-9223372036854775807, -1]> : tensor<2xi64>
  %rd = math.absi %d : tensor<2xi64>
  check.expect_eq_const(%rd, dense<[9223372036854775807, 1]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// absi of the most negative value wraps to itself (two's complement:
// -(-2^(N-1)) = 2^(N-1) = -2^(N-1) mod 2^N), as APInt::abs in the math.absi
// folder computes: i8 -128 -> -128; i32 -2^31 -> -2^31; i64 -2^63 -> -2^63.
func.func @absi_int_min() {
  %a = util.unfoldable_constant dense<[-128]> : tensor<1xi8>
  %r = math.absi %a : tensor<1xi8>
  check.expect_eq_const(%r, dense<[-128]> : tensor<1xi8>) : tensor<1xi8>
  %b = util.unfoldable_constant dense<[-2147483648]> : tensor<1xi32>
  %rb = math.absi %b : tensor<1xi32>
  check.expect_eq_const(%rb, dense<[-2147483648]> : tensor<1xi32>) : tensor<1xi32>
  %c = util.unfoldable_constant dense<[-9223372036854775808]> : tensor<1xi64>
  %rc = math.absi %c : tensor<1xi64>
  check.expect_eq_const(%rc, dense<[-9223372036854775808]> : tensor<1xi64>) : tensor<1xi64>
  return
}

//===----------------------------------------------------------------------===//
// powf
//===----------------------------------------------------------------------===//

// exact (results exactly representable, or C99 Annex F special cases):
//   pow(2, 10) = 1024; pow(2, -1) = 0.5; pow(4, 0.5) = 2; pow(-2, 3) = -8;
//   pow(3, 0) = 1; pow(NaN, 0) = 1; pow(1, NaN) = 1; pow(-0, -1) = -inf;
//   pow(+0, -1) = inf; pow(-0, 3) = -0; pow(-1, inf) = 1; pow(0.5, inf) = +0;
//   pow(2, -inf) = +0; pow(-0, 2) = +0; pow(-inf, 3) = -inf; pow(0.25, -0.5) = 2
//   pow(-8, 1/3) = NaN (negative base, non-integer exponent)
func.func @powf_exact_f32() {
  %a = util.unfoldable_constant dense<[2.0, 2.0, 4.0, -2.0, 3.0, 0x7FC00000, 1.0, -0.0, 0.0, -0.0, -1.0, 0.5, 2.0, -0.0, 0xFF800000, 0.25]> : tensor<16xf32>
  %b = util.unfoldable_constant dense<[10.0, -1.0, 0.5, 3.0, 0.0, 0.0, 0x7FC00000, -1.0, -1.0, 3.0, 0x7F800000, 0x7F800000, 0xFF800000, 2.0, 3.0, -0.5]> : tensor<16xf32>
  %r = math.powf %a, %b : tensor<16xf32>
  check.expect_eq_const(%r, dense<[1024.0, 0.5, 2.0, -8.0, 1.0, 1.0, 1.0, 0xFF800000, 0x7F800000, -0.0, 1.0, 0.0, 0.0, 0.0, 0xFF800000, 2.0]> : tensor<16xf32>) : tensor<16xf32>
  %c = util.unfoldable_constant dense<[-8.0]> : tensor<1xf32>
  %d = util.unfoldable_constant dense<[0.333333343]> : tensor<1xf32>
  %n = math.powf %c, %d : tensor<1xf32>
  %isnan = arith.cmpf uno, %n, %n : tensor<1xf32>
  check.expect_eq_const(%isnan, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// libm (glibc powf), atol 1e-6: powf(2, 0.5) = 1.41421354,
// powf(10, -2) = 0.00999999978, powf(1.5, 2.5) = 2.75567603,
// powf(0.5, 0.3) = 0.812252402
func.func @powf_libm_f32() {
  %a = util.unfoldable_constant dense<[2.0, 10.0, 1.5, 0.5]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0.5, -2.0, 2.5, 0.3]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = math.powf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<4xf32>
  check.expect_almost_eq_const(%r, dense<[1.41421354, 0.00999999978, 2.75567603, 0.812252402]> : tensor<4xf32>, atol 1.0e-06) : tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// fma: one rounding of a*b + c
//===----------------------------------------------------------------------===//

// a = 1 + 2^-23 (0x3F800001), b = 1 - 2^-23 (0x3F7FFFFE): a*b = 1 - 2^-46 exactly.
//   fma(a, b, -1) = -2^-46 = 0xA8800000 (biased exponent 127 - 46 = 81 = 0x51)
//     (mulf then addf: a*b rounds to 1 in f32, 1 - 1 = 0)
//   fma(a, b, 16777218) = 16777219 - 2^-46, just below the f32 halfway point
//     16777219 -> 16777218 (0x4B800001).
//     (mulf then addf: 1 + 16777218 = 16777219, a tie -> 16777220; computing
//     the fma in f64 and rounding to f32 also gives 16777220)
//   fma(2, 3, 4) = 10
//   fma(max, 2, -max) = max exactly, no intermediate overflow (0x7F7FFFFF)
//     (mulf then addf: max*2 = inf, inf - max = inf)
func.func @fma_f32() {
  %a = util.unfoldable_constant dense<[0x3F800001, 0x3F800001, 2.0, 0x7F7FFFFF]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0x3F7FFFFE, 0x3F7FFFFE, 3.0, 2.0]> : tensor<4xf32>
  %c = util.unfoldable_constant dense<[-1.0, 16777218.0, 4.0, 0xFF7FFFFF]> : tensor<4xf32>
  %f = math.fma %a, %b, %c : tensor<4xf32>
  check.expect_eq_const(%f, dense<[0xA8800000, 0x4B800001, 10.0, 0x7F7FFFFF]> : tensor<4xf32>) : tensor<4xf32>
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  check.expect_eq_const(%s, dense<[0.0, 16777220.0, 10.0, 0x7F800000]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// fma on f16, one rounding to f16 (f16 spacing is 4 in [4096, 8192)):
//   a = 1 + 2^-10 (1.0009765625), b = 2 - 2^-9 (1.998046875): a*b = 2 - 2^-19
//   fma(a, b, 4100) = 4102 - 2^-19, just below the halfway point 4102 between
//     4100 (odd significand) and 4104 -> 4100.
//     (Computing in f32 and rounding to f16 twice is wrong here: the f32
//     result is 4102 (spacing 2^-11), a tie that rounds to the even 4104.)
//   fma(65504, 2, -65504) = 65504 (no intermediate overflow)
//   fma(-2, 3, 0.5) = -5.5
func.func @fma_f16() {
  %a = util.unfoldable_constant dense<[1.0009765625, 65504.0, -2.0]> : tensor<3xf16>
  %b = util.unfoldable_constant dense<[1.998046875, 2.0, 3.0]> : tensor<3xf16>
  %c = util.unfoldable_constant dense<[4100.0, -65504.0, 0.5]> : tensor<3xf16>
  %e = tensor.empty() : tensor<3xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) outs(%e : tensor<3xf16>) {
  ^bb0(%x: f16, %y: f16, %z: f16, %o: f16):
    %f = math.fma %x, %y, %z : f16
    linalg.yield %f : f16
  } -> tensor<3xf16>
  check.expect_eq_const(%r, dense<[4100.0, 65504.0, -5.5]> : tensor<3xf16>) : tensor<3xf16>
  return
}

// fma rounds the exact a*b + c once, also when c is tiny:
//   bf16: a = 1 + 2^-7 (1.0078125), b = 1.5: a*b = 1.5 + 2^-7 + 2^-8 =
//     1.51171875, exactly halfway between 1.5078125 (fraction 65/128, odd)
//     and 1.515625 (66/128, even).
//     fma(a, b, -2^-30) is just below halfway -> 1.5078125
//     (an f32 intermediate loses the 2^-30 (f32 spacing at 1.5 is 2^-23),
//     lands on the tie and rounds to the even 1.515625: wrong)
//     fma(a, b, 0) = the tie itself -> 1.515625 (even)
//   f16: a = 1 + 2^-10 (1.0009765625), b = 1.5: a*b = 1.5 + 2^-10 + 2^-11,
//     halfway between 1.5009765625 (513/1024, odd) and 1.501953125 (even).
//     fma(a, b, -2^-24) -> 1.5009765625 (an f32 intermediate: a*b - 2^-24 is
//     halfway between two f32 values and rounds to the even a*b, then to the
//     even f16 1.501953125: wrong); fma(a, b, 0) -> 1.501953125
func.func @fma_bf16_f16_single_rounding() {
  %a = util.unfoldable_constant dense<[1.0078125, 1.0078125]> : tensor<2xbf16>
  %b = util.unfoldable_constant dense<[1.5, 1.5]> : tensor<2xbf16>
  %c = util.unfoldable_constant dense<[-9.31322574615478515625e-10, 0.0]> : tensor<2xbf16>
  %r = math.fma %a, %b, %c : tensor<2xbf16>
  check.expect_eq_const(%r, dense<[1.5078125, 1.515625]> : tensor<2xbf16>) : tensor<2xbf16>
  %x = util.unfoldable_constant dense<[1.0009765625, 1.0009765625]> : tensor<2xf16>
  %y = util.unfoldable_constant dense<[1.5, 1.5]> : tensor<2xf16>
  %z = util.unfoldable_constant dense<[-5.96046448e-08, 0.0]> : tensor<2xf16>
  %w = math.fma %x, %y, %z : tensor<2xf16>
  check.expect_eq_const(%w, dense<[1.5009765625, 1.501953125]> : tensor<2xf16>) : tensor<2xf16>
  return
}

//===----------------------------------------------------------------------===//
// floor, ceil, round, roundeven, copysign (exact)
//===----------------------------------------------------------------------===//

// floor: [-2.5, 2.5, -0, -0.5, 0.5, 8388607.5, -inf] -> [-3, 2, -0, -1, +0, 8388607, -inf]
// ceil : [-2.5, 2.5, -0, -0.5, 0.2, 8388607.5, inf]  -> [-2, 3, -0, -0, 1, 8388608, inf]
//   (8388607.5 = 2^23 - 0.5 is exact in f32; ceil(-0.5) keeps the sign: -0)
func.func @floor_ceil_f32() {
  %a = util.unfoldable_constant dense<[-2.5, 2.5, -0.0, -0.5, 0.5, 8388607.5, 0xFF800000]> : tensor<7xf32>
  %f = math.floor %a : tensor<7xf32>
  check.expect_eq_const(%f, dense<[-3.0, 2.0, -0.0, -1.0, 0.0, 8388607.0, 0xFF800000]> : tensor<7xf32>) : tensor<7xf32>
  %b = util.unfoldable_constant dense<[-2.5, 2.5, -0.0, -0.5, 0.2, 8388607.5, 0x7F800000]> : tensor<7xf32>
  %e = tensor.empty() : tensor<7xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<7xf32>) outs(%e : tensor<7xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.ceil %x : f32
    linalg.yield %y : f32
  } -> tensor<7xf32>
  check.expect_eq_const(%c, dense<[-2.0, 3.0, -0.0, -0.0, 1.0, 8388608.0, 0x7F800000]> : tensor<7xf32>) : tensor<7xf32>
  return
}

// round (halfway cases away from zero):
//   [2.5, -2.5, -0.5, 0.5, 1.5, -0.4, 0x3EFFFFFF, 8388609, 8388607.5]
//   -> [3, -3, -1, 1, 2, -0, +0, 8388609, 8388608]
//   0x3EFFFFFF = 0.49999997 (largest f32 below 0.5) rounds to 0; a naive
//   floor(x + 0.5) gets 1 (x + 0.5 = 1 - 2^-25 rounds to 1 in f32).
//   8388609 = 2^23 + 1 is already an integer (naive floor(x + 0.5): 8388609.5
//   is a tie in f32 -> 8388610, wrong).
// roundeven (halfway cases to even):
//   [2.5, 3.5, -2.5, -0.5, 0.5, 1.5, 8388607.5, -8388606.5]
//   -> [2, 4, -2, -0, +0, 2, 8388608, -8388606]
func.func @round_roundeven_f32() {
  %a = util.unfoldable_constant dense<[2.5, -2.5, -0.5, 0.5, 1.5, -0.4, 0x3EFFFFFF, 8388609.0, 8388607.5]> : tensor<9xf32>
  %r = math.round %a : tensor<9xf32>
  check.expect_eq_const(%r, dense<[3.0, -3.0, -1.0, 1.0, 2.0, -0.0, 0.0, 8388609.0, 8388608.0]> : tensor<9xf32>) : tensor<9xf32>
  %b = util.unfoldable_constant dense<[2.5, 3.5, -2.5, -0.5, 0.5, 1.5, 8388607.5, -8388606.5]> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %re = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.roundeven %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  check.expect_eq_const(%re, dense<[2.0, 4.0, -2.0, -0.0, 0.0, 2.0, 8388608.0, -8388606.0]> : tensor<8xf32>) : tensor<8xf32>
  return
}

// copysign(a, b) = |a| with the sign bit of b:
//   copysign(3, -0) = -3; copysign(-3, +0) = 3; copysign(0, -1) = -0;
//   copysign(inf, -1) = -inf; copysign(1, -NaN (0xFFC00000)) = -1;
//   copysign(-2.5, NaN (0x7FC00000)) = 2.5
func.func @copysign_f32() {
  %a = util.unfoldable_constant dense<[3.0, -3.0, 0.0, 0x7F800000, 1.0, -2.5]> : tensor<6xf32>
  %b = util.unfoldable_constant dense<[-0.0, 0.0, -1.0, -1.0, 0xFFC00000, 0x7FC00000]> : tensor<6xf32>
  %r = math.copysign %a, %b : tensor<6xf32>
  check.expect_eq_const(%r, dense<[-3.0, 3.0, -0.0, 0xFF800000, -1.0, 2.5]> : tensor<6xf32>) : tensor<6xf32>
  return
}

//===----------------------------------------------------------------------===//
// f16 (exact values only)
//===----------------------------------------------------------------------===//

// f16 rounding-to-integral ops, a = [-2.5, 2.5, -0.5, 511.5, 510.5, 0.5]
// (f16 spacing in [256, 512) is 0.5, so 511.5 and 510.5 are exact):
//   floor    : [-3, 2, -1, 511, 510, +0]
//   ceil     : [-2, 3, -0, 512, 511, 1]
//   round    : [-3, 3, -1, 512, 511, 1]
//   roundeven: [-2, 2, -0, 512, 510, +0]
func.func @rounding_ops_f16() {
  %a = util.unfoldable_constant dense<[-2.5, 2.5, -0.5, 511.5, 510.5, 0.5]> : tensor<6xf16>
  %f = math.floor %a : tensor<6xf16>
  %c = math.ceil %a : tensor<6xf16>
  %r = math.round %a : tensor<6xf16>
  %re = math.roundeven %a : tensor<6xf16>
  check.expect_eq_const(%f, dense<[-3.0, 2.0, -1.0, 511.0, 510.0, 0.0]> : tensor<6xf16>) : tensor<6xf16>
  check.expect_eq_const(%c, dense<[-2.0, 3.0, -0.0, 512.0, 511.0, 1.0]> : tensor<6xf16>) : tensor<6xf16>
  check.expect_eq_const(%r, dense<[-3.0, 3.0, -1.0, 512.0, 511.0, 1.0]> : tensor<6xf16>) : tensor<6xf16>
  check.expect_eq_const(%re, dense<[-2.0, 2.0, -0.0, 512.0, 510.0, 0.0]> : tensor<6xf16>) : tensor<6xf16>
  return
}

// f16 sqrt (correctly rounded): sqrt(4) = 2; sqrt(2.25) = 1.5; sqrt(-0) = -0;
//   sqrt(2) = 1.41421356: f16 spacing in [1, 2) is 2^-10, 0.41421356 * 1024
//   = 424.15 -> 1 + 424/1024 = 1.4140625;
//   sqrt(2^-24) (smallest subnormal) = 2^-12 = 0.000244140625 (normal)
// absf: [-65504, -0, 2^-24 negated] -> [65504, +0, 2^-24]
// copysign([1.5, 65504, -0], [-0, -1, 1]) -> [-1.5, -65504, +0]
// exp(0) = 1, exp2(3) = 8, log(1) = 0, log2(8) = 3 (exact)
func.func @sqrt_abs_copysign_exp_log_f16() {
  %a = util.unfoldable_constant dense<[4.0, 2.25, -0.0, 2.0, 5.96046448e-08]> : tensor<5xf16>
  %s = math.sqrt %a : tensor<5xf16>
  check.expect_eq_const(%s, dense<[2.0, 1.5, -0.0, 1.4140625, 0.000244140625]> : tensor<5xf16>) : tensor<5xf16>
  %b = util.unfoldable_constant dense<[-65504.0, -0.0, -5.96046448e-08]> : tensor<3xf16>
  %ab = math.absf %b : tensor<3xf16>
  check.expect_eq_const(%ab, dense<[65504.0, 0.0, 5.96046448e-08]> : tensor<3xf16>) : tensor<3xf16>
  %c = util.unfoldable_constant dense<[1.5, 65504.0, -0.0]> : tensor<3xf16>
  %d = util.unfoldable_constant dense<[-0.0, -1.0, 1.0]> : tensor<3xf16>
  %cs = math.copysign %c, %d : tensor<3xf16>
  check.expect_eq_const(%cs, dense<[-1.5, -65504.0, 0.0]> : tensor<3xf16>) : tensor<3xf16>
  %x = util.unfoldable_constant dense<[0.0, 3.0, 1.0, 8.0]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%v: f16, %o: f16):
    %e0 = math.exp %v : f16
    %e1 = math.exp2 %v : f16
    %l0 = math.log %v : f16
    %l1 = math.log2 %v : f16
    // lane 0 -> exp(0) = 1, lane 1 -> exp2(3) = 8, lane 2 -> log(1) = 0,
    // lane 3 -> log2(8) = 3; pick by value with selects.
    %c0 = arith.constant 0.0 : f16
    %c3 = arith.constant 3.0 : f16
    %c1 = arith.constant 1.0 : f16
    %is0 = arith.cmpf oeq, %v, %c0 : f16
    %is3 = arith.cmpf oeq, %v, %c3 : f16
    %is1 = arith.cmpf oeq, %v, %c1 : f16
    %t0 = arith.select %is1, %l0, %l1 : f16
    %t1 = arith.select %is3, %e1, %t0 : f16
    %t2 = arith.select %is0, %e0, %t1 : f16
    linalg.yield %t2 : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[1.0, 8.0, 0.0, 3.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

//===----------------------------------------------------------------------===//
// acosh, asinh, atanh, erfc
//===----------------------------------------------------------------------===//

// exact: acosh(1) = +0; acosh(inf) = inf; acosh(0.5) = NaN;
//        asinh(-0) = -0; asinh(-inf) = -inf; atanh(1) = inf; atanh(-1) = -inf;
//        atanh(-0) = -0; erfc(0) = 1; erfc(inf) = +0; erfc(-inf) = 2.
// f16 (f32 function rounded once): acosh(2) = 1.31695790, 0.31695790 * 1024
//   = 324.56 -> 1 + 325/1024 = 1.31738281; erfc(1) = 0.157299207, in
//   [2^-3, 2^-2) the spacing is 2^-13: 0.157299207 * 8192 = 1288.60 -> 1289 *
//   2^-13 = 0.157348633.
func.func @inverse_hyperbolic_erfc_exact() {
  %a = util.unfoldable_constant dense<[1.0, 0x7F800000, 0.5]> : tensor<3xf32>
  %ac = math.acosh %a : tensor<3xf32>
  %nan = arith.cmpf uno, %ac, %ac : tensor<3xf32>
  check.expect_eq_const(%nan, dense<[false, false, true]> : tensor<3xi1>) : tensor<3xi1>
  %ac2 = tensor.extract_slice %ac[0] [2] [1] : tensor<3xf32> to tensor<2xf32>
  check.expect_eq_const(%ac2, dense<[0.0, 0x7F800000]> : tensor<2xf32>) : tensor<2xf32>
  %b = util.unfoldable_constant dense<[-0.0, 0xFF800000]> : tensor<2xf32>
  %as = math.asinh %b : tensor<2xf32>
  check.expect_eq_const(%as, dense<[-0.0, 0xFF800000]> : tensor<2xf32>) : tensor<2xf32>
  %c = util.unfoldable_constant dense<[1.0, -1.0, -0.0]> : tensor<3xf32>
  %at = math.atanh %c : tensor<3xf32>
  check.expect_eq_const(%at, dense<[0x7F800000, 0xFF800000, -0.0]> : tensor<3xf32>) : tensor<3xf32>
  %d = util.unfoldable_constant dense<[0.0, 0x7F800000, 0xFF800000]> : tensor<3xf32>
  %ec = math.erfc %d : tensor<3xf32>
  check.expect_eq_const(%ec, dense<[1.0, 0.0, 2.0]> : tensor<3xf32>) : tensor<3xf32>
  %h = util.unfoldable_constant dense<[2.0, 1.0]> : tensor<2xf16>
  %ha = math.acosh %h : tensor<2xf16>
  %he = math.erfc %h : tensor<2xf16>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %ha0 = tensor.extract %ha[%i0] : tensor<2xf16>
  %he1 = tensor.extract %he[%i1] : tensor<2xf16>
  %r = tensor.from_elements %ha0, %he1 : tensor<2xf16>
  check.expect_eq_const(%r, dense<[1.31738281, 0.157348633]> : tensor<2xf16>) : tensor<2xf16>
  return
}

// Python's math module (double), atol 1e-6:
//   acosh(1.5, 2, 10) = 0.96242365, 1.3169579, 2.99322285
//   asinh(0.5, -1, 3) = 0.481211825, -0.881373587, 1.81844646
//   atanh(0.5, -0.25, 0.9) = 0.549306144, -0.255412812, 1.47221949
//   erfc(0.5, -1, 2) = 0.479500122, 1.84270079, 0.00467773498
func.func @inverse_hyperbolic_erfc_libm_f32() {
  %a = util.unfoldable_constant dense<[1.5, 2.0, 10.0]> : tensor<3xf32>
  %b = util.unfoldable_constant dense<[0.5, -1.0, 3.0]> : tensor<3xf32>
  %c = util.unfoldable_constant dense<[0.5, -0.25, 0.9]> : tensor<3xf32>
  %d = util.unfoldable_constant dense<[0.5, -1.0, 2.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b, %c, %d : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
      outs(%e, %e, %e, %e : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %w: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32):
    %0 = math.acosh %x : f32
    %1 = math.asinh %y : f32
    %2 = math.atanh %z : f32
    %3 = math.erfc %w : f32
    linalg.yield %0, %1, %2, %3 : f32, f32, f32, f32
  } -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const(%r#0, dense<[0.96242365, 1.3169579, 2.99322285]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  check.expect_almost_eq_const(%r#1, dense<[0.481211825, -0.881373587, 1.81844646]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  check.expect_almost_eq_const(%r#2, dense<[0.549306144, -0.255412812, 1.47221949]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  check.expect_almost_eq_const(%r#3, dense<[0.479500122, 1.84270079, 0.00467773498]> : tensor<3xf32>, atol 1.0e-06) : tensor<3xf32>
  return
}

//===----------------------------------------------------------------------===//
// ipowi
//===----------------------------------------------------------------------===//

// i32, base ^ power with wrap-around modulo 2^32:
//   2^10 = 1024; (-3)^3 = -27; 2^31 = 2147483648 -> -2147483648; 3^0 = 1;
//   0^0 = 1; 7^11 = 1977326743 (< 2^31, no wrap);
//   3^21 = 10460353203 = 2*2^32 + 1870418611 -> 1870418611; (-3)^21 -> -1870418611
// negative powers (integer result of 1/base^|p|):
//   5^-1 = 0 (|base| > 1); 1^-5 = 1; (-1)^-3 = -1 (odd); (-1)^-4 = 1 (even)
func.func @ipowi_i32() {
  %a = util.unfoldable_constant dense<[2, -3, 2, 3, 0, 7, 3, -3, 5, 1, -1, -1]> : tensor<12xi32>
  %b = util.unfoldable_constant dense<[10, 3, 31, 0, 0, 11, 21, 21, -1, -5, -3, -4]> : tensor<12xi32>
  %r = math.ipowi %a, %b : tensor<12xi32>
  check.expect_eq_const(%r, dense<[1024, -27, -2147483648, 1, 1, 1977326743, 1870418611, -1870418611, 0, 1, -1, 1]> : tensor<12xi32>) : tensor<12xi32>
  return
}

// i8: 3^5 = 243 -> 243 - 256 = -13; 2^7 = 128 -> -128; (-2)^7 = -128;
//     2^8 = 256 -> 0; (-1)^127 = -1; 3^4 = 81
// i16 in a generic body: 3^10 = 59049 -> 59049 - 65536 = -6487; (-2)^15 = -32768;
//     10^4 = 10000
func.func @ipowi_i8_i16() {
  %a = util.unfoldable_constant dense<[3, 2, -2, 2, -1, 3]> : tensor<6xi8>
  %b = util.unfoldable_constant dense<[5, 7, 7, 8, 127, 4]> : tensor<6xi8>
  %r = math.ipowi %a, %b : tensor<6xi8>
  check.expect_eq_const(%r, dense<[-13, -128, -128, 0, -1, 81]> : tensor<6xi8>) : tensor<6xi8>
  %c = util.unfoldable_constant dense<[3, -2, 10]> : tensor<3xi16>
  %d = util.unfoldable_constant dense<[10, 15, 4]> : tensor<3xi16>
  %e = tensor.empty() : tensor<3xi16>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%c, %d : tensor<3xi16>, tensor<3xi16>) outs(%e : tensor<3xi16>) {
  ^bb0(%x: i16, %y: i16, %o: i16):
    %p = math.ipowi %x, %y : i16
    linalg.yield %p : i16
  } -> tensor<3xi16>
  check.expect_eq_const(%g, dense<[-6487, -32768, 10000]> : tensor<3xi16>) : tensor<3xi16>
  return
}

// i64: 10^18 = 1000000000000000000 (fits); 10^19 = 10000000000000000000
//   - 2^64 = -8446744073709551616; 3^40 = 12157665459056928801 - 2^64
//   = -6289078614652622815; (-2)^63 = -2^63 = -9223372036854775808
func.func @ipowi_i64() {
  %a = util.unfoldable_constant dense<[10, 10, 3, -2]> : tensor<4xi64>
  %b = util.unfoldable_constant dense<[18, 19, 40, 63]> : tensor<4xi64>
  %r = math.ipowi %a, %b : tensor<4xi64>
  check.expect_eq_const(%r, dense<[1000000000000000000, -8446744073709551616, -6289078614652622815, -9223372036854775808]> : tensor<4xi64>) : tensor<4xi64>
  return
}
