//===- ScalarOpsTest.cpp - Tests of the scalar arith/math semantics -------===//
//
// Two kinds of tests:
//  - hand-derived cases, each with a comment saying where the expected value
//    comes from (never from running the code under test); every case runs
//    through both evalExact and the kernel selectFast returns;
//  - a property test: for every (op, types, predicate) that selectFast
//    specializes, the fast kernel and the exact path agree bit for bit on
//    random operands (two NaNs are equal whatever their payloads).
//
//===----------------------------------------------------------------------===//

#include "interp/scalar/ScalarOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace ref;
using Op = ScalarOpcode;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

uint64_t f32(float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}
uint64_t f64(double v) {
  uint64_t u;
  std::memcpy(&u, &v, 8);
  return u;
}

bool isNaNBits(uint64_t bits, DType t) {
  return llvm::APFloat(floatSemantics(t), llvm::APInt(bitWidth(t), bits))
      .isNaN();
}

std::string describe(const ScalarOpDesc &d) {
  std::ostringstream os;
  os << opcodeName(d.op).str() << " " << dtypeName(d.type).str();
  if (d.resultType != d.type)
    os << " -> " << dtypeName(d.resultType).str();
  if (d.op == Op::CmpI || d.op == Op::CmpF)
    os << " pred " << unsigned(d.predicate);
  return os.str();
}

struct Result {
  uint64_t value;
  UBKind ub;
};

/// Evaluates one lane on the exact path and on the kernel selectFast picks;
/// the two must agree (NaNs up to payload). Returns the exact result.
Result run(ScalarOpDesc d, uint64_t a, uint64_t b = 0, uint64_t c = 0) {
  EXPECT_TRUE(isSupported(d)) << describe(d);
  UBKind ub = UBKind::None;
  uint64_t exact = evalExact(d, a, b, c, ub);
  uint64_t fastOut = ~uint64_t(0);
  UBKind fastUB = UBKind::None;
  int lane = selectFast(d)(d, &fastOut, &a, &b, &c, 1, fastUB);
  bool same = fastOut == exact ||
              (isFloat(d.resultType) && isNaNBits(exact, d.resultType) &&
               isNaNBits(fastOut, d.resultType));
  EXPECT_TRUE(same) << describe(d) << ": exact 0x" << std::hex << exact
                    << ", fast 0x" << fastOut;
  EXPECT_EQ(fastUB, ub) << describe(d);
  EXPECT_EQ(lane, ub == UBKind::None ? -1 : 0) << describe(d);
  if (ub != UBKind::None) {
    EXPECT_EQ(exact, 0u) << "UB lanes produce 0: " << describe(d);
  }
  return {exact, ub};
}

uint64_t ev(Op op, DType t, uint64_t a, uint64_t b = 0, uint64_t c = 0) {
  Result r = run({op, t, t}, a, b, c);
  EXPECT_EQ(r.ub, UBKind::None) << describe({op, t, t});
  return r.value;
}

UBKind ubOf(Op op, DType t, uint64_t a, uint64_t b = 0) {
  return run({op, t, t}, a, b).ub;
}

uint64_t cast(Op op, DType from, DType to, uint64_t a) {
  Result r = run({op, from, to}, a);
  EXPECT_EQ(r.ub, UBKind::None) << describe({op, from, to});
  return r.value;
}

uint64_t cmpi(CmpIPred p, DType t, uint64_t a, uint64_t b) {
  return run({Op::CmpI, t, DType::I1, static_cast<uint8_t>(p)}, a, b).value;
}

uint64_t cmpf(CmpFPred p, DType t, uint64_t a, uint64_t b) {
  return run({Op::CmpF, t, DType::I1, static_cast<uint8_t>(p)}, a, b).value;
}

constexpr DType I1 = DType::I1, I8 = DType::I8, I16 = DType::I16,
                I32 = DType::I32, I64 = DType::I64, Index = DType::Index,
                F16 = DType::F16, BF16 = DType::BF16, F32 = DType::F32,
                F64 = DType::F64, F8E4M3FN = DType::F8E4M3FN;

// Encodings written out by hand: sign | (exponent + bias) << mantissa bits |
// mantissa. f16: bias 15, 10 mantissa bits; bf16: bias 127, 7 bits.
constexpr uint64_t kF16One = 0x3C00, kF16Two048 = 0x6800, kF16Max = 0x7BFF,
                   kF16Inf = 0x7C00, kBF16One = 0x3F80, kBF16_256 = 0x4380;
const uint64_t kF32NaN = f32(std::numeric_limits<float>::quiet_NaN());
const uint64_t kF32SNaN = 0x7F800001; // exponent all ones, quiet bit clear
constexpr uint64_t kF32PosZero = 0x00000000, kF32NegZero = 0x80000000;

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

TEST(ScalarIntTest, WrapAround) {
  // 127 + 1 = 128 = 0x80, which i8 reads as -128.
  EXPECT_EQ(ev(Op::AddI, I8, 127, 1), 0x80u);
  // 0 - 1 wraps to all ones.
  EXPECT_EQ(ev(Op::SubI, I8, 0, 1), 0xFFu);
  EXPECT_EQ(ev(Op::SubI, Index, 0, 1), ~uint64_t(0));
  // 0x100 * 0x100 = 2^16 = 0 modulo 2^16.
  EXPECT_EQ(ev(Op::MulI, I16, 0x100, 0x100), 0u);
  // 65537^2 = 2^32 + 2^17 + 1 = 0x20001 modulo 2^32.
  EXPECT_EQ(ev(Op::MulI, I32, 65537, 65537), 0x20001u);
  // i1 arithmetic is modulo 2: addi is xor, muli is and.
  EXPECT_EQ(ev(Op::AddI, I1, 1, 1), 0u);
  EXPECT_EQ(ev(Op::AddI, I1, 1, 0), 1u);
  EXPECT_EQ(ev(Op::MulI, I1, 1, 1), 1u);
  EXPECT_EQ(ev(Op::SubI, I1, 0, 1), 1u);
}

TEST(ScalarIntTest, DivisionRounding) {
  const uint64_t m7 = 0xFFFFFFF9, m3 = 0xFFFFFFFD, m4 = 0xFFFFFFFC,
                 m2 = 0xFFFFFFFE, m1 = 0xFFFFFFFF;
  // -7 / 2 = -3.5: divsi truncates (-3), floordivsi rounds down (-4),
  // ceildivsi rounds up (-3).
  EXPECT_EQ(ev(Op::DivSI, I32, m7, 2), m3);
  EXPECT_EQ(ev(Op::FloorDivSI, I32, m7, 2), m4);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, m7, 2), m3);
  // 7 / 2 = 3.5: 3, 3, 4.
  EXPECT_EQ(ev(Op::DivSI, I32, 7, 2), 3u);
  EXPECT_EQ(ev(Op::FloorDivSI, I32, 7, 2), 3u);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, 7, 2), 4u);
  // 7 / -2 = -3.5: -3, -4, -3.
  EXPECT_EQ(ev(Op::DivSI, I32, 7, m2), m3);
  EXPECT_EQ(ev(Op::FloorDivSI, I32, 7, m2), m4);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, 7, m2), m3);
  // -7 / -2 = 3.5: 3, 3, 4.
  EXPECT_EQ(ev(Op::DivSI, I32, m7, m2), 3u);
  EXPECT_EQ(ev(Op::FloorDivSI, I32, m7, m2), 3u);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, m7, m2), 4u);
  // -8 / 2 = -4 exactly: no adjustment either way.
  EXPECT_EQ(ev(Op::FloorDivSI, I32, 0xFFFFFFF8, 2), m4);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, 0xFFFFFFF8, 2), m4);
  // INT_MIN / 1 and INT_MIN / 2 are fine (only / -1 overflows).
  EXPECT_EQ(ev(Op::FloorDivSI, I32, 0x80000000, 1), 0x80000000u);
  EXPECT_EQ(ev(Op::CeilDivSI, I32, 0x80000000, 2), 0xC0000000u);
  // remsi takes the dividend's sign: -7 = -3 * 2 - 1.
  EXPECT_EQ(ev(Op::RemSI, I32, m7, 2), m1);
  // INT_MIN % 1 is 0.
  EXPECT_EQ(ev(Op::RemSI, I32, 0x80000000, 1), 0u);
  // Unsigned: 255 / 2 = 127, 255 % 10 = 5, ceil(255 / 2) = 128,
  // ceil(0xFFFFFFFF / 2) = 0x80000000.
  EXPECT_EQ(ev(Op::DivUI, I8, 0xFF, 2), 127u);
  EXPECT_EQ(ev(Op::RemUI, I8, 0xFF, 10), 5u);
  EXPECT_EQ(ev(Op::CeilDivUI, I8, 0xFF, 2), 128u);
  EXPECT_EQ(ev(Op::CeilDivUI, I32, 0xFFFFFFFF, 2), 0x80000000u);
  EXPECT_EQ(ev(Op::CeilDivUI, I32, 6, 3), 2u);
  // i1 as signed is {0, -1}: 0 / -1 = 0.
  EXPECT_EQ(ev(Op::DivSI, I1, 0, 1), 0u);
}

TEST(ScalarIntTest, UndefinedBehaviour) {
  // Division or remainder by zero, for every op that divides.
  for (Op op : {Op::DivSI, Op::DivUI, Op::RemSI, Op::RemUI, Op::CeilDivSI,
                Op::CeilDivUI, Op::FloorDivSI}) {
    for (DType t : {I1, I8, I32, I64, Index})
      EXPECT_EQ(ubOf(op, t, 1, 0), UBKind::DivisionByZero)
          << describe({op, t, t});
  }
  // INT_MIN / -1 = 2^(w-1) does not fit; INT_MIN % -1 is UB too.
  for (Op op : {Op::DivSI, Op::CeilDivSI, Op::FloorDivSI, Op::RemSI}) {
    EXPECT_EQ(ubOf(op, I8, 0x80, 0xFF), UBKind::SignedDivisionOverflow);
    EXPECT_EQ(ubOf(op, I64, uint64_t(1) << 63, ~uint64_t(0)),
              UBKind::SignedDivisionOverflow);
    // On i1, true is both INT_MIN and -1.
    EXPECT_EQ(ubOf(op, I1, 1, 1), UBKind::SignedDivisionOverflow);
  }
  // Unsigned division has no overflow: 0x80 / 0xFF = 0.
  EXPECT_EQ(ev(Op::DivUI, I8, 0x80, 0xFF), 0u);
  // Shift amounts, read as unsigned, must be below the bit width.
  for (Op op : {Op::ShLI, Op::ShRSI, Op::ShRUI}) {
    EXPECT_EQ(ubOf(op, I8, 1, 8), UBKind::ShiftOutOfRange);
    EXPECT_EQ(ubOf(op, I8, 1, 0xFF), UBKind::ShiftOutOfRange); // -1 = 255
    EXPECT_EQ(ubOf(op, I32, 1, 32), UBKind::ShiftOutOfRange);
    EXPECT_EQ(ubOf(op, I64, 1, 64), UBKind::ShiftOutOfRange);
    EXPECT_EQ(ubOf(op, I1, 1, 1), UBKind::ShiftOutOfRange);
    EXPECT_EQ(ubOf(op, I8, 1, 7), UBKind::None);
  }
  // 0 to a negative power divides by zero (MathToFuncs computes 1 / 0).
  EXPECT_EQ(ubOf(Op::IPowI, I32, 0, 0xFFFFFFFF), UBKind::DivisionByZero);
  // fptosi/fptoui out of range: see the cast tests.
  EXPECT_EQ(run({Op::FPToSI, F32, I32}, kF32NaN).ub, UBKind::FPToIntOutOfRange);
}

// nsw/nuw/exact make a poison result (UBKind is a poison kind), only when
// the flagged condition is violated; hand-derived on i8.
TEST(ScalarIntTest, PoisonFlags) {
  auto flagged = [](Op op, uint8_t flags, DType t, uint64_t a, uint64_t b,
                    DType rt = DType::I32) {
    ScalarOpDesc d{op, t, op == Op::TruncI ? rt : t};
    d.flags = flags;
    return run(d, a, b).ub;
  };
  // 127 + 1 wraps signed (nsw), not unsigned; 255 + 1 wraps unsigned (nuw).
  EXPECT_EQ(flagged(Op::AddI, kFlagNSW, I8, 127, 1), UBKind::SignedWrap);
  EXPECT_EQ(flagged(Op::AddI, kFlagNUW, I8, 127, 1), UBKind::None);
  EXPECT_EQ(flagged(Op::AddI, kFlagNUW, I8, 0xFF, 1), UBKind::UnsignedWrap);
  EXPECT_EQ(flagged(Op::AddI, kFlagNSW, I8, 0xFF, 1), UBKind::None); // -1+1
  // 0 - 1: unsigned wrap only; -128 - 1: signed wrap only.
  EXPECT_EQ(flagged(Op::SubI, kFlagNUW, I8, 0, 1), UBKind::UnsignedWrap);
  EXPECT_EQ(flagged(Op::SubI, kFlagNSW, I8, 0, 1), UBKind::None);
  EXPECT_EQ(flagged(Op::SubI, kFlagNSW, I8, 0x80, 1), UBKind::SignedWrap);
  // 64 * 2 = 128: > 127 (nsw), fits unsigned.
  EXPECT_EQ(flagged(Op::MulI, kFlagNSW, I8, 64, 2), UBKind::SignedWrap);
  EXPECT_EQ(flagged(Op::MulI, kFlagNUW, I8, 64, 2), UBKind::None);
  // shl nuw: 0x81 << 1 shifts out a 1; shl nsw: 0x40 << 1 = 0x80 changes
  // the sign; 0xC0 << 1 = 0x80 keeps it (-64 * 2 = -128).
  EXPECT_EQ(flagged(Op::ShLI, kFlagNUW, I8, 0x81, 1), UBKind::UnsignedWrap);
  EXPECT_EQ(flagged(Op::ShLI, kFlagNSW, I8, 0x40, 1), UBKind::SignedWrap);
  EXPECT_EQ(flagged(Op::ShLI, kFlagNSW, I8, 0xC0, 1), UBKind::None);
  // exact: 7 / 2 leaves 1; 8 / 2 does not; 0b101 >> 1 shifts out a 1.
  EXPECT_EQ(flagged(Op::DivUI, kFlagExact, I8, 7, 2), UBKind::Inexact);
  EXPECT_EQ(flagged(Op::DivSI, kFlagExact, I8, 0xF8, 2), UBKind::None); // -8
  EXPECT_EQ(flagged(Op::ShRUI, kFlagExact, I8, 5, 1), UBKind::Inexact);
  EXPECT_EQ(flagged(Op::ShRSI, kFlagExact, I8, 0xA0, 3), UBKind::None);
  // Division by zero stays immediate UB, exact or not.
  EXPECT_EQ(flagged(Op::DivUI, kFlagExact, I8, 7, 0), UBKind::DivisionByZero);
  // trunci i32 -> i8: 200 fits unsigned (nuw), not signed (nsw); -1 the
  // other way round.
  EXPECT_EQ(flagged(Op::TruncI, kFlagNUW, I32, 200, 0, I8), UBKind::None);
  EXPECT_EQ(flagged(Op::TruncI, kFlagNSW, I32, 200, 0, I8),
            UBKind::SignedWrap);
  EXPECT_EQ(flagged(Op::TruncI, kFlagNUW, I32, 0xFFFFFFFF, 0, I8),
            UBKind::UnsignedWrap);
  EXPECT_EQ(flagged(Op::TruncI, kFlagNSW, I32, 0xFFFFFFFF, 0, I8),
            UBKind::None);
  EXPECT_TRUE(isPoison(UBKind::ShiftOutOfRange));
  EXPECT_TRUE(isPoison(UBKind::FPToIntOutOfRange));
  EXPECT_FALSE(isPoison(UBKind::DivisionByZero));
  EXPECT_FALSE(isPoison(UBKind::SignedDivisionOverflow));
}

TEST(ScalarIntTest, UBLanesProduceZeroAndFirstLaneIsReported) {
  ScalarOpDesc d{Op::DivSI, I32, I32};
  uint64_t a[4] = {10, 10, 0x80000000, 10}, b[4] = {2, 0, 0xFFFFFFFF, 0};
  for (BatchFn fn : {selectExact(d), selectFast(d)}) {
    uint64_t out[4];
    UBKind ub = UBKind::None;
    EXPECT_EQ(fn(d, out, a, b, nullptr, 4, ub), 1);
    EXPECT_EQ(ub, UBKind::DivisionByZero);
    EXPECT_EQ(out[0], 5u);
    EXPECT_EQ(out[1], 0u);
    EXPECT_EQ(out[2], 0u);
    EXPECT_EQ(out[3], 0u);
  }
}

TEST(ScalarIntTest, ShiftsMinMaxBits) {
  // 1 << 7 sets the i8 sign bit; ashr copies it, lshr does not.
  EXPECT_EQ(ev(Op::ShLI, I8, 1, 7), 0x80u);
  EXPECT_EQ(ev(Op::ShLI, I8, 0xFF, 4), 0xF0u); // high bits fall off
  EXPECT_EQ(ev(Op::ShRSI, I8, 0x80, 7), 0xFFu);
  EXPECT_EQ(ev(Op::ShRUI, I8, 0x80, 7), 1u);
  EXPECT_EQ(ev(Op::ShRSI, I64, uint64_t(1) << 63, 63), ~uint64_t(0));
  // 0x80 is -128 signed and 128 unsigned; 1 is 1 either way.
  EXPECT_EQ(ev(Op::MaxSI, I8, 0x80, 1), 1u);
  EXPECT_EQ(ev(Op::MinSI, I8, 0x80, 1), 0x80u);
  EXPECT_EQ(ev(Op::MaxUI, I8, 0x80, 1), 0x80u);
  EXPECT_EQ(ev(Op::MinUI, I8, 0x80, 1), 1u);
  // abs(-5) = 5; abs(INT_MIN) wraps to INT_MIN.
  EXPECT_EQ(ev(Op::AbsI, I8, 0xFB), 5u);
  EXPECT_EQ(ev(Op::AbsI, I8, 0x80), 0x80u);
  // Counts stay within the bit width: ctlz(0) = ctz(0) = width.
  EXPECT_EQ(ev(Op::CtPop, I8, 0xFF), 8u);
  EXPECT_EQ(ev(Op::CtPop, I64, ~uint64_t(0)), 64u);
  EXPECT_EQ(ev(Op::CtLz, I8, 1), 7u);
  EXPECT_EQ(ev(Op::CtLz, I8, 0), 8u);
  EXPECT_EQ(ev(Op::CtLz, I64, 1), 63u);
  EXPECT_EQ(ev(Op::CtLz, I1, 0), 1u);
  EXPECT_EQ(ev(Op::CtLz, I1, 1), 0u);
  EXPECT_EQ(ev(Op::CtTz, I8, 0x80), 7u);
  EXPECT_EQ(ev(Op::CtTz, I16, 0), 16u);
}

TEST(ScalarIntTest, MulHigh) {
  // -128 * -128 = 16384 = 0x4000: high byte 0x40.
  EXPECT_EQ(ev(Op::MulHiSI, I8, 0x80, 0x80), 0x40u);
  // 255 * 255 = 65025 = 0xFE01: high byte 0xFE.
  EXPECT_EQ(ev(Op::MulHiUI, I8, 0xFF, 0xFF), 0xFEu);
  // -1 * 1 = -1 = 0xFFFF: high byte all ones; unsigned 255 * 1 = 0x00FF.
  EXPECT_EQ(ev(Op::MulHiSI, I8, 0xFF, 1), 0xFFu);
  EXPECT_EQ(ev(Op::MulHiUI, I8, 0xFF, 1), 0u);
  // 2^63 * 4 = 2^65: the high word is 2 unsigned; signed -2^63 * 4 = -2^65,
  // high word -2.
  EXPECT_EQ(ev(Op::MulHiUI, I64, uint64_t(1) << 63, 4), 2u);
  EXPECT_EQ(ev(Op::MulHiSI, I64, uint64_t(1) << 63, 4), ~uint64_t(1));
  // i1: (-1) * (-1) = 1 = 0b01 in two bits, high bit 0; unsigned 1 * 1 = 01.
  EXPECT_EQ(ev(Op::MulHiSI, I1, 1, 1), 0u);
  EXPECT_EQ(ev(Op::MulHiUI, I1, 1, 1), 0u);
}

TEST(ScalarIntTest, IPowI) {
  // Plain powers, then wrap-around: 2^31 = INT_MIN, 2^32 = 0 mod 2^32,
  // 3^5 = 243 = 0xF3 in i8.
  EXPECT_EQ(ev(Op::IPowI, I32, 3, 4), 81u);
  EXPECT_EQ(ev(Op::IPowI, I32, 2, 31), 0x80000000u);
  EXPECT_EQ(ev(Op::IPowI, I32, 2, 32), 0u);
  EXPECT_EQ(ev(Op::IPowI, I8, 3, 5), 0xF3u);
  EXPECT_EQ(ev(Op::IPowI, I32, 0, 0), 1u); // x^0 = 1, 0 included
  // Negative exponents (folder rules): 1^n = 1, (-1)^n = +-1 by parity,
  // |b| > 1 gives 0 (the fraction truncates).
  const uint64_t m1 = 0xFFFFFFFF, m2 = 0xFFFFFFFE, m3 = 0xFFFFFFFD;
  EXPECT_EQ(ev(Op::IPowI, I32, 1, m3), 1u);
  EXPECT_EQ(ev(Op::IPowI, I32, m1, m3), m1);
  EXPECT_EQ(ev(Op::IPowI, I32, m1, m2), 1u);
  EXPECT_EQ(ev(Op::IPowI, I32, 2, m1), 0u);
  EXPECT_EQ(ev(Op::IPowI, I32, m2, m1), 0u);
}

TEST(ScalarIntTest, CmpIAllPredicates) {
  // a = 0xFF (-1 signed, 255 unsigned), b = 1.
  struct Case {
    CmpIPred p;
    uint64_t lt, eq; // result for (0xFF, 1) and for (7, 7)
  } cases[] = {
      {CmpIPred::eq, 0, 1},  {CmpIPred::ne, 1, 0},  {CmpIPred::slt, 1, 0},
      {CmpIPred::sle, 1, 1}, {CmpIPred::sgt, 0, 0}, {CmpIPred::sge, 0, 1},
      {CmpIPred::ult, 0, 0}, {CmpIPred::ule, 0, 1}, {CmpIPred::ugt, 1, 0},
      {CmpIPred::uge, 1, 1},
  };
  for (const Case &c : cases) {
    EXPECT_EQ(cmpi(c.p, I8, 0xFF, 1), c.lt) << unsigned(c.p);
    EXPECT_EQ(cmpi(c.p, I8, 7, 7), c.eq) << unsigned(c.p);
  }
  // i1: true is -1 signed, so slt(true, false) holds; unsigned it is 1 > 0.
  EXPECT_EQ(cmpi(CmpIPred::slt, I1, 1, 0), 1u);
  EXPECT_EQ(cmpi(CmpIPred::sgt, I1, 1, 0), 0u);
  EXPECT_EQ(cmpi(CmpIPred::ult, I1, 1, 0), 0u);
  EXPECT_EQ(cmpi(CmpIPred::ugt, I1, 1, 0), 1u);
  // index is 64-bit: 2^63 is negative signed.
  EXPECT_EQ(cmpi(CmpIPred::slt, Index, uint64_t(1) << 63, 0), 1u);
}

TEST(ScalarIntTest, SelectAndIntCasts) {
  // select takes the i1 condition first.
  EXPECT_EQ(run({Op::Select, I32, I32}, 1, 11, 22).value, 11u);
  EXPECT_EQ(run({Op::Select, I32, I32}, 0, 11, 22).value, 22u);
  EXPECT_EQ(run({Op::Select, F32, F32}, 1, kF32NaN, 0).value, kF32NaN);
  // extsi copies the sign bit, extui fills zeros, trunci keeps low bits.
  EXPECT_EQ(cast(Op::ExtSI, I8, I32, 0x80), 0xFFFFFF80u);
  EXPECT_EQ(cast(Op::ExtUI, I8, I32, 0x80), 0x80u);
  EXPECT_EQ(cast(Op::ExtSI, I1, I8, 1), 0xFFu);
  EXPECT_EQ(cast(Op::ExtUI, I1, I8, 1), 1u);
  EXPECT_EQ(cast(Op::TruncI, I32, I8, 0x12345678), 0x78u);
  EXPECT_EQ(cast(Op::TruncI, I8, I1, 0xFE), 0u);
  // index_cast sign-extends, index_castui zero-extends; both truncate.
  EXPECT_EQ(cast(Op::IndexCast, I32, Index, 0xFFFFFFFF), ~uint64_t(0));
  EXPECT_EQ(cast(Op::IndexCastUI, I32, Index, 0xFFFFFFFF), 0xFFFFFFFFu);
  EXPECT_EQ(cast(Op::IndexCast, Index, I8, 0x1FF), 0xFFu);
  EXPECT_EQ(cast(Op::IndexCastUI, Index, I8, 0x1FF), 0xFFu);
  // bitcast keeps the bits: 1.0f is 0x3F800000.
  EXPECT_EQ(cast(Op::Bitcast, F32, I32, 0x3F800000), 0x3F800000u);
  EXPECT_EQ(cast(Op::Bitcast, I16, BF16, 0x7FC1), 0x7FC1u);
  // Type rules follow the MLIR verifiers.
  EXPECT_FALSE(isSupported({Op::ExtSI, I32, I8}));
  EXPECT_FALSE(isSupported({Op::ExtSI, I32, Index}));
  EXPECT_FALSE(isSupported({Op::Bitcast, I32, F64}));
  EXPECT_FALSE(isSupported({Op::AddI, F32, F32}));
  EXPECT_FALSE(isSupported({Op::AddF, I32, I32}));
  EXPECT_FALSE(isSupported({Op::CmpI, I32, I32}));
  EXPECT_FALSE(isSupported({Op::CmpF, F32, DType::I1, 16}));
  EXPECT_TRUE(isSupported({Op::CmpF, F32, DType::I1, 15}));
}

//===----------------------------------------------------------------------===//
// Float ops
//===----------------------------------------------------------------------===//

TEST(ScalarFloatTest, RoundingTies) {
  // f16 has 11 significant bits: between 2048 and 4096 the spacing is 2.
  // 2049 is not representable; it is halfway between 2048 (mantissa 0, even)
  // and 2050 (mantissa 1, odd), so ties-to-even gives 2048.
  EXPECT_EQ(ev(Op::AddF, F16, kF16Two048, kF16One), kF16Two048);
  // 2051 is halfway between 2050 (odd) and 2052 (even): 2052 = 0x6802.
  EXPECT_EQ(ev(Op::AddF, F16, kF16Two048, 0x4200 /*3*/), 0x6802u);
  // bf16 has 8 significant bits: spacing 2 in [256, 512). 257 ties to 256,
  // 259 to 260 (mantissa 2).
  EXPECT_EQ(ev(Op::AddF, BF16, kBF16_256, kBF16One), kBF16_256);
  EXPECT_EQ(ev(Op::AddF, BF16, kBF16_256, 0x4040 /*3*/), 0x4382u);
  // f32: 1 + 2^-24 is halfway between 1 and 1 + 2^-23: ties to 1.
  // 1 + 3 * 2^-24 is halfway between 1 + 2^-23 (odd) and 1 + 2^-22 (even).
  EXPECT_EQ(ev(Op::AddF, F32, f32(1.0f), f32(0x1p-24f)), f32(1.0f));
  EXPECT_EQ(ev(Op::AddF, F32, f32(1.0f), f32(0x3p-24f)), f32(1.0f + 0x1p-22f));
}

TEST(ScalarFloatTest, SubnormalsAndOverflow) {
  // The smallest f16 subnormal is 2^-24 = 0x0001. Halving it gives 2^-25,
  // halfway between 0 and 2^-24: ties to even gives +0.
  EXPECT_EQ(ev(Op::MulF, F16, 0x0001, 0x3800 /*0.5*/), 0u);
  // 3 * 2^-24 halved is 1.5 * 2^-24: ties to 2 * 2^-24 = 0x0002.
  EXPECT_EQ(ev(Op::MulF, F16, 0x0003, 0x3800), 0x0002u);
  // Subnormals add exactly.
  EXPECT_EQ(ev(Op::AddF, F16, 0x0001, 0x0001), 0x0002u);
  // Smallest normal minus smallest subnormal: gradual underflow keeps it
  // exact (largest subnormal).
  EXPECT_EQ(ev(Op::SubF, F32, 0x00800000, 0x00000001), 0x007FFFFFu);
  EXPECT_EQ(ev(Op::DivF, F32, 0x00000001, f32(2.0f)), 0u);
  // f16 max is 65504 (0x7BFF); 65504 + 16 = 65520 is halfway to 65536 =
  // 2^16, whose mantissa is even, and 2^16 is beyond the range: +inf.
  // 65504 + 8 = 65512 is below the halfway point: stays 65504.
  EXPECT_EQ(ev(Op::AddF, F16, kF16Max, 0x4C00 /*16*/), kF16Inf);
  EXPECT_EQ(ev(Op::AddF, F16, kF16Max, 0x4800 /*8*/), kF16Max);
  // f32 and bf16 max times 2 overflow to +inf.
  EXPECT_EQ(ev(Op::MulF, F32, 0x7F7FFFFF, f32(2.0f)), 0x7F800000u);
  EXPECT_EQ(ev(Op::MulF, BF16, 0x7F7F, 0x4000 /*2*/), 0x7F80u);
  // f8E4M3FN has no infinity: 448 (0x7E, the max) * 2 overflows to NaN.
  EXPECT_TRUE(isNaNBits(ev(Op::MulF, F8E4M3FN, 0x7E, 0x40 /*2*/), F8E4M3FN));
  // Division by zero: +-inf, and 0 / 0 = NaN.
  EXPECT_EQ(ev(Op::DivF, F32, f32(1.0f), kF32PosZero), 0x7F800000u);
  EXPECT_EQ(ev(Op::DivF, F32, f32(1.0f), kF32NegZero), 0xFF800000u);
  EXPECT_TRUE(isNaNBits(ev(Op::DivF, F32, 0, 0), F32));
}

TEST(ScalarFloatTest, RemF) {
  // fmod: 5.5 = 2 * 2 + 1.5; the result takes the dividend's sign.
  EXPECT_EQ(ev(Op::RemF, F32, f32(5.5f), f32(2.0f)), f32(1.5f));
  EXPECT_EQ(ev(Op::RemF, F32, f32(-5.5f), f32(2.0f)), f32(-1.5f));
  EXPECT_EQ(ev(Op::RemF, F32, f32(-4.0f), f32(2.0f)), kF32NegZero);
  EXPECT_EQ(ev(Op::RemF, F64, f64(1.0), f64(INFINITY)), f64(1.0));
  EXPECT_TRUE(isNaNBits(ev(Op::RemF, F32, f32(1.0f), 0), F32));
  EXPECT_TRUE(isNaNBits(ev(Op::RemF, F32, f32(INFINITY), f32(1.0f)), F32));
}

TEST(ScalarFloatTest, MinMaxNaNAndSignedZeros) {
  const uint64_t one = f32(1.0f), two = f32(2.0f);
  // maximumf / minimumf (IEEE 754-2019 maximum): NaN wins, -0 < +0.
  for (Op op : {Op::MaximumF, Op::MinimumF}) {
    EXPECT_TRUE(isNaNBits(ev(op, F32, kF32NaN, one), F32));
    EXPECT_TRUE(isNaNBits(ev(op, F32, one, kF32NaN), F32));
    EXPECT_TRUE(isNaNBits(ev(op, F32, kF32SNaN, one), F32));
  }
  EXPECT_EQ(ev(Op::MaximumF, F32, kF32NegZero, kF32PosZero), kF32PosZero);
  EXPECT_EQ(ev(Op::MaximumF, F32, kF32PosZero, kF32NegZero), kF32PosZero);
  EXPECT_EQ(ev(Op::MinimumF, F32, kF32NegZero, kF32PosZero), kF32NegZero);
  EXPECT_EQ(ev(Op::MinimumF, F32, kF32PosZero, kF32NegZero), kF32NegZero);
  EXPECT_EQ(ev(Op::MaximumF, F32, one, two), two);
  EXPECT_EQ(ev(Op::MinimumF, F32, one, two), one);
  // maxnumf / minnumf (llvm::maxnum): a quiet NaN loses to a number; two
  // NaNs give NaN; a signaling NaN gives NaN; -0 < +0 as well.
  EXPECT_EQ(ev(Op::MaxNumF, F32, kF32NaN, one), one);
  EXPECT_EQ(ev(Op::MaxNumF, F32, one, kF32NaN), one);
  EXPECT_EQ(ev(Op::MinNumF, F32, kF32NaN, one), one);
  EXPECT_EQ(ev(Op::MinNumF, F32, one, kF32NaN), one);
  EXPECT_TRUE(isNaNBits(ev(Op::MaxNumF, F32, kF32NaN, kF32NaN), F32));
  EXPECT_TRUE(isNaNBits(ev(Op::MaxNumF, F32, kF32SNaN, one), F32));
  EXPECT_TRUE(isNaNBits(ev(Op::MinNumF, F32, one, kF32SNaN), F32));
  EXPECT_EQ(ev(Op::MaxNumF, F32, kF32NegZero, kF32PosZero), kF32PosZero);
  EXPECT_EQ(ev(Op::MinNumF, F32, kF32PosZero, kF32NegZero), kF32NegZero);
  // The same in f16, where a signaling NaN is 0x7D00 (quiet bit 0x200 clear).
  EXPECT_EQ(ev(Op::MaxNumF, F16, 0x7E00, kF16One), kF16One);
  EXPECT_TRUE(isNaNBits(ev(Op::MaxNumF, F16, 0x7D00, kF16One), F16));
  EXPECT_EQ(ev(Op::MinimumF, F16, 0x0000, 0x8000), 0x8000u);
}

TEST(ScalarFloatTest, CmpFAllPredicates) {
  const uint64_t one = f32(1.0f), two = f32(2.0f);
  // Columns: (1, 2) less, (2, 2) equal, (2, 1) greater, (NaN, 1) unordered.
  // Ordered predicates are false on NaN, unordered ones true.
  struct Case {
    CmpFPred p;
    uint64_t lt, eq, gt, uno;
  } cases[] = {
      {CmpFPred::AlwaysFalse, 0, 0, 0, 0}, {CmpFPred::OEQ, 0, 1, 0, 0},
      {CmpFPred::OGT, 0, 0, 1, 0},         {CmpFPred::OGE, 0, 1, 1, 0},
      {CmpFPred::OLT, 1, 0, 0, 0},         {CmpFPred::OLE, 1, 1, 0, 0},
      {CmpFPred::ONE, 1, 0, 1, 0},         {CmpFPred::ORD, 1, 1, 1, 0},
      {CmpFPred::UEQ, 0, 1, 0, 1},         {CmpFPred::UGT, 0, 0, 1, 1},
      {CmpFPred::UGE, 0, 1, 1, 1},         {CmpFPred::ULT, 1, 0, 0, 1},
      {CmpFPred::ULE, 1, 1, 0, 1},         {CmpFPred::UNE, 1, 0, 1, 1},
      {CmpFPred::UNO, 0, 0, 0, 1},         {CmpFPred::AlwaysTrue, 1, 1, 1, 1},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(unsigned(c.p));
    EXPECT_EQ(cmpf(c.p, F32, one, two), c.lt);
    EXPECT_EQ(cmpf(c.p, F32, two, two), c.eq);
    EXPECT_EQ(cmpf(c.p, F32, two, one), c.gt);
    EXPECT_EQ(cmpf(c.p, F32, kF32NaN, one), c.uno);
    EXPECT_EQ(cmpf(c.p, F32, one, kF32NaN), c.uno);
    EXPECT_EQ(cmpf(c.p, F64, f64(NAN), f64(NAN)), c.uno);
    EXPECT_EQ(cmpf(c.p, F16, 0x7E00, kF16One), c.uno);
  }
  // -0 == +0.
  EXPECT_EQ(cmpf(CmpFPred::OEQ, F32, kF32NegZero, kF32PosZero), 1u);
  EXPECT_EQ(cmpf(CmpFPred::OLT, F32, kF32NegZero, kF32PosZero), 0u);
}

TEST(ScalarFloatTest, RoundingToIntegral) {
  // round: halves go away from zero; roundeven: to the even neighbour.
  EXPECT_EQ(ev(Op::Round, F32, f32(2.5f)), f32(3.0f));
  EXPECT_EQ(ev(Op::Round, F32, f32(-2.5f)), f32(-3.0f));
  EXPECT_EQ(ev(Op::Round, F32, f32(0.5f)), f32(1.0f));
  EXPECT_EQ(ev(Op::Round, F32, f32(-0.4f)), kF32NegZero);
  EXPECT_EQ(ev(Op::RoundEven, F32, f32(2.5f)), f32(2.0f));
  EXPECT_EQ(ev(Op::RoundEven, F32, f32(3.5f)), f32(4.0f));
  EXPECT_EQ(ev(Op::RoundEven, F32, f32(-0.5f)), kF32NegZero);
  // floor / ceil / trunc keep the sign of a zero result.
  EXPECT_EQ(ev(Op::Floor, F32, f32(-0.5f)), f32(-1.0f));
  EXPECT_EQ(ev(Op::Ceil, F32, f32(-0.5f)), kF32NegZero);
  EXPECT_EQ(ev(Op::Trunc, F32, f32(-1.5f)), f32(-1.0f));
  // f16 2.5 = 0x4100 -> round 3 (0x4200), roundeven 2 (0x4000).
  EXPECT_EQ(ev(Op::Round, F16, 0x4100), 0x4200u);
  EXPECT_EQ(ev(Op::RoundEven, F16, 0x4100), 0x4000u);
}

TEST(ScalarFloatTest, SignOpsSqrtRsqrtFma) {
  EXPECT_EQ(ev(Op::NegF, F32, kF32PosZero), kF32NegZero);
  EXPECT_EQ(ev(Op::AbsF, F32, f32(-2.0f)), f32(2.0f));
  EXPECT_EQ(ev(Op::CopySign, F32, f32(2.0f), kF32NegZero), f32(-2.0f));
  EXPECT_EQ(ev(Op::Sqrt, F32, f32(4.0f)), f32(2.0f));
  EXPECT_EQ(ev(Op::Sqrt, F32, kF32NegZero), kF32NegZero); // IEEE: sqrt(-0)=-0
  EXPECT_TRUE(isNaNBits(ev(Op::Sqrt, F32, f32(-1.0f)), F32));
  // rsqrt(4) = 1 / 2; rsqrt(+0) = 1 / +0 = +inf.
  EXPECT_EQ(ev(Op::Rsqrt, F32, f32(4.0f)), f32(0.5f));
  EXPECT_EQ(ev(Op::Rsqrt, F32, kF32PosZero), 0x7F800000u);
  EXPECT_EQ(ev(Op::Rsqrt, F16, 0x4400 /*4*/), 0x3800u /*0.5*/);
  // fma rounds once: (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 exactly; minus
  // (1 + 2^-11) leaves 2^-24. Rounding the product first (a tie in f32,
  // to even: 1 + 2^-11) would give 0.
  float a = 1.0f + 0x1p-12f;
  EXPECT_EQ(ev(Op::Fma, F32, f32(a), f32(a), f32(-(1.0f + 0x1p-11f))),
            f32(0x1p-24f));
  // The same in f16 (exact path): (1 + 2^-6)^2 - (1 + 2^-5) = 2^-12 = 0x0C00.
  EXPECT_EQ(ev(Op::Fma, F16, 0x3C10, 0x3C10, 0xBC20), 0x0C00u);
}

TEST(ScalarFloatTest, Transcendentals) {
  // exp(0) = 1, log(1) = 0, exactly, in every type.
  EXPECT_EQ(ev(Op::Exp, F32, 0), f32(1.0f));
  EXPECT_EQ(ev(Op::Exp, F16, 0), kF16One);
  EXPECT_EQ(ev(Op::Log, BF16, kBF16One), 0u);
  // e = 2.718281...; f16 spacing in [2, 4) is 2^-9 and e / 2^-9 = 1391.76,
  // so f16(e) = 1392 * 2^-9 = 2.71875 = 0x4170 (mantissa 368 = 0x170).
  EXPECT_EQ(ev(Op::Exp, F16, kF16One), 0x4170u);
  // pow(2, 10) = 1024 exactly.
  EXPECT_EQ(ev(Op::PowF, F32, f32(2.0f), f32(10.0f)), f32(1024.0f));
  // atan2(0, 0) is NaN as the math.atan2 folder defines it.
  EXPECT_TRUE(isNaNBits(ev(Op::Atan2, F32, 0, 0), F32));
  EXPECT_TRUE(isNaNBits(ev(Op::Atan2, F16, 0x8000, 0), F16));
  // atan2(1, 1) = pi / 4: float 0.785398185 = 0x3F490FDB.
  EXPECT_EQ(ev(Op::Atan2, F32, f32(1.0f), f32(1.0f)), 0x3F490FDBu);
}

TEST(ScalarFloatTest, InverseHyperbolicAndErfc) {
  // Exact points: acosh(1) = +0, asinh and atanh keep the sign of a zero,
  // atanh(+-1) = +-inf, acosh below 1 is NaN.
  EXPECT_EQ(ev(Op::Acosh, F32, f32(1.0f)), kF32PosZero);
  EXPECT_EQ(ev(Op::Asinh, F32, kF32NegZero), kF32NegZero);
  EXPECT_EQ(ev(Op::Atanh, F64, f64(-0.0)), f64(-0.0));
  EXPECT_EQ(ev(Op::Atanh, F32, f32(1.0f)), 0x7F800000u);
  EXPECT_EQ(ev(Op::Atanh, F32, f32(-1.0f)), 0xFF800000u);
  EXPECT_TRUE(isNaNBits(ev(Op::Acosh, F32, f32(0.5f)), F32));
  EXPECT_TRUE(isNaNBits(ev(Op::Atanh, F16, 0x4000 /*2*/), F16));
  // erfc(0) = 1, erfc(+inf) = +0, erfc(-inf) = 2.
  EXPECT_EQ(ev(Op::Erfc, F32, kF32PosZero), f32(1.0f));
  EXPECT_EQ(ev(Op::Erfc, F32, 0x7F800000), kF32PosZero);
  EXPECT_EQ(ev(Op::Erfc, F64, f64(-INFINITY)), f64(2.0));
  // f16, computed in f32 and rounded once. acosh(2) = 1.31695789...; the
  // spacing in [1, 2) is 2^-10 and 1.31695789 * 1024 = 1348.56, so 1349 *
  // 2^-10: mantissa 1349 - 1024 = 325 = 0x145, 0x3C00 + 0x145 = 0x3D45.
  EXPECT_EQ(ev(Op::Acosh, F16, 0x4000), 0x3D45u);
  // erfc(1) = 0.15729920...; in [2^-3, 2^-2) the spacing is 2^-13 and
  // 0.15729920 * 8192 = 1288.60, so 1289 * 2^-13: exponent -3 (biased 12,
  // 0x3000), mantissa 1289 - 1024 = 265 = 0x109: 0x3109.
  EXPECT_EQ(ev(Op::Erfc, F16, kF16One), 0x3109u);
  // asinh(1) = 0.88137358...; in [0.5, 1) the spacing is 2^-11 and
  // 0.88137358 * 2048 = 1805.05, so 1805 * 2^-11: exponent -1 (0x3800),
  // mantissa 1805 - 1024 = 781 = 0x30D: 0x3B0D.
  EXPECT_EQ(ev(Op::Asinh, F16, kF16One), 0x3B0Du);
  // atanh(0.5) = 0.54930614...: 0.54930614 * 2048 = 1124.98, so 1125:
  // mantissa 101 = 0x65, 0x3865. 0.5 in f16 is 0x3800.
  EXPECT_EQ(ev(Op::Atanh, F16, 0x3800), 0x3865u);
}

TEST(ScalarFloatTest, Float8) {
  // f8E4M3FN: bias 7, 3 mantissa bits, no infinities. 1.0 = 7 << 3 = 0x38.
  // e = 2.718...; the spacing in [2, 4) is 0.25 and e / 0.25 = 10.87, so the
  // result is 11 * 0.25 = 2.75 = 1.375 * 2: exponent 8, mantissa 3: 0x43.
  EXPECT_EQ(ev(Op::Exp, F8E4M3FN, 0x38), 0x43u);
  // +inf has no encoding: truncf gives NaN (0x7F).
  EXPECT_TRUE(isNaNBits(cast(Op::TruncF, F32, F8E4M3FN, 0x7F800000), F8E4M3FN));
  // 448 = 1.75 * 2^8 is the largest value: exponent 15, mantissa 6 = 0x7E.
  EXPECT_EQ(cast(Op::TruncF, F32, F8E4M3FN, f32(448.0f)), 0x7Eu);
  EXPECT_EQ(cast(Op::SIToFP, I8, F8E4M3FN, 16), 0x58u); // 2^4: exponent 11
  // f8E5M2 is the top byte of f16: 1.0 = 0x3C widens to 0x3C00.
  EXPECT_EQ(cast(Op::ExtF, DType::F8E5M2, F16, 0x3C), kF16One);
}

//===----------------------------------------------------------------------===//
// Float casts
//===----------------------------------------------------------------------===//

TEST(ScalarCastTest, TruncFRoundsOnceFromTheSource) {
  // f32 -> f16. 1 + 2^-11 is halfway between 1 and 1 + 2^-10: to 1.
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(1.0f + 0x1p-11f)), kF16One);
  // 1 + 3 * 2^-11 is halfway between 1 + 2^-10 (odd) and 1 + 2^-9: 0x3C02.
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(1.0f + 0x3p-11f)), 0x3C02u);
  // Just above the tie rounds up.
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(1.0f + 0x1p-11f + 0x1p-23f)),
            0x3C01u);
  // Overflow: 65520 (halfway past the max) -> inf; below it -> 65504.
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(65520.0f)), kF16Inf);
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(65519.0f)), kF16Max);
  // Subnormal results: 2^-25 ties to 0; slightly more rounds to 2^-24.
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(0x1p-25f)), 0u);
  EXPECT_EQ(cast(Op::TruncF, F32, F16, f32(0x1p-25f + 0x1p-40f)), 1u);

  // f64 -> f16 where rounding through f32 would be wrong. Found by
  // construction: take the f16 tie 1 + 2^-11 and add 2^-40, a bit below
  // f32's precision at 1 (ulp 2^-23). Correct rounding sees a value above
  // the tie and rounds up to 1 + 2^-10 (0x3C01); rounding to f32 first drops
  // the 2^-40, leaves an exact tie, and ties-to-even then gives 1.0.
  const double x = 1.0 + 0x1p-11 + 0x1p-40;
  EXPECT_EQ(cast(Op::TruncF, F64, F16, f64(x)), 0x3C01u);
  uint64_t viaF32 =
      cast(Op::TruncF, F32, F16, cast(Op::TruncF, F64, F32, f64(x)));
  EXPECT_EQ(viaF32, kF16One) << "the example must defeat double rounding";
  // The same construction for bf16 (8 significant bits): 1 + 2^-8 + 2^-30.
  const double y = 1.0 + 0x1p-8 + 0x1p-30;
  EXPECT_EQ(cast(Op::TruncF, F64, BF16, f64(y)), 0x3F81u);
  EXPECT_EQ(cast(Op::TruncF, F32, BF16, cast(Op::TruncF, F64, F32, f64(y))),
            kBF16One);
  // f64 -> f32: 1 + 2^-24 + 2^-50 is just above a tie: rounds up.
  EXPECT_EQ(cast(Op::TruncF, F64, F32, f64(1.0 + 0x1p-24 + 0x1p-50)),
            f32(1.0f + 0x1p-23f));
}

TEST(ScalarCastTest, ExtFIsExact) {
  // The smallest f16 subnormal 2^-24 becomes the f32 normal 2^-24.
  EXPECT_EQ(cast(Op::ExtF, F16, F32, 0x0001), f32(0x1p-24f));
  EXPECT_EQ(cast(Op::ExtF, BF16, F64, kBF16One), f64(1.0));
  EXPECT_EQ(cast(Op::ExtF, F16, F64, 0xFC00), f64(-INFINITY));
  EXPECT_TRUE(isNaNBits(cast(Op::ExtF, F32, F64, kF32NaN), F64));
}

TEST(ScalarCastTest, IntToFloat) {
  // 2^24 + 1 = 16777217 needs 25 bits; it is halfway between 2^24 (even
  // mantissa) and 2^24 + 2: ties to 2^24 = 0x4B800000. 2^24 + 3 ties to
  // 2^24 + 4.
  EXPECT_EQ(cast(Op::SIToFP, I32, F32, (1u << 24) + 1), 0x4B800000u);
  EXPECT_EQ(cast(Op::SIToFP, I32, F32, (1u << 24) + 3), 0x4B800002u);
  // uitofp of 2^32 - 1 rounds up to 2^32 = 0x4F800000.
  EXPECT_EQ(cast(Op::UIToFP, I32, F32, 0xFFFFFFFF), 0x4F800000u);
  // The same bits are -1 signed.
  EXPECT_EQ(cast(Op::SIToFP, I32, F32, 0xFFFFFFFF), f32(-1.0f));
  // i1 true is -1 signed and 1 unsigned.
  EXPECT_EQ(cast(Op::SIToFP, I1, F32, 1), f32(-1.0f));
  EXPECT_EQ(cast(Op::UIToFP, I1, F32, 1), f32(1.0f));
  // 2^53 + 1 ties to 2^53 in f64.
  EXPECT_EQ(cast(Op::SIToFP, I64, F64, (uint64_t(1) << 53) + 1), f64(0x1p53));
  // i16 -> f16: 2049 ties to 2048; 65535 (unsigned) is past 65520: inf.
  EXPECT_EQ(cast(Op::SIToFP, I16, F16, 2049), kF16Two048);
  EXPECT_EQ(cast(Op::UIToFP, I16, F16, 0xFFFF), kF16Inf);
  // i32 -> bf16 rounds once: bf16 spacing at 2^24 is 2^17, and
  // 2^24 + 2^16 + 1 is just above the tie, so it rounds up to 2^24 + 2^17
  // (exponent 24 + 127 = 0x97, mantissa 1: 0x4B81). Through f32 the +1 would
  // be lost (f32 spacing there is 2), leaving a tie that goes to 2^24.
  EXPECT_EQ(cast(Op::SIToFP, I32, BF16, (1u << 24) + (1u << 16) + 1), 0x4B81u);
  // i32 -> f16: anything past 65520 overflows to inf.
  EXPECT_EQ(cast(Op::SIToFP, I32, F16, 70000), kF16Inf);
}

TEST(ScalarCastTest, FloatToInt) {
  auto fptosi = [](DType from, DType to, uint64_t v) {
    return run({Op::FPToSI, from, to}, v);
  };
  auto fptoui = [](DType from, DType to, uint64_t v) {
    return run({Op::FPToUI, from, to}, v);
  };
  const UBKind oor = UBKind::FPToIntOutOfRange;
  // Truncation toward zero.
  EXPECT_EQ(fptosi(F32, I32, f32(3.9f)).value, 3u);
  EXPECT_EQ(fptosi(F32, I32, f32(-3.9f)).value, 0xFFFFFFFDu);
  EXPECT_EQ(fptosi(F32, I32, f32(-0.9f)).value, 0u);
  // i32 holds [-2^31, 2^31): -2^31 fits, 2^31 does not; the largest f32
  // below 2^31 is 2^31 - 128.
  EXPECT_EQ(fptosi(F32, I32, f32(-0x1p31f)).value, 0x80000000u);
  EXPECT_EQ(fptosi(F32, I32, f32(0x1p31f)).ub, oor);
  EXPECT_EQ(fptosi(F32, I32, f32(0x1p31f - 128)).value, 0x7FFFFF80u);
  // NaN and infinities.
  EXPECT_EQ(fptosi(F32, I32, kF32NaN).ub, oor);
  EXPECT_EQ(fptosi(F64, I64, f64(INFINITY)).ub, oor);
  EXPECT_EQ(fptoui(F32, I32, f32(-INFINITY)).ub, oor);
  // i8: 127.9 -> 127; 128 out of range; -128.9 truncates to -128 (fits);
  // -129 does not.
  EXPECT_EQ(fptosi(F32, I8, f32(127.9f)).value, 127u);
  EXPECT_EQ(fptosi(F32, I8, f32(128.0f)).ub, oor);
  EXPECT_EQ(fptosi(F32, I8, f32(-128.9f)).value, 0x80u);
  EXPECT_EQ(fptosi(F32, I8, f32(-129.0f)).ub, oor);
  // Unsigned: -0.9 truncates to 0, which fits; -1 does not. 255.5 -> 255,
  // 256 out of range.
  EXPECT_EQ(fptoui(F32, I8, f32(-0.9f)).value, 0u);
  EXPECT_EQ(fptoui(F32, I8, f32(-0.9f)).ub, UBKind::None);
  EXPECT_EQ(fptoui(F32, I8, f32(-1.0f)).ub, oor);
  EXPECT_EQ(fptoui(F32, I8, f32(255.5f)).value, 255u);
  EXPECT_EQ(fptoui(F32, I8, f32(256.0f)).ub, oor);
  EXPECT_EQ(fptoui(F64, I64, f64(0x1p64)).ub, oor);
  EXPECT_EQ(fptoui(F64, I64, f64(0x1p63)).value, uint64_t(1) << 63);
  // i1 signed holds {-1, 0}: -1.0 -> true; 1.0 out of range. Unsigned {0, 1}.
  EXPECT_EQ(fptosi(F32, I1, f32(-1.0f)).value, 1u);
  EXPECT_EQ(fptosi(F32, I1, f32(1.0f)).ub, oor);
  EXPECT_EQ(fptoui(F32, I1, f32(1.0f)).value, 1u);
  EXPECT_EQ(fptoui(F32, I1, f32(2.0f)).ub, oor);
  // f16 max 65504 fits i32 but not i16 (max 32767).
  EXPECT_EQ(fptosi(F16, I32, kF16Max).value, 65504u);
  EXPECT_EQ(fptosi(F16, I16, kF16Max).ub, oor);
}

//===----------------------------------------------------------------------===//
// Fast path == exact path
//===----------------------------------------------------------------------===//

/// Every supported descriptor for which selectFast returns its own kernel
/// rather than the exact one. Derived from selectFast itself, so a kernel
/// added to the table is covered without touching this test.
std::vector<ScalarOpDesc> specializedDescs() {
  std::vector<ScalarOpDesc> out;
  for (unsigned op = 0; op <= static_cast<unsigned>(Op::Copy); ++op) {
    auto opc = static_cast<Op>(op);
    unsigned numPreds = opc == Op::CmpI ? 10 : opc == Op::CmpF ? 16 : 1;
    for (unsigned t = 0; t < kNumDTypes; ++t)
      for (unsigned r = 0; r < kNumDTypes; ++r)
        for (unsigned p = 0; p < numPreds; ++p) {
          ScalarOpDesc d{opc, static_cast<DType>(t), static_cast<DType>(r),
                         static_cast<uint8_t>(p)};
          if (isSupported(d) && selectFast(d) != selectExact(d))
            out.push_back(d);
        }
  }
  return out;
}

/// Sign, biased exponent and mantissa widths of each float dtype.
struct Layout {
  unsigned exp, man;
};
Layout layout(DType t) {
  switch (t) {
  case DType::F8E4M3FN:
    return {4, 3};
  case DType::F8E5M2:
    return {5, 2};
  case DType::F16:
    return {5, 10};
  case DType::BF16:
    return {8, 7};
  case DType::F32:
    return {8, 23};
  default:
    return {11, 52};
  }
}

uint64_t pack(DType t, bool sign, uint64_t exp, uint64_t man) {
  Layout l = layout(t);
  return (uint64_t(sign) << (l.exp + l.man)) |
         ((exp & ((uint64_t(1) << l.exp) - 1)) << l.man) |
         (man & ((uint64_t(1) << l.man) - 1));
}

uint64_t fromDouble(DType t, double v) {
  llvm::APFloat f(v);
  bool losesInfo;
  (void)f.convert(floatSemantics(t), llvm::APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return f.bitcastToAPInt().getZExtValue();
}

/// All-range random bits (rapidcheck's integers are small at small sizes).
rc::Gen<uint64_t> uniformBits(DType t) {
  return rc::gen::map(rc::gen::resize(100, rc::gen::arbitrary<uint64_t>()),
                      [t](uint64_t v) { return truncBits(v, t); });
}

rc::Gen<uint64_t> genInt(DType t) {
  unsigned w = bitWidth(t);
  uint64_t mask = truncBits(~uint64_t(0), t);
  uint64_t intMin = uint64_t(1) << (w - 1);
  std::vector<uint64_t> specials = {
      0, 1,     mask, intMin, intMin - 1, intMin + 1,
      2, w - 1, w,    w + 1,  mask - 1,   uint64_t(w) * 2};
  for (uint64_t &v : specials)
    v &= mask;
  return rc::gen::weightedOneOf<uint64_t>({
      {4, uniformBits(t)},
      {3, rc::gen::elementOf(specials)},
      {3, rc::gen::map(
              rc::gen::inRange<int64_t>(-300, 300),
              [mask](int64_t v) { return static_cast<uint64_t>(v) & mask; })},
  });
}

rc::Gen<uint64_t> genFloat(DType t) {
  Layout l = layout(t);
  uint64_t maxExp = (uint64_t(1) << l.exp) - 1,
           manMask = (uint64_t(1) << l.man) - 1;
  uint64_t bias = maxExp / 2;
  std::vector<uint64_t> specials;
  for (bool s : {false, true}) {
    specials.push_back(pack(t, s, 0, 0));            // zero
    specials.push_back(pack(t, s, maxExp, 0));       // inf
    specials.push_back(pack(t, s, maxExp, manMask)); // qNaN (payload)
    specials.push_back(pack(t, s, maxExp, uint64_t(1) << (l.man - 1))); // qNaN
    specials.push_back(pack(t, s, maxExp, 1));                          // sNaN
    specials.push_back(pack(t, s, 0, 1));                // min subnormal
    specials.push_back(pack(t, s, 0, manMask));          // max subnormal
    specials.push_back(pack(t, s, 1, 0));                // min normal
    specials.push_back(pack(t, s, maxExp - 1, manMask)); // max finite
    specials.push_back(pack(t, s, bias, 0));             // 1
  }
  // Small integers and halves (rounding ties of round/roundeven and of the
  // conversions).
  rc::Gen<uint64_t> halves =
      rc::gen::map(rc::gen::inRange<int>(-64, 65),
                   [t](int k) { return fromDouble(t, k / 2.0); });
  // Values next to powers of two: integer limits of every width for
  // fptosi/fptoui, overflow thresholds, exponent boundaries.
  rc::Gen<uint64_t> nearPow2 = rc::gen::apply(
      [t](int e, int steps, bool neg) {
        llvm::APFloat f(floatSemantics(t), 1);
        f = llvm::scalbn(f, e, llvm::APFloat::rmNearestTiesToEven);
        for (int i = 0; i < (steps < 0 ? -steps : steps); ++i)
          (void)f.next(/*nextDown=*/steps < 0);
        if (neg)
          f.changeSign();
        return f.bitcastToAPInt().getZExtValue();
      },
      rc::gen::elementOf(std::vector<int>{
          -1, 0,  1,  7,  8,   10,  11,  15,  16,   23,   24,   31,
          32, 53, 63, 64, 127, 128, -14, -24, -126, -149, -1022}),
      rc::gen::inRange(-3, 4), rc::gen::arbitrary<bool>());
  // Short mantissas (only the top and bottom bits set) around exponent 0:
  // sums and products of these land exactly on rounding ties.
  rc::Gen<uint64_t> shortMantissa = rc::gen::apply(
      [t, l, bias, maxExp](bool s, int e, unsigned top, bool low) {
        uint64_t exp = std::min<uint64_t>(
            maxExp - 1, static_cast<uint64_t>(std::max<int64_t>(
                            1, static_cast<int64_t>(bias) + e)));
        uint64_t man =
            (uint64_t(top) << (l.man >= 2 ? l.man - 2 : 0)) | uint64_t(low);
        return pack(t, s, exp, man);
      },
      rc::gen::arbitrary<bool>(), rc::gen::inRange(-12, 13),
      rc::gen::inRange(0u, 4u), rc::gen::arbitrary<bool>());
  rc::Gen<uint64_t> subnormal = rc::gen::apply(
      [t, manMask](bool s, uint64_t man) {
        return pack(t, s, 0, man & manMask);
      },
      rc::gen::arbitrary<bool>(),
      rc::gen::resize(100, rc::gen::arbitrary<uint64_t>()));
  return rc::gen::weightedOneOf<uint64_t>({
      {5, uniformBits(t)},
      {3, rc::gen::elementOf(specials)},
      {2, halves},
      {2, nearPow2},
      {3, shortMantissa},
      {1, subnormal},
  });
}

rc::Gen<uint64_t> genOperand(DType t) {
  return isFloat(t) ? genFloat(t) : genInt(t);
}

/// The bits of lane i agree, or both are NaN of the result type.
bool sameResult(const ScalarOpDesc &d, uint64_t x, uint64_t y) {
  return x == y || (isFloat(d.resultType) && isNaNBits(x, d.resultType) &&
                    isNaNBits(y, d.resultType));
}

constexpr int kLanes = 32;

TEST(ScalarFastTest, SpecializedKernelsMatchExactPath) {
  std::vector<ScalarOpDesc> descs = specializedDescs();
  // A floor on the coverage, so that the table cannot silently empty.
  EXPECT_GT(descs.size(), 500u);
  for (const ScalarOpDesc &d : descs) {
    BatchFn fast = selectFast(d), exact = selectExact(d);
    unsigned arity = numOperands(d.op);
    DType aType = d.op == Op::Select ? DType::I1 : d.type;
    bool ok = rc::check(describe(d), [&] {
      std::vector<uint64_t> a =
          *rc::gen::container<std::vector<uint64_t>>(kLanes, genOperand(aType));
      std::vector<uint64_t> b(kLanes, 0), c(kLanes, 0);
      if (arity > 1)
        b = *rc::gen::container<std::vector<uint64_t>>(kLanes,
                                                       genOperand(d.type));
      if (arity > 2)
        c = *rc::gen::container<std::vector<uint64_t>>(kLanes,
                                                       genOperand(d.type));
      std::vector<uint64_t> outFast(kLanes), outExact(kLanes);
      UBKind ubFast = UBKind::None, ubExact = UBKind::None;
      int laneFast =
          fast(d, outFast.data(), a.data(), b.data(), c.data(), kLanes, ubFast);
      int laneExact = exact(d, outExact.data(), a.data(), b.data(), c.data(),
                            kLanes, ubExact);
      RC_ASSERT(laneFast == laneExact);
      RC_ASSERT(ubFast == ubExact);
      for (int i = 0; i < kLanes; ++i) {
        if (!sameResult(d, outFast[i], outExact[i])) {
          std::ostringstream os;
          os << std::hex << "lane " << std::dec << i << std::hex << ": a=0x"
             << a[i] << " b=0x" << b[i] << " c=0x" << c[i] << " fast=0x"
             << outFast[i] << " exact=0x" << outExact[i];
          RC_FAIL(os.str());
        }
      }
    });
    EXPECT_TRUE(ok) << describe(d);
  }
}

/// Small domains are checked exhaustively: every input of each specialized
/// unary op on a type of at most 16 bits (all f16 and bf16 values, say), and
/// every operand pair of binary ops on i1 and i8.
TEST(ScalarFastTest, SmallDomainsExhaustively) {
  for (const ScalarOpDesc &d : specializedDescs()) {
    unsigned arity = numOperands(d.op);
    unsigned w = bitWidth(d.type);
    if (!((arity == 1 && w <= 16) || (arity == 2 && w <= 8)))
      continue;
    uint64_t count = uint64_t(1) << (arity * w);
    std::vector<uint64_t> a(count), b(count), outFast(count), outExact(count);
    uint64_t mask = truncBits(~uint64_t(0), d.type);
    for (uint64_t i = 0; i < count; ++i) {
      a[i] = i & mask;
      b[i] = arity == 2 ? (i >> w) & mask : 0;
    }
    UBKind ubFast, ubExact;
    int n = static_cast<int>(count);
    int laneFast = selectFast(d)(d, outFast.data(), a.data(), b.data(),
                                 b.data(), n, ubFast);
    int laneExact = selectExact(d)(d, outExact.data(), a.data(), b.data(),
                                   b.data(), n, ubExact);
    EXPECT_EQ(laneFast, laneExact) << describe(d);
    EXPECT_EQ(ubFast, ubExact) << describe(d);
    int mismatches = 0;
    for (uint64_t i = 0; i < count; ++i) {
      if (sameResult(d, outFast[i], outExact[i]))
        continue;
      if (++mismatches <= 3)
        ADD_FAILURE() << describe(d) << std::hex << ": a=0x" << a[i] << " b=0x"
                      << b[i] << " fast=0x" << outFast[i] << " exact=0x"
                      << outExact[i];
    }
  }
}

TEST(ScalarFastTest, FallbacksAreWhereDoubleRoundingWouldBreakExactness) {
  // Sanity checks on the table: these must stay on the exact path.
  auto isFast = [](ScalarOpDesc d) { return selectFast(d) != selectExact(d); };
  EXPECT_FALSE(isFast({Op::Fma, F16, F16}));
  EXPECT_FALSE(isFast({Op::Fma, BF16, BF16}));
  EXPECT_FALSE(isFast({Op::TruncF, F64, F16}));
  EXPECT_FALSE(isFast({Op::TruncF, F64, BF16}));
  EXPECT_FALSE(isFast({Op::SIToFP, I32, BF16}));
  EXPECT_FALSE(isFast({Op::AddF, F8E4M3FN, F8E4M3FN}));
  // And these are specialized.
  EXPECT_TRUE(isFast({Op::AddF, F16, F16}));
  EXPECT_TRUE(isFast({Op::DivF, BF16, BF16}));
  EXPECT_TRUE(isFast({Op::Exp, F32, F32}));
  EXPECT_TRUE(isFast({Op::AddI, I1, I1}));
  EXPECT_TRUE(isFast({Op::CmpF, F64, DType::I1, 13}));
  EXPECT_TRUE(isFast({Op::TruncF, F32, F16}));
}

} // namespace
