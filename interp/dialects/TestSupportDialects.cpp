//===- TestSupportDialects.cpp - util, flow and check test ops -------------===//

#include "interp/dialects/TestSupportDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "interp/dialects/UtilDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "interp/dialects/UtilAttrs.cpp.inc"
#include "interp/dialects/FlowDialect.cpp.inc"
#include "interp/dialects/CheckDialect.cpp.inc"

// Custom directives of the util ops (UtilFuncOps.cpp).
namespace ref::util {
ParseResult parseSymbolVisibility(OpAsmParser &parser, StringAttr &vis);
void printSymbolVisibility(OpAsmPrinter &p, Operation *op, StringAttr vis);
ParseResult parseTypeOrAttr(OpAsmParser &parser, TypeAttr &type,
                            Attribute &value);
void printTypeOrAttr(OpAsmPrinter &p, Operation *op, TypeAttr type,
                     Attribute value);
} // namespace ref::util

#define GET_OP_CLASSES
#include "interp/dialects/TestSupportOps.cpp.inc"

// The three dialects share one .td file; each registers only its own ops.
void ref::util::UtilDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "interp/dialects/UtilAttrs.cpp.inc"
      >();
  addOperations<UnfoldableConstantOp, OptimizationBarrierOp, FuncOp, ReturnOp,
                CallOp, GlobalOp, GlobalLoadOp, GlobalStoreOp, InitializerOp,
                NullOp>();
}
void ref::flow::FlowDialect::initialize() {
  registerParameterAttr();
  addOperations<TensorConstantOp, TensorDynamicConstantOp, DispatchRegionOp,
                ReturnOp, TensorTieShapeOp, TensorBitCastOp, TensorReshapeOp,
                // The flow phase (FlowPhaseOps.cpp).
                ExecutableOp, ExecutableExportOp, DispatchOp, TensorSplatOp,
                TensorEmptyOp, TensorCloneOp, TensorLoadOp, TensorStoreOp,
                TensorSliceOp, TensorUpdateOp>();
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

/// Number of `?` dimensions of a shaped type (0 for other types).
static int64_t numDynamicDims(Type t) {
  auto shaped = dyn_cast<ShapedType>(t);
  return shaped && shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
}

static LogicalResult verifyDimCount(Operation *op, Type type, size_t count,
                                    StringRef what) {
  if (static_cast<int64_t>(count) != numDynamicDims(type))
    return op->emitOpError()
           << what << " type " << type << " has " << numDynamicDims(type)
           << " dynamic dimensions but " << count
           << " dimension values are attached";
  return success();
}

//===----------------------------------------------------------------------===//
// flow.dispatch.region
//===----------------------------------------------------------------------===//

ValueRange DispatchRegionOp::getResultDynamicDims(unsigned idx) {
  unsigned start = 0;
  for (unsigned i = 0; i < idx; ++i)
    start += numDynamicDims(getResultTypes()[i]);
  return getResultDims().slice(start, numDynamicDims(getResultTypes()[idx]));
}

LogicalResult DispatchRegionOp::verify() {
  Region &body = getBody();
  if (body.empty())
    return emitOpError("expected a body region");
  if (body.getNumArguments() != 0)
    return emitOpError("expected no block arguments");
  int64_t dims = 0;
  for (Type t : getResultTypes()) {
    if (!isa<RankedTensorType>(t))
      return emitOpError("only ranked tensor results are allowed");
    dims += numDynamicDims(t);
  }
  if (static_cast<int64_t>(getResultDims().size()) != dims)
    return emitOpError("results have ")
           << dims << " dynamic dimensions but " << getResultDims().size()
           << " dimension values are attached";
  for (Block &block : body) {
    auto ret = dyn_cast<ReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    if (ret->getOperandTypes() != getResultTypes())
      return ret.emitOpError("operand types do not match with parent results");
  }
  Region &count = getWorkgroupCount();
  if (count.empty())
    return success();
  if (count.getNumArguments() != getWorkload().size())
    return emitOpError("workload operands and workgroup count args mismatch (")
           << getWorkload().size() << " vs " << count.getNumArguments() << ")";
  for (auto [i, v, arg] : llvm::enumerate(getWorkload(), count.getArguments()))
    if (v.getType() != arg.getType())
      return emitOpError("workload value ")
             << i << " type mismatch; operand is " << v.getType()
             << " but region captures " << arg.getType();
  for (auto ret : count.getOps<ReturnOp>())
    if (ret.getNumOperands() != 3 ||
        !llvm::all_of(ret.getOperandTypes(),
                      [](Type t) { return t.isIndex(); }))
      return ret.emitOpError(
          "workgroup count region must return the XYZ dimension counts");
  return success();
}

/// `count(%a: index, ...) -> (index, index, index) { ... }` (optional).
static ParseResult parseCountRegion(OpAsmParser &parser, Region &region) {
  if (failed(parser.parseOptionalKeyword("count")))
    return success();
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Type> types;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true) ||
      parser.parseArrowTypeList(types))
    return failure();
  if (types.size() != 3 ||
      !llvm::all_of(types, [](Type t) { return t.isIndex(); }))
    return parser.emitError(parser.getCurrentLocation(),
                            "workgroup count region must return the XYZ "
                            "dimension counts");
  return parser.parseRegion(region, args, /*enableNameShadowing=*/false);
}

ParseResult DispatchRegionOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> workload, dims;
  SmallVector<Type> types;
  SMLoc workloadLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLSquare()) &&
      (parser.parseOperandList(workload) || parser.parseRSquare()))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            Type &t = types.emplace_back();
            if (parser.parseType(t))
              return failure();
            if (int64_t n = numDynamicDims(t))
              return parser.parseOperandList(dims, n,
                                             OpAsmParser::Delimiter::Braces);
            return success();
          }))
    return failure();
  Region *body = result.addRegion();
  Region *count = result.addRegion();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body) || parseCountRegion(parser, *count))
    return failure();
  // IREE's printer leaves out a `flow.return` without operands (and then
  // the block itself when nothing else is in it).
  if (body->empty())
    body->emplaceBlock();
  if (body->hasOneBlock() && !body->front().mightHaveTerminator()) {
    OpBuilder b(parser.getContext());
    b.setInsertionPointToEnd(&body->front());
    ReturnOp::create(b, result.location, ValueRange{});
  }
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {static_cast<int32_t>(dims.size()),
                           static_cast<int32_t>(workload.size())}));
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperands(dims, index, result.operands) ||
      parser.resolveOperands(workload, index, workloadLoc, result.operands))
    return failure();
  result.addTypes(types);
  return success();
}

void DispatchRegionOp::print(OpAsmPrinter &p) {
  if (!getWorkload().empty())
    p << "[" << getWorkload() << "]";
  p << " -> (";
  for (auto [i, t] : llvm::enumerate(getResultTypes())) {
    if (i)
      p << ", ";
    p << t;
    if (numDynamicDims(t))
      p << "{" << getResultDynamicDims(i) << "}";
  }
  p << ")";
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"operandSegmentSizes"});
  p << " ";
  bool printTerminator = true;
  if (!getBody().empty())
    if (Operation *term = getBody().front().getTerminator())
      printTerminator =
          term->getNumOperands() != 0 || !term->getAttrDictionary().empty();
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false, printTerminator);
  Region &count = getWorkgroupCount();
  if (count.empty())
    return;
  p << " count(";
  llvm::interleaveComma(count.getArguments(), p,
                        [&](BlockArgument a) { p.printRegionArgument(a); });
  p << ")";
  Type index = IndexType::get(getContext());
  p.printArrowTypeList(TypeRange{index, index, index});
  p << " ";
  p.printRegion(count, /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// flow.tensor.tie_shape, flow.tensor.bitcast
//===----------------------------------------------------------------------===//

LogicalResult TensorTieShapeOp::verify() {
  return verifyDimCount(*this, getResult().getType(), getDynamicDims().size(),
                        "result");
}

LogicalResult TensorBitCastOp::verify() {
  if (failed(verifyDimCount(*this, getSource().getType(),
                            getSourceDims().size(), "source")) ||
      failed(verifyDimCount(*this, getResult().getType(),
                            getResultDims().size(), "result")))
    return failure();
  return success();
}

LogicalResult TensorReshapeOp::verify() {
  if (failed(verifyDimCount(*this, getSource().getType(),
                            getSourceDims().size(), "source")) ||
      failed(verifyDimCount(*this, getResult().getType(),
                            getResultDims().size(), "result")))
    return failure();
  return success();
}

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
