//===- LinalgKernels.cpp - Every linalg op through the LinalgOp interface --===//
//
// Named ops (matmul, conv, pooling, transpose, reduce, ...) carry their body
// and indexing maps like linalg.generic does, so one executor runs them all:
//  1. loop ranges come from the operand shapes through the op's
//     shapes-to-loops map;
//  2. each operand's indexing map, when it is an affine combination of loop
//     dims (permutations, broadcasts, convolution windows, strides), becomes
//     a base offset plus one element stride per loop;
//  3. the iteration space is walked in the op's loop order, except that one
//     parallel loop whose iterations write distinct output elements is moved
//     innermost and run as the lanes of the compiled body. Moving a parallel
//     loop keeps every output element's reduction order sequential, so the
//     result is the one the sequential loop nest defines.
// Accesses outside an operand are undefined behaviour (reachable with dynamic
// shapes that disagree), reported before anything runs.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExprVisitor.h"

using namespace mlir;

namespace ref {
namespace {

/// An affine expression as `constant + sum coeff[d] * d`.
struct LinearExpr {
  int64_t constant = 0;
  SmallVector<int64_t> coeffs;
};

std::optional<LinearExpr> linearize(AffineExpr e, unsigned numDims) {
  LinearExpr r;
  r.coeffs.assign(numDims, 0);
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    r.coeffs[d.getPosition()] = 1;
    return r;
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    r.constant = c.getValue();
    return r;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return std::nullopt;
  auto lhs = linearize(bin.getLHS(), numDims);
  auto rhs = linearize(bin.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  auto isConst = [](const LinearExpr &x) {
    return llvm::all_of(x.coeffs, [](int64_t c) { return c == 0; });
  };
  switch (e.getKind()) {
  case AffineExprKind::Add:
    r.constant = lhs->constant + rhs->constant;
    for (unsigned i = 0; i < numDims; ++i)
      r.coeffs[i] = lhs->coeffs[i] + rhs->coeffs[i];
    return r;
  case AffineExprKind::Mul: {
    const LinearExpr *k = isConst(*lhs) ? &*lhs : isConst(*rhs) ? &*rhs : nullptr;
    const LinearExpr *x = k == &*lhs ? &*rhs : &*lhs;
    if (!k)
      return std::nullopt;
    r.constant = x->constant * k->constant;
    for (unsigned i = 0; i < numDims; ++i)
      r.coeffs[i] = x->coeffs[i] * k->constant;
    return r;
  }
  default:
    return std::nullopt;
  }
}

/// How one operand is addressed: offset = base + sum strides[d] * i_d.
struct OperandAccess {
  const Tensor *in = nullptr; // inputs; null for scalars and outputs
  Tensor *out = nullptr;      // outputs (the result being built)
  bool isScalar = false;
  uint64_t scalarBits = 0;
  int64_t base = 0;
  SmallVector<int64_t> strides;
};

} // namespace

static LogicalResult linalgKernel(Operation *op, Frame &frame) {
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (!linalgOp.hasPureTensorSemantics())
    return op->emitError("unsupported operation '")
           << op->getName() << "' on memrefs";
  Interpreter &interp = frame.interp;
  unsigned numLoops = linalgOp.getNumLoops();

  // Loop ranges from the concatenated operand shapes.
  SmallVector<int64_t> allDims;
  for (OpOperand &o : op->getOpOperands()) {
    const RtValue &v = frame.get(o.get());
    if (v.isTensor())
      allDims.append(v.tensor->shape().begin(), v.tensor->shape().end());
  }
  AffineMap shapesToLoops = linalgOp.getShapesToLoopsMap();
  if (!shapesToLoops)
    return op->emitError("cannot derive loop ranges of '")
           << op->getName() << "' from its indexing maps";
  SmallVector<int64_t> ranges = shapesToLoops.compose(allDims);
  if (ranges.size() != numLoops)
    return op->emitError("loop range computation gave ")
           << ranges.size() << " ranges for " << numLoops << " loops";

  auto crOr = interp.getCompiledRegion(op->getRegion(0));
  if (failed(crOr))
    return failure();
  const CompiledRegion &cr = **crOr;

  // Results start as copies of the inits.
  unsigned numInputs = linalgOp.getNumDpsInputs();
  SmallVector<Tensor> results;
  for (OpOperand &init : linalgOp.getDpsInitsMutable())
    results.push_back(frame.getTensor(init.get()));

  // Addressing of every operand, with bounds checked at the box corners.
  SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
  SmallVector<OperandAccess> access(op->getNumOperands());
  bool empty = llvm::any_of(ranges, [](int64_t r) { return r <= 0; });
  for (OpOperand &o : op->getOpOperands()) {
    unsigned k = o.getOperandNumber();
    OperandAccess &a = access[k];
    a.strides.assign(numLoops, 0);
    const RtValue &v = frame.get(o.get());
    if (!v.isTensor()) {
      a.isScalar = true;
      a.scalarBits = v.bits;
      continue;
    }
    const Tensor *t = v.tensor.get();
    if (k < numInputs)
      a.in = t;
    else
      a.out = &results[k - numInputs];
    AffineMap m = maps[k];
    Shape rowStrides = rowMajorStrides(t->shape());
    for (auto [r, expr] : llvm::enumerate(m.getResults())) {
      auto lin = linearize(expr, numLoops);
      if (!lin)
        return op->emitError("unsupported non-affine-linear indexing map ")
               << AffineMapAttr::get(m);
      a.base += lin->constant * rowStrides[r];
      for (unsigned d = 0; d < numLoops; ++d)
        a.strides[d] += lin->coeffs[d] * rowStrides[r];
      if (empty)
        continue;
      int64_t lo = lin->constant, hi = lin->constant;
      for (unsigned d = 0; d < numLoops; ++d) {
        int64_t span = lin->coeffs[d] * (ranges[d] - 1);
        (span < 0 ? lo : hi) += span;
      }
      if (lo < 0 || hi >= t->dim(r)) {
        reportUB(frame, op, "out-of-bounds operand access", {}, false,
                 "operand #" + std::to_string(k) + " dimension " +
                     std::to_string(r) + " (size " +
                     std::to_string(t->dim(r)) + ") is accessed at " +
                     std::to_string(lo < 0 ? lo : hi) +
                     " by the loop ranges " + formatCoords(ranges));
        for (auto [res, t2] : llvm::zip(op->getResults(), results))
          frame.set(res, RtValue::ofTensor(std::move(t2)));
        return success();
      }
    }
  }

  if (!empty) {
    // The lane loop: the last parallel dim along which every output moves.
    SmallVector<utils::IteratorType> iters =
        linalgOp.getIteratorTypesArray();
    int laneDim = -1;
    for (int d = numLoops - 1; d >= 0 && laneDim < 0; --d) {
      if (iters[d] != utils::IteratorType::parallel)
        continue;
      bool distinct = true;
      for (unsigned k = numInputs; k < op->getNumOperands(); ++k)
        distinct &= access[k].strides[d] != 0;
      if (distinct)
        laneDim = d;
    }
    int64_t laneRange = laneDim >= 0 ? ranges[laneDim] : 1;
    int lanes = static_cast<int>(std::min<int64_t>(laneRange, 256));
    RegionRunner runner(cr, frame, lanes);

    unsigned numOperands = op->getNumOperands();
    for (unsigned k = 0; k < numOperands; ++k)
      if (access[k].isScalar && cr.isArgUsed(k))
        std::fill_n(runner.arg(k), lanes, access[k].scalarBits);

    SmallVector<int64_t> point(numLoops, 0);
    SmallVector<int64_t> offsets(numOperands);
    std::string undefDetail;
    auto laneCoords = [&](int lane) {
      Shape c(point.begin(), point.end());
      if (laneDim >= 0)
        c[laneDim] += lane;
      return c;
    };
    auto onUB = [&](Operation *at, StringRef kind, int lane,
                    StringRef detail) {
      reportUB(frame, at, kind, laneCoords(lane), true, detail);
    };

    while (true) {
      for (int64_t chunk = 0; chunk < laneRange; chunk += lanes) {
        if (laneDim >= 0)
          point[laneDim] = chunk;
        int n = static_cast<int>(std::min<int64_t>(lanes, laneRange - chunk));
        for (unsigned k = 0; k < numOperands; ++k) {
          int64_t off = access[k].base;
          for (unsigned d = 0; d < numLoops; ++d)
            off += access[k].strides[d] * point[d];
          offsets[k] = off;
        }
        // Gather the block arguments.
        for (unsigned k = 0; k < numOperands; ++k) {
          if (access[k].isScalar || !cr.isArgUsed(k))
            continue;
          const Tensor *t = access[k].in ? access[k].in : access[k].out;
          int64_t step = laneDim >= 0 ? access[k].strides[laneDim] : 0;
          uint64_t *dst = runner.arg(k);
          for (int l = 0; l < n; ++l)
            dst[l] = t->load(offsets[k] + l * step);
          if (t->hasUndef())
            for (int l = 0; l < n; ++l)
              if (t->isUndef(offsets[k] + l * step))
                reportUB(frame, op, "read of an uninitialized element",
                         laneCoords(l), true,
                         "operand #" + std::to_string(k) +
                             " comes from tensor.empty and was never "
                             "written");
        }
        runner.run(n, point.data(), laneDim, onUB);
        // Scatter the yielded values into the results.
        for (unsigned i = 0; i < results.size(); ++i) {
          unsigned k = numInputs + i;
          int64_t step = laneDim >= 0 ? access[k].strides[laneDim] : 0;
          const uint64_t *src = runner.result(i);
          Tensor &t = results[i];
          for (int l = 0; l < n; ++l) {
            t.store(offsets[k] + l * step, src[l]);
            t.setDefined(offsets[k] + l * step);
          }
        }
      }
      // Advance the outer loops (all but laneDim), last dim fastest.
      int d = static_cast<int>(numLoops) - 1;
      for (; d >= 0; --d) {
        if (d == laneDim)
          continue;
        if (++point[d] < ranges[d])
          break;
        point[d] = 0;
      }
      if (d < 0)
        break;
    }
  }

  // Float reductions: record how many terms each element combines, so the
  // oracle can bound the error of another summation order.
  std::shared_ptr<Freedom> freedom;
  int64_t reductionLength = 1;
  bool hasReduction = false;
  for (auto [d, it] : llvm::enumerate(linalgOp.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction) {
      hasReduction = true;
      reductionLength *= ranges[d];
    }
  if (hasReduction && cr.hasOrderSensitiveFloatOps()) {
    freedom = std::make_shared<Freedom>();
    freedom->reductionLength = reductionLength;
    freedom->origin = op->getName().getStringRef().str() + " at " +
                      formatLoc(op->getLoc());
  }

  for (auto [res, t] : llvm::zip(op->getResults(), results)) {
    t.compactUndef();
    RtValue rv = RtValue::ofTensor(std::move(t));
    if (freedom && isFloat(rv.dtype))
      rv.freedom = freedom;
    frame.set(res, std::move(rv));
  }
  return success();
}

static bool isLinalgOp(Operation *op) { return isa<linalg::LinalgOp>(op); }

void registerLinalgKernels(KernelRegistry &r) {
  r.addFallback(isLinalgOp, linalgKernel);
}

} // namespace ref
