//===- EncodingDialect.h - IREE's iree_encoding (packed_storage) -*- C++
//-*-===//
//
// `#iree_encoding.packed_storage` on tensor types; see EncodingDialect.td.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIALECTS_ENCODINGDIALECT_H
#define REF_DIALECTS_ENCODINGDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "interp/dialects/EncodingDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "interp/dialects/EncodingAttrs.h.inc"

namespace ref {
/// Whether `t` is a ranked tensor type with `#iree_encoding.packed_storage`.
bool hasPackedStorage(mlir::Type t);
} // namespace ref

#endif // REF_DIALECTS_ENCODINGDIALECT_H
