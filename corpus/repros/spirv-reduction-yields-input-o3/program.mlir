#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
module {
  func.func @f168(%arg0: tensor<2x1xi32>, %arg1: tensor<2x1x2xi32>) -> tensor<2x1x2xi32> {
    %0 = tensor.empty() : tensor<16x2x1x2xi32>
    %broadcasted = linalg.broadcast ins(%arg0 : tensor<2x1xi32>) outs(%0 : tensor<16x2x1x2xi32>) dimensions = [0, 3] 
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "parallel", "parallel"]} ins(%broadcasted : tensor<16x2x1x2xi32>) outs(%arg1 : tensor<2x1x2xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x1x2xi32>
    return %1 : tensor<2x1x2xi32>
  }
}
