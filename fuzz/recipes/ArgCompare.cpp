//===- ArgCompare.cpp
//-------------------------------------------------------===//
//
// The recipe of iree_linalg_ext.arg_compare: explicit indices, index_base,
// strict comparators.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildArgCompare(Builder &bld) {
  DType t = *bld.pickDType(notI1);
  Need need;
  need.noReduction = true;
  need.noDenormal = true;
  ValueId in = bld.pickInput(
      t, 1, 4, need, [](ValueId) { return true; }, 0);
  TensorType it = bld.prog.type(in);
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  unsigned rank = it.rank();
  unsigned dim = bld.pickInt(0, rank - 1);
  int64_t n = shape[dim];

  bool explicitIdx = bld.chance(30);
  DType idxType = bld.pickOne<DType>({DType::I32, DType::I64});
  ValueId idx = 0;
  std::optional<int64_t> base;
  if (explicitIdx) {
    TensorType want = it;
    want.dtype = idxType;
    auto existing = bld.pickExisting([&](ValueId v) {
      return bld.prog.type(v) == want && bld.prog.shape(v) == ArrayRef(shape);
    });
    if (existing) {
      idx = *existing;
    } else {
      ValueSpec spec;
      spec.mode = bld.chance(50) ? ValueMode::Distinct : ValueMode::Small;
      spec.bound = 1000;
      idx = bld.addArg(want, shape, spec);
    }
  } else if (bld.chance(40)) {
    base = bld.pickInt(0, 100);
  }

  StringRef pred = bld.pickStrictPredicate(t);
  bool greater = pred.ends_with("gt");
  uint64_t init;
  if (bld.chance(20)) {
    init = bld.pickSmallConstant(t, bld.facts[in]);
  } else if (!isFloat(t) && pred.starts_with("u")) {
    init = greater ? 0 : truncBits(~uint64_t(0), t);
  } else {
    init = signedExtremeBits(t, /*lowest=*/greater);
  }

  SmallVector<DimSrc, 4> outDims;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      outDims.push_back({shape[i], std::make_pair(in, i)});
  ValueId bv = bld.makeInit(t, outDims, init);
  ValueId bi = bld.makeInit(idxType, outDims, uint64_t(0));

  Op op;
  op.kind = OpKind::ArgCompare;
  op.dimension = dim;
  op.operands = {in};
  if (explicitIdx)
    op.operands.push_back(idx);
  op.numIns = op.operands.size();
  op.operands.push_back(bv);
  op.operands.push_back(bi);
  op.indexBase = base;
  op.body.args = {t, t};
  op.body.yield = op.body.add(inst(cmpName(t), {0, 1}, DType::I1, pred));

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("comparator=" + pred.str());
  if (explicitIdx)
    feat.forms.push_back("with_indices");
  if (base)
    feat.forms.push_back("index_base");
  feat.forms.push_back("dim=" + std::to_string(dim));

  Facts vf = joinFacts(bld.facts[in], constantFacts(init, t));
  vf.distinct = false;
  Facts ifacts;
  ifacts.exact = true;
  ifacts.hasRange = true;
  if (explicitIdx) {
    Facts xf = bld.facts[idx];
    ifacts.hasRange = xf.hasRange;
    ifacts.lo = std::min<int64_t>(0, xf.lo);
    ifacts.hi = std::max<int64_t>(0, xf.hi);
  } else {
    ifacts.lo = 0;
    ifacts.hi = std::max<int64_t>(0, base.value_or(0) + n - 1);
  }
  ifacts.bound = std::max(magnitude(ifacts.lo), magnitude(ifacts.hi));
  Shape outShape;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      outShape.push_back(shape[i]);
  bld.emit(std::move(op), {bld.prog.type(bv), bld.prog.type(bi)},
           {outShape, outShape}, {vf, ifacts}, std::move(feat));
}

} // namespace

const Recipe &argCompareRecipe() {
  static const Recipe r = {
      OpKind::ArgCompare,
      /*weight=*/10,
      // iree_linalg_ext.arg_compare is new in 3.6.0.
      /*since=*/{3, 6},
      /*needs=*/
      "a non-i1 element type; keys without infinities, NaN, subnormals or "
      "reduction freedom",
      /*produces=*/"the winning value and its index (a non-negative range)",
      /*feasible=*/[](const Builder &bld) { return bld.anyDType(notI1); },
      /*build=*/buildArgCompare};
  return r;
}

} // namespace ref::fuzz::gen
