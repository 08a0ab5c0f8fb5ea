//===- StablehloDialect.h - The StableHLO ops ref-run interprets -*- C++ -*-===//
//
// See StablehloOps.td. Also the window parameters of stablehlo.reduce_window,
// which the verifier and the kernel share (its shape rule:
// interp/support/WindowExtent.h).
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIALECTS_STABLEHLODIALECT_H
#define REF_DIALECTS_STABLEHLODIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "interp/support/WindowExtent.h"

#include "interp/dialects/StablehloDialect.h.inc"

#define GET_OP_CLASSES
#include "interp/dialects/StablehloOps.h.inc"

namespace ref::stablehlo {

/// The window parameters of a reduce_window, defaults filled in (strides
/// and dilations 1, padding 0), one entry per input dimension.
struct WindowParams {
  llvm::SmallVector<int64_t, 4> dims, strides, baseDilations, windowDilations,
      padLow, padHigh;
};

/// The parameters of `op` (null: its attributes do not have the input's
/// rank; the verifier says which).
std::optional<WindowParams> windowParams(ReduceWindowOp op);

} // namespace ref::stablehlo

#endif // REF_DIALECTS_STABLEHLODIALECT_H
