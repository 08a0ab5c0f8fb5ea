//===- CodegenAttrDialects.cpp - iree_codegen, iree_gpu, iree_cpu, tosa ---===//

#include "interp/dialects/CodegenAttrDialects.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

#include "interp/dialects/IREECPUDialect.cpp.inc"
#include "interp/dialects/IREECodegenDialect.cpp.inc"
#include "interp/dialects/IREEGPUDialect.cpp.inc"
#include "interp/dialects/TosaAttrsDialect.cpp.inc"

namespace ref {
namespace codegen_attrs {

/// Any attribute of `dialect`: the parser has already checked that the body
/// is balanced (`<`, `(`, `[`, `{`, strings); its text is kept verbatim in an
/// opaque attribute of the dialect, which MLIR's printer writes back as
/// `#dialect.text` (or `#dialect<text>` when the text is not a pretty name).
Attribute parseOpaque(const Dialect &dialect, DialectAsmParser &parser,
                             Type type) {
  MLIRContext *ctx = dialect.getContext();
  return OpaqueAttr::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      StringAttr::get(ctx, dialect.getNamespace()), parser.getFullSymbolSpec(),
      type ? type : NoneType::get(ctx));
}

// Only opaque attributes exist in these dialects, and MLIR prints those
// itself: the printing hook has nothing to do.
#define REF_OPAQUE_ATTR_DIALECT(CLASS)                                         \
  void CLASS::initialize() {}                                                  \
  Attribute CLASS::parseAttribute(DialectAsmParser &parser, Type type) const { \
    return parseOpaque(*this, parser, type);                                   \
  }                                                                            \
  void CLASS::printAttribute(Attribute, DialectAsmPrinter &) const {}

REF_OPAQUE_ATTR_DIALECT(IREECodegenDialect)
REF_OPAQUE_ATTR_DIALECT(IREEGPUDialect)
REF_OPAQUE_ATTR_DIALECT(IREECPUDialect)

} // namespace codegen_attrs

namespace tosa_attrs {
using codegen_attrs::parseOpaque;
REF_OPAQUE_ATTR_DIALECT(TosaAttrsDialect)
} // namespace tosa_attrs

#undef REF_OPAQUE_ATTR_DIALECT

} // namespace ref
