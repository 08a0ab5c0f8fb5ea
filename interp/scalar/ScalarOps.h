//===- ScalarOps.h - Bit-exact scalar semantics of arith and math -*- C++ -*-===//
//
// Every scalar computation of the interpreter goes through this file: the
// element ops of `arith` and `math`, on raw bit patterns. Values are held as
// uint64_t: an integer keeps its low bitWidth bits (zero-extended, i1 is 0 or
// 1), a float keeps its IEEE (or f8/bf16) encoding in the low bits.
//
// Two implementations exist for each op:
//  - the exact path evaluates with APInt/APFloat exactly as MLIR's constant
//    folders do (round to the op's type after every op; libm for
//    transcendental f32/f64 functions, as the math folders call it);
//  - the fast path computes natively (and, for f16/bf16, in f32 where a
//    single f32 operation followed by one rounding to the narrow type is
//    provably the correctly rounded result: +, -, *, /, sqrt with p32 >= 2p+2).
// A unit test runs both on many operands; they must agree bit for bit, except
// that two NaNs compare equal whatever their payloads.
//
// Undefined behaviour (integer division by zero, signed division overflow)
// and poison (shift amounts not below the bit width, out-of-range
// float-to-int conversions, nsw/nuw overflow, `exact` violations) are not a
// crash: the op yields 0 and reports the kind; isPoison() tells the callers
// which kinds make a poison value rather than immediate undefined behaviour.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SCALAR_SCALAROPS_H
#define REF_SCALAR_SCALAROPS_H

#include "interp/support/DType.h"

#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace ref {

enum class ScalarOpcode : uint8_t {
  // Integer binary (type = operand = result type).
  AddI,
  SubI,
  MulI,
  DivSI,
  DivUI,
  RemSI,
  RemUI,
  CeilDivSI,
  CeilDivUI,
  FloorDivSI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  MaxSI,
  MaxUI,
  MinSI,
  MinUI,
  MulHiSI,   // high half of arith.mulsi_extended
  MulHiUI,   // high half of arith.mului_extended
  AddICarry, // carry of arith.addui_extended (result type i1)
  IPowI,     // math.ipowi
  // Integer unary.
  AbsI,
  CtPop,
  CtLz,
  CtTz,
  // Float binary.
  AddF,
  SubF,
  MulF,
  DivF,
  RemF,
  MaximumF, // NaN-propagating, -0 < +0
  MinimumF,
  MaxNumF, // NaN-ignoring (IEEE maxNum)
  MinNumF,
  PowF,
  Atan2,
  CopySign,
  // Float unary.
  NegF,
  AbsF,
  Exp,
  Exp2,
  ExpM1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sqrt,
  Rsqrt,
  Cbrt,
  Tanh,
  Sinh,
  Cosh,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Acosh,
  Asinh,
  Atanh,
  Erf,
  Erfc,
  Floor,
  Ceil,
  Round,     // half away from zero
  RoundEven, // half to even
  Trunc,
  // Float ternary.
  Fma,
  // Any type: select(cond:i1 in a, b, c); `type` is the type of b and c.
  Select,
  // Comparisons: `type` is the operand type, result is i1. `predicate` holds
  // the arith::CmpIPredicate / arith::CmpFPredicate value.
  CmpI,
  CmpF,
  // Casts: `type` is the source type, `resultType` the destination.
  ExtSI,
  ExtUI,
  TruncI,
  IndexCast,   // sign-extends or truncates
  IndexCastUI, // zero-extends or truncates
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  ExtF,
  TruncF,
  Bitcast,
  // arith.scaling_extf / arith.scaling_truncf: `type` is the input's type,
  // `resultType` the result's, `scaleType` the scale's; operand b is the
  // scale. ScalingTruncF's predicate holds the rounding mode, as TruncF's.
  ScalingExtF,
  ScalingTruncF,
  // math.fpowi: float base `a` of `type`, signed integer exponent `b` of
  // `scaleType`; powf(a, sitofp(b)) (see evalFPowI).
  FPowI,
  // Keep last.
  Copy, // result = a
};

/// Kinds of undefined behaviour a scalar op can hit: immediate undefined
/// behaviour, or a poison result (isPoison).
enum class UBKind : uint8_t {
  None,
  DivisionByZero,
  SignedDivisionOverflow, // INT_MIN / -1 and INT_MIN % -1
  // A NaN result in a float format without NaN (f4, f6): no value is right
  // (IREE's CPU emulation writes 0, MLIR's GPU expansion +6), immediate.
  NaNNotRepresentable,
  // Poison results (MLIR's ArithOps.td; LLVM's semantics for fptosi/fptoui).
  ShiftOutOfRange,
  FPToIntOutOfRange, // NaN, inf, or a value the result type cannot hold
  SignedWrap,        // `overflow<nsw>` and the result wrapped (signed)
  UnsignedWrap,      // `overflow<nuw>` and the result wrapped (unsigned)
  Inexact,           // `exact` and a non-zero remainder / bits shifted out
};
llvm::StringRef ubKindName(UBKind k);
/// Whether the kind makes the result poison (not immediate UB).
inline bool isPoison(UBKind k) { return k >= UBKind::ShiftOutOfRange; }

/// Poison-generating flags of an integer op (ScalarOpDesc::flags).
enum ScalarOpFlags : uint8_t {
  kFlagNSW = 1,   // addi/subi/muli/shli/trunci overflow<nsw>
  kFlagNUW = 2,   // addi/subi/muli/shli/trunci overflow<nuw>
  kFlagExact = 4, // divsi/divui/shrsi/shrui exact
};

/// Predicates in the numbering of arith::CmpIPredicate.
enum class CmpIPred : uint8_t { eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge };
/// Predicates in the numbering of arith::CmpFPredicate.
enum class CmpFPred : uint8_t {
  AlwaysFalse,
  OEQ,
  OGT,
  OGE,
  OLT,
  OLE,
  ONE,
  ORD,
  UEQ,
  UGT,
  UGE,
  ULT,
  ULE,
  UNE,
  UNO,
  AlwaysTrue
};

/// A fully typed scalar op.
struct ScalarOpDesc {
  ScalarOpcode op;
  DType type;       // operand type (for Select: type of the two values)
  DType resultType; // equals `type` except for casts and comparisons
  /// CmpI/CmpF: the predicate; TruncF, ScalingTruncF: the
  /// arith::RoundingMode.
  uint8_t predicate = 0;
  /// ScalarOpFlags (nsw, nuw, exact); only the exact path checks them.
  uint8_t flags = 0;
  /// ScalingExtF/ScalingTruncF: the type of the scale operand; FPowI: the
  /// type of the integer exponent.
  DType scaleType = DType::F8E8M0FNU;
};

/// The number of value operands the op reads (1, 2 or 3).
unsigned numOperands(ScalarOpcode op);
llvm::StringRef opcodeName(ScalarOpcode op);
/// Whether the op is defined for this operand/result type combination.
bool isSupported(const ScalarOpDesc &d);

/// Exact reference evaluation (APInt / APFloat).
uint64_t evalExact(const ScalarOpDesc &d, uint64_t a, uint64_t b, uint64_t c,
                   UBKind &ub);

/// A batch kernel: computes n lanes. Returns the first lane that hit undefined
/// behaviour (with its kind in `ub`), or -1. Lanes with UB produce 0.
using BatchFn = int (*)(const ScalarOpDesc &d, uint64_t *dst,
                        const uint64_t *a, const uint64_t *b,
                        const uint64_t *c, int n, UBKind &ub);

/// The fastest implementation available for `d` (falls back to the exact
/// path for exotic types).
BatchFn selectFast(const ScalarOpDesc &d);
/// The exact path as a batch kernel.
BatchFn selectExact(const ScalarOpDesc &d);

// Conversions used across the interpreter (exact, round to nearest even).
double floatBitsToDouble(uint64_t bits, DType t);
/// Rounds a double to `t` once (correctly rounded from the double value).
uint64_t doubleToFloatBits(double v, DType t);
/// Reads/writes a float of any dtype as an APFloat.
llvm::APFloat toAPFloat(uint64_t bits, DType t);
uint64_t fromAPFloat(const llvm::APFloat &f);
/// The bits of an APFloat result in `t`. In the formats without NaN and
/// infinity (f4E2M1FN, f6E2M3FN, f6E3M2FN) an infinity saturates to the
/// largest finite value of its sign, and a NaN sets `ub` to
/// NaNNotRepresentable and gives 0.
uint64_t encodeFloat(const llvm::APFloat &f, DType t, UBKind &ub);
/// arith.extf from f8E8M0FNU and arith.truncf to it, as MLIR's ExpandOps
/// (and so IREE) computes them: extf makes the byte an f32 exponent (0xFF is
/// NaN, 0x00 is +0.0), then rounds to `dst`; truncf keeps the f32 exponent
/// of the source's magnitude (NaN and infinities give 0xFF).
uint64_t extendE8M0(uint64_t bits, DType dst, UBKind &ub);
uint64_t truncateToE8M0(uint64_t bits, DType src);

} // namespace ref

#endif // REF_SCALAR_SCALAROPS_H
