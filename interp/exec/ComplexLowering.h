//===- ComplexLowering.h - complex dialect arithmetic to arith/math -*- C++ -*-===//
//
// The interpreter computes complex arithmetic exactly as IREE's code does:
// IREE's CPU and GPU pipelines run MLIR's ComplexToStandard conversion
// (`convert-complex-to-standard`, default options) before lowering to LLVM,
// so every complex op (add, mul, div, abs, exp, log, sqrt, pow, ...) becomes
// arith/math ops on the parts with MLIR's formulas (Smith's algorithm for
// division, the scaled hypot for abs, ...). Running the same conversion on
// the module before interpreting it gives the same formulas by construction;
// what is left of the complex dialect is complex.constant, create, re and im,
// which the interpreter implements as moves of the parts
// (docs/architecture.md, "Complex numbers").
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_COMPLEXLOWERING_H
#define REF_EXEC_COMPLEXLOWERING_H

#include "mlir/IR/BuiltinOps.h"

namespace ref {

/// Rewrites complex arithmetic in `module` into arith/math on the parts.
/// A module without complex ops is left untouched (no pass runs).
mlir::LogicalResult lowerComplexOps(mlir::ModuleOp module);

} // namespace ref

#endif // REF_EXEC_COMPLEXLOWERING_H
