// A prefix sum (cumsum) along dimension 0 of a StableHLO reduce_window
// whose other dimension is dynamic, as a JAX cumsum over a symbolic batch
// dimension exports it. IREE's ScanOpConversion (StableHLOToLinalgExt.cpp)
// creates the scan's output with `tensor.empty() : tensor<4x?xi32>`, no
// size for the `?` ("'tensor.empty' op incorrect number of dynamic sizes,
// has 0, expected 1", after iree-stablehlo-to-linalg-ext). By hand, for
// the columns [1 2 3 4]: [1 3 6 10]. Found by a guided campaign (issue 26,
// 2026-12-04, seed 9, every op kind): a dynamic-dim mutant of a generated
// reduce_window; IREE 3.10.0 to 3.13.0 alike.
func.func @main(%x: tensor<4x?xi32>) -> tensor<4x?xi32> {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 4, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>}
      : (tensor<4x?xi32>, tensor<i32>) -> tensor<4x?xi32>
  return %r : tensor<4x?xi32>
}
