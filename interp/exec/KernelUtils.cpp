//===- KernelUtils.cpp - Helpers shared by the op kernels ------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace ref {

void reportUB(Frame &frame, Operation *op, StringRef kind,
              ArrayRef<int64_t> coords, bool hasCoords, StringRef detail) {
  Finding f{kind.str(), op->getName().getStringRef().str(), op->getLoc(),
            Shape(coords.begin(), coords.end()), hasCoords, detail.str()};
  frame.interp.addFinding(std::move(f));
}

FailureOr<Tensor> allocTensor(Frame &frame, Operation *op, Type type,
                              ArrayRef<int64_t> dynSizes) {
  auto rt = dyn_cast<RankedTensorType>(type);
  if (!rt)
    return op->emitError("expected a ranked tensor type, got ") << type;
  Shape shape;
  unsigned next = 0;
  for (int64_t d : rt.getShape()) {
    if (ShapedType::isDynamic(d)) {
      if (next >= dynSizes.size())
        return op->emitError("missing dynamic size for ") << type;
      shape.push_back(dynSizes[next++]);
    } else {
      shape.push_back(d);
    }
  }
  return allocTensorOfShape(frame, op, type, shape);
}

FailureOr<Tensor> allocTensorOfShape(Frame &frame, Operation *op, Type type,
                                     ArrayRef<int64_t> shape) {
  FailureOr<DType> dt = getDType(type, op->getLoc());
  if (failed(dt))
    return failure();
  if (failed(checkShapeMatches(op, type, shape, "result")))
    return failure();
  if (failed(frame.interp.checkAllocation(op->getLoc(), *dt, shape)))
    return failure();
  return Tensor(*dt, shape);
}

LogicalResult setConstantResult(Operation *op, Frame &frame,
                                Attribute value) {
  if (auto elements = dyn_cast<ElementsAttr>(value)) {
    auto t = tensorFromAttr(elements, op->getLoc());
    if (failed(t))
      return failure();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(*t)));
    return success();
  }
  auto v = scalarFromAttr(value, op->getLoc());
  if (failed(v))
    return failure();
  frame.set(op->getResult(0), *v);
  return success();
}

SmallVector<int64_t> indexValues(Frame &frame, ValueRange operands) {
  SmallVector<int64_t> out;
  for (Value v : operands)
    out.push_back(frame.get(v).asIndex());
  return out;
}

SmallVector<int64_t> mixedValues(Frame &frame, ArrayRef<int64_t> statics,
                                 ValueRange dynamics) {
  SmallVector<int64_t> out;
  unsigned next = 0;
  for (int64_t s : statics) {
    if (ShapedType::isDynamic(s))
      out.push_back(frame.get(dynamics[next++]).asIndex());
    else
      out.push_back(s);
  }
  return out;
}

LogicalResult checkShapeMatches(Operation *op, Type type,
                                ArrayRef<int64_t> shape, StringRef what) {
  auto rt = cast<RankedTensorType>(type);
  if (rt.getRank() != static_cast<int64_t>(shape.size()))
    return op->emitError() << what << " has rank " << shape.size()
                           << " but the type is " << type;
  for (auto [i, d] : llvm::enumerate(rt.getShape())) {
    if (shape[i] < 0)
      return op->emitError() << what << " dimension " << i
                             << " has negative size " << shape[i];
    if (!ShapedType::isDynamic(d) && d != shape[i])
      return op->emitError() << what << " has shape "
                             << formatCoords(shape) << " but the type is "
                             << type;
  }
  return success();
}

std::string formatLoc(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
            Twine(fl.getColumn()))
        .str();
  if (auto nl = dyn_cast<NameLoc>(loc))
    return formatLoc(nl.getChildLoc());
  if (auto cl = dyn_cast<CallSiteLoc>(loc))
    return formatLoc(cl.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return formatLoc(fused.getLocations().front());
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

std::string formatCoords(ArrayRef<int64_t> coords) {
  std::string s = "[";
  for (size_t i = 0; i < coords.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(coords[i]);
  }
  return s + "]";
}

} // namespace ref
