// A bf16 sum of 64 elements into a bf16 scalar. The SPIR-V targets fail
// in iree-convert-to-spirv: the subgroup reduction packs bf16 pairs into
// 32-bit values with a vector.bitcast (vector<2xf32> -> vector<4xbf16>)
// that is never legalized, or emits a spirv.Bitcast between 16- and
// 32-bit types ('spirv.Bitcast' op mismatch in result type bitwidth 32
// and operand type bitwidth 16: rdna3, dynamic shapes). Elementwise bf16
// compiles; a bf16 batch_matmul fails the same way (vector<4xbf16> ->
// vector<2xf32>). Found by a 30-minute guided campaign with every op kind
// (issue 26, 2026-12-04, seed 9; three signatures, 28 rows, audited
// 2026-12-05). IREE 3.11.0 (rdna3) to 3.13.0.
func.func @main(%a: tensor<64xbf16>) -> tensor<bf16> {
  %c = arith.constant 0.0 : bf16
  %e = tensor.empty() : tensor<bf16>
  %f = linalg.fill ins(%c : bf16) outs(%e : tensor<bf16>) -> tensor<bf16>
  %r = linalg.reduce ins(%a : tensor<64xbf16>) outs(%f : tensor<bf16>) dimensions = [0]
    (%x: bf16, %acc: bf16) {
      %s = arith.addf %acc, %x : bf16
      linalg.yield %s : bf16
    }
  return %r : tensor<bf16>
}
