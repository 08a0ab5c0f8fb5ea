// Self-checking tests of iree_linalg_ext.quantize_affine / dequantize_affine
// and iree_tensor_ext.bitcast, run with
//   ref-run --check tests/e2e/linalg_ext_quantize.mlir
// The arithmetic is IREE 3.13's decomposition (docs/coverage.md,
// "Affine quantization"): quantize = clamp(roundeven(x / s) + zp) then
// fptosi/fptoui; dequantize = sitofp(ext(q) - ext(zp)) * s, the subtraction
// in twice the storage width. Expected values are derived by hand below.

// Ties round to even before the zero point is added; the result is clamped
// to [quant_min, quant_max]; maxnumf drops a NaN, so NaN gives quant_min.
// x / 1 = [0.5, 1.5, 2.5, -0.5, -1.5, 3, 300, -200, nan]
// roundeven -> [0, 2, 2, -0, -2, 3, 300, -200, nan]
// + 10      -> [10, 12, 12, 10, 8, 13, 310, -190, nan]
// clamp     -> [10, 12, 12, 10, 8, 13, 127, -128, -128]
func.func @quantize_ties_and_clamp() {
  %x = util.unfoldable_constant dense<[0.5, 1.5, 2.5, -0.5, -1.5, 3.0, 300.0, -200.0, 0x7FC00000]> : tensor<9xf32>
  %s = arith.constant 1.0 : f32
  %z = arith.constant 10 : i64
  %e = tensor.empty() : tensor<9xi8>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = -128, quant_max = 127> ins(%x, %s, %z : tensor<9xf32>, f32, i64) outs(%e : tensor<9xi8>) -> tensor<9xi8>
  check.expect_eq_const(%r, dense<[10, 12, 12, 10, 8, 13, 127, -128, -128]> : tensor<9xi8>) : tensor<9xi8>
  return
}

// The order matters with an odd zero point: roundeven(0.5) + 1 = 1 while
// roundeven(0.5 + 1) would be 2; roundeven(2.5) + 1 = 3 (not 4).
// A narrower quant range than the storage type clamps to it: 9 / 1 + 1 = 10
// -> quant_max 5; -9 + 1 = -8 -> quant_min -3.
func.func @quantize_round_then_add_zero_point() {
  %x = util.unfoldable_constant dense<[0.5, 2.5, 9.0, -9.0]> : tensor<4xf32>
  %s = arith.constant 1.0 : f32
  %z = arith.constant 1 : i8
  %e = tensor.empty() : tensor<4xi8>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = -3, quant_max = 5> ins(%x, %s, %z : tensor<4xf32>, f32, i8) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  check.expect_eq_const(%r, dense<[1, 3, 5, -3]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// Per-axis (column) scales and unsigned zero points, unsigned storage.
// x = [[1, 1, 3], [4, 5, 600]], s = [1, 2, 4], zp = [0, 1, 200] (200 is
// the i8 -56 read as unsigned).
// column 0: 1, 4 -> 1, 4
// column 1: 0.5 -> 0, 2.5 -> 2 (ties to even); + 1 -> 1, 3
// column 2: 0.75 -> 1, 150 -> 150; + 200 -> 201, 350 -> clamp 255
// As i8: 201 = -55, 255 = -1.
func.func @quantize_per_axis_unsigned() {
  %x = util.unfoldable_constant dense<[[1.0, 1.0, 3.0], [4.0, 5.0, 600.0]]> : tensor<2x3xf32>
  %s = util.unfoldable_constant dense<[1.0, 2.0, 4.0]> : tensor<3xf32>
  %z = util.unfoldable_constant dense<[0, 1, -56]> : tensor<3xi8>
  %e = tensor.empty() : tensor<2x3xi8>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], quant_min = 0, quant_max = 255, storage_unsigned, zp_unsigned> ins(%x, %s, %z : tensor<2x3xf32>, tensor<3xf32>, tensor<3xi8>) outs(%e : tensor<2x3xi8>) -> tensor<2x3xi8>
  check.expect_eq_const(%r, dense<[[1, 1, -55], [4, 3, -1]]> : tensor<2x3xi8>) : tensor<2x3xi8>
  return
}

// Without a zero point; a transposed output map: out[j, i] = q(x[i, j]).
// x / 0.5 = [[2, 5], [-1, 7]] -> out = [[2, -1], [5, 7]]
func.func @quantize_no_zero_point_transposed() {
  %x = util.unfoldable_constant dense<[[1.0, 2.5], [-0.5, 3.5]]> : tensor<2x2xf32>
  %s = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x2xi16>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d1, d0)>], quant_min = -32768, quant_max = 32767> ins(%x, %s : tensor<2x2xf32>, f32) outs(%e : tensor<2x2xi16>) -> tensor<2x2xi16>
  check.expect_eq_const(%r, dense<[[2, -1], [5, 7]]> : tensor<2x2xi16>) : tensor<2x2xi16>
  return
}

// An f64 scale: the f32 value is extended and the division is done in f64.
// 1 / 3 in f64 = 0.333..., roundeven -> 0; 5 / 3 = 1.67 -> 2; 1.5 / 1 ...
// x = [1, 5, 7.5] / 3 = [0.33, 1.67, 2.5] -> [0, 2, 2]
func.func @quantize_f64_scale() {
  %x = util.unfoldable_constant dense<[1.0, 5.0, 7.5]> : tensor<3xf32>
  %s = arith.constant 3.0 : f64
  %e = tensor.empty() : tensor<3xi8>
  %r = iree_linalg_ext.quantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = -128, quant_max = 127> ins(%x, %s : tensor<3xf32>, f64) outs(%e : tensor<3xi8>) -> tensor<3xi8>
  check.expect_eq_const(%r, dense<[0, 2, 2]> : tensor<3xi8>) : tensor<3xi8>
  return
}

// Unsigned input, i64 zero point truncated to i16 (= 128):
// q = [0, 255, 128, 10] (i8 [0, -1, -128, 10] read unsigned);
// q - 128 = [-128, 127, 0, -118]; * 0.5 = [-64, 63.5, 0, -59].
func.func @dequantize_unsigned_input() {
  %q = util.unfoldable_constant dense<[0, -1, -128, 10]> : tensor<4xi8>
  %s = arith.constant 0.5 : f32
  %z = arith.constant 128 : i64
  %e = tensor.empty() : tensor<4xf32>
  %r = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = 0, quant_max = 255, input_unsigned> ins(%q, %s, %z : tensor<4xi8>, f32, i64) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[-64.0, 63.5, 0.0, -59.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// Signed input, unsigned zero point 200 (i8 -56): the subtraction is in i16,
// so -128 - 200 = -328 does not wrap; 127 - 200 = -73.
func.func @dequantize_wide_subtraction() {
  %q = util.unfoldable_constant dense<[-128, 127]> : tensor<2xi8>
  %s = arith.constant 1.0 : f32
  %z = arith.constant -56 : i8
  %e = tensor.empty() : tensor<2xf32>
  %r = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = -128, quant_max = 127, zp_unsigned> ins(%q, %s, %z : tensor<2xi8>, f32, i8) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[-328.0, -73.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Per-axis scales and zero points along dim 0, no zero point variants:
// rows: s = [2, 0.25], zp = [1, -2]
// row 0: (3 - 1) * 2 = 4, (-1 - 1) * 2 = -4
// row 1: (2 + 2) * 0.25 = 1, (-6 + 2) * 0.25 = -1
func.func @dequantize_per_axis() {
  %q = util.unfoldable_constant dense<[[3, -1], [2, -6]]> : tensor<2x2xi8>
  %s = util.unfoldable_constant dense<[2.0, 0.25]> : tensor<2xf32>
  %z = util.unfoldable_constant dense<[1, -2]> : tensor<2xi8>
  %e = tensor.empty() : tensor<2x2xf32>
  %r = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], quant_min = -128, quant_max = 127> ins(%q, %s, %z : tensor<2x2xi8>, tensor<2xf32>, tensor<2xi8>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[4.0, -4.0], [1.0, -1.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// Without a zero point: uitofp under input_unsigned, else sitofp.
// i8 -1 unsigned = 255 * 2 = 510; signed -1 * 2 = -2.
func.func @dequantize_no_zero_point() {
  %q = util.unfoldable_constant dense<[-1, 3]> : tensor<2xi8>
  %s = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %u = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = 0, quant_max = 255, input_unsigned> ins(%q, %s : tensor<2xi8>, f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%u, dense<[510.0, 6.0]> : tensor<2xf32>) : tensor<2xf32>
  %i = iree_linalg_ext.dequantize_affine <indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], quant_min = -128, quant_max = 127> ins(%q, %s : tensor<2xi8>, f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%i, dense<[-2.0, 6.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// iree_tensor_ext.bitcast: the bytes reinterpreted. complex<f32> is (re, im)
// in memory; i32 0x00020001 is the little-endian i16 pair [1, 2].
func.func @tensor_ext_bitcast() {
  %c = util.unfoldable_constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
  %f = iree_tensor_ext.bitcast %c : tensor<2xcomplex<f32>> -> tensor<2x2xf32>
  check.expect_eq_const(%f, dense<[[1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  %i = util.unfoldable_constant dense<[131073, -1]> : tensor<2xi32>
  %h = iree_tensor_ext.bitcast %i : tensor<2xi32> -> tensor<4xi16>
  check.expect_eq_const(%h, dense<[1, 2, -1, -1]> : tensor<4xi16>) : tensor<4xi16>
  return
}
