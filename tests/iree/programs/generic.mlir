// A broadcast-multiply-add elementwise generic feeding a row-sum reduction
// (a float reduction: the oracle's bound grows with its length).
func.func @main(%x: tensor<8x31xf32>, %b: tensor<31xf32>) -> (tensor<8x31xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x31xf32>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<8x31xf32>, tensor<31xf32>) outs(%e : tensor<8x31xf32>) {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %m = arith.mulf %a, %c : f32
      %s = arith.addf %m, %a : f32
      linalg.yield %s : f32
  } -> tensor<8x31xf32>
  %er = tensor.empty() : tensor<8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%er : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x31xf32>) outs(%z : tensor<8xf32>) {
    ^bb0(%a: f32, %acc: f32):
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  return %y, %r : tensor<8x31xf32>, tensor<8xf32>
}
