//===- Reduce.cpp
//-----------------------------------------------------------===//
//
// The recipe of linalg.reduce: any non-empty set of dimensions.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildReduce(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  RedComb comb;
  if (t == DType::I1)
    comb = bld.pickWeighted<RedComb>({{30, RedComb::Or},
                                      {30, RedComb::And},
                                      {20, RedComb::Xor},
                                      {10, RedComb::MaxU},
                                      {10, RedComb::MinU}});
  else if (isInteger(t))
    comb = bld.pickWeighted<RedComb>({{35, RedComb::Add},
                                      {10, RedComb::Mul},
                                      {15, RedComb::Max},
                                      {15, RedComb::Min},
                                      {5, RedComb::MaxU},
                                      {5, RedComb::MinU},
                                      {5, RedComb::And},
                                      {5, RedComb::Or},
                                      {5, RedComb::Xor}});
  else
    comb = bld.pickWeighted<RedComb>({{40, RedComb::Add},
                                      {20, RedComb::Max},
                                      {20, RedComb::Min},
                                      {20, RedComb::Mul}});
  Need need;
  if (isFloat(t) && comb == RedComb::Add) {
    need.exact = true;
    need.bound = bld.pickOne<int64_t>({1, 2, 4});
    need.frac = bld.pickInt(0, 1);
  } else if (isFloat(t) && comb == RedComb::Mul) {
    need.exact = true;
    need.bound = 1;
    need.frac = 0;
  }
  // (A uniform input makes the reduced term loop-invariant: see
  // GenOptions::allowInvariantReductions.)
  ValueId in = bld.pickInput(
      t, 1, 4, need,
      [&](ValueId v) {
        return bld.opts.allowInvariantReductions || !bld.facts[v].uniform;
      },
      bld.opts.allowZeroExtents ? 0 : 1);
  unsigned rank = bld.prog.type(in).rank();
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  SmallVector<int64_t, 4> dims;
  for (unsigned d = 0; d < rank; ++d)
    if (bld.chance(45))
      dims.push_back(d);
  if (dims.empty())
    dims.push_back(bld.pickInt(0, rank - 1));
  int64_t n = 1;
  for (int64_t d : dims)
    n = satMul(n, std::max<int64_t>(shape[d], 1));

  SVal e = svalOfFacts(bld.facts[in], t);
  // Float sums only while they stay exact in every order.
  if (isFloat(t) && comb == RedComb::Add &&
      !(e.isExact() &&
        exactIn(t, satAdd(8, satMul(n, e.bound)), std::max(e.frac, 2u))))
    comb = RedComb::Max;
  if (isFloat(t) && comb == RedComb::Mul &&
      !(e.isExact() && e.bound <= 1 && e.frac == 0))
    comb = RedComb::Min;
  uint64_t init = bld.redInit(t, comb, e);
  SmallVector<DimSrc, 4> outDims;
  Shape outShape;
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, int64_t(d))) {
      outDims.push_back({shape[d], std::make_pair(in, d)});
      outShape.push_back(shape[d]);
    }
  ValueId out = bld.makeInit(t, outDims, init);

  Op op;
  op.kind = OpKind::Reduce;
  op.operands = {in, out};
  op.numIns = 1;
  op.ints = dims;
  op.body.args = {t, t};
  SmallVector<unsigned, 2> ops = {0, 1};
  if (bld.chance(50))
    std::swap(ops[0], ops[1]);
  op.body.yield = op.body.add(inst(redCombOp(comb, t), ops, t));

  // The result's facts, as a generic body's combine computes them.
  BodyCtx c;
  c.body.args = {t, t};
  SVal acc = svalOfFacts(constantFacts(init, t), t);
  acc.id = 1;
  e.id = 0;
  c.vals = {e, acc};
  Facts f = factsOfSVal(bld.combine(c, comb, acc, e, n));
  f.reduction = isFloat(t) && (comb == RedComb::Add || comb == RedComb::Mul ||
                               bld.facts[in].reduction);
  f.uniform = bld.facts[in].uniform;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("combiner=" + redCombName(comb).str());
  std::string ds = "dims=";
  for (auto [i, d] : llvm::enumerate(dims))
    ds += (i ? "," : "") + std::to_string(d);
  feat.forms.push_back(ds);
  if (dims.size() == rank)
    feat.forms.push_back("reduce_all");
  bld.emit(std::move(op), {bld.prog.type(out)}, {outShape}, {f},
           std::move(feat));
}

} // namespace

const Recipe &reduceRecipe() {
  static const Recipe r = {
      OpKind::Reduce,
      /*weight=*/7,
      /*since=*/{3, 0},
      /*needs=*/
      "any element type; exact values for float add/mul (else max/min); no "
      "uniform input without allowInvariantReductions",
      /*produces=*/"the reduced tensor; float add/mul carry reduction freedom",
      /*feasible=*/nullptr,
      /*build=*/buildReduce};
  return r;
}

} // namespace ref::fuzz::gen
