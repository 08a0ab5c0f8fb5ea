// Self-checking e2e tests for the `scf` dialect (scf.for, scf.if, scf.while),
// run with
//   ref-run --check scf.mlir
// Every expected value was derived by hand; the arithmetic is written above
// each function. None was produced by running the interpreter.

// scf.for with iter_args: sum of iv for iv = 0..9 = 0+1+...+9 = 9*10/2 = 45.
func.func @for_sum_0_to_9() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = util.unfoldable_constant 10 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %iv = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = arith.index_cast %iv : index to i32
    %next = arith.addi %acc, %v : i32
    scf.yield %next : i32
  }
  %t = tensor.from_elements %sum : tensor<1xi32>
  check.expect_eq_const(%t, dense<[45]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// Two iter_args: (a, b) <- (b, a + b), starting from (0, 1), 10 times:
//   (0,1) (1,1) (1,2) (2,3) (3,5) (5,8) (8,13) (13,21) (21,34) (34,55) (55,89)
// -> a = fib(10) = 55, b = fib(11) = 89.
func.func @for_two_iter_args_fibonacci() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = util.unfoldable_constant 10 : index
  %a0 = arith.constant 0 : i64
  %b0 = arith.constant 1 : i64
  %a, %b = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %a0, %y = %b0) -> (i64, i64) {
    %s = arith.addi %x, %y : i64
    scf.yield %y, %s : i64, i64
  }
  %t = tensor.from_elements %a, %b : tensor<2xi64>
  check.expect_eq_const(%t, dense<[55, 89]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// Step that does not divide the range: iv = 0, 3, 6, 9 (12 is not < 10):
// sum 0+3+6+9 = 18, trip count 4.
// Negative bounds: iv = -5, -4, -3 (-2 is not < -2): sum -12, trip count 3.
func.func @for_step_and_negative_bounds() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c10 = util.unfoldable_constant 10 : index
  %zero = arith.constant 0 : index
  %s, %n = scf.for %iv = %c0 to %c10 step %c3 iter_args(%acc = %zero, %cnt = %zero) -> (index, index) {
    %a = arith.addi %acc, %iv : index
    %k = arith.addi %cnt, %c1 : index
    scf.yield %a, %k : index, index
  }
  %lb = util.unfoldable_constant -5 : index
  %ub = arith.constant -2 : index
  %s2, %n2 = scf.for %iv = %lb to %ub step %c1 iter_args(%acc = %zero, %cnt = %zero) -> (index, index) {
    %a = arith.addi %acc, %iv : index
    %k = arith.addi %cnt, %c1 : index
    scf.yield %a, %k : index, index
  }
  %t = tensor.from_elements %s, %n, %s2, %n2 : tensor<4xindex>
  check.expect_eq_const(%t, dense<[18, 4, -12, 3]> : tensor<4xindex>) : tensor<4xindex>
  return
}

// Zero-trip loops return their init values unchanged:
//   lb = ub = 5 -> no iteration -> 42
//   lb = 7 > ub = 3 -> no iteration -> 42 (and the tensor init [1, 2] as is)
func.func @for_zero_trip_returns_init() {
  %c1 = arith.constant 1 : index
  %c5 = util.unfoldable_constant 5 : index
  %c7 = util.unfoldable_constant 7 : index
  %c3 = arith.constant 3 : index
  %init = arith.constant 42 : i32
  %r0 = scf.for %iv = %c5 to %c5 step %c1 iter_args(%acc = %init) -> (i32) {
    %z = arith.constant 0 : i32
    scf.yield %z : i32
  }
  %tinit = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %r1, %r2 = scf.for %iv = %c7 to %c3 step %c1 iter_args(%acc = %init, %t = %tinit) -> (i32, tensor<2xi32>) {
    %z = arith.constant 0 : i32
    %tz = arith.addi %t, %t : tensor<2xi32>
    scf.yield %z, %tz : i32, tensor<2xi32>
  }
  %t = tensor.from_elements %r0, %r1 : tensor<2xi32>
  check.expect_eq_const(%t, dense<[42, 42]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%r2, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Integer (non-index) induction variables, signed comparison by default:
//   i32: iv = -3, -1, 1 (3 is not < 3): 3 iterations, sum -3+(-1)+1 = -3
//   i8 : lb = -3, ub = 3, step 2: the same iterations -3, -1, 1; the product
//        of (iv + 10) = 7 * 9 * 11 = 693, which wraps in i8: 693 - 2*256 = 181
//        -> 181 - 256 = -75
func.func @for_integer_iv() {
  %lb = util.unfoldable_constant -3 : i32
  %ub = arith.constant 3 : i32
  %st = arith.constant 2 : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %s, %n = scf.for %iv = %lb to %ub step %st iter_args(%acc = %zero, %cnt = %zero) -> (i32, i32) : i32 {
    %a = arith.addi %acc, %iv : i32
    %k = arith.addi %cnt, %one : i32
    scf.yield %a, %k : i32, i32
  }
  %lb8 = util.unfoldable_constant -3 : i8
  %ub8 = arith.constant 3 : i8
  %st8 = arith.constant 2 : i8
  %one8 = arith.constant 1 : i8
  %ten8 = arith.constant 10 : i8
  %p = scf.for %iv = %lb8 to %ub8 step %st8 iter_args(%acc = %one8) -> (i8) : i8 {
    %v = arith.addi %iv, %ten8 : i8
    %m = arith.muli %acc, %v : i8
    scf.yield %m : i8
  }
  %t = tensor.from_elements %s, %n : tensor<2xi32>
  check.expect_eq_const(%t, dense<[-3, 3]> : tensor<2xi32>) : tensor<2xi32>
  %t8 = tensor.from_elements %p : tensor<1xi8>
  check.expect_eq_const(%t8, dense<[-75]> : tensor<1xi8>) : tensor<1xi8>
  return
}

// scf.for unsigned (MLIR's unsignedCmp): bounds compared as unsigned.
//   i8, lb = 0, ub = -56 (= 200 unsigned), step 50:
//     unsigned: iv = 0, 50, 100, 150 (200 is not < 200): 4 iterations,
//       sum of extui(iv) = 0+50+100+150 = 300
//     signed  : 0 < -56 is false: 0 iterations, sum 0
//   i8, lb = -3 (= 253 unsigned), ub = 3, step 2:
//     signed  : -3, -1, 1: 3 iterations
//     unsigned: 253 < 3 is false: 0 iterations
func.func @for_unsigned_cmp() {
  %lb = util.unfoldable_constant 0 : i8
  %ub = util.unfoldable_constant -56 : i8
  %st = arith.constant 50 : i8
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %us = scf.for unsigned %iv = %lb to %ub step %st iter_args(%acc = %zero) -> (i32) : i8 {
    %w = arith.extui %iv : i8 to i32
    %a = arith.addi %acc, %w : i32
    scf.yield %a : i32
  }
  %ss = scf.for %iv = %lb to %ub step %st iter_args(%acc = %zero) -> (i32) : i8 {
    %w = arith.extui %iv : i8 to i32
    %a = arith.addi %acc, %w : i32
    scf.yield %a : i32
  }
  %lb2 = util.unfoldable_constant -3 : i8
  %ub2 = arith.constant 3 : i8
  %st2 = arith.constant 2 : i8
  %sc = scf.for %iv = %lb2 to %ub2 step %st2 iter_args(%acc = %zero) -> (i32) : i8 {
    %a = arith.addi %acc, %one : i32
    scf.yield %a : i32
  }
  %uc = scf.for unsigned %iv = %lb2 to %ub2 step %st2 iter_args(%acc = %zero) -> (i32) : i8 {
    %a = arith.addi %acc, %one : i32
    scf.yield %a : i32
  }
  %t = tensor.from_elements %us, %ss, %sc, %uc : tensor<4xi32>
  check.expect_eq_const(%t, dense<[300, 0, 3, 0]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Induction variables whose last step would leave the iv type's range. The
// trip count of scf.for is ceil((ub - lb) / step) (with ub - lb and the
// comparison taken signed, or unsigned for `scf.for unsigned`; this is what
// MLIR's constantTripCount computes), so the loop stops at the last iv
// below ub and no wrapped iv value is ever visited:
//   signed i8, lb = 100, ub = 127, step 20: ceil(27/20) = 2 -> iv = 100, 120
//   unsigned i8, lb = 100, ub = -6 (250), step 100: ceil(150/100) = 2
//     -> iv = 100, 200
// The sum of extui(iv) is 220 and 300 respectively.
func.func @for_iv_near_type_max() {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %lb = util.unfoldable_constant 100 : i8
  %ub = arith.constant 127 : i8
  %st = arith.constant 20 : i8
  %n0, %s0 = scf.for %iv = %lb to %ub step %st iter_args(%k = %zero, %acc = %zero) -> (i32, i32) : i8 {
    %k1 = arith.addi %k, %one : i32
    %w = arith.extui %iv : i8 to i32
    %a = arith.addi %acc, %w : i32
    scf.yield %k1, %a : i32, i32
  }
  %ub2 = arith.constant -6 : i8
  %st2 = arith.constant 100 : i8
  %n1, %s1 = scf.for unsigned %iv = %lb to %ub2 step %st2 iter_args(%k = %zero, %acc = %zero) -> (i32, i32) : i8 {
    %k1 = arith.addi %k, %one : i32
    %w = arith.extui %iv : i8 to i32
    %a = arith.addi %acc, %w : i32
    scf.yield %k1, %a : i32, i32
  }
  %t = tensor.from_elements %n0, %s0, %n1, %s1 : tensor<4xi32>
  check.expect_eq_const(%t, dense<[2, 220, 2, 300]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Nested scf.for building a tensor with tensor.insert:
//   t[i][j] = 10*i + j for i in 0..2, j in 0..3
//   -> [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]
func.func @nested_for_tensor_insert() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = util.unfoldable_constant 3 : index
  %c4 = util.unfoldable_constant 4 : index
  %c10 = arith.constant 10 : index
  %init = tensor.empty() : tensor<3x4xi32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %init) -> (tensor<3x4xi32>) {
    %r2 = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %t) -> (tensor<3x4xi32>) {
      %i10 = arith.muli %i, %c10 : index
      %v = arith.addi %i10, %j : index
      %vi = arith.index_cast %v : index to i32
      %u2 = tensor.insert %vi into %u[%i, %j] : tensor<3x4xi32>
      scf.yield %u2 : tensor<3x4xi32>
    }
    scf.yield %r2 : tensor<3x4xi32>
  }
  check.expect_eq_const(%r, dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>) : tensor<3x4xi32>
  return
}

// Nested loops with a triangular inner bound: sum over i in 0..4 of
// (sum over j in 0..i-1 of 1) = 0+1+2+3+4 = 10 pairs; sum of i*j over those
// pairs = 1*0 + 2*(0+1) + 3*(0+1+2) + 4*(0+1+2+3) = 0 + 2 + 9 + 24 = 35.
func.func @nested_for_triangular() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = util.unfoldable_constant 5 : index
  %cnt, %sum = scf.for %i = %c0 to %c5 step %c1 iter_args(%n = %c0, %s = %c0) -> (index, index) {
    %n2, %s2 = scf.for %j = %c0 to %i step %c1 iter_args(%m = %n, %q = %s) -> (index, index) {
      %m1 = arith.addi %m, %c1 : index
      %ij = arith.muli %i, %j : index
      %q1 = arith.addi %q, %ij : index
      scf.yield %m1, %q1 : index, index
    }
    scf.yield %n2, %s2 : index, index
  }
  %t = tensor.from_elements %cnt, %sum : tensor<2xindex>
  check.expect_eq_const(%t, dense<[10, 35]> : tensor<2xindex>) : tensor<2xindex>
  return
}

// scf.if with results, both branches taken:
//   a = 7, b = 3: 7 > 3 -> then: a - b = 4
//   a = 3, b = 7 (swapped): 3 > 7 false -> else: a * b = 21
// scf.if with a tensor result: cond true -> [1, 2] + [1, 2] = [2, 4].
func.func @if_with_results() {
  %a = util.unfoldable_constant 7 : i32
  %b = util.unfoldable_constant 3 : i32
  %gt = arith.cmpi sgt, %a, %b : i32
  %r0 = scf.if %gt -> (i32) {
    %d = arith.subi %a, %b : i32
    scf.yield %d : i32
  } else {
    %m = arith.muli %a, %b : i32
    scf.yield %m : i32
  }
  %lt = arith.cmpi sgt, %b, %a : i32
  %r1 = scf.if %lt -> (i32) {
    %d = arith.subi %b, %a : i32
    scf.yield %d : i32
  } else {
    %m = arith.muli %b, %a : i32
    scf.yield %m : i32
  }
  %t = tensor.from_elements %r0, %r1 : tensor<2xi32>
  check.expect_eq_const(%t, dense<[4, 21]> : tensor<2xi32>) : tensor<2xi32>
  %v = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %rt = scf.if %gt -> (tensor<2xi32>) {
    %s = arith.addi %v, %v : tensor<2xi32>
    scf.yield %s : tensor<2xi32>
  } else {
    scf.yield %v : tensor<2xi32>
  }
  check.expect_eq_const(%rt, dense<[2, 4]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// scf.if nested in scf.for (conditional reduction) over iv = 0..9:
//   even iv are summed: 0+2+4+6+8 = 20; odd iv are counted: 1,3,5,7,9 -> 5
func.func @if_inside_for() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = util.unfoldable_constant 10 : index
  %s, %n = scf.for %iv = %c0 to %c10 step %c1 iter_args(%acc = %c0, %odd = %c0) -> (index, index) {
    %rem = arith.remui %iv, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %a, %o = scf.if %even -> (index, index) {
      %a1 = arith.addi %acc, %iv : index
      scf.yield %a1, %odd : index, index
    } else {
      %o1 = arith.addi %odd, %c1 : index
      scf.yield %acc, %o1 : index, index
    }
    scf.yield %a, %o : index, index
  }
  %t = tensor.from_elements %s, %n : tensor<2xindex>
  check.expect_eq_const(%t, dense<[20, 5]> : tensor<2xindex>) : tensor<2xindex>
  return
}

// Check ops inside scf regions run when (and each time) the region runs:
//   for iv in 0..3: iv < 4 holds on every iteration;
//   the then-branch of a true condition checks 5 == 5; the else-branch of it
//   holds a failing check that must not run.
func.func @checks_inside_regions() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = util.unfoldable_constant 4 : index
  scf.for %iv = %c0 to %c4 step %c1 {
    %lt = arith.cmpi ult, %iv, %c4 : index
    check.expect_true(%lt) : i1
  }
  %five = util.unfoldable_constant 5 : i32
  %c5 = arith.constant 5 : i32
  %eq = arith.cmpi eq, %five, %c5 : i32
  scf.if %eq {
    check.expect_true(%eq) : i1
  } else {
    check.expect_false(%eq) : i1
  }
  return
}

// scf.while doubling until > 100: x = 1, 2, 4, 8, 16, 32, 64, 128.
// The before region tests x <= 100 and forwards x; 7 doublings happen
// (1->2->4->8->16->32->64->128), and 128 fails the test -> result 128, count 7.
func.func @while_doubling() {
  %one = util.unfoldable_constant 1 : i32
  %zero = arith.constant 0 : i32
  %x, %n = scf.while (%v = %one, %k = %zero) : (i32, i32) -> (i32, i32) {
    %c100 = arith.constant 100 : i32
    %cond = arith.cmpi sle, %v, %c100 : i32
    scf.condition(%cond) %v, %k : i32, i32
  } do {
  ^bb0(%v: i32, %k: i32):
    %c2 = arith.constant 2 : i32
    %c1 = arith.constant 1 : i32
    %d = arith.muli %v, %c2 : i32
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %d, %k1 : i32, i32
  }
  %t = tensor.from_elements %x, %n : tensor<2xi32>
  check.expect_eq_const(%t, dense<[128, 7]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// scf.while whose before region does work and forwards values of a different
// type than its arguments (do-while form): digit sum of 12345.
//   before: n != 0 ? continue with (n, s) : stop; forwards s as f32? no:
//   after : s += n % 10, n /= 10
//   12345 -> s = 5, n = 1234 -> s = 9, n = 123 -> s = 12, n = 12 -> s = 14,
//   n = 1 -> s = 15, n = 0 -> stop.  Result s = 15.
// The condition's forwarded values are (s, n) in swapped order, which the
// after region swaps back.
func.func @while_digit_sum() {
  %n0 = util.unfoldable_constant 12345 : i32
  %s0 = arith.constant 0 : i32
  %res:2 = scf.while (%n = %n0, %s = %s0) : (i32, i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    %nz = arith.cmpi ne, %n, %c0 : i32
    scf.condition(%nz) %s, %n : i32, i32
  } do {
  ^bb0(%s: i32, %n: i32):
    %c10 = arith.constant 10 : i32
    %d = arith.remui %n, %c10 : i32
    %q = arith.divui %n, %c10 : i32
    %s1 = arith.addi %s, %d : i32
    scf.yield %q, %s1 : i32, i32
  }
  // On exit the forwarded values are (s, n) = (15, 0).
  %t = tensor.from_elements %res#0, %res#1 : tensor<2xi32>
  check.expect_eq_const(%t, dense<[15, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// scf.while whose condition is false on entry: the after region never runs
// and the results are the values forwarded by the first before-region run.
//   x = 500 > 100 already: result 500, count 0.
func.func @while_zero_iterations() {
  %x0 = util.unfoldable_constant 500 : i32
  %zero = arith.constant 0 : i32
  %x, %n = scf.while (%v = %x0, %k = %zero) : (i32, i32) -> (i32, i32) {
    %c100 = arith.constant 100 : i32
    %cond = arith.cmpi sle, %v, %c100 : i32
    scf.condition(%cond) %v, %k : i32, i32
  } do {
  ^bb0(%v: i32, %k: i32):
    %c2 = arith.constant 2 : i32
    %c1 = arith.constant 1 : i32
    %d = arith.muli %v, %c2 : i32
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %d, %k1 : i32, i32
  }
  %t = tensor.from_elements %x, %n : tensor<2xi32>
  check.expect_eq_const(%t, dense<[500, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// scf.while carrying a tensor: double every element while element 0 <= 100.
//   [1, 3, 5] doubled 7 times (as in @while_doubling) = [128, 384, 640]
func.func @while_tensor() {
  %init = util.unfoldable_constant dense<[1, 3, 5]> : tensor<3xi32>
  %r = scf.while (%t = %init) : (tensor<3xi32>) -> tensor<3xi32> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : i32
    %e = tensor.extract %t[%c0] : tensor<3xi32>
    %cond = arith.cmpi sle, %e, %c100 : i32
    scf.condition(%cond) %t : tensor<3xi32>
  } do {
  ^bb0(%t: tensor<3xi32>):
    %d = arith.addi %t, %t : tensor<3xi32>
    scf.yield %d : tensor<3xi32>
  }
  check.expect_eq_const(%r, dense<[128, 384, 640]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Loop over a dynamic tensor, bounds from tensor.dim:
//   [3, 1, 4, 1, 5] -> sum 14, max 5 (maxsi folded across iterations)
func.func @for_over_dynamic_tensor() {
  %v = flow.tensor.dynamic_constant dense<[3, 1, 4, 1, 5]> : tensor<5xi32> -> tensor<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %v, %c0 : tensor<?xi32>
  %zero = arith.constant 0 : i32
  %min = arith.constant -2147483648 : i32
  %s, %m = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %mx = %min) -> (i32, i32) {
    %e = tensor.extract %v[%i] : tensor<?xi32>
    %a = arith.addi %acc, %e : i32
    %b = arith.maxsi %mx, %e : i32
    scf.yield %a, %b : i32, i32
  }
  %t = tensor.from_elements %s, %m : tensor<2xi32>
  check.expect_eq_const(%t, dense<[14, 5]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Floating-point accumulation in a loop rounds after every iteration
// (x <- x + 1, ten times):
//   f16 : 2048 + 1 = 2049 is a tie between 2048 (even) and 2050 -> 2048,
//         every time -> 2048 (exact arithmetic would give 2058)
//   bf16: 256 + 1 = 257 is a tie between 256 (even) and 258 -> 256, every time
//   f32 : 16777216 + 1 = 16777217 is a tie between 16777216 (even) and
//         16777218 -> 16777216, every time
//   f32 : 0 + 0.5 ten times = 5 (all exact)
func.func @for_float_accumulation_rounds_each_iteration() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = util.unfoldable_constant 10 : index
  %h0 = util.unfoldable_constant 2048.0 : f16
  %b0 = util.unfoldable_constant 256.0 : bf16
  %f0 = util.unfoldable_constant 16777216.0 : f32
  %g0 = util.unfoldable_constant 0.0 : f32
  %h, %b, %f, %g = scf.for %iv = %c0 to %c10 step %c1
      iter_args(%x = %h0, %y = %b0, %z = %f0, %w = %g0) -> (f16, bf16, f32, f32) {
    %one16 = arith.constant 1.0 : f16
    %oneb = arith.constant 1.0 : bf16
    %one32 = arith.constant 1.0 : f32
    %half = arith.constant 0.5 : f32
    %x1 = arith.addf %x, %one16 : f16
    %y1 = arith.addf %y, %oneb : bf16
    %z1 = arith.addf %z, %one32 : f32
    %w1 = arith.addf %w, %half : f32
    scf.yield %x1, %y1, %z1, %w1 : f16, bf16, f32, f32
  }
  %th = tensor.from_elements %h : tensor<1xf16>
  %tb = tensor.from_elements %b : tensor<1xbf16>
  %tf = tensor.from_elements %f, %g : tensor<2xf32>
  check.expect_eq_const(%th, dense<[2048.0]> : tensor<1xf16>) : tensor<1xf16>
  check.expect_eq_const(%tb, dense<[256.0]> : tensor<1xbf16>) : tensor<1xbf16>
  check.expect_eq_const(%tf, dense<[16777216.0, 5.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// A loop whose body runs a linalg.generic on the carried tensor:
//   t <- t * 2 + 1, three times, from [0, 1, -1]:
//   [0,1,-1] -> [1,3,-1] -> [3,7,-1] -> [7,15,-1]
func.func @for_with_linalg_body() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = util.unfoldable_constant 3 : index
  %init = util.unfoldable_constant dense<[0, 1, -1]> : tensor<3xi32>
  %r = scf.for %iv = %c0 to %c3 step %c1 iter_args(%t = %init) -> (tensor<3xi32>) {
    %e = tensor.empty() : tensor<3xi32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%t : tensor<3xi32>) outs(%e : tensor<3xi32>) {
    ^bb0(%x: i32, %o: i32):
      %two = arith.constant 2 : i32
      %one = arith.constant 1 : i32
      %m = arith.muli %x, %two : i32
      %a = arith.addi %m, %one : i32
      linalg.yield %a : i32
    } -> tensor<3xi32>
    scf.yield %g : tensor<3xi32>
  }
  check.expect_eq_const(%r, dense<[7, 15, -1]> : tensor<3xi32>) : tensor<3xi32>
  return
}
