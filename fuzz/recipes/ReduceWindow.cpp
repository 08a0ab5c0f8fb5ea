//===- ReduceWindow.cpp - The recipe of stablehlo.reduce_window -----------===//
//
// stablehlo.reduce_window in StableHLO's generic form, in the middle of an
// ordinary linalg-level program. Its golden comes from the StableHLO op
// itself (interp/exec/kernels/StablehloKernels.cpp) and the targets compile
// it through IREE's own StableHLO input conversion, so a conversion that
// changes the program's meaning shows as a mismatch (iree#23381: the suffix
// scan of JAX's gradient of cumsum lowered to a forward scan, 3.10.0).
//
// Two forms, from IREE's conversion patterns (plugins/input/StableHLO/
// Conversion/StableHLOToLinalgExt.cpp ScanOpConversion, and the pooling
// conversion of StableHLOToLinalg):
//  - "scan": the precondition of ScanOpConversion met on purpose: unit
//    strides and dilations, window 1 on every dimension but one, which is
//    full width (n >= 2), padding n - 1 on one side of that dimension only
//    (prefix: cumsum; suffix: its gradient);
//  - "pool": any window, strides, window and base dilations and padding
//    whose windows fit.
// The body is one associative op (add, multiply, maximum, minimum) with its
// identity as the init value: the spec leaves the order and the number of
// extra init values to the implementation, which changes nothing then.
// Float sums keep exact values (the window's sum stays representable);
// products only of -1, 0 and 1. Element types IREE's StableHLO input takes
// without demotion (no f64, no i64: --iree-input-demote-* change them).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"
#include "interp/support/WindowExtent.h"

#include <cmath>

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

bool windowType(DType t) {
  return t == DType::F32 || t == DType::F16 || t == DType::BF16 ||
         t == DType::I8 || t == DType::I16 || t == DType::I32;
}

void buildReduceWindow(Builder &bld) {
  DType t = *bld.pickDType(windowType);
  Combiner comb = bld.pickWeighted<Combiner>({{45, Combiner::Add},
                                              {20, Combiner::Max},
                                              {20, Combiner::Min},
                                              {15, Combiner::Mul}});
  bool scanForm = bld.chance(50);
  unsigned sumFrac = bld.pickInt(0, 2);
  // What a float input must satisfy for windows of `terms` elements, and
  // the longest float sum that stays exact.
  auto needFor = [&](int64_t terms) {
    return exactCombineNeed(t, comb, terms, sumFrac);
  };
  int64_t maxTerms = longestExactCombine(t, comb);
  // The most elements a window of `shape` may hold: a scan's whole
  // dimension, or a pool window of at most 4 per dimension.
  auto mostTerms = [](ArrayRef<int64_t> shape) {
    int64_t longest = 0, pool = 1;
    for (int64_t e : shape) {
      longest = std::max(longest, e);
      pool *= 4;
    }
    return std::max(longest, pool);
  };

  auto existing = bld.pickExisting([&](ValueId v) {
    const TensorType &ty = bld.prog.type(v);
    if (ty.dtype != t || ty.rank() < 1 || ty.hasDynamic())
      return false;
    int64_t longest = 0;
    for (int64_t e : bld.prog.shape(v))
      longest = std::max(longest, e);
    return mostTerms(bld.prog.shape(v)) <= maxTerms &&
           (!scanForm || longest >= 2) &&
           fits(bld.facts[v], t, needFor(mostTerms(bld.prog.shape(v))));
  });
  ValueId in;
  Shape shape;
  if (existing) {
    in = *existing;
    shape.assign(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  } else {
    unsigned rank = bld.pickRank(1, 3);
    shape = bld.pickShape(rank, 1);
    for (int64_t &e : shape)
      e = std::min(e, std::min<int64_t>(maxTerms / 4, 64));
    if (scanForm && llvm::all_of(shape, [](int64_t e) { return e < 2; }))
      shape[bld.pickInt(0, rank - 1)] = 2;
    TensorType ty;
    ty.dtype = t;
    ty.dims = shape;
    in = bld.freshArgOfType(ty, shape, needFor(mostTerms(shape)));
  }
  unsigned rank = shape.size();
  Facts inF = bld.facts[in];

  Op op;
  op.kind = OpKind::ReduceWindow;
  op.operands = {in};
  op.numIns = 1;
  op.ints.assign(rank, 1);
  op.strides.assign(rank, 1);
  op.sizes.assign(rank, 1);
  op.offsets.assign(rank, 1);
  op.low.assign(rank, 0);
  op.high.assign(rank, 0);
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  if (scanForm) {
    SmallVector<unsigned, 4> axes;
    for (unsigned d = 0; d < rank; ++d)
      if (shape[d] >= 2)
        axes.push_back(d);
    unsigned d = axes[bld.pickInt(0, axes.size() - 1)];
    bool suffix = bld.chance(50);
    op.ints[d] = shape[d];
    (suffix ? op.high : op.low)[d] = shape[d] - 1;
    feat.forms.push_back(suffix ? "scan=suffix" : "scan=prefix");
    feat.forms.push_back("dim=" + std::to_string(d));
  } else {
    for (unsigned d = 0; d < rank; ++d) {
      int64_t n = shape[d];
      op.sizes[d] = bld.chance(15) ? 2 : 1;
      op.offsets[d] = bld.chance(20) ? 2 : 1;
      op.low[d] = bld.chance(40) ? bld.pickInt(0, 2) : 0;
      op.high[d] = bld.chance(40) ? bld.pickInt(0, 2) : 0;
      int64_t padded = (n - 1) * op.sizes[d] + 1 + op.low[d] + op.high[d];
      int64_t maxW = std::max<int64_t>(1, (padded - 1) / op.offsets[d] + 1);
      op.ints[d] = bld.pickInt(1, std::min<int64_t>(maxW, 4));
      op.strides[d] = bld.pickInt(1, 3);
      if (windowedExtent(n, op.ints[d], op.strides[d], op.sizes[d],
                         op.offsets[d], op.low[d], op.high[d]) < 1) {
        op.ints[d] = 1;
        op.offsets[d] = 1;
      }
    }
    feat.forms.push_back("pool");
    if (llvm::any_of(op.sizes, [](int64_t v) { return v > 1; }))
      feat.forms.push_back("base_dilation");
    if (llvm::any_of(op.offsets, [](int64_t v) { return v > 1; }))
      feat.forms.push_back("window_dilation");
    if (llvm::any_of(op.strides, [](int64_t v) { return v > 1; }))
      feat.forms.push_back("stride");
    if (llvm::any_of(op.low, [](int64_t v) { return v > 0; }) ||
        llvm::any_of(op.high, [](int64_t v) { return v > 0; }))
      feat.forms.push_back("padding");
  }
  Shape outShape;
  int64_t terms = 1;
  bool maybeAllPadding = false;
  for (unsigned d = 0; d < rank; ++d) {
    outShape.push_back(windowedExtent(shape[d], op.ints[d], op.strides[d],
                                      op.sizes[d], op.offsets[d], op.low[d],
                                      op.high[d]));
    terms *= op.ints[d];
    maybeAllPadding |=
        !scanForm && (op.sizes[d] > 1 || op.low[d] > 0 || op.high[d] > 0);
  }

  // The body and its identity.
  bool f = isFloat(t);
  StringRef name;
  uint64_t identity = 0;
  switch (comb) {
  case Combiner::Max:
    name = "stablehlo.maximum";
    identity = signedExtremeBits(t, /*lowest=*/true);
    break;
  case Combiner::Min:
    name = "stablehlo.minimum";
    identity = signedExtremeBits(t, /*lowest=*/false);
    break;
  case Combiner::Mul:
    name = "stablehlo.multiply";
    identity = bitsOf(1.0, t);
    break;
  default:
    name = "stablehlo.add";
    identity = bitsOf(0.0, t);
    break;
  }
  op.scalar = identity;
  Body b;
  b.args = {t, t};
  b.yield = b.add(inst(name, {0, 1}, t));
  op.body = std::move(b);
  feat.forms.push_back("combiner=" + combinerName(comb).str());

  Facts rf = inF;
  rf.distinct = false;
  rf.coarse = rf.derived = false;
  if (comb == Combiner::Add) {
    rf.bound = satMul(std::max<int64_t>(terms, 1), inF.bound);
    rf.exact = inF.exact && (isInteger(t) || exactIn(t, rf.bound, rf.frac));
    rf.hasRange = false;
  } else if (comb == Combiner::Mul) {
    rf.bound = std::max<int64_t>(1, inF.bound);
    rf.exact = inF.exact && inF.bound <= 1;
    rf.hasRange = false;
  } else if (maybeAllPadding) {
    // A window of padding alone yields the identity: +-inf, INT_MIN/MAX.
    rf = joinFacts(inF, constantFacts(identity, t));
    rf.distinct = false;
    rf.coarse = rf.derived = false;
  }
  if (f && (comb == Combiner::Add || comb == Combiner::Mul))
    rf.approx = rf.approx || !rf.exact;
  TensorType outType;
  outType.dtype = t;
  outType.dims = outShape;
  bld.emit(std::move(op), {outType}, {outShape}, {rf}, std::move(feat));
}

} // namespace

const Recipe &reduceWindowRecipe() {
  static const Recipe r = {
      OpKind::ReduceWindow,
      /*weight=*/10,
      /*since=*/{3, 0},
      /*needs=*/
      "f32, f16, bf16, i8, i16 or i32; a static input; exact values whose "
      "window sums/products stay exact for add/multiply",
      /*produces=*/
      "a stablehlo.reduce_window (scan or pool form) with an identity init",
      /*feasible=*/[](const Builder &bld) { return bld.anyDType(windowType); },
      /*build=*/buildReduceWindow};
  return r;
}

} // namespace ref::fuzz::gen
