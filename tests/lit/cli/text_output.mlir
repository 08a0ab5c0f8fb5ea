// Results print in iree-run-module's text form.
// RUN: %ref-run %s --function=main --input=2x3xf32=1,2,3,4,5,6 --input="3x2xf32=[1 0][0 1][1 1]" | FileCheck %s
// RUN: %ref-run %s --function=scalars --input=i32=7 --input=f32=0.5 | FileCheck %s --check-prefix=SCALAR

// [1 2 3; 4 5 6] x [1 0; 0 1; 1 1] = [1+3 2+3; 4+6 5+6] (by hand).
// CHECK: EXEC @main
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 2x2xf32=[4 5][10 11]
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// 7 * 3 = 21; 0.5 + 0.25 = 0.75.
// SCALAR: EXEC @scalars
// SCALAR-NEXT: result[0]: i32=21
// SCALAR-NEXT: result[1]: f32=0.75
func.func @scalars(%i: i32, %f: f32) -> (i32, f32) {
  %c3 = arith.constant 3 : i32
  %q = arith.constant 0.25 : f32
  %r = arith.muli %i, %c3 : i32
  %s = arith.addf %f, %q : f32
  return %r, %s : i32, f32
}
