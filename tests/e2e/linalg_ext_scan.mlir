// Self-checking e2e tests for iree_linalg_ext.scan. Run with
//   ref-run --check linalg_ext_scan.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// Semantics (IREE's scalar lowering), region arguments (previous output, input):
//   inclusive: out[0] = in[0]  (the accumulator's initial value is ignored)
//              out[i] = f(out[i-1], in[i])
//   exclusive: out[0] = acc_init
//              out[i] = f(out[i-1], in[i-1])   (in[n-1] is never used)
//   The final accumulator is out[n-1], written only by the i >= 1 steps: with
//   n = 1 it KEEPS its initial value (a quirk of IREE's lowering, even for an
//   inclusive scan where out[0] = in[0] differs from it).

//===----------------------------------------------------------------------===//
// 1-D
//===----------------------------------------------------------------------===//

// Inclusive add, i32: in [1, 2, 3, 4], acc init 100 (ignored):
//   out [1, 1+2 = 3, 3+3 = 6, 6+4 = 10]; acc = out[3] = 10.
func.func @scan_inclusive_add_i32() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<4xi32>
  %acc0 = util.unfoldable_constant dense<100> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xi32>) outs(%out0, %acc0 : tensor<4xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[1, 3, 6, 10]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%r#1, dense<10> : tensor<i32>) : tensor<i32>
  return
}

// Exclusive add, i32: in [1, 2, 3, 4], acc init 100:
//   out[0] = 100, out[1] = 100+1 = 101, out[2] = 101+2 = 103, out[3] = 103+3 = 106;
//   acc = out[3] = 106 (in[3] = 4 is left out).
func.func @scan_exclusive_add_i32() {
  %in = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<4xi32>
  %acc0 = util.unfoldable_constant dense<100> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<4xi32>) outs(%out0, %acc0 : tensor<4xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[100, 101, 103, 106]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%r#1, dense<106> : tensor<i32>) : tensor<i32>
  return
}

// Argument order (previous, input) with a non-commutative body prev - x,
// inclusive: in [10, 1, 2, 3]:
//   out [10, 10-1 = 9, 9-2 = 7, 7-3 = 4]; acc 4.
//   (x - prev would give [10, -9, 11, -8].)
func.func @scan_inclusive_sub_order() {
  %in = util.unfoldable_constant dense<[10, 1, 2, 3]> : tensor<4xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<4xi32>
  %acc0 = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xi32>) outs(%out0, %acc0 : tensor<4xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.subi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[10, 9, 7, 4]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%r#1, dense<4> : tensor<i32>) : tensor<i32>
  return
}

// Exclusive with prev * 2 + x: in [1, 2, 3], acc init 5:
//   out[0] = 5, out[1] = 5*2 + in[0] = 11, out[2] = 11*2 + in[1] = 24; acc 24.
func.func @scan_exclusive_affine_order() {
  %in = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<3xi32>
  %acc0 = util.unfoldable_constant dense<5> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<3xi32>) outs(%out0, %acc0 : tensor<3xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %two = arith.constant 2 : i32
    %m = arith.muli %prev, %two : i32
    %s = arith.addi %m, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[5, 11, 24]> : tensor<3xi32>) : tensor<3xi32>
  check.expect_eq_const(%r#1, dense<24> : tensor<i32>) : tensor<i32>
  return
}

// Inclusive mul, f32: in [1.5, 2.0, -0.5, 4.0] (all products exact):
//   out [1.5, 3.0, -1.5, -6.0]; acc -6.0.
func.func @scan_inclusive_mul_f32() {
  %in = util.unfoldable_constant dense<[1.5, 2.0, -0.5, 4.0]> : tensor<4xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<4xf32>
  %acc0 = util.unfoldable_constant dense<1.0> : tensor<f32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xf32>) outs(%out0, %acc0 : tensor<4xf32>, tensor<f32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.mulf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<4xf32>, tensor<f32>
  check.expect_eq_const(%r#0, dense<[1.5, 3.0, -1.5, -6.0]> : tensor<4xf32>) : tensor<4xf32>
  check.expect_eq_const(%r#1, dense<-6.0> : tensor<f32>) : tensor<f32>
  return
}

// Exclusive add, f32 with a fractional init: in [0.25, 0.5, 1.0], acc init 2.0:
//   out [2.0, 2.25, 2.75]; acc 2.75 (in[2] = 1.0 unused).
func.func @scan_exclusive_add_f32() {
  %in = util.unfoldable_constant dense<[0.25, 0.5, 1.0]> : tensor<3xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<3xf32>
  %acc0 = util.unfoldable_constant dense<2.0> : tensor<f32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<3xf32>) outs(%out0, %acc0 : tensor<3xf32>, tensor<f32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.addf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3xf32>, tensor<f32>
  check.expect_almost_eq_const(%r#0, dense<[2.0, 2.25, 2.75]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_almost_eq_const(%r#1, dense<2.75> : tensor<f32>) : tensor<f32>
  return
}

//===----------------------------------------------------------------------===//
// n = 1: the accumulator keeps its initial value
//===----------------------------------------------------------------------===//

// Inclusive, n = 1: in [5], acc init 7: out [5]; acc stays 7 (NOT 5).
func.func @scan_inclusive_n1_acc_quirk() {
  %in = util.unfoldable_constant dense<[5]> : tensor<1xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<1xi32>
  %acc0 = util.unfoldable_constant dense<7> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<1xi32>) outs(%out0, %acc0 : tensor<1xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<1xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[5]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%r#1, dense<7> : tensor<i32>) : tensor<i32>
  return
}

// Exclusive, n = 1: in [5], acc init 7: out [7]; acc 7 (= out[0]).
func.func @scan_exclusive_n1() {
  %in = util.unfoldable_constant dense<[5]> : tensor<1xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<1xi32>
  %acc0 = util.unfoldable_constant dense<7> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<1xi32>) outs(%out0, %acc0 : tensor<1xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<1xi32>, tensor<i32>
  check.expect_eq_const(%r#0, dense<[7]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%r#1, dense<7> : tensor<i32>) : tensor<i32>
  return
}

// 2-D with a length-1 scan dimension: 1x3 along dimension 0, inclusive mul f32:
//   out = in = [[2, 3, 4]]; acc keeps its init [7, 8, 9].
func.func @scan_inclusive_n1_2d() {
  %in = util.unfoldable_constant dense<[[2.0, 3.0, 4.0]]> : tensor<1x3xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<1x3xf32>
  %acc0 = util.unfoldable_constant dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<1x3xf32>) outs(%out0, %acc0 : tensor<1x3xf32>, tensor<3xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.mulf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<1x3xf32>, tensor<3xf32>
  check.expect_eq_const(%r#0, dense<[[2.0, 3.0, 4.0]]> : tensor<1x3xf32>) : tensor<1x3xf32>
  check.expect_eq_const(%r#1, dense<[7.0, 8.0, 9.0]> : tensor<3xf32>) : tensor<3xf32>
  return
}

//===----------------------------------------------------------------------===//
// 2-D along dimension 0 and 1
//===----------------------------------------------------------------------===//

// Inclusive add along dimension 0, f32: in [[1, 2, 3], [4, 5, 6]]:
//   row 0 = [1, 2, 3]; row 1 = [1+4, 2+5, 3+6] = [5, 7, 9]; acc [5, 7, 9].
func.func @scan_2d_dim0_inclusive_add_f32() {
  %in = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<2x3xf32>
  %acc0 = util.unfoldable_constant dense<0.0> : tensor<3xf32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<2x3xf32>) outs(%out0, %acc0 : tensor<2x3xf32>, tensor<3xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.addf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<2x3xf32>, tensor<3xf32>
  check.expect_eq_const(%r#0, dense<[[1.0, 2.0, 3.0], [5.0, 7.0, 9.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  check.expect_eq_const(%r#1, dense<[5.0, 7.0, 9.0]> : tensor<3xf32>) : tensor<3xf32>
  return
}

// Inclusive add along dimension 1, i32: in [[1, 2, 3], [4, 5, 6]]:
//   row 0: [1, 3, 6]; row 1: [4, 9, 15]; acc [6, 15].
func.func @scan_2d_dim1_inclusive_add_i32() {
  %in = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<2x3xi32>
  %acc0 = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<2x3xi32>) outs(%out0, %acc0 : tensor<2x3xi32>, tensor<2xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2x3xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[[1, 3, 6], [4, 9, 15]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  check.expect_eq_const(%r#1, dense<[6, 15]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Exclusive mul along dimension 1, i32: in [[1, 2, 3], [4, 5, 6]], acc init [1, 2]:
//   row 0: out [1, 1*1 = 1, 1*2 = 2]; acc 2
//   row 1: out [2, 2*4 = 8, 8*5 = 40]; acc 40.
func.func @scan_2d_dim1_exclusive_mul_i32() {
  %in = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<2x3xi32>
  %acc0 = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(false)
      ins(%in : tensor<2x3xi32>) outs(%out0, %acc0 : tensor<2x3xi32>, tensor<2xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.muli %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2x3xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[[1, 1, 2], [2, 8, 40]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  check.expect_eq_const(%r#1, dense<[2, 40]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Exclusive mul along dimension 0, f32: in [[2, 3], [4, 5], [6, 7]], acc init [1, -1]:
//   col 0: out [1, 1*2 = 2, 2*4 = 8]; acc 8
//   col 1: out [-1, -1*3 = -3, -3*5 = -15]; acc -15.
func.func @scan_2d_dim0_exclusive_mul_f32() {
  %in = util.unfoldable_constant dense<[[2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]> : tensor<3x2xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<3x2xf32>
  %acc0 = util.unfoldable_constant dense<[1.0, -1.0]> : tensor<2xf32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<3x2xf32>) outs(%out0, %acc0 : tensor<3x2xf32>, tensor<2xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.mulf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x2xf32>, tensor<2xf32>
  check.expect_eq_const(%r#0, dense<[[1.0, -1.0], [2.0, -3.0], [8.0, -15.0]]> : tensor<3x2xf32>) : tensor<3x2xf32>
  check.expect_eq_const(%r#1, dense<[8.0, -15.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Inclusive max (maximumf) along dimension 1, f32:
//   row 0: [3, 1, 4, 1, 5] -> running max [3, 3, 4, 4, 5]; acc 5
//   row 1: [-1, -5, -2, -6, -3] -> [-1, -1, -1, -1, -1]; acc -1.
func.func @scan_2d_dim1_inclusive_max_f32() {
  %in = util.unfoldable_constant dense<[[3.0, 1.0, 4.0, 1.0, 5.0], [-1.0, -5.0, -2.0, -6.0, -3.0]]> : tensor<2x5xf32>
  %out0 = util.unfoldable_constant dense<0.0> : tensor<2x5xf32>
  %acc0 = util.unfoldable_constant dense<0.0> : tensor<2xf32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(true)
      ins(%in : tensor<2x5xf32>) outs(%out0, %acc0 : tensor<2x5xf32>, tensor<2xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.maximumf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<2x5xf32>, tensor<2xf32>
  check.expect_eq_const(%r#0, dense<[[3.0, 3.0, 4.0, 4.0, 5.0], [-1.0, -1.0, -1.0, -1.0, -1.0]]> : tensor<2x5xf32>) : tensor<2x5xf32>
  check.expect_eq_const(%r#1, dense<[5.0, -1.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Exclusive max (maxsi) along dimension 0, i32: in [[3, -1], [1, 5], [4, -2]],
// acc init [0, -10]:
//   col 0: out [0, max(0, 3) = 3, max(3, 1) = 3]; acc 3   (in[2] = 4 unused)
//   col 1: out [-10, max(-10, -1) = -1, max(-1, 5) = 5]; acc 5.
func.func @scan_2d_dim0_exclusive_max_i32() {
  %in = util.unfoldable_constant dense<[[3, -1], [1, 5], [4, -2]]> : tensor<3x2xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<3x2xi32>
  %acc0 = util.unfoldable_constant dense<[0, -10]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<3x2xi32>) outs(%out0, %acc0 : tensor<3x2xi32>, tensor<2xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.maxsi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3x2xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[[0, -10], [3, -1], [3, 5]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  check.expect_eq_const(%r#1, dense<[3, 5]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Inclusive max along dimension 0, i32 (maxsi): in [[1, 9], [7, 2], [3, 8]]:
//   col 0: [1, 7, 7]; col 1: [9, 9, 9] -> [[1, 9], [7, 9], [7, 9]]; acc [7, 9].
func.func @scan_2d_dim0_inclusive_max_i32() {
  %in = util.unfoldable_constant dense<[[1, 9], [7, 2], [3, 8]]> : tensor<3x2xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<3x2xi32>
  %acc0 = util.unfoldable_constant dense<[100, 100]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<3x2xi32>) outs(%out0, %acc0 : tensor<3x2xi32>, tensor<2xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.maxsi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3x2xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[[1, 9], [7, 9], [7, 9]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  check.expect_eq_const(%r#1, dense<[7, 9]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// 2x1 along dimension 1 (lines of length 1), exclusive add:
//   out[i][0] = acc_init[i] = [[10], [20]]; acc stays [10, 20].
func.func @scan_2d_dim1_exclusive_n1() {
  %in = util.unfoldable_constant dense<[[1], [2]]> : tensor<2x1xi32>
  %out0 = util.unfoldable_constant dense<0> : tensor<2x1xi32>
  %acc0 = util.unfoldable_constant dense<[10, 20]> : tensor<2xi32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(false)
      ins(%in : tensor<2x1xi32>) outs(%out0, %acc0 : tensor<2x1xi32>, tensor<2xi32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2x1xi32>, tensor<2xi32>
  check.expect_eq_const(%r#0, dense<[[10], [20]]> : tensor<2x1xi32>) : tensor<2x1xi32>
  check.expect_eq_const(%r#1, dense<[10, 20]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Dynamic shape
//===----------------------------------------------------------------------===//

// tensor<?xi32> (5 at run time), inclusive add: [1, -1, 2, -2, 3]
//   -> [1, 0, 2, 0, 3]; acc 3.
func.func @scan_dynamic_inclusive() {
  %in = flow.tensor.dynamic_constant dense<[1, -1, 2, -2, 3]> : tensor<5xi32> -> tensor<?xi32>
  %out0 = flow.tensor.dynamic_constant dense<0> : tensor<5xi32> -> tensor<?xi32>
  %acc0 = util.unfoldable_constant dense<0> : tensor<i32>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<?xi32>) outs(%out0, %acc0 : tensor<?xi32>, tensor<i32>) {
  ^bb0(%prev: i32, %x: i32):
    %s = arith.addi %prev, %x : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<?xi32>, tensor<i32>
  %rc = tensor.cast %r#0 : tensor<?xi32> to tensor<5xi32>
  check.expect_eq_const(%rc, dense<[1, 0, 2, 0, 3]> : tensor<5xi32>) : tensor<5xi32>
  check.expect_eq_const(%r#1, dense<3> : tensor<i32>) : tensor<i32>
  return
}

// tensor<?x?xf32> (2x3), exclusive add along dimension 1, acc ? (2) init [0.5, -0.5]:
//   row 0 in [1, 2, 4]: out [0.5, 1.5, 3.5]; acc 3.5
//   row 1 in [8, 16, 32]: out [-0.5, 7.5, 23.5]; acc 23.5.
func.func @scan_dynamic_2d_exclusive() {
  %in = flow.tensor.dynamic_constant dense<[[1.0, 2.0, 4.0], [8.0, 16.0, 32.0]]> : tensor<2x3xf32> -> tensor<?x?xf32>
  %out0 = flow.tensor.dynamic_constant dense<0.0> : tensor<2x3xf32> -> tensor<?x?xf32>
  %acc0 = flow.tensor.dynamic_constant dense<[0.5, -0.5]> : tensor<2xf32> -> tensor<?xf32>
  %r:2 = iree_linalg_ext.scan dimension(1) inclusive(false)
      ins(%in : tensor<?x?xf32>) outs(%out0, %acc0 : tensor<?x?xf32>, tensor<?xf32>) {
  ^bb0(%prev: f32, %x: f32):
    %s = arith.addf %prev, %x : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<?x?xf32>, tensor<?xf32>
  %oc = tensor.cast %r#0 : tensor<?x?xf32> to tensor<2x3xf32>
  %ac = tensor.cast %r#1 : tensor<?xf32> to tensor<2xf32>
  check.expect_eq_const(%oc, dense<[[0.5, 1.5, 3.5], [-0.5, 7.5, 23.5]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  check.expect_eq_const(%ac, dense<[3.5, 23.5]> : tensor<2xf32>) : tensor<2xf32>
  return
}
