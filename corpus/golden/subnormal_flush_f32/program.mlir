// Subnormal f32 values (MLIR keeps them, as IEEE 754 does): lt = a < b,
// s = (a + b) * 2. Every a and b below is subnormal or zero.
func.func @main(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xi1>, tensor<6xf32>) {
  %e1 = tensor.empty() : tensor<6xi1>
  %ef = tensor.empty() : tensor<6xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<6xf32>, tensor<6xf32>) outs(%e1, %ef : tensor<6xi1>, tensor<6xf32>) {
  ^bb0(%x: f32, %y: f32, %o0: i1, %o1: f32):
    %lt = arith.cmpf olt, %x, %y : f32
    %two = arith.constant 2.0 : f32
    %s = arith.addf %x, %y : f32
    %d = arith.mulf %s, %two : f32
    linalg.yield %lt, %d : i1, f32
  } -> (tensor<6xi1>, tensor<6xf32>)
  return %0#0, %0#1 : tensor<6xi1>, tensor<6xf32>
}
