//===- UtilFuncOps.cpp - util.func, util.call, util.global, ... -----------===//
//
// Syntax and verifier rules of IREE's input-level util ops, following IREE's
// UtilOps.td/UtilOps.cpp (written independently). The op classes are
// generated into TestSupportDialects.cpp; this file holds their custom
// parsers, printers and verifiers.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TestSupportDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;

namespace ref {
namespace util {

//===----------------------------------------------------------------------===//
// custom<SymbolVisibility>, custom<TypeOrAttr>
//===----------------------------------------------------------------------===//

// `public` is the default and IREE prints it explicitly.
ParseResult parseSymbolVisibility(OpAsmParser &parser, StringAttr &vis) {
  StringRef keyword;
  if (succeeded(parser.parseOptionalKeyword(&keyword,
                                            {"public", "private", "nested"})))
    vis = parser.getBuilder().getStringAttr(keyword);
  return success();
}

void printSymbolVisibility(OpAsmPrinter &p, Operation *, StringAttr vis) {
  p << (vis ? vis.getValue() : StringRef("public"));
}

// `= 42 : i32` (the type comes from the value), `: tensor<4xf32>` (no initial
// value), or `: i32 = 42 : index` (a value of another type).
ParseResult parseTypeOrAttr(OpAsmParser &parser, TypeAttr &type,
                            Attribute &value) {
  if (succeeded(parser.parseOptionalEqual())) {
    if (parser.parseAttribute(value))
      return failure();
    auto typed = dyn_cast<TypedAttr>(value);
    if (!typed)
      return parser.emitError(parser.getCurrentLocation(),
                              "expected a typed initial value");
    type = TypeAttr::get(typed.getType());
    return success();
  }
  Type t;
  if (parser.parseColonType(t))
    return failure();
  type = TypeAttr::get(t);
  if (succeeded(parser.parseOptionalEqual()) && parser.parseAttribute(value))
    return failure();
  return success();
}

void printTypeOrAttr(OpAsmPrinter &p, Operation *, TypeAttr type,
                     Attribute value) {
  auto typed = dyn_cast_if_present<TypedAttr>(value);
  if (!typed || typed.getType() != type.getValue()) {
    p << ": ";
    p.printAttribute(type);
    if (value)
      p << ' ';
  }
  if (value) {
    p << "= ";
    p.printAttribute(value);
  }
}

//===----------------------------------------------------------------------===//
// util.func
//===----------------------------------------------------------------------===//

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &b, ArrayRef<Type> args, ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return b.getFunctionType(args, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  // IREE prints the visibility even when it is the default.
  if (!getSymVisibilityAttr())
    p << " public";
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

//===----------------------------------------------------------------------===//
// util.return, util.call
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto fn = dyn_cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> expected = fn ? fn.getResultTypes() : ArrayRef<Type>();
  if (getOperandTypes() != TypeRange(expected))
    return emitOpError("operand types do not match the ")
           << (fn ? "function's result types" : "initializer's (none)");
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto fn = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (!fn)
    return emitOpError("'") << getCallee() << "' does not name a function";
  if (fn.getArgumentTypes() !=
          ArrayRef<Type>(llvm::to_vector(getOperandTypes())) ||
      fn.getResultTypes() != ArrayRef<Type>(llvm::to_vector(getResultTypes())))
    return emitOpError("types do not match the signature of @") << getCallee();
  return success();
}

//===----------------------------------------------------------------------===//
// util.global, util.global.load, util.global.store, util.initializer
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify() {
  if (auto value = getInitialValueAttr())
    if (cast<TypedAttr>(value).getType() != getType())
      return emitOpError("initial value type ")
             << cast<TypedAttr>(value).getType()
             << " does not match the global's type " << getType();
  return success();
}

static FailureOr<GlobalOp> lookupGlobal(Operation *op,
                                        SymbolTableCollection &symbolTable,
                                        FlatSymbolRefAttr name, Type type) {
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalOp>(op, name);
  if (!global)
    return op->emitOpError("undefined global: ") << name;
  if (global.getType() != type)
    return op->emitOpError("type ")
           << type << " does not match the type of global " << name << " ("
           << global.getType() << ")";
  return global;
}

LogicalResult
GlobalLoadOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      lookupGlobal(*this, symbolTable, getGlobalAttr(), getResult().getType());
  if (failed(global))
    return failure();
  if (getIsImmutable() && global->getIsMutable())
    return emitOpError("global ")
           << getGlobalAttr() << " is mutable but the load says immutable";
  return success();
}

LogicalResult
GlobalStoreOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      lookupGlobal(*this, symbolTable, getGlobalAttr(), getValue().getType());
  if (failed(global))
    return failure();
  // IREE: an immutable global is set once, by its initial value or during
  // module initialization; never by the functions a program exports.
  if (!global->getIsMutable()) {
    if (global->getInitialValueAttr())
      return emitOpError("global ")
             << getGlobalAttr()
             << " is immutable and has an initial value: it cannot be stored";
    auto fn = (*this)->getParentOfType<FunctionOpInterface>();
    if (!(*this)->getParentOfType<InitializerOp>() && fn && fn.isPublic())
      return emitOpError("global ")
             << getGlobalAttr()
             << " is immutable: only initializers may store it";
  }
  return success();
}

LogicalResult InitializerOp::verify() {
  Region &body = getBody();
  if (body.empty())
    return emitOpError("expected a body");
  if (body.getNumArguments() != 0)
    return emitOpError("expected no block arguments");
  return success();
}

} // namespace util
} // namespace ref
