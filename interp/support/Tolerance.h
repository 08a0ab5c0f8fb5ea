//===- Tolerance.h - Elementwise tolerance of float outputs ------*- C++ -*-===//
//
// Rules 2-4 of the oracle (oracle/Oracle.h says them in full): integers
// compare exactly, floats within a few ULP or an absolute tolerance per
// dtype, and a reassociated float reduction within a bound that grows with
// its length. The oracle applies them to IREE's outputs; the interpreter's
// `check.expect_almost_eq` applies them when a failing check may pass by a
// reduction's freedom (interp/exec/kernels/TestSupportKernels.cpp). Here,
// in refSupport, both reach them without the interpreter depending on the
// oracle. No MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_TOLERANCE_H
#define REF_SUPPORT_TOLERANCE_H

#include "interp/support/DType.h"
#include "interp/support/Tensor.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <string>

namespace ref {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Elementwise tolerance of one float dtype (rule 3).
struct FloatTolerance {
  uint64_t ulps = 0;
  double atol = 0;
};

struct OracleOptions {
  /// Indexed by DType; only the float entries are used.
  std::array<FloatTolerance, kNumDTypes> tolerances;
  /// c in the reduction bound (rule 4).
  double reductionFactor = 1.0;
  /// Treat +0 and -0 as different values.
  bool strictSignedZeros = false;

  /// The defaults of the table in oracle/Oracle.h.
  OracleOptions();
  static FloatTolerance defaultTolerance(DType t);

  FloatTolerance &tolerance(DType t) {
    return tolerances[static_cast<unsigned>(t)];
  }
  const FloatTolerance &tolerance(DType t) const {
    return tolerances[static_cast<unsigned>(t)];
  }
};

//===----------------------------------------------------------------------===//
// Float bit patterns
//===----------------------------------------------------------------------===//

/// Bit-level layout of a float dtype, so the per-element loop never builds an
/// APFloat. The small formats differ in their specials (APFloat's
/// fltNonfiniteBehavior and sign handling):
///  - IEEE (f16, bf16, f32, f64, f8E5M2): all-ones exponent is inf or NaN;
///  - FN (f8E4M3FN): no infinities, NaN is S.1111.111;
///  - FNUZ (f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ): no infinities, no -0,
///    the one NaN is 0x80 (the "negative zero" pattern);
///  - finite only (f4E2M1FN, f6E2M3FN, f6E3M2FN): no NaN, no infinities;
///  - f8E8M0FNU: no sign bit and no zero (0x00 is 2^-127), NaN is 0xFF.
struct FloatFormat {
  enum class NaNKind : uint8_t { IEEE, AllOnes, NegZero, None };
  uint64_t signMask = 0;
  uint64_t expMask = 0;
  uint64_t mantMask = 0;
  NaNKind nanKind = NaNKind::IEEE;
  bool hasInf = true;
  bool hasZero = true;
  uint64_t canonicalNaN = 0;
  /// 2^-(precision - 1): the distance from 1.0 to the next value.
  double epsilon = 0;

  FloatFormat() = default;
  explicit FloatFormat(DType t);

  bool isNaN(uint64_t b) const {
    switch (nanKind) {
    case NaNKind::IEEE:
      return (b & expMask) == expMask && (b & mantMask) != 0;
    case NaNKind::AllOnes:
      return (b & (expMask | mantMask)) == (expMask | mantMask);
    case NaNKind::NegZero:
      return (b & (signMask | expMask | mantMask)) == signMask;
    case NaNKind::None:
      return false;
    }
    return false;
  }
  bool isInf(uint64_t b) const { return hasInf && (b & ~signMask) == expMask; }
  bool isZero(uint64_t b) const {
    return hasZero && !isNaN(b) && (b & ~signMask) == 0;
  }

  /// NaNs to one pattern; -0 to +0 unless signed zeros are strict.
  uint64_t canonical(uint64_t b, bool strictSignedZeros) const {
    if (isNaN(b))
      return canonicalNaN;
    if (!strictSignedZeros && isZero(b))
      return 0;
    return b;
  }
};

/// The value of raw float bits as a double (exact for every float dtype).
double bitsToDouble(uint64_t bits, DType t);

/// Distance of two finite float bit patterns in units in the last place;
/// +0 and -0 are 0 apart.
uint64_t ulpDistance(uint64_t a, uint64_t b, DType t);

//===----------------------------------------------------------------------===//
// Rules 2-4
//===----------------------------------------------------------------------===//

/// How one element pair compared.
struct ElementVerdict {
  bool pass = true;
  /// Both finite floats: `ulp` is their distance.
  bool finitePair = false;
  uint64_t ulp = 0;
};

/// Rules 2-4 for one output.
class ElementComparer {
public:
  ElementComparer(const Tensor &golden, const OracleOptions &opts,
                  int64_t reductionLength)
      : dtype(golden.dtype()), floating(isFloat(dtype)),
        strictZeros(opts.strictSignedZeros) {
    if (!floating)
      return;
    fmt = FloatFormat(dtype);
    tol = opts.tolerance(dtype);
    if (reductionLength > 1) {
      reduction = true;
      reductionScale = opts.reductionFactor *
                       static_cast<double>(reductionLength) * fmt.epsilon;
      meanAbs = meanAbsOf(golden);
    }
  }

  bool isReduction() const { return reduction; }

  /// Rules 2 and 3, plus rule 4 when `withReduction`.
  ElementVerdict compare(uint64_t g, uint64_t a, bool withReduction) const {
    ElementVerdict v;
    if (!floating) {
      v.pass = dtype == DType::I1 ? ((g ^ a) & 1) == 0 : g == a;
      return v;
    }
    if (g == a)
      return v;
    bool gNaN = fmt.isNaN(g), aNaN = fmt.isNaN(a);
    if (gNaN || aNaN) {
      v.pass = gNaN && aNaN;
      return v;
    }
    // Equal infinities have equal bits; anything else involving one fails.
    if (fmt.isInf(g) || fmt.isInf(a)) {
      v.pass = false;
      return v;
    }
    v.finitePair = true;
    v.ulp = ulpDistance(g, a, dtype);
    if (fmt.isZero(g) && fmt.isZero(a)) {
      v.pass = !strictZeros;
      return v;
    }
    if (v.ulp <= tol.ulps)
      return v;
    double gd = bitsToDouble(g, dtype), ad = bitsToDouble(a, dtype);
    double err = std::fabs(ad - gd);
    if (err <= tol.atol)
      return v;
    v.pass = withReduction && isReduction() && err <= reductionBound(gd);
    return v;
  }

  double reductionBound(double golden) const {
    return tol.atol + reductionScale * (std::fabs(golden) + meanAbs);
  }

  DType type() const { return dtype; }
  const FloatFormat &format() const { return fmt; }

private:
  static double meanAbsOf(const Tensor &t) {
    FloatFormat f(t.dtype());
    double sum = 0;
    int64_t count = 0;
    for (int64_t i = 0, e = t.numElements(); i < e; ++i) {
      uint64_t b = t.load(i);
      if (t.isUndef(i) || f.isNaN(b) || f.isInf(b))
        continue;
      sum += std::fabs(bitsToDouble(b, t.dtype()));
      ++count;
    }
    return count ? sum / static_cast<double>(count) : 0.0;
  }

  DType dtype;
  bool floating;
  bool strictZeros;
  FloatFormat fmt;
  FloatTolerance tol;
  bool reduction = false;
  double reductionScale = 0;
  double meanAbs = 0;
};

/// Rules 2-4 over a whole output with `reductionLength` reassociated terms
/// (0: none): whether every element of `actual` passes against the
/// golden's, elements the golden never wrote (Tensor::isUndef) aside. What
/// the oracle decides for an output of that freedom alone, whose dtype and
/// shape match the golden's.
bool withinTolerance(const Tensor &golden, const Tensor &actual,
                     int64_t reductionLength, const OracleOptions &opts);

} // namespace ref

#endif // REF_SUPPORT_TOLERANCE_H
