// What the spec leaves to the implementation in stablehlo.reduce_window: the
// order of a window's combinations and how many extra init values join it.
// A body of one associative op with its identity as init is exact (integer)
// or a float reduction with a term count (window size + 1); an init that is
// not the identity, or a body that is not one op of accumulator and
// element, makes every output derived_from the op (never an exact golden).
//
// RUN: %ref-run %s --function=identity_add --input="4xi32=1 2 3 4" --freedom=%t.id.json | FileCheck %s --check-prefix=ID-OUT
// RUN: FileCheck %s --input-file=%t.id.json --check-prefix=ID
// RUN: %ref-run %s --function=float_sum --input=4xf32=1 --freedom=%t.f.json
// RUN: FileCheck %s --input-file=%t.f.json --check-prefix=FSUM
// RUN: %ref-run %s --function=init_not_identity --input="3xi32=1 2 3" --freedom=%t.init.json | FileCheck %s --check-prefix=INIT-OUT
// RUN: FileCheck %s --input-file=%t.init.json --check-prefix=INIT
// RUN: %ref-run %s --function=two_op_body --input=3xi32=1 --freedom=%t.body.json
// RUN: FileCheck %s --input-file=%t.body.json --check-prefix=BODY

// ID-OUT: 4xi32=3 5 7 4
// ID: "exact": true
func.func @identity_add(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%b, %a) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>}
      : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// FSUM: "reduction_length": 4,
func.func @float_sum(%x: tensor<4xf32>) -> tensor<2xf32> {
  %c = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>}
      : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// The value: each padding element once, no extra init (10+1+2 = 13, ...).
// INIT-OUT: 3xi32=13 15 23
// INIT: "derived_from": "stablehlo.reduce_window at {{.*}}: its init value is not the identity of its body, {{.*}}
func.func @init_not_identity(%x: tensor<3xi32>) -> tensor<3xi32> {
  %c = "stablehlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, padding = dense<[[0, 1]]> : tensor<1x2xi64>}
      : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// BODY: "derived_from": "stablehlo.reduce_window at {{.*}}: its body is not one associative op of accumulator and element, {{.*}}
func.func @two_op_body(%x: tensor<3xi32>) -> tensor<2xi32> {
  %c = "stablehlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "stablehlo.subtract"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>}
      : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}
