//===- Values.h - Input values of generated cases ----------------*- C++
//-*-===//
//
// How the fuzzer fills an input tensor: a value mode (what kind of values)
// and its parameters, turned into a concrete tensor from a 64-bit seed. The
// generator picks a mode per argument that fits every op reading it (exact
// small values for float arithmetic, no infinities for sort and topk keys,
// in-range tuples for gather/scatter indices) and records it, so that a case
// is reproducible from (program, specs, seed) and coverage can be counted
// per mode.
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_VALUES_H
#define REF_FUZZ_VALUES_H

#include "interp/support/Tensor.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace ref::fuzz {

enum class ValueMode : uint8_t {
  /// k * 2^-fracBits with |value| <= bound: exact in short sums and products.
  Small,
  /// One to four distinct Small values, repeated.
  Ties,
  /// Small values, ascending in row-major order (so along every dimension).
  Sorted,
  /// Small values, descending in row-major order.
  ReverseSorted,
  /// +0 and -0 (integers: 0) mixed with Small values.
  SignedZeros,
  /// +inf and -inf (integers: the minimum and maximum) mixed with Small.
  Infinities,
  /// Subnormal floats of both signs, with some zeros and Small values
  /// (integers: Small).
  Subnormals,
  /// Values within a few ULP of the largest finite magnitude, both signs
  /// (integers: near the minimum and maximum), mixed with Small.
  NearMax,
  /// Random finite values over the whole range (integers: random bits).
  Wide,
  /// Pairwise distinct values k * 2^-fracBits, k a shuffled run of
  /// consecutive integers centred on 0 (no ties anywhere in the tensor).
  Distinct,
  /// Index tuples for gather/scatter: consecutive groups of
  /// `bounds.size()` elements, component i in [0, bounds[i]).
  Indices,
};
constexpr unsigned kNumValueModes =
    static_cast<unsigned>(ValueMode::Indices) + 1;

llvm::StringRef valueModeName(ValueMode m);
std::optional<ValueMode> parseValueMode(llvm::StringRef name);

struct ValueSpec {
  ValueMode mode = ValueMode::Small;
  /// Small-family modes (Small, Ties, Sorted, ReverseSorted, SignedZeros and
  /// the Small part of the others): the magnitude bound and the fraction
  /// bits of the values (integers ignore fracBits).
  int64_t bound = 8;
  unsigned fracBits = 0;
  /// Indices: the exclusive upper bound of each tuple component.
  llvm::SmallVector<int64_t, 3> bounds;
  /// Indices: every tuple distinct.
  bool unique = false;
};

/// Significand bits of a float dtype, implicit bit included (f16: 11).
unsigned significandBits(DType t);
/// Whether the generator may use `t`: not index, the sub-byte integers or
/// the 8-bit-and-smaller floats (IREE's runtime tools cannot pass them as
/// arguments, and the interpreter computes small floats on the slow path).
inline bool isFuzzableDType(DType t) {
  if (t == DType::Index || t == DType::I2 || t == DType::I4)
    return false;
  return !isFloat(t) || bitWidth(t) > 8;
}
/// Whether every k * 2^-fracBits with |value| <= bound is exact in `t`
/// (integers: whether the bound fits the signed range).
bool smallValuesFit(DType t, int64_t bound, unsigned fracBits);
/// Whether `n` pairwise distinct values with `fracBits` fraction bits fit
/// `t` exactly (Distinct mode), and the magnitude bound they reach.
bool distinctFits(DType t, int64_t n, unsigned fracBits);
int64_t distinctBound(int64_t n, unsigned fracBits);
/// Whether `n` unique tuples exist below `bounds`.
bool uniqueTuplesFit(llvm::ArrayRef<int64_t> bounds, int64_t n);

/// Raw bits of the double `v` in `t` (integers: `v` truncated to an
/// integer first), rounded to nearest even.
uint64_t bitsOf(double v, DType t);
/// The double value of raw bits (integers sign-extended; i1 as 0/1).
double valueOf(uint64_t bits, DType t);

/// A tensor of `shape` filled according to `spec`; the same arguments give
/// the same bytes.
Tensor makeValues(DType t, llvm::ArrayRef<int64_t> shape, const ValueSpec &spec,
                  uint64_t seed);

/// splitmix64: the fuzzer's value PRNG (small, fast, portable).
class SplitMix {
public:
  explicit SplitMix(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi] (inclusive).
  int64_t range(int64_t lo, int64_t hi) {
    uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
    if (span == 0)
      return static_cast<int64_t>(next());
    return lo + static_cast<int64_t>(next() % span);
  }
  bool chance(unsigned percent) { return next() % 100 < percent; }

private:
  uint64_t state;
};

/// Mixes two 64-bit values into a seed.
uint64_t mixSeed(uint64_t a, uint64_t b);

} // namespace ref::fuzz

#endif // REF_FUZZ_VALUES_H
