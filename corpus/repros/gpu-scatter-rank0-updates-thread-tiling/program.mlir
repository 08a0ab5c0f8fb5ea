func.func @main(%arg0: tensor<4x5x3xi8>, %arg1: tensor<3xi32>, %arg2: tensor<i8>) -> tensor<4x5x3xi8> {
  %0 = iree_linalg_ext.scatter dimension_map = [0, 1, 2] unique_indices(true) ins(%arg2, %arg1 : tensor<i8>, tensor<3xi32>) outs(%arg0 : tensor<4x5x3xi8>) {
  ^bb0(%a0: i8, %a1: i8):
    %b0 = arith.addi %a0, %a1 : i8
    iree_linalg_ext.yield %b0 : i8
  } -> tensor<4x5x3xi8>
  return %0 : tensor<4x5x3xi8>
}
