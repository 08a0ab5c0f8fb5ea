//===- ScalarFast.cpp - Native batch kernels for scalar ops ---------------===//
//
// The fast path: loops over lanes computing natively, bit-identical to the
// exact path in ScalarOps.cpp (two NaNs aside, whose payloads may differ).
//
// Every kernel is a per-lane function on raw bits, plugged into one of a few
// loop templates and entered into a table indexed by (opcode, dtype), by
// (dtype, predicate) for comparisons, and by (opcode, source, result) for
// casts. selectFast looks the table up and falls back to the exact path for
// every combination the table leaves empty.
//
// Why the narrow-float kernels are exact. f16 and bf16 values are widened to
// f32 (exactly), computed in f32 and rounded once to the narrow type. For
// +, -, *, / and sqrt this double rounding is innocuous: with p-bit operands
// and a q-bit intermediate, q >= 2p + 2 guarantees the result equals the
// directly rounded one (Figueroa, "When is double rounding innocuous?",
// 1995); q = 24 and p = 11 (f16) or 8 (bf16). Min/max, neg/abs, copysign,
// comparisons and the round-to-integral ops produce values that are already
// representable, and fmod is exact (its result is always representable in
// the operands' format). The transcendental functions are defined that way
// in the exact path itself (f32 libm call, one rounding). Everything else
// for f16/bf16 (fma, conversions from wide integers or from f64) would round
// twice, so it is left to the exact path, as is every op on the 4-, 6-
// and 8-bit floats and the sub-byte integers (no table entry).
//
// The kernels rely on IEEE arithmetic from the compiler: no -ffast-math, SSE
// rather than x87 on x86. FP contraction has nothing to fuse: no lane
// multiplies and then adds.
//
//===----------------------------------------------------------------------===//

#include "interp/scalar/ScalarOps.h"

#include "llvm/ADT/bit.h"

#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <utility>

namespace ref {
namespace {

constexpr unsigned kNumOpcodes = static_cast<unsigned>(ScalarOpcode::Copy) + 1;
constexpr unsigned kFirstCast = static_cast<unsigned>(ScalarOpcode::ExtSI);
constexpr unsigned kNumCasts =
    static_cast<unsigned>(ScalarOpcode::Bitcast) - kFirstCast + 1;
constexpr unsigned kNumCmpIPreds = static_cast<unsigned>(CmpIPred::uge) + 1;
constexpr unsigned kNumCmpFPreds =
    static_cast<unsigned>(CmpFPred::AlwaysTrue) + 1;

//===----------------------------------------------------------------------===//
// Loop templates
//===----------------------------------------------------------------------===//

using Lane1 = uint64_t (*)(uint64_t);
using Lane2 = uint64_t (*)(uint64_t, uint64_t);
using Lane3 = uint64_t (*)(uint64_t, uint64_t, uint64_t);
using Lane1UB = uint64_t (*)(uint64_t, UBKind &);
using Lane2UB = uint64_t (*)(uint64_t, uint64_t, UBKind &);

template <Lane1 Fn>
int unaryKernel(const ScalarOpDesc &, uint64_t *dst, const uint64_t *a,
                const uint64_t *, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  for (int i = 0; i < n; ++i)
    dst[i] = Fn(a[i]);
  return -1;
}

template <Lane2 Fn>
int binaryKernel(const ScalarOpDesc &, uint64_t *dst, const uint64_t *a,
                 const uint64_t *b, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  for (int i = 0; i < n; ++i)
    dst[i] = Fn(a[i], b[i]);
  return -1;
}

template <Lane3 Fn>
int ternaryKernel(const ScalarOpDesc &, uint64_t *dst, const uint64_t *a,
                  const uint64_t *b, const uint64_t *c, int n, UBKind &ub) {
  ub = UBKind::None;
  for (int i = 0; i < n; ++i)
    dst[i] = Fn(a[i], b[i], c[i]);
  return -1;
}

/// Records the first lane that hit undefined behaviour; the lane function
/// itself returns 0 for such lanes.
inline void noteUB(UBKind laneUB, int i, int &first, UBKind &ub) {
  if (laneUB != UBKind::None && first < 0) {
    first = i;
    ub = laneUB;
  }
}

template <Lane1UB Fn>
int unaryUBKernel(const ScalarOpDesc &, uint64_t *dst, const uint64_t *a,
                  const uint64_t *, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  int first = -1;
  for (int i = 0; i < n; ++i) {
    UBKind laneUB = UBKind::None;
    dst[i] = Fn(a[i], laneUB);
    noteUB(laneUB, i, first, ub);
  }
  return first;
}

template <Lane2UB Fn>
int binaryUBKernel(const ScalarOpDesc &, uint64_t *dst, const uint64_t *a,
                   const uint64_t *b, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  int first = -1;
  for (int i = 0; i < n; ++i) {
    UBKind laneUB = UBKind::None;
    dst[i] = Fn(a[i], b[i], laneUB);
    noteUB(laneUB, i, first, ub);
  }
  return first;
}

//===----------------------------------------------------------------------===//
// Type-generic kernels (select, copy, bitcast, integer casts)
//===----------------------------------------------------------------------===//

int selectKernel(const ScalarOpDesc &d, uint64_t *dst, const uint64_t *a,
                 const uint64_t *b, const uint64_t *c, int n, UBKind &ub) {
  ub = UBKind::None;
  for (int i = 0; i < n; ++i)
    dst[i] = truncBits((a[i] & 1) ? b[i] : c[i], d.type);
  return -1;
}

/// Copy and bitcast: the bits stay as they are.
int copyKernel(const ScalarOpDesc &d, uint64_t *dst, const uint64_t *a,
               const uint64_t *, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  for (int i = 0; i < n; ++i)
    dst[i] = truncBits(a[i], d.type);
  return -1;
}

/// extsi, extui, trunci, index_cast and index_castui: sign- or zero-extend
/// the source, then keep the result's low bits.
int intCastKernel(const ScalarOpDesc &d, uint64_t *dst, const uint64_t *a,
                  const uint64_t *, const uint64_t *, int n, UBKind &ub) {
  ub = UBKind::None;
  bool isSigned =
      d.op == ScalarOpcode::ExtSI || d.op == ScalarOpcode::IndexCast;
  DType src = d.type, res = d.resultType;
  if (isSigned) {
    for (int i = 0; i < n; ++i)
      dst[i] = truncBits(static_cast<uint64_t>(signExtend(a[i], src)), res);
  } else {
    for (int i = 0; i < n; ++i)
      dst[i] = truncBits(truncBits(a[i], src), res);
  }
  return -1;
}

//===----------------------------------------------------------------------===//
// Integer lanes, for a bit width W in {1, 8, 16, 32, 64}
//===----------------------------------------------------------------------===//

template <unsigned W>
constexpr uint64_t kMask = W == 64 ? ~uint64_t(0) : (uint64_t(1) << W) - 1;

template <unsigned W> inline uint64_t zx(uint64_t x) { return x & kMask<W>; }

template <unsigned W> inline int64_t sx(uint64_t x) {
  if constexpr (W == 64) {
    return static_cast<int64_t>(x);
  } else {
    constexpr uint64_t sign = uint64_t(1) << (W - 1);
    uint64_t v = x & kMask<W>;
    return static_cast<int64_t>((v ^ sign) - sign);
  }
}

template <unsigned W> inline uint64_t wrap(int64_t v) {
  return static_cast<uint64_t>(v) & kMask<W>;
}

template <unsigned W> uint64_t addI(uint64_t a, uint64_t b) {
  return zx<W>(a + b);
}
template <unsigned W> uint64_t subI(uint64_t a, uint64_t b) {
  return zx<W>(a - b);
}
template <unsigned W> uint64_t mulI(uint64_t a, uint64_t b) {
  return zx<W>(a * b);
}
template <unsigned W> uint64_t andI(uint64_t a, uint64_t b) {
  return zx<W>(a & b);
}
template <unsigned W> uint64_t orI(uint64_t a, uint64_t b) {
  return zx<W>(a | b);
}
template <unsigned W> uint64_t xorI(uint64_t a, uint64_t b) {
  return zx<W>(a ^ b);
}
template <unsigned W> uint64_t maxSI(uint64_t a, uint64_t b) {
  return sx<W>(a) < sx<W>(b) ? zx<W>(b) : zx<W>(a);
}
template <unsigned W> uint64_t minSI(uint64_t a, uint64_t b) {
  return sx<W>(b) < sx<W>(a) ? zx<W>(b) : zx<W>(a);
}
template <unsigned W> uint64_t maxUI(uint64_t a, uint64_t b) {
  return zx<W>(a) < zx<W>(b) ? zx<W>(b) : zx<W>(a);
}
template <unsigned W> uint64_t minUI(uint64_t a, uint64_t b) {
  return zx<W>(b) < zx<W>(a) ? zx<W>(b) : zx<W>(a);
}

template <unsigned W> uint64_t mulHiSI(uint64_t a, uint64_t b) {
  if constexpr (W == 64) {
    __int128 p = static_cast<__int128>(sx<W>(a)) * sx<W>(b);
    return static_cast<uint64_t>(static_cast<unsigned __int128>(p) >> 64);
  } else {
    // |product| < 2^62 for W <= 32, so int64 holds it; >> is arithmetic.
    return wrap<W>((sx<W>(a) * sx<W>(b)) >> W);
  }
}

template <unsigned W> uint64_t mulHiUI(uint64_t a, uint64_t b) {
  if constexpr (W == 64) {
    unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
    return static_cast<uint64_t>(p >> 64);
  } else {
    return zx<W>((zx<W>(a) * zx<W>(b)) >> W);
  }
}

/// The signed division family. UB: b == 0, and INT_MIN / -1 (also for remsi).
template <unsigned W, ScalarOpcode Op>
uint64_t signedDiv(uint64_t a, uint64_t b, UBKind &ub) {
  int64_t x = sx<W>(a), y = sx<W>(b);
  if (y == 0) {
    ub = UBKind::DivisionByZero;
    return 0;
  }
  if (y == -1 && x == sx<W>(uint64_t(1) << (W - 1))) {
    ub = UBKind::SignedDivisionOverflow;
    return 0;
  }
  int64_t q = x / y, r = x % y;
  if constexpr (Op == ScalarOpcode::RemSI)
    return wrap<W>(r);
  // The exact quotient is q + r/y; r/y > 0 exactly when r and y agree in
  // sign.
  if constexpr (Op == ScalarOpcode::CeilDivSI)
    q += (r != 0 && ((r < 0) == (y < 0)));
  if constexpr (Op == ScalarOpcode::FloorDivSI)
    q -= (r != 0 && ((r < 0) != (y < 0)));
  return wrap<W>(q);
}

template <unsigned W, ScalarOpcode Op>
uint64_t unsignedDiv(uint64_t a, uint64_t b, UBKind &ub) {
  uint64_t x = zx<W>(a), y = zx<W>(b);
  if (y == 0) {
    ub = UBKind::DivisionByZero;
    return 0;
  }
  if constexpr (Op == ScalarOpcode::RemUI)
    return x % y;
  if constexpr (Op == ScalarOpcode::CeilDivUI)
    return x / y + (x % y != 0);
  return x / y;
}

template <unsigned W, ScalarOpcode Op>
uint64_t shift(uint64_t a, uint64_t b, UBKind &ub) {
  uint64_t amount = zx<W>(b);
  if (amount >= W) {
    ub = UBKind::ShiftOutOfRange;
    return 0;
  }
  if constexpr (Op == ScalarOpcode::ShLI)
    return zx<W>(a << amount);
  if constexpr (Op == ScalarOpcode::ShRSI)
    return wrap<W>(sx<W>(a) >> amount);
  return zx<W>(a) >> amount;
}

/// math.ipowi; see ipowi in ScalarOps.cpp for where the rules come from.
template <unsigned W> uint64_t ipowI(uint64_t a, uint64_t b, UBKind &ub) {
  uint64_t base = zx<W>(a);
  int64_t power = sx<W>(b);
  if (power == 0)
    return 1;
  if (power < 0) {
    if (base == 0) {
      ub = UBKind::DivisionByZero;
      return 0;
    }
    if (base == 1)
      return 1;
    if (base != kMask<W>) // |base| > 1
      return 0;
    return (power & 1) ? kMask<W> : 1;
  }
  uint64_t result = 1, p = static_cast<uint64_t>(power);
  while (true) {
    if (p & 1)
      result = zx<W>(result * base);
    p >>= 1;
    if (p == 0)
      return result;
    base = zx<W>(base * base);
  }
}

template <unsigned W> uint64_t absI(uint64_t a) {
  // Negate in unsigned arithmetic so that INT_MIN wraps to itself.
  return sx<W>(a) < 0 ? zx<W>(0 - a) : zx<W>(a);
}
template <unsigned W> uint64_t ctPop(uint64_t a) {
  return llvm::popcount(zx<W>(a));
}
template <unsigned W> uint64_t ctLz(uint64_t a) {
  uint64_t x = zx<W>(a);
  return x == 0 ? W : llvm::countl_zero(x) - (64 - W);
}
template <unsigned W> uint64_t ctTz(uint64_t a) {
  uint64_t x = zx<W>(a);
  return x == 0 ? W : llvm::countr_zero(x);
}

template <unsigned W, CmpIPred P> uint64_t cmpI(uint64_t a, uint64_t b) {
  uint64_t ua = zx<W>(a), ub = zx<W>(b);
  int64_t sa = sx<W>(a), sb = sx<W>(b);
  switch (P) {
  case CmpIPred::eq:
    return ua == ub;
  case CmpIPred::ne:
    return ua != ub;
  case CmpIPred::slt:
    return sa < sb;
  case CmpIPred::sle:
    return sa <= sb;
  case CmpIPred::sgt:
    return sa > sb;
  case CmpIPred::sge:
    return sa >= sb;
  case CmpIPred::ult:
    return ua < ub;
  case CmpIPred::ule:
    return ua <= ub;
  case CmpIPred::ugt:
    return ua > ub;
  case CmpIPred::uge:
    return ua >= ub;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Float types: how to widen to the compute type and round back
//===----------------------------------------------------------------------===//

struct F32T {
  using T = float;
  static constexpr uint64_t kMaskBits = 0xffffffff, kExp = 0x7f800000,
                            kQuiet = 0x00400000, kMan = 0x007fffff;
  static float load(uint64_t x) {
    return llvm::bit_cast<float>(static_cast<uint32_t>(x));
  }
  static uint64_t store(float v) { return llvm::bit_cast<uint32_t>(v); }
};

struct F64T {
  using T = double;
  static constexpr uint64_t kMaskBits = ~uint64_t(0), kExp = 0x7ff0000000000000,
                            kQuiet = 0x0008000000000000,
                            kMan = 0x000fffffffffffff;
  static double load(uint64_t x) { return llvm::bit_cast<double>(x); }
  static uint64_t store(double v) { return llvm::bit_cast<uint64_t>(v); }
};

/// Sets the quiet bit of a NaN. Widening a signaling NaN quiets it (fpext,
/// vcvtph2ps and APFloat::convert all do), and the exact path widens through
/// APFloat; Eigen's software conversions would keep it signaling, and libm
/// treats the two differently (powf(1, sNaN) is NaN, powf(1, qNaN) is 1).
template <typename F> uint16_t quietNaN(uint16_t bits) {
  bool isNaN = (bits & (F::kExp | F::kMan)) > F::kExp;
  return bits | (isNaN ? F::kQuiet : 0);
}

/// f16 computed in f32; Eigen's conversions are exact (widening) and round to
/// nearest even (narrowing), subnormals and overflow included.
struct F16T {
  using T = float;
  static constexpr uint64_t kMaskBits = 0xffff, kExp = 0x7c00, kQuiet = 0x200,
                            kMan = 0x3ff;
  static float load(uint64_t x) {
    return static_cast<float>(Eigen::numext::bit_cast<Eigen::half>(
        quietNaN<F16T>(static_cast<uint16_t>(x))));
  }
  static uint64_t store(float v) {
    return Eigen::numext::bit_cast<uint16_t>(Eigen::half(v));
  }
};

struct BF16T {
  using T = float;
  static constexpr uint64_t kMaskBits = 0xffff, kExp = 0x7f80, kQuiet = 0x40,
                            kMan = 0x7f;
  static float load(uint64_t x) {
    return static_cast<float>(Eigen::numext::bit_cast<Eigen::bfloat16>(
        quietNaN<BF16T>(static_cast<uint16_t>(x))));
  }
  static uint64_t store(float v) {
    return Eigen::numext::bit_cast<uint16_t>(Eigen::bfloat16(v));
  }
};

template <typename F> bool isSignalingNaN(uint64_t bits) {
  return (bits & F::kExp) == F::kExp && (bits & F::kMan) != 0 &&
         (bits & F::kQuiet) == 0;
}

//===----------------------------------------------------------------------===//
// Float lanes on the compute type
//===----------------------------------------------------------------------===//

// The C library functions, as overload pairs so that a kernel template picks
// the float function for f32/f16/bf16 and the double one for f64 -- the same
// calls the exact path makes.
#define REF_LIBM_UNARY(NAME)                                                   \
  float NAME##Fn(float x) { return ::NAME##f(x); }                             \
  double NAME##Fn(double x) { return ::NAME(x); }
REF_LIBM_UNARY(exp)
REF_LIBM_UNARY(exp2)
REF_LIBM_UNARY(expm1)
REF_LIBM_UNARY(log)
REF_LIBM_UNARY(log2)
REF_LIBM_UNARY(log10)
REF_LIBM_UNARY(log1p)
REF_LIBM_UNARY(sqrt)
REF_LIBM_UNARY(cbrt)
REF_LIBM_UNARY(tanh)
REF_LIBM_UNARY(sinh)
REF_LIBM_UNARY(cosh)
REF_LIBM_UNARY(sin)
REF_LIBM_UNARY(cos)
REF_LIBM_UNARY(tan)
REF_LIBM_UNARY(asin)
REF_LIBM_UNARY(acos)
REF_LIBM_UNARY(atan)
REF_LIBM_UNARY(acosh)
REF_LIBM_UNARY(asinh)
REF_LIBM_UNARY(atanh)
REF_LIBM_UNARY(erf)
REF_LIBM_UNARY(erfc)
REF_LIBM_UNARY(floor)
REF_LIBM_UNARY(ceil)
REF_LIBM_UNARY(trunc)
REF_LIBM_UNARY(round) // ties away from zero
// Ties to even: nearbyint in the default rounding mode, which the interpreter
// never changes.
REF_LIBM_UNARY(nearbyint)
#undef REF_LIBM_UNARY

float powFn(float x, float y) { return ::powf(x, y); }
double powFn(double x, double y) { return ::pow(x, y); }
float atan2Fn(float y, float x) { return ::atan2f(y, x); }
double atan2Fn(double y, double x) { return ::atan2(y, x); }
float fmodFn(float x, float y) { return ::fmodf(x, y); }
double fmodFn(double x, double y) { return ::fmod(x, y); }
float fmaFn(float x, float y, float z) { return ::fmaf(x, y, z); }
double fmaFn(double x, double y, double z) { return ::fma(x, y, z); }

template <typename T> T addF(T x, T y) { return x + y; }
template <typename T> T subF(T x, T y) { return x - y; }
template <typename T> T mulF(T x, T y) { return x * y; }
template <typename T> T divF(T x, T y) { return x / y; }
template <typename T> T negF(T x) { return -x; }
template <typename T> T absF(T x) { return std::fabs(x); }
template <typename T> T copySignF(T x, T y) { return std::copysign(x, y); }

template <typename T> T atan2F(T y, T x) {
  // As the math.atan2 folder: NaN for two zeros.
  if (y == 0 && x == 0)
    return std::numeric_limits<T>::quiet_NaN();
  return atan2Fn(y, x);
}

/// llvm::maximum / llvm::minimum: NaN wins, -0 < +0.
template <typename T, bool IsMax> T maximumF(T x, T y) {
  if (std::isnan(x))
    return x;
  if (std::isnan(y))
    return y;
  if (x == 0 && y == 0 && std::signbit(x) != std::signbit(y))
    return (std::signbit(x) == IsMax) ? y : x;
  return (IsMax ? x < y : y < x) ? y : x;
}

template <typename T, CmpFPred P> uint64_t cmpFOnValues(T x, T y) {
  bool unordered = std::isnan(x) || std::isnan(y);
  switch (P) {
  case CmpFPred::AlwaysFalse:
    return false;
  case CmpFPred::OEQ:
    return x == y;
  case CmpFPred::OGT:
    return x > y;
  case CmpFPred::OGE:
    return x >= y;
  case CmpFPred::OLT:
    return x < y;
  case CmpFPred::OLE:
    return x <= y;
  case CmpFPred::ONE:
    return x < y || x > y;
  case CmpFPred::ORD:
    return !unordered;
  case CmpFPred::UEQ:
    return unordered || x == y;
  case CmpFPred::UGT:
    return unordered || x > y;
  case CmpFPred::UGE:
    return unordered || x >= y;
  case CmpFPred::ULT:
    return unordered || x < y;
  case CmpFPred::ULE:
    return unordered || x <= y;
  case CmpFPred::UNE:
    return !(x == y);
  case CmpFPred::UNO:
    return unordered;
  case CmpFPred::AlwaysTrue:
    return true;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Float lanes on raw bits
//===----------------------------------------------------------------------===//

template <typename F> using T1 = typename F::T (*)(typename F::T);
template <typename F>
using T2 = typename F::T (*)(typename F::T, typename F::T);
template <typename F>
using T3 = typename F::T (*)(typename F::T, typename F::T, typename F::T);

template <typename F, T1<F> Op> uint64_t floatUnary(uint64_t a) {
  return F::store(Op(F::load(a)));
}
template <typename F, T2<F> Op> uint64_t floatBinary(uint64_t a, uint64_t b) {
  return F::store(Op(F::load(a), F::load(b)));
}
template <typename F, T3<F> Op>
uint64_t floatTernary(uint64_t a, uint64_t b, uint64_t c) {
  return F::store(Op(F::load(a), F::load(b), F::load(c)));
}

/// 1 / sqrt(x), rounded to the type after each of the two operations.
template <typename F> uint64_t rsqrtF(uint64_t a) {
  uint64_t s = F::store(sqrtFn(F::load(a)));
  return F::store(typename F::T(1) / F::load(s));
}

/// llvm::maxnum / llvm::minnum: a quiet NaN loses to a number, a signaling
/// NaN makes the result NaN, -0 < +0. Signaling-ness is read from the raw
/// bits because widening to f32 may quiet it.
template <typename F, bool IsMax> uint64_t maxNumF(uint64_t a, uint64_t b) {
  a &= F::kMaskBits;
  b &= F::kMaskBits;
  if (isSignalingNaN<F>(a) || isSignalingNaN<F>(b))
    return F::kExp | F::kQuiet;
  typename F::T x = F::load(a), y = F::load(b);
  if (std::isnan(x))
    return b;
  if (std::isnan(y))
    return a;
  if (x == 0 && y == 0 && std::signbit(x) != std::signbit(y))
    return (std::signbit(x) == IsMax) ? b : a;
  return (IsMax ? x < y : y < x) ? b : a;
}

template <typename F, CmpFPred P> uint64_t cmpF(uint64_t a, uint64_t b) {
  return cmpFOnValues<typename F::T, P>(F::load(a), F::load(b));
}

/// extf / truncf. Registered only where widening is exact or the single
/// narrowing step is the only rounding.
template <typename S, typename D> uint64_t convertF(uint64_t a) {
  return D::store(static_cast<typename D::T>(S::load(a)));
}

/// sitofp / uitofp. The int -> compute type conversion rounds to nearest
/// even; see addIntFloatCasts for the widths registered for f16/bf16.
template <unsigned W, bool IsSigned, typename D> uint64_t intToF(uint64_t a) {
  using T = typename D::T;
  if constexpr (IsSigned)
    return D::store(static_cast<T>(sx<W>(a)));
  else
    return D::store(static_cast<T>(zx<W>(a)));
}

/// fptosi / fptoui: truncate, then require the result type to hold the
/// value. NaN fails every comparison, so it lands in the UB branch too.
template <typename S, unsigned W, bool IsSigned>
uint64_t fToInt(uint64_t a, UBKind &ub) {
  using T = typename S::T;
  // 2^(W-1) and 2^W are exact in every compute type.
  constexpr T halfRange = static_cast<T>(uint64_t(1) << (W - 1));
  constexpr T lo = IsSigned ? -halfRange : T(0);
  constexpr T hi = IsSigned ? halfRange : halfRange * 2;
  T t = std::trunc(S::load(a));
  if (!(t >= lo && t < hi)) {
    ub = UBKind::FPToIntOutOfRange;
    return 0;
  }
  if constexpr (IsSigned)
    return wrap<W>(static_cast<int64_t>(t));
  else
    return static_cast<uint64_t>(t);
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

unsigned idx(ScalarOpcode op) { return static_cast<unsigned>(op); }
unsigned idx(DType t) { return static_cast<unsigned>(t); }

struct KernelTable {
  BatchFn ops[kNumOpcodes][kNumDTypes] = {};
  BatchFn cmpi[kNumDTypes][kNumCmpIPreds] = {};
  BatchFn cmpf[kNumDTypes][kNumCmpFPreds] = {};
  BatchFn casts[kNumCasts][kNumDTypes][kNumDTypes] = {};

  void set(ScalarOpcode op, DType t, BatchFn fn) { ops[idx(op)][idx(t)] = fn; }
  void setCast(ScalarOpcode op, DType src, DType dst, BatchFn fn) {
    casts[idx(op) - kFirstCast][idx(src)][idx(dst)] = fn;
  }

  KernelTable();
};

template <unsigned W, size_t... P>
void addCmpI(KernelTable &t, DType dt, std::index_sequence<P...>) {
  ((t.cmpi[idx(dt)][P] = &binaryKernel<cmpI<W, static_cast<CmpIPred>(P)>>),
   ...);
}

template <typename F, size_t... P>
void addCmpF(KernelTable &t, DType dt, std::index_sequence<P...>) {
  ((t.cmpf[idx(dt)][P] = &binaryKernel<cmpF<F, static_cast<CmpFPred>(P)>>),
   ...);
}

template <unsigned W> void addIntOps(KernelTable &t, DType dt) {
  using Op = ScalarOpcode;
  t.set(Op::AddI, dt, &binaryKernel<addI<W>>);
  t.set(Op::SubI, dt, &binaryKernel<subI<W>>);
  t.set(Op::MulI, dt, &binaryKernel<mulI<W>>);
  t.set(Op::DivSI, dt, &binaryUBKernel<signedDiv<W, Op::DivSI>>);
  t.set(Op::RemSI, dt, &binaryUBKernel<signedDiv<W, Op::RemSI>>);
  t.set(Op::CeilDivSI, dt, &binaryUBKernel<signedDiv<W, Op::CeilDivSI>>);
  t.set(Op::FloorDivSI, dt, &binaryUBKernel<signedDiv<W, Op::FloorDivSI>>);
  t.set(Op::DivUI, dt, &binaryUBKernel<unsignedDiv<W, Op::DivUI>>);
  t.set(Op::RemUI, dt, &binaryUBKernel<unsignedDiv<W, Op::RemUI>>);
  t.set(Op::CeilDivUI, dt, &binaryUBKernel<unsignedDiv<W, Op::CeilDivUI>>);
  t.set(Op::AndI, dt, &binaryKernel<andI<W>>);
  t.set(Op::OrI, dt, &binaryKernel<orI<W>>);
  t.set(Op::XOrI, dt, &binaryKernel<xorI<W>>);
  t.set(Op::ShLI, dt, &binaryUBKernel<shift<W, Op::ShLI>>);
  t.set(Op::ShRSI, dt, &binaryUBKernel<shift<W, Op::ShRSI>>);
  t.set(Op::ShRUI, dt, &binaryUBKernel<shift<W, Op::ShRUI>>);
  t.set(Op::MaxSI, dt, &binaryKernel<maxSI<W>>);
  t.set(Op::MaxUI, dt, &binaryKernel<maxUI<W>>);
  t.set(Op::MinSI, dt, &binaryKernel<minSI<W>>);
  t.set(Op::MinUI, dt, &binaryKernel<minUI<W>>);
  t.set(Op::MulHiSI, dt, &binaryKernel<mulHiSI<W>>);
  t.set(Op::MulHiUI, dt, &binaryKernel<mulHiUI<W>>);
  t.set(Op::IPowI, dt, &binaryUBKernel<ipowI<W>>);
  t.set(Op::AbsI, dt, &unaryKernel<absI<W>>);
  t.set(Op::CtPop, dt, &unaryKernel<ctPop<W>>);
  t.set(Op::CtLz, dt, &unaryKernel<ctLz<W>>);
  t.set(Op::CtTz, dt, &unaryKernel<ctTz<W>>);
  addCmpI<W>(t, dt, std::make_index_sequence<kNumCmpIPreds>());
}

/// Ops registered for f32, f64, f16 and bf16 alike; see the file comment for
/// why each one is exact for the narrow types.
template <typename F> void addFloatOps(KernelTable &t, DType dt) {
  using Op = ScalarOpcode;
  using T = typename F::T;
  t.set(Op::AddF, dt, &binaryKernel<floatBinary<F, addF<T>>>);
  t.set(Op::SubF, dt, &binaryKernel<floatBinary<F, subF<T>>>);
  t.set(Op::MulF, dt, &binaryKernel<floatBinary<F, mulF<T>>>);
  t.set(Op::DivF, dt, &binaryKernel<floatBinary<F, divF<T>>>);
  t.set(Op::RemF, dt, &binaryKernel<floatBinary<F, fmodFn>>);
  t.set(Op::MaximumF, dt, &binaryKernel<floatBinary<F, maximumF<T, true>>>);
  t.set(Op::MinimumF, dt, &binaryKernel<floatBinary<F, maximumF<T, false>>>);
  t.set(Op::MaxNumF, dt, &binaryKernel<maxNumF<F, true>>);
  t.set(Op::MinNumF, dt, &binaryKernel<maxNumF<F, false>>);
  t.set(Op::PowF, dt, &binaryKernel<floatBinary<F, powFn>>);
  t.set(Op::Atan2, dt, &binaryKernel<floatBinary<F, atan2F<T>>>);
  t.set(Op::CopySign, dt, &binaryKernel<floatBinary<F, copySignF<T>>>);
  t.set(Op::NegF, dt, &unaryKernel<floatUnary<F, negF<T>>>);
  t.set(Op::AbsF, dt, &unaryKernel<floatUnary<F, absF<T>>>);
  t.set(Op::Exp, dt, &unaryKernel<floatUnary<F, expFn>>);
  t.set(Op::Exp2, dt, &unaryKernel<floatUnary<F, exp2Fn>>);
  t.set(Op::ExpM1, dt, &unaryKernel<floatUnary<F, expm1Fn>>);
  t.set(Op::Log, dt, &unaryKernel<floatUnary<F, logFn>>);
  t.set(Op::Log2, dt, &unaryKernel<floatUnary<F, log2Fn>>);
  t.set(Op::Log10, dt, &unaryKernel<floatUnary<F, log10Fn>>);
  t.set(Op::Log1p, dt, &unaryKernel<floatUnary<F, log1pFn>>);
  t.set(Op::Sqrt, dt, &unaryKernel<floatUnary<F, sqrtFn>>);
  t.set(Op::Rsqrt, dt, &unaryKernel<rsqrtF<F>>);
  t.set(Op::Cbrt, dt, &unaryKernel<floatUnary<F, cbrtFn>>);
  t.set(Op::Tanh, dt, &unaryKernel<floatUnary<F, tanhFn>>);
  t.set(Op::Sinh, dt, &unaryKernel<floatUnary<F, sinhFn>>);
  t.set(Op::Cosh, dt, &unaryKernel<floatUnary<F, coshFn>>);
  t.set(Op::Sin, dt, &unaryKernel<floatUnary<F, sinFn>>);
  t.set(Op::Cos, dt, &unaryKernel<floatUnary<F, cosFn>>);
  t.set(Op::Tan, dt, &unaryKernel<floatUnary<F, tanFn>>);
  t.set(Op::Asin, dt, &unaryKernel<floatUnary<F, asinFn>>);
  t.set(Op::Acos, dt, &unaryKernel<floatUnary<F, acosFn>>);
  t.set(Op::Atan, dt, &unaryKernel<floatUnary<F, atanFn>>);
  t.set(Op::Acosh, dt, &unaryKernel<floatUnary<F, acoshFn>>);
  t.set(Op::Asinh, dt, &unaryKernel<floatUnary<F, asinhFn>>);
  t.set(Op::Atanh, dt, &unaryKernel<floatUnary<F, atanhFn>>);
  t.set(Op::Erf, dt, &unaryKernel<floatUnary<F, erfFn>>);
  t.set(Op::Erfc, dt, &unaryKernel<floatUnary<F, erfcFn>>);
  t.set(Op::Floor, dt, &unaryKernel<floatUnary<F, floorFn>>);
  t.set(Op::Ceil, dt, &unaryKernel<floatUnary<F, ceilFn>>);
  t.set(Op::Round, dt, &unaryKernel<floatUnary<F, roundFn>>);
  t.set(Op::RoundEven, dt, &unaryKernel<floatUnary<F, nearbyintFn>>);
  t.set(Op::Trunc, dt, &unaryKernel<floatUnary<F, truncFn>>);
  addCmpF<F>(t, dt, std::make_index_sequence<kNumCmpFPreds>());
}

/// fptosi/fptoui from the float type F to every integer width, and
/// sitofp/uitofp back from the widths whose conversion rounds only once.
/// Integers of up to 24 bits are exact in f32, so f32 and f64 (native
/// conversions) take every width and bf16 only i1..i16. f16 takes every
/// width as well: an integer that f32 cannot hold exceeds 2^24, so its f32
/// rounding is at least 2^24 and both routes overflow to the same infinity.
template <typename F, unsigned W, unsigned MaxIntBits>
void addIntFloatCasts(KernelTable &t, DType ft, DType it) {
  using Op = ScalarOpcode;
  t.setCast(Op::FPToSI, ft, it, &unaryUBKernel<fToInt<F, W, true>>);
  t.setCast(Op::FPToUI, ft, it, &unaryUBKernel<fToInt<F, W, false>>);
  if (W > MaxIntBits)
    return;
  t.setCast(Op::SIToFP, it, ft, &unaryKernel<intToF<W, true, F>>);
  t.setCast(Op::UIToFP, it, ft, &unaryKernel<intToF<W, false, F>>);
}

template <typename F, unsigned MaxIntBits>
void addIntFloatCasts(KernelTable &t, DType ft) {
  addIntFloatCasts<F, 1, MaxIntBits>(t, ft, DType::I1);
  addIntFloatCasts<F, 8, MaxIntBits>(t, ft, DType::I8);
  addIntFloatCasts<F, 16, MaxIntBits>(t, ft, DType::I16);
  addIntFloatCasts<F, 32, MaxIntBits>(t, ft, DType::I32);
  addIntFloatCasts<F, 64, MaxIntBits>(t, ft, DType::I64);
}

KernelTable::KernelTable() {
  addIntOps<1>(*this, DType::I1);
  addIntOps<8>(*this, DType::I8);
  addIntOps<16>(*this, DType::I16);
  addIntOps<32>(*this, DType::I32);
  addIntOps<64>(*this, DType::I64);
  addIntOps<64>(*this, DType::Index);

  addFloatOps<F32T>(*this, DType::F32);
  addFloatOps<F64T>(*this, DType::F64);
  addFloatOps<F16T>(*this, DType::F16);
  addFloatOps<BF16T>(*this, DType::BF16);
  // fma is correctly rounded natively; for f16/bf16 an f32 fma followed by a
  // second rounding is not, so those stay on the exact path.
  set(ScalarOpcode::Fma, DType::F32, &ternaryKernel<floatTernary<F32T, fmaFn>>);
  set(ScalarOpcode::Fma, DType::F64, &ternaryKernel<floatTernary<F64T, fmaFn>>);

  // Type-generic ops, for every dtype (the bits just move).
  for (unsigned i = 0; i < kNumDTypes; ++i) {
    auto dt = static_cast<DType>(i);
    set(ScalarOpcode::Select, dt, &selectKernel);
    set(ScalarOpcode::Copy, dt, &copyKernel);
    for (unsigned j = 0; j < kNumDTypes; ++j) {
      auto rt = static_cast<DType>(j);
      for (ScalarOpcode op :
           {ScalarOpcode::ExtSI, ScalarOpcode::ExtUI, ScalarOpcode::TruncI,
            ScalarOpcode::IndexCast, ScalarOpcode::IndexCastUI,
            ScalarOpcode::Bitcast}) {
        if (!isSupported({op, dt, rt}))
          continue;
        setCast(op, dt, rt,
                op == ScalarOpcode::Bitcast ? &copyKernel : &intCastKernel);
      }
    }
  }

  // Float <-> float: widening is exact; each narrowing listed rounds once.
  // f64 -> f16/bf16 is absent: through f32 it would round twice.
  using Op = ScalarOpcode;
  setCast(Op::ExtF, DType::F32, DType::F64, &unaryKernel<convertF<F32T, F64T>>);
  setCast(Op::ExtF, DType::F16, DType::F32, &unaryKernel<convertF<F16T, F32T>>);
  setCast(Op::ExtF, DType::F16, DType::F64, &unaryKernel<convertF<F16T, F64T>>);
  setCast(Op::ExtF, DType::BF16, DType::F32,
          &unaryKernel<convertF<BF16T, F32T>>);
  setCast(Op::ExtF, DType::BF16, DType::F64,
          &unaryKernel<convertF<BF16T, F64T>>);
  setCast(Op::TruncF, DType::F64, DType::F32,
          &unaryKernel<convertF<F64T, F32T>>);
  setCast(Op::TruncF, DType::F32, DType::F16,
          &unaryKernel<convertF<F32T, F16T>>);
  setCast(Op::TruncF, DType::F32, DType::BF16,
          &unaryKernel<convertF<F32T, BF16T>>);

  addIntFloatCasts<F32T, 64>(*this, DType::F32);
  addIntFloatCasts<F64T, 64>(*this, DType::F64);
  addIntFloatCasts<F16T, 64>(*this, DType::F16);
  addIntFloatCasts<BF16T, 16>(*this, DType::BF16);
}

const KernelTable &kernelTable() {
  static const KernelTable table;
  return table;
}

} // namespace

BatchFn selectFast(const ScalarOpDesc &d) {
  // Only round-to-nearest-even truncations have native kernels.
  // Ops with poison-generating flags (rare) check them on the exact path.
  if (!isSupported(d) || d.flags ||
      (d.op == ScalarOpcode::TruncF && d.predicate != 0))
    return selectExact(d);
  const KernelTable &t = kernelTable();
  BatchFn fn = nullptr;
  unsigned op = idx(d.op);
  if (d.op == ScalarOpcode::CmpI)
    fn = t.cmpi[idx(d.type)][d.predicate];
  else if (d.op == ScalarOpcode::CmpF)
    fn = t.cmpf[idx(d.type)][d.predicate];
  else if (op >= kFirstCast && op < kFirstCast + kNumCasts)
    fn = t.casts[op - kFirstCast][idx(d.type)][idx(d.resultType)];
  else
    fn = t.ops[op][idx(d.type)];
  return fn ? fn : selectExact(d);
}

} // namespace ref
