// An IREE-style lit test with one wrong CHECK line: RUN#1 must fail, RUN#2
// (other prefix, right values) passes. Hand derivation: [1 2] * 3 = [3 6].
// RUN: iree-run-mlir %s --input=2xi32=1,2 | FileCheck %s
// RUN: iree-run-mlir %s --input=2xi32=1,2 | FileCheck %s --check-prefix=RIGHT

// CHECK-LABEL: EXEC @triple
// CHECK: 2xi32=3 7
// RIGHT-LABEL: EXEC @triple
// RIGHT: 2xi32=3 6
func.func @triple(%a: tensor<2xi32>) -> tensor<2xi32> {
  %c = arith.constant dense<3> : tensor<2xi32>
  %r = arith.muli %a, %c : tensor<2xi32>
  return %r : tensor<2xi32>
}
