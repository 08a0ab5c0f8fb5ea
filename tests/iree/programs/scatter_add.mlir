// scatter with an add combiner and unique_indices(false): duplicate indices
// accumulate in batch order (integers, so any order gives the same sum).
func.func @main(%updates: tensor<6x5xi32>, %indices: tensor<6x1xi32>, %orig: tensor<4x5xi32>) -> tensor<4x5xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%updates, %indices : tensor<6x5xi32>, tensor<6x1xi32>)
      outs(%orig : tensor<4x5xi32>) {
  ^bb0(%u: i32, %o: i32):
    %s = arith.addi %u, %o : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4x5xi32>
  return %0 : tensor<4x5xi32>
}
