// ref-run --work: the bound on one GPU thread's sequential loop iterations
// and the largest tensor, which difftest compares with an executor's limits
// (lavapipe's loop cap of 65,535; docs/gpu.md, "Vulkan on lavapipe"). The
// expected numbers follow interp/exec/LoopWork.h's rules by hand: a sort of
// n along its dimension counts n * n; a linalg reduction the product of its
// reduction extents; a called function's ops count in the caller; a scan n;
// a dynamic extent counts as the largest extent of the run's arguments and
// results; ops add up.
//
// RUN: %ref-run %s --function=sort300 --input=1x300xi32=0 --work=%t.sort.json > /dev/null
// RUN: FileCheck %s --check-prefix=SORT --input-file=%t.sort.json
// SORT:      "largest_tensor": "tensor<1x300xi32>",
// SORT-NEXT: "largest_tensor_bytes": 1200,
// SORT-NEXT: "loop_iterations": 90000,
// SORT:      "iterations": 90000,
// SORT-NEXT: "op": "iree_linalg_ext.sort at {{.*}}loop_work.mlir:[[@LINE+28]]:8",
// SORT-NEXT: "why": "sort of 300 along dimension 1: 300 * 300"
//
// RUN: %ref-run %s --function=caller --input=4x100xf32=1 --input=100x4xf32=1 --input=1x50xi32=1 --work=%t.call.json > /dev/null
// RUN: FileCheck %s --check-prefix=CALL --input-file=%t.call.json
// CALL:      "loop_iterations": 150,
// CALL:      "iterations": 100,
// CALL-NEXT: "op": "linalg.matmul at
// CALL-NEXT: "why": "reduction loops 100"
// CALL:      "iterations": 50,
// CALL-NEXT: "op": "iree_linalg_ext.scan at
// CALL-NEXT: "why": "scan along dimension 1: 50"
//
// RUN: %ref-run %s --function=dyn --input=3x40xf32=1 --work=%t.dyn.json > /dev/null
// RUN: FileCheck %s --check-prefix=DYN --input-file=%t.dyn.json
// DYN:      "largest_tensor": "tensor<?x?xf32>",
// DYN-NEXT: "largest_tensor_bytes": 6400,
// DYN-NEXT: "loop_iterations": 40,
// DYN:      "why": "reduction loops 40"
//
// Elementwise work has no sequential loop of its own.
// RUN: %ref-run %s --function=elementwise --input=64x64xf32=1 --work=%t.ew.json > /dev/null
// RUN: FileCheck %s --check-prefix=EW --input-file=%t.ew.json
// EW:      "largest_tensor_bytes": 16384,
// EW-NEXT: "loop_iterations": 0,
// EW-NEXT: "ops": []

func.func @sort300(%arg0: tensor<1x300xi32>) -> tensor<1x300xi32> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%arg0 : tensor<1x300xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi slt, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<1x300xi32>
  return %0 : tensor<1x300xi32>
}

func.func private @mm(%a: tensor<4x100xf32>, %b: tensor<100x4xf32>) -> tensor<4x4xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x100xf32>, tensor<100x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @caller(%a: tensor<4x100xf32>, %b: tensor<100x4xf32>, %s: tensor<1x50xi32>) -> (tensor<4x4xf32>, tensor<1x50xi32>) {
  %m = func.call @mm(%a, %b) : (tensor<4x100xf32>, tensor<100x4xf32>) -> tensor<4x4xf32>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x50xi32>
  %acc0 = tensor.empty() : tensor<1xi32>
  %acc = linalg.fill ins(%z : i32) outs(%acc0 : tensor<1xi32>) -> tensor<1xi32>
  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%s : tensor<1x50xi32>) outs(%e, %acc : tensor<1x50xi32>, tensor<1xi32>) {
  ^bb0(%x: i32, %y: i32):
    %sum = arith.addi %x, %y : i32
    iree_linalg_ext.yield %sum : i32
  } -> tensor<1x50xi32>, tensor<1xi32>
  return %m, %0#0 : tensor<4x4xf32>, tensor<1x50xi32>
}

func.func @dyn(%arg0: tensor<?x?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %arg0, %c0 : tensor<?x?xf32>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty(%d0) : tensor<?xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x?xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @elementwise(%arg0: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = arith.addf %arg0, %arg0 : tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
