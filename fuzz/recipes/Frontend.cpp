//===- Frontend.cpp - Frontend-shaped recipes -----------------------------===//
//
// Patterns of ops as IREE's frontends (torch, ONNX, StableHLO) emit them, the
// shapes IREE's bug reports are made of, rather than random composition:
//  - frontend.argsort: an iota (linalg.generic over linalg.index) as the
//    index payload of a sort, the sort's values often left unreturned (a
//    result computed and never used); with distinct keys, half the time a
//    topk as the first k of both along the sorted dim (extract_slice).
//  - frontend.scatter_add_one_row: indices from a linalg.fill (every update
//    hits one row), combined with add into the scatter's destination.
//  - frontend.degenerate_matmul: linalg.matmul with unit extents (1x2x1,
//    K=1, M=1, N=1), dynamic in a dynamic case.
// The scatter and matmul reuse their op recipes through the Builder's hints.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

/// An iota along `dim` with the extents of `like`: linalg.generic writing
/// index_cast(linalg.index dim) into a tensor.empty.
ValueId buildIota(Builder &bld, ValueId like, unsigned dim, DType t) {
  ValueId init = bld.makeInit(t, bld.mirror(like), std::nullopt);
  unsigned rank = bld.prog.type(like).rank();
  Op op;
  op.kind = OpKind::Generic;
  op.operands = {init};
  op.numIns = 0;
  SmallVector<int64_t, 4> identity;
  for (unsigned i = 0; i < rank; ++i)
    identity.push_back(i);
  op.maps.push_back(identity);
  op.reductionLoops.assign(rank, false);
  Body &b = op.body;
  b.args = {t};
  ScalarInst idx = inst("linalg.index", {}, DType::Index);
  idx.bits = dim;
  unsigned i = b.add(std::move(idx));
  b.yield = b.add(inst("arith.index_cast", {i}, t));
  b.yields = {b.yield};
  int64_t extent = bld.prog.shape(like)[dim];
  Facts f;
  f.exact = true;
  f.bound = std::max<int64_t>(0, extent - 1);
  f.hasRange = true;
  f.lo = 0;
  f.hi = std::max<int64_t>(0, extent - 1);
  f.distinct = rank == 1;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms = {"iota", "loops=" + std::to_string(rank), "index"};
  Shape shape(bld.prog.shape(like).begin(), bld.prog.shape(like).end());
  return bld.emit(std::move(op), {bld.prog.type(init)}, {shape}, {f},
                  std::move(feat))[0];
}

void buildArgSort(Builder &bld) {
  DType kt = *bld.pickDType(anyType);
  Need keyNeed;
  keyNeed.noInf = true;
  keyNeed.noReduction = true;
  keyNeed.noDenormal = true;
  // Keys straight from a function argument: the sort's `outs` is then a
  // copy of a read-only binding after dispatch formation.
  Shape shape = bld.pickShape(bld.pickRank(1, 2), 1);
  ValueId key = bld.freshArg(kt, shape, keyNeed, /*distinctWeight=*/40);
  unsigned rank = shape.size();
  unsigned dim = bld.pickInt(0, rank - 1);
  DType it = bld.pickIndexDType(shape[dim]);
  ValueId iota = buildIota(bld, key, dim, it);

  Op op;
  op.kind = OpKind::Sort;
  op.dimension = dim;
  op.operands = {key, iota};
  op.numIns = 0;
  Body &b = op.body;
  b.args = {kt, kt, it, it};
  StringRef pred = bld.pickStrictPredicate(kt);
  b.yield = b.add(inst(cmpName(kt), {0, 1}, DType::I1, pred));
  OpFeature feat;
  feat.dtype = kt;
  feat.rank = rank;
  feat.forms = {"operands=2", "argsort", "comparator=" + pred.str(),
                "dim=" + std::to_string(dim)};
  bool distinct = bld.facts[key].distinct;
  if (distinct)
    feat.forms.push_back("distinct_keys");
  Facts kf = bld.facts[key], pf = bld.facts[iota];
  kf.coarse = kf.coarse || !distinct;
  pf.coarse = pf.coarse || !distinct;
  pf.distinct = pf.distinct && distinct;
  SmallVector<ValueId, 2> sorted =
      bld.emit(std::move(op), {bld.prog.type(key), bld.prog.type(iota)},
               {shape, shape}, {kf, pf}, std::move(feat));

  // topk: the first k of both along the sorted dim. Only with distinct keys
  // (with ties the k-th place is free, and a slice of it undecidable).
  if (!distinct || !bld.chance(50))
    return;
  int64_t k = bld.pickInt(1, std::max<int64_t>(1, std::min<int64_t>(
                                                      shape[dim], 8)));
  for (ValueId src : sorted) {
    Op slice;
    slice.kind = OpKind::ExtractSlice;
    slice.operands = {src};
    TensorType rt;
    rt.dtype = bld.prog.type(src).dtype;
    Shape rs;
    for (unsigned d = 0; d < rank; ++d) {
      slice.offsets.push_back(0);
      slice.strides.push_back(1);
      if (d == dim) {
        slice.sizes.push_back(k);
        rt.dims.push_back(k);
        rs.push_back(k);
      } else if (bld.prog.type(src).isDynamic(d)) {
        slice.sizes.push_back(kDynamic);
        slice.dynSizes.push_back({src, d, 0, 1});
        rt.dims.push_back(kDynamic);
        rs.push_back(shape[d]);
      } else {
        slice.sizes.push_back(shape[d]);
        rt.dims.push_back(shape[d]);
        rs.push_back(shape[d]);
      }
    }
    OpFeature sf;
    sf.dtype = rt.dtype;
    sf.rank = rank;
    sf.forms = {"topk_slice"};
    Facts f = bld.facts[src];
    f.distinct = false;
    bld.emit(std::move(slice), {rt}, {rs}, {f}, std::move(sf));
  }
}

void buildScatterAddOneRow(Builder &bld) {
  // Every update hits row r of the destination: indices [B] filled with r.
  int64_t batch = bld.pickExtent();
  int64_t row = bld.pickInt(0, 3);
  DType it = bld.pickIndexDType(row);
  ValueId indices = bld.makeInit(it, {{batch, std::nullopt}}, row);
  bld.hintIndices = indices;
  bld.hintCombiner = Combiner::Add;
  scatterRecipe().build(bld);
  bld.hintIndices.reset();
  bld.hintCombiner.reset();
}

void buildDegenerateMatmul(Builder &bld) {
  std::array<int64_t, 3> mkn = bld.pickWeighted<std::array<int64_t, 3>>(
      {{25, {1, 2, 1}},
       {20, {bld.pickExtent(), 1, bld.pickExtent()}},
       {15, {1, bld.pickInt(1, 16), bld.pickExtent()}},
       {15, {bld.pickExtent(), bld.pickInt(1, 16), 1}},
       {10, {1, 1, 1}},
       {15, {1, 1, bld.pickExtent()}}});
  bld.hintMatmul = mkn;
  matmulRecipe().build(bld);
  bld.hintMatmul.reset();
}

} // namespace

const Recipe &argSortRecipe() {
  static const Recipe r = {
      OpKind::ArgSort,
      /*weight=*/10,
      /*since=*/{3, 0},
      /*needs=*/
      "a fresh key argument (rank 1-2) without infinities, NaN or "
      "subnormals; an integer index type for the iota",
      /*produces=*/
      "the sorted keys and the permutation (iota payload); with distinct "
      "keys, maybe the first k of both (a topk)",
      /*feasible=*/nullptr,
      /*build=*/buildArgSort};
  return r;
}

const Recipe &scatterAddOneRowRecipe() {
  static const Recipe r = {
      OpKind::ScatterAddOneRow,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/"as iree_linalg_ext.scatter, indices from a linalg.fill",
      /*produces=*/
      "the destination with every update added into one row (an exact sum "
      "for floats)",
      /*feasible=*/nullptr,
      /*build=*/buildScatterAddOneRow};
  return r;
}

const Recipe &degenerateMatmulRecipe() {
  static const Recipe r = {
      OpKind::DegenerateMatmul,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/"as linalg.matmul, fresh operands",
      /*produces=*/"a matmul with unit extents (1x2x1, K=1, M=1, N=1)",
      /*feasible=*/nullptr,
      /*build=*/buildDegenerateMatmul};
  return r;
}

} // namespace ref::fuzz::gen
