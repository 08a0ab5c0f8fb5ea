// Diagnostics of the small types: exit code 2 with the op's location (8
// for an element type an op is not computed for: the golden is unavailable).
// RUN: %expect-exit 2 %ref-run %s --function=unpacked_i1 --input=1xi8=1 2>&1 | FileCheck %s --check-prefix=I1
// RUN: %expect-exit 8 %ref-run %s --function=e8m0_add --input=2xf8E8M0FNU=1 2>&1 | FileCheck %s --check-prefix=E8M0
// RUN: %expect-exit 8 %ref-run %s --function=e8m0_rounding --input=2xf32=1 2>&1 | FileCheck %s --check-prefix=ROUND
// RUN: %expect-exit 2 %ref-run %s --function=size --input=3xi4=1 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: %expect-exit 8 %ref-run %s --function=f6_bits 2>&1 | FileCheck %s --check-prefix=I6

// I1: diagnostics.mlir:[[@LINE+2]]:8: error: flow.tensor.bitcast of i1 elements is not supported without #iree_encoding.packed_storage
func.func @unpacked_i1(%a: tensor<1xi8>) -> tensor<8xi1> {
  %0 = flow.tensor.bitcast %a : tensor<1xi8> -> tensor<8xi1>
  return %0 : tensor<8xi1>
}

// f8E8M0FNU is a scale: no arithmetic.
// E8M0: diagnostics.mlir:[[@LINE+2]]:8: error: unsupported element type 'f8E8M0FNU' for arith.addf
func.func @e8m0_add(%a: tensor<2xf8E8M0FNU>) -> tensor<2xf8E8M0FNU> {
  %0 = arith.addf %a, %a : tensor<2xf8E8M0FNU>
  return %0 : tensor<2xf8E8M0FNU>
}

// Truncation to f8E8M0FNU exists in the default rounding mode only.
// ROUND: diagnostics.mlir:[[@LINE+2]]:8: error: unsupported element type 'f8E8M0FNU' for arith.truncf
func.func @e8m0_rounding(%a: tensor<2xf32>) -> tensor<2xf8E8M0FNU> {
  %0 = arith.truncf %a upward : tensor<2xf32> to tensor<2xf8E8M0FNU>
  return %0 : tensor<2xf8E8M0FNU>
}

// 3 packed i4 take 2 bytes (the last half padding), not 1 or 3.
// SIZE: error: flow.tensor.bitcast changes the byte size: 3xi4 has 2 bytes, 3xi8 has 3
func.func @size(%a: tensor<3xi4>) -> tensor<3xi8> {
  %0 = flow.tensor.bitcast %a : tensor<3xi4> -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// An f6 type's bits are an i6, a type ref-run holds no values of: the
// refusal names the op (scripts/dtype_matrix.py's arith.bitcast row).
// I6: diagnostics.mlir:[[@LINE+3]]:8: error: unsupported element type 'i6' for arith.bitcast
func.func @f6_bits() -> tensor<2xi6> {
  %a = util.unfoldable_constant dense<[1.0, -0.5]> : tensor<2xf6E2M3FN>
  %0 = arith.bitcast %a : tensor<2xf6E2M3FN> to tensor<2xi6>
  return %0 : tensor<2xi6>
}
