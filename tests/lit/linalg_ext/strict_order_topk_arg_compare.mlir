// iree_linalg_ext.topk and arg_compare call their comparator on the values of
// each line and on the outputs' initial contents. The comparator must be a
// weak ordering of those values: its "before" relation, taken strictly
// (cmp(a, b) and not cmp(b, a)), must be a strict weak ordering. NaN under
// olt/ogt/oge breaks it (NaN ties with 1.0 and with 0.5 although 0.5 < 1.0:
// incomparability is not transitive): the selection then depends on the
// order of the comparisons, which IREE's CPU and GPU lowerings do not share:
// undefined behaviour, exit 3, with the op's location and the line's
// coordinates.
//
// A non-strict comparator (oge, sge, ole, ...: what torch/ONNX argmax and
// topk lower to) on equal values is a weak ordering, so it is defined: the
// outputs are IREE's scalar loop's (which keeps the LAST of equal values,
// where a strict comparator keeps the first), and every output slot that
// holds a member of a class of such ties may legally hold any member of the
// class (a split or GPU reduction compares in another order): reported in
// --freedom as multi-writes listing the candidate values and indices.
//
// RUN: %expect-exit 3 %ref-run %s --function=topk_nan 2>&1 | FileCheck %s --check-prefix=TOPK-NAN
// RUN: %expect-exit 3 %ref-run %s --function=topk_nan_2d 2>&1 | FileCheck %s --check-prefix=TOPK-NAN2D
// RUN: %ref-run %s --function=topk_oge_equal --freedom=%t.topk-oge.json | FileCheck %s --check-prefix=TOPK-OGE
// RUN: FileCheck %s --input-file=%t.topk-oge.json --check-prefix=TOPK-OGE-FREEDOM
// RUN: %ref-run %s --function=topk_sge_boundary --freedom=%t.topk-sge.json | FileCheck %s --check-prefix=TOPK-SGE
// RUN: FileCheck %s --input-file=%t.topk-sge.json --check-prefix=TOPK-SGE-FREEDOM
// RUN: %expect-exit 3 %ref-run %s --function=topk_nan_init 2>&1 | FileCheck %s --check-prefix=TOPK-INIT
// RUN: %ref-run %s --function=topk_ok | FileCheck %s --check-prefix=TOPK-OK
// RUN: %ref-run %s --function=topk_oge_distinct | FileCheck %s --check-prefix=TOPK-OGE-OK
// RUN: %expect-exit 3 %ref-run %s --function=argcmp_nan 2>&1 | FileCheck %s --check-prefix=ARG-NAN
// RUN: %expect-exit 3 %ref-run %s --function=argcmp_nan_2d 2>&1 | FileCheck %s --check-prefix=ARG-NAN2D
// RUN: %ref-run %s --function=argcmp_oge_equal --freedom=%t.arg-oge.json | FileCheck %s --check-prefix=ARG-OGE
// RUN: FileCheck %s --input-file=%t.arg-oge.json --check-prefix=ARG-OGE-FREEDOM
// RUN: %expect-exit 3 %ref-run %s --function=argcmp_oge_nan 2>&1 | FileCheck %s --check-prefix=ARG-OGE-NAN
// RUN: %expect-exit 3 %ref-run %s --function=argcmp_nan_init 2>&1 | FileCheck %s --check-prefix=ARG-INIT
// RUN: %ref-run %s --function=argcmp_ok | FileCheck %s --check-prefix=ARG-OK

// Max-2 of [1, NaN, 0.5] under ogt.
// TOPK-NAN: strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.topk' at element [0]: the comparator orders the values of this line and the outputs' initial contents inconsistently
func.func @topk_nan() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[1.0, 0x7FC00000, 0.5]> : tensor<3xf32>
  %ov = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// 2x3 along dimension 1: row 0 is fine, row 1 holds the NaN. One finding,
// naming line [1, 0].
// TOPK-NAN2D-NOT: at element [0, 0]
// TOPK-NAN2D: strict_order_topk_arg_compare.mlir:[[@LINE+6]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.topk' at element [1, 0]
// TOPK-NAN2D-NOT: at element [0, 0]
func.func @topk_nan_2d() -> (tensor<2x1xf32>, tensor<2x1xi32>) {
  %v = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [2.0, 0x7FC00000, 1.0]]> : tensor<2x3xf32>
  %ov = util.unfoldable_constant dense<0xFF800000> : tensor<2x1xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<2x1xi32>
  %r:2 = iree_linalg_ext.topk dimension(1)
      ins(%v : tensor<2x3xf32>) outs(%ov, %oi : tensor<2x1xf32>, tensor<2x1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x1xf32>, tensor<2x1xi32>
  return %r#0, %r#1 : tensor<2x1xf32>, tensor<2x1xi32>
}

// oge on the equal inputs 4.0 (positions 0 and 2): each is "before" the
// other. IREE's scalar loop keeps the last one (j0: slot (4, 0); j2: 4 >= 4,
// the carry takes the slot: (4, 2)); the index may be 0 or 2, the value is
// 4.0 either way (one candidate: not listed).
// TOPK-OGE: 1xf32=4
// TOPK-OGE: 1xi32=2
// TOPK-OGE-FREEDOM: "index": 0,
// TOPK-OGE-FREEDOM-NOT: "multi_writes"
// TOPK-OGE-FREEDOM: "index": 1,
// TOPK-OGE-FREEDOM: "multi_writes": [
// TOPK-OGE-FREEDOM-NEXT: {
// TOPK-OGE-FREEDOM-NEXT: "candidate_bits": [
// TOPK-OGE-FREEDOM-NEXT: 0,
// TOPK-OGE-FREEDOM-NEXT: 2
// TOPK-OGE-FREEDOM-NEXT: ],
// TOPK-OGE-FREEDOM-NEXT: "position": 0,
// TOPK-OGE-FREEDOM: "origin": "iree_linalg_ext.topk at {{.*}}strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10",
func.func @topk_oge_equal() -> (tensor<1xf32>, tensor<1xi32>) {
  %v = util.unfoldable_constant dense<[4.0, 1.0, 4.0]> : tensor<3xf32>
  %ov = util.unfoldable_constant dense<0xFF800000> : tensor<1xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<1xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov, %oi : tensor<1xf32>, tensor<1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1xf32>, tensor<1xi32>
  return %r#0, %r#1 : tensor<1xf32>, tensor<1xi32>
}

// sge, max-2 of [5, 7, 5, 5]: slot 0 holds 7 alone (exact); slot 1 holds a
// 5, which ties with the two unselected 5s: IREE's loop keeps the last
// (index 3), any of 0, 2, 3 is legal.
// TOPK-SGE: 2xi32=7 5
// TOPK-SGE: 2xi32=1 3
// TOPK-SGE-FREEDOM: "index": 1,
// TOPK-SGE-FREEDOM: "multi_writes": [
// TOPK-SGE-FREEDOM-NEXT: {
// TOPK-SGE-FREEDOM-NEXT: "candidate_bits": [
// TOPK-SGE-FREEDOM-NEXT: 0,
// TOPK-SGE-FREEDOM-NEXT: 2,
// TOPK-SGE-FREEDOM-NEXT: 3
// TOPK-SGE-FREEDOM-NEXT: ],
// TOPK-SGE-FREEDOM-NEXT: "position": 1,
func.func @topk_sge_boundary() -> (tensor<2xi32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[5, 7, 5, 5]> : tensor<4xi32>
  %ov = util.unfoldable_constant dense<-2147483648> : tensor<2xi32>
  %oi = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xi32>) outs(%ov, %oi : tensor<2xi32>, tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sge, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}

// The outputs' initial contents take part: a NaN there, with the inputs
// [1, 2] under ogt, is just as inconsistent.
// TOPK-INIT: strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.topk' at element [0]
func.func @topk_nan_init() -> (tensor<1xf32>, tensor<1xi32>) {
  %v = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ov = util.unfoldable_constant dense<0x7FC00000> : tensor<1xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<1xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<2xf32>) outs(%ov, %oi : tensor<1xf32>, tensor<1xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1xf32>, tensor<1xi32>
  return %r#0, %r#1 : tensor<1xf32>, tensor<1xi32>
}

// No NaN, ties allowed (ogt leaves equal values unordered both ways, which
// is a strict weak ordering): [3, 7, 3, 7] max-2 -> 7 at 1, 7 at 3.
// TOPK-OK: 2xf32=7 7
// TOPK-OK: 2xi32=1 3
func.func @topk_ok() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[3.0, 7.0, 3.0, 7.0]> : tensor<4xf32>
  %ov = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// oge on distinct inputs: the two initial -inf slots are tied under oge but
// are pushed out; the selected slots hold single-member classes: exact. [2, 9, 5] max-2 -> 9 at 1, 5 at 2.
// TOPK-OGE-OK: 2xf32=9 5
// TOPK-OGE-OK: 2xi32=1 2
func.func @topk_oge_distinct() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[2.0, 9.0, 5.0]> : tensor<3xf32>
  %ov = util.unfoldable_constant dense<0xFF800000> : tensor<2xf32>
  %oi = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// argmax of [1, NaN, 0.5] under ogt.
// ARG-NAN: strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.arg_compare' at element [0]: the comparator orders the values of this line and the initial best value inconsistently
func.func @argcmp_nan() -> (tensor<f32>, tensor<i32>) {
  %v = util.unfoldable_constant dense<[1.0, 0x7FC00000, 0.5]> : tensor<3xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// argmin along dimension 0 of a 3x3: only column 2 holds a NaN, so the one
// finding names the line [0, 2].
// ARG-NAN2D-NOT: at element [0, 0]
// ARG-NAN2D: strict_order_topk_arg_compare.mlir:[[@LINE+7]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.arg_compare' at element [0, 2]
// ARG-NAN2D-NOT: at element [0, 1]
// ARG-NAN2D-NOT: at element [0, 0]
func.func @argcmp_nan_2d() -> (tensor<3xf32>, tensor<3xi32>) {
  %v = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 0x7FC00000], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %bv = util.unfoldable_constant dense<0x7F800000> : tensor<3xf32>
  %bi = util.unfoldable_constant dense<0> : tensor<3xi32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3x3xf32>) outs(%bv, %bi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi32>
}

// oge with the maximum 5 twice: the sequential scan keeps the last one
// (index 2), a split reduction may keep the first: index 0 or 2.
// ARG-OGE: f32=5
// ARG-OGE: i32=2
// ARG-OGE-FREEDOM: "index": 1,
// ARG-OGE-FREEDOM: "multi_writes": [
// ARG-OGE-FREEDOM-NEXT: {
// ARG-OGE-FREEDOM-NEXT: "candidate_bits": [
// ARG-OGE-FREEDOM-NEXT: 0,
// ARG-OGE-FREEDOM-NEXT: 2
// ARG-OGE-FREEDOM-NEXT: ],
// ARG-OGE-FREEDOM-NEXT: "position": 0,
func.func @argcmp_oge_equal() -> (tensor<f32>, tensor<i32>) {
  %v = util.unfoldable_constant dense<[5.0, 1.0, 5.0, 2.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// oge is no weak ordering with a NaN among the values: NaN >= x and
// x >= NaN are both false for every x, so NaN ties with 0.5 and with 1.0.
// ARG-OGE-NAN: strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.arg_compare' at element [0]
func.func @argcmp_oge_nan() -> (tensor<f32>, tensor<i32>) {
  %v = util.unfoldable_constant dense<[1.0, 0x7FC00000, 0.5]> : tensor<3xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<3xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf oge, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// A NaN initial best value with the inputs [1, 2] under ogt.
// ARG-INIT: strict_order_topk_arg_compare.mlir:[[@LINE+5]]:10: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.arg_compare' at element [0]
func.func @argcmp_nan_init() -> (tensor<f32>, tensor<i32>) {
  %v = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %bv = util.unfoldable_constant dense<0x7FC00000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<2xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// No NaN, a tie for the maximum under ogt: the first winner, 6 at 1.
// ARG-OK: f32=6
// ARG-OK: i32=1
func.func @argcmp_ok() -> (tensor<f32>, tensor<i32>) {
  %v = util.unfoldable_constant dense<[2.0, 6.0, 6.0, -1.0]> : tensor<4xf32>
  %bv = util.unfoldable_constant dense<0xFF800000> : tensor<f32>
  %bi = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%v : tensor<4xf32>) outs(%bv, %bi : tensor<f32>, tensor<i32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}
