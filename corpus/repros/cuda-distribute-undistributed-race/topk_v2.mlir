func.func @main(%in: tensor<2x6xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2x3xf32>
  %ei = tensor.empty() : tensor<2x3xi32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<2x3xi32>) -> tensor<2x3xi32>
  %0:2 = iree_linalg_ext.topk_v2 dimension(1) is_sorted
      ins(%in : tensor<2x6xf32>) outs(%v, %i : tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %gt : i1
  } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}
