// A matmul whose result is negated and broadcast into a new leading
// dimension of 2: out[b][i][j] = -(A B)[i][j]. By hand, with A = all ones
// (31x6) and B[k][j] = j + 1 (6x6): (A B)[i][j] = 6 (j + 1), so every
// out[b][i] row is [-6 -12 -18 -24 -30 -36]. Dispatch formation fuses the
// consumer into the matmul's dispatch; SPIR-V's BaseDistribute config
// (workgroup_size [2, 16, 1], tile sizes [[16, 2], [1, 1]], those of the
// 2-D matmul root) indexes the 3-D result wrongly: on lavapipe
// (vulkan:llvmpipe and vulkan:rdna3-lavapipe) row 0 is right and every
// later row comes back shifted by two, [-0 -0 -6 -12 -18 -24] (a
// deterministic pattern, not an executor's fault), f16, bf16 and f32
// alike, 31 or 32 rows; IREE 3.12.0 and 3.13. Without the consumer, or with a broadcast of extent 1, or the
// broadcast alone, it passes; llvm-cpu passes. Found on the first day of
// the guided campaign's `broadcast` structural mutation (issue 26,
// 2026-12-05, seed 31, case 145, bf16).
func.func @main(%a: tensor<31x6xf32>, %b: tensor<6x6xf32>) -> tensor<2x31x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<31x6xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<31x6xf32>) -> tensor<31x6xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<31x6xf32>, tensor<6x6xf32>) outs(%1 : tensor<31x6xf32>) -> tensor<31x6xf32>
  %3 = tensor.empty() : tensor<2x31x6xf32>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<31x6xf32>) outs(%3 : tensor<2x31x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %5 = arith.negf %in : f32
    linalg.yield %5 : f32
  } -> tensor<2x31x6xf32>
  return %4 : tensor<2x31x6xf32>
}
