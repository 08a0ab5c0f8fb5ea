// Ordered/unordered comparisons and IEEE maximum/minimum on special values.
// The packed i8 holds oeq | une << 1 | olt << 2 | ult << 3 | uno << 4.
func.func @main(%a: tensor<12xf64>, %b: tensor<12xf64>) -> (tensor<12xi8>, tensor<12xf64>, tensor<12xf64>) {
  %e8 = tensor.empty() : tensor<12xi8>
  %ef = tensor.empty() : tensor<12xf64>
  %0:3 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<12xf64>, tensor<12xf64>)
      outs(%e8, %ef, %ef : tensor<12xi8>, tensor<12xf64>, tensor<12xf64>) {
  ^bb0(%x: f64, %y: f64, %o0: i8, %o1: f64, %o2: f64):
    %oeq = arith.cmpf oeq, %x, %y : f64
    %une = arith.cmpf une, %x, %y : f64
    %olt = arith.cmpf olt, %x, %y : f64
    %ult = arith.cmpf ult, %x, %y : f64
    %uno = arith.cmpf uno, %x, %y : f64
    %b0 = arith.extui %oeq : i1 to i8
    %b1 = arith.extui %une : i1 to i8
    %b2 = arith.extui %olt : i1 to i8
    %b3 = arith.extui %ult : i1 to i8
    %b4 = arith.extui %uno : i1 to i8
    %c1 = arith.constant 1 : i8
    %c2 = arith.constant 2 : i8
    %c3 = arith.constant 3 : i8
    %c4 = arith.constant 4 : i8
    %s1 = arith.shli %b1, %c1 : i8
    %s2 = arith.shli %b2, %c2 : i8
    %s3 = arith.shli %b3, %c3 : i8
    %s4 = arith.shli %b4, %c4 : i8
    %p01 = arith.ori %b0, %s1 : i8
    %p23 = arith.ori %s2, %s3 : i8
    %p03 = arith.ori %p01, %p23 : i8
    %p = arith.ori %p03, %s4 : i8
    %mx = arith.maximumf %x, %y : f64
    %mn = arith.minimumf %x, %y : f64
    linalg.yield %p, %mx, %mn : i8, f64, f64
  } -> (tensor<12xi8>, tensor<12xf64>, tensor<12xf64>)
  return %0#0, %0#1, %0#2 : tensor<12xi8>, tensor<12xf64>, tensor<12xf64>
}
