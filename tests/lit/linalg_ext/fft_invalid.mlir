// IREE's FftOp verifier: the last dimension must be a power of 2.
// RUN: %expect-exit 2 %ref-run %s --function=x 2>&1 | FileCheck %s

// CHECK: fft_invalid.mlir:[[@LINE+3]]:10: error: 'iree_linalg_ext.fft' op only powers of 2 are handled currently
func.func @x(%re: tensor<6xf32>, %im: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %c = arith.constant 1 : index
  %0:2 = iree_linalg_ext.fft ins(%c : index) outs(%re, %im : tensor<6xf32>, tensor<6xf32>) : tensor<6xf32>, tensor<6xf32>
  return %0#0, %0#1 : tensor<6xf32>, tensor<6xf32>
}
