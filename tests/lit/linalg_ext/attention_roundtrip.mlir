// iree_linalg_ext.attention and online_attention in IREE's syntax: parsing,
// printing and re-parsing agree, and printing is a fixed point.
// The printed attributes follow the IREE release that reads the program
// (REF_IREE_VERSION): a dictionary up to IREE 3.12, properties from 3.13
// (the default: the pinned release). Both parse, in either mode.
// RUN: env REF_IREE_VERSION=3.12.0 ref-opt %s -split-input-file | ref-opt -split-input-file | env REF_IREE_VERSION=3.12.0 ref-opt -split-input-file | FileCheck %s
// RUN: env REF_IREE_VERSION=3.12.0 ref-opt %s -split-input-file -o %t.1.mlir
// RUN: env REF_IREE_VERSION=3.12.0 ref-opt %t.1.mlir -split-input-file -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ref-opt %s -split-input-file | env REF_IREE_VERSION=3.4.0 ref-opt -split-input-file | ref-opt -split-input-file | FileCheck %s --check-prefix=PROPS
// RUN: env REF_IREE_VERSION="IREE compiler version 3.13.0rc20261016 @ 89ece87" ref-opt %s -split-input-file -o %t.3.mlir
// RUN: ref-opt %t.3.mlir -split-input-file -o %t.4.mlir
// RUN: diff %t.3.mlir %t.4.mlir
// PROPS-LABEL: func.func @attention(
// PROPS: iree_linalg_ext.attention <{indexing_maps = [#{{.+}}]}> ins(
// PROPS-LABEL: func.func @attention_mask_region_dynamic(
// PROPS: iree_linalg_ext.attention <{decomposition_config = {use_exp2 = false}, indexing_maps = [#{{.+}}]}> ins(
// PROPS-LABEL: func.func @online_attention(
// PROPS: iree_linalg_ext.online_attention <{indexing_maps = [#{{.+}}]}> ins(

// CHECK-DAG: #[[$MQ:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-DAG: #[[$MK:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>
// CHECK-DAG: #[[$MV:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
// CHECK-DAG: #[[$MS:.+]] = affine_map<(d0, d1, d2, d3, d4) -> ()>
// CHECK-DAG: #[[$MO:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
// CHECK-LABEL: func.func @attention(
//  CHECK-SAME:   %[[Q:[a-zA-Z0-9_]+]]: tensor<2x8x4xf16>, %[[K:[a-zA-Z0-9_]+]]: tensor<2x6x4xf16>, %[[V:[a-zA-Z0-9_]+]]: tensor<2x6x3xf16>
//       CHECK:   %[[S:.+]] = arith.constant 1.250000e-01 : f16
//       CHECK:   %{{.+}} = iree_linalg_ext.attention {indexing_maps = [#[[$MQ]], #[[$MK]], #[[$MV]], #[[$MS]], #[[$MO]]]} ins(%[[Q]], %[[K]], %[[V]], %[[S]] : tensor<2x8x4xf16>, tensor<2x6x4xf16>, tensor<2x6x3xf16>, f16) outs(%{{.+}} : tensor<2x8x3xf16>) {
//  CHECK-NEXT:   ^bb0(%[[A:.+]]: f32):
//  CHECK-NEXT:     iree_linalg_ext.yield %[[A]] : f32
//  CHECK-NEXT:   } -> tensor<2x8x3xf16>
func.func @attention(%q: tensor<2x8x4xf16>, %k: tensor<2x6x4xf16>, %v: tensor<2x6x3xf16>) -> tensor<2x8x3xf16> {
  %e = tensor.empty() : tensor<2x8x3xf16>
  %scale = arith.constant 0.125 : f16
  %0 = iree_linalg_ext.attention {indexing_maps = [
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
                     ins(%q, %k, %v, %scale : tensor<2x8x4xf16>, tensor<2x6x4xf16>, tensor<2x6x3xf16>, f16)
                     outs(%e : tensor<2x8x3xf16>) {
                        ^bb0(%arg0: f32):
                        iree_linalg_ext.yield %arg0 : f32
                     } -> tensor<2x8x3xf16>
  return %0 : tensor<2x8x3xf16>
}

// -----

// A mask, a score region, dynamic shapes and a decomposition_config.
// CHECK-LABEL: func.func @attention_mask_region_dynamic(
//       CHECK:   iree_linalg_ext.attention {decomposition_config = {use_exp2 = false}, indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}]} ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, f32, tensor<?x?x?xi1>) outs(%{{.+}} : tensor<?x?x?xf32>) {
//  CHECK-NEXT:   ^bb0(%[[A:.+]]: f32):
//  CHECK-NEXT:     %[[T:.+]] = math.tanh %[[A]] : f32
//  CHECK-NEXT:     iree_linalg_ext.yield %[[T]] : f32
//  CHECK-NEXT:   } -> tensor<?x?x?xf32>
func.func @attention_mask_region_dynamic(%q: tensor<?x?x?xf32>, %k: tensor<?x?x?xf32>, %v: tensor<?x?x?xf32>,
    %m: tensor<?x?x?xi1>, %init: tensor<?x?x?xf32>, %scale: f32) -> tensor<?x?x?xf32> {
  %0 = iree_linalg_ext.attention {decomposition_config = {use_exp2 = false}, indexing_maps = [
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
                     ins(%q, %k, %v, %scale, %m : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, f32, tensor<?x?x?xi1>)
                     outs(%init : tensor<?x?x?xf32>) {
                        ^bb0(%arg0: f32):
                        %t = math.tanh %arg0 : f32
                        iree_linalg_ext.yield %t : f32
                     } -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @online_attention(
//       CHECK:   %{{.+}}:3 = iree_linalg_ext.online_attention {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}]} ins(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32, tensor<1x3x5xf32>) outs(%{{.+}}, %{{.+}}, %{{.+}} : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
//  CHECK-NEXT:   ^bb0(%[[A:.+]]: f32):
//  CHECK-NEXT:     iree_linalg_ext.yield %[[A]] : f32
//  CHECK-NEXT:   } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
func.func @online_attention(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %m: tensor<1x3x5xf32>,
    %acc: tensor<1x3x2xf32>, %max: tensor<1x3xf32>, %sum: tensor<1x3xf32>, %scale: f32)
    -> (tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %0:3 = iree_linalg_ext.online_attention {indexing_maps = [
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}
                     ins(%q, %k, %v, %scale, %m : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32, tensor<1x3x5xf32>)
                     outs(%acc, %max, %sum : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %0#0, %0#1, %0#2 : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
}

// -----

// IREE 3.13's printed form: properties in angle brackets without braces, in
// IREE's order (indexing_maps first); we print the dictionary form.
// CHECK-LABEL: func.func @attention_iree_3_13_syntax(
//       CHECK:   iree_linalg_ext.attention {decomposition_config = {use_exp2 = false}, indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}]} ins(
#map = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>
#map2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
#map3 = affine_map<(d0, d1, d2, d3, d4) -> ()>
#map4 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
func.func @attention_iree_3_13_syntax(%arg0: tensor<2x8x4xf16>, %arg1: tensor<2x6x4xf16>, %arg2: tensor<2x6x3xf16>) -> tensor<2x8x3xf16> {
  %0 = tensor.empty() : tensor<2x8x3xf16>
  %cst = arith.constant 1.250000e-01 : f16
  %1 = iree_linalg_ext.attention <indexing_maps = [#map, #map1, #map2, #map3, #map4], decomposition_config = {use_exp2 = false}> ins(%arg0, %arg1, %arg2, %cst : tensor<2x8x4xf16>, tensor<2x6x4xf16>, tensor<2x6x3xf16>, f16) outs(%0 : tensor<2x8x3xf16>) {
  ^bb0(%arg3: f32):
    iree_linalg_ext.yield %arg3 : f32
  } -> tensor<2x8x3xf16>
  return %1 : tensor<2x8x3xf16>
}

// -----

// The generic form of properties, `<{...}>`, on online_attention.
// CHECK-LABEL: func.func @online_attention_generic_properties(
//       CHECK:   iree_linalg_ext.online_attention {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}, #{{.+}}]} ins(
#q = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#k = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>
#v = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
#s = affine_map<(d0, d1, d2, d3, d4) -> ()>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
#r = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>
func.func @online_attention_generic_properties(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>,
    %acc: tensor<1x3x2xf32>, %max: tensor<1x3xf32>, %sum: tensor<1x3xf32>) -> tensor<1x3x2xf32> {
  %scale = arith.constant 1.0 : f32
  %0:3 = iree_linalg_ext.online_attention <{indexing_maps = [#q, #k, #v, #s, #o, #r, #r]}> ins(%q, %k, %v, %scale : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%acc, %max, %sum : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%s0: f32):
    iree_linalg_ext.yield %s0 : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %0#0 : tensor<1x3x2xf32>
}
