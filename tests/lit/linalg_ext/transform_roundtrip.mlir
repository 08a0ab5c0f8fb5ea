// map_load, map_store and the winograd transforms in IREE's syntax: parsing,
// printing and re-parsing agree, and printing is a fixed point.
// RUN: ref-opt %s -split-input-file | ref-opt -split-input-file | FileCheck %s
// RUN: ref-opt %s -split-input-file -o %t.1.mlir
// RUN: ref-opt %t.1.mlir -split-input-file -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: func.func @map_load(
//       CHECK:   iree_linalg_ext.map_load %{{.+}} into %{{.+}} {
//  CHECK-NEXT:   ^bb0(%[[I:.+]]: index, %[[J:.+]]: index):
//  CHECK-NEXT:     %[[L:.+]] = affine.linearize_index disjoint [%[[I]], %[[J]]] by (4, 4) : index
//  CHECK-NEXT:     iree_linalg_ext.yield %[[L]], %{{.+}} : index, f32
//  CHECK-NEXT:   } : tensor<16xf32> into tensor<4x4xf32> -> tensor<4x4xf32>
func.func @map_load(%src: tensor<16xf32>, %out: tensor<4x4xf32>, %pad: f32) -> tensor<4x4xf32> {
  %0 = iree_linalg_ext.map_load %src into %out {
  ^bb0(%i: index, %j: index):
    %l = affine.linearize_index disjoint [%i, %j] by (4, 4) : index
    iree_linalg_ext.yield %l, %pad : index, f32
  } : tensor<16xf32> into tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @map_store(
//       CHECK:   iree_linalg_ext.map_store %{{.+}} into %{{.+}} {
//  CHECK-NEXT:   ^bb0(%[[I:.+]]: index):
//  CHECK-NEXT:     %[[D:.+]]:2 = affine.delinearize_index %[[I]] into (4, 4) : index, index
//  CHECK-NEXT:     iree_linalg_ext.yield %[[D]]#0, %[[D]]#1, %{{.+}} : index, index, i1
//  CHECK-NEXT:   } : tensor<16xf32> into tensor<4x4xf32> -> tensor<4x4xf32>
func.func @map_store(%in: tensor<16xf32>, %out: tensor<4x4xf32>, %m: i1) -> tensor<4x4xf32> {
  %0 = iree_linalg_ext.map_store %in into %out {
  ^bb0(%i: index):
    %d:2 = affine.delinearize_index %i into (4, 4) : index, index
    iree_linalg_ext.yield %d#0, %d#1, %m : index, index, i1
  } : tensor<16xf32> into tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @map_store_memref(
//       CHECK:   iree_linalg_ext.map_store %{{.+}} into %{{.+}} {
//       CHECK:   } : memref<4xf32> into memref<4xf32>
//   CHECK-NOT:   ->
func.func @map_store_memref(%in: memref<4xf32>, %out: memref<4xf32>) {
  %true = arith.constant true
  iree_linalg_ext.map_store %in into %out {
  ^bb0(%i: index):
    iree_linalg_ext.yield %i, %true : index, i1
  } : memref<4xf32> into memref<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @winograd_input(
//       CHECK:   iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2]) ins(%{{.+}} : tensor<1x10x10x1280xf32>) outs(%{{.+}} : tensor<8x8x1x2x2x1280xf32>) -> tensor<8x8x1x2x2x1280xf32>
func.func @winograd_input(%arg0: tensor<1x10x10x1280xf32>, %arg1: tensor<8x8x1x2x2x1280xf32>) -> tensor<8x8x1x2x2x1280xf32> {
  %0 = iree_linalg_ext.winograd.input_transform
       output_tile_size(6) kernel_size(3) image_dimensions([1, 2])
       ins(%arg0 : tensor<1x10x10x1280xf32>) outs(%arg1 : tensor<8x8x1x2x2x1280xf32>) -> tensor<8x8x1x2x2x1280xf32>
  return %0 : tensor<8x8x1x2x2x1280xf32>
}

// -----

// CHECK-LABEL: func.func @winograd_input_nchw_tile(
//       CHECK:   iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([2, 3]) ins(%{{.+}} : tensor<?x?xf16>) outs(%{{.+}} : tensor<8x8xf16>) -> tensor<8x8xf16>
func.func @winograd_input_nchw_tile(%arg0: tensor<?x?xf16>, %arg1: tensor<8x8xf16>) -> tensor<8x8xf16> {
  %0 = iree_linalg_ext.winograd.input_transform
       output_tile_size(6) kernel_size(3) image_dimensions([2, 3])
       ins(%arg0 : tensor<?x?xf16>) outs(%arg1 : tensor<8x8xf16>) -> tensor<8x8xf16>
  return %0 : tensor<8x8xf16>
}

// -----

// CHECK-LABEL: func.func @winograd_output(
//       CHECK:   iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([2, 3]) ins(%{{.+}} : tensor<8x8x2x2x2x32xf32>) outs(%{{.+}} : tensor<2x32x12x12xf32>) -> tensor<2x32x12x12xf32>
func.func @winograd_output(%arg0: tensor<8x8x2x2x2x32xf32>, %arg1: tensor<2x32x12x12xf32>) -> tensor<2x32x12x12xf32> {
  %0 = iree_linalg_ext.winograd.output_transform
       output_tile_size(6) kernel_size(3) image_dimensions([2, 3])
       ins(%arg0 : tensor<8x8x2x2x2x32xf32>) outs(%arg1 : tensor<2x32x12x12xf32>) -> tensor<2x32x12x12xf32>
  return %0 : tensor<2x32x12x12xf32>
}
