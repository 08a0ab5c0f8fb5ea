// Float conversions that round: f32 -> f16, f32 -> bf16 (nearest even, with
// halfway cases and overflow to inf), f16 -> f64 (exact), i64 -> f32.
func.func @main(%x: tensor<12xf32>, %h: tensor<12xf16>, %n: tensor<12xi64>) -> (tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>) {
  %e16 = tensor.empty() : tensor<12xf16>
  %eb = tensor.empty() : tensor<12xbf16>
  %e64 = tensor.empty() : tensor<12xf64>
  %e32 = tensor.empty() : tensor<12xf32>
  %0:4 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x, %h, %n : tensor<12xf32>, tensor<12xf16>, tensor<12xi64>)
      outs(%e16, %eb, %e64, %e32 : tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>) {
  ^bb0(%a: f32, %b: f16, %c: i64, %o0: f16, %o1: bf16, %o2: f64, %o3: f32):
    %t16 = arith.truncf %a : f32 to f16
    %tb = arith.truncf %a : f32 to bf16
    %w = arith.extf %b : f16 to f64
    %s = arith.sitofp %c : i64 to f32
    linalg.yield %t16, %tb, %w, %s : f16, bf16, f64, f32
  } -> (tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<12xf16>, tensor<12xbf16>, tensor<12xf64>, tensor<12xf32>
}
