// Implicit index depth 1 (indices tensor<3xi32>): original[indices[b], :] =
// maximumf(updates[b, :], original[indices[b], :]), f16.
func.func @main(%upd: tensor<3x5xf16>, %idx: tensor<3xi32>, %orig: tensor<6x5xf16>) -> tensor<6x5xf16> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<3x5xf16>, tensor<3xi32>) outs(%orig : tensor<6x5xf16>) {
  ^bb0(%u: f16, %o: f16):
    %m = arith.maximumf %u, %o : f16
    iree_linalg_ext.yield %m : f16
  } -> tensor<6x5xf16>
  return %0 : tensor<6x5xf16>
}
