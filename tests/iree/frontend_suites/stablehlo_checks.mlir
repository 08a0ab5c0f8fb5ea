// StableHLO check functions of our own (not IREE's), lowered by
// tests/iree/frontend_suites_test.py with the IREE in .venv
// (iree-compile --compile-to=input --iree-input-type=stablehlo) and judged
// with ref-run --check. Each lowers to a form IREE's tests/e2e/stablehlo_ops
// and regression/stablehlo suites exercise (flow.tensor.constant with
// flow.tensor.reshape to dynamic dims, linalg.pooling_nhwc_min,
// linalg.depthwise_conv_2d_nhwc_hwcm, math.expm1). Expected values derived
// by hand.

// A dynamic constant (lowered to flow.tensor.constant and
// flow.tensor.reshape): the negation of [[1, -2], [3, -4]] on
// tensor<?x?xi32> is [[-1, 2], [-3, 4]].
func.func @dynamic_negate() {
  %x = flow.tensor.dynamic_constant dense<[[1, -2], [3, -4]]> : tensor<2x2xi32> -> tensor<?x?xi32>
  %n = stablehlo.negate %x : tensor<?x?xi32>
  %b = util.optimization_barrier %n : tensor<?x?xi32>
  %r = tensor.cast %b : tensor<?x?xi32> to tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[-1, 2], [-3, 4]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Window 2x3, strides 2x3 over
//   [5, 3, 8, 1, 9, 2]
//   [7, 4, 6, 0, 5, 3]
//   [2, 9, 9, 4, 4, 4]
//   [8, 1, 7, 6, 5, 9]
// with min: [[3, 0], [1, 4]].
func.func @reduce_window_min() {
  %0 = util.unfoldable_constant dense<[[[[5.0], [3.0], [8.0], [1.0], [9.0], [2.0]],
                                        [[7.0], [4.0], [6.0], [0.0], [5.0], [3.0]],
                                        [[2.0], [9.0], [9.0], [4.0], [4.0], [4.0]],
                                        [[8.0], [1.0], [7.0], [6.0], [5.0], [9.0]]]]> : tensor<1x4x6x1xf32>
  %1 = util.unfoldable_constant dense<0x7F800000> : tensor<f32>
  %res = "stablehlo.reduce_window"(%0, %1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %3 = stablehlo.minimum %a, %b : tensor<f32>
    stablehlo.return %3 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 3, 1>,
      window_strides = array<i64: 1, 2, 3, 1>} : (tensor<1x4x6x1xf32>, tensor<f32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const(%res, dense<[[[[3.0], [0.0]], [[1.0], [4.0]]]]> : tensor<1x2x2x1xf32>) : tensor<1x2x2x1xf32>
  return
}

// Depthwise (feature_group_count = input features = 1, two outputs per
// group): input [[1, 2, 3], [4, 5, 6], [7, 8, 9]]; filter output 0 is
// [[1, 0], [0, 1]] (x[i][j] + x[i+1][j+1]): 6, 8, 12, 14; output 1 is all
// ones (window sums): 12, 16, 24, 28.
func.func @depthwise_convolution() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]], [[7.0], [8.0], [9.0]]]]> : tensor<1x3x3x1xf32>
  %k = util.unfoldable_constant dense<[[[[1.0, 1.0]], [[0.0, 1.0]]], [[[0.0, 1.0]], [[1.0, 1.0]]]]> : tensor<2x2x1x2xf32>
  %r = stablehlo.convolution(%in, %k)
      dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
      window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
      : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_almost_eq_const(%r, dense<[[[[6.0, 12.0], [8.0, 16.0]], [[12.0, 24.0], [14.0, 28.0]]]]> : tensor<1x2x2x2xf32>) : tensor<1x2x2x2xf32>
  return
}

// expm1(0) = 0, expm1(1) = e - 1 = 1.71828183, expm1(-1) = 1/e - 1 =
// -0.632120559, expm1(1e-6) = 1e-6 + 5e-13 = 1.0000005e-6; with rtol 1e-6
// and no atol the last one tells expm1 from exp(x) - 1 (9.5367432e-7 in f32).
func.func @exponential_minus_one() {
  %0 = util.unfoldable_constant dense<[0.0, 1.0, -1.0, 1.0e-6]> : tensor<4xf32>
  %r = stablehlo.exponential_minus_one %0 : tensor<4xf32>
  check.expect_almost_eq_const(%r, dense<[0.0, 1.71828183, -0.632120559, 1.0000005e-6]> : tensor<4xf32>, atol 0.0, rtol 1.0e-6) : tensor<4xf32>
  return
}
