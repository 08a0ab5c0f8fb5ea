#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d2)>
func.func @main(%arg0: tensor<3x2x2xi32>, %acc: tensor<2xi32>) -> tensor<2xi32> {
  %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "reduction", "parallel", "reduction"]} ins(%arg0 : tensor<3x2x2xi32>) outs(%acc : tensor<2xi32>) {
  ^bb0(%in: i32, %out: i32):
    %2 = linalg.index 0 : index
    %3 = arith.index_cast %2 : index to i32
    %4 = arith.addi %3, %out : i32
    linalg.yield %4 : i32
  } -> tensor<2xi32>
  return %1 : tensor<2xi32>
}
