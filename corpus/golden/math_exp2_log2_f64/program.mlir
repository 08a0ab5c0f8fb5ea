// exp2 of integers and log2 of powers of two: exact results.
func.func @main(%x: tensor<8xf64>) -> (tensor<8xf64>, tensor<8xf64>) {
  %e = tensor.empty() : tensor<8xf64>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<8xf64>) outs(%e, %e : tensor<8xf64>, tensor<8xf64>) {
  ^bb0(%a: f64, %o0: f64, %o1: f64):
    %p = math.exp2 %a : f64
    %l = math.log2 %p : f64
    linalg.yield %p, %l : f64, f64
  } -> (tensor<8xf64>, tensor<8xf64>)
  return %0#0, %0#1 : tensor<8xf64>, tensor<8xf64>
}
