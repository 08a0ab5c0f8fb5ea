// Resource budgets: a program that needs more memory than the budget, or
// never ends, stops with a clear error and exit code 2 instead of an OOM
// kill or a hang.
// RUN: split-file %s %t
// RUN: %expect-exit 2 %ref-run %t/huge_empty.mlir 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: %expect-exit 2 %ref-run %t/small_budget.mlir --max-tensor-bytes=1024 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: %expect-exit 2 %ref-run %t/forever.mlir --max-steps=10000 2>&1 | FileCheck %s --check-prefix=STEPS
// RUN: %expect-exit 2 %ref-run %t/forever.mlir --max-steps=0 --max-time=1 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: %expect-exit 2 %ref-run %t/recursion.mlir 2>&1 | FileCheck %s --check-prefix=DEPTH
// RUN: %expect-exit 0 %ref-run %t/small_budget.mlir --max-steps=3 --max-time=60 | FileCheck %s --check-prefix=FITS

// HUGE: huge_empty.mlir:2:8: error: tensor of shape 100000x100000x100000xf32 exceeds the memory budget of 8589934592 bytes
// SMALL: small_budget.mlir:2:8: error: tensor of shape 512xf32 exceeds the memory budget of 1024 bytes
// STEPS: forever.mlir:{{[0-9]+}}:{{[0-9]+}}: error: step budget exceeded: more than 10000 ops run (--max-steps)
// TIME: error: time budget exceeded
// DEPTH: error: call depth limit (256) exceeded
// FITS: 512xf32=1

//--- huge_empty.mlir
func.func @main() -> tensor<100000x100000x100000xf32> {
  %e = tensor.empty() : tensor<100000x100000x100000xf32>
  return %e : tensor<100000x100000x100000xf32>
}
//--- small_budget.mlir
func.func @main() -> tensor<512xf32> {
  %e = tensor.empty() : tensor<512xf32>
  %c = arith.constant 1.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  return %f : tensor<512xf32>
}
//--- forever.mlir
func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    scf.condition(%true) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
//--- recursion.mlir
func.func @main() -> i32 {
  %r = func.call @main() : () -> i32
  return %r : i32
}
