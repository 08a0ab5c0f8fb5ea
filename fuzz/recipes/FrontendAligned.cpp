//===- FrontendAligned.cpp - Static, aligned reductions and matmuls
//--------===//
//
// frontend.aligned_static: the shapes of real layers (hidden sizes that are
// multiples of 32, 64, 128), static and aligned on purpose, so that the
// SPIR-V backend's kernel configuration (IREE's
// Codegen/SPIRV/KernelConfig.cpp, AMDConfig.cpp) picks the pipelines the
// generator's small, often dynamic extents rarely reach (docs/gpu.md,
// "Reach"). Three forms, each from a pipeline's precondition:
//  - row_reduce, for SubgroupReduce (setReductionConfig): a linalg.reduce
//    of the innermost one or two dims of a static [outer..., R] tensor with
//    one combiner, an 8/16/32-bit element type, R a multiple of the
//    subgroup size (8 on lavapipe) and mostly of 8 x the vector width
//    (128 bits: 4 f32, 8 f16, 16 i8 elements), and R / vector at most 64
//    (the two-step butterfly needs subgroups per workgroup <= subgroup
//    size); sometimes followed by the softmax-style consumer x - max(x)
//    (an elementwise generic broadcasting the reduction along R, which the
//    pipeline distributes with it);
//  - matmul, for MatmulPromoteVectorize (the AMD path's setMatmulOpConfig
//    with promotion, taken by vulkan:rdna3-lavapipe; vulkan:llvmpipe takes
//    BaseVectorize for the same program): linalg.matmul or batch_matmul
//    with static operands, M in 16..128, N in 16..128, K in 16..128 (32..
//    for 16-bit inputs), powers of two, so that N divides into 4-element
//    thread tiles over 2-4 threads, M into 8 rows, K into 16 (32), and the
//    promoted tiles fit lavapipe's 32 KiB of workgroup memory;
//  - scalar, for BaseLowering (initSPIRVLaunchConfig: a dispatch whose
//    workgroup count is 1, 1, 1): an elementwise generic over rank-0
//    arguments.
// Element types f32, i32, f16 and i8 (i8 x i8 -> i32 for matmuls), all of
// which lavapipe computes. The op's result is always returned (an unused
// one would be folded away before code generation). Goldens stay exact: float
// sums and products of small dyadic values within the significand (f16 sums are
// kept short enough), integers wrap.
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

// lavapipe's subgroup size, the smallest of the targets: an extent that is
// a multiple of 8 times the vector width is one for wider subgroups too
// once it is large enough.
constexpr int64_t kSubgroup = 8;
// Elements per tensor (the generator's default budget is 4096; these
// shapes need more, and stay far inside lavapipe's 128 MiB bindings).
constexpr int64_t kMaxElements = 16384;

SmallVector<int64_t, 4> iota(unsigned n) {
  SmallVector<int64_t, 4> v;
  for (unsigned i = 0; i < n; ++i)
    v.push_back(i);
  return v;
}

TensorType staticType(DType t, ArrayRef<int64_t> shape) {
  TensorType ty;
  ty.dtype = t;
  ty.dims.assign(shape.begin(), shape.end());
  return ty;
}

/// A row reduction (and maybe x - max(x) after it).
void buildRowReduce(Builder &bld) {
  SmallVector<std::pair<unsigned, DType>, 4> types;
  for (auto [w, t] : {std::pair<unsigned, DType>{40, DType::F32},
                      {25, DType::I32},
                      {20, DType::F16},
                      {15, DType::I8}})
    if (bld.dtypeAllowed(t))
      types.push_back({w, t});
  DType t = bld.pickWeighted<DType>(types);
  int64_t vec = 128 / bitWidth(t);

  // R: aligned to subgroup x vector (mostly), or to the subgroup alone
  // (IREE then narrows the vector until R / vector divides by it).
  int64_t r = bld.chance(75)
                  ? kSubgroup * vec * bld.pickOne<int64_t>({1, 2, 4, 8})
                  : kSubgroup * bld.pickInt(1, 16);
  // One or two reduced dims (their product is what IREE aligns).
  Shape red = {r};
  if (bld.maxRank >= 3 && bld.chance(25)) {
    int64_t r0 = bld.pickOne<int64_t>({2, 4});
    if (r % (r0 * kSubgroup) == 0)
      red = {r0, r / r0};
  }
  // Outer dims: one or two, together at most kMaxElements / R.
  unsigned numOuter = bld.maxRank >= red.size() + 2 && bld.chance(30) ? 2 : 1;
  int64_t room = std::max<int64_t>(1, kMaxElements / r);
  Shape outer;
  if (numOuter == 2)
    outer = {bld.pickInt(1, 4), bld.pickOne<int64_t>({1, 7, 16, 32})};
  else
    outer = {bld.chance(50) ? bld.pickOne<int64_t>({16, 32, 64})
                            : bld.pickInt(1, 64)};
  while (numElementsOf(outer) > room) {
    int64_t &big = *std::max_element(outer.begin(), outer.end());
    big = std::max<int64_t>(1, big / 2);
  }

  RedComb comb;
  if (isFloat(t))
    comb = bld.pickWeighted<RedComb>(
        {{45, RedComb::Add}, {35, RedComb::Max}, {20, RedComb::Min}});
  else
    comb = bld.pickWeighted<RedComb>({{40, RedComb::Add},
                                      {15, RedComb::Max},
                                      {15, RedComb::Min},
                                      {5, RedComb::MaxU},
                                      {5, RedComb::MinU},
                                      {10, RedComb::Xor},
                                      {5, RedComb::And},
                                      {5, RedComb::Or}});
  // The consumer x - max(x) (softmax's first step) after max/min, or after
  // any integer combiner (wrapping).
  bool consumer = (!isFloat(t) || comb != RedComb::Add) && bld.chance(40);
  Need need;
  if (isFloat(t) && (comb == RedComb::Add || consumer)) {
    need.exact = true;
    need.bound = bld.pickOne<int64_t>({1, 2, 4});
    need.frac = bld.pickInt(0, 1);
    // Sums exact in every order: R * bound (+ the init) within the
    // significand; f16 rows of 512 keep only +-1.
    while (comb == RedComb::Add &&
           !exactIn(t, satAdd(8, satMul(r, need.bound)), need.frac)) {
      if (need.frac > 0)
        --need.frac;
      else if (need.bound > 1)
        need.bound /= 2;
      else {
        comb = RedComb::Max;
        break;
      }
    }
  }

  Shape shape = outer;
  shape.append(red.begin(), red.end());
  unsigned rank = shape.size();
  // The reduced dims are static; an outer one may be dynamic in a dynamic
  // case (SubgroupReduce takes dynamic parallel dims).
  TensorType ty = staticType(t, shape);
  for (unsigned d = 0; d < outer.size(); ++d)
    if (bld.dynamicCase && bld.chance(bld.opts.dynamicDimPercent))
      ty.dims[d] = kDynamic;
  ValueId in = bld.freshArgOfType(ty, shape, need);

  SmallVector<int64_t, 4> dims;
  for (unsigned d = outer.size(); d < rank; ++d)
    dims.push_back(d);
  SVal e = svalOfFacts(bld.facts[in], t);
  uint64_t init = bld.redInit(t, comb, e);
  SmallVector<DimSrc, 4> outDims;
  for (unsigned d = 0; d < outer.size(); ++d)
    outDims.push_back({outer[d], std::make_pair(in, d)});
  ValueId out = bld.makeInit(t, outDims, init);

  Op op;
  op.kind = OpKind::Reduce;
  op.operands = {in, out};
  op.numIns = 1;
  op.ints = dims;
  op.body.args = {t, t};
  SmallVector<unsigned, 2> ops = {0, 1};
  if (bld.chance(50))
    std::swap(ops[0], ops[1]);
  op.body.yield = op.body.add(inst(redCombOp(comb, t), ops, t));

  // The result's facts, as Reduce.cpp computes them.
  BodyCtx c;
  c.body.args = {t, t};
  SVal acc = svalOfFacts(constantFacts(init, t), t);
  acc.id = 1;
  e.id = 0;
  c.vals = {e, acc};
  Facts f = factsOfSVal(bld.combine(c, comb, acc, e, r));
  f.reduction = isFloat(t) && comb == RedComb::Add;
  f.uniform = bld.facts[in].uniform;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms = {"aligned=row_reduce", "combiner=" + redCombName(comb).str(),
                "reduced=" + std::to_string(r),
                "reduced_dims=" + std::to_string(red.size())};
  if (r % (kSubgroup * vec) == 0)
    feat.forms.push_back("vector_aligned");
  ValueId reduced =
      bld.emit(std::move(op), {bld.prog.type(out)},
               {Shape(outer.begin(), outer.end())}, {f}, std::move(feat))[0];
  if (!consumer) {
    bld.mustReturn.push_back(reduced);
    return;
  }

  // x - reduced, broadcast along the reduced dims.
  SmallVector<int64_t, 4> all = iota(rank);
  SmallVector<int64_t, 4> outerLoops = iota(outer.size());
  SmallVector<GenericOperand, 2> ins = {{in, all}, {reduced, outerLoops}};
  SmallVector<GenericOperand, 1> outs = {
      {bld.makeInit(t, bld.mirror(in), std::nullopt), all}};
  Body body;
  body.args = {t, t, t};
  body.yield =
      body.add(inst(isFloat(t) ? "arith.subf" : "arith.subi", {0, 1}, t));
  Facts df;
  if (isFloat(t)) {
    df.exact = true;
    df.frac = need.frac;
    df.bound = satMul(2, need.bound);
  }
  SmallVector<bool, 4> loops(rank, false);
  OpFeature gfeat;
  gfeat.dtype = t;
  genericForms(bld, gfeat, loops, ins, outs);
  gfeat.forms.push_back("aligned=minus_reduced");
  bld.mustReturn.push_back(emitGeneric(bld, loops, ins, outs, std::move(body),
                                       {df}, std::move(gfeat))[0]);
}

/// linalg.matmul or batch_matmul with static, aligned M, N, K.
void buildAlignedMatmul(Builder &bld) {
  SmallVector<std::pair<unsigned, std::pair<DType, DType>>, 5> combos;
  auto add = [&](unsigned w, DType in, DType acc) {
    if (bld.dtypeAllowed(in) && bld.dtypeAllowed(acc))
      combos.push_back({w, {in, acc}});
  };
  add(40, DType::F32, DType::F32);
  add(25, DType::I32, DType::I32);
  add(10, DType::F16, DType::F16);
  add(10, DType::F16, DType::F32);
  add(15, DType::I8, DType::I32);
  auto [inT, accT] = bld.pickWeighted<std::pair<DType, DType>>(combos);
  bool batch = bld.maxRank >= 3 && bld.chance(35);
  bool narrow = bitWidth(inT) == 16;

  int64_t m = bld.pickOne<int64_t>({16, 32, 64, 128});
  int64_t n = bld.pickOne<int64_t>({16, 32, 64, 128});
  int64_t k = narrow ? bld.pickOne<int64_t>({32, 64, 128})
                     : bld.pickOne<int64_t>({16, 32, 64, 128});
  int64_t b = batch ? bld.pickInt(2, 4) : 1;
  // At most 2^20 multiply-adds (the interpreter's goldens stay quick).
  while (b * m * n * k > (int64_t(1) << 20)) {
    int64_t &big = m >= n ? m : n;
    big /= 2;
  }

  Need needA, needB;
  int64_t accBound = 0;
  if (isFloat(inT)) {
    int64_t kk = k;
    accBound = exactDotOperands(bld, inT, accT, 16, kk, needA, needB);
    // With magnitudes and fractions at their least, K up to 128 is exact
    // even in f16: K is never halved here.
    assert(kk == k && "aligned K halved");
    (void)kk;
  }
  unsigned lead = batch ? 1 : 0;
  auto withBatch = [&](Shape s) {
    if (batch)
      s.insert(s.begin(), b);
    return s;
  };
  Shape as = withBatch({m, k}), bs = withBatch({k, n}), cs = withBatch({m, n});
  ValueId av = bld.freshArgOfType(staticType(inT, as), as, needA);
  ValueId bv = bld.freshArgOfType(staticType(inT, bs), bs, needB);
  uint64_t init = bld.chance(70) ? 0 : bld.pickSmallConstant(accT, Facts());
  if (isFloat(accT) &&
      !exactIn(accT, satAdd(accBound, 8), needA.frac + needB.frac))
    init = 0;
  SmallVector<DimSrc, 3> dims;
  for (int64_t e : cs)
    dims.push_back({e, std::nullopt});
  ValueId cv = bld.makeInit(accT, dims, init);

  Op op;
  op.kind = batch ? OpKind::BatchMatmul : OpKind::Matmul;
  op.operands = {av, bv, cv};
  op.numIns = 2;
  OpFeature feat;
  feat.dtype = inT;
  feat.rank = 2 + lead;
  feat.forms = {"aligned=matmul", "m=" + std::to_string(m),
                "n=" + std::to_string(n), "k=" + std::to_string(k)};
  if (inT != accT)
    feat.forms.push_back(std::string("mixed=") + dtypeName(accT).str());
  Facts f;
  if (isFloat(accT)) {
    const Facts &fa = bld.facts[av], &fb = bld.facts[bv], &fc = bld.facts[cv];
    f.frac = std::max(fa.frac + fb.frac, fc.frac);
    f.bound = satAdd(satMul(k, satMul(fa.bound, fb.bound)), fc.bound);
    f.exact =
        fa.exact && fb.exact && fc.exact && exactIn(accT, f.bound, f.frac);
    f.approx = !f.exact;
    f.reduction = true;
  }
  bld.mustReturn.push_back(bld.emit(std::move(op), {bld.prog.type(cv)}, {cs},
                                    {f}, std::move(feat))[0]);
}

/// An elementwise generic over rank-0 arguments.
void buildScalar(Builder &bld) {
  SmallVector<std::pair<unsigned, DType>, 3> types;
  for (auto [w, t] : {std::pair<unsigned, DType>{50, DType::F32},
                      {30, DType::I32},
                      {20, DType::F16}})
    if (bld.dtypeAllowed(t))
      types.push_back({w, t});
  DType t = bld.pickWeighted<DType>(types);
  Need need;
  if (isFloat(t)) {
    need.exact = true;
    need.bound = 4;
    need.frac = 1;
  }
  ValueId x = bld.freshArgOfType(staticType(t, {}), {}, need);
  ValueId y = bld.freshArgOfType(staticType(t, {}), {}, need);
  bool f = isFloat(t);
  StringRef name = bld.pickOne<StringRef>(
      f ? ArrayRef<StringRef>{"arith.addf", "arith.subf", "arith.mulf",
                              "arith.maximumf"}
        : ArrayRef<StringRef>{"arith.addi", "arith.subi", "arith.muli",
                              "arith.xori", "arith.maxsi"});
  Body body;
  body.args = {t, t, t};
  body.yield = body.add(inst(name, {0, 1}, t));
  Facts rf;
  if (f) {
    // |x|, |y| <= 4 with 1 fraction bit: sums within 8, products within 16
    // with 2 fraction bits, exact in f16 too.
    rf.exact = true;
    rf.bound = name == "arith.mulf" ? 16 : 8;
    rf.frac = name == "arith.mulf" ? 2 : 1;
  }
  SmallVector<GenericOperand, 2> ins = {{x, {}}, {y, {}}};
  SmallVector<GenericOperand, 1> outs = {
      {bld.makeInit(t, {}, std::nullopt), {}}};
  OpFeature feat;
  feat.dtype = t;
  genericForms(bld, feat, {}, ins, outs);
  feat.forms.push_back("aligned=scalar");
  bld.mustReturn.push_back(emitGeneric(bld, {}, ins, outs, std::move(body),
                                       {rf}, std::move(feat))[0]);
}

enum class Form { RowReduce, Matmul, Scalar };

void buildAlignedStatic(Builder &bld) {
  auto allowed = [&](std::initializer_list<DType> ts) {
    return llvm::any_of(ts, [&](DType t) { return bld.dtypeAllowed(t); });
  };
  // Every form takes f32; the matmul needs an accumulator type, the scalar
  // one no i8 (the row reduction takes all four).
  SmallVector<std::pair<unsigned, Form>, 3> forms = {{45, Form::RowReduce}};
  if (allowed({DType::F32, DType::I32, DType::F16}))
    forms.append({{40, Form::Matmul}, {15, Form::Scalar}});
  switch (bld.pickWeighted<Form>(forms)) {
  case Form::RowReduce:
    return buildRowReduce(bld);
  case Form::Matmul:
    return buildAlignedMatmul(bld);
  case Form::Scalar:
    return buildScalar(bld);
  }
}

} // namespace

const Recipe &alignedStaticRecipe() {
  static const Recipe r = {
      OpKind::AlignedStatic,
      // Modest: among the frontend recipes (8-10 each) about one frontend
      // case in 20 with --frontend; its tensors are 4x the default budget.
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/
      "f32, i32, f16 or i8 allowed and rank 2; fresh static arguments (an "
      "outer dim of a reduction may be dynamic); exact small float values",
      /*produces=*/
      "a row reduction over an aligned static extent (maybe x - max(x) "
      "after it), an aligned static (batch) matmul, or an elementwise "
      "generic over rank-0 arguments; float sums carry reduction freedom",
      /*feasible=*/
      [](const Builder &bld) {
        return bld.maxRank >= 2 &&
               (bld.dtypeAllowed(DType::F32) || bld.dtypeAllowed(DType::I32) ||
                bld.dtypeAllowed(DType::F16) || bld.dtypeAllowed(DType::I8));
      },
      /*build=*/buildAlignedStatic};
  return r;
}

} // namespace ref::fuzz::gen
