// One case per verifier rule of the iree_linalg_ext ops. Each expected message
// is IREE's own text (as iree-opt 3.13 reports it, and as IREE's
// LinalgExt/IR/test/invalid.mlir expects where it has the case).
// RUN: ref-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

func.func @sort_with_inputs(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'iree_linalg_ext.sort' op does not expect to take any inputs}}
  %0 = iree_linalg_ext.sort dimension(0) ins(%arg1 : tensor<8xi32>) outs(%arg0 : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// Without operands the op has neither pure tensor nor pure buffer semantics,
// which is checked first (IREE's "at least one `outs`" check cannot fire).
func.func @sort_no_outs() {
  // expected-error @+1 {{'iree_linalg_ext.sort' op expected operation that implements LinalgExtInterface to have either pure buffer semantics or pure tensor semantics}}
  "iree_linalg_ext.sort"() <{dimension = 0 : i64, operandSegmentSizes = array<i32: 0, 0>}> ({
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    "iree_linalg_ext.yield"(%1) : (i1) -> ()
  }) : () -> ()
  return
}

// -----

func.func @sort_wrong_number_of_block_args(%arg0: tensor<8xi32>, %arg1: tensor<8xf32>)
    -> (tensor<8xi32>, tensor<8xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op region block should have 4 arguments}}
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%arg0, %arg1 : tensor<8xi32>, tensor<8xf32>) {
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<8xi32>, tensor<8xf32>
  return %0#0, %0#1 : tensor<8xi32>, tensor<8xf32>
}

// -----

func.func @sort_invalid_dimension(%arg0: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{dimension must be within (0, 1]}}
  %0 = iree_linalg_ext.sort dimension(1)
    outs(%arg0 : tensor<128xi32>) {
  ^bb0(%arg1: i32, %arg2: i32):
    %1 = arith.cmpi sgt, %arg1, %arg2 : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<128xi32>
  return %0 : tensor<128xi32>
}

// -----

func.func @sort_mismatch_rank(%arg0: tensor<?x?xi32>, %arg1: tensor<?xf32>)
    -> (tensor<?x?xi32>, tensor<?xf32>) {
  // expected-error @+1 {{expected operand 1 to be rank 2, same as other operands}}
  %0:2 = iree_linalg_ext.sort dimension(0)
      outs(%arg0, %arg1 : tensor<?x?xi32>, tensor<?xf32>) {
      ^bb0(%arg2: i32, %arg3: i32, %arg4 : f32, %arg5 : f32):
        %1 = arith.cmpf ogt, %arg4, %arg5 : f32
        iree_linalg_ext.yield %1 : i1
      } -> tensor<?x?xi32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<?x?xi32>, tensor<?xf32>
}

// -----

func.func @sort_mismatch_shape(%arg0: tensor<?xi32>, %arg1: tensor<42xf32>)
    -> (tensor<?xi32>, tensor<42xf32>) {
  // expected-error @+1 {{expected operand 1 to have same shape as other operands}}
  %0:2 = iree_linalg_ext.sort dimension(0)
      outs(%arg0, %arg1 : tensor<?xi32>, tensor<42xf32>) {
      ^bb0(%arg2: i32, %arg3: i32, %arg4 : f32, %arg5 : f32):
        %1 = arith.cmpf ogt, %arg4, %arg5 : f32
        iree_linalg_ext.yield %1 : i1
      } -> tensor<?xi32>, tensor<42xf32>
  return %0#0, %0#1 : tensor<?xi32>, tensor<42xf32>
}

// -----

func.func @sort_block_arg_type(%arg0: tensor<8xi32>, %arg1: tensor<8xf32>)
    -> (tensor<8xi32>, tensor<8xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.sort' op region block argument #2 should be of type 'f32' but got 'i32'}}
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%arg0, %arg1 : tensor<8xi32>, tensor<8xf32>) {
  ^bb0(%a: i32, %b: i32, %c: i32, %d: f32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<8xi32>, tensor<8xf32>
  return %0#0, %0#1 : tensor<8xi32>, tensor<8xf32>
}

// -----

func.func @sort_yields_two_values(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'iree_linalg_ext.sort' op should yield exactly one operand}}
  %0 = iree_linalg_ext.sort dimension(0) outs(%arg0 : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1, %1 : i1, i1
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

func.func @sort_yields_non_i1(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  // expected-error @+1 {{'iree_linalg_ext.sort' op should yield i1 type}}
  %0 = iree_linalg_ext.sort dimension(0) outs(%arg0 : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

func.func @sort_scalar_operand(%arg0: i32) -> i32 {
  // expected-error @+1 {{'iree_linalg_ext.sort' op operand #0 must be variadic of shaped of any non-token type values, but got 'i32'}}
  %0 = iree_linalg_ext.sort dimension(0) outs(%arg0 : i32) {
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1 : i1
  } -> i32
  return %0 : i32
}

// -----

func.func @sort_result_type_mismatch(%arg0: tensor<8xi32>) -> tensor<?xi32> {
  // expected-error @+1 {{'iree_linalg_ext.sort' op expected type of operand #0 ('tensor<8xi32>') to match type of corresponding result ('tensor<?xi32>')}}
  %0 = iree_linalg_ext.sort dimension(0) outs(%arg0 : tensor<8xi32>) {
  ^bb0(%a: i32, %b: i32):
    %1 = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

// -----

func.func @scatter_extra_outputs(
    %update : tensor<?x?xf32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  // expected-error @below {{'iree_linalg_ext.scatter' op expected the number of tensor results (2) to be equal to the number of output tensors (1)}}
  %0, %1 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%update, %indices : tensor<?x?xf32>, tensor<?x1xi32>)
      outs(%original : tensor<?x?xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        %1 = arith.addf %arg1, %arg2 : f32
        iree_linalg_ext.yield %1 : f32
      } -> tensor<?x?xf32>, tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

func.func @scatter_output_type_mismatch(
    %update : tensor<?x?xf32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{expected type of operand #2 ('tensor<?x?xf32>') to match type of corresponding result ('tensor<4x?xf32>')}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%update, %indices : tensor<?x?xf32>, tensor<?x1xi32>)
      outs(%original : tensor<?x?xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        %1 = arith.addf %arg1, %arg2 : f32
        iree_linalg_ext.yield %1 : f32
      } -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @scatter_mixed_tensor_memref(
    %update : tensor<4x3xf32>, %indices : tensor<4x1xi32>,
    %original : memref<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op expected operation that implements LinalgExtInterface to have either pure buffer semantics or pure tensor semantics}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%update, %indices : tensor<4x3xf32>, tensor<4x1xi32>)
      outs(%original : memref<8x3xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        iree_linalg_ext.yield %arg1 : f32
      } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @scatter_scalar_operand(%update : tensor<4xf32>, %indices : i32,
    %original : tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op operand #1 must be ranked tensor or memref of any type, but got 'i32'}}
  %0 = "iree_linalg_ext.scatter"(%update, %indices, %original) <{dimension_map = array<i64: 0>, unique_indices = true}> ({
  ^bb0(%arg1: f32, %arg2: f32):
    "iree_linalg_ext.yield"(%arg1) : (f32) -> ()
  }) : (tensor<4xf32>, i32, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @scatter_float_indices(
    %update : tensor<4x3xf32>, %indices : tensor<4x1xf32>,
    %original : tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op expected indices to be of rank 1 or greater and of integer or index element type}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%update, %indices : tensor<4x3xf32>, tensor<4x1xf32>)
      outs(%original : tensor<8x3xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        iree_linalg_ext.yield %arg1 : f32
      } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @scatter_empty_dim_map(
    %update : tensor<?x?xf32>, %indices : tensor<?x2xi32>,
    %original : tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op dimension map must have at least one element}}
  %0 = iree_linalg_ext.scatter dimension_map = [] unique_indices(true)
      ins(%update, %indices : tensor<?x?xf32>, tensor<?x2xi32>)
      outs(%original : tensor<?x?xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        %1 = arith.addf %arg1, %arg2 : f32
        iree_linalg_ext.yield %1 : f32
      } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_duplicate_dim_map_entries(
    %update : tensor<?x?xf32>, %indices : tensor<?x2xi32>,
    %original : tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op dimension map is invalid.}}
  // expected-note @below {{element (1) at index#1 is a duplicate}}
  %0 = iree_linalg_ext.scatter dimension_map = [1, 1] unique_indices(true)
      ins(%update, %indices : tensor<?x?xf32>, tensor<?x2xi32>)
      outs(%original : tensor<?x?xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        %1 = arith.addf %arg1, %arg2 : f32
        iree_linalg_ext.yield %1 : f32
      } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_invalid_dim_map_entries(
    %update : tensor<?x?xf32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op dimension map is invalid.}}
  // expected-note @below {{element (1) at index#0 is out of bounds}}
  %0 = iree_linalg_ext.scatter dimension_map = [1] unique_indices(true)
      ins(%update, %indices : tensor<?x?xf32>, tensor<?x1xi32>)
      outs(%original : tensor<?x?xf32>) {
      ^bb0(%arg1: f32, %arg2: f32):
        %1 = arith.addf %arg1, %arg2 : f32
        iree_linalg_ext.yield %1 : f32
      } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_index_depth_too_large(
    %original: tensor<?x?xf32>, %indices: tensor<?x3xi32>,
    %update: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op expected update to be at least the rank of non indexed original dims}}
  %0 = iree_linalg_ext.scatter
    dimension_map = [0, 1, 2]
    unique_indices(true)
    ins(%update, %indices : tensor<?x?xf32>, tensor<?x3xi32>)
    outs(%original: tensor<?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_rank_mismatch(
    %update : tensor<?x?x?x?xf32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op expected indices to be equal to batch rank or batch rank + 1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?x?x?xf32>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_dim_mismatch(
    %update : tensor<48x?x?xf32>, %indices : tensor<48x10x1xi32>,
    %original : tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op mismatch in shape of indices and update value at dim#1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<48x?x?xf32>, tensor<48x10x1xi32>)
    outs(%original : tensor<?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @scatter_mask_element_type(
    %update : tensor<4x3xf32>, %indices : tensor<4x1xi32>, %mask : tensor<4xi32>,
    %original : tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op expected mask to have i1 or storage-legalized i8 element type}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices, %mask : tensor<4x3xf32>, tensor<4x1xi32>, tensor<4xi32>)
    outs(%original : tensor<8x3xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      iree_linalg_ext.yield %arg1 : f32
    } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @scatter_mask_rank(
    %update : tensor<4x3xf32>, %indices : tensor<4x1xi32>, %mask : tensor<4x3xi1>,
    %original : tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op expected mask rank to match batch rank}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices, %mask : tensor<4x3xf32>, tensor<4x1xi32>, tensor<4x3xi1>)
    outs(%original : tensor<8x3xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      iree_linalg_ext.yield %arg1 : f32
    } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @scatter_mask_shape(
    %update : tensor<2x4x3xf32>, %indices : tensor<2x4x1xi32>, %mask : tensor<2x5xi8>,
    %original : tensor<8x3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'iree_linalg_ext.scatter' op mask shape must match batch dimensions at dim#1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices, %mask : tensor<2x4x3xf32>, tensor<2x4x1xi32>, tensor<2x5xi8>)
    outs(%original : tensor<8x3xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      iree_linalg_ext.yield %arg1 : f32
    } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @scatter_slice_mismatch(
    %update : tensor<?x4xf32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @below {{'iree_linalg_ext.scatter' op shape of update value dim#1 must match original value at dim#1}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x4xf32>, tensor<?x1xi32>)
    outs(%original : tensor<?x3xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @scatter_region_arg_count(
    %update : tensor<?x?xi64>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi64>) -> tensor<?x?xi64> {
  // expected-error @+1 {{expected region to have two arguments}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi64>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi64>) {
    ^bb0(%arg1: i64, %arg2: i64, %arg3 : i64):
      %1 = arith.addi %arg1, %arg2 : i64
      iree_linalg_ext.yield %1 : i64
    } -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

func.func @scatter_region_non_scalar_args(
    %update : tensor<?x?xi32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi32>) -> tensor<?x?xi32> {
  // expected-error @+1 {{expected region to have scalar argument of integer or float types}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi32>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi32>) {
    ^bb0(%arg1: index, %arg2: index):
      %1 = arith.addi %arg1, %arg2 : index
      %2 = arith.index_cast %1 : index to i32
      iree_linalg_ext.yield %2 : i32
    } -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @scatter_region_arg0_type(
    %update : tensor<?x?xi32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi32>) -> tensor<?x?xi32> {
  // expected-error @+1 {{mismatch in argument 0 of region 'i64' and element type of update value 'i32'}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi32>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi32>) {
    ^bb0(%arg1: i64, %arg2: i32):
      %1 = arith.trunci %arg1 : i64 to i32
      %2 = arith.addi %1, %arg2 : i32
      iree_linalg_ext.yield %2 : i32
    } -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @scatter_region_arg1_type(
    %update : tensor<?x?xi32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi32>) -> tensor<?x?xi32> {
  // expected-error @+1 {{mismatch in argument 1 of region 'i64' and element type of original value 'i32'}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi32>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi32>) {
    ^bb0(%arg1: i32, %arg2: i64):
      %1 = arith.trunci %arg2 : i64 to i32
      %2 = arith.addi %1, %arg1 : i32
      iree_linalg_ext.yield %2 : i32
    } -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32>
}

// -----

func.func @scatter_region_arg_types_differ(
    %update : tensor<?x?xi32>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi64>) -> tensor<?x?xi64> {
  // expected-error @+1 {{mismatch in region argument types 'i32' and 'i64'}}
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi32>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi64>) {
    ^bb0(%arg1: i32, %arg2: i64):
      %1 = arith.extsi %arg1 : i32 to i64
      %2 = arith.addi %1, %arg2 : i64
      iree_linalg_ext.yield %2 : i64
    } -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

func.func @scatter_yield_two_values(
    %update : tensor<?x?xi64>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi64>) -> tensor<?x?xi64> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi64>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi64>) {
    ^bb0(%arg1: i64, %arg2: i64):
      %1 = arith.addi %arg1, %arg2 : i64
      %2 = arith.trunci %1 : i64 to i32
      // expected-error @+1 {{'iree_linalg_ext.yield' op expected region to yield a single value}}
      iree_linalg_ext.yield %1, %2 : i64, i32
    } -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

func.func @scatter_yield_type(
    %update : tensor<?x?xi64>, %indices : tensor<?x1xi32>,
    %original : tensor<?x?xi64>) -> tensor<?x?xi64> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%update, %indices : tensor<?x?xi64>, tensor<?x1xi32>)
    outs(%original : tensor<?x?xi64>) {
    ^bb0(%arg1: i64, %arg2: i64):
      %1 = arith.addi %arg1, %arg2 : i64
      %2 = arith.trunci %1 : i64 to i32
      // expected-error @+1 {{mismatch in type of yielded value 'i32' and argument of the region 'i64'}}
      iree_linalg_ext.yield %2 : i32
    } -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

//===----------------------------------------------------------------------===//
// gather (shares scatter's shape rules, worded for source/output)
//===----------------------------------------------------------------------===//

// -----

func.func @gather_output_too_large(
    %source : tensor<10xf32>, %idx : tensor<1xi32>,
    %output : tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'iree_linalg_ext.gather' op mismatch in shape of indices and output value at dim#0}}
  %0 = iree_linalg_ext.gather
    dimension_map = [0]
    ins(%source, %idx : tensor<10xf32>, tensor<1xi32>)
    outs(%output : tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_mismatch_output_and_source(
    %source : tensor<10x10xf32>, %idx : tensor<2xi32>,
    %output : tensor<1xf32>) -> tensor<1xf32> {
  // expected-error @below {{'iree_linalg_ext.gather' op shape of output value dim#0 must match source value at dim#1}}
  %0 = iree_linalg_ext.gather
    dimension_map = [0]
    ins(%source, %idx : tensor<10x10xf32>, tensor<2xi32>)
    outs(%output : tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @gather_indices_batch_rank_too_large(
    %source : tensor<10x10xf32>, %idx : tensor<1x2xi32>,
    %output : tensor<10xf32>) -> tensor<10xf32> {
  // expected-error @below {{'iree_linalg_ext.gather' op expected indices to be equal to batch rank or batch rank + 1}}
  %0 = iree_linalg_ext.gather
    dimension_map = [0]
    ins(%source, %idx : tensor<10x10xf32>, tensor<1x2xi32>)
    outs(%output : tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @gather_dim_map_mismatch(
    %source : tensor<2xf32>, %idx : tensor<1xi32>,
    %output : tensor<1xf32>) -> tensor<1xf32> {
  // expected-error @below {{'iree_linalg_ext.gather' op expected output to be at least the rank of non indexed source dims}}
  %0 = iree_linalg_ext.gather
    dimension_map = [0, 1]
    ins(%source, %idx : tensor<2xf32>, tensor<1xi32>)
    outs(%output : tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @gather_mask_rank(
    %source : tensor<8x3xf32>, %idx : tensor<4x1xi32>, %mask : tensor<4x3xi1>,
    %output : tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @below {{'iree_linalg_ext.gather' op expected mask rank to match batch rank}}
  %0 = iree_linalg_ext.gather dimension_map = [0]
    ins(%source, %idx, %mask : tensor<8x3xf32>, tensor<4x1xi32>, tensor<4x3xi1>)
    outs(%output : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

// -----

func.func @scan_accumulator_element_type(%input: tensor<4x8xf32>,
    %output: tensor<4x8xf32>, %acc: tensor<4xf16>) -> (tensor<4x8xf32>, tensor<4xf16>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op expected input/accumulator element types to be identical}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x8xf32>, tensor<4xf16>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x8xf32>, tensor<4xf16>
  return %0#0, %0#1 : tensor<4x8xf32>, tensor<4xf16>
}

// -----

func.func @scan_accumulator_rank(%input: tensor<4x8xf32>,
    %output: tensor<4x8xf32>, %acc: tensor<4x1xf32>) -> (tensor<4x8xf32>, tensor<4x1xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op expected accumulator rank to be equal to input rank - 1}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x8xf32>, tensor<4x1xf32>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x8xf32>, tensor<4x1xf32>
  return %0#0, %0#1 : tensor<4x8xf32>, tensor<4x1xf32>
}

// -----

func.func @scan_accumulator_shape(%input: tensor<4x8xf32>,
    %output: tensor<4x8xf32>, %acc: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op incompatible input/accumulator shapes}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(false)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x8xf32>, tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x8xf32>, tensor<8xf32>
  return %0#0, %0#1 : tensor<4x8xf32>, tensor<8xf32>
}

// -----

func.func @scan_output_element_type(%input: tensor<4x8xf32>,
    %output: tensor<4x8xf16>, %acc: tensor<4xf32>) -> (tensor<4x8xf16>, tensor<4xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op expected input/output element types to be identical}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x8xf16>, tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x8xf16>, tensor<4xf32>
  return %0#0, %0#1 : tensor<4x8xf16>, tensor<4xf32>
}

// -----

func.func @scan_output_rank(%input: tensor<4x8xf32>,
    %output: tensor<4x8x1xf32>, %acc: tensor<4xf32>) -> (tensor<4x8x1xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op expected input/output to have identical ranks}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x8x1xf32>, tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x8x1xf32>, tensor<4xf32>
  return %0#0, %0#1 : tensor<4x8x1xf32>, tensor<4xf32>
}

// -----

func.func @scan_output_shape(%input: tensor<4x8xf32>,
    %output: tensor<4x9xf32>, %acc: tensor<4xf32>) -> (tensor<4x9xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'iree_linalg_ext.scan' op incompatible input/output shapes}}
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
    ins(%input : tensor<4x8xf32>) outs(%output, %acc : tensor<4x9xf32>, tensor<4xf32>) {
    ^bb0(%a: f32, %b: f32):
      iree_linalg_ext.yield %a : f32
  } -> tensor<4x9xf32>, tensor<4xf32>
  return %0#0, %0#1 : tensor<4x9xf32>, tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// topk
//===----------------------------------------------------------------------===//

// -----

func.func @topk_dimension(%input_values: tensor<2x10xf32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk' op dimension exceeds rank}}
  %0:2 = iree_linalg_ext.topk dimension(2)
        ins(%input_values : tensor<2x10xf32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_invalid(%input_values: tensor<2x10xi32>, %input_indices: tensor<2x10xi32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{expected input/output value types to be identical}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<2x10xi32> , tensor<2x10xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_invalid(%input_values: tensor<2x10xf32>, %input_indices: tensor<2x10xf32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{expected input/output indices types to be int}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<2x10xf32> , tensor<2x10xf32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_indices_not_i32(%input_values: tensor<2x10xf32>, %input_indices: tensor<2x10xi64>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi64>) -> (tensor<2x3xf32>, tensor<2x3xi64>) {
   // expected-error@+1 {{'iree_linalg_ext.topk' op expected input/output indices types to be int32}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<2x10xf32> , tensor<2x10xi64>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi64>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi64>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi64>
}

// -----

func.func @topk_invalid(%input_values: tensor<10x2x10xf32>, %input_indices: tensor<10x2x10xi32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{expected input/output to have the same rank}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<10x2x10xf32> , tensor<10x2x10xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_indices_rank(%input_values: tensor<2x10xf32>, %input_indices: tensor<2x10x1xi32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{'iree_linalg_ext.topk' op expected input/output to have the same rank}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<2x10xf32> , tensor<2x10x1xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_invalid(%input_values: tensor<3x10xf32>, %input_indices: tensor<2x10xi32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{input indices/values shape must match}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<3x10xf32> , tensor<2x10xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_invalid(%input_values: tensor<2x10xf32>, %input_indices: tensor<2x10xi32>, %out_values : tensor<3x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<3x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{output indices/values shape must match}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices : tensor<2x10xf32> , tensor<2x10xi32>)
        outs(%out_values, %out_indices : tensor<3x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<3x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<3x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_invalid(%input_values: tensor<3x10xf32>, %input_indices: tensor<3x10xi32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
   // expected-error@+1 {{incompatible input/output shapes}}
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%input_values, %input_indices  : tensor<3x10xf32> , tensor<3x10xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_block_arg_count(%input_values: tensor<2x10xf32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk' op region block should have 2 arguments}}
  %0:2 = iree_linalg_ext.topk dimension(1)
        ins(%input_values : tensor<2x10xf32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32, %arg2: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_block_arg_type(%input_values: tensor<2x10xf32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk' op region block types must match input}}
  %0:2 = iree_linalg_ext.topk dimension(1)
        ins(%input_values : tensor<2x10xf32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f16):
          %0 = arith.cmpf ogt, %arg0, %arg0 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @topk_yield_type(%input_values: tensor<2x10xf32>, %out_values : tensor<2x3xf32>, %out_indices: tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk' op region block must end with a linalg_ext.yield i1!}}
  %0:2 = iree_linalg_ext.topk dimension(1)
        ins(%input_values : tensor<2x10xf32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          iree_linalg_ext.yield %arg0 : f32
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

//===----------------------------------------------------------------------===//
// topk_v2
//===----------------------------------------------------------------------===//

// -----

func.func @topk_v2_dimension(%v: tensor<10xf32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op dimension exceeds rank}}
  %0 = iree_linalg_ext.topk_v2 dimension(1) ins(%v : tensor<10xf32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @topk_v2_value_types(%v: tensor<10xf32>, %ov: tensor<3xf16>) -> tensor<3xf16> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op expected input/output value types to be identical}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov : tensor<3xf16>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

func.func @topk_v2_rank(%v: tensor<2x10xf32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op expected input/output to have the same rank}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<2x10xf32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @topk_v2_input_indices_without_output_indices(%v: tensor<10xf32>,
    %i: tensor<10xi32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op input indices require output indices to carry provenance}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v, %i : tensor<10xf32>, tensor<10xi32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @topk_v2_input_indices_type(%v: tensor<10xf32>, %i: tensor<10xf32>,
    %ov: tensor<3xf32>, %oi: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op expected input indices to be integer type}}
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) ins(%v, %i : tensor<10xf32>, tensor<10xf32>) outs(%ov, %oi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

func.func @topk_v2_input_indices_shape(%v: tensor<10xf32>, %i: tensor<9xi32>,
    %ov: tensor<3xf32>, %oi: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op input values/indices shape must match}}
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) ins(%v, %i : tensor<10xf32>, tensor<9xi32>) outs(%ov, %oi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

func.func @topk_v2_index_types_differ(%v: tensor<10xf32>, %i: tensor<10xi64>,
    %ov: tensor<3xf32>, %oi: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op expected input/output indices element types to be identical}}
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) ins(%v, %i : tensor<10xf32>, tensor<10xi64>) outs(%ov, %oi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}

// -----

func.func @topk_v2_output_indices_type(%v: tensor<10xf32>, %ov: tensor<3xf32>,
    %oi: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op expected output indices to be integer type}}
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov, %oi : tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<3xf32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @topk_v2_output_indices_shape(%v: tensor<10xf32>, %ov: tensor<3xf32>,
    %oi: tensor<4xi32>) -> (tensor<3xf32>, tensor<4xi32>) {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op output values/indices shape must match}}
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov, %oi : tensor<3xf32>, tensor<4xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>, tensor<4xi32>
  return %0#0, %0#1 : tensor<3xf32>, tensor<4xi32>
}

// -----

func.func @topk_v2_non_reduced_dim(%v: tensor<2x10xf32>, %ov: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op incompatible input/output shapes at dimension 0}}
  %0 = iree_linalg_ext.topk_v2 dimension(1) ins(%v : tensor<2x10xf32>) outs(%ov : tensor<3x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @topk_v2_k_zero(%v: tensor<10xf32>, %ov: tensor<0xf32>) -> tensor<0xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op output dimension must be positive}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov : tensor<0xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @topk_v2_k_too_large(%v: tensor<10xf32>, %ov: tensor<11xf32>) -> tensor<11xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op output dimension must not exceed input, got 11 > 10}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov : tensor<11xf32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<11xf32>
  return %0 : tensor<11xf32>
}

// -----

func.func @topk_v2_block_arg_count(%v: tensor<10xf32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op region block should have 2 arguments}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32, %d: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @topk_v2_block_arg_type(%v: tensor<10xf32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op region block types must match input value type}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) ins(%v : tensor<10xf32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f16):
    %c = arith.cmpf ogt, %a, %a : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @topk_v2_yield(%v: tensor<10xf32>, %ov: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'iree_linalg_ext.topk_v2' op region block must end with a linalg_ext.yield i1}}
  %0 = iree_linalg_ext.topk_v2 dimension(0) is_sorted ins(%v : tensor<10xf32>) outs(%ov : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

//===----------------------------------------------------------------------===//
// arg_compare
//===----------------------------------------------------------------------===//

// -----

func.func @arg_compare_explicit_index_shape_mismatch(
    %input_val: tensor<2x10xf32>,
    %input_idx: tensor<2x8xi32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi32>
) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error@+1 {{explicit-index mode: value and index inputs must have the same shape. Value shape: [2, 10], index shape: [2, 8]}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val, %input_idx : tensor<2x10xf32>, tensor<2x8xi32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @arg_compare_explicit_index_non_integer(
    %input_val: tensor<2x10xf32>,
    %input_idx: tensor<2x10xf32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi32>
) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error@+1 {{explicit-index mode: index input must have integer or index element type, but got 'f32'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val, %input_idx : tensor<2x10xf32>, tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @arg_compare_explicit_index_element_type_mismatch(
    %input_val: tensor<2x10xf32>,
    %input_idx: tensor<2x10xi32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi64>
) -> (tensor<2xf32>, tensor<2xi64>) {
  // expected-error@+1 {{explicit-index mode: input and output index element types must match. Input index type: 'i32', output index type: 'i64'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val, %input_idx : tensor<2x10xf32>, tensor<2x10xi32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi64>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi64>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi64>
}

// -----

func.func @arg_compare_invalid_explicit_index_with_base(
    %input_val: tensor<2x4xf32>,
    %input_idx: tensor<2x4xi32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi32>,
    %base: index
) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error@+1 {{index_base must not be used with explicit indices}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val, %input_idx : tensor<2x4xf32>, tensor<2x4xi32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi32>)
    index_base(%base : index) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @arg_compare_invalid_type_mismatch(
    %input_val: tensor<2x10xf32>,
    %out_val: tensor<2xf16>,
    %out_idx: tensor<2xi32>) -> (tensor<2xf16>, tensor<2xi32>) {
  // expected-error@+1 {{input and output value element types must match. Input type: 'f32', output value type: 'f16'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf16>, tensor<2xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf16>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf16>, tensor<2xi32>
}

// -----

func.func @arg_compare_output_index_type(
    %input_val: tensor<2x10xf32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error@+1 {{'iree_linalg_ext.arg_compare' op output index must have integer or index element type, but got 'f32'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xf32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xf32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @arg_compare_invalid_output_shape_mismatch(
    %input_val: tensor<2x10xf32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<10xi32>) -> (tensor<2xf32>, tensor<10xi32>) {
  // expected-error@+1 {{output indices/values shape must match. Output value shape: [2], output index shape: [10]}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<10xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<10xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<10xi32>
}

// -----

func.func @arg_compare_invalid_dim(
    %input_val: tensor<2x10xf32>,
    %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error@+1 {{reduction dimension exceeds or equals input rank. got dimension: 2, but input rank is: 2}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(2)
    ins(%input_val : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @arg_compare_invalid_output_shape_wrong_reduction(
    %input_val: tensor<2x10xf32>,
    %out_val: tensor<1xf32>,
    %out_idx: tensor<1xi32>) -> (tensor<1xf32>, tensor<1xi32>) {
  // expected-error@+1 {{output shape must match input shape with reduction dimension removed. Expected: [2], but got: [1]}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input_val : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<1xf32>, tensor<1xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<1xf32>, tensor<1xi32>
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi32>
}

// -----

func.func @arg_compare_missing_region_yield(
    %input : tensor<2x6xf32>,
    %outv : tensor<2xf32>,
    %outi : tensor<2xindex>
) -> (tensor<2xf32>, tensor<2xindex>) {
  // expected-error@+1 {{region block should have 2 arguments, but got 0}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x6xf32>)
    outs(%outv, %outi : tensor<2xf32>, tensor<2xindex>) {} -> tensor<2xf32>, tensor<2xindex>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xindex>
}

// -----

func.func @arg_compare_invalid_region_argument_type(
    %input : tensor<2x6xf32>,
    %outv : tensor<2xf32>,
    %outi : tensor<2xindex>
) -> (tensor<2xf32>, tensor<2xindex>) {
  // expected-error@+1 {{comparator arguments must match input value element type. Expected: 'f32', but got: 'f32' and 'i32'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x6xf32>)
    outs(%outv, %outi : tensor<2xf32>, tensor<2xindex>) {
    ^bb0(%a: f32, %b: i32):
      %cmp = arith.cmpf ogt, %a, %a : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xindex>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xindex>
}

// -----

// A missing terminator is inserted by the parser, without operands.
func.func @arg_compare_missing_yield_operand(
    %input : tensor<2x6xf32>,
    %outv : tensor<2xf32>, %outi : tensor<2xindex>
) -> (tensor<2xf32>, tensor<2xindex>) {
  // expected-error@+1 {{expected linalg_ext.yield to return 1 operand, but got 0}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x6xf32>)
    outs(%outv, %outi : tensor<2xf32>, tensor<2xindex>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
  } -> tensor<2xf32>, tensor<2xindex>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xindex>
}

// -----

func.func @arg_compare_invalid_region_terminator(
    %input : tensor<2x6xf32>,
    %outv : tensor<2xf32>,
    %outi : tensor<2xindex>
) -> (tensor<2xf32>, tensor<2xindex>) {
  // expected-error@+1 {{region block must end with a linalg_ext.yield i1, but got: 'f32'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x6xf32>)
    outs(%outv, %outi : tensor<2xf32>, tensor<2xindex>) {
    ^bb0(%a: f32, %b: f32):
      %add = arith.addf %a, %b : f32
      iree_linalg_ext.yield %add : f32
  } -> tensor<2xf32>, tensor<2xindex>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xindex>
}

// -----

func.func @arg_compare_invalid_index_base_type(
    %input: tensor<2x10xf32>,
    %outv: tensor<2xf32>,
    %outi: tensor<2xindex>,
    %bad_index_base: i32
) -> (tensor<2xf32>, tensor<2xindex>) {
  // expected-error@+1 {{operand #3 must be index, but got 'i32'}}
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x10xf32>)
    outs(%outv, %outi : tensor<2xf32>, tensor<2xindex>)
    index_base(%bad_index_base : i32) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xindex>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xindex>
}
