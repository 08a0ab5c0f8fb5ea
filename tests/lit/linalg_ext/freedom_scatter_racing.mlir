// iree_linalg_ext.scatter with unique_indices(true) and a position written by
// three or more updates. The promise is broken and IREE runs the writes as
// racing read-modify-writes: the last write wins, and the value it combined
// with was the original or whatever another write had left. So the position
// may hold f(u[i_m], ... f(u[i_1], original)) for any distinct writers
// i_1..i_m in any order, m >= 1: candidate_bits lists exactly those values,
// by chain length, then by writer sequence in write order, each bit pattern
// once (chains of up to 6 writers are all evaluated). With more writers the
// values reachable by applying any update to any reachable value are listed
// (a superset, exact for combiners that keep one argument) while they stay
// under 4096; otherwise, or when some order of the writes hits undefined
// behaviour in the combiner, no sound list exists: the output is derived_from
// the scatter (undecided) and the position lists the in-order value alone.
// JSON keys print in alphabetical order.
//
// RUN: %ref-run %s --function=three_adds --freedom=%t.add.json | FileCheck %s --check-prefix=ADD-OUT
// RUN: FileCheck %s --input-file=%t.add.json --match-full-lines --check-prefix=ADD
// RUN: %ref-run %s --function=three_subs --freedom=%t.sub.json | FileCheck %s --check-prefix=SUB-OUT
// RUN: FileCheck %s --input-file=%t.sub.json --match-full-lines --check-prefix=SUB
// RUN: %ref-run %s --function=eight_overwrites --freedom=%t.over.json | FileCheck %s --check-prefix=OVER-OUT
// RUN: FileCheck %s --input-file=%t.over.json --match-full-lines --check-prefix=OVER
// RUN: %ref-run %s --function=seven_adds --freedom=%t.many.json
// RUN: FileCheck %s --input-file=%t.many.json --match-full-lines --check-prefix=MANY
// RUN: %ref-run %s --function=ub_in_another_order --freedom=%t.ub.json | FileCheck %s --check-prefix=UB-OUT
// RUN: FileCheck %s --input-file=%t.ub.json --match-full-lines --check-prefix=UB

// add; original [100, 0]; updates [1, 10, 1000], all at 0 (b0, b1, b2).
//   in order: 100 + 1 + 10 + 1000 = 1111 -> [1111, 0]
//   one writer:    b0 101, b1 110, b2 1100
//   two writers:   (b0,b1) 111, (b0,b2) 1101, (b1,b0) 111 again,
//                  (b1,b2) 1110, (b2,b0) 1101 again, (b2,b1) 1110 again
//   three writers: 1111 in every order
// ADD-OUT: 2xi32=1111 0
// ADD:          "candidate_bits": [
// ADD-NEXT:       101,
// ADD-NEXT:       110,
// ADD-NEXT:       1100,
// ADD-NEXT:       111,
// ADD-NEXT:       1101,
// ADD-NEXT:       1110,
// ADD-NEXT:       1111
// ADD-NEXT:     ],
// ADD-NEXT:     "position": 0,
// ADD-NEXT:     "updates": [
// ADD-NEXT:       0,
// ADD-NEXT:       1,
// ADD-NEXT:       2
// ADD-NEXT:     ]
// ADD:        "multi_writes_any_one_of": true,
func.func @three_adds() -> tensor<2xi32> {
  %o = util.unfoldable_constant dense<[100, 0]> : tensor<2xi32>
  %u = util.unfoldable_constant dense<[1, 10, 1000]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[0, 0, 0]> : tensor<3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<3xi32>, tensor<3xi32>) outs(%o : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// A non-commutative combiner, update - current; original [0]; updates
// [1, 2, 4] at 0. A chain (a, b) is u_b - u_a, (a, b, c) is u_c - u_b + u_a.
//   in order: 1 - 0 = 1; 2 - 1 = 1; 4 - 1 = 3 -> [3]
//   one writer:    1, 2, 4
//   two writers:   (0,1) 1 again, (0,2) 3, (1,0) -1, (1,2) 2 again,
//                  (2,0) -3, (2,1) -2
//   three writers: (0,1,2) 3, (0,2,1) -1, (1,0,2) 5, (1,2,0) -1, (2,0,1) 5,
//                  (2,1,0) 3: only 5 is new
//   raw i32 bits: -1 = 4294967295, -3 = 4294967293, -2 = 4294967294.
// SUB-OUT: 1xi32=3
// SUB:          "candidate_bits": [
// SUB-NEXT:       1,
// SUB-NEXT:       2,
// SUB-NEXT:       4,
// SUB-NEXT:       3,
// SUB-NEXT:       4294967295,
// SUB-NEXT:       4294967293,
// SUB-NEXT:       4294967294,
// SUB-NEXT:       5
// SUB-NEXT:     ],
func.func @three_subs() -> tensor<1xi32> {
  %o = util.unfoldable_constant dense<[0]> : tensor<1xi32>
  %u = util.unfoldable_constant dense<[1, 2, 4]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[0, 0, 0]> : tensor<3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<3xi32>, tensor<3xi32>) outs(%o : tensor<1xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.subi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<1xi32>
  return %r : tensor<1xi32>
}

// Eight writers (more than 6) with an overwrite combiner: any update applied
// to any value is that update, so the reachable values are the eight
// updates themselves; in order the last one, 8, stays.
// OVER-OUT: 2xi32=8 -1
// OVER:          "candidate_bits": [
// OVER-NEXT:       1,
// OVER-NEXT:       2,
// OVER-NEXT:       3,
// OVER-NEXT:       4,
// OVER-NEXT:       5,
// OVER-NEXT:       6,
// OVER-NEXT:       7,
// OVER-NEXT:       8
// OVER-NEXT:     ],
// OVER-NOT:   "derived_from"
func.func @eight_overwrites() -> tensor<2xi32> {
  %o = util.unfoldable_constant dense<[0, -1]> : tensor<2xi32>
  %u = util.unfoldable_constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %i = util.unfoldable_constant dense<0> : tensor<8xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<8xi32>, tensor<8xi32>) outs(%o : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// Seven writers (more than 6) adding distinct powers of two: applying any
// update to any reachable value never closes (the sums keep growing past
// 4096 values), so no list is sound: the output is undecided.
// In order the sum is 127.
// MANY:        "derived_from": "iree_linalg_ext.scatter at {{.*}}freedom_scatter_racing.mlir:[[@LINE+9]]:8",
// MANY:          "candidate_bits": [
// MANY-NEXT:       127
// MANY-NEXT:     ],
// MANY:        "multi_writes_any_one_of": true,
func.func @seven_adds() -> tensor<1xi32> {
  %o = util.unfoldable_constant dense<[0]> : tensor<1xi32>
  %u = util.unfoldable_constant dense<[1, 2, 4, 8, 16, 32, 64]> : tensor<7xi32>
  %i = util.unfoldable_constant dense<0> : tensor<7xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<7xi32>, tensor<7xi32>) outs(%o : tensor<1xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<1xi32>
  return %r : tensor<1xi32>
}

// update / current with original 1 and updates [4, 0]: in order 4 / 1 = 4,
// then 0 / 4 = 0, no undefined behaviour (exit 0). But b1 first then b0
// gives 4 / (0 / 1) = 4 / 0: an order IREE may run hits a division by zero,
// so no list of values is sound: undecided, and no finding (the program as
// the interpreter ran it is defined).
// UB-OUT: 1xi32=0
// UB:        "derived_from": "iree_linalg_ext.scatter at {{.*}}freedom_scatter_racing.mlir:[[@LINE+8]]:8",
// UB:          "candidate_bits": [
// UB-NEXT:       0
// UB-NEXT:     ],
func.func @ub_in_another_order() -> tensor<1xi32> {
  %o = util.unfoldable_constant dense<[1]> : tensor<1xi32>
  %u = util.unfoldable_constant dense<[4, 0]> : tensor<2xi32>
  %i = util.unfoldable_constant dense<0> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi32>, tensor<2xi32>) outs(%o : tensor<1xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.divsi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<1xi32>
  return %r : tensor<1xi32>
}
