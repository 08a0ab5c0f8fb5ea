//===- SmallFloatTest.cpp - The 4-, 6- and 8-bit float types
//---------------===//
//
// Casts of the small float types against APFloat (an independent
// implementation of every format): each non-NaN bit pattern extended to a
// wider float and truncated back is the identity (a property test over
// random patterns and wide types, plus the exhaustive check, all <= 256
// patterns per type), and the decisions ScalarOps makes where APFloat has
// no meaning (NaN and infinity in f4/f6, f8E8M0FNU's expansion semantics).
//
//===----------------------------------------------------------------------===//

#include "interp/scalar/ScalarOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <vector>

using namespace ref;
using llvm::APFloat;
using Op = ScalarOpcode;

namespace {

const std::vector<DType> &smallFloats() {
  static const std::vector<DType> all = {
      DType::F4E2M1FN,   DType::F6E2M3FN,      DType::F6E3M2FN,
      DType::F8E4M3FN,   DType::F8E5M2,        DType::F8E4M3FNUZ,
      DType::F8E5M2FNUZ, DType::F8E4M3B11FNUZ, DType::F8E8M0FNU};
  return all;
}

uint64_t eval(ScalarOpDesc d, uint64_t a, uint64_t b = 0) {
  UBKind ub = UBKind::None;
  uint64_t r = evalExact(d, a, b, 0, ub);
  EXPECT_EQ(ub, UBKind::None) << opcodeName(d.op).str();
  return r;
}

bool isNaNBits(uint64_t bits, DType t) { return toAPFloat(bits, t).isNaN(); }

/// Whether every value of `small` is a value of `wide` (APFloat's own
/// query; f8E8M0FNU's 2^-127..2^127 do not fit f16).
bool fits(DType small, DType wide) {
  return APFloat::isRepresentableBy(floatSemantics(small),
                                    floatSemantics(wide));
}

/// extf to `wide`, then truncf back (round to nearest even).
uint64_t roundTrip(DType t, DType wide, uint64_t bits) {
  uint64_t w = eval({Op::ExtF, t, wide}, bits);
  return eval({Op::TruncF, wide, t}, w);
}

/// APFloat's conversion of `bits` to `wide`, the reference for extf.
uint64_t apExtend(DType t, DType wide, uint64_t bits) {
  APFloat f = toAPFloat(bits, t);
  bool losesInfo = false;
  (void)f.convert(floatSemantics(wide), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  EXPECT_FALSE(losesInfo);
  return fromAPFloat(f);
}

TEST(SmallFloat, ExhaustiveRoundTripAndAPFloatAgreement) {
  for (DType t : smallFloats())
    for (DType wide : {DType::F16, DType::BF16, DType::F32, DType::F64}) {
      if (!fits(t, wide))
        continue;
      for (uint64_t b = 0; b < (uint64_t(1) << bitWidth(t)); ++b) {
        if (isNaNBits(b, t))
          continue;
        EXPECT_EQ(roundTrip(t, wide, b), b)
            << dtypeName(t).str() << " via " << dtypeName(wide).str()
            << " bits " << b;
        // extf agrees with APFloat except f8E8M0FNU's 0x00 (2^-127), which
        // MLIR's expansion (and so IREE) extends to +0.0.
        if (t == DType::F8E8M0FNU && b == 0)
          continue;
        EXPECT_EQ(eval({Op::ExtF, t, wide}, b), apExtend(t, wide, b))
            << dtypeName(t).str() << " to " << dtypeName(wide).str() << " bits "
            << b;
      }
    }
}

RC_GTEST_PROP(SmallFloat, CastRoundTripIsIdentity, ()) {
  const std::vector<DType> &types = smallFloats();
  DType t = *rc::gen::elementOf(types);
  DType wide = *rc::gen::elementOf(
      std::vector<DType>{DType::F16, DType::BF16, DType::F32, DType::F64});
  RC_PRE(fits(t, wide));
  uint64_t bits = *rc::gen::inRange<uint64_t>(0, uint64_t(1) << bitWidth(t));
  RC_PRE(!isNaNBits(bits, t));
  RC_ASSERT(roundTrip(t, wide, bits) == bits);
  // Through f32 and then the wider type, as IREE's emulation widens.
  if (wide == DType::F64) {
    uint64_t f32 = eval({Op::ExtF, t, DType::F32}, bits);
    uint64_t f64 = eval({Op::ExtF, DType::F32, DType::F64}, f32);
    RC_ASSERT(eval({Op::TruncF, DType::F64, t}, f64) == bits);
  }
}

uint32_t f32Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST(SmallFloat, FiniteOnlyFormatsSaturateAndReportNaN) {
  ScalarOpDesc div{Op::DivF, DType::F4E2M1FN, DType::F4E2M1FN};
  // 1 / 0 and -1 / 0 saturate to +-6 (0x7, 0xF).
  EXPECT_EQ(eval(div, 0x2, 0x0), 0x7u);
  EXPECT_EQ(eval(div, 0xA, 0x0), 0xFu);
  UBKind ub = UBKind::None;
  EXPECT_EQ(evalExact(div, 0x0, 0x0, 0, ub), 0u);
  EXPECT_EQ(ub, UBKind::NaNNotRepresentable);
  // truncf of +-inf saturates; of NaN is undefined.
  ScalarOpDesc trunc{Op::TruncF, DType::F32, DType::F6E3M2FN};
  EXPECT_EQ(eval(trunc, f32Bits(INFINITY)), 0x1Fu);
  EXPECT_EQ(eval(trunc, f32Bits(-INFINITY)), 0x3Fu);
  ub = UBKind::None;
  (void)evalExact(trunc, f32Bits(NAN), 0, 0, ub);
  EXPECT_EQ(ub, UBKind::NaNNotRepresentable);
  // math on f4 through f32: sqrt(-1) is a NaN.
  ub = UBKind::None;
  (void)evalExact({Op::Sqrt, DType::F4E2M1FN, DType::F4E2M1FN}, 0xA, 0, 0, ub);
  EXPECT_EQ(ub, UBKind::NaNNotRepresentable);
}

TEST(SmallFloat, E8M0FollowsTheExpansion) {
  ScalarOpDesc trunc{Op::TruncF, DType::F32, DType::F8E8M0FNU};
  EXPECT_EQ(eval(trunc, f32Bits(1.0f)), 127u);
  EXPECT_EQ(eval(trunc, f32Bits(3.0f)), 128u);  // truncated, not rounded
  EXPECT_EQ(eval(trunc, f32Bits(-0.5f)), 126u); // sign dropped
  EXPECT_EQ(eval(trunc, f32Bits(0.0f)), 0u);
  EXPECT_EQ(eval(trunc, f32Bits(INFINITY)), 0xFFu);
  EXPECT_EQ(eval(trunc, f32Bits(NAN)), 0xFFu);
  // f64 rounds to f32 first: 2^128 * (1 - 2^-30) rounds up to 2^128 (inf
  // in f32): NaN.
  double nearMax = std::ldexp(1.0 - std::ldexp(1.0, -30), 128);
  uint64_t d;
  std::memcpy(&d, &nearMax, 8);
  EXPECT_EQ(eval({Op::TruncF, DType::F64, DType::F8E8M0FNU}, d), 0xFFu);
  ScalarOpDesc ext{Op::ExtF, DType::F8E8M0FNU, DType::F32};
  EXPECT_EQ(eval(ext, 0), 0u);
  EXPECT_EQ(eval(ext, 0xFF), 0xFFFFFFFFu);
  EXPECT_EQ(eval(ext, 127), f32Bits(1.0f));
  // To f16, through f32: 2^16 overflows to inf, 2^-25 ties to 0 (even).
  ScalarOpDesc ext16{Op::ExtF, DType::F8E8M0FNU, DType::F16};
  EXPECT_EQ(eval(ext16, 127 + 16), 0x7C00u);
  EXPECT_EQ(eval(ext16, 127 - 25), 0x0000u);
  // Arithmetic and sitofp are not defined on the scale type.
  EXPECT_FALSE(isSupported({Op::AddF, DType::F8E8M0FNU, DType::F8E8M0FNU}));
  EXPECT_FALSE(isSupported({Op::SIToFP, DType::I32, DType::F8E8M0FNU}));
  EXPECT_FALSE(
      isSupported({Op::TruncF, DType::F32, DType::F8E8M0FNU, /*upward*/ 2}));
}

TEST(SmallFloat, ScalingOps) {
  // scaling_extf(f4 3.0, 2^2) = 12; the f32 scale 3.0 truncates to 2.
  ScalarOpDesc ext{Op::ScalingExtF, DType::F4E2M1FN, DType::F32};
  EXPECT_EQ(eval(ext, 0x5, 129), f32Bits(12.0f));
  ext.scaleType = DType::F32;
  EXPECT_EQ(eval(ext, 0x5, f32Bits(3.0f)), f32Bits(6.0f));
  // scaling_truncf(f32 3.0, 2^1) = 1.5 (0x3); (100, 2) saturates to 6.
  ScalarOpDesc trunc{Op::ScalingTruncF, DType::F32, DType::F4E2M1FN};
  EXPECT_EQ(eval(trunc, f32Bits(3.0f), 128), 0x3u);
  EXPECT_EQ(eval(trunc, f32Bits(100.0f), 128), 0x7u);
  // Scale 0x00 extends to +0: x / 0 is inf (saturates), 0 / 0 is NaN.
  EXPECT_EQ(eval(trunc, f32Bits(1.0f), 0), 0x7u);
  UBKind ub = UBKind::None;
  (void)evalExact(trunc, f32Bits(0.0f), 0, 0, ub);
  EXPECT_EQ(ub, UBKind::NaNNotRepresentable);
  // Scale types below 16 bits other than f8E8M0FNU have no expansion.
  EXPECT_FALSE(isSupported(
      {Op::ScalingExtF, DType::F4E2M1FN, DType::F32, 0, 0, DType::F8E5M2}));
  EXPECT_TRUE(isSupported(
      {Op::ScalingExtF, DType::F4E2M1FN, DType::F32, 0, 0, DType::BF16}));
}

TEST(SmallFloat, FnuzHasNoNegativeZero) {
  for (DType t : {DType::F8E4M3FNUZ, DType::F8E5M2FNUZ, DType::F8E4M3B11FNUZ}) {
    EXPECT_EQ(eval({Op::NegF, t, t}, 0), 0u) << dtypeName(t).str();
    EXPECT_EQ(eval({Op::TruncF, DType::F32, t}, f32Bits(-0.0f)), 0u);
    EXPECT_EQ(eval({Op::TruncF, DType::F32, t}, f32Bits(INFINITY)), 0x80u);
  }
}

} // namespace
