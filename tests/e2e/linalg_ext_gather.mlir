// Self-checking e2e tests for iree_linalg_ext.gather. Run with
//   ref-run --check linalg_ext_gather.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// Semantics: depth = size(dimension_map); for each batch coordinate b and
// slice coordinate s:
//   pos[dimension_map[i]] = indices[b, i]   (indices[b] when the depth is implicit)
//   pos[depth + k]        = s[k]
//   output[b, s]          = source[pos]     (unless mask[b] is false: then the
//                                            output keeps its initial value)

//===----------------------------------------------------------------------===//
// Depth 1
//===----------------------------------------------------------------------===//

// Depth 1, indices 2x1, row slices. source row r = [10r, 10r+1, 10r+2]:
//   b0 [3] -> [30, 31, 32];  b1 [1] -> [10, 11, 12].
func.func @gather_depth1_rows() {
  %src = util.unfoldable_constant dense<[[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]]> : tensor<4x3xi32>
  %idx = util.unfoldable_constant dense<[[3], [1]]> : tensor<2x1xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x3xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<4x3xi32>, tensor<2x1xi32>) outs(%init : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[30, 31, 32], [10, 11, 12]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Implicit depth (indices tensor<2xi32> = [3, 1]): same result.
func.func @gather_depth1_implicit() {
  %src = util.unfoldable_constant dense<[[0, 1, 2], [10, 11, 12], [20, 21, 22], [30, 31, 32]]> : tensor<4x3xi32>
  %idx = util.unfoldable_constant dense<[3, 1]> : tensor<2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x3xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<4x3xi32>, tensor<2xi32>) outs(%init : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[30, 31, 32], [10, 11, 12]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Scalar slices with repeated indices (legal for gather):
//   source [10, 20, 30, 40], indices [2, 0, 3, 0] -> [30, 10, 40, 10].
func.func @gather_depth1_scalar_repeats() {
  %src = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %idx = util.unfoldable_constant dense<[2, 0, 3, 0]> : tensor<4xi32>
  %init = util.unfoldable_constant dense<0> : tensor<4xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<4xi32>, tensor<4xi32>) outs(%init : tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[30, 10, 40, 10]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Slices of rank 2: source 3x2x2 f32, source[i] = [[4i, 4i+1], [4i+2, 4i+3]]:
//   b0 [2] -> [[8, 9], [10, 11]];  b1 [0] -> [[0, 1], [2, 3]].
func.func @gather_slice_rank2_f32() {
  %src = util.unfoldable_constant dense<[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]], [[8.0, 9.0], [10.0, 11.0]]]> : tensor<3x2x2xf32>
  %idx = util.unfoldable_constant dense<[[2], [0]]> : tensor<2x1xi32>
  %init = util.unfoldable_constant dense<0.0> : tensor<2x2x2xf32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3x2x2xf32>, tensor<2x1xi32>) outs(%init : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const(%r, dense<[[[8.0, 9.0], [10.0, 11.0]], [[0.0, 1.0], [2.0, 3.0]]]> : tensor<2x2x2xf32>) : tensor<2x2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Depth 2 and 3, identity and permuted dimension_map
//===----------------------------------------------------------------------===//

// Depth 2, map [0, 1]; source[r][c] = 3r + c:
//   [0, 2] -> 2;  [2, 0] -> 6;  [1, 1] -> 4.
func.func @gather_depth2_identity_map() {
  %src = util.unfoldable_constant dense<[[0, 1, 2], [3, 4, 5], [6, 7, 8]]> : tensor<3x3xi32>
  %idx = util.unfoldable_constant dense<[[0, 2], [2, 0], [1, 1]]> : tensor<3x2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r = iree_linalg_ext.gather dimension_map = [0, 1]
      ins(%src, %idx : tensor<3x3xi32>, tensor<3x2xi32>) outs(%init : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[2, 6, 4]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Depth 2, map [1, 0]: pos[1] = idx[0], pos[0] = idx[1]; source 3x4 with
// source[r][c] = 10r + c:
//   [3, 0] -> (0, 3) = 3    (map [0, 1] would read row 3: out of range)
//   [1, 2] -> (2, 1) = 21
//   [0, 1] -> (1, 0) = 10
func.func @gather_depth2_permuted_map() {
  %src = util.unfoldable_constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>
  %idx = util.unfoldable_constant dense<[[3, 0], [1, 2], [0, 1]]> : tensor<3x2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r = iree_linalg_ext.gather dimension_map = [1, 0]
      ins(%src, %idx : tensor<3x4xi32>, tensor<3x2xi32>) outs(%init : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[3, 21, 10]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Depth 2, map [1, 0], slice rank 1; source 2x3x2, source[a][b][c] = 100a + 10b + c:
//   [2, 1] -> source[1, 2, :] = [120, 121]
//   [0, 0] -> source[0, 0, :] = [0, 1]
func.func @gather_depth2_permuted_slices() {
  %src = util.unfoldable_constant dense<[[[0, 1], [10, 11], [20, 21]], [[100, 101], [110, 111], [120, 121]]]> : tensor<2x3x2xi32>
  %idx = util.unfoldable_constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r = iree_linalg_ext.gather dimension_map = [1, 0]
      ins(%src, %idx : tensor<2x3x2xi32>, tensor<2x2xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[120, 121], [0, 1]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Depth 3, map [2, 0, 1]: pos[2] = idx[0], pos[0] = idx[1], pos[1] = idx[2];
// source 2x3x4, source[a][b][c] = 100a + 10b + c:
//   [3, 1, 2] -> (1, 2, 3) = 123
//   [0, 0, 0] -> (0, 0, 0) = 0
//   [1, 0, 2] -> (0, 2, 1) = 21
func.func @gather_depth3_permuted_map() {
  %src = util.unfoldable_constant dense<[[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]], [[100, 101, 102, 103], [110, 111, 112, 113], [120, 121, 122, 123]]]> : tensor<2x3x4xi32>
  %idx = util.unfoldable_constant dense<[[3, 1, 2], [0, 0, 0], [1, 0, 2]]> : tensor<3x3xi32>
  %init = util.unfoldable_constant dense<-1> : tensor<3xi32>
  %r = iree_linalg_ext.gather dimension_map = [2, 0, 1]
      ins(%src, %idx : tensor<2x3x4xi32>, tensor<3x3xi32>) outs(%init : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[123, 0, 21]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Depth 3, map [0, 1, 2] with a row slice: source 2x2x2x2, value 8a+4b+2c+d
// (its row-major linear index):
//   [1, 0, 1] -> source[1, 0, 1, :] = [8+2, 8+2+1] = [10, 11]
//   [0, 1, 0] -> source[0, 1, 0, :] = [4, 5]
func.func @gather_depth3_slices() {
  %src = util.unfoldable_constant dense<[[[[0, 1], [2, 3]], [[4, 5], [6, 7]]], [[[8, 9], [10, 11]], [[12, 13], [14, 15]]]]> : tensor<2x2x2x2xi32>
  %idx = util.unfoldable_constant dense<[[1, 0, 1], [0, 1, 0]]> : tensor<2x3xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r = iree_linalg_ext.gather dimension_map = [0, 1, 2]
      ins(%src, %idx : tensor<2x2x2x2xi32>, tensor<2x3xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[10, 11], [4, 5]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// 2-D batch, implicit depth: source [5, 6, 7], indices [[2, 0], [1, 1]]
//   -> [[7, 5], [6, 6]].
func.func @gather_2d_batch_implicit() {
  %src = util.unfoldable_constant dense<[5, 6, 7]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[2, 0], [1, 1]]> : tensor<2x2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3xi32>, tensor<2x2xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[7, 5], [6, 6]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// 2-D batch with explicit depth (indices 2x2x1): same result.
func.func @gather_2d_batch_explicit_depth() {
  %src = util.unfoldable_constant dense<[5, 6, 7]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[[2], [0]], [[1], [1]]]> : tensor<2x2x1xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3xi32>, tensor<2x2x1xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[7, 5], [6, 6]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Index element types
//===----------------------------------------------------------------------===//

// i64 indices, depth 2: source [[1, 2], [3, 4]], [[1, 0], [0, 1]] -> [3, 2].
func.func @gather_indices_i64() {
  %src = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>
  %init = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r = iree_linalg_ext.gather dimension_map = [0, 1]
      ins(%src, %idx : tensor<2x2xi32>, tensor<2x2xi64>) outs(%init : tensor<2xi32>) -> tensor<2xi32>
  check.expect_eq_const(%r, dense<[3, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// index indices: source [10, 11, 12, 13, 14], indices [4, 0] -> [14, 10].
func.func @gather_indices_index() {
  %src = util.unfoldable_constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %idx = util.unfoldable_constant dense<[4, 0]> : tensor<2xindex>
  %init = util.unfoldable_constant dense<0> : tensor<2xi64>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<5xi64>, tensor<2xindex>) outs(%init : tensor<2xi64>) -> tensor<2xi64>
  check.expect_eq_const(%r, dense<[14, 10]> : tensor<2xi64>) : tensor<2xi64>
  return
}

//===----------------------------------------------------------------------===//
// Mask
//===----------------------------------------------------------------------===//

// i1 mask [true, false, true]: source [10, 20, 30] at [2, 1, 0], output
// initialised to -1: b1 keeps -1 -> [30, -1, 10].
func.func @gather_mask_i1() {
  %src = util.unfoldable_constant dense<[10, 20, 30]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[2], [1], [0]]> : tensor<3x1xi32>
  %mask = util.unfoldable_constant dense<[true, false, true]> : tensor<3xi1>
  %init = util.unfoldable_constant dense<-1> : tensor<3xi32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx, %mask : tensor<3xi32>, tensor<3x1xi32>, tensor<3xi1>) outs(%init : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[30, -1, 10]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// i8 mask over row slices: source [[1, 2], [3, 4], [5, 6]], indices [2, 0],
// mask [0, 1], output init [[9, 9], [9, 9]]:
//   b0 masked -> stays [9, 9];  b1 -> source[0] = [1, 2].
func.func @gather_mask_i8_slices() {
  %src = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %idx = util.unfoldable_constant dense<[2, 0]> : tensor<2xi32>
  %mask = util.unfoldable_constant dense<[0, 1]> : tensor<2xi8>
  %init = util.unfoldable_constant dense<9.0> : tensor<2x2xf32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx, %mask : tensor<3x2xf32>, tensor<2xi32>, tensor<2xi8>) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[9.0, 9.0], [1.0, 2.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// Mask over a 2-D batch with depth 2: source [[1, 2], [3, 4]],
// indices [[[0, 0], [1, 1]], [[1, 0], [0, 1]]], mask [[true, false], [false, true]],
// output init 0:
//   (0,0) -> source[0][0] = 1;  (0,1) masked -> 0;
//   (1,0) masked -> 0;          (1,1) -> source[0][1] = 2.
func.func @gather_mask_2d_batch_depth2() {
  %src = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[[0, 0], [1, 1]], [[1, 0], [0, 1]]]> : tensor<2x2x2xi32>
  %mask = util.unfoldable_constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %init = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r = iree_linalg_ext.gather dimension_map = [0, 1]
      ins(%src, %idx, %mask : tensor<2x2xi32>, tensor<2x2x2xi32>, tensor<2x2xi1>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[1, 0], [0, 2]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Value element types
//===----------------------------------------------------------------------===//

// f16: source [0.5, -1.5, 65504], indices [2, 0, 1] -> [65504, 0.5, -1.5].
func.func @gather_f16() {
  %src = util.unfoldable_constant dense<[0.5, -1.5, 65504.0]> : tensor<3xf16>
  %idx = util.unfoldable_constant dense<[2, 0, 1]> : tensor<3xi32>
  %init = util.unfoldable_constant dense<0.0> : tensor<3xf16>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3xf16>, tensor<3xi32>) outs(%init : tensor<3xf16>) -> tensor<3xf16>
  check.expect_eq_const(%r, dense<[65504.0, 0.5, -1.5]> : tensor<3xf16>) : tensor<3xf16>
  return
}

// i8: source [-128, 127, -1], indices [[1], [0], [2], [1]] -> [127, -128, -1, 127].
func.func @gather_i8() {
  %src = util.unfoldable_constant dense<[-128, 127, -1]> : tensor<3xi8>
  %idx = util.unfoldable_constant dense<[[1], [0], [2], [1]]> : tensor<4x1xi32>
  %init = util.unfoldable_constant dense<0> : tensor<4xi8>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3xi8>, tensor<4x1xi32>) outs(%init : tensor<4xi8>) -> tensor<4xi8>
  check.expect_eq_const(%r, dense<[127, -128, -1, 127]> : tensor<4xi8>) : tensor<4xi8>
  return
}

//===----------------------------------------------------------------------===//
// Dynamic batch
//===----------------------------------------------------------------------===//

// Batch ? (3 at run time), row slices of 2; output from tensor.empty(%n) +
// fill 0. source [[1, 2], [3, 4], [5, 6], [7, 8]], indices [3, 0, 3]:
//   -> [[7, 8], [1, 2], [7, 8]].
func.func @gather_dynamic_batch() {
  %src = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %idx = flow.tensor.dynamic_constant dense<[3, 0, 3]> : tensor<3xi32> -> tensor<?xi32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %idx, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<4x2xf32>, tensor<?xi32>) outs(%init : tensor<?x2xf32>) -> tensor<?x2xf32>
  %rc = tensor.cast %r : tensor<?x2xf32> to tensor<3x2xf32>
  check.expect_eq_const(%rc, dense<[[7.0, 8.0], [1.0, 2.0], [7.0, 8.0]]> : tensor<3x2xf32>) : tensor<3x2xf32>
  return
}

// Dynamic source rows and batch, depth 2 with map [1, 0]:
//   source ?x3 (2 rows) [[0, 1, 2], [10, 11, 12]]; indices ?x2 [[2, 1], [0, 0]]
//   [2, 1] -> (1, 2) = 12;  [0, 0] -> (0, 0) = 0.
func.func @gather_dynamic_source() {
  %src = flow.tensor.dynamic_constant dense<[[0, 1, 2], [10, 11, 12]]> : tensor<2x3xi32> -> tensor<?x3xi32>
  %idx = flow.tensor.dynamic_constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi32> -> tensor<?x2xi32>
  %init = flow.tensor.dynamic_constant dense<[-1, -1]> : tensor<2xi32> -> tensor<?xi32>
  %r = iree_linalg_ext.gather dimension_map = [1, 0]
      ins(%src, %idx : tensor<?x3xi32>, tensor<?x2xi32>) outs(%init : tensor<?xi32>) -> tensor<?xi32>
  %rc = tensor.cast %r : tensor<?xi32> to tensor<2xi32>
  check.expect_eq_const(%rc, dense<[12, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}
