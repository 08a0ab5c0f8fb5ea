// A comparator op whose float operands hold a subnormal value: IREE's CPU
// runtime flushes subnormals to zero, so the order of -0 and a subnormal
// is the target's choice. Found as a false alarm (a guided campaign's
// mutant turned an f16 +inf fill into the f32 subnormal 0x00007C00 =
// 4.448e-41; llvm-cpu's topk kept the init where the golden took -0):
// every result is now derived_from the op. Without subnormals the same
// topk stays exact.
//
// RUN: %ref-run %s --function=subnormal_init --input="4xf32=1.75 1 -0 -3.5" --freedom=%t.sub.json | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.sub.json --check-prefix=SUB
// RUN: %ref-run %s --function=normal_init --input="4xf32=1.75 1 -0 -3.5" --freedom=%t.norm.json
// RUN: FileCheck %s --input-file=%t.norm.json --check-prefix=NORM

// By hand, the two smallest under olt with the outs taking part: -3.5
// (index 3), then -0 (index 2), since -0 < 4.448e-41.
// OUT: 2xi32=3 2
// SUB: "derived_from": "iree_linalg_ext.topk at {{.*}}: compares subnormal values, which targets may flush to zero"
// NORM-NOT: derived_from
// NORM: "exact": true
func.func @subnormal_init(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %init = arith.constant 4.448280e-41 : f32
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2xf32>
  %ei = tensor.empty() : tensor<2xi32>
  %v = linalg.fill ins(%init : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0) ins(%x : tensor<4xf32>) outs(%v, %i : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

func.func @normal_init(%x: tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %init = arith.constant 0x7F800000 : f32
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2xf32>
  %ei = tensor.empty() : tensor<2xi32>
  %v = linalg.fill ins(%init : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = iree_linalg_ext.topk dimension(0) ins(%x : tensor<4xf32>) outs(%v, %i : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
}

// A sort compares only its keys: subnormals in a payload it never reads,
// or a subnormal with no zero or other subnormal to meet, change nothing.
// RUN: %ref-run %s --function=sort_payload_subnormal --input="3xi32=3 1 2" --input="3xf32=4.4e-41 0 2.8e-45" --freedom=%t.pay.json
// RUN: FileCheck %s --input-file=%t.pay.json --check-prefix=PAY
// PAY-NOT: derived_from
// RUN: %ref-run %s --function=normal_init --input="4xf32=1.75 1 4.4e-41 -3.5" --freedom=%t.lone.json
// RUN: FileCheck %s --input-file=%t.lone.json --check-prefix=PAY
func.func @sort_payload_subnormal(%k: tensor<3xi32>, %p: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xf32>) {
  ^bb0(%a: i32, %b: i32, %x: f32, %y: f32):
    %lt = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<3xi32>, tensor<3xf32>
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xf32>
}
