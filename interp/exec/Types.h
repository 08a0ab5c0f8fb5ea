//===- Types.h - Between MLIR types/attributes and runtime values -*- C++ -*-===//

#ifndef REF_EXEC_TYPES_H
#define REF_EXEC_TYPES_H

#include "interp/exec/Value.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

namespace ref {

/// The interpreter's element type for an MLIR scalar type, if supported.
std::optional<DType> toDType(mlir::Type t);
mlir::Type toMlirType(mlir::MLIRContext *ctx, DType t);
/// The element type of a tensor type or the type itself; emits an error at
/// `loc` when it is not supported.
mlir::FailureOr<DType> getDType(mlir::Type t, mlir::Location loc);

/// Refuses an element type the interpreter does not compute (or an op does
/// not compute for it): emits "unsupported element type <T> for <op>" at
/// the op and records the refusal, so that ref-run exits with its own code
/// (kUnsupported, 8): the golden is unavailable, nothing is known to be
/// wrong. `elem` may be a shaped type (its element type is named). The
/// diagnostic may be continued with the reason (": ...").
mlir::InFlightDiagnostic refuseElementType(mlir::Operation *op,
                                           mlir::Type elem);
/// Whether an element type was refused since the last reset (any thread).
bool elementTypeRefused();
void resetElementTypeRefused();

/// Materializes a dense elements attribute (splat or not).
mlir::FailureOr<Tensor> tensorFromAttr(mlir::ElementsAttr attr,
                                       mlir::Location loc);
/// Raw bits of an integer or float attribute.
mlir::FailureOr<RtValue> scalarFromAttr(mlir::Attribute attr,
                                        mlir::Location loc);

} // namespace ref

#endif // REF_EXEC_TYPES_H
