// A sum reduce_window whose window is the whole dimension (3) with padding
// [1, 2]: four windows, each over the padded input [0, a, b, c, 0, 0]:
// by hand, for [1 2 3]: [0+1+2, 1+2+3, 2+3+0, 3+0+0] = [3, 6, 5, 3].
// IREE's ScanOpConversion (StableHLOToLinalgExt.cpp) checks the padding
// one side at a time: the high side is n - 1, so it takes the op for a
// suffix scan, ignores the low side, and replaces a tensor<4xi32> result
// with the scan's tensor<3xi32> ("type of return operand 0
// ('tensor<3xi32>') doesn't match function result type"). Any padding
// beyond n - 1 in total changes the result's extent, so this is always a
// compile error, never a silent one. Found by the stablehlo.reduce_window
// recipe on IREE 3.10.0 (issue 26; campaign seed 23381, case 2101, first
// misread as unsupported input); 3.10.0 to 3.13.0 alike.
func.func @main(%x: tensor<3xi32>) -> tensor<4xi32> {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 3>, padding = dense<[[1, 2]]> : tensor<1x2xi64>}
      : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
