// Self-checking e2e tests for check.expect_almost_eq on reduced values, run
// with
//   ref-run --check reduction_freedom.mlir
// IREE may reassociate a float reduction (trees, split reductions), so a
// test may expect the tree-reduced value where the interpreter's sequential
// golden differs by more than the check's tolerance. Such a check passes
// when the expected value is within the oracle's reassociation bound of the
// golden (oracle rule 4: |e - g| <= atol + n * eps * (|g| + mean|golden|)),
// and --check says so on the PASS line.
//
// The values: a sum of n copies of v. Every pairwise (tree) partial sum is
// a power-of-two multiple of v, hence exact, so a tree gives exactly n * v.
// The sequential sums were computed independently with numpy, adding in the
// element type one term at a time (not by running the interpreter).

// f32, 65536 x fl(0.1) = 65536 x 0.100000001490116... = 6553.60009765625
// (tree, exact). Sequential: 6557.646484375. |6553.6 - 6557.65| = 4.05, far
// above atol 1e-4 but within 1e-6 + 65536 * 2^-23 * (6557.65 + 6557.65)
// = 102.5.
func.func @f32_sum_expects_tree_value() {
  %in = util.unfoldable_constant dense<0.1> : tensor<2x65536xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%in : tensor<2x65536xf32>) outs(%fill : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  check.expect_almost_eq_const(%sum, dense<6553.6> : tensor<2xf32>) : tensor<2xf32>
  return
}

// f16, 2048 x fl16(0.003) = 2048 x 0.0030002593994140625 = 6.14453125
// (tree, exact). Sequentially the f16 sum overshoots: once the partial sum
// passes 4, one ulp (2^-8) is within half an ulp of v's 0.0030 and each
// addition rounds up to +2^-8; it ends at 7.34375. |6.1445 - 7.3438| = 1.2
// <= 1e-3 + 2048 * 2^-10 * (7.34 + 7.34) = 29.4. (For f16 and n this large,
// n * eps = 2 >= 1: the first-order bound only says "within a few times the
// value"; the sequential order alone already strays 20% from the exact sum.)
func.func @f16_sum_expects_tree_value() {
  %in = util.unfoldable_constant dense<0.003> : tensor<2048xf16>
  %zero = arith.constant 0.0 : f16
  %init = tensor.empty() : tensor<f16>
  %fill = linalg.fill ins(%zero : f16) outs(%init : tensor<f16>) -> tensor<f16>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]}
      ins(%in : tensor<2048xf16>) outs(%fill : tensor<f16>) {
  ^bb0(%x: f16, %acc: f16):
    %s = arith.addf %x, %acc : f16
    linalg.yield %s : f16
  } -> tensor<f16>
  check.expect_almost_eq_const(%sum, dense<6.14453125> : tensor<f16>) : tensor<f16>
  return
}

// Both operands of expect_almost_eq computed: 20000 x fl(0.001)
// sequentially is 20.00063705444336 (exact: 20.00000095); the other side
// sums [12.5, 7.5] = 20 exactly. |20.000637 - 20| = 6.4e-4 > atol 1e-4;
// with 20000 + 2 terms the bound is 1e-6 + 20002 * 2^-23 * (20.0006 +
// 20.0006) = 0.095. The same pair in the other order makes the right-hand
// side the reduced one.
func.func @both_sides_reduced() {
  %in = util.unfoldable_constant dense<0.001> : tensor<20000xf32>
  %halves = util.unfoldable_constant dense<[12.5, 7.5]> : tensor<2xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %a = linalg.generic {
      indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]}
      ins(%in : tensor<20000xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  %b = linalg.generic {
      indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]}
      ins(%halves : tensor<2xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_almost_eq(%a, %b) : tensor<f32>
  check.expect_almost_eq(%b, %a) : tensor<f32>
  return
}

// Only the right-hand side reduced: the constant 20.0 against the same
// 20000-term sum (20.000637): passes with the bound above for 20000 terms,
// 1e-6 + 20000 * 2^-23 * 40.0013 = 0.095.
func.func @expected_side_reduced() {
  %in = util.unfoldable_constant dense<0.001> : tensor<20000xf32>
  %twenty = util.unfoldable_constant dense<20.0> : tensor<f32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %a = linalg.generic {
      indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]}
      ins(%in : tensor<20000xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_almost_eq(%twenty, %a) : tensor<f32>
  return
}
