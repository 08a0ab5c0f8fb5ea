// Program B of tests/iree/sign_localize_test.py: a matmul, a row sum (a
// reduction dispatch) and an elementwise scale; barriers keep them apart.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id1 = affine_map<(i) -> (i)>
func.func @main(%x: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0.0 : f32
  %c3 = arith.constant 3.0 : f32
  %e0 = tensor.empty() : tensor<4x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %mm = linalg.matmul ins(%x, %x : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z0 : tensor<4x4xf32>) -> tensor<4x4xf32>
  %mm1 = util.optimization_barrier %mm : tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm1 : tensor<4x4xf32>) outs(%z : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
  } -> tensor<4xf32>
  %rs1 = util.optimization_barrier %rs : tensor<4xf32>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%rs1 : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.mulf %in, %c3 : f32
      linalg.yield %s : f32
  } -> tensor<4xf32>
  return %t : tensor<4xf32>
}
