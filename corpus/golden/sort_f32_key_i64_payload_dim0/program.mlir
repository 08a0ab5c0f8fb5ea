// Key/payload sort along the outer dimension (cmpf olt). Each column's keys
// are distinct (one of them -0.0, none +0.0), so the order is unique and the
// i64 payload must follow its key.
func.func @main(%k: tensor<7x3xf32>, %v: tensor<7x3xi64>) -> (tensor<7x3xf32>, tensor<7x3xi64>) {
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<7x3xf32>, tensor<7x3xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64, %d: i64):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<7x3xf32>, tensor<7x3xi64>
  return %0#0, %0#1 : tensor<7x3xf32>, tensor<7x3xi64>
}
