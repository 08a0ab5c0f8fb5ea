// Planted passes and failures of every `check` op, for the stand-in check
// module (scripts/iree_check_module.py): tests/iree/vulkan_e2e_test.py
// expects exactly the outcome each function's name starts with.

func.func @pass_eq() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = arith.addi %a, %a : tensor<3xi32>
  check.expect_eq_const(%b, dense<[2, 4, 6]> : tensor<3xi32>) : tensor<3xi32>
  return
}

func.func @fail_eq_one_element() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = arith.addi %a, %a : tensor<3xi32>
  check.expect_eq_const(%b, dense<[2, 4, 7]> : tensor<3xi32>) : tensor<3xi32>
  return
}

func.func @fail_eq_i8() {
  %a = util.unfoldable_constant dense<[-1, 5]> : tensor<2xi8>
  check.expect_eq_const(%a, dense<[-1, 6]> : tensor<2xi8>) : tensor<2xi8>
  return
}

func.func @pass_almost_eq_within_atol() {
  %a = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.addf %a, %a : tensor<2xf32>
  check.expect_almost_eq_const(%b, dense<[2.00005, 4.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

func.func @fail_almost_eq_past_atol() {
  %a = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.addf %a, %a : tensor<2xf32>
  check.expect_almost_eq_const(%b, dense<[2.0, 4.001]> : tensor<2xf32>) : tensor<2xf32>
  return
}

func.func @pass_almost_eq_rtol() {
  %a = util.unfoldable_constant dense<[1000.0]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[1000.5]> : tensor<1xf32>, atol 0.0, rtol 1.0e-3) : tensor<1xf32>
  return
}

func.func @fail_almost_eq_f16() {
  %a = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf16>
  check.expect_almost_eq_const(%a, dense<[1.0, 2.5]> : tensor<2xf16>) : tensor<2xf16>
  return
}

func.func @pass_almost_eq_nan() {
  %a = util.unfoldable_constant dense<[0x7FC00000]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[0x7FC00000]> : tensor<1xf32>) : tensor<1xf32>
  return
}

func.func @fail_almost_eq_inf_vs_finite() {
  %a = util.unfoldable_constant dense<[0x7F800000]> : tensor<1xf32>
  check.expect_almost_eq_const(%a, dense<[1.0]> : tensor<1xf32>) : tensor<1xf32>
  return
}

func.func @pass_true() {
  %c = util.unfoldable_constant 7 : i32
  check.expect_true(%c) : i32
  return
}

func.func @fail_true() {
  %c = util.unfoldable_constant 0 : i32
  check.expect_true(%c) : i32
  return
}

func.func @pass_false() {
  %c = util.unfoldable_constant 0 : i32
  check.expect_false(%c) : i32
  return
}

func.func @fail_false() {
  %c = util.unfoldable_constant 1 : i32
  check.expect_false(%c) : i32
  return
}

func.func @pass_all_true() {
  %t = util.unfoldable_constant dense<[1, 2, -3]> : tensor<3xi32>
  check.expect_all_true(%t) : tensor<3xi32>
  return
}

func.func @fail_all_true() {
  %t = util.unfoldable_constant dense<[1, 0, -3]> : tensor<3xi32>
  check.expect_all_true(%t) : tensor<3xi32>
  return
}

// A failed expectation does not stop the function (as in IREE): the second
// one fails too and both are reported.
func.func @fail_two_checks() {
  %c = util.unfoldable_constant 0 : i32
  check.expect_true(%c) : i32
  check.expect_false(%c) : i32
  check.expect_true(%c) : i32
  return
}
