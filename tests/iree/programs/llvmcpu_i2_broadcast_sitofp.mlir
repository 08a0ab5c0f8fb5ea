// One i8 element truncated to i2 and converted to f32, broadcast to 2x3.
// iree-compile crashes for llvm-cpu in alignedConversionPrecondition
// (upstream MLIR's vector narrow-type rewrite, run by IREE's
// emulateNarrowType): the broadcast leaves a scalar i2 where the pattern
// expects a vector. The same body elementwise (6xi8 -> 6xf32) compiles;
// vulkan and cuda compile it. Found by a 30-minute guided campaign with
// every op kind (issue 26, 2026-12-04, seed 9, the narrow_types recipe;
// reduced by hand, audited 2026-12-05). IREE 3.10.0 to 3.13.0.
func.func @main(%a: tensor<1xi8>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1xi8>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%x: i8, %o: f32):
    %t = arith.trunci %x : i8 to i2
    %s = arith.sitofp %t : i2 to f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
