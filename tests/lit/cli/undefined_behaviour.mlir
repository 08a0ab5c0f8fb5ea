// Undefined behaviour is a finding with its kind, the op's location and the
// element's coordinates; exit code 3, never a signal.
// RUN: %expect-exit 3 %ref-run %s --function=div --input=4xi32=8,9,1,4 --input=4xi32=2,0,1,0 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 3 %ref-run %s --function=overflow --input=2xi32=-2147483648,5 --input=2xi32=-1,1 2>&1 | FileCheck %s --check-prefix=OVF
// RUN: %expect-exit 3 %ref-run %s --function=shift --input=3xi8=1,1,1 --input=3xi8=7,8,-1 2>&1 | FileCheck %s --check-prefix=SHIFT
// RUN: %expect-exit 3 %ref-run %s --function=uninit 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 3 %ref-run %s --function=uninit_result 2>&1 | FileCheck %s --check-prefix=UNRES
// RUN: %expect-exit 3 %ref-run %s --function=fptosi --input=2xf32=1e10,2 2>&1 | FileCheck %s --check-prefix=FPTOSI

// DIV: undefined_behaviour.mlir:[[@LINE+3]]:8: undefined behaviour: division by zero in 'arith.divsi' at element [1]
// DIV: undefined_behaviour.mlir:[[@LINE+2]]:8: undefined behaviour: division by zero in 'arith.divsi' at element [3]
func.func @div(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = arith.divsi %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// OVF: undefined_behaviour.mlir:[[@LINE+2]]:8: undefined behaviour: {{.*}}overflow{{.*}} in 'arith.divsi' at element [0]
func.func @overflow(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = arith.divsi %a, %b : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// Shifting an i8 by 8 or by -1 (255 unsigned) is out of range; by 7 is fine.
// The result is poison there (not immediate UB): returning it is the finding,
// at the first poisoned element (tests/lit/cli/poison.mlir has the rest).
// SHIFT-NOT: at element [0]
// SHIFT: undefined behaviour: poison reaches a function result in 'func.return' at element [1]: poison created by arith.shli at {{.*}}undefined_behaviour.mlir:[[@LINE+2]]:8 (shift amount out of range); result 0
func.func @shift(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %0 = arith.shli %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}

// A matmul accumulating into tensor.empty reads never-written elements.
// UNINIT: undefined_behaviour.mlir:[[@LINE+5]]:8: undefined behaviour: read of an uninitialized element in 'linalg.matmul' at element [0, 0, 0]
func.func @uninit() -> tensor<2x2xf32> {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %x = util.optimization_barrier %e : tensor<2x2xf32>
  %m = linalg.matmul ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%x : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// UNRES: undefined behaviour: result 0 holds an uninitialized element (from tensor.empty) at [0]
func.func @uninit_result() -> tensor<3xi32> {
  %e = tensor.empty() : tensor<3xi32>
  return %e : tensor<3xi32>
}

// FPTOSI: undefined behaviour: poison reaches a function result in 'func.return' at element [0]: poison created by arith.fptosi at {{.*}} (float to integer conversion out of range)
func.func @fptosi(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = arith.fptosi %a : tensor<2xf32> to tensor<2xi32>
  return %0 : tensor<2xi32>
}
