// An argsort-shaped iree_linalg_ext.sort of f64 keys along the innermost of
// three dims, only the i64 payload returned. On the lavapipe targets
// (vulkan:llvmpipe, vulkan:rdna3-lavapipe: both have Float64) the SPIR-V
// backend leaves a rank-3 vector.transfer_read of the keys that
// iree-spirv-vectorize-load-store rejects. Returning the keys too, f32 keys,
// or vulkan:rdna3 compile (reduced from a 30-minute night, seed 30, case 132).
func.func @main(%keys: tensor<1x8x2xf64>, %vals: tensor<1x8x2xi64>) -> tensor<1x8x2xi64> {
  %0:2 = iree_linalg_ext.sort dimension(2) outs(%keys, %vals : tensor<1x8x2xf64>, tensor<1x8x2xi64>) {
  ^bb0(%a: f64, %b: f64, %c: i64, %d: i64):
    %lt = arith.cmpf olt, %a, %b : f64
    iree_linalg_ext.yield %lt : i1
  } -> tensor<1x8x2xf64>, tensor<1x8x2xi64>
  return %0#1 : tensor<1x8x2xi64>
}
