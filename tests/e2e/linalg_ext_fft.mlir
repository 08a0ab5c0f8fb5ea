// Self-checking tests of iree_linalg_ext.fft (one radix-2 stage per op, as
// IREE's FftOp::generateScalarImplementation computes it):
//   ref-run --check tests/e2e/linalg_ext_fft.mlir
// Expected values are derived by hand, butterfly by butterfly.

// The DFT of x = [1, 2, 3, 4] from its bit-reversed order [1, 3, 2, 4].
// Stage 1 (m = 2, w0 = 1 - 0i): (1, 3) -> (4, -2); (2, 4) -> (6, -2).
// Stage 2 (m = 4, w = [1 - 0i, 6.12e-17 - 1i]): j = 0: u = 4, v = 6 ->
// (10, -2); j = 1: u = -2, v = -2, t = w1 * v = (-1.2e-16, 2) ->
// a[1] = (-2 - 1.2e-16, 2) = (-2, 2) and a[3] = (-2, -2) after rounding.
// DFT [1, 2, 3, 4] = [10, -2+2i, -2, -2-2i].
func.func @fft_with_coefficients() {
  %re0 = util.unfoldable_constant dense<[1.0, 3.0, 2.0, 4.0]> : tensor<4xf32>
  %im0 = util.unfoldable_constant dense<0.0> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w1r = arith.constant dense<1.0> : tensor<1xf32>
  %w1i = arith.constant dense<-0.0> : tensor<1xf32>
  %w2r = arith.constant dense<[1.0, 6.12323426E-17]> : tensor<2xf32>
  %w2i = arith.constant dense<[-0.0, -1.0]> : tensor<2xf32>
  %s1:2 = iree_linalg_ext.fft ins(%c1, %w1r, %w1i : index, tensor<1xf32>, tensor<1xf32>) outs(%re0, %im0 : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  check.expect_eq_const(%s1#0, dense<[4.0, -2.0, 6.0, -2.0]> : tensor<4xf32>) : tensor<4xf32>
  %s2:2 = iree_linalg_ext.fft ins(%c2, %w2r, %w2i : index, tensor<2xf32>, tensor<2xf32>) outs(%s1#0, %s1#1 : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  check.expect_eq_const(%s2#0, dense<[10.0, -2.0, -2.0, -2.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%s2#1, dense<[0.0, 2.0, 0.0, -2.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// Without coefficients the twiddles are cos/sin of an f32 angle:
// stage 2: coeff = f32(-2pi) / 4 = -1.57079637 (f32 pi/2 is above pi/2), so
// w1 = (cos, sin)(-1.57079637) = (-4.37113883e-8, -1). For j = 1, v = -2:
// tr = wr*vr - wi*vi = 8.74227766e-8, ti = wr*vi + wi*vr = 2;
// a[1] = (-2 + 8.74e-8, 2): the nearest f32 is -1.99999988 (8.74e-8 is
// nearer to the spacing 1.19e-7 below 2 than to 0); a[3] = (-2 - 8.74e-8,
// -2) rounds to -2 (the spacing above 2 is 2.38e-7).
func.func @fft_without_coefficients() {
  %re0 = util.unfoldable_constant dense<[1.0, 3.0, 2.0, 4.0]> : tensor<4xf32>
  %im0 = util.unfoldable_constant dense<0.0> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s1:2 = iree_linalg_ext.fft ins(%c1 : index) outs(%re0, %im0 : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  %s2:2 = iree_linalg_ext.fft ins(%c2 : index) outs(%s1#0, %s1#1 : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  check.expect_eq_const(%s2#0, dense<[10.0, -1.99999988, -2.0, -2.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%s2#1, dense<[0.0, 2.0, 0.0, -2.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// Outer dims are batches: each row is transformed on its own; stage 1 on
// [[1, 1], [1, -1]] gives [[2, 0], [0, 2]].
func.func @fft_batched_rows() {
  %re0 = util.unfoldable_constant dense<[[1.0, 1.0], [1.0, -1.0]]> : tensor<2x2xf32>
  %im0 = util.unfoldable_constant dense<[[0.0, 1.0], [0.0, 0.0]]> : tensor<2x2xf32>
  %c1 = arith.constant 1 : index
  %s:2 = iree_linalg_ext.fft ins(%c1 : index) outs(%re0, %im0 : tensor<2x2xf32>, tensor<2x2xf32>) : tensor<2x2xf32>, tensor<2x2xf32>
  check.expect_eq_const(%s#0, dense<[[2.0, 0.0], [0.0, 2.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%s#1, dense<[[1.0, -1.0], [0.0, 0.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}
