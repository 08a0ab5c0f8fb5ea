// Input of linalg_ext/quantize_invalid.mlir: an i64 value with a zero point.
func.func @zp(%x: tensor<4xi64>, %s: f32, %z: i64) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = 0, quant_max = 255, input_unsigned> ins(%x, %s, %z : tensor<4xi64>, f32, i64) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
