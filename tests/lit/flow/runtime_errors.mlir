// Run-time errors of the flow ops: a dispatch region result or a tied tensor
// whose shape disagrees with its declared dims, a bitcast that changes the
// byte size, a reshape that changes the element count or whose source
// disagrees with its declared dims, or bitcasts of i1/index elements (no fixed byte layout). Each
// names the op's location; exit 2.
// RUN: %expect-exit 2 %ref-run %s --function=region_dims 2>&1 | FileCheck %s --check-prefix=REGION
// RUN: %expect-exit 2 %ref-run %s --function=tie_dims 2>&1 | FileCheck %s --check-prefix=TIE
// RUN: %expect-exit 2 %ref-run %s --function=bitcast_size 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: %expect-exit 2 %ref-run %s --function=bitcast_i1 2>&1 | FileCheck %s --check-prefix=I1
// RUN: %expect-exit 2 %ref-run %s --function=reshape_count 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 2 %ref-run %s --function=reshape_source_dims 2>&1 | FileCheck %s --check-prefix=SRC

// REGION: runtime_errors.mlir:[[@LINE+4]]:8: error: result 0 has shape 3xi32 but its dynamic dimensions declare 2xi32
func.func @region_dims() -> tensor<?xi32> {
  %x = flow.tensor.dynamic_constant dense<[1, 2, 3]> : tensor<3xi32> -> tensor<?xi32>
  %two = arith.constant 2 : index
  %0 = flow.dispatch.region -> (tensor<?xi32>{%two}) {
    flow.return %x : tensor<?xi32>
  }
  return %0 : tensor<?xi32>
}

// TIE: runtime_errors.mlir:[[@LINE+4]]:8: error: the operand has shape 3xi32 but its dynamic dimensions declare 4xi32
func.func @tie_dims() -> tensor<?xi32> {
  %x = flow.tensor.dynamic_constant dense<[1, 2, 3]> : tensor<3xi32> -> tensor<?xi32>
  %four = arith.constant 4 : index
  %0 = flow.tensor.tie_shape %x : tensor<?xi32>{%four}
  return %0 : tensor<?xi32>
}

// 3 x 4 bytes cannot be read as 8 x 1 byte.
// SIZE: runtime_errors.mlir:[[@LINE+3]]:8: error: flow.tensor.bitcast changes the byte size: 3xi32 has 12 bytes, 8xi8 has 8
func.func @bitcast_size() -> tensor<8xi8> {
  %x = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = flow.tensor.bitcast %x : tensor<3xi32> -> tensor<8xi8>
  return %0 : tensor<8xi8>
}

// I1: runtime_errors.mlir:[[@LINE+3]]:8: error: flow.tensor.bitcast of i1 elements is not supported
func.func @bitcast_i1() -> tensor<1xi8> {
  %x = util.unfoldable_constant dense<[true]> : tensor<1xi1>
  %0 = flow.tensor.bitcast %x : tensor<1xi1> -> tensor<1xi8>
  return %0 : tensor<1xi8>
}

// 2 x 3 elements cannot be reshaped into 2 x 4.
// COUNT: runtime_errors.mlir:[[@LINE+4]]:8: error: flow.tensor.reshape changes the element count: 2x3xi32 into 2x4xi32
func.func @reshape_count() -> tensor<?x4xi32> {
  %x = flow.tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %two = util.unfoldable_constant 2 : index
  %0 = flow.tensor.reshape %x : tensor<2x3xi32> -> tensor<?x4xi32>{%two}
  return %0 : tensor<?x4xi32>
}

// SRC: runtime_errors.mlir:[[@LINE+4]]:8: error: the source has shape 3xi32 but its dynamic dimensions declare 4xi32
func.func @reshape_source_dims() -> tensor<4xi32> {
  %x = flow.tensor.dynamic_constant dense<[1, 2, 3]> : tensor<3xi32> -> tensor<?xi32>
  %four = arith.constant 4 : index
  %0 = flow.tensor.reshape %x : tensor<?xi32>{%four} -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
