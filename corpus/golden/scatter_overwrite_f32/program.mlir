// Overwrite rows of the original: original[indices[b, 0], :] = updates[b, :].
func.func @main(%upd: tensor<3x4xf32>, %idx: tensor<3x1xi32>, %orig: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<3x4xf32>, tensor<3x1xi32>) outs(%orig : tensor<6x4xf32>) {
  ^bb0(%u: f32, %o: f32):
    iree_linalg_ext.yield %u : f32
  } -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}
