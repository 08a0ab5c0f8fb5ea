// iree_linalg_ext.fft's freedom: a stage's outputs are sums of three
// products that IREE's GPU code generators contract into FMAs, so each
// stage carries reduction_length 3, added up along a chain of stages
// (two stages: 6). A stage that runs no butterfly (stage 0: m = 1) is exact.
// RUN: %ref-run %s --function=one --freedom=%t.one.json
// RUN: FileCheck %s --input-file=%t.one.json --check-prefix=ONE
// RUN: %ref-run %s --function=two --freedom=%t.two.json
// RUN: FileCheck %s --input-file=%t.two.json --check-prefix=TWO
// RUN: %ref-run %s --function=none --freedom=%t.none.json
// RUN: FileCheck %s --input-file=%t.none.json --check-prefix=NONE

// ONE: "reduction_length": 3,
// ONE: "reduction_length": 3,
func.func @one() -> (tensor<4xf32>, tensor<4xf32>) {
  %re = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %im = arith.constant dense<0.0> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %r:2 = iree_linalg_ext.fft ins(%c1 : index) outs(%re, %im : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// TWO: "reduction_length": 6,
// TWO: "reduction_length": 6,
func.func @two() -> (tensor<4xf32>, tensor<4xf32>) {
  %re = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %im = arith.constant dense<0.0> : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s1:2 = iree_linalg_ext.fft ins(%c1 : index) outs(%re, %im : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  %s2:2 = iree_linalg_ext.fft ins(%c2 : index) outs(%s1#0, %s1#1 : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  return %s2#0, %s2#1 : tensor<4xf32>, tensor<4xf32>
}

// NONE-NOT: reduction_length
// NONE: "exact": true,
func.func @none() -> (tensor<4xf32>, tensor<4xf32>) {
  %re = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %im = arith.constant dense<0.0> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %r:2 = iree_linalg_ext.fft ins(%c0 : index) outs(%re, %im : tensor<4xf32>, tensor<4xf32>) : tensor<4xf32>, tensor<4xf32>
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
