// Inclusive prefix sum along dimension 1; the accumulator ends as the last
// prefix of each row.
func.func @main(%in: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x8xf32>
  %ea = tensor.empty() : tensor<3xf32>
  %out = linalg.fill ins(%z : f32) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
  %acc = linalg.fill ins(%z : f32) outs(%ea : tensor<3xf32>) -> tensor<3xf32>
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<3x8xf32>) outs(%out, %acc : tensor<3x8xf32>, tensor<3xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.addf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x8xf32>, tensor<3xf32>
  return %0#0, %0#1 : tensor<3x8xf32>, tensor<3xf32>
}
