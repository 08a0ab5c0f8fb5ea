// A batch of two f16 matmuls accumulating into zeros.
func.func @main(%a: tensor<2x3x4xf16>, %b: tensor<2x4x5xf16>) -> tensor<2x3x5xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x3x5xf16>
  %c = linalg.fill ins(%z : f16) outs(%e : tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x3x4xf16>, tensor<2x4x5xf16>) outs(%c : tensor<2x3x5xf16>) -> tensor<2x3x5xf16>
  return %0 : tensor<2x3x5xf16>
}
