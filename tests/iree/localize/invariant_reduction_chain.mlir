// 24 dispatches around a real IREE 3.13 miscompile (tests/iree/localize_test.py):
// dispatch 11 is corpus/repros/invariant-reduction-llvm-cpu (a reduction whose
// term does not depend on the reduced input: acc + 3.0 over 12 iterations is
// 36; llvm-cpu returns 3). Its result flows through the dispatches after it to
// the output. util.optimization_barrier keeps IREE from fusing neighbours.
#id = affine_map<(i) -> (i)>
#bc = affine_map<(i) -> ()>
func.func @main(%x: tensor<12xf32>) -> tensor<12xf32> {
  %e = tensor.empty() : tensor<12xf32>
  %c0 = arith.constant 1.0 : f32
  %v0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c0 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b0 = util.optimization_barrier %v0 : tensor<12xf32>
  %c1 = arith.constant 2.0 : f32
  %v1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b0 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c1 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b1 = util.optimization_barrier %v1 : tensor<12xf32>
  %c2 = arith.constant 0.5 : f32
  %v2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b1 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c2 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b2 = util.optimization_barrier %v2 : tensor<12xf32>
  %c3 = arith.constant -1.0 : f32
  %v3 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b2 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %c3 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b3 = util.optimization_barrier %v3 : tensor<12xf32>
  %c4 = arith.constant 1.0 : f32
  %v4 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b3 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c4 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b4 = util.optimization_barrier %v4 : tensor<12xf32>
  %c5 = arith.constant 2.0 : f32
  %v5 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b4 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c5 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b5 = util.optimization_barrier %v5 : tensor<12xf32>
  %c6 = arith.constant 0.5 : f32
  %v6 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b5 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c6 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b6 = util.optimization_barrier %v6 : tensor<12xf32>
  %c7 = arith.constant -1.0 : f32
  %v7 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b6 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %c7 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b7 = util.optimization_barrier %v7 : tensor<12xf32>
  %c8 = arith.constant 1.0 : f32
  %v8 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b7 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c8 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b8 = util.optimization_barrier %v8 : tensor<12xf32>
  %c9 = arith.constant 2.0 : f32
  %v9 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b8 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c9 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b9 = util.optimization_barrier %v9 : tensor<12xf32>
  %c10 = arith.constant 0.5 : f32
  %v10 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b9 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c10 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b10 = util.optimization_barrier %v10 : tensor<12xf32>
  %three = arith.constant 3.0 : f32
  %z = arith.constant 0.0 : f32
  %es = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%es : tensor<f32>) -> tensor<f32>
  %red = linalg.generic {indexing_maps = [#id, #bc], iterator_types = ["reduction"]}
      ins(%b10 : tensor<12xf32>) outs(%init : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %out, %three : f32
      linalg.yield %s : f32
  } -> tensor<f32>
  %redb = util.optimization_barrier %red : tensor<f32>
  %v11 = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel"]}
      ins(%b10, %redb : tensor<12xf32>, tensor<f32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %s: f32, %out: f32):
      %r = arith.addf %in, %s : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b11 = util.optimization_barrier %v11 : tensor<12xf32>
  %c12 = arith.constant 1.0 : f32
  %v12 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b11 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c12 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b12 = util.optimization_barrier %v12 : tensor<12xf32>
  %c13 = arith.constant 2.0 : f32
  %v13 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b12 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c13 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b13 = util.optimization_barrier %v13 : tensor<12xf32>
  %c14 = arith.constant 0.5 : f32
  %v14 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b13 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c14 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b14 = util.optimization_barrier %v14 : tensor<12xf32>
  %c15 = arith.constant -1.0 : f32
  %v15 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b14 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %c15 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b15 = util.optimization_barrier %v15 : tensor<12xf32>
  %c16 = arith.constant 1.0 : f32
  %v16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b15 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c16 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b16 = util.optimization_barrier %v16 : tensor<12xf32>
  %c17 = arith.constant 2.0 : f32
  %v17 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b16 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c17 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b17 = util.optimization_barrier %v17 : tensor<12xf32>
  %c18 = arith.constant 0.5 : f32
  %v18 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b17 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c18 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b18 = util.optimization_barrier %v18 : tensor<12xf32>
  %c19 = arith.constant -1.0 : f32
  %v19 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b18 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %c19 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b19 = util.optimization_barrier %v19 : tensor<12xf32>
  %c20 = arith.constant 1.0 : f32
  %v20 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b19 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.addf %in, %c20 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b20 = util.optimization_barrier %v20 : tensor<12xf32>
  %c21 = arith.constant 2.0 : f32
  %v21 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b20 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.mulf %in, %c21 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b21 = util.optimization_barrier %v21 : tensor<12xf32>
  %c22 = arith.constant 0.5 : f32
  %v22 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b21 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.subf %in, %c22 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b22 = util.optimization_barrier %v22 : tensor<12xf32>
  %c23 = arith.constant -1.0 : f32
  %v23 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%b22 : tensor<12xf32>) outs(%e : tensor<12xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %c23 : f32
      linalg.yield %r : f32
  } -> tensor<12xf32>
  %b23 = util.optimization_barrier %v23 : tensor<12xf32>
  return %b23 : tensor<12xf32>
}
