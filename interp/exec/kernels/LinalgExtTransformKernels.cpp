//===- LinalgExtTransformKernels.cpp - map_load/store, winograd -----------===//
//
// iree_linalg_ext.map_load / map_store run their transformation region once
// per element, in row-major order of the iteration space (the output for
// map_load, the input for map_store), as IREE's scalar implementation does.
// The region is run op by op through the interpreter (it holds index
// arithmetic such as affine.linearize_index that region bytecode does not
// cover).
//  - map_load: an index outside the source (negative or past the end) reads
//    the yielded padding value; this is defined.
//  - map_store: masked-off elements are skipped; elements never written
//    keep the output's initial value. An index outside the output is
//    undefined behaviour, and so is writing one output element twice (the
//    op promises each input element a unique location; IREE's parallel
//    lowering then leaves either value).
//
// winograd.input_transform / output_transform follow IREE's decomposition
// (DecomposeWinograd.cpp, after tiling to one tile): per tile two
// linalg.matmul in the element type, each element accumulated from +0 in k
// order as `acc + a * b`, with IREE's 6x6/3x3 constant matrices (from
// WinogradConstants.h, the only ones IREE has) rounded to the element type.
//  - input: tile (h, w) is the T x T window (T = 8) of the image at
//    (6h, 6w), zero-padded past the image; result B^T (X B).
//  - output: result A^T (Y A), written to the 6 x 6 block at (6h, 6w).
// The results report 16 reduction terms (two chained sums of 8) so the
// oracle allows IREE's reassociation and FMA contraction.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/Types.h"

#include "interp/scalar/ScalarOps.h"

#include <array>

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
namespace {


/// Runs the transformation region for one iteration point.
FailureOr<SmallVector<RtValue>> runMapping(Frame &frame, Region &region,
                                           ArrayRef<int64_t> coords) {
  SmallVector<RtValue, 4> args;
  for (int64_t c : coords)
    args.push_back(RtValue::ofScalar(DType::Index, static_cast<uint64_t>(c)));
  return frame.interp.runBlock(region.front(), args, frame);
}

//===----------------------------------------------------------------------===//
// map_load / map_store
//===----------------------------------------------------------------------===//

LogicalResult mapLoadKernel(Operation *op, Frame &frame) {
  auto ml = cast<ext::MapLoadOp>(op);
  if (!isa<RankedTensorType>(ml.getSource().getType()))
    return op->emitError("map_load of a non-tensor source is not supported");
  const Tensor &src = frame.getTensor(ml.getSource());
  const Tensor &init = frame.getTensor(ml.getOutput());
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, op->getResult(0).getType(), init.shape());
  if (failed(res))
    return failure();
  Tensor &out = *res;
  if (out.numElements() == 0) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  Shape c(out.rank(), 0), sc(src.rank(), 0);
  int64_t linear = 0;
  bool reportedUndef = false;
  do {
    auto yielded = runMapping(frame, ml.getTransformationRegion(), c);
    if (failed(yielded))
      return failure();
    bool inBounds = true;
    for (int64_t d = 0; d < src.rank(); ++d) {
      sc[d] = (*yielded)[d].asIndex();
      if (sc[d] < 0 || sc[d] >= src.dim(d))
        inBounds = false;
    }
    if (inBounds) {
      int64_t s = src.linearIndex(sc);
      if (src.isUndef(s) && !reportedUndef) {
        reportedUndef = true;
        reportUB(frame, op, "read of an uninitialized element", sc, true,
                 "the source comes from tensor.empty and was never written");
      }
      copyElement(out, linear, src, s);
      if (src.isUndef(s))
        out.setUndef(linear, true);
    } else {
      const RtValue &pad = yielded->back();
      storeScalar(out, linear, pad);
      if (pad.undef)
        out.setUndef(linear, true);
    }
    ++linear;
  } while (nextCoords(c, out.shape()));
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

LogicalResult mapStoreKernel(Operation *op, Frame &frame) {
  auto ms = cast<ext::MapStoreOp>(op);
  if (!isa<RankedTensorType>(ms.getInput().getType()))
    return op->emitError("map_store of a non-tensor input is not supported");
  const Tensor &in = frame.getTensor(ms.getInput());
  Tensor out = frame.getTensor(ms.getOutput());
  if (in.numElements() == 0) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  std::vector<bool> written(out.numElements(), false);
  Shape c(in.rank(), 0), oc(out.rank(), 0);
  int64_t linear = 0;
  bool reportedOOB = false, reportedTwice = false;
  do {
    auto yielded = runMapping(frame, ms.getTransformationRegion(), c);
    if (failed(yielded))
      return failure();
    if (yielded->back().bits & 1) {
      bool inBounds = true;
      for (int64_t d = 0; d < out.rank(); ++d) {
        oc[d] = (*yielded)[d].asIndex();
        if (oc[d] < 0 || oc[d] >= out.dim(d))
          inBounds = false;
      }
      if (!inBounds) {
        if (!reportedOOB)
          reportUB(frame, op, "out-of-bounds map_store index", c, true,
                   "output index " + formatCoords(oc) + " for shape " +
                       formatCoords(out.shape()));
        reportedOOB = true;
      } else {
        int64_t o = out.linearIndex(oc);
        if (written[o] && !reportedTwice) {
          reportedTwice = true;
          reportUB(frame, op, "map_store writes an element twice", c, true,
                   "output index " + formatCoords(oc) + " was already written");
        }
        written[o] = true;
        copyElement(out, o, in, linear);
        out.setUndef(o, in.isUndef(linear));
      }
    }
    ++linear;
  } while (nextCoords(c, in.shape()));
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

//===----------------------------------------------------------------------===//
// winograd
//===----------------------------------------------------------------------===//

// IREE's constants for an output tile of 6 and a 3x3 kernel (T = 8), as f32
// values, row-major. B^T is 8x8, B its transpose; A^T is 6x8, A its
// transpose (IREE spells out all four; the products are the same).
constexpr int kT = 8, kR = 6;
constexpr float kBT[kT][kT] = {
    {1, 0, -21.f / 4, 0, 21.f / 4, 0, -1, 0},
    {0, 1, 1, -17.f / 4, -17.f / 4, 1, 1, 0},
    {0, -1, 1, 17.f / 4, -17.f / 4, -1, 1, 0},
    {0, 1.f / 2, 1.f / 4, -5.f / 2, -5.f / 4, 2, 1, 0},
    {0, -1.f / 2, 1.f / 4, 5.f / 2, -5.f / 4, -2, 1, 0},
    {0, 2, 4, -5.f / 2, -5, 1.f / 2, 1, 0},
    {0, -2, 4, 5.f / 2, -5, -1.f / 2, 1, 0},
    {0, -1, 0, 21.f / 4, 0, -21.f / 4, 0, 1}};
constexpr float kAT[kR][kT] = {{1, 1, 1, 1, 1, 1, 1, 0},
                               {0, 1, -1, 2, -2, 1.f / 2, -1.f / 2, 0},
                               {0, 1, 1, 4, 4, 1.f / 4, 1.f / 4, 0},
                               {0, 1, -1, 8, -8, 1.f / 8, -1.f / 8, 0},
                               {0, 1, 1, 16, 16, 1.f / 16, 1.f / 16, 0},
                               {0, 1, -1, 32, -32, 1.f / 32, -1.f / 32, 1}};

/// One linalg.matmul element at a time in the element type: c[i][j] = +0,
/// then c[i][j] = c[i][j] + a[i][k] * b[k][j] for k in order.
struct MatmulOps {
  ScalarOpDesc mul, add;
  BatchFn mulFn, addFn;
  explicit MatmulOps(DType t)
      : mul{ScalarOpcode::MulF, t, t}, add{ScalarOpcode::AddF, t, t} {
    mulFn = selectFast(mul);
    addFn = selectFast(add);
  }
  /// a: m x k, b: k x n, all as bit patterns of the element type.
  void run(const uint64_t *a, const uint64_t *b, uint64_t *c, int m, int k,
           int n) const {
    UBKind ub = UBKind::None;
    uint64_t zero = 0;
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        uint64_t acc = 0, p;
        for (int q = 0; q < k; ++q) {
          mulFn(mul, &p, &a[i * k + q], &b[q * n + j], &zero, 1, ub);
          addFn(add, &acc, &acc, &p, &zero, 1, ub);
        }
        c[i * n + j] = acc;
      }
  }
};

/// The constant matrices rounded to the element type, as IREE's matmul
/// converts its f32 constant operand (arith.truncf, nearest even).
struct WinogradMatrices {
  std::array<uint64_t, kT * kT> bt, b;
  std::array<uint64_t, kR * kT> at;
  std::array<uint64_t, kT * kR> a;
  explicit WinogradMatrices(DType t) {
    for (int i = 0; i < kT; ++i)
      for (int j = 0; j < kT; ++j) {
        bt[i * kT + j] = doubleToFloatBits(kBT[i][j], t);
        b[j * kT + i] = bt[i * kT + j];
      }
    for (int i = 0; i < kR; ++i)
      for (int j = 0; j < kT; ++j) {
        at[i * kT + j] = doubleToFloatBits(kAT[i][j], t);
        a[j * kR + i] = at[i * kT + j];
      }
  }
};

/// Checks what the kernels need beyond the verifier: float elements of one
/// type and IREE's only constants (tile 6, kernel 3).
template <typename WinogradOp>
LogicalResult checkWinograd(WinogradOp w, const Tensor &in,
                            const Tensor &init) {
  if (!isFloat(in.dtype()))
    return refuseElementType(w, w->getOperand(0).getType());
  if (!isFloat(init.dtype()))
    return refuseElementType(w, w->getResult(0).getType());
  if (in.dtype() != init.dtype())
    return w.emitError("winograd transforms of ")
           << dtypeName(in.dtype()) << " into " << dtypeName(init.dtype())
           << " are not supported (float elements of one type only)";
  if (w.getOutputTileSize() != kR || w.getKernelSize() != 3)
    return w.emitError("unsupported winograd tile: IREE only has constants "
                       "for output_tile_size(6) kernel_size(3)");
  return success();
}

std::shared_ptr<Freedom> winogradFreedom(Operation *op) {
  auto f = std::make_shared<Freedom>();
  f->reductionLength = 2 * kT;
  f->origin = originOf(op);
  return f;
}

/// Image layout of a rank-4 operand: positions of N, H, W, C.
struct ImageDims {
  int n, h, w, c;
};
template <typename WinogradOp> ImageDims imageDimsOf(WinogradOp w) {
  if (w.isNchw())
    return {0, 2, 3, 1};
  return {0, 1, 2, 3};
}

LogicalResult winogradInputKernel(Operation *op, Frame &frame) {
  auto w = cast<ext::WinogradInputTransformOp>(op);
  const Tensor &in = frame.getTensor(w.getInput());
  const Tensor &init = frame.getTensor(w.getOutput());
  if (failed(checkWinograd(w, in, init)))
    return failure();
  DType t = in.dtype();
  // Tiles as (N, H', W', C) and the window origin of each in the image.
  int64_t tn = 1, th = 1, tw = 1, tc = 1, imgH, imgW;
  ImageDims id{};
  if (in.rank() == 2) {
    imgH = in.dim(0);
    imgW = in.dim(1);
    if (imgH > kT || imgW > kT)
      return op->emitError("input tile ")
             << formatCoords(in.shape()) << " is larger than " << kT << "x"
             << kT;
  } else {
    id = imageDimsOf(w);
    tn = in.dim(id.n);
    tc = in.dim(id.c);
    imgH = in.dim(id.h);
    imgW = in.dim(id.w);
    // ceil((H - kernel + 1) / r), as IREE's verifier computes it.
    th = imgH <= 2 ? 0 : (imgH - 2 + kR - 1) / kR;
    tw = imgW <= 2 ? 0 : (imgW - 2 + kR - 1) / kR;
  }
  Shape shape{kT, kT};
  if (in.rank() == 4)
    shape.append({tn, th, tw, tc});
  if (init.shape() != ArrayRef<int64_t>(shape))
    return op->emitError("output shape ")
           << formatCoords(init.shape()) << " does not match the input: "
           << "expected " << formatCoords(shape);
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, op->getResult(0).getType(), shape);
  if (failed(res))
    return failure();
  Tensor &out = *res;
  reportUndefReads(frame, op, in, "the input");

  WinogradMatrices mats(t);
  MatmulOps mm(t);
  int64_t tiles = tn * th * tw * tc;
  Shape strides = rowMajorStrides(in.shape());
  std::array<uint64_t, kT * kT> x, xb, r;
  for (int64_t tile = 0; tile < tiles; ++tile) {
    int64_t c = tile % tc, rest = tile / tc;
    int64_t j = rest % tw, i = (rest / tw) % th, n = rest / tw / th;
    // The window, zero-padded past the image (+0 in any float type).
    for (int64_t y = 0; y < kT; ++y)
      for (int64_t xx = 0; xx < kT; ++xx) {
        int64_t h = i * kR + y, ww = j * kR + xx;
        uint64_t v = 0;
        if (h < imgH && ww < imgW) {
          int64_t pos = in.rank() == 2
                            ? h * strides[0] + ww
                            : n * strides[id.n] + h * strides[id.h] +
                                  ww * strides[id.w] + c * strides[id.c];
          v = in.load(pos);
        }
        x[y * kT + xx] = v;
      }
    mm.run(x.data(), mats.b.data(), xb.data(), kT, kT, kT);
    mm.run(mats.bt.data(), xb.data(), r.data(), kT, kT, kT);
    // Output (T, T, N, H', W', C): element (a, b) of this tile.
    for (int64_t a = 0; a < kT * kT; ++a)
      out.store(a * tiles + tile, r[a]);
  }
  RtValue rv = RtValue::ofTensor(std::move(out));
  rv.freedom = winogradFreedom(op);
  frame.set(op->getResult(0), std::move(rv));
  return success();
}

LogicalResult winogradOutputKernel(Operation *op, Frame &frame) {
  auto w = cast<ext::WinogradOutputTransformOp>(op);
  const Tensor &in = frame.getTensor(w.getInput());
  const Tensor &init = frame.getTensor(w.getOutput());
  if (failed(checkWinograd(w, in, init)))
    return failure();
  DType t = in.dtype();
  int64_t tiles = 1;
  Shape shape{kR, kR};
  ImageDims id{};
  if (in.rank() == 6) {
    id = imageDimsOf(w);
    tiles = in.dim(2) * in.dim(3) * in.dim(4) * in.dim(5);
    shape.assign(4, 0);
    shape[id.n] = in.dim(2);
    shape[id.h] = kR * in.dim(3);
    shape[id.w] = kR * in.dim(4);
    shape[id.c] = in.dim(5);
  }
  if (in.dim(0) != kT || in.dim(1) != kT)
    return op->emitError("input shape ")
           << formatCoords(in.shape()) << " does not start with " << kT << "x"
           << kT;
  if (init.shape() != ArrayRef<int64_t>(shape))
    return op->emitError("output shape ")
           << formatCoords(init.shape()) << " does not match the input: "
           << "expected " << formatCoords(shape);
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, op->getResult(0).getType(), shape);
  if (failed(res))
    return failure();
  Tensor &out = *res;
  reportUndefReads(frame, op, in, "the input");

  WinogradMatrices mats(t);
  MatmulOps mm(t);
  Shape strides = rowMajorStrides(shape);
  std::array<uint64_t, kT * kT> y;
  std::array<uint64_t, kT * kR> ya;
  std::array<uint64_t, kR * kR> r;
  for (int64_t tile = 0; tile < tiles; ++tile) {
    for (int64_t a = 0; a < kT * kT; ++a)
      y[a] = in.load(a * tiles + tile);
    mm.run(y.data(), mats.a.data(), ya.data(), kT, kT, kR);
    mm.run(mats.at.data(), ya.data(), r.data(), kR, kT, kR);
    int64_t base = 0, rowStride = kR, colStride = 1;
    if (in.rank() == 6) {
      int64_t tc = in.dim(5), tw = in.dim(4), th = in.dim(3);
      int64_t c = tile % tc, rest = tile / tc;
      int64_t j = rest % tw, i = (rest / tw) % th, n = rest / tw / th;
      base = n * strides[id.n] + i * kR * strides[id.h] +
             j * kR * strides[id.w] + c * strides[id.c];
      rowStride = strides[id.h];
      colStride = strides[id.w];
    }
    for (int64_t a = 0; a < kR; ++a)
      for (int64_t b = 0; b < kR; ++b)
        out.store(base + a * rowStride + b * colStride, r[a * kR + b]);
  }
  RtValue rv = RtValue::ofTensor(std::move(out));
  rv.freedom = winogradFreedom(op);
  frame.set(op->getResult(0), std::move(rv));
  return success();
}

} // namespace

void registerLinalgExtTransformKernels(KernelRegistry &r) {
  r.add("iree_linalg_ext.map_load", mapLoadKernel);
  r.add("iree_linalg_ext.map_store", mapStoreKernel);
  r.add("iree_linalg_ext.winograd.input_transform", winogradInputKernel);
  r.add("iree_linalg_ext.winograd.output_transform", winogradOutputKernel);
}

} // namespace ref
