// linalg.broadcast adds dimensions 0 and 2; linalg.transpose permutes
// (d0ÿÿÿÿ, d1, d2) -> (d2, d0, d1).
func.func @main(%v: tensor<3xi64>, %x: tensor<2x3x4xi64>) -> (tensor<2x3x4xi64>, tensor<4x2x3xi64>) {
  %eb = tensor.empty() : tensor<2x3x4xi64>
  %b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%eb : tensor<2x3x4xi64>) dimensions =[0, 2]
  %et = tensor.empty() : tensor<4x2x3xi64>
  %t = linalg.transpose ins(%x : tensor<2x3x4xi64>) outs(%et : tensor<4x2x3xi64>) permutation = [2, 0, 1]
  return %b, %t : tensor<2x3x4xi64>, tensor<4x2x3xi64>
}
