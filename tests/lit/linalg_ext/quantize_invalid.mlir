// IREE's quantize_affine / dequantize_affine verifiers (messages as
// iree-opt 3.13 reports them).
// RUN: %expect-exit 2 %ref-run %s --function=range 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %expect-exit 2 %ref-run %inputs/quantize_invalid_zp.mlir --function=zp 2>&1 | FileCheck %s --check-prefix=ZP

// RANGE: quantize_invalid.mlir:[[@LINE+3]]:8: error: 'iree_linalg_ext.quantize_affine' op quantization range [0, 256] is not representable in unsigned 'i8'
func.func @range(%x: tensor<4xf32>, %s: f32) -> tensor<4xi8> {
  %e = tensor.empty() : tensor<4xi8>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = 0, quant_max = 256, storage_unsigned> ins(%x, %s : tensor<4xf32>, f32) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}

// ZP: quantize_invalid_zp.mlir:4:8: error: 'iree_linalg_ext.dequantize_affine' op cannot subtract a zero point from a 'i64' value without exceeding 64 bits
