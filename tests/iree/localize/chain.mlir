// A chain of dispatches for the localize tests (tests/iree/localize_test.py):
// util.optimization_barrier keeps IREE from fusing neighbours, so each op
// below is a dispatch of its own at the flow phase.
#id2 = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id1 = affine_map<(i) -> (i)>
func.func @main(%x: tensor<8x8xf32>, %k: tensor<16xf32>, %idx: tensor<16xi32>)
    -> (tensor<8x8xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %c2 = arith.constant 2.0 : f32
  %small = arith.constant 1.0e-3 : f32
  %big = arith.constant 1.0e6 : f32
  // 0: elementwise
  %e0 = tensor.empty() : tensor<8x8xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<8x8xf32>) outs(%e0 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.mulf %in, %c2 : f32
      %s = arith.addf %m, %c1 : f32
      linalg.yield %s : f32
  } -> tensor<8x8xf32>
  %a1 = util.optimization_barrier %a : tensor<8x8xf32>
  // 1: matmul
  %z = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm = linalg.matmul ins(%a1, %a1 : tensor<8x8xf32>, tensor<8x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  %mm1 = util.optimization_barrier %mm : tensor<8x8xf32>
  // 2: row sums
  %e1 = tensor.empty() : tensor<8xf32>
  %z1 = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %rs = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%mm1 : tensor<8x8xf32>) outs(%z1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  %rs1 = util.optimization_barrier %rs : tensor<8xf32>
  // 3: scaled down (its error must not reach the outputs: 4 clamps it)
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%rs1 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.mulf %in, %small : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  %t1 = util.optimization_barrier %t : tensor<8xf32>
  // 4: clamp from below at 1e6
  %u = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%t1 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.maximumf %in, %big : f32
      linalg.yield %s : f32
  } -> tensor<8xf32>
  // 5: sort with ties, payload travelling with the keys
  %sorted:2 = iree_linalg_ext.sort dimension(0) outs(%k, %idx : tensor<16xf32>, tensor<16xi32>) {
    ^bb0(%p: f32, %q: f32, %r: i32, %s: i32):
      %lt = arith.cmpf olt, %p, %q : f32
      iree_linalg_ext.yield %lt : i1
  } -> tensor<16xf32>, tensor<16xi32>
  %perm = util.optimization_barrier %sorted#1 : tensor<16xi32>
  // 6: a gather through the permutation (ties make it legally different)
  %e2 = tensor.empty() : tensor<16xf32>
  %g = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%perm : tensor<16xi32>) outs(%e2 : tensor<16xf32>) {
    ^bb0(%in: i32, %out: f32):
      %i = arith.index_cast %in : i32 to index
      %v = tensor.extract %k[%i] : tensor<16xf32>
      %w = arith.mulf %v, %c2 : f32
      linalg.yield %w : f32
  } -> tensor<16xf32>
  %g1 = util.optimization_barrier %g : tensor<16xf32>
  // 7: the last dispatch: add one
  %h = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%mm1 : tensor<8x8xf32>) outs(%e0 : tensor<8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %c1 : f32
      linalg.yield %s : f32
  } -> tensor<8x8xf32>
  return %h, %u, %sorted#0, %g1 : tensor<8x8xf32>, tensor<8xf32>, tensor<16xf32>, tensor<16xf32>
}
