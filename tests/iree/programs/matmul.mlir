// f16 inputs, f32 accumulation (the mixed-precision matmul IREE's GPU
// pipelines specialize).
func.func @main(%a: tensor<16x33xf16>, %b: tensor<33x8xf16>) -> tensor<16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<16x33xf16>, tensor<33x8xf16>) outs(%z : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
