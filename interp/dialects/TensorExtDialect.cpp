//===- TensorExtDialect.cpp - IREE's iree_tensor_ext bindings -------------===//

#include "interp/dialects/TensorExtDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

#include "interp/dialects/TensorExtDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "interp/dialects/TensorExtTypes.cpp.inc"

#define GET_OP_CLASSES
#include "interp/dialects/TensorExtOps.cpp.inc"

namespace ref {
namespace tensor_ext {

void TensorExtDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "interp/dialects/TensorExtTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "interp/dialects/TensorExtOps.cpp.inc"
      >();
}

static const char *const kAccessNames[] = {"readonly", "writeonly",
                                           "readwrite"};

/// `<readonly:tensor<4x?xf32>>`
Type DispatchTensorType::parse(AsmParser &parser) {
  StringRef keyword;
  Type bound;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&keyword) ||
      parser.parseColon() || parser.parseType(bound) || parser.parseGreater())
    return {};
  unsigned access = 0;
  while (access < 3 && keyword != kAccessNames[access])
    ++access;
  if (access == 3) {
    parser.emitError(loc, "expected readonly, writeonly or readwrite, got '")
        << keyword << "'";
    return {};
  }
  auto ranked = dyn_cast<RankedTensorType>(bound);
  if (!ranked) {
    parser.emitError(loc, "expected a ranked tensor type, got ") << bound;
    return {};
  }
  return DispatchTensorType::get(parser.getContext(), access, ranked);
}

void DispatchTensorType::print(AsmPrinter &p) const {
  p << "<" << kAccessNames[getAccess()] << ":" << getBound() << ">";
}

/// IREE's BitCastOp::verify: one dimension value per dynamic dimension of
/// the source and of the result (element types and sizes are free here; the
/// byte sizes are checked when the op runs).
static LogicalResult verifyDimCount(Operation *op, Type type, size_t count,
                                    StringRef what) {
  int64_t dyn = cast<RankedTensorType>(type).getNumDynamicDims();
  if (static_cast<int64_t>(count) != dyn)
    return op->emitOpError()
           << what << " type " << type << " has " << dyn
           << " dynamic dimensions but " << count
           << " dimension values are attached";
  return success();
}

LogicalResult BitCastOp::verify() {
  if (failed(verifyDimCount(*this, getSource().getType(),
                            getSourceDims().size(), "source")) ||
      failed(verifyDimCount(*this, getResult().getType(),
                            getResultDims().size(), "result")))
    return failure();
  return success();
}

} // namespace tensor_ext
} // namespace ref
