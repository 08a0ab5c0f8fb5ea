// bf16 keys (no numpy type: raw .bin files) with an i32 payload, ascending.
func.func @main(%k: tensor<2x8xbf16>, %v: tensor<2x8xi32>) -> (tensor<2x8xbf16>, tensor<2x8xi32>) {
  %0:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : tensor<2x8xbf16>, tensor<2x8xi32>) {
  ^bb0(%a: bf16, %b: bf16, %c: i32, %d: i32):
    %lt = arith.cmpf olt, %a, %b : bf16
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2x8xbf16>, tensor<2x8xi32>
  return %0#0, %0#1 : tensor<2x8xbf16>, tensor<2x8xi32>
}
