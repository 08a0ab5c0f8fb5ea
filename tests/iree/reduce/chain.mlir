// Six ops feeding each other, the start of the reducer tests: each planted
// fault keys on one op, which the reduced program must keep (and little else).
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x8xf32>, %keys: tensor<4x8xi32>,
                %updates: tensor<6x8xi32>, %indices: tensor<6x1xi32>) -> (tensor<8x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x16xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                        iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x16xf32>) outs(%e0 : tensor<8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32
    %p = arith.addf %m, %a : f32
    linalg.yield %p : f32
  } -> tensor<8x16xf32>
  %e1 = tensor.empty() : tensor<8x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%sq, %w : tensor<8x16xf32>, tensor<16x8xf32>) outs(%acc : tensor<8x8xf32>) -> tensor<8x8xf32>
  %sorted = iree_linalg_ext.sort dimension(1) outs(%keys : tensor<4x8xi32>) {
  ^bb0(%l: i32, %r: i32):
    %c = arith.cmpi slt, %l, %r : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4x8xi32>
  %sc = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%updates, %indices : tensor<6x8xi32>, tensor<6x1xi32>)
      outs(%sorted : tensor<4x8xi32>) {
  ^bb0(%u: i32, %o: i32):
    %s = arith.addi %u, %o : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4x8xi32>
  %e2 = tensor.empty() : tensor<4x8xi32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                         iterator_types = ["parallel", "parallel"]}
      ins(%sc : tensor<4x8xi32>) outs(%e2 : tensor<4x8xi32>) {
  ^bb0(%a: i32, %o: i32):
    %c3 = arith.constant 3 : i32
    %t = arith.muli %a, %c3 : i32
    linalg.yield %t : i32
  } -> tensor<4x8xi32>
  return %mm, %neg, %sorted : tensor<8x8xf32>, tensor<4x8xi32>, tensor<4x8xi32>
}
