// Verifier rules of the flow ops (IREE's FlowOps.cpp messages where IREE has
// the rule).
// RUN: ref-opt %s -split-input-file -verify-diagnostics

func.func @return_types(%a: tensor<4xi32>) -> tensor<4xf32> {
  %0 = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{'flow.return' op operand types do not match with parent results}}
    flow.return %a : tensor<4xi32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @unranked_result(%a: tensor<*xi32>) -> tensor<*xi32> {
  // expected-error @+1 {{'flow.dispatch.region' op only ranked tensor results are allowed}}
  %0 = flow.dispatch.region -> (tensor<*xi32>) {
    flow.return %a : tensor<*xi32>
  }
  return %0 : tensor<*xi32>
}

// -----

func.func @block_arguments(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'flow.dispatch.region' op expected no block arguments}}
  %0 = "flow.dispatch.region"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
  ^bb0(%x: index):
    flow.return %a : tensor<4xi32>
  }, {
  }) : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @missing_dims(%a: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error @+1 {{'flow.dispatch.region' op results have 1 dynamic dimensions but 0 dimension values are attached}}
  %0 = "flow.dispatch.region"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
    flow.return %a : tensor<?xi32>
  }, {
  }) : () -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @workload_mismatch(%a: tensor<4xi32>, %w: index) -> tensor<4xi32> {
  // expected-error @+1 {{'flow.dispatch.region' op workload operands and workgroup count args mismatch (1 vs 2)}}
  %0 = flow.dispatch.region[%w] -> (tensor<4xi32>) {
    flow.return %a : tensor<4xi32>
  } count(%x: index, %y: index) -> (index, index, index) {
    flow.return %x, %y, %y : index, index, index
  }
  return %0 : tensor<4xi32>
}

// -----

func.func @count_returns(%a: tensor<4xi32>, %w: index) -> tensor<4xi32> {
  %0 = flow.dispatch.region[%w] -> (tensor<4xi32>) {
    flow.return %a : tensor<4xi32>
  // expected-error @+1 {{workgroup count region must return the XYZ dimension counts}}
  } count(%x: index) -> (index, index) {
    flow.return %x, %x : index, index
  }
  return %0 : tensor<4xi32>
}

// -----

func.func @return_outside(%a: i32) {
  // expected-error @+1 {{'flow.return' op expects parent op to be one of 'flow.dispatch.region, flow.executable.export'}}
  flow.return %a : i32
}

// -----

func.func @tie_shape_dims(%a: tensor<?x?xf32>, %d: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'flow.tensor.tie_shape' op result type 'tensor<?x?xf32>' has 2 dynamic dimensions but 1 dimension values are attached}}
  %0 = flow.tensor.tie_shape %a : tensor<?x?xf32>{%d}
  return %0 : tensor<?x?xf32>
}

// -----

func.func @bitcast_dims(%a: tensor<?xf32>, %d: index) -> tensor<4xi32> {
  // expected-error @+1 {{'flow.tensor.bitcast' op source type 'tensor<?xf32>' has 1 dynamic dimensions but 0 dimension values are attached}}
  %0 = flow.tensor.bitcast %a : tensor<?xf32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @constant_type() -> tensor<3xi32> {
  // expected-error @+1 {{'flow.tensor.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "flow.tensor.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @constant_not_tensor() -> i32 {
  // expected-error @+1 {{'flow.tensor.constant' op result #0 must be ranked tensor of any type values, but got 'i32'}}
  %0 = "flow.tensor.constant"() <{value = 1 : i32}> : () -> i32
  return %0 : i32
}

// -----

func.func @reshape_dims(%a: tensor<2x3xf32>, %d: index) -> tensor<?x?xf32> {
  // expected-error @+1 {{'flow.tensor.reshape' op result type 'tensor<?x?xf32>' has 2 dynamic dimensions but 1 dimension values are attached}}
  %0 = flow.tensor.reshape %a : tensor<2x3xf32> -> tensor<?x?xf32>{%d}
  return %0 : tensor<?x?xf32>
}
