//===- TensorKernels.cpp - tensor dialect ops -----------------------------===//
//
// Shape queries, element access and data movement of the tensor dialect.
//
// Every op that moves elements carries the "never written" mask of
// `tensor.empty` results along: a copied element is undef exactly when its
// source element was. Out-of-bounds element and slice accesses are undefined
// behaviour: they are recorded as findings and execution goes on with zeros
// (reads) or without the write (writes). Shape mismatches the verifier could
// not see (dynamic dims) are errors on the op.
//
// `tensor.yield` is a terminator read by the pad and generate kernels.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>
#include <cstring>

using namespace mlir;

namespace ref {

/// Lanes a region body runs at once (tensor.generate, tensor.pad).
static constexpr int kLanes = 256;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void setResultTensor(Frame &frame, Operation *op, Tensor &&t) {
  t.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(t)));
}

/// Sets a result whose elements sit at the same row-major positions as those
/// of `source` (reshapes, cast): the source's freedom carries over exactly.
static void setSameLayoutResult(Frame &frame, Operation *op, Tensor &&t,
                                Value source) {
  t.compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(t));
  rv.freedom = frame.get(source).freedom;
  frame.set(op->getResult(0), std::move(rv));
}

/// Gives every element of `t` the state of the scalar `v`.
static void fillState(Tensor &t, const RtValue &v) {
  if (v.undef)
    t.markAllUndef();
  else if (v.poison)
    for (int64_t i = 0, n = t.numElements(); i < n; ++i)
      t.setState(i, v.poison);
}

/// Gives `dst` the state (never written, poison) of every element of `src`
/// that has one (same count).
static void copyUndefMask(Tensor &dst, const Tensor &src) {
  if (!src.hasUndef())
    return;
  for (int64_t i = 0, n = src.numElements(); i < n; ++i)
    if (uint8_t st = src.state(i))
      dst.setState(i, st);
}

/// A copy of `src` (data and undef mask) as a value of `type`.
static FailureOr<Tensor> cloneTensor(Frame &frame, Operation *op, Type type,
                                     const Tensor &src) {
  if (auto rt = dyn_cast<RankedTensorType>(type))
    if (failed(checkShapeMatches(op, rt, src.shape(), "result")))
      return failure();
  if (failed(
          frame.interp.checkAllocation(op->getLoc(), src.dtype(), src.shape())))
    return failure();
  return Tensor(src);
}

/// Allocates a result of `type` (ranked or not) with a known `shape`.
static FailureOr<Tensor> allocAnyShape(Frame &frame, Operation *op, Type type,
                                       ArrayRef<int64_t> shape) {
  if (isa<RankedTensorType>(type))
    return allocTensorOfShape(frame, op, type, shape);
  FailureOr<DType> dt = getDType(type, op->getLoc());
  if (failed(dt))
    return failure();
  if (failed(frame.interp.checkAllocation(op->getLoc(), *dt, shape)))
    return failure();
  return Tensor(*dt, shape);
}

/// A result of `type` and `shape` holding the row-major bytes of `src`
/// unchanged (reshapes and bitcast).
static FailureOr<Tensor> relayout(Frame &frame, Operation *op, Type type,
                                  const Tensor &src, ArrayRef<int64_t> shape) {
  FailureOr<Tensor> out = allocAnyShape(frame, op, type, shape);
  if (failed(out))
    return failure();
  if (out->numElements() != src.numElements() ||
      out->byteSize() != src.byteSize())
    return op->emitError("cannot reshape ")
           << shapeTypeString(src.shape(), src.dtype()) << " to "
           << shapeTypeString(shape, out->dtype());
  if (src.byteSize())
    std::memcpy(out->data(), src.data(), src.byteSize());
  copyUndefMask(*out, src);
  return out;
}

/// Fills a freshly allocated (zeroed) tensor with scalar `v`.
static void fillTensor(Tensor &t, const RtValue &v) {
  if (t.numElements() == 0 ||
      (truncBits(v.bits, t.dtype()) == 0 && v.imag == 0))
    return;
  storeScalar(t, 0, v);
  size_t done = t.elementBytes(), total = t.byteSize();
  while (done < total) {
    size_t chunk = std::min(done, total - done);
    std::memcpy(t.data() + done, t.data(), chunk);
    done += chunk;
  }
}

/// Copies the box `shape` from `src` to `dst` (same element size). Element
/// `c` of the box is `src[srcBase + sum(c[d] * srcStrides[d])]` and goes to
/// `dst[dstBase + sum(c[d] * dstStrides[d])]`; every index must be in bounds.
/// Undef flags travel with the elements.
static void stridedCopy(Tensor &dst, int64_t dstBase,
                        ArrayRef<int64_t> dstStrides, const Tensor &src,
                        int64_t srcBase, ArrayRef<int64_t> srcStrides,
                        ArrayRef<int64_t> shape) {
  if (llvm::is_contained(shape, 0))
    return;
  // Drop unit dims and merge dims that are contiguous in both tensors, so
  // that a copy of whole rows becomes one long run.
  SmallVector<int64_t, 4> sh, ds, ss;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == 1)
      continue;
    if (!sh.empty() && ds.back() == dstStrides[d] * shape[d] &&
        ss.back() == srcStrides[d] * shape[d]) {
      sh.back() *= shape[d];
      ds.back() = dstStrides[d];
      ss.back() = srcStrides[d];
      continue;
    }
    sh.push_back(shape[d]);
    ds.push_back(dstStrides[d]);
    ss.push_back(srcStrides[d]);
  }
  if (sh.empty()) {
    sh.push_back(1);
    ds.push_back(1);
    ss.push_back(1);
  }

  int r = sh.size();
  int64_t inner = sh[r - 1], dIn = ds[r - 1], sIn = ss[r - 1];
  unsigned eb = src.elementBytes();
  bool contiguous = dIn == 1 && sIn == 1;
  bool trackUndef = src.hasUndef() || dst.hasUndef();
  SmallVector<int64_t, 4> idx(r - 1, 0);
  int64_t di = dstBase, si = srcBase;
  while (true) {
    if (contiguous) {
      std::memcpy(dst.data() + di * eb, src.data() + si * eb, inner * eb);
    } else {
      for (int64_t k = 0; k < inner; ++k)
        copyElement(dst, di + k * dIn, src, si + k * sIn);
    }
    if (trackUndef)
      for (int64_t k = 0; k < inner; ++k)
        dst.setState(di + k * dIn, src.state(si + k * sIn));
    int d = r - 2;
    for (; d >= 0; --d) {
      di += ds[d];
      si += ss[d];
      if (++idx[d] < sh[d])
        break;
      di -= ds[d] * sh[d];
      si -= ss[d] * sh[d];
      idx[d] = 0;
    }
    if (d < 0)
      break;
  }
}

/// The offsets, sizes and strides of a slice op at run time.
struct Slice {
  SmallVector<int64_t> offsets, sizes, strides;
};

template <typename OpTy> static Slice getSlice(OpTy op, Frame &frame) {
  return {mixedValues(frame, op.getStaticOffsets(), op.getOffsets()),
          mixedValues(frame, op.getStaticSizes(), op.getSizes()),
          mixedValues(frame, op.getStaticStrides(), op.getStrides())};
}

/// Checks the sizes of a slice of `shape`; a negative size is an error.
static LogicalResult checkSliceSizes(Operation *op, ArrayRef<int64_t> shape,
                                     const Slice &s) {
  if (s.sizes.size() != shape.size() || s.offsets.size() != shape.size() ||
      s.strides.size() != shape.size())
    return op->emitError("slice rank does not match the tensor's rank ")
           << shape.size();
  for (auto [d, size] : llvm::enumerate(s.sizes))
    if (size < 0)
      return op->emitError("slice dimension ")
             << d << " has negative size " << size;
  return success();
}

/// Checks that a slice stays within `shape` (the `what` tensor); reports the
/// first dimension it leaves as undefined behaviour. Returns true when it is
/// in bounds.
static bool checkSliceBounds(Frame &frame, Operation *op,
                             ArrayRef<int64_t> shape, const Slice &s,
                             StringRef what) {
  for (size_t d = 0; d < shape.size(); ++d) {
    if (s.sizes[d] == 0)
      continue;
    int64_t last;
    bool overflow =
        __builtin_mul_overflow(s.sizes[d] - 1, s.strides[d], &last) ||
        __builtin_add_overflow(last, s.offsets[d], &last);
    bool offsetInside = s.offsets[d] >= 0 && s.offsets[d] < shape[d];
    if (!overflow && offsetInside && last >= 0 && last < shape[d])
      continue;
    std::string where =
        what.str() + " dimension of size " + std::to_string(shape[d]);
    std::string reach =
        overflow && offsetInside
            ? "overflow the index range (" + where + ")"
            : "reach index " +
                  std::to_string(offsetInside ? last : s.offsets[d]) +
                  ", outside the " + where;
    std::string detail =
        "dimension " + std::to_string(d) + ": offset " +
        std::to_string(s.offsets[d]) + ", size " + std::to_string(s.sizes[d]) +
        ", stride " + std::to_string(s.strides[d]) + " " + reach +
        " (slice offsets " + formatCoords(s.offsets) + ", sizes " +
        formatCoords(s.sizes) + ", strides " + formatCoords(s.strides) + ")";
    reportUB(frame, op, "out-of-bounds slice", {}, false, detail);
    return false;
  }
  return true;
}

/// Element base and strides of a slice within a row-major tensor of `shape`.
static std::pair<int64_t, SmallVector<int64_t>>
sliceLayout(ArrayRef<int64_t> shape, const Slice &s) {
  Shape rowStrides = rowMajorStrides(shape);
  int64_t base = 0;
  SmallVector<int64_t> strides;
  for (size_t d = 0; d < shape.size(); ++d) {
    base += s.offsets[d] * rowStrides[d];
    strides.push_back(s.strides[d] * rowStrides[d]);
  }
  return {base, strides};
}

/// Slow path for slices that leave the tensor: calls `fn(bigLinear,
/// sliceLinear)` for each element of the slice that lies inside `bigShape`.
template <typename Fn>
static void forEachInBounds(ArrayRef<int64_t> bigShape, const Slice &s, Fn fn) {
  int64_t n = numElementsOf(s.sizes);
  size_t rank = bigShape.size();
  SmallVector<int64_t> c(rank, 0);
  for (int64_t lin = 0; lin < n; ++lin) {
    int64_t big = 0;
    bool inside = true;
    for (size_t d = 0; d < rank && inside; ++d) {
      int64_t i;
      if (__builtin_mul_overflow(c[d], s.strides[d], &i) ||
          __builtin_add_overflow(i, s.offsets[d], &i) || i < 0 ||
          i >= bigShape[d])
        inside = false;
      else
        big = big * bigShape[d] + i;
    }
    if (inside)
      fn(big, lin);
    for (int d = static_cast<int>(rank) - 1; d >= 0; --d) {
      if (++c[d] < s.sizes[d])
        break;
      c[d] = 0;
    }
  }
}

/// Sizes with the dims a rank-reducing slice drops removed.
static Shape reducedSizes(ArrayRef<int64_t> sizes,
                          const llvm::SmallBitVector &dropped) {
  Shape out;
  for (size_t d = 0; d < sizes.size(); ++d)
    if (d >= dropped.size() || !dropped[d])
      out.push_back(sizes[d]);
  return out;
}

/// Checks element coordinates against a tensor's shape; reports the access as
/// undefined behaviour of `kind` when it is out of bounds.
static bool checkElementIndex(Frame &frame, Operation *op, const Tensor &t,
                              ArrayRef<int64_t> idx, StringRef kind) {
  for (size_t k = 0; k < idx.size(); ++k) {
    if (idx[k] >= 0 && idx[k] < t.dim(k))
      continue;
    reportUB(frame, op, kind, idx, true,
             "index " + std::to_string(idx[k]) + " of dimension " +
                 std::to_string(k) + " (size " + std::to_string(t.dim(k)) +
                 ")");
    return false;
  }
  return true;
}

/// Runs the single-result body `region` of `op` once per element of `out`,
/// with the element's coordinates as block arguments, and stores the yielded
/// values. Elements of the box [skipLow, skipLow + skipSize) (when given) are
/// left alone: the body is not run there.
static LogicalResult evalBodyPerElement(Frame &frame, Operation *op,
                                        Region &region, Tensor &out,
                                        ArrayRef<int64_t> skipLow = {},
                                        ArrayRef<int64_t> skipSize = {}) {
  FailureOr<const CompiledRegion *> cr = frame.interp.getCompiledRegion(region);
  if (failed(cr))
    return failure();
  const CompiledRegion &body = **cr;
  int64_t rank = out.rank();
  if (body.numArgs() != rank || body.numResults() != 1)
    return op->emitError("expected a body with ")
           << rank << " index arguments and one yielded value";
  if (body.resultType(0) != out.dtype())
    return op->emitError("body yields ")
           << dtypeName(body.resultType(0)) << " for a tensor of "
           << dtypeName(out.dtype());
  int64_t n = out.numElements();
  if (n == 0)
    return success();
  int64_t inner = rank ? out.dim(rank - 1) : 1;
  int lanes = static_cast<int>(std::min<int64_t>(inner, kLanes));
  RegionRunner runner(body, frame, lanes);
  runner.keepPoison();
  Shape coords(rank, 0);
  int64_t rowBase = 0;

  // Runs the body on elements [from, to) of the current row.
  auto runSegment = [&](int64_t from, int64_t to) {
    for (int64_t start = from; start < to; start += lanes) {
      int m = static_cast<int>(std::min<int64_t>(lanes, to - start));
      if (rank) {
        coords[rank - 1] = start;
        for (int64_t d = 0; d < rank; ++d) {
          uint64_t *arg = runner.arg(d);
          for (int l = 0; l < m; ++l)
            arg[l] = static_cast<uint64_t>(coords[d] + (d == rank - 1 ? l : 0));
        }
      }
      runner.run(
          m, coords.data(), static_cast<int>(rank) - 1,
          [&](Operation *bodyOp, StringRef kind, int lane, StringRef detail) {
            Shape at = coords;
            if (rank)
              at[rank - 1] += lane;
            reportUB(frame, bodyOp, kind, at, true, detail);
          });
      const uint64_t *res = runner.result(0);
      if (isComplex(out.dtype())) {
        const uint64_t *im = runner.resultImag(0);
        for (int l = 0; l < m; ++l) {
          out.storePart(rowBase + start + l, 0, res[l]);
          out.storePart(rowBase + start + l, 1, im[l]);
        }
      } else {
        for (int l = 0; l < m; ++l)
          out.store(rowBase + start + l, res[l]);
      }
      if (runner.tracksPoison()) {
        const uint8_t *states = runner.resultState(0);
        for (int l = 0; l < m; ++l)
          if (states[l])
            out.setState(rowBase + start + l, states[l]);
      }
    }
  };

  for (int64_t row = 0; row < n / inner; ++row) {
    rowBase = row * inner;
    coords = out.coordinates(rowBase);
    bool crossesSkipBox = !skipLow.empty();
    for (int64_t d = 0; d + 1 < rank && crossesSkipBox; ++d)
      crossesSkipBox =
          coords[d] >= skipLow[d] && coords[d] - skipLow[d] < skipSize[d];
    if (!crossesSkipBox) {
      runSegment(0, inner);
    } else if (rank) {
      int64_t lo = skipLow[rank - 1], hi = lo + skipSize[rank - 1];
      runSegment(0, std::min(lo, inner));
      runSegment(std::min(hi, inner), inner);
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shape queries
//===----------------------------------------------------------------------===//

static LogicalResult emptyKernel(Operation *op, Frame &frame) {
  auto empty = cast<tensor::EmptyOp>(op);
  FailureOr<Tensor> t = allocTensor(
      frame, op, empty.getType(), indexValues(frame, empty.getDynamicSizes()));
  if (failed(t))
    return failure();
  t->markAllUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(*t)));
  return success();
}

static LogicalResult dimKernel(Operation *op, Frame &frame) {
  auto dim = cast<tensor::DimOp>(op);
  const Tensor &t = frame.getTensor(dim.getSource());
  int64_t i = frame.get(dim.getIndex()).asIndex();
  if (i < 0 || i >= t.rank()) {
    reportUB(frame, op, "out-of-bounds tensor.dim", {}, false,
             "dimension " + std::to_string(i) + " of a tensor of rank " +
                 std::to_string(t.rank()));
    frame.set(op->getResult(0), RtValue::ofScalar(DType::Index, 0));
    return success();
  }
  frame.set(op->getResult(0), RtValue::ofScalar(DType::Index, t.dim(i)));
  return success();
}

static LogicalResult rankKernel(Operation *op, Frame &frame) {
  const Tensor &t = frame.getTensor(op->getOperand(0));
  frame.set(op->getResult(0), RtValue::ofScalar(DType::Index, t.rank()));
  return success();
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

static LogicalResult extractKernel(Operation *op, Frame &frame) {
  auto ex = cast<tensor::ExtractOp>(op);
  const Tensor &t = frame.getTensor(ex.getTensor());
  SmallVector<int64_t> idx = indexValues(frame, ex.getIndices());
  if (static_cast<int64_t>(idx.size()) != t.rank())
    return op->emitError("expected ")
           << t.rank() << " indices, got " << idx.size();
  // A read out of bounds whose value a select may discard is poison
  // (docs/coverage.md, "Reads out of bounds"); otherwise it is reported.
  bool inBounds = true;
  for (size_t k = 0; k < idx.size(); ++k)
    inBounds &= idx[k] >= 0 && idx[k] < t.dim(k);
  if (!inBounds) {
    RtValue v = RtValue::ofScalar(t.dtype(), 0);
    uint8_t st = isSelectGuarded(ex.getResult())
                     ? outOfBoundsReadState(op, "out-of-bounds tensor.extract")
                     : 0;
    if (!st)
      checkElementIndex(frame, op, t, idx, "out-of-bounds tensor.extract");
    v.setState(st);
    frame.set(op->getResult(0), v);
    return success();
  }
  int64_t lin = t.linearIndex(idx);
  RtValue v = loadScalar(t, lin);
  uint8_t st = t.state(lin);
  if (st == kNeverWritten)
    reportUB(frame, op, "read of an uninitialized element", idx, true);
  v.setState(st); // poison is a value: it travels on
  frame.set(op->getResult(0), v);
  return success();
}

static LogicalResult insertKernel(Operation *op, Frame &frame) {
  auto ins = cast<tensor::InsertOp>(op);
  const RtValue &scalar = frame.get(ins.getScalar());
  const Tensor &dest = frame.getTensor(ins.getDest());
  SmallVector<int64_t> idx = indexValues(frame, ins.getIndices());
  if (static_cast<int64_t>(idx.size()) != dest.rank())
    return op->emitError("expected ")
           << dest.rank() << " indices, got " << idx.size();
  FailureOr<Tensor> out = cloneTensor(frame, op, ins.getType(), dest);
  if (failed(out))
    return failure();
  if (checkElementIndex(frame, op, dest, idx, "out-of-bounds tensor.insert")) {
    int64_t lin = out->linearIndex(idx);
    storeScalar(*out, lin, scalar);
    out->setState(lin, scalar.state());
  }
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult fromElementsKernel(Operation *op, Frame &frame) {
  auto fe = cast<tensor::FromElementsOp>(op);
  FailureOr<Tensor> out = allocTensor(frame, op, fe.getType());
  if (failed(out))
    return failure();
  if (static_cast<int64_t>(fe.getElements().size()) != out->numElements())
    return op->emitError("expected ") << out->numElements() << " elements, got "
                                      << fe.getElements().size();
  for (auto [i, v] : llvm::enumerate(fe.getElements())) {
    const RtValue &rv = frame.get(v);
    storeScalar(*out, i, rv);
    if (rv.state())
      out->setState(i, rv.state());
  }
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult splatKernel(Operation *op, Frame &frame) {
  auto splat = cast<tensor::SplatOp>(op);
  const RtValue &v = frame.get(splat.getInput());
  FailureOr<Tensor> out = allocTensor(
      frame, op, splat.getType(), indexValues(frame, splat.getDynamicSizes()));
  if (failed(out))
    return failure();
  fillTensor(*out, v);
  fillState(*out, v);
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult generateKernel(Operation *op, Frame &frame) {
  auto gen = cast<tensor::GenerateOp>(op);
  FailureOr<Tensor> out = allocTensor(
      frame, op, gen.getType(), indexValues(frame, gen.getDynamicExtents()));
  if (failed(out))
    return failure();
  if (failed(evalBodyPerElement(frame, op, gen.getBody(), *out)))
    return failure();
  setResultTensor(frame, op, std::move(*out));
  return success();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

static LogicalResult extractSliceKernel(Operation *op, Frame &frame) {
  auto ex = cast<tensor::ExtractSliceOp>(op);
  const Tensor &src = frame.getTensor(ex.getSource());
  Slice s = getSlice(ex, frame);
  if (failed(checkSliceSizes(op, src.shape(), s)))
    return failure();
  // Dropped unit dims do not change the row-major layout: copy the full-rank
  // box into a tensor of the reduced shape.
  FailureOr<Tensor> out = allocTensorOfShape(
      frame, op, ex.getType(), reducedSizes(s.sizes, ex.getDroppedDims()));
  if (failed(out))
    return failure();
  if (checkSliceBounds(frame, op, src.shape(), s, "source")) {
    auto [base, strides] = sliceLayout(src.shape(), s);
    stridedCopy(*out, 0, rowMajorStrides(s.sizes), src, base, strides, s.sizes);
  } else {
    // Elements outside the source read as zeros.
    forEachInBounds(src.shape(), s, [&](int64_t big, int64_t lin) {
      copyElement(*out, lin, src, big);
      if (src.state(big))
        out->setState(lin, src.state(big));
    });
  }
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult insertSliceKernel(Operation *op, Frame &frame) {
  auto ins = cast<tensor::InsertSliceOp>(op);
  const Tensor &src = frame.getTensor(ins.getSource());
  const Tensor &dest = frame.getTensor(ins.getDest());
  Slice s = getSlice(ins, frame);
  if (failed(checkSliceSizes(op, dest.shape(), s)))
    return failure();
  Shape expected = reducedSizes(s.sizes, ins.getDroppedDims());
  if (ArrayRef<int64_t>(expected) != src.shape() ||
      numElementsOf(s.sizes) != src.numElements())
    return op->emitError("source shape ")
           << formatCoords(src.shape()) << " does not match the slice sizes "
           << formatCoords(s.sizes);
  FailureOr<Tensor> out = cloneTensor(frame, op, ins.getType(), dest);
  if (failed(out))
    return failure();
  if (checkSliceBounds(frame, op, dest.shape(), s, "destination")) {
    auto [base, strides] = sliceLayout(dest.shape(), s);
    stridedCopy(*out, base, strides, src, 0, rowMajorStrides(s.sizes), s.sizes);
  } else {
    // Elements outside the destination are not written.
    forEachInBounds(dest.shape(), s, [&](int64_t big, int64_t lin) {
      copyElement(*out, big, src, lin);
      out->setState(big, src.state(lin));
    });
  }
  setResultTensor(frame, op, std::move(*out));
  return success();
}

//===----------------------------------------------------------------------===//
// Reshapes and casts
//===----------------------------------------------------------------------===//

static LogicalResult castKernel(Operation *op, Frame &frame) {
  auto cast = llvm::cast<tensor::CastOp>(op);
  const RtValue &v = frame.get(cast.getSource());
  if (auto rt = dyn_cast<RankedTensorType>(cast.getType()))
    if (failed(checkShapeMatches(op, rt, v.tensor->shape(), "cast operand")))
      return failure();
  // Tensors are immutable once published: share the buffer (and freedom).
  RtValue rv = RtValue::ofTensor(v.tensor);
  rv.freedom = v.freedom;
  frame.set(op->getResult(0), std::move(rv));
  return success();
}

static LogicalResult bitcastKernel(Operation *op, Frame &frame) {
  auto bc = cast<tensor::BitcastOp>(op);
  const Tensor &src = frame.getTensor(bc.getSource());
  FailureOr<Tensor> out = relayout(frame, op, bc.getType(), src, src.shape());
  if (failed(out))
    return failure();
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult collapseShapeKernel(Operation *op, Frame &frame) {
  auto cs = cast<tensor::CollapseShapeOp>(op);
  const Tensor &src = frame.getTensor(cs.getSrc());
  Shape shape;
  for (const ReassociationIndices &group : cs.getReassociationIndices()) {
    int64_t size = 1;
    for (int64_t d : group) {
      if (d >= src.rank())
        return op->emitError("reassociation names dimension ")
               << d << " of a tensor of rank " << src.rank();
      size *= src.dim(d);
    }
    shape.push_back(size);
  }
  FailureOr<Tensor> out = relayout(frame, op, cs.getType(), src, shape);
  if (failed(out))
    return failure();
  setSameLayoutResult(frame, op, std::move(*out), cs.getSrc());
  return success();
}

static LogicalResult expandShapeKernel(Operation *op, Frame &frame) {
  auto es = cast<tensor::ExpandShapeOp>(op);
  const Tensor &src = frame.getTensor(es.getSrc());
  SmallVector<int64_t> shape =
      mixedValues(frame, es.getStaticOutputShape(), es.getOutputShape());
  SmallVector<ReassociationIndices, 4> groups = es.getReassociationIndices();
  if (static_cast<int64_t>(groups.size()) != src.rank())
    return op->emitError("expected ")
           << src.rank() << " reassociation groups, got " << groups.size();
  for (auto [i, group] : llvm::enumerate(groups)) {
    int64_t size = 1;
    for (int64_t d : group) {
      if (d >= static_cast<int64_t>(shape.size()) || shape[d] < 0)
        return op->emitError("invalid output shape ") << formatCoords(shape);
      size *= shape[d];
    }
    if (size != src.dim(i))
      return op->emitError("output shape ")
             << formatCoords(shape) << " does not expand source dimension " << i
             << " of size " << src.dim(i);
  }
  FailureOr<Tensor> out = relayout(frame, op, es.getType(), src, shape);
  if (failed(out))
    return failure();
  setSameLayoutResult(frame, op, std::move(*out), es.getSrc());
  return success();
}

static LogicalResult reshapeKernel(Operation *op, Frame &frame) {
  auto rs = cast<tensor::ReshapeOp>(op);
  const Tensor &src = frame.getTensor(rs.getSource());
  const Tensor &shapeT = frame.getTensor(rs.getShape());
  if (shapeT.rank() != 1)
    return op->emitError("expected a 1-D shape operand");
  Shape shape;
  for (int64_t i = 0; i < shapeT.numElements(); ++i) {
    int64_t d = signExtend(shapeT.load(i), shapeT.dtype());
    if (d < 0)
      return op->emitError("negative size ")
             << d << " in reshape shape " << formatCoords(shape);
    shape.push_back(d);
  }
  FailureOr<Tensor> out = relayout(frame, op, rs.getType(), src, shape);
  if (failed(out))
    return failure();
  setSameLayoutResult(frame, op, std::move(*out), rs.getSource());
  return success();
}

//===----------------------------------------------------------------------===//
// Pad and concat
//===----------------------------------------------------------------------===//

static LogicalResult padKernel(Operation *op, Frame &frame) {
  auto pad = cast<tensor::PadOp>(op);
  const Tensor &src = frame.getTensor(pad.getSource());
  SmallVector<int64_t> low =
      mixedValues(frame, pad.getStaticLow(), pad.getLow());
  SmallVector<int64_t> high =
      mixedValues(frame, pad.getStaticHigh(), pad.getHigh());
  if (static_cast<int64_t>(low.size()) != src.rank() ||
      static_cast<int64_t>(high.size()) != src.rank())
    return op->emitError("padding rank does not match the source rank ")
           << src.rank();
  Shape shape;
  for (int64_t d = 0; d < src.rank(); ++d) {
    if (low[d] < 0 || high[d] < 0)
      return op->emitError("negative padding in dimension ")
             << d << ": low " << low[d] << ", high " << high[d];
    int64_t size;
    if (__builtin_add_overflow(src.dim(d), low[d], &size) ||
        __builtin_add_overflow(size, high[d], &size))
      return op->emitError("padded size overflows in dimension ") << d;
    shape.push_back(size);
  }
  FailureOr<Tensor> out = allocTensorOfShape(frame, op, pad.getType(), shape);
  if (failed(out))
    return failure();

  // The padding value: a value captured from outside the body or a constant
  // yielded by it (the common cases, read directly), or whatever the body
  // computes at each padding position.
  Region &region = pad.getRegion();
  Value yielded = region.front().getTerminator()->getOperand(0);
  if (!region.isAncestor(yielded.getParentRegion())) {
    const RtValue &v = frame.get(yielded);
    fillTensor(*out, v);
    fillState(*out, v);
  } else if (auto cst = yielded.getDefiningOp<arith::ConstantOp>()) {
    FailureOr<RtValue> v = scalarFromAttr(cst.getValue(), cst.getLoc());
    if (failed(v))
      return failure();
    fillTensor(*out, *v);
  } else if (failed(evalBodyPerElement(frame, op, region, *out, low,
                                       src.shape()))) {
    return failure();
  }

  Shape outStrides = rowMajorStrides(shape);
  int64_t base = 0;
  for (int64_t d = 0; d < src.rank(); ++d)
    base += low[d] * outStrides[d];
  stridedCopy(*out, base, outStrides, src, 0, rowMajorStrides(src.shape()),
              src.shape());
  setResultTensor(frame, op, std::move(*out));
  return success();
}

static LogicalResult concatKernel(Operation *op, Frame &frame) {
  auto cc = cast<tensor::ConcatOp>(op);
  int64_t dim = cc.getDim();
  SmallVector<const Tensor *> ins;
  for (Value v : cc.getInputs())
    ins.push_back(&frame.getTensor(v));
  if (ins.empty())
    return op->emitError("expected at least one input");
  Shape shape(ins[0]->shape().begin(), ins[0]->shape().end());
  if (dim < 0 || dim >= static_cast<int64_t>(shape.size()))
    return op->emitError("concatenation dimension ")
           << dim << " out of range for rank " << shape.size();
  shape[dim] = 0;
  for (auto [k, t] : llvm::enumerate(ins)) {
    if (t->rank() != static_cast<int64_t>(shape.size()))
      return op->emitError("input ") << k << " has rank " << t->rank();
    for (int64_t d = 0; d < t->rank(); ++d)
      if (d != dim && t->dim(d) != shape[d])
        return op->emitError("input ")
               << k << " has shape " << formatCoords(t->shape())
               << ", which differs from input 0 outside dimension " << dim;
    shape[dim] += t->dim(dim);
  }
  FailureOr<Tensor> out = allocTensorOfShape(frame, op, cc.getType(), shape);
  if (failed(out))
    return failure();
  Shape outStrides = rowMajorStrides(shape);
  int64_t offset = 0;
  for (const Tensor *t : ins) {
    stridedCopy(*out, offset * outStrides[dim], outStrides, *t, 0,
                rowMajorStrides(t->shape()), t->shape());
    offset += t->dim(dim);
  }
  setResultTensor(frame, op, std::move(*out));
  return success();
}

void registerTensorKernels(KernelRegistry &r) {
  r.add("tensor.empty", emptyKernel);
  r.add("tensor.dim", dimKernel);
  r.add("tensor.rank", rankKernel);
  r.add("tensor.extract", extractKernel);
  r.add("tensor.insert", insertKernel);
  r.add("tensor.from_elements", fromElementsKernel);
  r.add("tensor.splat", splatKernel);
  r.add("tensor.generate", generateKernel);
  r.add("tensor.extract_slice", extractSliceKernel);
  r.add("tensor.insert_slice", insertSliceKernel);
  r.add("tensor.cast", castKernel);
  r.add("tensor.bitcast", bitcastKernel);
  r.add("tensor.collapse_shape", collapseShapeKernel);
  r.add("tensor.expand_shape", expandShapeKernel);
  r.add("tensor.reshape", reshapeKernel);
  r.add("tensor.pad", padKernel);
  r.add("tensor.concat", concatKernel);
}

} // namespace ref
