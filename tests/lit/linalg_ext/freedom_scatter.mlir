// The freedom report of iree_linalg_ext.scatter: a position written by more
// than one update is a multi-write, listed with the row-major batch indices
// of its writers (in write order) and the raw bits of every value it may
// legally hold. Under unique_indices(true) the promise is broken: IREE runs
// the writes as racing read-modify-writes, so the position may hold any
// chain of distinct writers applied to the original value, in any order
// (each single update, the in-order combination, ...; listed by chain length
// without repeats; see freedom_scatter_racing.mlir for three and more
// writers) (multi_writes_any_one_of: true); under unique_indices(false)
// the in-order combination is the only answer (any_one_of: false). An
// out-of-range index is undefined behaviour (exit 3) naming the batch
// coordinate and the bad index. JSON keys print in alphabetical order.
//
// RUN: %ref-run %s --function=unique_dup --freedom=%t.unique.json | FileCheck %s --check-prefix=UNIQUE-OUT
// RUN: FileCheck %s --input-file=%t.unique.json --match-full-lines --check-prefix=UNIQUE
// RUN: %ref-run %s --function=nonunique_dup_2d_batch --freedom=%t.nonunique.json | FileCheck %s --check-prefix=NONUNIQUE-OUT
// RUN: FileCheck %s --input-file=%t.nonunique.json --match-full-lines --check-prefix=NONUNIQUE
// RUN: %ref-run %s --function=unique_dup_slices --freedom=%t.slices.json
// RUN: FileCheck %s --input-file=%t.slices.json --match-full-lines --check-prefix=SLICES
// RUN: %ref-run %s --function=unique_dup_f32 --freedom=%t.f32.json
// RUN: FileCheck %s --input-file=%t.f32.json --match-full-lines --check-prefix=F32
// RUN: %ref-run %s --function=unique_dup_i8 --freedom=%t.i8.json
// RUN: FileCheck %s --input-file=%t.i8.json --match-full-lines --check-prefix=I8
// RUN: %ref-run %s --function=masked_dup --freedom=%t.masked.json
// RUN: FileCheck %s --input-file=%t.masked.json --match-full-lines --check-prefix=MASKED
// RUN: %ref-run %s --function=derived --freedom=%t.derived.json
// RUN: FileCheck %s --input-file=%t.derived.json --match-full-lines --check-prefix=DERIVED
// RUN: %expect-exit 3 %ref-run %s --function=out_of_range 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 3 %ref-run %s --function=out_of_range_permuted 2>&1 | FileCheck %s --check-prefix=OOB-PERM
// RUN: %ref-run %s --function=unique_dup_i64 --freedom=%t.i64.json
// RUN: FileCheck %s --input-file=%t.i64.json --match-full-lines --check-prefix=I64
// RUN: %ref-run %s --function=updates_from_tied_sort --freedom=%t.chain.json
// RUN: FileCheck %s --input-file=%t.chain.json --match-full-lines --check-prefix=CHAIN
// RUN: %expect-exit 3 %ref-run %s --function=uninit_updates 2>&1 | FileCheck %s --check-prefix=UNINIT-UPD
// RUN: %expect-exit 3 %ref-run %s --function=uninit_indices 2>&1 | FileCheck %s --check-prefix=UNINIT-IDX

// unique_indices(true), add, original [10, 20, 30, 40], updates [7, -1, -40]
// at [2, 0, 2]: position 2 is written by b0 and b2.
//   in order: pos 0 = 10 - 1 = 9; pos 2 = 30 + 7 - 40 = -3  -> [9, 20, -3, 40]
//   legal values at pos 2: b0 alone 30 + 7 = 37; b2 alone 30 - 40 = -10,
//   raw i32 bits 2^32 - 10 = 4294967286; in order (and b2 then b0) -3 ->
//   2^32 - 3 = 4294967293.
// UNIQUE-OUT: 4xi32=9 20 -3 40
// UNIQUE:        "exact": false,
// UNIQUE-NEXT:   "index": 0,
// UNIQUE-NEXT:   "multi_writes": [
// UNIQUE-NEXT:     {
// UNIQUE-NEXT:       "candidate_bits": [
// UNIQUE-NEXT:         37,
// UNIQUE-NEXT:         4294967286,
// UNIQUE-NEXT:         4294967293
// UNIQUE-NEXT:       ],
// UNIQUE-NEXT:       "position": 2,
// UNIQUE-NEXT:       "updates": [
// UNIQUE-NEXT:         0,
// UNIQUE-NEXT:         2
// UNIQUE-NEXT:       ]
// UNIQUE-NEXT:     }
// UNIQUE-NEXT:   ],
// UNIQUE-NEXT:   "multi_writes_any_one_of": true,
// UNIQUE-NEXT:   "origin": "iree_linalg_ext.scatter at {{.*}}freedom_scatter.mlir:[[@LINE+5]]:8",
func.func @unique_dup() -> tensor<4xi32> {
  %o = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %u = util.unfoldable_constant dense<[7, -1, -40]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[[2], [0], [2]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<3xi32>, tensor<3x1xi32>) outs(%o : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// unique_indices(false), 2x2 batch, implicit depth, the update wins (last
// writer): indices [[0, 1], [1, 0]]; row-major batch indices 0 = (0,0),
// 1 = (0,1), 2 = (1,0), 3 = (1,1).
//   pos 0: b0 (1) then b3 (4) -> 4;  pos 1: b1 (2) then b2 (3) -> 3.
// Only the in-order value is legal: one candidate each, any_one_of false.
// NONUNIQUE-OUT: 2xi32=4 3
// NONUNIQUE:        "multi_writes": [
// NONUNIQUE-NEXT:     {
// NONUNIQUE-NEXT:       "candidate_bits": [
// NONUNIQUE-NEXT:         4
// NONUNIQUE-NEXT:       ],
// NONUNIQUE-NEXT:       "position": 0,
// NONUNIQUE-NEXT:       "updates": [
// NONUNIQUE-NEXT:         0,
// NONUNIQUE-NEXT:         3
// NONUNIQUE-NEXT:       ]
// NONUNIQUE-NEXT:     },
// NONUNIQUE-NEXT:     {
// NONUNIQUE-NEXT:       "candidate_bits": [
// NONUNIQUE-NEXT:         3
// NONUNIQUE-NEXT:       ],
// NONUNIQUE-NEXT:       "position": 1,
// NONUNIQUE-NEXT:       "updates": [
// NONUNIQUE-NEXT:         1,
// NONUNIQUE-NEXT:         2
// NONUNIQUE-NEXT:       ]
// NONUNIQUE-NEXT:     }
// NONUNIQUE-NEXT:   ],
// NONUNIQUE-NEXT:   "multi_writes_any_one_of": false,
func.func @nonunique_dup_2d_batch() -> tensor<2xi32> {
  %o = util.unfoldable_constant dense<[100, 200]> : tensor<2xi32>
  %u = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %i = util.unfoldable_constant dense<[[0, 1], [1, 0]]> : tensor<2x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%u, %i : tensor<2x2xi32>, tensor<2x2xi32>) outs(%o : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// Row slices written twice, unique_indices(true), add: original
// [[0, 0], [10, 20], [0, 0]], updates [[1, 2], [3, 4]] both at row 1.
// Positions 2 (row 1, col 0) and 3 (row 1, col 1):
//   pos 2: b0 alone 10 + 1 = 11; b1 alone 10 + 3 = 13; in order 14
//   pos 3: b0 alone 20 + 2 = 22; b1 alone 20 + 4 = 24; in order 26
// SLICES:        "multi_writes": [
// SLICES-NEXT:     {
// SLICES-NEXT:       "candidate_bits": [
// SLICES-NEXT:         11,
// SLICES-NEXT:         13,
// SLICES-NEXT:         14
// SLICES-NEXT:       ],
// SLICES-NEXT:       "position": 2,
// SLICES-NEXT:       "updates": [
// SLICES-NEXT:         0,
// SLICES-NEXT:         1
// SLICES-NEXT:       ]
// SLICES-NEXT:     },
// SLICES-NEXT:     {
// SLICES-NEXT:       "candidate_bits": [
// SLICES-NEXT:         22,
// SLICES-NEXT:         24,
// SLICES-NEXT:         26
// SLICES-NEXT:       ],
// SLICES-NEXT:       "position": 3,
// SLICES-NEXT:       "updates": [
// SLICES-NEXT:         0,
// SLICES-NEXT:         1
// SLICES-NEXT:       ]
// SLICES-NEXT:     }
// SLICES-NEXT:   ],
// SLICES-NEXT:   "multi_writes_any_one_of": true,
func.func @unique_dup_slices() -> tensor<3x2xi32> {
  %o = util.unfoldable_constant dense<[[0, 0], [10, 20], [0, 0]]> : tensor<3x2xi32>
  %u = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %i = util.unfoldable_constant dense<[[1], [1]]> : tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2x2xi32>, tensor<2x1xi32>) outs(%o : tensor<3x2xi32>) {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// f32, overwrite, unique_indices(true): updates [1.0, 2.0] both at 1.
//   b0: 1.0 = 0x3F800000 = 1065353216; b1: 2.0 = 0x40000000 = 1073741824;
//   the chains b0 then b1 (in order) and b1 then b0 leave 2.0 and 1.0 again:
//   listed once.
// F32:        "dtype": "f32",
// F32:          "candidate_bits": [
// F32-NEXT:       1065353216,
// F32-NEXT:       1073741824
// F32-NEXT:     ],
// F32-NEXT:     "position": 1,
func.func @unique_dup_f32() -> tensor<2xf32> {
  %o = util.unfoldable_constant dense<[0.0, 0.5]> : tensor<2xf32>
  %u = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %i = util.unfoldable_constant dense<[1, 1]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xf32>, tensor<2xi32>) outs(%o : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// i8, add, unique_indices(true): updates [-1, 5] both at 0 of [0, 0]:
//   b0: -1 -> raw 8 bits 0xFF = 255; b1: 5; in order -1 + 5 = 4.
// I8:        "dtype": "i8",
// I8:          "candidate_bits": [
// I8-NEXT:       255,
// I8-NEXT:       5,
// I8-NEXT:       4
// I8-NEXT:     ],
func.func @unique_dup_i8() -> tensor<2xi8> {
  %o = util.unfoldable_constant dense<0> : tensor<2xi8>
  %u = util.unfoldable_constant dense<[-1, 5]> : tensor<2xi8>
  %i = util.unfoldable_constant dense<[0, 0]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi8>, tensor<2xi32>) outs(%o : tensor<2xi8>) {
  ^bb0(%a: i8, %b: i8):
    %s = arith.addi %a, %b : i8
    iree_linalg_ext.yield %s : i8
  } -> tensor<2xi8>
  return %r : tensor<2xi8>
}

// i64, the same data: b0: -1 -> raw 64 bits 0xFFFFFFFFFFFFFFFF =
// 18446744073709551615 (unsigned, like the 255 of i8 and the 4294967286 of
// i32 above); b1: 5; in order 4.
// I64:        "dtype": "i64",
// I64:          "candidate_bits": [
// I64-NEXT:       18446744073709551615,
// I64-NEXT:       5,
// I64-NEXT:       4
// I64-NEXT:     ],
func.func @unique_dup_i64() -> tensor<2xi64> {
  %o = util.unfoldable_constant dense<0> : tensor<2xi64>
  %u = util.unfoldable_constant dense<[-1, 5]> : tensor<2xi64>
  %i = util.unfoldable_constant dense<[0, 0]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi64>, tensor<2xi32>) outs(%o : tensor<2xi64>) {
  ^bb0(%a: i64, %b: i64):
    %s = arith.addi %a, %b : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<2xi64>
  return %r : tensor<2xi64>
}

// A duplicate that the mask removes is no multi-write: indices [0, 0],
// mask [true, false] -> only b0 writes position 0: exact.
// MASKED:        "exact": true,
// MASKED-NEXT:   "index": 0,
// MASKED-NEXT:   "shape": [
// MASKED-NOT: {{.*}}"multi_writes"{{.*}}
func.func @masked_dup() -> tensor<2xi32> {
  %o = util.unfoldable_constant dense<[10, 20]> : tensor<2xi32>
  %u = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %i = util.unfoldable_constant dense<[0, 0]> : tensor<2xi32>
  %m = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i, %m : tensor<2xi32>, tensor<2xi32>, tensor<2xi1>) outs(%o : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}

// A consumer of a multi-written result (arith.muli) reports the scatter it
// derives from.
// DERIVED:        "derived_from": "iree_linalg_ext.scatter at {{.*}}freedom_scatter.mlir:[[@LINE+7]]:8",
// DERIVED-NEXT:   "dtype": "i32",
// DERIVED-NEXT:   "exact": false,
func.func @derived() -> tensor<2xi32> {
  %o = util.unfoldable_constant dense<[10, 20]> : tensor<2xi32>
  %u = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %i = util.unfoldable_constant dense<[0, 0]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi32>, tensor<2xi32>) outs(%o : tensor<2xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<2xi32>
  %two = util.unfoldable_constant dense<2> : tensor<2xi32>
  %d = arith.muli %r, %two : tensor<2xi32>
  return %d : tensor<2xi32>
}

// Indices [[1], [5], [-1]] into a 4-element original: batch 1 (index 5) and
// batch 2 (index -1) are out of range; batch 0 is fine.
// OOB-NOT: batch [0]
// OOB: freedom_scatter.mlir:[[@LINE+7]]:8: undefined behaviour: out-of-range scatter index in 'iree_linalg_ext.scatter' at element [1]: batch [1]: index 5 for dimension 0 (size 4)
// OOB: freedom_scatter.mlir:[[@LINE+6]]:8: undefined behaviour: out-of-range scatter index in 'iree_linalg_ext.scatter' at element [2]: batch [2]: index -1 for dimension 0 (size 4)
// OOB-NOT: batch [0]
func.func @out_of_range() -> tensor<4xi32> {
  %o = util.unfoldable_constant dense<0> : tensor<4xi32>
  %u = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[[1], [5], [-1]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<3xi32>, tensor<3x1xi32>) outs(%o : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// Permuted map [1, 0] on a 3x2 original, 2x1 batch, scalar slices: the index
// pair [0, 3] of batch (1, 0) goes to pos[1] = 0 and pos[0] = 3, but
// dimension 0 has size 3. Batch (0, 0) [1, 2] -> pos (2, 1) is fine.
// OOB-PERM: freedom_scatter.mlir:[[@LINE+5]]:8: undefined behaviour: out-of-range scatter index in 'iree_linalg_ext.scatter' at element [1, 0]: batch [1, 0]: index 3 for dimension 0 (size 3)
func.func @out_of_range_permuted() -> tensor<3x2xi32> {
  %o = util.unfoldable_constant dense<0> : tensor<3x2xi32>
  %u = util.unfoldable_constant dense<[[1], [2]]> : tensor<2x1xi32>
  %i = util.unfoldable_constant dense<[[[1, 2]], [[0, 3]]]> : tensor<2x1x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
      ins(%u, %i : tensor<2x1xi32>, tensor<2x1x2xi32>) outs(%o : tensor<3x2xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<3x2xi32>
  return %r : tensor<3x2xi32>
}

// Updates that come from a sort with ties keep that freedom through a scatter
// that has multi-writes of its own. The sort (keys [1, 1, 2], payload
// [10, 20, 30]) may give p = [10, 20, 30] or [20, 10, 30]; the scatter puts
// p[0] at 0 and p[1], then p[2], at 3 (unique_indices(true), overwrite).
// Position 0 holds 10 or 20 by the SORT's tie order, and p[1] alone at 3 may
// be 10 or 20: the multi-write candidates [20, 30, 30] are not the whole story,
// so the result must also say it derives from the sort.
// CHAIN:        "derived_from": "iree_linalg_ext.sort at {{.*}}freedom_scatter.mlir:[[@LINE+6]]:10",
// CHAIN:        "multi_writes": [
// CHAIN:        "multi_writes_any_one_of": true,
func.func @updates_from_tied_sort() -> tensor<4xi32> {
  %k = util.unfoldable_constant dense<[1, 1, 2]> : tensor<3xi32>
  %p = util.unfoldable_constant dense<[10, 20, 30]> : tensor<3xi32>
  %s:2 = iree_linalg_ext.sort dimension(0) outs(%k, %p : tensor<3xi32>, tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %u: i32, %v: i32):
    %c = arith.cmpi slt, %x, %y : i32
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xi32>, tensor<3xi32>
  %o = util.unfoldable_constant dense<0> : tensor<4xi32>
  %i = util.unfoldable_constant dense<[0, 3, 3]> : tensor<3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%s#1, %i : tensor<3xi32>, tensor<3xi32>) outs(%o : tensor<4xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// Updates from tensor.empty are never-written data: reading them is undefined
// behaviour (as for sort, scan and the linalg ops), not silently defined
// output.
// UNINIT-UPD: freedom_scatter.mlir:[[@LINE+5]]:8: undefined behaviour: read of an uninitialized element in 'iree_linalg_ext.scatter'
func.func @uninit_updates() -> tensor<3xi32> {
  %o = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %u = tensor.empty() : tensor<2xi32>
  %i = util.unfoldable_constant dense<[0, 2]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi32>, tensor<2xi32>) outs(%o : tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}

// The same for never-written indices: where an update goes is undefined.
// UNINIT-IDX: freedom_scatter.mlir:[[@LINE+5]]:8: undefined behaviour: read of an uninitialized element in 'iree_linalg_ext.scatter'
func.func @uninit_indices() -> tensor<3xi32> {
  %o = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %u = util.unfoldable_constant dense<[7, 8]> : tensor<2xi32>
  %i = tensor.empty() : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%u, %i : tensor<2xi32>, tensor<2xi32>) outs(%o : tensor<3xi32>) {
  ^bb0(%a: i32, %b: i32):
    iree_linalg_ext.yield %a : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}
