//===- HalKernels.cpp - hal ops of IREE's generated e2e suites -------------===//
//
// A `!hal.buffer_view` is an RtValue holding a tensor and IREE's element
// type code (Value.h); `!hal.device` is a placeholder scalar (one device).
// `hal.tensor.import` checks what IREE's ABI checks at run time
// (hal.buffer_view.assert: element types compatible, same rank, same dims).
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/HalDialect.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/E2ETestModules.h"
#include "interp/exec/KernelUtils.h"
#include "interp/support/TextFormat.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace mlir;

namespace ref {

static LogicalResult devicesGetKernel(Operation *op, Frame &frame) {
  auto get = cast<hal::DevicesGetOp>(op);
  int64_t index = frame.get(get.getIndex()).asIndex();
  if (index != 0)
    return op->emitError("no HAL device #")
           << index << " (the interpreter has one device, #0)";
  frame.set(get.getResult(), RtValue::ofScalar(DType::I32, 0));
  return success();
}

static LogicalResult elementTypeKernel(Operation *op, Frame &frame) {
  auto et = cast<hal::ElementTypeOp>(op);
  std::optional<uint32_t> code = halElementTypeCode(et.getType());
  if (!code)
    return op->emitError("no HAL element type for ") << et.getType();
  frame.set(et.getResult(), RtValue::ofScalar(DType::I32, *code));
  return success();
}

static LogicalResult encodingTypeKernel(Operation *op, Frame &frame) {
  auto et = cast<hal::EncodingTypeOp>(op);
  if (et.getEncoding())
    return op->emitError("only the dense row-major encoding is supported");
  // IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR.
  frame.set(et.getResult(), RtValue::ofScalar(DType::I32, 1));
  return success();
}

/// Fences (the coarse-fences ABI of `$async` functions): the interpreter runs
/// synchronously, so every fence is reached when it is created and a wait
/// returns OK at once. A fence is a placeholder scalar; a null one
/// (`util.null`) is an empty RtValue, which IREE's waits skip as well.
static LogicalResult fenceCreateKernel(Operation *op, Frame &frame) {
  frame.set(op->getResult(0), RtValue::ofScalar(DType::I32, 1));
  return success();
}

static LogicalResult fenceAwaitKernel(Operation *op, Frame &frame) {
  // IREE's status: 0 is OK.
  frame.set(op->getResult(0), RtValue::ofScalar(DType::I32, 0));
  return success();
}

static LogicalResult fenceSignalKernel(Operation *, Frame &) {
  return success();
}

static LogicalResult tensorBarrierKernel(Operation *op, Frame &frame) {
  auto barrier = cast<hal::TensorBarrierOp>(op);
  for (auto [src, res] :
       llvm::zip_equal(barrier.getSources(), barrier.getResults()))
    frame.set(res, frame.get(src));
  return success();
}

static LogicalResult nullKernel(Operation *op, Frame &frame) {
  // A null reference: no tensor, no element type.
  frame.set(op->getResult(0), RtValue());
  return success();
}

/// Whether a buffer of element type `actual` satisfies an ABI expecting
/// `expected` (IREE's iree_hal_element_types_are_compatible: opaque matches
/// anything, integers of one width match each other, else exact).
static bool compatibleElementTypes(uint32_t actual, uint32_t expected) {
  uint32_t numerical = actual >> 24;
  if (numerical == 0)
    return true;
  auto isInt = [](uint32_t code) { return ((code >> 24) & 0xF0) == 0x10; };
  if (isInt(actual) && isInt(expected) &&
      (actual & 0xFF) == (expected & 0xFF))
    return true;
  return actual == expected;
}

static std::string typeCodeString(uint32_t code) {
  return llvm::formatv("{0:X8}", code).str();
}

FailureOr<RtValue> importBufferView(Operation *op, const RtValue &bv,
                                    RankedTensorType type,
                                    ArrayRef<int64_t> dynDims,
                                    StringRef what) {
  if (!bv.tensor)
    return op->emitError() << what << " is a null buffer view";
  std::optional<uint32_t> want = halElementTypeCode(type.getElementType());
  if (!want)
    return op->emitError() << "no HAL element type for " << type;
  if (!compatibleElementTypes(bv.halElementType, *want))
    return op->emitError() << what << " element type mismatch; expected "
                           << typeCodeString(*want) << " but have "
                           << typeCodeString(bv.halElementType);
  const Tensor &t = *bv.tensor;
  if (t.rank() != type.getRank())
    return op->emitError() << what << " shape rank mismatch; expected "
                           << type.getRank() << " but have " << t.rank();
  unsigned next = 0;
  for (auto [i, d] : llvm::enumerate(type.getShape())) {
    int64_t want = ShapedType::isDynamic(d)
                       ? (next < dynDims.size() ? dynDims[next++] : t.dim(i))
                       : d;
    if (t.dim(i) != want)
      return op->emitError()
             << what << " shape dimension " << i << " mismatch; expected "
             << want << " but have " << t.dim(i);
  }
  auto dt = getDType(type.getElementType(), op->getLoc());
  if (failed(dt))
    return failure();
  RtValue v = bv;
  v.halElementType = 0;
  if (t.dtype() != *dt) {
    // Compatible codes of another storage type (i1 data as i8): the same
    // bytes read as the tensor's type.
    if (storageBytes(t.dtype()) != storageBytes(*dt))
      return op->emitError() << what << " holds " << dtypeName(t.dtype())
                             << " data, not " << dtypeName(*dt);
    Tensor copy(*dt, t.shape());
    std::memcpy(copy.data(), t.data(), t.byteSize());
    v = RtValue::ofTensor(std::move(copy));
  }
  return v;
}

RtValue exportTensor(const RtValue &t, Type elementType) {
  RtValue v = t;
  v.halElementType = halElementTypeCode(elementType).value_or(0);
  return v;
}

static LogicalResult tensorImportKernel(Operation *op, Frame &frame) {
  auto imp = cast<hal::TensorImportOp>(op);
  auto type = cast<RankedTensorType>(imp.getTarget().getType());
  auto encoding = cast<RankedTensorType>(imp.getTargetEncoding());
  SmallVector<int64_t> dims = indexValues(frame, imp.getTargetDims());
  // The buffer is checked against the ABI type, then read as the tensor.
  auto v = importBufferView(op, frame.get(imp.getSource()), encoding, dims,
                            "tensor");
  if (failed(v))
    return failure();
  if (encoding != type) {
    // IREE imports sizeof(tensor type) bytes of the buffer (stream.tensor.
    // import after hal.buffer.assert's minimum length) and reads them as the
    // tensor: a bitcast of the leading bytes. The f64 demotion leaves
    // `tensor<Nxf64> as tensor<Nxf32>`: the f32 tensor is the first half of
    // the f64 buffer's bytes (docs/coverage.md, "f64 at the ABI").
    auto dt = getDType(type.getElementType(), op->getLoc());
    if (failed(dt))
      return failure();
    auto out = allocTensor(frame, op, type, dims);
    if (failed(out))
      return failure();
    if (out->byteSize() > v->tensor->byteSize())
      return op->emitError("the buffer holds ")
             << v->tensor->byteSize() << " bytes but " << type << " needs "
             << out->byteSize()
             << " (IREE's import asserts the buffer's minimum length)";
    std::memcpy(out->data(), v->tensor->data(), out->byteSize());
    frame.set(imp.getTarget(), RtValue::ofTensor(std::move(*out)));
    return success();
  }
  frame.set(imp.getTarget(), *v);
  return success();
}

static LogicalResult tensorExportKernel(Operation *op, Frame &frame) {
  auto exp = cast<hal::TensorExportOp>(op);
  auto type = cast<RankedTensorType>(exp.getSource().getType());
  auto encoding = cast<RankedTensorType>(exp.getSourceEncoding());
  const RtValue &src = frame.get(exp.getSource());
  if (encoding != type) {
    auto dt = getDType(encoding.getElementType(), op->getLoc());
    if (failed(dt))
      return failure();
    auto out = allocTensor(frame, op, encoding,
                           indexValues(frame, exp.getSourceDims()));
    if (failed(out))
      return failure();
    // IREE exports the tensor's own buffer (sizeof(tensor type) bytes) as a
    // buffer view of the encoding's shape and type, which reads its leading
    // bytes. A buffer smaller than the view (the f64 demotion's
    // `tensor<Nxf64> as tensor<Nxf32>`, iree-org/iree#24180) makes IREE's
    // runtime fail the call in hal.buffer_view.create (OUT_OF_RANGE): the
    // same error here.
    size_t have = src.tensor->byteSize(), need = out->byteSize();
    if (have < need)
      return op->emitError("buffer view byte length ")
             << need << " exceeds backing buffer byte length " << have
             << " (IREE's hal.buffer_view.create fails the call): the "
             << type << " result is exported as " << encoding
             << "; IREE's f64-to-f32 demotion keeps f64 at the ABI "
                "(iree-org/iree#24180), lower with "
                "--iree-input-demote-f64-to-f32=false";
    std::memcpy(out->data(), src.tensor->data(), need);
    frame.set(exp.getTarget(),
              exportTensor(RtValue::ofTensor(std::move(*out)),
                           encoding.getElementType()));
    return success();
  }
  frame.set(exp.getTarget(), exportTensor(src, type.getElementType()));
  return success();
}

static FailureOr<const Tensor *> bufferViewOperand(Operation *op,
                                                   Frame &frame) {
  const RtValue &bv = frame.get(op->getOperand(0));
  if (!bv.tensor)
    return op->emitError("null buffer view");
  return bv.tensor.get();
}

static LogicalResult bufferViewDimKernel(Operation *op, Frame &frame) {
  auto dim = cast<hal::BufferViewDimOp>(op);
  auto t = bufferViewOperand(op, frame);
  if (failed(t))
    return failure();
  uint64_t i = dim.getIndex().getZExtValue();
  if (i >= uint64_t((*t)->rank()))
    return op->emitError("dimension ")
           << i << " of a buffer view of rank " << (*t)->rank();
  frame.set(dim.getResult(), RtValue::ofScalar(DType::Index, (*t)->dim(i)));
  return success();
}

static LogicalResult bufferViewRankKernel(Operation *op, Frame &frame) {
  auto t = bufferViewOperand(op, frame);
  if (failed(t))
    return failure();
  frame.set(op->getResult(0), RtValue::ofScalar(DType::Index, (*t)->rank()));
  return success();
}

static LogicalResult bufferViewElementTypeKernel(Operation *op, Frame &frame) {
  const RtValue &bv = frame.get(op->getOperand(0));
  if (!bv.tensor)
    return op->emitError("null buffer view");
  frame.set(op->getResult(0), RtValue::ofScalar(DType::I32, bv.halElementType));
  return success();
}

void registerHalKernels(KernelRegistry &r) {
  r.add("hal.devices.get", devicesGetKernel);
  r.add("hal.element_type", elementTypeKernel);
  r.add("hal.encoding_type", encodingTypeKernel);
  r.add("hal.tensor.import", tensorImportKernel);
  r.add("hal.tensor.export", tensorExportKernel);
  r.add("hal.buffer_view.dim", bufferViewDimKernel);
  r.add("hal.buffer_view.rank", bufferViewRankKernel);
  r.add("hal.buffer_view.element_type", bufferViewElementTypeKernel);
  r.add("hal.tensor.barrier", tensorBarrierKernel);
  r.add("hal.fence.create", fenceCreateKernel);
  r.add("hal.fence.join", fenceCreateKernel);
  r.add("hal.fence.signal", fenceSignalKernel);
  r.add("hal.fence.await", fenceAwaitKernel);
  r.add("util.null", nullKernel);
}

} // namespace ref
