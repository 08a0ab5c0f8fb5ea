// Inputs that crash MLIR 22's own parsers (found by ref-fuzz-mlir): ref-run
// and ref-opt refuse them before parsing, with a location, exit code 2.
// RUN: split-file %s %t
// RUN: %expect-exit 2 %ref-run %t/broadcast.mlir 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: %expect-exit 2 %ref-run %t/transpose.mlir 2>&1 | FileCheck %s --check-prefix=TRANS
// RUN: %expect-exit 2 %ref-run %t/reduce.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: %expect-exit 2 %ref-run %t/overflow.mlir 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: %expect-exit 2 ref-opt %t/broadcast.mlir 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: %expect-exit 2 ref-opt %t/transpose.mlir 2>&1 | FileCheck %s --check-prefix=TRANS
// RUN: %expect-exit 2 ref-opt %t/reduce.mlir 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: %expect-exit 2 ref-opt %t/deep.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: ref-opt %t/fine.mlir | FileCheck %s --check-prefix=OPT
// The fuzzer's own crash inputs, kept in tests/fuzz/libfuzzer/regressions/:
// RUN: %expect-exit 2 %ref-run %S/../../fuzz/libfuzzer/regressions/mlir/linalg-broadcast-dims-escape.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ1
// RUN: %expect-exit 2 %ref-run %S/../../fuzz/libfuzzer/regressions/mlir/linalg-reduce-dims-type.mlir 2>&1 | FileCheck %s --check-prefix=FUZZ2
// Well-formed lists still parse and run.
// RUN: %ref-run %t/fine.mlir --input=3xi64=1 | FileCheck %s --check-prefix=FINE

// BCAST: broadcast.mlir:3:{{[0-9]+}}: error: expected a list of integers '[i, j, ...]' (refused before parsing: MLIR's parser crashes on a malformed list here)
// TRANS: transpose.mlir:3:{{[0-9]+}}: error: expected a list of integers
// REDUCE: reduce.mlir:3:{{[0-9]+}}: error: expected a list of integers
// OVERFLOW: overflow.mlir:3:{{[0-9]+}}: error: expected a list of integers
// FUZZ1: linalg-broadcast-dims-escape.mlir:5:{{[0-9]+}}: error: expected a list of integers
// FUZZ2: linalg-reduce-dims-type.mlir:18:{{[0-9]+}}: error: expected a list of integers
// DEEP: deep.mlir:2:{{[0-9]+}}: error: nesting deeper than 256 levels of brackets; refused before parsing
// OPT: linalg.broadcast ins(%{{.*}} : tensor<3xi64>) outs(%{{.*}} : tensor<2x3x4xi64>) dimensions = [0, 2]
// FINE: EXEC @main
// FINE: 2x3x4xi64=[{{\[}}1 1 1 1][1 1 1 1][1 1 1 1]]

//--- broadcast.mlir
func.func @main(%v: tensor<3xi64>) -> tensor<2x3x4xi64> {
  %e = tensor.empty() : tensor<2x3x4xi64>
  %b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%e : tensor<2x3x4xi64>) dimensions = [0, 2
  return %b : tensor<2x3x4xi64>
}
//--- transpose.mlir
func.func @main(%x: tensor<2x3xi64>) -> tensor<3x2xi64> {
  %e = tensor.empty() : tensor<3x2xi64>
  %t = linalg.transpose ins(%x : tensor<2x3xi64>) outs(%e : tensor<3x2xi64>) permutation = [1, x]
  return %t : tensor<3x2xi64>
}
//--- reduce.mlir
func.func @main(%v: tensor<3x4xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.reduce ins(%v : tensor<3x4xf32>) outs(%e : tensor<3xf32>) dimensions = x
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>
}
//--- overflow.mlir
func.func @main(%v: tensor<3xi64>) -> tensor<2x3x4xi64> {
  %e = tensor.empty() : tensor<2x3x4xi64>
  %b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%e : tensor<2x3x4xi64>) dimensions = [99999999999999999999]
  return %b : tensor<2x3x4xi64>
}
//--- fine.mlir
func.func @main(%v: tensor<3xi64>) -> tensor<2x3x4xi64> {
  %e = tensor.empty() : tensor<2x3x4xi64>
  %b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%e : tensor<2x3x4xi64>) dimensions = [0, 2]
  return %b : tensor<2x3x4xi64>
}
//--- deep.mlir
func.func @main() -> () {
  %c = arith.constant dense<[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]> : tensor<1xi64>
  return
}
