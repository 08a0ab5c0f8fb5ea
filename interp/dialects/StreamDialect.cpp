//===- StreamDialect.cpp - stream: #stream.parameter.named
//------------------===//
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

#include "interp/dialects/StreamDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "interp/dialects/StreamAttrs.cpp.inc"

namespace ref {

// FlowParameterAttr.cpp.
ParseResult parseNamedParameter(AsmParser &parser, StringAttr &scope,
                                StringAttr &key, DictionaryAttr &config);
void printNamedParameter(AsmPrinter &p, StringAttr scope, StringAttr key,
                         DictionaryAttr config);

Attribute stream::NamedParameterAttr::parse(AsmParser &parser, Type type) {
  StringAttr scope, key;
  DictionaryAttr config;
  if (failed(parseNamedParameter(parser, scope, key, config)))
    return {};
  if (!type && parser.parseColonType(type))
    return {};
  return get(parser.getContext(), type, scope, key, config);
}
void stream::NamedParameterAttr::print(AsmPrinter &p) const {
  printNamedParameter(p, getScope(), getKey(), getConfig());
}

void stream::StreamDialect::initialize() {
  addAttributes<NamedParameterAttr>();
}

} // namespace ref
