// arith.remui of a sign-extended i32 (an i64 remainder of x as an unsigned
// 64-bit number): for x = -3 that is (2^64 - 3) mod 7 = 6. The GPU code
// generators run iree-util-optimize-int-arithmetic with narrow-to-i32, whose
// MLIR int-range narrowing (arith-int-range-narrowing) turns it into an i32
// remui of x, (2^32 - 3) mod 7 = 1, because x's signed range fits in i32
// (corpus/repros/gpu-remui-extsi-narrowing). llvm-cpu and vmvx are right;
// at 16 elements vulkan fails to compile instead ("bitwidth emulation is
// not implemented yet on unsigned op pattern version").
func.func @main(%x: tensor<4xi32>) -> tensor<4xi64> {
  %0 = tensor.empty() : tensor<4xi64>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xi32>) outs(%0 : tensor<4xi64>) {
  ^bb0(%in: i32, %out: i64):
    %e = arith.extsi %in : i32 to i64
    %c7 = arith.constant 7 : i64
    %r = arith.remui %e, %c7 : i64
    linalg.yield %r : i64
  } -> tensor<4xi64>
  return %1 : tensor<4xi64>
}
