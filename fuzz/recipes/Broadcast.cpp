//===- Broadcast.cpp
//--------------------------------------------------------===//
//
// The recipe of linalg.broadcast: 1-3 new dimensions anywhere.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildBroadcast(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  unsigned hi = bld.maxRank - 1;
  ValueId in = bld.pickInput(
      t, 0, hi, Need(), [](ValueId) { return true; },
      bld.opts.allowZeroExtents ? 0 : 1);
  unsigned inRank = bld.prog.type(in).rank();
  unsigned added = bld.pickInt(1, std::max(1u, bld.maxRank - inRank));
  unsigned outRank = inRank + added;
  // Which output dims are new (the `dimensions` attribute).
  SmallVector<int64_t, 4> perm = bld.pickPermutation(outRank);
  SmallVector<int64_t, 4> newDims(perm.begin(), perm.begin() + added);
  llvm::sort(newDims);
  Shape fresh;
  for (unsigned i = 0; i < added; ++i)
    fresh.push_back(bld.pickExtent(bld.opts.allowZeroExtents ? 0 : 1));
  int64_t inElems = std::max<int64_t>(1, numElementsOf(bld.prog.shape(in)));
  bld.fitBudget(fresh, 1, std::max<int64_t>(1, bld.budget / inElems));
  SmallVector<DimSrc, 4> dims;
  Shape shape;
  unsigned k = 0, j = 0;
  for (unsigned d = 0; d < outRank; ++d) {
    if (llvm::is_contained(newDims, int64_t(d))) {
      dims.push_back({fresh[j], std::nullopt});
      shape.push_back(fresh[j++]);
    } else {
      dims.push_back({bld.prog.shape(in)[k], std::make_pair(in, k)});
      shape.push_back(bld.prog.shape(in)[k++]);
    }
  }
  ValueId out = bld.makeInit(t, dims, std::nullopt);
  Op op;
  op.kind = OpKind::Broadcast;
  op.operands = {in, out};
  op.numIns = 1;
  op.ints = newDims;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = outRank;
  std::string ds = "dims=";
  for (auto [i, d] : llvm::enumerate(newDims))
    ds += (i ? "," : "") + std::to_string(d);
  feat.forms.push_back(ds);
  if (inRank == 0)
    feat.forms.push_back("from_scalar");
  Facts f = bld.facts[in];
  f.distinct = false;
  bld.emit(std::move(op), {bld.prog.type(out)}, {shape}, {f}, std::move(feat));
}

} // namespace

const Recipe &broadcastRecipe() {
  static const Recipe r = {
      OpKind::Broadcast,
      /*weight=*/5,
      /*since=*/{3, 0},
      /*needs=*/"any value of rank 0-3",
      /*produces=*/
      "the broadcast tensor, with its input's facts (not distinct)",
      /*feasible=*/nullptr,
      /*build=*/buildBroadcast};
  return r;
}

} // namespace ref::fuzz::gen
