// An inclusive prefix sum along dimension 1 (i32: exact in any order).
func.func @main(%in: tensor<3x17xi32>) -> (tensor<3x17xi32>, tensor<3xi32>) {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x17xi32>
  %ea = tensor.empty() : tensor<3xi32>
  %out = linalg.fill ins(%c0 : i32) outs(%e : tensor<3x17xi32>) -> tensor<3x17xi32>
  %acc = linalg.fill ins(%c0 : i32) outs(%ea : tensor<3xi32>) -> tensor<3xi32>
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<3x17xi32>) outs(%out, %acc : tensor<3x17xi32>, tensor<3xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3x17xi32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<3x17xi32>, tensor<3xi32>
}
