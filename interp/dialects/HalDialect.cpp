//===- HalDialect.cpp - The hal ops of IREE's generated e2e tests ----------===//

#include "interp/dialects/HalDialect.h"
#include "interp/dialects/CodegenAttrDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace ref {
namespace hal {

/// IREE's custom<TypeAlias>: `tensor<4xi8>`, or `ENCODING as STORAGE` when
/// the ABI-facing type differs from the tensor's.
static ParseResult parseTypeAlias(OpAsmParser &parser, TypeAttr &encoding,
                                  Type &storage) {
  Type encodingType;
  if (parser.parseType(encodingType))
    return failure();
  storage = encodingType;
  if (succeeded(parser.parseOptionalKeyword("as")) &&
      parser.parseType(storage))
    return failure();
  encoding = TypeAttr::get(encodingType);
  return success();
}

static void printTypeAlias(OpAsmPrinter &p, Operation *, TypeAttr encoding,
                           Type storage) {
  if (encoding.getValue() != storage)
    p << encoding.getValue() << " as ";
  p << storage;
}

} // namespace hal
} // namespace ref

#include "interp/dialects/HalDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "interp/dialects/HalTypes.cpp.inc"

#define GET_OP_CLASSES
#include "interp/dialects/HalOps.cpp.inc"

namespace ref {
namespace hal {

Attribute HalDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  return codegen_attrs::parseOpaque(*this, parser, type);
}
// Only opaque attributes: MLIR prints those itself.
void HalDialect::printAttribute(Attribute, DialectAsmPrinter &) const {}

void HalDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "interp/dialects/HalTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "interp/dialects/HalOps.cpp.inc"
      >();
}

// IREE's runtime numerical types (iree/hal/buffer_view.h).
enum : uint32_t {
  kInteger = 0x10,
  kIntegerSigned = 0x11,
  kIntegerUnsigned = 0x12,
  kBoolean = 0x13,
  kFloatIEEE = 0x21,
  kFloatBrain = 0x22,
  kFloatComplex = 0x23,
  kFloat8E5M2 = 0x24,
  kFloat8E4M3FN = 0x25,
  kFloat8E5M2FNUZ = 0x26,
  kFloat8E4M3FNUZ = 0x27,
  kFloat8E8M0FNU = 0x28,
};

static uint32_t code(uint32_t numerical, uint32_t bits) {
  return (numerical << 24) | bits;
}

std::optional<uint32_t> ElementTypeOp::getTypeValue(Type type) {
  if (auto it = dyn_cast<IntegerType>(type)) {
    if (it.getWidth() == 1)
      return code(kBoolean, 8);
    uint32_t numerical = it.isSigned()     ? kIntegerSigned
                         : it.isUnsigned() ? kIntegerUnsigned
                                           : kInteger;
    return code(numerical, it.getWidth());
  }
  if (isa<Float8E5M2Type>(type))
    return code(kFloat8E5M2, 8);
  if (isa<Float8E4M3FNType>(type))
    return code(kFloat8E4M3FN, 8);
  if (isa<Float8E5M2FNUZType>(type))
    return code(kFloat8E5M2FNUZ, 8);
  if (isa<Float8E4M3FNUZType>(type))
    return code(kFloat8E4M3FNUZ, 8);
  if (isa<Float8E8M0FNUType>(type))
    return code(kFloat8E8M0FNU, 8);
  if (isa<Float16Type, Float32Type, Float64Type, Float128Type>(type))
    return code(kFloatIEEE, type.getIntOrFloatBitWidth());
  if (isa<BFloat16Type>(type))
    return code(kFloatBrain, 16);
  if (auto ct = dyn_cast<ComplexType>(type))
    if (ct.getElementType().isIntOrFloat())
      return code(kFloatComplex,
                  ct.getElementType().getIntOrFloatBitWidth() * 2);
  return std::nullopt;
}

LogicalResult ElementTypeOp::verify() {
  if (!getTypeValue(getType()))
    return emitOpError("type ") << getType() << " has no HAL element type";
  return success();
}

/// IREE's rule for the ABI type of an import or export: the same number of
/// dynamic dimensions as the tensor; the dynamic dims listed match the
/// tensor's. Storage sizes may differ, as IREE's verifier allows (its check
/// is disabled: "we are letting the user control the bitcasting"); the f64
/// demotion prints `tensor<4xf64> as tensor<4xf32>`. The kernels give such
/// an alias IREE's run-time meaning (HalKernels.cpp).
static LogicalResult verifyAlias(Operation *op, Type encoding,
                                 RankedTensorType tensor, ValueRange dims) {
  auto enc = dyn_cast<RankedTensorType>(encoding);
  if (!enc)
    return op->emitOpError("ABI type ") << encoding << " is not a tensor";
  if (enc.getNumDynamicDims() != tensor.getNumDynamicDims())
    return op->emitOpError("ABI type ")
           << enc << " and " << tensor
           << " differ in their number of dynamic dimensions";
  if (dims.size() != tensor.getNumDynamicDims())
    return op->emitOpError("expected ")
           << tensor.getNumDynamicDims() << " dynamic dims, got "
           << dims.size();
  return success();
}

LogicalResult TensorImportOp::verify() {
  return verifyAlias(*this, getTargetEncoding(),
                     cast<RankedTensorType>(getTarget().getType()),
                     getTargetDims());
}

LogicalResult TensorExportOp::verify() {
  return verifyAlias(*this, getSourceEncoding(),
                     cast<RankedTensorType>(getSource().getType()),
                     getSourceDims());
}

} // namespace hal
} // namespace ref
