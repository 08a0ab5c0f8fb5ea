func.func @main(%x: tensor<4xf16>) -> tensor<4xf16> {
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf16>) outs(%e : tensor<4xf16>) {
  ^bb0(%a: f16, %o: f16):
    %n = arith.truncf %a : f16 to f8E4M3FN
    %y = arith.extf %n : f8E4M3FN to f16
    linalg.yield %y : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}
