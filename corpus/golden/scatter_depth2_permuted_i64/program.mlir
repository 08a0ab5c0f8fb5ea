// Depth-2 scatter with a permuted dimension_map: for each batch b,
// original[indices[b, 1], indices[b, 0], :] += updates[b, :].
func.func @main(%upd: tensor<4x3xi64>, %idx: tensor<4x2xi32>, %orig: tensor<4x5x3xi64>) -> tensor<4x5x3xi64> {
  %0 = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
      ins(%upd, %idx : tensor<4x3xi64>, tensor<4x2xi32>) outs(%orig : tensor<4x5x3xi64>) {
  ^bb0(%u: i64, %o: i64):
    %s = arith.addi %u, %o : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<4x5x3xi64>
  return %0 : tensor<4x5x3xi64>
}
