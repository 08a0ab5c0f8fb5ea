#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1, d0)>
module {
  func.func @main(%arg0: tensor<47x7x4xf16>) -> tensor<7x47xi64> {
    %c-6_i64 = arith.constant -6 : i64
    %0 = tensor.empty() : tensor<7x47xi64>
    %1 = linalg.fill ins(%c-6_i64 : i64) outs(%0 : tensor<7x47xi64>) -> tensor<7x47xi64>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<47x7x4xf16>) outs(%1 : tensor<7x47xi64>) {
    ^bb0(%in: f16, %out: i64):
      %3 = arith.fptosi %in : f16 to i32
      %4 = math.ctpop %3 : i32
      %5 = arith.sitofp %4 : i32 to f32
      %6 = arith.fptosi %5 : f32 to i64
      %7 = arith.maxsi %out, %6 : i64
      linalg.yield %7 : i64
    } -> tensor<7x47xi64>
    return %2 : tensor<7x47xi64>
  }
}

