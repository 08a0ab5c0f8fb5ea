// Exclusive scan along dimension 0 with prev * 2 + x (order matters):
// out[0] = acc0, out[i] = out[i-1] * 2 + in[i-1]; acc = out[n-1].
func.func @main(%in: tensor<5x3xi64>, %acc0: tensor<3xi64>) -> (tensor<5x3xi64>, tensor<3xi64>) {
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<5x3xi64>
  %out = linalg.fill ins(%c0 : i64) outs(%e : tensor<5x3xi64>) -> tensor<5x3xi64>
  %0:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<5x3xi64>) outs(%out, %acc0 : tensor<5x3xi64>, tensor<3xi64>) {
  ^bb0(%prev: i64, %x: i64):
    %two = arith.constant 2 : i64
    %m = arith.muli %prev, %two : i64
    %s = arith.addi %m, %x : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<5x3xi64>, tensor<3xi64>
  return %0#0, %0#1 : tensor<5x3xi64>, tensor<3xi64>
}
