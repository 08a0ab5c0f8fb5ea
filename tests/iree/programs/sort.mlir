// A key/payload sort along the inner dimension: random dyadic keys have ties,
// so the oracle compares each tie group as a multiset of (key, payload).
func.func @main(%k: tensor<4x33xf32>, %v: tensor<4x33xi32>) -> (tensor<4x33xf32>, tensor<4x33xi32>) {
  %0:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : tensor<4x33xf32>, tensor<4x33xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<4x33xf32>, tensor<4x33xi32>
  return %0#0, %0#1 : tensor<4x33xf32>, tensor<4x33xi32>
}
