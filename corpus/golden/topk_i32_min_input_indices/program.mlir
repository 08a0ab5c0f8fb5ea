// The 4 smallest values of each row with explicit input indices (the output
// indices are taken from %ids, not positions). Outputs start at INT_MAX / -1.
func.func @main(%in: tensor<2x9xi32>, %ids: tensor<2x9xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>) {
  %max = arith.constant 2147483647 : i32
  %m1 = arith.constant -1 : i32
  %ev = tensor.empty() : tensor<2x4xi32>
  %v = linalg.fill ins(%max : i32) outs(%ev : tensor<2x4xi32>) -> tensor<2x4xi32>
  %i = linalg.fill ins(%m1 : i32) outs(%ev : tensor<2x4xi32>) -> tensor<2x4xi32>
  %0:2 = iree_linalg_ext.topk dimension(1)
      ins(%in, %ids : tensor<2x9xi32>, tensor<2x9xi32>) outs(%v, %i : tensor<2x4xi32>, tensor<2x4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2x4xi32>, tensor<2x4xi32>
  return %0#0, %0#1 : tensor<2x4xi32>, tensor<2x4xi32>
}
