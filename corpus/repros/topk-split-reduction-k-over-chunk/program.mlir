module {
  func.func @f328(%arg0: tensor<2x2x1xf64>, %arg1: tensor<2x2x1xi32>, %arg2: tensor<2x2x1xf64>) -> tensor<2x2x1xi32> {
    %0:2 = iree_linalg_ext.topk dimension(1) ins(%arg0 : tensor<2x2x1xf64>) outs(%arg2, %arg1 : tensor<2x2x1xf64>, tensor<2x2x1xi32>) {
    ^bb0(%arg3: f64, %arg4: f64):
      %1 = arith.cmpf olt, %arg3, %arg4 : f64
      iree_linalg_ext.yield %1 : i1
    } -> tensor<2x2x1xf64>, tensor<2x2x1xi32>
    return %0#1 : tensor<2x2x1xi32>
  }
}
