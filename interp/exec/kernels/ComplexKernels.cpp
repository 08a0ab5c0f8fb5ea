//===- ComplexKernels.cpp - What is left of the complex dialect -----------===//
//
// Complex arithmetic is lowered to arith/math on the parts before the
// interpreter runs (ComplexLowering.h); at the top level of a function the
// remaining ops only build and take apart (real, imaginary) pairs.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace mlir;

namespace ref {

static LogicalResult constantKernel(Operation *op, Frame &frame) {
  auto cst = cast<complex::ConstantOp>(op);
  FailureOr<RtValue> v = scalarFromAttr(cst.getValue(), op->getLoc());
  if (failed(v))
    return failure();
  frame.set(cst.getResult(), *v);
  return success();
}

static LogicalResult createKernel(Operation *op, Frame &frame) {
  auto cre = cast<complex::CreateOp>(op);
  FailureOr<DType> t = getDType(cre.getType(), op->getLoc());
  if (failed(t))
    return failure();
  const RtValue &re = frame.get(cre.getReal());
  const RtValue &im = frame.get(cre.getImaginary());
  RtValue v = RtValue::ofComplex(*t, re.bits, im.bits);
  // A poison part makes the pair poison (the first origin is kept).
  v.setState(re.state() ? re.state() : im.state());
  frame.set(cre.getResult(), v);
  return success();
}

static LogicalResult partKernel(Operation *op, Frame &frame) {
  const RtValue &c = frame.get(op->getOperand(0));
  RtValue v = RtValue::ofScalar(complexPartType(c.dtype),
                                isa<complex::ReOp>(op) ? c.bits : c.imag);
  v.setState(c.state());
  frame.set(op->getResult(0), v);
  return success();
}

void registerComplexKernels(KernelRegistry &r) {
  r.add(complex::ConstantOp::getOperationName(), constantKernel);
  r.add(complex::CreateOp::getOperationName(), createKernel);
  r.add(complex::ReOp::getOperationName(), partKernel);
  r.add(complex::ImOp::getOperationName(), partKernel);
}

} // namespace ref
