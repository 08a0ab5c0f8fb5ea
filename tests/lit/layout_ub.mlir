// Undefined behaviour of linalg.pack/unpack, iree_linalg_ext.map_store and
// the affine index ops, found at run time (dynamic shapes and indices), and
// the reduction length linalg.softmax and the winograd transforms report.
// Findings exit with 3.
//
// RUN: %expect-exit 3 %ref-run %s --function=pack_no_padding --input=5xi32=1,2,3,4,5 2>&1 | FileCheck %s --check-prefix=NOPAD
// RUN: %expect-exit 3 %ref-run %s --function=pack_artificial_padding --input=4xi32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ARTIFICIAL
// RUN: %expect-exit 3 %ref-run %s --function=pack_zero_tile --input=4xi32=1,2,3,4 2>&1 | FileCheck %s --check-prefix=ZERO-TILE
// RUN: %expect-exit 3 %ref-run %s --function=unpack_past_source --input=1x2xi32=1,2 2>&1 | FileCheck %s --check-prefix=UNPACK
// RUN: %expect-exit 3 %ref-run %s --function=map_store_twice 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: %expect-exit 3 %ref-run %s --function=map_store_oob 2>&1 | FileCheck %s --check-prefix=STORE-OOB
// RUN: %expect-exit 3 %ref-run %s --function=delinearize_zero_basis 2>&1 | FileCheck %s --check-prefix=BASIS
// RUN: %ref-run %s --function=pack_pad_defined --input=5xi32=1,2,3,4,5 | FileCheck %s --check-prefix=PADDED
// RUN: %ref-run %s --function=softmax --freedom=%t.softmax.json
// RUN: FileCheck %s --input-file=%t.softmax.json --check-prefix=SOFTMAX

// 5 elements, tile 2, no padding_value.
// NOPAD: layout_ub.mlir:[[@LINE+5]]:8: undefined behaviour: pack tile does not divide the dimension in 'linalg.pack'
func.func @pack_no_padding(%x: tensor<?xi32>) -> tensor<?x2xi32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %r = linalg.pack %x inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<?xi32> -> tensor<3x2xi32>
  %c = tensor.cast %r : tensor<3x2xi32> to tensor<?x2xi32>
  return %c : tensor<?x2xi32>
}

// 4 elements need 2 tiles of 2; a third one is padding only.
// ARTIFICIAL: layout_ub.mlir:[[@LINE+4]]:8: undefined behaviour: pack destination shape mismatch in 'linalg.pack'
func.func @pack_artificial_padding(%x: tensor<?xi32>) -> tensor<3x2xi32> {
  %pad = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3x2xi32>
  %r = linalg.pack %x padding_value(%pad : i32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<?xi32> -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// ZERO-TILE: layout_ub.mlir:[[@LINE+6]]:8: undefined behaviour: invalid pack tile in 'linalg.pack'
func.func @pack_zero_tile(%x: tensor<?xi32>) -> tensor<?x?xi32> {
  %pad = arith.constant 0 : i32
  %z = arith.constant 0 : index
  %c0 = util.optimization_barrier %z : index
  %e = tensor.empty(%c0, %c0) : tensor<?x?xi32>
  %r = linalg.pack %x padding_value(%pad : i32) inner_dims_pos = [0] inner_tiles = [%c0] into %e : tensor<?xi32> -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// One tile of 2 cannot fill 3 elements.
// UNPACK: layout_ub.mlir:[[@LINE+3]]:8: undefined behaviour: unpack destination shape mismatch in 'linalg.unpack'
func.func @unpack_past_source(%p: tensor<?x2xi32>) -> tensor<3xi32> {
  %e = tensor.empty() : tensor<3xi32>
  %r = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<?x2xi32> -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// Every input element goes to output 0.
// TWICE: layout_ub.mlir:[[@LINE+5]]:8: undefined behaviour: map_store writes an element twice in 'iree_linalg_ext.map_store' at element [1]
func.func @map_store_twice() -> tensor<2xi32> {
  %in = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2xi32>
  %true = arith.constant true
  %r = iree_linalg_ext.map_store %in into %init {
  ^bb0(%i: index):
    %c0 = arith.constant 0 : index
    iree_linalg_ext.yield %c0, %true : index, i1
  } : tensor<2xi32> into tensor<2xi32> -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// STORE-OOB: layout_ub.mlir:[[@LINE+6]]:8: undefined behaviour: out-of-bounds map_store index in 'iree_linalg_ext.map_store' at element [1]
func.func @map_store_oob() -> tensor<2xi32> {
  %in = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %init = util.unfoldable_constant dense<0> : tensor<2xi32>
  %true = arith.constant true
  %c1 = arith.constant 1 : index
  %r = iree_linalg_ext.map_store %in into %init {
  ^bb0(%i: index):
    %j = arith.addi %i, %c1 : index
    iree_linalg_ext.yield %j, %true : index, i1
  } : tensor<2xi32> into tensor<2xi32> -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// BASIS: layout_ub.mlir:[[@LINE+5]]:10: undefined behaviour: invalid basis in 'affine.delinearize_index'
func.func @delinearize_zero_basis() -> index {
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : index
  %zero = util.optimization_barrier %z : index
  %d:2 = affine.delinearize_index %c5 into (%zero) : index, index
  return %d#1 : index
}

// With padding_value the ragged tile is defined: [1 2] [3 4] [5 -7].
// PADDED: 3x2xi32=[1 2][3 4][5 -7]
func.func @pack_pad_defined(%x: tensor<?xi32>) -> tensor<3x2xi32> {
  %pad = arith.constant -7 : i32
  %e = tensor.empty() : tensor<3x2xi32>
  %r = linalg.pack %x padding_value(%pad : i32) inner_dims_pos = [0] inner_tiles = [2] into %e : tensor<?xi32> -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// The sum of each line (4 terms) may be reassociated by IREE.
// SOFTMAX: "reduction_length": 4
func.func @softmax() -> tensor<2x4xf32> {
  %x = util.unfoldable_constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, 0.5, 0.5, 0.5]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
