//===- Transpose.cpp
//--------------------------------------------------------===//
//
// The recipe of linalg.transpose.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildTranspose(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId in = bld.pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  unsigned rank = bld.prog.type(in).rank();
  SmallVector<int64_t, 4> perm = bld.pickPermutation(rank);
  SmallVector<DimSrc, 4> src = bld.mirror(in), dims;
  Shape shape;
  for (int64_t p : perm) {
    dims.push_back(src[p]);
    shape.push_back(src[p].extent);
  }
  ValueId init = bld.makeInit(t, dims, std::nullopt);
  Op op;
  op.kind = OpKind::Transpose;
  op.operands = {in, init};
  op.numIns = 1;
  op.ints = perm;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  std::string p = "perm=";
  for (int64_t x : perm)
    p += std::to_string(x);
  feat.forms.push_back(p);
  bld.emit(std::move(op), {bld.prog.type(init)}, {shape}, {bld.facts[in]},
           std::move(feat));
}

} // namespace

const Recipe &transposeRecipe() {
  static const Recipe r = {
      OpKind::Transpose,
      /*weight=*/6,
      /*since=*/{3, 0},
      /*needs=*/"any value of rank 1-4",
      /*produces=*/"the permuted tensor, with its input's facts",
      /*feasible=*/nullptr,
      /*build=*/buildTranspose};
  return r;
}

} // namespace ref::fuzz::gen
