//===- ScatterGather.cpp
//----------------------------------------------------===//
//
// The recipes of iree_linalg_ext.scatter and gather: index forms, dimension
// maps, combiners.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

ValueId expandTrailingUnit(Builder &bld, ValueId v) {
  TensorType t = bld.prog.type(v);
  Op op;
  op.kind = OpKind::ExpandShape;
  op.operands = {v};
  TensorType rt = t;
  rt.dims.push_back(1);
  Shape rs(bld.prog.shape(v).begin(), bld.prog.shape(v).end());
  rs.push_back(1);
  for (unsigned i = 0; i < t.rank(); ++i) {
    SmallVector<int64_t, 2> g = {int64_t(i)};
    if (i + 1 == t.rank())
      g.push_back(i + 1);
    op.reassociation.push_back(g);
    if (t.isDynamic(i))
      op.dynSizes.push_back({v, i, 0, 1});
  }
  OpFeature feat;
  feat.dtype = t.dtype;
  feat.rank = rt.rank();
  feat.forms.push_back("index_chain");
  return bld.emit(std::move(op), {rt}, {rs}, {bld.facts[v]},
                  std::move(feat))[0];
}

void buildScatterOrGather(Builder &bld, bool scatter) {
  // Element type and combiner first.
  DType et = *bld.pickDType(anyType);
  Combiner comb = Combiner::Overwrite;
  if (scatter && et != DType::I1 && bld.hintCombiner)
    comb = *bld.hintCombiner;
  else if (scatter && et != DType::I1)
    comb = bld.pickWeighted<Combiner>({{30, Combiner::Overwrite},
                                       {25, Combiner::Add},
                                       {15, Combiner::Max},
                                       {15, Combiner::Min},
                                       {15, Combiner::Mul}});
  bool floatArith =
      isFloat(et) && (comb == Combiner::Add || comb == Combiner::Mul);
  // Hinted indices (frontend-shaped recipes) may repeat.
  bool wantUnique =
      scatter && !bld.hintIndices &&
      (comb == Combiner::Mul && isFloat(et) ? true : bld.chance(60));

  // Indices from another op (a topk's or arg_compare's index output, ...):
  // an integer value whose range is known and non-negative.
  std::optional<ValueId> chainIdx;
  if (bld.hintIndices)
    chainIdx = bld.hintIndices;
  else if (!wantUnique)
    chainIdx = bld.pickExisting(
        [&](ValueId v) {
          const Facts &f = bld.facts[v];
          const TensorType &t = bld.prog.type(v);
          return isInteger(t.dtype) && t.dtype != DType::I1 && f.hasRange &&
                 f.lo >= 0 && t.rank() >= 1 && t.rank() <= 2 &&
                 numElementsOf(bld.prog.shape(v)) > 0 &&
                 f.hi < std::min<int64_t>(bld.budget, 1 << 20);
        },
        35);

  // The indexed tensor (scatter's original, gather's source).
  Need targetNeed;
  if (floatArith) {
    targetNeed.exact = true;
    targetNeed.frac = 2;
    targetNeed.bound =
        comb == Combiner::Mul
            ? 16
            : std::min<int64_t>(64, int64_t(1) << (significandBits(et) - 5));
  }
  unsigned depth;
  ValueId target;
  SmallVector<int64_t, 3> dimMap;
  Shape batchShape;
  SmallVector<bool, 3> batchDynamic;
  ValueId indices;
  bool implicitDepth = false;
  if (chainIdx) {
    // Depth 1: the index value's shape is the batch, its range bounds the
    // indexed extent.
    depth = 1;
    dimMap = {0};
    int64_t need = bld.facts[*chainIdx].hi + 1;
    // Updates have rank batch + target - 1: keep it within maxRank.
    unsigned maxTargetRank = std::max<int64_t>(
        1, int64_t(bld.maxRank) + 1 - bld.prog.type(*chainIdx).rank());
    auto existing = bld.pickExisting([&](ValueId v) {
      const TensorType &t = bld.prog.type(v);
      return t.dtype == et && t.rank() >= 1 && t.rank() <= maxTargetRank &&
             bld.prog.shape(v)[0] >= need &&
             fits(bld.facts[v], et, targetNeed) && v != *chainIdx;
    });
    if (existing) {
      target = *existing;
    } else {
      unsigned rank = bld.pickRank(1, std::min(3u, maxTargetRank));
      Shape s = bld.pickShape(rank);
      s[0] = std::max(s[0], need);
      bld.fitBudget(s, 1, std::max(bld.budget, need * 4));
      s[0] = std::max(s[0], need);
      target = bld.freshArg(et, s, targetNeed);
    }
    indices = *chainIdx;
    if (bld.prog.type(indices).rank() >= bld.maxRank || bld.chance(50)) {
      implicitDepth = true;
    } else {
      indices = expandTrailingUnit(bld, indices);
    }
    Shape is(bld.prog.shape(indices).begin(), bld.prog.shape(indices).end());
    batchShape.assign(is.begin(), is.end() - (implicitDepth ? 0 : 1));
    for (unsigned i = 0; i < batchShape.size(); ++i)
      batchDynamic.push_back(bld.prog.type(indices).isDynamic(i));
  } else {
    target = bld.pickInput(et, 1, 4, targetNeed,
                           [&](ValueId v) { return bld.noZeroExtent(v); });
    unsigned rank = bld.prog.type(target).rank();
    depth = bld.pickInt(1, std::min(3u, rank));
    dimMap = bld.pickPermutation(depth);
    unsigned batchRank = bld.pickWeighted<unsigned>(
        {{20, 1}, {12, 2}, {bld.opts.allowBatchRankZero ? 4u : 0u, 0}});
    // Updates have rank batch + slice, indices batch + 1.
    unsigned sliceRank = rank - depth;
    batchRank = std::min<unsigned>(
        batchRank,
        std::min<unsigned>(bld.maxRank - sliceRank, bld.maxRank - 1));
    // Only maxRank 1 leaves no room for a batch dim (the target is then
    // rank 1 with depth 1): implicit depth keeps the indices at rank 1.
    bool forceImplicit = false;
    if (batchRank == 0 && !bld.opts.allowBatchRankZero) {
      batchRank = 1;
      forceImplicit = true;
    }
    batchShape = bld.pickShape(batchRank);
    if (wantUnique) {
      SmallVector<int64_t, 3> bounds;
      for (int64_t d : dimMap)
        bounds.push_back(bld.prog.shape(target)[d]);
      int64_t space = 1;
      for (int64_t b : bounds)
        space = satMul(space, b);
      bld.fitBudget(batchShape, 1, std::max<int64_t>(1, space));
    }
    implicitDepth =
        depth == 1 && batchRank >= 1 && (forceImplicit || bld.chance(35));
    for (unsigned i = 0; i < batchRank; ++i)
      batchDynamic.push_back(bld.dynamicCase &&
                             bld.chance(bld.opts.dynamicDimPercent));
    // Fresh indices: batch dims, then the depth (unless implicit).
    ValueSpec spec;
    spec.mode = ValueMode::Indices;
    for (int64_t d : dimMap)
      spec.bounds.push_back(bld.prog.shape(target)[d]);
    spec.unique = wantUnique;
    int64_t maxIndex = 0;
    for (int64_t b : spec.bounds)
      maxIndex = std::max(maxIndex, b - 1);
    TensorType it;
    it.dtype = bld.pickIndexDType(maxIndex);
    Shape is = batchShape;
    for (unsigned i = 0; i < batchRank; ++i)
      it.dims.push_back(batchDynamic[i] ? kDynamic : batchShape[i]);
    if (!implicitDepth) {
      it.dims.push_back(depth);
      is.push_back(depth);
    }
    indices = bld.addArg(it, is, spec);
  }

  TensorType tt = bld.prog.type(target);
  Shape ts(bld.prog.shape(target).begin(), bld.prog.shape(target).end());
  unsigned sliceRank = tt.rank() - depth;
  unsigned batchRank = batchShape.size();
  Shape updShape = batchShape;
  for (unsigned k = 0; k < sliceRank; ++k)
    updShape.push_back(ts[depth + k]);
  int64_t batchCount = numElementsOf(batchShape);

  OpFeature feat;
  feat.dtype = et;
  feat.rank = tt.rank();
  feat.forms.push_back("depth=" + std::to_string(depth));
  feat.forms.push_back("batch_rank=" + std::to_string(batchRank));
  if (implicitDepth)
    feat.forms.push_back("implicit_depth");
  if (!std::is_sorted(dimMap.begin(), dimMap.end()))
    feat.forms.push_back("permuted_map");
  if (chainIdx)
    feat.forms.push_back("chained_indices");
  feat.forms.push_back(std::string("indices=") +
                       dtypeName(bld.prog.type(indices).dtype).str());

  Op op;
  op.kind = scatter ? OpKind::Scatter : OpKind::Gather;
  op.ints.assign(dimMap.begin(), dimMap.end());
  op.numIns = 2;

  if (!scatter) {
    // The output: batch extents as the indices have them, slice extents
    // mirroring the source's.
    SmallVector<DimSrc, 4> dims;
    for (unsigned i = 0; i < batchRank; ++i)
      dims.push_back({batchShape[i], std::make_pair(indices, i)});
    for (unsigned k = 0; k < sliceRank; ++k)
      dims.push_back({ts[depth + k], std::make_pair(target, depth + k)});
    std::optional<uint64_t> fill;
    if (bld.chance(20))
      fill = bld.pickSmallConstant(et, bld.facts[target]);
    ValueId out = bld.makeInit(et, dims, fill);
    op.operands = {target, indices, out};
    Facts f = bld.facts[target];
    f.distinct = false;
    bld.emit(std::move(op), {bld.prog.type(out)}, {updShape}, {f},
             std::move(feat));
    return;
  }

  // scatter: the updates' batch dims have exactly the indices' types.
  int64_t multiplicity = wantUnique ? 1 : std::max<int64_t>(1, batchCount);
  Need updNeed;
  Facts tf = bld.facts[target];
  if (floatArith) {
    updNeed.exact = true;
    updNeed.frac = comb == Combiner::Mul ? 1 : std::min(tf.frac, 2u);
    int64_t room = int64_t(1) << (significandBits(et) - updNeed.frac);
    if (comb == Combiner::Add) {
      updNeed.bound = std::min<int64_t>(
          8, (room - tf.bound) / std::max<int64_t>(1, multiplicity + 1));
    } else {
      updNeed.bound = 2;
      // mul (unique only): |orig| * |upd| with frac + 1 fraction bits.
      if (!exactIn(et, satMul(tf.bound, 2), tf.frac + 1))
        updNeed.bound = 0;
    }
    if (updNeed.bound < 1) {
      comb = Combiner::Overwrite;
      floatArith = false;
      updNeed = Need();
    }
  }
  TensorType ut;
  ut.dtype = et;
  for (unsigned i = 0; i < batchRank; ++i)
    ut.dims.push_back(bld.prog.type(indices).dims[i]);
  for (unsigned k = 0; k < sliceRank; ++k)
    ut.dims.push_back(bld.dynamicCase && bld.chance(bld.opts.dynamicDimPercent)
                          ? kDynamic
                          : ts[depth + k]);
  ValueId updates = bld.freshArgOfType(ut, updShape, updNeed);

  op.operands = {updates, indices, target};
  bool unique = wantUnique;
  op.flag = unique && !bld.chance(10);
  op.body = bld.combinerBody(et, comb);
  feat.forms.push_back("combiner=" + combinerName(comb).str());
  feat.forms.push_back(op.flag ? "unique_indices" : "non_unique_indices");

  Facts uf = bld.facts[updates];
  Facts f = joinFacts(tf, uf);
  f.distinct = false;
  switch (comb) {
  case Combiner::Overwrite:
  case Combiner::Max:
  case Combiner::Min:
    break;
  case Combiner::Add:
    f.bound = satAdd(tf.bound, satMul(multiplicity, uf.bound));
    f.exact =
        tf.exact && uf.exact && (isInteger(et) || exactIn(et, f.bound, f.frac));
    f.hasRange = false;
    break;
  case Combiner::Mul:
    f.bound = satMul(tf.bound, uf.bound);
    f.frac = tf.frac + uf.frac;
    f.exact = tf.exact && uf.exact && multiplicity == 1 &&
              (isInteger(et) || exactIn(et, f.bound, f.frac));
    f.hasRange = false;
    break;
  }
  if (isFloat(et) && (comb == Combiner::Add || comb == Combiner::Mul))
    f.approx = f.approx || !f.exact;
  // Duplicate indices: multi-writes the oracle decides, but a consumer
  // could not.
  if (!unique && batchCount > 1)
    f.coarse = true;
  bld.emit(std::move(op), {tt}, {Shape(ts.begin(), ts.end())}, {f},
           std::move(feat));
}

} // namespace

const Recipe &scatterRecipe() {
  static const Recipe r = {
      OpKind::Scatter,
      /*weight=*/14,
      /*since=*/{3, 0},
      /*needs=*/
      "any element type; exact small values under add/mul combiners; indices "
      "in range (fresh, or a non-negative integer value such as topk's "
      "indices)",
      /*produces=*/
      "the updated tensor; multi-writes (returned only) unless unique_indices",
      /*feasible=*/nullptr,
      /*build=*/[](Builder &bld) { buildScatterOrGather(bld, true); }};
  return r;
}

const Recipe &gatherRecipe() {
  static const Recipe r = {
      OpKind::Gather,
      /*weight=*/12,
      // iree_linalg_ext.gather is new in 3.4.0 with a region; the
      // region-less form we print is 3.5.0's.
      /*since=*/{3, 5},
      /*needs=*/
      "any element type; indices in range (fresh, or a non-negative integer "
      "value)",
      /*produces=*/"the gathered slices, with the source's facts",
      /*feasible=*/nullptr,
      /*build=*/[](Builder &bld) { buildScatterOrGather(bld, false); }};
  return r;
}

} // namespace ref::fuzz::gen
