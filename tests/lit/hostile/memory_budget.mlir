// --max-memory bounds the whole process: a program whose tensors need more
// stops with "out of memory" and exit code 2, not an OOM kill. (ASan builds
// set no address-space limit.)
// UNSUPPORTED: asan
// RUN: %expect-exit 2 %ref-run %s --max-memory=1500000000 2>&1 | FileCheck %s
// RUN: %expect-exit 0 %ref-run %s --function=small --max-memory=1500000000

// CHECK: error: out of memory: the program needs more than the memory budget (--max-memory)

// 2 GiB per tensor, twice: more than the 1.5 GB budget.
func.func @main() -> (tensor<536870912xf32>, tensor<536870912xf32>) {
  %c = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<536870912xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<536870912xf32>) -> tensor<536870912xf32>
  %e2 = tensor.empty() : tensor<536870912xf32>
  %g = linalg.fill ins(%c : f32) outs(%e2 : tensor<536870912xf32>) -> tensor<536870912xf32>
  return %f, %g : tensor<536870912xf32>, tensor<536870912xf32>
}

func.func @small() -> tensor<4xf32> {
  %c = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %f : tensor<4xf32>
}
