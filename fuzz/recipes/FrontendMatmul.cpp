//===- FrontendMatmul.cpp - Dynamic-M matmuls with extf/truncf -------------===//
//
// frontend.matmul_extf: the matmul torch and ONNX models lower to, and the
// shape IREE's GPU matmul pipelines (vector distribution, tile-and-fuse)
// tile: activations with a dynamic row count M (`tensor<?xKxf16>`, the M of
// every other tensor taken from it with tensor.dim) times static weights,
// f16/bf16 widened to f32 (or i8 to i32) and accumulated, then usually
// truncated back to the narrow type. Three forms:
//  - generic: a linalg.generic contraction (maps (m,k), (k,n) or the
//    transposed weights (n,k) of torch's `linear`, (m,n); iterators
//    parallel, parallel, reduction) whose body extends each input (extf,
//    extsi or extui), multiplies and adds into the f32/i32 accumulator;
//  - named: linalg.matmul with f16/bf16/i8 inputs and an f32/i32
//    accumulator (the named op's implicit extension);
//  - truncf_in_body: the generic accumulating into an f16/bf16 output,
//    extf of the accumulator, add, truncf back inside the body.
// The float forms then (70%) truncate the f32 result back to f16/bf16 in an
// elementwise generic. Values are exact small dyadics (K * |a| * |b| + |c|
// within the accumulator's significand) whenever the extents allow, and
// the result carries float-reduction freedom (Facts::reduction; the
// interpreter reports the reduction length), so the oracle applies its
// reassociation bound where the sum is not exact.
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

enum class MmForm { Generic, Named, TruncfInBody };

SmallVector<std::pair<unsigned, std::pair<DType, DType>>, 3>
extfCombos(const Builder &bld) {
  SmallVector<std::pair<unsigned, std::pair<DType, DType>>, 3> combos;
  auto add = [&](unsigned w, DType in, DType acc) {
    if (bld.dtypeAllowed(in) && bld.dtypeAllowed(acc))
      combos.push_back({w, {in, acc}});
  };
  add(40, DType::F16, DType::F32);
  add(30, DType::BF16, DType::F32);
  add(20, DType::I8, DType::I32);
  return combos;
}

void buildMatmulExtf(Builder &bld) {
  auto [inT, accT] =
      bld.pickWeighted<std::pair<DType, DType>>(extfCombos(bld));
  bool floats = isFloat(inT);
  SmallVector<std::pair<unsigned, MmForm>, 3> forms = {
      {50, MmForm::Generic}, {30, MmForm::Named}};
  if (floats)
    forms.push_back({20, MmForm::TruncfInBody});
  MmForm form = bld.pickWeighted<MmForm>(forms);
  bool transB = form != MmForm::Named && bld.chance(35);
  // The element type of the output: the accumulator, or the narrow type
  // when the body truncates.
  DType outT = form == MmForm::TruncfInBody ? inT : accT;

  // M: rows of the activations (dynamic); K and N: the weights' (static),
  // often the powers of two of real layers.
  int64_t m = bld.pickExtent();
  int64_t k = 1;
  switch (bld.pickWeighted<int>({{35, 0}, {35, 1}, {30, 2}})) {
  case 0:
    k = bld.pickInt(1, 16);
    break;
  case 1:
    k = bld.pickOne<int64_t>({16, 32, 64, 128});
    break;
  default:
    k = bld.pickExtent();
    break;
  }
  int64_t n = bld.pickWeighted<int>({{50, 0}, {50, 1}}) == 0
                  ? bld.pickExtent()
                  : bld.pickOne<int64_t>({16, 32, 64, 128, 256});
  // Every tensor within the element budget: halve M or N, then K.
  while (satMul(m, k) > bld.budget || satMul(k, n) > bld.budget ||
         satMul(m, n) > bld.budget) {
    int64_t &big = m >= n ? m : n;
    if (big > 1 && (satMul(m, n) > bld.budget || big >= k))
      big /= 2;
    else if (k > 1)
      k /= 2;
    else
      break;
  }

  // Exact: K * |a| * |b| + |c| within the output type's significand.
  Need needA, needB;
  int64_t productBound = 0;
  if (floats)
    productBound = exactDotOperands(bld, inT, outT, 8, k, needA, needB);

  TensorType at;
  at.dtype = inT;
  at.dims = {kDynamic, k};
  ValueId a = bld.freshArgOfType(at, Shape{m, k}, needA);
  Shape bs = transB ? Shape{n, k} : Shape{k, n};
  TensorType bt;
  bt.dtype = inT;
  bt.dims.assign(bs.begin(), bs.end());
  ValueId b = bld.freshArgOfType(bt, bs, needB);

  // The accumulator: zeros, sometimes a small constant.
  uint64_t init = 0;
  if (bld.chance(25)) {
    init = bld.pickSmallConstant(outT, Facts());
    Facts fi = constantFacts(init, outT);
    if (floats && !exactIn(outT, satAdd(productBound, fi.bound),
                           std::max(needA.frac + needB.frac, fi.frac)))
      init = 0;
  }
  ValueId c = bld.makeInit(outT,
                           {{m, std::make_pair(a, 0u)},
                            {n, std::make_pair(b, transB ? 0u : 1u)}},
                           init);

  // The result's facts.
  Facts f;
  if (floats) {
    const Facts &fa = bld.facts[a], &fb = bld.facts[b], &fc = bld.facts[c];
    f.bound = satAdd(satMul(k, satMul(fa.bound, fb.bound)), fc.bound);
    f.frac = std::max(fa.frac + fb.frac, fc.frac);
    f.exact = fa.exact && fb.exact && fc.exact && exactIn(outT, f.bound, f.frac);
    f.approx = !f.exact;
    f.reduction = true;
  }

  OpFeature feat;
  feat.dtype = inT;
  ValueId sum;
  if (form == MmForm::Named) {
    Op op;
    op.kind = OpKind::Matmul;
    op.operands = {a, b, c};
    op.numIns = 2;
    feat.rank = 2;
    feat.forms = {"mixed=" + dtypeName(accT).str(), "k=" + std::to_string(k),
                  "matmul_extf", "form=named"};
    sum = bld.emit(std::move(op), {bld.prog.type(c)}, {Shape{m, n}}, {f},
                   std::move(feat))[0];
  } else {
    // Loops (m, n, k).
    SmallVector<bool, 3> red = {false, false, true};
    SmallVector<GenericOperand, 2> ins = {
        {a, {0, 2}}, {b, transB ? SmallVector<int64_t, 4>{1, 2}
                                : SmallVector<int64_t, 4>{2, 1}}};
    SmallVector<GenericOperand, 1> outs = {{c, {0, 1}}};
    Body body;
    body.args = {inT, inT, outT};
    StringRef ext = floats                ? "arith.extf"
                    : bld.chance(30) ? "arith.extui"
                                          : "arith.extsi";
    unsigned acc = 2;
    if (form == MmForm::TruncfInBody)
      acc = body.add(inst("arith.extf", {2}, accT));
    unsigned ea = body.add(inst(ext, {0}, accT));
    unsigned eb = body.add(inst(ext, {1}, accT));
    unsigned p =
        body.add(inst(floats ? "arith.mulf" : "arith.muli", {ea, eb}, accT));
    SmallVector<unsigned, 2> ops = {acc, p};
    if (bld.chance(50))
      std::swap(ops[0], ops[1]);
    unsigned s = body.add(inst(floats ? "arith.addf" : "arith.addi", ops, accT));
    if (form == MmForm::TruncfInBody)
      s = body.add(inst("arith.truncf", {s}, inT));
    body.yields = {s};
    genericForms(bld, feat, red, ins, outs);
    feat.forms.push_back("matmul_extf");
    feat.forms.push_back(form == MmForm::Generic ? "form=generic"
                                                 : "form=truncf_in_body");
    feat.forms.push_back("combiner=add");
    feat.forms.push_back("k=" + std::to_string(k));
    if (transB)
      feat.forms.push_back("b_transposed");
    std::vector<std::string> used;
    for (const ScalarInst &i : body.insts)
      used.push_back(i.name);
    llvm::sort(used);
    used.erase(std::unique(used.begin(), used.end()), used.end());
    std::string joined = "body_ops=";
    for (auto [i, u] : llvm::enumerate(used))
      joined += (i ? "," : "") + u;
    feat.forms.push_back(joined);
    sum = emitGeneric(bld, red, ins, outs, std::move(body), {f},
                      std::move(feat))[0];
  }
  // The f32 result back to f16/bf16, as the frontends return it.
  if (floats && form != MmForm::TruncfInBody && bld.chance(70))
    truncfBack(bld, sum, inT);
}

} // namespace

const Recipe &matmulExtfRecipe() {
  static const Recipe r = {
      OpKind::MatmulExtf,
      /*weight=*/10,
      /*since=*/{3, 0},
      /*needs=*/
      "f16 or bf16 with f32, or i8 with i32; fresh operands: activations "
      "tensor<?xKxT> (dynamic M), static weights; exact small float values "
      "while K allows",
      /*produces=*/
      "the f32/i32 (or, truncating in the body, f16/bf16) product with "
      "float-reduction freedom; for floats usually an elementwise truncf "
      "back to f16/bf16",
      /*feasible=*/
      [](const Builder &bld) {
        return bld.maxRank >= 2 && !extfCombos(bld).empty();
      },
      /*build=*/buildMatmulExtf};
  return r;
}

} // namespace ref::fuzz::gen
