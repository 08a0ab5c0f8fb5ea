// The freedom report of iree_linalg_ext.sort: positions (row-major linear,
// in the result) holding keys the comparator leaves unordered form tie
// groups; a sort without ties is exact; a consumer of a tied result reports
// derived_from; a comparator that is not a strict weak ordering on the data
// (NaN under olt) is undefined behaviour (exit 3). JSON keys print in
// alphabetical order (llvm::json).
//
// RUN: %ref-run %s --function=ties --freedom=%t.ties.json | FileCheck %s --check-prefix=TIES-OUT
// RUN: FileCheck %s --input-file=%t.ties.json --match-full-lines --check-prefix=TIES
// RUN: %ref-run %s --function=ties_2d_row --freedom=%t.row.json
// RUN: FileCheck %s --input-file=%t.row.json --match-full-lines --check-prefix=ROW
// RUN: %ref-run %s --function=ties_2d_dim0 --freedom=%t.dim0.json
// RUN: FileCheck %s --input-file=%t.dim0.json --match-full-lines --check-prefix=DIM0
// RUN: %ref-run %s --function=ties_sle --freedom=%t.sle.json
// RUN: FileCheck %s --input-file=%t.sle.json --match-full-lines --check-prefix=SLE
// RUN: %ref-run %s --function=no_ties --freedom=%t.exact.json
// RUN: FileCheck %s --input-file=%t.exact.json --match-full-lines --check-prefix=EXACT
// RUN: %ref-run %s --function=derived --freedom=%t.derived.json
// RUN: FileCheck %s --input-file=%t.derived.json --match-full-lines --check-prefix=DERIVED
// RUN: %expect-exit 3 %ref-run %s --function=nan_key 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: %expect-exit 3 %ref-run %s --function=nan_key_2d 2>&1 | FileCheck %s --check-prefix=NAN2D
// RUN: %ref-run %s --function=chained_sorts --freedom=%t.chain.json
// RUN: FileCheck %s --input-file=%t.chain.json --match-full-lines --check-prefix=CHAIN

// Keys [3, 1, 3, 2, 1] with olt sort to [1, 1, 2, 3, 3]: the two 1s (inputs
// #1, #4) land at positions 0-1 and the two 3s (#0, #2) at 3-4. Every sorted
// operand carries the same groups (the payload moves with its key).
// TIES-OUT: 5xf32=1 1 2 3 3
// TIES:      "function": "ties",
// TIES:        "dtype": "f32",
// TIES-NEXT:   "exact": false,
// TIES-NEXT:   "index": 0,
// TIES-NEXT:   "origin": "iree_linalg_ext.sort at {{.*}}freedom_sort.mlir:[[@LINE+28]]:10",
// TIES-NEXT:   "shape": [
// TIES-NEXT:     5
// TIES-NEXT:   ],
// TIES-NEXT:   "tie_groups": [
// TIES-NEXT:     [
// TIES-NEXT:       0,
// TIES-NEXT:       1
// TIES-NEXT:     ],
// TIES-NEXT:     [
// TIES-NEXT:       3,
// TIES-NEXT:       4
// TIES-NEXT:     ]
// TIES-NEXT:   ]
// TIES:        "dtype": "i32",
// TIES-NEXT:   "exact": false,
// TIES-NEXT:   "index": 1,
// TIES:        "tie_groups": [
// TIES-NEXT:     [
// TIES-NEXT:       0,
// TIES-NEXT:       1
// TIES-NEXT:     ],
// TIES-NEXT:     [
// TIES-NEXT:       3,
// TIES-NEXT:       4
func.func @ties() -> (tensor<5xf32>, tensor<5xi32>) {
  %k = util.unfoldable_constant dense<[3.0, 1.0, 3.0, 2.0, 1.0]> : tensor<5xf32>
  %p = util.unfoldable_constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<5xf32>, tensor<5xi32>) {
  ^bb0(%a: f32, %b: f32, %x: i32, %y: i32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<5xf32>, tensor<5xi32>
  return %r#0, %r#1 : tensor<5xf32>, tensor<5xi32>
}

// 2x4 along dimension 1: row 0 [4, 3, 2, 1] has no ties; row 1 [2, 1, 2, 1]
// sorts to [1, 1, 2, 2], ties at row-1 columns 0-1 and 2-3, i.e. linear
// positions 4 + {0, 1} and 4 + {2, 3}.
// ROW:        "exact": false,
// ROW:        "tie_groups": [
// ROW-NEXT:     [
// ROW-NEXT:       4,
// ROW-NEXT:       5
// ROW-NEXT:     ],
// ROW-NEXT:     [
// ROW-NEXT:       6,
// ROW-NEXT:       7
// ROW-NEXT:     ]
// ROW-NEXT:   ]
func.func @ties_2d_row() -> tensor<2x4xi32> {
  %k = util.unfoldable_constant dense<[[4, 3, 2, 1], [2, 1, 2, 1]]> : tensor<2x4xi32>
  %r = iree_linalg_ext.sort dimension(1) outs(%k : tensor<2x4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x4xi32>
  return %r : tensor<2x4xi32>
}

// 3x2 along dimension 0 (strided lines): column 0 [1, 1, 0] sorts to
// [0, 1, 1], ties at rows 1-2 = linear 1*2+0 = 2 and 2*2+0 = 4; column 1
// [5, 6, 5] sorts to [5, 5, 6], ties at rows 0-1 = linear 1 and 3. Lines are
// visited column 0 first.
// DIM0:       "tie_groups": [
// DIM0-NEXT:    [
// DIM0-NEXT:      2,
// DIM0-NEXT:      4
// DIM0-NEXT:    ],
// DIM0-NEXT:    [
// DIM0-NEXT:      1,
// DIM0-NEXT:      3
// DIM0-NEXT:    ]
// DIM0-NEXT:  ]
func.func @ties_2d_dim0() -> tensor<3x2xi32> {
  %k = util.unfoldable_constant dense<[[1, 5], [1, 6], [0, 5]]> : tensor<3x2xi32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3x2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// A non-strict comparator (sle): equal keys give sle(a, b) = sle(b, a) = true,
// so they are unordered too. [2, 1, 2] -> [1, 2, 2]: one group at 1-2.
// SLE:        "tie_groups": [
// SLE-NEXT:     [
// SLE-NEXT:       1,
// SLE-NEXT:       2
// SLE-NEXT:     ]
// SLE-NEXT:   ]
func.func @ties_sle() -> (tensor<3xi32>, tensor<3xf32>) {
  %k = util.unfoldable_constant dense<[2, 1, 2]> : tensor<3xi32>
  %p = util.unfoldable_constant dense<[0.5, 1.5, 2.5]> : tensor<3xf32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xf32>) {
  ^bb0(%a: i32, %b: i32, %x: f32, %y: f32):
    %c = arith.cmpi sle, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xf32>
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xf32>
}

// Distinct keys [3, 1, 2]: a strict total order on the data, so both the keys
// and the payload are exact.
// EXACT:      "function": "no_ties",
// EXACT:        "dtype": "i32",
// EXACT-NEXT:   "exact": true,
// EXACT-NEXT:   "index": 0,
// EXACT-NEXT:   "shape": [
// EXACT:        "dtype": "i32",
// EXACT-NEXT:   "exact": true,
// EXACT-NEXT:   "index": 1,
// EXACT-NEXT:   "shape": [
// EXACT-NOT: {{.*}}"tie_groups"{{.*}}
func.func @no_ties() -> (tensor<3xi32>, tensor<3xi32>) {
  %k = util.unfoldable_constant dense<[3, 1, 2]> : tensor<3xi32>
  %p = util.unfoldable_constant dense<[10, 11, 12]> : tensor<3xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32, %x: i32, %y: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xi32>
}

// The payload of a sort with ties ([2, 1, 2] slt: group at positions 1-2),
// doubled by an elementwise linalg.generic and then incremented by arith.addi:
// both consumers do not track the groups, so their results report the sort
// they derive from (the origin of the chain, not the generic).
// DERIVED:        "derived_from": "iree_linalg_ext.sort at {{.*}}freedom_sort.mlir:[[@LINE+13]]:10",
// DERIVED-NEXT:   "dtype": "i32",
// DERIVED-NEXT:   "exact": false,
// DERIVED-NEXT:   "index": 0,
// DERIVED-NOT:    {{.*}}"tie_groups"{{.*}}
// DERIVED:        "derived_from": "iree_linalg_ext.sort at {{.*}}freedom_sort.mlir:[[@LINE+8]]:10",
// DERIVED-NEXT:   "dtype": "i32",
// DERIVED-NEXT:   "exact": false,
// DERIVED-NEXT:   "index": 1,
#id1 = affine_map<(d0) -> (d0)>
func.func @derived() -> (tensor<3xi32>, tensor<3xi32>) {
  %k = util.unfoldable_constant dense<[2, 1, 2]> : tensor<3xi32>
  %p = util.unfoldable_constant dense<[10, 11, 12]> : tensor<3xi32>
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32, %x: i32, %y: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %d = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%r#1 : tensor<3xi32>) outs(%e : tensor<3xi32>) {
  ^bb0(%x: i32, %o: i32):
    %t = arith.addi %x, %x : i32
    linalg.yield %t : i32
  } -> tensor<3xi32>
  %one = util.unfoldable_constant dense<1> : tensor<3xi32>
  %d2 = arith.addi %d, %one : tensor<3xi32>
  return %d, %d2 : tensor<3xi32>, tensor<3xi32>
}

// NaN under olt ties with 1.0 and with 0.5 although 0.5 < 1.0: the
// incomparability is not transitive, so the sorted order is unspecified.
// NAN: freedom_sort.mlir:[[@LINE+3]]:8: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.sort' at element [0]
func.func @nan_key() -> tensor<3xf32> {
  %k = util.unfoldable_constant dense<[1.0, 0x7FC00000, 0.5]> : tensor<3xf32>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// The same in row 1 of a 2x3 sort along dimension 1 (row 0 is fine): the
// finding names the line [1, 0].
// NAN2D-NOT: at element [0, 0]
// NAN2D: freedom_sort.mlir:[[@LINE+4]]:8: undefined behaviour: comparator is not a strict weak ordering in 'iree_linalg_ext.sort' at element [1, 0]
// NAN2D-NOT: at element [0, 0]
func.func @nan_key_2d() -> tensor<2x3xf32> {
  %k = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [1.0, 0x7FC00000, 0.5]]> : tensor<2x3xf32>
  %r = iree_linalg_ext.sort dimension(1) outs(%k : tensor<2x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// A tied result sorted again by another key keeps its upstream freedom. The
// first sort (keys [1, 1, 2], payload [10, 20, 30]) may leave the payload as
// [10, 20, 30] or [20, 10, 30]. The second sort orders that payload by
// [3, 1, 1]: out = {p[1], p[2]} at 0-1 (its own tie group) and p[0] at 2, so
// position 2 holds 10 or 20 depending on the FIRST sort's tie order. Its own
// tie group [0, 1] alone would claim position 2 is determined: the result must
// also say it derives from the first sort.
// CHAIN:        "derived_from": "iree_linalg_ext.sort at {{.*}}freedom_sort.mlir:[[@LINE+9]]:10",
// CHAIN:        "tie_groups": [
// CHAIN-NEXT:     [
// CHAIN-NEXT:       0,
// CHAIN-NEXT:       1
// CHAIN-NEXT:     ]
func.func @chained_sorts() -> tensor<3xi32> {
  %k = util.unfoldable_constant dense<[1, 1, 2]> : tensor<3xi32>
  %p = util.unfoldable_constant dense<[10, 20, 30]> : tensor<3xi32>
  %a:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %u: i32, %v: i32):
    %c = arith.cmpi slt, %x, %y : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  %k2 = util.unfoldable_constant dense<[3, 1, 1]> : tensor<3xi32>
  %b:2 = iree_linalg_ext.sort dimension(0) outs(%k2, %a#1 : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %u: i32, %v: i32):
    %c = arith.cmpi slt, %x, %y : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  return %b#1 : tensor<3xi32>
}
