//===- GenCore.h - The generator's core: values, facts, picks ---*- C++ -*-===//
//
// What every op recipe (fuzz/recipes/) builds with: `Facts` per tensor value
// and the `Need`s an operand must meet, `SVal`s of body scalars, and the
// `Builder` that holds the program under construction, the element budget
// and the options, and makes every choice through RapidCheck (picks of
// extents, shapes, ranks, element types, value specs; reuse of a value
// already in the function; destinations; the scalar bodies of
// linalg.generic and linalg.reduce, GenBody.cpp). Internal to refFuzz.
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_GENCORE_H
#define REF_FUZZ_GENCORE_H

#include "fuzz/Generator.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ref::fuzz::gen {

using llvm::APFloat;
using llvm::ArrayRef;
using llvm::function_ref;
using llvm::SmallVector;
using llvm::StringRef;

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

Facts joinFacts(const Facts &a, const Facts &b);

/// Facts of a constant.
Facts constantFacts(uint64_t bits, DType t);

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

bool fits(const Facts &f, DType t, const Need &n);

int64_t intMaxOf(DType t);
int64_t intMinOf(DType t);

/// Saturating helpers for bounds.
int64_t satMul(int64_t a, int64_t b);
int64_t satAdd(int64_t a, int64_t b);

/// Whether `bound` with `frac` fraction bits is exact in `t` (floats).
bool exactIn(DType t, int64_t bound, unsigned frac);

Facts specFacts(const ValueSpec &s, DType t, int64_t numElements);

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

StringRef redCombName(RedComb c);

/// The op a combiner is for element type `t`.
StringRef redCombOp(RedComb c, DType t);

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
               function_ref<bool(int64_t)> index);

int64_t floorPow2Minus1(int64_t v);

/// Whether a float of type `t` may exceed the finite range with magnitude
/// `bound`.
bool mayOverflow(DType t, int64_t bound);

/// The body scalar a tensor value's elements are.
SVal svalOfFacts(const Facts &f, DType t);

/// |v|, saturating at INT64_MAX (std::abs(INT64_MIN) overflows: found by
/// the ASan+UBSan suite).
int64_t magnitude(int64_t v);

/// The facts of a tensor whose elements are `s`.
Facts factsOfSVal(const SVal &s);

/// Float facts of max/min/select of `a` and `b`: the coarser class.
SVal joinSVal(const SVal &a, const SVal &b);

/// [lo, hi] as an SVal range when it fits `t`.
void setRange(SVal &s, DType t, __int128 lo, __int128 hi);

/// The values a `t` scalar may hold: its range, or the type's.
std::pair<int64_t, int64_t> rangeOf(const SVal &s);

//===----------------------------------------------------------------------===//
// The builder
//===----------------------------------------------------------------------===//

enum class Combiner { Overwrite, Add, Max, Min, Mul };
StringRef combinerName(Combiner c);

/// What a float input must satisfy so that combining up to `terms` of its
/// elements with `c` stays exact: sums while (terms + 1) * bound * 2^frac
/// <= 2^p (`sumFrac` fraction bits where that leaves room, else integers
/// up to 1); products of -1, 0 and 1 never round. Nothing for integers or
/// the other combiners.
Need exactCombineNeed(DType t, Combiner c, int64_t terms, unsigned sumFrac);
/// The most terms a float sum keeps exact with values in [-1, 1]
/// (INT64_MAX for anything else).
int64_t longestExactCombine(DType t, Combiner c);

/// A result extent: static, or mirroring extent `dim` of `value` (dynamic
/// there means dynamic here, sized by tensor.dim).
struct DimSrc {
  int64_t extent = 0;
  std::optional<std::pair<ValueId, unsigned>> from;
};

/// A scalar instruction of a body.
inline ScalarInst inst(StringRef name, ArrayRef<unsigned> operands, DType t,
                       StringRef predicate = "") {
  ScalarInst i;
  i.name = name.str();
  i.predicate = predicate.str();
  i.operands.assign(operands.begin(), operands.end());
  i.type = t;
  return i;
}

inline StringRef cmpName(DType t) {
  return isFloat(t) ? "arith.cmpf" : "arith.cmpi";
}

/// The bits of -inf / +inf (or 0) of float type `t`.
inline uint64_t floatBits(DType t, bool negInf, bool posInf) {
  if (negInf || posInf)
    return APFloat::getInf(floatSemantics(t), negInf)
        .bitcastToAPInt()
        .getZExtValue();
  return 0;
}

/// The signed extreme of `t`: the lowest value (-inf, INT_MIN) or the
/// highest (+inf, INT_MAX), the identity of a maximum or of a minimum.
inline uint64_t signedExtremeBits(DType t, bool lowest) {
  if (isFloat(t))
    return floatBits(t, lowest, !lowest);
  return truncBits(static_cast<uint64_t>(lowest ? intMinOf(t) : intMaxOf(t)),
                   t);
}

/// Element type filters for `Builder::pickDType` / `anyDType`.
inline bool notI1(DType t) { return t != DType::I1; }
inline bool anyType(DType) { return true; }
inline bool isArithType(DType t) { return t != DType::I1; }

/// The case under construction and the picks every recipe builds with. One
/// Builder runs inside `rc::gen::exec` per case; recipes (Recipe.h) read and
/// extend its program, facts and features through this public interface.
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
      for (unsigned i = 0; i < kNumDefaultOpKinds; ++i)
        if (static_cast<OpKind>(i) != OpKind::Empty)
          kinds.push_back(static_cast<OpKind>(i));
  }

  /// Picks the ops (by recipe weight), builds them, picks the results.
  Case build();
  /// A recipe's weight, scaled by GenOptions::weightScale.
  unsigned scaledWeight(unsigned weight, OpKind k) const;

  //===--- State of the case ----------------------------------------------===//

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

  //===--- Hints of frontend-shaped recipes -------------------------------===//
  // A frontend-shaped recipe (fuzz/recipes/Frontend.cpp) steers the op
  // recipe it reuses through these; unset, the recipe makes its own picks
  // (so the cases of every other recipe stay what they were).

  /// Scatter: these indices (an integer value with a known non-negative
  /// range, depth 1) and this combiner.
  std::optional<ValueId> hintIndices;
  std::optional<Combiner> hintCombiner;
  /// Matmul: these extents (m, k, n) for fresh operands.
  std::optional<std::array<int64_t, 3>> hintMatmul;

  //===--- Results a frontend-shaped recipe decides -----------------------===//
  // Both empty unless such a recipe ran, so every other case picks its
  // results (and reuses values) as before.

  /// Returned first, in this order, while nothing reads them (the reader of
  /// an argument that a sort updates in place).
  std::vector<ValueId> mustReturn;
  /// Computed and never returned nor read by a later op (dead results).
  std::vector<ValueId> dead;
  bool isDead(ValueId v) const { return llvm::is_contained(dead, v); }

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

  //===--- Values ---------------------------------------------------------===//

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
      if (!isEmptyValue[v] && !facts[v].coarse && !facts[v].derived &&
          (dead.empty() || !isDead(v)) && ok(v))
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

  //===--- Comparator and combiner bodies ---------------------------------===//

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

  //===--- Operands for recipes -------------------------------------------===//

  bool anyDType(function_ref<bool(DType)> ok) const {
    return llvm::any_of(dtypes, ok);
  }
  /// No extent is 0 (MLIR rejects any static slice offset into an empty
  /// dim).
  bool noZeroExtent(ValueId v) const {
    return llvm::all_of(prog.shape(v), [](int64_t e) { return e >= 1; });
  }

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

  /// The case's features (Generator.cpp).
  void finish(Case &c);

  //===--- Scalar bodies of linalg.generic (GenBody.cpp) ------------------===//

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
};

/// Exact float operands for a dot product of length `k` accumulated in
/// `accT` (the matmul recipes): draws magnitudes (1, 2, 4 or 8) and fraction
/// bits (0 or 1) for a and b, then halves the fraction bits, the magnitudes
/// and at last `k` until k * |a| * |b| + `slack` is exact in `accT` and a, b
/// are exact in `inT`. Fills `a` and `b` and returns k * |a| * |b|. The draws
/// keep one order, so that a seed keeps its program.
int64_t exactDotOperands(Builder &bld, DType inT, DType accT, int64_t slack,
                         int64_t &k, Need &a, Need &b);

} // namespace ref::fuzz::gen

#endif // REF_FUZZ_GENCORE_H
