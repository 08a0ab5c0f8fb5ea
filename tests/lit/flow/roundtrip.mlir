// flow.dispatch.region (with dynamic result dims, a workload and a workgroup
// count region), flow.return, flow.tensor.tie_shape and flow.tensor.bitcast
// in IREE's syntax: parsing, printing and re-parsing agree, printing is a
// fixed point, and the generic form reads back to the same ops.
// RUN: ref-opt %s -split-input-file | FileCheck %s
// RUN: ref-opt %s -split-input-file -o %t.1.mlir
// RUN: ref-opt %t.1.mlir -split-input-file -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: ref-opt %s -split-input-file -mlir-print-op-generic | ref-opt -split-input-file -o %t.3.mlir
// RUN: diff %t.1.mlir %t.3.mlir

// CHECK-LABEL: func.func @region_static(
//       CHECK:   %[[R:.+]] = flow.dispatch.region -> (tensor<4xi32>) {
//  CHECK-NEXT:     %[[S:.+]] = arith.addi
//  CHECK-NEXT:     flow.return %[[S]] : tensor<4xi32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]]
func.func @region_static(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = flow.dispatch.region -> (tensor<4xi32>) {
    %1 = arith.addi %a, %a : tensor<4xi32>
    flow.return %1 : tensor<4xi32>
  }
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @region_dynamic_workload_count(
//  CHECK-SAME:   %[[X:[a-zA-Z0-9]+]]: tensor<?x?xf32>, %[[D0:[a-zA-Z0-9]+]]: index, %[[D1:[a-zA-Z0-9]+]]: index
//       CHECK:   %{{.+}}:2 = flow.dispatch.region[%[[D0]], %[[D1]]] -> (tensor<?x?xf32>{%[[D0]], %[[D1]]}, tensor<2xf32>) attributes {tag = "t"} {
//       CHECK:     flow.return %{{.+}}, %{{.+}} : tensor<?x?xf32>, tensor<2xf32>
//  CHECK-NEXT:   } count(%[[W0:.+]]: index, %[[W1:.+]]: index) -> (index, index, index) {
//  CHECK-NEXT:     %[[C1:.+]] = arith.constant 1 : index
//  CHECK-NEXT:     flow.return %[[W0]], %[[W1]], %[[C1]] : index, index, index
//  CHECK-NEXT:   }
func.func @region_dynamic_workload_count(%x: tensor<?x?xf32>, %d0: index, %d1: index) -> (tensor<?x?xf32>, tensor<2xf32>) {
  %0:2 = flow.dispatch.region[%d0, %d1] -> (tensor<?x?xf32>{%d0, %d1}, tensor<2xf32>) attributes {tag = "t"} {
    %1 = arith.negf %x : tensor<?x?xf32>
    %2 = arith.constant dense<1.0> : tensor<2xf32>
    flow.return %1, %2 : tensor<?x?xf32>, tensor<2xf32>
  } count(%w0: index, %w1: index) -> (index, index, index) {
    %one = arith.constant 1 : index
    flow.return %w0, %w1, %one : index, index, index
  }
  return %0#0, %0#1 : tensor<?x?xf32>, tensor<2xf32>
}

// -----

// A region without results prints without its empty flow.return, as IREE's
// printer does, and reads back.
// CHECK-LABEL: func.func @region_no_results(
//       CHECK:   flow.dispatch.region -> () {
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:   }
func.func @region_no_results(%a: i32) {
  flow.dispatch.region -> () {
    %0 = arith.addi %a, %a : i32
    flow.return
  }
  return
}

// -----

// CHECK-LABEL: func.func @tie_shape_and_bitcast(
//       CHECK:   %[[T:.+]] = flow.tensor.tie_shape %{{.+}} : tensor<?x4xf32>{%{{.+}}}
//       CHECK:   flow.tensor.bitcast %[[T]] : tensor<?x4xf32>{%{{.+}}} -> tensor<?x16xi8>{%{{.+}}}
//       CHECK:   flow.tensor.bitcast %{{.+}} : tensor<4xi32> -> tensor<4xf32> attributes {note}
func.func @tie_shape_and_bitcast(%x: tensor<?x4xf32>, %d: index, %s: tensor<4xi32>) -> (tensor<?x16xi8>, tensor<4xf32>) {
  %t = flow.tensor.tie_shape %x : tensor<?x4xf32>{%d}
  %b = flow.tensor.bitcast %t : tensor<?x4xf32>{%d} -> tensor<?x16xi8>{%d}
  %c = flow.tensor.bitcast %s : tensor<4xi32> -> tensor<4xf32> attributes {note}
  return %b, %c : tensor<?x16xi8>, tensor<4xf32>
}

// -----

// flow.tensor.constant prints its value only (the result type is the
// value's); flow.tensor.reshape carries dims on either side.
// CHECK-LABEL: func.func @constant_and_reshape(
//       CHECK:   %[[C:.+]] = flow.tensor.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
//       CHECK:   %[[R:.+]] = flow.tensor.reshape %[[C]] : tensor<2x3xi32> -> tensor<?x3xi32>{%{{.+}}}
//       CHECK:   flow.tensor.reshape %[[R]] : tensor<?x3xi32>{%{{.+}}} -> tensor<6xi32>
func.func @constant_and_reshape(%d: index) -> tensor<6xi32> {
  %c = flow.tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = flow.tensor.reshape %c : tensor<2x3xi32> -> tensor<?x3xi32>{%d}
  %f = flow.tensor.reshape %r : tensor<?x3xi32>{%d} -> tensor<6xi32>
  return %f : tensor<6xi32>
}
