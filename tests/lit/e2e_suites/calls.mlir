// A hand-made pair in the shape of IREE's generated e2e suites: this calls
// module (the last --module) runs its zero-argument functions; `@module.*`
// reaches Inputs/module.mlir through IREE's ABI, `@matmul_test.*` and
// `@conv2d_test.*` are the native test modules.
// RUN: %expect-exit 1 %ref-run --module=%S/Inputs/module.mlir --module=%s --check | FileCheck %s
//
// Expected values from the generator's definition, state_{i+1} =
// (state_i * 48271 mod 2^32) mod (2^31 - 1), element = min + state % span:
// seed 1 gives states 48271, 2330089441 - 2147483647 = 182605794, then (the
// product wrapping) 1291390782, 1716587427, 735130638, 471227346; f32 spans
// [-8, 8]: 48271 % 17 = 8 -> 0, 182605794 % 17 = 5 -> -3, then 3, -8, 4, 3.

// CHECK: PASS @fill_f32
// CHECK: PASS @fill_bf16
// CHECK: PASS @matmul_ok
// CHECK: FAIL @matmul_wrong: @matmul_test.check_matmul_results: the actual and expected result matrices disagree at row 0, column 0: actual -2, expected -3
// CHECK: PASS @matmul_u8
// CHECK: PASS @conv_ok
// CHECK: PASS @attention_unchecked
// CHECK: 6 passed, 1 failed

func.func private @matmul_test.generate_random_matrix(%device: !hal.device, %dim0: i64, %dim1: i64, %element_type: i32, %seed: i32) -> !hal.buffer_view
func.func private @matmul_test.check_matmul_results(%device: !hal.device, %m: i64, %k: i64, %n: i64, %transpose_rhs: i32, %lhs: !hal.buffer_view, %rhs: !hal.buffer_view, %acc: !hal.buffer_view, %actual_result: !hal.buffer_view)
func.func private @conv2d_test.generate_random_tensor(%device: !hal.device, %dim0: i64, %dim1: i64, %dim2: i64, %dim3: i64, %element_type: i32, %seed: i32) -> !hal.buffer_view
func.func private @conv2d_test.check_conv2d_results(%device: !hal.device, %n: i64, %c: i64, %h: i64, %w: i64, %f: i64, %kh: i64, %kw: i64, %sh: i64, %sw: i64, %dh: i64, %dw: i64, %input: !hal.buffer_view, %kernel: !hal.buffer_view, %acc: !hal.buffer_view, %actual_result: !hal.buffer_view)
func.func private @attention_test.check_attention_results(%device: !hal.device, %batch: i64, %m: i64, %k1: i64, %k2: i64, %n: i64, %query: !hal.buffer_view, %key: !hal.buffer_view, %value: !hal.buffer_view, %result: !hal.buffer_view)
util.func private @module.mm(%lhs: !hal.buffer_view, %rhs: !hal.buffer_view) -> !hal.buffer_view
util.func private @module.mm_wrong(%lhs: !hal.buffer_view, %rhs: !hal.buffer_view) -> !hal.buffer_view
util.func private @module.mm_u8(%lhs: !hal.buffer_view, %rhs: !hal.buffer_view, %acc: !hal.buffer_view) -> !hal.buffer_view
func.func private @module.conv(%in: !hal.buffer_view, %k: !hal.buffer_view) -> !hal.buffer_view

func.func @fill_f32() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d0 = arith.constant 2 : i64
  %d1 = arith.constant 3 : i64
  %t = hal.element_type<f32> : i32
  %seed = arith.constant 1 : i32
  %bv = func.call @matmul_test.generate_random_matrix(%device, %d0, %d1, %t, %seed) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %x = hal.tensor.import %bv : !hal.buffer_view -> tensor<2x3xf32>
  check.expect_eq_const(%x, dense<[[0.0, -3.0, 3.0], [-8.0, 4.0, 3.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  return
}

// bf16 spans [-2, 2]: 48271 % 5 = 1 -> -1, 182605794 % 5 = 4 -> 2, 0, 0.
func.func @fill_bf16() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %d0 = arith.constant 1 : i64
  %d1 = arith.constant 4 : i64
  %t = hal.element_type<bf16> : i32
  %seed = arith.constant 1 : i32
  %bv = func.call @matmul_test.generate_random_matrix(%device, %d0, %d1, %t, %seed) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %x = hal.tensor.import %bv : !hal.buffer_view -> tensor<1x4xbf16>
  check.expect_eq_const(%x, dense<[[-1.0, 2.0, 0.0, 0.0]]> : tensor<1x4xbf16>) : tensor<1x4xbf16>
  return
}

func.func @matmul_ok() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %m = arith.constant 2 : i64
  %k = arith.constant 3 : i64
  %n = arith.constant 2 : i64
  %t = hal.element_type<f32> : i32
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %lhs = func.call @matmul_test.generate_random_matrix(%device, %m, %k, %t, %s1) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %rhs = func.call @matmul_test.generate_random_matrix(%device, %k, %n, %t, %s2) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %acc = util.null : !hal.buffer_view
  %r = util.call @module.mm(%lhs, %rhs) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  %tr = arith.constant 0 : i32
  func.call @matmul_test.check_matmul_results(%device, %m, %k, %n, %tr, %lhs, %rhs, %acc, %r) : (!hal.device, i64, i64, i64, i32, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  return
}

// numpy: [[0, -3, 3], [-8, 4, 3]] @ [[8, 0], [7, -2], [6, 3]] =
// [[-3, 15], [-18, 1]]; the module adds one, the check must fail at [0, 0].
func.func @matmul_wrong() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %m = arith.constant 2 : i64
  %k = arith.constant 3 : i64
  %n = arith.constant 2 : i64
  %t = hal.element_type<f32> : i32
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %lhs = func.call @matmul_test.generate_random_matrix(%device, %m, %k, %t, %s1) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %rhs = func.call @matmul_test.generate_random_matrix(%device, %k, %n, %t, %s2) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %acc = util.null : !hal.buffer_view
  %r = util.call @module.mm_wrong(%lhs, %rhs) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  %tr = arith.constant 0 : i32
  func.call @matmul_test.check_matmul_results(%device, %m, %k, %n, %tr, %lhs, %rhs, %acc, %r) : (!hal.device, i64, i64, i64, i32, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  return
}

// ui8 bytes (seed 1: 143, 226, 62, 163, 14, 210) times i8 (seed 2: 0, -1,
// -2, 2, 0, 1) plus an i32 accumulator (seed 3); numpy gives the product
// [[-452, 371], [-28, 75]] (as signed bytes it would differ), which the
// result minus the accumulator must be, and the native check agrees.
func.func @matmul_u8() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %m = arith.constant 2 : i64
  %k = arith.constant 3 : i64
  %n = arith.constant 2 : i64
  %tu = hal.element_type<ui8> : i32
  %ti = hal.element_type<i8> : i32
  %t32 = hal.element_type<i32> : i32
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %s3 = arith.constant 3 : i32
  %lhs = func.call @matmul_test.generate_random_matrix(%device, %m, %k, %tu, %s1) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %rhs = func.call @matmul_test.generate_random_matrix(%device, %k, %n, %ti, %s2) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %acc = func.call @matmul_test.generate_random_matrix(%device, %m, %n, %t32, %s3) : (!hal.device, i64, i64, i32, i32) -> !hal.buffer_view
  %r = util.call @module.mm_u8(%lhs, %rhs, %acc) : (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  %tr = arith.constant 0 : i32
  func.call @matmul_test.check_matmul_results(%device, %m, %k, %n, %tr, %lhs, %rhs, %acc, %r) : (!hal.device, i64, i64, i64, i32, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  %rt = hal.tensor.import %r : !hal.buffer_view -> tensor<2x2xi32>
  %at = hal.tensor.import %acc : !hal.buffer_view -> tensor<2x2xi32>
  %p = arith.subi %rt, %at : tensor<2x2xi32>
  check.expect_eq_const(%p, dense<[[-452, 371], [-28, 75]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

func.func @conv_ok() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %t = hal.element_type<f32> : i32
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %in = func.call @conv2d_test.generate_random_tensor(%device, %one, %one, %three, %three, %t, %s1) : (!hal.device, i64, i64, i64, i64, i32, i32) -> !hal.buffer_view
  %k = func.call @conv2d_test.generate_random_tensor(%device, %one, %one, %two, %two, %t, %s2) : (!hal.device, i64, i64, i64, i64, i32, i32) -> !hal.buffer_view
  %acc = util.null : !hal.buffer_view
  %r = func.call @module.conv(%in, %k) : (!hal.buffer_view, !hal.buffer_view) -> !hal.buffer_view
  func.call @conv2d_test.check_conv2d_results(%device, %one, %one, %three, %three, %one, %two, %two, %one, %one, %one, %one, %in, %k, %acc, %r) : (!hal.device, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  return
}

// IREE's attention runner computes a reference but compares nothing: any
// f32 result passes.
func.func @attention_unchecked() {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %one = arith.constant 1 : i64
  %q = arith.constant dense<1.0> : tensor<1x1x1xf32>
  %wrong = arith.constant dense<42.0> : tensor<1x1x1xf32>
  %qb = hal.tensor.export %q : tensor<1x1x1xf32> -> !hal.buffer_view
  %rb = hal.tensor.export %wrong : tensor<1x1x1xf32> -> !hal.buffer_view
  func.call @attention_test.check_attention_results(%device, %one, %one, %one, %one, %one, %qb, %qb, %qb, %rb) : (!hal.device, i64, i64, i64, i64, i64, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) -> ()
  return
}
