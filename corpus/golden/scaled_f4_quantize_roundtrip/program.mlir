// MX-style quantize/dequantize: q = scaling_truncf(x, s) to f4E2M1FN
// (x / 2^(s-127) in f32, rounded to nearest even, saturating at +-6), the
// dequantized value scaling_extf(q, s) = q * 2^(s-127), and q's 4-bit code.
func.func @main(%x: tensor<12xf32>, %s: tensor<12xf8E8M0FNU>) -> (tensor<12xf32>, tensor<12xi8>) {
  %e = tensor.empty() : tensor<12xf32>
  %e8 = tensor.empty() : tensor<12xi8>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %s : tensor<12xf32>, tensor<12xf8E8M0FNU>) outs(%e, %e8 : tensor<12xf32>, tensor<12xi8>) {
  ^bb0(%a: f32, %sc: f8E8M0FNU, %o: f32, %o8: i8):
    %q = arith.scaling_truncf %a, %sc : f32, f8E8M0FNU to f4E2M1FN
    %d = arith.scaling_extf %q, %sc : f4E2M1FN, f8E8M0FNU to f32
    %b = arith.bitcast %q : f4E2M1FN to i4
    %w = arith.extui %b : i4 to i8
    linalg.yield %d, %w : f32, i8
  } -> (tensor<12xf32>, tensor<12xi8>)
  return %0#0, %0#1 : tensor<12xf32>, tensor<12xi8>
}
