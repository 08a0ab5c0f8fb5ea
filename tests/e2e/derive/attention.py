#!/usr/bin/env python3
"""Derives the numpy part of tests/e2e/linalg_ext_attention.mlir.

Prints MLIR functions whose expected values are computed here with numpy in
float64 from the mathematical definition

    attention(Q, K, V) = softmax(Q K^T * scale + mask) V

(never from ref-run). Inputs are multiples of 1/64 in [-2, 2), exact in f16,
bf16 and f32, so the float64 reference sees the very inputs the program has.
Run: python3 tests/e2e/derive/attention.py > /tmp/numpy_part.mlir
"""
import numpy as np
import ml_dtypes

rng = np.random.default_rng(20260821)
LOG2E = 1.4426950408889634


def vals(shape):
    return rng.integers(-128, 128, size=shape).astype(np.float64) / 64.0


def lit(a, fmt):
    if a.ndim == 0:
        return fmt(a)
    return "[" + ", ".join(lit(x, fmt) for x in a) + "]"


def flt(x):
    if np.isnan(x):
        return "0x7FC00000"
    if np.isinf(x):  # only f32 tensors hold infinities here
        return "0xFF800000" if x < 0 else "0x7F800000"
    return repr(float(x))


def dense(a, ty):
    shape = "x".join(str(d) for d in a.shape)
    return f"dense<{lit(a, flt)}> : tensor<{shape}x{ty}>"


def ttype(shape, ty):
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{ty}>"


def softmax_attention(q, k, v, scale, mask=None, score=None, use_exp2=True):
    """softmax(Q K^T * scale + mask) V, with IREE's placement of the score
    region: with use_exp2 (the default) IREE folds log2(e) into the scale, so
    the region sees t = Q K^T * scale * log2(e), the mask is added times
    log2(e) and the weights are exp2(t - max). Without a region this is the
    plain softmax; with one, the region is applied in that domain."""
    # q: B x M x K1, k: B x K2 x K1, v: B x K2 x N (canonical layout).
    t = np.einsum("bmi,bji->bmj", q, k) * scale
    if use_exp2:
        t = t * LOG2E
    if score is not None:
        t = score(t)
    if mask is not None:
        t = t + (mask * LOG2E if use_exp2 else mask)
    t = t - t.max(axis=-1, keepdims=True)
    p = np.exp2(t) if use_exp2 else np.exp(t)
    p = p / p.sum(axis=-1, keepdims=True)
    return np.einsum("bmj,bjn->bmn", p, v)


MAPS5 = """[affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,{mask}
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]"""
MASKMAP = "\n                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,"


def attention_fn(name, comment, q, k, v, scale, ty, out_ty, expected, atol,
                 rtol, mask=None, mask_ty=None, region=None, config=""):
    maps = MAPS5.format(mask=MASKMAP if mask is not None else "")
    ins = "%q, %k, %v, %scale" + (", %mask" if mask is not None else "")
    tys = [ttype(q.shape, ty), ttype(k.shape, ty), ttype(v.shape, ty), "f32"]
    if mask is not None:
        tys.append(ttype(mask.shape, mask_ty))
    out_t = ttype(expected.shape, out_ty)
    body = region or "iree_linalg_ext.yield %score : f32"
    lines = [f"// {c}" for c in comment]
    lines += [
        f"func.func @{name}() {{",
        f"  %q = util.unfoldable_constant {dense(q, ty)}",
        f"  %k = util.unfoldable_constant {dense(k, ty)}",
        f"  %v = util.unfoldable_constant {dense(v, ty)}",
    ]
    if mask is not None:
        lines.append(f"  %mask = util.unfoldable_constant {dense(mask, mask_ty)}")
    lines += [
        f"  %scale = arith.constant {flt(scale)} : f32",
        f"  %init = tensor.empty() : {out_t}",
        f"  %r = iree_linalg_ext.attention {{indexing_maps = {maps}{config}}}",
        f"      ins({ins} : {', '.join(tys)})",
        f"      outs(%init : {out_t}) {{",
        "  ^bb0(%score: f32):",
        f"    {body}",
        f"  }} -> {out_t}",
        f"  check.expect_almost_eq_const(%r, {dense(expected, out_ty)}, "
        f"atol {atol}, rtol {rtol}) : {out_t}",
        "  return",
        "}",
        "",
    ]
    return "\n".join(lines)


out = []

# f32, with a float additive mask (one entry -inf) and a 2-row batch.
q, k, v = vals((2, 3, 4)), vals((2, 5, 4)), vals((2, 5, 2))
mask = vals((2, 3, 5))
mask[1, 2, 0] = -np.inf
exp = softmax_attention(q, k, v, 0.375, mask)
out.append(attention_fn(
    "numpy_f32_float_mask",
    ["f32, B=2 M=3 K1=4 K2=5 N=2, float mask with one -inf; numpy float64."],
    q, k, v, 0.375, "f32", "f32", exp, "1.0e-05", "1.0e-05", mask, "f32"))

# f32 with use_exp2 = false (exp instead of exp2; same mathematics).
exp = softmax_attention(q, k, v, 0.375, use_exp2=False)
out.append(attention_fn(
    "numpy_f32_use_exp2_false",
    ["decomposition_config = {use_exp2 = false}: math.exp on unscaled scores."],
    q, k, v, 0.375, "f32", "f32", exp, "1.0e-05", "1.0e-05",
    config=", decomposition_config = {use_exp2 = false}"))

# f32 softcap score region 3 * tanh(t / 3), t in IREE's exp2 domain.
exp = softmax_attention(q, k, v, 1.0, score=lambda s: 3.0 * np.tanh(s / 3.0))
out.append(attention_fn(
    "numpy_f32_softcap_region",
    ["Score region 3 * tanh(t / 3): IREE applies it to t = Q K^T * scale *",
     "log2(e) (scale 1), the exp2-domain score (IREE's softcap test agrees)."],
    q, k, v, 1.0, "f32", "f32", exp, "1.0e-05", "1.0e-05",
    region="""%c3 = arith.constant 3.0 : f32
    %d = arith.divf %score, %c3 : f32
    %t = math.tanh %d : f32
    %m = arith.mulf %t, %c3 : f32
    iree_linalg_ext.yield %m : f32"""))

# f16 in, f16 out; bf16 in, bf16 out; f16 in, f32 out.
q, k, v = vals((1, 4, 8)), vals((1, 6, 8)), vals((1, 6, 4))
exp = softmax_attention(q, k, v, 0.25)
out.append(attention_fn(
    "numpy_f16", ["f16 inputs and output: f16 Q scaling, f32 scores and sums,",
                  "P truncated to f16 before P V; tolerance a few f16 ULP."],
    q, k, v, 0.25, "f16", "f16", exp.astype(np.float16), "4.0e-03", "4.0e-03"))
out.append(attention_fn(
    "numpy_bf16", ["bf16 inputs and output; tolerance a few bf16 ULP."],
    q, k, v, 0.25, "bf16", "bf16",
    exp.astype(ml_dtypes.bfloat16).astype(np.float64), "3.0e-02", "3.0e-02"))
out.append(attention_fn(
    "numpy_f16_in_f32_out", ["f16 inputs, f32 output (P in f16 for P V)."],
    q, k, v, 0.25, "f16", "f32", exp, "2.0e-03", "2.0e-03"))

print("\n".join(out))

# The online_attention state after two chunks and the explicit linalg
# composition use these (printed as comments for the hand-written part).
q, k, v = vals((1, 2, 4)), vals((1, 5, 4)), vals((1, 5, 3))
scale = 0.5
s2 = np.einsum("bmi,bji->bmj", q, k) * scale * LOG2E
mx = s2.max(axis=-1)
sm = np.exp2(s2 - mx[..., None]).sum(axis=-1)
res = softmax_attention(q, k, v, scale)
print("// ONLINE q =", dense(q, "f32"))
print("// ONLINE k =", dense(k, "f32"))
print("// ONLINE v =", dense(v, "f32"))
print("// ONLINE max =", dense(mx, "f32"))
print("// ONLINE sum =", dense(sm, "f32"))
print("// ONLINE result =", dense(res, "f32"))
