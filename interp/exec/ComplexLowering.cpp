//===- ComplexLowering.cpp - complex dialect arithmetic to arith/math -----===//

#include "interp/exec/ComplexLowering.h"

#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace ref {

/// The ops the interpreter runs itself (moves of parts).
static bool isKeptComplexOp(Operation *op) {
  return isa<complex::ConstantOp, complex::CreateOp, complex::ReOp,
             complex::ImOp>(op);
}

LogicalResult lowerComplexOps(ModuleOp module) {
  bool any = false;
  module.walk([&](Operation *op) {
    if (isa<complex::ComplexDialect>(op->getDialect()) &&
        !isKeptComplexOp(op)) {
      any = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!any)
    return success();
  // Named linalg ops verify the shape of their body (linalg.matmul wants
  // one mul and one add): those on complex values become linalg.generic
  // first, the same iteration space, maps and body.
  SmallVector<linalg::LinalgOp> named;
  module.walk([&](linalg::LinalgOp op) {
    if (isa<linalg::GenericOp>(op))
      return;
    for (Value v : op->getOperands())
      if (auto st = dyn_cast<ShapedType>(v.getType());
          st && isa<ComplexType>(st.getElementType())) {
        named.push_back(op);
        return;
      }
  });
  IRRewriter rewriter(module.getContext());
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    if (failed(linalg::generalizeNamedOp(rewriter, op)))
      return op->emitError("cannot generalize '")
             << op->getName() << "' on complex values";
  }
  // IREE's pipelines add the pass with its default options (complex range
  // "improved": Smith's division).
  PassManager pm(module.getContext(), module.getOperationName());
  pm.addPass(createConvertComplexToStandardPass());
  if (failed(pm.run(module)))
    return module.emitError("cannot lower the complex dialect ops to "
                            "arith/math (convert-complex-to-standard)");
  return success();
}

} // namespace ref
