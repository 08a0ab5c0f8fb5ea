//===- Interpreter.cpp - The reference interpreter core --------------------===//

#include "interp/exec/Interpreter.h"
#include "interp/exec/ComplexLowering.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/RegionCompiler.h"
#include "interp/exec/Types.h"
#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <cstring>
#include <limits>

using namespace mlir;

namespace ref {

const RtValue &Frame::get(Value v) const {
  auto it = values.find(v);
  assert(it != values.end() && "value not computed yet");
  return it->second;
}

void KernelRegistry::add(StringRef opName, OpKernel kernel) {
  byName[opName] = kernel;
}

void KernelRegistry::addFallback(bool (*matches)(Operation *),
                                 OpKernel kernel) {
  fallbacks.push_back({matches, kernel});
}

OpKernel KernelRegistry::lookup(Operation *op) const {
  auto it = byName.find(op->getName().getStringRef());
  if (it != byName.end())
    return it->second;
  for (auto &[matches, kernel] : fallbacks)
    if (matches(op))
      return kernel;
  return nullptr;
}

Interpreter::Interpreter(ModuleOp module, InterpreterOptions opts)
    : module(module), opts(opts), kernels(KernelRegistry::all()),
      startTime(std::chrono::steady_clock::now()) {}

Interpreter::~Interpreter() = default;

FailureOr<SmallVector<RtValue>>
Interpreter::callFunction(FunctionOpInterface fn, ArrayRef<RtValue> args) {
  if (callDepth == 0 && failed(initializeGlobals()))
    return failure();
  if (fn.isExternal()) {
    if (opts.externalCall)
      return opts.externalCall(*this, fn, args);
    return fn.emitError("cannot call external function @") << fn.getName();
  }
  // Deep or unbounded recursion must end in an error, not a stack overflow.
  if (callDepth >= 256)
    return fn.emitError("call depth limit (256) exceeded");
  ++callDepth;
  Frame frame(*this);
  auto results = runRegion(fn.getFunctionBody(), args, frame);
  --callDepth;
  return results;
}

void Interpreter::reportPoisonResults(FunctionOpInterface fn,
                                      ArrayRef<RtValue> results) {
  // The location named is the function's (first) return.
  Operation *ret = fn.getOperation();
  for (Block &b : fn.getFunctionBody())
    if (b.mightHaveTerminator() &&
        b.getTerminator()->hasTrait<OpTrait::ReturnLike>()) {
      ret = b.getTerminator();
      break;
    }
  Frame frame(*this);
  for (auto [i, r] : llvm::enumerate(results))
    if (r.hasPoison())
      reportPoisonIn(frame, ret, r, "a function result",
                     "result " + std::to_string(i));
}

FailureOr<SmallVector<RtValue>>
Interpreter::runRegion(Region &region, ArrayRef<RtValue> args, Frame &frame) {
  Block *block = &region.front();
  SmallVector<RtValue> blockArgs(args.begin(), args.end());
  while (true) {
    if (blockArgs.size() != block->getNumArguments())
      return emitError(region.getLoc(), "expected ")
             << block->getNumArguments() << " block arguments, got "
             << blockArgs.size();
    for (auto [arg, v] : llvm::zip(block->getArguments(), blockArgs))
      frame.set(arg, v);
    for (Operation &op : block->without_terminator())
      if (failed(runOp(&op, frame)))
        return failure();
    Operation *term = block->getTerminator();
    auto valuesOf = [&](ValueRange vs) {
      SmallVector<RtValue> out;
      for (Value v : vs)
        out.push_back(frame.get(v));
      return out;
    };
    // Branches count as steps: a block that branches to itself must still
    // stop at the step budget.
    if (isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(term)) {
      if (failed(countStep(term)))
        return failure();
      reportPoisonSinks(term, frame);
    }
    if (auto br = dyn_cast<cf::BranchOp>(term)) {
      blockArgs = valuesOf(br.getDestOperands());
      block = br.getDest();
    } else if (auto cbr = dyn_cast<cf::CondBranchOp>(term)) {
      bool cond = frame.get(cbr.getCondition()).bits & 1;
      blockArgs = valuesOf(cond ? cbr.getTrueDestOperands()
                                : cbr.getFalseDestOperands());
      block = cond ? cbr.getTrueDest() : cbr.getFalseDest();
    } else if (auto sw = dyn_cast<cf::SwitchOp>(term)) {
      // The flag and the case values compare as integers of the flag's
      // width.
      const RtValue &flag = frame.get(sw.getFlag());
      block = sw.getDefaultDestination();
      ValueRange operands = sw.getDefaultOperands();
      if (auto cases = sw.getCaseValues())
        for (auto [i, c] : llvm::enumerate(cases->getValues<APInt>()))
          if (truncBits(c.getZExtValue(), flag.dtype) == flag.bits) {
            block = sw.getCaseDestinations()[i];
            operands = sw.getCaseOperands(i);
            break;
          }
      blockArgs = valuesOf(operands);
    } else {
      if (term->getNumSuccessors())
        return term->emitError("unsupported operation '")
               << term->getName() << "'";
      return valuesOf(term->getOperands());
    }
  }
}

LogicalResult Interpreter::initializeGlobals() {
  if (globalsState)
    return success(globalsState == 1);
  globalsState = 2;
  // Complex arithmetic becomes arith/math on the parts, as IREE lowers it
  // (ComplexLowering.h); compiled regions of the old ops are gone with them.
  if (failed(lowerComplexOps(module)))
    return failure();
  compiled.clear();
  captured.clear();
  ++callDepth; // initializers may call functions: no re-entry
  llvm::scope_exit done([&] { --callDepth; });
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto global = dyn_cast<util::GlobalOp>(op)) {
      Attribute init = global.getInitialValueAttr();
      // Opaque initial values (`#hal.device.target<...> : !hal.device` in
      // flow-phase programs) only steer IREE: nothing reads them here.
      if (!init || isa<OpaqueAttr>(init))
        continue;
      if (auto elements = dyn_cast<ElementsAttr>(init)) {
        // A splat's text is small whatever its shape: check the budget.
        auto dt = getDType(elements.getType(), global.getLoc());
        if (failed(dt) ||
            failed(checkAllocation(global.getLoc(), *dt,
                                   elements.getShapedType().getShape())))
          return failure();
        auto t = tensorFromAttr(elements, global.getLoc());
        if (failed(t))
          return failure();
        globals[global.getSymName()] = RtValue::ofTensor(std::move(*t));
      } else if (isParameterAttr(init)) {
        auto t = tensorFromParameter(*this, init, global.getLoc());
        if (failed(t))
          return failure();
        globals[global.getSymName()] = RtValue::ofTensor(std::move(*t));
      } else if (auto pattern = dyn_cast<util::BytePatternAttr>(init)) {
        auto t = tensorFromBytePattern(*this, pattern.getType(),
                                       pattern.getPattern(), global.getLoc());
        if (failed(t))
          return failure();
        globals[global.getSymName()] = RtValue::ofTensor(std::move(*t));
      } else {
        auto v = scalarFromAttr(init, global.getLoc());
        if (failed(v))
          return failure();
        globals[global.getSymName()] = *v;
      }
    } else if (auto init = dyn_cast<util::InitializerOp>(op)) {
      Frame frame(*this);
      if (failed(runRegion(init.getBody(), {}, frame)))
        return failure();
    }
  }
  globalsState = 1;
  return success();
}

const RtValue *Interpreter::getGlobal(StringRef name) const {
  auto it = globals.find(name);
  return it == globals.end() ? nullptr : &it->second;
}

FailureOr<SmallVector<RtValue>>
Interpreter::runBlock(Block &block, ArrayRef<RtValue> args, Frame &frame) {
  if (args.size() != block.getNumArguments())
    return emitError(block.getParent()->getLoc(), "expected ")
           << block.getNumArguments() << " block arguments, got "
           << args.size();
  for (auto [arg, v] : llvm::zip(block.getArguments(), args))
    frame.set(arg, v);
  for (Operation &op : block.without_terminator())
    if (failed(runOp(&op, frame)))
      return failure();
  SmallVector<RtValue> results;
  for (Value v : block.getTerminator()->getOperands())
    results.push_back(frame.get(v));
  return results;
}

LogicalResult Interpreter::countStep(Operation *op) {
  ++opsRun;
  // Budgets: a program that never ends stops with an error (ref-run exits 2).
  if (opts.maxSteps && opsRun > opts.maxSteps)
    return op->emitError("step budget exceeded: more than ")
           << opts.maxSteps << " ops run (--max-steps)";
  if (opts.maxSeconds > 0 && opsRun % 256 == 0 &&
      std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                    startTime)
              .count() > opts.maxSeconds)
    return op->emitError("time budget exceeded: ran longer than ")
           << opts.maxSeconds << " s (--max-time)";
  return success();
}

LogicalResult Interpreter::runOp(Operation *op, Frame &frame) {
  OpKernel kernel = kernels.lookup(op);
  if (!kernel)
    return op->emitError("unsupported operation '") << op->getName() << "'";
  if (failed(countStep(op)))
    return failure();
  uint64_t before = opsRun;
  reportPoisonSinks(op, frame);
  if (failed(kernel(op, frame)))
    return failure();
  inheritFreedom(op, frame, /*ranNested=*/opsRun != before);
  return success();
}

/// Poison is a value that may be computed and discarded; it is a finding
/// only where it decides something (docs/coverage.md, "Poison"). The
/// operands checked here before an op runs: every operand of a check op,
/// the condition of scf.if, and index operands (positions, sizes, loop
/// bounds) of the tensor, scf.for and flow ops. The other sinks are checked
/// where they are read: function results (ref-run), scf.while's condition,
/// tensor.extract indices in bodies, linalg_ext comparators and indices.
void Interpreter::reportPoisonSinks(Operation *op, Frame &frame) {
  StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
  auto check = [&](Value v, StringRef sink) {
    const RtValue &rv = frame.get(v);
    if (rv.hasPoison())
      reportPoisonIn(frame, op, rv, sink);
  };
  if (ns == "check") {
    for (Value v : op->getOperands())
      check(v, "a check");
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    check(ifOp.getCondition(), "a branch condition");
    return;
  }
  if (auto cbr = dyn_cast<cf::CondBranchOp>(op)) {
    check(cbr.getCondition(), "a branch condition");
    return;
  }
  if (auto sw = dyn_cast<cf::SwitchOp>(op)) {
    check(sw.getFlag(), "a branch condition");
    return;
  }
  if (auto as = dyn_cast<cf::AssertOp>(op)) {
    check(as.getArg(), "an assertion");
    return;
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    for (Value v : {forOp.getLowerBound(), forOp.getUpperBound(),
                    forOp.getStep()})
      check(v, "an index operand");
    return;
  }
  if (ns != "tensor" && ns != "flow")
    return;
  for (OpOperand &o : op->getOpOperands()) {
    if (!o.get().getType().isIndex())
      continue;
    // Element values, not positions.
    if ((isa<tensor::InsertOp>(op) && o.getOperandNumber() == 0) ||
        isa<tensor::FromElementsOp, tensor::SplatOp>(op))
      continue;
    check(o.get(), "an index operand");
  }
}

/// Ops whose results depend on the shape of their operands only, or that
/// forward each operand unchanged as the result of the same number (their
/// kernels hand the freedom on): nothing to inherit.
static bool inheritsNothing(Operation *op) {
  return isa<tensor::DimOp, tensor::RankOp, util::OptimizationBarrierOp>(op);
}

/// Ops that round a float to an integral value (as a float or an integer):
/// a perturbation of the input as small as a reassociation error may move
/// the result by a whole unit, so no elementwise tolerance bounds it.
static bool isRoundingOp(Operation *op) {
  return isa<math::FloorOp, math::CeilOp, math::RoundOp, math::RoundEvenOp,
             math::TruncOp, arith::FPToSIOp, arith::FPToUIOp>(op);
}

static bool roundsToIntegers(Operation *op) {
  if (isRoundingOp(op))
    return true;
  bool found = false;
  for (Region &r : op->getRegions())
    r.walk([&](Operation *inner) {
      if (isRoundingOp(inner)) {
        found = true;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  return found;
}

static int64_t saturatingAdd(int64_t a, int64_t b) {
  return a > std::numeric_limits<int64_t>::max() - b
             ? std::numeric_limits<int64_t>::max()
             : a + b;
}

ArrayRef<Value> Interpreter::capturedValues(Operation *op) {
  auto it = captured.find(op);
  if (it != captured.end())
    return it->second;
  SmallVector<Value, 2> &values = captured[op];
  llvm::SmallDenseSet<Value, 4> seen;
  for (Region &r : op->getRegions())
    r.walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        if (!op->isAncestor(v.getParentRegion()->getParentOp()) &&
            seen.insert(v).second)
          values.push_back(v);
    });
  return values;
}

void Interpreter::inheritFreedom(Operation *op, Frame &frame, bool ranNested) {
  if (op->getNumResults() == 0)
    return;
  // Control flow (scf, flow.dispatch.region; func.call runs its callee's
  // ops) returns values its regions computed with runOp or captured: they
  // carry their own freedom.
  if (!ranNested && op->getNumRegions() &&
      isa<RegionBranchOpInterface, flow::DispatchRegionOp>(op))
    ranNested = true;
  bool useCaptures = !ranNested && op->getNumRegions();
  // Most ops compute from exact values: leave them quickly.
  if (!useCaptures && llvm::none_of(op->getOperands(), [&](Value v) {
        const RtValue &rv = frame.get(v);
        return rv.freedom && !rv.freedom->empty();
      }))
    return;
  if (inheritsNothing(op))
    return;
  // The values the results are computed from: the operands (less the init
  // operands a linalg body never reads) and, for ops whose bodies are run by
  // the kernel itself (linalg, tensor.generate, iree_linalg_ext), the values
  // those bodies capture from above.
  SmallVector<const Freedom *, 4> inputs;
  auto consider = [&](Value v) {
    const RtValue &rv = frame.get(v);
    if (rv.freedom && !rv.freedom->empty())
      inputs.push_back(rv.freedom.get());
  };
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  for (OpOperand &operand : op->getOpOperands())
    if (!linalgOp || !linalgOp.isDpsInit(&operand) ||
        linalgOp.payloadUsesValueFromOperand(&operand))
      consider(operand.get());
  if (useCaptures)
    for (Value v : capturedValues(op))
      consider(v);
  if (inputs.empty())
    return;

  // `coarse`: an input whose freedom a consumer cannot track (tie groups,
  // multi-writes, or already derived); `reduction`: the input carrying the
  // most float reduction terms.
  const Freedom *coarse = nullptr, *reduction = nullptr;
  for (const Freedom *f : inputs) {
    if (!coarse && (!f->tieGroups.empty() || !f->multiWrites.empty() ||
                    !f->derivedFrom.empty()))
      coarse = f;
    if (f->reductionLength > (reduction ? reduction->reductionLength : 0))
      reduction = f;
  }
  auto originOf = [](const Freedom *f) {
    return f->derivedFrom.empty() ? f->origin : f->derivedFrom;
  };
  bool rounds = reduction && !ranNested && roundsToIntegers(op);

  for (Value r : op->getResults()) {
    const RtValue &cur = frame.get(r);
    const Freedom *own = cur.freedom.get();
    // Derived is the coarsest freedom: nothing to add.
    if (own && !own->derivedFrom.empty())
      continue;
    // A kernel that handed an input's value through (reshapes, casts,
    // barriers, tie_shape) kept its freedom exactly.
    bool passedThrough = own && llvm::is_contained(inputs, own);
    Freedom f = own ? *own : Freedom();
    bool changed = false;
    if (coarse && !passedThrough) {
      f.derivedFrom = originOf(coarse);
      changed = true;
    }
    if (reduction && !ranNested && !passedThrough && f.derivedFrom.empty()) {
      if ((isFloat(cur.dtype) || isComplex(cur.dtype)) && !rounds) {
        // The reassociation error (of each part, for complex values) of the inputs reaches the result along
        // with the result's own: add the term counts.
        int64_t ownLength = own ? own->reductionLength : 0;
        f.reductionLength =
            saturatingAdd(ownLength, reduction->reductionLength);
        if (f.origin.empty())
          f.origin = reduction->origin;
      } else {
        // Integers (cmpf, fptosi, arg_compare indices, ...) and rounded
        // floats can change by a whole unit under a tiny perturbation: no
        // tolerance bounds them.
        f.derivedFrom = originOf(reduction);
      }
      changed = true;
    }
    if (!changed)
      continue;
    RtValue rv = cur;
    rv.freedom = std::make_shared<const Freedom>(std::move(f));
    frame.set(r, std::move(rv));
  }
}

FailureOr<const CompiledRegion *> Interpreter::getCompiledRegion(Region &r) {
  auto it = compiled.find(&r);
  if (it != compiled.end())
    return it->second.get();
  auto cr = CompiledRegion::compile(r);
  if (failed(cr))
    return failure();
  const CompiledRegion *ptr = cr->get();
  compiled[&r] = std::move(*cr);
  return ptr;
}

namespace {
/// The findings of one parallelFor task, kept apart until the loop ends.
struct TaskFindings {
  std::vector<Finding> kept;
  uint64_t count = 0;
};
/// The list of the task the current thread runs (null outside tasks).
thread_local TaskFindings *currentTask = nullptr;

/// Sets currentTask for the lifetime of a task.
class TaskScope {
public:
  explicit TaskScope(TaskFindings *t) : saved(currentTask) { currentTask = t; }
  ~TaskScope() { currentTask = saved; }

private:
  TaskFindings *saved;
};
} // namespace

void Interpreter::addFinding(Finding f) {
  if (TaskFindings *t = currentTask) {
    // The first maxFindings of all tasks together are among the first
    // maxFindings of each task.
    ++t->count;
    if (t->kept.size() < opts.maxFindings)
      t->kept.push_back(std::move(f));
    return;
  }
  ++numFindings_;
  if (findings_.size() < opts.maxFindings)
    findings_.push_back(std::move(f));
}

void Interpreter::addMaskedRead(Operation *reader, Operation *select) {
  std::lock_guard<std::mutex> guard(*maskedLock);
  ++masked[{reader, select}];
}

std::vector<MaskedRead> Interpreter::maskedReads() const {
  std::vector<MaskedRead> out;
  {
    std::lock_guard<std::mutex> guard(*maskedLock);
    for (auto &[key, count] : masked)
      out.push_back({key.first, key.second, count});
  }
  auto key = [](const MaskedRead &m) {
    return std::make_pair(formatLoc(m.reader->getLoc()),
                          formatLoc(m.select->getLoc()));
  };
  llvm::stable_sort(out, [&](const MaskedRead &a, const MaskedRead &b) {
    return key(a) < key(b);
  });
  return out;
}

std::vector<std::string> Interpreter::maskedReadNotes() const {
  std::vector<std::string> out;
  for (const MaskedRead &m : maskedReads())
    out.push_back(formatLoc(m.reader->getLoc()) +
                  ": note: read out of bounds, result masked in '" +
                  m.reader->getName().getStringRef().str() + "': " +
                  std::to_string(m.count) + " element" +
                  (m.count == 1 ? "" : "s") + " read out of bounds, " +
                  "discarded by " + originOf(m.select));
  return out;
}

unsigned Interpreter::numThreads() const {
  if (opts.threads)
    return opts.threads;
  static const unsigned cores =
      std::max(1u, llvm::hardware_concurrency().compute_thread_count());
  return cores;
}

void Interpreter::parallelFor(int64_t numTasks,
                              llvm::function_ref<void(int64_t)> fn) {
  unsigned threads =
      static_cast<unsigned>(std::min<int64_t>(numThreads(), numTasks));
  if (threads <= 1 || currentTask) {
    for (int64_t i = 0; i < numTasks; ++i)
      fn(i);
    return;
  }
  if (!pool)
    pool = std::make_unique<llvm::DefaultThreadPool>(
        llvm::hardware_concurrency(numThreads() - 1));
  std::vector<TaskFindings> perTask(numTasks);
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t i = next++; i < numTasks; i = next++) {
      TaskScope scope(&perTask[i]);
      fn(i);
    }
  };
  llvm::ThreadPoolTaskGroup group(*pool);
  for (unsigned t = 1; t < threads; ++t)
    group.async(worker);
  worker();
  group.wait();
  for (TaskFindings &t : perTask) {
    uint64_t dropped = t.count - t.kept.size();
    for (Finding &f : t.kept)
      addFinding(std::move(f));
    numFindings_ += dropped;
  }
}

LogicalResult Interpreter::checkAllocation(Location loc, DType t,
                                           ArrayRef<int64_t> shape) {
  // Overflow-safe: stop multiplying once past the budget.
  int64_t bytes = storageBytes(t);
  for (int64_t d : shape) {
    if (d < 0)
      return emitError(loc, "negative dimension size ") << d;
    if (d != 0 && bytes > opts.maxTensorBytes / d)
      return emitError(loc, "tensor of shape ")
             << shapeTypeString(shape, t) << " exceeds the memory budget of "
             << opts.maxTensorBytes << " bytes";
    bytes *= d;
  }
  return success();
}

} // namespace ref
