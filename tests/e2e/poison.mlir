// Self-checking e2e tests of poison (docs/coverage.md, "Poison"), run with
//   ref-run --check poison.mlir
// MLIR gives some ops a poison result instead of undefined behaviour: shift
// amounts not below the bit width, nsw/nuw overflow, `exact` violations,
// out-of-range fptosi/fptoui. IREE's frontends compute such a value and
// discard it with arith.select; none of these functions may report anything.
// Expected values are derived by hand in the comments.

#id = affine_map<(d0) -> (d0)>

// select(amt < 32, x << amt, 0) on i32:
//   1 << 1 = 2; amount 32 -> 0; -1 << 31 = 0x80000000 = -2147483648;
//   amount 40 -> 0. The same guard around shrsi in a linalg body:
//   1 >> 1 = 0; -1 >> 31 = -1 (sign fill); the others guarded to 0.
func.func @guarded_shift() {
  %x = util.unfoldable_constant dense<[1, 3, -1, 5]> : tensor<4xi32>
  %amt = util.unfoldable_constant dense<[1, 32, 31, 40]> : tensor<4xi32>
  %w = arith.constant dense<32> : tensor<4xi32>
  %ok = arith.cmpi ult, %amt, %w : tensor<4xi32>
  %s = arith.shli %x, %amt : tensor<4xi32>
  %z = arith.constant dense<0> : tensor<4xi32>
  %r = arith.select %ok, %s, %z : tensor<4xi1>, tensor<4xi32>
  check.expect_eq_const(%r, dense<[2, 0, -2147483648, 0]> : tensor<4xi32>) : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %amt : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c32 = arith.constant 32 : i32
    %c0 = arith.constant 0 : i32
    %sh = arith.shrsi %a, %b : i32
    %in = arith.cmpi ult, %b, %c32 : i32
    %v = arith.select %in, %sh, %c0 : i32
    linalg.yield %v : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%g, dense<[0, 0, -1, 0]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// A poisoned tensor from a top-level shift, read by a linalg body that
// discards it: the poison travels into the body per lane and is dropped by
// the select there. x = [4, 4, 4], amt = [2, 9, 0] on i8: 4 << 2 = 16,
// 4 << 0 = 4; lane 1 (amount 9 >= 8) takes the fallback 7.
func.func @poison_into_body() {
  %x = util.unfoldable_constant dense<[4, 4, 4]> : tensor<3xi8>
  %amt = util.unfoldable_constant dense<[2, 9, 0]> : tensor<3xi8>
  %s = arith.shli %x, %amt : tensor<3xi8>
  %e = tensor.empty() : tensor<3xi8>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%s, %amt : tensor<3xi8>, tensor<3xi8>) outs(%e : tensor<3xi8>) {
  ^bb0(%v: i8, %b: i8, %o: i8):
    %c8 = arith.constant 8 : i8
    %c7 = arith.constant 7 : i8
    %in = arith.cmpi ult, %b, %c8 : i8
    %r = arith.select %in, %v, %c7 : i8
    linalg.yield %r : i8
  } -> tensor<3xi8>
  check.expect_eq_const(%g, dense<[16, 7, 4]> : tensor<3xi8>) : tensor<3xi8>
  return
}

// select(-2^31 <= x < 2^31, fptosi(x), -1) on f32 -> i32:
//   1.5 -> 1 (toward zero); 1e10 -> guarded; NaN -> guarded (compares
//   false); -3.7 -> -3. 2^31 = 2147483648.0 is exact in f32.
func.func @guarded_fptosi() {
  %x = util.unfoldable_constant dense<[1.5, 1.0e10, 0x7FC00000, -3.7]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%e : tensor<4xi32>) {
  ^bb0(%a: f32, %o: i32):
    %hi = arith.constant 2147483648.0 : f32
    %lo = arith.constant -2147483648.0 : f32
    %m1 = arith.constant -1 : i32
    %i = arith.fptosi %a : f32 to i32
    %below = arith.cmpf olt, %a, %hi : f32
    %above = arith.cmpf oge, %a, %lo : f32
    %ok = arith.andi %below, %above : i1
    %r = arith.select %ok, %i, %m1 : i32
    linalg.yield %r : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%g, dense<[1, -1, -1, -3]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// nsw overflow discarded: a + 1 with overflow<nsw> is poison for a = INT_MAX
// (2147483647 + 1 wraps); select(a < INT_MAX, a + 1, a) keeps a there:
//   [2147483647, 1, -5] -> [2147483647, 2, -4]. On scalars too.
func.func @nsw_overflow_discarded() {
  %a = util.unfoldable_constant dense<[2147483647, 1, -5]> : tensor<3xi32>
  %one = arith.constant dense<1> : tensor<3xi32>
  %max = arith.constant dense<2147483647> : tensor<3xi32>
  %s = arith.addi %a, %one overflow<nsw> : tensor<3xi32>
  %ok = arith.cmpi slt, %a, %max : tensor<3xi32>
  %r = arith.select %ok, %s, %a : tensor<3xi1>, tensor<3xi32>
  check.expect_eq_const(%r, dense<[2147483647, 2, -4]> : tensor<3xi32>) : tensor<3xi32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %a[%c0] : tensor<3xi32>
  %c1 = arith.constant 1 : i32
  %cmax = arith.constant 2147483647 : i32
  %xs = arith.addi %x, %c1 overflow<nsw> : i32
  %xok = arith.cmpi slt, %x, %cmax : i32
  %xr = arith.select %xok, %xs, %x : i32
  %t = tensor.from_elements %xr : tensor<1xi32>
  check.expect_eq_const(%t, dense<[2147483647]> : tensor<1xi32>) : tensor<1xi32>
  return
}

// Flags that hold are no-ops: 100 + 27 overflow<nsw, nuw> = 127 in i8;
// 12 exact / 4 = 3; 160 (0b10100000) >>u 3 exact = 20 (bits shifted out are
// 0); trunci 0x0000007F overflow<nsw, nuw> to i8 = 127; 64 * 2 overflow<nuw>
// = 128 (fits unsigned i8; it would wrap signed).
func.func @flags_that_hold() {
  %a = util.unfoldable_constant dense<[100, 12, -96, 64]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[27, 4, 3, 2]> : tensor<4xi8>
  %s = arith.addi %a, %b overflow<nsw, nuw> : tensor<4xi8>
  %d = arith.divsi %a, %b exact : tensor<4xi8>
  %sh = arith.shrui %a, %b exact : tensor<4xi8>
  %m = arith.muli %a, %b overflow<nuw> : tensor<4xi8>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %s0 = tensor.extract %s[%c0] : tensor<4xi8>
  %d1 = tensor.extract %d[%c1] : tensor<4xi8>
  %sh2 = tensor.extract %sh[%c2] : tensor<4xi8>
  %m3 = tensor.extract %m[%c3] : tensor<4xi8>
  %w = arith.constant 127 : i32
  %t = arith.trunci %w overflow<nsw, nuw> : i32 to i8
  %r = tensor.from_elements %s0, %d1, %sh2, %m3, %t : tensor<5xi8>
  check.expect_eq_const(%r, dense<[127, 3, 20, -128, 127]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// Poison that is never used is no finding: the shifted value is dead.
func.func @dead_poison() {
  %x = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %amt = util.unfoldable_constant dense<[33, 64]> : tensor<2xi32>
  %s = arith.shli %x, %amt : tensor<2xi32>
  check.expect_eq_const(%x, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}
