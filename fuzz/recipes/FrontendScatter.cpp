//===- FrontendScatter.cpp - torch's scatter along dim 1 -------------------===//
//
// frontend.iota_scatter: what torch-mlir makes of `self.scatter_(1, index,
// src)` / `scatter_add_` / `scatter_reduce_(amax|amin)` on a 2-D self: the
// scatter needs full coordinates, so the lowering builds them from an iota
// of the rows next to the user's column indices,
//
//   coords[r, k] = (r, index[r, k])       a linalg.generic over linalg.index
//
// and scatters src[r, k] into self at coords[r, k] (dimension_map [0, 1],
// batch dims [R, K], or flattened to [R*K] with collapse_shape as the
// index_put lowering does), usually into a linalg.fill destination
// (`torch.zeros(...).scatter_add_`), else into a function argument. Column
// indices repeat within a row: the scatter's duplicate writes are freedom
// the oracle decides on the returned result (a consumer could not).
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

ValueId collapse(Builder &bld, ValueId v,
                 ArrayRef<SmallVector<int64_t, 2>> groups) {
  const TensorType &t = bld.prog.type(v);
  Op op;
  op.kind = OpKind::CollapseShape;
  op.operands = {v};
  TensorType rt;
  rt.dtype = t.dtype;
  Shape rs;
  for (const auto &g : groups) {
    op.reassociation.push_back(g);
    int64_t e = 1;
    bool dyn = false;
    for (int64_t d : g) {
      e *= bld.prog.shape(v)[d];
      dyn |= t.isDynamic(d);
    }
    rt.dims.push_back(dyn ? kDynamic : e);
    rs.push_back(e);
  }
  OpFeature feat;
  feat.dtype = t.dtype;
  feat.rank = rt.rank();
  feat.forms.push_back("scatter_flatten");
  Facts f = bld.facts[v];
  return bld.emit(std::move(op), {rt}, {rs}, {f}, std::move(feat))[0];
}

void buildIotaScatter(Builder &bld) {
  DType et = *bld.pickDType(anyType);
  Combiner comb = et == DType::I1
                      ? Combiner::Overwrite
                      : bld.pickWeighted<Combiner>({{30, Combiner::Overwrite},
                                                    {40, Combiner::Add},
                                                    {15, Combiner::Max},
                                                    {15, Combiner::Min}});
  // self [R, C]; index and src [R, K].
  int64_t rows = bld.pickExtent(), cols = bld.pickExtent(),
          k = bld.pickExtent();
  Shape rc = {rows, cols};
  bld.fitBudget(rc);
  rows = rc[0];
  cols = rc[1];
  while (k > 1 && satMul(rows, k * 2) > bld.budget)
    k /= 2;
  bool flat = bld.maxRank < 3 || bld.chance(35);

  // The destination: a fill, or a function argument.
  bool fromFill = bld.chance(60);
  bool floatAdd = isFloat(et) && comb == Combiner::Add;
  DType it = bld.pickIndexDType(std::max(rows, cols) - 1);
  ValueSpec spec;
  spec.mode = ValueMode::Indices;
  spec.bounds = {cols};
  spec.unique = false;
  TensorType idxT = bld.makeType(it, Shape{rows, k});
  ValueId index = bld.addArg(idxT, Shape{rows, k}, spec);
  ValueId dest;
  if (fromFill) {
    uint64_t fill = bld.chance(70) ? 0 : bld.pickSmallConstant(et, Facts());
    dest = bld.makeInit(et,
                        {{rows, std::make_pair(index, 0u)}, {cols, std::nullopt}},
                        fill);
  } else {
    Need need;
    if (floatAdd) {
      need.exact = true;
      need.frac = 2;
      need.bound = std::min<int64_t>(64, int64_t(1)
                                             << (significandBits(et) - 5));
    }
    dest = bld.freshArg(et, Shape{rows, cols}, need);
  }

  // coords[r, k, 0] = r (the iota), coords[r, k, 1] = index[r, k].
  ValueId coordsInit =
      bld.makeInit(it,
                   {{rows, std::make_pair(index, 0u)},
                    {k, std::make_pair(index, 1u)},
                    {2, std::nullopt}},
                   std::nullopt);
  Body body;
  body.args = {it, it};
  ScalarInst i2 = inst("linalg.index", {}, DType::Index);
  i2.bits = 2;
  unsigned d2 = body.add(std::move(i2));
  ScalarInst zero = inst("arith.constant", {}, DType::Index);
  zero.bits = 0;
  unsigned c0 = body.add(std::move(zero));
  unsigned isRow = body.add(inst("arith.cmpi", {d2, c0}, DType::I1, "eq"));
  ScalarInst i0 = inst("linalg.index", {}, DType::Index);
  i0.bits = 0;
  unsigned d0 = body.add(std::move(i0));
  unsigned row = body.add(inst("arith.index_cast", {d0}, it));
  body.yields = {body.add(inst("arith.select", {isRow, row, 0}, it))};
  Facts cf;
  cf.exact = true;
  cf.hasRange = true;
  cf.lo = 0;
  cf.hi = std::max<int64_t>(0, std::max(rows, cols) - 1);
  cf.bound = cf.hi;
  SmallVector<bool, 3> red(3, false);
  SmallVector<GenericOperand, 1> ins = {{index, {0, 1}}};
  SmallVector<GenericOperand, 1> outs = {{coordsInit, {0, 1, 2}}};
  OpFeature cfeat;
  cfeat.dtype = it;
  genericForms(bld, cfeat, red, ins, outs);
  cfeat.forms.push_back("iota");
  cfeat.forms.push_back("scatter_coords");
  cfeat.forms.push_back("index");
  ValueId coords = emitGeneric(bld, red, ins, outs, std::move(body), {cf},
                               std::move(cfeat))[0];

  // src [R, K]: exact small values when add must stay exact (each position
  // takes at most K updates).
  Facts tf = bld.facts[dest];
  Need updNeed;
  if (floatAdd) {
    updNeed.exact = true;
    updNeed.frac = std::min(tf.frac, 2u);
    int64_t room = int64_t(1) << (significandBits(et) - updNeed.frac);
    updNeed.bound = tf.exact ? std::min<int64_t>(8, (room - tf.bound) /
                                                        std::max<int64_t>(
                                                            1, k + 1))
                             : 0;
    if (updNeed.bound < 1) {
      comb = Combiner::Overwrite;
      floatAdd = false;
      updNeed = Need();
    }
  }
  TensorType ut = idxT;
  ut.dtype = et;
  ValueId src = bld.freshArgOfType(ut, Shape{rows, k}, updNeed);
  if (flat) {
    coords = collapse(bld, coords, {{0, 1}, {2}});
    src = collapse(bld, src, {{0, 1}});
  }

  Op op;
  op.kind = OpKind::Scatter;
  op.ints = {0, 1};
  op.numIns = 2;
  op.operands = {src, coords, dest};
  op.flag = false;
  op.body = bld.combinerBody(et, comb);
  OpFeature feat;
  feat.dtype = et;
  feat.rank = 2;
  feat.forms = {"depth=2",
                "batch_rank=" + std::to_string(flat ? 1 : 2),
                "iota_coords",
                fromFill ? "dest=fill" : "dest=argument",
                "combiner=" + combinerName(comb).str(),
                "non_unique_indices",
                std::string("indices=") + dtypeName(it).str()};
  Facts uf = bld.facts[src];
  Facts f = joinFacts(tf, uf);
  f.distinct = false;
  f.uniform = false;
  if (comb == Combiner::Add) {
    f.bound = satAdd(tf.bound, satMul(k, uf.bound));
    f.exact = tf.exact && uf.exact &&
              (isInteger(et) || exactIn(et, f.bound, f.frac));
    f.hasRange = false;
    if (isFloat(et))
      f.approx = f.approx || !f.exact;
  }
  // Repeated columns in a row: multi-writes (returned only).
  if (k > 1)
    f.coarse = true;
  bld.emit(std::move(op), {bld.prog.type(dest)},
           {Shape{rows, cols}}, {f}, std::move(feat));
}

} // namespace

const Recipe &iotaScatterRecipe() {
  static const Recipe r = {
      OpKind::IotaScatter,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/
      "rank 2 (3 for the unflattened coordinates); fresh column indices "
      "[R, K] in [0, C) and updates [R, K]; exact small values under add",
      /*produces=*/
      "the iota coordinates (row, index) and the scattered [R, C] tensor "
      "(multi-writes when K > 1, returned only)",
      /*feasible=*/[](const Builder &bld) { return bld.maxRank >= 2; },
      /*build=*/buildIotaScatter};
  return r;
}

} // namespace ref::fuzz::gen
