//===- TestSupportKernels.cpp - util, flow and check ops -------------------===//
//
// The check ops follow IREE's check module: expect_eq compares the bytes of
// the two buffers (so -0 != +0 and a NaN equals the same NaN), almost_eq is
//   lhs == rhs || (isfinite(rhs) && |lhs - rhs| <= atol + rtol * |rhs|)
//              || (isnan(lhs) && isnan(rhs))
// (NumpyFuzzyCompare in IREE's runtime/src/iree/modules/check/module.cc)
// evaluated in f32 for types up to 32 bits and in f64 for f64, as IREE does.
// A failure names the first differing element with actual and expected.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/KernelUtils.h"
#include "interp/scalar/ScalarOps.h"
#include "interp/support/TextFormat.h"

#include <cmath>

using namespace mlir;

namespace ref {

static LogicalResult unfoldableConstantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                      cast<util::UnfoldableConstantOp>(op).getValue());
}

static LogicalResult dynamicConstantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                      cast<flow::TensorDynamicConstantOp>(op).getValue());
}

static LogicalResult barrierKernel(Operation *op, Frame &frame) {
  for (auto [r, v] : llvm::zip(op->getResults(), op->getOperands()))
    frame.set(r, frame.get(v));
  return success();
}

static void fail(Frame &frame, Operation *op, const std::string &what) {
  frame.interp.addCheckFailure(op->getName().getStringRef().str() + " at " +
                               formatLoc(op->getLoc()) + ": " + what);
}

static LogicalResult expectTrueFalse(Operation *op, Frame &frame,
                                     bool wantTrue) {
  const RtValue &v = frame.get(op->getOperand(0));
  if ((v.bits != 0) != wantTrue)
    fail(frame, op,
         "expected " + std::string(wantTrue ? "true" : "false") + ", got " +
             formatElement(v.bits, v.dtype));
  return success();
}
static LogicalResult expectTrueKernel(Operation *op, Frame &frame) {
  return expectTrueFalse(op, frame, true);
}
static LogicalResult expectFalseKernel(Operation *op, Frame &frame) {
  return expectTrueFalse(op, frame, false);
}

static LogicalResult expectAllTrueKernel(Operation *op, Frame &frame) {
  const Tensor &t = frame.getTensor(op->getOperand(0));
  for (int64_t i = 0; i < t.numElements(); ++i)
    if (t.load(i) == 0) {
      fail(frame, op,
           "element " + formatCoords(t.coordinates(i)) + " is false (" +
               formatElement(t.load(i), t.dtype()) + ")");
      return success();
    }
  return success();
}

/// Compares actual with expected; `almost` selects the tolerance rule.
static void compareTensors(Frame &frame, Operation *op, const Tensor &actual,
                           const Tensor &expected, bool almost, double atol,
                           double rtol) {
  if (actual.shape() != expected.shape()) {
    fail(frame, op,
         "shape mismatch: actual " +
             shapeTypeString(actual.shape(), actual.dtype()) +
             ", expected " +
             shapeTypeString(expected.shape(), expected.dtype()));
    return;
  }
  DType t = actual.dtype();
  bool wide = t == DType::F64;
  int64_t mismatches = 0, first = -1;
  for (int64_t i = 0; i < actual.numElements(); ++i) {
    uint64_t a = actual.load(i), e = expected.load(i);
    bool ok;
    if (!almost || !isFloat(t)) {
      ok = a == e;
    } else if (wide) {
      double l = floatBitsToDouble(a, t), r = floatBitsToDouble(e, t);
      ok = l == r ||
           (std::isfinite(r) && std::fabs(l - r) <= atol + rtol * std::fabs(r)) ||
           (std::isnan(l) && std::isnan(r));
    } else {
      float l = static_cast<float>(floatBitsToDouble(a, t));
      float r = static_cast<float>(floatBitsToDouble(e, t));
      ok = l == r || (std::isfinite(r) &&
                      std::fabs(l - r) <= static_cast<float>(atol) +
                                              static_cast<float>(rtol) *
                                                  std::fabs(r)) ||
           (std::isnan(l) && std::isnan(r));
    }
    if (!ok) {
      if (first < 0)
        first = i;
      ++mismatches;
    }
  }
  if (first < 0)
    return;
  fail(frame, op,
       "element " + formatCoords(actual.coordinates(first)) + ": expected " +
           formatElement(expected.load(first), t) + ", got " +
           formatElement(actual.load(first), t) + " (" +
           std::to_string(mismatches) + " of " +
           std::to_string(actual.numElements()) + " elements differ)");
}

static LogicalResult expectEqKernel(Operation *op, Frame &frame) {
  compareTensors(frame, op, frame.getTensor(op->getOperand(0)),
                 frame.getTensor(op->getOperand(1)), false, 0, 0);
  return success();
}

static LogicalResult expectEqConstKernel(Operation *op, Frame &frame) {
  auto expected =
      tensorFromAttr(cast<check::ExpectEqConstOp>(op).getValue(), op->getLoc());
  if (failed(expected))
    return failure();
  compareTensors(frame, op, frame.getTensor(op->getOperand(0)), *expected,
                 false, 0, 0);
  return success();
}

static LogicalResult expectAlmostEqKernel(Operation *op, Frame &frame) {
  auto c = cast<check::ExpectAlmostEqOp>(op);
  compareTensors(frame, op, frame.getTensor(c.getLhs()),
                 frame.getTensor(c.getRhs()), true,
                 c.getAtol().convertToDouble(), c.getRtol().convertToDouble());
  return success();
}

static LogicalResult expectAlmostEqConstKernel(Operation *op, Frame &frame) {
  auto c = cast<check::ExpectAlmostEqConstOp>(op);
  auto expected = tensorFromAttr(c.getValue(), op->getLoc());
  if (failed(expected))
    return failure();
  compareTensors(frame, op, frame.getTensor(c.getLhs()), *expected, true,
                 c.getAtol().convertToDouble(), c.getRtol().convertToDouble());
  return success();
}

void registerTestSupportKernels(KernelRegistry &r) {
  r.add("util.unfoldable_constant", unfoldableConstantKernel);
  r.add("util.optimization_barrier", barrierKernel);
  r.add("flow.tensor.dynamic_constant", dynamicConstantKernel);
  r.add("check.expect_true", expectTrueKernel);
  r.add("check.expect_false", expectFalseKernel);
  r.add("check.expect_all_true", expectAllTrueKernel);
  r.add("check.expect_eq", expectEqKernel);
  r.add("check.expect_eq_const", expectEqConstKernel);
  r.add("check.expect_almost_eq", expectAlmostEqKernel);
  r.add("check.expect_almost_eq_const", expectAlmostEqConstKernel);
}

} // namespace ref
