//===- FuncKernels.cpp - func.call, util.call, util globals ---------------===//
//
// func.return and util.return are terminators: Interpreter::runRegion reads
// their operands. Either call op may call a func.func or a util.func.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace ref {

static LogicalResult callKernel(Operation *op, Frame &frame) {
  auto calleeAttr = op->getAttrOfType<FlatSymbolRefAttr>("callee");
  auto callee =
      SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(op, calleeAttr);
  if (!callee)
    return op->emitError("unknown function ") << calleeAttr;
  SmallVector<RtValue> args;
  for (Value v : op->getOperands())
    args.push_back(frame.get(v));
  auto results = frame.interp.callFunction(callee, args);
  if (failed(results))
    return failure();
  for (auto [r, v] : llvm::zip(op->getResults(), *results))
    frame.set(r, v);
  return success();
}

// A global holds one value per interpreter (IREE: per module context); a
// tensor value is immutable, so loads and stores share it.
static LogicalResult globalLoadKernel(Operation *op, Frame &frame) {
  auto load = cast<util::GlobalLoadOp>(op);
  const RtValue *v = frame.interp.getGlobal(load.getGlobal());
  if (!v)
    return op->emitError("global @")
           << load.getGlobal()
           << " is read before it was set (no initial value, no store)";
  frame.set(load.getResult(), *v);
  return success();
}

static LogicalResult globalStoreKernel(Operation *op, Frame &frame) {
  auto store = cast<util::GlobalStoreOp>(op);
  frame.interp.setGlobal(store.getGlobal(), frame.get(store.getValue()));
  return success();
}

void registerFuncKernels(KernelRegistry &r) {
  r.add("func.call", callKernel);
  r.add("util.call", callKernel);
  r.add("util.global.load", globalLoadKernel);
  r.add("util.global.store", globalStoreKernel);
}

} // namespace ref
