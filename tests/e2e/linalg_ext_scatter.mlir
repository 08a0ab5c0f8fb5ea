// Self-checking e2e tests for iree_linalg_ext.scatter. Run with
//   ref-run --check linalg_ext_scatter.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// Semantics: depth = size(dimension_map); for each batch coordinate b in
// row-major order and slice coordinate s:
//   pos[dimension_map[i]] = indices[b, i]   (indices[b] when the depth is implicit)
//   pos[depth + k]        = s[k]
//   original[pos]         = region(updates[b, s], original[pos])
// The region's arguments are (update, current original value).

//===----------------------------------------------------------------------===//
// Depth 1
//===----------------------------------------------------------------------===//

// Depth 1, indices rank = batch rank + 1 (2x1), slice rank 1 (rows of 3).
// Combiner update - current (non-commutative: checks the argument order).
//   original [[0,0,0],[1,1,1],[2,2,2],[3,3,3]]
//   b0: indices [3] -> row 3: [10-3, 20-3, 30-3] = [7, 17, 27]
//   b1: indices [1] -> row 1: [40-1, 50-1, 60-1] = [39, 49, 59]
//   (current - update would give [-7, -17, -27] and [-39, -49, -59]).
func.func @scatter_depth1_rows() {
  %orig = util.unfoldable_constant dense<[[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]]> : tensor<4x3xi32>
  %upd = util.unfoldable_constant dense<[[10, 20, 30], [40, 50, 60]]> : tensor<2x3xi32>
  %idx = util.unfoldable_constant dense<[[3], [1]]> : tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2x3xi32>, tensor<2x1xi32>) outs(%orig : tensor<4x3xi32>) {
  ^bb0(%u: i32, %c: i32):
    %d = arith.subi %u, %c : i32
    iree_linalg_ext.yield %d : i32
  } -> tensor<4x3xi32>
  check.expect_eq_const(%r, dense<[[0, 0, 0], [39, 49, 59], [2, 2, 2], [7, 17, 27]]> : tensor<4x3xi32>) : tensor<4x3xi32>
  return
}

// The same with an implicit depth: indices tensor<2xi32> = [3, 1] (indices
// rank = batch rank = 1, depth 1). Same result.
func.func @scatter_depth1_implicit() {
  %orig = util.unfoldable_constant dense<[[0, 0, 0], [1, 1, 1], [2, 2, 2], [3, 3, 3]]> : tensor<4x3xi32>
  %upd = util.unfoldable_constant dense<[[10, 20, 30], [40, 50, 60]]> : tensor<2x3xi32>
  %idx = util.unfoldable_constant dense<[3, 1]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2x3xi32>, tensor<2xi32>) outs(%orig : tensor<4x3xi32>) {
  ^bb0(%u: i32, %c: i32):
    %d = arith.subi %u, %c : i32
    iree_linalg_ext.yield %d : i32
  } -> tensor<4x3xi32>
  check.expect_eq_const(%r, dense<[[0, 0, 0], [39, 49, 59], [2, 2, 2], [7, 17, 27]]> : tensor<4x3xi32>) : tensor<4x3xi32>
  return
}

// Depth 1, slice rank 0 (scalar updates), implicit depth, batch rank 1:
//   original [10, 20, 30, 40], updates [1, 2, 3] at [2, 0, 3], overwrite:
//   -> [2, 20, 1, 3].
func.func @scatter_depth1_scalar_implicit() {
  %orig = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[2, 0, 3]> : tensor<3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<3xi32>, tensor<3xi32>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[2, 20, 1, 3]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Slices of rank 2: original 3x2x2 f32 filled with 0.5, one update slice
// [[1, 2], [3, 4]] at index [2], combiner add:
//   original[2] = [[1.5, 2.5], [3.5, 4.5]]; rows 0 and 1 stay 0.5.
func.func @scatter_slice_rank2_f32() {
  %orig = util.unfoldable_constant dense<0.5> : tensor<3x2x2xf32>
  %upd = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0]]]> : tensor<1x2x2xf32>
  %idx = util.unfoldable_constant dense<[[2]]> : tensor<1x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<1x2x2xf32>, tensor<1x1xi32>) outs(%orig : tensor<3x2x2xf32>) {
  ^bb0(%u: f32, %c: f32):
    %s = arith.addf %u, %c : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x2x2xf32>
  check.expect_eq_const(%r, dense<[[[0.5, 0.5], [0.5, 0.5]], [[0.5, 0.5], [0.5, 0.5]], [[1.5, 2.5], [3.5, 4.5]]]> : tensor<3x2x2xf32>) : tensor<3x2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Depth 2 and 3, identity and permuted dimension_map
//===----------------------------------------------------------------------===//

// Depth 2, map [0, 1], scalar slices, add into ones:
//   b0 [0, 2] -> (0, 2) += 1.5 -> 2.5
//   b1 [2, 0] -> (2, 0) += 2.5 -> 3.5
//   b2 [1, 1] -> (1, 1) += 3.5 -> 4.5
func.func @scatter_depth2_identity_map() {
  %orig = util.unfoldable_constant dense<1.0> : tensor<3x3xf32>
  %upd = util.unfoldable_constant dense<[1.5, 2.5, 3.5]> : tensor<3xf32>
  %idx = util.unfoldable_constant dense<[[0, 2], [2, 0], [1, 1]]> : tensor<3x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0, 1] unique_indices(true)
      ins(%upd, %idx : tensor<3xf32>, tensor<3x2xi32>) outs(%orig : tensor<3x3xf32>) {
  ^bb0(%u: f32, %c: f32):
    %s = arith.addf %u, %c : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<3x3xf32>
  check.expect_eq_const(%r, dense<[[1.0, 1.0, 2.5], [1.0, 4.5, 1.0], [3.5, 1.0, 1.0]]> : tensor<3x3xf32>) : tensor<3x3xf32>
  return
}

// Depth 2, permuted map [1, 0]: pos[1] = indices[b, 0], pos[0] = indices[b, 1].
// Original 3x4 zeros, overwrite:
//   b0 [3, 0] -> pos (0, 3) = 1     (with map [0, 1] row 3 would be out of range)
//   b1 [1, 2] -> pos (2, 1) = 2
//   b2 [0, 1] -> pos (1, 0) = 3
//   -> [[0, 0, 0, 1], [3, 0, 0, 0], [0, 2, 0, 0]].
func.func @scatter_depth2_permuted_map() {
  %orig = util.unfoldable_constant dense<0> : tensor<3x4xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[3, 0], [1, 2], [0, 1]]> : tensor<3x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
      ins(%upd, %idx : tensor<3xi32>, tensor<3x2xi32>) outs(%orig : tensor<3x4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<3x4xi32>
  check.expect_eq_const(%r, dense<[[0, 0, 0, 1], [3, 0, 0, 0], [0, 2, 0, 0]]> : tensor<3x4xi32>) : tensor<3x4xi32>
  return
}

// Depth 2, permuted map [1, 0], slice rank 1 (original 2x3x2):
//   b0 [2, 1] -> pos[1] = 2, pos[0] = 1 -> original[1, 2, :] = [1, 2]
//   b1 [0, 0] -> original[0, 0, :] = [3, 4]
//   -> [[[3, 4], [0, 0], [0, 0]], [[0, 0], [0, 0], [1, 2]]].
func.func @scatter_depth2_permuted_slices() {
  %orig = util.unfoldable_constant dense<0> : tensor<2x3x2xi32>
  %upd = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[2, 1], [0, 0]]> : tensor<2x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [1, 0] unique_indices(true)
      ins(%upd, %idx : tensor<2x2xi32>, tensor<2x2xi32>) outs(%orig : tensor<2x3x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<2x3x2xi32>
  check.expect_eq_const(%r, dense<[[[3, 4], [0, 0], [0, 0]], [[0, 0], [0, 0], [1, 2]]]> : tensor<2x3x2xi32>) : tensor<2x3x2xi32>
  return
}

// Depth 3, map [0, 1, 2], slice rank 1 (original 2x2x2x2 zeros):
//   b0 [1, 0, 1] -> original[1, 0, 1, :] = [1, 2]
//   b1 [0, 1, 0] -> original[0, 1, 0, :] = [3, 4]
func.func @scatter_depth3_slices() {
  %orig = util.unfoldable_constant dense<0> : tensor<2x2x2x2xi32>
  %upd = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[1, 0, 1], [0, 1, 0]]> : tensor<2x3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0, 1, 2] unique_indices(true)
      ins(%upd, %idx : tensor<2x2xi32>, tensor<2x3xi32>) outs(%orig : tensor<2x2x2x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<2x2x2x2xi32>
  check.expect_eq_const(%r, dense<[[[[0, 0], [0, 0]], [[3, 4], [0, 0]]], [[[0, 0], [1, 2]], [[0, 0], [0, 0]]]]> : tensor<2x2x2x2xi32>) : tensor<2x2x2x2xi32>
  return
}

// Depth 3, permuted map [2, 0, 1]: pos[2] = idx[0], pos[0] = idx[1],
// pos[1] = idx[2]. Original 2x3x4 zeros, overwrite:
//   b0 [3, 1, 2] -> pos (1, 2, 3) = 7   (map [0, 1, 2] would be out of range)
//   b1 [0, 0, 0] -> pos (0, 0, 0) = 9
func.func @scatter_depth3_permuted_map() {
  %orig = util.unfoldable_constant dense<0> : tensor<2x3x4xi32>
  %upd = util.unfoldable_constant dense<[7, 9]> : tensor<2xi32>
  %idx = util.unfoldable_constant dense<[[3, 1, 2], [0, 0, 0]]> : tensor<2x3xi32>
  %r = iree_linalg_ext.scatter dimension_map = [2, 0, 1] unique_indices(true)
      ins(%upd, %idx : tensor<2xi32>, tensor<2x3xi32>) outs(%orig : tensor<2x3x4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<2x3x4xi32>
  check.expect_eq_const(%r, dense<[[[9, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 7]]]> : tensor<2x3x4xi32>) : tensor<2x3x4xi32>
  return
}

//===----------------------------------------------------------------------===//
// unique_indices(false): duplicates combine in row-major batch order
//===----------------------------------------------------------------------===//

// Add (commutative and associative on integers, so any order gives this):
//   original [10, 20, 30, 40]; updates [1, 2, 3, 4, 5] at [1, 3, 1, 1, 0]
//   pos 0: 10 + 5 = 15;  pos 1: 20 + 1 + 3 + 4 = 28;  pos 2: 30;  pos 3: 40 + 2 = 42.
func.func @scatter_duplicates_add() {
  %orig = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %idx = util.unfoldable_constant dense<[[1], [3], [1], [1], [0]]> : tensor<5x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<5xi32>, tensor<5x1xi32>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    %s = arith.addi %u, %c : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[15, 28, 30, 42]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Yield the update: the last writer in batch order wins.
//   pos 1 is written by b0 (1), b2 (3), b3 (4) -> 4; pos 3 by b1 -> 2;
//   pos 0 by b4 -> 5; pos 2 untouched -> 30.  -> [5, 4, 30, 2].
func.func @scatter_duplicates_last_writer() {
  %orig = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %idx = util.unfoldable_constant dense<[[1], [3], [1], [1], [0]]> : tensor<5x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<5xi32>, tensor<5x1xi32>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[5, 4, 30, 2]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Non-commutative combiner current * 2 + update, same data:
//   pos 1: 20 -> 20*2+1 = 41 -> 41*2+3 = 85 -> 85*2+4 = 174
//          (reverse order would give 20*2+4 = 44 -> 91 -> 183)
//   pos 3: 40*2+2 = 82;  pos 0: 10*2+5 = 25;  pos 2: 30.
func.func @scatter_duplicates_noncommutative() {
  %orig = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %idx = util.unfoldable_constant dense<[[1], [3], [1], [1], [0]]> : tensor<5x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<5xi32>, tensor<5x1xi32>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    %two = arith.constant 2 : i32
    %m = arith.muli %c, %two : i32
    %s = arith.addi %m, %u : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[25, 174, 30, 82]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// 2-D batch (2x2), implicit depth, combiner current * 10 + update, so the
// row-major batch order shows in the digits:
//   indices [[0, 0], [0, 1]], updates [[1, 2], [3, 4]], original [0, 100]
//   row-major order (0,0), (0,1), (1,0), (1,1):
//   pos 0 gets 1, 2, 3: ((0*10+1)*10+2)*10+3 = 123
//         (column-major (0,0), (1,0), (0,1) would give 132)
//   pos 1 gets 4: 100*10+4 = 1004.
func.func @scatter_duplicates_2d_batch_order() {
  %orig = util.unfoldable_constant dense<[0, 100]> : tensor<2xi32>
  %upd = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[0, 0], [0, 1]]> : tensor<2x2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<2x2xi32>, tensor<2x2xi32>) outs(%orig : tensor<2xi32>) {
  ^bb0(%u: i32, %c: i32):
    %ten = arith.constant 10 : i32
    %m = arith.muli %c, %ten : i32
    %s = arith.addi %m, %u : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2xi32>
  check.expect_eq_const(%r, dense<[123, 1004]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// The same 2-D batch with explicit depth (indices 2x2x1): same result.
func.func @scatter_duplicates_2d_batch_explicit_depth() {
  %orig = util.unfoldable_constant dense<[0, 100]> : tensor<2xi32>
  %upd = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %idx = util.unfoldable_constant dense<[[[0], [0]], [[0], [1]]]> : tensor<2x2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<2x2xi32>, tensor<2x2x1xi32>) outs(%orig : tensor<2xi32>) {
  ^bb0(%u: i32, %c: i32):
    %ten = arith.constant 10 : i32
    %m = arith.muli %c, %ten : i32
    %s = arith.addi %m, %u : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2xi32>
  check.expect_eq_const(%r, dense<[123, 1004]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Duplicate rows with slices: updates rows [1, 2], [3, 4], [5, 6] at
// [0, 1, 0], combiner current * 10 + update, original [[0, 0], [7, 7]]:
//   row 0: b0 then b2: [(0*10+1)*10+5, (0*10+2)*10+6] = [15, 26]
//   row 1: b1: [7*10+3, 7*10+4] = [73, 74]
func.func @scatter_duplicates_slices() {
  %orig = util.unfoldable_constant dense<[[0, 0], [7, 7]]> : tensor<2x2xi32>
  %upd = util.unfoldable_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %idx = util.unfoldable_constant dense<[[0], [1], [0]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<3x2xi32>, tensor<3x1xi32>) outs(%orig : tensor<2x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    %ten = arith.constant 10 : i32
    %m = arith.muli %c, %ten : i32
    %s = arith.addi %m, %u : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[15, 26], [73, 74]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Index element types
//===----------------------------------------------------------------------===//

// i64 indices, depth 2: [[1, 0], [0, 1]] into 2x2 zeros, overwrite with [5, 6]:
//   (1, 0) = 5, (0, 1) = 6 -> [[0, 6], [5, 0]].
func.func @scatter_indices_i64() {
  %orig = util.unfoldable_constant dense<0> : tensor<2x2xi32>
  %upd = util.unfoldable_constant dense<[5, 6]> : tensor<2xi32>
  %idx = util.unfoldable_constant dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>
  %r = iree_linalg_ext.scatter dimension_map = [0, 1] unique_indices(true)
      ins(%upd, %idx : tensor<2xi32>, tensor<2x2xi64>) outs(%orig : tensor<2x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[0, 6], [5, 0]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// index indices, implicit depth: [4, 0] into [1, 1, 1, 1, 1], add [10, 20]:
//   pos 4: 1 + 10 = 11; pos 0: 1 + 20 = 21 -> [21, 1, 1, 1, 11].
func.func @scatter_indices_index() {
  %orig = util.unfoldable_constant dense<1> : tensor<5xi64>
  %upd = util.unfoldable_constant dense<[10, 20]> : tensor<2xi64>
  %idx = util.unfoldable_constant dense<[4, 0]> : tensor<2xindex>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xi64>, tensor<2xindex>) outs(%orig : tensor<5xi64>) {
  ^bb0(%u: i64, %c: i64):
    %s = arith.addi %u, %c : i64
    iree_linalg_ext.yield %s : i64
  } -> tensor<5xi64>
  check.expect_eq_const(%r, dense<[21, 1, 1, 1, 11]> : tensor<5xi64>) : tensor<5xi64>
  return
}

// i8 indices are sign-extended; 3 and 1 are positive either way:
//   [3, 1] into [0, 0, 0, 0] with [-1, -2] -> [0, -2, 0, -1].
func.func @scatter_indices_i8() {
  %orig = util.unfoldable_constant dense<0> : tensor<4xi32>
  %upd = util.unfoldable_constant dense<[-1, -2]> : tensor<2xi32>
  %idx = util.unfoldable_constant dense<[[3], [1]]> : tensor<2x1xi8>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xi32>, tensor<2x1xi8>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[0, -2, 0, -1]> : tensor<4xi32>) : tensor<4xi32>
  return
}

//===----------------------------------------------------------------------===//
// Mask
//===----------------------------------------------------------------------===//

// i1 mask [true, false, true]: updates [1, 2, 3] at [0, 1, 2] into
// [10, 20, 30], overwrite: b1 is skipped -> [1, 20, 3].
func.func @scatter_mask_i1() {
  %orig = util.unfoldable_constant dense<[10, 20, 30]> : tensor<3xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[0], [1], [2]]> : tensor<3x1xi32>
  %mask = util.unfoldable_constant dense<[true, false, true]> : tensor<3xi1>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx, %mask : tensor<3xi32>, tensor<3x1xi32>, tensor<3xi1>) outs(%orig : tensor<3xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[1, 20, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// i8 mask with duplicates, unique_indices(false), last writer wins:
//   indices [0, 0, 1], updates [1, 2, 3], mask [1, 0, 1]
//   pos 0: b0 writes 1, b1 (2) is masked out -> 1 (unmasked it would be 2)
//   pos 1: b2 -> 3.  original [10, 20] -> [1, 3].
func.func @scatter_mask_i8_duplicates() {
  %orig = util.unfoldable_constant dense<[10, 20]> : tensor<2xi32>
  %upd = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[0, 0, 1]> : tensor<3xi32>
  %mask = util.unfoldable_constant dense<[1, 0, 1]> : tensor<3xi8>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx, %mask : tensor<3xi32>, tensor<3xi32>, tensor<3xi8>) outs(%orig : tensor<2xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<2xi32>
  check.expect_eq_const(%r, dense<[1, 3]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Mask over a 2-D batch with row slices: batch 2x1, mask [[false], [true]]:
//   b(0,0) -> row 0 skipped; b(1,0) [5, 6] at row 2 with add:
//   original [[1, 1], [1, 1], [1, 1]] -> [[1, 1], [1, 1], [6, 7]].
func.func @scatter_mask_2d_batch_slices() {
  %orig = util.unfoldable_constant dense<1> : tensor<3x2xi32>
  %upd = util.unfoldable_constant dense<[[[3, 4]], [[5, 6]]]> : tensor<2x1x2xi32>
  %idx = util.unfoldable_constant dense<[[[0]], [[2]]]> : tensor<2x1x1xi32>
  %mask = util.unfoldable_constant dense<[[false], [true]]> : tensor<2x1xi1>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx, %mask : tensor<2x1x2xi32>, tensor<2x1x1xi32>, tensor<2x1xi1>) outs(%orig : tensor<3x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    %s = arith.addi %u, %c : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<3x2xi32>
  check.expect_eq_const(%r, dense<[[1, 1], [1, 1], [6, 7]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}

//===----------------------------------------------------------------------===//
// Value element types
//===----------------------------------------------------------------------===//

// f16 add: original [0.5, 0.5, 0.5], updates [1.0, 2.0] at [2, 0]:
//   pos 2: 0.5 + 1.0 = 1.5; pos 0: 0.5 + 2.0 = 2.5 -> [2.5, 0.5, 1.5].
func.func @scatter_f16_add() {
  %orig = util.unfoldable_constant dense<0.5> : tensor<3xf16>
  %upd = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf16>
  %idx = util.unfoldable_constant dense<[[2], [0]]> : tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xf16>, tensor<2x1xi32>) outs(%orig : tensor<3xf16>) {
  ^bb0(%u: f16, %c: f16):
    %s = arith.addf %u, %c : f16
    iree_linalg_ext.yield %s : f16
  } -> tensor<3xf16>
  check.expect_eq_const(%r, dense<[2.5, 0.5, 1.5]> : tensor<3xf16>) : tensor<3xf16>
  return
}

// f32 duplicates with a float combiner whose order matters: current * 0.5 +
// update, unique_indices(false); all values exact in f32:
//   pos 0 gets b0 (4.0) then b1 (8.0): (2.0*0.5 + 4.0) = 5.0 -> 5.0*0.5 + 8.0 = 10.5
//         (reverse: 2.0*0.5+8.0 = 9.0 -> 9.0*0.5+4.0 = 8.5)
//   pos 1 untouched: 3.0.
func.func @scatter_f32_duplicates_order() {
  %orig = util.unfoldable_constant dense<[2.0, 3.0]> : tensor<2xf32>
  %upd = util.unfoldable_constant dense<[4.0, 8.0]> : tensor<2xf32>
  %idx = util.unfoldable_constant dense<[0, 0]> : tensor<2xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<2xf32>, tensor<2xi32>) outs(%orig : tensor<2xf32>) {
  ^bb0(%u: f32, %c: f32):
    %h = arith.constant 0.5 : f32
    %m = arith.mulf %c, %h : f32
    %s = arith.addf %m, %u : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[10.5, 3.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// i8 add wraps: original [100, 0], updates [100, -128] at [0, 1]:
//   100 + 100 = 200 -> 200 - 256 = -56;  0 + -128 = -128.
func.func @scatter_i8_wrap() {
  %orig = util.unfoldable_constant dense<[100, 0]> : tensor<2xi8>
  %upd = util.unfoldable_constant dense<[100, -128]> : tensor<2xi8>
  %idx = util.unfoldable_constant dense<[[0], [1]]> : tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xi8>, tensor<2x1xi32>) outs(%orig : tensor<2xi8>) {
  ^bb0(%u: i8, %c: i8):
    %s = arith.addi %u, %c : i8
    iree_linalg_ext.yield %s : i8
  } -> tensor<2xi8>
  check.expect_eq_const(%r, dense<[-56, -128]> : tensor<2xi8>) : tensor<2xi8>
  return
}

//===----------------------------------------------------------------------===//
// Dynamic batch
//===----------------------------------------------------------------------===//

// Batch ? (3 at run time): updates [5, 6, 7] at [[2], [0], [1]] into
// [0, 0, 0, 0], overwrite -> [6, 7, 5, 0].
func.func @scatter_dynamic_batch() {
  %orig = util.unfoldable_constant dense<0> : tensor<4xi32>
  %upd = flow.tensor.dynamic_constant dense<[5, 6, 7]> : tensor<3xi32> -> tensor<?xi32>
  %idx = flow.tensor.dynamic_constant dense<[[2], [0], [1]]> : tensor<3x1xi32> -> tensor<?x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<?xi32>, tensor<?x1xi32>) outs(%orig : tensor<4xi32>) {
  ^bb0(%u: i32, %c: i32):
    iree_linalg_ext.yield %u : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[6, 7, 5, 0]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Dynamic batch and dynamic original rows, row slices of 2, add:
//   original ?x2 (3 rows) [[1, 2], [3, 4], [5, 6]]; updates ?x2 (2 rows)
//   [[10, 20], [30, 40]] at [2, 0]:
//   row 2: [15, 26]; row 0: [31, 42] -> [[31, 42], [3, 4], [15, 26]].
func.func @scatter_dynamic_batch_and_original() {
  %orig = flow.tensor.dynamic_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32> -> tensor<?x2xi32>
  %upd = flow.tensor.dynamic_constant dense<[[10, 20], [30, 40]]> : tensor<2x2xi32> -> tensor<?x2xi32>
  %idx = flow.tensor.dynamic_constant dense<[2, 0]> : tensor<2xi32> -> tensor<?xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<?x2xi32>, tensor<?xi32>) outs(%orig : tensor<?x2xi32>) {
  ^bb0(%u: i32, %c: i32):
    %s = arith.addi %u, %c : i32
    iree_linalg_ext.yield %s : i32
  } -> tensor<?x2xi32>
  %rc = tensor.cast %r : tensor<?x2xi32> to tensor<3x2xi32>
  check.expect_eq_const(%rc, dense<[[31, 42], [3, 4], [15, 26]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}
