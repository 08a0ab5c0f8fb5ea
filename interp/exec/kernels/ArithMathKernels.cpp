//===- ArithMathKernels.cpp - arith and math ops outside region bodies -----===//
//
// The same scalar semantics as inside region bodies (ScalarOpMapping), applied
// to scalar operands or elementwise to tensor operands. Element states
// (never written, poison) travel as in region bodies (RegionRunner): an op's
// result has its operands' first poison, or the poison it creates itself;
// select takes its chosen operand's state, or its condition's poison.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/exec/ScalarOpMapping.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;

namespace ref {

static LogicalResult constantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame, cast<arith::ConstantOp>(op).getValue());
}

LogicalResult elementwiseKernel(Operation *op, Frame &frame) {
  SmallVector<ScalarOpDesc, 2> descs;
  if (failed(describeScalarOp(op, descs)))
    return failure();
  if (descs.empty())
    return op->emitError("unsupported operation '") << op->getName() << "'";

  bool isSelect = descs[0].op == ScalarOpcode::Select;
  // The state of a result element from its operands' states.
  auto resultState = [&](const uint8_t *states, unsigned count,
                         uint64_t cond) -> uint8_t {
    if (isSelect) {
      if (states[0])
        return states[0];
      // The dropped side: the value of a read out of bounds is noted.
      if (uint8_t dropped = (cond & 1) ? states[2] : states[1];
          dropped >= kFirstPoison)
        noteMaskedRead(frame.interp, dropped, op);
      return (cond & 1) ? states[1] : states[2];
    }
    uint8_t s = kDefined;
    for (unsigned k = 0; k < count; ++k) {
      if (states[k] >= kFirstPoison)
        return states[k];
      s |= states[k];
    }
    return s;
  };
  // Reports immediate undefined behaviour; poison becomes the lane's state
  // (a lane that is poison already keeps its first origin).
  auto onLaneUB = [&](UBKind ub, uint8_t &state, ArrayRef<int64_t> coords,
                      bool hasCoords) {
    if (!isPoison(ub)) {
      reportUB(frame, op, ubKindName(ub), coords, hasCoords);
      return;
    }
    if (state < kFirstPoison)
      state = poisonStateOf(op, ub);
  };

  if (!isa<ShapedType>(op->getResult(0).getType())) {
    uint64_t in[3] = {0, 0, 0};
    uint8_t states[3] = {kDefined, kDefined, kDefined};
    unsigned count = op->getNumOperands();
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      in[i] = frame.get(v).bits;
      states[i] = frame.get(v).state();
    }
    for (auto [i, d] : llvm::enumerate(descs)) {
      uint64_t out = 0;
      UBKind ub = UBKind::None;
      uint8_t state = resultState(states, count, in[0]);
      if (selectFast(d)(d, &out, &in[0], &in[1], &in[2], 1, ub) >= 0)
        onLaneUB(ub, state, {}, false);
      RtValue rv = RtValue::ofScalar(d.resultType, out);
      rv.setState(state);
      frame.set(op->getResult(i), rv);
    }
    return success();
  }

  // Elementwise on tensors: every tensor operand has the result's shape; a
  // scalar operand (arith.select's i1 condition) applies to every element.
  SmallVector<const RtValue *, 3> ins;
  const Tensor *first = nullptr;
  for (Value v : op->getOperands()) {
    ins.push_back(&frame.get(v));
    if (ins.back()->isTensor() && !first)
      first = ins.back()->tensor.get();
  }
  ArrayRef<int64_t> shape = first->shape();
  for (const RtValue *v : ins)
    if (v->isTensor() && v->tensor->shape() != shape)
      return op->emitError("operand shapes differ at run time: ")
             << formatCoords(shape) << " vs " << formatCoords(v->tensor->shape());
  bool anyStates = false;
  for (const RtValue *v : ins)
    anyStates |= v->isTensor() ? v->tensor->hasUndef() : v->state() != 0;
  int64_t n = first->numElements();
  constexpr int kChunk = 1024;
  std::vector<uint64_t> buf(4 * kChunk);
  uint64_t *a = &buf[0], *b = &buf[kChunk], *c = &buf[2 * kChunk],
           *dst = &buf[3 * kChunk];
  uint64_t *operandBufs[3] = {a, b, c};
  // Per-lane states, filled only where an operand has some or the op
  // creates poison.
  std::vector<uint8_t> laneStates;
  for (auto [ri, d] : llvm::enumerate(descs)) {
    auto out =
        allocTensorOfShape(frame, op, op->getResult(ri).getType(), shape);
    if (failed(out))
      return failure();
    BatchFn fn = selectFast(d);
    for (int64_t base = 0; base < n; base += kChunk) {
      int m = static_cast<int>(std::min<int64_t>(kChunk, n - base));
      for (size_t k = 0; k < ins.size(); ++k) {
        if (!ins[k]->isTensor()) {
          std::fill_n(operandBufs[k], m, ins[k]->bits);
          continue;
        }
        for (int l = 0; l < m; ++l)
          operandBufs[k][l] = ins[k]->tensor->load(base + l);
      }
      if (anyStates) {
        laneStates.assign(m, kDefined);
        for (int l = 0; l < m; ++l) {
          uint8_t states[3] = {kDefined, kDefined, kDefined};
          for (size_t k = 0; k < ins.size(); ++k)
            states[k] = ins[k]->isTensor() ? ins[k]->tensor->state(base + l)
                                           : ins[k]->state();
          laneStates[l] = resultState(states, ins.size(), a[l]);
        }
      }
      // Unused operand buffers stay zero: batch kernels may read every lane.
      runBatch(fn, d, dst, a, b, c, m, [&](int lane, UBKind ub) {
        if (isPoison(ub) && laneStates.empty())
          laneStates.assign(m, kDefined);
        uint8_t dummy = kDefined;
        onLaneUB(ub, laneStates.empty() ? dummy : laneStates[lane],
                 out->coordinates(base + lane), true);
      });
      for (int l = 0; l < m; ++l)
        out->store(base + l, dst[l]);
      if (!laneStates.empty()) {
        for (int l = 0; l < m; ++l)
          if (laneStates[l] != kDefined)
            out->setState(base + l, laneStates[l]);
        laneStates.clear();
      }
    }
    out->compactUndef();
    frame.set(op->getResult(ri), RtValue::ofTensor(std::move(*out)));
  }
  return success();
}

static bool isArithOrMath(Operation *op) {
  return isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
}

void registerArithMathKernels(KernelRegistry &r) {
  r.add("arith.constant", constantKernel);
  r.addFallback(isArithOrMath, elementwiseKernel);
}

} // namespace ref
