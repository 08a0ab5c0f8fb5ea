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
};

Facts joinFacts(const Facts &a, const Facts &b) {
  Facts f;
  f.exact = a.exact && b.exact;
  f.bound = std::max(a.bound, b.bound);
  f.frac = std::max(a.frac, b.frac);
  f.mayInf = a.mayInf || b.mayInf;
  f.mayDenormal = a.mayDenormal || b.mayDenormal;
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
  /// target's choice, not a bug).
  bool noDenormal = false;
};

bool fits(const Facts &f, DType t, const Need &n) {
  if (f.coarse || f.derived)
    return false;
  if (n.noReduction && f.reduction)
    return false;
  if (isFloat(t)) {
    if (n.noInf && f.mayInf)
      return false;
    if (n.noDenormal && f.mayDenormal)
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
    // index and f8 tensors cannot be function arguments of IREE's runtime
    // tools (and the interpreter computes f8 on the slow path only).
    for (DType t : opts.dtypes)
      if (t != DType::Index && t != DType::F8E4M3FN && t != DType::F8E5M2)
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
  void buildMatmul();
  void buildTranspose();
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
  ifacts.bound = std::max(std::abs(ifacts.lo), std::abs(ifacts.hi));
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
  ifacts.bound = std::max(std::abs(ifacts.lo), std::abs(ifacts.hi));
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

void Builder::buildMatmul() {
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

  auto a = pickExisting([&](ValueId v) {
    const TensorType &ty = prog.type(v);
    return ty.dtype == inT && ty.rank() == 2 && prog.shape(v)[1] == k &&
           fits(facts[v], inT, needA);
  });
  ValueId av;
  if (a) {
    av = *a;
  } else {
    Shape s = {pickExtent(), k};
    fitBudget(s, 1);
    s[1] = k;
    av = freshArg(inT, s, needA);
  }
  int64_t m = prog.shape(av)[0];
  Shape bs = {k, pickExtent()};
  fitBudget(bs, 1);
  bs[0] = k;
  ValueId bv = freshArg(inT, bs, needB);
  int64_t n = bs[1];

  // The accumulator: zeros, or a small constant, or (integers, or floats
  // whose exact bound leaves room) a value in the function.
  Need needC;
  if (isFloat(accT)) {
    needC.exact = true;
    needC.bound = 16;
    needC.frac = needA.frac + needB.frac;
  }
  auto c = pickExisting(
      [&](ValueId v) {
        return prog.type(v).dtype == accT && prog.type(v).rank() == 2 &&
               prog.shape(v)[0] == m && prog.shape(v)[1] == n &&
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
    cv = makeInit(
        accT,
        {DimSrc{m, std::make_pair(av, 0u)}, DimSrc{n, std::make_pair(bv, 1u)}},
        init);
  }

  Op op;
  op.kind = OpKind::Matmul;
  op.operands = {av, bv, cv};
  op.numIns = 2;
  OpFeature feat;
  feat.dtype = inT;
  feat.rank = 2;
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
    f.reduction = true;
  }
  f.reduction = f.reduction || facts[av].reduction || facts[bv].reduction ||
                facts[cv].reduction;
  emit(std::move(op), {prog.type(cv)}, {Shape{m, n}}, {f}, std::move(feat));
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
    return buildMatmul();
  case OpKind::Transpose:
    return buildTranspose();
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
  case OpKind::Matmul:
    return 7;
  case OpKind::Transpose:
    return 6;
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
