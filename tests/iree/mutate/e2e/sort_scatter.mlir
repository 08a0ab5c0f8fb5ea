// Sources in the form of IREE's e2e tests (check ops, no arguments) for the
// corpus-mutation campaign test.
func.func @sort_rows() {
  %input = util.unfoldable_constant dense<[[5, 6, 1], [3, 7, 2]]> : tensor<2x3xi32>
  %0 = iree_linalg_ext.sort dimension(1) outs(%input : tensor<2x3xi32>) {
    ^bb0(%a: i32, %b: i32):
      %1 = arith.cmpi slt, %a, %b : i32
      iree_linalg_ext.yield %1 : i1
    } -> tensor<2x3xi32>
  check.expect_eq_const(%0, dense<[[1, 5, 6], [2, 3, 7]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}
func.func @scatter_rows() {
  %upd = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %idx = util.unfoldable_constant dense<[[2], [0]]> : tensor<2x1xi32>
  %dst = util.unfoldable_constant dense<0.0> : tensor<3x2xf32>
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2x2xf32>, tensor<2x1xi32>) outs(%dst : tensor<3x2xf32>) {
    ^bb0(%u: f32, %d: f32):
      iree_linalg_ext.yield %u : f32
    } -> tensor<3x2xf32>
  check.expect_almost_eq_const(%0, dense<[[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]]> : tensor<3x2xf32>) : tensor<3x2xf32>
  return
}
