// Sub-byte integer arithmetic on SPIR-V: trunci an i64 to i2, square it in
// i2, sign-extend back. By hand, for 99: trunci gives 0b11 = -1, (-1)^2 = 1
// (mod 4), extsi gives 1; for 2: 0b10 = -2, 4 mod 4 = 0; for 3: -1 -> 1;
// for 5: 0b01 = 1 -> 1. IREE's SPIR-V conversion (iree-convert-to-spirv)
// widens i2 to i32 and drops its wraparound: trunci becomes SConvert
// i64 -> i32, muli an i32 IMul, extsi an SConvert back, so the result is
// x * x (9801 for 99) on vulkan:llvmpipe and vulkan:rdna3-lavapipe at every
// opt level; llvm-cpu and vmvx are right. (From an i32 source the same
// body is right.) Found by a 30-minute guided campaign with every op kind
// (issue 26, 2026-12-04, seed 9; the narrow_types recipe), localized to
// this one dispatch by the night's `difftest localize`.
#map = affine_map<(d0) -> (d0)>
func.func @main(%arg0: tensor<168xi64>) -> tensor<168xi64> {
  %0 = tensor.empty() : tensor<168xi64>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%arg0 : tensor<168xi64>) outs(%0 : tensor<168xi64>) {
  ^bb0(%in: i64, %out: i64):
    %2 = arith.trunci %in : i64 to i2
    %3 = arith.muli %2, %2 : i2
    %4 = arith.extsi %3 : i2 to i64
    linalg.yield %4 : i64
  } -> tensor<168xi64>
  return %1 : tensor<168xi64>
}
