// difftest-run-args: --input=7xf16=2
// A dynamically sized f16 softmax over 7 equal values: by hand every output
// is 1/7 (0.1428 in f16). IREE decomposes it (iree-codegen-decompose-
// softmax) with a max reduction by arith.maxnumf from a NaN identity
// (0xFE00: maxnumf ignores NaN). On SPIR-V the per-lane maximum is a
// NaN-aware spirv.GL.NMax, but the lanes are then combined with
// spirv.GroupNonUniformFMax, whose result the SPIR-V spec leaves undefined
// when an operand is NaN; with fewer elements than the subgroup (8 on
// lavapipe) a lane holds only the NaN identity, and lavapipe returns NaN
// for every output. IREE's lowering relies on what the spec leaves
// undefined, so the fault is IREE's (SPIR-V codegen); 8 or more elements
// pass, f32 passes on lavapipe. llvm-cpu cannot link it (fmaxf, the known
// libm class) and vmvx rejects the NaN constant. Found by a 30-minute
// guided campaign with every op kind (issue 26, 2026-12-04, seed 9).
func.func @main(%arg0: tensor<?xf16>) -> tensor<?xf16> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?xf16>
  %0 = tensor.empty(%dim) : tensor<?xf16>
  %1 = linalg.softmax dimension(0) ins(%arg0 : tensor<?xf16>) outs(%0 : tensor<?xf16>) -> tensor<?xf16>
  return %1 : tensor<?xf16>
}
