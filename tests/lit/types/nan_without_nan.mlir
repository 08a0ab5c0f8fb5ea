// f4E2M1FN and the f6 types have no NaN encoding: a NaN result (0/0, a NaN
// truncated into them) is undefined behaviour, reported with exit code 3
// (IREE's CPU emulation writes 0, MLIR's expansion used on GPUs +6).
// RUN: %expect-exit 3 %ref-run %s --function=div --input=2xf4E2M1FN=0,1 --input=2xf4E2M1FN=0,1 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 3 %ref-run %s --function=trunc --input=2xf32=1,nan 2>&1 | FileCheck %s --check-prefix=TRUNC

// DIV: nan_without_nan.mlir:[[@LINE+3]]:8: undefined behaviour: NaN result in a float type without NaN in 'arith.divf' at element [0]
// DIV-NOT: at element [1]
func.func @div(%a: tensor<2xf4E2M1FN>, %b: tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN> {
  %0 = arith.divf %a, %b : tensor<2xf4E2M1FN>
  return %0 : tensor<2xf4E2M1FN>
}

// TRUNC: nan_without_nan.mlir:[[@LINE+2]]:8: undefined behaviour: NaN result in a float type without NaN in 'arith.truncf' at element [1]
func.func @trunc(%a: tensor<2xf32>) -> tensor<2xf6E2M3FN> {
  %0 = arith.truncf %a : tensor<2xf32> to tensor<2xf6E2M3FN>
  return %0 : tensor<2xf6E2M3FN>
}
