// Ascending sort of each row (one key, cmpi slt). Keys are distinct within a
// row, so the sorted result is unique.
func.func @main(%k: tensor<4x9xi32>) -> tensor<4x9xi32> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%k : tensor<4x9xi32>) {
  ^bb0(%a: i32, %b: i32):
    %lt = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<4x9xi32>
  return %0 : tensor<4x9xi32>
}
