// Without --function, IREE's run tools execute the module's single exported
// function (private ones do not count). Branches: 1 != 0, so ^bb2 returns
// the ones; with 0, ^bb1 calls @twos.
// RUN: iree-opt --pass-pipeline="builtin.module(func.func(some-pass))" %s | iree-run-mlir --Xcompiler,iree-hal-target-device=local --input="1" - | FileCheck %s
// RUN: iree-run-mlir %s --input=0 | FileCheck %s --check-prefix=ZERO

// CHECK-LABEL: EXEC @with_cfg
// CHECK: 2x2xf32=[1 1][1 1]
// ZERO: 2x2xf32=[2 2][2 2]
func.func @with_cfg(%arg0 : i8) -> tensor<2x2xf32> {
    %c0_i8 = arith.constant 0 : i8
    %cond = arith.cmpi eq, %arg0, %c0_i8 : i8
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    %0 = call @twos() : () -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  ^bb2:
    %1 = arith.constant dense<1.0> : tensor<2x2xf32>
    return %1 : tensor<2x2xf32>
}
func.func private @twos() -> tensor<2x2xf32> {
  %0 = arith.constant dense<2.0> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
