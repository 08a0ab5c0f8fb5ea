// IREE's ABI wrappers (the programs of hal_async_abi.mlir, as
// `iree-compile --compile-to=input` writes them) as drivers see them:
// --print-signatures describes each imported buffer view by the tensor it
// carries ("abi": "buffer_view"), so difftest can make inputs for it; and
// ref-mutate's unwrap-abi (the reducer's first step on a lowered frontend
// program) turns a wrapper into a func.func on those tensors that computes
// the same results (a dynamic size read by hal.buffer_view.dim becomes a
// tensor.dim). A wrapper whose buffer view is never imported has no
// candidate (exit 1).
//
// RUN: %ref-run %S/hal_async_abi.mlir --print-signatures | FileCheck %s --check-prefix=SIG
// SIG:      "name": "row_sums$async"
// SIG:      "name": "row_sums",
// SIG-NEXT: "results": [
// SIG-NEXT:   {
// SIG-NEXT:     "abi": "buffer_view",
// SIG-NEXT:     "dtype": "f32",
// SIG-NEXT:     "shape": [
// SIG-NEXT:       -1
// SIG-NEXT:     ],
// SIG-NEXT:     "tensor": true,
// SIG-NEXT:     "type": "tensor<?xf32>"
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: ref-mutate %S/hal_async_abi.mlir --function=row_sums --pass=unwrap-abi -o %t/u.mlir | FileCheck %s --check-prefix=WHAT
// WHAT: "what":"IREE's ABI wrapper of @row_sums unwrapped (1 tensor arguments)"
// RUN: FileCheck %s --check-prefix=UNWRAPPED < %t/u.mlir
// UNWRAPPED:     func.func @row_sums(%arg0: tensor<?x2xf32>) -> tensor<?xf32> {
// UNWRAPPED:       tensor.dim %arg0, %c0
// UNWRAPPED-NOT:   hal.
// UNWRAPPED:       return %{{.*}} : tensor<?xf32>
// UNWRAPPED-NEXT: }
// RUN: %ref-run %S/hal_async_abi.mlir --function=row_sums --input="3x2xf32=1 2 3 4 5 6" > %t/wrapped.txt
// RUN: %ref-run %t/u.mlir --function=row_sums --input="3x2xf32=1 2 3 4 5 6" > %t/unwrapped.txt
// RUN: diff %t/wrapped.txt %t/unwrapped.txt
// RUN: FileCheck %s --check-prefix=SUMS < %t/unwrapped.txt
// SUMS: 3xf32=3 7 11
//
// RUN: %expect-exit 1 ref-mutate %S/hal_async_abi.mlir --function=identity --pass=unwrap-abi -o %t/none.mlir
