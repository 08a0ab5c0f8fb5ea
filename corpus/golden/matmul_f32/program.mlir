// C = A x B (f32), accumulating into zeros.
func.func @main(%a: tensor<5x7xf32>, %b: tensor<7x4xf32>) -> tensor<5x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x4xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<5x4xf32>) -> tensor<5x4xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<5x7xf32>, tensor<7x4xf32>) outs(%c : tensor<5x4xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}
