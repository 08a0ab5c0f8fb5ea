//===- StablehloKernels.cpp - The StableHLO ops ref-run runs as they are --===//
//
// Semantics from StableHLO's spec (https://openxla.org/stablehlo/spec):
//  - add, subtract, multiply: integer ops wrap (as IREE's lowering to
//    arith.addi/subi/muli without overflow flags does); floats round once.
//  - maximum, minimum: signed for integers, boolean (or/and) for i1,
//    IEEE 754-2019 maximum/minimum for floats (NaN propagates, -0 < +0).
//  - and, or, xor: bitwise on integers and i1.
//  These element ops run in the shared elementwiseKernel; which scalar op
//  implements each, per element type, is said in ScalarOpMapping.cpp.
//  - reduce_window: each input is dilated (base_dilations - 1 init values
//    between neighbours), padded (padding low/high, negative crops) with
//    its init value, and every window (window_dimensions elements,
//    window_dilations apart, starting window_strides apart) is reduced with
//    the body starting from the init value. Padding and dilation holes are
//    window elements too: they combine the init value once each, so an add
//    with init c adds c for every such element (the spec's `pad` then
//    `reduce`). The spec leaves the order of a reduction's combinations to
//    the implementation: results are computed in row-major window order,
//    and a float sum or product records its term count as freedom
//    (Freedom::reductionLength) for the oracle.
//    The spec also lets an implementation combine the init value "an
//    implementation-defined amount" of extra times and leaves the order to
//    it: the result is only defined when each body is one associative,
//    commutative op (add, multiply, maximum, minimum, and, or, xor) of its
//    accumulator and element and the init value is that op's identity
//    (0, 1, the type's lowest / highest value, all ones). Any other body or
//    init gets `derivedFrom` freedom naming why (the oracle then compares
//    without order), never a claimed exact golden.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/StablehloDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/ScalarOpMapping.h"

#include <limits>

using namespace mlir;

namespace ref {

namespace {

/// A reduction body compiled to a list of scalar steps over slots: the
/// block's arguments first, then each op's result.
struct CompiledBody {
  struct Step {
    ScalarOpDesc desc{};
    unsigned a = 0, b = 0;
    bool isConstant = false;
    uint64_t bits = 0;
  };
  unsigned numArgs = 0;
  std::vector<Step> steps;
  SmallVector<unsigned, 2> yields;
  bool orderSensitive = false;
  /// Per input: the single op combining its accumulator and element that
  /// the body yields (null: the body is anything else).
  SmallVector<std::optional<ScalarOpDesc>, 2> combiners;

  void run(SmallVectorImpl<uint64_t> &slots) const {
    for (auto [i, s] : llvm::enumerate(steps)) {
      uint64_t v = s.bits;
      if (!s.isConstant) {
        UBKind ub = UBKind::None;
        v = evalExact(s.desc, slots[s.a], slots[s.b], 0, ub);
      }
      slots[numArgs + i] = v;
    }
  }
};

FailureOr<CompiledBody> compileBody(stablehlo::ReduceWindowOp rw) {
  Block &block = rw.getBody().front();
  CompiledBody cb;
  cb.numArgs = block.getNumArguments();
  DenseMap<Value, unsigned> slot;
  for (BlockArgument a : block.getArguments())
    slot[a] = a.getArgNumber();
  for (Operation &op : block.without_terminator()) {
    CompiledBody::Step s;
    if (auto c = dyn_cast<stablehlo::ConstantOp>(op)) {
      if (cast<ShapedType>(c.getType()).getRank() != 0)
        return op.emitError("a reduction body's constant must be 0-d");
      FailureOr<Tensor> value = tensorFromAttr(c.getValue(), op.getLoc());
      if (failed(value))
        return failure();
      s.isConstant = true;
      s.bits = value->load(0);
    } else {
      SmallVector<ScalarOpDesc, 1> descs;
      if (failed(describeScalarOp(&op, descs)))
        return failure();
      if (descs.size() != 1 || op.getNumOperands() != 2)
        return op.emitError("'")
               << op.getName()
               << "' in a reduction body is not in the interpreter's "
                  "StableHLO subset";
      s.desc = descs[0];
      s.a = slot.lookup(op.getOperand(0));
      s.b = slot.lookup(op.getOperand(1));
      if (s.desc.op == ScalarOpcode::AddF || s.desc.op == ScalarOpcode::SubF ||
          s.desc.op == ScalarOpcode::MulF)
        cb.orderSensitive = true;
    }
    slot[op.getResult(0)] = cb.numArgs + cb.steps.size();
    cb.steps.push_back(s);
  }
  unsigned n = cb.numArgs / 2;
  for (auto [i, v] : llvm::enumerate(block.getTerminator()->getOperands())) {
    cb.yields.push_back(slot.lookup(v));
    std::optional<ScalarOpDesc> comb;
    unsigned at = cb.yields.back();
    if (at >= cb.numArgs) {
      const CompiledBody::Step &s = cb.steps[at - cb.numArgs];
      unsigned acc = i, x = n + i;
      bool associative =
          s.desc.op != ScalarOpcode::SubI && s.desc.op != ScalarOpcode::SubF;
      if (!s.isConstant && associative &&
          ((s.a == acc && s.b == x) || (s.a == x && s.b == acc)))
        comb = s.desc;
    }
    cb.combiners.push_back(comb);
  }
  return cb;
}

/// Whether `bits` is the identity of `d` (an associative, commutative op).
bool isIdentityOf(const ScalarOpDesc &d, uint64_t bits) {
  DType t = d.type;
  unsigned width = bitWidth(t);
  uint64_t ones = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bits &= ones;
  auto floatIs = [&](double v) {
    return isFloat(t) && floatBitsToDouble(bits, t) == v;
  };
  switch (d.op) {
  case ScalarOpcode::AddI:
  case ScalarOpcode::OrI:
  case ScalarOpcode::XOrI:
  case ScalarOpcode::MaxUI:
    return bits == 0;
  case ScalarOpcode::AndI:
  case ScalarOpcode::MinUI:
    return bits == ones;
  case ScalarOpcode::MulI:
    return bits == 1;
  case ScalarOpcode::MaxSI:
    return width >= 1 && bits == (uint64_t(1) << (width - 1));
  case ScalarOpcode::MinSI:
    return width >= 1 && bits == (ones >> 1);
  case ScalarOpcode::AddF:
    return floatIs(0.0); // +0 and -0 (the sign of a zero sum aside)
  case ScalarOpcode::MulF:
    return floatIs(1.0);
  case ScalarOpcode::MaximumF:
    return floatIs(-std::numeric_limits<double>::infinity());
  case ScalarOpcode::MinimumF:
    return floatIs(std::numeric_limits<double>::infinity());
  default:
    return false;
  }
}

LogicalResult constantKernel(Operation *op, Frame &frame) {
  return setConstantResult(op, frame,
                           cast<stablehlo::ConstantOp>(op).getValue());
}

LogicalResult reduceWindowKernel(Operation *op, Frame &frame) {
  auto rw = cast<stablehlo::ReduceWindowOp>(op);
  std::optional<stablehlo::WindowParams> p = stablehlo::windowParams(rw);
  if (!p)
    return op->emitError("reduce_window: attributes do not match the rank");
  auto body = compileBody(rw);
  if (failed(body))
    return failure();
  size_t n = rw.getInputs().size();
  SmallVector<const Tensor *, 2> ins;
  SmallVector<uint64_t, 2> inits;
  for (size_t i = 0; i < n; ++i) {
    const Tensor &t = frame.getTensor(rw.getInputs()[i]);
    const Tensor &init = frame.getTensor(rw.getInitValues()[i]);
    if (i > 0 && t.shape() != ins[0]->shape()) {
      reportUB(frame, op, "operand shapes disagree", {}, false,
               "input " + std::to_string(i) + " is " +
                   formatShape(t.shape()) + ", input 0 " +
                   formatShape(ins[0]->shape()));
      return failure();
    }
    reportUndefReads(frame, op, t, "the input");
    reportUndefReads(frame, op, init, "the init value");
    ins.push_back(&t);
    inits.push_back(init.load(0));
  }
  ArrayRef<int64_t> inShape = ins[0]->shape();
  size_t rank = inShape.size();
  Shape outShape;
  int64_t windowSize = 1;
  for (size_t d = 0; d < rank; ++d) {
    outShape.push_back(windowedExtent(
        inShape[d], p->dims[d], p->strides[d], p->baseDilations[d],
        p->windowDilations[d], p->padLow[d], p->padHigh[d]));
    windowSize *= p->dims[d];
  }
  SmallVector<Tensor, 2> outs;
  for (size_t i = 0; i < n; ++i) {
    auto t = allocTensorOfShape(frame, op, rw.getResult(i).getType(),
                                outShape);
    if (failed(t))
      return failure();
    outs.push_back(std::move(*t));
  }
  int64_t numOut = outs[0].numElements();
  SmallVector<uint64_t, 8> slots(body->numArgs + body->steps.size());
  Shape o(rank, 0), w(rank, 0), q(rank, 0);
  for (int64_t lin = 0; lin < numOut; ++lin) {
    if (lin > 0)
      nextCoords(o, outShape);
    SmallVector<uint64_t, 2> acc(inits.begin(), inits.end());
    std::fill(w.begin(), w.end(), 0);
    for (int64_t k = 0; k < windowSize; ++k) {
      if (k > 0)
        nextCoords(w, p->dims);
      // Where the window element falls in the padded, dilated input: an
      // input element, or padding (a dilation hole counts as padding).
      bool inside = true;
      for (size_t d = 0; d < rank && inside; ++d) {
        int64_t pos = o[d] * p->strides[d] + w[d] * p->windowDilations[d] -
                      p->padLow[d];
        if (pos < 0 || pos % p->baseDilations[d] != 0 ||
            pos / p->baseDilations[d] >= inShape[d])
          inside = false;
        else
          q[d] = pos / p->baseDilations[d];
      }
      int64_t at = inside ? ins[0]->linearIndex(q) : 0;
      for (size_t i = 0; i < n; ++i) {
        slots[i] = acc[i];
        slots[n + i] = inside ? ins[i]->load(at) : inits[i];
      }
      body->run(slots);
      for (size_t i = 0; i < n; ++i)
        acc[i] = slots[body->yields[i]];
    }
    for (size_t i = 0; i < n; ++i) {
      outs[i].store(lin, acc[i]);
      outs[i].setDefined(lin);
    }
  }
  std::shared_ptr<Freedom> freedom;
  std::string undefinedWhy;
  for (size_t i = 0; i < n && undefinedWhy.empty(); ++i) {
    if (!body->combiners[i])
      undefinedWhy = "its body is not one associative op of accumulator and "
                     "element";
    else if (!isIdentityOf(*body->combiners[i], inits[i]))
      undefinedWhy = "its init value is not the identity of its body";
  }
  if (!undefinedWhy.empty() && windowSize > 1) {
    freedom = std::make_shared<Freedom>();
    freedom->derivedFrom =
        originOf(op) + ": " + undefinedWhy +
        ", so the spec leaves the order and the number of init values "
        "combined to the implementation";
    freedom->origin = originOf(op);
  } else if (body->orderSensitive && windowSize > 1) {
    freedom = std::make_shared<Freedom>();
    freedom->reductionLength = windowSize + 1;
    freedom->origin = originOf(op);
  }
  for (size_t i = 0; i < n; ++i) {
    outs[i].compactUndef();
    RtValue rv = RtValue::ofTensor(std::move(outs[i]));
    if (freedom && (isFloat(rv.dtype) || !freedom->derivedFrom.empty()))
      rv.freedom = freedom;
    frame.set(rw.getResult(i), std::move(rv));
  }
  return success();
}

} // namespace

void registerStablehloKernels(KernelRegistry &r) {
  for (const char *name :
       {"stablehlo.add", "stablehlo.subtract", "stablehlo.multiply",
        "stablehlo.maximum", "stablehlo.minimum", "stablehlo.and",
        "stablehlo.or", "stablehlo.xor"})
    r.add(name, elementwiseKernel);
  r.add("stablehlo.constant", constantKernel);
  r.add("stablehlo.reduce_window", reduceWindowKernel);
}

} // namespace ref
