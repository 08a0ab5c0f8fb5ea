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
//  - frontend.sort_arg_outs: a sort whose `outs` are function arguments
//    (keys, maybe a payload), sorted in place, and an elementwise reader of
//    those arguments (before or after the sort) whose result is returned:
//    the argument's value must be the input, not the sorted data.
//  - frontend.dead_results: one op (of the kinds the case may use, multi-
//    result ones favoured) some or all of whose results are computed and
//    never returned nor read.
// The scatter and matmul reuse their op recipes through the Builder's hints.
// (frontend.matmul_extf: FrontendMatmul.cpp; frontend.iota_scatter:
// FrontendScatter.cpp.)
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

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

/// An elementwise linalg.generic reading function argument `v`: a copy, or
/// its negation (negf; 0 - x for integers, wrapping; not for i1).
ValueId emitArgReader(Builder &bld, ValueId v, bool beforeSort) {
  DType t = bld.prog.type(v).dtype;
  unsigned rank = bld.prog.type(v).rank();
  SmallVector<int64_t, 4> identity;
  for (unsigned l = 0; l < rank; ++l)
    identity.push_back(l);
  bool negate = bld.chance(65);
  Body body;
  body.args = {t, t};
  Facts f = bld.facts[v];
  if (!negate) {
    body.yields = {0};
  } else if (isFloat(t)) {
    body.yields = {body.add(inst("arith.negf", {0}, t))};
  } else if (t == DType::I1) {
    ScalarInst one = inst("arith.constant", {}, t);
    one.bits = 1;
    unsigned c = body.add(std::move(one));
    body.yields = {body.add(inst("arith.xori", {0, c}, t))};
  } else {
    ScalarInst zero = inst("arith.constant", {}, t);
    zero.bits = 0;
    unsigned c = body.add(std::move(zero));
    body.yields = {body.add(inst("arith.subi", {c, 0}, t))};
    // -x, unless x may be the type's minimum (it wraps to itself).
    if (f.hasRange && f.lo > intMinOf(t)) {
      int64_t lo = -f.hi, hi = -f.lo;
      f.lo = lo;
      f.hi = hi;
    } else {
      f.hasRange = false;
      f.exact = false;
    }
  }
  ValueId init = bld.makeInit(t, bld.mirror(v), std::nullopt);
  SmallVector<bool, 4> red(rank, false);
  SmallVector<GenericOperand, 1> ins = {{v, identity}};
  SmallVector<GenericOperand, 1> outs = {{init, identity}};
  OpFeature feat;
  feat.dtype = t;
  genericForms(bld, feat, red, ins, outs);
  feat.forms.push_back("arg_reader");
  feat.forms.push_back(negate ? "negate" : "copy");
  feat.forms.push_back(beforeSort ? "before_sort" : "after_sort");
  return emitGeneric(bld, red, ins, outs, std::move(body), {f},
                     std::move(feat))[0];
}

void buildSortArgOuts(Builder &bld) {
  DType kt = *bld.pickDType(anyType);
  Need keyNeed;
  keyNeed.noInf = true;
  keyNeed.noReduction = true;
  keyNeed.noDenormal = true;
  Shape shape = bld.pickShape(bld.pickRank(1, 2), 1);
  ValueId key = bld.freshArg(kt, shape, keyNeed, /*distinctWeight=*/30);
  unsigned rank = shape.size();
  SmallVector<ValueId, 2> operands = {key};
  if (bld.chance(55)) {
    // A payload argument sorted along (iree-org/iree#24665's form).
    TensorType pt = bld.prog.type(key);
    pt.dtype = *bld.pickDType(anyType);
    Need need;
    need.noReduction = true;
    operands.push_back(bld.freshArgOfType(pt, shape, need));
  }
  // Which sorted arguments another op reads too.
  SmallVector<ValueId, 2> read;
  if (operands.size() == 1)
    read = {key};
  else
    switch (bld.pickWeighted<int>({{35, 0}, {35, 1}, {30, 2}})) {
    case 0:
      read = {operands[0]};
      break;
    case 1:
      read = {operands[1]};
      break;
    default:
      read = operands;
      break;
    }
  bool before = bld.chance(30);
  SmallVector<ValueId, 2> readers;
  if (before)
    for (ValueId v : read)
      readers.push_back(emitArgReader(bld, v, true));

  Op op;
  op.kind = OpKind::Sort;
  op.dimension = bld.pickInt(0, rank - 1);
  op.operands.assign(operands.begin(), operands.end());
  op.numIns = 0;
  Body &b = op.body;
  for (ValueId v : operands) {
    b.args.push_back(bld.prog.type(v).dtype);
    b.args.push_back(bld.prog.type(v).dtype);
  }
  StringRef pred = bld.pickStrictPredicate(kt);
  b.yield = b.add(inst(cmpName(kt), {0, 1}, DType::I1, pred));
  OpFeature feat;
  feat.dtype = kt;
  feat.rank = rank;
  feat.forms = {"operands=" + std::to_string(operands.size()),
                "comparator=" + pred.str(),
                "dim=" + std::to_string(op.dimension), "outs=arguments"};
  bool distinct = bld.facts[key].distinct;
  if (distinct)
    feat.forms.push_back("distinct_keys");
  SmallVector<TensorType, 2> types;
  SmallVector<Shape, 2> shapes;
  SmallVector<Facts, 2> rf;
  for (ValueId v : operands) {
    types.push_back(bld.prog.type(v));
    shapes.push_back(shape);
    Facts f = bld.facts[v];
    f.coarse = f.coarse || !distinct;
    f.distinct = f.distinct && distinct;
    rf.push_back(f);
  }
  bld.emit(std::move(op), types, shapes, rf, std::move(feat));

  if (!before)
    for (ValueId v : read)
      readers.push_back(emitArgReader(bld, v, false));
  for (ValueId r : readers)
    bld.mustReturn.push_back(r);
}

void buildDeadResults(Builder &bld) {
  // The op kinds the case may use (those listed, or the default mix of a
  // --frontend case); listed alone, sort and generic, the multi-result ops
  // every release has (so that its capability probe tests this recipe, not
  // whichever op family a release lacks). Multi-result ops twice as
  // likely: a dead result beside a live one is what IREE's bufferization of
  // unused DPS results trips on.
  bool listed = llvm::any_of(bld.kinds, [](OpKind k) {
    return static_cast<unsigned>(k) < kFirstFrontendKind;
  });
  SmallVector<std::pair<unsigned, const Recipe *>, 24> cands;
  for (unsigned i = 0; i < kFirstFrontendKind; ++i) {
    OpKind k = static_cast<OpKind>(i);
    if (k == OpKind::Empty ||
        (listed ? !llvm::is_contained(bld.kinds, k)
                : k != OpKind::Sort && k != OpKind::Generic))
      continue;
    const Recipe *r = recipeFor(k);
    if (!r || !r->available(bld.opts) || (r->feasible && !r->feasible(bld)))
      continue;
    bool multi = k == OpKind::Sort || k == OpKind::TopK ||
                 k == OpKind::Generic || k == OpKind::Scan ||
                 k == OpKind::ArgCompare;
    cands.push_back({std::max(1u, r->weight) * (multi ? 2 : 1), r});
  }
  if (cands.empty())
    cands.push_back({1, &genericRecipe()});
  ValueId first = bld.prog.values.size();
  bld.pickWeighted<const Recipe *>(cands)->build(bld);
  SmallVector<ValueId, 4> fresh;
  for (ValueId v = first; v < bld.prog.values.size(); ++v)
    if (bld.prog.value(v).defOp >= 0 && !bld.isEmptyValue[v] &&
        bld.uses[v] == 0)
      fresh.push_back(v);
  if (fresh.empty())
    return;
  if (fresh.size() == 1) {
    // All of it dead, and a live op beside it.
    bld.dead.push_back(fresh[0]);
    bld.pickWeighted<const Recipe *>(cands)->build(bld);
    return;
  }
  // Some dead, some live.
  SmallVector<bool, 4> isDead;
  for (size_t i = 0; i < fresh.size(); ++i)
    isDead.push_back(bld.chance(50));
  if (llvm::all_of(isDead, [](bool d) { return d; }))
    isDead[bld.pickInt(0, fresh.size() - 1)] = false;
  if (llvm::none_of(isDead, [](bool d) { return d; }))
    isDead[bld.pickInt(0, fresh.size() - 1)] = true;
  for (auto [v, d] : llvm::zip(fresh, isDead))
    if (d)
      bld.dead.push_back(v);
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

const Recipe &sortArgOutsRecipe() {
  static const Recipe r = {
      OpKind::SortArgOuts,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/
      "fresh key (and maybe payload) arguments, rank 1-2, keys without "
      "infinities, NaN or subnormals",
      /*produces=*/
      "the sorted arguments (tie groups unless the keys are distinct) and "
      "an elementwise reader of the arguments (copy or negation), returned",
      /*feasible=*/nullptr,
      /*build=*/buildSortArgOuts};
  return r;
}

const Recipe &deadResultsRecipe() {
  static const Recipe r = {
      OpKind::DeadResults,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/
      "as the op recipe it runs: a kind the case may use (listed alone: "
      "sort or generic)",
      /*produces=*/
      "that op with some of its results (or all, beside a live op) never "
      "returned nor read",
      /*feasible=*/nullptr,
      /*build=*/buildDeadResults};
  return r;
}

} // namespace ref::fuzz::gen
