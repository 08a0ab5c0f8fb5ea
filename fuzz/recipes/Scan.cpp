//===- Scan.cpp
//-------------------------------------------------------------===//
//
// The recipe of iree_linalg_ext.scan: inclusive/exclusive, add/max/min/mul.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildScan(Builder &bld) {
  DType t = *bld.pickDType(isArithType);
  Combiner comb = bld.pickWeighted<Combiner>({{40, Combiner::Add},
                                              {20, Combiner::Max},
                                              {20, Combiner::Min},
                                              {20, Combiner::Mul}});
  // What a float input of scan length `n` must satisfy, and the longest
  // scan a float sum keeps exact.
  unsigned sumFrac = bld.pickInt(0, 2);
  auto needFor = [&](int64_t n) {
    return exactCombineNeed(t, comb, n, sumFrac);
  };
  int64_t maxLen = longestExactCombine(t, comb);

  auto existing = bld.pickExisting([&](ValueId v) {
    const TensorType &ty = bld.prog.type(v);
    if (ty.dtype != t || ty.rank() < 1)
      return false;
    int64_t longest = 0;
    for (int64_t e : bld.prog.shape(v))
      longest = std::max(longest, e);
    return longest <= maxLen && fits(bld.facts[v], t, needFor(longest));
  });
  ValueId in;
  Shape shape;
  unsigned rank, dim;
  if (existing) {
    in = *existing;
    shape.assign(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
    rank = shape.size();
    dim = bld.pickInt(0, rank - 1);
  } else {
    rank = bld.pickRank(1, 4);
    shape = bld.pickShape(rank, 0);
    dim = bld.pickInt(0, rank - 1);
    shape[dim] = std::min(shape[dim], maxLen);
    in = bld.freshArg(t, shape, needFor(shape[dim]));
  }
  int64_t n = shape[dim];
  Facts inF = bld.facts[in];

  bool inclusive = bld.chance(60);
  // The accumulator's initial value: the combiner's identity or a small
  // constant (exclusive scans start from it).
  uint64_t accInit = 0;
  if (comb == Combiner::Mul) {
    accInit = bitsOf(1.0, t);
  } else if ((comb == Combiner::Max || comb == Combiner::Min) &&
             bld.chance(50)) {
    accInit = signedExtremeBits(t, /*lowest=*/comb == Combiner::Max);
  } else if (comb == Combiner::Add && isFloat(t)) {
    accInit = bld.chance(50) ? 0 : bld.pickSmallConstant(t, inF);
  } else {
    accInit = bld.pickSmallConstant(t, inF);
  }

  SmallVector<DimSrc, 4> accDims;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      accDims.push_back({shape[i], std::make_pair(in, i)});
  ValueId out = bld.makeInit(t, bld.mirror(in), uint64_t(0));
  ValueId acc = bld.makeInit(t, accDims, accInit);

  Op op;
  op.kind = OpKind::Scan;
  op.dimension = dim;
  op.flag = inclusive;
  op.numIns = 1;
  op.operands = {in, out, acc};
  Body b;
  b.args = {t, t};
  bool f = isFloat(t);
  switch (comb) {
  case Combiner::Add:
    b.yield = b.add(inst(f ? "arith.addf" : "arith.addi", {0, 1}, t));
    break;
  case Combiner::Mul:
    b.yield = b.add(inst(f ? "arith.mulf" : "arith.muli", {0, 1}, t));
    break;
  case Combiner::Max:
    b.yield = b.add(inst(f ? "arith.maximumf" : "arith.maxsi", {0, 1}, t));
    break;
  case Combiner::Min:
    b.yield = b.add(inst(f ? "arith.minimumf" : "arith.minsi", {0, 1}, t));
    break;
  default:
    break;
  }
  op.body = std::move(b);

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back(inclusive ? "inclusive" : "exclusive");
  feat.forms.push_back("combiner=" + combinerName(comb).str());
  feat.forms.push_back("dim=" + std::to_string(dim));

  Facts rf = joinFacts(inF, constantFacts(accInit, t));
  rf.distinct = false;
  rf.coarse = rf.derived = false;
  rf.reduction = inF.reduction;
  if (comb == Combiner::Add) {
    rf.bound = satAdd(satMul(std::max<int64_t>(n, 1), inF.bound),
                      constantFacts(accInit, t).bound);
    rf.exact = inF.exact && (isInteger(t) || exactIn(t, rf.bound, rf.frac));
    rf.hasRange = false;
  } else if (comb == Combiner::Mul) {
    rf.bound = std::max<int64_t>(1, inF.bound);
    rf.exact = inF.exact && inF.bound <= 1;
    rf.hasRange = false;
  }
  // Rounding sums or products: IREE may round differently.
  if (isFloat(t) && (comb == Combiner::Add || comb == Combiner::Mul))
    rf.approx = rf.approx || !rf.exact;
  TensorType accType = bld.prog.type(acc);
  Shape accShape(bld.prog.shape(acc).begin(), bld.prog.shape(acc).end());
  bld.emit(std::move(op), {bld.prog.type(out), accType}, {shape, accShape},
           {rf, rf}, std::move(feat));
}

} // namespace

const Recipe &scanRecipe() {
  static const Recipe r = {
      OpKind::Scan,
      /*weight=*/10,
      /*since=*/{3, 0},
      /*needs=*/
      "a non-i1 element type; exact values whose prefix sums/products stay "
      "exact for add/mul",
      /*produces=*/"the scan and the accumulator; exact bounds for add/mul",
      /*feasible=*/[](const Builder &bld) { return bld.anyDType(notI1); },
      /*build=*/buildScan};
  return r;
}

} // namespace ref::fuzz::gen
