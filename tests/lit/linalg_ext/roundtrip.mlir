// Every iree_linalg_ext op in every operand form, in IREE's syntax: parsing,
// printing and re-parsing must agree, and printing must be a fixed point.
// RUN: ref-opt %s -split-input-file | ref-opt -split-input-file | FileCheck %s
// RUN: ref-opt %s -split-input-file -o %t.1.mlir
// RUN: ref-opt %t.1.mlir -split-input-file -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: func.func @sort_one_operand(
//       CHECK:   %[[R:.+]] = iree_linalg_ext.sort dimension(0) outs(%{{.+}} : tensor<128xi32>) {
//  CHECK-NEXT:   ^bb0(%[[A:.+]]: i32, %[[B:.+]]: i32):
//  CHECK-NEXT:     %[[C:.+]] = arith.cmpi sgt, %[[A]], %[[B]] : i32
//  CHECK-NEXT:     iree_linalg_ext.yield %[[C]] : i1
//  CHECK-NEXT:   } -> tensor<128xi32>
func.func @sort_one_operand(%arg0: tensor<128xi32>) -> tensor<128xi32> {
  %0 = iree_linalg_ext.sort
    dimension(0)
    outs(%arg0 : tensor<128xi32>) {
  ^bb0(%arg1: i32, %arg2: i32):  // no predecessors
    %1 = arith.cmpi sgt, %arg1, %arg2 : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<128xi32>
  return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: func.func @sort_two_operands(
//  CHECK-SAME:   %[[K:[a-zA-Z0-9]+]]: tensor<?x?xi32>, %[[V:[a-zA-Z0-9]+]]: tensor<?x?xf32>
//       CHECK:   %{{.+}}:2 = iree_linalg_ext.sort dimension(1) outs(%[[K]], %[[V]] : tensor<?x?xi32>, tensor<?x?xf32>) {
//  CHECK-NEXT:   ^bb0(%{{.+}}: i32, %{{.+}}: i32, %{{.+}}: f32, %{{.+}}: f32):
//       CHECK:   } -> tensor<?x?xi32>, tensor<?x?xf32>
func.func @sort_two_operands(%arg0: tensor<?x?xi32>, %arg1: tensor<?x?xf32>)
    -> (tensor<?x?xi32>, tensor<?x?xf32>) {
  %0:2 = iree_linalg_ext.sort dimension(1)
      outs(%arg0, %arg1 : tensor<?x?xi32>, tensor<?x?xf32>) {
      ^bb0(%arg2: i32, %arg3: i32, %arg4 : f32, %arg5 : f32):
        %1 = arith.cmpf ogt, %arg4, %arg5 : f32
        iree_linalg_ext.yield %1 : i1
      } -> tensor<?x?xi32>, tensor<?x?xf32>
  return %0#0, %0#1 : tensor<?x?xi32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @sort_three_operands(
//       CHECK:   %{{.+}}:3 = iree_linalg_ext.sort dimension(0) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>) {
//  CHECK-NEXT:   ^bb0(%{{.+}}: i32, %{{.+}}: i32, %{{.+}}: f16, %{{.+}}: f16, %{{.+}}: i64, %{{.+}}: i64):
//       CHECK:   } -> tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>
func.func @sort_three_operands(%a: tensor<4x8xi32>, %b: tensor<4x8xf16>,
    %c: tensor<4x8xi64>) -> (tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>) {
  %0:3 = iree_linalg_ext.sort dimension(0)
      outs(%a, %b, %c : tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>) {
      ^bb0(%a0: i32, %a1: i32, %b0: f16, %b1: f16, %c0: i64, %c1: i64):
        %1 = arith.cmpi slt, %c0, %c1 : i64
        iree_linalg_ext.yield %1 : i1
      } -> tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>
  return %0#0, %0#1, %0#2 : tensor<4x8xi32>, tensor<4x8xf16>, tensor<4x8xi64>
}

// -----

// Discardable attributes print in the attribute dictionary after the name.
// CHECK-LABEL: func.func @sort_memref_with_attrs(
//       CHECK:   iree_linalg_ext.sort {__tag = "x"} dimension(0) outs(%{{.+}} : memref<128xi32>) {
//       CHECK:   }
//  CHECK-NEXT:   return
func.func @sort_memref_with_attrs(%arg0: memref<128xi32>) {
  iree_linalg_ext.sort {__tag = "x"} dimension(0)
    outs(%arg0 : memref<128xi32>) {
  ^bb0(%arg1: i32, %arg2: i32):
    %0 = arith.cmpi sgt, %arg1, %arg2 : i32
    iree_linalg_ext.yield %0 : i1
  }
  return
}

// -----

// CHECK-LABEL: func.func @scatter_depth1_unique(
//  CHECK-SAME:   %[[ORIG:[a-zA-Z0-9]+]]: tensor<?x?xf32>, %[[IDX:[a-zA-Z0-9]+]]: tensor<?x1xi32>, %[[UPD:[a-zA-Z0-9]+]]: tensor<?x?xf32>
//       CHECK:   %{{.+}} = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%[[UPD]], %[[IDX]] : tensor<?x?xf32>, tensor<?x1xi32>) outs(%[[ORIG]] : tensor<?x?xf32>) {
//  CHECK-NEXT:   ^bb0(%[[U:.+]]: f32, %[[O:.+]]: f32):
//  CHECK-NEXT:     %[[S:.+]] = arith.addf %[[U]], %[[O]] : f32
//  CHECK-NEXT:     iree_linalg_ext.yield %[[S]] : f32
//  CHECK-NEXT:   } -> tensor<?x?xf32>
func.func @scatter_depth1_unique(
    %original: tensor<?x?xf32>, %indices: tensor<?x1xi32>,
    %update: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = iree_linalg_ext.scatter
    dimension_map = [0]
    unique_indices(true)
    ins(%update, %indices : tensor<?x?xf32>, tensor<?x1xi32>)
    outs(%original: tensor<?x?xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_not_unique(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%{{.+}}, %{{.+}} : tensor<48x3xf32>, tensor<48x1xi64>) outs(%{{.+}} : tensor<128x3xf32>)
func.func @scatter_not_unique(
    %original: tensor<128x3xf32>, %indices: tensor<48x1xi64>,
    %update: tensor<48x3xf32>) -> tensor<128x3xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
    ins(%update, %indices : tensor<48x3xf32>, tensor<48x1xi64>)
    outs(%original: tensor<128x3xf32>) {
    ^bb0(%arg1: f32, %arg2: f32):
      %1 = arith.addf %arg1, %arg2 : f32
      iree_linalg_ext.yield %1 : f32
    } -> tensor<128x3xf32>
  return %0 : tensor<128x3xf32>
}

// -----

// Depth 2, scalar updates.
// CHECK-LABEL: func.func @scatter_depth2_scalar(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [0, 1] unique_indices(true) ins(%{{.+}}, %{{.+}} : tensor<3xi32>, tensor<3x2xi32>) outs(%{{.+}} : tensor<4x3xi32>)
//  CHECK-NEXT:   ^bb0(%[[U:.+]]: i32, %{{.+}}: i32):
//  CHECK-NEXT:     iree_linalg_ext.yield %[[U]] : i32
func.func @scatter_depth2_scalar(
    %original: tensor<4x3xi32>, %indices: tensor<3x2xi32>,
    %updates: tensor<3xi32>) -> tensor<4x3xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0, 1] unique_indices(true)
    ins(%updates, %indices : tensor<3xi32>, tensor<3x2xi32>)
    outs(%original : tensor<4x3xi32>)  {
    ^bb0(%arg0: i32, %arg1: i32):
      iree_linalg_ext.yield %arg0 : i32
    } -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}

// -----

// Depth 2 with a permuted dimension map.
// CHECK-LABEL: func.func @scatter_depth2_permuted(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true) ins(%{{.+}}, %{{.+}} : tensor<2x5xf32>, tensor<2x2xindex>) outs(%{{.+}} : tensor<3x4x5xf32>)
func.func @scatter_depth2_permuted(
    %original: tensor<3x4x5xf32>, %indices: tensor<2x2xindex>,
    %updates: tensor<2x5xf32>) -> tensor<3x4x5xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
    ins(%updates, %indices : tensor<2x5xf32>, tensor<2x2xindex>)
    outs(%original : tensor<3x4x5xf32>) {
    ^bb0(%arg0: f32, %arg1: f32):
      iree_linalg_ext.yield %arg0 : f32
    } -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

// Depth 3, permuted, two batch dimensions, no slice.
// CHECK-LABEL: func.func @scatter_depth3_batch2(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [2, 0, 1] unique_indices(false) ins(%{{.+}}, %{{.+}} : tensor<2x?xf16>, tensor<2x?x3xi32>) outs(%{{.+}} : tensor<4x5x6xf16>)
func.func @scatter_depth3_batch2(
    %original: tensor<4x5x6xf16>, %indices: tensor<2x?x3xi32>,
    %updates: tensor<2x?xf16>) -> tensor<4x5x6xf16> {
  %0 = iree_linalg_ext.scatter dimension_map = [2, 0, 1] unique_indices(false)
    ins(%updates, %indices : tensor<2x?xf16>, tensor<2x?x3xi32>)
    outs(%original : tensor<4x5x6xf16>) {
    ^bb0(%arg0: f16, %arg1: f16):
      %1 = arith.maximumf %arg0, %arg1 : f16
      iree_linalg_ext.yield %1 : f16
    } -> tensor<4x5x6xf16>
  return %0 : tensor<4x5x6xf16>
}

// -----

// Implicit index depth: indices have only the batch rank (depth 1).
// CHECK-LABEL: func.func @scatter_implicit_depth(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%{{.+}}, %{{.+}} : tensor<2x4x3xf32>, tensor<2x4xi32>) outs(%{{.+}} : tensor<10x3xf32>)
func.func @scatter_implicit_depth(
    %original: tensor<10x3xf32>, %indices: tensor<2x4xi32>,
    %updates: tensor<2x4x3xf32>) -> tensor<10x3xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%updates, %indices : tensor<2x4x3xf32>, tensor<2x4xi32>)
    outs(%original : tensor<10x3xf32>) {
    ^bb0(%arg0: f32, %arg1: f32):
      iree_linalg_ext.yield %arg0 : f32
    } -> tensor<10x3xf32>
  return %0 : tensor<10x3xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_masked(
//  CHECK-SAME:   %[[M:[a-zA-Z0-9]+]]: tensor<4xi1>
//       CHECK:   iree_linalg_ext.scatter dimension_map = [0] unique_indices(true) ins(%{{.+}}, %{{.+}}, %[[M]] : tensor<4x3xf32>, tensor<4x1xi32>, tensor<4xi1>) outs(%{{.+}} : tensor<8x3xf32>)
func.func @scatter_masked(%updates: tensor<4x3xf32>, %indices: tensor<4x1xi32>,
    %mask: tensor<4xi1>, %original: tensor<8x3xf32>) -> tensor<8x3xf32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
    ins(%updates, %indices, %mask : tensor<4x3xf32>, tensor<4x1xi32>, tensor<4xi1>)
    outs(%original : tensor<8x3xf32>) {
    ^bb0(%arg0: f32, %arg1: f32):
      iree_linalg_ext.yield %arg0 : f32
    } -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

// An i8 mask (storage-legalized i1) with implicit depth and a dynamic batch.
// CHECK-LABEL: func.func @scatter_masked_i8_implicit(
//       CHECK:   iree_linalg_ext.scatter dimension_map = [0] unique_indices(false) ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<?xi32>, tensor<?xi64>, tensor<?xi8>) outs(%{{.+}} : tensor<16xi32>)
func.func @scatter_masked_i8_implicit(%updates: tensor<?xi32>,
    %indices: tensor<?xi64>, %mask: tensor<?xi8>, %original: tensor<16xi32>)
    -> tensor<16xi32> {
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
    ins(%updates, %indices, %mask : tensor<?xi32>, tensor<?xi64>, tensor<?xi8>)
    outs(%original : tensor<16xi32>) {
    ^bb0(%arg0: i32, %arg1: i32):
      %1 = arith.addi %arg0, %arg1 : i32
      iree_linalg_ext.yield %1 : i32
    } -> tensor<16xi32>
  return %0 : tensor<16xi32>
}

// -----

// CHECK-LABEL: func.func @gather(
//       CHECK:   %{{.+}} = iree_linalg_ext.gather dimension_map = [0] ins(%{{.+}}, %{{.+}} : tensor<10x3xf32>, tensor<4x1xi32>) outs(%{{.+}} : tensor<4x3xf32>) -> tensor<4x3xf32>
func.func @gather(%source: tensor<10x3xf32>, %indices: tensor<4x1xi32>,
    %output: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = iree_linalg_ext.gather dimension_map = [0]
    ins(%source, %indices : tensor<10x3xf32>, tensor<4x1xi32>)
    outs(%output : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @gather_masked_implicit(
//       CHECK:   iree_linalg_ext.gather dimension_map = [0] ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<10xf32>, tensor<1xi32>, tensor<1xi1>) outs(%{{.+}} : tensor<1xf32>) -> tensor<1xf32>
func.func @gather_masked_implicit(%source: tensor<10xf32>, %indices: tensor<1xi32>,
    %mask: tensor<1xi1>, %result: tensor<1xf32>) -> tensor<1xf32> {
  %0 = iree_linalg_ext.gather
    dimension_map = [0]
    ins(%source, %indices, %mask : tensor<10xf32>, tensor<1xi32>, tensor<1xi1>)
    outs(%result : tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// CHECK-LABEL: func.func @gather_depth2_permuted(
//       CHECK:   iree_linalg_ext.gather dimension_map = [1, 0] ins(%{{.+}}, %{{.+}} : tensor<5x6x7xf16>, tensor<2x?x2xindex>) outs(%{{.+}} : tensor<2x?x7xf16>) -> tensor<2x?x7xf16>
func.func @gather_depth2_permuted(%source: tensor<5x6x7xf16>,
    %indices: tensor<2x?x2xindex>, %output: tensor<2x?x7xf16>)
    -> tensor<2x?x7xf16> {
  %0 = iree_linalg_ext.gather dimension_map = [1, 0]
    ins(%source, %indices : tensor<5x6x7xf16>, tensor<2x?x2xindex>)
    outs(%output : tensor<2x?x7xf16>) -> tensor<2x?x7xf16>
  return %0 : tensor<2x?x7xf16>
}

// -----

// CHECK-LABEL: func.func @scan_inclusive_1d(
//       CHECK:   %{{.+}}:2 = iree_linalg_ext.scan dimension(0) inclusive(true) ins(%{{.+}} : tensor<128xi32>) outs(%{{.+}}, %{{.+}} : tensor<128xi32>, tensor<i32>) {
//  CHECK-NEXT:   ^bb0(%{{.+}}: i32, %{{.+}}: i32):
//       CHECK:   } -> tensor<128xi32>, tensor<i32>
func.func @scan_inclusive_1d(%input: tensor<128xi32>, %output: tensor<128xi32>,
    %acc: tensor<i32>) -> (tensor<128xi32>, tensor<i32>) {
  %0:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
    ins(%input : tensor<128xi32>) outs(%output, %acc : tensor<128xi32>, tensor<i32>) {
    ^bb0(%arg0 : i32, %arg1 : i32):
      %sum = arith.addi %arg0, %arg1 : i32
      iree_linalg_ext.yield %sum : i32
  } -> tensor<128xi32>, tensor<i32>
  return %0#0, %0#1 : tensor<128xi32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @scan_exclusive_2d(
//       CHECK:   iree_linalg_ext.scan dimension(1) inclusive(false) ins(%{{.+}} : tensor<?x8xf32>) outs(%{{.+}}, %{{.+}} : tensor<?x8xf32>, tensor<?xf32>)
func.func @scan_exclusive_2d(%input: tensor<?x8xf32>, %output: tensor<?x8xf32>,
    %acc: tensor<?xf32>) -> (tensor<?x8xf32>, tensor<?xf32>) {
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(false)
    ins(%input : tensor<?x8xf32>) outs(%output, %acc : tensor<?x8xf32>, tensor<?xf32>) {
    ^bb0(%arg0 : f32, %arg1 : f32):
      %sum = arith.mulf %arg0, %arg1 : f32
      iree_linalg_ext.yield %sum : f32
  } -> tensor<?x8xf32>, tensor<?xf32>
  return %0#0, %0#1 : tensor<?x8xf32>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @topk_with_indices(
//       CHECK:   %{{.+}}:2 = iree_linalg_ext.topk dimension(1) ins(%{{.+}}, %{{.+}} : tensor<2x10xf32>, tensor<2x10xi32>) outs(%{{.+}}, %{{.+}} : tensor<2x3xf32>, tensor<2x3xi32>) {
//  CHECK-NEXT:   ^bb0(%{{.+}}: f32, %{{.+}}: f32):
//       CHECK:   } -> tensor<2x3xf32>, tensor<2x3xi32>
func.func @topk_with_indices(%values: tensor<2x10xf32>, %indices: tensor<2x10xi32>,
    %out_values: tensor<2x3xf32>, %out_indices: tensor<2x3xi32>)
    -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:2 = iree_linalg_ext.topk
        dimension(1)
        ins(%values, %indices : tensor<2x10xf32> , tensor<2x10xi32>)
        outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
        ^bb0(%arg0: f32, %arg1: f32):
          %0 = arith.cmpf ogt, %arg0, %arg1 : f32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @topk_without_indices(
//       CHECK:   iree_linalg_ext.topk dimension(0) ins(%{{.+}} : tensor<?xi32>) outs(%{{.+}}, %{{.+}} : tensor<3xi32>, tensor<3xi32>)
func.func @topk_without_indices(%values: tensor<?xi32>, %out_values: tensor<3xi32>,
    %out_indices: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %0:2 = iree_linalg_ext.topk dimension(0)
        ins(%values : tensor<?xi32>)
        outs(%out_values, %out_indices : tensor<3xi32>, tensor<3xi32>) {
        ^bb0(%arg0: i32, %arg1: i32):
          %0 = arith.cmpi slt, %arg0, %arg1 : i32
          iree_linalg_ext.yield %0 : i1
        } -> tensor<3xi32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<3xi32>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @topk_v2_sorted_with_indices(
//       CHECK:   %{{.+}}:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted ins(%{{.+}}, %{{.+}} : tensor<10xf32>, tensor<10xi64>) outs(%{{.+}}, %{{.+}} : tensor<3xf32>, tensor<3xi64>) {
//       CHECK:   } -> tensor<3xf32>, tensor<3xi64>
func.func @topk_v2_sorted_with_indices(%values: tensor<10xf32>, %indices: tensor<10xi64>,
    %out_values: tensor<3xf32>, %out_indices: tensor<3xi64>)
    -> (tensor<3xf32>, tensor<3xi64>) {
  %0:2 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%values, %indices : tensor<10xf32>, tensor<10xi64>)
      outs(%out_values, %out_indices : tensor<3xf32>, tensor<3xi64>) {
      ^bb0(%arg0 : f32, %arg1 : f32):
        %0 = arith.cmpf ogt, %arg0, %arg1 : f32
        iree_linalg_ext.yield %0 : i1
      } -> tensor<3xf32>, tensor<3xi64>
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @topk_v2_unsorted_output_indices(
//       CHECK:   iree_linalg_ext.topk_v2 dimension(1) ins(%{{.+}} : tensor<2x?xf32>) outs(%{{.+}}, %{{.+}} : tensor<2x3xf32>, tensor<2x3xi32>)
func.func @topk_v2_unsorted_output_indices(%values: tensor<2x?xf32>,
    %out_values: tensor<2x3xf32>, %out_indices: tensor<2x3xi32>)
    -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:2 = iree_linalg_ext.topk_v2 dimension(1)
      ins(%values : tensor<2x?xf32>)
      outs(%out_values, %out_indices : tensor<2x3xf32>, tensor<2x3xi32>) {
      ^bb0(%arg0 : f32, %arg1 : f32):
        %0 = arith.cmpf ogt, %arg0, %arg1 : f32
        iree_linalg_ext.yield %0 : i1
      } -> tensor<2x3xf32>, tensor<2x3xi32>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @topk_v2_values_only(
//       CHECK:   %{{.+}} = iree_linalg_ext.topk_v2 dimension(0) is_sorted ins(%{{.+}} : tensor<10xf32>) outs(%{{.+}} : tensor<3xf32>) {
//       CHECK:   } -> tensor<3xf32>
func.func @topk_v2_values_only(%values: tensor<10xf32>, %out_values: tensor<3xf32>)
    -> tensor<3xf32> {
  %0 = iree_linalg_ext.topk_v2 dimension(0) is_sorted
      ins(%values : tensor<10xf32>)
      outs(%out_values : tensor<3xf32>) {
      ^bb0(%arg0 : f32, %arg1 : f32):
        %0 = arith.cmpf ogt, %arg0, %arg1 : f32
        iree_linalg_ext.yield %0 : i1
      } -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @arg_compare(
//       CHECK:   %{{.+}}:2 = iree_linalg_ext.arg_compare dimension(1) ins(%{{.+}} : tensor<2x10xf32>) outs(%{{.+}}, %{{.+}} : tensor<2xf32>, tensor<2xi32>) {
//  CHECK-NEXT:   ^bb0(%{{.+}}: f32, %{{.+}}: f32):
//       CHECK:   } -> tensor<2xf32>, tensor<2xi32>
func.func @arg_compare(%input: tensor<2x10xf32>, %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input : tensor<2x10xf32>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi32>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @arg_compare_index_base(
//  CHECK-SAME:   %[[BASE:[a-zA-Z0-9]+]]: index
//       CHECK:   iree_linalg_ext.arg_compare dimension(0) ins(%{{.+}} : tensor<?x4xi32>) outs(%{{.+}}, %{{.+}} : tensor<4xi32>, tensor<4xindex>) index_base(%[[BASE]] : index) {
func.func @arg_compare_index_base(%input: tensor<?x4xi32>, %out_val: tensor<4xi32>,
    %out_idx: tensor<4xindex>, %base: index) -> (tensor<4xi32>, tensor<4xindex>) {
  %0:2 = iree_linalg_ext.arg_compare
    dimension(0)
    ins(%input : tensor<?x4xi32>)
    outs(%out_val, %out_idx : tensor<4xi32>, tensor<4xindex>)
    index_base(%base : index) {
    ^bb0(%a: i32, %b: i32):
      %cmp = arith.cmpi slt, %a, %b : i32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<4xi32>, tensor<4xindex>
  return %0#0, %0#1 : tensor<4xi32>, tensor<4xindex>
}

// -----

// CHECK-LABEL: func.func @arg_compare_explicit_indices(
//       CHECK:   iree_linalg_ext.arg_compare dimension(1) ins(%{{.+}}, %{{.+}} : tensor<2x10xf32>, tensor<2x10xi64>) outs(%{{.+}}, %{{.+}} : tensor<2xf32>, tensor<2xi64>) {
func.func @arg_compare_explicit_indices(%input: tensor<2x10xf32>,
    %input_idx: tensor<2x10xi64>, %out_val: tensor<2xf32>,
    %out_idx: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xi64>) {
  %0:2 = iree_linalg_ext.arg_compare
    dimension(1)
    ins(%input, %input_idx : tensor<2x10xf32>, tensor<2x10xi64>)
    outs(%out_val, %out_idx : tensor<2xf32>, tensor<2xi64>) {
    ^bb0(%a: f32, %b: f32):
      %cmp = arith.cmpf ogt, %a, %b : f32
      iree_linalg_ext.yield %cmp : i1
  } -> tensor<2xf32>, tensor<2xi64>
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi64>
}
