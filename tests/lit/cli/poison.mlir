// Poison is a value (docs/coverage.md, "Poison"): computing it is no
// finding, letting it decide something is. Each finding names where the
// poison arrived, the element, and the op that created it.
//
// RUN: %expect-exit 3 %ref-run %s --function=to_result 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: %expect-exit 3 %ref-run %s --function=to_scalar_result 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: %expect-exit 3 %ref-run %s --function=to_index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: %expect-exit 3 %ref-run %s --function=to_branch 2>&1 | FileCheck %s --check-prefix=BRANCH
// RUN: %expect-exit 3 %ref-run %s --function=to_body_index 2>&1 | FileCheck %s --check-prefix=BODYIDX
// RUN: %expect-exit 3 %ref-run %s --function=to_sort 2>&1 | FileCheck %s --check-prefix=SORT
// RUN: %expect-exit 3 %ref-run --check %s 2>&1 | FileCheck %s --check-prefix=CHECK-OP
// RUN: %expect-exit 3 %ref-run %s --function=select_condition 2>&1 | FileCheck %s --check-prefix=SELCOND
// RUN: %ref-run %s --function=guarded | FileCheck %s --check-prefix=GUARDED

// An unguarded shift, through an addi, returned.
// RESULT: poison.mlir:[[@LINE+6]]:3: undefined behaviour: poison reaches a function result in 'func.return' at element [1]: poison created by arith.shli at {{.*}}poison.mlir:[[@LINE+4]]:8 (shift amount out of range); result 0
func.func @to_result() -> tensor<3xi32> {
  %x = util.unfoldable_constant dense<[1, 3, 5]> : tensor<3xi32>
  %amt = util.unfoldable_constant dense<[1, 32, 40]> : tensor<3xi32>
  %s = arith.shli %x, %amt : tensor<3xi32>
  %t = arith.addi %s, %x : tensor<3xi32>
  return %t : tensor<3xi32>
}

// fptosi of 1e10 on a scalar, returned.
// SCALAR: poison.mlir:[[@LINE+4]]:3: undefined behaviour: poison reaches a function result in 'func.return': poison created by arith.fptosi at {{.*}}poison.mlir:[[@LINE+3]]:8 (float to integer conversion out of range); result 0
func.func @to_scalar_result() -> i32 {
  %x = util.unfoldable_constant 1.0e10 : f32
  %i = arith.fptosi %x : f32 to i32
  return %i : i32
}

// A poison index: index_cast of a shifted value used by tensor.extract.
// INDEX: poison.mlir:[[@LINE+7]]:8: undefined behaviour: poison reaches an index operand in 'tensor.extract': poison created by arith.shrui at {{.*}}poison.mlir:[[@LINE+5]]:8 (shift amount out of range)
func.func @to_index() -> i32 {
  %t = util.unfoldable_constant dense<[10, 20]> : tensor<2xi32>
  %x = util.unfoldable_constant 7 : i32
  %amt = util.unfoldable_constant 33 : i32
  %s = arith.shrui %x, %amt : i32
  %i = arith.index_cast %s : i32 to index
  %v = tensor.extract %t[%i] : tensor<2xi32>
  return %v : i32
}

// nsw overflow deciding an scf.if.
// BRANCH: poison.mlir:[[@LINE+7]]:8: undefined behaviour: poison reaches a branch condition in 'scf.if': poison created by arith.addi at {{.*}}poison.mlir:[[@LINE+5]]:8 (signed overflow under nsw)
func.func @to_branch() -> i32 {
  %a = util.unfoldable_constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %s = arith.addi %a, %one overflow<nsw> : i32
  %c = arith.cmpi sgt, %s, %zero : i32
  %r = scf.if %c -> i32 {
    scf.yield %one : i32
  } else {
    scf.yield %zero : i32
  }
  return %r : i32
}

// Inside a body: a poisoned lane used as a tensor.extract index.
// BODYIDX: poison.mlir:[[@LINE+11]]:10: undefined behaviour: poison reaches an index operand in 'tensor.extract' at element [1]: poison created by arith.shli at {{.*}}poison.mlir:[[@LINE+9]]:10 (shift amount out of range)
func.func @to_body_index() -> tensor<2xi32> {
  %t = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %amt = util.unfoldable_constant dense<[1, 64]> : tensor<2xi64>
  %e = tensor.empty() : tensor<2xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%amt : tensor<2xi64>) outs(%e : tensor<2xi32>) {
  ^bb0(%b: i64, %o: i32):
    %one = arith.constant 1 : i64
    %s = arith.shli %one, %b : i64
    %i = arith.index_cast %s : i64 to index
    %v = tensor.extract %t[%i] : tensor<4xi32>
    linalg.yield %v : i32
  } -> tensor<2xi32>
  return %g : tensor<2xi32>
}

// Poison keys of a sort decide the comparator.
// SORT: undefined behaviour: poison reaches a comparator decision in 'iree_linalg_ext.sort' at element [1]: poison created by arith.fptoui at {{.*}}poison.mlir:[[@LINE+3]]:8 (float to integer conversion out of range); a sorted operand
func.func @to_sort() -> tensor<3xi32> {
  %x = util.unfoldable_constant dense<[3.0, -1.0, 2.0]> : tensor<3xf32>
  %k = arith.fptoui %x : tensor<3xf32> to tensor<3xi32>
  %s = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32):
    %c = arith.cmpi ult, %a, %b : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>
  return %s : tensor<3xi32>
}

// A check op compares poison (exact-division violated: 7 / 2).
// CHECK-OP: FAIL @to_check: undefined behaviour
// CHECK-OP: poison.mlir:[[@LINE+5]]:3: undefined behaviour: poison reaches a check in 'check.expect_eq_const' at element [0]: poison created by arith.divui at {{.*}}poison.mlir:[[@LINE+4]]:8 (inexact result under exact)
func.func @to_check() {
  %a = util.unfoldable_constant dense<[7, 8]> : tensor<2xi32>
  %b = util.unfoldable_constant dense<[2, 2]> : tensor<2xi32>
  %d = arith.divui %a, %b exact : tensor<2xi32>
  check.expect_eq_const(%d, dense<[3, 4]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// A poison condition poisons the select, whichever side it picks.
// SELCOND: undefined behaviour: poison reaches a function result in 'func.return' at element [0]: poison created by arith.trunci at {{.*}}poison.mlir:[[@LINE+4]]:8 (unsigned overflow under nuw); result 0
func.func @select_condition() -> tensor<1xi32> {
  %a = util.unfoldable_constant dense<[2]> : tensor<1xi8>
  %b = util.unfoldable_constant dense<[5]> : tensor<1xi32>
  %c = arith.trunci %a overflow<nuw> : tensor<1xi8> to tensor<1xi1>
  %r = arith.select %c, %b, %b : tensor<1xi1>, tensor<1xi32>
  return %r : tensor<1xi32>
}

// The guarded shift: no finding, exit 0.
// GUARDED: EXEC @guarded
// GUARDED: 2xi32=2 0
func.func @guarded() -> tensor<2xi32> {
  %x = util.unfoldable_constant dense<[1, 3]> : tensor<2xi32>
  %amt = util.unfoldable_constant dense<[1, 32]> : tensor<2xi32>
  %w = arith.constant dense<32> : tensor<2xi32>
  %ok = arith.cmpi ult, %amt, %w : tensor<2xi32>
  %s = arith.shli %x, %amt : tensor<2xi32>
  %z = arith.constant dense<0> : tensor<2xi32>
  %r = arith.select %ok, %s, %z : tensor<2xi1>, tensor<2xi32>
  return %r : tensor<2xi32>
}
