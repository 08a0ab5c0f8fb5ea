//===- LinalgExtDialect.h - IREE's iree_linalg_ext ops ----------*- C++ -*-===//
//
// The `iree_linalg_ext` dialect as the interpreter sees it: sort, scatter,
// gather, scan, topk, topk_v2, arg_compare, attention, online_attention,
// fft, quantize_affine, dequantize_affine and yield, with IREE's syntax and
// verifier rules. See LinalgExtOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIALECTS_LINALGEXT_LINALGEXTDIALECT_H
#define REF_DIALECTS_LINALGEXT_LINALGEXTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "interp/dialects/LinalgExt/LinalgExtDialect.h.inc"

namespace ref::linalg_ext {

/// Fails unless the op's shaped operands are all tensors or all memrefs.
mlir::LogicalResult verifyPureTensorOrBufferSemantics(mlir::Operation *op);

/// IREE verifies this through its LinalgExtInterface; we only need the check.
template <typename ConcreteType>
class PureTensorOrBufferSemantics
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      PureTensorOrBufferSemantics> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyPureTensorOrBufferSemantics(op);
  }
};

} // namespace ref::linalg_ext

#define GET_OP_CLASSES
#include "interp/dialects/LinalgExt/LinalgExtOps.h.inc"

#endif // REF_DIALECTS_LINALGEXT_LINALGEXTDIALECT_H
