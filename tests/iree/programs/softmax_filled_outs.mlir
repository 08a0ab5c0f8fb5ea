// A softmax whose outs is a linalg.fill instead of a tensor.empty (the
// init is dead: softmax overwrites every element). llvm-cpu and the
// SPIR-V targets fail iree-codegen-verify-workgroup-distribution: the
// fill is written outside the workgroup-distributed loop ('vector.store'
// on llvm-cpu, 'memref.store' on vulkan; vector.maskedstore or
// transfer_write for other shapes and types; with a dynamic extent vulkan
// leaves the linalg.fill unlowered instead). The same softmax into a
// tensor.empty compiles; cuda and hip compile both. Found by a 30-minute
// guided campaign with every op kind (issue 26, 2026-12-04, seed 9; five
// signatures of the night, audited 2026-12-05). IREE 3.10.0 to 3.13.0.
func.func @main(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %c = arith.constant -0.25 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %s = linalg.softmax dimension(1) ins(%a : tensor<4x6xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %s : tensor<4x6xf32>
}
