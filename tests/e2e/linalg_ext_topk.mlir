// Self-checking e2e tests for iree_linalg_ext.topk and topk_v2. Run with
//   ref-run --check linalg_ext_topk.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// topk (IREE's scalar lowering): K = output extent along the dimension. The
// initial contents of the outputs take part. Each input element j, in order,
// is carried as (v, i) (i = its input index, or j) through the slots s = 0..K-1:
//   fwd = cmp(v, slot.v), rev = cmp(slot.v, v)
//   if fwd:                                 swap value and index with the slot
//   else if !rev (a tie) and i < slot.i:    swap the index only
// Slot traces below are written [(value, index), ...].

//===----------------------------------------------------------------------===//
// topk, 1-D
//===----------------------------------------------------------------------===//

// Max-3 with ogt, no input indices, init -inf / 0 (0xFF800000 = -inf):
// values [1, 5, 3, 4, 2] (all distinct):
//   j0 1: [(1,0), -inf, -inf]
//   j1 5: 5 > 1 swap -> [(5,1), (1,0), -inf]
//   j2 3: [(5,1), (3,2), (1,0)]
//   j3 4: [(5,1), (4,3), (3,2)]   (1 falls off)
//   j4 2: 2 < 3 everywhere, no change.
//   -> values [5, 4, 3], indices [1, 3, 2].
func.func @topk_1d_ogt_no_indices() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 3.0, 4.0, 2.0]> : tensor<5xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[5.0, 4.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[1, 3, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// The same with explicit input indices [10, 11, 12, 13, 14]:
//   the chosen positions 1, 3, 2 report indices [11, 13, 12].
func.func @topk_1d_ogt_with_indices() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 3.0, 4.0, 2.0]> : tensor<5xf32>
  %i = util.unfoldable_constant dense<[10, 11, 12, 13, 14]> : tensor<5xi32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v, %i : tensor<5xf32>, tensor<5xi32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[5.0, 4.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[11, 13, 12]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// K = 1 with a tie for the maximum: values [2, 7, 7, 1], init -inf / 0:
//   j0 2: [(2,0)];  j1 7: [(7,1)];  j2 7: tie, index 2 < 1? no -> [(7,1)];
//   j3 1: no change.  -> [7], [1] (the first occurrence).
func.func @topk_k1_tie() {
  %v = util.unfoldable_constant dense<[2.0, 7.0, 7.0, 1.0]> : tensor<4xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<1xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<1xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov0, %oi0 : tensor<1xf32>, tensor<1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1xf32>, tensor<1xi32>
  check.expect_eq_const(%r#0, dense<[7.0]> : tensor<1xf32>) : tensor<1xf32>
  check.expect_eq_const(%r#1, dense<[1]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// K = N = 3: values [3, 1, 2], init -inf / 0: a full descending sort:
//   j0: [(3,0), -inf, -inf]; j1: [(3,0), (1,1), -inf]; j2: [(3,0), (2,2), (1,1)]
//   -> [3, 2, 1], [0, 2, 1].
func.func @topk_k_equals_n() {
  %v = util.unfoldable_constant dense<[3.0, 1.0, 2.0]> : tensor<3xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[3.0, 2.0, 1.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[0, 2, 1]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Ties, K = 4, ogt: values [2, 5, 2, 5, 1], init -inf / 0:
//   j0 2: [(2,0), -inf, -inf, -inf]
//   j1 5: [(5,1), (2,0), -inf, -inf]
//   j2 2: slot0 5 beats it; slot1 (2,0) tie, 2 < 0 no; slot2 -> [(5,1), (2,0), (2,2), -inf]
//   j3 5: slot0 (5,1) tie, 3 < 1 no; slot1 5 > 2 swap, carry (2,0);
//         slot2 (2,2) tie, carried index 0 < 2: index swap -> slot2 (2,0), carry (2,2);
//         slot3 -> [(5,1), (5,3), (2,0), (2,2)]
//   j4 1: loses everywhere.
//   -> [5, 5, 2, 2], [1, 3, 0, 2] (equal values: the smaller index first).
func.func @topk_ties_smaller_index_first() {
  %v = util.unfoldable_constant dense<[2.0, 5.0, 2.0, 5.0, 1.0]> : tensor<5xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<4xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<4xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<4xf32>, tensor<4xi32>
  check.expect_eq_const(%r#0, dense<[5.0, 5.0, 2.0, 2.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%r#1, dense<[1, 3, 0, 2]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Min-3 with olt and ties, init +inf / 0 (0x7F800000 = +inf):
// values [3, 1, 3, 1, 2]:
//   j0 3: [(3,0), inf, inf]
//   j1 1: [(1,1), (3,0), inf]
//   j2 3: slot1 (3,0) tie, 2 < 0 no; slot2 -> [(1,1), (3,0), (3,2)]
//   j3 1: slot0 (1,1) tie, 3 < 1 no; slot1 1 < 3 swap, carry (3,0);
//         slot2 (3,2) tie, 0 < 2: index swap -> [(1,1), (1,3), (3,0)], carry (3,2) dropped
//   j4 2: slot2 2 < 3 swap -> [(1,1), (1,3), (2,4)]
//   -> [1, 1, 2], [1, 3, 4].
func.func @topk_olt_ties() {
  %v = util.unfoldable_constant dense<[3.0, 1.0, 3.0, 1.0, 2.0]> : tensor<5xf32>
  %ov0 = util.unfoldable_constant dense<0x7F800000> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[1.0, 1.0, 2.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[1, 3, 4]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Output init of 0 / 0 (not -inf): the zeros take part and beat negatives.
// values [-1, 2, -3, 0.5], K = 3:
//   init [(0,0), (0,0), (0,0)]
//   j0 -1: loses to 0 everywhere
//   j1 2: slot0 swap, carry (0,0); slots 1, 2 tie with (0,0), 0 < 0 no
//         -> [(2,1), (0,0), (0,0)]
//   j2 -3: loses
//   j3 0.5: slot1 swap -> [(2,1), (0.5,3), (0,0)]
//   -> [2, 0.5, 0], [1, 3, 0]  (the last slot is the init, not input -1).
func.func @topk_init_zero_takes_part() {
  %v = util.unfoldable_constant dense<[-1.0, 2.0, -3.0, 0.5]> : tensor<4xf32>
  %ov0 = util.unfoldable_constant dense<0.0> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[2.0, 0.5, 0.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[1, 3, 0]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// An init that beats some inputs: init values [4.0, 3.5], indices [100, 101];
// values [5.0, 1.0, 3.9, 2.0], K = 2:
//   j0 5: slot0 5 > 4 swap, carry (4,100); slot1 4 > 3.5 swap
//         -> [(5,0), (4,100)], (3.5,101) drops out
//   j1 1, j2 3.9, j3 2: none beats 4 -> unchanged.
//   -> [5.0, 4.0], [0, 100] (3.9 loses to the initial 4.0).
func.func @topk_init_beats_inputs() {
  %v = util.unfoldable_constant dense<[5.0, 1.0, 3.9, 2.0]> : tensor<4xf32>
  %ov0 = util.unfoldable_constant dense<[4.0, 3.5]> : tensor<2xf32>
  %oi0 = util.unfoldable_constant dense<[100, 101]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov0, %oi0 : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[5.0, 4.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[0, 100]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// A tie with the init slot where the input's index is smaller: init
// [(1.0, 7)], K = 1; values [1.0, 0.5]:
//   j0 (1.0, 0): tie with (1.0, 7), 0 < 7 -> index swap -> [(1.0, 0)]
//   j1 0.5: loses.  -> [1.0], [0].
func.func @topk_init_tie_smaller_index() {
  %v = util.unfoldable_constant dense<[1.0, 0.5]> : tensor<2xf32>
  %ov0 = util.unfoldable_constant dense<[1.0]> : tensor<1xf32>
  %oi0 = util.unfoldable_constant dense<[7]> : tensor<1xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<2xf32>) outs(%ov0, %oi0 : tensor<1xf32>, tensor<1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1xf32>, tensor<1xi32>
  check.expect_eq_const(%r#0, dense<[1.0]> : tensor<1xf32>) : tensor<1xf32>
  check.expect_eq_const(%r#1, dense<[0]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// i32 values with sgt and explicit input indices [50, 40, 30, 20, 10];
// values [-5, 10, 0, 10, -2], K = 3, init INT32_MIN / 0 (m = -2147483648):
//   j0 (-5,50): [(-5,50), (m,0), (m,0)]
//   j1 (10,40): [(10,40), (-5,50), (m,0)]
//   j2 (0,30):  [(10,40), (0,30), (-5,50)]
//   j3 (10,20): slot0 tie, 20 < 40 -> index swap, slot0 (10,20), carry (10,40);
//               slot1 10 > 0 swap, carry (0,30); slot2 0 > -5 swap
//               -> [(10,20), (10,40), (0,30)]
//   j4 (-2,10): loses to 0.
//   -> [10, 10, 0], [20, 40, 30] (the tie goes to the smaller INDEX 20, which
//   came later in the input).
func.func @topk_i32_sgt_with_indices() {
  %v = util.unfoldable_constant dense<[-5, 10, 0, 10, -2]> : tensor<5xi32>
  %i = util.unfoldable_constant dense<[50, 40, 30, 20, 10]> : tensor<5xi32>
  %ov0 = util.unfoldable_constant dense<-2147483648> : tensor<3xi32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v, %i : tensor<5xi32>, tensor<5xi32>) outs(%ov0, %oi0 : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[10, 10, 0]> : tensor<3xi32>) : tensor<3xi32>
  check.expect_eq_const(%r#1, dense<[20, 40, 30]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// i32 min-2 with slt, init INT32_MAX / 0: values [7, -3, 4, -8]:
//   j0: [(7,0), M]; j1: [(-3,1), (7,0)]; j2: [(-3,1), (4,2)]; j3: [(-8,3), (-3,1)]
//   -> [-8, -3], [3, 1].
func.func @topk_i32_slt() {
  %v = util.unfoldable_constant dense<[7, -3, 4, -8]> : tensor<4xi32>
  %ov0 = util.unfoldable_constant dense<2147483647> : tensor<2xi32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xi32>) outs(%ov0, %oi0 : tensor<2xi32>, tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[-8, -3]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%r#1, dense<[3, 1]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// topk, 2-D
//===----------------------------------------------------------------------===//

// 2x4 along dimension 1, K = 2, ogt, init -inf / 0:
//   row 0 [1, 4, 2, 3] -> [4, 3] at [1, 3]
//   row 1 [8, 6, 7, 5] -> [8, 7] at [0, 2]
func.func @topk_2d_dim1() {
  %v = util.unfoldable_constant dense<[[1.0, 4.0, 2.0, 3.0], [8.0, 6.0, 7.0, 5.0]]> : tensor<2x4xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2x2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r:2 = iree_linalg_ext.topk dimension(1)
      ins(%v : tensor<2x4xf32>) outs(%ov0, %oi0 : tensor<2x2xf32>, tensor<2x2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2xf32>, tensor<2x2xi32>
  check.expect_eq_const(%r#0, dense<[[4.0, 3.0], [8.0, 7.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%r#1, dense<[[1, 3], [0, 2]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// 4x2 along dimension 0, K = 2, ogt, init -inf / 0 (the transpose of above):
//   col 0 [1, 4, 2, 3] -> [4, 3] at [1, 3];  col 1 [8, 6, 7, 5] -> [8, 7] at [0, 2]
//   -> values [[4, 8], [3, 7]], indices [[1, 0], [3, 2]].
func.func @topk_2d_dim0() {
  %v = util.unfoldable_constant dense<[[1.0, 8.0], [4.0, 6.0], [2.0, 7.0], [3.0, 5.0]]> : tensor<4x2xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2x2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4x2xf32>) outs(%ov0, %oi0 : tensor<2x2xf32>, tensor<2x2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2xf32>, tensor<2x2xi32>
  check.expect_eq_const(%r#0, dense<[[4.0, 8.0], [3.0, 7.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%r#1, dense<[[1, 0], [3, 2]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// 2x3 along dimension 1 with input indices and ties, K = 2, ogt:
//   row 0 values [1, 1, 0], indices [5, 3, 9]:
//     j0 (1,5): [(1,5), -inf]; j1 (1,3): tie, 3 < 5: index swap, slot0 (1,3),
//     carry (1,5) -> slot1 [(1,3), (1,5)]; j2 0 loses -> [1, 1], [3, 5]
//   row 1 values [2, 6, 4], indices [0, 1, 2]: -> [6, 4], [1, 2]
func.func @topk_2d_dim1_indices_ties() {
  %v = util.unfoldable_constant dense<[[1.0, 1.0, 0.0], [2.0, 6.0, 4.0]]> : tensor<2x3xf32>
  %i = util.unfoldable_constant dense<[[5, 3, 9], [0, 1, 2]]> : tensor<2x3xi32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2x2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %r:2 = iree_linalg_ext.topk dimension(1)
      ins(%v, %i : tensor<2x3xf32>, tensor<2x3xi32>) outs(%ov0, %oi0 : tensor<2x2xf32>, tensor<2x2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2xf32>, tensor<2x2xi32>
  check.expect_eq_const(%r#0, dense<[[1.0, 1.0], [6.0, 4.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%r#1, dense<[[3, 5], [1, 2]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Dynamic input length: tensor<?xf32> (5 at run time), K = 2, ogt:
//   [0.5, -1.0, 9.0, 9.5, 3.0] -> [9.5, 9.0] at [3, 2].
func.func @topk_dynamic_input() {
  %v = flow.tensor.dynamic_constant dense<[0.5, -1.0, 9.0, 9.5, 3.0]> : tensor<5xf32> -> tensor<?xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<?xf32>) outs(%ov0, %oi0 : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[9.5, 9.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[3, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// topk_v2 (the outputs are pure destinations; is_sorted: comparator order)
//===----------------------------------------------------------------------===//

// is_sorted, ogt, no input indices, output indices; values [1, 5, 3, 4, 2],
// K = 3, outputs from tensor.empty (not read):
//   descending 5 (#1), 4 (#3), 3 (#2) -> [5, 4, 3], [1, 3, 2].
func.func @topk_v2_sorted_no_indices() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 3.0, 4.0, 2.0]> : tensor<5xf32>
  %ov0 = tensor.empty() : tensor<3xf32>
  %oi0 = tensor.empty() : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[5.0, 4.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[1, 3, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// is_sorted with i64 input indices [10, 11, 12, 13, 14]: -> [5, 4, 3], [11, 13, 12].
// The output inits (100.0, 7) would beat every input if they took part: they
// do not in topk_v2.
func.func @topk_v2_sorted_with_indices() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 3.0, 4.0, 2.0]> : tensor<5xf32>
  %i = util.unfoldable_constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %ov0 = util.unfoldable_constant dense<100.0> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<7> : tensor<3xi64>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v, %i : tensor<5xf32>, tensor<5xi64>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi64>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi64>
  check.expect_eq_const(%r#0, dense<[5.0, 4.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[11, 13, 12]> : tensor<3xi64>) : tensor<3xi64>
  return
}

// is_sorted, values only (no output indices), olt (min-k), i32:
//   [7, -3, 4, -8, 0], K = 2 -> ascending -8, -3.
func.func @topk_v2_sorted_values_only() {
  %v = util.unfoldable_constant dense<[7, -3, 4, -8, 0]> : tensor<5xi32>
  %ov0 = tensor.empty() : tensor<2xi32>
  %r = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<5xi32>) outs(%ov0 : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>
  check.expect_eq_const(%r, dense<[-8, -3]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// is_sorted along dimension 0 of a 4x2 (K = 2 = N/2), ogt:
//   col 0 [1, 4, 2, 3] -> [4, 3] at [1, 3];  col 1 [8, 6, 7, 5] -> [8, 7] at [0, 2]
func.func @topk_v2_sorted_2d_dim0() {
  %v = util.unfoldable_constant dense<[[1.0, 8.0], [4.0, 6.0], [2.0, 7.0], [3.0, 5.0]]> : tensor<4x2xf32>
  %ov0 = tensor.empty() : tensor<2x2xf32>
  %oi0 = tensor.empty() : tensor<2x2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<4x2xf32>) outs(%ov0, %oi0 : tensor<2x2xf32>, tensor<2x2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2xf32>, tensor<2x2xi32>
  check.expect_eq_const(%r#0, dense<[[4.0, 8.0], [3.0, 7.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%r#1, dense<[[1, 0], [3, 2]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// K = N with is_sorted along dimension 1: a full descending sort of each row:
//   row 0 [2, 9, 4] -> [9, 4, 2] at [1, 2, 0];  row 1 [-1, -7, 0] -> [0, -1, -7] at [2, 0, 1]
func.func @topk_v2_sorted_k_equals_n() {
  %v = util.unfoldable_constant dense<[[2, 9, 4], [-1, -7, 0]]> : tensor<2x3xi32>
  %ov0 = tensor.empty() : tensor<2x3xi32>
  %oi0 = tensor.empty() : tensor<2x3xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(1) is_sorted
      ins(%v : tensor<2x3xi32>) outs(%ov0, %oi0 : tensor<2x3xi32>, tensor<2x3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sgt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3xi32>, tensor<2x3xi32>
  check.expect_eq_const(%r#0, dense<[[9, 4, 2], [0, -1, -7]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  check.expect_eq_const(%r#1, dense<[[1, 2, 0], [2, 0, 1]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Without is_sorted the order of the K results is unspecified: compare as a
// multiset by sorting (value, index) pairs by value with ogt afterwards.
//   values [1, 5, 3, 4, 2], K = 3: the set {5 (#1), 4 (#3), 3 (#2)}
//   -> after the sort: [5, 4, 3], [1, 3, 2].
func.func @topk_v2_unsorted_as_multiset() {
  %v = util.unfoldable_constant dense<[1.0, 5.0, 3.0, 4.0, 2.0]> : tensor<5xf32>
  %ov0 = tensor.empty() : tensor<3xf32>
  %oi0 = tensor.empty() : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0)
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  %s:2 = iree_linalg_ext.sort dimension(0) outs(%r#0, %r#1 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32, %x: i32, %y: i32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%s#0, dense<[5.0, 4.0, 3.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%s#1, dense<[1, 3, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// is_sorted with ties (IREE's own topk_v2 "repeat" data): values
// [1, 1.5, 3, 5, 5, 3, 5, 2, 2, 10], K = 5, ogt. The VALUES are determined:
// [10, 5, 5, 5, 3]. Among equal values the order of the indices is not (IREE's
// own e2e test expects [9, 3, 6, 4, 2], not the stable [9, 3, 4, 6, 2]), and
// the last slot may hold either 3.0 (#2 or #5). Only determined facts are
// checked: index 0 is 9 (the unique 10), and slots 1-3 hold {3, 4, 6} in some
// order: their sum is 13.
func.func @topk_v2_sorted_ties_values_only() {
  %v = util.unfoldable_constant dense<[1.0, 1.5, 3.0, 5.0, 5.0, 3.0, 5.0, 2.0, 2.0, 10.0]> : tensor<10xf32>
  %ov0 = tensor.empty() : tensor<5xf32>
  %oi0 = tensor.empty() : tensor<5xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<10xf32>) outs(%ov0, %oi0 : tensor<5xf32>, tensor<5xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xf32>, tensor<5xi32>
  check.expect_eq_const(%r#0, dense<[10.0, 5.0, 5.0, 5.0, 3.0]> : tensor<5xf32>) : tensor<5xf32>
  %first = tensor.extract_slice %r#1[0] [1] [1] : tensor<5xi32> to tensor<1xi32>
  check.expect_eq_const(%first, dense<[9]> : tensor<1xi32>) : tensor<1xi32>
  %mid = tensor.extract_slice %r#1[1] [3] [1] : tensor<5xi32> to tensor<3xi32>
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<i32>
  %init = linalg.fill ins(%zero : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %sum = linalg.reduce ins(%mid : tensor<3xi32>) outs(%init : tensor<i32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %t = arith.addi %in, %acc : i32
      linalg.yield %t : i32
    }
  check.expect_eq_const(%sum, dense<13> : tensor<i32>) : tensor<i32>
  return
}

// is_sorted with ties, as IREE's scalar loop computes it (TopkV2Op's
// insertion loop, then a bubble sort pass that swaps tied neighbours): max-3
// of [2, 7, 7, 1, 7] under ogt, inits -inf / 0. Derivation (slots v / ix
// after each input, bubble pass included): 2 -> [2,-inf,-inf] / [0,0,0];
// 7@1 -> [7,2,-inf] / [1,0,0]; 7@2 ties with slot 0 (index 2 > 1 stays),
// beats 2 -> [7,7,2] / [2,1,0], the bubble pass swaps the tied pair twice
// -> [1,2,0]; 1@3 changes nothing (two swaps again); 7@4 ties with slots 0
// and 1 and beats 2 -> [7,7,7] / [1,2,4]; the pass swaps (0,1), (1,2), (0,1)
// -> [4,2,1].
func.func @topk_v2_sorted_ties_as_iree() {
  %v = util.unfoldable_constant dense<[2.0, 7.0, 7.0, 1.0, 7.0]> : tensor<5xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<3xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<5xf32>) outs(%ov0, %oi0 : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  check.expect_eq_const(%r#0, dense<[7.0, 7.0, 7.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[4, 2, 1]> : tensor<3xi32>) : tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// Non-strict comparators with ties (a weak ordering: defined, not a finding)
//===----------------------------------------------------------------------===//

// topk, max-2 with oge, values [4, 1, 4, 3], init -inf / 0 (fwd and rev are
// both true on equal values, so the carried element takes the slot):
//   j0 4: 4 >= -inf swap -> [(4,0), -inf]; the carried (-inf,0) meets the
//         slot (-inf,0): fwd, swap (no change).
//   j1 1: slot 0: 1 >= 4 no (rev); slot 1: 1 >= -inf swap -> [(4,0), (1,1)].
//   j2 4: slot 0: 4 >= 4 swap -> (4,2), carry (4,0); slot 1: 4 >= 1 swap
//         -> [(4,2), (4,0)].
//   j3 3: 3 >= 4 no, twice.
//   -> values [4, 4], indices [2, 0] (the later equal value goes first).
func.func @topk_oge_ties() {
  %v = util.unfoldable_constant dense<[4.0, 1.0, 4.0, 3.0]> : tensor<4xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov0, %oi0 : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[4.0, 4.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[2, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// topk, max-2 with sge on i32, values [5, 7, 5, 5], init INT_MIN / 0; the
// second slot's 5 ties with two unselected 5s:
//   j0 5: [(5,0), (MIN,0)]
//   j1 7: 7 >= 5 swap -> (7,1), carry (5,0); 5 >= MIN swap -> [(7,1), (5,0)]
//   j2 5: 5 >= 7 no; 5 >= 5 swap -> [(7,1), (5,2)]
//   j3 5: 5 >= 7 no; 5 >= 5 swap -> [(7,1), (5,3)]
//   -> values [7, 5], indices [1, 3].
func.func @topk_sge_ties_boundary() {
  %v = util.unfoldable_constant dense<[5, 7, 5, 5]> : tensor<4xi32>
  %ov0 = util.unfoldable_constant dense<-2147483648> : tensor<2xi32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xi32>) outs(%ov0, %oi0 : tensor<2xi32>, tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sge, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[7, 5]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%r#1, dense<[1, 3]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// topk_v2 is_sorted, max-2 with oge, values [4, 1, 4, 3], inits -inf / 0
// (every input comes strictly before -inf, so IREE's loop applies: the
// insertion as in @topk_oge_ties, then after each insertion a bubble pass
// that swaps a neighbour pair when !(left >= right), never equal ones):
//   j0 4: [(4,0), (-inf,0)]; j1 1: [(4,0), (1,1)]; j2 4: [(4,2), (4,0)];
//   j3 3: no change.  -> values [4, 4], indices [2, 0].
func.func @topk_v2_sorted_oge_ties() {
  %v = util.unfoldable_constant dense<[4.0, 1.0, 4.0, 3.0]> : tensor<4xf32>
  %ov0 = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<4xf32>) outs(%ov0, %oi0 : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[4.0, 4.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[2, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}
