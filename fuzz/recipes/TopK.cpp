//===- TopK.cpp
//-------------------------------------------------------------===//
//
// The recipe of iree_linalg_ext.topk: with and without input indices.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildTopK(Builder &bld) {
  DType t = *bld.pickDType(notI1);
  Need need;
  need.noInf = true;
  need.noReduction = true;
  need.noDenormal = true;
  ValueId in = bld.pickInput(t, 1, 4, need,
                             [&](ValueId v) { return bld.noZeroExtent(v); });
  TensorType it = bld.prog.type(in);
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  unsigned rank = it.rank();
  unsigned dim = bld.pickInt(0, rank - 1);
  int64_t n = shape[dim];
  int64_t k = 1;
  switch (bld.pickWeighted<int>({{30, 0}, {25, 1}, {20, 2}, {25, 3}})) {
  case 0:
    k = 1;
    break;
  case 1:
    k = bld.pickInt(1, std::min<int64_t>(n, 8));
    break;
  case 2:
    k = n;
    break;
  default:
    k = bld.pickInt(1, n);
    break;
  }

  bool withIndices = bld.chance(40);
  ValueId idx = 0;
  if (withIndices) {
    TensorType want = it;
    want.dtype = DType::I32;
    auto existing = bld.pickExisting([&](ValueId v) {
      return bld.prog.type(v) == want && bld.prog.shape(v) == ArrayRef(shape);
    });
    if (existing) {
      idx = *existing;
    } else {
      ValueSpec spec;
      spec.mode = bld.chance(60) ? ValueMode::Distinct : ValueMode::Small;
      spec.bound = 1000;
      idx = bld.addArg(want, shape, spec);
    }
  }

  StringRef pred = bld.pickStrictPredicate(t);
  // Initial outputs that lose to every value: -inf / the minimum for a
  // "greater" comparator, +inf / the maximum for a "less" one.
  bool greater = pred.ends_with("gt");
  uint64_t init;
  if (!isFloat(t) && pred.starts_with("u"))
    init = greater ? 0 : truncBits(~uint64_t(0), t);
  else
    init = signedExtremeBits(t, /*lowest=*/greater);

  SmallVector<DimSrc, 4> outDims = bld.mirror(in);
  outDims[dim] = {k, std::nullopt};
  ValueId ov = bld.makeInit(t, outDims, init);
  ValueId oi = bld.makeInit(DType::I32, outDims, uint64_t(0));

  Op op;
  op.kind = OpKind::TopK;
  op.dimension = dim;
  op.operands = {in};
  if (withIndices)
    op.operands.push_back(idx);
  op.numIns = op.operands.size();
  op.operands.push_back(ov);
  op.operands.push_back(oi);
  op.body.args = {t, t};
  op.body.yield = op.body.add(inst(cmpName(t), {0, 1}, DType::I1, pred));

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("comparator=" + pred.str());
  feat.forms.push_back(k == 1 ? "k=1" : k == n ? "k=n" : "k=mid");
  if (withIndices)
    feat.forms.push_back("with_indices");
  feat.forms.push_back("dim=" + std::to_string(dim));

  Shape outShape = shape;
  outShape[dim] = k;
  Facts vf = bld.facts[in];
  // Every slot is replaced: no value beats an input under the comparator.
  vf.coarse = vf.derived = false;
  Facts ifacts;
  ifacts.exact = true;
  ifacts.hasRange = true;
  if (withIndices) {
    Facts xf = bld.facts[idx];
    ifacts.hasRange = xf.hasRange;
    ifacts.lo = std::min<int64_t>(0, xf.lo);
    ifacts.hi = std::max<int64_t>(0, xf.hi);
  } else {
    ifacts.lo = 0;
    ifacts.hi = n - 1;
  }
  ifacts.bound = std::max(magnitude(ifacts.lo), magnitude(ifacts.hi));
  bld.emit(std::move(op), {bld.prog.type(ov), bld.prog.type(oi)},
           {outShape, outShape}, {vf, ifacts}, std::move(feat));
}

} // namespace

const Recipe &topkRecipe() {
  static const Recipe r = {
      OpKind::TopK,
      /*weight=*/12,
      /*since=*/{3, 0},
      /*needs=*/
      "a non-i1 element type; keys without infinities, NaN, subnormals or "
      "reduction freedom",
      /*produces=*/
      "values and i32 indices (a non-negative range: they can index a gather "
      "or scatter)",
      /*feasible=*/[](const Builder &bld) { return bld.anyDType(notI1); },
      /*build=*/buildTopK};
  return r;
}

} // namespace ref::fuzz::gen
