// One case per verifier rule of iree_linalg_ext.attention and
// online_attention. Messages are IREE's (LinalgExtOps.cpp); the shape and
// domain messages come from emitError, without the op-name prefix.
// RUN: ref-opt %s -split-input-file -verify-diagnostics

func.func @attn_map_count(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.attention' op expected an indexing map for each operand}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

// IREE asserts on this (AttentionOpDetail); we reject it.
func.func @attn_map_not_permutation(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.attention' op failed to verify op's indexing maps}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 + d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_rank_mismatch(%q: tensor<1x3x4xf32>, %k: tensor<5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Rank Mismatch for Key. Expected: 3 Got: 2}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_shape_mismatch(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x6x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Shape Mismatch for Value at position 1. Expected: 5 Got: 6}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x6x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_mask_shape_mismatch(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>, %m: tensor<1x3x4xi1>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Shape Mismatch for Mask at position 2. Expected: 5 Got: 4}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s, %m : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32, tensor<1x3x4xi1>) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_scale_domain(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Mismatched map domain for Scale. Expected: 5 Got: 4}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_output_domain(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Mismatched map domain for Output. Expected: 5 Got: 6}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_block_arg_float(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.attention' op block argument 0 should be float}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: i32):
    %f = arith.constant 0.0 : f32
    iree_linalg_ext.yield %f : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_two_yields(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.attention' op expected only one return}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a, %a : f32, f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

func.func @attn_scale_not_float(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: i32, %o: tensor<1x3x2xf32>) -> tensor<1x3x2xf32> {
  // The scale's type is parsed as a float type, as in IREE's format.
  // expected-error @+2 {{custom op 'iree_linalg_ext.attention' invalid kind of type specified}}
  %0 = iree_linalg_ext.attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, i32) outs(%o : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %0 : tensor<1x3x2xf32>
}

// -----

// IREE reads past a short map list; we reject it with attention's message.
func.func @online_map_count(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32,
    %o: tensor<1x3x2xf32>, %mx: tensor<1x3xf32>, %sm: tensor<1x3xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.online_attention' op expected an indexing map for each operand}}
  %0:3 = iree_linalg_ext.online_attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%o, %mx, %sm : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %0#0 : tensor<1x3x2xf32>
}

// -----

func.func @online_shape_mismatch(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32,
    %o: tensor<1x3x2xf32>, %mx: tensor<1x4xf32>, %sm: tensor<1x3xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{Shape Mismatch for Max. Expected: 3 Got: 4}}
  %0:3 = iree_linalg_ext.online_attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%o, %mx, %sm : tensor<1x3x2xf32>, tensor<1x4xf32>, tensor<1x3xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>, tensor<1x4xf32>, tensor<1x3xf32>
  return %0#0 : tensor<1x3x2xf32>
}

// -----

func.func @online_two_block_args(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>, %s: f32,
    %o: tensor<1x3x2xf32>, %mx: tensor<1x3xf32>, %sm: tensor<1x3xf32>) -> tensor<1x3x2xf32> {
  // expected-error @+1 {{'iree_linalg_ext.online_attention' op expects single block argument for score}}
  %0:3 = iree_linalg_ext.online_attention {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}
      ins(%q, %k, %v, %s : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%o, %mx, %sm : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %0#0 : tensor<1x3x2xf32>
}
