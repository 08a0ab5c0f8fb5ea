// f8E4M3FN (1 sign, 4 exponent, 3 mantissa bits, no infinities) through
// f32 and back: out = truncf(extf(x) * 2), wide = extf(x) + 0.25.
func.func @main(%x: tensor<8xf8E4M3FN>) -> (tensor<8xf8E4M3FN>, tensor<8xf32>) {
  %e8 = tensor.empty() : tensor<8xf8E4M3FN>
  %e32 = tensor.empty() : tensor<8xf32>
  %0:2 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<8xf8E4M3FN>) outs(%e8, %e32 : tensor<8xf8E4M3FN>, tensor<8xf32>) {
  ^bb0(%a: f8E4M3FN, %o0: f8E4M3FN, %o1: f32):
    %w = arith.extf %a : f8E4M3FN to f32
    %two = arith.constant 2.0 : f32
    %q = arith.constant 0.25 : f32
    %d = arith.mulf %w, %two : f32
    %t = arith.truncf %d : f32 to f8E4M3FN
    %s = arith.addf %w, %q : f32
    linalg.yield %t, %s : f8E4M3FN, f32
  } -> (tensor<8xf8E4M3FN>, tensor<8xf32>)
  return %0#0, %0#1 : tensor<8xf8E4M3FN>, tensor<8xf32>
}
