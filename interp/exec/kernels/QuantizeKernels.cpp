//===- QuantizeKernels.cpp - quantize_affine / dequantize_affine ----------===//
//
// iree_linalg_ext.quantize_affine and dequantize_affine, computed as IREE's
// decomposition into a linalg.generic does (iree-linalg-ext-decompose-
// aggregated-ops, read off iree-opt 3.13's output for each variant), one
// rounded arith op at a time:
//
// quantize_affine (value x, scale s, optional zero point z; C is the wider
// of x's and s's float types, the narrower one extended with arith.extf):
//   q = roundeven(x / s)                     (divf, math.roundeven in C)
//   q = q + (zp_unsigned ? uitofp : sitofp)(z)          (only with z)
//   q = minnumf(maxnumf(q, float(quant_min)), float(quant_max))
//   out = (storage_unsigned ? fptoui : fptosi)(q)
// The clamp bounds are quant_min/quant_max rounded to C (to nearest, even),
// and maxnumf/minnumf drop a NaN: NaN quantizes to quant_min. A bound that
// rounds up out of the storage range (quant_max = 2^31 - 1 in f32 is 2^31)
// lets fptosi overflow: that lane is poison, as in IREE's code.
//
// dequantize_affine (value q of iN, scale s, optional zero point z; F the
// output float type, which the scale's must equal):
//   with z:    W = i(2N); d = ext(q) - extOrTrunc(z) in W (subi, wrapping);
//              out = sitofp(d) * s
//   without z: out = (input_unsigned ? uitofp : sitofp)(q) * s
// where ext is extui under input_unsigned (else extsi) and the zero point is
// extended (extui under zp_unsigned, else extsi) or truncated to W.
// quant_min/quant_max are not used by dequantization.
//
// Operands are indexed through the op's indexing maps over the iteration
// domain (projected permutations; scalar scale / zero point have no map
// results). Poison operand elements make poison results; never-written
// ones are reported.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/Types.h"

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
namespace {

/// One operand: a tensor read through a map, or a scalar.
struct Operand {
  const RtValue *v = nullptr;
  SmallVector<unsigned> dims; // domain dim of each tensor dimension
  DType dtype = DType::I8;
  int64_t linear(ArrayRef<int64_t> point) const {
    if (!v->isTensor())
      return 0;
    const Tensor &t = *v->tensor;
    int64_t l = 0;
    for (unsigned r = 0; r < dims.size(); ++r)
      l = l * t.dim(r) + point[dims[r]];
    return l;
  }
  uint64_t load(int64_t l) const {
    return v->isTensor() ? v->tensor->load(l) : v->bits;
  }
  uint8_t state(int64_t l) const {
    return v->isTensor() ? v->tensor->state(l) : v->state();
  }
};

DType intOfWidth(unsigned w) {
  switch (w) {
  case 1:
    return DType::I1;
  case 2:
    return DType::I2;
  case 4:
    return DType::I4;
  case 8:
    return DType::I8;
  case 16:
    return DType::I16;
  case 32:
    return DType::I32;
  default:
    return DType::I64;
  }
}

/// The chain of scalar ops for one element; the first poison kind is kept.
struct Chain {
  UBKind ub = UBKind::None;
  uint64_t run(ScalarOpcode opc, DType from, DType to, uint64_t a,
               uint64_t b = 0) {
    ScalarOpDesc d{opc, from, to};
    UBKind k = UBKind::None;
    uint64_t r = evalExact(d, a, b, 0, k);
    if (k != UBKind::None && ub == UBKind::None)
      ub = k;
    return r;
  }
  uint64_t run(ScalarOpcode opc, DType t, uint64_t a, uint64_t b = 0) {
    return run(opc, t, t, a, b);
  }
};

template <typename OpT>
LogicalResult quantKernel(Operation *op, Frame &frame, bool isQuantize) {
  auto qop = cast<OpT>(op);
  if (op->getNumResults() != 1)
    return op->emitError("the buffer (memref) form of ")
           << op->getName() << " is not supported";
  unsigned numIns = op->getNumOperands() - 1;
  SmallVector<AffineMap> maps;
  for (Attribute a : qop.getIndexingMaps())
    maps.push_back(cast<AffineMapAttr>(a).getValue());
  unsigned numDims = maps[0].getNumDims();
  SmallVector<Operand> ops(op->getNumOperands());
  SmallVector<int64_t> domain(numDims, -1);
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    Operand &o = ops[i];
    o.v = &frame.get(op->getOperand(i));
    o.dtype = o.v->dtype;
    for (AffineExpr e : maps[i].getResults())
      o.dims.push_back(cast<AffineDimExpr>(e).getPosition());
    if (!o.v->isTensor())
      continue;
    const Tensor &t = *o.v->tensor;
    for (unsigned r = 0; r < o.dims.size(); ++r) {
      int64_t &d = domain[o.dims[r]];
      if (d < 0)
        d = t.dim(r);
      else if (d != t.dim(r))
        return op->emitError("operand #")
               << i << " dimension " << r << " has size " << t.dim(r)
               << " but the iteration domain's d" << o.dims[r] << " is "
               << d << " (from the operands before it)";
    }
  }
  for (unsigned i = 0; i < numIns; ++i)
    if (ops[i].v->isTensor())
      reportUndefReads(frame, op, *ops[i].v->tensor,
                       i == 0 ? "the input" : i == 1 ? "the scale"
                                                     : "the zero point");
  const Operand &x = ops[0], &s = ops[1];
  const Operand *z = numIns == 3 ? &ops[2] : nullptr;
  Tensor out = *ops[numIns].v->tensor;
  DType outT = out.dtype();
  bool zpUnsigned = op->hasAttr("zp_unsigned");
  bool valUnsigned = op->hasAttr(OpT::getUnsignedFlagName());
  int64_t qmin = qop.getQuantMin(), qmax = qop.getQuantMax();

  DType compute = outT;
  uint64_t lo = 0, hi = 0;
  if (isQuantize) {
    compute = bitWidth(s.dtype) > bitWidth(x.dtype) ? s.dtype : x.dtype;
    if (bitWidth(s.dtype) == bitWidth(x.dtype) && s.dtype != x.dtype)
      return op->emitError("quantize_affine of ")
             << dtypeName(x.dtype) << " values with a " << dtypeName(s.dtype)
             << " scale is not supported (no common float type)";
    Chain c;
    lo = c.run(ScalarOpcode::SIToFP, DType::I64, compute,
               static_cast<uint64_t>(qmin));
    hi = c.run(ScalarOpcode::SIToFP, DType::I64, compute,
               static_cast<uint64_t>(qmax));
  } else if (s.dtype != outT) {
    return op->emitError("dequantize_affine with a ")
           << dtypeName(s.dtype) << " scale and " << dtypeName(outT)
           << " results is not supported";
  }
  DType wide = intOfWidth(2 * bitWidth(x.dtype));

  SmallVector<int64_t> point(numDims, 0);
  int64_t total = 1;
  for (int64_t d : domain)
    total *= d;
  Tensor *o = &out;
  const Operand &oo = ops[numIns];
  for (int64_t n = 0; n < total; ++n) {
    if (n > 0)
      nextCoords(point, domain);
    int64_t li = x.linear(point), ls = s.linear(point);
    int64_t lz = z ? z->linear(point) : 0, lo_ = oo.linear(point);
    uint8_t st = x.state(li) >= kFirstPoison   ? x.state(li)
                 : s.state(ls) >= kFirstPoison ? s.state(ls)
                 : z && z->state(lz) >= kFirstPoison ? z->state(lz)
                                                     : 0;
    if (st) {
      o->store(lo_, 0);
      o->setState(lo_, st);
      continue;
    }
    Chain c;
    uint64_t r;
    if (isQuantize) {
      uint64_t xv = x.load(li), sv = s.load(ls);
      if (x.dtype != compute)
        xv = c.run(ScalarOpcode::ExtF, x.dtype, compute, xv);
      if (s.dtype != compute)
        sv = c.run(ScalarOpcode::ExtF, s.dtype, compute, sv);
      uint64_t q = c.run(ScalarOpcode::DivF, compute, xv, sv);
      q = c.run(ScalarOpcode::RoundEven, compute, q);
      if (z) {
        uint64_t zf =
            c.run(zpUnsigned ? ScalarOpcode::UIToFP : ScalarOpcode::SIToFP,
                  z->dtype, compute, z->load(lz));
        q = c.run(ScalarOpcode::AddF, compute, q, zf);
      }
      q = c.run(ScalarOpcode::MaxNumF, compute, q, lo);
      q = c.run(ScalarOpcode::MinNumF, compute, q, hi);
      r = c.run(valUnsigned ? ScalarOpcode::FPToUI : ScalarOpcode::FPToSI,
                compute, outT, q);
    } else {
      uint64_t xv = x.load(li), sv = s.load(ls);
      uint64_t f;
      if (z) {
        uint64_t a =
            c.run(valUnsigned ? ScalarOpcode::ExtUI : ScalarOpcode::ExtSI,
                  x.dtype, wide, xv);
        uint64_t b = z->load(lz);
        unsigned zw = bitWidth(z->dtype), ww = bitWidth(wide);
        if (zw < ww)
          b = c.run(zpUnsigned ? ScalarOpcode::ExtUI : ScalarOpcode::ExtSI,
                    z->dtype, wide, b);
        else if (zw > ww)
          b = c.run(ScalarOpcode::TruncI, z->dtype, wide, b);
        uint64_t d = c.run(ScalarOpcode::SubI, wide, a, b);
        f = c.run(ScalarOpcode::SIToFP, wide, outT, d);
      } else {
        f = c.run(valUnsigned ? ScalarOpcode::UIToFP : ScalarOpcode::SIToFP,
                  x.dtype, outT, xv);
      }
      r = c.run(ScalarOpcode::MulF, outT, f, sv);
    }
    o->store(lo_, r);
    if (c.ub == UBKind::None) {
      o->setDefined(lo_);
    } else if (isPoison(c.ub)) {
      o->store(lo_, 0);
      o->setState(lo_, poisonStateOf(op, c.ub));
    } else {
      reportUB(frame, op, ubKindName(c.ub), oo.v->tensor->coordinates(lo_),
               true);
      o->setDefined(lo_);
    }
  }
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

LogicalResult quantizeKernel(Operation *op, Frame &frame) {
  return quantKernel<ext::QuantizeAffineOp>(op, frame, true);
}
LogicalResult dequantizeKernel(Operation *op, Frame &frame) {
  return quantKernel<ext::DequantizeAffineOp>(op, frame, false);
}

} // namespace

void registerQuantizeKernels(KernelRegistry &r) {
  r.add(ext::QuantizeAffineOp::getOperationName(), quantizeKernel);
  r.add(ext::DequantizeAffineOp::getOperationName(), dequantizeKernel);
}

} // namespace ref
