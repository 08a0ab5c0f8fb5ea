// Parse and verifier errors of the flow-phase ops: a binding access other
// than readonly/writeonly/readwrite, a tied result naming no argument, a
// dispatch whose dims do not match its types, and (at run time) a dispatch
// reading outside its binding, which is undefined behaviour (exit 3).
// RUN: ref-opt %s -split-input-file -verify-diagnostics
// RUN: %expect-exit 3 %ref-run %S/Inputs/dispatch_oob.mlir --function=main 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: out-of-bounds slice
// OOB-SAME: source dimension 0: elements 2..4 of 4

// expected-error @+1 {{expected readonly, writeonly or readwrite, got 'readmostly'}}
func.func private @f(%arg0: !iree_tensor_ext.dispatch.tensor<readmostly:tensor<4xf32>>)

// -----

func.func @tied(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{tied result names no argument}}
  %0 = flow.dispatch @ex::@fn(%a) : (tensor<4xf32>) -> %b
  return %0 : tensor<4xf32>
}

// -----

func.func @dims(%a: tensor<?xf32>, %d: index) -> tensor<4xf32> {
  // expected-error @+1 {{'flow.dispatch' op dynamic dimension values do not match the types}}
  %0 = "flow.dispatch"(%a, %d) {entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 1>} : (tensor<?xf32>, index) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
