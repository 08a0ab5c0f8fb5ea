//===- GenBody.cpp - Scalar bodies of linalg.generic and linalg.reduce ----===//
//
// The Builder's expression builders for the scalar bodies that several
// recipes share (linalg.generic, linalg.reduce's combine).
//
//===----------------------------------------------------------------------===//

#include "fuzz/GenCore.h"

using namespace llvm;

namespace ref::fuzz::gen {

//===----------------------------------------------------------------------===//
// Generic bodies
//===----------------------------------------------------------------------===//
//
// A body is a small expression DAG over the block arguments, linalg.index
// and constants, with typed intermediates and conversions between element
// types. Each scalar carries an `SVal`: integer ranges (so divisors are
// never 0 or -1, shift amounts stay below the width, fptosi stays in range)
// and a float class (Exact / Raw / Rounded, see FClass) that decides which
// ops may read it, so the body has no undefined behaviour and IREE's value
// is the golden one or within the oracle's ULP tolerance of it. When an
// operand does not allow the op that was picked, the builder falls back to
// one that it allows (max/min, a select, a leaf), so every pick still yields
// a valid body.

SVal Builder::addSVal(BodyCtx &c, ScalarInst i, SVal v) {
  v.type = i.type;
  c.opsUsed.insert(i.name);
  v.id = c.body.add(std::move(i));
  c.vals.push_back(v);
  return v;
}

SVal Builder::constFloat(BodyCtx &c, DType t, double v) {
  ScalarInst i = inst("arith.constant", {}, t);
  i.bits = bitsOf(v, t);
  Facts f = constantFacts(i.bits, t);
  SVal s;
  s.cls = FClass::Exact;
  s.bound = f.bound;
  s.frac = f.frac;
  return addSVal(c, std::move(i), s);
}

SVal Builder::constInt(BodyCtx &c, DType t, int64_t v) {
  ScalarInst i = inst("arith.constant", {}, t);
  i.bits = truncBits(static_cast<uint64_t>(v), t);
  SVal s;
  s.hasRange = true;
  s.lo = s.hi = t == DType::I1 ? (v & 1) : v;
  return addSVal(c, std::move(i), s);
}

SVal Builder::randomConst(BodyCtx &c, DType t) {
  if (t == DType::I1)
    return constInt(c, t, pickInt(0, 1));
  if (isInteger(t)) {
    switch (pickWeighted<int>({{80, 0}, {8, 1}, {6, 2}, {6, 3}})) {
    case 0:
      return constInt(c, t, pickInt(-8, 8));
    case 1:
      return constInt(c, t, intMaxOf(t));
    case 2:
      return constInt(c, t, intMinOf(t));
    default: {
      // Reduced into the type's range; i64's range holds them all (and
      // INT64_MAX + 1 would overflow: found by the ASan+UBSan suite).
      int64_t v = pickOne<int64_t>({100, 127, 255, -100, 1000});
      if (intMaxOf(t) < std::numeric_limits<int64_t>::max())
        v %= intMaxOf(t) + 1;
      return constInt(c, t, v);
    }
    }
  }
  unsigned frac = pickInt(0, 2);
  int64_t k = pickInt(-(8 << frac), 8 << frac);
  return constFloat(c, t, std::ldexp(static_cast<double>(k), -int(frac)));
}

SVal Builder::indexLeaf(BodyCtx &c, DType t) {
  int64_t loop = pickInt(0, c.loopExtents.size() - 1);
  unsigned id;
  auto it = c.indexOf.find(loop);
  if (it != c.indexOf.end()) {
    id = it->second;
  } else {
    ScalarInst i = inst("linalg.index", {}, DType::Index);
    i.bits = loop;
    SVal s;
    s.hasRange = true;
    s.lo = 0;
    s.hi = std::max<int64_t>(0, c.loopExtents[loop] - 1);
    id = addSVal(c, std::move(i), s).id;
    c.indexOf[loop] = id;
  }
  if (t == DType::Index)
    return c.vals[id];
  return convert(c, c.vals[id], t);
}

std::optional<SVal> Builder::argLeaf(BodyCtx &c, DType t) {
  SmallVector<unsigned, 6> all, fresh;
  for (unsigned a : c.leaves)
    if (c.body.args[a] == t) {
      all.push_back(a);
      if (llvm::is_contained(c.unused, a))
        fresh.push_back(a);
    }
  if (all.empty())
    return std::nullopt;
  unsigned a = !fresh.empty() && chance(70) ? pickOne<unsigned>(fresh)
                                            : pickOne<unsigned>(all);
  llvm::erase(c.unused, a);
  return c.vals[a];
}

SVal Builder::leafSimple(BodyCtx &c, DType t) {
  SmallVector<unsigned, 8> prev;
  for (unsigned i = c.body.args.size(); i < c.vals.size(); ++i)
    if (c.vals[i].type == t &&
        c.body.insts[i - c.body.args.size()].name != "arith.constant")
      prev.push_back(i);
  bool hasArg =
      llvm::any_of(c.leaves, [&](unsigned a) { return c.body.args[a] == t; });
  bool intLike = isInteger(t) && t != DType::I1;
  switch (pickWeighted<int>({{hasArg ? 50u : 0u, 0},
                             {prev.empty() ? 0u : 15u, 1},
                             {intLike ? 15u : 0u, 2},
                             {20, 3}})) {
  case 0:
    return *argLeaf(c, t);
  case 1:
    return c.vals[pickOne<unsigned>(prev)];
  case 2:
    return indexLeaf(c, t);
  default:
    return randomConst(c, t);
  }
}

SVal Builder::leaf(BodyCtx &c, DType t) {
  // Inputs not read yet first (converted when their type differs), so
  // that most bodies read all of their operands.
  if (!c.unused.empty() && chance(50)) {
    unsigned a = pickOne<unsigned>(c.unused);
    llvm::erase(c.unused, a);
    return convert(c, c.vals[a], t);
  }
  if (chance(75))
    if (auto a = argLeaf(c, t))
      return *a;
  // An argument of another type, converted.
  if (chance(50)) {
    SmallVector<unsigned, 6> others;
    for (unsigned a : c.leaves)
      if (c.body.args[a] != t)
        others.push_back(a);
    if (!others.empty())
      return convert(c, c.vals[pickOne<unsigned>(others)], t);
  }
  return leafSimple(c, t);
}

DType Builder::pickExprType(function_ref<bool(DType)> ok) {
  if (auto t = pickDType(ok))
    return *t;
  return DType::I32;
}

SVal Builder::convert(BodyCtx &c, SVal x, DType to) {
  DType from = x.type;
  if (from == to)
    return x;
  auto cast = [&](StringRef name, SVal src, DType dst, SVal facts) {
    return addSVal(c, inst(name, {src.id}, dst), facts);
  };
  // index: index_cast to an integer (through i64 to a float).
  if (from == DType::Index) {
    if (isFloat(to))
      return convert(c, convert(c, x, DType::I64), to);
    if (to == DType::I1)
      return compare(c, x, constInt(c, DType::Index, pickInt(0, x.hi)));
    SVal r;
    auto [lo, hi] = rangeOf(x);
    setRange(r, to, lo, hi);
    return cast(chance(70) ? "arith.index_cast" : "arith.index_castui", x, to,
                r);
  }
  if (isFloat(from) && isFloat(to)) {
    if (bitWidth(from) == bitWidth(to)) // f16 <-> bf16: through f32
      return convert(c, convert(c, x, DType::F32), to);
    if (bitWidth(to) > bitWidth(from)) {
      // A few ULP of the narrow type are many of the wide one: the oracle's
      // tolerance for the wide type would not cover them.
      if (x.cls == FClass::Rounded)
        return leafSimple(c, to);
      return cast("arith.extf", x, to, x);
    }
    SVal r = x;
    if (!(x.isExact() && exactIn(to, x.bound, x.frac))) {
      // A rounding (IREE may go through another width): a few ULP.
      r.cls = FClass::Rounded;
      r.bound = r.frac = 0;
      r.mayInf = x.mayInf || !x.isExact() || mayOverflow(to, x.bound);
      r.mayDenormal = true;
    }
    return cast("arith.truncf", x, to, r);
  }
  if (isFloat(from)) {
    // float -> integer: a comparison, or a conversion of an exact value in
    // range.
    if (to == DType::I1) {
      if (x.decidable())
        return compare(c, x, constFloat(c, from, 0));
      return leafSimple(c, to);
    }
    if (c.allowRounding && x.isExact() && x.bound <= intMaxOf(to)) {
      SVal r;
      r.hasRange = true;
      if (chance(70)) {
        r.lo = -x.bound;
        r.hi = x.bound;
        return cast("arith.fptosi", x, to, r);
      }
      SVal a = addSVal(c, inst("math.absf", {x.id}, from), x);
      r.lo = 0;
      r.hi = x.bound;
      return cast("arith.fptoui", a, to, r);
    }
    if (x.decidable()) {
      SVal cond = compare(c, x, constFloat(c, from, 0));
      return select(c, cond, randomConst(c, to), randomConst(c, to));
    }
    return leafSimple(c, to);
  }
  if (isFloat(to)) {
    // integer -> float.
    SVal r;
    if (from == DType::I1) {
      r.bound = 1;
      return cast("arith.uitofp", x, to, r);
    }
    auto [lo, hi] = rangeOf(x);
    int64_t m = std::max(magnitude(lo), magnitude(hi));
    if (x.hasRange && exactIn(to, m, 0)) {
      r.bound = m;
      return cast(lo >= 0 && chance(30) ? "arith.uitofp" : "arith.sitofp", x,
                  to, r);
    }
    // Rounds (IREE may convert through another width): a few ULP.
    r.cls = FClass::Rounded;
    r.mayInf = mayOverflow(to, m);
    return cast("arith.sitofp", x, to, r);
  }
  // integer -> integer.
  if (to == DType::I1) {
    SVal r;
    r.hasRange = true;
    r.lo = 0;
    r.hi = 1;
    if (chance(50))
      return cast("arith.trunci", x, to, r);
    ScalarInst i =
        inst("arith.cmpi", {x.id, constInt(c, from, 0).id}, DType::I1, "ne");
    return addSVal(c, std::move(i), r);
  }
  if (from == DType::I1) {
    SVal r;
    r.hasRange = true;
    bool sext = chance(30);
    r.lo = sext ? -1 : 0;
    r.hi = sext ? 0 : 1;
    return cast(sext ? "arith.extsi" : "arith.extui", x, to, r);
  }
  auto [lo, hi] = rangeOf(x);
  SVal r;
  if (bitWidth(to) > bitWidth(from)) {
    if (lo >= 0 || chance(70)) {
      setRange(r, to, lo, hi);
      return cast("arith.extsi", x, to, r);
    }
    // Zero extension of a possibly negative value: any value of `from`
    // read unsigned.
    setRange(r, to, 0, (__int128(1) << bitWidth(from)) - 1);
    return cast("arith.extui", x, to, r);
  }
  setRange(r, to, lo, hi);
  return cast("arith.trunci", x, to, r);
}

SVal Builder::compare(BodyCtx &c, SVal a, SVal b) {
  SVal r;
  r.hasRange = true;
  r.lo = 0;
  r.hi = 1;
  if (isFloat(a.type)) {
    StringRef pred =
        pickOne<StringRef>({"oeq", "one", "olt", "ole", "ogt", "oge", "ueq",
                            "une", "ult", "ule", "ugt", "uge", "ord", "uno"});
    return addSVal(c, inst("arith.cmpf", {a.id, b.id}, DType::I1, pred), r);
  }
  StringRef pred = pickOne<StringRef>(
      {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"});
  return addSVal(c, inst("arith.cmpi", {a.id, b.id}, DType::I1, pred), r);
}

SVal Builder::select(BodyCtx &c, SVal cond, SVal a, SVal b) {
  // select(c, x, x) is x (and IREE folds it so): no select.
  if (a.id == b.id)
    return a;
  return addSVal(c, inst("arith.select", {cond.id, a.id, b.id}, a.type),
                 joinSVal(a, b));
}

SVal Builder::minMax(BodyCtx &c, SVal a, SVal b) {
  DType t = a.type;
  if (isFloat(t)) {
    // maximumf/minimumf propagate NaN; maxnumf/minnumf drop it.
    bool num = chance(20);
    StringRef name = chance(50) ? (num ? "arith.maxnumf" : "arith.maximumf")
                                : (num ? "arith.minnumf" : "arith.minimumf");
    SVal r = joinSVal(a, b);
    if (num)
      r.mayNaN = a.mayNaN && b.mayNaN;
    return addSVal(c, inst(name, {a.id, b.id}, t), r);
  }
  auto [alo, ahi] = rangeOf(a);
  auto [blo, bhi] = rangeOf(b);
  bool isUnsigned = t != DType::I1 && chance(25);
  bool isMax = chance(50);
  SVal r;
  if (t == DType::I1 || !isUnsigned || (alo >= 0 && blo >= 0)) {
    r.hasRange = a.hasRange && b.hasRange;
    r.lo = isMax ? std::max(alo, blo) : std::min(alo, blo);
    r.hi = isMax ? std::max(ahi, bhi) : std::min(ahi, bhi);
    if (t == DType::I1) {
      r.hasRange = true;
      r.lo = 0;
      r.hi = 1;
    }
  }
  StringRef name = isUnsigned || t == DType::I1
                       ? (isMax ? "arith.maxui" : "arith.minui")
                       : (isMax ? "arith.maxsi" : "arith.minsi");
  return addSVal(c, inst(name, {a.id, b.id}, t), r);
}

SVal Builder::floatArith(BodyCtx &c, StringRef name, SVal a, SVal b) {
  DType t = a.type;
  // Arithmetic reads no Rounded value (its difference could cancel).
  if (a.cls == FClass::Rounded || b.cls == FClass::Rounded)
    return minMax(c, a, b);
  SVal r;
  if (a.isExact() && b.isExact()) {
    if (name == "arith.mulf") {
      r.bound = satMul(a.bound, b.bound);
      r.frac = a.frac + b.frac;
    } else {
      r.bound = satAdd(a.bound, b.bound);
      r.frac = std::max(a.frac, b.frac);
    }
    if (exactIn(t, r.bound, r.frac))
      return addSVal(c, inst(name, {a.id, b.id}, t), r);
    // One rounding of exact values (an FMA with an exact product gives
    // the same).
    r.mayInf = mayOverflow(t, r.bound);
  } else {
    r.mayInf = true;
    r.mayNaN = a.mayInf || b.mayInf || a.mayNaN || b.mayNaN;
  }
  r.cls = FClass::Rounded;
  r.bound = r.frac = 0;
  r.mayDenormal = true;
  return addSVal(c, inst(name, {a.id, b.id}, t), r);
}

SVal Builder::positiveDivisor(BodyCtx &c, DType t, int depth, bool isUnsigned) {
  if (chance(50))
    return constInt(c, t, pickOne<int64_t>({1, 2, 3, 5, 7, 16}));
  SVal y = genExpr(c, t, depth);
  if (y.hasRange && y.lo >= 1)
    return y;
  // max(y, 1) is never 0 and never -1 (unsigned: never 0).
  SVal one = constInt(c, t, 1);
  SVal r;
  if (!isUnsigned) {
    r.hasRange = true;
    r.lo = 1;
    r.hi = std::max<int64_t>(1, rangeOf(y).second);
  }
  return addSVal(
      c, inst(isUnsigned ? "arith.maxui" : "arith.maxsi", {y.id, one.id}, t),
      r);
}

SVal Builder::genExpr(BodyCtx &c, DType t, int depth) {
  if (depth <= 0 || c.body.insts.size() >= c.maxInsts || chance(20))
    return leaf(c, t);
  if (t == DType::I1)
    return genBool(c, depth);
  if (isFloat(t))
    return genFloat(c, t, depth);
  return genInt(c, t, depth);
}

SVal Builder::genFloat(BodyCtx &c, DType t, int depth) {
  int d = depth - 1;
  enum { Arith, Div, Unary, MinMax, Select, Cast, Math, Round, Fma };
  switch (pickWeighted<int>({{34, Arith},
                             {6, Div},
                             {10, Unary},
                             {10, MinMax},
                             {12, Select},
                             {14, Cast},
                             {c.allowApprox ? 16u : 0u, Math},
                             {c.allowRounding ? 5u : 0u, Round},
                             {4, Fma}})) {
  case Arith: {
    StringRef name = pickWeighted<StringRef>(
        {{40, "arith.addf"}, {25, "arith.subf"}, {35, "arith.mulf"}});
    SVal a = genExpr(c, t, d);
    SVal b = genExpr(c, t, d);
    return floatArith(c, name, a, b);
  }
  case Div: {
    SVal a = genExpr(c, t, d);
    if (a.cls == FClass::Rounded)
      return a;
    double dv = pickOne<double>({2, 4, 8, 0.5, 3});
    SVal dc = constFloat(c, t, dv);
    SVal r;
    if (a.isExact() && dv != 3) {
      int k = dv == 0.5 ? -1 : dv == 2 ? 1 : dv == 4 ? 2 : 3;
      r.bound = k < 0 ? satMul(a.bound, 2) : (a.bound + (1 << k) - 1) >> k;
      r.frac = k < 0 ? (a.frac > 0 ? a.frac - 1 : 0) : a.frac + k;
      if (exactIn(t, r.bound, r.frac))
        return addSVal(c, inst("arith.divf", {a.id, dc.id}, t), r);
    }
    r = SVal();
    r.cls = FClass::Rounded;
    r.mayInf = a.mayInf || dv == 0.5;
    r.mayNaN = a.mayNaN;
    r.mayDenormal = true;
    return addSVal(c, inst("arith.divf", {a.id, dc.id}, t), r);
  }
  case Unary: {
    SVal a = genExpr(c, t, d);
    return addSVal(c, inst(chance(60) ? "arith.negf" : "math.absf", {a.id}, t),
                   a);
  }
  case MinMax:
    return minMax(c, genExpr(c, t, d), genExpr(c, t, d));
  case Select: {
    SVal cond = genBool(c, d);
    SVal a = genExpr(c, t, d);
    SVal b = genExpr(c, t, d);
    return select(c, cond, a, b);
  }
  case Cast: {
    DType s = pickExprType([&](DType u) { return u != t; });
    return convert(c, genExpr(c, s, d), t);
  }
  case Math: {
    SVal x = genExpr(c, t, d);
    if (!x.isExact())
      return x;
    // Moderate inputs: the approximations are accurate there and nothing
    // overflows. Larger exact inputs are clamped first (tanh saturates and
    // sqrt takes any magnitude).
    StringRef fn = pickWeighted<StringRef>({{20, "math.tanh"},
                                            {10, "math.sqrt"},
                                            {25, "math.exp"},
                                            {10, "math.exp2"},
                                            {15, "math.sin"},
                                            {15, "math.cos"}});
    int64_t limit = fn == "math.exp" || fn == "math.exp2" ? 4
                    : fn == "math.sin"                    ? 2
                    : fn == "math.cos"                    ? 1
                                                          : INT64_MAX;
    if (x.bound > limit) {
      SVal lo = constFloat(c, t, -double(limit));
      SVal hi = constFloat(c, t, double(limit));
      SVal r = x;
      r.bound = limit;
      x = addSVal(c, inst("arith.maximumf", {x.id, lo.id}, t), r);
      x = addSVal(c, inst("arith.minimumf", {x.id, hi.id}, t), r);
    }
    SVal in = x;
    if (fn == "math.sqrt")
      in = addSVal(c, inst("math.absf", {x.id}, t), x);
    SVal r;
    r.cls = FClass::Rounded;
    return addSVal(c, inst(fn, {in.id}, t), r);
  }
  case Round: {
    SVal x = genExpr(c, t, d);
    if (!x.decidable())
      return x;
    StringRef fn = pickOne<StringRef>({"math.floor", "math.ceil", "math.trunc",
                                       "math.round", "math.roundeven"});
    SVal r = x;
    r.frac = 0;
    return addSVal(c, inst(fn, {x.id}, t), r);
  }
  default: { // Fma
    SVal a = genExpr(c, t, d), b = genExpr(c, t, d), e = genExpr(c, t, d);
    if (a.isExact() && b.isExact() && e.isExact()) {
      SVal r;
      r.bound = satAdd(satMul(a.bound, b.bound), e.bound);
      r.frac = std::max(a.frac + b.frac, e.frac);
      if (exactIn(t, r.bound, r.frac))
        return addSVal(c, inst("math.fma", {a.id, b.id, e.id}, t), r);
    }
    return minMax(c, a, b);
  }
  }
}

SVal Builder::genInt(BodyCtx &c, DType t, int depth) {
  int d = depth - 1;
  unsigned w = bitWidth(t);
  enum { Arith, Bitwise, Shift, DivRem, MinMax, Select, Cast, CtPop };
  switch (pickWeighted<int>({{30, Arith},
                             {12, Bitwise},
                             {8, Shift},
                             {10, DivRem},
                             {10, MinMax},
                             {10, Select},
                             {16, Cast},
                             {2, CtPop}})) {
  case Arith: {
    StringRef name = pickWeighted<StringRef>(
        {{40, "arith.addi"}, {30, "arith.subi"}, {30, "arith.muli"}});
    SVal a = genExpr(c, t, d), b = genExpr(c, t, d);
    SVal r;
    if (a.hasRange && b.hasRange) {
      __int128 lo, hi;
      if (name == "arith.addi") {
        lo = __int128(a.lo) + b.lo;
        hi = __int128(a.hi) + b.hi;
      } else if (name == "arith.subi") {
        lo = __int128(a.lo) - b.hi;
        hi = __int128(a.hi) - b.lo;
      } else {
        __int128 p[] = {__int128(a.lo) * b.lo, __int128(a.lo) * b.hi,
                        __int128(a.hi) * b.lo, __int128(a.hi) * b.hi};
        lo = *std::min_element(p, p + 4);
        hi = *std::max_element(p, p + 4);
      }
      // Wrapping (no overflow flags) is defined: only the range is lost.
      setRange(r, t, lo, hi);
    }
    return addSVal(c, inst(name, {a.id, b.id}, t), r);
  }
  case Bitwise: {
    StringRef name =
        pickOne<StringRef>({"arith.andi", "arith.ori", "arith.xori"});
    SVal a = genExpr(c, t, d), b = genExpr(c, t, d);
    SVal r;
    bool an = a.hasRange && a.lo >= 0, bn = b.hasRange && b.lo >= 0;
    if (name == "arith.andi" && (an || bn)) {
      r.hasRange = true;
      r.hi = an && bn ? std::min(a.hi, b.hi) : an ? a.hi : b.hi;
    } else if (an && bn) {
      r.hasRange = true;
      r.hi = floorPow2Minus1(std::max(a.hi, b.hi));
    }
    return addSVal(c, inst(name, {a.id, b.id}, t), r);
  }
  case Shift: {
    StringRef name =
        pickOne<StringRef>({"arith.shli", "arith.shrsi", "arith.shrui"});
    SVal x = genExpr(c, t, d);
    SVal amt;
    if (chance(40)) {
      amt = constInt(c, t, pickInt(0, w - 1));
    } else {
      amt = genExpr(c, t, d);
      if (!(amt.hasRange && amt.lo >= 0 && amt.hi < int64_t(w))) {
        // y & (w - 1) lies in [0, w) for any y.
        SVal mask = constInt(c, t, w - 1);
        SVal r;
        r.hasRange = true;
        r.lo = 0;
        r.hi = w - 1;
        amt = addSVal(c, inst("arith.andi", {amt.id, mask.id}, t), r);
      }
    }
    SVal r;
    if (name == "arith.shrsi" && x.hasRange) {
      r.hasRange = true;
      r.lo = std::min<int64_t>(x.lo, 0);
      r.hi = std::max<int64_t>(x.hi, 0);
    } else if (name == "arith.shrui" && x.hasRange && x.lo >= 0) {
      r.hasRange = true;
      r.hi = x.hi;
    }
    return addSVal(c, inst(name, {x.id, amt.id}, t), r);
  }
  case DivRem: {
    StringRef name = pickWeighted<StringRef>({{20, "arith.divsi"},
                                              {15, "arith.remsi"},
                                              {15, "arith.divui"},
                                              {15, "arith.remui"},
                                              {12, "arith.ceildivsi"},
                                              {12, "arith.floordivsi"},
                                              {11, "arith.ceildivui"}});
    bool isUnsigned = name.ends_with("ui");
    SVal x = genExpr(c, t, d);
    SVal y = positiveDivisor(c, t, d, isUnsigned);
    SVal r;
    if (!isUnsigned && x.hasRange) {
      // |x op y| <= |x| for y >= 1, with x's sign (or 0).
      r.hasRange = true;
      r.lo = std::min<int64_t>(x.lo, 0);
      r.hi = std::max<int64_t>(x.hi, 0);
    } else if (isUnsigned && x.hasRange && x.lo >= 0) {
      r.hasRange = true;
      r.hi = x.hi;
    }
    return addSVal(c, inst(name, {x.id, y.id}, t), r);
  }
  case MinMax:
    return minMax(c, genExpr(c, t, d), genExpr(c, t, d));
  case Select: {
    SVal cond = genBool(c, d);
    SVal a = genExpr(c, t, d), b = genExpr(c, t, d);
    return select(c, cond, a, b);
  }
  case Cast: {
    DType s = pickExprType([&](DType u) { return u != t; });
    return convert(c, genExpr(c, s, d), t);
  }
  default: { // CtPop
    SVal x = genExpr(c, t, d);
    SVal r;
    r.hasRange = true;
    r.hi = w;
    return addSVal(c, inst("math.ctpop", {x.id}, t), r);
  }
  }
}

SVal Builder::genBool(BodyCtx &c, int depth) {
  if (depth <= 0 || c.body.insts.size() >= c.maxInsts)
    return leaf(c, DType::I1);
  int d = depth - 1;
  enum { Cmp, Logic, Select, Cast };
  switch (pickWeighted<int>({{50, Cmp}, {20, Logic}, {8, Select}, {7, Cast}})) {
  case Cmp: {
    DType s = pickExprType([](DType u) { return u != DType::I1; });
    if (chance(15))
      s = DType::Index;
    SVal a = s == DType::Index ? indexLeaf(c, s) : genExpr(c, s, d);
    SVal b = chance(40)
                 ? (s == DType::Index
                        ? constInt(c, s, pickInt(0, std::max<int64_t>(a.hi, 0)))
                        : randomConst(c, s))
                 : (s == DType::Index ? indexLeaf(c, s) : genExpr(c, s, d));
    if (isFloat(s) && !(a.decidable() && b.decidable())) {
      // No decision on a value IREE may compute a ULP apart: compare loop
      // positions instead.
      SVal i = indexLeaf(c, DType::Index);
      return compare(c, i, constInt(c, DType::Index, pickInt(0, i.hi)));
    }
    return compare(c, a, b);
  }
  case Logic: {
    SVal a = genBool(c, d), b = genBool(c, d);
    StringRef name =
        pickOne<StringRef>({"arith.andi", "arith.ori", "arith.xori"});
    SVal r;
    r.hasRange = true;
    r.hi = 1;
    return addSVal(c, inst(name, {a.id, b.id}, DType::I1), r);
  }
  case Select: {
    SVal cond = genBool(c, d);
    SVal a = genBool(c, d), b = genBool(c, d);
    return select(c, cond, a, b);
  }
  default: {
    DType s = pickExprType([](DType u) { return u != DType::I1; });
    return convert(c, genExpr(c, s, d), DType::I1);
  }
  }
}

std::optional<RedComb> Builder::pickRedComb(DType t, SVal e, const SVal *acc,
                                            int64_t n) {
  SmallVector<std::pair<unsigned, RedComb>, 9> items;
  if (t == DType::I1) {
    items = {{25, RedComb::Or},
             {25, RedComb::And},
             {20, RedComb::Xor},
             {15, RedComb::MaxU},
             {15, RedComb::MinU}};
  } else if (isInteger(t)) {
    items = {{35, RedComb::Add}, {8, RedComb::Mul},  {12, RedComb::Max},
             {12, RedComb::Min}, {5, RedComb::MaxU}, {5, RedComb::MinU},
             {5, RedComb::And},  {5, RedComb::Or},   {5, RedComb::Xor}};
  } else {
    items = {{25, RedComb::Max}, {25, RedComb::Min}};
    // Sums and products only where they stay exact in every order (an
    // initial value of up to 8 with 2 fraction bits, or the given one).
    bool accOk = !acc || acc->isExact();
    int64_t accBound = acc ? acc->bound : 8;
    unsigned accFrac = acc ? acc->frac : 2;
    if (e.isExact() && accOk &&
        exactIn(t, satAdd(accBound, satMul(std::max<int64_t>(n, 1), e.bound)),
                std::max(e.frac, accFrac)))
      items.push_back({60, RedComb::Add});
    if (e.isExact() && accOk && e.bound <= 1 && e.frac == 0)
      items.push_back({20, RedComb::Mul});
  }
  return pickWeighted<RedComb>(items);
}

uint64_t Builder::redInit(DType t, RedComb comb, SVal e) {
  bool f = isFloat(t);
  auto small = [&] {
    Facts within;
    if (f && e.isExact()) {
      within.exact = true;
      within.bound = std::max<int64_t>(1, std::min<int64_t>(e.bound, 8));
      within.frac = std::min(e.frac, 2u);
    }
    return pickSmallConstant(t, within);
  };
  switch (comb) {
  case RedComb::Add:
  case RedComb::Or:
  case RedComb::Xor:
    return chance(60) ? 0 : small();
  case RedComb::Mul:
    return chance(70) ? bitsOf(1.0, t) : bitsOf(chance(50) ? -1.0 : 2.0, t);
  case RedComb::Max:
    if (chance(50))
      return small();
    return f ? floatBits(t, true, false)
             : truncBits(static_cast<uint64_t>(intMinOf(t)), t);
  case RedComb::Min:
    if (chance(50))
      return small();
    return f ? floatBits(t, false, true)
             : truncBits(static_cast<uint64_t>(intMaxOf(t)), t);
  case RedComb::MaxU:
    return chance(50) ? 0 : truncBits(pickInt(0, 8), t);
  case RedComb::MinU:
  case RedComb::And:
    return chance(60) ? truncBits(~uint64_t(0), t)
                      : truncBits(pickInt(0, 8), t);
  }
  return 0;
}

SVal Builder::combine(BodyCtx &c, RedComb comb, SVal acc, SVal e, int64_t n) {
  DType t = acc.type;
  n = std::max<int64_t>(n, 1);
  SVal r;
  switch (comb) {
  case RedComb::Add:
    if (isFloat(t)) {
      r.bound = satAdd(acc.bound, satMul(n, e.bound));
      r.frac = std::max(acc.frac, e.frac);
    } else if (acc.hasRange && e.hasRange) {
      setRange(r, t,
               __int128(acc.lo) + __int128(n) * std::min<int64_t>(e.lo, 0),
               __int128(acc.hi) + __int128(n) * std::max<int64_t>(e.hi, 0));
    }
    break;
  case RedComb::Mul:
    if (isFloat(t)) {
      r.bound = acc.bound;
      r.frac = acc.frac;
    }
    break;
  case RedComb::Max:
  case RedComb::Min:
    r = joinSVal(acc, e);
    break;
  default:
    if (t == DType::I1) {
      r.hasRange = true;
      r.hi = 1;
    } else if (comb == RedComb::And &&
               ((acc.hasRange && acc.lo >= 0) || (e.hasRange && e.lo >= 0))) {
      r.hasRange = true;
      r.hi = acc.hasRange && acc.lo >= 0 ? acc.hi : e.hi;
    }
    break;
  }
  SmallVector<unsigned, 2> ops = {acc.id, e.id};
  if (chance(50))
    std::swap(ops[0], ops[1]);
  return addSVal(c, inst(redCombOp(comb, t), ops, t), r);
}

} // namespace ref::fuzz::gen
