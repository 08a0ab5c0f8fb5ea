// gather of rows: output[b, :] = source[indices[b], :].
func.func @main(%source: tensor<4x7xf32>, %indices: tensor<5xi32>) -> tensor<5x7xf32> {
  %init = tensor.empty() : tensor<5x7xf32>
  %0 = iree_linalg_ext.gather dimension_map = [0]
      ins(%source, %indices : tensor<4x7xf32>, tensor<5xi32>)
      outs(%init : tensor<5x7xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}
