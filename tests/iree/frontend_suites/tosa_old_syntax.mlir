// TOSA in the syntax of IREE's tests/e2e/tosa_ops files from before the TOSA
// parser of IREE 3.13 (attributes in an attribute dictionary), which that
// parser rejects: lower-fail as written, and a pass after
// `iree-e2e-frontend.sh --respell` writes the ops in the generic form.
// clamp to [1, 4]: [1, 0, 4.5, 2] -> [1, 1, 4, 2]; reduce_max over axis 0
// of [[1, 5], [3, 2], [0, 4]] -> [[3, 5]].
func.func @clamp() {
  %0 = util.unfoldable_constant dense<[1.0, 0.0, 4.5, 2.0]> : tensor<4xf32>
  %r = tosa.clamp %0 {min_val = 1.0 : f32, max_val = 4.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[1.0, 1.0, 4.0, 2.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

func.func @reduce_max() {
  %0 = util.unfoldable_constant dense<[[1, 5], [3, 2], [0, 4]]> : tensor<3x2xi32>
  %r = tosa.reduce_max %0 {axis = 0 : i32} : (tensor<3x2xi32>) -> tensor<1x2xi32>
  check.expect_eq_const(%r, dense<[[3, 5]]> : tensor<1x2xi32>) : tensor<1x2xi32>
  return
}
