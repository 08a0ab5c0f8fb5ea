//===- Values.cpp - Input values of generated cases -----------------------===//

#include "fuzz/Values.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <unordered_set>

using namespace llvm;

namespace ref::fuzz {

static const char *const kValueModeNames[kNumValueModes] = {
    "small",        "ties",       "sorted",     "reverse_sorted",
    "signed_zeros", "infinities", "subnormals", "near_max",
    "wide",         "distinct",   "indices",
};

StringRef valueModeName(ValueMode m) {
  return kValueModeNames[static_cast<unsigned>(m)];
}

std::optional<ValueMode> parseValueMode(StringRef name) {
  for (unsigned i = 0; i < kNumValueModes; ++i)
    if (name == kValueModeNames[i])
      return static_cast<ValueMode>(i);
  return std::nullopt;
}

uint64_t mixSeed(uint64_t a, uint64_t b) {
  SplitMix m(a ^ (b * 0xd1b54a32d192ed03ULL));
  m.next();
  return m.next();
}

unsigned significandBits(DType t) {
  assert(isFloat(t) && "not a float dtype");
  return llvm::APFloat::semanticsPrecision(floatSemantics(t));
}

/// Largest value of the signed interpretation (i1: 1, read unsigned).
static int64_t intMax(DType t) {
  if (t == DType::I1)
    return 1;
  unsigned w = bitWidth(t);
  return w == 64 ? INT64_MAX : (int64_t(1) << (w - 1)) - 1;
}
static int64_t intMin(DType t) {
  if (t == DType::I1)
    return 0;
  unsigned w = bitWidth(t);
  return w == 64 ? INT64_MIN : -(int64_t(1) << (w - 1));
}

bool smallValuesFit(DType t, int64_t bound, unsigned fracBits) {
  if (bound < 0)
    return false;
  if (isInteger(t))
    return bound <= intMax(t);
  unsigned p = significandBits(t);
  if (fracBits >= 30 || bound > (int64_t(1) << 40))
    return false;
  // |k| <= bound * 2^frac must be exact: k < 2^p.
  return (bound << fracBits) <= (int64_t(1) << p);
}

int64_t distinctBound(int64_t n, unsigned fracBits) {
  // k in [-n/2, n - n/2): |k| <= n/2 + 1, scaled by 2^-frac, rounded up.
  int64_t k = n / 2 + 1;
  return (k + (int64_t(1) << fracBits) - 1) >> fracBits;
}

bool distinctFits(DType t, int64_t n, unsigned fracBits) {
  if (n <= 0)
    return true;
  if (isInteger(t)) {
    if (t == DType::I1)
      return n <= 2;
    return n / 2 + 1 <= intMax(t);
  }
  if (n > (int64_t(1) << 40))
    return false;
  return n / 2 + 1 <= (int64_t(1) << significandBits(t));
}

bool uniqueTuplesFit(ArrayRef<int64_t> bounds, int64_t n) {
  int64_t p = 1;
  for (int64_t b : bounds) {
    if (b <= 0)
      return n == 0;
    if (p > (int64_t(1) << 40) / b)
      return true;
    p *= b;
  }
  return n <= p;
}

uint64_t bitsOf(double v, DType t) {
  if (isInteger(t)) {
    if (t == DType::I1)
      return v != 0.0 ? 1 : 0;
    return truncBits(static_cast<uint64_t>(static_cast<int64_t>(v)), t);
  }
  if (t == DType::F64) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  APFloat f(v);
  bool lost;
  f.convert(floatSemantics(t), APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

double valueOf(uint64_t bits, DType t) {
  if (isInteger(t)) {
    if (t == DType::I1)
      return bits & 1;
    return static_cast<double>(signExtend(bits, t));
  }
  if (t == DType::F64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  APFloat f(floatSemantics(t), APInt(bitWidth(t), bits));
  bool lost;
  f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
  return f.convertToDouble();
}

namespace {

/// Fills one tensor; every element goes through `store` as raw bits.
class Filler {
public:
  Filler(DType t, const ValueSpec &spec, uint64_t seed)
      : t(t), spec(spec), rng(seed) {}

  Tensor fill(ArrayRef<int64_t> shape) {
    Tensor out(t, shape);
    int64_t n = out.numElements();
    switch (spec.mode) {
    case ValueMode::Small:
      for (int64_t i = 0; i < n; ++i)
        out.store(i, small());
      break;
    case ValueMode::Ties: {
      SmallVector<uint64_t, 4> pool;
      int64_t m = rng.range(1, 4);
      for (int64_t i = 0; i < m; ++i)
        pool.push_back(small());
      for (int64_t i = 0; i < n; ++i)
        out.store(i, pool[rng.range(0, m - 1)]);
      break;
    }
    case ValueMode::Sorted:
    case ValueMode::ReverseSorted: {
      std::vector<double> v(n);
      for (int64_t i = 0; i < n; ++i)
        v[i] = smallDouble();
      std::sort(v.begin(), v.end());
      if (spec.mode == ValueMode::ReverseSorted)
        std::reverse(v.begin(), v.end());
      for (int64_t i = 0; i < n; ++i)
        out.store(i, bitsOf(v[i], t));
      break;
    }
    case ValueMode::SignedZeros:
      for (int64_t i = 0; i < n; ++i)
        out.store(i, rng.chance(60) ? zero(rng.chance(50)) : small());
      break;
    case ValueMode::Infinities:
      for (int64_t i = 0; i < n; ++i) {
        uint64_t r = rng.next() % 4;
        out.store(i, r < 2 ? infinity(r == 1) : small());
      }
      break;
    case ValueMode::Subnormals:
      for (int64_t i = 0; i < n; ++i) {
        uint64_t r = rng.next() % 10;
        out.store(i, r < 7   ? subnormal()
                     : r < 8 ? zero(rng.chance(50))
                             : small());
      }
      break;
    case ValueMode::NearMax:
      for (int64_t i = 0; i < n; ++i)
        out.store(i, rng.chance(70) ? nearMax() : small());
      break;
    case ValueMode::Wide:
      for (int64_t i = 0; i < n; ++i)
        out.store(i, wide());
      break;
    case ValueMode::Distinct: {
      std::vector<int64_t> k(n);
      for (int64_t i = 0; i < n; ++i)
        k[i] = i - n / 2;
      for (int64_t i = n - 1; i > 0; --i)
        std::swap(k[i], k[rng.range(0, i)]);
      for (int64_t i = 0; i < n; ++i)
        out.store(i, scaled(k[i]));
      break;
    }
    case ValueMode::Indices:
      fillIndices(out);
      break;
    }
    return out;
  }

private:
  DType t;
  const ValueSpec &spec;
  SplitMix rng;

  /// k * 2^-fracBits as bits of t (integers: k).
  uint64_t scaled(int64_t k) {
    if (isInteger(t))
      return truncBits(static_cast<uint64_t>(k), t);
    return bitsOf(std::ldexp(static_cast<double>(k), -int(spec.fracBits)), t);
  }

  double smallDouble() {
    if (isInteger(t)) {
      if (t == DType::I1)
        return static_cast<double>(rng.range(0, 1));
      int64_t b = std::min(spec.bound, intMax(t));
      return static_cast<double>(rng.range(-b, b));
    }
    int64_t kmax = spec.bound << spec.fracBits;
    return std::ldexp(static_cast<double>(rng.range(-kmax, kmax)),
                      -int(spec.fracBits));
  }
  uint64_t small() { return bitsOf(smallDouble(), t); }

  uint64_t zero(bool negative) {
    if (isInteger(t))
      return 0;
    return negative ? uint64_t(1) << (bitWidth(t) - 1) : 0;
  }

  uint64_t infinity(bool negative) {
    if (isInteger(t))
      return truncBits(static_cast<uint64_t>(negative ? intMin(t) : intMax(t)),
                       t);
    return APFloat::getInf(floatSemantics(t), negative)
        .bitcastToAPInt()
        .getZExtValue();
  }

  uint64_t subnormal() {
    if (isInteger(t))
      return small();
    unsigned mant = significandBits(t) - 1;
    uint64_t m = rng.next() & ((uint64_t(1) << mant) - 1);
    if (m == 0)
      m = 1;
    uint64_t sign = rng.chance(50) ? uint64_t(1) << (bitWidth(t) - 1) : 0;
    return sign | m;
  }

  uint64_t nearMax() {
    int64_t r = rng.range(0, 3);
    bool negative = rng.chance(50);
    if (isInteger(t)) {
      if (t == DType::I1)
        return rng.range(0, 1);
      int64_t v = negative ? intMin(t) + r : intMax(t) - r;
      return truncBits(static_cast<uint64_t>(v), t);
    }
    // Bits of the largest finite value, minus r ULPs (same sign).
    uint64_t bits = APFloat::getLargest(floatSemantics(t), negative)
                        .bitcastToAPInt()
                        .getZExtValue();
    return bits - r;
  }

  uint64_t wide() {
    uint64_t bits = truncBits(rng.next(), t);
    if (isInteger(t))
      return bits;
    unsigned w = bitWidth(t), mant = significandBits(t) - 1;
    uint64_t expMask = ((uint64_t(1) << (w - 1 - mant)) - 1) << mant;
    if ((bits & expMask) == expMask)
      bits &= ~(uint64_t(1) << mant); // all-ones exponent: clear its low bit
    return bits;
  }

  void fillIndices(Tensor &out) {
    int64_t depth = spec.bounds.size();
    int64_t n = out.numElements();
    if (depth == 0 || n == 0)
      return;
    int64_t tuples = n / depth;
    // Tuples are codes in [0, P) in mixed radix `bounds`.
    int64_t p = 1;
    bool huge = false;
    for (int64_t b : spec.bounds) {
      if (p > (int64_t(1) << 40) / std::max<int64_t>(b, 1))
        huge = true;
      else
        p *= std::max<int64_t>(b, 1);
    }
    std::vector<int64_t> codes(tuples);
    if (huge) {
      // More tuples exist than a code can count (the generator's element
      // budget never gets here): components independently, maybe repeated.
      for (int64_t i = 0; i < tuples; ++i)
        for (int64_t d = 0; d < depth; ++d)
          out.store(i * depth + d,
                    truncBits(static_cast<uint64_t>(rng.range(
                                  0, std::max<int64_t>(spec.bounds[d], 1) - 1)),
                              t));
      return;
    }
    if (!spec.unique || tuples > p) {
      for (int64_t i = 0; i < tuples; ++i)
        codes[i] = rng.range(0, p - 1);
    } else if (tuples * 2 > p || p <= (int64_t(1) << 16)) {
      std::vector<int64_t> all(p);
      for (int64_t i = 0; i < p; ++i)
        all[i] = i;
      for (int64_t i = 0; i < tuples; ++i)
        std::swap(all[i], all[rng.range(i, p - 1)]);
      std::copy(all.begin(), all.begin() + tuples, codes.begin());
    } else {
      std::unordered_set<int64_t> seen;
      for (int64_t i = 0; i < tuples; ++i) {
        int64_t c;
        do {
          c = rng.range(0, p - 1);
        } while (!seen.insert(c).second);
        codes[i] = c;
      }
    }
    for (int64_t i = 0; i < tuples; ++i) {
      int64_t c = codes[i];
      for (int64_t d = depth - 1; d >= 0; --d) {
        int64_t b = std::max<int64_t>(spec.bounds[d], 1);
        out.store(i * depth + d, truncBits(static_cast<uint64_t>(c % b), t));
        c /= b;
      }
    }
  }
};

} // namespace

Tensor makeValues(DType t, ArrayRef<int64_t> shape, const ValueSpec &spec,
                  uint64_t seed) {
  return Filler(t, spec, seed).fill(shape);
}

} // namespace ref::fuzz
