//===- Softmax.cpp - The recipe of linalg.softmax -------------------------===//
//
// linalg.softmax over any dimension of a float tensor. IREE decomposes it as
// the interpreter does (max, exp(x - max), sum, divide), but its `exp` is
// an approximation and it may reassociate the sum: the result is `approx`
// and carries reduction freedom (the interpreter reports the line length).
// Inputs are exact, finite and small (|x| <= 2), so every exp(x - max) lies
// in [e^-4, 1], nothing overflows, and no result is subnormal (f16 lines
// are kept short enough for that).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

/// The longest line whose smallest softmax result, e^(-2 * bound) / n,
/// stays a normal number of `t` (with a factor 4 of margin).
int64_t maxLine(DType t, int64_t bound) {
  if (t != DType::F16)
    return std::numeric_limits<int64_t>::max();
  double minNormal = std::ldexp(1.0, -14);
  return std::max<int64_t>(
      1, static_cast<int64_t>(std::exp(-2.0 * bound) / minNormal / 4));
}

void buildSoftmax(Builder &bld) {
  DType t = *bld.pickDType(isFloat);
  Need need;
  need.exact = true;
  need.bound = bld.pickOne<int64_t>({1, 2});
  need.frac = bld.pickInt(0, 2);
  need.noInf = true;
  need.noDenormal = true;
  // An exp after another op's reduction could amplify its reassociation
  // beyond the oracle's bound.
  need.noReduction = true;
  int64_t limit = maxLine(t, need.bound);
  auto ok = [&](ValueId v) {
    return llvm::any_of(bld.prog.shape(v),
                        [&](int64_t e) { return e >= 1 && e <= limit; }) &&
           bld.noZeroExtent(v);
  };
  ValueId in;
  if (auto existing = bld.pickExisting([&](ValueId v) {
        const TensorType &ty = bld.prog.type(v);
        return ty.dtype == t && ty.rank() >= 1 && ty.rank() <= bld.maxRank &&
               fits(bld.facts[v], t, need) && ok(v);
      })) {
    in = *existing;
  } else {
    Shape s = bld.pickShape(bld.pickRank(1, 4));
    for (int64_t &e : s)
      e = std::min(e, limit);
    in = bld.freshArg(t, s, need);
  }
  unsigned rank = bld.prog.type(in).rank();
  SmallVector<int64_t, 4> dims;
  for (unsigned d = 0; d < rank; ++d)
    if (bld.prog.shape(in)[d] <= limit)
      dims.push_back(d);
  int64_t dim = bld.pickOne<int64_t>(dims);

  // softmax overwrites its init: tensor.empty, sometimes a fill.
  std::optional<uint64_t> fill;
  if (bld.chance(20))
    fill = bld.pickSmallConstant(t, Facts());
  ValueId init = bld.makeInit(t, bld.mirror(in), fill);
  Op op;
  op.kind = OpKind::Softmax;
  op.operands = {in, init};
  op.numIns = 1;
  op.dimension = dim;
  // Results in (0, 1], none subnormal, one ULP-level approximation.
  Facts f;
  f.approx = true;
  f.reduction = true;
  f.uniform = bld.facts[in].uniform;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("dim=" + std::to_string(dim));
  if (fill)
    feat.forms.push_back("filled_init");
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  bld.emit(std::move(op), {bld.prog.type(init)}, {shape}, {f},
           std::move(feat));
}

bool softmaxFeasible(const Builder &bld) { return bld.anyDType(isFloat); }

} // namespace

const Recipe &softmaxRecipe() {
  static const Recipe r = {
      OpKind::Softmax,
      /*weight=*/5,
      /*since=*/{3, 0},
      /*needs=*/
      "a float type; exact finite values |x| <= 2 without reduction freedom "
      "(f16: lines short enough that no result is subnormal)",
      /*produces=*/
      "approx results in (0, 1] with reduction freedom (the line length)",
      /*feasible=*/softmaxFeasible,
      /*build=*/buildSoftmax};
  return r;
}

} // namespace ref::fuzz::gen
