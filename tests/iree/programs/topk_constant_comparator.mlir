// A topk whose comparator is the constant false crashes the compiler on
// every backend in CmpIOp::inferReturnTypes (found reducing a guided-night
// crash, 2026-11-28).
func.func @main(%v: tensor<1xbf16>, %o: tensor<1xbf16>, %i: tensor<1xi32>) -> tensor<1xi32> {
  %1:2 = iree_linalg_ext.topk dimension(0) ins(%v : tensor<1xbf16>) outs(%o, %i : tensor<1xbf16>, tensor<1xi32>) {
  ^bb0(%x: bf16, %y: bf16):
    %false = arith.constant false
    iree_linalg_ext.yield %false : i1
  } -> tensor<1xbf16>, tensor<1xi32>
  return %1#1 : tensor<1xi32>
}
