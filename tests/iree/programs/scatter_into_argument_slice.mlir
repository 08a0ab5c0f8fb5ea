// A scatter whose destination is a slice of a function argument: rows
// 16..47 of a 64-row argument, 3 of its 32 rows overwritten. Dispatch
// formation folds the slice into the dispatch's load, so the scatter's
// original comes from a read-only binding and its result goes to another
// (write-only) one: the dispatch shape of IREE PR #24504 (the fix of the
// scatter bufferization that dropped the copy of the original) and of
// open PR #24442. IREE 3.11-3.13 reject it on every code generator but
// vmvx: the copy of the original into the result is written outside the
// workgroup-distributed loop (iree#19760's message, an open issue).
func.func @main(%big: tensor<64x1x16xf32>, %upd: tensor<3x1x16xf32>) -> tensor<32x1x16xf32> {
  %idx = arith.constant dense<[[1], [5], [2]]> : tensor<3x1xi32>
  %orig = tensor.extract_slice %big[16, 0, 0] [32, 1, 16] [1, 1, 1]
      : tensor<64x1x16xf32> to tensor<32x1x16xf32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
         ins(%upd, %idx : tensor<3x1x16xf32>, tensor<3x1xi32>) outs(%orig : tensor<32x1x16xf32>) {
  ^bb0(%u: f32, %o: f32):
    iree_linalg_ext.yield %u : f32
  } -> tensor<32x1x16xf32>
  return %r : tensor<32x1x16xf32>
}
