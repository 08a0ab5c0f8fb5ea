// A wrong number, shape or type of --input names the argument and what the
// signature wants; exit code 2.
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 2 %ref-run %s --input=5xf32=1 --input=i32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: %expect-exit 2 %ref-run %s --input=4xi32=1 --input=i32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=1,2,3 --input=i32=1 2>&1 | FileCheck %s --check-prefix=VALUES
// RUN: %expect-exit 2 %ref-run %s --input=@%t.missing.npy --input=i32=1 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: printf '\x93NUMPY\x01\x00\x10' > %t.trunc.npy
// RUN: %expect-exit 2 %ref-run %s --input=@%t.trunc.npy --input=i32=1 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: %expect-exit 2 %ref-run %s --function=nope 2>&1 | FileCheck %s --check-prefix=NOFN

// COUNT: error: @main takes 2 arguments but 1 --input values were given
// SHAPE: error: --input #0 (5xf32): the function's argument 0 has type tensor<4xf32>
// TYPE: error: --input #0 (4xi32): the function's argument 0 has type tensor<4xf32>
// VALUES: error: --input #0: {{.*}}3{{.*}}4
// NOFILE: error: --input #0: {{.*}}missing.npy
// TRUNC: error: --input #0: {{.*}}trunc.npy: {{.*}}
// NOFN: error: no function @nope
func.func @main(%a: tensor<4xf32>, %b: i32) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
