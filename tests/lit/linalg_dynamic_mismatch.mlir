// A linalg.matmul whose dynamic K disagrees with the other operand's static
// K at run time: MLIR's verifier rejects the static form and linalg's runtime
// verification the dynamic one; IREE asserts the argument's shape at the
// function boundary ("input0 shape dimension 1 mismatch; expected 8 but have
// 1"). ref-run reports undefined behaviour (exit 3) instead of computing with
// K = 1 (a guided campaign mutant, 2026-11-28: every access stayed inside the
// operands, so the bounds check alone let it through). Agreeing extents run.
//
// RUN: %expect-exit 3 %ref-run %s --function=mm --input=2x1xi32=1 --input=8x3xi32=1 2>&1 | FileCheck %s --check-prefix=UB
// UB: undefined behaviour: operand shapes disagree in 'linalg.matmul'{{.*}}operand #1 dimension 0 has size 8 but loop d2 runs 1 times by the other operands (loop ranges [2, 3, 1])
// RUN: %ref-run %s --function=mm --input=2x8xi32=1 --input=8x3xi32=2 | FileCheck %s --check-prefix=OK
// Each element sums eight products 1 * 2:
// OK: 2x3xi32=[16 16 16][16 16 16]
// A generic with a pure-dim map on both operands: the same rule.
// RUN: %expect-exit 3 %ref-run %s --function=add --input=4xf32=1 --input=5xf32=1 2>&1 | FileCheck %s --check-prefix=GEN
// GEN: undefined behaviour: operand shapes disagree in 'linalg.generic'{{.*}}operand #1 dimension 0 has size 5 but loop d0 runs 4 times

func.func @mm(%a: tensor<2x?xi32>, %b: tensor<8x3xi32>) -> tensor<2x3xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x3xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x?xi32>, tensor<8x3xi32>) outs(%f : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}

func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
