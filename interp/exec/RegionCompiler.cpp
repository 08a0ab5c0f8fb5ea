//===- RegionCompiler.cpp - Region bodies as compact bytecode --------------===//

#include "interp/exec/RegionCompiler.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/ScalarOpMapping.h"
#include "interp/exec/Types.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace ref {

FailureOr<std::unique_ptr<CompiledRegion>>
CompiledRegion::compile(Region &region) {
  if (!region.hasOneBlock())
    return emitError(region.getLoc(), "expected a region with one block");
  Block &block = region.front();
  auto cr = std::make_unique<CompiledRegion>();
  DenseMap<Value, uint32_t> regOf;
  // Complex values: regOf holds the real part's register, imagOf the
  // imaginary part's.
  DenseMap<Value, uint32_t> imagOf;

  for (BlockArgument arg : block.getArguments()) {
    FailureOr<DType> t = getDType(arg.getType(), arg.getLoc());
    if (failed(t))
      return failure();
    regOf[arg] = cr->numRegs++;
    cr->argTypes.push_back(*t);
    cr->argUsed.push_back(!arg.use_empty());
  }
  cr->argImag.assign(block.getNumArguments(), 0);
  for (BlockArgument arg : block.getArguments())
    if (isComplex(cr->argTypes[arg.getArgNumber()])) {
      cr->complexIO = true;
      imagOf[arg] = cr->argImag[arg.getArgNumber()] = cr->numRegs++;
    }
  // A register that always holds 0, for unused operand slots.
  uint32_t zeroReg = cr->numRegs++;
  cr->constants.push_back({zeroReg, 0});

  // Resolves an operand: a value of the block, or a scalar captured from the
  // enclosing scope.
  auto lookup = [&](Value v) -> FailureOr<uint32_t> {
    auto it = regOf.find(v);
    if (it != regOf.end())
      return it->second;
    if (region.isAncestor(v.getParentRegion()))
      return emitError(v.getLoc(), "value used before its definition");
    if (isa<ShapedType>(v.getType()))
      return emitError(v.getLoc(), "a tensor captured by a region body can "
                                   "only be read with tensor.extract");
    FailureOr<DType> t = getDType(v.getType(), v.getLoc());
    if (failed(t))
      return failure();
    uint32_t r = cr->numRegs++;
    cr->scalarCaptures.push_back({r, v});
    regOf[v] = r;
    if (isComplex(*t)) {
      imagOf[v] = cr->numRegs++;
      cr->imagCaptures.push_back({imagOf[v], v});
    }
    return r;
  };
  // The imaginary part's register of a complex value (after lookup).
  auto lookupImag = [&](Value v) -> FailureOr<uint32_t> {
    if (failed(lookup(v)))
      return failure();
    auto it = imagOf.find(v);
    if (it == imagOf.end())
      return emitError(v.getLoc(), "expected a complex value");
    return it->second;
  };
  auto isComplexValue = [](Value v) { return isa<ComplexType>(v.getType()); };

  for (Operation &op : block.without_terminator()) {
    if (op.getNumRegions() != 0)
      return op.emitError("unsupported operation '")
             << op.getName() << "' inside a region body";

    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      FailureOr<RtValue> v = scalarFromAttr(cst.getValue(), op.getLoc());
      if (failed(v))
        return failure();
      uint32_t r = cr->numRegs++;
      cr->constants.push_back({r, v->bits});
      regOf[cst.getResult()] = r;
      continue;
    }
    // Complex values: only renamings of part registers (the arithmetic was
    // lowered to arith/math on the parts by lowerComplexOps).
    if (auto cst = dyn_cast<complex::ConstantOp>(op)) {
      FailureOr<RtValue> v = scalarFromAttr(cst.getValue(), op.getLoc());
      if (failed(v))
        return failure();
      uint32_t r = cr->numRegs++, i = cr->numRegs++;
      cr->constants.push_back({r, v->bits});
      cr->constants.push_back({i, v->imag});
      regOf[cst.getResult()] = r;
      imagOf[cst.getResult()] = i;
      continue;
    }
    if (auto cre = dyn_cast<complex::CreateOp>(op)) {
      FailureOr<uint32_t> r = lookup(cre.getReal()),
                          i = lookup(cre.getImaginary());
      if (failed(r) || failed(i))
        return failure();
      regOf[cre.getResult()] = *r;
      imagOf[cre.getResult()] = *i;
      continue;
    }
    if (isa<complex::ReOp, complex::ImOp>(op)) {
      Value c = op.getOperand(0);
      FailureOr<uint32_t> r =
          isa<complex::ReOp>(op) ? lookup(c) : lookupImag(c);
      if (failed(r))
        return failure();
      regOf[op.getResult(0)] = *r;
      continue;
    }
    if (auto sel = dyn_cast<arith::SelectOp>(op);
        sel && isComplexValue(sel.getResult())) {
      // Two selects on the parts, under one condition.
      FailureOr<DType> t = getDType(sel.getType(), op.getLoc());
      FailureOr<uint32_t> c = lookup(sel.getCondition());
      if (failed(t) || failed(c))
        return failure();
      for (unsigned part = 0; part < 2; ++part) {
        FailureOr<uint32_t> a = part ? lookupImag(sel.getTrueValue())
                                     : lookup(sel.getTrueValue());
        FailureOr<uint32_t> b = part ? lookupImag(sel.getFalseValue())
                                     : lookup(sel.getFalseValue());
        if (failed(a) || failed(b))
          return failure();
        Instr in;
        in.kind = InstrKind::Scalar;
        in.desc.op = ScalarOpcode::Select;
        in.desc.type = in.desc.resultType = complexPartType(*t);
        in.fn = selectFast(in.desc);
        in.a = *c;
        in.b = *a;
        in.c = *b;
        in.dst = cr->numRegs++;
        in.op = &op;
        (part ? imagOf : regOf)[sel.getResult()] = in.dst;
        cr->instrs.push_back(in);
      }
      continue;
    }
    if (llvm::any_of(op.getOperandTypes(),
                     [](Type t) { return isa<ComplexType>(t); }) ||
        llvm::any_of(op.getResultTypes(),
                     [](Type t) { return isa<ComplexType>(t); })) {
      if (!isa<tensor::ExtractOp>(op))
        return op.emitError("unsupported operation '")
               << op.getName() << "' on complex values inside a region body";
    }
    if (auto idx = dyn_cast<linalg::IndexOp>(op)) {
      Instr in;
      in.kind = InstrKind::LoopIndex;
      in.aux = idx.getDim();
      in.dst = cr->numRegs++;
      in.op = &op;
      regOf[idx.getResult()] = in.dst;
      cr->instrs.push_back(in);
      cr->hasLoopIndex = true;
      continue;
    }
    if (auto ex = dyn_cast<tensor::ExtractOp>(op)) {
      if (region.isAncestor(ex.getTensor().getParentRegion()))
        return op.emitError("unsupported operation 'tensor.extract' of a "
                            "tensor defined inside a region body");
      FailureOr<DType> t = getDType(ex.getType(), op.getLoc());
      if (failed(t))
        return failure();
      Instr in;
      in.kind = InstrKind::ExtractTensor;
      in.desc.type = in.desc.resultType = *t;
      in.aux = cr->tensorCaptures.size();
      cr->tensorCaptures.push_back(ex.getTensor());
      in.firstIdx = cr->indexRegs.size();
      in.numIdx = ex.getIndices().size();
      for (Value i : ex.getIndices()) {
        FailureOr<uint32_t> r = lookup(i);
        if (failed(r))
          return failure();
        cr->indexRegs.push_back(*r);
      }
      in.dst = cr->numRegs++;
      if (isComplex(*t))
        imagOf[ex.getResult()] = in.dstImag = cr->numRegs++;
      in.op = &op;
      in.maskable = isSelectGuarded(ex.getResult());
      regOf[ex.getResult()] = in.dst;
      cr->instrs.push_back(in);
      cr->mayReport = true;
      cr->mayPoison |= in.maskable;
      continue;
    }

    if (auto as = dyn_cast<cf::AssertOp>(op)) {
      FailureOr<uint32_t> r = lookup(as.getArg());
      if (failed(r))
        return failure();
      Instr in;
      in.kind = InstrKind::Assert;
      in.a = *r;
      in.dst = zeroReg; // writes nothing
      in.op = &op;
      cr->instrs.push_back(in);
      cr->mayReport = true;
      continue;
    }

    SmallVector<ScalarOpDesc, 2> descs;
    if (failed(describeScalarOp(&op, descs)))
      return failure();
    if (descs.empty())
      return op.emitError("unsupported operation '")
             << op.getName() << "' inside a region body";
    SmallVector<uint32_t, 3> operands;
    for (Value v : op.getOperands()) {
      FailureOr<uint32_t> r = lookup(v);
      if (failed(r))
        return failure();
      operands.push_back(*r);
    }
    for (auto [i, d] : llvm::enumerate(descs)) {
      if (isFloat(d.type) || isFloat(d.resultType)) {
        switch (d.op) {
        case ScalarOpcode::MaximumF:
        case ScalarOpcode::MinimumF:
        case ScalarOpcode::MaxNumF:
        case ScalarOpcode::MinNumF:
        case ScalarOpcode::CmpF:
        case ScalarOpcode::Select:
        case ScalarOpcode::NegF:
        case ScalarOpcode::AbsF:
        case ScalarOpcode::CopySign:
        case ScalarOpcode::ExtF:
        case ScalarOpcode::Bitcast:
        case ScalarOpcode::Copy:
          break;
        default:
          cr->orderSensitiveFloat = true;
        }
      }
      switch (d.op) {
      case ScalarOpcode::DivSI:
      case ScalarOpcode::DivUI:
      case ScalarOpcode::RemSI:
      case ScalarOpcode::RemUI:
      case ScalarOpcode::CeilDivSI:
      case ScalarOpcode::CeilDivUI:
      case ScalarOpcode::FloorDivSI:
      case ScalarOpcode::IPowI:
        cr->mayReport = true;
        break;
      case ScalarOpcode::ShLI:
      case ScalarOpcode::ShRSI:
      case ScalarOpcode::ShRUI:
      case ScalarOpcode::FPToSI:
      case ScalarOpcode::FPToUI:
        cr->mayReport = true;
        cr->mayPoison = true;
        break;
      default:
        // A NaN has no encoding in f4/f6 (NaNNotRepresentable).
        if (isFiniteOnlyFloat(d.resultType))
          cr->mayReport = true;
        break;
      }
      if (d.flags) {
        cr->mayReport = true;
        cr->mayPoison = true;
      }
      Instr in;
      in.kind = InstrKind::Scalar;
      in.desc = d;
      in.fn = selectFast(d);
      in.a = operands.size() > 0 ? operands[0] : zeroReg;
      in.b = operands.size() > 1 ? operands[1] : zeroReg;
      in.c = operands.size() > 2 ? operands[2] : zeroReg;
      in.dst = cr->numRegs++;
      in.op = &op;
      regOf[op.getResult(i)] = in.dst;
      cr->instrs.push_back(in);
    }
  }

  Operation *term = block.getTerminator();
  cr->terminator = term;
  for (Value v : term->getOperands()) {
    FailureOr<uint32_t> r = lookup(v);
    if (failed(r))
      return failure();
    FailureOr<DType> t = getDType(v.getType(), term->getLoc());
    if (failed(t))
      return failure();
    cr->yieldRegs.push_back(*r);
    cr->yieldTypes.push_back(*t);
    uint32_t imag = 0;
    if (isComplex(*t)) {
      FailureOr<uint32_t> i = lookupImag(v);
      if (failed(i))
        return failure();
      imag = *i;
      cr->complexIO = true;
    }
    cr->yieldImag.push_back(imag);
  }
  return cr;
}

std::optional<CompiledRegion::ArgCompare>
CompiledRegion::asArgCompare() const {
  if (instrs.size() != 1 || yieldRegs.size() != 1)
    return std::nullopt;
  const Instr &in = instrs[0];
  if (in.kind != InstrKind::Scalar || yieldRegs[0] != in.dst ||
      (in.desc.op != ScalarOpcode::CmpF && in.desc.op != ScalarOpcode::CmpI))
    return std::nullopt;
  if (in.a >= argTypes.size() || in.b >= argTypes.size() || in.a == in.b)
    return std::nullopt;
  return ArgCompare{in.desc, in.a, in.b};
}

bool CompiledRegion::mayMeetPoison(const Frame &frame) const {
  if (mayPoison)
    return true;
  for (auto &[r, v] : scalarCaptures)
    if (frame.get(v).poison)
      return true;
  for (Value v : tensorCaptures)
    if (frame.get(v).tensor->hasPoison())
      return true;
  return false;
}

std::string poisonReaches(StringRef sink) {
  return ("poison reaches " + sink).str();
}

std::string poisonDetail(uint8_t state, StringRef extra) {
  std::string d = "poison created by " + poisonOrigin(state);
  if (!extra.empty())
    d += ("; " + extra).str();
  return d;
}

RegionRunner::RegionRunner(const CompiledRegion &region, const Frame &frame,
                           int lanes, bool trackPoison)
    : region(region), interp(&frame.interp), lanes(lanes),
      regs(static_cast<size_t>(region.numRegs) * lanes, 0) {
  for (auto [r, bits] : region.constants)
    std::fill_n(&regs[r * lanes], lanes, bits);
  for (auto &[r, v] : region.scalarCaptures)
    std::fill_n(&regs[r * lanes], lanes, frame.get(v).bits);
  for (auto &[r, v] : region.imagCaptures)
    std::fill_n(&regs[r * lanes], lanes, frame.get(v).imag);
  for (Value v : region.tensorCaptures)
    tensors.push_back(frame.get(v).tensor.get());
  if (trackPoison || region.mayMeetPoison(frame)) {
    states.assign(static_cast<size_t>(region.numRegs) * lanes, kDefined);
    for (auto &[r, v] : region.scalarCaptures)
      std::fill_n(&states[r * lanes], lanes, frame.get(v).poison);
    for (auto &[r, v] : region.imagCaptures)
      std::fill_n(&states[r * lanes], lanes, frame.get(v).poison);
  }
}

static uint8_t mergeStates(uint8_t s, uint8_t t) {
  if (s >= kFirstPoison)
    return s;
  if (t >= kFirstPoison)
    return t;
  return s | t; // kDefined or kNeverWritten
}

/// The state of a lane's result from its operands' states: the first poison
/// among them, else never-written if one is; select takes its condition's
/// poison, else the chosen operand's state.
/// A select that drops the value of a read out of bounds notes it.
static void combineStates(Interpreter &interp,
                          const CompiledRegion::Instr &in, uint8_t *dst,
                          const uint8_t *a, const uint8_t *b, const uint8_t *c,
                          const uint64_t *cond, int n) {
  if (in.desc.op == ScalarOpcode::Select) {
    for (int l = 0; l < n; ++l) {
      if (a[l]) {
        dst[l] = a[l];
        continue;
      }
      bool takeB = cond[l] & 1;
      dst[l] = takeB ? b[l] : c[l];
      if (uint8_t dropped = takeB ? c[l] : b[l]; dropped >= kFirstPoison)
        noteMaskedRead(interp, dropped, in.op);
    }
    return;
  }
  // Unused operand slots read the zero register, whose state is kDefined.
  for (int l = 0; l < n; ++l)
    dst[l] = mergeStates(mergeStates(a[l], b[l]), c[l]);
}


void RegionRunner::run(int n, const int64_t *coords, int laneDim,
                       UBCallback onUB) {
  using K = CompiledRegion::InstrKind;
  bool track = tracksPoison();
  for (const CompiledRegion::Instr &in : region.instrs) {
    uint64_t *dst = &regs[in.dst * lanes];
    uint8_t *dstState = track ? &states[in.dst * lanes] : nullptr;
    switch (in.kind) {
    case K::Scalar: {
      if (track)
        combineStates(*interp, in, dstState, &states[in.a * lanes],
                      &states[in.b * lanes], &states[in.c * lanes],
                      &regs[in.a * lanes], n);
      runBatch(in.fn, in.desc, dst, &regs[in.a * lanes], &regs[in.b * lanes],
               &regs[in.c * lanes], n, [&](int lane, UBKind ub) {
                 // A lane that is poison already keeps its first origin.
                 if (track && isPoison(ub)) {
                   if (dstState[lane] < kFirstPoison)
                     dstState[lane] = poisonStateOf(in.op, ub);
                   return;
                 }
                 onUB(in.op, ubKindName(ub), lane, "");
               });
      break;
    }
    case K::LoopIndex: {
      if (track)
        std::fill_n(dstState, n, kDefined);
      int64_t base = coords ? coords[in.aux] : 0;
      bool varies = static_cast<int>(in.aux) == laneDim;
      for (int l = 0; l < n; ++l)
        dst[l] = static_cast<uint64_t>(base + (varies ? l : 0));
      break;
    }
    case K::ExtractTensor: {
      const Tensor &t = *tensors[in.aux];
      for (int l = 0; l < n; ++l) {
        int64_t linear = 0;
        bool inBounds = true;
        std::string bad;
        if (track) {
          dstState[l] = kDefined;
          uint8_t idxState = kDefined;
          for (uint32_t k = 0; k < in.numIdx && !idxState; ++k)
            idxState = states[region.indexRegs[in.firstIdx + k] * lanes + l];
          if (idxState >= kFirstPoison) {
            dst[l] = 0;
            if (!reportOutOfBoundsReach(*interp, idxState, in.op,
                                        "an index operand"))
              onUB(in.op, poisonReaches("an index operand"), l,
                   poisonDetail(idxState));
            continue;
          }
        }
        for (uint32_t k = 0; k < in.numIdx; ++k) {
          int64_t i = static_cast<int64_t>(
              regs[region.indexRegs[in.firstIdx + k] * lanes + l]);
          if (i < 0 || i >= t.dim(k)) {
            inBounds = false;
            bad = "index " + std::to_string(i) + " of dimension " +
                  std::to_string(k) + " (size " + std::to_string(t.dim(k)) +
                  ")";
            break;
          }
          linear = linear * t.dim(k) + i;
        }
        if (!inBounds) {
          dst[l] = 0;
          if (in.maskable && track)
            if (uint8_t st = outOfBoundsReadState(
                    in.op, "out-of-bounds tensor.extract")) {
              dstState[l] = st;
              continue;
            }
          onUB(in.op, "out-of-bounds tensor.extract", l, bad);
        } else {
          uint8_t st = t.state(linear);
          if (st >= kFirstPoison && track)
            dstState[l] = st;
          else if (st != kDefined)
            onUB(in.op, "read of an uninitialized element", l, "");
          if (in.dstImag) {
            dst[l] = t.loadPart(linear, 0);
            regs[in.dstImag * lanes + l] = t.loadPart(linear, 1);
            if (track)
              states[in.dstImag * lanes + l] = dstState[l];
          } else {
            dst[l] = t.load(linear);
          }
        }
      }
      break;
    }
    case K::Assert: {
      // The program aborts where the assertion fails (cf.assert); IREE
      // strips assertions from executables (docs/coverage.md).
      const uint64_t *cond = &regs[in.a * lanes];
      for (int l = 0; l < n; ++l) {
        if (track && states[in.a * lanes + l] >= kFirstPoison) {
          if (!reportOutOfBoundsReach(*interp, states[in.a * lanes + l],
                                      in.op, "an assertion"))
            onUB(in.op, poisonReaches("an assertion"), l,
                 poisonDetail(states[in.a * lanes + l]));
          continue;
        }
        if (!(cond[l] & 1))
          onUB(in.op, "failed assertion", l,
               cast<cf::AssertOp>(in.op).getMsg());
      }
      break;
    }
    }
  }
  if (!track || keepsPoison)
    return;
  for (uint32_t r : region.yieldRegs)
    for (int l = 0; l < n; ++l)
      if (uint8_t st = states[r * lanes + l]; st >= kFirstPoison)
        if (!reportOutOfBoundsReach(*interp, st, region.terminator, sink))
          onUB(region.terminator, poisonReaches(sink), l, poisonDetail(st));
}

} // namespace ref
