// A linalg.pack with no inner tiles (a pure outer-dims transpose) of a
// tensor with a unit dim. iree-compile crashes for the SPIR-V targets in
// mlir::getValueOrCreateConstantIndexOp, from upstream MLIR's
// PackOpTiling::generateScalarImplementation called by IREE's
// iree-linalg-ext-to-loops; vmvx (which lowers pack the same way) crashes
// too; llvm-cpu runs it right, cuda and hip compile it. A
// 2x3 transpose-pack, or a pack with inner tiles, is instead the SPIR-V
// gap of pack/unpack ('failed to tile to invocations'). Found by a
// 30-minute guided campaign with every op kind (issue 26, 2026-12-04,
// seed 9, case 1270; reduced by the night's difftest reduce from an i1
// 1x? form, audited 2026-12-05). IREE 3.11.0 (rdna3) to 3.13.0.
func.func @main(%a: tensor<1x3xf32>) -> tensor<3x1xf32> {
  %e = tensor.empty() : tensor<3x1xf32>
  %p = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [] inner_tiles = [] into %e : tensor<1x3xf32> -> tensor<3x1xf32>
  return %p : tensor<3x1xf32>
}
