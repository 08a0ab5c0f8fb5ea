//===- FlowPhaseKernels.cpp - flow.dispatch and its bindings --------------===//
//
// Runs flow-phase programs (iree-compile --compile-to=flow):
//  - `flow.dispatch @ex::@entry(...)` calls the export's function with one
//    binding per argument (the argument's value; index arguments pass as
//    they are) and one per result not tied to an argument (a fresh tensor
//    whose elements are never written). A dispatch writes its outputs with
//    `iree_tensor_ext.dispatch.tensor.store`, which replaces the binding's
//    value in the dispatch's frame; the results are the bindings' values when
//    the function returns. A tied result (`-> %arg`, readwrite) is its
//    argument's binding after the stores.
//  - `iree_tensor_ext.dispatch.tensor.load` reads a box of a binding; a load
//    or store of the whole binding hands the value through (with its
//    freedom), so a dispatch is exactly the ops of its body.
//  - `flow.tensor.{splat,empty,clone,load,store,slice,update}` move data
//    between dispatches.
// Out-of-bounds boxes are undefined behaviour (findings), as for
// tensor.extract_slice / insert_slice.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/TensorExtDialect.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/KernelUtils.h"

using namespace mlir;

namespace ref {

/// The box of a load or store: offsets, sizes, strides (static or from the
/// frame).
struct Box {
  SmallVector<int64_t> offsets, sizes, strides;
};

template <typename OpTy> static Box boxOf(OpTy op, Frame &frame) {
  Box b;
  b.offsets = mixedValues(frame, op.getStaticOffsets(), op.getOffsets());
  b.sizes = mixedValues(frame, op.getStaticSizes(), op.getSizes());
  b.strides = mixedValues(frame, op.getStaticStrides(), op.getStrides());
  return b;
}

static bool coversWhole(const Box &b, ArrayRef<int64_t> shape) {
  if (b.sizes.size() != shape.size())
    return false;
  for (size_t i = 0; i < shape.size(); ++i)
    if (b.offsets[i] != 0 || b.strides[i] != 1 || b.sizes[i] != shape[i])
      return false;
  return true;
}

/// Whether every element of the box lies inside `shape`; reports the first
/// dimension that does not otherwise.
static bool boxInBounds(Frame &frame, Operation *op, const Box &b,
                        ArrayRef<int64_t> shape, StringRef what) {
  for (size_t i = 0; i < shape.size(); ++i) {
    if (b.sizes[i] < 0) {
      reportUB(frame, op, "negative slice size", {}, false,
               what.str() + " dimension " + std::to_string(i));
      return false;
    }
    if (b.sizes[i] == 0)
      continue;
    int64_t first = b.offsets[i];
    int64_t last = first + (b.sizes[i] - 1) * b.strides[i];
    if (first < 0 || first >= shape[i] || last < 0 || last >= shape[i]) {
      reportUB(frame, op, "out-of-bounds slice", {}, false,
               what.str() + " dimension " + std::to_string(i) + ": elements " +
                   std::to_string(first) + ".." + std::to_string(last) +
                   " of " + std::to_string(shape[i]));
      return false;
    }
  }
  return true;
}

/// Calls fn(bigLinear, boxLinear) for every element of the box (row-major).
template <typename Fn>
static void forEachInBox(const Box &b, ArrayRef<int64_t> shape, Fn fn) {
  int64_t n = 1;
  for (int64_t s : b.sizes)
    n *= s;
  if (n == 0)
    return;
  Shape strides = rowMajorStrides(shape);
  SmallVector<int64_t> c(b.sizes.size(), 0);
  int64_t lin = 0;
  do {
    int64_t big = 0;
    for (size_t i = 0; i < c.size(); ++i)
      big += (b.offsets[i] + c[i] * b.strides[i]) * strides[i];
    fn(big, lin++);
  } while (nextCoords(c, b.sizes));
}

/// A copy of `src` with `shape` (same element count: unit dims added or
/// dropped), carrying its element states.
static RtValue reshapedCopy(const RtValue &src, ArrayRef<int64_t> shape) {
  Tensor t(src.tensor->dtype(), shape);
  std::memcpy(t.data(), src.tensor->data(), src.tensor->byteSize());
  for (int64_t i = 0, n = t.numElements(); i < n; ++i)
    if (uint8_t st = src.tensor->state(i))
      t.setState(i, st);
  t.compactUndef();
  RtValue v = RtValue::ofTensor(std::move(t));
  v.freedom = src.freedom;
  return v;
}

/// The shape of a (possibly rank-reducing) load's result: the box sizes
/// without the unit dims the result type drops.
static FailureOr<Shape> resultShape(Operation *op, RankedTensorType type,
                                    ArrayRef<int64_t> sizes) {
  int64_t rank = type.getRank();
  int64_t toDrop = static_cast<int64_t>(sizes.size()) - rank;
  Shape out;
  for (int64_t s : sizes) {
    int64_t r = static_cast<int64_t>(out.size());
    if (toDrop > 0 && s == 1 && (r >= rank || type.getDimSize(r) != 1)) {
      --toDrop;
      continue;
    }
    out.push_back(s);
  }
  if (toDrop != 0 || static_cast<int64_t>(out.size()) != rank)
    return op->emitError("box sizes ")
           << formatCoords(sizes) << " do not reduce to " << type;
  return out;
}

//===----------------------------------------------------------------------===//
// flow.dispatch
//===----------------------------------------------------------------------===//

static LogicalResult dispatchKernel(Operation *op, Frame &frame) {
  auto d = cast<flow::DispatchOp>(op);
  flow::ExecutableExportOp exp = d.lookupExport();
  if (!exp)
    return op->emitError("no flow.executable.export named ")
           << d.getEntryPoints()[0];
  FunctionOpInterface fn = exp.lookupFunction();
  if (!fn || fn.isExternal())
    return op->emitError("export @")
           << exp.getSymName() << " has no function with a body";
  SmallVector<RtValue> args;
  for (Value a : d.getArguments())
    args.push_back(frame.get(a));
  SmallVector<unsigned> resultArg;
  for (unsigned i = 0; i < d.getNumResults(); ++i) {
    int64_t tied = d.getTiedOperandIndex(i);
    if (tied >= 0) {
      resultArg.push_back(static_cast<unsigned>(tied));
      continue;
    }
    FailureOr<Tensor> t =
        allocTensor(frame, op, d.getResult(i).getType(),
                    indexValues(frame, d.getResultDynamicDims(i)));
    if (failed(t))
      return failure();
    t->markAllUndef();
    resultArg.push_back(args.size());
    args.push_back(RtValue::ofTensor(std::move(*t)));
  }
  Block &entry = fn.getFunctionBody().front();
  if (args.size() != entry.getNumArguments())
    return op->emitError("dispatch passes ")
           << args.size() << " bindings and values but @" << fn.getName()
           << " takes " << entry.getNumArguments();
  Frame inner(frame.interp);
  if (failed(frame.interp.runRegion(fn.getFunctionBody(), args, inner)))
    return failure();
  for (unsigned i = 0; i < d.getNumResults(); ++i) {
    RtValue v = inner.get(entry.getArgument(resultArg[i]));
    if (failed(checkShapeMatches(op, d.getResult(i).getType(),
                                 v.tensor->shape(), "result")))
      return failure();
    frame.set(d.getResult(i), std::move(v));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// iree_tensor_ext.dispatch.tensor.load / store
//===----------------------------------------------------------------------===//

static LogicalResult loadKernel(Operation *op, Frame &frame) {
  auto ld = cast<tensor_ext::LoadOp>(op);
  const RtValue &binding = frame.get(ld.getSource());
  const Tensor &src = *binding.tensor;
  Box b = boxOf(ld, frame);
  auto type = cast<RankedTensorType>(ld.getType());
  FailureOr<Shape> shape = resultShape(op, type, b.sizes);
  if (failed(shape))
    return failure();
  if (coversWhole(b, src.shape())) {
    frame.set(ld.getResult(), ArrayRef<int64_t>(*shape) == src.shape()
                                  ? binding
                                  : reshapedCopy(binding, *shape));
    return success();
  }
  FailureOr<Tensor> out = allocTensorOfShape(frame, op, type, *shape);
  if (failed(out))
    return failure();
  if (boxInBounds(frame, op, b, src.shape(), "source"))
    forEachInBox(b, src.shape(), [&](int64_t big, int64_t lin) {
      copyElement(*out, lin, src, big);
      if (uint8_t st = src.state(big))
        out->setState(lin, st);
    });
  out->compactUndef();
  frame.set(ld.getResult(), RtValue::ofTensor(std::move(*out)));
  return success();
}

static LogicalResult storeKernel(Operation *op, Frame &frame) {
  auto st = cast<tensor_ext::StoreOp>(op);
  const RtValue &value = frame.get(st.getValue());
  const RtValue &target = frame.get(st.getTarget());
  const Tensor &dst = *target.tensor;
  Box b = boxOf(st, frame);
  int64_t boxElements = 1;
  for (int64_t s : b.sizes)
    boxElements *= s;
  if (boxElements != value.tensor->numElements())
    return op->emitError("stored tensor has ")
           << value.tensor->numElements() << " elements but the box "
           << formatCoords(b.sizes) << " has " << boxElements;
  if (coversWhole(b, dst.shape())) {
    frame.set(st.getTarget(), value.tensor->shape() == dst.shape()
                                  ? value
                                  : reshapedCopy(value, dst.shape()));
    return success();
  }
  if (failed(
          frame.interp.checkAllocation(op->getLoc(), dst.dtype(), dst.shape())))
    return failure();
  Tensor out(dst);
  const Tensor &src = *value.tensor;
  if (boxInBounds(frame, op, b, dst.shape(), "target"))
    forEachInBox(b, dst.shape(), [&](int64_t big, int64_t lin) {
      copyElement(out, big, src, lin);
      out.setState(big, src.state(lin));
    });
  out.compactUndef();
  frame.set(st.getTarget(), RtValue::ofTensor(std::move(out)));
  return success();
}

static LogicalResult workloadOrdinalKernel(Operation *op, Frame &frame) {
  frame.set(op->getResult(0), frame.get(op->getOperand(0)));
  return success();
}

//===----------------------------------------------------------------------===//
// flow.tensor.*
//===----------------------------------------------------------------------===//

static LogicalResult splatKernel(Operation *op, Frame &frame) {
  auto sp = cast<flow::TensorSplatOp>(op);
  FailureOr<Tensor> t = allocTensor(frame, op, sp.getType(),
                                    indexValues(frame, sp.getResultDims()));
  if (failed(t))
    return failure();
  const RtValue &v = frame.get(sp.getValue());
  for (int64_t i = 0, n = t->numElements(); i < n; ++i) {
    t->store(i, v.bits);
    if (v.state())
      t->setState(i, v.state());
  }
  t->compactUndef();
  frame.set(sp.getResult(), RtValue::ofTensor(std::move(*t)));
  return success();
}

static LogicalResult emptyKernel(Operation *op, Frame &frame) {
  auto e = cast<flow::TensorEmptyOp>(op);
  FailureOr<Tensor> t = allocTensor(frame, op, e.getType(),
                                    indexValues(frame, e.getResultDims()));
  if (failed(t))
    return failure();
  t->markAllUndef();
  frame.set(e.getResult(), RtValue::ofTensor(std::move(*t)));
  return success();
}

static LogicalResult cloneKernel(Operation *op, Frame &frame) {
  // Tensors are immutable once published: the clone shares the value.
  frame.set(op->getResult(0), frame.get(op->getOperand(0)));
  return success();
}

/// The linear index of `indices` in `shape`, or -1 (reported) when out of
/// bounds.
static int64_t elementIndex(Frame &frame, Operation *op,
                            ArrayRef<int64_t> shape, ValueRange indexOps) {
  SmallVector<int64_t> idx = indexValues(frame, indexOps);
  if (idx.size() != shape.size()) {
    op->emitError("expected ") << shape.size() << " indices";
    return -2;
  }
  int64_t lin = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (idx[i] < 0 || idx[i] >= shape[i]) {
      reportUB(frame, op, "out-of-bounds element access", idx, true);
      return -1;
    }
    lin = lin * shape[i] + idx[i];
  }
  return lin;
}

static LogicalResult tensorLoadKernel(Operation *op, Frame &frame) {
  auto ld = cast<flow::TensorLoadOp>(op);
  const Tensor &t = frame.getTensor(ld.getSource());
  int64_t i = elementIndex(frame, op, t.shape(), ld.getIndices());
  if (i == -2)
    return failure();
  RtValue v = i < 0 ? RtValue::ofScalar(t.dtype(), 0) : loadScalar(t, i);
  if (i >= 0)
    v.setState(t.state(i));
  frame.set(ld.getResult(), v);
  return success();
}

static LogicalResult tensorStoreKernel(Operation *op, Frame &frame) {
  auto stOp = cast<flow::TensorStoreOp>(op);
  const Tensor &t = frame.getTensor(stOp.getTarget());
  int64_t i = elementIndex(frame, op, t.shape(), stOp.getIndices());
  if (i == -2)
    return failure();
  Tensor out(t);
  if (i >= 0) {
    const RtValue &v = frame.get(stOp.getValue());
    storeScalar(out, i, v);
    out.setState(i, v.state());
  }
  out.compactUndef();
  frame.set(stOp.getResult(), RtValue::ofTensor(std::move(out)));
  return success();
}

static LogicalResult sliceKernel(Operation *op, Frame &frame) {
  auto sl = cast<flow::TensorSliceOp>(op);
  const Tensor &src = frame.getTensor(sl.getSource());
  Box b;
  b.offsets = indexValues(frame, sl.getStartIndices());
  b.sizes = indexValues(frame, sl.getLengths());
  b.strides.assign(b.sizes.size(), 1);
  FailureOr<Tensor> out = allocTensorOfShape(frame, op, sl.getType(), b.sizes);
  if (failed(out))
    return failure();
  if (boxInBounds(frame, op, b, src.shape(), "source"))
    forEachInBox(b, src.shape(), [&](int64_t big, int64_t lin) {
      copyElement(*out, lin, src, big);
      if (uint8_t st = src.state(big))
        out->setState(lin, st);
    });
  out->compactUndef();
  frame.set(sl.getResult(), RtValue::ofTensor(std::move(*out)));
  return success();
}

static LogicalResult updateKernel(Operation *op, Frame &frame) {
  auto up = cast<flow::TensorUpdateOp>(op);
  const Tensor &dst = frame.getTensor(up.getTarget());
  const Tensor &src = frame.getTensor(up.getUpdate());
  Box b;
  b.offsets = indexValues(frame, up.getStartIndices());
  b.sizes.assign(src.shape().begin(), src.shape().end());
  b.strides.assign(b.sizes.size(), 1);
  if (b.offsets.size() != dst.shape().size() ||
      b.sizes.size() != dst.shape().size())
    return op->emitError("update and target ranks differ");
  if (failed(
          frame.interp.checkAllocation(op->getLoc(), dst.dtype(), dst.shape())))
    return failure();
  Tensor out(dst);
  if (boxInBounds(frame, op, b, dst.shape(), "target"))
    forEachInBox(b, dst.shape(), [&](int64_t big, int64_t lin) {
      copyElement(out, big, src, lin);
      out.setState(big, src.state(lin));
    });
  out.compactUndef();
  frame.set(up.getResult(), RtValue::ofTensor(std::move(out)));
  return success();
}

void registerFlowPhaseKernels(KernelRegistry &r) {
  r.add(flow::DispatchOp::getOperationName(), dispatchKernel);
  r.add(tensor_ext::LoadOp::getOperationName(), loadKernel);
  r.add(tensor_ext::StoreOp::getOperationName(), storeKernel);
  r.add(tensor_ext::WorkloadOrdinalOp::getOperationName(),
        workloadOrdinalKernel);
  r.add(flow::TensorSplatOp::getOperationName(), splatKernel);
  r.add(flow::TensorEmptyOp::getOperationName(), emptyKernel);
  r.add(flow::TensorCloneOp::getOperationName(), cloneKernel);
  r.add(flow::TensorLoadOp::getOperationName(), tensorLoadKernel);
  r.add(flow::TensorStoreOp::getOperationName(), tensorStoreKernel);
  r.add(flow::TensorSliceOp::getOperationName(), sliceKernel);
  r.add(flow::TensorUpdateOp::getOperationName(), updateKernel);
}

} // namespace ref
