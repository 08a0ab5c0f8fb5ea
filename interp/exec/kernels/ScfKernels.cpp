//===- ScfKernels.cpp - scf.for, scf.if, scf.while -------------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace ref {

static LogicalResult forKernel(Operation *op, Frame &frame) {
  auto forOp = cast<scf::ForOp>(op);
  const RtValue &lbV = frame.get(forOp.getLowerBound());
  DType ivType = lbV.dtype;
  bool isUnsigned = forOp.getUnsignedCmp();
  // Bounds and step as mathematical integers of the iv's type (signed or
  // unsigned per the comparison): the iv takes the values lb + k * step below
  // ub, never wrapping around past the top of its type.
  auto ext = [&](Value v) -> __int128 {
    uint64_t bits = frame.get(v).bits;
    return isUnsigned ? static_cast<__int128>(truncBits(bits, ivType))
                      : static_cast<__int128>(signExtend(bits, ivType));
  };
  __int128 lb = ext(forOp.getLowerBound()), ub = ext(forOp.getUpperBound()),
           step = ext(forOp.getStep());
  if (step <= 0)
    return op->emitError("scf.for step must be positive, got ")
           << static_cast<int64_t>(step);
  SmallVector<RtValue> iters;
  for (Value v : forOp.getInitArgs())
    iters.push_back(frame.get(v));
  Block &body = *forOp.getBody();
  for (__int128 iv = lb; iv < ub; iv += step) {
    SmallVector<RtValue> args{
        RtValue::ofScalar(ivType, static_cast<uint64_t>(iv))};
    args.append(iters.begin(), iters.end());
    auto next = frame.interp.runBlock(body, args, frame);
    if (failed(next))
      return failure();
    iters = std::move(*next);
  }
  for (auto [r, v] : llvm::zip(forOp.getResults(), iters))
    frame.set(r, v);
  return success();
}

static LogicalResult ifKernel(Operation *op, Frame &frame) {
  auto ifOp = cast<scf::IfOp>(op);
  bool cond = frame.get(ifOp.getCondition()).bits & 1;
  Region &region = cond ? ifOp.getThenRegion() : ifOp.getElseRegion();
  if (region.empty())
    return success();
  auto results = frame.interp.runBlock(region.front(), {}, frame);
  if (failed(results))
    return failure();
  for (auto [r, v] : llvm::zip(ifOp.getResults(), *results))
    frame.set(r, v);
  return success();
}

static LogicalResult whileKernel(Operation *op, Frame &frame) {
  auto whileOp = cast<scf::WhileOp>(op);
  SmallVector<RtValue> args;
  for (Value v : whileOp.getInits())
    args.push_back(frame.get(v));
  while (true) {
    auto before = frame.interp.runBlock(whileOp.getBefore().front(), args,
                                        frame);
    if (failed(before))
      return failure();
    // scf.condition(%cond) %forwarded...
    Operation *condOp = whileOp.getBefore().front().getTerminator();
    if (reportPoisonIn(frame, condOp, (*before)[0], "a loop condition"))
      return success(); // a finding: stop the loop rather than guess
    bool cond = (*before)[0].bits & 1;
    SmallVector<RtValue> forwarded(before->begin() + 1, before->end());
    if (!cond) {
      for (auto [r, v] : llvm::zip(whileOp.getResults(), forwarded))
        frame.set(r, v);
      return success();
    }
    auto after =
        frame.interp.runBlock(whileOp.getAfter().front(), forwarded, frame);
    if (failed(after))
      return failure();
    args = std::move(*after);
  }
}

/// cf.assert: the program aborts when the condition is false. IREE strips
/// assertions (global optimization by default, executables always), so
/// such a program has no output to compare: a finding, named as what it is.
static LogicalResult assertKernel(Operation *op, Frame &frame) {
  auto as = cast<cf::AssertOp>(op);
  const RtValue &c = frame.get(as.getArg());
  if (!c.poison && !(c.bits & 1))
    reportUB(frame, op, "failed assertion", {}, false, as.getMsg());
  return success();
}

void registerScfKernels(KernelRegistry &r) {
  r.add("cf.assert", assertKernel);
  r.add("scf.for", forKernel);
  r.add("scf.if", ifKernel);
  r.add("scf.while", whileKernel);
}

} // namespace ref
