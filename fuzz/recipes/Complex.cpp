//===- Complex.cpp - The recipe of complex arithmetic in a linalg body ----===//
//
// A linalg.generic that builds complex values from two float tensors
// (complex.create), combines them with one complex op and yields the parts
// (complex.re / complex.im) or a real result (complex.abs): the complex
// dialect as frontends emit it inside bodies, with real tensors at the ABI.
// Off by default (`--ops=complex`).
//
// The ops are the ones whose IREE result the oracle can judge: inputs are
// exact small dyadic values (|x| <= 4, at most 2 fraction bits), so
// add/sub/neg/conj and mul are exact in the element type whatever IREE
// contracts into FMAs; div divides by (y + 1i) or (1 + yi), whose modulus
// is at least 1, and abs rounds a square root: both `approx`. The
// transcendental ones (exp, log, sin, sqrt, pow, ...) are left out: IREE's
// polynomial approximations of cos/sin/atan2 inside them differ by more
// than the oracle's tolerance where a part cancels (docs/coverage.md,
// "Complex numbers and fft").
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

bool isF32OrF64(DType t) { return t == DType::F32 || t == DType::F64; }

void buildComplex(Builder &bld) {
  DType t = *bld.pickDType(isF32OrF64);
  DType ct = t == DType::F64 ? DType::ComplexF64 : DType::ComplexF32;
  Need need;
  need.exact = true;
  need.bound = 4;
  need.frac = bld.pickInt(0, 2);
  need.noInf = true;
  need.noReduction = true;
  ValueId re = bld.pickInput(t, 1, 3, need,
                             [&](ValueId) { return true; });
  TensorType type = bld.prog.type(re); // a copy: new args grow the table
  Shape shape(bld.prog.shape(re).begin(), bld.prog.shape(re).end());
  ValueId im = bld.freshArgOfType(type, shape, need);
  int64_t b = std::max<int64_t>(bld.facts[re].bound, bld.facts[im].bound);
  unsigned frac = std::max(bld.facts[re].frac, bld.facts[im].frac);

  static const char *const kOps[] = {"add", "sub", "mul", "div",
                                     "neg", "conj", "abs"};
  std::string opName = bld.pickOne<std::string>(
      {kOps[0], kOps[1], kOps[2], kOps[3], kOps[4], kOps[5], kOps[6]});
  bool real = opName == "abs";

  Body body;
  unsigned rank = type.rank();
  body.args = {t, t, t};
  if (!real)
    body.args.push_back(t);
  auto inst = [&](StringRef name, SmallVector<unsigned, 3> ops, DType rt) {
    ScalarInst i;
    i.name = name.str();
    i.operands = std::move(ops);
    i.type = rt;
    return body.add(std::move(i));
  };
  unsigned x = inst("complex.create", {0, 1}, ct);
  unsigned r;
  if (opName == "neg" || opName == "conj" || opName == "abs") {
    r = inst("complex." + opName, {x}, real ? t : ct);
  } else {
    unsigned y;
    if (opName == "div") {
      ScalarInst one;
      one.name = "arith.constant";
      one.type = t;
      one.bits = t == DType::F64 ? 0x3FF0000000000000ull : 0x3F800000ull;
      unsigned c1 = body.add(one);
      // (im + 1i) or (1 + re i): never zero, modulus >= 1.
      y = bld.chance(50) ? inst("complex.create", {1, c1}, ct)
                         : inst("complex.create", {c1, 0}, ct);
    } else {
      y = inst("complex.create", {1, 0}, ct); // im + re i
    }
    r = inst("complex." + opName, {x, y}, ct);
  }
  if (real) {
    body.yields = {r};
  } else {
    unsigned pr = inst("complex.re", {r}, t);
    unsigned pi = inst("complex.im", {r}, t);
    body.yields = {pr, pi};
  }

  Op op;
  op.kind = OpKind::Complex;
  op.operands = {re, im};
  op.numIns = 2;
  unsigned numOuts = real ? 1 : 2;
  SmallVector<TensorType, 2> types;
  SmallVector<Shape, 2> shapes;
  for (unsigned k = 0; k < numOuts; ++k) {
    ValueId init = bld.makeInit(t, bld.mirror(re), std::nullopt);
    op.operands.push_back(init);
    types.push_back(bld.prog.type(init));
    shapes.push_back(shape);
  }
  SmallVector<int64_t, 4> identity;
  for (unsigned d = 0; d < rank; ++d)
    identity.push_back(d);
  op.maps.assign(op.operands.size(), identity);
  op.reductionLoops.assign(rank, false);
  op.body = std::move(body);

  // Exact results where the arithmetic is exact: a sum of two products
  // (mul) or of two inputs (add, sub); neg and conj only flip signs.
  Facts f;
  if (opName == "mul") {
    f.exact = true;
    f.bound = 2 * b * b;
    f.frac = 2 * frac;
  } else if (opName == "add" || opName == "sub") {
    f.exact = true;
    f.bound = 2 * b;
    f.frac = frac;
  } else if (opName == "neg" || opName == "conj") {
    f.exact = true;
    f.bound = b;
    f.frac = frac;
  } else {
    f.approx = true;
  }
  if (f.exact && !exactIn(t, f.bound, f.frac)) {
    f.exact = false;
    f.approx = true;
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("complex." + opName);
  bld.emit(std::move(op), types, shapes, SmallVector<Facts, 2>(numOuts, f),
           std::move(feat));
}

bool complexFeasible(const Builder &bld) { return bld.anyDType(isF32OrF64); }

} // namespace

const Recipe &complexRecipe() {
  static const Recipe r = {
      OpKind::Complex,
      /*weight=*/5,
      /*since=*/{3, 13},
      /*needs=*/"f32 or f64; exact finite values |x| <= 4 with at most 2 "
                "fraction bits",
      /*produces=*/
      "the parts of a complex add/sub/mul/div/neg/conj (exact except div) "
      "or complex.abs (approx) of complex.create(x, y)",
      /*feasible=*/complexFeasible,
      /*build=*/buildComplex};
  return r;
}

} // namespace ref::fuzz::gen
