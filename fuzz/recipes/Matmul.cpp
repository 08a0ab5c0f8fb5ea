//===- Matmul.cpp
//-----------------------------------------------------------===//
//
// The recipes of linalg.matmul and linalg.batch_matmul, mixed precision
// included.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildMatmul(Builder &bld, bool batch) {
  // (input, accumulator) element types.
  SmallVector<std::pair<unsigned, std::pair<DType, DType>>, 10> combos;
  auto add = [&](unsigned w, DType in, DType acc) {
    if (bld.dtypeAllowed(in) && bld.dtypeAllowed(acc))
      combos.push_back({w, {in, acc}});
  };
  add(20, DType::F32, DType::F32);
  add(10, DType::F16, DType::F16);
  add(10, DType::F16, DType::F32);
  add(6, DType::BF16, DType::BF16);
  add(8, DType::BF16, DType::F32);
  add(5, DType::F64, DType::F64);
  add(8, DType::I8, DType::I32);
  add(8, DType::I32, DType::I32);
  add(3, DType::I16, DType::I32);
  add(3, DType::I64, DType::I64);
  if (combos.empty()) {
    DType t = *bld.pickDType(notI1);
    combos.push_back({1, {t, t}});
  }
  auto [inT, accT] = bld.pickWeighted<std::pair<DType, DType>>(combos);

  int64_t k = bld.hintMatmul ? (*bld.hintMatmul)[1]
              : bld.pickWeighted<int>({{40, 0}, {40, 1}, {20, 2}}) == 0
                  ? bld.pickInt(1, 4)
                  : bld.pickInt(1, 16);
  // Exact: K * |a| * |b| + |c| below 2^p of the accumulator, with the
  // fraction bits of a and b added.
  Need needA, needB;
  int64_t accBound = 0;
  if (isFloat(inT))
    accBound = exactDotOperands(bld, inT, accT, 16, k, needA, needB);

  // batch_matmul: a [B, M, K], b [B, K, N], c [B, M, N].
  unsigned lead = batch ? 1 : 0;
  unsigned rank = 2 + lead;
  std::optional<ValueId> a;
  if (!bld.hintMatmul)
    a = bld.pickExisting([&](ValueId v) {
      const TensorType &ty = bld.prog.type(v);
      return ty.dtype == inT && ty.rank() == rank &&
             bld.prog.shape(v)[lead + 1] == k &&
             fits(bld.facts[v], inT, needA);
    });
  ValueId av;
  if (a) {
    av = *a;
  } else if (bld.hintMatmul) {
    // A degenerate matmul (frontend-shaped): the hinted extents, never
    // shrunk by the budget.
    Shape s = {(*bld.hintMatmul)[0], k};
    if (batch)
      s.insert(s.begin(), 1);
    av = bld.freshArg(inT, s, needA);
  } else {
    Shape s = {bld.pickExtent(), k};
    if (batch)
      s.insert(s.begin(), bld.pickExtent());
    bld.fitBudget(s, 1);
    s[lead + 1] = k;
    av = bld.freshArg(inT, s, needA);
  }
  int64_t m = bld.prog.shape(av)[lead];
  int64_t bsz = batch ? bld.prog.shape(av)[0] : 1;
  Shape bs = {k, bld.hintMatmul ? (*bld.hintMatmul)[2] : bld.pickExtent()};
  if (batch)
    bs.insert(bs.begin(), bsz);
  bld.fitBudget(bs, 1);
  bs[lead] = k;
  if (batch)
    bs[0] = bsz;
  ValueId bv;
  {
    TensorType bt = bld.makeType(inT, bs);
    // The batch extent mirrors a's type (a static and a dynamic batch of
    // the same extent would verify too, but keep the pair simple).
    if (batch)
      bt.dims[0] = bld.prog.type(av).dims[0];
    bv = bld.freshArgOfType(bt, bs, needB);
  }
  int64_t n = bs[lead + 1];

  // The accumulator: zeros, or a small constant, or (integers, or floats
  // whose exact bound leaves room) a value in the function.
  Need needC;
  if (isFloat(accT)) {
    needC.exact = true;
    needC.bound = 16;
    needC.frac = needA.frac + needB.frac;
  }
  Shape cs = {m, n};
  if (batch)
    cs.insert(cs.begin(), bsz);
  auto c = bld.pickExisting(
      [&](ValueId v) {
        return bld.prog.type(v).dtype == accT &&
               bld.prog.shape(v) == ArrayRef(cs) &&
               fits(bld.facts[v], accT, needC) && v != av && v != bv;
      },
      25);
  ValueId cv;
  if (c) {
    cv = *c;
  } else {
    uint64_t init = bld.chance(70) ? 0 : bld.pickSmallConstant(accT, Facts());
    if (isFloat(accT) && !exactIn(accT, satAdd(accBound, 8), needC.frac))
      init = 0;
    SmallVector<DimSrc, 3> dims;
    if (batch)
      dims.push_back({bsz, std::make_pair(av, 0u)});
    dims.push_back({m, std::make_pair(av, lead)});
    dims.push_back({n, std::make_pair(bv, lead + 1)});
    cv = bld.makeInit(accT, dims, init);
  }

  Op op;
  op.kind = batch ? OpKind::BatchMatmul : OpKind::Matmul;
  op.operands = {av, bv, cv};
  op.numIns = 2;
  OpFeature feat;
  feat.dtype = inT;
  feat.rank = rank;
  if (inT != accT)
    feat.forms.push_back(std::string("mixed=") + dtypeName(accT).str());
  feat.forms.push_back("k=" + std::to_string(k));

  Facts f;
  if (isFloat(accT)) {
    f.exact = bld.facts[av].exact && bld.facts[bv].exact && bld.facts[cv].exact;
    f.frac =
        std::max(bld.facts[av].frac + bld.facts[bv].frac, bld.facts[cv].frac);
    f.bound =
        satAdd(satMul(k, satMul(bld.facts[av].bound, bld.facts[bv].bound)),
               bld.facts[cv].bound);
    f.exact = f.exact && exactIn(accT, f.bound, f.frac);
    f.approx = !f.exact;
    f.reduction = true;
  }
  f.reduction = f.reduction || bld.facts[av].reduction ||
                bld.facts[bv].reduction || bld.facts[cv].reduction;
  bld.emit(std::move(op), {bld.prog.type(cv)}, {cs}, {f}, std::move(feat));
}

} // namespace

const Recipe &matmulRecipe() {
  static const Recipe r = {
      OpKind::Matmul,
      /*weight=*/7,
      /*since=*/{3, 0},
      /*needs=*/
      "a non-i1 element type and rank 2; exact float operands with K*Ba*Bb + "
      "Bc below 2^p",
      /*produces=*/"the product, exact for floats",
      /*feasible=*/
      [](const Builder &bld) {
        return bld.anyDType(notI1) && bld.maxRank >= 2;
      },
      /*build=*/[](Builder &bld) { buildMatmul(bld, false); }};
  return r;
}

const Recipe &batchMatmulRecipe() {
  static const Recipe r = {
      OpKind::BatchMatmul,
      /*weight=*/5,
      /*since=*/{3, 0},
      /*needs=*/
      "a non-i1 element type and rank 3; exact float operands as for matmul",
      /*produces=*/"the batched product, exact for floats",
      /*feasible=*/
      [](const Builder &bld) {
        return bld.anyDType(notI1) && bld.maxRank >= 3;
      },
      /*build=*/[](Builder &bld) { buildMatmul(bld, true); }};
  return r;
}

} // namespace ref::fuzz::gen
