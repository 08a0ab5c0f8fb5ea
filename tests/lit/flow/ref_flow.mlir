// ref-flow, the flow-phase surgery behind difftest localize:
//  - instrument: every tensor a dispatch reads or writes is also returned
//    (after the function's own results), one hal.tensor.export each, and
//    each dispatch is written alone as func.func @main on tensors; the
//    instrumented program still runs and gives the same first result;
//  - a dispatch inside control flow is refused with its location, exit 2;
//  - strip-abi turns a coarse-fences F$async program into func.func @F.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ref-flow instrument %s --function=main -o %t/traced.mlir --manifest=%t/m.json --dispatch-dir=%t/d
// RUN: FileCheck %s --check-prefix=TRACED < %t/traced.mlir
// RUN: FileCheck %s --check-prefix=ALONE < %t/d/dispatch_0.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/m.json
// RUN: %ref-run %t/traced.mlir --function=main --input=4xf32=1,2,3,4 | FileCheck %s --check-prefix=TRACEDOUT
// RUN: %expect-exit 2 ref-flow instrument %S/Inputs/dispatch_in_if.mlir --function=main -o %t/x.mlir 2>&1 | FileCheck %s --check-prefix=IF
// RUN: ref-flow strip-abi %S/Inputs/async_abi.mlir --function=f -o %t/s.mlir
// RUN: FileCheck %s --check-prefix=STRIP < %t/s.mlir
// RUN: %ref-run %t/s.mlir --function=f --input=4xf32=1,2,3,4 | FileCheck %s --check-prefix=STRIPPED

// TRACED: util.func public @main(%arg0: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view)
// TRACED: %__localize_0 = hal.tensor.export %0 "trace0" : tensor<4xf32> -> !hal.buffer_view
// TRACED: %__localize_1 = hal.tensor.export %1 "trace1" : tensor<4xf32> -> !hal.buffer_view
// TRACED: util.return %2, %__localize_0, %__localize_1 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view

// ALONE: func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// ALONE-NOT: iree_tensor_ext
// ALONE: arith.addf
// ALONE: return

// MANIFEST: "name": "double_it"
// MANIFEST: "root": "linalg.generic"

// x + x = [2, 4, 6, 8], traced: x, then the dispatch's result.
// TRACEDOUT-LABEL: EXEC @main
// TRACEDOUT: 4xf32=2 4 6 8
// TRACEDOUT: 4xf32=1 2 3 4
// TRACEDOUT: 4xf32=2 4 6 8

// IF: dispatch_in_if.mlir:{{[0-9]+}}:{{[0-9]+}}: error: a flow.dispatch inside control flow

// STRIP: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32>
// STRIP-NOT: hal.
// STRIPPED: 4xf32=2 3 4 5

module {
  flow.executable private @ex {
    flow.executable.export public @double_it
    builtin.module {
      func.func @double_it(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %arg1: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
        %0 = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %1 = tensor.empty() : tensor<4xf32>
        %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%1 : tensor<4xf32>) {
        ^bb0(%in: f32, %out: f32):
          %3 = arith.addf %in, %in : f32
          linalg.yield %3 : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %2, %arg1, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<4xf32>
    %1 = flow.dispatch @ex::@double_it(%0) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = hal.tensor.export %1 "output0" : tensor<4xf32> -> !hal.buffer_view
    util.return %2 : !hal.buffer_view
  }
}
