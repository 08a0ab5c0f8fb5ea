// quantize_affine then dequantize_affine with per-column scales and unsigned
// zero points (IREE decomposes both into linalg.generic ops).
func.func @main(%x: tensor<2x4xf32>, %s: tensor<4xf32>, %z: tensor<4xi8>) -> (tensor<2x4xi8>, tensor<2x4xf32>) {
  %e = tensor.empty() : tensor<2x4xi8>
  %q = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], quant_min = 0, quant_max = 255, storage_unsigned, zp_unsigned> ins(%x, %s, %z : tensor<2x4xf32>, tensor<4xf32>, tensor<4xi8>) outs(%e : tensor<2x4xi8>) -> tensor<2x4xi8>
  %f = tensor.empty() : tensor<2x4xf32>
  %d = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], quant_min = 0, quant_max = 255, input_unsigned, zp_unsigned> ins(%q, %s, %z : tensor<2x4xi8>, tensor<4xf32>, tensor<4xi8>) outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %q, %d : tensor<2x4xi8>, tensor<2x4xf32>
}
