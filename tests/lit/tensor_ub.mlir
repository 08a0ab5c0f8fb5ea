// Undefined behaviour and run-time errors of the tensor dialect kernels: each
// function is run on its own and its diagnostic checked. Findings (kind,
// location, coordinates or the offending slice dimension) exit with 3, errors
// with 2.
//
// RUN: %expect-exit 3 %ref-run %s --function=oob_extract 2>&1 | FileCheck %s --check-prefix=EXTRACT
// RUN: %expect-exit 3 %ref-run %s --function=oob_extract_negative 2>&1 | FileCheck %s --check-prefix=EXTRACT-NEG
// RUN: %expect-exit 3 %ref-run %s --function=oob_insert 2>&1 | FileCheck %s --check-prefix=INSERT
// RUN: %expect-exit 3 %ref-run %s --function=oob_extract_slice 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: %expect-exit 3 %ref-run %s --function=oob_extract_slice_strided 2>&1 | FileCheck %s --check-prefix=SLICE-STRIDED
// RUN: %expect-exit 3 %ref-run %s --function=oob_insert_slice 2>&1 | FileCheck %s --check-prefix=INSERT-SLICE
// RUN: %expect-exit 3 %ref-run %s --function=uninit_read 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 3 %ref-run %s --function=uninit_through_slice 2>&1 | FileCheck %s --check-prefix=UNINIT-SLICE
// RUN: %expect-exit 2 %ref-run %s --function=negative_pad 2>&1 | FileCheck %s --check-prefix=NEG-PAD
// RUN: %expect-exit 2 %ref-run %s --function=bad_cast 2>&1 | FileCheck %s --check-prefix=BAD-CAST

// Column 5 of a 2x3 tensor does not exist.
func.func @oob_extract() -> i32 {
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %t = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  // EXTRACT: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract' at element [1, 5]: index 5 of dimension 1 (size 3)
  %v = tensor.extract %t[%c1, %c5] : tensor<2x3xi32>
  return %v : i32
}

// A negative index is out of bounds too.
func.func @oob_extract_negative() -> f32 {
  %m = arith.constant -1 : index
  %t = flow.tensor.dynamic_constant dense<[1.0, 2.0]> : tensor<2xf32> -> tensor<?xf32>
  // EXTRACT-NEG: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract' at element [-1]: index -1 of dimension 0 (size 2)
  %v = tensor.extract %t[%m] : tensor<?xf32>
  return %v : f32
}

func.func @oob_insert() -> tensor<4xi8> {
  %c4 = arith.constant 4 : index
  %v = arith.constant 1 : i8
  %t = util.unfoldable_constant dense<0> : tensor<4xi8>
  // INSERT: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds tensor.insert in 'tensor.insert' at element [4]: index 4 of dimension 0 (size 4)
  %r = tensor.insert %v into %t[%c4] : tensor<4xi8>
  return %r : tensor<4xi8>
}

// Columns 1..4 of a 4-wide tensor: the last one is past the end. (The offset
// is dynamic: the verifier rejects statically out-of-bounds slices.)
func.func @oob_extract_slice() -> tensor<2x4xi32> {
  %c1 = arith.constant 1 : index
  %t = util.unfoldable_constant dense<0> : tensor<4x4xi32>
  // SLICE: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds slice in 'tensor.extract_slice': dimension 1: offset 1, size 4, stride 1 reach index 4, outside the source dimension of size 4
  %s = tensor.extract_slice %t[2, %c1] [2, 4] [1, 1] : tensor<4x4xi32> to tensor<2x4xi32>
  return %s : tensor<2x4xi32>
}

// Dynamic offset 1, size 3, stride 3 reads indices 1, 4, 7 of 6 elements.
func.func @oob_extract_slice_strided() -> tensor<?xf16> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = flow.tensor.dynamic_constant dense<0.0> : tensor<6xf16> -> tensor<?xf16>
  // SLICE-STRIDED: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds slice in 'tensor.extract_slice': dimension 0: offset 1, size 3, stride 3 reach index 7, outside the source dimension of size 6
  %s = tensor.extract_slice %t[%c1] [%c3] [%c3] : tensor<?xf16> to tensor<?xf16>
  return %s : tensor<?xf16>
}

// A 2x2 window at [3, 0] of a 4x4 destination needs rows 3 and 4.
func.func @oob_insert_slice() -> tensor<4x4xi32> {
  %c3 = arith.constant 3 : index
  %d = util.unfoldable_constant dense<0> : tensor<4x4xi32>
  %s = util.unfoldable_constant dense<1> : tensor<2x2xi32>
  // INSERT-SLICE: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: out-of-bounds slice in 'tensor.insert_slice': dimension 0: offset 3, size 2, stride 1 reach index 4, outside the destination dimension of size 4
  %r = tensor.insert_slice %s into %d[%c3, 0] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<4x4xi32>
  return %r : tensor<4x4xi32>
}

// Only [0, 0] of the empty tensor was written; [0, 1] was not.
func.func @uninit_read() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v = arith.constant 3 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %w = tensor.insert %v into %e[%c0, %c0] : tensor<2x2xi32>
  // UNINIT: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: read of an uninitialized element in 'tensor.extract' at element [0, 1]
  %r = tensor.extract %w[%c0, %c1] : tensor<2x2xi32>
  return %r : i32
}

// The undef mask follows the elements through extract_slice, collapse_shape
// and concat: element [1] of the result is [0, 1] of the empty tensor.
func.func @uninit_through_slice() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = arith.constant 3 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %w = tensor.insert %v into %e[%c0, %c0] : tensor<2x2xi32>
  %s = tensor.extract_slice %w[0, 0] [1, 2] [1, 1] : tensor<2x2xi32> to tensor<1x2xi32>
  %f = tensor.collapse_shape %s [[0, 1]] : tensor<1x2xi32> into tensor<2xi32>
  %k = util.unfoldable_constant dense<[7]> : tensor<1xi32>
  %c = tensor.concat dim(0) %k, %f : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
  %ok = tensor.extract %c[%c1] : tensor<3xi32>
  // UNINIT-SLICE-NOT: at element [1]
  // UNINIT-SLICE: tensor_ub.mlir:[[@LINE+1]]:8: undefined behaviour: read of an uninitialized element in 'tensor.extract' at element [2]
  %r = tensor.extract %c[%c2] : tensor<3xi32>
  %sum = arith.addi %ok, %r : i32
  return %sum : i32
}

// Negative padding is not a valid tensor.pad: an error, not a finding.
func.func @negative_pad() -> tensor<?xi32> {
  %m = arith.constant -1 : index
  %z = arith.constant 0 : i32
  %t = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  // NEG-PAD: tensor_ub.mlir:[[@LINE+1]]:8: error: negative padding in dimension 0: low -1, high 0
  %p = tensor.pad %t low[%m] high[0] {
  ^bb0(%i: index):
    tensor.yield %z : i32
  } : tensor<2xi32> to tensor<?xi32>
  return %p : tensor<?xi32>
}

// The dynamic operand has 4 elements; the cast claims 3.
func.func @bad_cast() -> tensor<3xi32> {
  %t = flow.tensor.dynamic_constant dense<[1, 2, 3, 4]> : tensor<4xi32> -> tensor<?xi32>
  // BAD-CAST: tensor_ub.mlir:[[@LINE+1]]:8: error: cast operand has shape [4] but the type is 'tensor<3xi32>'
  %c = tensor.cast %t : tensor<?xi32> to tensor<3xi32>
  return %c : tensor<3xi32>
}
