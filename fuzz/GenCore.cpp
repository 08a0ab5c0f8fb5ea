//===- GenCore.cpp - Facts, needs and body scalars ------------------------===//
//
// The value-level rules of the generator (see GenCore.h): facts of
// arguments and constants, what an operand need admits, and the facts of
// body scalars.
//
//===----------------------------------------------------------------------===//

#include "fuzz/GenCore.h"

using namespace llvm;

namespace ref::fuzz::gen {

Facts joinFacts(const Facts &a, const Facts &b) {
  Facts f;
  f.exact = a.exact && b.exact;
  f.bound = std::max(a.bound, b.bound);
  f.frac = std::max(a.frac, b.frac);
  f.mayInf = a.mayInf || b.mayInf;
  f.mayDenormal = a.mayDenormal || b.mayDenormal;
  f.mayNaN = a.mayNaN || b.mayNaN;
  f.approx = a.approx || b.approx;
  f.hasRange = a.hasRange && b.hasRange;
  f.lo = std::min(a.lo, b.lo);
  f.hi = std::max(a.hi, b.hi);
  f.coarse = a.coarse || b.coarse;
  f.reduction = a.reduction || b.reduction;
  f.derived = a.derived || b.derived;
  return f;
}

Facts constantFacts(uint64_t bits, DType t) {
  Facts f;
  f.uniform = true;
  double v = valueOf(bits, t);
  if (isFloat(t) && std::isinf(v)) {
    f.mayInf = true;
    return f;
  }
  f.exact = true;
  f.bound = static_cast<int64_t>(std::ceil(std::fabs(v)));
  // Fraction bits of a dyadic constant (at most 8 in what we generate).
  f.frac = 0;
  while (f.frac < 16 &&
         std::ldexp(v, f.frac) != std::floor(std::ldexp(v, f.frac)))
    ++f.frac;
  if (isInteger(t)) {
    f.hasRange = true;
    f.lo = f.hi = static_cast<int64_t>(signExtend(bits, t));
    if (t == DType::I1)
      f.lo = f.hi = bits & 1;
  }
  return f;
}

Need exactCombineNeed(DType t, Combiner c, int64_t terms, unsigned sumFrac) {
  Need need;
  if (isFloat(t) && c == Combiner::Add) {
    int64_t room = int64_t(1) << significandBits(t);
    need.exact = true;
    need.frac = sumFrac;
    need.bound = std::min<int64_t>(16, (room >> sumFrac) /
                                           std::max<int64_t>(1, terms + 1));
    if (need.bound < 1) {
      need.frac = 0;
      need.bound = 1;
    }
  } else if (isFloat(t) && c == Combiner::Mul) {
    need.exact = true;
    need.bound = 1;
    need.frac = 0;
  }
  return need;
}

int64_t longestExactCombine(DType t, Combiner c) {
  return isFloat(t) && c == Combiner::Add
             ? (int64_t(1) << significandBits(t)) - 2
             : INT64_MAX;
}

bool fits(const Facts &f, DType t, const Need &n) {
  if (f.coarse || f.derived)
    return false;
  if (n.noReduction && f.reduction)
    return false;
  if (isFloat(t)) {
    if (n.noInf && (f.mayInf || f.mayNaN))
      return false;
    if (n.noDenormal && (f.mayDenormal || f.mayNaN || f.approx))
      return false;
    if (n.exact && !(f.exact && f.bound <= n.bound && f.frac <= n.frac))
      return false;
  }
  return true;
}

int64_t intMaxOf(DType t) {
  if (t == DType::I1)
    return 1;
  unsigned w = bitWidth(t);
  return w == 64 ? INT64_MAX : (int64_t(1) << (w - 1)) - 1;
}

int64_t intMinOf(DType t) {
  if (t == DType::I1)
    return 0;
  unsigned w = bitWidth(t);
  return w == 64 ? INT64_MIN : -(int64_t(1) << (w - 1));
}

int64_t satMul(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  if (a > (int64_t(1) << 50) / b)
    return int64_t(1) << 50;
  return a * b;
}

int64_t satAdd(int64_t a, int64_t b) {
  return std::min<int64_t>(a + b, int64_t(1) << 50);
}

bool exactIn(DType t, int64_t bound, unsigned frac) {
  return smallValuesFit(t, bound, frac);
}

Facts specFacts(const ValueSpec &s, DType t, int64_t numElements) {
  Facts f;
  auto smallFamily = [&] {
    f.exact = true;
    f.bound = isInteger(t) ? std::min(s.bound, intMaxOf(t)) : s.bound;
    f.frac = isInteger(t) ? 0 : s.fracBits;
    if (isInteger(t)) {
      f.hasRange = true;
      f.lo = t == DType::I1 ? 0 : -f.bound;
      f.hi = t == DType::I1 ? 1 : f.bound;
    }
  };
  switch (s.mode) {
  case ValueMode::Small:
  case ValueMode::Ties:
  case ValueMode::Sorted:
  case ValueMode::ReverseSorted:
  case ValueMode::SignedZeros:
    smallFamily();
    break;
  case ValueMode::Subnormals:
    if (isInteger(t))
      smallFamily();
    f.mayDenormal = isFloat(t);
    break;
  case ValueMode::Infinities:
    f.mayInf = isFloat(t);
    break;
  case ValueMode::NearMax:
    break;
  case ValueMode::Wide:
    f.mayDenormal = isFloat(t);
    break;
  case ValueMode::Distinct: {
    f.exact = true;
    f.frac = isInteger(t) ? 0 : s.fracBits;
    f.bound = distinctBound(numElements, f.frac);
    f.distinct = true;
    if (isInteger(t)) {
      f.hasRange = true;
      f.lo = -(numElements / 2);
      f.hi = numElements - numElements / 2 - 1;
      if (t == DType::I1) {
        f.lo = 0;
        f.hi = 1;
      }
    }
    break;
  }
  case ValueMode::Indices: {
    f.exact = true;
    f.hasRange = true;
    f.lo = 0;
    f.hi = 0;
    for (int64_t b : s.bounds)
      f.hi = std::max(f.hi, b - 1);
    f.bound = f.hi;
    f.distinct = s.unique && s.bounds.size() == 1;
    break;
  }
  }
  return f;
}

StringRef redCombName(RedComb c) {
  static const char *const names[] = {"add",  "mul", "max", "min", "maxu",
                                      "minu", "and", "or",  "xor"};
  return names[static_cast<unsigned>(c)];
}

StringRef redCombOp(RedComb c, DType t) {
  bool f = isFloat(t);
  switch (c) {
  case RedComb::Add:
    return f ? "arith.addf" : "arith.addi";
  case RedComb::Mul:
    return f ? "arith.mulf" : "arith.muli";
  case RedComb::Max:
    return f ? "arith.maximumf" : "arith.maxsi";
  case RedComb::Min:
    return f ? "arith.minimumf" : "arith.minsi";
  case RedComb::MaxU:
    return "arith.maxui";
  case RedComb::MinU:
    return "arith.minui";
  case RedComb::And:
    return "arith.andi";
  case RedComb::Or:
    return "arith.ori";
  case RedComb::Xor:
    return "arith.xori";
  }
  return "";
}

bool bodyReads(const Body &b, unsigned id, function_ref<bool(unsigned)> arg,
               function_ref<bool(int64_t)> index) {
  std::vector<bool> seen(b.args.size() + b.insts.size(), false);
  SmallVector<unsigned, 16> work = {id};
  while (!work.empty()) {
    unsigned v = work.pop_back_val();
    if (seen[v])
      continue;
    seen[v] = true;
    if (v < b.args.size()) {
      if (arg(v))
        return true;
      continue;
    }
    const ScalarInst &i = b.insts[v - b.args.size()];
    if (i.name == "linalg.index" && index(i.bits))
      return true;
    for (unsigned o : i.operands)
      work.push_back(o);
  }
  return false;
}

int64_t floorPow2Minus1(int64_t v) {
  int64_t p = 1;
  while (p <= v && p < (int64_t(1) << 62))
    p <<= 1;
  return p - 1;
}

bool mayOverflow(DType t, int64_t bound) {
  return static_cast<double>(bound) >=
         APFloat::getLargest(floatSemantics(t)).convertToDouble();
}

SVal svalOfFacts(const Facts &f, DType t) {
  SVal s;
  s.type = t;
  if (isInteger(t)) {
    if (t == DType::I1) {
      s.hasRange = true;
      s.lo = 0;
      s.hi = 1;
    } else if (f.hasRange) {
      s.hasRange = true;
      s.lo = f.lo;
      s.hi = f.hi;
    }
    return s;
  }
  s.mayInf = f.mayInf;
  s.mayNaN = f.mayNaN;
  s.mayDenormal = f.mayDenormal;
  // A float reduction's result is exact in IREE too when it is exact here;
  // otherwise its reassociation changes the last bits.
  if (f.approx || (f.reduction && !f.exact)) {
    s.cls = FClass::Rounded;
  } else if (f.exact) {
    s.cls = FClass::Exact;
    s.bound = f.bound;
    s.frac = f.frac;
    s.mayInf = s.mayNaN = s.mayDenormal = false;
  } else {
    s.cls = FClass::Raw;
  }
  return s;
}

int64_t magnitude(int64_t v) {
  return v == INT64_MIN ? INT64_MAX : (v < 0 ? -v : v);
}

Facts factsOfSVal(const SVal &s) {
  Facts f;
  if (isInteger(s.type)) {
    f.hasRange = s.hasRange;
    f.lo = s.lo;
    f.hi = s.hi;
    if (s.type == DType::I1) {
      f.hasRange = true;
      f.lo = 0;
      f.hi = 1;
    }
    f.exact = f.hasRange;
    f.bound = f.hasRange ? std::max(magnitude(f.lo), magnitude(f.hi)) : 0;
    return f;
  }
  f.exact = s.cls == FClass::Exact;
  f.bound = s.bound;
  f.frac = s.frac;
  f.approx = s.cls == FClass::Rounded;
  f.mayInf = s.mayInf;
  f.mayNaN = s.mayNaN;
  f.mayDenormal = s.mayDenormal;
  return f;
}

SVal joinSVal(const SVal &a, const SVal &b) {
  SVal r = a;
  if (isInteger(a.type)) {
    r.hasRange = a.hasRange && b.hasRange;
    r.lo = std::min(a.lo, b.lo);
    r.hi = std::max(a.hi, b.hi);
    return r;
  }
  r.cls = std::max(a.cls, b.cls);
  r.bound = std::max(a.bound, b.bound);
  r.frac = std::max(a.frac, b.frac);
  r.mayInf = a.mayInf || b.mayInf;
  r.mayNaN = a.mayNaN || b.mayNaN;
  r.mayDenormal = a.mayDenormal || b.mayDenormal;
  if (r.cls != FClass::Exact)
    r.bound = r.frac = 0;
  return r;
}

void setRange(SVal &s, DType t, __int128 lo, __int128 hi) {
  if (lo >= intMinOf(t) && hi <= intMaxOf(t)) {
    s.hasRange = true;
    s.lo = static_cast<int64_t>(lo);
    s.hi = static_cast<int64_t>(hi);
  } else {
    s.hasRange = false;
  }
}

std::pair<int64_t, int64_t> rangeOf(const SVal &s) {
  if (s.hasRange)
    return {s.lo, s.hi};
  return {intMinOf(s.type), intMaxOf(s.type)};
}

StringRef combinerName(Combiner c) {
  switch (c) {
  case Combiner::Overwrite:
    return "overwrite";
  case Combiner::Add:
    return "add";
  case Combiner::Max:
    return "max";
  case Combiner::Min:
    return "min";
  case Combiner::Mul:
    return "mul";
  }
  return "";
}

int64_t exactDotOperands(Builder &bld, DType inT, DType accT, int64_t slack,
                         int64_t &k, Need &a, Need &b) {
  unsigned fa = bld.pickInt(0, 1), fb = bld.pickInt(0, 1);
  int64_t ba = bld.pickOne<int64_t>({1, 2, 4, 8}),
          bb = bld.pickOne<int64_t>({1, 2, 4, 8});
  while (!(exactIn(accT, satAdd(satMul(k, satMul(ba, bb)), slack), fa + fb) &&
           exactIn(inT, ba, fa) && exactIn(inT, bb, fb))) {
    if (fa + fb > 0) {
      fa = fb = 0;
    } else if (ba > 1 || bb > 1) {
      ba = std::max<int64_t>(1, ba / 2);
      bb = std::max<int64_t>(1, bb / 2);
    } else {
      k = std::max<int64_t>(1, k / 2);
      if (k == 1)
        break;
    }
  }
  a = {true, ba, fa, true, false};
  b = {true, bb, fb, true, false};
  return satMul(k, satMul(ba, bb));
}

} // namespace ref::fuzz::gen
