//===- TestSupportKernels.cpp - util, flow and check ops -------------------===//
//
// The check ops follow IREE's check module: expect_eq compares the bytes of
// the two buffers (so -0 != +0 and a NaN equals the same NaN), almost_eq is
//   lhs == rhs || (isfinite(rhs) && |lhs - rhs| <= atol + rtol * |rhs|)
//              || (isnan(lhs) && isnan(rhs))
// (NumpyFuzzyCompare in IREE's runtime/src/iree/modules/check/module.cc)
// evaluated in f32 for types up to 32 bits and in f64 for f64, as IREE does.
// A failure names the first differing element with actual and expected.
//
// Reduction freedom: IREE may reassociate a float reduction (tree or split
// reductions), so the value its test expects can differ from the
// interpreter's sequential golden by more than the check's tolerance
// (tests/e2e/regression/large_reduction.mlir expects the tree-reduced 40.96
// where the sequential f32 sum is 40.949, and an f16 sum that the
// sequential order stalls at 4.0). When expect_almost_eq's operands carry
// Freedom::reductionLength (only that freedom) and the check fails, it
// passes if the expected value is one the oracle accepts for the golden
// under its reassociation bound (oracle/Oracle.h, rule 4;
// interp/support/Tolerance.h): a legitimate IREE
// result then satisfies the check. The pass is reported as such
// (Interpreter::checkNotes). Exact checks (expect_eq) get no such rule.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/EncodingDialect.h"
#include "interp/dialects/TensorExtDialect.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/KernelUtils.h"
#include "interp/scalar/ScalarOps.h"
#include "interp/support/TextFormat.h"
#include "interp/support/Tolerance.h"

#include <cmath>
#include <cstring>

using namespace mlir;

namespace ref {

static LogicalResult unfoldableConstantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                      cast<util::UnfoldableConstantOp>(op).getValue());
}

static LogicalResult flowConstantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                           cast<flow::TensorConstantOp>(op).getValue());
}

static LogicalResult dynamicConstantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                      cast<flow::TensorDynamicConstantOp>(op).getValue());
}

static LogicalResult barrierKernel(Operation *op, Frame &frame) {
  for (auto [r, v] : llvm::zip(op->getResults(), op->getOperands()))
    frame.set(r, frame.get(v));
  return success();
}

/// Checks that a tensor value has the shape its type and dynamic dims
/// declare (flow ops carry the dims beside the value).
static LogicalResult checkDeclaredShape(Operation *op, Frame &frame,
                                        const Tensor &t, Type type,
                                        ValueRange dimValues,
                                        const Twine &what) {
  SmallVector<int64_t> dims = indexValues(frame, dimValues);
  Shape want;
  unsigned next = 0;
  for (int64_t d : cast<RankedTensorType>(type).getShape())
    want.push_back(ShapedType::isDynamic(d) ? dims[next++] : d);
  if (t.shape() != ArrayRef<int64_t>(want))
    return op->emitError() << what << " has shape "
                           << shapeTypeString(t.shape(), t.dtype())
                           << " but its dynamic dimensions declare "
                           << shapeTypeString(want, t.dtype());
  return success();
}

/// flow.dispatch.region: runs the body once in the enclosing frame (it may
/// use values from above); the `flow.return` operands are the results. The
/// workgroup count region only steers IREE's dispatch and is not run.
static LogicalResult dispatchRegionKernel(Operation *op, Frame &frame) {
  auto region = cast<flow::DispatchRegionOp>(op);
  Region &body = region.getBody();
  if (!body.hasOneBlock())
    return op->emitError("flow.dispatch.region bodies with more than one "
                         "block are not supported");
  auto results = frame.interp.runBlock(body.front(), {}, frame);
  if (failed(results))
    return failure();
  for (auto [i, r, v] : llvm::enumerate(op->getResults(), *results)) {
    if (failed(checkDeclaredShape(op, frame, *v.tensor, r.getType(),
                                  region.getResultDynamicDims(i),
                                  "result " + Twine(i))))
      return failure();
    frame.set(r, v);
  }
  return success();
}

/// flow.tensor.tie_shape: the operand, unchanged (freedom included), once
/// its shape agrees with the tied dims.
static LogicalResult tieShapeKernel(Operation *op, Frame &frame) {
  auto tie = cast<flow::TensorTieShapeOp>(op);
  const RtValue &v = frame.get(tie.getOperand());
  if (failed(checkDeclaredShape(op, frame, *v.tensor, tie.getType(),
                                tie.getDynamicDims(), "the operand")))
    return failure();
  frame.set(tie.getResult(), v);
  return success();
}

/// flow.tensor.bitcast: the source's bytes (row-major, little-endian, as
/// IREE's buffers hold them) read as the result type. Sub-byte types are
/// packed in those bytes as IREE packs them (i2, i4, f4E2M1FN always; i1
/// under `#iree_encoding.packed_storage`), low bits first. The total byte
/// sizes must agree. Unpacked i1 and index elements have no fixed byte
/// layout and are rejected. A result element overlapping a never-written
/// source element is never-written too. iree_tensor_ext.bitcast (the same
/// op before IREE converts it to flow) runs the same way.
template <typename BitCastOpT>
static LogicalResult bitcastKernel(Operation *op, Frame &frame) {
  auto bc = cast<BitCastOpT>(op);
  const Tensor &src = frame.getTensor(bc.getSource());
  if (failed(checkDeclaredShape(op, frame, src, bc.getSource().getType(),
                                bc.getSourceDims(), "the source")))
    return failure();
  FailureOr<Tensor> out = allocTensor(frame, op, bc.getType(),
                                      indexValues(frame, bc.getResultDims()));
  if (failed(out))
    return failure();
  bool srcPacked = hasPackedStorage(bc.getSource().getType());
  bool outPacked = hasPackedStorage(bc.getType());
  for (auto [t, packed] :
       {std::pair(src.dtype(), srcPacked), std::pair(out->dtype(), outPacked)})
    if ((t == DType::I1 && !packed) || t == DType::Index)
      return op->emitError() << op->getName() << " of "
             << dtypeName(t) << " elements is not supported"
             << (t == DType::I1 ? " without #iree_encoding.packed_storage"
                                : "");
  int64_t srcBytes = rawByteSizeOf(src.dtype(), src.numElements(), srcPacked);
  int64_t outBytes = rawByteSizeOf(out->dtype(), out->numElements(), outPacked);
  if (outBytes != srcBytes)
    return op->emitError() << op->getName() << " changes the byte size: "
           << shapeTypeString(src.shape(), src.dtype()) << " has " << srcBytes
           << " bytes, " << shapeTypeString(out->shape(), out->dtype())
           << " has " << outBytes;
  fromRawBytes(toRawBytes(src, srcPacked), *out, outPacked);
  if (src.hasUndef()) {
    // Bit ranges: element i of a type of w bits per element holds bits
    // [i*w, (i+1)*w) of the buffer.
    auto bitsPer = [](const Tensor &t, bool packed) -> int64_t {
      unsigned w = packedElementBits(t.dtype(), packed);
      return w ? w : 8 * t.elementBytes();
    };
    int64_t sw = bitsPer(src, srcPacked), ow = bitsPer(*out, outPacked);
    for (int64_t i = 0, n = out->numElements(); i < n; ++i)
      for (int64_t j = i * ow / sw; j <= ((i + 1) * ow - 1) / sw; ++j)
        if (uint8_t st = src.state(j))
          out->setState(i, st);
  }
  out->compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(*out));
  // Same element type: the elements stay where they were, so does their
  // freedom. Otherwise positions and values change meaning: any freedom of
  // the source makes the result undecidable.
  const RtValue &sv = frame.get(bc.getSource());
  if (sv.freedom && !sv.freedom->empty()) {
    if (rv.dtype == src.dtype()) {
      rv.freedom = sv.freedom;
    } else {
      auto f = std::make_shared<Freedom>();
      f->derivedFrom = sv.freedom->derivedFrom.empty()
                           ? sv.freedom->origin
                           : sv.freedom->derivedFrom;
      rv.freedom = std::move(f);
    }
  }
  frame.set(bc.getResult(), std::move(rv));
  return success();
}

/// flow.tensor.reshape: the same elements in the same row-major order under
/// another shape (freedom and never-written elements included). The element
/// counts must agree.
static LogicalResult flowReshapeKernel(Operation *op, Frame &frame) {
  auto rs = cast<flow::TensorReshapeOp>(op);
  const RtValue &sv = frame.get(rs.getSource());
  const Tensor &src = *sv.tensor;
  if (failed(checkDeclaredShape(op, frame, src, rs.getSource().getType(),
                                rs.getSourceDims(), "the source")))
    return failure();
  FailureOr<Tensor> out = allocTensor(frame, op, rs.getType(),
                                      indexValues(frame, rs.getResultDims()));
  if (failed(out))
    return failure();
  if (out->numElements() != src.numElements())
    return op->emitError("flow.tensor.reshape changes the element count: ")
           << shapeTypeString(src.shape(), src.dtype()) << " into "
           << shapeTypeString(out->shape(), out->dtype());
  if (src.byteSize())
    std::memcpy(out->data(), src.data(), src.byteSize());
  for (int64_t i = 0, n = src.hasUndef() ? src.numElements() : 0; i < n; ++i)
    if (src.isUndef(i))
      out->setUndef(i, true);
  out->compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(*out));
  rv.freedom = sv.freedom;
  frame.set(rs.getResult(), std::move(rv));
  return success();
}

static void fail(Frame &frame, Operation *op, const std::string &what) {
  frame.interp.addCheckFailure(op->getName().getStringRef().str() + " at " +
                               formatLoc(op->getLoc()) + ": " + what);
}

static LogicalResult expectTrueFalse(Operation *op, Frame &frame,
                                     bool wantTrue) {
  const RtValue &v = frame.get(op->getOperand(0));
  if ((v.bits != 0) != wantTrue)
    fail(frame, op,
         "expected " + std::string(wantTrue ? "true" : "false") + ", got " +
             formatElement(v.bits, v.dtype));
  return success();
}
static LogicalResult expectTrueKernel(Operation *op, Frame &frame) {
  return expectTrueFalse(op, frame, true);
}
static LogicalResult expectFalseKernel(Operation *op, Frame &frame) {
  return expectTrueFalse(op, frame, false);
}

static LogicalResult expectAllTrueKernel(Operation *op, Frame &frame) {
  const Tensor &t = frame.getTensor(op->getOperand(0));
  for (int64_t i = 0; i < t.numElements(); ++i)
    if (t.load(i) == 0) {
      fail(frame, op,
           "element " + formatCoords(t.coordinates(i)) + " is false (" +
               formatElement(t.load(i), t.dtype()) + ")");
      return success();
    }
  return success();
}

/// Compares actual with expected; `almost` selects the tolerance rule.
/// The reduction terms behind a value when that is its only freedom; 0 for
/// exact values, -1 for any other freedom (ties, multi-writes, derived).
static int64_t reductionTermsOnly(const RtValue &v) {
  const Freedom *f = v.freedom.get();
  if (!f || f->empty())
    return 0;
  if (!f->tieGroups.empty() || !f->multiWrites.empty() ||
      !f->derivedFrom.empty())
    return -1;
  return f->reductionLength;
}

/// expect_almost_eq that failed at the elements `failing`: passes when at
/// each of them the value of `other` is one the oracle accepts for the
/// golden `golden` under its reduction bound with `terms` reassociated terms
/// (the other elements passed the check itself). Records why on success.
static bool passesByReductionFreedom(Frame &frame, Operation *op,
                                     const Tensor &golden, const Tensor &other,
                                     llvm::ArrayRef<int64_t> failing,
                                     int64_t terms) {
  // The golden with the failing elements replaced by the other side's: the
  // oracle's bound uses the whole golden (its mean magnitude).
  Tensor candidate = golden;
  for (int64_t i : failing)
    candidate.store(i, other.load(i));
  if (!withinTolerance(golden, candidate, terms, OracleOptions()))
    return false;
  // Name the element farthest from the golden.
  DType t = golden.dtype();
  int64_t worst = failing.front();
  double worstErr = -1;
  for (int64_t i : failing) {
    double err = std::fabs(floatBitsToDouble(golden.load(i), t) -
                           floatBitsToDouble(other.load(i), t));
    if (err > worstErr) {
      worstErr = err;
      worst = i;
    }
  }
  frame.interp.checkNotes.push_back(
      op->getName().getStringRef().str() + " at " + formatLoc(op->getLoc()) +
      ": " + std::to_string(failing.size()) +
      " elements pass by the reduction freedom rule; farthest at " +
      formatCoords(golden.coordinates(worst)) + ": " +
      formatElement(other.load(worst), t) + " vs sequential golden " +
      formatElement(golden.load(worst), t) + ", " + std::to_string(terms) +
      " reassociated terms (oracle rule 4)");
  return true;
}

static void compareTensors(Frame &frame, Operation *op, const Tensor &actual,
                           const Tensor &expected, bool almost, double atol,
                           double rtol, int64_t reductionTerms = 0,
                           bool expectedIsGolden = false) {
  // Complex values compare part by part, each part a float.
  if (isComplex(actual.dtype()) && actual.dtype() == expected.dtype() &&
      actual.shape() == expected.shape())
    return compareTensors(frame, op, complexAsParts(actual),
                          complexAsParts(expected), almost, atol, rtol,
                          reductionTerms, expectedIsGolden);
  if (actual.shape() != expected.shape()) {
    fail(frame, op,
         "shape mismatch: actual " +
             shapeTypeString(actual.shape(), actual.dtype()) +
             ", expected " +
             shapeTypeString(expected.shape(), expected.dtype()));
    return;
  }
  DType t = actual.dtype();
  bool wide = t == DType::F64;
  int64_t mismatches = 0, first = -1;
  std::vector<int64_t> failing;
  for (int64_t i = 0; i < actual.numElements(); ++i) {
    uint64_t a = actual.load(i), e = expected.load(i);
    bool ok;
    if (!almost || !isFloat(t)) {
      ok = a == e;
    } else if (wide) {
      double l = floatBitsToDouble(a, t), r = floatBitsToDouble(e, t);
      ok = l == r ||
           (std::isfinite(r) && std::fabs(l - r) <= atol + rtol * std::fabs(r)) ||
           (std::isnan(l) && std::isnan(r));
    } else {
      float l = static_cast<float>(floatBitsToDouble(a, t));
      float r = static_cast<float>(floatBitsToDouble(e, t));
      ok = l == r || (std::isfinite(r) &&
                      std::fabs(l - r) <= static_cast<float>(atol) +
                                              static_cast<float>(rtol) *
                                                  std::fabs(r)) ||
           (std::isnan(l) && std::isnan(r));
    }
    if (!ok) {
      if (first < 0)
        first = i;
      ++mismatches;
      if (reductionTerms > 1)
        failing.push_back(i);
    }
  }
  if (first < 0)
    return;
  if (almost && isFloat(t) && reductionTerms > 1 &&
      (expectedIsGolden ? passesByReductionFreedom(frame, op, expected, actual,
                                                   failing, reductionTerms)
                        : passesByReductionFreedom(frame, op, actual, expected,
                                                   failing, reductionTerms)))
    return;
  fail(frame, op,
       "element " + formatCoords(actual.coordinates(first)) + ": expected " +
           formatElement(expected.load(first), t) + ", got " +
           formatElement(actual.load(first), t) + " (" +
           std::to_string(mismatches) + " of " +
           std::to_string(actual.numElements()) + " elements differ)");
}

static LogicalResult expectEqKernel(Operation *op, Frame &frame) {
  compareTensors(frame, op, frame.getTensor(op->getOperand(0)),
                 frame.getTensor(op->getOperand(1)), false, 0, 0);
  return success();
}

static LogicalResult expectEqConstKernel(Operation *op, Frame &frame) {
  auto expected =
      tensorFromAttr(cast<check::ExpectEqConstOp>(op).getValue(), op->getLoc());
  if (failed(expected))
    return failure();
  compareTensors(frame, op, frame.getTensor(op->getOperand(0)), *expected,
                 false, 0, 0);
  return success();
}

static LogicalResult expectAlmostEqKernel(Operation *op, Frame &frame) {
  auto c = cast<check::ExpectAlmostEqOp>(op);
  // Either side may be the reduced one; with both, their terms add up (as
  // Interpreter::inheritFreedom counts them).
  int64_t l = reductionTermsOnly(frame.get(c.getLhs()));
  int64_t r = reductionTermsOnly(frame.get(c.getRhs()));
  int64_t terms = l < 0 || r < 0 ? 0 : l + r;
  compareTensors(frame, op, frame.getTensor(c.getLhs()),
                 frame.getTensor(c.getRhs()), true,
                 c.getAtol().convertToDouble(), c.getRtol().convertToDouble(),
                 terms, /*expectedIsGolden=*/l == 0 && r > 0);
  return success();
}

static LogicalResult expectAlmostEqConstKernel(Operation *op, Frame &frame) {
  auto c = cast<check::ExpectAlmostEqConstOp>(op);
  auto expected = tensorFromAttr(c.getValue(), op->getLoc());
  if (failed(expected))
    return failure();
  int64_t terms =
      std::max<int64_t>(0, reductionTermsOnly(frame.get(c.getLhs())));
  compareTensors(frame, op, frame.getTensor(c.getLhs()), *expected, true,
                 c.getAtol().convertToDouble(), c.getRtol().convertToDouble(),
                 terms);
  return success();
}

void registerTestSupportKernels(KernelRegistry &r) {
  r.add("util.unfoldable_constant", unfoldableConstantKernel);
  r.add("util.optimization_barrier", barrierKernel);
  r.add("flow.tensor.constant", flowConstantKernel);
  r.add("flow.tensor.dynamic_constant", dynamicConstantKernel);
  r.add("flow.dispatch.region", dispatchRegionKernel);
  r.add("flow.tensor.tie_shape", tieShapeKernel);
  r.add("flow.tensor.bitcast", bitcastKernel<flow::TensorBitCastOp>);
  r.add("iree_tensor_ext.bitcast", bitcastKernel<tensor_ext::BitCastOp>);
  r.add("flow.tensor.reshape", flowReshapeKernel);
  r.add("check.expect_true", expectTrueKernel);
  r.add("check.expect_false", expectFalseKernel);
  r.add("check.expect_all_true", expectAllTrueKernel);
  r.add("check.expect_eq", expectEqKernel);
  r.add("check.expect_eq_const", expectEqConstKernel);
  r.add("check.expect_almost_eq", expectAlmostEqKernel);
  r.add("check.expect_almost_eq_const", expectAlmostEqConstKernel);
}

} // namespace ref
