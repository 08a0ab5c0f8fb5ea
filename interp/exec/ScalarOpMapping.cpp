//===- ScalarOpMapping.cpp - arith/math ops to scalar op descriptors -------===//

#include "interp/exec/ScalarOpMapping.h"
#include "interp/exec/Types.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace ref {

static std::optional<ScalarOpcode> opcodeFor(StringRef name) {
  using O = ScalarOpcode;
  return llvm::StringSwitch<std::optional<O>>(name)
      .Case("arith.addi", O::AddI)
      .Case("arith.subi", O::SubI)
      .Case("arith.muli", O::MulI)
      .Case("arith.divsi", O::DivSI)
      .Case("arith.divui", O::DivUI)
      .Case("arith.remsi", O::RemSI)
      .Case("arith.remui", O::RemUI)
      .Case("arith.ceildivsi", O::CeilDivSI)
      .Case("arith.ceildivui", O::CeilDivUI)
      .Case("arith.floordivsi", O::FloorDivSI)
      .Case("arith.andi", O::AndI)
      .Case("arith.ori", O::OrI)
      .Case("arith.xori", O::XOrI)
      .Case("arith.shli", O::ShLI)
      .Case("arith.shrsi", O::ShRSI)
      .Case("arith.shrui", O::ShRUI)
      .Case("arith.maxsi", O::MaxSI)
      .Case("arith.maxui", O::MaxUI)
      .Case("arith.minsi", O::MinSI)
      .Case("arith.minui", O::MinUI)
      .Case("arith.addf", O::AddF)
      .Case("arith.subf", O::SubF)
      .Case("arith.mulf", O::MulF)
      .Case("arith.divf", O::DivF)
      .Case("arith.remf", O::RemF)
      .Case("arith.maximumf", O::MaximumF)
      .Case("arith.minimumf", O::MinimumF)
      .Case("arith.maxnumf", O::MaxNumF)
      .Case("arith.minnumf", O::MinNumF)
      .Case("arith.negf", O::NegF)
      .Case("arith.select", O::Select)
      .Case("arith.cmpi", O::CmpI)
      .Case("arith.cmpf", O::CmpF)
      .Case("arith.extsi", O::ExtSI)
      .Case("arith.extui", O::ExtUI)
      .Case("arith.trunci", O::TruncI)
      .Case("arith.index_cast", O::IndexCast)
      .Case("arith.index_castui", O::IndexCastUI)
      .Case("arith.sitofp", O::SIToFP)
      .Case("arith.uitofp", O::UIToFP)
      .Case("arith.fptosi", O::FPToSI)
      .Case("arith.fptoui", O::FPToUI)
      .Case("arith.extf", O::ExtF)
      .Case("arith.truncf", O::TruncF)
      .Case("arith.bitcast", O::Bitcast)
      .Case("arith.scaling_extf", O::ScalingExtF)
      .Case("arith.scaling_truncf", O::ScalingTruncF)
      .Case("math.absi", O::AbsI)
      .Case("math.ctpop", O::CtPop)
      .Case("math.ctlz", O::CtLz)
      .Case("math.cttz", O::CtTz)
      .Case("math.ipowi", O::IPowI)
      .Case("math.absf", O::AbsF)
      .Case("math.exp", O::Exp)
      .Case("math.exp2", O::Exp2)
      .Case("math.expm1", O::ExpM1)
      .Case("math.log", O::Log)
      .Case("math.log2", O::Log2)
      .Case("math.log10", O::Log10)
      .Case("math.log1p", O::Log1p)
      .Case("math.sqrt", O::Sqrt)
      .Case("math.rsqrt", O::Rsqrt)
      .Case("math.cbrt", O::Cbrt)
      .Case("math.tanh", O::Tanh)
      .Case("math.sinh", O::Sinh)
      .Case("math.cosh", O::Cosh)
      .Case("math.sin", O::Sin)
      .Case("math.cos", O::Cos)
      .Case("math.tan", O::Tan)
      .Case("math.asin", O::Asin)
      .Case("math.acos", O::Acos)
      .Case("math.atan", O::Atan)
      .Case("math.atan2", O::Atan2)
      .Case("math.acosh", O::Acosh)
      .Case("math.asinh", O::Asinh)
      .Case("math.atanh", O::Atanh)
      .Case("math.erf", O::Erf)
      .Case("math.erfc", O::Erfc)
      .Case("math.powf", O::PowF)
      .Case("math.fpowi", O::FPowI)
      .Case("math.fma", O::Fma)
      .Case("math.floor", O::Floor)
      .Case("math.ceil", O::Ceil)
      .Case("math.round", O::Round)
      .Case("math.roundeven", O::RoundEven)
      .Case("math.trunc", O::Trunc)
      .Case("math.copysign", O::CopySign)
      .Default(std::nullopt);
}

static Type elementTypeOf(Type t) {
  if (auto st = dyn_cast<ShapedType>(t))
    return st.getElementType();
  return t;
}

LogicalResult describeScalarOp(Operation *op,
                               SmallVectorImpl<ScalarOpDesc> &out) {
  StringRef name = op->getName().getStringRef();
  // A type ref-run holds no values of (i6, from an arith.bitcast of an f6
  // type; ui8) is a refusal naming the op, as an unsupported one is.
  auto typeOf = [&](Type t) -> FailureOr<DType> {
    if (std::optional<DType> d = toDType(elementTypeOf(t)))
      return *d;
    (void)refuseElementType(op, t);
    return failure();
  };

  // addui_extended: the sum and its carry (sum < lhs, unsigned).
  if (name == "arith.addui_extended") {
    FailureOr<DType> t = typeOf(op->getOperand(0).getType());
    if (failed(t))
      return failure();
    out.push_back({ScalarOpcode::AddI, *t, *t});
    out.push_back({ScalarOpcode::AddICarry, *t, DType::I1});
    return success();
  }
  // Two-result ops: low and high halves of the double-width product.
  if (name == "arith.mulsi_extended" || name == "arith.mului_extended") {
    FailureOr<DType> t = typeOf(op->getOperand(0).getType());
    if (failed(t))
      return failure();
    bool isSigned = name == "arith.mulsi_extended";
    out.push_back({ScalarOpcode::MulI, *t, *t});
    out.push_back(
        {isSigned ? ScalarOpcode::MulHiSI : ScalarOpcode::MulHiUI, *t, *t});
    return success();
  }

  // StableHLO's element ops (interp/dialects/StablehloOps.td): one name for
  // every element type, so the opcode follows the type (integers signed,
  // i1 a boolean: add is or, multiply is and).
  if (name.starts_with("stablehlo.")) {
    if (op->getNumOperands() != 2 || op->getNumResults() != 1)
      return success(); // reduce_window, constant, return: not elementwise
    FailureOr<DType> t = typeOf(op->getOperand(0).getType());
    if (failed(t))
      return failure();
    bool flt = isFloat(*t), boolean = *t == DType::I1;
    std::optional<ScalarOpcode> code =
        llvm::StringSwitch<std::optional<ScalarOpcode>>(name)
            .Case("stablehlo.add", boolean ? ScalarOpcode::OrI
                                   : flt   ? ScalarOpcode::AddF
                                           : ScalarOpcode::AddI)
            .Case("stablehlo.subtract",
                  boolean ? std::nullopt
                          : std::optional(flt ? ScalarOpcode::SubF
                                              : ScalarOpcode::SubI))
            .Case("stablehlo.multiply", boolean ? ScalarOpcode::AndI
                                        : flt   ? ScalarOpcode::MulF
                                                : ScalarOpcode::MulI)
            .Case("stablehlo.maximum", flt       ? ScalarOpcode::MaximumF
                                       : boolean ? ScalarOpcode::MaxUI
                                                 : ScalarOpcode::MaxSI)
            .Case("stablehlo.minimum", flt       ? ScalarOpcode::MinimumF
                                       : boolean ? ScalarOpcode::MinUI
                                                 : ScalarOpcode::MinSI)
            .Case("stablehlo.and",
                  flt ? std::nullopt : std::optional(ScalarOpcode::AndI))
            .Case("stablehlo.or",
                  flt ? std::nullopt : std::optional(ScalarOpcode::OrI))
            .Case("stablehlo.xor",
                  flt ? std::nullopt : std::optional(ScalarOpcode::XOrI))
            .Default(std::nullopt);
    ScalarOpDesc d{code.value_or(ScalarOpcode::Copy), *t, *t};
    if (!code || !isSupported(d))
      return op->emitError("'")
             << name << "' on " << getElementTypeOrSelf(op->getOperand(0))
             << " is not in the interpreter's StableHLO subset";
    out.push_back(d);
    return success();
  }

  std::optional<ScalarOpcode> opc = opcodeFor(name);
  if (!opc)
    return success();
  if (op->getNumResults() != 1)
    return op->emitError("unexpected result count for '") << name << "'";

  // Select's operand 0 is the condition; its value type is the result type.
  Type operandType = *opc == ScalarOpcode::Select
                         ? op->getResult(0).getType()
                         : op->getOperand(0).getType();
  FailureOr<DType> t = typeOf(operandType);
  FailureOr<DType> rt = typeOf(op->getResult(0).getType());
  if (failed(t) || failed(rt))
    return failure();
  ScalarOpDesc d{*opc, *t, *rt};
  if (auto cmpi = dyn_cast<arith::CmpIOp>(op))
    d.predicate = static_cast<uint8_t>(cmpi.getPredicate());
  else if (auto cmpf = dyn_cast<arith::CmpFOp>(op))
    d.predicate = static_cast<uint8_t>(cmpf.getPredicate());
  else if (auto truncf = dyn_cast<arith::TruncFOp>(op)) {
    if (auto mode = truncf.getRoundingmode())
      d.predicate = static_cast<uint8_t>(*mode);
  } else if (auto sTrunc = dyn_cast<arith::ScalingTruncFOp>(op)) {
    if (auto mode = sTrunc.getRoundingmode())
      d.predicate = static_cast<uint8_t>(*mode);
  }
  if (*opc == ScalarOpcode::ScalingExtF ||
      *opc == ScalarOpcode::ScalingTruncF || *opc == ScalarOpcode::FPowI) {
    FailureOr<DType> st = typeOf(op->getOperand(1).getType());
    if (failed(st))
      return failure();
    d.scaleType = *st;
  }
  // Poison-generating flags: overflow<nsw, nuw> and exact.
  if (auto ovf = dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(op)) {
    if (ovf.hasNoSignedWrap())
      d.flags |= kFlagNSW;
    if (ovf.hasNoUnsignedWrap())
      d.flags |= kFlagNUW;
  }
  if (op->hasAttr("isExact") &&
      isa<arith::DivSIOp, arith::DivUIOp, arith::ShRSIOp, arith::ShRUIOp>(op))
    d.flags |= kFlagExact;
  // Not computed for this type (f8E8M0FNU arithmetic, a rounding mode
  // without a conversion): a refusal (ref-run's exit 8), named by the
  // result's element type for conversions to it.
  if (!isSupported(d)) {
    Type named = operandType;
    if (op->getNumResults() == 1 &&
        getElementTypeOrSelf(op->getResult(0).getType()) !=
            getElementTypeOrSelf(operandType) &&
        !getElementTypeOrSelf(op->getResult(0).getType()).isInteger(1))
      named = op->getResult(0).getType();
    return refuseElementType(op, named);
  }
  out.push_back(d);
  return success();
}

} // namespace ref
