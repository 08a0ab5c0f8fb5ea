// Self-checking e2e tests for iree_linalg_ext.arg_compare. Run with
//   ref-run --check linalg_ext_arg_compare.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// Semantics: the outputs start as (best value, best index) = their initial
// contents; for each element j along the dimension, in order:
//   if cmp(candidate, best): best = (candidate, index_base + j  or  the
//                                     explicit input index at j)
// A strict comparator (ogt/olt) keeps the first winner among equal values, a
// non-strict one (oge/ole/sge) the last.

//===----------------------------------------------------------------------===//
// 1-D
//===----------------------------------------------------------------------===//

// argmax, ogt, ties: [1, 5, 2, 5, 3], init -inf / 0:
//   j0 1 > -inf -> (1, 0); j1 5 > 1 -> (5, 1); j2 2 no; j3 5 > 5 no (tie keeps
//   the first winner); j4 3 no.  -> 5.0, index 1.
func.func @argmax_ogt_first_winner() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 2.0, 5.0, 3.0]> : tensor<5xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<5xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<5.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<1> : tensor<i32>) : tensor<i32>
  return
}

// argmin, olt, ties: [4, 2, 7, 2], init +inf / 0:
//   j0 (4, 0); j1 2 < 4 -> (2, 1); j2 no; j3 2 < 2 no.  -> 2.0, index 1.
func.func @argmin_olt_first_winner() {
  %v = util.unfoldable_constant dense<[4.0, 2.0, 7.0, 2.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0x7F800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<2.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<1> : tensor<i32>) : tensor<i32>
  return
}

// A non-strict comparator (oge) on distinct values is a strict ordering of
// the data: [3, 1, 5, 2], init -inf / 0:
//   j0 3 >= -inf -> (3, 0); j1 no; j2 5 >= 3 -> (5, 2); j3 no.  -> 5.0, index 2.
// (With equal values oge keeps the LAST winner, where a split reduction may
// keep another: defined, with the index reported as freedom, see the
// non-strict cases at the end and
// tests/lit/linalg_ext/strict_order_topk_arg_compare.mlir.)
func.func @argmax_oge_distinct() {
  %v = util.unfoldable_constant dense<[3.0, 1.0, 5.0, 2.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<5.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<2> : tensor<i32>) : tensor<i32>
  return
}

// index_base 100: [1, 5, 2, 10, 7] argmax -> 10 at position 3 -> index 103.
func.func @argmax_index_base() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 2.0, 10.0, 7.0]> : tensor<5xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %base = arith.constant 100 : index
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<5xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) index_base(%base : index) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<10.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<103> : tensor<i32>) : tensor<i32>
  return
}

// index_base with an `index` output and i32 values (sgt): [2, 7, 7], base 5:
//   7 first wins at position 1 -> index 5 + 1 = 6.
func.func @argmax_index_base_index_output() {
  %v = util.unfoldable_constant dense<[2, 7, 7]> : tensor<3xi32>
  %bv = util.unfoldable_constant dense<-2147483648> : tensor<i32>
  %bi = util.unfoldable_constant dense<0> : tensor<index>
  %base = arith.constant 5 : index
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3xi32>) outs(%bv, %bi : tensor<i32>, tensor<index>) index_base(%base : index) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<i32>, tensor<index>
  check.expect_eq_const(%r#0, dense<7> : tensor<i32>) : tensor<i32>
  check.expect_eq_const(%r#1, dense<6> : tensor<index>) : tensor<index>
  return
}

// Explicit input indices [40, 30, 20, 10], values [1, 9, 9, 4], ogt:
//   9 first wins at position 1 -> its index 30 (not the smaller index 20 of the
//   tied position 2: the first winner by position).
func.func @argmax_explicit_indices() {
  %v = util.unfoldable_constant dense<[1.0, 9.0, 9.0, 4.0]> : tensor<4xf32>
  %i = util.unfoldable_constant dense<[40, 30, 20, 10]> : tensor<4xi32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<-1> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v, %i : tensor<4xf32>, tensor<4xi32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<9.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<30> : tensor<i32>) : tensor<i32>
  return
}

// Unsigned argmin (ult) on i8: [-1, 5, 0] is unsigned [255, 5, 0]; init 255 (-1) / 0:
//   j0 255 < 255 no -> stays (-1, 0); j1 5 < 255 -> (5, 1); j2 0 < 5 -> (0, 2).
func.func @argmin_ult_i8() {
  %v = util.unfoldable_constant dense<[-1, 5, 0]> : tensor<3xi8>
  %bv = util.unfoldable_constant dense<-1> : tensor<i8>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3xi8>) outs(%bv, %bi : tensor<i8>, tensor<i32>) {
  ^bb0(%a: i8, %b: i8):
    %c = arith.cmpi ult, %a, %b : i8
    iree_linalg_ext.yield %c : i1
  } -> tensor<i8>, tensor<i32>
  check.expect_eq_const(%r#0, dense<0> : tensor<i8>) : tensor<i8>
  check.expect_eq_const(%r#1, dense<2> : tensor<i32>) : tensor<i32>
  return
}

//===----------------------------------------------------------------------===//
// Init values that win
//===----------------------------------------------------------------------===//

// The init (10.0, 42) beats every input [1, 5, 9] under ogt: nothing replaces
// it -> 10.0, index 42.
func.func @argmax_init_wins() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 9.0]> : tensor<3xf32>
  %bv = util.unfoldable_constant dense<10.0> : tensor<f32>
  %bi = util.unfoldable_constant dense<42> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<10.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<42> : tensor<i32>) : tensor<i32>
  return
}

// An input equal to the init does not replace it under a strict comparator:
// init (9.0, 42), values [9.0, 3.0]: 9 > 9 no -> 9.0, index 42.
func.func @argmax_init_tie_keeps_init() {
  %v = util.unfoldable_constant dense<[9.0, 3.0]> : tensor<2xf32>
  %bv = util.unfoldable_constant dense<9.0> : tensor<f32>
  %bi = util.unfoldable_constant dense<42> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<2xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<9.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<42> : tensor<i32>) : tensor<i32>
  return
}

// 2-D along dimension 1, init [6.0, 0.0] / [-1, -1]:
//   row 0 [1, 5, 3]: none beats 6 -> (6.0, -1)   (the init wins)
//   row 1 [4, 2, 7]: 4 > 0 -> (4, 0); 2 no; 7 > 4 -> (7, 2)
func.func @argmax_init_wins_2d() {
  %v = util.unfoldable_constant dense<[[1.0, 5.0, 3.0], [4.0, 2.0, 7.0]]> : tensor<2x3xf32>
  %bv = util.unfoldable_constant dense<[6.0, 0.0]> : tensor<2xf32>
  %bi = util.unfoldable_constant dense<[-1, -1]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%v : tensor<2x3xf32>) outs(%bv, %bi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[6.0, 7.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[-1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// 2-D along both dimensions
//===----------------------------------------------------------------------===//

// argmax along dimension 0, ogt, init -inf / 0:
//   [[1, 9, 3],
//    [7, 2, 3],     col 0 [1, 7, 5] -> 7 at 1; col 1 [9, 2, 8] -> 9 at 0;
//    [5, 8, 4]]     col 2 [3, 3, 4] -> 3 at 0, 3 > 3 no, 4 at 2
//   -> [7, 9, 4], [1, 0, 2].
func.func @argmax_2d_dim0() {
  %v = util.unfoldable_constant dense<[[1.0, 9.0, 3.0], [7.0, 2.0, 3.0], [5.0, 8.0, 4.0]]> : tensor<3x3xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<3xf32>
  %bi = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3x3xf32>) outs(%bv, %bi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[7.0, 9.0, 4.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[1, 0, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// argmin along dimension 1, olt, with ties, init +inf / 0:
//   row 0 [5, 3, 3, 8] -> 3 first at 1;  row 1 [0, -1, 4, -1] -> -1 first at 1
func.func @argmin_2d_dim1() {
  %v = util.unfoldable_constant dense<[[5.0, 3.0, 3.0, 8.0], [0.0, -1.0, 4.0, -1.0]]> : tensor<2x4xf32>
  %bv = util.unfoldable_constant dense<0x7F800000> : tensor<2xf32>
  %bi = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%v : tensor<2x4xf32>) outs(%bv, %bi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[3.0, -1.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[1, 1]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// index_base on 2-D along dimension 1, base 10, ogt:
//   row 0 [3, 1, 3] -> 3 first at 0 -> 10;  row 1 [0, 2, 2] -> 2 first at 1 -> 11
func.func @argmax_2d_dim1_index_base() {
  %v = util.unfoldable_constant dense<[[3.0, 1.0, 3.0], [0.0, 2.0, 2.0]]> : tensor<2x3xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %bi = util.unfoldable_constant dense<0> : tensor<2xi64>
  %base = arith.constant 10 : index
  %r:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%v : tensor<2x3xf32>) outs(%bv, %bi : tensor<2xf32>, tensor<2xi64>) index_base(%base : index) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi64>
  check.expect_eq_const(%r#0, dense<[3.0, 2.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[10, 11]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// Explicit i64 indices along dimension 0, i32 values with sgt:
//   values [[1, 8], [6, 8], [6, 2]], indices [[100, 200], [101, 201], [102, 202]]
//   col 0 [1, 6, 6] -> 6 first at row 1 -> 101;  col 1 [8, 8, 2] -> 8 at row 0 -> 200
func.func @argmax_2d_dim0_explicit_indices() {
  %v = util.unfoldable_constant dense<[[1, 8], [6, 8], [6, 2]]> : tensor<3x2xi32>
  %i = util.unfoldable_constant dense<[[100, 200], [101, 201], [102, 202]]> : tensor<3x2xi64>
  %bv = util.unfoldable_constant dense<-2147483648> : tensor<2xi32>
  %bi = util.unfoldable_constant dense<0> : tensor<2xi64>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v, %i : tensor<3x2xi32>, tensor<3x2xi64>) outs(%bv, %bi : tensor<2xi32>, tensor<2xi64>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi64>
  check.expect_eq_const(%r#0, dense<[6, 8]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%r#1, dense<[101, 200]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// Dynamic reduction length: tensor<?x?xf32> (2x3) along dimension 1, olt:
//   row 0 [2.5, -0.5, 1.0] -> -0.5 at 1;  row 1 [7, 8, 6] -> 6 at 2
func.func @argmin_dynamic() {
  %v = flow.tensor.dynamic_constant dense<[[2.5, -0.5, 1.0], [7.0, 8.0, 6.0]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  %bv = flow.tensor.dynamic_constant dense<0x7F800000> : tensor<2xf32> -> tensor<?xf32>
  %bi = flow.tensor.dynamic_constant dense<0> : tensor<2xi32> -> tensor<?xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%v : tensor<?x?xf32>) outs(%bv, %bi : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<?xf32>, tensor<?xi32>
  %vc = tensor.cast %r#0 : tensor<?xf32> to tensor<2xf32>
  %ic = tensor.cast %r#1 : tensor<?xi32> to tensor<2xi32>
  check.expect_eq_const(%vc, dense<[-0.5, 6.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%ic, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Non-strict comparators with ties (a weak ordering: defined, not a finding)
//===----------------------------------------------------------------------===//

// oge with the maximum 5 twice: [5, 1, 5, 2], init -inf / 0:
//   j0 5 >= -inf -> (5, 0); j1 1 >= 5 no; j2 5 >= 5 -> (5, 2); j3 no.
//   -> 5.0, index 2 (IREE's scalar loop keeps the LAST winner; the index is
//   reported as freedom: 0 or 2).
func.func @argmax_oge_ties_last_winner() {
  %v = util.unfoldable_constant dense<[5.0, 1.0, 5.0, 2.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<5.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<2> : tensor<i32>) : tensor<i32>
  return
}

// sge on i32, rows of a 2x5 along dimension 1, init INT_MIN / -1:
//   row 0 [3, 9, 9, 9, -4]: (3,0) (9,1) (9,2) (9,3), -4 no -> 9, index 3.
//   row 1 [7, 7, 7, 7, 7]: every element >= the best -> 7, index 4.
func.func @argmax_sge_ties_2d() {
  %v = util.unfoldable_constant dense<[[3, 9, 9, 9, -4], [7, 7, 7, 7, 7]]> : tensor<2x5xi32>
  %bv = util.unfoldable_constant dense<-2147483648> : tensor<2xi32>
  %bi = util.unfoldable_constant dense<-1> : tensor<2xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(1)
      ins(%v : tensor<2x5xi32>) outs(%bv, %bi : tensor<2xi32>, tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sge, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[9, 7]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%r#1, dense<[3, 4]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// argmin with ole, the minimum 0 twice: [2, 0, 0, 4], init +inf / 0:
//   j0 2 <= inf -> (2, 0); j1 0 <= 2 -> (0, 1); j2 0 <= 0 -> (0, 2); j3 no.
//   -> 0.0, index 2.
func.func @argmin_ole_ties_last_winner() {
  %v = util.unfoldable_constant dense<[2.0, 0.0, 0.0, 4.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0x7F800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ole, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<0.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%r#1, dense<2> : tensor<i32>) : tensor<i32>
  return
}
