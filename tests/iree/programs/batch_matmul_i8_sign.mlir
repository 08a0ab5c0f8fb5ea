// A batch matmul of i8 operands into i32 (frontend.aligned_static's shape,
// issue 24): vulkan:llvmpipe extracts the packed i8 elements with
// and + logical shift right, so every operand is zero-extended (A all -1,
// B all 1 gives 16 x 255 = 4080 instead of -16). docs/gpu.md, "Reach".
func.func @main(%a: tensor<2x64x16xi8>, %b: tensor<2x16x16xi8>) -> tensor<2x64x16xi32> {
  %c0 = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x64x16xi32>
  %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x64x16xi32>) -> tensor<2x64x16xi32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x64x16xi8>, tensor<2x16x16xi8>) outs(%f : tensor<2x64x16xi32>) -> tensor<2x64x16xi32>
  return %r : tensor<2x64x16xi32>
}
