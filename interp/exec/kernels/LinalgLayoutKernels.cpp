//===- LinalgLayoutKernels.cpp - linalg.softmax, linalg.pack/unpack -------===//
//
// The linalg ops that are not LinalgOps (no indexing maps and body), so the
// generic executor of LinalgKernels.cpp cannot run them:
//
//  - linalg.softmax runs upstream MLIR's decomposition (the one IREE applies,
//    SoftmaxOp::decomposeOperation) in its order: per line along `dimension`,
//    max = maxnumf(x, max) from the NaN identity of maxnumf, then
//    sum = exp(x - max) + sum from +0, then exp(x - max) / sum, each op
//    rounded in the element type through ScalarOps. The result reports the
//    line length as its reduction length (the sum is reassociated by IREE).
//  - linalg.pack / linalg.unpack move elements. Each result element names the
//    one source element it comes from (or padding), so both are a loop over
//    the result. The "never written" mask travels with the elements.
//
// Undefined behaviour, as the op documentation (LinalgRelayoutOps.td) and
// its verifier define it when shapes are only known at run time: a pack
// without padding_value whose tiles do not divide the tiled dims, a pack
// destination whose outer dims are not exactly ceildiv(source dim, tile)
// (artificial padding or dropped data), inner dims that differ from the
// tiles, a tile <= 0, and an unpack that would read past its source.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/exec/Types.h"

#include "interp/scalar/ScalarOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <algorithm>

using namespace mlir;

namespace ref {
namespace {


//===----------------------------------------------------------------------===//
// linalg.softmax
//===----------------------------------------------------------------------===//

/// Lines of the softmax processed together, one per lane.
constexpr int64_t kLanes = 256;

struct SoftmaxOps {
  ScalarOpDesc max, sub, exp, add, div;
  BatchFn maxFn, subFn, expFn, addFn, divFn;
  explicit SoftmaxOps(DType t)
      : max{ScalarOpcode::MaxNumF, t, t}, sub{ScalarOpcode::SubF, t, t},
        exp{ScalarOpcode::Exp, t, t}, add{ScalarOpcode::AddF, t, t},
        div{ScalarOpcode::DivF, t, t} {
    maxFn = selectFast(max);
    subFn = selectFast(sub);
    expFn = selectFast(exp);
    addFn = selectFast(add);
    divFn = selectFast(div);
  }
};

LogicalResult softmaxKernel(Operation *op, Frame &frame) {
  auto sm = cast<linalg::SoftmaxOp>(op);
  const Tensor &in = frame.getTensor(sm.getInput());
  const Tensor &init = frame.getTensor(sm.getOutput());
  DType t = in.dtype();
  if (!isFloat(t))
    return refuseElementType(op, sm.getInput().getType());
  if (in.shape() != init.shape())
    return op->emitError("input shape ")
           << formatCoords(in.shape()) << " differs from output shape "
           << formatCoords(init.shape()) << " at run time";
  int64_t dim = sm.getDimension();
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, op->getResult(0).getType(), in.shape());
  if (failed(res))
    return failure();
  Tensor &out = *res;

  // The tensor as [outer, n, inner]: line (o, i) holds elements
  // o * n * inner + k * inner + i for k < n.
  int64_t n = in.dim(dim), inner = 1, outer = 1;
  for (int64_t d = 0; d < in.rank(); ++d) {
    if (d < dim)
      outer *= in.dim(d);
    else if (d > dim)
      inner *= in.dim(d);
  }
  int64_t lines = outer * inner;

  // An uninitialized input element poisons its whole line: report the first.
  reportUndefReads(frame, op, in, "the input");

  SoftmaxOps ops(t);
  // maxnumf's identity in upstream's decomposition: a negative quiet NaN
  // (maxnumf(x, NaN) = x), so a line of NaNs stays NaN.
  llvm::APFloat nan = llvm::APFloat::getNaN(toAPFloat(0, t).getSemantics(),
                                            /*Negative=*/true);
  uint64_t nanBits = fromAPFloat(nan);
  std::vector<uint64_t> base(kLanes), x(kLanes), m(kLanes), s(kLanes),
      e(kLanes), zero(kLanes, 0);
  UBKind ub = UBKind::None;
  for (int64_t l0 = 0; l0 < lines; l0 += kLanes) {
    int lanes = static_cast<int>(std::min(kLanes, lines - l0));
    for (int l = 0; l < lanes; ++l) {
      int64_t line = l0 + l;
      base[l] = (line / inner) * n * inner + line % inner;
    }
    auto gather = [&](int64_t k) {
      for (int l = 0; l < lanes; ++l)
        x[l] = in.load(static_cast<int64_t>(base[l]) + k * inner);
    };
    std::fill_n(m.begin(), lanes, nanBits);
    for (int64_t k = 0; k < n; ++k) {
      gather(k);
      ops.maxFn(ops.max, m.data(), x.data(), m.data(), zero.data(), lanes, ub);
    }
    std::fill_n(s.begin(), lanes, 0);
    for (int64_t k = 0; k < n; ++k) {
      gather(k);
      ops.subFn(ops.sub, e.data(), x.data(), m.data(), zero.data(), lanes, ub);
      ops.expFn(ops.exp, e.data(), e.data(), zero.data(), zero.data(), lanes,
                ub);
      ops.addFn(ops.add, s.data(), e.data(), s.data(), zero.data(), lanes, ub);
    }
    for (int64_t k = 0; k < n; ++k) {
      gather(k);
      ops.subFn(ops.sub, e.data(), x.data(), m.data(), zero.data(), lanes, ub);
      ops.expFn(ops.exp, e.data(), e.data(), zero.data(), zero.data(), lanes,
                ub);
      ops.divFn(ops.div, e.data(), e.data(), s.data(), zero.data(), lanes, ub);
      for (int l = 0; l < lanes; ++l)
        out.store(static_cast<int64_t>(base[l]) + k * inner, e[l]);
    }
  }

  RtValue rv = RtValue::ofTensor(std::move(out));
  if (n > 1) {
    auto f = std::make_shared<Freedom>();
    f->reductionLength = n;
    f->origin = originOf(op);
    rv.freedom = std::move(f);
  }
  frame.set(op->getResult(0), std::move(rv));
  return success();
}

//===----------------------------------------------------------------------===//
// linalg.pack / linalg.unpack
//===----------------------------------------------------------------------===//

/// The layout shared by pack and unpack, in terms of the unpacked tensor of
/// rank n and the packed one of rank n + k.
struct Relayout {
  int64_t n = 0;
  SmallVector<int64_t> perm;      // packed outer dim j <- unpacked dim perm[j]
  SmallVector<int64_t> innerPos;  // inner dim i tiles unpacked dim innerPos[i]
  SmallVector<int64_t> tiles;     // tile of inner dim i
  SmallVector<int64_t> tileOfDim; // unpacked dim -> inner dim, or -1
};

template <typename RelayoutOp>
Relayout relayoutOf(RelayoutOp op, Frame &frame, int64_t unpackedRank) {
  Relayout r;
  r.n = unpackedRank;
  ArrayRef<int64_t> perm = op.getOuterDimsPerm();
  if (perm.empty())
    for (int64_t d = 0; d < r.n; ++d)
      r.perm.push_back(d);
  else
    r.perm.assign(perm.begin(), perm.end());
  r.innerPos.assign(op.getInnerDimsPos().begin(), op.getInnerDimsPos().end());
  r.tiles = mixedValues(frame, op.getStaticInnerTiles(), op.getInnerTiles());
  r.tileOfDim.assign(r.n, -1);
  for (auto [i, d] : llvm::enumerate(r.innerPos))
    r.tileOfDim[d] = i;
  return r;
}

/// Reports tiles <= 0 and packed inner dims that are not the tiles; true
/// when the tiles can be used.
bool checkTiles(Frame &frame, Operation *op, const Relayout &r,
                ArrayRef<int64_t> packedShape) {
  bool ok = true;
  for (auto [i, tile] : llvm::enumerate(r.tiles)) {
    if (tile <= 0) {
      reportUB(frame, op, "invalid pack tile", {}, false,
               "inner tile " + std::to_string(i) + " is " +
                   std::to_string(tile));
      ok = false;
    } else if (packedShape[r.n + i] != tile) {
      reportUB(
          frame, op, "pack tile does not match the packed shape", {}, false,
          "inner tile " + std::to_string(i) + " is " + std::to_string(tile) +
              " but packed dimension " + std::to_string(r.n + i) +
              " has size " + std::to_string(packedShape[r.n + i]));
    }
  }
  return ok;
}

LogicalResult packKernel(Operation *op, Frame &frame) {
  auto pack = cast<linalg::PackOp>(op);
  const Tensor &src = frame.getTensor(pack.getSource());
  const Tensor &dest = frame.getTensor(pack.getDest());
  Relayout r = relayoutOf(pack, frame, src.rank());
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, pack.getResult().getType(), dest.shape());
  if (failed(res))
    return failure();
  Tensor &out = *res;
  ArrayRef<int64_t> ds = out.shape();

  bool hasPad = static_cast<bool>(pack.getPaddingValue());
  RtValue pad;
  if (hasPad)
    pad = frame.get(pack.getPaddingValue());
  if (!checkTiles(frame, op, r, ds)) {
    out.markAllUndef();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  // The outer dims must be exactly what the source needs: ceildiv for tiled
  // dims (no tile of padding only), the source size otherwise.
  for (int64_t j = 0; j < r.n; ++j) {
    int64_t d = r.perm[j], i = r.tileOfDim[d];
    int64_t want =
        i < 0 ? src.dim(d) : llvm::divideCeil(src.dim(d), r.tiles[i]);
    if (ds[j] != want)
      reportUB(frame, op, "pack destination shape mismatch", {}, false,
               "outer dimension " + std::to_string(j) + " has size " +
                   std::to_string(ds[j]) + ", expected " +
                   std::to_string(want) + " for source dimension " +
                   std::to_string(d) + " of size " +
                   std::to_string(src.dim(d)));
    if (i >= 0 && !hasPad && src.dim(d) % r.tiles[i] != 0)
      reportUB(frame, op, "pack tile does not divide the dimension", {}, false,
               "source dimension " + std::to_string(d) + " of size " +
                   std::to_string(src.dim(d)) + " is not a multiple of " +
                   "inner tile " + std::to_string(r.tiles[i]) +
                   " and there is no padding_value");
  }

  if (out.numElements() == 0) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  Shape c(ds.size(), 0), sc(r.n, 0);
  Shape srcStrides = rowMajorStrides(src.shape());
  int64_t linear = 0;
  do {
    bool inBounds = true;
    int64_t s = 0;
    for (int64_t j = 0; j < r.n; ++j) {
      int64_t d = r.perm[j], i = r.tileOfDim[d];
      int64_t x = i < 0 ? c[j] : c[j] * r.tiles[i] + c[r.n + i];
      if (x >= src.dim(d))
        inBounds = false;
      s += x * srcStrides[d];
    }
    if (inBounds) {
      copyElement(out, linear, src, s);
      if (src.isUndef(s))
        out.setUndef(linear, true);
    } else if (hasPad) {
      storeScalar(out, linear, pad);
      if (pad.undef)
        out.setUndef(linear, true);
    } else {
      // Reported above: nothing defines this element.
      out.setUndef(linear, true);
    }
    ++linear;
  } while (nextCoords(c, ds));
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

LogicalResult unpackKernel(Operation *op, Frame &frame) {
  auto unpack = cast<linalg::UnPackOp>(op);
  const Tensor &src = frame.getTensor(unpack.getSource());
  const Tensor &dest = frame.getTensor(unpack.getDest());
  Relayout r = relayoutOf(unpack, frame, dest.rank());
  FailureOr<Tensor> res =
      allocTensorOfShape(frame, op, unpack.getResult().getType(), dest.shape());
  if (failed(res))
    return failure();
  Tensor &out = *res;
  ArrayRef<int64_t> ss = src.shape();
  if (!checkTiles(frame, op, r, ss)) {
    out.markAllUndef();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  // An untiled dim must match its outer dim exactly. A tiled one may drop
  // the padding of the last tile (and whole tiles), never read past it.
  for (int64_t j = 0; j < r.n; ++j) {
    int64_t d = r.perm[j], i = r.tileOfDim[d];
    int64_t have = i < 0 ? ss[j] : ss[j] * r.tiles[i];
    if (out.dim(d) > have || (i < 0 && out.dim(d) != have))
      reportUB(frame, op, "unpack destination shape mismatch", {}, false,
               "result dimension " + std::to_string(d) + " has size " +
                   std::to_string(out.dim(d)) + " but the source holds " +
                   std::to_string(have) + " along it");
  }
  if (out.numElements() == 0) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    return success();
  }
  Shape c(r.n, 0);
  Shape srcStrides = rowMajorStrides(ss);
  int64_t linear = 0;
  do {
    bool inBounds = true;
    int64_t s = 0;
    for (int64_t j = 0; j < r.n; ++j) {
      int64_t d = r.perm[j], i = r.tileOfDim[d];
      int64_t x = i < 0 ? c[d] : c[d] / r.tiles[i];
      if (x >= ss[j])
        inBounds = false;
      s += x * srcStrides[j];
    }
    for (auto [i, d] : llvm::enumerate(r.innerPos)) {
      int64_t x = c[d] % r.tiles[i];
      if (x >= ss[r.n + i]) // inner dims that are not the tiles (reported)
        inBounds = false;
      s += x * srcStrides[r.n + i];
    }
    if (inBounds) {
      copyElement(out, linear, src, s);
      if (src.isUndef(s))
        out.setUndef(linear, true);
    } else {
      out.setUndef(linear, true);
    }
    ++linear;
  } while (nextCoords(c, out.shape()));
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

} // namespace

void registerLinalgLayoutKernels(KernelRegistry &r) {
  r.add("linalg.softmax", softmaxKernel);
  r.add("linalg.pack", packKernel);
  r.add("linalg.unpack", unpackKernel);
}

} // namespace ref
