// --check runs every public zero-argument function, one PASS/FAIL line each,
// then the totals; a failed check exits 1.
// RUN: %expect-exit 1 %ref-run --check %s | FileCheck %s

// CHECK: PASS @passes
// CHECK-NEXT: FAIL @fails: check.expect_eq_const at {{.*}}check_mode.mlir:[[@LINE+16]]:3: element [1]: expected 5, got 2 (1 of 3 elements differ)
// CHECK-NEXT: FAIL @almost: check.expect_almost_eq_const at {{.*}}: element [0]: expected 1, got 1.1
// CHECK-NEXT: PASS @almost_ok
// CHECK-NEXT: PASS @legacy_tolerance
// CHECK-NEXT: PASS @almost_nan
// CHECK-NEXT: FAIL @almost_nan_vs_number: {{.*}} element [0]: expected 1, got NAN
// CHECK-NEXT: 4 passed, 3 failed
// CHECK-NOT: @private_fn
// CHECK-NOT: @takes_args
func.func @passes() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  check.expect_eq_const(%a, dense<[1, 2, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}
func.func @fails() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  check.expect_eq_const(%a, dense<[1, 5, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}
// |1.1 - 1| = 0.1 > atol 0.01.
func.func @almost() {
  %a = util.unfoldable_constant dense<[1.1]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[1.0]> : tensor<1xf32>, atol 1.0e-02) : tensor<1xf32>
  return
}
// |1.1 - 1| = 0.1 <= atol 0 + rtol 0.2 * 1.
func.func @almost_ok() {
  %a = util.unfoldable_constant dense<[1.1]> : tensor<1xf32>
  %b = util.unfoldable_constant dense<[1.0]> : tensor<1xf32>
  check.expect_almost_eq(%a, %b, atol 0.0, rtol 2.0e-01) : tensor<1xf32>
  return
}
// Older IREE files give the atol positionally.
func.func @legacy_tolerance() {
  %a = util.unfoldable_constant dense<[1.05]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[1.0]> : tensor<1xf32>, 1.0e-01) : tensor<1xf32>
  return
}
// IREE's check module accepts NaN against NaN in almost-eq...
func.func @almost_nan() {
  %a = util.unfoldable_constant dense<[0x7FC00000, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const(%a, dense<[0x7FC00000, 2.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}
// ...but not NaN against a number.
func.func @almost_nan_vs_number() {
  %a = util.unfoldable_constant dense<[0x7FC00000]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[1.0]> : tensor<1xf32>) : tensor<1xf32>
  return
}
func.func private @private_fn() {
  return
}
func.func @takes_args(%a: i32) {
  return
}
