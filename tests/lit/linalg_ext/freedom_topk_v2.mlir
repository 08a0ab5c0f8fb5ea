// The freedom report of iree_linalg_ext.topk_v2. The selection is the first K
// elements in comparator order; which elements of a tied class are kept when
// the K-th value ties with an unselected one (the class is split) depends on
// the order of the comparisons (IREE's loop, a split or GPU reduction), so
// each output slot holding a member of the split class may hold any member,
// value and index: multi-writes listing the candidates (a value with one
// candidate is not listed). A class selected whole is a tie group (sorted
// output: per run of ties; without is_sorted: the whole line, or, with a
// split class, every slot any member of the selected classes). JSON keys
// print in alphabetical order.
//
// RUN: %ref-run %s --function=sorted_split --freedom=%t.sorted.json | FileCheck %s --check-prefix=SORTED-OUT
// RUN: FileCheck %s --input-file=%t.sorted.json --check-prefix=SORTED
// RUN: %ref-run %s --function=unsorted_whole --freedom=%t.whole.json | FileCheck %s --check-prefix=WHOLE-OUT
// RUN: FileCheck %s --input-file=%t.whole.json --check-prefix=WHOLE
// RUN: %ref-run %s --function=unsorted_split --freedom=%t.split.json | FileCheck %s --check-prefix=SPLIT-OUT
// RUN: FileCheck %s --input-file=%t.split.json --check-prefix=SPLIT

// Max-2 under ogt of [3, 9, 3, 3, 1]: 9 (#1), then the first 3 (#0) of the
// three 3s (#0, #2, #3), which are one class: the second slot's index may be
// 0, 2 or 3; its value is 3.0 either way.
// SORTED-OUT: 2xf32=9 3
// SORTED-OUT: 2xi32=1 0
// SORTED: "exact": true,
// SORTED-NEXT: "index": 0,
// SORTED: "index": 1,
// SORTED-NEXT: "multi_writes": [
// SORTED-NEXT: {
// SORTED-NEXT: "candidate_bits": [
// SORTED-NEXT: 0,
// SORTED-NEXT: 2,
// SORTED-NEXT: 3
// SORTED-NEXT: ],
// SORTED-NEXT: "position": 1,
// SORTED-NOT: tie_groups
func.func @sorted_split() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[3.0, 9.0, 3.0, 3.0, 1.0]> : tensor<5xf32>
  %ov = tensor.empty() : tensor<2xf32>
  %oi = tensor.empty() : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<5xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>

// Max-2 under ogt of [2, 5, 5, 1] without is_sorted: both 5s are selected,
// in any order: one tie group over both outputs.
// WHOLE-OUT: 2xf32=5 5
// WHOLE-OUT: 2xi32=1 2
// WHOLE: "index": 0,
// WHOLE: "tie_groups": [
// WHOLE-NEXT: [
// WHOLE-NEXT: 0,
// WHOLE-NEXT: 1
// WHOLE: "index": 1,
// WHOLE: "tie_groups": [
// WHOLE-NEXT: [
// WHOLE-NEXT: 0,
// WHOLE-NEXT: 1
}
func.func @unsorted_whole() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[2.0, 5.0, 5.0, 1.0]> : tensor<4xf32>
  %ov = tensor.empty() : tensor<2xf32>
  %oi = tensor.empty() : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0)
      ins(%v : tensor<4xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>

// Max-2 under sge (non-strict: a weak ordering, defined) of [4, 4, 4]
// without is_sorted: the stable selection keeps #0 and #1; the class is
// split, so each slot's index may be 0, 1 or 2.
// SPLIT-OUT: 2xi32=4 4
// SPLIT-OUT: 2xi32=0 1
// SPLIT: "exact": true,
// SPLIT-NEXT: "index": 0,
// SPLIT: "index": 1,
// SPLIT-NEXT: "multi_writes": [
// SPLIT-NEXT: {
// SPLIT-NEXT: "candidate_bits": [
// SPLIT-NEXT: 0,
// SPLIT-NEXT: 1,
// SPLIT-NEXT: 2
// SPLIT-NEXT: ],
// SPLIT-NEXT: "position": 0,
// SPLIT: "candidate_bits": [
// SPLIT-NEXT: 0,
// SPLIT-NEXT: 1,
// SPLIT-NEXT: 2
// SPLIT-NEXT: ],
// SPLIT-NEXT: "position": 1,
}
func.func @unsorted_split() -> (tensor<2xi32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[4, 4, 4]> : tensor<3xi32>
  %ov = tensor.empty() : tensor<2xi32>
  %oi = tensor.empty() : tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0)
      ins(%v : tensor<3xi32>) outs(%ov, %oi : tensor<2xi32>, tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi sge, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xi32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xi32>, tensor<2xi32>
}
