//===- Sort.cpp
//-------------------------------------------------------------===//
//
// The recipe of iree_linalg_ext.sort: 1-3 operands, lexicographic two-key
// comparators.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildSort(Builder &bld) {
  DType kt = *bld.pickDType(anyType);
  Need keyNeed;
  keyNeed.noInf = true;
  keyNeed.noReduction = true;
  keyNeed.noDenormal = true;
  ValueId key = bld.pickInput(
      kt, 1, 4, keyNeed, [](ValueId) { return true; }, 1,
      /*distinctWeight=*/30);
  TensorType keyType = bld.prog.type(key);
  Shape shape(bld.prog.shape(key).begin(), bld.prog.shape(key).end());
  unsigned rank = keyType.rank();

  unsigned n = bld.pickWeighted<unsigned>({{40, 1}, {40, 2}, {20, 3}});
  bool lexicographic = n >= 2 && bld.chance(35);
  SmallVector<ValueId, 3> operands = {key};
  for (unsigned i = 1; i < n; ++i) {
    DType pt = *bld.pickDType(anyType);
    Need need;
    need.noReduction = true;
    if (lexicographic && i == 1) {
      need.noInf = true;
      need.noDenormal = true;
    }
    TensorType want = keyType;
    want.dtype = pt;
    auto existing = bld.pickExisting([&](ValueId v) {
      return bld.prog.type(v) == want && bld.prog.shape(v) == ArrayRef(shape) &&
             fits(bld.facts[v], pt, need) && !llvm::is_contained(operands, v);
    });
    operands.push_back(existing ? *existing
                                : bld.freshArgOfType(want, shape, need));
  }

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
  OpFeature feat;
  feat.dtype = kt;
  feat.rank = rank;
  feat.forms.push_back("operands=" + std::to_string(n));
  if (lexicographic) {
    DType k1 = bld.prog.type(operands[1]).dtype;
    bool greater = bld.chance(50);
    auto strict = [&](DType t) -> StringRef {
      if (isFloat(t))
        return greater ? "ogt" : "olt";
      bool unsignedCmp = t == DType::I1;
      return greater ? (unsignedCmp ? "ugt" : "sgt")
                     : (unsignedCmp ? "ult" : "slt");
    };
    unsigned lt0 = b.add(inst(cmpName(kt), {0, 1}, DType::I1, strict(kt)));
    unsigned eq0 =
        b.add(inst(cmpName(kt), {0, 1}, DType::I1, isFloat(kt) ? "oeq" : "eq"));
    unsigned lt1 = b.add(inst(cmpName(k1), {2, 3}, DType::I1, strict(k1)));
    unsigned both = b.add(inst("arith.andi", {eq0, lt1}, DType::I1));
    b.yield = b.add(inst("arith.ori", {lt0, both}, DType::I1));
    feat.forms.push_back("comparator=lexicographic");
  } else {
    StringRef pred =
        isFloat(kt) ? bld.pickWeighted<StringRef>(
                          {{35, "olt"}, {35, "ogt"}, {15, "ole"}, {15, "oge"}})
                    : bld.pickWeighted<StringRef>({{20, "slt"},
                                                   {20, "sgt"},
                                                   {15, "ult"},
                                                   {15, "ugt"},
                                                   {8, "sle"},
                                                   {8, "sge"},
                                                   {7, "ule"},
                                                   {7, "uge"}});
    b.yield = b.add(inst(cmpName(kt), {0, 1}, DType::I1, pred));
    feat.forms.push_back("comparator=" + pred.str());
  }
  feat.forms.push_back("dim=" + std::to_string(op.dimension));

  // Without distinct keys the interpreter reports tie groups: the results
  // may be returned (the oracle compares the groups as multisets) but not
  // consumed.
  bool keysDistinct = bld.facts[key].distinct;
  if (keysDistinct)
    feat.forms.push_back("distinct_keys");
  SmallVector<TensorType, 3> types;
  SmallVector<Shape, 3> shapes;
  SmallVector<Facts, 3> rf;
  for (ValueId v : operands) {
    types.push_back(bld.prog.type(v));
    shapes.push_back(shape);
    Facts f = bld.facts[v];
    f.coarse = f.coarse || !keysDistinct;
    rf.push_back(f);
  }
  bld.emit(std::move(op), types, shapes, rf, std::move(feat));
}

} // namespace

const Recipe &sortRecipe() {
  static const Recipe r = {
      OpKind::Sort,
      /*weight=*/14,
      /*since=*/{3, 0},
      /*needs=*/
      "keys without infinities, NaN, subnormals, approximate values or "
      "reduction freedom; any element type, rank 1-4",
      /*produces=*/
      "the sorted operands; tie groups (returned only) unless the keys are "
      "distinct",
      /*feasible=*/nullptr,
      /*build=*/buildSort};
  return r;
}

} // namespace ref::fuzz::gen
