// A column sum feeding the outer product of itself: r = sum over rows of x,
// o[i][j] = r[i] * r[j]. By hand, for x = [[1 2 3] x 4 rows]: r = [4 8 12],
// o = [[16 32 48] [32 64 96] [48 96 144]]. Dispatch formation puts both ops
// in one dispatch (the consumer reads the reduction through two maps, (d0)
// and (d1)); llvm-cpu then returns only the diagonal, [[16 0 0] [0 64 0]
// [0 0 144]], at O0-O3 (IREE 3.12.0 and 3.13; 3.10.0 and 3.11.0 are right:
// a regression). vmvx and vulkan:llvmpipe are right. Found on the first day
// of the guided campaign's `contraction` structural mutation (issue 26,
// 2026-12-05, seed 31, case 169: a scan-and-unpack case's i16 reduction,
// whose outer product came back diagonal).
func.func @main(%x: tensor<4x3xi32>) -> tensor<3x3xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3xi32>
  %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<4x3xi32>) outs(%f : tensor<3xi32>) {
  ^bb0(%in: i32, %out: i32):
    %s = arith.addi %in, %out : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  %e2 = tensor.empty() : tensor<3x3xi32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r, %r : tensor<3xi32>, tensor<3xi32>) outs(%e2 : tensor<3x3xi32>) {
  ^bb0(%a: i32, %b: i32, %out: i32):
    %m = arith.muli %a, %b : i32
    linalg.yield %m : i32
  } -> tensor<3x3xi32>
  return %o : tensor<3x3xi32>
}
