// Exactly determined math on f64 with a dynamic size: sqrt and fma are
// correctly rounded (fma of these dyadic values is exact).
func.func @main(%x: tensor<?xf64>, %y: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %0:3 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %y : tensor<?xf64>, tensor<?xf64>)
      outs(%e, %e, %e : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%a: f64, %b: f64, %o0: f64, %o1: f64, %o2: f64):
    %ab = math.absf %a : f64
    %sq = math.sqrt %ab : f64
    %f = math.fma %a, %b, %a : f64
    %t = math.trunc %a : f64
    %cs = math.copysign %t, %b : f64
    linalg.yield %sq, %f, %cs : f64, f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>)
  return %0#0, %0#1, %0#2 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
