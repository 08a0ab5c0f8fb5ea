// An example program for the README's main command: a row-wise
// max-subtract-exp-sum chain (the core of a softmax) on f32, built from
// linalg.generic and named ops, as IREE dispatches look.
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2xf32>
  %mx0 = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %mx = linalg.reduce ins(%x : tensor<2x4xf32>) outs(%mx0 : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %e24 = tensor.empty() : tensor<2x4xf32>
  %ex = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx : tensor<2x4xf32>, tensor<2xf32>) outs(%e24 : tensor<2x4xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %e = math.exp %d : f32
      linalg.yield %e : f32
  } -> tensor<2x4xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2xf32>) -> tensor<2xf32>
  %s = linalg.reduce ins(%ex : tensor<2x4xf32>) outs(%s0 : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  return %ex, %s : tensor<2x4xf32>, tensor<2xf32>
}
