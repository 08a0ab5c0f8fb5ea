// Self-checking e2e tests for iree_linalg_ext.attention and online_attention.
// Run with
//   ref-run --check linalg_ext_attention.mlir
// The first part is derived by hand (the comment above each function shows
// the derivation); the numpy part at the end and the constants of the
// online/composition tests come from tests/e2e/derive/attention.py, which
// computes softmax(Q K^T * scale + mask) V in float64 with numpy (a score
// region applies to IREE's exp2-domain score Q K^T * scale * log2(e)).
//
// Semantics (IREE's lowering, see interp/exec/kernels/AttentionKernels.cpp):
// attention runs as online_attention with acc = 0, max = -FLT_MAX, sum = 0 in
// f32, then out = (1 / sum) * acc; scores use exp2 after scaling by log2(e).

#q3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#k3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>
#v3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
#s0 = affine_map<(d0, d1, d2, d3, d4) -> ()>
#m3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>
#o3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
#r2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>

//===----------------------------------------------------------------------===//
// Hand-derived
//===----------------------------------------------------------------------===//

// Q = 0: every score is 0, every weight exp2(0 - 0) = 1, sum = 3, so each
// output row is the mean of V's rows: ((1+3+5)/3, (2+4+9)/3) = (3, 5).
// In f32: acc = (9, 15), 1/3 = 0.333333343, 9 * that = 3.0000001 -> 3.0,
// 15 * that = 5.0000001 -> 5.0.
func.func @uniform_scores() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x2x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>
  check.expect_eq_const(%r, dense<[[[3.0, 5.0], [3.0, 5.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  return
}

// The same with dynamic shapes everywhere: (3, 5) per row.
func.func @uniform_scores_dynamic() {
  %q = flow.tensor.dynamic_constant dense<0.0> : tensor<1x2x2xf32> -> tensor<?x?x?xf32>
  %k = flow.tensor.dynamic_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32> -> tensor<?x?x?xf32>
  %v = flow.tensor.dynamic_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32> -> tensor<?x?x?xf32>
  %scale = arith.constant 0.7 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %q, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %q, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %v, %c2 : tensor<?x?x?xf32>
  %init = tensor.empty(%b, %m, %n) : tensor<?x?x?xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, f32)
      outs(%init : tensor<?x?x?xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<?x?x?xf32>
  %s = tensor.cast %r : tensor<?x?x?xf32> to tensor<1x2x2xf32>
  check.expect_eq_const(%s, dense<[[[3.0, 5.0], [3.0, 5.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  return
}

// Transposed layouts: K indexed (batch, k1, k2), V indexed (batch, n, k2).
// Q = 0 again, so each output is the mean over k2 of V[n, :]:
// V = [[1, 3, 5], [2, 4, 9]] -> (3, 5).
func.func @transposed_key_value() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x1x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 3.0, 0.5], [2.0, -1.0, 0.5]]]> : tensor<1x2x3xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 3.0, 5.0], [2.0, 4.0, 9.0]]]> : tensor<1x2x3xf32>
  %scale = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<1x1x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [
         #q3, affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3)>,
         affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x1x2xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, f32)
      outs(%init : tensor<1x1x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x1x2xf32>
  check.expect_eq_const(%r, dense<[[[3.0, 5.0]]]> : tensor<1x1x2xf32>) : tensor<1x1x2xf32>
  return
}

// Float mask: -inf removes a key (-inf * log2(e) = -inf, exp2(-inf) = 0).
// Row 0 mask (0, -inf, 0): mean of V rows 0 and 2 = (3, 5.5).
// Row 1 mask (-inf, -inf, 0): V row 2 = (5, 9).
func.func @float_mask_removes_keys() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %mask = util.unfoldable_constant dense<[[[0.0, 0xFF800000, 0.0], [0xFF800000, 0xFF800000, 0.0]]]> : tensor<1x2x3xf32>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x2x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #m3, #o3]}
      ins(%q, %k, %v, %scale, %mask : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32, tensor<1x2x3xf32>)
      outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>
  check.expect_eq_const(%r, dense<[[[3.0, 5.5], [5.0, 9.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  return
}

// i1 causal mask (true keeps a key: select(m, 0, -inf) is added).
// Row 0 keeps key 0: (1, 2); row 1 keys 0-1: (2, 3); row 2 all: (3, 5).
func.func @i1_causal_mask() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x3x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %mask = util.unfoldable_constant dense<[[[true, false, false], [true, true, false], [true, true, true]]]> : tensor<1x3x3xi1>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #m3, #o3]}
      ins(%q, %k, %v, %scale, %mask : tensor<1x3x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32, tensor<1x3x3xi1>)
      outs(%init : tensor<1x3x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x3x2xf32>
  check.expect_eq_const(%r, dense<[[[1.0, 2.0], [2.0, 3.0], [3.0, 5.0]]]> : tensor<1x3x2xf32>) : tensor<1x3x2xf32>
  return
}

// An i8 mask (IREE's storage-legalized i1) is truncated to its low bit:
// [[1, 2, 4], [3, 255, 0], [7, 1, 9]] -> the causal mask above.
func.func @i8_mask_low_bit() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x3x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %mask = util.unfoldable_constant dense<[[[1, 2, 4], [3, 255, 0], [7, 1, 9]]]> : tensor<1x3x3xi8>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #m3, #o3]}
      ins(%q, %k, %v, %scale, %mask : tensor<1x3x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32, tensor<1x3x3xi8>)
      outs(%init : tensor<1x3x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x3x2xf32>
  check.expect_eq_const(%r, dense<[[[1.0, 2.0], [2.0, 3.0], [3.0, 5.0]]]> : tensor<1x3x2xf32>) : tensor<1x3x2xf32>
  return
}

// A row with every key masked is NaN, as in IREE: scores -inf, newMax stays
// -FLT_MAX, P = exp2(-inf) = 0, norm = exp2(0) = 1, sum = 1 * 0 + 0 = 0,
// acc = 0, out = (1 / 0) * 0 = inf * 0 = NaN. Row 0 keeps key 1: (3, 4).
func.func @fully_masked_row_is_nan() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %mask = util.unfoldable_constant dense<[[[false, true, false], [false, false, false]]]> : tensor<1x2x3xi1>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x2x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #m3, #o3]}
      ins(%q, %k, %v, %scale, %mask : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32, tensor<1x2x3xi1>)
      outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>
  check.expect_almost_eq_const(%r, dense<[[[3.0, 4.0], [0x7FC00000, 0x7FC00000]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  return
}

// Scores 0 and 100 (Q = 1, K = (0, 100), scale 1): in the exp2 domain
// 0 and 100 * log2(e) = 144.27; P = (exp2(-144.27) = 3.9e-44, a denormal,
// and 1); sum = 1 + 3.9e-44 = 1 in f32; acc = 3.9e-44 * 2 + 1 * -3 = -3;
// out = -3 exactly.
func.func @large_score_gap() {
  %q = util.unfoldable_constant dense<1.0> : tensor<1x1x1xf32>
  %k = util.unfoldable_constant dense<[[[0.0], [100.0]]]> : tensor<1x2x1xf32>
  %v = util.unfoldable_constant dense<[[[2.0], [-3.0]]]> : tensor<1x2x1xf32>
  %scale = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<1x1x1xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x1x1xf32>, tensor<1x2x1xf32>, tensor<1x2x1xf32>, f32)
      outs(%init : tensor<1x1x1xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x1x1xf32>
  check.expect_eq_const(%r, dense<-3.0> : tensor<1x1x1xf32>) : tensor<1x1x1xf32>
  return
}

// The score region runs on Q K^T * scale before the mask: a region that
// zeroes every score (s * 0) makes the weights uniform again even though
// Q K^T differs per key: (3, 5).
func.func @region_replaces_scores() {
  %q = util.unfoldable_constant dense<[[[1.0, -2.0]]]> : tensor<1x1x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x1x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x1x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%init : tensor<1x1x2xf32>) {
  ^bb0(%score: f32):
    %z = arith.mulf %score, %zero : f32
    iree_linalg_ext.yield %z : f32
  } -> tensor<1x1x2xf32>
  check.expect_eq_const(%r, dense<[[[3.0, 5.0]]]> : tensor<1x1x2xf32>) : tensor<1x1x2xf32>
  return
}

// online_attention from a non-trivial state, Q = 0: one step over the three
// keys starting at acc = (10, 20), max = 0, sum = 2 (as if two earlier keys
// of score 0 with values summing to (10, 20) had been seen). Scores 0, so
// newMax = max(0, 0) = 0, norm = exp2(0 - 0) = 1, sum = 1 * 2 + 3 = 5,
// acc = (10 + 9, 20 + 15) = (19, 35).
func.func @online_attention_from_state() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %acc0 = util.unfoldable_constant dense<[[[10.0, 20.0], [10.0, 20.0]]]> : tensor<1x2x2xf32>
  %max0 = util.unfoldable_constant dense<0.0> : tensor<1x2xf32>
  %sum0 = util.unfoldable_constant dense<2.0> : tensor<1x2xf32>
  %r:3 = iree_linalg_ext.online_attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]}
      ins(%q, %k, %v, %scale : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%acc0, %max0, %sum0 : tensor<1x2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
  check.expect_eq_const(%r#0, dense<[[[19.0, 35.0], [19.0, 35.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  check.expect_eq_const(%r#1, dense<0.0> : tensor<1x2xf32>) : tensor<1x2xf32>
  check.expect_eq_const(%r#2, dense<5.0> : tensor<1x2xf32>) : tensor<1x2xf32>
  return
}

// IREE 3.13 prints the attention ops' attributes as properties without
// braces, `<indexing_maps = [...], decomposition_config = {...}>` (its
// iree-opt output); the generic `<{...}>` form parses too. The derivations
// are those of @uniform_scores (each row the mean of V's rows, (3, 5)) and
// @online_attention_from_state (acc (19, 35), max 0, sum 5).
func.func @uniform_scores_iree_3_13_syntax() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %init = tensor.empty() : tensor<1x2x2xf32>
  %r = iree_linalg_ext.attention <indexing_maps = [#q3, #k3, #v3, #s0, #o3], decomposition_config = {use_exp2 = true}>
      ins(%q, %k, %v, %scale : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>
  check.expect_eq_const(%r, dense<[[[3.0, 5.0], [3.0, 5.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  %r2 = iree_linalg_ext.attention <{indexing_maps = [#q3, #k3, #v3, #s0, #o3]}>
      ins(%q, %k, %v, %scale : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>
  check.expect_eq_const(%r2, dense<[[[3.0, 5.0], [3.0, 5.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  return
}

func.func @online_attention_iree_3_13_syntax() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x2x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %acc0 = util.unfoldable_constant dense<[[[10.0, 20.0], [10.0, 20.0]]]> : tensor<1x2x2xf32>
  %max0 = util.unfoldable_constant dense<0.0> : tensor<1x2xf32>
  %sum0 = util.unfoldable_constant dense<2.0> : tensor<1x2xf32>
  %r:3 = iree_linalg_ext.online_attention <indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]>
      ins(%q, %k, %v, %scale : tensor<1x2x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%acc0, %max0, %sum0 : tensor<1x2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
  check.expect_eq_const(%r#0, dense<[[[19.0, 35.0], [19.0, 35.0]]]> : tensor<1x2x2xf32>) : tensor<1x2x2xf32>
  check.expect_eq_const(%r#1, dense<0.0> : tensor<1x2xf32>) : tensor<1x2xf32>
  check.expect_eq_const(%r#2, dense<5.0> : tensor<1x2xf32>) : tensor<1x2xf32>
  return
}

// A state whose max exceeds every new score rescales nothing: max0 = 1,
// scores 0: newMax = 1, norm = exp2(0) = 1, P = exp2(0 - 1) = 0.5 each,
// sum = 4 + 3 * 0.5 = 5.5, acc = (8, 8) + 0.5 * (9, 15) = (12.5, 15.5).
func.func @online_attention_old_max_wins() {
  %q = util.unfoldable_constant dense<0.0> : tensor<1x1x2xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]]> : tensor<1x3x2xf32>
  %v = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0], [5.0, 9.0]]]> : tensor<1x3x2xf32>
  %scale = arith.constant 0.7 : f32
  %acc0 = util.unfoldable_constant dense<8.0> : tensor<1x1x2xf32>
  %max0 = util.unfoldable_constant dense<1.0> : tensor<1x1xf32>
  %sum0 = util.unfoldable_constant dense<4.0> : tensor<1x1xf32>
  %r:3 = iree_linalg_ext.online_attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]}
      ins(%q, %k, %v, %scale : tensor<1x1x2xf32>, tensor<1x3x2xf32>, tensor<1x3x2xf32>, f32)
      outs(%acc0, %max0, %sum0 : tensor<1x1x2xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x1x2xf32>, tensor<1x1xf32>, tensor<1x1xf32>
  check.expect_eq_const(%r#0, dense<[[[12.5, 15.5]]]> : tensor<1x1x2xf32>) : tensor<1x1x2xf32>
  check.expect_eq_const(%r#1, dense<1.0> : tensor<1x1xf32>) : tensor<1x1xf32>
  check.expect_eq_const(%r#2, dense<5.5> : tensor<1x1xf32>) : tensor<1x1xf32>
  return
}

//===----------------------------------------------------------------------===//
// Against numpy (tests/e2e/derive/attention.py)
//===----------------------------------------------------------------------===//

// online_attention over keys 0-1 then 2-4, carrying the state, equals
// attention over all five after the final 1 / sum; the state itself is the
// exp2-domain softmax state: max = max_j(q.k_j * scale * log2(e)),
// sum = sum_j exp2(that - max). Expected values: numpy, float64.
func.func @online_two_chunks_equal_attention() {
  %q = util.unfoldable_constant dense<[[[1.421875, 1.078125, -0.0625, 1.453125], [-0.0625, 0.328125, -0.859375, 0.375]]]> : tensor<1x2x4xf32>
  %k = util.unfoldable_constant dense<[[[-1.0, -1.5625, -1.3125, 0.296875], [1.796875, 0.0, -1.765625, -0.359375], [-0.734375, 0.75, 1.515625, -0.359375], [1.640625, 0.328125, -0.546875, -1.6875], [0.1875, 0.078125, -1.9375, 1.625]]]> : tensor<1x5x4xf32>
  %v = util.unfoldable_constant dense<[[[0.125, -0.328125, 0.234375], [1.15625, 1.734375, 1.0625], [-0.5, -0.40625, 1.28125], [-0.96875, 0.171875, 1.65625], [1.890625, 1.3125, 0.078125]]]> : tensor<1x5x3xf32>
  %scale = arith.constant 0.5 : f32
  %cst0 = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %acc_e = tensor.empty() : tensor<1x2x3xf32>
  %ms_e = tensor.empty() : tensor<1x2xf32>
  %acc0 = linalg.fill ins(%cst0 : f32) outs(%acc_e : tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %max0 = linalg.fill ins(%ninf : f32) outs(%ms_e : tensor<1x2xf32>) -> tensor<1x2xf32>
  %sum0 = linalg.fill ins(%cst0 : f32) outs(%ms_e : tensor<1x2xf32>) -> tensor<1x2xf32>
  %k1 = tensor.extract_slice %k[0, 0, 0] [1, 2, 4] [1, 1, 1] : tensor<1x5x4xf32> to tensor<1x2x4xf32>
  %v1 = tensor.extract_slice %v[0, 0, 0] [1, 2, 3] [1, 1, 1] : tensor<1x5x3xf32> to tensor<1x2x3xf32>
  %k2 = tensor.extract_slice %k[0, 2, 0] [1, 3, 4] [1, 1, 1] : tensor<1x5x4xf32> to tensor<1x3x4xf32>
  %v2 = tensor.extract_slice %v[0, 2, 0] [1, 3, 3] [1, 1, 1] : tensor<1x5x3xf32> to tensor<1x3x3xf32>
  %a:3 = iree_linalg_ext.online_attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]}
      ins(%q, %k1, %v1, %scale : tensor<1x2x4xf32>, tensor<1x2x4xf32>, tensor<1x2x3xf32>, f32)
      outs(%acc0, %max0, %sum0 : tensor<1x2x3xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x3xf32>, tensor<1x2xf32>, tensor<1x2xf32>
  %b:3 = iree_linalg_ext.online_attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]}
      ins(%q, %k2, %v2, %scale : tensor<1x2x4xf32>, tensor<1x3x4xf32>, tensor<1x3x3xf32>, f32)
      outs(%a#0, %a#1, %a#2 : tensor<1x2x3xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x3xf32>, tensor<1x2xf32>, tensor<1x2xf32>
  %out_e = tensor.empty() : tensor<1x2x3xf32>
  %normalized = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                       affine_map<(d0, d1, d2) -> (d0, d1)>,
                       affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%b#0, %b#2 : tensor<1x2x3xf32>, tensor<1x2xf32>)
      outs(%out_e : tensor<1x2x3xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %d = arith.divf %x, %s : f32
    linalg.yield %d : f32
  } -> tensor<1x2x3xf32>
  check.expect_almost_eq_const(%b#1, dense<[[2.043759271181204, 1.6506812278139957]]> : tensor<1x2xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2xf32>
  check.expect_almost_eq_const(%b#2, dense<[[2.210226501768845, 2.547595818191224]]> : tensor<1x2xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2xf32>
  check.expect_almost_eq_const(%normalized, dense<[[[1.0722086588880442, 1.1321392582989835, 0.6824642470256663], [0.8909284686947632, 0.8547472042266728, 0.6065263569039361]]]> : tensor<1x2x3xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2x3xf32>
  %init = tensor.empty() : tensor<1x2x3xf32>
  %whole = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<1x5x3xf32>, f32)
      outs(%init : tensor<1x2x3xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x3xf32>
  check.expect_almost_eq(%whole, %normalized, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2x3xf32>
  return
}

// attention equals the explicit linalg composition
//   softmax(Q K^T * scale + mask) V
// (matmul, add, row max, exp, row sum, divide, matmul, all linalg.generic,
// natural exp) on the same inputs, and both equal numpy's float64 value.
func.func @attention_equals_linalg_composition() {
  %q = util.unfoldable_constant dense<[[[1.421875, 1.078125, -0.0625, 1.453125], [-0.0625, 0.328125, -0.859375, 0.375]]]> : tensor<1x2x4xf32>
  %k = util.unfoldable_constant dense<[[[-1.0, -1.5625, -1.3125, 0.296875], [1.796875, 0.0, -1.765625, -0.359375], [-0.734375, 0.75, 1.515625, -0.359375], [1.640625, 0.328125, -0.546875, -1.6875], [0.1875, 0.078125, -1.9375, 1.625]]]> : tensor<1x5x4xf32>
  %v = util.unfoldable_constant dense<[[[0.125, -0.328125, 0.234375], [1.15625, 1.734375, 1.0625], [-0.5, -0.40625, 1.28125], [-0.96875, 0.171875, 1.65625], [1.890625, 1.3125, 0.078125]]]> : tensor<1x5x3xf32>
  %mask = util.unfoldable_constant dense<0.0> : tensor<1x2x5xf32>
  %scale = arith.constant 0.5 : f32
  %init = tensor.empty() : tensor<1x2x3xf32>
  %attn = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #m3, #o3]}
      ins(%q, %k, %v, %scale, %mask : tensor<1x2x4xf32>, tensor<1x5x4xf32>, tensor<1x5x3xf32>, f32, tensor<1x2x5xf32>)
      outs(%init : tensor<1x2x3xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x2x3xf32>

  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %s_e = tensor.empty() : tensor<1x2x5xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%s_e : tensor<1x2x5xf32>) -> tensor<1x2x5xf32>
  // S[b, m, j] = sum_i Q[b, m, i] K[b, j, i]
  %s = linalg.generic {
      indexing_maps = [affine_map<(b, m, j, i) -> (b, m, i)>,
                       affine_map<(b, m, j, i) -> (b, j, i)>,
                       affine_map<(b, m, j, i) -> (b, m, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<1x2x4xf32>, tensor<1x5x4xf32>) outs(%s0 : tensor<1x2x5xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<1x2x5xf32>
  // S * scale + mask
  %sm = linalg.generic {
      indexing_maps = [affine_map<(b, m, j) -> (b, m, j)>,
                       affine_map<(b, m, j) -> (b, m, j)>,
                       affine_map<(b, m, j) -> (b, m, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %mask : tensor<1x2x5xf32>, tensor<1x2x5xf32>) outs(%s_e : tensor<1x2x5xf32>) {
  ^bb0(%x: f32, %mk: f32, %o: f32):
    %y = arith.mulf %x, %scale : f32
    %z = arith.addf %y, %mk : f32
    linalg.yield %z : f32
  } -> tensor<1x2x5xf32>
  %r_e = tensor.empty() : tensor<1x2xf32>
  %mx0 = linalg.fill ins(%ninf : f32) outs(%r_e : tensor<1x2xf32>) -> tensor<1x2xf32>
  %mx = linalg.generic {
      indexing_maps = [affine_map<(b, m, j) -> (b, m, j)>, affine_map<(b, m, j) -> (b, m)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%sm : tensor<1x2x5xf32>) outs(%mx0 : tensor<1x2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.maximumf %x, %acc : f32
    linalg.yield %t : f32
  } -> tensor<1x2xf32>
  %e = linalg.generic {
      indexing_maps = [affine_map<(b, m, j) -> (b, m, j)>, affine_map<(b, m, j) -> (b, m)>,
                       affine_map<(b, m, j) -> (b, m, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%sm, %mx : tensor<1x2x5xf32>, tensor<1x2xf32>) outs(%s_e : tensor<1x2x5xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %d = arith.subf %x, %m : f32
    %t = math.exp %d : f32
    linalg.yield %t : f32
  } -> tensor<1x2x5xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%r_e : tensor<1x2xf32>) -> tensor<1x2xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(b, m, j) -> (b, m, j)>, affine_map<(b, m, j) -> (b, m)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%e : tensor<1x2x5xf32>) outs(%sum0 : tensor<1x2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %t = arith.addf %x, %acc : f32
    linalg.yield %t : f32
  } -> tensor<1x2xf32>
  %p = linalg.generic {
      indexing_maps = [affine_map<(b, m, j) -> (b, m, j)>, affine_map<(b, m, j) -> (b, m)>,
                       affine_map<(b, m, j) -> (b, m, j)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%e, %sum : tensor<1x2x5xf32>, tensor<1x2xf32>) outs(%s_e : tensor<1x2x5xf32>) {
  ^bb0(%x: f32, %t: f32, %o: f32):
    %d = arith.divf %x, %t : f32
    linalg.yield %d : f32
  } -> tensor<1x2x5xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%init : tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  %composed = linalg.generic {
      indexing_maps = [affine_map<(b, m, n, j) -> (b, m, j)>,
                       affine_map<(b, m, n, j) -> (b, j, n)>,
                       affine_map<(b, m, n, j) -> (b, m, n)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<1x2x5xf32>, tensor<1x5x3xf32>) outs(%o0 : tensor<1x2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %m : f32
    linalg.yield %t : f32
  } -> tensor<1x2x3xf32>
  check.expect_almost_eq(%attn, %composed, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2x3xf32>
  check.expect_almost_eq_const(%attn, dense<[[[1.0722086588880442, 1.1321392582989835, 0.6824642470256663], [0.8909284686947632, 0.8547472042266728, 0.6065263569039361]]]> : tensor<1x2x3xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2x3xf32>
  check.expect_almost_eq_const(%composed, dense<[[[1.0722086588880442, 1.1321392582989835, 0.6824642470256663], [0.8909284686947632, 0.8547472042266728, 0.6065263569039361]]]> : tensor<1x2x3xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<1x2x3xf32>
  return
}

// f32, B=2 M=3 K1=4 K2=5 N=2, float mask with one -inf; numpy float64.
func.func @numpy_f32_float_mask() {
  %q = util.unfoldable_constant dense<[[[-0.453125, -1.5625, -0.84375, 1.125], [1.71875, 0.4375, -0.15625, -0.84375], [0.734375, 0.21875, 1.703125, 0.421875]], [[-0.328125, 1.9375, 0.375, -1.0], [-1.296875, 0.390625, -1.46875, -0.171875], [0.484375, 0.4375, -0.140625, -1.125]]]> : tensor<2x3x4xf32>
  %k = util.unfoldable_constant dense<[[[-0.0625, -0.734375, 0.546875, 0.796875], [-0.625, -1.5, 1.9375, 0.828125], [0.1875, 1.265625, -1.0625, 0.296875], [-1.453125, -0.046875, 1.328125, 1.890625], [1.421875, -0.15625, 0.65625, 0.203125]], [[-0.6875, 0.65625, -1.875, 1.875], [0.421875, 1.984375, 1.5625, -0.109375], [0.0, -0.171875, 1.484375, -1.53125], [-0.484375, 1.359375, 1.265625, -1.484375], [0.65625, 0.296875, -0.71875, 0.75]]]> : tensor<2x5x4xf32>
  %v = util.unfoldable_constant dense<[[[0.375, -1.0], [-1.90625, -1.28125], [-1.296875, -1.09375], [1.09375, 1.828125], [-1.25, -0.078125]], [[1.65625, -1.9375], [0.578125, 0.90625], [0.34375, 0.25], [1.140625, 1.015625], [-0.390625, 0.765625]]]> : tensor<2x5x2xf32>
  %mask = util.unfoldable_constant dense<[[[1.40625, 1.21875, 1.9375, 0.90625, 0.859375], [1.34375, 1.34375, -1.921875, -0.203125, 1.890625], [1.40625, 0.71875, -1.015625, -0.578125, 1.59375]], [[-0.90625, -0.28125, 0.59375, 0.4375, -0.625], [-0.671875, -1.09375, -0.671875, 0.1875, 1.375], [0xFF800000, 1.96875, 0.296875, -0.609375, 1.234375]]]> : tensor<2x3x5xf32>
  %scale = arith.constant 0.375 : f32
  %init = tensor.empty() : tensor<2x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %scale, %mask : tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x2xf32>, f32, tensor<2x3x5xf32>)
      outs(%init : tensor<2x3x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<2x3x2xf32>
  check.expect_almost_eq_const(%r, dense<[[[-0.5416061517911012, -0.5142367741991309], [-1.0656355006584215, -0.2813807072652854], [-0.8992784987859697, -0.5141757777287239]], [[0.8230607651952229, 0.7842360703620495], [0.3824745930354323, 0.09234982738514236], [0.40497945958299525, 0.7974272192001062]]]> : tensor<2x3x2xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<2x3x2xf32>
  return
}

// decomposition_config = {use_exp2 = false}: math.exp on unscaled scores.
func.func @numpy_f32_use_exp2_false() {
  %q = util.unfoldable_constant dense<[[[-0.453125, -1.5625, -0.84375, 1.125], [1.71875, 0.4375, -0.15625, -0.84375], [0.734375, 0.21875, 1.703125, 0.421875]], [[-0.328125, 1.9375, 0.375, -1.0], [-1.296875, 0.390625, -1.46875, -0.171875], [0.484375, 0.4375, -0.140625, -1.125]]]> : tensor<2x3x4xf32>
  %k = util.unfoldable_constant dense<[[[-0.0625, -0.734375, 0.546875, 0.796875], [-0.625, -1.5, 1.9375, 0.828125], [0.1875, 1.265625, -1.0625, 0.296875], [-1.453125, -0.046875, 1.328125, 1.890625], [1.421875, -0.15625, 0.65625, 0.203125]], [[-0.6875, 0.65625, -1.875, 1.875], [0.421875, 1.984375, 1.5625, -0.109375], [0.0, -0.171875, 1.484375, -1.53125], [-0.484375, 1.359375, 1.265625, -1.484375], [0.65625, 0.296875, -0.71875, 0.75]]]> : tensor<2x5x4xf32>
  %v = util.unfoldable_constant dense<[[[0.375, -1.0], [-1.90625, -1.28125], [-1.296875, -1.09375], [1.09375, 1.828125], [-1.25, -0.078125]], [[1.65625, -1.9375], [0.578125, 0.90625], [0.34375, 0.25], [1.140625, 1.015625], [-0.390625, 0.765625]]]> : tensor<2x5x2xf32>
  %scale = arith.constant 0.375 : f32
  %init = tensor.empty() : tensor<2x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>], decomposition_config = {use_exp2 = false}}
      ins(%q, %k, %v, %scale : tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x2xf32>, f32)
      outs(%init : tensor<2x3x2xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<2x3x2xf32>
  check.expect_almost_eq_const(%r, dense<[[[-0.41626279058874827, -0.24900421186414884], [-0.9956106199319371, -0.5024123788987979], [-0.6775108171388786, -0.23862223936873492]], [[0.7743839892195391, 0.7257085888079838], [1.0941017394668924, -0.7767870138003977], [0.6373308281630695, 0.5348675351138147]]]> : tensor<2x3x2xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<2x3x2xf32>
  return
}

// Score region 3 * tanh(t / 3): IREE applies it to t = Q K^T * scale *
// log2(e) (scale 1), the exp2-domain score (IREE's softcap test agrees).
func.func @numpy_f32_softcap_region() {
  %q = util.unfoldable_constant dense<[[[-0.453125, -1.5625, -0.84375, 1.125], [1.71875, 0.4375, -0.15625, -0.84375], [0.734375, 0.21875, 1.703125, 0.421875]], [[-0.328125, 1.9375, 0.375, -1.0], [-1.296875, 0.390625, -1.46875, -0.171875], [0.484375, 0.4375, -0.140625, -1.125]]]> : tensor<2x3x4xf32>
  %k = util.unfoldable_constant dense<[[[-0.0625, -0.734375, 0.546875, 0.796875], [-0.625, -1.5, 1.9375, 0.828125], [0.1875, 1.265625, -1.0625, 0.296875], [-1.453125, -0.046875, 1.328125, 1.890625], [1.421875, -0.15625, 0.65625, 0.203125]], [[-0.6875, 0.65625, -1.875, 1.875], [0.421875, 1.984375, 1.5625, -0.109375], [0.0, -0.171875, 1.484375, -1.53125], [-0.484375, 1.359375, 1.265625, -1.484375], [0.65625, 0.296875, -0.71875, 0.75]]]> : tensor<2x5x4xf32>
  %v = util.unfoldable_constant dense<[[[0.375, -1.0], [-1.90625, -1.28125], [-1.296875, -1.09375], [1.09375, 1.828125], [-1.25, -0.078125]], [[1.65625, -1.9375], [0.578125, 0.90625], [0.34375, 0.25], [1.140625, 1.015625], [-0.390625, 0.765625]]]> : tensor<2x5x2xf32>
  %scale = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<2x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %scale : tensor<2x3x4xf32>, tensor<2x5x4xf32>, tensor<2x5x2xf32>, f32)
      outs(%init : tensor<2x3x2xf32>) {
  ^bb0(%score: f32):
    %c3 = arith.constant 3.0 : f32
    %d = arith.divf %score, %c3 : f32
    %t = math.tanh %d : f32
    %m = arith.mulf %t, %c3 : f32
    iree_linalg_ext.yield %m : f32
  } -> tensor<2x3x2xf32>
  check.expect_almost_eq_const(%r, dense<[[[-0.288794857420617, -0.1960812714951606], [-1.1641421396546099, -0.3931937282696945], [-0.6634661005175868, -0.1504044816500859]], [[0.7368825540142994, 0.7567422572653123], [1.3001348849466516, -1.2675610088557199], [0.6818273817128192, 0.6818520654691109]]]> : tensor<2x3x2xf32>, atol 1.0e-05, rtol 1.0e-05) : tensor<2x3x2xf32>
  return
}

// f16 inputs and output: f16 Q scaling, f32 scores and sums,
// P truncated to f16 before P V; tolerance a few f16 ULP.
func.func @numpy_f16() {
  %q = util.unfoldable_constant dense<[[[-0.734375, 0.5625, -1.75, 0.96875, 0.03125, 0.578125, 1.21875, 0.046875], [-0.390625, -1.125, 1.015625, 0.28125, -0.796875, 0.234375, 1.84375, 0.359375], [1.28125, 1.53125, -1.359375, -0.609375, -0.484375, -1.0, -1.3125, 1.53125], [1.828125, 0.390625, 1.515625, -1.109375, 0.890625, 1.71875, -1.953125, 1.640625]]]> : tensor<1x4x8xf16>
  %k = util.unfoldable_constant dense<[[[1.296875, 1.578125, 0.3125, -0.390625, -0.734375, 1.21875, -1.296875, 0.5625], [0.140625, 0.546875, -0.1875, -0.953125, 0.109375, 0.21875, 0.84375, -0.1875], [1.734375, 1.765625, -0.015625, 0.640625, -1.21875, 1.90625, 1.765625, 1.328125], [-1.09375, 0.328125, -0.15625, 1.921875, -0.109375, -1.53125, -1.984375, -1.015625], [-0.6875, -0.484375, 0.28125, 0.328125, 1.25, -0.28125, -1.859375, -0.53125], [-1.3125, 0.15625, 0.515625, 0.078125, 1.640625, -1.703125, 0.5625, -1.796875]]]> : tensor<1x6x8xf16>
  %v = util.unfoldable_constant dense<[[[1.671875, -0.515625, -1.46875, -0.90625], [-1.265625, -1.96875, 0.84375, 1.359375], [0.90625, 0.65625, 0.640625, 1.40625], [1.484375, -1.984375, 1.296875, -2.0], [0.9375, -1.390625, -1.59375, 1.515625], [0.59375, -0.515625, 1.328125, -0.78125]]]> : tensor<1x6x4xf16>
  %scale = arith.constant 0.25 : f32
  %init = tensor.empty() : tensor<1x4x4xf16>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %scale : tensor<1x4x8xf16>, tensor<1x6x8xf16>, tensor<1x6x4xf16>, f32)
      outs(%init : tensor<1x4x4xf16>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x4x4xf16>
  check.expect_almost_eq_const(%r, dense<[[[0.62890625, -0.62060546875, 0.4892578125, 0.406982421875], [0.50341796875, -0.56005859375, 0.4951171875, 0.57958984375], [1.0595703125, -0.6787109375, -0.31689453125, -0.07928466796875], [1.2451171875, -0.51806640625, -0.85595703125, -0.08416748046875]]]> : tensor<1x4x4xf16>, atol 4.0e-03, rtol 4.0e-03) : tensor<1x4x4xf16>
  return
}

// bf16 inputs and output; tolerance a few bf16 ULP.
func.func @numpy_bf16() {
  %q = util.unfoldable_constant dense<[[[-0.734375, 0.5625, -1.75, 0.96875, 0.03125, 0.578125, 1.21875, 0.046875], [-0.390625, -1.125, 1.015625, 0.28125, -0.796875, 0.234375, 1.84375, 0.359375], [1.28125, 1.53125, -1.359375, -0.609375, -0.484375, -1.0, -1.3125, 1.53125], [1.828125, 0.390625, 1.515625, -1.109375, 0.890625, 1.71875, -1.953125, 1.640625]]]> : tensor<1x4x8xbf16>
  %k = util.unfoldable_constant dense<[[[1.296875, 1.578125, 0.3125, -0.390625, -0.734375, 1.21875, -1.296875, 0.5625], [0.140625, 0.546875, -0.1875, -0.953125, 0.109375, 0.21875, 0.84375, -0.1875], [1.734375, 1.765625, -0.015625, 0.640625, -1.21875, 1.90625, 1.765625, 1.328125], [-1.09375, 0.328125, -0.15625, 1.921875, -0.109375, -1.53125, -1.984375, -1.015625], [-0.6875, -0.484375, 0.28125, 0.328125, 1.25, -0.28125, -1.859375, -0.53125], [-1.3125, 0.15625, 0.515625, 0.078125, 1.640625, -1.703125, 0.5625, -1.796875]]]> : tensor<1x6x8xbf16>
  %v = util.unfoldable_constant dense<[[[1.671875, -0.515625, -1.46875, -0.90625], [-1.265625, -1.96875, 0.84375, 1.359375], [0.90625, 0.65625, 0.640625, 1.40625], [1.484375, -1.984375, 1.296875, -2.0], [0.9375, -1.390625, -1.59375, 1.515625], [0.59375, -0.515625, 1.328125, -0.78125]]]> : tensor<1x6x4xbf16>
  %scale = arith.constant 0.25 : f32
  %init = tensor.empty() : tensor<1x4x4xbf16>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %scale : tensor<1x4x8xbf16>, tensor<1x6x8xbf16>, tensor<1x6x4xbf16>, f32)
      outs(%init : tensor<1x4x4xbf16>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x4x4xbf16>
  check.expect_almost_eq_const(%r, dense<[[[0.62890625, -0.62109375, 0.48828125, 0.40625], [0.50390625, -0.55859375, 0.494140625, 0.578125], [1.0625, -0.6796875, -0.31640625, -0.0791015625], [1.2421875, -0.51953125, -0.85546875, -0.083984375]]]> : tensor<1x4x4xbf16>, atol 3.0e-02, rtol 3.0e-02) : tensor<1x4x4xbf16>
  return
}

// f16 inputs, f32 output (P in f16 for P V).
func.func @numpy_f16_in_f32_out() {
  %q = util.unfoldable_constant dense<[[[-0.734375, 0.5625, -1.75, 0.96875, 0.03125, 0.578125, 1.21875, 0.046875], [-0.390625, -1.125, 1.015625, 0.28125, -0.796875, 0.234375, 1.84375, 0.359375], [1.28125, 1.53125, -1.359375, -0.609375, -0.484375, -1.0, -1.3125, 1.53125], [1.828125, 0.390625, 1.515625, -1.109375, 0.890625, 1.71875, -1.953125, 1.640625]]]> : tensor<1x4x8xf16>
  %k = util.unfoldable_constant dense<[[[1.296875, 1.578125, 0.3125, -0.390625, -0.734375, 1.21875, -1.296875, 0.5625], [0.140625, 0.546875, -0.1875, -0.953125, 0.109375, 0.21875, 0.84375, -0.1875], [1.734375, 1.765625, -0.015625, 0.640625, -1.21875, 1.90625, 1.765625, 1.328125], [-1.09375, 0.328125, -0.15625, 1.921875, -0.109375, -1.53125, -1.984375, -1.015625], [-0.6875, -0.484375, 0.28125, 0.328125, 1.25, -0.28125, -1.859375, -0.53125], [-1.3125, 0.15625, 0.515625, 0.078125, 1.640625, -1.703125, 0.5625, -1.796875]]]> : tensor<1x6x8xf16>
  %v = util.unfoldable_constant dense<[[[1.671875, -0.515625, -1.46875, -0.90625], [-1.265625, -1.96875, 0.84375, 1.359375], [0.90625, 0.65625, 0.640625, 1.40625], [1.484375, -1.984375, 1.296875, -2.0], [0.9375, -1.390625, -1.59375, 1.515625], [0.59375, -0.515625, 1.328125, -0.78125]]]> : tensor<1x6x4xf16>
  %scale = arith.constant 0.25 : f32
  %init = tensor.empty() : tensor<1x4x4xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %scale : tensor<1x4x8xf16>, tensor<1x6x8xf16>, tensor<1x6x4xf16>, f32)
      outs(%init : tensor<1x4x4xf32>) {
  ^bb0(%score: f32):
    iree_linalg_ext.yield %score : f32
  } -> tensor<1x4x4xf32>
  check.expect_almost_eq_const(%r, dense<[[[0.6287372863457097, -0.6205011255887095, 0.4891368176983981, 0.40690994300575906], [0.5034920023737413, -0.5598748588538357, 0.4950786501886525, 0.5794160558440208], [1.0592933471811263, -0.6786840585176356, -0.3169731000317465, -0.07925496447334354], [1.245181299341295, -0.5181431628979508, -0.8558261414691214, -0.08418134730091126]]]> : tensor<1x4x4xf32>, atol 2.0e-03, rtol 2.0e-03) : tensor<1x4x4xf32>
  return
}

