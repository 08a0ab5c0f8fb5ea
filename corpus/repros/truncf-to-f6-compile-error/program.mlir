func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.truncf %a : f32 to f6E2M3FN
    %y = arith.extf %n : f6E2M3FN to f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
