//===- Interpreter.cpp - The reference interpreter core --------------------===//

#include "interp/exec/Interpreter.h"
#include "interp/exec/RegionCompiler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"

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
    : module(module), opts(opts), kernels(KernelRegistry::all()) {}

Interpreter::~Interpreter() = default;

FailureOr<SmallVector<RtValue>>
Interpreter::callFunction(func::FuncOp fn, ArrayRef<RtValue> args) {
  if (fn.isExternal())
    return fn.emitError("cannot call external function @") << fn.getName();
  // Deep or unbounded recursion must end in an error, not a stack overflow.
  if (callDepth >= 256)
    return fn.emitError("call depth limit (256) exceeded");
  ++callDepth;
  Frame frame(*this);
  auto results = runBlock(fn.getBody().front(), args, frame);
  --callDepth;
  return results;
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

LogicalResult Interpreter::runOp(Operation *op, Frame &frame) {
  OpKernel kernel = kernels.lookup(op);
  if (!kernel)
    return op->emitError("unsupported operation '") << op->getName() << "'";
  if (failed(kernel(op, frame)))
    return failure();
  // A result computed from a value with freedom inherits it in a coarse
  // form unless the kernel tracked it precisely. Reduction lengths alone do
  // not make a consumer's result order-free, so they are not inherited.
  const Freedom *source = nullptr;
  for (Value v : op->getOperands()) {
    const RtValue &rv = frame.get(v);
    if (rv.freedom && (!rv.freedom->tieGroups.empty() ||
                       !rv.freedom->multiWrites.empty() ||
                       !rv.freedom->derivedFrom.empty())) {
      source = rv.freedom.get();
      break;
    }
  }
  if (source) {
    std::string from = source->derivedFrom.empty() ? source->origin
                                                   : source->derivedFrom;
    for (Value r : op->getResults()) {
      RtValue rv = frame.get(r);
      if (rv.freedom && !rv.freedom->derivedFrom.empty())
        continue;
      // Keep the kernel's own precise freedom, and add where the inherited
      // one came from.
      auto f = rv.freedom ? std::make_shared<Freedom>(*rv.freedom)
                          : std::make_shared<Freedom>();
      f->derivedFrom = from;
      rv.freedom = std::move(f);
      frame.set(r, std::move(rv));
    }
  }
  return success();
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

void Interpreter::addFinding(Finding f) {
  ++numFindings_;
  if (findings_.size() < opts.maxFindings)
    findings_.push_back(std::move(f));
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
