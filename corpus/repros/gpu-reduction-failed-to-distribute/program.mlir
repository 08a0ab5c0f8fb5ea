#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @f160(%arg0: tensor<4x32xbf16>, %arg1: tensor<bf16>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<4x32xbf16>, tensor<bf16>) outs(%arg2 : tensor<f32>) {
    ^bb0(%in: bf16, %in_0: bf16, %out: f32):
      %cst = arith.constant 0.000000e+00 : f32
      %1 = arith.extf %in_0 : bf16 to f32
      %2 = arith.addf %out, %1 : f32
      linalg.yield %2 : f32
    } -> tensor<f32>
    return %0 : tensor<f32>
  }
}
