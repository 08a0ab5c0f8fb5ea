// One case per verifier rule of map_load, map_store and the winograd
// transforms; each message is IREE's own text (LinalgExtOps.cpp).
// RUN: ref-opt %s -split-input-file -verify-diagnostics

func.func @map_load_element_types(%s: tensor<4xf32>, %o: tensor<4xf16>, %p: f32) -> tensor<4xf16> {
  // expected-error @+1 {{'iree_linalg_ext.map_load' op expected source and output element types to match}}
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: index):
    iree_linalg_ext.yield %i, %p : index, f32
  } : tensor<4xf32> into tensor<4xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @map_load_num_args(%s: tensor<4xf32>, %o: tensor<4xf32>, %p: f32) -> tensor<4xf32> {
  // expected-error @+1 {{'iree_linalg_ext.map_load' op expected number of block arguments to be equal to the output rank}}
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: index, %j: index):
    iree_linalg_ext.yield %i, %p : index, f32
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_load_arg_types(%s: tensor<4xf32>, %o: tensor<4xf32>, %p: f32) -> tensor<4xf32> {
  // expected-error @+1 {{'iree_linalg_ext.map_load' op expected block arguments to be index types}}
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: i32):
    %c0 = arith.constant 0 : index
    iree_linalg_ext.yield %c0, %p : index, f32
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_load_num_yields(%s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: index):
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected transformation_region to yield a value for each source dimension and a padding value}}
    iree_linalg_ext.yield %i : index
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_load_yield_index_type(%s: tensor<4xf32>, %o: tensor<4xf32>, %p: f32) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i32
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected yielded indices to be index types}}
    iree_linalg_ext.yield %x, %p : i32, f32
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_load_padding_type(%s: tensor<4xf32>, %o: tensor<4xf32>, %p: f16) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_load %s into %o {
  ^bb0(%i: index):
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected yielded padding value type to match source element type}}
    iree_linalg_ext.yield %i, %p : index, f16
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_element_types(%s: tensor<4xf32>, %o: tensor<4xi32>, %m: i1) -> tensor<4xi32> {
  // expected-error @+1 {{'iree_linalg_ext.map_store' op expected input and output element types to match}}
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: index):
    iree_linalg_ext.yield %i, %m : index, i1
  } : tensor<4xf32> into tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @map_store_rank0(%s: tensor<f32>, %o: tensor<4xf32>, %m: i1) -> tensor<4xf32> {
  // expected-error @+1 {{'iree_linalg_ext.map_store' op expected input type to have non-zero rank}}
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0:
    %c0 = arith.constant 0 : index
    iree_linalg_ext.yield %c0, %m : index, i1
  } : tensor<f32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_num_args(%s: tensor<4xf32>, %o: tensor<4xf32>, %m: i1) -> tensor<4xf32> {
  // expected-error @+1 {{'iree_linalg_ext.map_store' op expected number of block arguments to be equal to the input rank}}
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: index, %j: index):
    iree_linalg_ext.yield %i, %m : index, i1
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_arg_types(%s: tensor<4xf32>, %o: tensor<4xf32>, %m: i1) -> tensor<4xf32> {
  // expected-error @+1 {{'iree_linalg_ext.map_store' op expected block arguments to be index types}}
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: i64):
    %c0 = arith.constant 0 : index
    iree_linalg_ext.yield %c0, %m : index, i1
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_num_yields(%s: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: index):
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected transformation_region to yield a value for each output dimension and a mask}}
    iree_linalg_ext.yield %i : index
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_yield_index_type(%s: tensor<4xf32>, %o: tensor<4xf32>, %m: i1) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: index):
    %x = arith.index_cast %i : index to i64
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected yielded indices to be index types}}
    iree_linalg_ext.yield %x, %m : i64, i1
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_store_mask_type(%s: tensor<4xf32>, %o: tensor<4xf32>, %m: i8) -> tensor<4xf32> {
  %0 = iree_linalg_ext.map_store %s into %o {
  ^bb0(%i: index):
    // expected-error @+1 {{'iree_linalg_ext.yield' op expected yielded mask to be i1 type}}
    iree_linalg_ext.yield %i, %m : index, i8
  } : tensor<4xf32> into tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @winograd_input_element_types(%a: tensor<1x6x6x1xf32>, %b: tensor<8x8x1x1x1x1xf16>) -> tensor<8x8x1x1x1x1xf16> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected input/output element types to be identical}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<1x6x6x1xf32>) outs(%b : tensor<8x8x1x1x1x1xf16>) -> tensor<8x8x1x1x1x1xf16>
  return %0 : tensor<8x8x1x1x1x1xf16>
}

// -----

func.func @winograd_input_rank(%a: tensor<6x6x1xf32>, %b: tensor<8x8x1x1x1xf32>) -> tensor<8x8x1x1x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected input operand to have rank either 2 or 4}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<6x6x1xf32>) outs(%b : tensor<8x8x1x1x1xf32>) -> tensor<8x8x1x1x1xf32>
  return %0 : tensor<8x8x1x1x1xf32>
}

// -----

func.func @winograd_input_tile_output_rank(%a: tensor<8x8xf32>, %b: tensor<8x8x1xf32>) -> tensor<8x8x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected output operand to have rank 2 if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<8x8xf32>) outs(%b : tensor<8x8x1xf32>) -> tensor<8x8x1xf32>
  return %0 : tensor<8x8x1xf32>
}

// -----

func.func @winograd_input_tile_too_large(%a: tensor<9x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected input dims not greater than input tile size if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<9x8xf32>) outs(%b : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @winograd_input_tile_output_dims(%a: tensor<8x8xf32>, %b: tensor<8x7xf32>) -> tensor<8x7xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected output dims equal to inputTileSize if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<8x8xf32>) outs(%b : tensor<8x7xf32>) -> tensor<8x7xf32>
  return %0 : tensor<8x7xf32>
}

// -----

func.func @winograd_input_output_rank(%a: tensor<1x6x6x1xf32>, %b: tensor<8x8x1x1x1xf32>) -> tensor<8x8x1x1x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected output rank to be equal to input rank + 2}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<1x6x6x1xf32>) outs(%b : tensor<8x8x1x1x1xf32>) -> tensor<8x8x1x1x1xf32>
  return %0 : tensor<8x8x1x1x1xf32>
}

// -----

func.func @winograd_input_image_dims_count(%a: tensor<1x6x6x1xf32>, %b: tensor<8x8x1x1x1x1xf32>) -> tensor<8x8x1x1x1x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expected only 2 image dimensions}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2, 3])
      ins(%a : tensor<1x6x6x1xf32>) outs(%b : tensor<8x8x1x1x1x1xf32>) -> tensor<8x8x1x1x1x1xf32>
  return %0 : tensor<8x8x1x1x1x1xf32>
}

// -----

func.func @winograd_input_image_dims(%a: tensor<1x6x6x1xf32>, %b: tensor<8x8x1x1x1x1xf32>) -> tensor<8x8x1x1x1x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op expect image dimensions to be either [1, 2] or [2, 3]}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<1x6x6x1xf32>) outs(%b : tensor<8x8x1x1x1x1xf32>) -> tensor<8x8x1x1x1x1xf32>
  return %0 : tensor<8x8x1x1x1x1xf32>
}

// -----

// 10x10 NHWC needs H' = W' = ceil(8 / 6) = 2.
func.func @winograd_input_output_shape(%a: tensor<1x10x10x1xf32>, %b: tensor<8x8x1x1x2x1xf32>) -> tensor<8x8x1x1x2x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.input_transform' op incompatible output shape}}
  %0 = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<1x10x10x1xf32>) outs(%b : tensor<8x8x1x1x2x1xf32>) -> tensor<8x8x1x1x2x1xf32>
  return %0 : tensor<8x8x1x1x2x1xf32>
}

// -----

func.func @winograd_output_rank(%a: tensor<8x8x1x1x1xf32>, %b: tensor<1x6x6xf32>) -> tensor<1x6x6xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected input operand to have rank either 2 or 6}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<8x8x1x1x1xf32>) outs(%b : tensor<1x6x6xf32>) -> tensor<1x6x6xf32>
  return %0 : tensor<1x6x6xf32>
}

// -----

func.func @winograd_output_tile_output_rank(%a: tensor<8x8xf32>, %b: tensor<6x6x1xf32>) -> tensor<6x6x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected output operand to have rank 2 if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<8x8xf32>) outs(%b : tensor<6x6x1xf32>) -> tensor<6x6x1xf32>
  return %0 : tensor<6x6x1xf32>
}

// -----

func.func @winograd_output_tile_input_dims(%a: tensor<8x7xf32>, %b: tensor<6x6xf32>) -> tensor<6x6xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected input dims to be equal to input tile size if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<8x7xf32>) outs(%b : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}

// -----

func.func @winograd_output_tile_output_dims(%a: tensor<8x8xf32>, %b: tensor<6x5xf32>) -> tensor<6x5xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected output dims equal to output tile size if input is of rank 2}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 1])
      ins(%a : tensor<8x8xf32>) outs(%b : tensor<6x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @winograd_output_element_types(%a: tensor<8x8x1x1x1x1xf32>, %b: tensor<1x6x6x1xf16>) -> tensor<1x6x6x1xf16> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected input/output element types to be identical}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<8x8x1x1x1x1xf32>) outs(%b : tensor<1x6x6x1xf16>) -> tensor<1x6x6x1xf16>
  return %0 : tensor<1x6x6x1xf16>
}

// -----

func.func @winograd_output_output_rank(%a: tensor<8x8x1x1x1x1xf32>, %b: tensor<1x6x6x1x1xf32>) -> tensor<1x6x6x1x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected output rank to be equal to input rank - 2}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<8x8x1x1x1x1xf32>) outs(%b : tensor<1x6x6x1x1xf32>) -> tensor<1x6x6x1x1xf32>
  return %0 : tensor<1x6x6x1x1xf32>
}

// -----

func.func @winograd_output_image_dims_count(%a: tensor<8x8x1x1x1x1xf32>, %b: tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expected only 2 image dimensions}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1])
      ins(%a : tensor<8x8x1x1x1x1xf32>) outs(%b : tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32>
  return %0 : tensor<1x6x6x1xf32>
}

// -----

func.func @winograd_output_image_dims(%a: tensor<8x8x1x1x1x1xf32>, %b: tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op expect image dimensions to be either [1, 2] or [2, 3]}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([0, 3])
      ins(%a : tensor<8x8x1x1x1x1xf32>) outs(%b : tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32>
  return %0 : tensor<1x6x6x1xf32>
}

// -----

// Two tiles along W give W = 12, not 6.
func.func @winograd_output_output_shape(%a: tensor<8x8x1x1x2x1xf32>, %b: tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32> {
  // expected-error @+1 {{'iree_linalg_ext.winograd.output_transform' op incompatible output shape}}
  %0 = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
      ins(%a : tensor<8x8x1x1x2x1xf32>) outs(%b : tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32>
  return %0 : tensor<1x6x6x1xf32>
}
