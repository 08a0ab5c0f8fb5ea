// A scan whose accumulator's dynamic extent disagrees with the input's
// extents without the scanned dimension (a guided campaign mutant,
// 2026-11-28: the scan dimension mutated from 0 to 1 after the accumulator
// was made dynamic): ref-run read past the accumulator and was killed by
// SIGSEGV. It is undefined behaviour (IREE's loops index the accumulator
// with the input's coordinates), reported as such (exit 3); agreeing
// extents run.
//
// RUN: %expect-exit 3 %ref-run %s --function=scan --input=4x3xi32=1 --input=3xi32=0 2>&1 | FileCheck %s --check-prefix=UB
// UB: undefined behaviour: operand shapes disagree in 'iree_linalg_ext.scan'{{.*}}input 4x3, output 4x3, accumulator 3 (the output must have the input's shape, the accumulator the input's without dimension 1)
// RUN: %ref-run %s --function=scan --input=4x3xi32=1 --input=4xi32=0 | FileCheck %s --check-prefix=OK
// Running sums of ones along dimension 1; the accumulator keeps the last:
// OK: 4x3xi32=[1 2 3][1 2 3][1 2 3][1 2 3]
// OK: 4xi32=3 3 3 3

func.func @scan(%in: tensor<4x3xi32>, %acc: tensor<?xi32>) -> (tensor<4x3xi32>, tensor<?xi32>) {
  %e = tensor.empty() : tensor<4x3xi32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<4x3xi32>) outs(%e, %acc : tensor<4x3xi32>, tensor<?xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4x3xi32>, tensor<?xi32>
  return %r#0, %r#1 : tensor<4x3xi32>, tensor<?xi32>
}
