// Self-checking e2e tests for iree_linalg_ext.sort. Run with
//   ref-run --check linalg_ext_sort.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation. The comparator yields true when "left may
// stay before right". Among keys the comparator leaves unordered (ties) the
// order of the other operands is unspecified (IREE: N bubble sweeps), so
// payloads are only checked where the keys are distinct, or through an
// order-independent reduction over a tie group.
//
// Notation: "perm p" means out[i] = in[p[i]] along the sorted dimension.

//===----------------------------------------------------------------------===//
// 1-D, one operand, each key type and comparator
//===----------------------------------------------------------------------===//

// i32 slt (ascending): [5, -2, 9, 0, 3] -> [-2, 0, 3, 5, 9].
func.func @sort_1d_i32_slt() {
  %k = util.unfoldable_constant dense<[5, -2, 9, 0, 3]> : tensor<5xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>
  check.expect_eq_const(%r, dense<[-2, 0, 3, 5, 9]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// i32 sgt (descending): [5, -2, 9, 0, 3] -> [9, 5, 3, 0, -2].
func.func @sort_1d_i32_sgt() {
  %k = util.unfoldable_constant dense<[5, -2, 9, 0, 3]> : tensor<5xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>
  check.expect_eq_const(%r, dense<[9, 5, 3, 0, -2]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// i8 ult (ascending as unsigned): [-1, 3, -128, 127, 0] read unsigned is
// [255, 3, 128, 127, 0]; ascending unsigned 0, 3, 127, 128, 255, i.e. as
// signed i8 [0, 3, 127, -128, -1] (a signed sort would give
// [-128, -1, 0, 3, 127]).
func.func @sort_1d_i8_ult() {
  %k = util.unfoldable_constant dense<[-1, 3, -128, 127, 0]> : tensor<5xi8>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi8>) {
  ^bb0(%a: i8, %b: i8):
    %c = arith.cmpi ult, %a, %b : i8
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi8>
  check.expect_eq_const(%r, dense<[0, 3, 127, -128, -1]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i8 ugt (descending as unsigned): unsigned [255, 3, 128, 127, 0] descending
// 255, 128, 127, 3, 0 = signed [-1, -128, 127, 3, 0].
func.func @sort_1d_i8_ugt() {
  %k = util.unfoldable_constant dense<[-1, 3, -128, 127, 0]> : tensor<5xi8>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi8>) {
  ^bb0(%a: i8, %b: i8):
    %c = arith.cmpi ugt, %a, %b : i8
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi8>
  check.expect_eq_const(%r, dense<[-1, -128, 127, 3, 0]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i8 slt on the same data: signed ascending [-128, -1, 0, 3, 127].
func.func @sort_1d_i8_slt() {
  %k = util.unfoldable_constant dense<[-1, 3, -128, 127, 0]> : tensor<5xi8>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi8>) {
  ^bb0(%a: i8, %b: i8):
    %c = arith.cmpi slt, %a, %b : i8
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi8>
  check.expect_eq_const(%r, dense<[-128, -1, 0, 3, 127]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i64 slt with values that differ only above bit 31 (a 32-bit truncation
// would see 4294967296 and -4294967296 both as 0):
//   [4294967296, -4294967296, 1, -1, 9223372036854775807, -9223372036854775808]
//   ascending: -2^63, -2^32, -1, 1, 2^32, 2^63-1.
func.func @sort_1d_i64_slt() {
  %k = util.unfoldable_constant dense<[4294967296, -4294967296, 1, -1, 9223372036854775807, -9223372036854775808]> : tensor<6xi64>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<6xi64>) {
  ^bb0(%a: i64, %b: i64):
    %c = arith.cmpi slt, %a, %b : i64
    iree_linalg_ext.yield %c : i1
  } -> tensor<6xi64>
  check.expect_eq_const(%r, dense<[-9223372036854775808, -4294967296, -1, 1, 4294967296, 9223372036854775807]> : tensor<6xi64>) : tensor<6xi64>
  return
}

// i64 ult: unsigned order puts the negatives last: -1 = 2^64-1 is the
// largest, -2^63 = 2^63 next, -2^32 = 2^64-2^32 between them:
//   unsigned values: 2^32, 2^64-2^32, 1, 2^64-1, 2^63-1, 2^63
//   ascending: 1, 2^32, 2^63-1, 2^63 (= -2^63), 2^64-2^32 (= -2^32), 2^64-1 (= -1).
func.func @sort_1d_i64_ult() {
  %k = util.unfoldable_constant dense<[4294967296, -4294967296, 1, -1, 9223372036854775807, -9223372036854775808]> : tensor<6xi64>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<6xi64>) {
  ^bb0(%a: i64, %b: i64):
    %c = arith.cmpi ult, %a, %b : i64
    iree_linalg_ext.yield %c : i1
  } -> tensor<6xi64>
  check.expect_eq_const(%r, dense<[1, 4294967296, 9223372036854775807, -9223372036854775808, -4294967296, -1]> : tensor<6xi64>) : tensor<6xi64>
  return
}

// f16 olt: [1.5, -0.5, 65504, -65504, 0.0] (65504 = largest finite f16)
//   ascending: -65504, -0.5, 0.0, 1.5, 65504.
func.func @sort_1d_f16_olt() {
  %k = util.unfoldable_constant dense<[1.5, -0.5, 65504.0, -65504.0, 0.0]> : tensor<5xf16>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xf16>) {
  ^bb0(%a: f16, %b: f16):
    %c = arith.cmpf olt, %a, %b : f16
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xf16>
  check.expect_eq_const(%r, dense<[-65504.0, -0.5, 0.0, 1.5, 65504.0]> : tensor<5xf16>) : tensor<5xf16>
  return
}

// bf16 ogt (descending): [1.0, -2.5, 256.0, 0.125, -1024.0]
//   descending: 256, 1, 0.125, -2.5, -1024.
func.func @sort_1d_bf16_ogt() {
  %k = util.unfoldable_constant dense<[1.0, -2.5, 256.0, 0.125, -1024.0]> : tensor<5xbf16>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xbf16>) {
  ^bb0(%a: bf16, %b: bf16):
    %c = arith.cmpf ogt, %a, %b : bf16
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xbf16>
  check.expect_eq_const(%r, dense<[256.0, 1.0, 0.125, -2.5, -1024.0]> : tensor<5xbf16>) : tensor<5xbf16>
  return
}

// f32 olt with infinities (0xFF800000 = -inf, 0x7F800000 = +inf):
//   [0.5, -inf, 1e30, -3.25, +inf] -> [-inf, -3.25, 0.5, 1e30, +inf].
func.func @sort_1d_f32_olt_inf() {
  %k = util.unfoldable_constant dense<[0.5, 0xFF800000, 1.0e30, -3.25, 0x7F800000]> : tensor<5xf32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xf32>
  check.expect_eq_const(%r, dense<[0xFF800000, -3.25, 0.5, 1.0e30, 0x7F800000]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// f64 olt: [1e300, -1e-300, 2.5, -7.0] -> [-7.0, -1e-300, 2.5, 1e300]
// (1e300 and 1e-300 are outside f32's range: they survive only as f64).
func.func @sort_1d_f64_olt() {
  %k = util.unfoldable_constant dense<[1.0e300, -1.0e-300, 2.5, -7.0]> : tensor<4xf64>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<4xf64>) {
  ^bb0(%a: f64, %b: f64):
    %c = arith.cmpf olt, %a, %b : f64
    iree_linalg_ext.yield %c : i1
  } -> tensor<4xf64>
  check.expect_eq_const(%r, dense<[-7.0, -1.0e-300, 2.5, 1.0e300]> : tensor<4xf64>) : tensor<4xf64>
  return
}

// i1 keys with ult (false = 0 < true = 1): [1, 0, 1, 0] -> [0, 0, 1, 1].
// (IREE rewrites i1 sort operands to i8; the result is the same.)
func.func @sort_1d_i1_ult() {
  %k = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<4xi1>) {
  ^bb0(%a: i1, %b: i1):
    %c = arith.cmpi ult, %a, %b : i1
    iree_linalg_ext.yield %c : i1
  } -> tensor<4xi1>
  check.expect_eq_const(%r, dense<[false, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// Keys with duplicates and a strict comparator: only the keys are checked,
// and they are determined: [3, 1, 3, 2, 1] slt -> [1, 1, 2, 3, 3].
func.func @sort_1d_duplicates_keys_only() {
  %k = util.unfoldable_constant dense<[3, 1, 3, 2, 1]> : tensor<5xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<5xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>
  check.expect_eq_const(%r, dense<[1, 1, 2, 3, 3]> : tensor<5xi32>) : tensor<5xi32>
  return
}

//===----------------------------------------------------------------------===//
// 2-D and 3-D
//===----------------------------------------------------------------------===//

// 2x3 i32 along dimension 0 (each column sorted, slt):
//   [[5, 1, 9],      col 0: [5, 2] -> [2, 5]
//    [2, 8, 3]]      col 1: [1, 8] -> [1, 8];  col 2: [9, 3] -> [3, 9]
//   -> [[2, 1, 3], [5, 8, 9]].
func.func @sort_2d_dim0_i32() {
  %k = util.unfoldable_constant dense<[[5, 1, 9], [2, 8, 3]]> : tensor<2x3xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<2x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[2, 1, 3], [5, 8, 9]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// 2x4 f32 along dimension 1 with ogt (each row descending):
//   row 0: [1, 4, 2, 3] -> [4, 3, 2, 1]
//   row 1: [-1, -4, -2, -3] -> [-1, -2, -3, -4].
func.func @sort_2d_dim1_f32_ogt() {
  %k = util.unfoldable_constant dense<[[1.0, 4.0, 2.0, 3.0], [-1.0, -4.0, -2.0, -3.0]]> : tensor<2x4xf32>
  %r = iree_linalg_ext.sort dimension(1) outs(%k : tensor<2x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x4xf32>
  check.expect_eq_const(%r, dense<[[4.0, 3.0, 2.0, 1.0], [-1.0, -2.0, -3.0, -4.0]]> : tensor<2x4xf32>) : tensor<2x4xf32>
  return
}

// 2x3x2 i32 along the middle dimension (slt). Lines (i, :, j):
//   (0,:,0): [3, 1, 2] -> [1, 2, 3]     (0,:,1): [0, 5, -1] -> [-1, 0, 5]
//   (1,:,0): [9, 8, 7] -> [7, 8, 9]     (1,:,1): [7, 6, 8]  -> [6, 7, 8]
//   -> [[[1, -1], [2, 0], [3, 5]], [[7, 6], [8, 7], [9, 8]]].
func.func @sort_3d_middle_dim() {
  %k = util.unfoldable_constant dense<[[[3, 0], [1, 5], [2, -1]], [[9, 7], [8, 6], [7, 8]]]> : tensor<2x3x2xi32>
  %r = iree_linalg_ext.sort dimension(1) outs(%k : tensor<2x3x2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3x2xi32>
  check.expect_eq_const(%r, dense<[[[1, -1], [2, 0], [3, 5]], [[7, 6], [8, 7], [9, 8]]]> : tensor<2x3x2xi32>) : tensor<2x3x2xi32>
  return
}

// 2x2x3 f32 along the last dimension (olt), with a payload along the same
// dimension. Lines (i, j, :) and their perms:
//   (0,0): [2, 0, 1] perm [1, 2, 0]   payload [0, 1, 2] -> [1, 2, 0]
//   (0,1): [5, 4, 3] perm [2, 1, 0]   payload [3, 4, 5] -> [5, 4, 3]
//   (1,0): [7, 8, 6] perm [2, 0, 1]   payload [6, 7, 8] -> [8, 6, 7]
//   (1,1): [9, 10, 11] perm [0, 1, 2] payload [9, 10, 11] unchanged
func.func @sort_3d_last_dim_payload() {
  %k = util.unfoldable_constant dense<[[[2.0, 0.0, 1.0], [5.0, 4.0, 3.0]], [[7.0, 8.0, 6.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>
  %v = util.unfoldable_constant dense<[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]]]> : tensor<2x2x3xi32>
  %r:2 = iree_linalg_ext.sort dimension(2) outs(%k, %v : tensor<2x2x3xf32>, tensor<2x2x3xi32>) {
  ^bb0(%a: f32, %b: f32, %x: i32, %y: i32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2x3xf32>, tensor<2x2x3xi32>
  check.expect_eq_const(%r#0, dense<[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], [[6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]]> : tensor<2x2x3xf32>) : tensor<2x2x3xf32>
  check.expect_eq_const(%r#1, dense<[[[1, 2, 0], [5, 4, 3]], [[8, 6, 7], [9, 10, 11]]]> : tensor<2x2x3xi32>) : tensor<2x2x3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Multi-operand sorts (key + payloads), non-involutive permutations
//===----------------------------------------------------------------------===//

// Key i32 + payload f32, slt on the key. Keys [30, 10, 50, 20, 40]:
//   sorted 10(#1), 20(#3), 30(#0), 40(#4), 50(#2): perm p = [1, 3, 0, 4, 2],
//   a 5-cycle 0 -> 1 -> 3 -> 4 -> 2 -> 0, so p != p^-1 = [2, 0, 4, 1, 3].
//   payload [0.5, 1.5, 2.5, 3.5, 4.5] -> out[i] = in[p[i]] = [1.5, 3.5, 0.5, 4.5, 2.5]
//   (applying the inverse permutation would wrongly give [2.5, 0.5, 4.5, 1.5, 3.5]).
func.func @sort_key_payload_5cycle() {
  %k = util.unfoldable_constant dense<[30, 10, 50, 20, 40]> : tensor<5xi32>
  %v = util.unfoldable_constant dense<[0.5, 1.5, 2.5, 3.5, 4.5]> : tensor<5xf32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<5xi32>, tensor<5xf32>) {
  ^bb0(%a: i32, %b: i32, %x: f32, %y: f32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>, tensor<5xf32>
  check.expect_eq_const(%r#0, dense<[10, 20, 30, 40, 50]> : tensor<5xi32>) : tensor<5xi32>
  check.expect_eq_const(%r#1, dense<[1.5, 3.5, 0.5, 4.5, 2.5]> : tensor<5xf32>) : tensor<5xf32>
  return
}

// The payload is the key operand here (operand 1 is compared, operand 0 is
// carried): the comparator reads block arguments 2 and 3.
//   keys (operand 1) [30, 10, 50, 20, 40] -> perm [1, 3, 0, 4, 2] (5-cycle)
//   operand 0 [100, 101, 102, 103, 104] -> [101, 103, 100, 104, 102]
//   (inverse would give [102, 100, 104, 101, 103]).
func.func @sort_key_second_operand() {
  %v = util.unfoldable_constant dense<[100, 101, 102, 103, 104]> : tensor<5xi64>
  %k = util.unfoldable_constant dense<[30, 10, 50, 20, 40]> : tensor<5xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%v, %k : tensor<5xi64>, tensor<5xi32>) {
  ^bb0(%x: i64, %y: i64, %a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi64>, tensor<5xi32>
  check.expect_eq_const(%r#0, dense<[101, 103, 100, 104, 102]> : tensor<5xi64>) : tensor<5xi64>
  check.expect_eq_const(%r#1, dense<[10, 20, 30, 40, 50]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// Three operands: key i32, payloads f32 and i64; slt on the key.
//   keys [4, 0, 3, 1, 2]: 0(#1), 1(#3), 2(#4), 3(#2), 4(#0) -> p = [1, 3, 4, 2, 0],
//   a 5-cycle 0 -> 1 -> 3 -> 2 -> 4 -> 0 (p^-1 = [4, 0, 3, 1, 2] != p).
//   f32 [10, 11, 12, 13, 14] -> [11, 13, 14, 12, 10]
//   i64 [-1, -2, -3, -4, -5] -> [-2, -4, -5, -3, -1]
//   (the inverse would give [14, 10, 13, 11, 12] and [-5, -1, -4, -2, -3]).
func.func @sort_three_operands() {
  %k = util.unfoldable_constant dense<[4, 0, 3, 1, 2]> : tensor<5xi32>
  %p = util.unfoldable_constant dense<[10.0, 11.0, 12.0, 13.0, 14.0]> : tensor<5xf32>
  %q = util.unfoldable_constant dense<[-1, -2, -3, -4, -5]> : tensor<5xi64>
  %r:3 = iree_linalg_ext.sort dimension(0) outs(%k, %p, %q : tensor<5xi32>, tensor<5xf32>, tensor<5xi64>) {
  ^bb0(%a: i32, %b: i32, %x: f32, %y: f32, %u: i64, %w: i64):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>, tensor<5xf32>, tensor<5xi64>
  check.expect_eq_const(%r#0, dense<[0, 1, 2, 3, 4]> : tensor<5xi32>) : tensor<5xi32>
  check.expect_eq_const(%r#1, dense<[11.0, 13.0, 14.0, 12.0, 10.0]> : tensor<5xf32>) : tensor<5xf32>
  check.expect_eq_const(%r#2, dense<[-2, -4, -5, -3, -1]> : tensor<5xi64>) : tensor<5xi64>
  return
}

// Lexicographic two-key comparator: (a_l < a_r) || (a_l == a_r && b_l < b_r),
// plus a payload c. Pairs (a, b) per position:
//   #0 (1, 8)  #1 (0, 5)  #2 (2, 4)  #3 (1, 2)  #4 (2, 1)
//   sorted: (0,5)#1, (1,2)#3, (1,8)#0, (2,1)#4, (2,4)#2 -> p = [1, 3, 0, 4, 2]
//   (5-cycle; p^-1 = [2, 0, 4, 1, 3]). All pairs are distinct, so the order is
//   total and every output is determined. The secondary key matters: a stable
//   sort on `a` alone would put #0 before #3 and #2 before #4.
//   a -> [0, 1, 1, 2, 2];  b -> [5, 2, 8, 1, 4];  c [100..104] -> [101, 103, 100, 104, 102].
func.func @sort_lexicographic_two_keys() {
  %a = util.unfoldable_constant dense<[1, 0, 2, 1, 2]> : tensor<5xi32>
  %b = util.unfoldable_constant dense<[8, 5, 4, 2, 1]> : tensor<5xi32>
  %c = util.unfoldable_constant dense<[100, 101, 102, 103, 104]> : tensor<5xi32>
  %r:3 = iree_linalg_ext.sort dimension(0) outs(%a, %b, %c : tensor<5xi32>, tensor<5xi32>, tensor<5xi32>) {
  ^bb0(%al: i32, %ar: i32, %bl: i32, %br: i32, %cl: i32, %cr: i32):
    %lt = arith.cmpi slt, %al, %ar : i32
    %eq = arith.cmpi eq, %al, %ar : i32
    %blt = arith.cmpi slt, %bl, %br : i32
    %and = arith.andi %eq, %blt : i1
    %or = arith.ori %lt, %and : i1
    iree_linalg_ext.yield %or : i1
  } -> tensor<5xi32>, tensor<5xi32>, tensor<5xi32>
  check.expect_eq_const(%r#0, dense<[0, 1, 1, 2, 2]> : tensor<5xi32>) : tensor<5xi32>
  check.expect_eq_const(%r#1, dense<[5, 2, 8, 1, 4]> : tensor<5xi32>) : tensor<5xi32>
  check.expect_eq_const(%r#2, dense<[101, 103, 100, 104, 102]> : tensor<5xi32>) : tensor<5xi32>
  return
}

// 2-D key + payload along dimension 0 (each column its own permutation), sgt:
//   keys [[1, 6], [3, 4], [2, 5]]: col 0 [1, 3, 2] desc -> [3, 2, 1], perm [1, 2, 0]
//                                  col 1 [6, 4, 5] desc -> [6, 5, 4], perm [0, 2, 1]
//   payload [[10, 20], [11, 21], [12, 22]]:
//     col 0 [10, 11, 12] -> [11, 12, 10];  col 1 [20, 21, 22] -> [20, 22, 21]
//   -> keys [[3, 6], [2, 5], [1, 4]], payload [[11, 20], [12, 22], [10, 21]].
func.func @sort_2d_dim0_payload() {
  %k = util.unfoldable_constant dense<[[1, 6], [3, 4], [2, 5]]> : tensor<3x2xi32>
  %v = util.unfoldable_constant dense<[[10, 20], [11, 21], [12, 22]]> : tensor<3x2xi8>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<3x2xi32>, tensor<3x2xi8>) {
  ^bb0(%a: i32, %b: i32, %x: i8, %y: i8):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x2xi32>, tensor<3x2xi8>
  check.expect_eq_const(%r#0, dense<[[3, 6], [2, 5], [1, 4]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  check.expect_eq_const(%r#1, dense<[[11, 20], [12, 22], [10, 21]]> : tensor<3x2xi8>) : tensor<3x2xi8>
  return
}

// Payload-only comparator is legal too: sort by the f16 payload with olt,
// carrying an i32 first operand. f16 keys [0.25, -8.0, 3.0, 0.5]:
//   -8(#1), 0.25(#0), 0.5(#3), 3(#2) -> p = [1, 0, 3, 2];
//   operand 0 [7, 8, 9, 10] -> [8, 7, 10, 9].
func.func @sort_f16_key_second() {
  %v = util.unfoldable_constant dense<[7, 8, 9, 10]> : tensor<4xi32>
  %k = util.unfoldable_constant dense<[0.25, -8.0, 3.0, 0.5]> : tensor<4xf16>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%v, %k : tensor<4xi32>, tensor<4xf16>) {
  ^bb0(%x: i32, %y: i32, %a: f16, %b: f16):
    %c = arith.cmpf olt, %a, %b : f16
    iree_linalg_ext.yield %c : i1
  } -> tensor<4xi32>, tensor<4xf16>
  check.expect_eq_const(%r#0, dense<[8, 7, 10, 9]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%r#1, dense<[-8.0, 0.25, 0.5, 3.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

//===----------------------------------------------------------------------===//
// Dynamic shapes
//===----------------------------------------------------------------------===//

// tensor<?xi32> (4 at run time), slt: [4, -1, 7, 2] -> [-1, 2, 4, 7].
func.func @sort_dynamic_1d() {
  %k = flow.tensor.dynamic_constant dense<[4, -1, 7, 2]> : tensor<4xi32> -> tensor<?xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<?xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<?xi32>
  %rc = tensor.cast %r : tensor<?xi32> to tensor<4xi32>
  check.expect_eq_const(%rc, dense<[-1, 2, 4, 7]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// tensor<?x?xf32> (2x3) keys + tensor<?x?xi32> payload along dimension 1, olt:
//   row 0: [2.5, 0.5, 1.5] perm [1, 2, 0]; payload [0, 1, 2] -> [1, 2, 0]
//   row 1: [-1, -3, -2]    perm [1, 2, 0]; payload [3, 4, 5] -> [4, 5, 3]
//   (perm [1, 2, 0] is a 3-cycle; its inverse [2, 0, 1] would give [2, 0, 1]).
func.func @sort_dynamic_2d_payload() {
  %k = flow.tensor.dynamic_constant dense<[[2.5, 0.5, 1.5], [-1.0, -3.0, -2.0]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  %v = flow.tensor.dynamic_constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %r:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : tensor<?x?xf32>, tensor<?x?xi32>) {
  ^bb0(%a: f32, %b: f32, %x: i32, %y: i32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<?x?xf32>, tensor<?x?xi32>
  %kc = tensor.cast %r#0 : tensor<?x?xf32> to tensor<2x3xf32>
  %vc = tensor.cast %r#1 : tensor<?x?xi32> to tensor<2x3xi32>
  check.expect_eq_const(%kc, dense<[[0.5, 1.5, 2.5], [-3.0, -2.0, -1.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  check.expect_eq_const(%vc, dense<[[1, 2, 0], [4, 5, 3]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Size-1 and size-0 lines
//===----------------------------------------------------------------------===//

// A single element is already sorted: [42] -> [42]; payload [7] -> [7].
func.func @sort_size1() {
  %k = util.unfoldable_constant dense<[42]> : tensor<1xi32>
  %v = util.unfoldable_constant dense<[7.0]> : tensor<1xf32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<1xi32>, tensor<1xf32>) {
  ^bb0(%a: i32, %b: i32, %x: f32, %y: f32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1xi32>, tensor<1xf32>
  check.expect_eq_const(%r#0, dense<[42]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%r#1, dense<[7.0]> : tensor<1xf32>) : tensor<1xf32>
  return
}

// 3x1 along dimension 1: three lines of length 1, nothing moves:
//   [[3], [1], [2]] stays [[3], [1], [2]] (dimension 0 would sort it).
func.func @sort_size1_lines_2d() {
  %k = util.unfoldable_constant dense<[[3], [1], [2]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.sort dimension(1) outs(%k : tensor<3x1xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x1xi32>
  check.expect_eq_const(%r, dense<[[3], [1], [2]]> : tensor<3x1xi32>) : tensor<3x1xi32>
  return
}

// 3x1 along dimension 0: one line of length 3: [3, 1, 2] -> [1, 2, 3].
func.func @sort_size1_other_dim_2d() {
  %k = util.unfoldable_constant dense<[[3], [1], [2]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3x1xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x1xi32>
  check.expect_eq_const(%r, dense<[[1], [2], [3]]> : tensor<3x1xi32>) : tensor<3x1xi32>
  return
}

// A 0-element line: the result is the (empty) input.
func.func @sort_size0() {
  %k = util.unfoldable_constant dense<[]> : tensor<0xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<0xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<0xi32>
  check.expect_eq_const(%r, dense<[]> : tensor<0xi32>) : tensor<0xi32>
  return
}

// 3x0 along dimension 1: three lines of length 0. 0x3 along dimension 1: no
// lines at all. Both results are empty.
func.func @sort_size0_2d() {
  %a = util.unfoldable_constant dense<> : tensor<3x0xf32>
  %b = util.unfoldable_constant dense<> : tensor<0x3xf32>
  %ra = iree_linalg_ext.sort dimension(1) outs(%a : tensor<3x0xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.cmpf olt, %x, %y : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x0xf32>
  %rb = iree_linalg_ext.sort dimension(1) outs(%b : tensor<0x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    %c = arith.cmpf olt, %x, %y : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<0x3xf32>
  check.expect_eq_const(%ra, dense<> : tensor<3x0xf32>) : tensor<3x0xf32>
  check.expect_eq_const(%rb, dense<> : tensor<0x3xf32>) : tensor<0x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// Duplicated keys with a payload and a non-strict comparator (sle)
//===----------------------------------------------------------------------===//

// keys [2, 1, 2, 1, 3], payload [10, 11, 12, 13, 14], comparator sle.
// Keys are determined: [1, 1, 2, 2, 3]. The payload is determined only where
// the key is unique: position 4 (key 3, from #4) holds 14. Positions 0-1 hold
// {11, 13} in some order (keys 1 from #1, #3) and positions 2-3 hold {10, 12}
// (keys 2 from #0, #2): their sums 24 and 22 are order-independent.
func.func @sort_duplicates_sle_payload() {
  %k = util.unfoldable_constant dense<[2, 1, 2, 1, 3]> : tensor<5xi32>
  %v = util.unfoldable_constant dense<[10, 11, 12, 13, 14]> : tensor<5xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<5xi32>, tensor<5xi32>) {
  ^bb0(%a: i32, %b: i32, %x: i32, %y: i32):
    %c = arith.cmpi sle, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xi32>, tensor<5xi32>
  check.expect_eq_const(%r#0, dense<[1, 1, 2, 2, 3]> : tensor<5xi32>) : tensor<5xi32>
  %last = tensor.extract_slice %r#1[4] [1] [1] : tensor<5xi32> to tensor<1xi32>
  check.expect_eq_const(%last, dense<[14]> : tensor<1xi32>) : tensor<1xi32>
  %g01 = tensor.extract_slice %r#1[0] [2] [1] : tensor<5xi32> to tensor<2xi32>
  %g23 = tensor.extract_slice %r#1[2] [2] [1] : tensor<5xi32> to tensor<2xi32>
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %s01 = linalg.reduce ins(%g01 : tensor<2xi32>) outs(%init : tensor<i32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %t = arith.addi %in, %acc : i32
      linalg.yield %t : i32
    }
  %s23 = linalg.reduce ins(%g23 : tensor<2xi32>) outs(%init : tensor<i32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %t = arith.addi %in, %acc : i32
      linalg.yield %t : i32
    }
  check.expect_eq_const(%s01, dense<24> : tensor<i32>) : tensor<i32>
  check.expect_eq_const(%s23, dense<22> : tensor<i32>) : tensor<i32>
  return
}

// sge (non-strict descending) on f32 keys with duplicates and distinct keys
// mixed: keys [0.5, 2.0, 0.5, -1.0], payload [1, 2, 3, 4].
//   keys -> [2.0, 0.5, 0.5, -1.0]. Unique keys: 2.0 (#1) at position 0 ->
//   payload 2; -1.0 (#3) at position 3 -> payload 4. Positions 1-2 hold
//   {1, 3}: only the unique positions are checked, via two slices.
func.func @sort_duplicates_oge_payload() {
  %k = util.unfoldable_constant dense<[0.5, 2.0, 0.5, -1.0]> : tensor<4xf32>
  %v = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: f32, %b: f32, %x: i32, %y: i32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4xf32>, tensor<4xi32>
  check.expect_eq_const(%r#0, dense<[2.0, 0.5, 0.5, -1.0]> : tensor<4xf32>) : tensor<4xf32>
  %first = tensor.extract_slice %r#1[0] [1] [1] : tensor<4xi32> to tensor<1xi32>
  %last = tensor.extract_slice %r#1[3] [1] [1] : tensor<4xi32> to tensor<1xi32>
  check.expect_eq_const(%first, dense<[2]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%last, dense<[4]> : tensor<1xi32>) : tensor<1xi32>
  return
}
