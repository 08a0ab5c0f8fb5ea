//===- FlowPhaseOps.cpp - flow.executable, flow.dispatch, flow.tensor.* ---===//
//
// The flow-phase ops of TestSupportOps.td: parsers and printers of IREE's
// syntax (FlowOps.cpp is the authority) and the verifier rules the
// interpreter relies on.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TestSupportDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace ref {
namespace flow {

static int64_t dynamicDimsOf(Type t) {
  auto shaped = dyn_cast<ShapedType>(t);
  return shaped && shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
}

/// `public`, `private` or `nested` before a symbol name.
static void parseVisibility(OpAsmParser &parser, OperationState &result) {
  StringRef vis;
  if (succeeded(
          parser.parseOptionalKeyword(&vis, {"public", "private", "nested"})))
    result.addAttribute("sym_visibility",
                        parser.getBuilder().getStringAttr(vis));
}

static void printVisibility(OpAsmPrinter &p, Operation *op) {
  if (auto vis = op->getAttrOfType<StringAttr>("sym_visibility"))
    p << " " << vis.getValue();
}

//===----------------------------------------------------------------------===//
// flow.executable
//===----------------------------------------------------------------------===//

ParseResult ExecutableOp::parse(OpAsmParser &parser, OperationState &result) {
  parseVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, "sym_name", result.attributes) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  return success();
}

void ExecutableOp::print(OpAsmPrinter &p) {
  printVisibility(p, *this);
  p << " ";
  p.printSymbolName(getSymName());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"sym_name", "sym_visibility"});
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

//===----------------------------------------------------------------------===//
// flow.executable.export
//===----------------------------------------------------------------------===//

// flow.executable.export public @name [as("fn")]
//     [workgroups(%a: index, ...) -> (index, index, index) { ... }]
ParseResult ExecutableExportOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  parseVisibility(parser, result);
  StringAttr name;
  if (parser.parseSymbolName(name, "sym_name", result.attributes))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("as"))) {
    FlatSymbolRefAttr fn;
    if (parser.parseLParen() ||
        parser.parseAttribute(fn, "function_ref", result.attributes) ||
        parser.parseRParen())
      return failure();
  }
  Region *count = result.addRegion();
  if (succeeded(parser.parseOptionalKeyword("workgroups"))) {
    SmallVector<OpAsmParser::Argument> args;
    SmallVector<Type> types;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseArrowTypeList(types) || parser.parseRegion(*count, args))
      return failure();
  }
  return parser.parseOptionalAttrDictWithKeyword(result.attributes);
}

void ExecutableExportOp::print(OpAsmPrinter &p) {
  printVisibility(p, *this);
  p << " ";
  p.printSymbolName(getSymName());
  if (auto fn = getFunctionRefAttr())
    p << " as(" << fn << ")";
  Region &count = getWorkgroupCount();
  if (!count.empty()) {
    p << " workgroups(";
    llvm::interleaveComma(count.getArguments(), p,
                          [&](BlockArgument a) { p.printRegionArgument(a); });
    p << ")";
    Type index = IndexType::get(getContext());
    p.printArrowTypeList(TypeRange{index, index, index});
    p << " ";
    p.printRegion(count, /*printEntryBlockArgs=*/false);
  }
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {"sym_name", "sym_visibility", "function_ref"});
}

FunctionOpInterface ExecutableExportOp::lookupFunction() {
  auto exe = (*this)->getParentOfType<ExecutableOp>();
  StringRef fnName =
      getFunctionRef() ? *getFunctionRef() : StringRef(getSymName());
  for (auto inner : exe.getBody().front().getOps<ModuleOp>())
    if (auto fn = dyn_cast_or_null<FunctionOpInterface>(
            SymbolTable::lookupSymbolIn(inner, fnName)))
      return fn;
  return {};
}

//===----------------------------------------------------------------------===//
// flow.dispatch
//===----------------------------------------------------------------------===//

/// `@ex::@entry` or `{@ex::@a, @ex::@b}`.
static ParseResult parseEntryPoints(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<Attribute> refs;
  auto parseOne = [&]() -> ParseResult {
    SymbolRefAttr ref;
    if (parser.parseAttribute(ref))
      return failure();
    refs.push_back(ref);
    return success();
  };
  if (succeeded(parser.parseOptionalLBrace())) {
    if (parser.parseCommaSeparatedList(parseOne) || parser.parseRBrace())
      return failure();
  } else if (parseOne()) {
    return failure();
  }
  result.addAttribute("entry_points", parser.getBuilder().getArrayAttr(refs));
  return success();
}

// ... : (tensor<?xf32>{%d}, index) -> (tensor<?xf32>{%d}, %a as tensor<4xf32>)
ParseResult DispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  SmallVector<OpAsmParser::UnresolvedOperand> workload, args, argDims,
      resultDims;
  if (parseEntryPoints(parser, result))
    return failure();
  if (succeeded(parser.parseOptionalLSquare()) &&
      (parser.parseOperandList(workload) || parser.parseRSquare()))
    return failure();
  SMLoc argsLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(args, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  // Argument types with their dims.
  SmallVector<Type> argTypes;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      Type &t = argTypes.emplace_back();
      if (parser.parseType(t))
        return failure();
      if (int64_t n = dynamicDimsOf(t))
        if (parser.parseOperandList(argDims, n, OpAsmParser::Delimiter::Braces))
          return failure();
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  if (argTypes.size() != args.size())
    return parser.emitError(argsLoc)
           << args.size() << " arguments but " << argTypes.size() << " types";
  // Results: a type, or `%arg` (tied, the argument's type) or
  // `%arg as type` (tied), each with its dims.
  SmallVector<Type> resultTypes;
  SmallVector<Attribute> tied;
  bool anyTied = false;
  auto parseResult = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand ref;
    OptionalParseResult isRef = parser.parseOptionalOperand(ref);
    int64_t tiedTo = -1;
    Type t;
    if (isRef.has_value()) {
      if (failed(*isRef))
        return failure();
      for (auto [i, a] : llvm::enumerate(args))
        if (a.name == ref.name && a.number == ref.number)
          tiedTo = static_cast<int64_t>(i);
      if (tiedTo < 0)
        return parser.emitError(ref.location, "tied result names no argument");
      t = argTypes[tiedTo];
      if (succeeded(parser.parseOptionalKeyword("as")) && parser.parseType(t))
        return failure();
      anyTied = true;
    } else if (parser.parseType(t)) {
      return failure();
    }
    if (int64_t n = dynamicDimsOf(t))
      if (parser.parseOperandList(resultDims, n,
                                  OpAsmParser::Delimiter::Braces))
        return failure();
    resultTypes.push_back(t);
    tied.push_back(b.getIndexAttr(tiedTo));
    return success();
  };
  if (parser.parseArrow())
    return failure();
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen())) {
      if (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen())
        return failure();
    }
  } else if (parseResult()) {
    return failure();
  }
  if (anyTied)
    result.addAttribute("tied_operands", b.getArrayAttr(tied));
  result.addAttribute(
      "operandSegmentSizes",
      b.getDenseI32ArrayAttr({static_cast<int32_t>(workload.size()),
                              static_cast<int32_t>(args.size()),
                              static_cast<int32_t>(argDims.size()),
                              static_cast<int32_t>(resultDims.size())}));
  Type index = b.getIndexType();
  if (parser.resolveOperands(workload, index, result.operands) ||
      parser.resolveOperands(args, argTypes, argsLoc, result.operands) ||
      parser.resolveOperands(argDims, index, result.operands) ||
      parser.resolveOperands(resultDims, index, result.operands))
    return failure();
  result.addTypes(resultTypes);
  return success();
}

void DispatchOp::print(OpAsmPrinter &p) {
  p << " ";
  ArrayAttr eps = getEntryPoints();
  if (eps.size() == 1) {
    p << eps[0];
  } else {
    p << "{";
    llvm::interleaveComma(eps, p);
    p << "}";
  }
  if (!getWorkload().empty())
    p << "[" << getWorkload() << "]";
  p << "(" << getArguments() << ")";
  p.printOptionalAttrDict((*this)->getAttrs(), {"entry_points", "tied_operands",
                                                "operandSegmentSizes"});
  p << " : (";
  ValueRange dims = getArgumentDims();
  for (auto [i, a] : llvm::enumerate(getArguments())) {
    if (i)
      p << ", ";
    p << a.getType();
    if (int64_t n = dynamicDimsOf(a.getType())) {
      p << "{" << dims.take_front(n) << "}";
      dims = dims.drop_front(n);
    }
  }
  p << ") -> ";
  bool paren = getNumResults() != 1;
  if (paren)
    p << "(";
  for (unsigned i = 0; i < getNumResults(); ++i) {
    if (i)
      p << ", ";
    Type t = getResult(i).getType();
    int64_t tiedTo = getTiedOperandIndex(i);
    if (tiedTo >= 0) {
      p << getArguments()[tiedTo];
      if (getArguments()[tiedTo].getType() != t)
        p << " as " << t;
    } else {
      p << t;
    }
    if (dynamicDimsOf(t))
      p << "{" << getResultDynamicDims(i) << "}";
  }
  if (paren)
    p << ")";
}

int64_t DispatchOp::getTiedOperandIndex(unsigned idx) {
  ArrayAttr tied = getTiedOperandsAttr();
  if (!tied || idx >= tied.size())
    return -1;
  auto i = dyn_cast<IntegerAttr>(tied[idx]);
  return i ? i.getInt() : -1;
}

ValueRange DispatchOp::getResultDynamicDims(unsigned idx) {
  int64_t start = 0;
  for (unsigned i = 0; i < idx; ++i)
    start += dynamicDimsOf(getResult(i).getType());
  return getResultDims().slice(start, dynamicDimsOf(getResult(idx).getType()));
}

ExecutableExportOp DispatchOp::lookupExport() {
  if (getEntryPoints().empty())
    return {};
  auto ref = dyn_cast<SymbolRefAttr>(getEntryPoints()[0]);
  if (!ref)
    return {};
  return dyn_cast_or_null<ExecutableExportOp>(
      SymbolTable::lookupNearestSymbolFrom(*this, ref));
}

LogicalResult DispatchOp::verify() {
  if (getEntryPoints().empty())
    return emitOpError("needs an entry point");
  int64_t argDims = 0, resultDims = 0;
  for (Value a : getArguments())
    argDims += dynamicDimsOf(a.getType());
  for (Type t : getResultTypes())
    resultDims += dynamicDimsOf(t);
  if (argDims != static_cast<int64_t>(getArgumentDims().size()) ||
      resultDims != static_cast<int64_t>(getResultDims().size()))
    return emitOpError("dynamic dimension values do not match the types");
  if (ArrayAttr tied = getTiedOperandsAttr()) {
    if (tied.size() != getNumResults())
      return emitOpError("tied_operands must have one entry per result");
    for (unsigned i = 0; i < getNumResults(); ++i) {
      int64_t t = getTiedOperandIndex(i);
      if (t >= static_cast<int64_t>(getArguments().size()))
        return emitOpError("result ") << i << " is tied to no argument";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// flow.tensor.update
//===----------------------------------------------------------------------===//

ParseResult TensorUpdateOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand update, target, tiedRef;
  SmallVector<OpAsmParser::UnresolvedOperand> starts, updateDims, targetDims;
  Type updateType, targetType;
  if (parser.parseOperand(update) || parser.parseComma() ||
      parser.parseOperand(target) ||
      parser.parseOperandList(starts, OpAsmParser::Delimiter::Square) ||
      parser.parseColon() || parser.parseType(updateType))
    return failure();
  if (int64_t n = dynamicDimsOf(updateType))
    if (parser.parseOperandList(updateDims, n, OpAsmParser::Delimiter::Braces))
      return failure();
  if (parser.parseArrow() || parser.parseOperand(tiedRef) ||
      parser.parseKeyword("as") || parser.parseType(targetType))
    return failure();
  if (int64_t n = dynamicDimsOf(targetType))
    if (parser.parseOperandList(targetDims, n, OpAsmParser::Delimiter::Braces))
      return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Type index = parser.getBuilder().getIndexType();
  if (parser.resolveOperand(target, targetType, result.operands) ||
      parser.resolveOperands(targetDims, index, result.operands) ||
      parser.resolveOperands(starts, index, result.operands) ||
      parser.resolveOperand(update, updateType, result.operands) ||
      parser.resolveOperands(updateDims, index, result.operands))
    return failure();
  result.addAttribute("operandSegmentSizes",
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, static_cast<int32_t>(targetDims.size()),
                           static_cast<int32_t>(starts.size()), 1,
                           static_cast<int32_t>(updateDims.size())}));
  result.addTypes(targetType);
  return success();
}

void TensorUpdateOp::print(OpAsmPrinter &p) {
  p << " " << getUpdate() << ", " << getTarget() << "[" << getStartIndices()
    << "] : " << getUpdate().getType();
  if (!getUpdateDims().empty())
    p << "{" << getUpdateDims() << "}";
  p << " -> " << getTarget() << " as " << getResult().getType();
  if (!getTargetDims().empty())
    p << "{" << getTargetDims() << "}";
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"operandSegmentSizes"});
}

} // namespace flow
} // namespace ref
