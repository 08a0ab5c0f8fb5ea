// topk_v2's initial outputs. Its description selects the top K of the input;
// IREE's scalar loop (TopkV2Op::generateScalarImplementation) counts the
// initial outputs as candidates. Where an initial value ties with or beats
// an input the two readings differ, and both are allowed: every slot of the
// line lists the values and indices of either reading as multi-writes, and
// the printed golden is the description's (docs/coverage.md, topk_v2).
//
// RUN: %ref-run %s --function=inits_win --freedom=%t.json | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.json
// RUN: %ref-run %s --function=inits_lose --freedom=%t.lose.json | FileCheck %s --check-prefix=LOSE-OUT
// RUN: FileCheck %s --input-file=%t.lose.json --check-prefix=LOSE

// Max-2 under ogt of [2, 9, 4] without is_sorted, initial outputs +inf / 0:
// the description gives 9 (#1) and 4 (#2); IREE's loop never moves a +inf
// slot (x > +inf is false), so it gives +inf, +inf with indices 0, 0. Each
// slot may hold 4.0, 9.0 or +inf (bits 0x40800000, 0x41100000, 0x7F800000)
// and index 0, 1 or 2; no tie group.
// OUT: 2xf32=9 4
// OUT: 2xi32=1 2
// CHECK: "index": 0,
// CHECK-NEXT: "multi_writes": [
// CHECK-NEXT: {
// CHECK-NEXT: "candidate_bits": [
// CHECK-NEXT: 1082130432,
// CHECK-NEXT: 1091567616,
// CHECK-NEXT: 2139095040
// CHECK-NEXT: ],
// CHECK-NEXT: "position": 0,
// CHECK: "candidate_bits": [
// CHECK-NEXT: 1082130432,
// CHECK-NEXT: 1091567616,
// CHECK-NEXT: 2139095040
// CHECK-NEXT: ],
// CHECK-NEXT: "position": 1,
// CHECK-NOT: tie_groups
// CHECK: "index": 1,
// CHECK-NEXT: "multi_writes": [
// CHECK-NEXT: {
// CHECK-NEXT: "candidate_bits": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 1,
// CHECK-NEXT: 2
// CHECK-NEXT: ],
// CHECK-NEXT: "position": 0,
// CHECK-NOT: tie_groups
func.func @inits_win() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[2.0, 9.0, 4.0]> : tensor<3xf32>
  %pinf = arith.constant 0x7F800000 : f32
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xi32>
  %ov = linalg.fill ins(%pinf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %oi = linalg.fill ins(%c0 : i32) outs(%e1 : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// The same with -inf initial outputs, which every input beats: the readings
// agree, the line is one tie group (order unspecified) and nothing else.
// LOSE-OUT: 2xf32=9 4
// LOSE-OUT: 2xi32=1 2
// LOSE-NOT: multi_writes
// LOSE: "tie_groups": [
func.func @inits_lose() -> (tensor<2xf32>, tensor<2xi32>) {
  %v = util.unfoldable_constant dense<[2.0, 9.0, 4.0]> : tensor<3xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xi32>
  %ov = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %oi = linalg.fill ins(%c0 : i32) outs(%e1 : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0)
      ins(%v : tensor<3xf32>) outs(%ov, %oi : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}
