// Ten rows gathered from a 7x3x65 source (every index 0, so every gathered
// row is source[0, 0, :]) and summed per column. With a source of ones every
// column is 10. IREE 3.13's SPIR-V kernel for vulkan:llvmpipe fuses both in
// one dispatch (BaseDistribute, workgroup 32): invocation t < 10 copies row t
// of the workgroup's 10x32 tile into workgroup memory, then invocation t sums
// column t out of it, with no barrier between. On lavapipe (subgroups of 8)
// the columns of the first subgroup(s) read rows not yet written: 8, not 10.
func.func @main(%src: tensor<7x3x65xi32>, %idx: tensor<10x2xi32>) -> tensor<65xi32> {
  %0 = tensor.empty() : tensor<10x65xi32>
  %g = iree_linalg_ext.gather dimension_map = [0, 1]
         ins(%src, %idx : tensor<7x3x65xi32>, tensor<10x2xi32>)
         outs(%0 : tensor<10x65xi32>) -> tensor<10x65xi32>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<65xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<65xi32>) -> tensor<65xi32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%g : tensor<10x65xi32>) outs(%f : tensor<65xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %a = arith.addi %in, %acc : i32
    linalg.yield %a : i32
  } -> tensor<65xi32>
  return %s : tensor<65xi32>
}
