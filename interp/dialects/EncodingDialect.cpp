//===- EncodingDialect.cpp - IREE's iree_encoding (packed_storage) --------===//

#include "interp/dialects/EncodingDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "interp/dialects/EncodingDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "interp/dialects/EncodingAttrs.cpp.inc"

namespace ref {
namespace encoding {

void IREEEncodingDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "interp/dialects/EncodingAttrs.cpp.inc"
      >();
}

} // namespace encoding

bool hasPackedStorage(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && isa_and_nonnull<encoding::PackedStorageAttr>(rt.getEncoding());
}

} // namespace ref
