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

#include <optional>

#include "interp/dialects/LinalgExt/LinalgExtDialect.h.inc"

namespace ref::linalg_ext {

/// How attention and online_attention print their attributes: IREE up to
/// 3.12 reads only an attribute dictionary (`{indexing_maps = ...}`), 3.13
/// only properties (`<{indexing_maps = ...}>`). Both parse here.
enum class AttentionSyntax { AttrDict, Properties };
/// The first IREE 3.x minor release that reads properties.
constexpr unsigned kFirstPropertiesMinor = 13;
/// The syntax a release reads, from its version ("3.13.0rc20261016", or
/// iree-compile --version's line); nullopt when no X.Y is found.
std::optional<AttentionSyntax>
attentionSyntaxForIreeVersion(llvm::StringRef version);
/// What the printer uses: set by setAttentionSyntax, else from the
/// environment variable REF_IREE_VERSION (difftest sets it to the version
/// of the IREE it drives, for the tools it runs), else Properties (the
/// pinned IREE 3.13).
AttentionSyntax attentionSyntax();
void setAttentionSyntax(AttentionSyntax syntax);

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
