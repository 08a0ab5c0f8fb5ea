//===- FlowParameterAttr.cpp - #flow/#stream.parameter.named --------------===//
//
// The parameter attributes of IREE's flow and stream dialects, with the
// syntax of IREE's custom<ParameterReference> (TestSupportOps.td). Each
// dialect's generated attribute code lives in a file of its own (the
// generated parser functions are file-static and share a name).
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TestSupportDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#define GET_ATTRDEF_CLASSES
#include "interp/dialects/FlowAttrs.cpp.inc"

namespace ref {

// `<"scope"::"key">`, `<"key">`, either with `, {config}` (IREE's
// custom<ParameterReference> and the attributes' assembly format).
ParseResult parseNamedParameter(AsmParser &parser, StringAttr &scope,
                                StringAttr &key, DictionaryAttr &config) {
  std::string first;
  if (parser.parseLess() || parser.parseString(&first))
    return failure();
  if (succeeded(parser.parseOptionalColon())) {
    std::string second;
    if (parser.parseColon() || parser.parseString(&second))
      return failure();
    scope = parser.getBuilder().getStringAttr(first);
    key = parser.getBuilder().getStringAttr(second);
  } else {
    key = parser.getBuilder().getStringAttr(first);
  }
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(config))
    return failure();
  return parser.parseGreater();
}

void printNamedParameter(AsmPrinter &p, StringAttr scope, StringAttr key,
                         DictionaryAttr config) {
  p << "<";
  if (scope) {
    p.printString(scope.getValue());
    p << "::";
  }
  p.printString(key.getValue());
  if (config) {
    p << ", ";
    p.printAttribute(config);
  }
  p << ">";
}

Attribute flow::NamedParameterAttr::parse(AsmParser &parser, Type type) {
  StringAttr scope, key;
  DictionaryAttr config;
  if (failed(parseNamedParameter(parser, scope, key, config)))
    return {};
  if (!type && parser.parseColonType(type))
    return {};
  return get(parser.getContext(), type, scope, key, config);
}
void flow::NamedParameterAttr::print(AsmPrinter &p) const {
  printNamedParameter(p, getScope(), getKey(), getConfig());
}
void flow::FlowDialect::registerParameterAttr() {
  addAttributes<NamedParameterAttr>();
}

} // namespace ref
