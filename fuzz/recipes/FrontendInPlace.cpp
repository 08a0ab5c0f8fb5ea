//===- FrontendInPlace.cpp - scatter into an argument read again -----------===//
//
// frontend.scatter_arg_rows: the precondition of IREE's in-place
// bufferization bug of PR #24504 (a scatter treated as not reading its
// destination, so an out-of-place copy of the destination was dropped),
// derived from the pass and its fix: the scatter's destination is a
// function argument (a read-only binding after dispatch formation) and its
// updates cover only some rows, so the other rows must come from the
// argument; the argument is read again after the scatter, by an elementwise
// generic that reads both the argument and the scatter's result (a
// consumer dispatch creation may fuse with the scatter: inside one dispatch
// the destination then has a later reader and must be bufferized out of
// place). The KV-cache update of the bug's report (decode, prefill, decode)
// has this shape: rows of a cache updated, the old cache read again.
//
//   %s = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
//          ins(%upd : tensor<KxCxT>, %idx : tensor<Kx1xI>)
//          outs(%arg : tensor<RxCxT>)          K < R rows updated
//   %r:2 = linalg.generic ins(%arg, %s) -> (copy of %arg, or max(%arg, %s);
//                                            %s passed through)
//   return %r#0, %r#1
// or a copy of %arg by a generic of its own, returned beside %s.
//
// The indices are unique (one write per row: no multi-write freedom); the
// combiner overwrites or adds (exact small values, one update per row).
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildScatterArgRows(Builder &bld) {
  DType et = *bld.pickDType(anyType);
  Combiner comb = et != DType::I1 && bld.chance(30) ? Combiner::Add
                                                     : Combiner::Overwrite;
  Shape rc = {std::max<int64_t>(2, bld.pickExtent()), bld.pickExtent()};
  bld.fitBudget(rc, 2);
  int64_t rows = std::max<int64_t>(2, rc[0]), cols = rc[1];
  // Strictly fewer updated rows than the destination has.
  int64_t k = bld.pickInt(1, rows - 1);

  Need destNeed;
  bool floatAdd = isFloat(et) && comb == Combiner::Add;
  if (floatAdd) {
    destNeed.exact = true;
    destNeed.frac = 2;
    destNeed.bound = std::min<int64_t>(64, int64_t(1)
                                               << (significandBits(et) - 5));
  }
  ValueId dest = bld.freshArg(et, Shape{rows, cols}, destNeed);

  ValueSpec spec;
  spec.mode = ValueMode::Indices;
  spec.bounds = {rows};
  spec.unique = true;
  DType it = bld.pickIndexDType(rows - 1);
  TensorType idxT = bld.makeType(it, Shape{k, 1});
  idxT.dims[1] = 1; // the index depth is static
  ValueId index = bld.addArg(idxT, Shape{k, 1}, spec);

  Facts tf = bld.facts[dest];
  Need updNeed;
  if (floatAdd) {
    updNeed.exact = true;
    updNeed.frac = std::min(tf.frac, 2u);
    int64_t room = int64_t(1) << (significandBits(et) - updNeed.frac);
    updNeed.bound = tf.exact ? std::min<int64_t>(8, (room - tf.bound) / 2) : 0;
    if (updNeed.bound < 1) {
      comb = Combiner::Overwrite;
      floatAdd = false;
      updNeed = Need();
    }
  }
  // The updates' row extent is the indices' (IREE's verifier wants the
  // same static or dynamic extent on both).
  TensorType ut = bld.makeType(et, Shape{k, cols});
  ut.dims[0] = idxT.dims[0];
  ValueId upd = bld.freshArgOfType(ut, Shape{k, cols}, updNeed);

  Op op;
  op.kind = OpKind::Scatter;
  op.ints = {0};
  op.numIns = 2;
  op.operands = {upd, index, dest};
  op.flag = true;
  op.body = bld.combinerBody(et, comb);
  OpFeature feat;
  feat.dtype = et;
  feat.rank = 2;
  feat.forms = {"depth=1", "batch_rank=1", "dest=argument",
                "rows_updated=" + std::string(k * 2 <= rows ? "few" : "most"),
                "combiner=" + combinerName(comb).str(), "unique_indices",
                std::string("indices=") + dtypeName(it).str()};
  Facts uf = bld.facts[upd];
  Facts sf = joinFacts(tf, uf);
  sf.distinct = false;
  sf.uniform = false;
  if (comb == Combiner::Add) {
    sf.bound = satAdd(tf.bound, uf.bound);
    sf.exact = tf.exact && uf.exact &&
               (isInteger(et) || exactIn(et, sf.bound, sf.frac));
    sf.hasRange = false;
    if (isFloat(et))
      sf.approx = sf.approx || !sf.exact;
  }
  ValueId scattered = bld.emit(std::move(op), {bld.prog.type(dest)},
                               {Shape{rows, cols}}, {sf}, std::move(feat))[0];

  // The argument read again, beside the scatter's result: either one
  // generic with two outputs, the argument (a copy, or its max with the
  // scatter) and the scatter's result passed through, or a generic that
  // copies the argument alone with the scatter returned itself (the shape
  // of iree-org/iree#24665 for a sort). Both are returned (a reader of the
  // argument alone would leave the scatter dead).
  bool separate = bld.chance(50);
  bool useMax = !separate && et != DType::I1 && bld.chance(40);
  Body body;
  Facts rf = bld.facts[dest];
  if (useMax) {
    StringRef maxOp = isFloat(et) ? "arith.maximumf" : "arith.maxsi";
    body.yields = {body.add(inst(maxOp, {0, 1}, et)), 1};
    rf = joinFacts(bld.facts[dest], sf);
    rf.distinct = false;
    rf.uniform = false;
  } else {
    body.yields = separate ? SmallVector<unsigned, 2>{0}
                           : SmallVector<unsigned, 2>{0, 1};
  }
  SmallVector<int64_t, 4> identity = {0, 1};
  SmallVector<bool, 2> red(2, false);
  SmallVector<GenericOperand, 2> ins = {{dest, identity}};
  SmallVector<GenericOperand, 2> outs = {
      {bld.makeInit(et, bld.mirror(dest), std::nullopt), identity}};
  SmallVector<Facts, 2> outFacts = {rf};
  if (!separate) {
    ins.push_back({scattered, identity});
    outs.push_back(
        {bld.makeInit(et, bld.mirror(dest), std::nullopt), identity});
    outFacts.push_back(sf);
  }
  body.args.assign(ins.size() + outs.size(), et);
  OpFeature rfeat;
  rfeat.dtype = et;
  genericForms(bld, rfeat, red, ins, outs);
  rfeat.forms.push_back("arg_reader");
  rfeat.forms.push_back(useMax ? "max_with_scatter"
                        : separate ? "copy_beside_scatter"
                                   : "copy");
  SmallVector<ValueId, 2> readers = emitGeneric(
      bld, red, ins, outs, std::move(body), outFacts, std::move(rfeat));
  for (ValueId r : readers)
    bld.mustReturn.push_back(r);
  if (separate)
    bld.mustReturn.push_back(scattered);
}

} // namespace

const Recipe &scatterArgRowsRecipe() {
  static const Recipe r = {
      OpKind::ScatterArgRows,
      /*weight=*/8,
      /*since=*/{3, 0},
      /*needs=*/
      "rank 2; a fresh destination argument [R, C], K < R unique row "
      "indices and updates [K, C]; exact small values under add",
      /*produces=*/
      "the scattered [R, C] tensor and an elementwise generic reading the "
      "argument and the scatter: the argument (copy or max with the "
      "scatter) and the scatter passed through, both returned",
      /*feasible=*/[](const Builder &bld) { return bld.maxRank >= 2; },
      /*build=*/buildScatterArgRows};
  return r;
}

} // namespace ref::fuzz::gen
