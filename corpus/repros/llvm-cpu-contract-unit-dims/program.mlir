#map = affine_map<(d0, d1, d2, d3) -> (d0, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
func.func @main(%arg0: tensor<1x2xf16>, %arg1: tensor<1x2x2x2xf16>, %acc: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x2xf16>, tensor<1x2x2x2xf16>) outs(%acc : tensor<1x2xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %2 = arith.extf %in : f16 to f32
    %cst = arith.extf %in_0 : f16 to f32
    %3 = arith.mulf %2, %cst : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x2xf32>
  return %1 : tensor<1x2xf32>
}
