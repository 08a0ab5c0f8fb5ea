// The `#tosa.target_env` that IREE's TOSA input lowering leaves on the module
// is kept as opaque text (any specification version, level, profile or
// extension IREE's TOSA writes), prints back unchanged and does not change
// what runs; a malformed one is a parse error with its location (exit 2).
// RUN: split-file %s %t
// RUN: ref-opt %t/ok.mlir | FileCheck %s --check-prefix=PRINT
// RUN: %ref-run %t/ok.mlir --input=2xi32=3,-4 | FileCheck %s --check-prefix=EXEC
// RUN: %expect-exit 2 %ref-run %t/unbalanced.mlir 2>&1 | FileCheck %s --check-prefix=BAD

// PRINT: module attributes {tosa.target_env = #tosa.target_env<specification_version = "1.1.draft", level = none, profiles = [pro_int, pro_fp], extensions = [dynamic, doubleround, int64]>} {
// EXEC: EXEC @main
// EXEC-NEXT: result[0]: hal.buffer_view
// EXEC-NEXT: 2xi32=3 4
// BAD: unbalanced.mlir:1:54: error: unbalanced '[' character in pretty dialect name

//--- ok.mlir
module attributes {tosa.target_env = #tosa.target_env<specification_version = "1.1.draft", level = none, profiles = [pro_int, pro_fp], extensions = [dynamic, doubleround, int64]>} {
  util.func public @main(%a: tensor<2xi32>) -> tensor<2xi32> {
    %0 = math.absi %a : tensor<2xi32>
    util.return %0 : tensor<2xi32>
  }
}
//--- unbalanced.mlir
module attributes {tosa.target_env = #tosa.target_env<level = none, profiles = [pro_int>} {
}
