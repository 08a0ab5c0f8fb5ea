// check.expect_almost_eq on a reassociated float reduction: a check that
// only the tree order meets passes by the oracle's reduction bound and says
// so; beyond the bound, or with an exact check, it fails.
// RUN: %expect-exit 1 %ref-run --check %s | FileCheck %s

// 65536 x fl(0.1): sequential f32 sum 6557.646484375 (numpy, one term at a
// time), tree sum 65536 x 0.100000001490116 = 6553.60009765625. The bound is
// 1e-6 + 65536 * 2^-23 * 2 * 6557.65 = 102.5.
// CHECK: PASS @tree_value (check.expect_almost_eq_const at {{.*}}reduction_freedom.mlir:[[@LINE+12]]:3: 1 elements pass by the reduction freedom rule; farthest at []: 6553.6 vs sequential golden 6557.65, 65536 reassociated terms (oracle rule 4))
func.func @tree_value() {
  %in = util.unfoldable_constant dense<0.1> : tensor<65536xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]} ins(%in : tensor<65536xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_almost_eq_const(%sum, dense<6553.6> : tensor<f32>) : tensor<f32>
  return
}

// 7000 is 442 away from the golden, beyond the bound of 102.5.
// CHECK-NEXT: FAIL @beyond_the_bound: check.expect_almost_eq_const at {{.*}}: element []: expected 7000, got 6557.65
func.func @beyond_the_bound() {
  %in = util.unfoldable_constant dense<0.1> : tensor<65536xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]} ins(%in : tensor<65536xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_almost_eq_const(%sum, dense<7000.0> : tensor<f32>) : tensor<f32>
  return
}

// An exact check gets no freedom rule: IREE's test asks for exactness.
// CHECK-NEXT: FAIL @exact_check: check.expect_eq_const at {{.*}}: element []: expected 6553.6, got 6557.65
func.func @exact_check() {
  %in = util.unfoldable_constant dense<0.1> : tensor<65536xf32>
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> ()>],
      iterator_types = ["reduction"]} ins(%in : tensor<65536xf32>) outs(%fill : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_eq_const(%sum, dense<6553.6> : tensor<f32>) : tensor<f32>
  return
}

// Without a reduction there is no freedom: 6557.65 as a constant against
// 6553.6 fails.
// CHECK-NEXT: FAIL @no_reduction: check.expect_almost_eq_const at {{.*}}: element []: expected 6553.6, got 6557.65
func.func @no_reduction() {
  %v = util.unfoldable_constant dense<6557.646484375> : tensor<f32>
  check.expect_almost_eq_const(%v, dense<6553.6> : tensor<f32>) : tensor<f32>
  return
}
// CHECK-NEXT: 1 passed, 3 failed
