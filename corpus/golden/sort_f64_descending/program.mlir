// Descending sort (cmpf ogt) of distinct f64 values.
func.func @main(%k: tensor<16xf64>) -> tensor<16xf64> {
  %0 = iree_linalg_ext.sort dimension(0) outs(%k : tensor<16xf64>) {
  ^bb0(%a: f64, %b: f64):
    %gt = arith.cmpf ogt, %a, %b : f64
    iree_linalg_ext.yield %gt : i1
  } -> tensor<16xf64>
  return %0 : tensor<16xf64>
}
