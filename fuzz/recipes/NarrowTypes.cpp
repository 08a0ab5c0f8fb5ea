//===- NarrowTypes.cpp - Values through sub-byte and small types ----------===//
//
// An elementwise linalg.generic that takes each element of a value through
// a narrow type and back, so that campaigns reach IREE's emulation of the
// types its runtime tools cannot pass as arguments:
//  - integers: trunci to i2 or i4, optionally an addi / muli / xori in the
//    narrow type (wrapping, defined), then extsi or extui back;
//  - floats: truncf to f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E4M3FN, f8E5M2,
//    f8E4M3FNUZ, f8E5M2FNUZ or f8E4M3B11FNUZ, optionally a negf in the small
//    type, then extf back; or, for the MX types (f4/f6/f8E4M3FN/f8E5M2),
//    scaling_truncf / scaling_extf with an f8E8M0FNU scale constant.
// The input, result and arguments keep the value's type, so the program's
// interface is what the generator already passes; the static twin comes
// from the printer as for every generic.
//
// Rounding is exact in the interpreter (APFloat, round to nearest even);
// inputs are exact, finite, normal and no larger than the narrow type's
// largest finite value (times the scale), so no conversion overflows, and
// the result is again exact: a rounded k * 2^-f is a multiple of a power of
// two no smaller than 2^-f, at most twice the input's bound. Known IREE bug,
// not re-reported: truncf to fp4/fp8 on llvm-cpu/vmvx loses the carry at
// the min normal (corpus case truncf_small_float_to_min_normal).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

/// The small float types a value goes through, with their largest finite
/// values (as integers: all are), and whether the MX scaling ops take them.
struct SmallFloat {
  DType type;
  int64_t maxFinite;
  bool mx;
};
constexpr SmallFloat kSmallFloats[] = {
    {DType::F4E2M1FN, 6, true},       {DType::F6E2M3FN, 7, true},
    {DType::F6E3M2FN, 28, true},      {DType::F8E4M3FN, 448, true},
    {DType::F8E5M2, 57344, true},     {DType::F8E4M3FNUZ, 240, false},
    {DType::F8E5M2FNUZ, 57344, false}, {DType::F8E4M3B11FNUZ, 30, false},
};

bool isWideFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 ||
         t == DType::F64;
}
bool isWideInt(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32 ||
         t == DType::I64;
}

/// The raw bits of 2^e in f8E8M0FNU (bias 127).
uint64_t e8m0Bits(int e) { return static_cast<uint64_t>(127 + e); }

void buildNarrowTypes(Builder &bld) {
  DType t = *bld.pickDType([](DType d) { return isWideFloat(d) || isWideInt(d); });
  bool isF = isFloat(t);
  std::optional<SmallFloat> sf;
  DType narrow;
  bool scaled = false;
  int scaleExp = 0;
  Need need;
  if (isF) {
    sf = bld.pickOne<SmallFloat>(kSmallFloats);
    narrow = sf->type;
    scaled = sf->mx && bld.chance(35);
    if (scaled)
      scaleExp = static_cast<int>(bld.pickInt(-2, 2));
    // Exact, finite, normal inputs within the narrow type's range (times the
    // scale): no conversion overflows or meets a NaN.
    int64_t limit = sf->maxFinite;
    if (scaled)
      limit = scaleExp >= 0 ? limit << scaleExp : std::max<int64_t>(limit >> -scaleExp, 1);
    need.exact = true;
    need.bound = std::min<int64_t>(
        limit, bld.pickOne<int64_t>({1, 2, 4, 8, 16, 64, 256}));
    need.frac = bld.pickInt(0, 3);
    need.noInf = true;
    need.noDenormal = true;
    need.noReduction = true;
  } else {
    narrow = bld.chance(50) ? DType::I4 : DType::I2;
  }
  ValueId in;
  if (auto existing = bld.pickExisting([&](ValueId v) {
        const TensorType &ty = bld.prog.type(v);
        const Facts &f = bld.facts[v];
        return ty.dtype == t && ty.rank() >= 1 && ty.rank() <= bld.maxRank &&
               !f.approx && !f.mayNaN && !f.reduction &&
               (!isF || fits(f, t, need));
      })) {
    in = *existing;
  } else {
    in = bld.freshArg(t, bld.pickShape(bld.pickRank(1, 3)), need);
  }
  unsigned rank = bld.prog.type(in).rank();

  Op op;
  op.kind = OpKind::NarrowTypes;
  ValueId init = bld.makeInit(t, bld.mirror(in), std::nullopt);
  op.operands = {in, init};
  op.numIns = 1;
  SmallVector<int64_t, 4> loops;
  for (unsigned d = 0; d < rank; ++d)
    loops.push_back(d);
  op.maps = {loops, loops};
  op.reductionLoops.assign(rank, false);
  Body &b = op.body;
  b.args = {t, t};
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back(dtypeName(narrow).str());
  Facts f;
  if (!isF) {
    unsigned n = b.add({"arith.trunci", "", {0}, narrow, 0});
    if (bld.chance(40)) {
      const char *names[] = {"arith.addi", "arith.muli", "arith.xori"};
      const char *name = names[bld.pickInt(0, 2)];
      n = b.add({name, "", {n, n}, narrow, 0});
      feat.forms.push_back(StringRef(name).drop_front(6).str());
    }
    bool sext = bld.chance(50);
    b.yield = b.add({sext ? "arith.extsi" : "arith.extui", "", {n}, t, 0});
    feat.forms.push_back(sext ? "extsi" : "extui");
    int64_t w = bitWidth(narrow);
    f.hasRange = true;
    f.lo = sext ? -(int64_t(1) << (w - 1)) : 0;
    f.hi = sext ? (int64_t(1) << (w - 1)) - 1 : (int64_t(1) << w) - 1;
  } else {
    unsigned n, scale = 0;
    if (scaled) {
      scale = b.add({"arith.constant", "", {}, DType::F8E8M0FNU,
                     e8m0Bits(scaleExp)});
      n = b.add({"arith.scaling_truncf", "", {0, scale}, narrow, 0});
      feat.forms.push_back("scaling");
    } else {
      n = b.add({"arith.truncf", "", {0}, narrow, 0});
    }
    // FNUZ types have no -0: negf there is still exact.
    if (bld.chance(30)) {
      n = b.add({"arith.negf", "", {n}, narrow, 0});
      feat.forms.push_back("negf");
    }
    b.yield = scaled ? b.add({"arith.scaling_extf", "", {n, scale}, t, 0})
                     : b.add({"arith.extf", "", {n}, t, 0});
    const Facts &src = bld.facts[in];
    f.exact = exactIn(t, satMul(src.bound, 2), src.frac);
    f.bound = satMul(src.bound, 2);
    f.frac = src.frac;
    // Rounding to a few mantissa bits may make ties where there were none.
    f.uniform = src.uniform;
  }
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  bld.emit(std::move(op), {bld.prog.type(init)}, {shape}, {f},
           std::move(feat));
}

bool narrowTypesFeasible(const Builder &bld) {
  return bld.anyDType([](DType d) { return isWideFloat(d) || isWideInt(d); });
}

} // namespace

const Recipe &narrowTypesRecipe() {
  static const Recipe r = {
      OpKind::NarrowTypes,
      /*weight=*/5,
      /*since=*/{3, 13},
      /*needs=*/
      "an integer (i8-i64) or a float (f16, bf16, f32, f64); floats exact, "
      "finite and normal within the small type's range",
      /*produces=*/
      "the value through i2/i4 (range of the narrow type) or a 4/6/8-bit "
      "float and back (exact, bound doubled)",
      /*feasible=*/narrowTypesFeasible,
      /*build=*/buildNarrowTypes};
  return r;
}

} // namespace ref::fuzz::gen
