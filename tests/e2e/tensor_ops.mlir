// Self-checking tests of the tensor dialect kernels: run with
//   ref-run --check tests/e2e/tensor_ops.mlir

//===----------------------------------------------------------------------===//
// tensor.empty, tensor.dim, tensor.rank
//===----------------------------------------------------------------------===//

// An empty 2x3 tensor fully overwritten by insert_slice of the whole source
// is the source itself: [[1, 2, 3], [4, 5, 6]], with no undef element left.
func.func @empty_static_overwritten() {
  %src = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %r = tensor.insert_slice %src into %e[0, 0] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// A 2x4 empty tensor written in two halves: [[1, 2], [3, 4]] at cols 0..1,
// then [[5, 6], [7, 8]] at cols 2..3, is fully defined:
// [[1, 2, 5, 6], [3, 4, 7, 8]]. Before the second write, the written left half
// can already be sliced out and read: [[1, 2], [3, 4]].
func.func @empty_written_in_parts() {
  %a = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = util.unfoldable_constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %e = tensor.empty() : tensor<2x4xi32>
  %h = tensor.insert_slice %a into %e[0, 0] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<2x4xi32>
  %left = tensor.extract_slice %h[0, 0] [2, 2] [1, 1] : tensor<2x4xi32> to tensor<2x2xi32>
  check.expect_eq(%left, %a) : tensor<2x2xi32>
  %r = tensor.insert_slice %b into %h[0, 2] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<2x4xi32>
  check.expect_eq_const(%r, dense<[[1, 2, 5, 6], [3, 4, 7, 8]]> : tensor<2x4xi32>) : tensor<2x4xi32>
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %v = tensor.extract %r[%c1, %c3] : tensor<2x4xi32>
  %vt = tensor.from_elements %v : tensor<1xi32>
  check.expect_eq_const(%vt, dense<[8]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// The dynamic source has 4 elements, so tensor.empty(%d) : tensor<?x2xf32>
// has shape 4x2: dim 0 is 4 and dim 1 is 2. Overwriting all of it with
// insert_slice of a 4x2 constant gives that constant back.
func.func @empty_dynamic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %src = flow.tensor.dynamic_constant dense<[1, 2, 3, 4]> : tensor<4xi32> -> tensor<?xi32>
  %d = tensor.dim %src, %c0 : tensor<?xi32>
  %e = tensor.empty(%d) : tensor<?x2xf32>
  %d0 = tensor.dim %e, %c0 : tensor<?x2xf32>
  %d1 = tensor.dim %e, %c1 : tensor<?x2xf32>
  %dims = tensor.from_elements %d0, %d1 : tensor<2xindex>
  %dims32 = arith.index_cast %dims : tensor<2xindex> to tensor<2xi32>
  check.expect_eq_const(%dims32, dense<[4, 2]> : tensor<2xi32>) : tensor<2xi32>
  %fill = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %fd = tensor.cast %fill : tensor<4x2xf32> to tensor<?x2xf32>
  %r = tensor.insert_slice %fd into %e[0, 0] [%d, 2] [1, 1] : tensor<?x2xf32> into tensor<?x2xf32>
  %rs = tensor.cast %r : tensor<?x2xf32> to tensor<4x2xf32>
  check.expect_eq_const(%rs, dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>) : tensor<4x2xf32>
  return
}

// The constant is 2x3 behind a tensor<?x3xi8> type: dim 0 = 2, dim 1 = 3.
// A rank-3 tensor has rank 3.
func.func @dim_and_rank() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = flow.tensor.dynamic_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8> -> tensor<?x3xi8>
  %d0 = tensor.dim %t, %c0 : tensor<?x3xi8>
  %d1 = tensor.dim %t, %c1 : tensor<?x3xi8>
  %u = util.unfoldable_constant dense<0.0> : tensor<2x3x4xf32>
  %r = tensor.rank %u : tensor<2x3x4xf32>
  %all = tensor.from_elements %d0, %d1, %r : tensor<3xindex>
  %all32 = arith.index_cast %all : tensor<3xindex> to tensor<3xi32>
  check.expect_eq_const(%all32, dense<[2, 3, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// tensor.extract, tensor.insert, tensor.from_elements
//===----------------------------------------------------------------------===//

// Element [1, 2] of [[1, 2, 3], [4, 5, 6]] is 6 and element [0, 1] is 2; they
// are gathered into [6, 2].
func.func @extract_static_i32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a = tensor.extract %t[%c1, %c2] : tensor<2x3xi32>
  %b = tensor.extract %t[%c0, %c1] : tensor<2x3xi32>
  %r = tensor.from_elements %a, %b : tensor<2xi32>
  check.expect_eq_const(%r, dense<[6, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// tensor<?xf16> holding [0.5, 1.5, -2.0]: element 2 is -2.0, element 0 is 0.5.
// A rank-0 tensor's only element is read with no index: 7.
func.func @extract_dynamic_f16_and_rank0() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = flow.tensor.dynamic_constant dense<[0.5, 1.5, -2.0]> : tensor<3xf16> -> tensor<?xf16>
  %a = tensor.extract %t[%c2] : tensor<?xf16>
  %b = tensor.extract %t[%c0] : tensor<?xf16>
  %r = tensor.from_elements %a, %b : tensor<2xf16>
  check.expect_eq_const(%r, dense<[-2.0, 0.5]> : tensor<2xf16>) : tensor<2xf16>
  %s = util.unfoldable_constant dense<7> : tensor<i8>
  %v = tensor.extract %s[] : tensor<i8>
  %rv = tensor.from_elements %v : tensor<1xi8>
  check.expect_eq_const(%rv, dense<[7]> : tensor<1xi8>) : tensor<1xi8>
  return
}

// i1 elements [true, false, true, false]: extract [1] is false, [2] is true;
// inserting true at [1] gives [true, true, true, false].
func.func @extract_insert_i1() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %a = tensor.extract %t[%c1] : tensor<4xi1>
  %b = tensor.extract %t[%c2] : tensor<4xi1>
  %r = tensor.from_elements %a, %b : tensor<2xi1>
  check.expect_eq_const(%r, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  %i = tensor.insert %b into %t[%c1] : tensor<4xi1>
  check.expect_eq_const(%i, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// Inserting 42 at [0, 1] of [[1, 2, 3], [4, 5, 6]] replaces the 2; the
// original tensor is unchanged (values are immutable).
func.func @insert_static_i32() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 42 : i32
  %t = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = tensor.insert %v into %t[%c0, %c1] : tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[1, 42, 3], [4, 5, 6]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  check.expect_eq_const(%t, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Dynamic tensor [1, 2, 3, 4] (i8): insert -1 at the last index (dim - 1 = 3)
// gives [1, 2, 3, -1].
func.func @insert_dynamic_i8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant -1 : i8
  %t = flow.tensor.dynamic_constant dense<[1, 2, 3, 4]> : tensor<4xi8> -> tensor<?xi8>
  %d = tensor.dim %t, %c0 : tensor<?xi8>
  %last = arith.subi %d, %c1 : index
  %r = tensor.insert %v into %t[%last] : tensor<?xi8>
  %rs = tensor.cast %r : tensor<?xi8> to tensor<4xi8>
  check.expect_eq_const(%rs, dense<[1, 2, 3, -1]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// Elements listed in row-major order: 1, 2, 3, 4 form [[1, 2], [3, 4]]; f32
// scalars 1.5 and -3.25 form [1.5, -3.25].
func.func @from_elements() {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.constant 3 : i32
  %d = arith.constant 4 : i32
  %r = tensor.from_elements %a, %b, %c, %d : tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  %x = arith.constant 1.5 : f32
  %y = arith.constant -3.25 : f32
  %f = tensor.from_elements %x, %y : tensor<2xf32>
  check.expect_eq_const(%f, dense<[1.5, -3.25]> : tensor<2xf32>) : tensor<2xf32>
  return
}

//===----------------------------------------------------------------------===//
// tensor.extract_slice
//===----------------------------------------------------------------------===//

// The 4x4 source holds 4 * row + col. Rows 1..2, cols 1..2 are
// [[5, 6], [9, 10]].
func.func @extract_slice_static() {
  %t = util.unfoldable_constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]> : tensor<4x4xi32>
  %s = tensor.extract_slice %t[1, 1] [2, 2] [1, 1] : tensor<4x4xi32> to tensor<2x2xi32>
  check.expect_eq_const(%s, dense<[[5, 6], [9, 10]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// 1-D [10..17]: offset 1, size 3, stride 2 picks indices 1, 3, 5 -> 11, 13, 15.
func.func @extract_slice_strided_1d() {
  %t = util.unfoldable_constant dense<[10, 11, 12, 13, 14, 15, 16, 17]> : tensor<8xi32>
  %s = tensor.extract_slice %t[1] [3] [2] : tensor<8xi32> to tensor<3xi32>
  check.expect_eq_const(%s, dense<[11, 13, 15]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// The 4x6 source holds 10 * row + col. Offsets [0, 1], sizes [2, 3],
// strides [2, 2] pick rows 0, 2 and cols 1, 3, 5: [[1, 3, 5], [21, 23, 25]].
func.func @extract_slice_strided_2d_f32() {
  %t = util.unfoldable_constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [20.0, 21.0, 22.0, 23.0, 24.0, 25.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0]]> : tensor<4x6xf32>
  %s = tensor.extract_slice %t[0, 1] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>
  check.expect_eq_const(%s, dense<[[1.0, 3.0, 5.0], [21.0, 23.0, 25.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  return
}

// Rank-reducing: row 1 of the 3x4 source (4 * row + col) is [4, 5, 6, 7];
// a 1x1 slice at [2, 3] reduced to rank 0 is 11.
func.func @extract_slice_rank_reducing() {
  %t = util.unfoldable_constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>
  %row = tensor.extract_slice %t[1, 0] [1, 4] [1, 1] : tensor<3x4xi32> to tensor<4xi32>
  check.expect_eq_const(%row, dense<[4, 5, 6, 7]> : tensor<4xi32>) : tensor<4xi32>
  %one = tensor.extract_slice %t[2, 3] [1, 1] [1, 1] : tensor<3x4xi32> to tensor<i32>
  check.expect_eq_const(%one, dense<11> : tensor<i32>) : tensor<i32>
  return
}

// Rank-reducing in the middle dim of a 2x3x2 source holding 100 * i + 10 * j
// + k: the slice [0, 1, 0] [2, 1, 2] drops dim 1 and keeps j = 1:
// [[10, 11], [110, 111]].
func.func @extract_slice_rank_reducing_middle() {
  %t = util.unfoldable_constant dense<[[[0, 1], [10, 11], [20, 21]], [[100, 101], [110, 111], [120, 121]]]> : tensor<2x3x2xi32>
  %s = tensor.extract_slice %t[0, 1, 0] [2, 1, 2] [1, 1, 1] : tensor<2x3x2xi32> to tensor<2x2xi32>
  check.expect_eq_const(%s, dense<[[10, 11], [110, 111]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Dynamic source [1..8] (i8), dynamic offset 2, size 3, stride 2: indices 2, 4,
// 6 -> [3, 5, 7]. Then a dynamic-size slice of dim - 2 = 6 elements from
// offset 1 with unit stride: [2, 3, 4, 5, 6, 7].
func.func @extract_slice_dynamic_i8() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = flow.tensor.dynamic_constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi8> -> tensor<?xi8>
  %s = tensor.extract_slice %t[%c2] [%c3] [%c2] : tensor<?xi8> to tensor<?xi8>
  %ss = tensor.cast %s : tensor<?xi8> to tensor<3xi8>
  check.expect_eq_const(%ss, dense<[3, 5, 7]> : tensor<3xi8>) : tensor<3xi8>
  %d = tensor.dim %t, %c0 : tensor<?xi8>
  %n = arith.subi %d, %c2 : index
  %m = tensor.extract_slice %t[%c1] [%n] [1] : tensor<?xi8> to tensor<?xi8>
  %ms = tensor.cast %m : tensor<?xi8> to tensor<6xi8>
  check.expect_eq_const(%ms, dense<[2, 3, 4, 5, 6, 7]> : tensor<6xi8>) : tensor<6xi8>
  return
}

// f16 2x4 source, static rows 0..1 and dynamic column offset 1, size 2,
// stride 2: cols 1, 3 -> [[1.5, 3.5], [5.5, 7.5]].
func.func @extract_slice_f16_mixed() {
  %c1 = arith.constant 1 : index
  %t = util.unfoldable_constant dense<[[0.5, 1.5, 2.5, 3.5], [4.5, 5.5, 6.5, 7.5]]> : tensor<2x4xf16>
  %s = tensor.extract_slice %t[0, %c1] [2, 2] [1, 2] : tensor<2x4xf16> to tensor<2x2xf16>
  check.expect_eq_const(%s, dense<[[1.5, 3.5], [5.5, 7.5]]> : tensor<2x2xf16>) : tensor<2x2xf16>
  return
}

//===----------------------------------------------------------------------===//
// tensor.insert_slice
//===----------------------------------------------------------------------===//

// Inserting [[1, 2], [3, 4]] at [1, 1] of a 3x3 zero tensor fills rows 1..2,
// cols 1..2.
func.func @insert_slice_static() {
  %d = util.unfoldable_constant dense<0> : tensor<3x3xi32>
  %s = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %r = tensor.insert_slice %s into %d[1, 1] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<3x3xi32>
  check.expect_eq_const(%r, dense<[[0, 0, 0], [0, 1, 2], [0, 3, 4]]> : tensor<3x3xi32>) : tensor<3x3xi32>
  return
}

// Strided insert: [[1, 2, 3], [4, 5, 6]] at [0, 0] with strides [1, 2] lands
// in cols 0, 2, 4 of a 2x6 tensor of -1.
func.func @insert_slice_strided() {
  %d = util.unfoldable_constant dense<-1> : tensor<2x6xi32>
  %s = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = tensor.insert_slice %s into %d[0, 0] [2, 3] [1, 2] : tensor<2x3xi32> into tensor<2x6xi32>
  check.expect_eq_const(%r, dense<[[1, -1, 2, -1, 3, -1], [4, -1, 5, -1, 6, -1]]> : tensor<2x6xi32>) : tensor<2x6xi32>
  return
}

// Rank-reducing insert: the f32 row [7, 8, 9] replaces row 1 of a 2x3 zero
// tensor (the slice is [1, 0] [1, 3]).
func.func @insert_slice_rank_reducing_f32() {
  %d = util.unfoldable_constant dense<0.0> : tensor<2x3xf32>
  %s = util.unfoldable_constant dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
  %r = tensor.insert_slice %s into %d[1, 0] [1, 3] [1, 1] : tensor<3xf32> into tensor<2x3xf32>
  check.expect_eq_const(%r, dense<[[0.0, 0.0, 0.0], [7.0, 8.0, 9.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  return
}

// Dynamic insert: [5, 6] (dynamic) into a dynamic 6-element zero tensor at
// offset 1, stride 3: positions 1 and 4 -> [0, 5, 0, 0, 6, 0].
func.func @insert_slice_dynamic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %d = flow.tensor.dynamic_constant dense<0> : tensor<6xi32> -> tensor<?xi32>
  %s = flow.tensor.dynamic_constant dense<[5, 6]> : tensor<2xi32> -> tensor<?xi32>
  %n = tensor.dim %s, %c0 : tensor<?xi32>
  %r = tensor.insert_slice %s into %d[%c1] [%n] [%c3] : tensor<?xi32> into tensor<?xi32>
  %rs = tensor.cast %r : tensor<?xi32> to tensor<6xi32>
  check.expect_eq_const(%rs, dense<[0, 5, 0, 0, 6, 0]> : tensor<6xi32>) : tensor<6xi32>
  return
}

// extract_slice then insert_slice of the same window is the identity: the 2x2
// window at [1, 2] of the 3x4 i8 tensor goes back where it came from.
func.func @slice_round_trip_i8() {
  %t = util.unfoldable_constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi8>
  %s = tensor.extract_slice %t[1, 2] [2, 2] [1, 1] : tensor<3x4xi8> to tensor<2x2xi8>
  check.expect_eq_const(%s, dense<[[7, 8], [11, 12]]> : tensor<2x2xi8>) : tensor<2x2xi8>
  %r = tensor.insert_slice %s into %t[1, 2] [2, 2] [1, 1] : tensor<2x2xi8> into tensor<3x4xi8>
  check.expect_eq(%r, %t) : tensor<3x4xi8>
  return
}

//===----------------------------------------------------------------------===//
// tensor.cast, tensor.bitcast
//===----------------------------------------------------------------------===//

// cast to a dynamic type and back keeps the data [1, 2, 3, 4].
func.func @cast_round_trip() {
  %t = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %d = tensor.cast %t : tensor<2x2xi32> to tensor<?x?xi32>
  %h = tensor.cast %d : tensor<?x?xi32> to tensor<2x?xi32>
  %s = tensor.cast %h : tensor<2x?xi32> to tensor<2x2xi32>
  check.expect_eq(%s, %t) : tensor<2x2xi32>
  return
}

// Bits preserved: f32 1.0 is 0x3F800000 = 1065353216, -2.0 is 0xC0000000 =
// -1073741824 as i32; f16 1.0 is 0x3C00 = 15360 and -0.0 is 0x8000 = -32768 as
// i16; i32 1065353216 goes back to f32 1.0.
func.func @bitcast() {
  %f = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xf32>
  %i = tensor.bitcast %f : tensor<2xf32> to tensor<2xi32>
  check.expect_eq_const(%i, dense<[1065353216, -1073741824]> : tensor<2xi32>) : tensor<2xi32>
  %h = util.unfoldable_constant dense<[1.0, -0.0]> : tensor<2xf16>
  %hi = tensor.bitcast %h : tensor<2xf16> to tensor<2xi16>
  check.expect_eq_const(%hi, dense<[15360, -32768]> : tensor<2xi16>) : tensor<2xi16>
  %back = tensor.bitcast %i : tensor<2xi32> to tensor<2xf32>
  check.expect_eq(%back, %f) : tensor<2xf32>
  return
}

//===----------------------------------------------------------------------===//
// tensor.collapse_shape, tensor.expand_shape, tensor.reshape
//===----------------------------------------------------------------------===//

// Collapsing 2x3x2 (values 0..11 row-major) by [[0, 1], [2]] gives 6x2 rows
// [0, 1], [2, 3], ...; expanding back with output_shape [2, 3, 2] restores the
// original.
func.func @collapse_expand_round_trip() {
  %t = util.unfoldable_constant dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]> : tensor<2x3x2xi32>
  %c = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x2xi32> into tensor<6x2xi32>
  check.expect_eq_const(%c, dense<[[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]]> : tensor<6x2xi32>) : tensor<6x2xi32>
  %e = tensor.expand_shape %c [[0, 1], [2]] output_shape [2, 3, 2] : tensor<6x2xi32> into tensor<2x3x2xi32>
  check.expect_eq(%e, %t) : tensor<2x3x2xi32>
  %flat = tensor.collapse_shape %t [[0, 1, 2]] : tensor<2x3x2xi32> into tensor<12xi32>
  check.expect_eq_const(%flat, dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]> : tensor<12xi32>) : tensor<12xi32>
  return
}

// Dynamic expand: 6 f32 values 0..5 behind tensor<?xf32> expanded to ?x3
// with output_shape [dim / 3 = 2, 3] gives [[0, 1, 2], [3, 4, 5]]; collapsing
// back to ? gives the original 6 values.
func.func @expand_collapse_dynamic() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %t = flow.tensor.dynamic_constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32> -> tensor<?xf32>
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %rows = arith.divui %d, %c3 : index
  %e = tensor.expand_shape %t [[0, 1]] output_shape [%rows, 3] : tensor<?xf32> into tensor<?x3xf32>
  %es = tensor.cast %e : tensor<?x3xf32> to tensor<2x3xf32>
  check.expect_eq_const(%es, dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<?x3xf32> into tensor<?xf32>
  %cs = tensor.cast %c : tensor<?xf32> to tensor<6xf32>
  check.expect_eq_const(%cs, dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<6xf32>) : tensor<6xf32>
  return
}

// Expanding a unit dim and collapsing it away: tensor<3xi8> [1, 2, 3] ->
// tensor<1x3xi8> [[1, 2, 3]] -> tensor<3xi8>.
func.func @expand_unit_dim_i8() {
  %t = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi8>
  %e = tensor.expand_shape %t [[0, 1]] output_shape [1, 3] : tensor<3xi8> into tensor<1x3xi8>
  check.expect_eq_const(%e, dense<[[1, 2, 3]]> : tensor<1x3xi8>) : tensor<1x3xi8>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<1x3xi8> into tensor<3xi8>
  check.expect_eq(%c, %t) : tensor<3xi8>
  return
}

// reshape keeps the row-major order: 2x3 [[1, 2, 3], [4, 5, 6]] -> 6 via the
// index shape [6], then -> 3x2 [[1, 2], [3, 4], [5, 6]] via the i32 shape
// [3, 2].
func.func @reshape() {
  %t = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %s1 = util.unfoldable_constant dense<[6]> : tensor<1xindex>
  %flat = tensor.reshape %t(%s1) : (tensor<2x3xi32>, tensor<1xindex>) -> tensor<6xi32>
  check.expect_eq_const(%flat, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>) : tensor<6xi32>
  %s2 = util.unfoldable_constant dense<[3, 2]> : tensor<2xi32>
  %r = tensor.reshape %flat(%s2) : (tensor<6xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const(%r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}

// reshape to a dynamic result: 4 f16 values to shape [2, 2] from a dynamic
// shape operand gives [[1, 2], [3, 4]].
func.func @reshape_dynamic_f16() {
  %t = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf16>
  %s = util.unfoldable_constant dense<[2, 2]> : tensor<2xindex>
  %r = tensor.reshape %t(%s) : (tensor<4xf16>, tensor<2xindex>) -> tensor<?x?xf16>
  %rs = tensor.cast %r : tensor<?x?xf16> to tensor<2x2xf16>
  check.expect_eq_const(%rs, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>) : tensor<2x2xf16>
  return
}

//===----------------------------------------------------------------------===//
// tensor.pad
//===----------------------------------------------------------------------===//

// 2x2 [[1, 2], [3, 4]] padded low [1, 0], high [0, 2] with 9: one row of 9s on
// top, two columns of 9s on the right -> 3x4.
func.func @pad_static_captured() {
  %t = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %pv = arith.constant 9 : i32
  %p = tensor.pad %t low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : i32
  } : tensor<2x2xi32> to tensor<3x4xi32>
  check.expect_eq_const(%p, dense<[[9, 9, 9, 9], [1, 2, 9, 9], [3, 4, 9, 9]]> : tensor<3x4xi32>) : tensor<3x4xi32>
  return
}

// The body defines its own constant -0.5 and ignores the index arguments:
// [1, 2] (f32) padded low 2, high 1 -> [-0.5, -0.5, 1, 2, -0.5].
func.func @pad_constant_in_body_f32() {
  %t = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %p = tensor.pad %t low[2] high[1] {
  ^bb0(%i: index):
    %c = arith.constant -0.5 : f32
    tensor.yield %c : f32
  } : tensor<2xf32> to tensor<5xf32>
  check.expect_eq_const(%p, dense<[-0.5, -0.5, 1.0, 2.0, -0.5]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// Dynamic amounts: low = 1, high = 2 (index values), source [5, 6, 7] (i8,
// dynamic) padded with 0 -> [0, 5, 6, 7, 0, 0]; the result has 3 + 1 + 2 = 6
// elements.
func.func @pad_dynamic_i8() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i8
  %t = flow.tensor.dynamic_constant dense<[5, 6, 7]> : tensor<3xi8> -> tensor<?xi8>
  %p = tensor.pad %t low[%c1] high[%c2] {
  ^bb0(%i: index):
    tensor.yield %z : i8
  } : tensor<?xi8> to tensor<?xi8>
  %ps = tensor.cast %p : tensor<?xi8> to tensor<6xi8>
  check.expect_eq_const(%ps, dense<[0, 5, 6, 7, 0, 0]> : tensor<6xi8>) : tensor<6xi8>
  return
}

// Mixed static/dynamic 2-D padding of a static source: [[1, 2]] (f16) with
// low [0, %c1 = 1], high [1, 0] and pad value 8 -> [[8, 1, 2], [8, 8, 8]].
func.func @pad_mixed_2d_f16() {
  %c1 = arith.constant 1 : index
  %pv = arith.constant 8.0 : f16
  %t = util.unfoldable_constant dense<[[1.0, 2.0]]> : tensor<1x2xf16>
  %p = tensor.pad %t low[0, %c1] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f16
  } : tensor<1x2xf16> to tensor<2x?xf16>
  %ps = tensor.cast %p : tensor<2x?xf16> to tensor<2x3xf16>
  check.expect_eq_const(%ps, dense<[[8.0, 1.0, 2.0], [8.0, 8.0, 8.0]]> : tensor<2x3xf16>) : tensor<2x3xf16>
  return
}

// A body that computes from the indices: pad value = 10 * i + j (result
// coordinates). [[1]] padded low [1, 1], high [1, 1] -> 3x3 where only the
// centre [1, 1] comes from the source:
// [[0, 1, 2], [10, 1, 12], [20, 21, 22]].
func.func @pad_index_dependent_body() {
  %t = util.unfoldable_constant dense<[[1]]> : tensor<1x1xi32>
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %v = arith.index_cast %b : index to i32
    tensor.yield %v : i32
  } : tensor<1x1xi32> to tensor<3x3xi32>
  check.expect_eq_const(%p, dense<[[0, 1, 2], [10, 1, 12], [20, 21, 22]]> : tensor<3x3xi32>) : tensor<3x3xi32>
  return
}

// The body runs only at padding positions: with r = (i - 1)^2 + (j - 1)^2 the
// pad value 100 / r would divide by zero at the centre [1, 1], which comes
// from the source (7) instead. Corners have r = 2 -> 50, edge middles r = 1
// -> 100: [[50, 100, 50], [100, 7, 100], [50, 100, 50]].
func.func @pad_body_not_run_inside() {
  %t = util.unfoldable_constant dense<[[7]]> : tensor<1x1xi32>
  %p = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : i32
    %a = arith.subi %i, %c1 : index
    %b = arith.subi %j, %c1 : index
    %a2 = arith.muli %a, %a : index
    %b2 = arith.muli %b, %b : index
    %r = arith.addi %a2, %b2 : index
    %r32 = arith.index_cast %r : index to i32
    %v = arith.divsi %c100, %r32 : i32
    tensor.yield %v : i32
  } : tensor<1x1xi32> to tensor<3x3xi32>
  check.expect_eq_const(%p, dense<[[50, 100, 50], [100, 7, 100], [50, 100, 50]]> : tensor<3x3xi32>) : tensor<3x3xi32>
  return
}

// Zero padding everywhere is the identity; i1 source [true, false].
func.func @pad_zero_amounts_i1() {
  %f = arith.constant false
  %t = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %p = tensor.pad %t low[0] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : i1
  } : tensor<2xi1> to tensor<2xi1>
  check.expect_eq(%p, %t) : tensor<2xi1>
  %q = tensor.pad %t low[1] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : i1
  } : tensor<2xi1> to tensor<3xi1>
  check.expect_eq_const(%q, dense<[false, true, false]> : tensor<3xi1>) : tensor<3xi1>
  return
}

//===----------------------------------------------------------------------===//
// tensor.concat
//===----------------------------------------------------------------------===//

// Along dim 1 (non-leading): [[1, 2], [3, 4]] ++ [[5, 6, 7], [8, 9, 10]] puts
// each row of the second after the same row of the first.
func.func @concat_dim1() {
  %a = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = util.unfoldable_constant dense<[[5, 6, 7], [8, 9, 10]]> : tensor<2x3xi32>
  %c = tensor.concat dim(1) %a, %b : (tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x5xi32>
  check.expect_eq_const(%c, dense<[[1, 2, 5, 6, 7], [3, 4, 8, 9, 10]]> : tensor<2x5xi32>) : tensor<2x5xi32>
  return
}

// Along dim 0, three f32 inputs: rows stacked in order.
func.func @concat_dim0_f32() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %b = util.unfoldable_constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %c = util.unfoldable_constant dense<[[7.0, 8.0]]> : tensor<1x2xf32>
  %r = tensor.concat dim(0) %a, %b, %c : (tensor<1x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<4x2xf32>
  check.expect_eq_const(%r, dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>) : tensor<4x2xf32>
  return
}

// Dynamic inputs along the last dim of a 3-D tensor (i8): a is 1x2x1 [[[1],
// [2]]], b is 1x2x2 [[[3, 4], [5, 6]]] -> [[[1, 3, 4], [2, 5, 6]]].
func.func @concat_dynamic_last_dim_i8() {
  %a = flow.tensor.dynamic_constant dense<[[[1], [2]]]> : tensor<1x2x1xi8> -> tensor<1x2x?xi8>
  %b = flow.tensor.dynamic_constant dense<[[[3, 4], [5, 6]]]> : tensor<1x2x2xi8> -> tensor<1x2x?xi8>
  %c = tensor.concat dim(2) %a, %b : (tensor<1x2x?xi8>, tensor<1x2x?xi8>) -> tensor<1x2x?xi8>
  %cs = tensor.cast %c : tensor<1x2x?xi8> to tensor<1x2x3xi8>
  check.expect_eq_const(%cs, dense<[[[1, 3, 4], [2, 5, 6]]]> : tensor<1x2x3xi8>) : tensor<1x2x3xi8>
  return
}

//===----------------------------------------------------------------------===//
// tensor.splat, tensor.generate
//===----------------------------------------------------------------------===//

// Every element is the scalar: 2x3 of 2.5 (f32); a dynamic ?x2 i8 splat with
// size 3 is a 3x2 tensor of -7.
func.func @splat() {
  %v = arith.constant 2.5 : f32
  %s = tensor.splat %v : tensor<2x3xf32>
  check.expect_eq_const(%s, dense<2.5> : tensor<2x3xf32>) : tensor<2x3xf32>
  %c3 = arith.constant 3 : index
  %w = arith.constant -7 : i8
  %d = tensor.splat %w[%c3] : tensor<?x2xi8>
  %ds = tensor.cast %d : tensor<?x2xi8> to tensor<3x2xi8>
  check.expect_eq_const(%ds, dense<-7> : tensor<3x2xi8>) : tensor<3x2xi8>
  return
}

// Element [i, j] of a 2x3 i32 tensor is 10 * i + j: [[0, 1, 2], [10, 11, 12]].
func.func @generate_static() {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %v = arith.index_cast %b : index to i32
    tensor.yield %v : i32
  } : tensor<2x3xi32>
  check.expect_eq_const(%g, dense<[[0, 1, 2], [10, 11, 12]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Dynamic extent 4 with a body reading a captured tensor in reverse:
// element i is src[3 - i] of [1.0, 2.0, 3.0, 4.0] -> [4, 3, 2, 1].
func.func @generate_dynamic_reverse_f32() {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %src = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %g = tensor.generate %c4 {
  ^bb0(%i: index):
    %k = arith.subi %c3, %i : index
    %v = tensor.extract %src[%k] : tensor<4xf32>
    tensor.yield %v : f32
  } : tensor<?xf32>
  %gs = tensor.cast %g : tensor<?xf32> to tensor<4xf32>
  check.expect_eq_const(%gs, dense<[4.0, 3.0, 2.0, 1.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// A larger generate (3 x 300, more than one batch of lanes per row): element
// [i, j] is i + j; spot-check through slices: row 2, cols 297..299 is
// [299, 300, 301], and row 0, cols 0..2 is [0, 1, 2].
func.func @generate_wide_rows() {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %b = arith.addi %i, %j : index
    %v = arith.index_cast %b : index to i32
    tensor.yield %v : i32
  } : tensor<3x300xi32>
  %a = tensor.extract_slice %g[2, 297] [1, 3] [1, 1] : tensor<3x300xi32> to tensor<3xi32>
  check.expect_eq_const(%a, dense<[299, 300, 301]> : tensor<3xi32>) : tensor<3xi32>
  %b = tensor.extract_slice %g[0, 0] [1, 3] [1, 1] : tensor<3x300xi32> to tensor<3xi32>
  check.expect_eq_const(%b, dense<[0, 1, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}
