// linalg.fill in three element types, and linalg.map adding a filled tensor.
// (Not linalg.add: IREE 3.13's parser does not know that named op.)
func.func @main(%x: tensor<2x3xi8>) -> (tensor<2x3xi1>, tensor<4xf16>, tensor<2x3xi8>) {
  %t = arith.constant true
  %h = arith.constant -1.5 : f16
  %c = arith.constant 100 : i8
  %e1 = tensor.empty() : tensor<2x3xi1>
  %e2 = tensor.empty() : tensor<4xf16>
  %e3 = tensor.empty() : tensor<2x3xi8>
  %f1 = linalg.fill ins(%t : i1) outs(%e1 : tensor<2x3xi1>) -> tensor<2x3xi1>
  %f2 = linalg.fill ins(%h : f16) outs(%e2 : tensor<4xf16>) -> tensor<4xf16>
  %f3 = linalg.fill ins(%c : i8) outs(%e3 : tensor<2x3xi8>) -> tensor<2x3xi8>
  %s = linalg.map { arith.addi } ins(%x, %f3 : tensor<2x3xi8>, tensor<2x3xi8>) outs(%e3 : tensor<2x3xi8>)
  return %f1, %f2, %s : tensor<2x3xi1>, tensor<4xf16>, tensor<2x3xi8>
}
