// topk and topk_v2 whose dynamic extents disagree at run time on a dim that
// is not the selected one: IREE's loops run over the values and index the
// outputs with the same coordinates, so this reads and writes out of
// bounds. ref-run reports undefined behaviour (exit 3) instead of crashing
// (it read past the output buffer: SIGSEGV, found by a difftest fuzz
// --mutate campaign, a topk with its dimension attribute mutated after its
// argument was made dynamic). The agreeing extents still run.
//
// RUN: %expect-exit 3 %ref-run %s --function=topk_dyn --input=2x10xf32=1 2>&1 | FileCheck %s --check-prefix=TOPK
// TOPK: undefined behaviour: out-of-bounds operand access in 'iree_linalg_ext.topk': the operands' extents differ at run time (all dims but dimension 0 must match): values 2x10, output values 2x3, output indices 2x3
// RUN: %expect-exit 3 %ref-run %s --function=topk_v2_dyn --input=4x10xf32=1 2>&1 | FileCheck %s --check-prefix=V2
// V2: undefined behaviour: out-of-bounds operand access in 'iree_linalg_ext.topk_v2': {{.*}}values 4x10, output values 2x3, output indices 2x3
// RUN: %ref-run %s --function=topk_dyn --input="4x3xf32=1 9 2 8 3 7 6 4 5 0 10 -1" | FileCheck %s --check-prefix=OK
// The two largest of each column of [[1 9 2] [8 3 7] [6 4 5] [0 10 -1]]:
// OK: 2x3xf32=[8 10 7][6 9 5]
// OK: 2x3xi32=[1 3 1][2 0 2]

func.func @topk_dyn(%arg0: tensor<?x?xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %0 = tensor.empty() : tensor<2x3xf32>
  %1 = tensor.empty() : tensor<2x3xi32>
  %2 = linalg.fill ins(%ninf : f32) outs(%0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = linalg.fill ins(%z : i32) outs(%1 : tensor<2x3xi32>) -> tensor<2x3xi32>
  %4:2 = iree_linalg_ext.topk dimension(0) ins(%arg0 : tensor<?x?xf32>) outs(%2, %3 : tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %4#0, %4#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

func.func @topk_v2_dyn(%v: tensor<?x?xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ov = tensor.empty() : tensor<2x3xf32>
  %oi = tensor.empty() : tensor<2x3xi32>
  %r:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%v : tensor<?x?xf32>) outs(%ov, %oi : tensor<2x3xf32>, tensor<2x3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %r#0, %r#1 : tensor<2x3xf32>, tensor<2x3xi32>
}
