// Two results from one generic: c = (a < b) xor m (i1) and s = c ? a : b.
func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>, %m: tensor<3x4xi1>) -> (tensor<3x4xi1>, tensor<3x4xf32>) {
  %e1 = tensor.empty() : tensor<3x4xi1>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %m : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi1>)
      outs(%e1, %e2 : tensor<3x4xi1>, tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %k: i1, %o1: i1, %o2: f32):
    %lt = arith.cmpf olt, %x, %y : f32
    %c = arith.xori %lt, %k : i1
    %s = arith.select %c, %x, %y : f32
    linalg.yield %c, %s : i1, f32
  } -> (tensor<3x4xi1>, tensor<3x4xf32>)
  return %0#0, %0#1 : tensor<3x4xi1>, tensor<3x4xf32>
}
