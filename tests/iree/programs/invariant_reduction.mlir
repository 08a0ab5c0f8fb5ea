// A reduction whose summed term does not depend on the reduced input: each
// of the 12 iterations adds 3.0 to the accumulator (36 in all). Found by
// the generator; see corpus/repros/invariant-reduction-llvm-cpu.
func.func @main(%x: tensor<12xf32>) -> tensor<f32> {
  %c3 = arith.constant 3.0 : f32
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<12xf32>) outs(%init : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %out, %c3 : f32
      linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
