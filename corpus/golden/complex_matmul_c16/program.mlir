// A complex<f64> matrix product; linalg.fill with a complex zero.
func.func @main(%a: tensor<3x5xcomplex<f64>>, %b: tensor<5x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>> {
  %z = complex.constant [0.0 : f64, 0.0 : f64] : complex<f64>
  %e = tensor.empty() : tensor<3x4xcomplex<f64>>
  %f = linalg.fill ins(%z : complex<f64>) outs(%e : tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %0 = linalg.matmul ins(%a, %b : tensor<3x5xcomplex<f64>>, tensor<5x4xcomplex<f64>>)
                     outs(%f : tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  return %0 : tensor<3x4xcomplex<f64>>
}
