//===- ScfKernels.cpp - scf.for, scf.if, scf.while -------------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace ref {

static LogicalResult forKernel(Operation *op, Frame &frame) {
  auto forOp = cast<scf::ForOp>(op);
  const RtValue &lbV = frame.get(forOp.getLowerBound());
  DType ivType = lbV.dtype;
  bool isUnsigned = forOp.getUnsignedCmp();
  int64_t lb = lbV.asIndex();
  int64_t ub = frame.get(forOp.getUpperBound()).asIndex();
  int64_t step = frame.get(forOp.getStep()).asIndex();
  if (step <= 0)
    return op->emitError("scf.for step must be positive, got ") << step;
  SmallVector<RtValue> iters;
  for (Value v : forOp.getInitArgs())
    iters.push_back(frame.get(v));
  Block &body = *forOp.getBody();
  auto inRange = [&](int64_t iv) {
    return isUnsigned ? static_cast<uint64_t>(iv) < static_cast<uint64_t>(ub)
                      : iv < ub;
  };
  for (int64_t iv = lb; inRange(iv);) {
    SmallVector<RtValue> args{RtValue::ofScalar(ivType, iv)};
    args.append(iters.begin(), iters.end());
    auto next = frame.interp.runBlock(body, args, frame);
    if (failed(next))
      return failure();
    iters = std::move(*next);
    // Stop instead of wrapping around at the top of the iv's range.
    int64_t nextIv;
    if (llvm::AddOverflow(iv, step, nextIv) ||
        truncBits(nextIv, ivType) != truncBits(nextIv, DType::I64))
      break;
    iv = signExtend(nextIv, ivType);
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

void registerScfKernels(KernelRegistry &r) {
  r.add("scf.for", forKernel);
  r.add("scf.if", ifKernel);
  r.add("scf.while", whileKernel);
}

} // namespace ref
