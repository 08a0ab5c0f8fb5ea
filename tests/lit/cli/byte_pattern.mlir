// #util.byte_pattern<N> (a util.global's initial value, or a constant's
// value: tests/e2e/frontend_lowered.mlir): every storage byte
// is N mod 256; it prints back as written. Element types without whole
// bytes (i1, i4) and dynamic shapes are declined with the global's location
// (exit 2), as is a pattern over the memory budget (a few bytes of text can
// name any size).
// RUN: split-file %s %t
// RUN: ref-opt %t/ok.mlir | FileCheck %s --check-prefix=PRINT
// RUN: %ref-run %t/ok.mlir | FileCheck %s --check-prefix=EXEC
// RUN: %expect-exit 2 %ref-run %t/i1.mlir 2>&1 | FileCheck %s --check-prefix=I1
// RUN: %expect-exit 2 %ref-run %t/dynamic.mlir 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: %expect-exit 2 %ref-run %t/huge.mlir 2>&1 | FileCheck %s --check-prefix=HUGE

// PRINT: util.global private @g = #util.byte_pattern<513> : tensor<2xi32>
// 513 mod 256 = 1: 0x01010101.
// EXEC: 2xi32=16843009 16843009
// I1: i1.mlir:1:1: error: #util.byte_pattern of 'tensor<2xi1>' is not supported (elements of whole bytes are)
// HUGE: huge.mlir:1:1: error: tensor of shape 999999999999x99999xi8 exceeds the memory budget of
// DYN: dynamic.mlir:1:1: error: #util.byte_pattern of type 'tensor<?xi8>' is not supported (a statically shaped tensor is)

//--- ok.mlir
util.global private @g = #util.byte_pattern<513> : tensor<2xi32>
func.func @main() -> tensor<2xi32> {
  %0 = util.global.load @g : tensor<2xi32>
  return %0 : tensor<2xi32>
}
//--- i1.mlir
util.global private @g = #util.byte_pattern<1> : tensor<2xi1>
func.func @main() -> tensor<2xi1> {
  %0 = util.global.load @g : tensor<2xi1>
  return %0 : tensor<2xi1>
}
//--- dynamic.mlir
util.global private @g = #util.byte_pattern<1> : tensor<?xi8>
func.func @main() -> tensor<?xi8> {
  %0 = util.global.load @g : tensor<?xi8>
  return %0 : tensor<?xi8>
}
//--- huge.mlir
util.global private @g = #util.byte_pattern<1> : tensor<999999999999x99999xi8>
func.func @main() -> tensor<1xi8> {
  %0 = util.global.load @g : tensor<999999999999x99999xi8>
  %1 = tensor.extract_slice %0[0, 0] [1, 1] [1, 1] : tensor<999999999999x99999xi8> to tensor<1xi8>
  return %1 : tensor<1xi8>
}
