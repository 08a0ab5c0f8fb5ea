// Calls into a linked module check buffer views as IREE's ABI does
// (hal.buffer_view.assert), and the test modules reject what IREE's runners
// reject; each is an error (exit 2) naming the function, never a crash.
// RUN: %expect-exit 2 %ref-run --module=%S/Inputs/module.mlir --module=%s --check 2>%t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// OUT: FAIL @wrong_type: error
// OUT: FAIL @wrong_shape: error
// OUT: FAIL @null_input: error
// OUT: FAIL @unhandled_types: error
// OUT: FAIL @unknown_function: error
// OUT: 0 passed, 5 failed
// ERR: error: @module.mm: input 0 element type mismatch; expected 0x21000020 but have 0x21000010
// ERR: error: @module.mm_wrong: input 1 shape dimension 0 mismatch; expected 3 but have 2
// ERR: error: @module.mm: input 1 is a null buffer view
// ERR: error: @matmul_test.check_matmul_results: unhandled combination of element types in matmul
// ERR: error: @matmul_test.no_such_function: no function 'no_such_function' in test module 'matmul_test'

func.func private @matmul_test.generate_random_matrix(%device: !hal.device, %dim0: i64, %dim1: i64, %element_type: i32, %seed: i32) -> !hal.buffer_view
func.func private @matmul_test.check_matmul_results(%device: !hal.device, %m: i64, %k: i64, %n: i64, %transpose_rhs: i32, %lhs: !hal.buffer_view, %rhs: !hal.buffer_view, %acc: !hal.buffer_view, %actual_result: !hal.buffer_view)
func.func private @matmul_test.no_such_function(%device: !hal.device)
func.func private @module.mm(%lhs: !hal.buffer_view, %rhs: !hal.buffer_view) -> !hal.buffer_view
func.func private @module.mm_wrong(%lhs: !hal.buffer_view, %rhs: !hal.buffer_view) -> !hal.buffer_view

func.func @wrong_type() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d = arith.constant 2 : i64
  %t = hal.element_type<f16> : i32
  %s = arith.constant 1 : i32
  %a = func.call @matmul_test.generate_random_matrix(%device, %d, %d, %t, %s) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %r = func.call @module.mm(%a, %a) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  return
}

func.func @wrong_shape() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d2 = arith.constant 2 : i64
  %d3 = arith.constant 3 : i64
  %t = hal.element_type<f32> : i32
  %s = arith.constant 1 : i32
  %a = func.call @matmul_test.generate_random_matrix(%device, %d2, %d3, %t, %s) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %r = func.call @module.mm_wrong(%a, %a) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  return
}

func.func @null_input() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d = arith.constant 2 : i64
  %t = hal.element_type<f32> : i32
  %s = arith.constant 1 : i32
  %a = func.call @matmul_test.generate_random_matrix(%device, %d, %d, %t, %s) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %null = util.null : !hal.buffer_view
  %r = func.call @module.mm(%a, %null) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  return
}

// i16 operands: IREE's reference matmul has no such combination.
func.func @unhandled_types() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d = arith.constant 2 : i64
  %t = hal.element_type<i16> : i32
  %s = arith.constant 1 : i32
  %a = func.call @matmul_test.generate_random_matrix(%device, %d, %d, %t, %s) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %null = util.null : !hal.buffer_view
  %tr = arith.constant 0 : i32
  func.call @matmul_test.check_matmul_results(%device, %d, %d, %d, %tr, %a, %a, %null, %a) : (!hal.device, i64, i64, i64, i32, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  return
}

func.func @unknown_function() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  func.call @matmul_test.no_such_function(%device) : (!hal.device) -> ()
  return
}
