// Program A of tests/iree/sign_localize_test.py: an elementwise dispatch
// (x * 2 + 1) then a row sum (a reduction dispatch); the barrier keeps IREE
// from fusing them.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @main(%x: tensor<4x4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %e0 = tensor.empty() : tensor<4x4xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x4xf32>) outs(%e0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.mulf %in, %c2 : f32
      %s = arith.addf %m, %c1 : f32
      linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %a1 = util.optimization_barrier %a : tensor<4x4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a1 : tensor<4x4xf32>) outs(%z : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
  } -> tensor<4xf32>
  return %rs : tensor<4xf32>
}
