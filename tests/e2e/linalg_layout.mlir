// Self-checking e2e tests for linalg.softmax, linalg.pack and linalg.unpack.
// Run with
//   ref-run --check linalg_layout.mlir
// Every expected value was derived by hand; the comment above each function
// shows the derivation.
//
// softmax (upstream decomposition): per line m = max x (maxnumf),
//   s = sum exp(x - m), out = exp(x - m) / s.
// pack: dest[outer (permuted by outer_dims_perm), inner] =
//   src[outer * tile + inner] along tiled dims, padding past the source.
// unpack: the converse; result dims may drop the padding of the last tile.

//===----------------------------------------------------------------------===//
// linalg.softmax
//===----------------------------------------------------------------------===//

// Equal values: m = 3, each exp(0) = 1, s = 4, out = 1/4 exactly.
func.func @softmax_uniform() {
  %x = util.unfoldable_constant dense<[[3.0, 3.0, 3.0, 3.0], [-7.5, -7.5, -7.5, -7.5]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_eq_const(%r, dense<0.25> : tensor<2x4xf32>) : tensor<2x4xf32>
  return
}

// Along dimension 0: each column holds two equal values, so 1/2 everywhere.
func.func @softmax_dim0() {
  %x = util.unfoldable_constant dense<[[1.0, 5.0, -2.0], [1.0, 5.0, -2.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const(%r, dense<0.5> : tensor<2x3xf32>) : tensor<2x3xf32>
  return
}

// The max is subtracted first: exp(1000) overflows f32, exp(1000 - 1000)
// does not. [1000, 1000] -> [0.5, 0.5].
func.func @softmax_large_values() {
  %x = util.unfoldable_constant dense<[1000.0, 1000.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%r, dense<0.5> : tensor<2xf32>) : tensor<2xf32>
  return
}

// -inf contributes exp(-inf) = 0: [0, -inf] -> [1, 0].
func.func @softmax_neg_inf() {
  %x = util.unfoldable_constant dense<[0.0, 0xFF800000]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// [0, ln 3]: exp gives [1, 3], s = 4 -> [0.25, 0.75] (exp(ln 3) within an
// ulp of 3).
func.func @softmax_ln3() {
  %x = util.unfoldable_constant dense<[0.0, 1.09861229]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.softmax dimension(0) ins(%x : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const(%r, dense<[0.25, 0.75]> : tensor<2xf32>, 1.0e-6) : tensor<2xf32>
  return
}

// maxnumf ignores a NaN for the max, but exp(NaN - m) is NaN and so is the
// sum: the whole line is NaN; the other line is unaffected (1/2, 1/2).
func.func @softmax_nan() {
  %x = util.unfoldable_constant dense<[[0x7FC00000, 1.0], [2.0, 2.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %u = arith.cmpf uno, %r, %r : tensor<2x2xf32>
  check.expect_eq_const(%u, dense<[[true, true], [false, false]]> : tensor<2x2xi1>) : tensor<2x2xi1>
  %row = tensor.extract_slice %r[1, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<2xf32>
  check.expect_eq_const(%row, dense<0.5> : tensor<2xf32>) : tensor<2xf32>
  return
}

// f16, a middle dimension: x[0, :, 0] = [1, 1, 1, 1] -> 0.25 each;
// x[0, :, 1] = [0, 0, 0, 0] -> 0.25 each.
func.func @softmax_f16_middle_dim() {
  %x = util.unfoldable_constant dense<[[[1.0, 0.0], [1.0, 0.0], [1.0, 0.0], [1.0, 0.0]]]> : tensor<1x4x2xf16>
  %e = tensor.empty() : tensor<1x4x2xf16>
  %r = linalg.softmax dimension(1) ins(%x : tensor<1x4x2xf16>) outs(%e : tensor<1x4x2xf16>) -> tensor<1x4x2xf16>
  check.expect_eq_const(%r, dense<0.25> : tensor<1x4x2xf16>) : tensor<1x4x2xf16>
  return
}

//===----------------------------------------------------------------------===//
// linalg.pack
//===----------------------------------------------------------------------===//

// Tiling dim 1 of [[0..4], [5..9]] by 2 with padding -1:
//   row 0 -> [0 1] [2 3] [4 -1]; row 1 -> [5 6] [7 8] [9 -1].
func.func @pack_pad_inner() {
  %x = util.unfoldable_constant dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]> : tensor<2x5xi32>
  %pad = arith.constant -1 : i32
  %e = tensor.empty() : tensor<2x3x2xi32>
  %r = linalg.pack %x padding_value(%pad : i32) inner_dims_pos = [1] inner_tiles = [2] into %e : tensor<2x5xi32> -> tensor<2x3x2xi32>
  check.expect_eq_const(%r, dense<[[[0, 1], [2, 3], [4, -1]], [[5, 6], [7, 8], [9, -1]]]> : tensor<2x3x2xi32>) : tensor<2x3x2xi32>
  return
}

// x = [[0..3], [4..7], [8..11], [12..15]], 2x2 tiles, outer dims swapped:
// dest[j][i] = tile (rows 2i, 2i+1; cols 2j, 2j+1).
func.func @pack_outer_perm() {
  %x = util.unfoldable_constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>
  %e = tensor.empty() : tensor<2x2x2x2xi32>
  %r = linalg.pack %x outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<4x4xi32> -> tensor<2x2x2x2xi32>
  check.expect_eq_const(%r, dense<[[[[0, 1], [4, 5]], [[8, 9], [12, 13]]], [[[2, 3], [6, 7]], [[10, 11], [14, 15]]]]> : tensor<2x2x2x2xi32>) : tensor<2x2x2x2xi32>
  return
}

// Inner dims swapped: the first inner dim tiles source dim 1, so
// dest[i][j][a][b] = x[2i + b][2j + a] (each tile transposed).
func.func @pack_inner_perm() {
  %x = util.unfoldable_constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>
  %e = tensor.empty() : tensor<2x2x2x2xi32>
  %r = linalg.pack %x inner_dims_pos = [1, 0] inner_tiles = [2, 2] into %e : tensor<4x4xi32> -> tensor<2x2x2x2xi32>
  check.expect_eq_const(%r, dense<[[[[0, 4], [1, 5]], [[2, 6], [3, 7]]], [[[8, 12], [9, 13]], [[10, 14], [11, 15]]]]> : tensor<2x2x2x2xi32>) : tensor<2x2x2x2xi32>
  return
}

// A dynamic tile of 3 over 7 f32 elements, padding 9.5:
//   [0 1 2] [3 4 5] [6 9.5 9.5].
func.func @pack_dynamic_tile() {
  %x = flow.tensor.dynamic_constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<7xf32> -> tensor<?xf32>
  %pad = arith.constant 9.5 : f32
  %c3 = arith.constant 3 : index
  %e = tensor.empty(%c3, %c3) : tensor<?x?xf32>
  %r = linalg.pack %x padding_value(%pad : f32) inner_dims_pos = [0] inner_tiles = [%c3] into %e : tensor<?xf32> -> tensor<?x?xf32>
  %s = tensor.cast %r : tensor<?x?xf32> to tensor<3x3xf32>
  check.expect_eq_const(%s, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 9.5, 9.5]]> : tensor<3x3xf32>) : tensor<3x3xf32>
  return
}

// No tiles at all: outer_dims_perm alone is a transpose.
func.func @pack_transpose_only() {
  %x = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %e = tensor.empty() : tensor<3x2xi8>
  %r = linalg.pack %x outer_dims_perm = [1, 0] inner_dims_pos = [] inner_tiles = [] into %e : tensor<2x3xi8> -> tensor<3x2xi8>
  check.expect_eq_const(%r, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>) : tensor<3x2xi8>
  return
}

// Both dims tiled and padded (the IREE issue 12546 shape): x = [1..9] as
// 1x9, tiles [8, 4] on dims [1, 0], outer perm [1, 0] -> 2x1x8x4;
// dest[j][0][a][0] = x[0][8j + a], every other element is the padding 0.
func.func @pack_pad_both_dims() {
  %x = util.unfoldable_constant dense<[[1, 2, 3, 4, 5, 6, 7, 8, 9]]> : tensor<1x9xi8>
  %pad = arith.constant 0 : i8
  %e = tensor.empty() : tensor<2x1x8x4xi8>
  %r = linalg.pack %x padding_value(%pad : i8) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %e : tensor<1x9xi8> -> tensor<2x1x8x4xi8>
  %col = tensor.extract_slice %r[0, 0, 0, 0] [2, 1, 8, 1] [1, 1, 1, 1] : tensor<2x1x8x4xi8> to tensor<2x8xi8>
  check.expect_eq_const(%col, dense<[[1, 2, 3, 4, 5, 6, 7, 8], [9, 0, 0, 0, 0, 0, 0, 0]]> : tensor<2x8xi8>) : tensor<2x8xi8>
  %rest = tensor.extract_slice %r[0, 0, 0, 1] [2, 1, 8, 3] [1, 1, 1, 1] : tensor<2x1x8x4xi8> to tensor<2x8x3xi8>
  check.expect_eq_const(%rest, dense<0> : tensor<2x8x3xi8>) : tensor<2x8x3xi8>
  return
}

//===----------------------------------------------------------------------===//
// linalg.unpack
//===----------------------------------------------------------------------===//

// The converse of @pack_pad_inner: the padding of the last tile is dropped.
func.func @unpack_drop_padding() {
  %p = util.unfoldable_constant dense<[[[0, 1], [2, 3], [4, -1]], [[5, 6], [7, 8], [9, -1]]]> : tensor<2x3x2xi32>
  %e = tensor.empty() : tensor<2x5xi32>
  %r = linalg.unpack %p inner_dims_pos = [1] inner_tiles = [2] into %e : tensor<2x3x2xi32> -> tensor<2x5xi32>
  check.expect_eq_const(%r, dense<[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]> : tensor<2x5xi32>) : tensor<2x5xi32>
  return
}

// The converse of @pack_outer_perm and of @pack_inner_perm.
func.func @unpack_perms() {
  %p0 = util.unfoldable_constant dense<[[[[0, 1], [4, 5]], [[8, 9], [12, 13]]], [[[2, 3], [6, 7]], [[10, 11], [14, 15]]]]> : tensor<2x2x2x2xi32>
  %e = tensor.empty() : tensor<4x4xi32>
  %r0 = linalg.unpack %p0 outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e : tensor<2x2x2x2xi32> -> tensor<4x4xi32>
  check.expect_eq_const(%r0, dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>) : tensor<4x4xi32>
  %p1 = util.unfoldable_constant dense<[[[[0, 4], [1, 5]], [[2, 6], [3, 7]]], [[[8, 12], [9, 13]], [[10, 14], [11, 15]]]]> : tensor<2x2x2x2xi32>
  %r1 = linalg.unpack %p1 inner_dims_pos = [1, 0] inner_tiles = [2, 2] into %e : tensor<2x2x2x2xi32> -> tensor<4x4xi32>
  check.expect_eq_const(%r1, dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>) : tensor<4x4xi32>
  return
}

// A dynamic tile: [[0 1 2] [3 4 5] [6 x x]] with tile 3 into 7 elements.
func.func @unpack_dynamic_tile() {
  %p = flow.tensor.dynamic_constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 9.5, 9.5]]> : tensor<3x3xf32> -> tensor<?x?xf32>
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %e = tensor.empty(%c7) : tensor<?xf32>
  %r = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [%c3] into %e : tensor<?x?xf32> -> tensor<?xf32>
  %s = tensor.cast %r : tensor<?xf32> to tensor<7xf32>
  check.expect_eq_const(%s, dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<7xf32>) : tensor<7xf32>
  return
}
