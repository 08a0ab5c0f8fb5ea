// An IREE-style lit test (this project's lit never runs it: Inputs/ is
// excluded); `ref-run --check` runs its RUN lines. Values derived by hand
// above each function.
// RUN: iree-run-mlir --Xcompiler,iree-hal-target-device=local --Xcompiler,iree-hal-local-target-device-backends=vmvx %s --function=add --input=2xf32=1,2 --input="2xf32=[10 20]" | FileCheck %s --check-prefix=ADD
// RUN: iree-compile %s --iree-hal-target-backends=llvm-cpu -o - | \
// RUN:   iree-run-module --module=- --device=local-task --function=scale \
// RUN:   --input=f32=0.5 --input=3xi32=4 | FileCheck %s --check-prefixes=SCALE,ANY
// RUN: iree-opt --some-pipeline %s | iree-run-mlir --function=neg --input="-3" -
// RUN: iree-opt --split-input-file %s | FileCheck %s --check-prefix=IR
// RUN: iree-run-mlir %s --function=add --input=2xf32=0 --input=2xf32=1 --Xcompiler,iree-flow-trace-dispatch-tensors 2>&1 | FileCheck %s --check-prefix=TRACE

// [1 2] + [10 20] = [11 22].
// ADD-LABEL: EXEC @add
// ADD-NEXT: result[0]: hal.buffer_view
// ADD-NEXT: 2xf32=11 22
// ADD-NOT: nan
func.func @add(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = arith.addf %a, %b : tensor<2xf32>
  return %r : tensor<2xf32>
}

// 0.5 * 2 = 1; [4 4 4] + 1 = [5 5 5]; the function runs once.
// SCALE: EXEC @[[FN:[a-z]+]]
// SCALE-NEXT: result[0]: f32=1
// SCALE-NEXT: result[1]: hal.buffer_view
// SCALE-NEXT: {{[0-9]+}}xi32=
// SCALE-SAME: 5 5 5
// ANY-NOT: EXEC @[[FN]]
func.func @scale(%s: f32, %v: tensor<3xi32>) -> (f32, tensor<3xi32>) {
  %two = arith.constant 2.0 : f32
  %one = arith.constant dense<1> : tensor<3xi32>
  %r = arith.mulf %s, %two : f32
  %w = arith.addi %v, %one : tensor<3xi32>
  return %r, %w : f32, tensor<3xi32>
}

// A bare scalar input is read by the signature: -(-3) = 3.
func.func @neg(%x: i32) -> i32 {
  %z = arith.constant 0 : i32
  %r = arith.subi %z, %x : i32
  return %r : i32
}
// IR: vm.func
// TRACE: === add_dispatch_0
