//===- ScalarOps.cpp - Exact scalar semantics of arith and math -----------===//
//
// The exact path: every op is evaluated with llvm::APInt / llvm::APFloat the
// way MLIR's constant folders (mlir/lib/Dialect/Arith/IR/ArithOps.cpp and
// mlir/lib/Dialect/Math/IR/MathOps.cpp) evaluate it, so that the interpreter
// computes what `mlir-opt --canonicalize` would fold to. Where a folder
// refuses to fold (undefined behaviour, types it does not handle) the
// semantics below say what the interpreter does instead; each such choice is
// commented where it is made.
//
//===----------------------------------------------------------------------===//

#include "interp/scalar/ScalarOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <iterator>

using llvm::APFloat;
using llvm::APInt;

namespace ref {

//===----------------------------------------------------------------------===//
// Op metadata
//===----------------------------------------------------------------------===//

namespace {

enum class OpClass : uint8_t {
  IntBinary,
  IntUnary,
  FloatBinary,
  FloatUnary,
  FloatTernary,
  Select,
  CmpI,
  CmpF,
  Cast,
  Scaling,
  FPowI,
  Copy,
};

struct OpInfo {
  const char *name;
  OpClass cls;
  uint8_t numOperands;
};

// Indexed by ScalarOpcode; the static_assert below keeps it in step with the
// enum.
constexpr OpInfo kOpInfo[] = {
    {"arith.addi", OpClass::IntBinary, 2},
    {"arith.subi", OpClass::IntBinary, 2},
    {"arith.muli", OpClass::IntBinary, 2},
    {"arith.divsi", OpClass::IntBinary, 2},
    {"arith.divui", OpClass::IntBinary, 2},
    {"arith.remsi", OpClass::IntBinary, 2},
    {"arith.remui", OpClass::IntBinary, 2},
    {"arith.ceildivsi", OpClass::IntBinary, 2},
    {"arith.ceildivui", OpClass::IntBinary, 2},
    {"arith.floordivsi", OpClass::IntBinary, 2},
    {"arith.andi", OpClass::IntBinary, 2},
    {"arith.ori", OpClass::IntBinary, 2},
    {"arith.xori", OpClass::IntBinary, 2},
    {"arith.shli", OpClass::IntBinary, 2},
    {"arith.shrsi", OpClass::IntBinary, 2},
    {"arith.shrui", OpClass::IntBinary, 2},
    {"arith.maxsi", OpClass::IntBinary, 2},
    {"arith.maxui", OpClass::IntBinary, 2},
    {"arith.minsi", OpClass::IntBinary, 2},
    {"arith.minui", OpClass::IntBinary, 2},
    {"arith.mulsi_extended", OpClass::IntBinary, 2},
    {"arith.mului_extended", OpClass::IntBinary, 2},
    {"arith.addui_extended.carry", OpClass::IntBinary, 2},
    {"math.ipowi", OpClass::IntBinary, 2},
    {"math.absi", OpClass::IntUnary, 1},
    {"math.ctpop", OpClass::IntUnary, 1},
    {"math.ctlz", OpClass::IntUnary, 1},
    {"math.cttz", OpClass::IntUnary, 1},
    {"arith.addf", OpClass::FloatBinary, 2},
    {"arith.subf", OpClass::FloatBinary, 2},
    {"arith.mulf", OpClass::FloatBinary, 2},
    {"arith.divf", OpClass::FloatBinary, 2},
    {"arith.remf", OpClass::FloatBinary, 2},
    {"arith.maximumf", OpClass::FloatBinary, 2},
    {"arith.minimumf", OpClass::FloatBinary, 2},
    {"arith.maxnumf", OpClass::FloatBinary, 2},
    {"arith.minnumf", OpClass::FloatBinary, 2},
    {"math.powf", OpClass::FloatBinary, 2},
    {"math.atan2", OpClass::FloatBinary, 2},
    {"math.copysign", OpClass::FloatBinary, 2},
    {"arith.negf", OpClass::FloatUnary, 1},
    {"math.absf", OpClass::FloatUnary, 1},
    {"math.exp", OpClass::FloatUnary, 1},
    {"math.exp2", OpClass::FloatUnary, 1},
    {"math.expm1", OpClass::FloatUnary, 1},
    {"math.log", OpClass::FloatUnary, 1},
    {"math.log2", OpClass::FloatUnary, 1},
    {"math.log10", OpClass::FloatUnary, 1},
    {"math.log1p", OpClass::FloatUnary, 1},
    {"math.sqrt", OpClass::FloatUnary, 1},
    {"math.rsqrt", OpClass::FloatUnary, 1},
    {"math.cbrt", OpClass::FloatUnary, 1},
    {"math.tanh", OpClass::FloatUnary, 1},
    {"math.sinh", OpClass::FloatUnary, 1},
    {"math.cosh", OpClass::FloatUnary, 1},
    {"math.sin", OpClass::FloatUnary, 1},
    {"math.cos", OpClass::FloatUnary, 1},
    {"math.tan", OpClass::FloatUnary, 1},
    {"math.asin", OpClass::FloatUnary, 1},
    {"math.acos", OpClass::FloatUnary, 1},
    {"math.atan", OpClass::FloatUnary, 1},
    {"math.acosh", OpClass::FloatUnary, 1},
    {"math.asinh", OpClass::FloatUnary, 1},
    {"math.atanh", OpClass::FloatUnary, 1},
    {"math.erf", OpClass::FloatUnary, 1},
    {"math.erfc", OpClass::FloatUnary, 1},
    {"math.floor", OpClass::FloatUnary, 1},
    {"math.ceil", OpClass::FloatUnary, 1},
    {"math.round", OpClass::FloatUnary, 1},
    {"math.roundeven", OpClass::FloatUnary, 1},
    {"math.trunc", OpClass::FloatUnary, 1},
    {"math.fma", OpClass::FloatTernary, 3},
    {"arith.select", OpClass::Select, 3},
    {"arith.cmpi", OpClass::CmpI, 2},
    {"arith.cmpf", OpClass::CmpF, 2},
    {"arith.extsi", OpClass::Cast, 1},
    {"arith.extui", OpClass::Cast, 1},
    {"arith.trunci", OpClass::Cast, 1},
    {"arith.index_cast", OpClass::Cast, 1},
    {"arith.index_castui", OpClass::Cast, 1},
    {"arith.sitofp", OpClass::Cast, 1},
    {"arith.uitofp", OpClass::Cast, 1},
    {"arith.fptosi", OpClass::Cast, 1},
    {"arith.fptoui", OpClass::Cast, 1},
    {"arith.extf", OpClass::Cast, 1},
    {"arith.truncf", OpClass::Cast, 1},
    {"arith.bitcast", OpClass::Cast, 1},
    {"arith.scaling_extf", OpClass::Scaling, 2},
    {"arith.scaling_truncf", OpClass::Scaling, 2},
    {"math.fpowi", OpClass::FPowI, 2},
    {"copy", OpClass::Copy, 1},
};
static_assert(std::size(kOpInfo) == static_cast<size_t>(ScalarOpcode::Copy) + 1,
              "kOpInfo must have one entry per ScalarOpcode");

const OpInfo &info(ScalarOpcode op) {
  return kOpInfo[static_cast<unsigned>(op)];
}

} // namespace

unsigned numOperands(ScalarOpcode op) { return info(op).numOperands; }

llvm::StringRef opcodeName(ScalarOpcode op) { return info(op).name; }

llvm::StringRef ubKindName(UBKind k) {
  switch (k) {
  case UBKind::None:
    return "none";
  case UBKind::DivisionByZero:
    return "division by zero";
  case UBKind::SignedDivisionOverflow:
    return "signed division overflow";
  case UBKind::ShiftOutOfRange:
    return "shift amount out of range";
  case UBKind::FPToIntOutOfRange:
    return "float to integer conversion out of range";
  case UBKind::SignedWrap:
    return "signed overflow under nsw";
  case UBKind::UnsignedWrap:
    return "unsigned overflow under nuw";
  case UBKind::Inexact:
    return "inexact result under exact";
  case UBKind::NaNNotRepresentable:
    return "NaN result in a float type without NaN";
  }
  llvm_unreachable("bad UBKind");
}

// The type rules are those of the MLIR verifiers (areCastCompatible and
// friends): index is not an IntegerType there, so it only takes part in
// index_cast / index_castui, never in extsi, sitofp or bitcast.
bool isSupported(const ScalarOpDesc &d) {
  if (static_cast<unsigned>(d.op) > static_cast<unsigned>(ScalarOpcode::Copy))
    return false;
  DType src = d.type, dst = d.resultType;
  // Complex values never reach the scalar core: bodies hold their parts.
  if (isComplex(src) || isComplex(dst) || isComplex(d.scaleType))
    return false;
  auto isPlainInt = [](DType t) { return isInteger(t) && t != DType::Index; };
  switch (info(d.op).cls) {
  case OpClass::IntBinary:
  case OpClass::IntUnary:
    if (d.op == ScalarOpcode::AddICarry)
      return isInteger(src) && dst == DType::I1;
    return isInteger(src) && dst == src;
  case OpClass::FloatBinary:
  case OpClass::FloatUnary:
  case OpClass::FloatTernary:
    // f8E8M0FNU is a scale (no sign, no zero): IREE only converts it.
    return isFloat(src) && dst == src && src != DType::F8E8M0FNU;
  case OpClass::Select:
  case OpClass::Copy:
    return dst == src;
  case OpClass::CmpI:
    return isInteger(src) && dst == DType::I1 &&
           d.predicate <= static_cast<uint8_t>(CmpIPred::uge);
  case OpClass::CmpF:
    return isFloat(src) && dst == DType::I1 &&
           d.predicate <= static_cast<uint8_t>(CmpFPred::AlwaysTrue);
  case OpClass::Scaling:
    // The verifier wants a wider result (verifyExtOp) or a narrower one
    // (verifyTruncateOp); the expansion takes an f8E8M0FNU scale, or one of
    // 16 bits or more that it first truncates to f8E8M0FNU.
    if (!isFloat(src) || !isFloat(dst) || !isFloat(d.scaleType) ||
        src == DType::F8E8M0FNU || dst == DType::F8E8M0FNU ||
        (d.scaleType != DType::F8E8M0FNU && bitWidth(d.scaleType) < 16))
      return false;
    if (d.op == ScalarOpcode::ScalingExtF)
      return bitWidth(dst) > bitWidth(src);
    return bitWidth(dst) < bitWidth(src) && d.predicate <= 4;
  case OpClass::FPowI:
    return isFloat(src) && dst == src && src != DType::F8E8M0FNU &&
           isPlainInt(d.scaleType);
  case OpClass::Cast:
    break;
  }
  switch (d.op) {
  case ScalarOpcode::ExtSI:
  case ScalarOpcode::ExtUI:
    return isPlainInt(src) && isPlainInt(dst) && bitWidth(dst) > bitWidth(src);
  case ScalarOpcode::TruncI:
    return isPlainInt(src) && isPlainInt(dst) && bitWidth(dst) < bitWidth(src);
  case ScalarOpcode::IndexCast:
  case ScalarOpcode::IndexCastUI:
    return (src == DType::Index && isPlainInt(dst)) ||
           (isPlainInt(src) && dst == DType::Index);
  case ScalarOpcode::SIToFP:
  case ScalarOpcode::UIToFP:
    return isPlainInt(src) && isFloat(dst) && dst != DType::F8E8M0FNU;
  case ScalarOpcode::FPToSI:
  case ScalarOpcode::FPToUI:
    return isFloat(src) && isPlainInt(dst);
  case ScalarOpcode::ExtF:
    return isFloat(src) && isFloat(dst) && bitWidth(dst) > bitWidth(src);
  case ScalarOpcode::TruncF:
    // Truncation to f8E8M0FNU exists only in the default rounding mode (the
    // expansion IREE relies on refuses the others).
    return isFloat(src) && isFloat(dst) && bitWidth(dst) < bitWidth(src) &&
           (dst != DType::F8E8M0FNU || d.predicate == 0);
  case ScalarOpcode::Bitcast:
    return src != DType::Index && dst != DType::Index &&
           bitWidth(src) == bitWidth(dst);
  default:
    return false;
  }
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

APFloat toAPFloat(uint64_t bits, DType t) {
  return APFloat(floatSemantics(t), APInt(bitWidth(t), truncBits(bits, t)));
}

uint64_t fromAPFloat(const APFloat &f) {
  return f.bitcastToAPInt().getZExtValue();
}

double floatBitsToDouble(uint64_t bits, DType t) {
  APFloat f = toAPFloat(bits, t);
  bool losesInfo = false;
  // Every dtype we have is a subset of f64, so this never rounds.
  (void)f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return f.convertToDouble();
}

uint64_t doubleToFloatBits(double v, DType t) {
  APFloat f(v);
  bool losesInfo = false;
  (void)f.convert(floatSemantics(t), APFloat::rmNearestTiesToEven, &losesInfo);
  UBKind ub = UBKind::None;
  return encodeFloat(f, t, ub);
}

// APFloat computes in the formats without NaN and infinity (f4E2M1FN and
// the f6 types) as if they had them: 0/0 makes a NaN object and x/0 or a
// converted infinity an infinite one, whose bit patterns are meaningless
// (an f4 "infinity" reads as 0). Overflow of finite values already
// saturates in APFloat, and IREE saturates infinities too (its f4 emulation
// and MLIR's f4 truncf expansion both clamp to +-max), so an infinity
// becomes the largest finite value of its sign. A NaN has no defensible
// value (IREE's CPU emulation writes 0, MLIR's expansion used on GPUs +6):
// undefined behaviour, reported, result 0.
uint64_t encodeFloat(const APFloat &f, DType t, UBKind &ub) {
  if (isFiniteOnlyFloat(t)) {
    if (f.isNaN()) {
      ub = UBKind::NaNNotRepresentable;
      return 0;
    }
    if (f.isInfinity())
      return fromAPFloat(
          APFloat::getLargest(floatSemantics(t), f.isNegative()));
  }
  return fromAPFloat(f);
}

// f8E8M0FNU conversions follow MLIR's ExpandOps patterns, which IREE applies
// on every backend (LLVMCPU's arith-expand with include-f8e8m0, the ROCDL
// and SPIR-V fallbacks), not the folders' APFloat conversion: they differ
// on 0x00 (2^-127; the expansion gives +0.0) and on values between powers
// of two (the expansion truncates to the exponent), and APFloat has no
// meaning for negative values or zero in a format without sign and zero.
uint64_t extendE8M0(uint64_t bits, DType dst, UBKind &ub) {
  // extf: the byte becomes the f32 exponent field; 0xFF is NaN (all ones).
  uint32_t f32 = (bits & 0xFF) == 0xFF
                     ? 0xFFFFFFFFu
                     : static_cast<uint32_t>(bits & 0xFF) << 23;
  if (dst == DType::F32)
    return f32;
  // Then truncf (f16, bf16) or extf (f64) from f32, as the expansion emits.
  APFloat f(APFloat::IEEEsingle(), APInt(32, f32));
  bool losesInfo = false;
  (void)f.convert(floatSemantics(dst), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return encodeFloat(f, dst, ub);
}

uint64_t truncateToE8M0(uint64_t bits, DType src) {
  // truncf: f64 first rounds to f32 (the only truncf in the expansion),
  // narrower types widen exactly; then the f32 exponent field, sign
  // dropped: +-inf and NaN give 0xFF, zeros and f32 subnormals 0x00, any
  // other value the power of two at or below its magnitude.
  uint32_t f32;
  if (src == DType::F32) {
    f32 = static_cast<uint32_t>(bits);
  } else {
    APFloat f = toAPFloat(bits, src);
    bool losesInfo = false;
    (void)f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven,
                    &losesInfo);
    f32 = static_cast<uint32_t>(fromAPFloat(f));
  }
  return (f32 >> 23) & 0xFF;
}

//===----------------------------------------------------------------------===//
// Integer ops
//===----------------------------------------------------------------------===//

namespace {

uint64_t fromAPInt(const APInt &v) { return v.getZExtValue(); }

/// math.ipowi as folded by MLIR, with the one case the folder leaves alone
/// (0 to a negative power) reported as a division by zero: that is what the
/// MathToFuncs expansion executes (`T(1) / T(0)`).
APInt ipowi(const APInt &base, const APInt &power, UBKind &ub) {
  unsigned width = base.getBitWidth();
  APInt one(width, 1, /*isSigned=*/true);
  APInt minusOne(width, -1, /*isSigned=*/true);
  if (power.isZero())
    return one;
  if (power.isNegative()) {
    if (base.isZero()) {
      ub = UBKind::DivisionByZero;
      return APInt::getZero(width);
    }
    if (base == one)
      return one;
    // |base| > 1: the exact result is a fraction that truncates to 0.
    if (base != minusOne)
      return APInt::getZero(width);
    return power[0] ? minusOne : one;
  }
  // Square and multiply; APInt arithmetic wraps at the bit width.
  APInt result = one, curBase = base, curPower = power;
  while (true) {
    if (curPower[0])
      result *= curBase;
    curPower.lshrInPlace(1);
    if (curPower.isZero())
      return result;
    curBase *= curBase;
  }
}

/// nsw/nuw: the op's result is poison when the flagged overflow happened
/// (ArithOps.td, as LLVM's add/sub/mul/shl nsw/nuw). `sov`/`uov` say whether
/// the signed/unsigned computation overflowed.
void checkWrapFlags(uint8_t flags, bool sov, bool uov, UBKind &ub) {
  if ((flags & kFlagNSW) && sov)
    ub = UBKind::SignedWrap;
  else if ((flags & kFlagNUW) && uov)
    ub = UBKind::UnsignedWrap;
}

uint64_t evalIntBinary(ScalarOpcode op, DType t, uint64_t aBits, uint64_t bBits,
                       uint8_t flags, UBKind &ub) {
  unsigned w = bitWidth(t);
  APInt a(w, truncBits(aBits, t)), b(w, truncBits(bBits, t));
  auto isSignedOverflow = [&] { return a.isMinSignedValue() && b.isAllOnes(); };
  bool sov = false, uov = false;
  switch (op) {
  case ScalarOpcode::AddI:
    if (flags) {
      (void)a.sadd_ov(b, sov);
      (void)a.uadd_ov(b, uov);
      checkWrapFlags(flags, sov, uov, ub);
    }
    return fromAPInt(a + b);
  case ScalarOpcode::SubI:
    if (flags) {
      (void)a.ssub_ov(b, sov);
      (void)a.usub_ov(b, uov);
      checkWrapFlags(flags, sov, uov, ub);
    }
    return fromAPInt(a - b);
  case ScalarOpcode::MulI:
    if (flags) {
      (void)a.smul_ov(b, sov);
      (void)a.umul_ov(b, uov);
      checkWrapFlags(flags, sov, uov, ub);
    }
    return fromAPInt(a * b);
  case ScalarOpcode::DivSI:
  case ScalarOpcode::RemSI:
  case ScalarOpcode::CeilDivSI:
  case ScalarOpcode::FloorDivSI: {
    if (b.isZero()) {
      ub = UBKind::DivisionByZero;
      return 0;
    }
    // The folders refuse INT_MIN / -1 (sdiv_ov overflows); LLVM's srem is
    // poison for INT_MIN % -1 as well, so all four report it.
    if (isSignedOverflow()) {
      ub = UBKind::SignedDivisionOverflow;
      return 0;
    }
    if (op == ScalarOpcode::DivSI) {
      if ((flags & kFlagExact) && !a.srem(b).isZero())
        ub = UBKind::Inexact;
      return fromAPInt(a.sdiv(b));
    }
    if (op == ScalarOpcode::RemSI)
      return fromAPInt(a.srem(b));
    // sdiv truncates toward zero. The exact quotient is q + r/b, and r/b is
    // positive exactly when r and b have the same sign; the folders compute
    // the same values through sfloordiv_ov and signedCeilNonnegInputs.
    APInt q = a.sdiv(b), r = a.srem(b);
    if (r.isZero())
      return fromAPInt(q);
    bool fractionPositive = r.isNegative() == b.isNegative();
    if (op == ScalarOpcode::CeilDivSI && fractionPositive)
      ++q;
    if (op == ScalarOpcode::FloorDivSI && !fractionPositive)
      --q;
    return fromAPInt(q);
  }
  case ScalarOpcode::DivUI:
  case ScalarOpcode::RemUI:
  case ScalarOpcode::CeilDivUI: {
    if (b.isZero()) {
      ub = UBKind::DivisionByZero;
      return 0;
    }
    if (op == ScalarOpcode::DivUI) {
      if ((flags & kFlagExact) && !a.urem(b).isZero())
        ub = UBKind::Inexact;
      return fromAPInt(a.udiv(b));
    }
    if (op == ScalarOpcode::RemUI)
      return fromAPInt(a.urem(b));
    // b >= 2 whenever the remainder is non-zero, so q + 1 cannot wrap.
    APInt q = a.udiv(b);
    if (!a.urem(b).isZero())
      ++q;
    return fromAPInt(q);
  }
  case ScalarOpcode::AndI:
    return fromAPInt(a & b);
  case ScalarOpcode::OrI:
    return fromAPInt(a | b);
  case ScalarOpcode::XOrI:
    return fromAPInt(a ^ b);
  case ScalarOpcode::ShLI:
  case ScalarOpcode::ShRSI:
  case ScalarOpcode::ShRUI: {
    // LLVM's shl/ashr/lshr are poison for amounts (read as unsigned) not
    // below the bit width.
    if (b.uge(w)) {
      ub = UBKind::ShiftOutOfRange;
      return 0;
    }
    unsigned amount = static_cast<unsigned>(b.getZExtValue());
    if (op == ScalarOpcode::ShLI) {
      if (flags) {
        // nsw: the bits shifted out and the result's sign bit all equal the
        // original sign; nuw: no set bit shifted out.
        (void)a.sshl_ov(b, sov);
        (void)a.ushl_ov(b, uov);
        checkWrapFlags(flags, sov, uov, ub);
      }
      return fromAPInt(a.shl(amount));
    }
    // exact: poison when a set bit is shifted out.
    if ((flags & kFlagExact) && amount && !a.extractBits(amount, 0).isZero())
      ub = UBKind::Inexact;
    if (op == ScalarOpcode::ShRSI)
      return fromAPInt(a.ashr(amount));
    return fromAPInt(a.lshr(amount));
  }
  case ScalarOpcode::MaxSI:
    return fromAPInt(llvm::APIntOps::smax(a, b));
  case ScalarOpcode::MaxUI:
    return fromAPInt(llvm::APIntOps::umax(a, b));
  case ScalarOpcode::MinSI:
    return fromAPInt(llvm::APIntOps::smin(a, b));
  case ScalarOpcode::MinUI:
    return fromAPInt(llvm::APIntOps::umin(a, b));
  case ScalarOpcode::MulHiSI:
    return fromAPInt(llvm::APIntOps::mulhs(a, b));
  case ScalarOpcode::MulHiUI:
    return fromAPInt(llvm::APIntOps::mulhu(a, b));
  case ScalarOpcode::AddICarry: {
    bool overflow = false;
    (void)a.uadd_ov(b, overflow);
    return overflow ? 1 : 0;
  }
  case ScalarOpcode::IPowI:
    return fromAPInt(ipowi(a, b, ub));
  default:
    llvm_unreachable("not an integer binary op");
  }
}

uint64_t evalIntUnary(ScalarOpcode op, DType t, uint64_t aBits) {
  unsigned w = bitWidth(t);
  APInt a(w, truncBits(aBits, t));
  switch (op) {
  case ScalarOpcode::AbsI:
    // INT_MIN stays INT_MIN, as APInt::abs (and llvm.abs without the
    // poison flag) does.
    return fromAPInt(a.abs());
  case ScalarOpcode::CtPop:
    return a.popcount();
  case ScalarOpcode::CtLz:
    return a.countl_zero();
  case ScalarOpcode::CtTz:
    return a.countr_zero();
  default:
    llvm_unreachable("not an integer unary op");
  }
}

bool evalCmpI(CmpIPred p, DType t, uint64_t aBits, uint64_t bBits) {
  unsigned w = bitWidth(t);
  APInt a(w, truncBits(aBits, t)), b(w, truncBits(bBits, t));
  switch (p) {
  case CmpIPred::eq:
    return a.eq(b);
  case CmpIPred::ne:
    return a.ne(b);
  case CmpIPred::slt:
    return a.slt(b);
  case CmpIPred::sle:
    return a.sle(b);
  case CmpIPred::sgt:
    return a.sgt(b);
  case CmpIPred::sge:
    return a.sge(b);
  case CmpIPred::ult:
    return a.ult(b);
  case CmpIPred::ule:
    return a.ule(b);
  case CmpIPred::ugt:
    return a.ugt(b);
  case CmpIPred::uge:
    return a.uge(b);
  }
  llvm_unreachable("bad cmpi predicate");
}

//===----------------------------------------------------------------------===//
// Float ops
//===----------------------------------------------------------------------===//

constexpr auto kRNE = APFloat::rmNearestTiesToEven;

/// Rounds `f` (of any semantics) to the semantics of `t`, ties to even.
APFloat roundTo(APFloat f, DType t) {
  bool losesInfo = false;
  (void)f.convert(floatSemantics(t), kRNE, &losesInfo);
  return f;
}

/// The f32 value of a float of type `t`; f16, bf16 and the f8 types are all
/// subsets of f32, so nothing rounds. Widening quiets a signaling NaN (as
/// fpext does); an f32 operand is passed on untouched, as the folders'
/// convertToFloat() does.
float toF32(const APFloat &f) {
  if (&f.getSemantics() == &APFloat::IEEEsingle())
    return f.convertToFloat();
  return roundTo(f, DType::F32).convertToFloat();
}

struct LibmUnary {
  float (*f32)(float);
  double (*f64)(double);
};

LibmUnary libmUnary(ScalarOpcode op) {
  switch (op) {
  case ScalarOpcode::Exp:
    return {[](float x) { return ::expf(x); },
            [](double x) { return ::exp(x); }};
  case ScalarOpcode::Exp2:
    return {[](float x) { return ::exp2f(x); },
            [](double x) { return ::exp2(x); }};
  case ScalarOpcode::ExpM1:
    return {[](float x) { return ::expm1f(x); },
            [](double x) { return ::expm1(x); }};
  case ScalarOpcode::Log:
    return {[](float x) { return ::logf(x); },
            [](double x) { return ::log(x); }};
  case ScalarOpcode::Log2:
    return {[](float x) { return ::log2f(x); },
            [](double x) { return ::log2(x); }};
  case ScalarOpcode::Log10:
    return {[](float x) { return ::log10f(x); },
            [](double x) { return ::log10(x); }};
  case ScalarOpcode::Log1p:
    return {[](float x) { return ::log1pf(x); },
            [](double x) { return ::log1p(x); }};
  case ScalarOpcode::Sqrt:
  case ScalarOpcode::Rsqrt:
    return {[](float x) { return ::sqrtf(x); },
            [](double x) { return ::sqrt(x); }};
  case ScalarOpcode::Cbrt:
    return {[](float x) { return ::cbrtf(x); },
            [](double x) { return ::cbrt(x); }};
  case ScalarOpcode::Tanh:
    return {[](float x) { return ::tanhf(x); },
            [](double x) { return ::tanh(x); }};
  case ScalarOpcode::Sinh:
    return {[](float x) { return ::sinhf(x); },
            [](double x) { return ::sinh(x); }};
  case ScalarOpcode::Cosh:
    return {[](float x) { return ::coshf(x); },
            [](double x) { return ::cosh(x); }};
  case ScalarOpcode::Sin:
    return {[](float x) { return ::sinf(x); },
            [](double x) { return ::sin(x); }};
  case ScalarOpcode::Cos:
    return {[](float x) { return ::cosf(x); },
            [](double x) { return ::cos(x); }};
  case ScalarOpcode::Tan:
    return {[](float x) { return ::tanf(x); },
            [](double x) { return ::tan(x); }};
  case ScalarOpcode::Asin:
    return {[](float x) { return ::asinf(x); },
            [](double x) { return ::asin(x); }};
  case ScalarOpcode::Acos:
    return {[](float x) { return ::acosf(x); },
            [](double x) { return ::acos(x); }};
  case ScalarOpcode::Atan:
    return {[](float x) { return ::atanf(x); },
            [](double x) { return ::atan(x); }};
  case ScalarOpcode::Acosh:
    return {[](float x) { return ::acoshf(x); },
            [](double x) { return ::acosh(x); }};
  case ScalarOpcode::Asinh:
    return {[](float x) { return ::asinhf(x); },
            [](double x) { return ::asinh(x); }};
  case ScalarOpcode::Atanh:
    return {[](float x) { return ::atanhf(x); },
            [](double x) { return ::atanh(x); }};
  case ScalarOpcode::Erf:
    return {[](float x) { return ::erff(x); },
            [](double x) { return ::erf(x); }};
  case ScalarOpcode::Erfc:
    return {[](float x) { return ::erfcf(x); },
            [](double x) { return ::erfc(x); }};
  default:
    llvm_unreachable("not a libm unary op");
  }
}

/// Applies a C library function the way the math folders do: the double
/// function for f64, the float function for f32. MLIR does not fold f16,
/// bf16 or f8; for those we evaluate the float function on the (exactly
/// widened) f32 value and round its result once to the narrow type. That is
/// how IREE's CPU backends compute narrow math (extf, f32 op, truncf), and it
/// gives the fast path an identical computation to match.
APFloat applyLibm(const LibmUnary &fn, const APFloat &x, DType t) {
  if (t == DType::F64)
    return APFloat(fn.f64(x.convertToDouble()));
  APFloat r(fn.f32(toF32(x)));
  return t == DType::F32 ? r : roundTo(r, t);
}

APFloat applyLibm2(float (*f32)(float, float), double (*f64)(double, double),
                   const APFloat &x, const APFloat &y, DType t) {
  if (t == DType::F64)
    return APFloat(f64(x.convertToDouble(), y.convertToDouble()));
  APFloat r(f32(toF32(x), toF32(y)));
  return t == DType::F32 ? r : roundTo(r, t);
}

/// Rounded in f64, not in the value's own semantics: APFloat's
/// roundToIntegral adds and subtracts 2^(p-1), which a format whose largest
/// value is below it cannot hold (f6E2M3FN: 8 > 7.5), and then returns
/// garbage (floor(2.5) = 0). f64 holds every narrower value exactly, and
/// the integral result of a finite value is representable in its own
/// format (it is the value itself from 2^(p-1) up, an integer of at most p
/// bits below), so both conversions are exact.
APFloat roundToIntegral(APFloat f, llvm::RoundingMode rm) {
  const llvm::fltSemantics &sem = f.getSemantics();
  bool lost = false;
  (void)f.convert(APFloat::IEEEdouble(), kRNE, &lost);
  (void)f.roundToIntegral(rm);
  (void)f.convert(sem, kRNE, &lost);
  return f;
}

APFloat evalFloatUnary(ScalarOpcode op, DType t, const APFloat &a) {
  switch (op) {
  case ScalarOpcode::NegF:
    return -a;
  case ScalarOpcode::AbsF:
    return llvm::abs(a);
  case ScalarOpcode::Floor:
    return roundToIntegral(a, llvm::RoundingMode::TowardNegative);
  case ScalarOpcode::Ceil:
    return roundToIntegral(a, llvm::RoundingMode::TowardPositive);
  case ScalarOpcode::Trunc:
    return roundToIntegral(a, llvm::RoundingMode::TowardZero);
  case ScalarOpcode::Round:
    // The folder calls roundf / round, i.e. ties away from zero.
    return roundToIntegral(a, llvm::RoundingMode::NearestTiesToAway);
  case ScalarOpcode::RoundEven:
    return roundToIntegral(a, llvm::RoundingMode::NearestTiesToEven);
  case ScalarOpcode::Rsqrt: {
    // No folder exists; IREE expands rsqrt to 1 / sqrt(x), both rounded in
    // the op's type. sqrt of a narrow type computed in f32 and rounded once
    // is correctly rounded (24 >= 2p + 2 for every narrow type we have).
    APFloat s = applyLibm(libmUnary(ScalarOpcode::Sqrt), a, t);
    APFloat r(floatSemantics(t), 1);
    (void)r.divide(s, kRNE);
    return r;
  }
  default:
    // sqrt, like the transcendental functions, goes through libm as its
    // folder does; sqrtf / sqrt are correctly rounded anyway.
    return applyLibm(libmUnary(op), a, t);
  }
}

APFloat evalFloatBinary(ScalarOpcode op, DType t, const APFloat &a,
                        const APFloat &b) {
  APFloat r(a);
  switch (op) {
  case ScalarOpcode::AddF:
    (void)r.add(b, kRNE);
    return r;
  case ScalarOpcode::SubF:
    (void)r.subtract(b, kRNE);
    return r;
  case ScalarOpcode::MulF:
    (void)r.multiply(b, kRNE);
    return r;
  case ScalarOpcode::DivF:
    (void)r.divide(b, kRNE);
    return r;
  case ScalarOpcode::RemF:
    // fmod semantics: the result has the sign of the dividend and is exact.
    (void)r.mod(b);
    return r;
  case ScalarOpcode::MaximumF:
    return llvm::maximum(a, b);
  case ScalarOpcode::MinimumF:
    return llvm::minimum(a, b);
  case ScalarOpcode::MaxNumF:
    return llvm::maxnum(a, b);
  case ScalarOpcode::MinNumF:
    return llvm::minnum(a, b);
  case ScalarOpcode::CopySign:
    r.copySign(b);
    return r;
  case ScalarOpcode::PowF:
    return applyLibm2([](float x, float y) { return ::powf(x, y); },
                      [](double x, double y) { return ::pow(x, y); }, a, b, t);
  case ScalarOpcode::Atan2:
    // The math.atan2 folder (and MLIR's polynomial approximation) yields NaN
    // for atan2(±0, ±0), where the C library would give ±0 or ±pi.
    if (a.isZero() && b.isZero())
      return APFloat::getNaN(floatSemantics(t));
    return applyLibm2([](float x, float y) { return ::atan2f(x, y); },
                      [](double x, double y) { return ::atan2(x, y); }, a, b,
                      t);
  default:
    llvm_unreachable("not a float binary op");
  }
}

bool evalCmpF(CmpFPred p, const APFloat &a, const APFloat &b) {
  APFloat::cmpResult c = a.compare(b);
  bool unordered = c == APFloat::cmpUnordered;
  bool lt = c == APFloat::cmpLessThan;
  bool gt = c == APFloat::cmpGreaterThan;
  bool eq = c == APFloat::cmpEqual;
  switch (p) {
  case CmpFPred::AlwaysFalse:
    return false;
  case CmpFPred::OEQ:
    return eq;
  case CmpFPred::OGT:
    return gt;
  case CmpFPred::OGE:
    return gt || eq;
  case CmpFPred::OLT:
    return lt;
  case CmpFPred::OLE:
    return lt || eq;
  case CmpFPred::ONE:
    return lt || gt;
  case CmpFPred::ORD:
    return !unordered;
  case CmpFPred::UEQ:
    return unordered || eq;
  case CmpFPred::UGT:
    return unordered || gt;
  case CmpFPred::UGE:
    return unordered || gt || eq;
  case CmpFPred::ULT:
    return unordered || lt;
  case CmpFPred::ULE:
    return unordered || lt || eq;
  case CmpFPred::UNE:
    return !eq;
  case CmpFPred::UNO:
    return unordered;
  case CmpFPred::AlwaysTrue:
    return true;
  }
  llvm_unreachable("bad cmpf predicate");
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// arith.truncf: one rounding, straight from the source type, in the op's
/// rounding mode (`mode` holds arith::RoundingMode; 0 is to_nearest_even).
uint64_t truncF(uint64_t aBits, DType src, DType dst, uint8_t mode,
                UBKind &ub) {
  if (dst == DType::F8E8M0FNU)
    return truncateToE8M0(aBits, src);
  static constexpr APFloat::roundingMode kModes[] = {
      APFloat::rmNearestTiesToEven, APFloat::rmTowardNegative,
      APFloat::rmTowardPositive, APFloat::rmTowardZero,
      APFloat::rmNearestTiesToAway};
  APFloat f = toAPFloat(aBits, src);
  bool losesInfo = false;
  (void)f.convert(floatSemantics(dst), kModes[mode % 5], &losesInfo);
  return encodeFloat(f, dst, ub);
}

/// arith.scaling_extf and arith.scaling_truncf as MLIR's ExpandOps
/// (ScalingExtFOpConverter, ScalingTruncFOpConverter) rewrite them, each
/// step with the semantics of its own op: a scale of 16 bits or more is
/// first truncated to f8E8M0FNU (the exponent, see truncateToE8M0); then
///   scaling_extf:   mulf(extf(in), extf(scale))             in the result type
///   scaling_truncf: truncf(divf(in, extf(scale)), mode)     divf in the input
///                                                           type
/// so a NaN scale (0xFF) gives NaN and the scale 0x00 extends to +0.0 (an
/// infinity or NaN from the division, saturated or reported in f4/f6).
uint64_t evalScaling(const ScalarOpDesc &d, uint64_t aBits, uint64_t bBits,
                     UBKind &ub) {
  uint64_t scale = d.scaleType == DType::F8E8M0FNU
                       ? (bBits & 0xFF)
                       : truncateToE8M0(bBits, d.scaleType);
  DType in = d.type, out = d.resultType;
  if (d.op == ScalarOpcode::ScalingExtF) {
    uint64_t s = extendE8M0(scale, out, ub);
    if (ub != UBKind::None)
      return 0;
    APFloat x = roundTo(toAPFloat(aBits, in), out);
    (void)x.multiply(toAPFloat(s, out), kRNE);
    return encodeFloat(x, out, ub);
  }
  uint64_t s = extendE8M0(scale, in, ub);
  if (ub != UBKind::None)
    return 0;
  APFloat q = toAPFloat(aBits, in);
  (void)q.divide(toAPFloat(s, in), kRNE);
  uint64_t qBits = encodeFloat(q, in, ub);
  if (ub != UBKind::None)
    return 0;
  return truncF(qBits, in, out, d.predicate, ub);
}

/// math.fpowi as MLIR defines it where it computes a value: the folder
/// (FPowIOp::fold: libm pow/powf of the base and the exponent converted to
/// the base's type) and the expansion IREE applies to a non-constant
/// exponent (ExpandPatterns' convertFPowIOp: `powf(a, sitofp(b))`). The
/// exponent is signed and converted with round-to-nearest-even, as sitofp
/// does; powf then follows its own rules (libm, one rounding to the type).
/// A constant exponent is expanded by IREE into repeated squaring (a few
/// ULPs from this; the oracle's float tolerance covers them).
uint64_t evalFPowI(const ScalarOpDesc &d, uint64_t aBits, uint64_t bBits,
                   UBKind &ub) {
  DType t = d.type;
  APInt e(bitWidth(d.scaleType), truncBits(bBits, d.scaleType));
  APFloat fe(floatSemantics(t));
  (void)fe.convertFromAPInt(e, /*IsSigned=*/true, kRNE);
  uint64_t eBits = encodeFloat(fe, t, ub);
  if (ub != UBKind::None)
    return 0;
  return encodeFloat(evalFloatBinary(ScalarOpcode::PowF, t, toAPFloat(aBits, t),
                                     toAPFloat(eBits, t)),
                     t, ub);
}

uint64_t evalCast(const ScalarOpDesc &d, uint64_t aBits, UBKind &ub) {
  DType src = d.type, dst = d.resultType;
  unsigned dstWidth = bitWidth(dst);
  switch (d.op) {
  case ScalarOpcode::ExtSI:
  case ScalarOpcode::ExtUI:
  case ScalarOpcode::TruncI:
  case ScalarOpcode::IndexCast:
  case ScalarOpcode::IndexCastUI: {
    APInt a(bitWidth(src), truncBits(aBits, src));
    bool isSigned =
        d.op == ScalarOpcode::ExtSI || d.op == ScalarOpcode::IndexCast;
    APInt r = isSigned ? a.sextOrTrunc(dstWidth) : a.zextOrTrunc(dstWidth);
    // trunci overflow<nsw>/<nuw>: poison when extending the result back
    // (signed / unsigned) does not give the operand.
    if (d.op == ScalarOpcode::TruncI && d.flags)
      checkWrapFlags(d.flags, r.sext(a.getBitWidth()) != a,
                     r.zext(a.getBitWidth()) != a, ub);
    return fromAPInt(r);
  }
  case ScalarOpcode::SIToFP:
  case ScalarOpcode::UIToFP: {
    APInt a(bitWidth(src), truncBits(aBits, src));
    APFloat f(floatSemantics(dst));
    (void)f.convertFromAPInt(a, d.op == ScalarOpcode::SIToFP, kRNE);
    return encodeFloat(f, dst, ub);
  }
  case ScalarOpcode::FPToSI:
  case ScalarOpcode::FPToUI: {
    llvm::APSInt r(dstWidth, /*isUnsigned=*/d.op == ScalarOpcode::FPToUI);
    bool isExact = false;
    // rmTowardZero: C-style truncation. opInvalidOp flags NaN, infinities and
    // truncated values outside the result type, where LLVM yields poison
    // (the arith ops lower to LLVM's fptosi/fptoui, and so does IREE).
    APFloat::opStatus st =
        toAPFloat(aBits, src)
            .convertToInteger(r, APFloat::rmTowardZero, &isExact);
    if (st & APFloat::opInvalidOp) {
      ub = UBKind::FPToIntOutOfRange;
      return 0;
    }
    return fromAPInt(r);
  }
  case ScalarOpcode::ExtF:
    if (src == DType::F8E8M0FNU)
      return extendE8M0(aBits, dst, ub);
    return encodeFloat(roundTo(toAPFloat(aBits, src), dst), dst, ub);
  case ScalarOpcode::TruncF:
    return truncF(aBits, src, dst, d.predicate, ub);
  case ScalarOpcode::Bitcast:
    return truncBits(aBits, src);
  default:
    llvm_unreachable("not a cast");
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

static uint64_t evalExactImpl(const ScalarOpDesc &d, uint64_t a, uint64_t b,
                              uint64_t c, UBKind &ub) {
  DType t = d.type;
  switch (info(d.op).cls) {
  case OpClass::IntBinary:
    return evalIntBinary(d.op, t, a, b, d.flags, ub);
  case OpClass::IntUnary:
    return evalIntUnary(d.op, t, a);
  case OpClass::FloatUnary:
    return encodeFloat(evalFloatUnary(d.op, t, toAPFloat(a, t)), t, ub);
  case OpClass::FloatBinary:
    return encodeFloat(
        evalFloatBinary(d.op, t, toAPFloat(a, t), toAPFloat(b, t)), t, ub);
  case OpClass::FloatTernary: {
    APFloat r = toAPFloat(a, t);
    (void)r.fusedMultiplyAdd(toAPFloat(b, t), toAPFloat(c, t), kRNE);
    return encodeFloat(r, t, ub);
  }
  case OpClass::Select:
    return truncBits((a & 1) ? b : c, t);
  case OpClass::CmpI:
    return evalCmpI(static_cast<CmpIPred>(d.predicate), t, a, b);
  case OpClass::CmpF:
    return evalCmpF(static_cast<CmpFPred>(d.predicate), toAPFloat(a, t),
                    toAPFloat(b, t));
  case OpClass::Cast:
    return evalCast(d, a, ub);
  case OpClass::Scaling:
    return evalScaling(d, a, b, ub);
  case OpClass::FPowI:
    return evalFPowI(d, a, b, ub);
  case OpClass::Copy:
    return truncBits(a, t);
  }
  llvm_unreachable("bad op class");
}

uint64_t evalExact(const ScalarOpDesc &d, uint64_t a, uint64_t b, uint64_t c,
                   UBKind &ub) {
  ub = UBKind::None;
  uint64_t r = evalExactImpl(d, a, b, c, ub);
  // Lanes with undefined behaviour or poison produce 0 (the flag checks
  // compute the wrapped value first).
  return ub == UBKind::None ? r : 0;
}

namespace {

int exactBatch(const ScalarOpDesc &d, uint64_t *dst, const uint64_t *a,
               const uint64_t *b, const uint64_t *c, int n, UBKind &ub) {
  unsigned arity = numOperands(d.op);
  int firstUB = -1;
  ub = UBKind::None;
  for (int i = 0; i < n; ++i) {
    UBKind laneUB = UBKind::None;
    dst[i] =
        evalExact(d, a[i], arity > 1 ? b[i] : 0, arity > 2 ? c[i] : 0, laneUB);
    if (laneUB != UBKind::None && firstUB < 0) {
      firstUB = i;
      ub = laneUB;
    }
  }
  return firstUB;
}

} // namespace

// Always the same function, so that callers (and the tests) can tell whether
// selectFast found a specialized kernel by comparing pointers.
BatchFn selectExact(const ScalarOpDesc &d) { return &exactBatch; }

} // namespace ref
