//===- Fill.cpp
//-------------------------------------------------------------===//
//
// The recipe of linalg.fill as an op of its own (destinations are filled by
// Builder::makeInit).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildFill(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  Shape s = bld.pickShape(bld.pickRank(0, 4), 0);
  uint64_t bits = bld.pickSmallConstant(t, Facts());
  SmallVector<DimSrc, 4> dims;
  for (int64_t e : s)
    dims.push_back({e, std::nullopt});
  ValueId v = bld.makeInit(t, dims, bits);
  bld.opFeatures.back().forms = {"standalone"};
  (void)v;
}

} // namespace

const Recipe &fillRecipe() {
  static const Recipe r = {
      OpKind::Fill,
      /*weight=*/2,
      /*since=*/{3, 0},
      /*needs=*/"nothing: a small constant of any element type",
      /*produces=*/"a uniform tensor with the constant's facts",
      /*feasible=*/nullptr,
      /*build=*/buildFill};
  return r;
}

} // namespace ref::fuzz::gen
