// Self-checking e2e tests for IREE's input-level util ops: util.func,
// util.call, util.return, util.global (+ load/store) and util.initializer,
// run with
//   ref-run --check util_func_globals.mlir
// Every expected value was derived by hand (the arithmetic is written above
// each function); none was produced by running the interpreter.

// Module initialization runs in module order (IREE's util.initializer
// contract): @a = 3 from its initial value; the first initializer reads
// @a (3) and stores 3 * 2 = 6 into @b; @c's initial value 100 comes next;
// the second initializer reads @b (6) and @c (100) and stores 6 + 100 = 106
// into @c.
util.global private @a = 3 : i32
util.global private @b : i32
util.initializer {
  %a = util.global.load @a : i32
  %two = arith.constant 2 : i32
  %b = arith.muli %a, %two : i32
  util.global.store %b, @b : i32
  util.return
}
util.global private mutable @c = 100 : i32
util.initializer {
  %b = util.global.load @b : i32
  %c = util.global.load @c : i32
  %s = arith.addi %b, %c : i32
  util.global.store %s, @c : i32
  util.return
}

util.func public @initialization_order() {
  %a = util.global.load immutable @a : i32
  %b = util.global.load immutable @b : i32
  %c = util.global.load @c : i32
  %t = tensor.from_elements %a, %b, %c : tensor<3xi32>
  check.expect_eq_const(%t, dense<[3, 6, 106]> : tensor<3xi32>) : tensor<3xi32>
  util.return
}

// A mutable tensor global: 2.0, then 2.0 + 1.0 = 3.0 stored and loaded back,
// then 3.0 * 3.0 = 9.0.
util.global private mutable @counter = dense<2.0> : tensor<f32>

util.func private @bump(%x: tensor<f32>) -> tensor<f32> {
  %one = arith.constant dense<1.0> : tensor<f32>
  %r = arith.addf %x, %one : tensor<f32>
  util.return %r : tensor<f32>
}

util.func public @mutable_tensor_global() {
  %0 = util.global.load @counter : tensor<f32>
  %1 = util.call @bump(%0) : (tensor<f32>) -> tensor<f32>
  util.global.store %1, @counter : tensor<f32>
  %2 = util.global.load @counter : tensor<f32>
  %3 = arith.mulf %2, %2 : tensor<f32>
  util.global.store %3, @counter : tensor<f32>
  %4 = util.global.load @counter : tensor<f32>
  check.expect_eq_const(%2, dense<3.0> : tensor<f32>) : tensor<f32>
  check.expect_eq_const(%4, dense<9.0> : tensor<f32>) : tensor<f32>
  util.return
}

// util.call with several results, a func.func callee and a util.func calling
// a func.func: divmod(17, 5) = (3, 2); 3 * 10 + 2 = 32.
util.func private @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  util.return %q, %r : i32, i32
}
func.func private @combine(%q: i32, %r: i32) -> i32 {
  %ten = arith.constant 10 : i32
  %t = arith.muli %q, %ten : i32
  %s = arith.addi %t, %r : i32
  return %s : i32
}
util.func public @calls_with_attributes() attributes {iree.reflection = {}} {
  %a = util.unfoldable_constant 17 : i32
  %b = util.unfoldable_constant 5 : i32
  %q, %r = util.call @divmod(%a, %b) : (i32, i32) -> (i32, i32)
  %s = util.call @combine(%q, %r) : (i32, i32) -> i32
  %t = tensor.from_elements %q, %r, %s : tensor<3xi32>
  check.expect_eq_const(%t, dense<[3, 2, 32]> : tensor<3xi32>) : tensor<3xi32>
  util.return
}

// Each test function gets fresh module state (IREE: a fresh context per
// test): @counter starts at 2.0 here, whatever @mutable_tensor_global did.
util.func public @fresh_state_per_test() {
  %0 = util.global.load @counter : tensor<f32>
  check.expect_eq_const(%0, dense<2.0> : tensor<f32>) : tensor<f32>
  util.return
}
