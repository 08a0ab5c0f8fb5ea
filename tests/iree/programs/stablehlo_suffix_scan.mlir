// The suffix and prefix sums of a StableHLO reduce_window (JAX's cumsum and
// its gradient): window = the full dimension, padding n - 1 after (suffix)
// or before (prefix) it. IREE's ScanOpConversion turns both into
// iree_linalg_ext.scan; until PR #23397 (first in 3.11.0) it built a
// forward scan for the suffix form too (iree#23381: 3.10.0 returns prefix
// sums). The golden comes from the StableHLO op itself, which ref-run runs
// as it is (generic form), so every target compiles IREE's own input
// conversion and a wrong lowering is a mismatch. By hand, for rows
// [1 2 3 4 5]: suffix [15 14 12 9 5], prefix [1 3 6 10 15].
func.func @main(%x: tensor<3x5xi32>) -> (tensor<3x5xi32>, tensor<3x5xi32>) {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %suffix = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 1, 5>, padding = dense<[[0, 0], [0, 4]]> : tensor<2x2xi64>}
      : (tensor<3x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  %prefix = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 1, 5>, padding = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>}
      : (tensor<3x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  return %suffix, %prefix : tensor<3x5xi32>, tensor<3x5xi32>
}
