// iree_linalg_ext.fft: a stage that reads past the last dimension, or one
// whose 1 << stage is poison, is a finding (exit 3); an f64 fft without
// coefficients is refused (exit 8: IREE's scalar implementation builds f32
// twiddles), and so is an f8E8M0FNU fft (a scale type: no zero, no sign;
// found by scripts/dtype_matrix.py computing one). IREE's verifier:
// fft_invalid.mlir.
// RUN: %expect-exit 3 %ref-run %s --function=stage_too_large --input=4xf32=1 --input=4xf32=0 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 3 %ref-run %s --function=negative_stage --input=4xf32=1 --input=4xf32=0 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %expect-exit 8 %ref-run %s --function=f64_without_coefficients --input=4xf64=1 --input=4xf64=0 2>&1 | FileCheck %s --check-prefix=F64
// RUN: %expect-exit 8 %ref-run %s --function=e8m0 2>&1 | FileCheck %s --check-prefix=E8M0

// OOB: fft_errors.mlir:[[@LINE+3]]:10: undefined behaviour: out-of-bounds operand access in 'iree_linalg_ext.fft': stage 3 merges halves of 4 elements but the last dimension has 4
func.func @stage_too_large(%re: tensor<4xf32>, %im: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c3 = arith.constant 3 : index
  %0:2 = iree_linalg_ext.fft ins(%c3 : index) outs(%re, %im : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// NEG: fft_errors.mlir:[[@LINE+3]]:10: undefined behaviour: fft stage out of range in 'iree_linalg_ext.fft': stage -1: 1 << stage is poison (shift amount out of range)
func.func @negative_stage(%re: tensor<4xf32>, %im: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant -1 : index
  %0:2 = iree_linalg_ext.fft ins(%c : index) outs(%re, %im : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}

// F64: fft_errors.mlir:[[@LINE+3]]:10: error: unsupported element type 'f64' for iree_linalg_ext.fft without coefficients: it computes its twiddle factors in f32 (IREE's scalar implementation)
func.func @f64_without_coefficients(%re: tensor<4xf64>, %im: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %c = arith.constant 1 : index
  %0:2 = iree_linalg_ext.fft ins(%c : index) outs(%re, %im : tensor<4xf64>, tensor<4xf64>) : tensor<4xf64>, tensor<4xf64>
  return %0#0, %0#1 : tensor<4xf64>, tensor<4xf64>
}

// E8M0: fft_errors.mlir:[[@LINE+7]]:10: error: unsupported element type 'f8E8M0FNU' for iree_linalg_ext.fft: a scale type without zero or sign, whose arithmetic is refused
func.func @e8m0() -> (tensor<4xf8E8M0FNU>, tensor<4xf8E8M0FNU>) {
  %re = util.unfoldable_constant dense<[1.0, 0.5, 2.0, 1.0]> : tensor<4xf8E8M0FNU>
  %im = util.unfoldable_constant dense<0.25> : tensor<4xf8E8M0FNU>
  %c = arith.constant 1 : index
  %wr = arith.constant dense<1.0> : tensor<1xf8E8M0FNU>
  %wi = arith.constant dense<0.25> : tensor<1xf8E8M0FNU>
  %0:2 = iree_linalg_ext.fft ins(%c, %wr, %wi : index, tensor<1xf8E8M0FNU>, tensor<1xf8E8M0FNU>) outs(%re, %im : tensor<4xf8E8M0FNU>, tensor<4xf8E8M0FNU>) : tensor<4xf8E8M0FNU>, tensor<4xf8E8M0FNU>
  return %0#0, %0#1 : tensor<4xf8E8M0FNU>, tensor<4xf8E8M0FNU>
}
