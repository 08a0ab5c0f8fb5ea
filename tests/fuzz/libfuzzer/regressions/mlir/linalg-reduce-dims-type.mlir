// --freedom writes one entry per result: exact results say so; float
// reductions carry their reduction length (here 3 terms per element).
// RUN: %ref-run %s --input="2x3xf32=[1 2 3][4 5 6]" --freedom=%t.json | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --input-file=%t.json
// OUT: 2xf32=6 15
// CHECK: "function": "main"
//prefix=OUT
// RUN: FileCheck %s --input-file=%t.json
// OUT: 2xf32=6 15
// CHECK: "function": "main"
// CHECK: "exact": true
// CHECK-NEXT: "index": 0
// CHECK: "exact": false
// CHECK-NEXT: "index": 1
// CHECK-NEXT: "origin": "linalg.reduce at {{.*}}freedom.mlir:[[@LINE+7]]:8"
// CHECK-NEXl ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32C
  // 1+2+3 = 6, 4+5+6 = 15.
  %s = linalg.reduce ins(%x : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions =i32
  } -> (tensor, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  return %x, %s : tensor<2x3xf32>, tensor<2xf32>
}
