// difftest-run-args: --iree-flag=--iree-dispatch-creation-topk-split-reduction=2
// A min-k topk (k = 2) along a dimension of 2, compiled with the split
// reduction flag IREE's CUDA suites use: the split makes chunks of 1, k
// exceeds them, and the indices come back as INT_MIN on llvm-cpu, vmvx and
// vulkan (without the flag right). Found by a 30-minute guided night
// (2026-12-04, seed 5151, case 328); corpus/repros/topk-split-reduction-k-over-chunk.
func.func @main(%in: tensor<2x2x1xf64>, %idx: tensor<2x2x1xi32>, %vals: tensor<2x2x1xf64>) -> tensor<2x2x1xi32> {
  %0:2 = iree_linalg_ext.topk dimension(1) ins(%in : tensor<2x2x1xf64>) outs(%vals, %idx : tensor<2x2x1xf64>, tensor<2x2x1xi32>) {
  ^bb0(%a: f64, %b: f64):
    %1 = arith.cmpf olt, %a, %b : f64
    iree_linalg_ext.yield %1 : i1
  } -> tensor<2x2x1xf64>, tensor<2x2x1xi32>
  return %0#1 : tensor<2x2x1xi32>
}
