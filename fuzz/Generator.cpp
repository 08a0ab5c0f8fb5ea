//===- Generator.cpp - Programs valid by construction, with inputs --------===//
//
// One `Builder` runs inside `rc::gen::exec`: every choice is a `*gen` pick, so
// RapidCheck records and shrinks it. Each op builder picks element types and
// concrete shapes first (or takes them from a value already in the function),
// derives the shapes of the other operands from the op's rules, and creates
// fresh arguments for operands it does not reuse. Alongside the program it
// tracks `Facts` per value (exactness bounds, infinities, integer ranges,
// distinctness, freedom) and only lets an op read a value whose facts meet
// the op's needs.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Generator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <limits>
#include <map>
#include <ostream>
#include <set>

using namespace llvm;

namespace ref::fuzz {

std::vector<DType> defaultDTypes() {
  return {DType::I1,  DType::I8,   DType::I16, DType::I32, DType::I64,
          DType::F16, DType::BF16, DType::F32, DType::F64};
}

namespace {

//===----------------------------------------------------------------------===//
// What the generator knows about values
//===----------------------------------------------------------------------===//

struct Facts {
  /// Every element is k * 2^-frac with |value| <= bound (floats: finite,
  /// and exact in the arithmetic the bound was checked for).
  bool exact = false;
  int64_t bound = 0;
  unsigned frac = 0;
  /// Floats: some element may be infinite.
  bool mayInf = false;
  /// Floats: some element may be subnormal.
  bool mayDenormal = false;
  /// Floats: some element may be NaN (arithmetic on infinities in a body).
  bool mayNaN = false;
  /// Floats: IREE's value may differ from the interpreter's by a few ULP
  /// (rounding arithmetic IREE may contract or widen, transcendental
  /// approximations): fine for a returned value under the oracle's ULP
  /// tolerance, but no decision (comparator, conversion to an integer,
  /// further arithmetic that could cancel) may read it.
  bool approx = false;
  /// Integers: every element lies in [lo, hi] (signed reading).
  bool hasRange = false;
  int64_t lo = 0, hi = 0;
  /// No two elements are equal.
  bool distinct = false;
  /// Freedom the interpreter reports for this value: tie groups or
  /// multi-writes (decidable when returned, undecidable for a consumer),
  /// a float reduction (decidable with a tolerance), or derived from
  /// another op's freedom (undecidable).
  bool coarse = false;
  bool reduction = false;
  bool derived = false;
  /// Every element is the same value (a fill, and what only moves or
  /// broadcasts its elements): IREE folds such a tensor into the ops that
  /// read it.
  bool uniform = false;
};

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

/// Facts of a constant.
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

/// What an operand must satisfy.
struct Need {
  /// Floats: exact values within bound / frac (for arithmetic).
  bool exact = false;
  int64_t bound = 0;
  unsigned frac = 0;
  /// Floats: no infinities (sort and topk keys).
  bool noInf = false;
  /// No float-reduction freedom (comparator operands: a reassociated sum may
  /// reorder them).
  bool noReduction = false;
  /// Floats: no subnormals (comparator operands: IREE's CPU runtime runs
  /// with denormals flushed to zero, so a comparison of subnormals is the
  /// target's choice, not a bug). Comparator operands also take no NaN and
  /// no approximate values (a ULP of difference may flip a decision).
  bool noDenormal = false;
};

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

/// Saturating helpers for bounds.
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

/// Whether `bound` with `frac` fraction bits is exact in `t` (floats).
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

//===----------------------------------------------------------------------===//
// What the generator knows about the scalars of a linalg body
//===----------------------------------------------------------------------===//

/// How a float scalar of a body relates to the value IREE computes.
enum class FClass : uint8_t {
  /// k * 2^-frac with |v| <= bound, exact in its type: every evaluation
  /// order, FMA contraction or wider intermediate gives the same bits.
  Exact,
  /// Not known to be exact, but IREE computes the same bits: an input
  /// element, a sign change or selection of one, a conversion of an exact
  /// value. A comparison or a rounding op may read it (unless it may be
  /// subnormal: IREE's CPU code flushes those), one rounding arithmetic op
  /// may too.
  Raw,
  /// One rounding away from Exact/Raw values (IREE may contract it into an
  /// FMA with a later add, or compute f16 in f32), or a transcendental
  /// approximation: IREE's value may differ by a few ULP. Only sign
  /// changes, max/min, select's data operands, truncf and the terminator
  /// read it: no decision, no further arithmetic that could cancel and
  /// amplify the difference, no extf (a few ULP of f16 are thousands of
  /// f32's, beyond the oracle's tolerance for the wider type).
  Rounded,
};

/// A scalar of a body (block argument or instruction result).
struct SVal {
  unsigned id = 0;
  DType type = DType::F32;
  /// Integers and index: every value lies in [lo, hi] (signed reading; i1
  /// reads 0/1) when hasRange.
  bool hasRange = false;
  int64_t lo = 0, hi = 0;
  /// Floats.
  FClass cls = FClass::Exact;
  int64_t bound = 0;
  unsigned frac = 0;
  bool mayInf = false, mayNaN = false, mayDenormal = false;

  bool isExact() const { return cls == FClass::Exact; }
  /// A float a comparison or a rounding op may read: IREE has the same
  /// bits and does not flush them.
  bool decidable() const {
    return cls == FClass::Exact || (cls == FClass::Raw && !mayDenormal);
  }
};

/// Reduction combiners of linalg.generic and linalg.reduce (associative and
/// commutative, so IREE may reassociate them).
enum class RedComb : uint8_t { Add, Mul, Max, Min, MaxU, MinU, And, Or, Xor };

StringRef redCombName(RedComb c) {
  static const char *const names[] = {"add",  "mul", "max", "min", "maxu",
                                      "minu", "and", "or",  "xor"};
  return names[static_cast<unsigned>(c)];
}

/// The op a combiner is for element type `t`.
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

/// The state of one body under construction.
struct BodyCtx {
  Body body;
  /// Per operand number (block arguments, then instructions).
  std::vector<SVal> vals;
  /// Loop extents (linalg.index ranges).
  SmallVector<int64_t, 4> loopExtents;
  /// Block arguments expressions may read, and those not read yet.
  SmallVector<unsigned, 6> leaves, unused;
  /// linalg.index per loop, once made.
  std::map<int64_t, unsigned> indexOf;
  std::set<std::string> opsUsed;
  /// Transcendental math (elementwise generics only).
  bool allowApprox = false;
  /// Rounding ops (fptosi, fptoui, floor, ...): not when an input carries a
  /// float reduction (the interpreter would call the result derived).
  bool allowRounding = true;
  unsigned maxInsts = 28;
};

/// An operand of a linalg.generic: the value and the loop of each dim.
struct GenericOperand {
  ValueId value = 0;
  SmallVector<int64_t, 4> map;
};

/// Whether body value `id` reads (through any chain of instructions) a
/// block argument `arg` accepts or a linalg.index `index` accepts.
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

/// Whether a float of type `t` may exceed the finite range with magnitude
/// `bound`.
bool mayOverflow(DType t, int64_t bound) {
  return static_cast<double>(bound) >=
         APFloat::getLargest(floatSemantics(t)).convertToDouble();
}

/// The body scalar a tensor value's elements are.
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

/// |v|, saturating at INT64_MAX (std::abs(INT64_MIN) overflows: found by
/// the ASan+UBSan suite).
int64_t magnitude(int64_t v) {
  return v == INT64_MIN ? INT64_MAX : (v < 0 ? -v : v);
}

/// The facts of a tensor whose elements are `s`.
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

/// Float facts of max/min/select of `a` and `b`: the coarser class.
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

/// [lo, hi] as an SVal range when it fits `t`.
void setRange(SVal &s, DType t, __int128 lo, __int128 hi) {
  if (lo >= intMinOf(t) && hi <= intMaxOf(t)) {
    s.hasRange = true;
    s.lo = static_cast<int64_t>(lo);
    s.hi = static_cast<int64_t>(hi);
  } else {
    s.hasRange = false;
  }
}

/// The values a `t` scalar may hold: its range, or the type's.
std::pair<int64_t, int64_t> rangeOf(const SVal &s) {
  if (s.hasRange)
    return {s.lo, s.hi};
  return {intMinOf(s.type), intMaxOf(s.type)};
}

//===----------------------------------------------------------------------===//
// The builder
//===----------------------------------------------------------------------===//

enum class Combiner { Overwrite, Add, Max, Min, Mul };
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

/// A result extent: static, or mirroring extent `dim` of `value` (dynamic
/// there means dynamic here, sized by tensor.dim).
struct DimSrc {
  int64_t extent = 0;
  std::optional<std::pair<ValueId, unsigned>> from;
};

class Builder {
public:
  explicit Builder(const GenOptions &opts)
      : opts(opts), maxRank(std::clamp(opts.maxRank, 1u, 4u)) {
    // index, sub-byte and small float tensors cannot be function arguments
    // of IREE's runtime tools (and the interpreter computes the small floats
    // on the slow path only).
    for (DType t : opts.dtypes)
      if (isFuzzableDType(t))
        dtypes.push_back(t);
    if (dtypes.empty())
      dtypes = defaultDTypes();
    for (OpKind k : opts.ops)
      if (k != OpKind::Empty)
        kinds.push_back(k);
    if (kinds.empty())
      for (unsigned i = 0; i < kNumOpKinds; ++i)
        if (static_cast<OpKind>(i) != OpKind::Empty)
          kinds.push_back(static_cast<OpKind>(i));
  }

  Case build();

private:
  const GenOptions &opts;
  unsigned maxRank;
  std::vector<DType> dtypes;
  std::vector<OpKind> kinds;
  Program prog;
  std::vector<Facts> facts;
  std::vector<unsigned> uses;
  std::vector<bool> isEmptyValue;
  std::vector<ValueSpec> specs;
  std::vector<OpFeature> opFeatures;
  bool dynamicCase = false;
  bool largeCase = false;
  int64_t budget = 0;

  //===--- Picks (every one goes through RapidCheck) ----------------------===//

  // RapidCheck's inRange narrows its range with the size parameter; the
  // picks run at the nominal size so that the distribution is the same at
  // every size (shrinking still moves towards the low end).
  int64_t pickInt(int64_t lo, int64_t hi) {
    if (lo >= hi)
      return lo;
    return *rc::gen::resize(rc::kNominalSize,
                            rc::gen::inRange<int64_t>(lo, hi + 1));
  }
  /// True with `percent` chance; shrinks towards false.
  bool chance(unsigned percent) {
    if (percent == 0)
      return false;
    if (percent >= 100)
      return true;
    return pickInt(0, 99) >= static_cast<int64_t>(100 - percent);
  }
  /// One of `items` by weight; shrinks towards the first.
  template <typename T> T pickWeighted(ArrayRef<std::pair<unsigned, T>> items) {
    unsigned total = 0;
    for (auto &it : items)
      total += it.first;
    assert(total > 0 && "nothing to pick");
    int64_t r = pickInt(0, total - 1);
    for (auto &it : items) {
      if (r < it.first)
        return it.second;
      r -= it.first;
    }
    return items.back().second;
  }
  template <typename T> T pickOne(ArrayRef<T> items) {
    return items[pickInt(0, items.size() - 1)];
  }
  /// A permutation of [0, n).
  SmallVector<int64_t, 4> pickPermutation(unsigned n) {
    SmallVector<int64_t, 4> rest, perm;
    for (unsigned i = 0; i < n; ++i)
      rest.push_back(i);
    while (!rest.empty()) {
      int64_t i = pickInt(0, rest.size() - 1);
      perm.push_back(rest[i]);
      rest.erase(rest.begin() + i);
    }
    return perm;
  }

  int64_t pickExtent(int64_t min = 1) {
    static const int64_t primes[] = {17, 19, 23, 29, 37, 41, 43, 47, 53, 61};
    static const int64_t edges[] = {31, 32, 33, 63, 64, 65, 127, 128, 129};
    static const int64_t large[] = {255,  256,  257,  511,  512,  513,
                                    1023, 1024, 1025, 4095, 4096, 4097};
    SmallVector<std::pair<unsigned, int>, 6> cats = {
        {30, 0}, {24, 1}, {8, 2}, {14, 3}};
    if (min == 0 && opts.allowZeroExtents)
      cats.push_back({4, 4});
    if (largeCase)
      cats.push_back({20, 5});
    int64_t e = 1;
    switch (pickWeighted<int>(cats)) {
    case 0:
      e = pickInt(1, 4);
      break;
    case 1:
      e = pickInt(5, 16);
      break;
    case 2:
      e = pickOne<int64_t>(primes);
      break;
    case 3:
      e = pickOne<int64_t>(edges);
      break;
    case 4:
      e = 0;
      break;
    default:
      e = pickOne<int64_t>(large);
      break;
    }
    return std::max(e, min);
  }

  /// Halves the largest extents until the shape fits the element budget
  /// (extents never drop below `floor`).
  void fitBudget(Shape &shape, int64_t floor = 1, int64_t limit = 0) {
    if (limit == 0)
      limit = budget;
    while (numElementsOf(shape) > limit) {
      auto it = std::max_element(shape.begin(), shape.end());
      if (*it <= std::max<int64_t>(floor, 1))
        break;
      *it = std::max(std::max<int64_t>(floor, 1), *it / 2);
    }
  }

  Shape pickShape(unsigned rank, int64_t min = 1) {
    Shape s;
    for (unsigned i = 0; i < rank; ++i)
      s.push_back(pickExtent(min));
    fitBudget(s, min);
    return s;
  }

  unsigned pickRank(unsigned lo, unsigned hi) {
    hi = std::min(hi, maxRank);
    lo = std::min(lo, hi);
    static const unsigned weights[] = {4, 30, 35, 20, 11};
    SmallVector<std::pair<unsigned, unsigned>, 5> items;
    for (unsigned r = lo; r <= hi && r < 5; ++r)
      items.push_back({weights[r], r});
    return pickWeighted<unsigned>(items);
  }

  bool dtypeAllowed(DType t) const { return llvm::is_contained(dtypes, t); }

  /// An element type the options allow and `ok` accepts (nullopt: none).
  std::optional<DType> pickDType(function_ref<bool(DType)> ok) {
    SmallVector<DType, 9> c;
    for (DType t : dtypes)
      if (ok(t))
        c.push_back(t);
    if (c.empty())
      return std::nullopt;
    return pickOne<DType>(c);
  }

  DType pickIndexDType(int64_t maxIndex) {
    SmallVector<std::pair<unsigned, DType>, 4> items = {{6, DType::I32},
                                                        {3, DType::I64}};
    if (maxIndex <= 32767)
      items.push_back({1, DType::I16});
    if (maxIndex <= 127)
      items.push_back({1, DType::I8});
    return pickWeighted<DType>(items);
  }

  /// The static type of a new value with extents `shape`: in a dynamic case
  /// each dim is `?` with the options' chance.
  TensorType makeType(DType t, ArrayRef<int64_t> shape) {
    TensorType ty;
    ty.dtype = t;
    for (int64_t e : shape)
      ty.dims.push_back(dynamicCase && chance(opts.dynamicDimPercent) ? kDynamic
                                                                      : e);
    return ty;
  }

  //===--- Values
  //----------------------------------------------------------===//

  ValueId addValueInfo(ValueId v, const Facts &f) {
    if (facts.size() <= v) {
      facts.resize(v + 1);
      uses.resize(v + 1, 0);
      isEmptyValue.resize(v + 1, false);
    }
    facts[v] = f;
    return v;
  }

  void use(ValueId v) { ++uses[v]; }

  /// A value spec for a fresh argument of `n` elements meeting `need`.
  ValueSpec pickSpec(DType t, int64_t n, const Need &need,
                     unsigned distinctWeight = 6) {
    ValueSpec s;
    if (isFloat(t) && need.exact) {
      s.bound = need.bound;
      s.fracBits = need.frac;
      SmallVector<std::pair<unsigned, ValueMode>, 6> modes = {
          {40, ValueMode::Small},
          {14, ValueMode::Ties},
          {10, ValueMode::Sorted},
          {10, ValueMode::ReverseSorted},
          {10, ValueMode::SignedZeros}};
      if (distinctFits(t, n, s.fracBits) &&
          distinctBound(n, s.fracBits) <= need.bound)
        modes.push_back({distinctWeight, ValueMode::Distinct});
      s.mode = pickWeighted<ValueMode>(modes);
      return s;
    }
    static const int64_t bounds[] = {1, 4, 16, 100, 1000};
    s.bound = pickOne<int64_t>(bounds);
    s.fracBits = isFloat(t) ? pickInt(0, 3) : 0;
    while (!smallValuesFit(t, s.bound, s.fracBits)) {
      if (s.fracBits > 0)
        --s.fracBits;
      else
        s.bound = std::max<int64_t>(1, s.bound / 4);
      if (s.bound == 1 && s.fracBits == 0)
        break;
    }
    SmallVector<std::pair<unsigned, ValueMode>, 10> modes = {
        {25, ValueMode::Small},      {12, ValueMode::Ties},
        {8, ValueMode::Sorted},      {8, ValueMode::ReverseSorted},
        {8, ValueMode::SignedZeros}, {8, ValueMode::NearMax}};
    bool denormalsOk = !(isFloat(t) && need.noDenormal);
    if (denormalsOk)
      modes.push_back({8, ValueMode::Wide});
    if (!(isFloat(t) && need.noInf))
      modes.push_back({8, ValueMode::Infinities});
    if (isFloat(t) && denormalsOk)
      modes.push_back({8, ValueMode::Subnormals});
    if (distinctFits(t, n, s.fracBits))
      modes.push_back({distinctWeight, ValueMode::Distinct});
    s.mode = pickWeighted<ValueMode>(modes);
    return s;
  }

  ValueId addArg(const TensorType &type, ArrayRef<int64_t> shape,
                 const ValueSpec &spec) {
    ValueId v = prog.addArg(type, shape);
    specs.push_back(spec);
    return addValueInfo(v, specFacts(spec, type.dtype, numElementsOf(shape)));
  }

  ValueId freshArg(DType t, ArrayRef<int64_t> shape, const Need &need,
                   unsigned distinctWeight = 6) {
    return addArg(makeType(t, shape), shape,
                  pickSpec(t, numElementsOf(shape), need, distinctWeight));
  }
  ValueId freshArgOfType(const TensorType &type, ArrayRef<int64_t> shape,
                         const Need &need, unsigned distinctWeight = 6) {
    return addArg(
        type, shape,
        pickSpec(type.dtype, numElementsOf(shape), need, distinctWeight));
  }

  /// With `percent` chance, a value already in the function (most recent
  /// first) that `ok` accepts.
  std::optional<ValueId> pickExisting(function_ref<bool(ValueId)> ok,
                                      unsigned percent = 55) {
    SmallVector<ValueId, 16> c;
    for (ValueId v = prog.values.size(); v-- > 0;)
      if (!isEmptyValue[v] && !facts[v].coarse && !facts[v].derived && ok(v))
        c.push_back(v);
    if (c.empty() || !chance(percent))
      return std::nullopt;
    return c[pickInt(0, c.size() - 1)];
  }

  /// A destination: tensor.empty (`fill` unset) or tensor.empty +
  /// linalg.fill with `fill`.
  ValueId makeInit(DType t, ArrayRef<DimSrc> dims,
                   std::optional<uint64_t> fill) {
    Op op;
    op.kind = fill ? OpKind::Fill : OpKind::Empty;
    TensorType ty;
    ty.dtype = t;
    Shape shape;
    for (const DimSrc &d : dims) {
      shape.push_back(d.extent);
      if (d.from && prog.type(d.from->first).isDynamic(d.from->second)) {
        ty.dims.push_back(kDynamic);
        op.dynSizes.push_back({d.from->first, d.from->second, 0, 1});
        use(d.from->first);
      } else {
        ty.dims.push_back(d.extent);
      }
    }
    if (fill)
      op.scalar = *fill;
    unsigned i = prog.addOp(std::move(op), {ty}, {shape});
    ValueId v = prog.ops[i].results[0];
    Facts f = fill ? constantFacts(*fill, t) : Facts();
    addValueInfo(v, f);
    isEmptyValue[v] = !fill;
    if (fill) {
      OpFeature feat;
      feat.kind = OpKind::Fill;
      feat.dtype = t;
      feat.rank = ty.rank();
      feat.dynamic = ty.hasDynamic();
      feat.forms.push_back("init");
      opFeatures.push_back(std::move(feat));
    }
    return v;
  }

  /// DimSrcs mirroring every extent of `v`.
  SmallVector<DimSrc, 4> mirror(ValueId v) {
    SmallVector<DimSrc, 4> d;
    for (unsigned i = 0; i < prog.shape(v).size(); ++i)
      d.push_back({prog.shape(v)[i], std::make_pair(v, i)});
    return d;
  }

  /// Appends an op with results of the given types and shapes, records the
  /// uses of its operands and returns its result values.
  SmallVector<ValueId, 2> emit(Op op, ArrayRef<TensorType> types,
                               ArrayRef<Shape> shapes,
                               ArrayRef<Facts> resultFacts, OpFeature feat) {
    for (ValueId v : op.operands)
      use(v);
    for (const DimExpr &e : op.dynSizes)
      use(e.value);
    feat.kind = op.kind;
    bool dyn = false;
    for (ValueId v : op.operands)
      dyn |= prog.type(v).hasDynamic();
    for (const TensorType &t : types)
      dyn |= t.hasDynamic();
    feat.dynamic = dyn;
    unsigned i = prog.addOp(std::move(op), types, shapes);
    SmallVector<ValueId, 2> results(prog.ops[i].results.begin(),
                                    prog.ops[i].results.end());
    for (auto [r, f] : llvm::zip(results, resultFacts))
      addValueInfo(r, f);
    opFeatures.push_back(std::move(feat));
    return results;
  }

  static uint64_t floatBits(DType t, bool negInf, bool posInf) {
    if (negInf || posInf)
      return APFloat::getInf(floatSemantics(t), negInf)
          .bitcastToAPInt()
          .getZExtValue();
    return 0;
  }

  /// A small constant within the value's facts when it is exact.
  uint64_t pickSmallConstant(DType t, const Facts &within) {
    if (t == DType::I1)
      return pickInt(0, 1);
    int64_t b = within.exact ? std::min<int64_t>(within.bound, 8) : 8;
    unsigned frac = isFloat(t) && within.exact ? std::min(within.frac, 2u) : 0;
    if (isFloat(t) && !within.exact)
      frac = pickInt(0, 2);
    int64_t k = pickInt(-(b << frac), b << frac);
    return bitsOf(std::ldexp(static_cast<double>(k), -int(frac)), t);
  }

  //===--- Bodies
  //----------------------------------------------------------===//

  static ScalarInst inst(StringRef name, ArrayRef<unsigned> operands, DType t,
                         StringRef predicate = "") {
    ScalarInst i;
    i.name = name.str();
    i.predicate = predicate.str();
    i.operands.assign(operands.begin(), operands.end());
    i.type = t;
    return i;
  }

  static StringRef cmpName(DType t) {
    return isFloat(t) ? "arith.cmpf" : "arith.cmpi";
  }

  /// A strict comparator predicate for `t` ("ogt", "slt", ...).
  StringRef pickStrictPredicate(DType t) {
    if (isFloat(t))
      return pickOne<StringRef>({"ogt", "olt"});
    return pickOne<StringRef>({"sgt", "slt", "ugt", "ult"});
  }

  Body combinerBody(DType t, Combiner c) {
    Body b;
    b.args = {t, t};
    bool f = isFloat(t);
    // Commutative ops: either operand order.
    SmallVector<unsigned, 2> ops = {0, 1};
    if (c != Combiner::Overwrite && chance(50))
      std::swap(ops[0], ops[1]);
    switch (c) {
    case Combiner::Overwrite:
      b.yield = 0;
      return b;
    case Combiner::Add:
      b.yield = b.add(inst(f ? "arith.addf" : "arith.addi", ops, t));
      return b;
    case Combiner::Mul:
      b.yield = b.add(inst(f ? "arith.mulf" : "arith.muli", ops, t));
      return b;
    case Combiner::Max:
      b.yield = b.add(inst(f            ? "arith.maximumf"
                           : chance(30) ? "arith.maxui"
                                        : "arith.maxsi",
                           ops, t));
      return b;
    case Combiner::Min:
      b.yield = b.add(inst(f            ? "arith.minimumf"
                           : chance(30) ? "arith.minui"
                                        : "arith.minsi",
                           ops, t));
      return b;
    }
    return b;
  }

  //===--- Op builders
  //-----------------------------------------------------===//

  bool anyDType(function_ref<bool(DType)> ok) const {
    return llvm::any_of(dtypes, ok);
  }
  static bool notI1(DType t) { return t != DType::I1; }
  static bool anyType(DType) { return true; }
  static bool isArithType(DType t) { return t != DType::I1; }

  bool feasible(OpKind k) const {
    switch (k) {
    case OpKind::Scan:
    case OpKind::TopK:
    case OpKind::ArgCompare:
      return anyDType(notI1);
    case OpKind::Matmul:
      return anyDType(notI1) && maxRank >= 2;
    case OpKind::BatchMatmul:
      return anyDType(notI1) && maxRank >= 3;
    case OpKind::CollapseShape:
      return maxRank >= 2;
    default:
      return true;
    }
  }

  void buildOp(OpKind k);
  void buildFill();
  void buildSort();
  void buildScatterOrGather(bool scatter);
  void buildScan();
  void buildTopK();
  void buildArgCompare();
  void buildMatmul(bool batch);
  void buildTranspose();
  void buildReduce();
  void buildBroadcast();
  void buildGeneric();
  void buildMixedChain();
  void buildExtractSlice();
  void buildInsertSlice();
  void buildCollapse();
  void buildExpand();
  void buildPad();
  void buildConcat();
  void buildCast();

  bool noZeroExtent(ValueId v) const;

  /// Expands `v` with a trailing unit dim (indices of explicit depth 1).
  ValueId expandTrailingUnit(ValueId v);

  /// A value of at least rank `minRank` (and at most `hiRank`) that `ok`
  /// accepts, reused or fresh with `need`.
  ValueId pickInput(DType t, unsigned minRank, unsigned hiRank,
                    const Need &need, function_ref<bool(ValueId)> ok,
                    int64_t minExtent = 1, unsigned distinctWeight = 6) {
    hiRank = std::min(hiRank, maxRank);
    auto existing = pickExisting([&](ValueId v) {
      const TensorType &ty = prog.type(v);
      return ty.dtype == t && ty.rank() >= minRank && ty.rank() <= hiRank &&
             fits(facts[v], t, need) && ok(v);
    });
    if (existing)
      return *existing;
    Shape s = pickShape(pickRank(minRank, hiRank), minExtent);
    return freshArg(t, s, need, distinctWeight);
  }

  void finish(Case &c);

  //===--- Scalar bodies of linalg.generic (see "Generic bodies") --------===//

  SVal addSVal(BodyCtx &c, ScalarInst i, SVal v);
  SVal constFloat(BodyCtx &c, DType t, double v);
  SVal constInt(BodyCtx &c, DType t, int64_t v);
  SVal randomConst(BodyCtx &c, DType t);
  SVal indexLeaf(BodyCtx &c, DType t);
  std::optional<SVal> argLeaf(BodyCtx &c, DType t);
  SVal leafSimple(BodyCtx &c, DType t);
  SVal leaf(BodyCtx &c, DType t);
  SVal convert(BodyCtx &c, SVal x, DType to);
  SVal genExpr(BodyCtx &c, DType t, int depth);
  SVal genFloat(BodyCtx &c, DType t, int depth);
  SVal genInt(BodyCtx &c, DType t, int depth);
  SVal genBool(BodyCtx &c, int depth);
  SVal floatArith(BodyCtx &c, StringRef name, SVal a, SVal b);
  SVal minMax(BodyCtx &c, SVal a, SVal b);
  SVal select(BodyCtx &c, SVal cond, SVal a, SVal b);
  SVal compare(BodyCtx &c, SVal a, SVal b);
  SVal positiveDivisor(BodyCtx &c, DType t, int depth, bool isUnsigned);
  std::optional<RedComb> pickRedComb(DType t, SVal e, const SVal *acc,
                                     int64_t n);
  uint64_t redInit(DType t, RedComb comb, SVal e);
  SVal combine(BodyCtx &c, RedComb comb, SVal acc, SVal e, int64_t n);
  DType pickExprType(function_ref<bool(DType)> ok);
  SVal addLoopDependence(BodyCtx &c, SVal e, ArrayRef<bool> red,
                         ArrayRef<GenericOperand> ins);

  //===--- linalg.generic ------------------------------------------------===//

  SmallVector<int64_t, 4> pickGenericMap(unsigned numLoops);
  Need genericNeed(DType t, bool reductions);
  DimSrc loopSrc(int64_t loop, int64_t extent, ArrayRef<GenericOperand> ins);
  SmallVector<ValueId, 2> emitGeneric(ArrayRef<bool> red,
                                      ArrayRef<GenericOperand> ins,
                                      ArrayRef<GenericOperand> outs, Body body,
                                      ArrayRef<Facts> outFacts, OpFeature feat);
  void genericForms(OpFeature &feat, ArrayRef<bool> red,
                    ArrayRef<GenericOperand> ins,
                    ArrayRef<GenericOperand> outs);
};

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

void Builder::buildSort() {
  DType kt = *pickDType(anyType);
  Need keyNeed;
  keyNeed.noInf = true;
  keyNeed.noReduction = true;
  keyNeed.noDenormal = true;
  ValueId key = pickInput(
      kt, 1, 4, keyNeed, [](ValueId) { return true; }, 1,
      /*distinctWeight=*/30);
  TensorType keyType = prog.type(key);
  Shape shape(prog.shape(key).begin(), prog.shape(key).end());
  unsigned rank = keyType.rank();

  unsigned n = pickWeighted<unsigned>({{40, 1}, {40, 2}, {20, 3}});
  bool lexicographic = n >= 2 && chance(35);
  SmallVector<ValueId, 3> operands = {key};
  for (unsigned i = 1; i < n; ++i) {
    DType pt = *pickDType(anyType);
    Need need;
    need.noReduction = true;
    if (lexicographic && i == 1) {
      need.noInf = true;
      need.noDenormal = true;
    }
    TensorType want = keyType;
    want.dtype = pt;
    auto existing = pickExisting([&](ValueId v) {
      return prog.type(v) == want && prog.shape(v) == ArrayRef(shape) &&
             fits(facts[v], pt, need) && !llvm::is_contained(operands, v);
    });
    operands.push_back(existing ? *existing
                                : freshArgOfType(want, shape, need));
  }

  Op op;
  op.kind = OpKind::Sort;
  op.dimension = pickInt(0, rank - 1);
  op.operands.assign(operands.begin(), operands.end());
  op.numIns = 0;
  Body &b = op.body;
  for (ValueId v : operands) {
    b.args.push_back(prog.type(v).dtype);
    b.args.push_back(prog.type(v).dtype);
  }
  OpFeature feat;
  feat.dtype = kt;
  feat.rank = rank;
  feat.forms.push_back("operands=" + std::to_string(n));
  if (lexicographic) {
    DType k1 = prog.type(operands[1]).dtype;
    bool greater = chance(50);
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
        isFloat(kt) ? pickWeighted<StringRef>(
                          {{35, "olt"}, {35, "ogt"}, {15, "ole"}, {15, "oge"}})
                    : pickWeighted<StringRef>({{20, "slt"},
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
  bool keysDistinct = facts[key].distinct;
  if (keysDistinct)
    feat.forms.push_back("distinct_keys");
  SmallVector<TensorType, 3> types;
  SmallVector<Shape, 3> shapes;
  SmallVector<Facts, 3> rf;
  for (ValueId v : operands) {
    types.push_back(prog.type(v));
    shapes.push_back(shape);
    Facts f = facts[v];
    f.coarse = f.coarse || !keysDistinct;
    rf.push_back(f);
  }
  emit(std::move(op), types, shapes, rf, std::move(feat));
}

//===----------------------------------------------------------------------===//
// scatter and gather
//===----------------------------------------------------------------------===//

ValueId Builder::expandTrailingUnit(ValueId v) {
  TensorType t = prog.type(v);
  Op op;
  op.kind = OpKind::ExpandShape;
  op.operands = {v};
  TensorType rt = t;
  rt.dims.push_back(1);
  Shape rs(prog.shape(v).begin(), prog.shape(v).end());
  rs.push_back(1);
  for (unsigned i = 0; i < t.rank(); ++i) {
    SmallVector<int64_t, 2> g = {int64_t(i)};
    if (i + 1 == t.rank())
      g.push_back(i + 1);
    op.reassociation.push_back(g);
    if (t.isDynamic(i))
      op.dynSizes.push_back({v, i, 0, 1});
  }
  OpFeature feat;
  feat.dtype = t.dtype;
  feat.rank = rt.rank();
  feat.forms.push_back("index_chain");
  return emit(std::move(op), {rt}, {rs}, {facts[v]}, std::move(feat))[0];
}

void Builder::buildScatterOrGather(bool scatter) {
  // Element type and combiner first.
  DType et = *pickDType(anyType);
  Combiner comb = Combiner::Overwrite;
  if (scatter && et != DType::I1)
    comb = pickWeighted<Combiner>({{30, Combiner::Overwrite},
                                   {25, Combiner::Add},
                                   {15, Combiner::Max},
                                   {15, Combiner::Min},
                                   {15, Combiner::Mul}});
  bool floatArith =
      isFloat(et) && (comb == Combiner::Add || comb == Combiner::Mul);
  bool wantUnique =
      scatter && (comb == Combiner::Mul && isFloat(et) ? true : chance(60));

  // Indices from another op (a topk's or arg_compare's index output, ...):
  // an integer value whose range is known and non-negative.
  std::optional<ValueId> chainIdx;
  if (!wantUnique)
    chainIdx = pickExisting(
        [&](ValueId v) {
          const Facts &f = facts[v];
          const TensorType &t = prog.type(v);
          return isInteger(t.dtype) && t.dtype != DType::I1 && f.hasRange &&
                 f.lo >= 0 && t.rank() >= 1 && t.rank() <= 2 &&
                 numElementsOf(prog.shape(v)) > 0 &&
                 f.hi < std::min<int64_t>(budget, 1 << 20);
        },
        35);

  // The indexed tensor (scatter's original, gather's source).
  Need targetNeed;
  if (floatArith) {
    targetNeed.exact = true;
    targetNeed.frac = 2;
    targetNeed.bound =
        comb == Combiner::Mul
            ? 16
            : std::min<int64_t>(64, int64_t(1) << (significandBits(et) - 5));
  }
  unsigned depth;
  ValueId target;
  SmallVector<int64_t, 3> dimMap;
  Shape batchShape;
  SmallVector<bool, 3> batchDynamic;
  ValueId indices;
  bool implicitDepth = false;
  if (chainIdx) {
    // Depth 1: the index value's shape is the batch, its range bounds the
    // indexed extent.
    depth = 1;
    dimMap = {0};
    int64_t need = facts[*chainIdx].hi + 1;
    // Updates have rank batch + target - 1: keep it within maxRank.
    unsigned maxTargetRank = std::max<int64_t>(
        1, int64_t(maxRank) + 1 - prog.type(*chainIdx).rank());
    auto existing = pickExisting([&](ValueId v) {
      const TensorType &t = prog.type(v);
      return t.dtype == et && t.rank() >= 1 && t.rank() <= maxTargetRank &&
             prog.shape(v)[0] >= need && fits(facts[v], et, targetNeed) &&
             v != *chainIdx;
    });
    if (existing) {
      target = *existing;
    } else {
      unsigned rank = pickRank(1, std::min(3u, maxTargetRank));
      Shape s = pickShape(rank);
      s[0] = std::max(s[0], need);
      fitBudget(s, 1, std::max(budget, need * 4));
      s[0] = std::max(s[0], need);
      target = freshArg(et, s, targetNeed);
    }
    indices = *chainIdx;
    if (prog.type(indices).rank() >= maxRank || chance(50)) {
      implicitDepth = true;
    } else {
      indices = expandTrailingUnit(indices);
    }
    Shape is(prog.shape(indices).begin(), prog.shape(indices).end());
    batchShape.assign(is.begin(), is.end() - (implicitDepth ? 0 : 1));
    for (unsigned i = 0; i < batchShape.size(); ++i)
      batchDynamic.push_back(prog.type(indices).isDynamic(i));
  } else {
    target = pickInput(et, 1, 4, targetNeed,
                       [&](ValueId v) { return noZeroExtent(v); });
    unsigned rank = prog.type(target).rank();
    depth = pickInt(1, std::min(3u, rank));
    dimMap = pickPermutation(depth);
    unsigned batchRank = pickWeighted<unsigned>(
        {{20, 1}, {12, 2}, {opts.allowBatchRankZero ? 4u : 0u, 0}});
    // Updates have rank batch + slice, indices batch + 1.
    unsigned sliceRank = rank - depth;
    batchRank = std::min<unsigned>(
        batchRank, std::min<unsigned>(maxRank - sliceRank, maxRank - 1));
    // Only maxRank 1 leaves no room for a batch dim (the target is then
    // rank 1 with depth 1): implicit depth keeps the indices at rank 1.
    bool forceImplicit = false;
    if (batchRank == 0 && !opts.allowBatchRankZero) {
      batchRank = 1;
      forceImplicit = true;
    }
    batchShape = pickShape(batchRank);
    if (wantUnique) {
      SmallVector<int64_t, 3> bounds;
      for (int64_t d : dimMap)
        bounds.push_back(prog.shape(target)[d]);
      int64_t space = 1;
      for (int64_t b : bounds)
        space = satMul(space, b);
      fitBudget(batchShape, 1, std::max<int64_t>(1, space));
    }
    implicitDepth =
        depth == 1 && batchRank >= 1 && (forceImplicit || chance(35));
    for (unsigned i = 0; i < batchRank; ++i)
      batchDynamic.push_back(dynamicCase && chance(opts.dynamicDimPercent));
    // Fresh indices: batch dims, then the depth (unless implicit).
    ValueSpec spec;
    spec.mode = ValueMode::Indices;
    for (int64_t d : dimMap)
      spec.bounds.push_back(prog.shape(target)[d]);
    spec.unique = wantUnique;
    int64_t maxIndex = 0;
    for (int64_t b : spec.bounds)
      maxIndex = std::max(maxIndex, b - 1);
    TensorType it;
    it.dtype = pickIndexDType(maxIndex);
    Shape is = batchShape;
    for (unsigned i = 0; i < batchRank; ++i)
      it.dims.push_back(batchDynamic[i] ? kDynamic : batchShape[i]);
    if (!implicitDepth) {
      it.dims.push_back(depth);
      is.push_back(depth);
    }
    indices = addArg(it, is, spec);
  }

  TensorType tt = prog.type(target);
  Shape ts(prog.shape(target).begin(), prog.shape(target).end());
  unsigned sliceRank = tt.rank() - depth;
  unsigned batchRank = batchShape.size();
  Shape updShape = batchShape;
  for (unsigned k = 0; k < sliceRank; ++k)
    updShape.push_back(ts[depth + k]);
  int64_t batchCount = numElementsOf(batchShape);

  OpFeature feat;
  feat.dtype = et;
  feat.rank = tt.rank();
  feat.forms.push_back("depth=" + std::to_string(depth));
  feat.forms.push_back("batch_rank=" + std::to_string(batchRank));
  if (implicitDepth)
    feat.forms.push_back("implicit_depth");
  if (!std::is_sorted(dimMap.begin(), dimMap.end()))
    feat.forms.push_back("permuted_map");
  if (chainIdx)
    feat.forms.push_back("chained_indices");
  feat.forms.push_back(std::string("indices=") +
                       dtypeName(prog.type(indices).dtype).str());

  Op op;
  op.kind = scatter ? OpKind::Scatter : OpKind::Gather;
  op.ints.assign(dimMap.begin(), dimMap.end());
  op.numIns = 2;

  if (!scatter) {
    // The output: batch extents as the indices have them, slice extents
    // mirroring the source's.
    SmallVector<DimSrc, 4> dims;
    for (unsigned i = 0; i < batchRank; ++i)
      dims.push_back({batchShape[i], std::make_pair(indices, i)});
    for (unsigned k = 0; k < sliceRank; ++k)
      dims.push_back({ts[depth + k], std::make_pair(target, depth + k)});
    std::optional<uint64_t> fill;
    if (chance(20))
      fill = pickSmallConstant(et, facts[target]);
    ValueId out = makeInit(et, dims, fill);
    op.operands = {target, indices, out};
    Facts f = facts[target];
    f.distinct = false;
    emit(std::move(op), {prog.type(out)}, {updShape}, {f}, std::move(feat));
    return;
  }

  // scatter: the updates' batch dims have exactly the indices' types.
  int64_t multiplicity = wantUnique ? 1 : std::max<int64_t>(1, batchCount);
  Need updNeed;
  Facts tf = facts[target];
  if (floatArith) {
    updNeed.exact = true;
    updNeed.frac = comb == Combiner::Mul ? 1 : std::min(tf.frac, 2u);
    int64_t room = int64_t(1) << (significandBits(et) - updNeed.frac);
    if (comb == Combiner::Add) {
      updNeed.bound = std::min<int64_t>(
          8, (room - tf.bound) / std::max<int64_t>(1, multiplicity + 1));
    } else {
      updNeed.bound = 2;
      // mul (unique only): |orig| * |upd| with frac + 1 fraction bits.
      if (!exactIn(et, satMul(tf.bound, 2), tf.frac + 1))
        updNeed.bound = 0;
    }
    if (updNeed.bound < 1) {
      comb = Combiner::Overwrite;
      floatArith = false;
      updNeed = Need();
    }
  }
  TensorType ut;
  ut.dtype = et;
  for (unsigned i = 0; i < batchRank; ++i)
    ut.dims.push_back(prog.type(indices).dims[i]);
  for (unsigned k = 0; k < sliceRank; ++k)
    ut.dims.push_back(dynamicCase && chance(opts.dynamicDimPercent)
                          ? kDynamic
                          : ts[depth + k]);
  ValueId updates = freshArgOfType(ut, updShape, updNeed);

  op.operands = {updates, indices, target};
  bool unique = wantUnique;
  op.flag = unique && !chance(10);
  op.body = combinerBody(et, comb);
  feat.forms.push_back("combiner=" + combinerName(comb).str());
  feat.forms.push_back(op.flag ? "unique_indices" : "non_unique_indices");

  Facts uf = facts[updates];
  Facts f = joinFacts(tf, uf);
  f.distinct = false;
  switch (comb) {
  case Combiner::Overwrite:
  case Combiner::Max:
  case Combiner::Min:
    break;
  case Combiner::Add:
    f.bound = satAdd(tf.bound, satMul(multiplicity, uf.bound));
    f.exact =
        tf.exact && uf.exact && (isInteger(et) || exactIn(et, f.bound, f.frac));
    f.hasRange = false;
    break;
  case Combiner::Mul:
    f.bound = satMul(tf.bound, uf.bound);
    f.frac = tf.frac + uf.frac;
    f.exact = tf.exact && uf.exact && multiplicity == 1 &&
              (isInteger(et) || exactIn(et, f.bound, f.frac));
    f.hasRange = false;
    break;
  }
  if (isFloat(et) && (comb == Combiner::Add || comb == Combiner::Mul))
    f.approx = f.approx || !f.exact;
  // Duplicate indices: multi-writes the oracle decides, but a consumer
  // could not.
  if (!unique && batchCount > 1)
    f.coarse = true;
  emit(std::move(op), {tt}, {Shape(ts.begin(), ts.end())}, {f},
       std::move(feat));
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

void Builder::buildScan() {
  DType t = *pickDType(isArithType);
  Combiner comb = pickWeighted<Combiner>({{40, Combiner::Add},
                                          {20, Combiner::Max},
                                          {20, Combiner::Min},
                                          {20, Combiner::Mul}});
  // What a float input of scan length `n` must satisfy: prefix sums stay
  // exact while (n + 1) * bound * 2^frac <= 2^p; products of -1, 0 and 1
  // never round.
  unsigned sumFrac = pickInt(0, 2);
  auto needFor = [&](int64_t n) {
    Need need;
    if (isFloat(t) && comb == Combiner::Add) {
      int64_t room = int64_t(1) << significandBits(t);
      need.exact = true;
      need.frac = sumFrac;
      need.bound = std::min<int64_t>(16, (room >> sumFrac) /
                                             std::max<int64_t>(1, n + 1));
      if (need.bound < 1) {
        need.frac = 0;
        need.bound = 1;
      }
    } else if (isFloat(t) && comb == Combiner::Mul) {
      need.exact = true;
      need.bound = 1;
      need.frac = 0;
    }
    return need;
  };
  // Longest scan a float sum keeps exact with values in [-1, 1].
  int64_t maxLen = isFloat(t) && comb == Combiner::Add
                       ? (int64_t(1) << significandBits(t)) - 2
                       : INT64_MAX;

  auto existing = pickExisting([&](ValueId v) {
    const TensorType &ty = prog.type(v);
    if (ty.dtype != t || ty.rank() < 1)
      return false;
    int64_t longest = 0;
    for (int64_t e : prog.shape(v))
      longest = std::max(longest, e);
    return longest <= maxLen && fits(facts[v], t, needFor(longest));
  });
  ValueId in;
  Shape shape;
  unsigned rank, dim;
  if (existing) {
    in = *existing;
    shape.assign(prog.shape(in).begin(), prog.shape(in).end());
    rank = shape.size();
    dim = pickInt(0, rank - 1);
  } else {
    rank = pickRank(1, 4);
    shape = pickShape(rank, 0);
    dim = pickInt(0, rank - 1);
    shape[dim] = std::min(shape[dim], maxLen);
    in = freshArg(t, shape, needFor(shape[dim]));
  }
  int64_t n = shape[dim];
  Facts inF = facts[in];

  bool inclusive = chance(60);
  // The accumulator's initial value: the combiner's identity or a small
  // constant (exclusive scans start from it).
  uint64_t accInit = 0;
  if (comb == Combiner::Mul) {
    accInit = bitsOf(1.0, t);
  } else if ((comb == Combiner::Max || comb == Combiner::Min) && chance(50)) {
    bool isMax = comb == Combiner::Max;
    if (isFloat(t))
      accInit = floatBits(t, isMax, !isMax);
    else
      accInit = truncBits(
          static_cast<uint64_t>(isMax ? intMinOf(t) : intMaxOf(t)), t);
  } else if (comb == Combiner::Add && isFloat(t)) {
    accInit = chance(50) ? 0 : pickSmallConstant(t, inF);
  } else {
    accInit = pickSmallConstant(t, inF);
  }

  SmallVector<DimSrc, 4> accDims;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      accDims.push_back({shape[i], std::make_pair(in, i)});
  ValueId out = makeInit(t, mirror(in), uint64_t(0));
  ValueId acc = makeInit(t, accDims, accInit);

  Op op;
  op.kind = OpKind::Scan;
  op.dimension = dim;
  op.flag = inclusive;
  op.numIns = 1;
  op.operands = {in, out, acc};
  Body b;
  b.args = {t, t};
  bool f = isFloat(t);
  switch (comb) {
  case Combiner::Add:
    b.yield = b.add(inst(f ? "arith.addf" : "arith.addi", {0, 1}, t));
    break;
  case Combiner::Mul:
    b.yield = b.add(inst(f ? "arith.mulf" : "arith.muli", {0, 1}, t));
    break;
  case Combiner::Max:
    b.yield = b.add(inst(f ? "arith.maximumf" : "arith.maxsi", {0, 1}, t));
    break;
  case Combiner::Min:
    b.yield = b.add(inst(f ? "arith.minimumf" : "arith.minsi", {0, 1}, t));
    break;
  default:
    break;
  }
  op.body = std::move(b);

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back(inclusive ? "inclusive" : "exclusive");
  feat.forms.push_back("combiner=" + combinerName(comb).str());
  feat.forms.push_back("dim=" + std::to_string(dim));

  Facts rf = joinFacts(inF, constantFacts(accInit, t));
  rf.distinct = false;
  rf.coarse = rf.derived = false;
  rf.reduction = inF.reduction;
  if (comb == Combiner::Add) {
    rf.bound = satAdd(satMul(std::max<int64_t>(n, 1), inF.bound),
                      constantFacts(accInit, t).bound);
    rf.exact = inF.exact && (isInteger(t) || exactIn(t, rf.bound, rf.frac));
    rf.hasRange = false;
  } else if (comb == Combiner::Mul) {
    rf.bound = std::max<int64_t>(1, inF.bound);
    rf.exact = inF.exact && inF.bound <= 1;
    rf.hasRange = false;
  }
  // Rounding sums or products: IREE may round differently.
  if (isFloat(t) && (comb == Combiner::Add || comb == Combiner::Mul))
    rf.approx = rf.approx || !rf.exact;
  TensorType accType = prog.type(acc);
  Shape accShape(prog.shape(acc).begin(), prog.shape(acc).end());
  emit(std::move(op), {prog.type(out), accType}, {shape, accShape}, {rf, rf},
       std::move(feat));
}

//===----------------------------------------------------------------------===//
// topk
//===----------------------------------------------------------------------===//

void Builder::buildTopK() {
  DType t = *pickDType(notI1);
  Need need;
  need.noInf = true;
  need.noReduction = true;
  need.noDenormal = true;
  ValueId in =
      pickInput(t, 1, 4, need, [&](ValueId v) { return noZeroExtent(v); });
  TensorType it = prog.type(in);
  Shape shape(prog.shape(in).begin(), prog.shape(in).end());
  unsigned rank = it.rank();
  unsigned dim = pickInt(0, rank - 1);
  int64_t n = shape[dim];
  int64_t k = 1;
  switch (pickWeighted<int>({{30, 0}, {25, 1}, {20, 2}, {25, 3}})) {
  case 0:
    k = 1;
    break;
  case 1:
    k = pickInt(1, std::min<int64_t>(n, 8));
    break;
  case 2:
    k = n;
    break;
  default:
    k = pickInt(1, n);
    break;
  }

  bool withIndices = chance(40);
  ValueId idx = 0;
  if (withIndices) {
    TensorType want = it;
    want.dtype = DType::I32;
    auto existing = pickExisting([&](ValueId v) {
      return prog.type(v) == want && prog.shape(v) == ArrayRef(shape);
    });
    if (existing) {
      idx = *existing;
    } else {
      ValueSpec spec;
      spec.mode = chance(60) ? ValueMode::Distinct : ValueMode::Small;
      spec.bound = 1000;
      idx = addArg(want, shape, spec);
    }
  }

  StringRef pred = pickStrictPredicate(t);
  // Initial outputs that lose to every value: -inf / the minimum for a
  // "greater" comparator, +inf / the maximum for a "less" one.
  bool greater = pred.ends_with("gt");
  uint64_t init;
  if (isFloat(t))
    init = floatBits(t, greater, !greater);
  else if (pred.starts_with("u"))
    init = greater ? 0 : truncBits(~uint64_t(0), t);
  else
    init = truncBits(static_cast<uint64_t>(greater ? intMinOf(t) : intMaxOf(t)),
                     t);

  SmallVector<DimSrc, 4> outDims = mirror(in);
  outDims[dim] = {k, std::nullopt};
  ValueId ov = makeInit(t, outDims, init);
  ValueId oi = makeInit(DType::I32, outDims, uint64_t(0));

  Op op;
  op.kind = OpKind::TopK;
  op.dimension = dim;
  op.operands = {in};
  if (withIndices)
    op.operands.push_back(idx);
  op.numIns = op.operands.size();
  op.operands.push_back(ov);
  op.operands.push_back(oi);
  op.body.args = {t, t};
  op.body.yield = op.body.add(inst(cmpName(t), {0, 1}, DType::I1, pred));

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("comparator=" + pred.str());
  feat.forms.push_back(k == 1 ? "k=1" : k == n ? "k=n" : "k=mid");
  if (withIndices)
    feat.forms.push_back("with_indices");
  feat.forms.push_back("dim=" + std::to_string(dim));

  Shape outShape = shape;
  outShape[dim] = k;
  Facts vf = facts[in];
  // Every slot is replaced: no value beats an input under the comparator.
  vf.coarse = vf.derived = false;
  Facts ifacts;
  ifacts.exact = true;
  ifacts.hasRange = true;
  if (withIndices) {
    Facts xf = facts[idx];
    ifacts.hasRange = xf.hasRange;
    ifacts.lo = std::min<int64_t>(0, xf.lo);
    ifacts.hi = std::max<int64_t>(0, xf.hi);
  } else {
    ifacts.lo = 0;
    ifacts.hi = n - 1;
  }
  ifacts.bound = std::max(magnitude(ifacts.lo), magnitude(ifacts.hi));
  emit(std::move(op), {prog.type(ov), prog.type(oi)}, {outShape, outShape},
       {vf, ifacts}, std::move(feat));
}

//===----------------------------------------------------------------------===//
// arg_compare
//===----------------------------------------------------------------------===//

void Builder::buildArgCompare() {
  DType t = *pickDType(notI1);
  Need need;
  need.noReduction = true;
  need.noDenormal = true;
  ValueId in = pickInput(
      t, 1, 4, need, [](ValueId) { return true; }, 0);
  TensorType it = prog.type(in);
  Shape shape(prog.shape(in).begin(), prog.shape(in).end());
  unsigned rank = it.rank();
  unsigned dim = pickInt(0, rank - 1);
  int64_t n = shape[dim];

  bool explicitIdx = chance(30);
  DType idxType = pickOne<DType>({DType::I32, DType::I64});
  ValueId idx = 0;
  std::optional<int64_t> base;
  if (explicitIdx) {
    TensorType want = it;
    want.dtype = idxType;
    auto existing = pickExisting([&](ValueId v) {
      return prog.type(v) == want && prog.shape(v) == ArrayRef(shape);
    });
    if (existing) {
      idx = *existing;
    } else {
      ValueSpec spec;
      spec.mode = chance(50) ? ValueMode::Distinct : ValueMode::Small;
      spec.bound = 1000;
      idx = addArg(want, shape, spec);
    }
  } else if (chance(40)) {
    base = pickInt(0, 100);
  }

  StringRef pred = pickStrictPredicate(t);
  bool greater = pred.ends_with("gt");
  uint64_t init;
  if (chance(20)) {
    init = pickSmallConstant(t, facts[in]);
  } else if (isFloat(t)) {
    init = floatBits(t, greater, !greater);
  } else if (pred.starts_with("u")) {
    init = greater ? 0 : truncBits(~uint64_t(0), t);
  } else {
    init = truncBits(static_cast<uint64_t>(greater ? intMinOf(t) : intMaxOf(t)),
                     t);
  }

  SmallVector<DimSrc, 4> outDims;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      outDims.push_back({shape[i], std::make_pair(in, i)});
  ValueId bv = makeInit(t, outDims, init);
  ValueId bi = makeInit(idxType, outDims, uint64_t(0));

  Op op;
  op.kind = OpKind::ArgCompare;
  op.dimension = dim;
  op.operands = {in};
  if (explicitIdx)
    op.operands.push_back(idx);
  op.numIns = op.operands.size();
  op.operands.push_back(bv);
  op.operands.push_back(bi);
  op.indexBase = base;
  op.body.args = {t, t};
  op.body.yield = op.body.add(inst(cmpName(t), {0, 1}, DType::I1, pred));

  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("comparator=" + pred.str());
  if (explicitIdx)
    feat.forms.push_back("with_indices");
  if (base)
    feat.forms.push_back("index_base");
  feat.forms.push_back("dim=" + std::to_string(dim));

  Facts vf = joinFacts(facts[in], constantFacts(init, t));
  vf.distinct = false;
  Facts ifacts;
  ifacts.exact = true;
  ifacts.hasRange = true;
  if (explicitIdx) {
    Facts xf = facts[idx];
    ifacts.hasRange = xf.hasRange;
    ifacts.lo = std::min<int64_t>(0, xf.lo);
    ifacts.hi = std::max<int64_t>(0, xf.hi);
  } else {
    ifacts.lo = 0;
    ifacts.hi = std::max<int64_t>(0, base.value_or(0) + n - 1);
  }
  ifacts.bound = std::max(magnitude(ifacts.lo), magnitude(ifacts.hi));
  Shape outShape;
  for (unsigned i = 0; i < rank; ++i)
    if (i != dim)
      outShape.push_back(shape[i]);
  emit(std::move(op), {prog.type(bv), prog.type(bi)}, {outShape, outShape},
       {vf, ifacts}, std::move(feat));
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

void Builder::buildMatmul(bool batch) {
  // (input, accumulator) element types.
  SmallVector<std::pair<unsigned, std::pair<DType, DType>>, 10> combos;
  auto add = [&](unsigned w, DType in, DType acc) {
    if (dtypeAllowed(in) && dtypeAllowed(acc))
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
    DType t = *pickDType(notI1);
    combos.push_back({1, {t, t}});
  }
  auto [inT, accT] = pickWeighted<std::pair<DType, DType>>(combos);

  int64_t k = pickWeighted<int>({{40, 0}, {40, 1}, {20, 2}}) == 0
                  ? pickInt(1, 4)
                  : pickInt(1, 16);
  // Exact: K * |a| * |b| + |c| below 2^p of the accumulator, with the
  // fraction bits of a and b added.
  Need needA, needB;
  int64_t accBound = 0;
  if (isFloat(inT)) {
    unsigned fa = pickInt(0, 1), fb = pickInt(0, 1);
    int64_t ba = pickOne<int64_t>({1, 2, 4, 8}),
            bb = pickOne<int64_t>({1, 2, 4, 8});
    while (!(exactIn(accT, satAdd(satMul(k, satMul(ba, bb)), 16), fa + fb) &&
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
    needA = {true, ba, fa, true, false};
    needB = {true, bb, fb, true, false};
    accBound = satMul(k, satMul(ba, bb));
  }

  // batch_matmul: a [B, M, K], b [B, K, N], c [B, M, N].
  unsigned lead = batch ? 1 : 0;
  unsigned rank = 2 + lead;
  auto a = pickExisting([&](ValueId v) {
    const TensorType &ty = prog.type(v);
    return ty.dtype == inT && ty.rank() == rank &&
           prog.shape(v)[lead + 1] == k && fits(facts[v], inT, needA);
  });
  ValueId av;
  if (a) {
    av = *a;
  } else {
    Shape s = {pickExtent(), k};
    if (batch)
      s.insert(s.begin(), pickExtent());
    fitBudget(s, 1);
    s[lead + 1] = k;
    av = freshArg(inT, s, needA);
  }
  int64_t m = prog.shape(av)[lead];
  int64_t bsz = batch ? prog.shape(av)[0] : 1;
  Shape bs = {k, pickExtent()};
  if (batch)
    bs.insert(bs.begin(), bsz);
  fitBudget(bs, 1);
  bs[lead] = k;
  if (batch)
    bs[0] = bsz;
  ValueId bv;
  {
    TensorType bt = makeType(inT, bs);
    // The batch extent mirrors a's type (a static and a dynamic batch of
    // the same extent would verify too, but keep the pair simple).
    if (batch)
      bt.dims[0] = prog.type(av).dims[0];
    bv = freshArgOfType(bt, bs, needB);
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
  auto c = pickExisting(
      [&](ValueId v) {
        return prog.type(v).dtype == accT && prog.shape(v) == ArrayRef(cs) &&
               fits(facts[v], accT, needC) && v != av && v != bv;
      },
      25);
  ValueId cv;
  if (c) {
    cv = *c;
  } else {
    uint64_t init = chance(70) ? 0 : pickSmallConstant(accT, Facts());
    if (isFloat(accT) && !exactIn(accT, satAdd(accBound, 8), needC.frac))
      init = 0;
    SmallVector<DimSrc, 3> dims;
    if (batch)
      dims.push_back({bsz, std::make_pair(av, 0u)});
    dims.push_back({m, std::make_pair(av, lead)});
    dims.push_back({n, std::make_pair(bv, lead + 1)});
    cv = makeInit(accT, dims, init);
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
    f.exact = facts[av].exact && facts[bv].exact && facts[cv].exact;
    f.frac = std::max(facts[av].frac + facts[bv].frac, facts[cv].frac);
    f.bound = satAdd(satMul(k, satMul(facts[av].bound, facts[bv].bound)),
                     facts[cv].bound);
    f.exact = f.exact && exactIn(accT, f.bound, f.frac);
    f.approx = !f.exact;
    f.reduction = true;
  }
  f.reduction = f.reduction || facts[av].reduction || facts[bv].reduction ||
                facts[cv].reduction;
  emit(std::move(op), {prog.type(cv)}, {cs}, {f}, std::move(feat));
}

//===----------------------------------------------------------------------===//
// transpose, fill
//===----------------------------------------------------------------------===//

void Builder::buildTranspose() {
  DType t = *pickDType(anyType);
  ValueId in = pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  unsigned rank = prog.type(in).rank();
  SmallVector<int64_t, 4> perm = pickPermutation(rank);
  SmallVector<DimSrc, 4> src = mirror(in), dims;
  Shape shape;
  for (int64_t p : perm) {
    dims.push_back(src[p]);
    shape.push_back(src[p].extent);
  }
  ValueId init = makeInit(t, dims, std::nullopt);
  Op op;
  op.kind = OpKind::Transpose;
  op.operands = {in, init};
  op.numIns = 1;
  op.ints = perm;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  std::string p = "perm=";
  for (int64_t x : perm)
    p += std::to_string(x);
  feat.forms.push_back(p);
  emit(std::move(op), {prog.type(init)}, {shape}, {facts[in]}, std::move(feat));
}

void Builder::buildFill() {
  DType t = *pickDType(anyType);
  Shape s = pickShape(pickRank(0, 4), 0);
  uint64_t bits = pickSmallConstant(t, Facts());
  SmallVector<DimSrc, 4> dims;
  for (int64_t e : s)
    dims.push_back({e, std::nullopt});
  ValueId v = makeInit(t, dims, bits);
  opFeatures.back().forms = {"standalone"};
  (void)v;
}

//===----------------------------------------------------------------------===//
// tensor glue
//===----------------------------------------------------------------------===//

/// No extent is 0 (MLIR rejects any static slice offset into an empty dim).
bool Builder::noZeroExtent(ValueId v) const {
  return llvm::all_of(prog.shape(v), [](int64_t e) { return e >= 1; });
}

void Builder::buildExtractSlice() {
  DType t = *pickDType(anyType);
  ValueId src =
      pickInput(t, 1, 4, Need(), [&](ValueId v) { return noZeroExtent(v); });
  TensorType st = prog.type(src);
  Shape ss(prog.shape(src).begin(), prog.shape(src).end());
  Op op;
  op.kind = OpKind::ExtractSlice;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  bool dynamicSize = false, strided = false;
  for (unsigned d = 0; d < st.rank(); ++d) {
    int64_t n = ss[d];
    int64_t o = 0, s = n, stride = 1;
    bool dyn = false;
    if (n > 0) {
      switch (pickWeighted<int>({{30, 0}, {50, 1}, {20, 2}})) {
      case 0: // the whole extent
        if (st.isDynamic(d))
          dyn = true;
        break;
      case 1: // static window
        stride = pickWeighted<int64_t>({{60, 1}, {25, 2}, {15, 3}});
        s = pickInt(1, (n + stride - 1) / stride);
        o = pickInt(0, n - 1 - (s - 1) * stride);
        break;
      default: // a window of single elements, maybe dropped
        s = 1;
        o = pickInt(0, n - 1);
        break;
      }
      if (st.isDynamic(d) && !dyn && stride == 1 && chance(30)) {
        // The rest of a dynamic extent after the offset.
        s = n - o;
        dyn = true;
      }
    }
    op.offsets.push_back(o);
    op.strides.push_back(stride);
    strided |= stride != 1;
    if (dyn) {
      op.sizes.push_back(kDynamic);
      op.dynSizes.push_back({src, d, o, 1});
      dynamicSize = true;
    } else {
      op.sizes.push_back(s);
    }
    // Rank reduction: drop unit dims of static size.
    if (!dyn && s == 1 && chance(30)) {
      op.ints.push_back(d);
      continue;
    }
    rt.dims.push_back(dyn ? kDynamic : s);
    rs.push_back(s);
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  if (!op.ints.empty())
    feat.forms.push_back("rank_reducing");
  if (dynamicSize)
    feat.forms.push_back("dynamic_size");
  if (strided)
    feat.forms.push_back("strided");
  Facts f = facts[src];
  emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void Builder::buildInsertSlice() {
  DType t = *pickDType(anyType);
  // The source first; the destination gets room around it.
  ValueId src =
      pickInput(t, 0, 4, Need(), [&](ValueId v) { return noZeroExtent(v); });
  TensorType st = prog.type(src);
  Shape ss(prog.shape(src).begin(), prog.shape(src).end());
  unsigned extra = st.rank() < maxRank && chance(25) ? 1 : 0;
  if (st.rank() == 0)
    extra = 1;
  unsigned destRank = st.rank() + extra;
  // Where the source's dims go among the destination's; the others are
  // unit dims of the slice that the source drops.
  SmallVector<bool, 4> isSrcDim(destRank, true);
  if (extra)
    isSrcDim[pickInt(0, destRank - 1)] = false;

  Op op;
  op.kind = OpKind::InsertSlice;
  Shape destShape;
  bool strided = false;
  unsigned k = 0;
  SmallVector<DimExpr, 2> dyn;
  for (unsigned d = 0; d < destRank; ++d) {
    if (!isSrcDim[d]) {
      int64_t n = pickInt(1, 4);
      destShape.push_back(n);
      op.offsets.push_back(pickInt(0, n - 1));
      op.sizes.push_back(1);
      op.strides.push_back(1);
      continue;
    }
    int64_t m = ss[k];
    int64_t stride = m > 1 ? pickWeighted<int64_t>({{70, 1}, {30, 2}}) : 1;
    int64_t o = pickWeighted<int64_t>({{50, 0}, {50, pickInt(1, 3)}});
    int64_t slack = pickWeighted<int64_t>({{50, 0}, {50, pickInt(1, 3)}});
    int64_t n = o + (m > 0 ? (m - 1) * stride + 1 : 0) + slack;
    destShape.push_back(std::max<int64_t>(n, 1));
    op.offsets.push_back(o);
    op.strides.push_back(stride);
    strided |= stride != 1;
    if (st.isDynamic(k)) {
      op.sizes.push_back(kDynamic);
      op.dynSizes.push_back({src, k, 0, 1});
    } else {
      op.sizes.push_back(m);
    }
    ++k;
  }
  // The destination: a filled tensor, or a fresh argument (never
  // tensor.empty: the elements outside the slice would be undefined).
  ValueId dest;
  auto existing = pickExisting(
      [&](ValueId v) {
        return prog.type(v).dtype == t &&
               prog.shape(v) == ArrayRef(destShape) && v != src;
      },
      40);
  if (existing) {
    dest = *existing;
  } else if (chance(50)) {
    SmallVector<DimSrc, 4> dims;
    for (int64_t e : destShape)
      dims.push_back({e, std::nullopt});
    dest = makeInit(t, dims, pickSmallConstant(t, facts[src]));
  } else {
    dest = freshArg(t, destShape, Need());
  }
  op.operands = {src, dest};
  OpFeature feat;
  feat.dtype = t;
  feat.rank = destRank;
  if (extra)
    feat.forms.push_back("rank_reducing");
  if (strided)
    feat.forms.push_back("strided");
  if (!op.dynSizes.empty())
    feat.forms.push_back("dynamic_size");
  Facts f = joinFacts(facts[src], facts[dest]);
  f.distinct = false;
  emit(std::move(op), {prog.type(dest)}, {destShape}, {f}, std::move(feat));
}

void Builder::buildCollapse() {
  DType t = *pickDType(anyType);
  ValueId src = pickInput(
      t, 2, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType st = prog.type(src);
  Shape ss(prog.shape(src).begin(), prog.shape(src).end());
  Op op;
  op.kind = OpKind::CollapseShape;
  op.operands = {src};
  // Cut points between dims: at least one pair merges.
  SmallVector<bool, 4> cut(st.rank(), false);
  bool merged = false;
  for (unsigned i = 1; i < st.rank(); ++i) {
    cut[i] = chance(40);
    merged |= !cut[i];
  }
  if (!merged)
    cut[pickInt(1, st.rank() - 1)] = false;
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  for (unsigned i = 0; i < st.rank(); ++i) {
    if (i == 0 || cut[i]) {
      op.reassociation.push_back({});
      rt.dims.push_back(1);
      rs.push_back(1);
    }
    op.reassociation.back().push_back(i);
    rs.back() *= ss[i];
    if (rt.dims.back() == kDynamic || st.isDynamic(i))
      rt.dims.back() = kDynamic;
    else
      rt.dims.back() *= ss[i];
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  feat.forms.push_back("to_rank=" + std::to_string(rt.rank()));
  emit(std::move(op), {rt}, {rs}, {facts[src]}, std::move(feat));
}

void Builder::buildExpand() {
  DType t = *pickDType(anyType);
  ValueId src = pickInput(
      t, 1, 3, Need(), [](ValueId) { return true; }, 0);
  TensorType st = prog.type(src);
  Shape ss(prog.shape(src).begin(), prog.shape(src).end());
  Op op;
  op.kind = OpKind::ExpandShape;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  unsigned room = maxRank > st.rank() ? maxRank - st.rank() : 0;
  for (unsigned i = 0; i < st.rank(); ++i) {
    int64_t n = ss[i];
    // Split n into factors (unit dims included).
    SmallVector<int64_t, 3> factors = {n};
    unsigned splits = room > 0 && n > 0
                          ? pickWeighted<unsigned>({{50, 0}, {40, 1}, {10, 2}})
                          : 0;
    splits = std::min(splits, room);
    for (unsigned s = 0; s < splits; ++s) {
      int64_t last = factors.back();
      SmallVector<int64_t, 8> divisors;
      for (int64_t d = 1; d <= last && divisors.size() < 8; ++d)
        if (last % d == 0)
          divisors.push_back(d);
      if (last == 0)
        divisors = {1};
      int64_t d = pickOne<int64_t>(divisors);
      factors.back() = d;
      factors.push_back(d == 0 ? 0 : last / d);
      --room;
    }
    SmallVector<int64_t, 2> group;
    unsigned dynAt = st.isDynamic(i) ? pickInt(0, factors.size() - 1) : ~0u;
    int64_t others = 1;
    for (unsigned j = 0; j < factors.size(); ++j)
      if (j != dynAt)
        others *= factors[j];
    for (unsigned j = 0; j < factors.size(); ++j) {
      group.push_back(rt.dims.size());
      rs.push_back(factors[j]);
      if (j == dynAt) {
        rt.dims.push_back(kDynamic);
        op.dynSizes.push_back({src, i, 0, std::max<int64_t>(others, 1)});
      } else {
        rt.dims.push_back(factors[j]);
      }
    }
    op.reassociation.push_back(group);
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  feat.forms.push_back("to_rank=" + std::to_string(rt.rank()));
  emit(std::move(op), {rt}, {rs}, {facts[src]}, std::move(feat));
}

void Builder::buildPad() {
  DType t = *pickDType(anyType);
  ValueId src = pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType st = prog.type(src);
  Shape ss(prog.shape(src).begin(), prog.shape(src).end());
  Op op;
  op.kind = OpKind::Pad;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  for (unsigned d = 0; d < st.rank(); ++d) {
    int64_t l = pickWeighted<int64_t>({{50, 0}, {30, 1}, {20, pickInt(2, 4)}});
    int64_t h = pickWeighted<int64_t>({{50, 0}, {30, 1}, {20, pickInt(2, 4)}});
    op.low.push_back(l);
    op.high.push_back(h);
    rs.push_back(ss[d] + l + h);
    rt.dims.push_back(st.isDynamic(d) ? kDynamic : ss[d] + l + h);
  }
  op.scalar = pickSmallConstant(t, facts[src]);
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  Facts f = joinFacts(facts[src], constantFacts(op.scalar, t));
  f.distinct = false;
  emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void Builder::buildConcat() {
  DType t = *pickDType(anyType);
  ValueId first = pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType ft = prog.type(first);
  Shape fs(prog.shape(first).begin(), prog.shape(first).end());
  unsigned rank = ft.rank();
  unsigned dim = pickInt(0, rank - 1);
  unsigned count = pickWeighted<unsigned>({{70, 2}, {30, 3}});
  SmallVector<ValueId, 3> inputs = {first};
  for (unsigned i = 1; i < count; ++i) {
    auto existing = pickExisting([&](ValueId v) {
      const TensorType &ty = prog.type(v);
      if (ty.dtype != t || ty.rank() != rank)
        return false;
      for (unsigned d = 0; d < rank; ++d)
        if (d != dim && prog.shape(v)[d] != fs[d])
          return false;
      return true;
    });
    if (existing) {
      inputs.push_back(*existing);
      continue;
    }
    Shape s = fs;
    s[dim] = pickExtent();
    fitBudget(s, 1);
    for (unsigned d = 0; d < rank; ++d)
      if (d != dim)
        s[d] = fs[d];
    inputs.push_back(freshArg(t, s, Need()));
  }
  TensorType rt;
  rt.dtype = t;
  Shape rs = fs;
  rs[dim] = 0;
  for (ValueId v : inputs)
    rs[dim] += prog.shape(v)[dim];
  for (unsigned d = 0; d < rank; ++d) {
    bool anyStatic = false, allStatic = true;
    for (ValueId v : inputs) {
      anyStatic |= !prog.type(v).isDynamic(d);
      allStatic &= !prog.type(v).isDynamic(d);
    }
    bool isStatic = d == dim ? allStatic : anyStatic;
    rt.dims.push_back(isStatic ? rs[d] : kDynamic);
  }
  Op op;
  op.kind = OpKind::Concat;
  op.dimension = dim;
  op.operands.assign(inputs.begin(), inputs.end());
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("inputs=" + std::to_string(count));
  feat.forms.push_back("dim=" + std::to_string(dim));
  Facts f = facts[inputs[0]];
  for (ValueId v : ArrayRef(inputs).drop_front())
    f = joinFacts(f, facts[v]);
  f.distinct = false;
  emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void Builder::buildCast() {
  DType t = *pickDType(anyType);
  auto existing = pickExisting([&](ValueId v) {
    const TensorType &ty = prog.type(v);
    return ty.dtype == t && ty.rank() >= 1 &&
           llvm::any_of(ty.dims, [](int64_t d) { return d != kDynamic; });
  });
  ValueId src;
  if (existing) {
    src = *existing;
  } else {
    Shape s = pickShape(pickRank(1, 4), 0);
    TensorType ty;
    ty.dtype = t;
    ty.dims = s;
    src = freshArgOfType(ty, s, Need());
  }
  TensorType st = prog.type(src);
  TensorType rt = st;
  SmallVector<unsigned, 4> statics;
  for (unsigned d = 0; d < st.rank(); ++d)
    if (!st.isDynamic(d))
      statics.push_back(d);
  bool any = false;
  for (unsigned d : statics)
    if (chance(50)) {
      rt.dims[d] = kDynamic;
      any = true;
    }
  if (!any)
    rt.dims[pickOne<unsigned>(statics)] = kDynamic;
  Op op;
  op.kind = OpKind::Cast;
  op.operands = {src};
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  emit(std::move(op), {rt},
       {Shape(prog.shape(src).begin(), prog.shape(src).end())}, {facts[src]},
       std::move(feat));
}

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
    int64_t m =
        std::max(magnitude(lo), magnitude(hi));
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

SVal Builder::addLoopDependence(BodyCtx &c, SVal e, ArrayRef<bool> red,
                                ArrayRef<GenericOperand> ins) {
  // Combine the term with, per reduction loop, an input of the term's type
  // that the loop indexes and that is not uniform, or else the loop's
  // index: no folding or integer range analysis can drop the dependence
  // (max/min for floats, addi for integers, xori for i1).
  DType t = e.type;
  for (auto [l, r] : llvm::enumerate(red)) {
    if (!r)
      continue;
    int64_t loop = l;
    SmallVector<unsigned, 3> dep;
    for (auto [i, o] : llvm::enumerate(ins))
      if (llvm::is_contained(o.map, loop) && !facts[o.value].uniform &&
          prog.type(o.value).dtype == t)
        dep.push_back(i);
    SVal x;
    if (!dep.empty()) {
      x = c.vals[pickOne<unsigned>(dep)];
    } else {
      auto it = c.indexOf.find(loop);
      SVal idx;
      if (it != c.indexOf.end()) {
        idx = c.vals[it->second];
      } else {
        ScalarInst i = inst("linalg.index", {}, DType::Index);
        i.bits = loop;
        idx.hasRange = true;
        idx.hi = std::max<int64_t>(0, c.loopExtents[loop] - 1);
        idx = addSVal(c, std::move(i), idx);
        c.indexOf[loop] = idx.id;
      }
      SVal r64;
      setRange(r64, DType::I64, idx.lo, idx.hi);
      x = addSVal(c, inst("arith.index_cast", {idx.id}, DType::I64), r64);
      if (t == DType::I1) {
        SVal bit;
        bit.hasRange = true;
        bit.hi = 1;
        x = addSVal(c, inst("arith.trunci", {x.id}, t), bit);
      } else if (isFloat(t)) {
        x = convert(c, x, t);
      } else if (t != DType::I64) {
        SVal rt;
        setRange(rt, t, idx.lo, idx.hi);
        x = addSVal(c, inst("arith.trunci", {x.id}, t), rt);
      }
    }
    if (t == DType::I1) {
      SVal rb;
      rb.hasRange = true;
      rb.hi = 1;
      e = addSVal(c, inst("arith.xori", {e.id, x.id}, t), rb);
    } else if (isFloat(t)) {
      e = minMax(c, e, x);
    } else {
      SVal ri;
      if (e.hasRange && x.hasRange)
        setRange(ri, t, __int128(e.lo) + x.lo, __int128(e.hi) + x.hi);
      e = addSVal(c, inst("arith.addi", {e.id, x.id}, t), ri);
    }
  }
  return e;
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

//===----------------------------------------------------------------------===//
// linalg.generic
//===----------------------------------------------------------------------===//

SmallVector<int64_t, 4> Builder::pickGenericMap(unsigned numLoops) {
  SmallVector<int64_t, 4> all;
  for (unsigned l = 0; l < numLoops; ++l)
    all.push_back(l);
  switch (pickWeighted<int>({{40, 0}, {20, 1}, {40, 2}})) {
  case 0: // identity
    return all;
  case 1: // transposed
    return pickPermutation(numLoops);
  default: { // broadcast: drop loops (maybe all), maybe permuted
    SmallVector<int64_t, 4> perm = pickPermutation(numLoops);
    unsigned keep = pickInt(0, numLoops - 1);
    SmallVector<int64_t, 4> m(perm.begin(), perm.begin() + keep);
    if (chance(65))
      llvm::sort(m);
    return m;
  }
  }
}

Need Builder::genericNeed(DType t, bool reductions) {
  Need need;
  if (!isFloat(t) || chance(25))
    return need;
  need.exact = true;
  need.bound = reductions ? pickOne<int64_t>({1, 2, 4})
                          : pickOne<int64_t>({1, 2, 4, 8, 16});
  need.frac = pickInt(0, reductions ? 1 : 2);
  while (!exactIn(t, need.bound, need.frac)) {
    if (need.frac > 0)
      --need.frac;
    else
      need.bound = std::max<int64_t>(1, need.bound / 2);
    if (need.bound == 1 && need.frac == 0)
      break;
  }
  return need;
}

DimSrc Builder::loopSrc(int64_t loop, int64_t extent,
                        ArrayRef<GenericOperand> ins) {
  for (const GenericOperand &o : ins)
    for (auto [j, l] : llvm::enumerate(o.map))
      if (l == loop)
        return {extent, std::make_pair(o.value, unsigned(j))};
  return {extent, std::nullopt};
}

static std::string joinForms(ArrayRef<std::string> parts) {
  std::string s;
  for (auto [i, p] : llvm::enumerate(parts))
    s += (i ? "," : "") + p;
  return s;
}

void Builder::genericForms(OpFeature &feat, ArrayRef<bool> red,
                           ArrayRef<GenericOperand> ins,
                           ArrayRef<GenericOperand> outs) {
  unsigned numLoops = red.size();
  bool anyPar = llvm::is_contained(red, false);
  bool anyRed = llvm::is_contained(red, true);
  feat.forms.push_back("loops=" + std::to_string(numLoops));
  feat.forms.push_back(std::string("iterators=") + (anyPar && anyRed
                                                        ? "parallel,reduction"
                                                    : anyRed ? "reduction"
                                                             : "parallel"));
  std::set<std::string> maps;
  for (const GenericOperand &o : ins) {
    bool sorted = std::is_sorted(o.map.begin(), o.map.end());
    if (o.map.size() == numLoops)
      maps.insert(sorted ? "identity" : "transpose");
    else
      maps.insert(sorted ? "broadcast" : "broadcast_transpose");
    if (o.map.empty())
      maps.insert("scalar");
  }
  for (const std::string &m : maps)
    feat.forms.push_back("maps=" + m);
  feat.forms.push_back("inputs=" + std::to_string(ins.size()));
  feat.forms.push_back("outputs=" + std::to_string(outs.size()));
  for (const GenericOperand &o : outs)
    if (!std::is_sorted(o.map.begin(), o.map.end())) {
      feat.forms.push_back("out_map=permuted");
      break;
    }
  // Mixed precision: a float input narrower than a float output.
  for (const GenericOperand &i : ins)
    for (const GenericOperand &o : outs) {
      DType it = prog.type(i.value).dtype, ot = prog.type(o.value).dtype;
      if (isFloat(it) && isFloat(ot) && bitWidth(it) < bitWidth(ot)) {
        feat.forms.push_back("mixed=" + dtypeName(it).str() + "->" +
                             dtypeName(ot).str());
        return;
      }
    }
}

SmallVector<ValueId, 2>
Builder::emitGeneric(ArrayRef<bool> red, ArrayRef<GenericOperand> ins,
                     ArrayRef<GenericOperand> outs, Body body,
                     ArrayRef<Facts> outFacts, OpFeature feat) {
  Op op;
  op.kind = OpKind::Generic;
  for (const GenericOperand &o : ins) {
    op.operands.push_back(o.value);
    op.maps.push_back(o.map);
  }
  op.numIns = ins.size();
  SmallVector<TensorType, 2> types;
  SmallVector<Shape, 2> shapes;
  for (const GenericOperand &o : outs) {
    op.operands.push_back(o.value);
    op.maps.push_back(o.map);
    types.push_back(prog.type(o.value));
    shapes.push_back(
        Shape(prog.shape(o.value).begin(), prog.shape(o.value).end()));
  }
  op.reductionLoops.assign(red.begin(), red.end());
  op.body = std::move(body);
  feat.rank = red.size();
  return emit(std::move(op), types, shapes, outFacts, std::move(feat));
}

void Builder::buildGeneric() {
  bool anyFloat = anyDType([](DType t) { return isFloat(t); });
  bool lowFloat = dtypeAllowed(DType::F32) &&
                  (dtypeAllowed(DType::F16) || dtypeAllowed(DType::BF16));
  if (lowFloat && chance(15))
    return buildMixedChain();
  int64_t iterBudget = budget * 4;

  // Chain from a value already in the function, or start afresh.
  auto first = pickExisting(
      [&](ValueId v) {
        unsigned r = prog.type(v).rank();
        return r >= 1 && r <= maxRank &&
               numElementsOf(prog.shape(v)) <= iterBudget &&
               (anyFloat || !facts[v].reduction);
      },
      50);
  unsigned numLoops;
  if (first) {
    unsigned r = prog.type(*first).rank();
    numLoops = chance(60) ? r : pickInt(r, maxRank);
  } else {
    SmallVector<std::pair<unsigned, unsigned>, 4> items;
    static const unsigned weights[] = {20, 35, 28, 17};
    for (unsigned l = 1; l <= maxRank; ++l)
      items.push_back({weights[l - 1], l});
    numLoops = pickWeighted<unsigned>(items);
  }
  SmallVector<bool, 4> red(numLoops, false);
  if (chance(45)) {
    for (unsigned l = 0; l < numLoops; ++l)
      red[l] = chance(40);
    if (!llvm::is_contained(red, true))
      red[pickInt(0, numLoops - 1)] = true;
  }
  bool hasRed = llvm::is_contained(red, true);

  SmallVector<int64_t, 4> ext(numLoops, -1);
  SmallVector<GenericOperand, 3> ins;
  if (first) {
    unsigned r = prog.type(*first).rank();
    SmallVector<int64_t, 4> perm = pickPermutation(numLoops);
    SmallVector<int64_t, 4> map(perm.begin(), perm.begin() + r);
    if (chance(50))
      llvm::sort(map);
    for (unsigned j = 0; j < r; ++j)
      ext[map[j]] = prog.shape(*first)[j];
    ins.push_back({*first, map});
  }
  SmallVector<unsigned, 4> freshLoops;
  for (unsigned l = 0; l < numLoops; ++l)
    if (ext[l] < 0) {
      ext[l] = pickExtent(opts.allowZeroExtents ? 0 : 1);
      freshLoops.push_back(l);
    }
  // Keep the iteration space within budget (fresh loops only).
  while (numElementsOf(ext) > iterBudget) {
    int64_t *largest = nullptr;
    for (unsigned l : freshLoops)
      if (ext[l] > 1 && (!largest || ext[l] > *largest))
        largest = &ext[l];
    if (!largest)
      break;
    *largest /= 2;
  }

  // Input maps; every reduction loop must index some input.
  unsigned numIns = pickWeighted<unsigned>({{40, 1}, {40, 2}, {20, 3}});
  SmallVector<SmallVector<int64_t, 4>, 3> newMaps;
  while (ins.size() + newMaps.size() < numIns)
    newMaps.push_back(pickGenericMap(numLoops));
  for (unsigned l = 0; l < numLoops; ++l) {
    if (!red[l])
      continue;
    bool covered = false;
    for (const GenericOperand &o : ins)
      covered |= llvm::is_contained(o.map, int64_t(l));
    for (const auto &m : newMaps)
      covered |= llvm::is_contained(m, int64_t(l));
    if (covered)
      continue;
    if (newMaps.empty()) {
      newMaps.push_back({int64_t(l)});
      continue;
    }
    auto &m = newMaps[pickInt(0, newMaps.size() - 1)];
    m.insert(m.begin() + pickInt(0, m.size()), l);
  }
  for (const auto &m : newMaps) {
    Shape s;
    for (int64_t l : m)
      s.push_back(ext[l]);
    auto existing = pickExisting(
        [&](ValueId v) {
          return prog.shape(v) == ArrayRef(s) &&
                 (anyFloat || !facts[v].reduction) &&
                 llvm::none_of(ins, [&](const GenericOperand &o) {
                   return o.value == v;
                 });
        },
        30);
    ValueId v;
    if (existing) {
      v = *existing;
    } else {
      DType t = *pickDType(anyType);
      v = freshArg(t, s, genericNeed(t, hasRed));
    }
    ins.push_back({v, m});
  }
  bool anyInRed = llvm::any_of(
      ins, [&](const GenericOperand &o) { return facts[o.value].reduction; });

  // Outputs: every parallel loop, in order or permuted. Reductions start
  // from a fill (or a value of the function); elementwise outputs from
  // tensor.empty (never read), a fill or a value the body may read.
  SmallVector<int64_t, 4> parLoops;
  for (unsigned l = 0; l < numLoops; ++l)
    if (!red[l])
      parLoops.push_back(l);
  unsigned numOuts = pickWeighted<unsigned>({{70, 1}, {30, 2}});
  struct OutPlan {
    DType t;
    SmallVector<int64_t, 4> map;
    Shape shape;
    std::optional<ValueId> existing;
    /// Elementwise outputs: the fill constant, or none for tensor.empty.
    std::optional<uint64_t> fill;
    bool readable = false;
  };
  SmallVector<OutPlan, 2> plans;
  for (unsigned k = 0; k < numOuts; ++k) {
    OutPlan p;
    p.t = anyInRed ? *pickDType([](DType t) { return isFloat(t); })
                   : *pickDType(anyType);
    p.map = parLoops;
    if (parLoops.size() > 1 && chance(35)) {
      SmallVector<int64_t, 4> perm = pickPermutation(parLoops.size());
      for (unsigned j = 0; j < perm.size(); ++j)
        p.map[j] = parLoops[perm[j]];
    }
    for (int64_t l : p.map)
      p.shape.push_back(ext[l]);
    unsigned existingChance = hasRed ? 20 : 15;
    p.existing = pickExisting(
        [&](ValueId v) {
          return prog.type(v).dtype == p.t &&
                 prog.shape(v) == ArrayRef(p.shape) &&
                 (anyInRed || !facts[v].reduction) &&
                 llvm::none_of(
                     ins,
                     [&](const GenericOperand &o) { return o.value == v; }) &&
                 llvm::none_of(
                     plans, [&](const OutPlan &q) { return q.existing == v; });
        },
        existingChance);
    if (p.existing) {
      p.readable = true;
    } else if (!hasRed && chance(40)) {
      p.fill = pickSmallConstant(p.t, Facts());
      p.readable = true;
    }
    plans.push_back(p);
  }

  // The body.
  BodyCtx c;
  c.loopExtents = ext;
  c.allowApprox = !hasRed;
  c.allowRounding = !anyInRed;
  for (const GenericOperand &o : ins) {
    DType t = prog.type(o.value).dtype;
    c.body.args.push_back(t);
    c.vals.push_back(svalOfFacts(facts[o.value], t));
    c.vals.back().id = c.body.args.size() - 1;
    c.leaves.push_back(c.body.args.size() - 1);
    c.unused.push_back(c.body.args.size() - 1);
  }
  for (const OutPlan &p : plans) {
    c.body.args.push_back(p.t);
    Facts f;
    if (p.existing)
      f = facts[*p.existing];
    else if (p.fill)
      f = constantFacts(*p.fill, p.t);
    c.vals.push_back(svalOfFacts(f, p.t));
    c.vals.back().id = c.body.args.size() - 1;
    if (p.readable && !hasRed)
      c.leaves.push_back(c.body.args.size() - 1);
  }
  int64_t n = 1;
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l])
      n = satMul(n, std::max<int64_t>(ext[l], 1));
  SmallVector<Facts, 2> outFacts;
  SmallVector<std::string, 2> combs;
  for (auto [k, p] : llvm::enumerate(plans)) {
    int depth = pickWeighted<int>({{25, 1}, {35, 2}, {25, 3}, {15, 4}});
    SVal y;
    unsigned accArg = ins.size() + k;
    if (!hasRed) {
      y = genExpr(c, p.t, depth);
    } else {
      SVal e = genExpr(c, p.t, depth);
      if (!opts.allowInvariantReductions)
        e = addLoopDependence(c, e, red, ins);
      const SVal *acc = p.existing ? &c.vals[accArg] : nullptr;
      RedComb comb = *pickRedComb(p.t, e, acc, n);
      if (!p.existing) {
        p.fill = redInit(p.t, comb, e);
        c.vals[accArg] = svalOfFacts(constantFacts(*p.fill, p.t), p.t);
        c.vals[accArg].id = accArg;
      }
      y = combine(c, comb, c.vals[accArg], e, n);
      combs.push_back("combiner=" + redCombName(comb).str());
    }
    c.body.yields.push_back(y.id);
    Facts f = factsOfSVal(y);
    if (isFloat(p.t) && (hasRed || anyInRed))
      f.reduction = true;
    // Uniform when it reads no varying operand and no loop index.
    f.uniform = !bodyReads(
        c.body, y.id,
        [&](unsigned a) {
          if (a < ins.size())
            return !facts[ins[a].value].uniform;
          const OutPlan &q = plans[a - ins.size()];
          return !(q.fill || (q.existing && facts[*q.existing].uniform));
        },
        [](int64_t) { return true; });
    outFacts.push_back(f);
  }

  // The destinations.
  SmallVector<GenericOperand, 2> outs;
  for (const OutPlan &p : plans) {
    ValueId v;
    if (p.existing) {
      v = *p.existing;
    } else {
      SmallVector<DimSrc, 4> dims;
      for (int64_t l : p.map)
        dims.push_back(loopSrc(l, ext[l], ins));
      v = makeInit(p.t, dims, p.fill);
    }
    outs.push_back({v, p.map});
  }

  OpFeature feat;
  feat.dtype = plans[0].t;
  genericForms(feat, red, ins, outs);
  for (const std::string &s : combs)
    feat.forms.push_back(s);
  if (first)
    feat.forms.push_back("chained");
  if (!hasRed &&
      llvm::any_of(plans, [](const OutPlan &p) { return p.readable; }))
    feat.forms.push_back("reads_init");
  std::vector<std::string> opsUsed(c.opsUsed.begin(), c.opsUsed.end());
  if (c.opsUsed.count("linalg.index"))
    feat.forms.push_back("index");
  feat.forms.push_back("body_ops=" + joinForms(opsUsed));
  emitGeneric(red, ins, outs, std::move(c.body), outFacts, std::move(feat));
}

// f16/bf16 inputs, extf, f32 accumulation, then (usually) truncf back to
// the narrow type in an elementwise generic: the mixed-precision chain of
// a quantized matmul or a layer norm.
void Builder::buildMixedChain() {
  SmallVector<DType, 2> lows;
  for (DType t : {DType::F16, DType::BF16})
    if (dtypeAllowed(t))
      lows.push_back(t);
  DType low = pickOne<DType>(lows);
  DType acc = DType::F32;
  int64_t iterBudget = budget * 4;

  unsigned numLoops = pickInt(1, maxRank);
  SmallVector<bool, 4> red(numLoops, false);
  for (unsigned l = 0; l < numLoops; ++l)
    red[l] = chance(40);
  if (!llvm::is_contained(red, true))
    red[pickInt(0, numLoops - 1)] = true;
  SmallVector<int64_t, 4> ext;
  for (unsigned l = 0; l < numLoops; ++l)
    ext.push_back(pickExtent(opts.allowZeroExtents ? 0 : 1));
  fitBudget(ext, opts.allowZeroExtents ? 0 : 1, iterBudget);
  int64_t n = 1;
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l])
      n = satMul(n, std::max<int64_t>(ext[l], 1));

  // Exact: N * |a| * |b| + |init| within f32's significand.
  bool product = chance(70);
  unsigned fa = pickInt(0, 1), fb = product ? pickInt(0, 1) : 0;
  int64_t ba = pickOne<int64_t>({1, 2, 4, 8}),
          bb = product ? pickOne<int64_t>({1, 2, 4, 8}) : 1;
  while (!(exactIn(acc, satAdd(satMul(n, satMul(ba, bb)), 8), fa + fb) &&
           exactIn(low, ba, fa) && exactIn(low, bb, fb))) {
    if (fa + fb > 0) {
      fa = fb = 0;
    } else if (ba > 1 || bb > 1) {
      ba = std::max<int64_t>(1, ba / 2);
      bb = std::max<int64_t>(1, bb / 2);
    } else {
      break;
    }
  }
  SmallVector<SmallVector<int64_t, 4>, 2> maps = {pickGenericMap(numLoops)};
  if (product)
    maps.push_back(pickGenericMap(numLoops));
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l] && llvm::none_of(maps, [&](const SmallVector<int64_t, 4> &m) {
          return llvm::is_contained(m, int64_t(l));
        })) {
      auto &m = maps[pickInt(0, maps.size() - 1)];
      m.insert(m.begin() + pickInt(0, m.size()), l);
    }
  SmallVector<GenericOperand, 2> ins;
  for (auto [i, m] : llvm::enumerate(maps)) {
    Need need;
    need.exact = true;
    need.bound = i == 0 ? ba : bb;
    need.frac = i == 0 ? fa : fb;
    Shape s;
    for (int64_t l : m)
      s.push_back(ext[l]);
    auto existing = pickExisting(
        [&](ValueId v) {
          return prog.type(v).dtype == low && prog.shape(v) == ArrayRef(s) &&
                 fits(facts[v], low, need) &&
                 llvm::none_of(ins, [&](const GenericOperand &o) {
                   return o.value == v;
                 });
        },
        35);
    ins.push_back({existing ? *existing : freshArg(low, s, need), m});
  }
  SmallVector<int64_t, 4> outMap;
  for (unsigned l = 0; l < numLoops; ++l)
    if (!red[l])
      outMap.push_back(l);
  SmallVector<DimSrc, 4> dims;
  for (int64_t l : outMap)
    dims.push_back(loopSrc(l, ext[l], ins));
  uint64_t init = chance(70) ? 0 : pickSmallConstant(acc, Facts());
  if (!exactIn(acc, satAdd(satMul(n, satMul(ba, bb)), 8), fa + fb))
    init = 0;
  ValueId out = makeInit(acc, dims, init);

  // ^bb0(a: low[, b: low], acc: f32): acc + extf(a) [* extf(b)]
  Body b;
  for (unsigned i = 0; i < ins.size(); ++i)
    b.args.push_back(low);
  b.args.push_back(acc);
  unsigned accArg = ins.size();
  unsigned term = b.add(inst("arith.extf", {0}, acc));
  if (product) {
    unsigned eb = b.add(inst("arith.extf", {1}, acc));
    term = b.add(inst("arith.mulf", {term, eb}, acc));
  }
  SmallVector<unsigned, 2> ops = {accArg, term};
  if (chance(50))
    std::swap(ops[0], ops[1]);
  b.yields.push_back(b.add(inst("arith.addf", ops, acc)));

  Facts f;
  Facts fi = constantFacts(init, acc);
  f.bound = satAdd(fi.bound,
                   satMul(n, satMul(facts[ins[0].value].bound,
                                    product ? facts[ins[1].value].bound : 1)));
  f.frac = std::max(fi.frac, facts[ins[0].value].frac +
                                 (product ? facts[ins[1].value].frac : 0));
  f.exact =
      llvm::all_of(
          ins, [&](const GenericOperand &o) { return facts[o.value].exact; }) &&
      exactIn(acc, f.bound, f.frac);
  f.approx = !f.exact;
  f.reduction = true;
  OpFeature feat;
  feat.dtype = low;
  SmallVector<GenericOperand, 1> outs = {{out, outMap}};
  genericForms(feat, red, ins, outs);
  feat.forms.push_back("combiner=add");
  feat.forms.push_back(product ? "body_ops=arith.addf,arith.extf,arith.mulf"
                               : "body_ops=arith.addf,arith.extf");
  feat.forms.push_back("chain=extf_accumulate");
  ValueId sum =
      emitGeneric(red, ins, outs, std::move(b), {f}, std::move(feat))[0];
  if (!chance(70))
    return;

  // truncf back to the narrow type, elementwise (maybe transposed, maybe
  // scaled by a power of two first).
  unsigned rank = prog.type(sum).rank();
  if (rank == 0)
    return;
  SmallVector<int64_t, 4> inMap;
  for (unsigned l = 0; l < rank; ++l)
    inMap.push_back(l);
  SmallVector<int64_t, 4> perm = chance(30) ? pickPermutation(rank) : inMap;
  SmallVector<GenericOperand, 1> tins = {{sum, perm}};
  SmallVector<DimSrc, 4> tdims;
  for (unsigned l = 0; l < rank; ++l) {
    int64_t j = llvm::find(perm, int64_t(l)) - perm.begin();
    tdims.push_back(loopSrc(l, prog.shape(sum)[j], tins));
  }
  Body tb;
  tb.args = {acc, low};
  unsigned x = 0;
  Facts tf = facts[sum];
  if (chance(30)) {
    // * 2^-k: exact while the fraction bits fit.
    unsigned k = pickInt(1, 2);
    ScalarInst cst = inst("arith.constant", {}, acc);
    cst.bits = bitsOf(std::ldexp(1.0, -int(k)), acc);
    unsigned cv = tb.add(cst);
    x = tb.add(inst("arith.mulf", {x, cv}, acc));
    tf.frac += k;
  }
  tb.yields.push_back(tb.add(inst("arith.truncf", {x}, low)));
  tf.exact = tf.exact && exactIn(low, tf.bound, tf.frac);
  tf.approx = !tf.exact;
  tf.mayInf = tf.mayInf || mayOverflow(low, tf.bound) || !tf.exact;
  ValueId tout = makeInit(low, tdims, std::nullopt);
  OpFeature tfeat;
  tfeat.dtype = low;
  SmallVector<GenericOperand, 1> touts = {{tout, inMap}};
  SmallVector<bool, 4> tred(rank, false);
  genericForms(tfeat, tred, tins, touts);
  tfeat.forms.push_back("truncf_back");
  tfeat.forms.push_back(tb.insts.size() > 1
                            ? "body_ops=arith.constant,arith.mulf,arith.truncf"
                            : "body_ops=arith.truncf");
  emitGeneric(tred, tins, touts, std::move(tb), {tf}, std::move(tfeat));
}

//===----------------------------------------------------------------------===//
// linalg.reduce, linalg.broadcast
//===----------------------------------------------------------------------===//

void Builder::buildReduce() {
  DType t = *pickDType(anyType);
  RedComb comb;
  if (t == DType::I1)
    comb = pickWeighted<RedComb>({{30, RedComb::Or},
                                  {30, RedComb::And},
                                  {20, RedComb::Xor},
                                  {10, RedComb::MaxU},
                                  {10, RedComb::MinU}});
  else if (isInteger(t))
    comb = pickWeighted<RedComb>({{35, RedComb::Add},
                                  {10, RedComb::Mul},
                                  {15, RedComb::Max},
                                  {15, RedComb::Min},
                                  {5, RedComb::MaxU},
                                  {5, RedComb::MinU},
                                  {5, RedComb::And},
                                  {5, RedComb::Or},
                                  {5, RedComb::Xor}});
  else
    comb = pickWeighted<RedComb>({{40, RedComb::Add},
                                  {20, RedComb::Max},
                                  {20, RedComb::Min},
                                  {20, RedComb::Mul}});
  Need need;
  if (isFloat(t) && comb == RedComb::Add) {
    need.exact = true;
    need.bound = pickOne<int64_t>({1, 2, 4});
    need.frac = pickInt(0, 1);
  } else if (isFloat(t) && comb == RedComb::Mul) {
    need.exact = true;
    need.bound = 1;
    need.frac = 0;
  }
  // (A uniform input makes the reduced term loop-invariant: see
  // GenOptions::allowInvariantReductions.)
  ValueId in = pickInput(
      t, 1, 4, need,
      [&](ValueId v) {
        return opts.allowInvariantReductions || !facts[v].uniform;
      },
      opts.allowZeroExtents ? 0 : 1);
  unsigned rank = prog.type(in).rank();
  Shape shape(prog.shape(in).begin(), prog.shape(in).end());
  SmallVector<int64_t, 4> dims;
  for (unsigned d = 0; d < rank; ++d)
    if (chance(45))
      dims.push_back(d);
  if (dims.empty())
    dims.push_back(pickInt(0, rank - 1));
  int64_t n = 1;
  for (int64_t d : dims)
    n = satMul(n, std::max<int64_t>(shape[d], 1));

  SVal e = svalOfFacts(facts[in], t);
  // Float sums only while they stay exact in every order.
  if (isFloat(t) && comb == RedComb::Add &&
      !(e.isExact() &&
        exactIn(t, satAdd(8, satMul(n, e.bound)), std::max(e.frac, 2u))))
    comb = RedComb::Max;
  if (isFloat(t) && comb == RedComb::Mul &&
      !(e.isExact() && e.bound <= 1 && e.frac == 0))
    comb = RedComb::Min;
  uint64_t init = redInit(t, comb, e);
  SmallVector<DimSrc, 4> outDims;
  Shape outShape;
  for (unsigned d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, int64_t(d))) {
      outDims.push_back({shape[d], std::make_pair(in, d)});
      outShape.push_back(shape[d]);
    }
  ValueId out = makeInit(t, outDims, init);

  Op op;
  op.kind = OpKind::Reduce;
  op.operands = {in, out};
  op.numIns = 1;
  op.ints = dims;
  op.body.args = {t, t};
  SmallVector<unsigned, 2> ops = {0, 1};
  if (chance(50))
    std::swap(ops[0], ops[1]);
  op.body.yield = op.body.add(inst(redCombOp(comb, t), ops, t));

  // The result's facts, as a generic body's combine computes them.
  BodyCtx c;
  c.body.args = {t, t};
  SVal acc = svalOfFacts(constantFacts(init, t), t);
  acc.id = 1;
  e.id = 0;
  c.vals = {e, acc};
  Facts f = factsOfSVal(combine(c, comb, acc, e, n));
  f.reduction = isFloat(t) && (comb == RedComb::Add || comb == RedComb::Mul ||
                               facts[in].reduction);
  f.uniform = facts[in].uniform;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("combiner=" + redCombName(comb).str());
  std::string ds = "dims=";
  for (auto [i, d] : llvm::enumerate(dims))
    ds += (i ? "," : "") + std::to_string(d);
  feat.forms.push_back(ds);
  if (dims.size() == rank)
    feat.forms.push_back("reduce_all");
  emit(std::move(op), {prog.type(out)}, {outShape}, {f}, std::move(feat));
}

void Builder::buildBroadcast() {
  DType t = *pickDType(anyType);
  unsigned hi = maxRank - 1;
  ValueId in = pickInput(
      t, 0, hi, Need(), [](ValueId) { return true; },
      opts.allowZeroExtents ? 0 : 1);
  unsigned inRank = prog.type(in).rank();
  unsigned added = pickInt(1, std::max(1u, maxRank - inRank));
  unsigned outRank = inRank + added;
  // Which output dims are new (the `dimensions` attribute).
  SmallVector<int64_t, 4> perm = pickPermutation(outRank);
  SmallVector<int64_t, 4> newDims(perm.begin(), perm.begin() + added);
  llvm::sort(newDims);
  Shape fresh;
  for (unsigned i = 0; i < added; ++i)
    fresh.push_back(pickExtent(opts.allowZeroExtents ? 0 : 1));
  int64_t inElems = std::max<int64_t>(1, numElementsOf(prog.shape(in)));
  fitBudget(fresh, 1, std::max<int64_t>(1, budget / inElems));
  SmallVector<DimSrc, 4> dims;
  Shape shape;
  unsigned k = 0, j = 0;
  for (unsigned d = 0; d < outRank; ++d) {
    if (llvm::is_contained(newDims, int64_t(d))) {
      dims.push_back({fresh[j], std::nullopt});
      shape.push_back(fresh[j++]);
    } else {
      dims.push_back({prog.shape(in)[k], std::make_pair(in, k)});
      shape.push_back(prog.shape(in)[k++]);
    }
  }
  ValueId out = makeInit(t, dims, std::nullopt);
  Op op;
  op.kind = OpKind::Broadcast;
  op.operands = {in, out};
  op.numIns = 1;
  op.ints = newDims;
  OpFeature feat;
  feat.dtype = t;
  feat.rank = outRank;
  std::string ds = "dims=";
  for (auto [i, d] : llvm::enumerate(newDims))
    ds += (i ? "," : "") + std::to_string(d);
  feat.forms.push_back(ds);
  if (inRank == 0)
    feat.forms.push_back("from_scalar");
  Facts f = facts[in];
  f.distinct = false;
  emit(std::move(op), {prog.type(out)}, {shape}, {f}, std::move(feat));
}

void Builder::buildOp(OpKind k) {
  switch (k) {
  case OpKind::Empty:
  case OpKind::Fill:
    return buildFill();
  case OpKind::Sort:
    return buildSort();
  case OpKind::Scatter:
    return buildScatterOrGather(true);
  case OpKind::Gather:
    return buildScatterOrGather(false);
  case OpKind::Scan:
    return buildScan();
  case OpKind::TopK:
    return buildTopK();
  case OpKind::ArgCompare:
    return buildArgCompare();
  case OpKind::Matmul:
    return buildMatmul(false);
  case OpKind::BatchMatmul:
    return buildMatmul(true);
  case OpKind::Transpose:
    return buildTranspose();
  case OpKind::Reduce:
    return buildReduce();
  case OpKind::Broadcast:
    return buildBroadcast();
  case OpKind::Generic:
    return buildGeneric();
  case OpKind::ExtractSlice:
    return buildExtractSlice();
  case OpKind::InsertSlice:
    return buildInsertSlice();
  case OpKind::CollapseShape:
    return buildCollapse();
  case OpKind::ExpandShape:
    return buildExpand();
  case OpKind::Pad:
    return buildPad();
  case OpKind::Concat:
    return buildConcat();
  case OpKind::Cast:
    return buildCast();
  }
}

unsigned opWeight(OpKind k) {
  switch (k) {
  case OpKind::Sort:
  case OpKind::Scatter:
    return 14;
  case OpKind::Gather:
  case OpKind::TopK:
    return 12;
  case OpKind::Scan:
  case OpKind::ArgCompare:
    return 10;
  case OpKind::Generic:
    return 16;
  case OpKind::Matmul:
  case OpKind::Reduce:
    return 7;
  case OpKind::Transpose:
    return 6;
  case OpKind::BatchMatmul:
  case OpKind::Broadcast:
    return 5;
  case OpKind::ExtractSlice:
  case OpKind::InsertSlice:
    return 5;
  case OpKind::CollapseShape:
  case OpKind::ExpandShape:
  case OpKind::Pad:
  case OpKind::Concat:
  case OpKind::Cast:
    return 4;
  case OpKind::Fill:
    return 2;
  case OpKind::Empty:
    return 0;
  }
  return 0;
}

Case Builder::build() {
  largeCase = opts.allowLarge && chance(opts.largeCasePercent);
  budget = largeCase ? opts.largeElements : opts.maxElements;
  dynamicCase = chance(opts.dynamicCasePercent);

  SmallVector<std::pair<unsigned, OpKind>, 16> weighted;
  for (OpKind k : kinds)
    if (feasible(k))
      weighted.push_back({std::max(1u, opWeight(k)), k});
  unsigned numOps = pickInt(opts.minOps, std::max(opts.minOps, opts.maxOps));
  if (!weighted.empty())
    for (unsigned i = 0; i < numOps; ++i)
      buildOp(pickWeighted<OpKind>(weighted));

  // Results: op results nothing else reads (leaves), most recent first.
  SmallVector<ValueId, 8> leaves;
  for (ValueId v = prog.values.size(); v-- > 0;)
    if (prog.value(v).defOp >= 0 && !isEmptyValue[v] && uses[v] == 0)
      leaves.push_back(v);
  if (!leaves.empty()) {
    unsigned maxR = std::min<unsigned>(opts.maxResults, leaves.size());
    unsigned r = pickInt(1, std::max(1u, maxR));
    // Usually the newest leaf, then others.
    SmallVector<ValueId, 8> rest = leaves;
    for (unsigned i = 0; i < r; ++i) {
      unsigned j = pickWeighted<unsigned>(
          {{60, 0}, {40, unsigned(pickInt(0, rest.size() - 1))}});
      prog.returns.push_back(rest[j]);
      rest.erase(rest.begin() + j);
    }
  }

  Case c;
  finish(c);
  // Input values: one seed per case, mixed per argument.
  uint64_t valueSeed =
      *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<uint64_t>());
  for (auto [i, a] : llvm::enumerate(prog.args))
    c.inputs.push_back(makeValues(prog.type(a).dtype, prog.shape(a), specs[i],
                                  mixSeed(valueSeed, i)));
  c.argSpecs = specs;
  c.program = std::move(prog);
  return c;
}

void Builder::finish(Case &c) {
  Features &f = c.features;
  f.ops = opFeatures;
  std::set<std::string> kindsSeen, dts, modes;
  std::set<unsigned> ranks;
  for (const OpFeature &o : f.ops) {
    kindsSeen.insert(opKindName(o.kind).str());
    dts.insert(dtypeName(o.dtype).str());
    ranks.insert(o.rank);
  }
  for (ValueId v = 0; v < prog.values.size(); ++v) {
    const TensorType &t = prog.type(v);
    dts.insert(dtypeName(t.dtype).str());
    if (t.hasDynamic())
      f.dynamic = true;
    else
      f.isStatic = true;
    f.maxTensorElements =
        std::max(f.maxTensorElements, numElementsOf(prog.shape(v)));
  }
  for (const ValueSpec &s : specs)
    modes.insert(valueModeName(s.mode).str());
  f.opKinds.assign(kindsSeen.begin(), kindsSeen.end());
  f.dtypes.assign(dts.begin(), dts.end());
  f.ranks.assign(ranks.begin(), ranks.end());
  f.valueModes.assign(modes.begin(), modes.end());
  f.numArgs = prog.args.size();
  f.numOps = llvm::count_if(prog.ops, [](const Op &o) {
    return o.kind != OpKind::Empty && o.kind != OpKind::Fill;
  });
  f.numResults = prog.returns.size();
  for (ValueId v = 0; v < prog.values.size(); ++v)
    if (prog.value(v).defOp >= 0 && !isEmptyValue[v] && uses[v] == 0 &&
        !llvm::is_contained(prog.returns, v))
      ++f.unusedResults;
  for (ValueId v : prog.returns) {
    if (facts[v].derived)
      ++f.undecidableResults;
    else if (facts[v].coarse || facts[v].reduction)
      ++f.freeResults;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

rc::Gen<Case> genCase(const GenOptions &opts) {
  return rc::gen::exec([opts] { return Builder(opts).build(); });
}

Case generateCase(uint64_t seed, const GenOptions &opts) {
  return genCase(opts)(rc::Random(seed), opts.size).value();
}

json::Value toJSON(const OpFeature &f) {
  json::Array forms;
  for (const std::string &s : f.forms)
    forms.push_back(s);
  return json::Object{{"op", opKindName(f.kind)},
                      {"dtype", dtypeName(f.dtype)},
                      {"rank", f.rank},
                      {"dynamic", f.dynamic},
                      {"forms", std::move(forms)}};
}

json::Value toJSON(const Features &f) {
  json::Array ops, kinds, dts, ranks, modes;
  for (const OpFeature &o : f.ops)
    ops.push_back(toJSON(o));
  for (const std::string &s : f.opKinds)
    kinds.push_back(s);
  for (const std::string &s : f.dtypes)
    dts.push_back(s);
  for (unsigned r : f.ranks)
    ranks.push_back(r);
  for (const std::string &s : f.valueModes)
    modes.push_back(s);
  return json::Object{
      {"ops", std::move(ops)},
      {"op_kinds", std::move(kinds)},
      {"dtypes", std::move(dts)},
      {"ranks", std::move(ranks)},
      {"value_modes", std::move(modes)},
      {"dynamic", f.dynamic},
      {"static", f.isStatic},
      {"num_args", f.numArgs},
      {"num_ops", f.numOps},
      {"num_results", f.numResults},
      {"unused_results", f.unusedResults},
      {"max_tensor_elements", f.maxTensorElements},
      {"undecidable_results", f.undecidableResults},
      {"free_results", f.freeResults},
  };
}

void showValue(const Case &c, std::ostream &os) {
  os << c.text();
  for (auto [i, a] : llvm::enumerate(c.program.args)) {
    os << "// input " << i << ": "
       << shapeTypeString(c.program.shape(a), c.program.type(a).dtype) << " "
       << valueModeName(c.argSpecs[i].mode).str() << "\n";
  }
}

} // namespace ref::fuzz
