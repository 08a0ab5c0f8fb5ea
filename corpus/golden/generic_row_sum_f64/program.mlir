// Row sums into an accumulator filled with 0.5: out[i] = 0.5 + sum_j x[i, j].
func.func @main(%x: tensor<5x6xf64>) -> tensor<5xf64> {
  %half = arith.constant 0.5 : f64
  %e = tensor.empty() : tensor<5xf64>
  %init = linalg.fill ins(%half : f64) outs(%e : tensor<5xf64>) -> tensor<5xf64>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<5x6xf64>) outs(%init : tensor<5xf64>) {
  ^bb0(%a: f64, %acc: f64):
    %s = arith.addf %a, %acc : f64
    linalg.yield %s : f64
  } -> tensor<5xf64>
  return %0 : tensor<5xf64>
}
