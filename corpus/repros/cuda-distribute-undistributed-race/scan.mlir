func.func @main(%arg2: tensor<11x3xi32>) -> (tensor<11x3xi32>, tensor<11xi32>) {
  %cst0 = arith.constant 0 : i32
  %e1 = tensor.empty() : tensor<11x3xi32>
  %v2 = linalg.fill ins(%cst0 : i32) outs(%e1 : tensor<11x3xi32>) -> tensor<11x3xi32>
  %cst2 = arith.constant -6 : i32
  %e3 = tensor.empty() : tensor<11xi32>
  %v3 = linalg.fill ins(%cst2 : i32) outs(%e3 : tensor<11xi32>) -> tensor<11xi32>
  %v4:2 = iree_linalg_ext.scan dimension(1) inclusive(false) ins(%arg2 : tensor<11x3xi32>) outs(%v2, %v3 : tensor<11x3xi32>, tensor<11xi32>) {
  ^bb0(%a0: i32, %a1: i32):
    %b0 = arith.addi %a0, %a1 : i32
    iree_linalg_ext.yield %b0 : i32
  } -> tensor<11x3xi32>, tensor<11xi32>
  return %v4#0, %v4#1 : tensor<11x3xi32>, tensor<11xi32>
}
