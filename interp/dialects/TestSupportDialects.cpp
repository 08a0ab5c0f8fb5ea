//===- TestSupportDialects.cpp - util, flow and check test ops -------------===//

#include "interp/dialects/TestSupportDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

#include "interp/dialects/UtilDialect.cpp.inc"
#include "interp/dialects/FlowDialect.cpp.inc"
#include "interp/dialects/CheckDialect.cpp.inc"

#define GET_OP_CLASSES
#include "interp/dialects/TestSupportOps.cpp.inc"

// The three dialects share one .td file; each registers only its own ops.
void ref::util::UtilDialect::initialize() {
  addOperations<UnfoldableConstantOp, OptimizationBarrierOp>();
}
void ref::flow::FlowDialect::initialize() {
  addOperations<TensorDynamicConstantOp>();
}
void ref::check::CheckDialect::initialize() {
  addOperations<ExpectTrueOp, ExpectFalseOp, ExpectAllTrueOp, ExpectEqOp,
                ExpectEqConstOp, ExpectAlmostEqOp, ExpectAlmostEqConstOp>();
}

namespace ref {
namespace util {

ParseResult UnfoldableConstantOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  TypedAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseAttribute(value))
    return failure();
  result.addAttribute("value", value);
  result.addTypes(value.getType());
  return success();
}

void UnfoldableConstantOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"value"});
  p << " ";
  p.printAttribute(getValue());
}

LogicalResult UnfoldableConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError("result type ")
           << getType() << " does not match the value's type "
           << getValue().getType();
  return success();
}

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  for (Value v : operands)
    inferred.push_back(v.getType());
  return success();
}

} // namespace util

namespace flow {
LogicalResult TensorDynamicConstantOp::verify() {
  auto valueType = cast<ShapedType>(getValue().getType());
  auto resultType = cast<RankedTensorType>(getType());
  if (valueType.getElementType() != resultType.getElementType() ||
      failed(verifyCompatibleShape(valueType.getShape(),
                                   resultType.getShape())))
    return emitOpError("value type ")
           << valueType << " is not compatible with result type "
           << resultType;
  return success();
}
} // namespace flow

namespace check {

static LogicalResult verifyConstMatches(Operation *op, Type lhsType,
                                        ElementsAttr value) {
  if (value.getShapedType() != lhsType)
    return op->emitOpError("constant type ")
           << value.getShapedType() << " does not match operand type "
           << lhsType;
  return success();
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyConstMatches(*this, getLhs().getType(), getValue());
}
LogicalResult ExpectAlmostEqConstOp::verify() {
  return verifyConstMatches(*this, getLhs().getType(), getValue());
}

/// Parses the optional tolerance tail of the almost-eq ops:
///   (`,` float)?                    (older IREE: positional atol)
///   (`,` `atol` float)? (`,` `rtol` float)?
static ParseResult parseTolerances(OpAsmParser &parser,
                                   OperationState &result) {
  Builder &b = parser.getBuilder();
  bool sawKeyword = false;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef name;
    double v;
    if (succeeded(parser.parseOptionalKeyword("atol"))) {
      name = "atol";
      sawKeyword = true;
    } else if (succeeded(parser.parseOptionalKeyword("rtol"))) {
      name = "rtol";
      sawKeyword = true;
    } else if (!sawKeyword && !result.attributes.get("atol")) {
      name = "atol";
    } else {
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'atol' or 'rtol'");
    }
    if (parser.parseFloat(v))
      return failure();
    result.addAttribute(name, b.getF32FloatAttr(static_cast<float>(v)));
  }
  return success();
}

static void printTolerances(OpAsmPrinter &p, FloatAttr atol, FloatAttr rtol) {
  if (atol && atol.getValueAsDouble() != static_cast<double>(1.e-4f))
    p << ", atol " << atol.getValue();
  if (rtol && !rtol.getValue().isZero())
    p << ", rtol " << rtol.getValue();
}

ParseResult ExpectAlmostEqOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type type;
  if (parser.parseLParen() || parser.parseOperand(lhs) ||
      parser.parseComma() || parser.parseOperand(rhs) ||
      parseTolerances(parser, result) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperands({lhs, rhs}, type, result.operands))
    return failure();
  return success();
}

void ExpectAlmostEqOp::print(OpAsmPrinter &p) {
  p << "(" << getLhs() << ", " << getRhs();
  printTolerances(p, getAtolAttr(), getRtolAttr());
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), {"atol", "rtol"});
  p << " : " << getLhs().getType();
}

ParseResult ExpectAlmostEqConstOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs;
  Attribute value;
  Type type;
  if (parser.parseLParen() || parser.parseOperand(lhs) ||
      parser.parseComma() || parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected an elements attribute");
  result.addAttribute("value", elements);
  if (parseTolerances(parser, result) || parser.parseRParen() ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type) ||
      parser.resolveOperand(lhs, type, result.operands))
    return failure();
  return success();
}

void ExpectAlmostEqConstOp::print(OpAsmPrinter &p) {
  p << "(" << getLhs() << ", ";
  p.printAttribute(getValue());
  printTolerances(p, getAtolAttr(), getRtolAttr());
  p << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), {"atol", "rtol", "value"});
  p << " : " << getLhs().getType();
}

} // namespace check
} // namespace ref
