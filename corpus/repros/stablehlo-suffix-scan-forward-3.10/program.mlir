// iree#23381's shape: the suffix sum of a StableHLO reduce_window (window
// = the full dimension, padding n - 1 after it), as JAX writes the
// gradient of cumsum. By hand for [1 2 3 4 5]: [15 14 12 9 5].
func.func @main(%x: tensor<5xi32>) -> tensor<5xi32> {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 5>, padding = dense<[[0, 4]]> : tensor<1x2xi64>}
      : (tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}
