// Freedom, undefined behaviour and run-time errors of the attention ops.
// attention carries reduction_length K1 + K2 (IREE reassociates the Q K^T
// sum over k1, and tiles and reassociates the softmax sum and P V over k2);
// online_attention's acc and sum likewise, its max only K1 (a max is exact
// in any order).
// RUN: %ref-run %s --function=attention --freedom=%t.attn.json
// RUN: FileCheck %s --input-file=%t.attn.json --match-full-lines --check-prefix=ATTN
// RUN: %ref-run %s --function=online --freedom=%t.online.json
// RUN: FileCheck %s --input-file=%t.online.json --match-full-lines --check-prefix=ONLINE
// RUN: %expect-exit 3 %ref-run %s --function=uninit_query 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: %expect-exit 3 %ref-run %s --function=dynamic_mismatch --input=1x3x4xf32=1 --input=1x5x4xf32=1 --input=1x6x2xf32=1 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: %expect-exit 2 %ref-run %s --function=region_type 2>&1 | FileCheck %s --check-prefix=REGION

#q3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
#k3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>
#v3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
#s0 = affine_map<(d0, d1, d2, d3, d4) -> ()>
#o3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>
#r2 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>

// K1 = 4, K2 = 5: 9 terms.
// ATTN:        "index": 0,
// ATTN-NEXT:   "origin": "iree_linalg_ext.attention at {{.*}}attention_freedom.mlir:[[@LINE+8]]:8",
// ATTN-NEXT:   "reduction_length": 9,
func.func @attention() -> tensor<1x3x2xf32> {
  %q = util.unfoldable_constant dense<0.5> : tensor<1x3x4xf32>
  %k = util.unfoldable_constant dense<0.25> : tensor<1x5x4xf32>
  %v = util.unfoldable_constant dense<1.0> : tensor<1x5x2xf32>
  %scale = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<1x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%init : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %r : tensor<1x3x2xf32>
}

// ONLINE:        "index": 0,
// ONLINE-NEXT:   "origin": "iree_linalg_ext.online_attention at {{.*}}",
// ONLINE-NEXT:   "reduction_length": 9,
// ONLINE:        "index": 1,
// ONLINE-NEXT:   "origin": "iree_linalg_ext.online_attention at {{.*}}",
// ONLINE-NEXT:   "reduction_length": 4,
// ONLINE:        "index": 2,
// ONLINE-NEXT:   "origin": "iree_linalg_ext.online_attention at {{.*}}",
// ONLINE-NEXT:   "reduction_length": 9,
func.func @online() -> (tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %q = util.unfoldable_constant dense<0.5> : tensor<1x3x4xf32>
  %k = util.unfoldable_constant dense<0.25> : tensor<1x5x4xf32>
  %v = util.unfoldable_constant dense<1.0> : tensor<1x5x2xf32>
  %scale = arith.constant 1.0 : f32
  %acc = util.unfoldable_constant dense<0.0> : tensor<1x3x2xf32>
  %max = util.unfoldable_constant dense<0xFF800000> : tensor<1x3xf32>
  %sum = util.unfoldable_constant dense<0.0> : tensor<1x3xf32>
  %r:3 = iree_linalg_ext.online_attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3, #r2, #r2]}
      ins(%q, %k, %v, %scale : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%acc, %max, %sum : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %r#0, %r#1, %r#2 : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
}

// UNINIT: attention_freedom.mlir:[[@LINE+7]]:8: undefined behaviour: read of an uninitialized element in 'iree_linalg_ext.attention' at element [0, 0, 0]: the query comes from tensor.empty and was never written
func.func @uninit_query() -> tensor<1x3x2xf32> {
  %q = tensor.empty() : tensor<1x3x4xf32>
  %k = util.unfoldable_constant dense<0.25> : tensor<1x5x4xf32>
  %v = util.unfoldable_constant dense<1.0> : tensor<1x5x2xf32>
  %scale = arith.constant 1.0 : f32
  %init = tensor.empty() : tensor<1x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32)
      outs(%init : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %r : tensor<1x3x2xf32>
}

// Key and value disagree on K2 (5 and 6) at run time.
// OOB: undefined behaviour: out-of-bounds operand access in 'iree_linalg_ext.attention'{{.*}}: value dimension 1 has size 6 but d3 has size 5 in the key
func.func @dynamic_mismatch(%q: tensor<?x?x?xf32>, %k: tensor<?x?x?xf32>, %v: tensor<?x?x?xf32>) -> tensor<1x3x2xf32> {
  %scale = arith.constant 1.0 : f32
  %init = util.unfoldable_constant dense<0.0> : tensor<1x3x2xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>, f32)
      outs(%init : tensor<1x3x2xf32>) {
  ^bb0(%a: f32):
    iree_linalg_ext.yield %a : f32
  } -> tensor<1x3x2xf32>
  return %r : tensor<1x3x2xf32>
}

// attention's scores are f32 in IREE's lowering whatever the input type; an
// f16 region would not type-check there.
// REGION: error: the score region of 'iree_linalg_ext.attention' must take and yield one f32 (the type of Q K^T in IREE's lowering)
func.func @region_type() -> tensor<1x3x2xf16> {
  %q = util.unfoldable_constant dense<0.5> : tensor<1x3x4xf16>
  %k = util.unfoldable_constant dense<0.25> : tensor<1x5x4xf16>
  %v = util.unfoldable_constant dense<1.0> : tensor<1x5x2xf16>
  %scale = arith.constant 1.0 : f16
  %init = tensor.empty() : tensor<1x3x2xf16>
  %r = iree_linalg_ext.attention {indexing_maps = [#q3, #k3, #v3, #s0, #o3]}
      ins(%q, %k, %v, %scale : tensor<1x3x4xf16>, tensor<1x5x4xf16>, tensor<1x5x2xf16>, f16)
      outs(%init : tensor<1x3x2xf16>) {
  ^bb0(%a: f16):
    iree_linalg_ext.yield %a : f16
  } -> tensor<1x3x2xf16>
  return %r : tensor<1x3x2xf16>
}
