//===- Attention.cpp - The recipe of iree_linalg_ext.attention ------------===//
//
// attention in its standard form: loops (batch, m, k1, k2, n), query
// (batch, m, k1), key (batch, k2, k1), value (batch, k2, n) or transposed
// (batch, n, k2), an f32 scale constant, an identity score region, no mask.
// Query, key and value are fresh exact arguments |x| <= 1 in f16, bf16 or
// f32, and the scale a power of two with k1 * scale <= 4, so every score
// lies in [-4, 4] (times log2(e) in IREE's exp2 domain): no exp2 result
// under 2^-12, none subnormal in f16. IREE tiles k2 and reassociates the
// sums, so the result is `approx` with reduction freedom (the interpreter
// reports K1 + K2).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

bool attentionType(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32;
}

void buildAttention(Builder &bld) {
  DType t = *bld.pickDType(attentionType);
  enum { B, M, K1, K2, N };
  int64_t ext[5] = {bld.pickInt(1, 3), std::min<int64_t>(bld.pickExtent(), 32),
                    bld.pickInt(1, 16), std::min<int64_t>(bld.pickExtent(), 64),
                    std::min<int64_t>(bld.pickExtent(), 32)};
  // Every operand within the element budget.
  auto largest = [&] {
    return std::max({ext[B] * ext[M] * ext[K1], ext[B] * ext[K2] * ext[K1],
                     ext[B] * ext[K2] * ext[N], ext[B] * ext[M] * ext[N]});
  };
  while (largest() > bld.budget) {
    int64_t *e = std::max_element(std::begin(ext), std::end(ext));
    if (*e <= 1)
      break;
    *e = std::max<int64_t>(1, *e / 2);
  }
  bool dyn[5];
  for (bool &d : dyn)
    d = bld.dynamicCase && bld.chance(bld.opts.dynamicDimPercent);
  bool transposedV = bld.chance(25);
  auto operand = [&](std::initializer_list<int> loops) {
    TensorType ty;
    ty.dtype = t;
    Shape s;
    for (int l : loops) {
      s.push_back(ext[l]);
      ty.dims.push_back(dyn[l] ? kDynamic : ext[l]);
    }
    Need need;
    need.exact = true;
    need.bound = 1;
    need.frac = 2;
    need.noInf = true;
    need.noDenormal = true;
    return bld.freshArgOfType(ty, s, need);
  };
  ValueId q = operand({B, M, K1});
  ValueId k = operand({B, K2, K1});
  ValueId v = transposedV ? operand({B, N, K2}) : operand({B, K2, N});
  SmallVector<DimSrc, 3> outDims = {
      {ext[B], std::make_pair(q, 0u)},
      {ext[M], std::make_pair(q, 1u)},
      {ext[N], std::make_pair(v, transposedV ? 1u : 2u)}};
  ValueId init = bld.makeInit(t, outDims, std::nullopt);

  SmallVector<double, 5> scales;
  for (double s : {1.0, 0.5, 0.25, 0.125, 0.0625})
    if (ext[K1] * s <= 4)
      scales.push_back(s);
  double scale = bld.pickOne<double>(scales);
  Op op;
  op.kind = OpKind::Attention;
  op.operands = {q, k, v, init};
  op.numIns = 3;
  op.flag = transposedV;
  op.scalar = bitsOf(scale, DType::F32);
  Facts f;
  f.approx = true;
  f.reduction = true;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = 3;
  if (transposedV)
    feat.forms.push_back("value_transposed");
  if (ext[K2] == 1)
    feat.forms.push_back("k2=1");
  bld.emit(std::move(op), {bld.prog.type(init)},
           {Shape{ext[B], ext[M], ext[N]}}, {f}, std::move(feat));
}

bool attentionFeasible(const Builder &bld) {
  return bld.anyDType(attentionType) && bld.maxRank >= 3;
}

} // namespace

const Recipe &attentionRecipe() {
  static const Recipe r = {
      OpKind::Attention,
      /*weight=*/4,
      // The generic form we print: probed with 3.4.0 (older releases
      // unchecked).
      /*since=*/{3, 4},
      /*needs=*/
      "f16, bf16 or f32; fresh exact query/key/value |x| <= 1 (k1 <= 16, "
      "scale * k1 <= 4)",
      /*produces=*/"approx results in [-1, 1] with reduction freedom",
      /*feasible=*/attentionFeasible,
      /*build=*/buildAttention};
  return r;
}

} // namespace ref::fuzz::gen
