// Self-checking tests of stablehlo.reduce_window, which ref-run runs as it
// is (generic form; interp/dialects/StablehloOps.td). Run with
//   ref-run --check stablehlo_reduce_window.mlir
// Semantics from StableHLO's spec: each input is dilated (base_dilations - 1
// init values between neighbours) and padded with its init value; every
// window is reduced from the init value, padding elements included. Every
// expected value below was derived by hand.

// The suffix sum of JAX's gradient of cumsum (iree#23381's shape): window 5
// over 5 elements, padding [0, 4]: out[i] = sum of in[i..4].
//   [1,2,3,4,5] -> [15, 14, 12, 9, 5]
func.func @suffix_sum_i32() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 5>, padding = dense<[[0, 4]]> : tensor<1x2xi64>}
      : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  check.expect_eq_const(%r, dense<[15, 14, 12, 9, 5]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// The prefix sum (cumsum): padding [4, 0]: out[i] = sum of in[0..i].
//   [1,2,3,4,5] -> [1, 3, 6, 10, 15]
func.func @prefix_sum_i32() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 5>, padding = dense<[[4, 0]]> : tensor<1x2xi64>}
      : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  check.expect_eq_const(%r, dense<[1, 3, 6, 10, 15]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// Padding elements are window elements: with init 10, padding [1, 1] and
// window 2, the padded input is [10, 1, 2, 3, 10] and each window adds the
// init once more: 10+10+1 = 21, 10+1+2 = 13, 10+2+3 = 15, 10+3+10 = 23.
func.func @padding_combines_init() {
  %in = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = "stablehlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}
      : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[21, 13, 15, 23]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Base dilation 2 puts one init value between neighbours: [1, h, 2, h, 3]
// with h = 100; window 2: 100+1+100 = 201, 100+100+2 = 202, 100+2+100 = 202,
// 100+100+3 = 203 ((5 - 2) / 1 + 1 = 4 windows).
func.func @base_dilation_holes_are_init() {
  %in = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = "stablehlo.constant"() {value = dense<100> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>}
      : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[201, 202, 202, 203]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Window dilation 2 and stride 2: a window of 2 elements spans 3; over 6
// elements (6 - 3) / 2 + 1 = 2 windows: elements {0, 2} and {2, 4}:
// max(1, 2) = 2, max(2, 3) = 3 (init -inf).
func.func @strided_dilated_max_f32() {
  %in = util.unfoldable_constant dense<[1.0, 5.0, 2.0, 8.0, 3.0, 7.0]> : tensor<6xf32>
  %c = "stablehlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,
      window_dilations = array<i64: 2>}
      : (tensor<6xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[2.0, 3.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// A 2x2 window over [[1, 6, 2], [4, 3, 5]], min from 1000: windows at
// column 0 {1, 6, 4, 3} -> 1 and column 1 {6, 2, 3, 5} -> 2.
func.func @min_2d() {
  %in = util.unfoldable_constant dense<[[1, 6, 2], [4, 3, 5]]> : tensor<2x3xi32>
  %c = "stablehlo.constant"() {value = dense<1000> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.minimum"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>}
      : (tensor<2x3xi32>, tensor<i32>) -> tensor<1x2xi32>
  check.expect_eq_const(%r, dense<[[1, 2]]> : tensor<1x2xi32>) : tensor<1x2xi32>
  return
}

// Negative padding crops: [1, 2, 3, 4] with padding [-1, 0] and window 1
// is [2, 3, 4]; multiply from 1 leaves each element.
func.func @negative_padding_crops() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %c = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.multiply"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 1>, padding = dense<[[-1, 0]]> : tensor<1x2xi64>}
      : (tensor<4xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[2, 3, 4]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Two inputs reduced together: window 3 over [1, 2, 3] summed and over
// [2, 3, 4] multiplied: 0+1+2+3 = 6 and 1*2*3*4 = 24.
func.func @two_inputs() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = util.unfoldable_constant dense<[2, 3, 4]> : tensor<3xi32>
  %c0 = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c1 = "stablehlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%a, %b, %c0, %c1) ({
  ^bb0(%x0: tensor<i32>, %x1: tensor<i32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %s = "stablehlo.add"(%x0, %y0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %p = "stablehlo.multiply"(%x1, %y1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s, %p) : (tensor<i32>, tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 3>}
      : (tensor<3xi32>, tensor<3xi32>, tensor<i32>, tensor<i32>) -> (tensor<1xi32>, tensor<1xi32>)
  check.expect_eq_const(%r#0, dense<[6]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%r#1, dense<[24]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// i1 add is or: windows of 2 over [false, true, false] -> [true, true].
// A body constant: the body adds (or) false, which changes nothing.
func.func @bool_add_is_or() {
  %in = util.unfoldable_constant dense<[false, true, false]> : tensor<3xi1>
  %c = "stablehlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %r = "stablehlo.reduce_window"(%in, %c) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %f = "stablehlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
    %s = "stablehlo.add"(%a, %b) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %t = "stablehlo.or"(%s, %f) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }) {window_dimensions = array<i64: 2>}
      : (tensor<3xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const(%r, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  return
}

// Elementwise ops outside a body: subtract then maximum.
//   [5, 1] - [2, 4] = [3, -3]; max([3, -3], [0, 0]) = [3, 0].
func.func @elementwise() {
  %a = util.unfoldable_constant dense<[5, 1]> : tensor<2xi32>
  %b = util.unfoldable_constant dense<[2, 4]> : tensor<2xi32>
  %z = "stablehlo.constant"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %d = "stablehlo.subtract"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %m = "stablehlo.maximum"(%d, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const(%m, dense<[3, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}
