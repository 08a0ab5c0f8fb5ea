// Self-checking e2e tests for multi-block function bodies: cf.br,
// cf.cond_br and cf.switch (with block arguments), run with
//   ref-run --check cf_branches.mlir
// Every expected value was derived by hand; none was produced by running the
// interpreter.

// max(a, b) by a diamond: max(7, -3) = 7, max(-3, 7) = 7 (the callee runs
// once per order).
func.func private @max(%a: i32, %b: i32) -> i32 {
  %gt = arith.cmpi sgt, %a, %b : i32
  cf.cond_br %gt, ^take(%a : i32), ^take(%b : i32)
^take(%m: i32):
  return %m : i32
}
func.func @diamond() {
  %a = util.unfoldable_constant 7 : i32
  %b = util.unfoldable_constant -3 : i32
  %x = call @max(%a, %b) : (i32, i32) -> i32
  %y = call @max(%b, %a) : (i32, i32) -> i32
  %t = tensor.from_elements %x, %y : tensor<2xi32>
  check.expect_eq_const(%t, dense<[7, 7]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// A loop written with branches: sum of i for i = 1..10 = 55, and the trip
// count 10.
func.func @branch_loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = util.unfoldable_constant 10 : i32
  cf.br ^header(%c1, %c0 : i32, i32)
^header(%i: i32, %acc: i32):
  %done = arith.cmpi sgt, %i, %n : i32
  cf.cond_br %done, ^exit(%acc, %i : i32, i32), ^body
^body:
  %next = arith.addi %acc, %i : i32
  %i1 = arith.addi %i, %c1 : i32
  cf.br ^header(%i1, %next : i32, i32)
^exit(%sum: i32, %last: i32):
  %trips = arith.subi %last, %c1 : i32
  %t = tensor.from_elements %sum, %trips : tensor<2xi32>
  check.expect_eq_const(%t, dense<[55, 10]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// cf.switch: 2 -> case 2 (200), 5 -> default (-1), -1 -> case -1 (100).
func.func private @pick(%flag: i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^default,
    2: ^two,
    -1: ^minus_one
  ]
^default:
  %d = arith.constant -1 : i32
  return %d : i32
^two:
  %t = arith.constant 200 : i32
  return %t : i32
^minus_one:
  %m = arith.constant 100 : i32
  return %m : i32
}
func.func @switch() {
  %a = util.unfoldable_constant 2 : i32
  %b = util.unfoldable_constant 5 : i32
  %c = util.unfoldable_constant -1 : i32
  %x = call @pick(%a) : (i32) -> i32
  %y = call @pick(%b) : (i32) -> i32
  %z = call @pick(%c) : (i32) -> i32
  %t = tensor.from_elements %x, %y, %z : tensor<3xi32>
  check.expect_eq_const(%t, dense<[200, -1, 100]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// A tensor through a branch, as IREE's force_single_dispatch.mlir does: the
// flag is 1 (not 0), so the else block's constant is returned.
func.func @tensor_through_branch() {
  %flag = util.unfoldable_constant 1 : i8
  %c0 = arith.constant 0 : i8
  %cond = arith.cmpi eq, %flag, %c0 : i8
  cf.cond_br %cond, ^zeros, ^ones
^zeros:
  %z = arith.constant dense<0.0> : tensor<2x2xf32>
  cf.br ^done(%z : tensor<2x2xf32>)
^ones:
  %o = arith.constant dense<1.0> : tensor<2x2xf32>
  cf.br ^done(%o : tensor<2x2xf32>)
^done(%r: tensor<2x2xf32>):
  check.expect_eq_const(%r, dense<1.0> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}
