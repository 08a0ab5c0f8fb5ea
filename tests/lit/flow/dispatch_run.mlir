// The flow phase under ref-run: flow.executable / flow.dispatch with
// iree_tensor_ext bindings (whole, partial and rank-reducing loads, a
// partial store into a tied readwrite binding), and flow.tensor.* ops between
// dispatches. Expected values by hand (comments); printing is stable.
// RUN: %ref-run %s --function=main --input=2x3xf32=1,2,3,4,5,6 | FileCheck %s
// RUN: ref-opt %s -o %t.1.mlir
// RUN: ref-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// x = [[1,2,3],[4,5,6]]
// dispatch 0: y = row 1 of x (rank-reducing load at offset [1, 0]) * 10 = [40, 50, 60]
// dispatch 1: z = splat(7) with z[1:3] = y[0:2] stored in place: [7, 40, 50, 7]
// then: u = z updated at [3] with slice y[2:3] = [7, 40, 50, 60];
//       e = element 1 of u = 40, stored into u at [0]: [40, 40, 50, 60]
// CHECK: result[0]: hal.buffer_view
// CHECK-NEXT: 3xf32=40 50 60
// CHECK: result[1]: hal.buffer_view
// CHECK-NEXT: 4xf32=40 40 50 60
module {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = ""}>]> : !hal.device
  flow.executable private @ex0 {
    flow.executable.export public @row_times_ten workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @row_times_ten(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>>, %arg1: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>) {
        %ten = arith.constant 1.000000e+01 : f32
        %0 = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [1, 0], sizes = [1, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>> -> tensor<3xf32>
        %1 = tensor.empty() : tensor<3xf32>
        %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0 : tensor<3xf32>) outs(%1 : tensor<3xf32>) {
        ^bb0(%in: f32, %out: f32):
          %3 = arith.mulf %in, %ten : f32
          linalg.yield %3 : f32
        } -> tensor<3xf32>
        iree_tensor_ext.dispatch.tensor.store %2, %arg1, offsets = [0], sizes = [3], strides = [1] : tensor<3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>
        return
      }
    }
  }
  flow.executable private @ex1 {
    flow.executable.export public @patch
    builtin.module {
      func.func @patch(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xf32>>, %arg1: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>, %arg2: index) {
        %n = iree_tensor_ext.dispatch.workload.ordinal %arg2, 0 : index
        %0 = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3xf32>> -> tensor<?xf32>
        iree_tensor_ext.dispatch.tensor.store %0, %arg1, offsets = [1], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
    %x = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<2x3xf32>
    %y = flow.dispatch @ex0::@row_times_ten(%x) : (tensor<2x3xf32>) -> tensor<3xf32>
    %c7 = arith.constant 7.000000e+00 : f32
    %z0 = flow.tensor.splat %c7 : tensor<4xf32>
    %c2 = arith.constant 2 : index
    %z = flow.dispatch @ex1::@patch[%c2](%y, %z0, %c2) : (tensor<3xf32>, tensor<4xf32>, index) -> %z0
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %s = flow.tensor.slice %y[%c2 for %c1] : tensor<3xf32> -> tensor<1xf32>
    %u = flow.tensor.update %s, %z[%c3] : tensor<1xf32> -> %z as tensor<4xf32>
    %e = flow.tensor.load %u[%c1] : tensor<4xf32>
    %c0 = arith.constant 0 : index
    %v = flow.tensor.store %e, %u[%c0] : tensor<4xf32>
    %r0 = hal.tensor.export %y "output0" : tensor<3xf32> -> !hal.buffer_view
    %r1 = hal.tensor.export %v "output1" : tensor<4xf32> -> !hal.buffer_view
    util.return %r0, %r1 : !hal.buffer_view, !hal.buffer_view
  }
}
