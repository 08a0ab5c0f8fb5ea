// A signed-min row reduction over 48 elements (frontend.aligned_static,
// issue 24): SubgroupReduce with a workgroup of 24 invocations, three
// subgroups of 8, on vulkan:llvmpipe and vulkan:rdna3-lavapipe. Every row
// whose minimum is non-negative comes out as -1 (a row of 3s gives -1);
// rows of 64 (two subgroups) and 256 are right, and so is an f32
// minimumf over 48. The shrui makes every element non-negative, so any
// input shows it. docs/gpu.md, "Reach".
func.func @main(%x: tensor<35x48xi32>) -> tensor<35xi32> {
  %one = arith.constant 1 : i32
  %e0 = tensor.empty() : tensor<35x48xi32>
  %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<35x48xi32>) outs(%e0 : tensor<35x48xi32>) {
  ^bb0(%a: i32, %o: i32):
    %s = arith.shrui %a, %one : i32
    linalg.yield %s : i32
  } -> tensor<35x48xi32>
  %c = arith.constant 2147483647 : i32
  %e = tensor.empty() : tensor<35xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<35xi32>) -> tensor<35xi32>
  %r = linalg.reduce ins(%p : tensor<35x48xi32>) outs(%f : tensor<35xi32>) dimensions = [1]
    (%a0: i32, %a1: i32) {
      %m = arith.minsi %a1, %a0 : i32
      linalg.yield %m : i32
    }
  return %r : tensor<35xi32>
}
