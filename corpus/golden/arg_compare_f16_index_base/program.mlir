// argmax along dimension 1 with index_base 10: index = 10 + position.
func.func @main(%in: tensor<4x7xf16>) -> (tensor<4xf16>, tensor<4xi32>) {
  %ninf = arith.constant 0xFC00 : f16
  %c0 = arith.constant 0 : i32
  %base = arith.constant 10 : index
  %ev = tensor.empty() : tensor<4xf16>
  %ei = tensor.empty() : tensor<4xi32>
  %v = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4xf16>) -> tensor<4xf16>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<4xi32>) -> tensor<4xi32>
  %0:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%in : tensor<4x7xf16>) outs(%v, %i : tensor<4xf16>, tensor<4xi32>) index_base(%base : index) {
  ^bb0(%a: f16, %b: f16):
    %gt = arith.cmpf ogt, %a, %b : f16
    iree_linalg_ext.yield %gt : i1
  } -> tensor<4xf16>, tensor<4xi32>
  return %0#0, %0#1 : tensor<4xf16>, tensor<4xi32>
}
