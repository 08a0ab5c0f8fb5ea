//===- FftKernels.cpp - iree_linalg_ext.fft --------------------------------===//
//
// One stage of IREE's iterative radix-2 FFT, computed as IREE's
// FftOp::generateScalarImplementation (TilingInterfaceImpl.cpp) does:
//
//   m = 1 << stage, mh = m >> 1
//   for each point of the outer dims, for k = 0, m, 2m, ... < n:
//     for j in [0, mh):                      (a linalg.generic over j)
//       (wr, wi) = (real_coeff[j], imag_coeff[j])          with coefficients
//                = (cos w, sin w), w = (-2pi / m) * j      without (f32)
//       (ur, ui) = a[k + j],  (vr, vi) = a[k + j + mh]
//       xu = wr*vr; yv = wi*vi; xv = wr*vi; yu = wi*vr
//       tr = xu - yv; ti = xv + yu
//       a[k + j] = (ur + tr, ui + ti); a[k + j + mh] = (ur - tr, ui - ti)
//
// every operation one rounded arith op in the element type, in this order
// (the butterflies of a stage touch disjoint elements, so only the order
// of operations within one matters). Without coefficients IREE builds the
// twiddle angle in f32: "-2pi" is the double -2*acos(-1) rounded to f32,
// divided (arith.divf) by sitofp(index_cast<i32>(m)), multiplied by
// sitofp(index_cast<i32>(j)); cos/sin are math.cos/math.sin (correctly
// rounded here; IREE's polynomial approximations differ by ULPs).
//
// The freedom: each output of a stage is a sum of three products
// (ur + wr*vr - wi*vi, ...), and IREE's GPU code generators contract
// them: LLVM's NVPTX and AMDGPU backends fuse a multiply and an add into
// an FMA by default, and SPIR-V without a NoContraction decoration (IREE
// emits none) lets the Vulkan driver fuse them (NVIDIA's does). With
// cancellation one fused product moves a bin by more than a few ULP of the
// bin itself (a 32-point rfft on the NVIDIA Vulkan driver: 24 ULP, 1.5e-6,
// on a bin of 0.62). So a stage's results carry Freedom::reductionLength
// 3, the reassociation bound of a three-term sum, which the interpreter
// adds up along a chain of stages (5 stages of a 32-point FFT: 15 terms).
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/Types.h"
#include "interp/exec/ScalarOpMapping.h"
#include "interp/exec/kernels/LinalgExtCommon.h"

#include <cmath>
#include <cstring>

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
using linalg_ext_kernels::forEachLine;

namespace {

/// A batch arith op in the element type, its undefined behaviour (a NaN in
/// a format without one) reported at `op`.
struct Lanes {
  Frame &frame;
  mlir::Operation *op;
  DType type;
  void run(ScalarOpcode opc, std::vector<uint64_t> &dst,
           const std::vector<uint64_t> &a, const std::vector<uint64_t> &b) {
    run(opc, type, type, dst, a, b);
  }
  void run(ScalarOpcode opc, DType from, DType to, std::vector<uint64_t> &dst,
           const std::vector<uint64_t> &a, const std::vector<uint64_t> &b) {
    ScalarOpDesc d{opc, from, to};
    int n = static_cast<int>(dst.size());
    runBatch(selectFast(d), d, dst.data(), a.data(),
             b.empty() ? a.data() : b.data(), a.data(), n,
             [&](int lane, UBKind ub) {
               reportUB(frame, op, ubKindName(ub), {}, false,
                        "butterfly lane j = " + std::to_string(lane));
             });
  }
};

} // namespace

static LogicalResult fftKernel(Operation *op, Frame &frame) {
  auto fft = cast<ext::FftOp>(op);
  const RtValue &stageV = frame.get(fft.getStage());
  if (stageV.isTensor() || !isInteger(stageV.dtype))
    return op->emitError("expected an integer or index stage");
  Tensor re = frame.getTensor(fft.getReal());
  Tensor im = frame.getTensor(fft.getImag());
  DType t = re.dtype();
  if (!isFloat(t))
    return refuseElementType(op, fft.getReal().getType());
  // f8E8M0FNU has no zero and no sign (a butterfly's a - a has no value):
  // a scale type, whose arithmetic is refused as arith.addf's is.
  if (t == DType::F8E8M0FNU)
    return refuseElementType(op, fft.getReal().getType())
           << ": a scale type without zero or sign, whose arithmetic is "
              "refused";
  if (im.dtype() != t)
    return op->emitError("expected real and imaginary outputs of one float "
                         "type, got ")
           << dtypeName(t) << " and " << dtypeName(im.dtype());
  if (re.shape() != im.shape() || re.rank() == 0)
    return op->emitError("expected real and imaginary outputs of one shape "
                         "of rank >= 1");
  if (!fft.hasCoeff() && t != DType::F32)
    return refuseElementType(op, fft.getReal().getType())
           << " without coefficients: it computes its twiddle factors in "
              "f32 (IREE's scalar implementation)";

  int64_t stage = stageV.asIndex();
  int64_t n = re.shape().back();
  bool butterflies = false;
  auto finish = [&]() {
    re.compactUndef();
    im.compactUndef();
    RtValue rr = RtValue::ofTensor(std::move(re));
    RtValue ri = RtValue::ofTensor(std::move(im));
    if (butterflies) {
      auto f = std::make_shared<Freedom>();
      f->reductionLength = 3;
      f->origin = originOf(op);
      rr.freedom = f;
      ri.freedom = std::move(f);
    }
    frame.set(op->getResult(0), std::move(rr));
    frame.set(op->getResult(1), std::move(ri));
    return success();
  };
  // IREE computes m = 1 << stage with arith.shli: poison for a shift
  // amount outside [0, 64).
  if (stage < 0 || stage >= 63) {
    reportUB(frame, op, "fft stage out of range", {}, false,
             "stage " + std::to_string(stage) +
                 ": 1 << stage is poison (shift amount out of range)");
    return finish();
  }
  int64_t m = int64_t(1) << stage, mh = m >> 1;
  if (mh == 0 || n == 0)
    return finish();
  if (m > n) {
    // The first butterfly's subviews [0, mh) and [mh, m) leave the
    // dimension: out-of-bounds accesses.
    reportUB(frame, op, "out-of-bounds operand access", {}, false,
             "stage " + std::to_string(stage) + " merges halves of " +
                 std::to_string(mh) + " elements but the last dimension "
                 "has " + std::to_string(n));
    return finish();
  }
  if (n % m != 0) {
    reportUB(frame, op, "out-of-bounds operand access", {}, false,
             "the last dimension (" + std::to_string(n) +
                 ") is not a multiple of 2^stage = " + std::to_string(m));
    return finish();
  }

  // The twiddle factors, one per j.
  std::vector<uint64_t> wr(mh), wi(mh);
  Lanes L{frame, op, t};
  if (fft.hasCoeff()) {
    const Tensor &cr = frame.getTensor(fft.getRealCoeff());
    const Tensor &ci = frame.getTensor(fft.getImagCoeff());
    if (cr.dtype() != t || ci.dtype() != t || cr.rank() != 1 ||
        ci.rank() != 1)
      return op->emitError("expected 1-D coefficient tensors of the "
                           "outputs' element type");
    if (cr.dim(0) < mh || ci.dim(0) < mh) {
      reportUB(frame, op, "out-of-bounds operand access", {}, false,
               "stage " + std::to_string(stage) + " reads " +
                   std::to_string(mh) + " coefficients but the tensors "
                   "have " + std::to_string(std::min(cr.dim(0), ci.dim(0))));
      return finish();
    }
    reportUndefReads(frame, op, cr, "the real coefficients");
    reportUndefReads(frame, op, ci, "the imaginary coefficients");
    for (int64_t j = 0; j < mh; ++j) {
      wr[j] = cr.load(j);
      wi[j] = ci.load(j);
    }
  } else {
    std::vector<uint64_t> c(mh), jf(mh), idx(mh), w(mh), none;
    double twoPi = -2 * std::acos(-1.0);
    float twoPiF = static_cast<float>(twoPi);
    uint32_t twoPiBits;
    std::memcpy(&twoPiBits, &twoPiF, 4);
    std::vector<uint64_t> num(mh, twoPiBits), den(mh, truncBits(m, DType::I32));
    for (int64_t j = 0; j < mh; ++j)
      idx[j] = truncBits(static_cast<uint64_t>(j), DType::I32);
    L.run(ScalarOpcode::SIToFP, DType::I32, DType::F32, den, den, none);
    L.run(ScalarOpcode::DivF, c, num, den);
    L.run(ScalarOpcode::SIToFP, DType::I32, DType::F32, jf, idx, none);
    L.run(ScalarOpcode::MulF, w, c, jf);
    L.run(ScalarOpcode::Cos, wr, w, none);
    L.run(ScalarOpcode::Sin, wi, w, none);
  }

  reportUndefReads(frame, op, re, "the real input");
  reportUndefReads(frame, op, im, "the imaginary input");
  butterflies = re.numElements() > 0;
  std::vector<uint64_t> ur(mh), ui(mh), vr(mh), vi(mh), xu(mh), yv(mh),
      xv(mh), yu(mh), tr(mh), ti(mh), r1(mh), r2(mh), r3(mh), r4(mh);
  forEachLine(re.shape(), re.rank() - 1,
              [&](int64_t base, int64_t stride, ArrayRef<int64_t>) {
                for (int64_t k = 0; k < n; k += m) {
                  int64_t lo = base + k * stride, hi = lo + mh * stride;
                  for (int64_t j = 0; j < mh; ++j) {
                    ur[j] = re.load(lo + j * stride);
                    ui[j] = im.load(lo + j * stride);
                    vr[j] = re.load(hi + j * stride);
                    vi[j] = im.load(hi + j * stride);
                  }
                  L.run(ScalarOpcode::MulF, xu, wr, vr);
                  L.run(ScalarOpcode::MulF, yv, wi, vi);
                  L.run(ScalarOpcode::MulF, xv, wr, vi);
                  L.run(ScalarOpcode::MulF, yu, wi, vr);
                  L.run(ScalarOpcode::SubF, tr, xu, yv);
                  L.run(ScalarOpcode::AddF, ti, xv, yu);
                  L.run(ScalarOpcode::AddF, r1, ur, tr);
                  L.run(ScalarOpcode::AddF, r2, ui, ti);
                  L.run(ScalarOpcode::SubF, r3, ur, tr);
                  L.run(ScalarOpcode::SubF, r4, ui, ti);
                  for (int64_t j = 0; j < mh; ++j) {
                    re.store(lo + j * stride, r1[j]);
                    im.store(lo + j * stride, r2[j]);
                    re.store(hi + j * stride, r3[j]);
                    im.store(hi + j * stride, r4[j]);
                  }
                }
              });
  return finish();
}

void registerFftKernels(KernelRegistry &r) {
  r.add(ext::FftOp::getOperationName(), fftKernel);
}

} // namespace ref
