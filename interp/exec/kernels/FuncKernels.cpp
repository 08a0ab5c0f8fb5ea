//===- FuncKernels.cpp - func.call -----------------------------------------===//
//
// func.return is a terminator: Interpreter::runBlock reads its operands.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace ref {

static LogicalResult callKernel(Operation *op, Frame &frame) {
  auto call = cast<func::CallOp>(op);
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, call.getCalleeAttr());
  if (!callee)
    return op->emitError("unknown function @") << call.getCallee();
  SmallVector<RtValue> args;
  for (Value v : call.getOperands())
    args.push_back(frame.get(v));
  auto results = frame.interp.callFunction(callee, args);
  if (failed(results))
    return failure();
  for (auto [r, v] : llvm::zip(call.getResults(), *results))
    frame.set(r, v);
  return success();
}

void registerFuncKernels(KernelRegistry &r) { r.add("func.call", callKernel); }

} // namespace ref
