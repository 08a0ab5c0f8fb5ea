// A sort whose comparator is the constant false (every pair equivalent:
// any order of the keys is a sorted one, the payload follows them) crashes
// the compiler on every backend (found reducing a guided-night crash,
// 2026-11-28).
func.func @main(%a: tensor<1xi64>, %b: tensor<1xf32>) -> tensor<1xf32> {
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%a, %b : tensor<1xi64>, tensor<1xf32>) {
  ^bb0(%x: i64, %y: i64, %p: f32, %q: f32):
    %false = arith.constant false
    iree_linalg_ext.yield %false : i1
  } -> tensor<1xi64>, tensor<1xf32>
  return %0#1 : tensor<1xf32>
}
