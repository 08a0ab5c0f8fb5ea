// Malformed MLIR and verifier failures print MLIR's diagnostic with
// file:line:col; an unsupported op names itself with its location. Exit 2.
// RUN: split-file %s %t
// RUN: %expect-exit 2 %ref-run %t/syntax.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: %expect-exit 2 %ref-run %t/verify.mlir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: %expect-exit 2 %ref-run %t/unsupported.mlir --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=UNSUP
// RUN: %expect-exit 2 %ref-run %t/unknown_dialect.mlir 2>&1 | FileCheck %s --check-prefix=DIALECT
// RUN: %expect-exit 0 %ref-run --verify-only %t/ok.mlir

// SYNTAX: syntax.mlir:2:21: error: expected ','
// VERIFY: verify.mlir:2:8: error: 'arith.addi' op requires the same type for all operands and results
// UNSUP: unsupported.mlir:2:8: error: unsupported operation 'math.isnan'
// DIALECT: unknown_dialect.mlir:2:8: error: Dialect `foo' not found for custom op 'foo.bar'

//--- syntax.mlir
func.func @main() {
  %0 = arith.addi %a %b : i32
  return
}
//--- verify.mlir
func.func @main(%a: i32, %b: i64) -> i32 {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return %0 : i32
}
//--- unsupported.mlir
func.func @main(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = math.isnan %a : tensor<4xf32>
  return %0 : tensor<4xi1>
}
//--- unknown_dialect.mlir
func.func @main() {
  %0 = foo.bar : i32
  return
}
//--- ok.mlir
func.func @main() {
  return
}
