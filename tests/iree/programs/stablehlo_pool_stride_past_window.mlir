// A max reduce_window whose stride (3) is longer than its window (2), over
// a padded input: one window, all padding (the result is the init, -128).
// IREE's StableHLO conversion makes a pad and a pooling linalg.generic
// whose input map is (d0 * 3 + d2, d1 * 3 + d3) over a 3x2 padded input:
// valid IR, since a strided map need not cover its operand. Dispatch
// creation's FoldUnitExtentDims drops the unit output loops d0 and d1 and
// leaves the map (d2, d3) -> (d2, d3) on the 3x2 input with loop extents
// 2x2, which the generic's verifier rejects ("inferred input/output operand
// #1 has shape's dimension #0 to be 3, but found 2"). Found by the
// stablehlo.reduce_window recipe (issue 26); IREE 3.10.0 to 3.13.0 alike.
// The known fold-unit-extent-dims pooling class (upstream MLIR;
// corpus/repros/fold-unit-extent-dims-pooling-window), reached from
// StableHLO.
func.func @main(%x: tensor<1x2xi8>) -> tensor<1x1xi8> {
  %init = "stablehlo.constant"() {value = dense<-128> : tensor<i8>} : () -> tensor<i8>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %m = "stablehlo.maximum"(%a, %b) : (tensor<i8>, tensor<i8>) -> tensor<i8>
    "stablehlo.return"(%m) : (tensor<i8>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 3, 3>,
      padding = dense<[[2, 0], [0, 0]]> : tensor<2x2xi64>}
      : (tensor<1x2xi8>, tensor<i8>) -> tensor<1x1xi8>
  return %r : tensor<1x1xi8>
}
