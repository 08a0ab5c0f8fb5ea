// Scatter-add with duplicate indices (unique_indices(false)): duplicates
// accumulate; i32 addition wraps and is associative, so the result is unique.
func.func @main(%upd: tensor<8x3xi32>, %idx: tensor<8x1xi32>, %orig: tensor<5x3xi32>) -> tensor<5x3xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<8x3xi32>, tensor<8x1xi32>) outs(%orig : tensor<5x3xi32>) {
  ^bb0(%u: i32, %o: i32):
    %s = arith.addi %u, %o : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<5x3xi32>
  return %0 : tensor<5x3xi32>
}
