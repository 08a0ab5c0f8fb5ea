// Self-checking e2e tests for iree_linalg_ext.map_load, map_store and the
// winograd input/output transforms. Run with
//   ref-run --check linalg_ext_transform.mlir
// map_load/map_store expectations are derived by hand (comments); winograd
// ones are B^T X B and A^T Y A of IREE's 6x6/3x3 matrices computed with
// numpy in float64 (every product and sum here is exact in f32).
//
// map_load:  output[i] = source[f(i)] if f(i) is inside source, else padding.
// map_store: output[f(i)] = input[i] where the mask is true; other output
//            elements keep their initial value.

//===----------------------------------------------------------------------===//
// map_load
//===----------------------------------------------------------------------===//

// f(i) = 3 - i reverses [1, 2, 3, 4] -> [4, 3, 2, 1].
func.func @map_load_reverse() {
  %src = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %pad = arith.constant 0 : i32
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4xi32>
  %r = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index):
    %j = arith.subi %c3, %i : index
    iree_linalg_ext.yield %j, %pad : index, i32
  } : tensor<4xi32> into tensor<4xi32> -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[4, 3, 2, 1]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// f(i) = i - 2 over 6 outputs from 4 sources: indices -2, -1 (negative: out
// of bounds) read the padding -1, then [10, 20, 30, 40].
func.func @map_load_negative_pads() {
  %src = util.unfoldable_constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %pad = arith.constant -1.0 : f32
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<6xf32>
  %r = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index):
    %j = arith.subi %i, %c2 : index
    iree_linalg_ext.yield %j, %pad : index, f32
  } : tensor<4xf32> into tensor<6xf32> -> tensor<6xf32>
  check.expect_eq_const(%r, dense<[-1.0, -1.0, 10.0, 20.0, 30.0, 40.0]> : tensor<6xf32>) : tensor<6xf32>
  return
}

// Swapping the indices transposes [[1, 2, 3], [4, 5, 6]].
func.func @map_load_transpose() {
  %src = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %pad = arith.constant 0 : i16
  %e = tensor.empty() : tensor<3x2xi16>
  %r = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index, %j: index):
    iree_linalg_ext.yield %j, %i, %pad : index, index, i16
  } : tensor<2x3xi16> into tensor<3x2xi16> -> tensor<3x2xi16>
  check.expect_eq_const(%r, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi16>) : tensor<3x2xi16>
  return
}

// affine.apply (i floordiv 2) repeats each source element twice.
func.func @map_load_affine_apply() {
  %src = util.unfoldable_constant dense<[7, 8, 9]> : tensor<3xi32>
  %pad = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %r = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index):
    %j = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%i)
    iree_linalg_ext.yield %j, %pad : index, i32
  } : tensor<3xi32> into tensor<6xi32> -> tensor<6xi32>
  check.expect_eq_const(%r, dense<[7, 7, 8, 8, 9, 9]> : tensor<6xi32>) : tensor<6xi32>
  return
}

// delinearize i into (2, 3) reads a 2x3 source as 6 elements (a collapse);
// the basis without its outer bound, (3), gives the same indices.
func.func @map_load_delinearize() {
  %src = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %pad = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %r = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index):
    %d:2 = affine.delinearize_index %i into (2, 3) : index, index
    iree_linalg_ext.yield %d#0, %d#1, %pad : index, index, i32
  } : tensor<2x3xi32> into tensor<6xi32> -> tensor<6xi32>
  check.expect_eq_const(%r, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>) : tensor<6xi32>
  %r2 = iree_linalg_ext.map_load %src into %e {
  ^bb0(%i: index):
    %d:2 = affine.delinearize_index %i into (3) : index, index
    iree_linalg_ext.yield %d#0, %d#1, %pad : index, index, i32
  } : tensor<2x3xi32> into tensor<6xi32> -> tensor<6xi32>
  check.expect_eq_const(%r2, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>) : tensor<6xi32>
  return
}

//===----------------------------------------------------------------------===//
// map_store
//===----------------------------------------------------------------------===//

// f(i) = 3 - i: [1, 2, 3, 4] lands reversed.
func.func @map_store_reverse() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %true = arith.constant true
  %c3 = arith.constant 3 : index
  %e = tensor.empty() : tensor<4xi32>
  %r = iree_linalg_ext.map_store %in into %e {
  ^bb0(%i: index):
    %j = arith.subi %c3, %i : index
    iree_linalg_ext.yield %j, %true : index, i1
  } : tensor<4xi32> into tensor<4xi32> -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[4, 3, 2, 1]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Only even i are stored; odd positions keep the initial 9:
// [1, 2, 3, 4] into [9, 9, 9, 9] -> [1, 9, 3, 9].
func.func @map_store_mask_keeps_init() {
  %in = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %init = util.unfoldable_constant dense<9.0> : tensor<4xf32>
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %r = iree_linalg_ext.map_store %in into %init {
  ^bb0(%i: index):
    %m = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %m, %c0 : index
    iree_linalg_ext.yield %i, %even : index, i1
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[1.0, 9.0, 3.0, 9.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// linearize [i, j] by (3) (no outer bound) = 3 i + j stores a 2x3 input
// as 6 elements; into a longer output, the tail keeps its initial 0.
func.func @map_store_linearize() {
  %in = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %init = util.unfoldable_constant dense<0> : tensor<8xi8>
  %true = arith.constant true
  %r = iree_linalg_ext.map_store %in into %init {
  ^bb0(%i: index, %j: index):
    %k = affine.linearize_index [%i, %j] by (3) : index
    iree_linalg_ext.yield %k, %true : index, i1
  } : tensor<2x3xi8> into tensor<8xi8> -> tensor<8xi8>
  check.expect_eq_const(%r, dense<[1, 2, 3, 4, 5, 6, 0, 0]> : tensor<8xi8>) : tensor<8xi8>
  return
}

//===----------------------------------------------------------------------===//
// winograd.input_transform
//===----------------------------------------------------------------------===//

// One tile (rank 2), X = 2 at (2, 1): B^T X B = 2 * outer(BT[:, 2], BT[:, 1]).
func.func @winograd_input_tile() {
  %x = util.unfoldable_constant dense<[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  %r = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%x : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  check.expect_eq_const(%r, dense<[[0.0, -10.5, 10.5, -5.25, 5.25, -21.0, 21.0, 10.5], [0.0, 2.0, -2.0, 1.0, -1.0, 4.0, -4.0, -2.0], [0.0, 2.0, -2.0, 1.0, -1.0, 4.0, -4.0, -2.0], [0.0, 0.5, -0.5, 0.25, -0.25, 1.0, -1.0, -0.5], [0.0, 0.5, -0.5, 0.25, -0.25, 1.0, -1.0, -0.5], [0.0, 8.0, -8.0, 4.0, -4.0, 16.0, -16.0, -8.0], [0.0, 8.0, -8.0, 4.0, -4.0, 16.0, -16.0, -8.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<8x8xf32>) : tensor<8x8xf32>
  return
}

// A 14x8 NHWC image has H' = ceil((14 - 2) / 6) = 2 overlapping windows
// (rows 0-7 and 6-13; the second is zero-padded past row 13). The image is
// 3 at (7, 0): local row 7 of tile 0, local row 1 of tile 1, so tile 0 is
// 3 at (7, 0) only and tile 1's column 0 is 3 * BT[:, 1].
func.func @winograd_input_overlapping_tiles() {
  %z = arith.constant dense<0.0> : tensor<1x14x8x1xf32>
  %v = arith.constant 3.0 : f32
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %img0 = tensor.insert %v into %z[%c0, %c7, %c0, %c0] : tensor<1x14x8x1xf32>
  %img = util.optimization_barrier %img0 : tensor<1x14x8x1xf32>
  %e = tensor.empty() : tensor<8x8x1x2x1x1xf32>
  %r = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%img : tensor<1x14x8x1xf32>) outs(%e : tensor<8x8x1x2x1x1xf32>) -> tensor<8x8x1x2x1x1xf32>
  %t0 = tensor.extract_slice %r[0, 0, 0, 0, 0, 0] [8, 8, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1] : tensor<8x8x1x2x1x1xf32> to tensor<8x8xf32>
  %t1 = tensor.extract_slice %r[0, 0, 0, 1, 0, 0] [8, 8, 1, 1, 1, 1] [1, 1, 1, 1, 1, 1] : tensor<8x8x1x2x1x1xf32> to tensor<8x8xf32>
  %col0 = tensor.extract_slice %t0[0, 0] [8, 1] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
  check.expect_eq_const(%col0, dense<[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0]> : tensor<8xf32>) : tensor<8xf32>
  %rest0 = tensor.extract_slice %t0[0, 1] [8, 7] [1, 1] : tensor<8x8xf32> to tensor<8x7xf32>
  check.expect_eq_const(%rest0, dense<0.0> : tensor<8x7xf32>) : tensor<8x7xf32>
  %col1 = tensor.extract_slice %t1[0, 0] [8, 1] [1, 1] : tensor<8x8xf32> to tensor<8xf32>
  check.expect_eq_const(%col1, dense<[0.0, 3.0, -3.0, 1.5, -1.5, 6.0, -6.0, -3.0]> : tensor<8xf32>) : tensor<8xf32>
  %rest1 = tensor.extract_slice %t1[0, 1] [8, 7] [1, 1] : tensor<8x8xf32> to tensor<8x7xf32>
  check.expect_eq_const(%rest1, dense<0.0> : tensor<8x7xf32>) : tensor<8x7xf32>
  return
}

//===----------------------------------------------------------------------===//
// winograd.output_transform
//===----------------------------------------------------------------------===//

// Y = 4 at (3, 5) in tile w = 1 of a (8, 8, 1, 1, 2, 1) input:
// A^T Y A = 4 * outer(AT[:, 3], AT[:, 5]) = 4 * 2^i * 2^-j, written to
// columns 6..11 of the 1x6x12x1 output; tile w = 0 is all zero.
func.func @winograd_output_second_tile() {
  %z = arith.constant dense<0.0> : tensor<8x8x1x1x2x1xf32>
  %v = arith.constant 4.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %y0 = tensor.insert %v into %z[%c3, %c5, %c0, %c0, %c1, %c0] : tensor<8x8x1x1x2x1xf32>
  %y = util.optimization_barrier %y0 : tensor<8x8x1x1x2x1xf32>
  %e = tensor.empty() : tensor<1x6x12x1xf32>
  %r = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%y : tensor<8x8x1x1x2x1xf32>) outs(%e : tensor<1x6x12x1xf32>) -> tensor<1x6x12x1xf32>
  %left = tensor.extract_slice %r[0, 0, 0, 0] [1, 6, 6, 1] [1, 1, 1, 1] : tensor<1x6x12x1xf32> to tensor<6x6xf32>
  check.expect_eq_const(%left, dense<0.0> : tensor<6x6xf32>) : tensor<6x6xf32>
  %right = tensor.extract_slice %r[0, 0, 6, 0] [1, 6, 6, 1] [1, 1, 1, 1] : tensor<1x6x12x1xf32> to tensor<6x6xf32>
  check.expect_eq_const(%right, dense<[[4.0, 2.0, 1.0, 0.5, 0.25, 0.125], [8.0, 4.0, 2.0, 1.0, 0.5, 0.25], [16.0, 8.0, 4.0, 2.0, 1.0, 0.5], [32.0, 16.0, 8.0, 4.0, 2.0, 1.0], [64.0, 32.0, 16.0, 8.0, 4.0, 2.0], [128.0, 64.0, 32.0, 16.0, 8.0, 4.0]]> : tensor<6x6xf32>) : tensor<6x6xf32>
  return
}

// NCHW output in f16, ones in: outer(rowsum A^T, rowsum A^T) with
// row sums of A^T [7, 0, 10.5, 0, 34.125, 1]; the C dim sits at 1.
func.func @winograd_output_nchw_f16() {
  %y = util.unfoldable_constant dense<1.0> : tensor<8x8x1x1x1x1xf16>
  %e = tensor.empty() : tensor<1x1x6x6xf16>
  %r = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([2, 3])
      ins(%y : tensor<8x8x1x1x1x1xf16>) outs(%e : tensor<1x1x6x6xf16>) -> tensor<1x1x6x6xf16>
  %row = tensor.extract_slice %r[0, 0, 0, 0] [1, 1, 1, 6] [1, 1, 1, 1] : tensor<1x1x6x6xf16> to tensor<6xf16>
  check.expect_eq_const(%row, dense<[49.0, 0.0, 73.5, 0.0, 238.875, 7.0]> : tensor<6xf16>) : tensor<6xf16>
  return
}
