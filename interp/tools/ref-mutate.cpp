//===- ref-mutate.cpp - One reduction step on an MLIR program -------------===//
//
// The reducer's hands (difftest reduce is its head): given a program, a
// reduction pass and a candidate number, writes the program that candidate
// makes, or says there is no such candidate. Every candidate is smaller or
// simpler than its input, and is verified before it is written:
//
//   ref-mutate prog.mlir --function=f --pass=bypass-op --index=3 -o out.mlir
//   ref-mutate prog.mlir --function=f --print-stats
//
// Passes (candidates are numbered 0, 1, ... in a fixed order, so that a
// driver that rejects candidate k simply asks for k + 1):
//   isolate        drop every other function (and other top-level ops)
//   drop-result    drop one of several returned values
//   bypass-op      replace an op's result by one of its operands of the
//                  same type (a tensor.cast bridges `?` and static sizes)
//   to-argument    replace an op's result by a new function argument
//   simplify-body  in a region body (generic, comparator, combiner),
//                  replace a value by an operand of its type, 0 or 1
//   shrink-dim     one static extent N, everywhere in the function's tensor
//                  types: N -> 1, 2, N/2
//   drop-input     a linalg.generic input its body never reads
//   make-static    a `?` argument becomes static (its runtime extents from
//                  --arg-shape), with a tensor.cast back to `?` at entry
//   unwrap-abi     IREE's ABI wrapper (`iree-compile --compile-to=input`:
//                  a util.func on !hal.buffer_views calling its `$async`
//                  variant) becomes a func.func of the same name on the
//                  tensors it imports and returns (one candidate)
// After a step, ops whose results are unused and unused arguments go.
//
// Output (stdout, JSON): {"args": [...], "what": "..."}: for each argument
// of the new function, the argument of the old one it was (-1: new).
// Exit codes: 0 written; 1 no such candidate; 3 the candidate does not
// verify (skip it); 2 bad input.
//
//===----------------------------------------------------------------------===//

#include "interp/tools/CorpusMutate.h"
#include "interp/dialects/HalDialect.h"
#include "interp/exec/Interpreter.h"
#include "interp/support/SourceLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <map>
#include <set>

using namespace mlir;
namespace cl = llvm::cl;

namespace {

enum Exit { kWritten = 0, kNoCandidate = 1, kBadInput = 2, kInvalid = 3 };

cl::OptionCategory category("ref-mutate options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string> functionName("function", cl::desc("The function"),
                                  cl::init("main"), cl::cat(category));
cl::opt<std::string> passName("pass", cl::desc("The reduction pass"),
                              cl::cat(category));
cl::opt<unsigned> candidateIndex("index", cl::desc("The candidate number"),
                                 cl::init(0), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file"), cl::init("-"),
                                cl::cat(category));
cl::opt<bool> printStats("print-stats",
                         cl::desc("Print the function's op count and stop"),
                         cl::cat(category));
cl::list<std::string>
    argShapes("arg-shape",
              cl::desc("K=AxBxC: the extents argument K runs with (for "
                       "make-static)"),
              cl::cat(category));

/// Ops that are glue rather than computation, left out of op counts.
bool isGlue(Operation *op) {
  return isa<arith::ConstantOp, tensor::EmptyOp, func::ReturnOp>(op);
}

/// The ops of `f`'s body, outermost level, in order.
std::vector<Operation *> topLevelOps(func::FuncOp f) {
  std::vector<Operation *> ops;
  for (Operation &op : f.getBody().front())
    if (!op.hasTrait<OpTrait::IsTerminator>())
      ops.push_back(&op);
  return ops;
}

/// The function a call-like op (util.call, func.call) calls, or null.
FunctionOpInterface calleeOf(Operation *op) {
  auto callee = op->getAttrOfType<FlatSymbolRefAttr>("callee");
  if (!callee)
    return nullptr;
  return SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(op,
                                                                    callee);
}

bool isAbiType(Type t) {
  return isa<ref::hal::BufferViewType, ref::hal::FenceType, ref::hal::DeviceType>(t);
}

} // namespace

namespace ref::mutate {
/// unwrap-abi: the ABI wrapper @name (and the `$async` function holding its
/// body) replaced by `func.func @name` on tensors: each buffer-view
/// argument becomes the tensor its hal.tensor.import makes
/// (hal.buffer_view.dim of it a tensor.dim), fences go (a barrier passes
/// its tensors through), each returned hal.tensor.export its tensor. The
/// arguments keep their order, so iree-run-module's --input flags stay as
/// they are. Fails (no candidate) when anything else uses a buffer view,
/// fence or device.
LogicalResult unwrapAbi(ModuleOp m, StringRef name, std::string &what) {
  auto f = m.lookupSymbol<FunctionOpInterface>(name);
  if (!f || f.isExternal())
    return failure();
  auto hasImports = [](FunctionOpInterface fn) {
    bool found = false;
    fn->walk([&](ref::hal::TensorImportOp) { found = true; });
    return found;
  };
  FunctionOpInterface body = f;
  if (!hasImports(f)) {
    body = nullptr;
    f->walk([&](Operation *op) {
      if (FunctionOpInterface c = calleeOf(op))
        if (!c.isExternal() && hasImports(c))
          body = c;
    });
    if (!body)
      return failure();
  }
  // The input may have had no func or tensor op: load what is built.
  m.getContext()->getOrLoadDialect<func::FuncDialect>();
  m.getContext()->getOrLoadDialect<tensor::TensorDialect>();
  OpBuilder b(m.getContext());
  b.setInsertionPoint(f);
  auto fn = func::FuncOp::create(b, f.getLoc(), name,
                                 FunctionType::get(m.getContext(), {}, {}));
  IRMapping mapping;
  body.getFunctionBody().cloneInto(&fn.getBody(), mapping);
  Block &entry = fn.getBody().front();
  unsigned oldArgs = entry.getNumArguments();
  for (unsigned i = 0; i < oldArgs; ++i) {
    BlockArgument a = entry.getArgument(i);
    if (!isa<ref::hal::BufferViewType>(a.getType()))
      continue;
    Type tensorType;
    for (Operation *user : a.getUsers())
      if (auto imp = dyn_cast<ref::hal::TensorImportOp>(user)) {
        if (tensorType && tensorType != imp.getTarget().getType())
          return failure();
        tensorType = imp.getTarget().getType();
      }
    if (!tensorType) {
      fn.erase();
      return failure();
    }
    BlockArgument t = entry.addArgument(tensorType, a.getLoc());
    for (Operation *user : llvm::make_early_inc_range(a.getUsers())) {
      if (auto imp = dyn_cast<ref::hal::TensorImportOp>(user)) {
        imp.getTarget().replaceAllUsesWith(t);
        imp.erase();
      } else if (auto dim = dyn_cast<ref::hal::BufferViewDimOp>(user)) {
        b.setInsertionPoint(dim);
        auto index = dim->getAttrOfType<IntegerAttr>("index");
        if (!index) {
          fn.erase();
          return failure();
        }
        Value d = tensor::DimOp::create(b, dim.getLoc(), t,
                                        index.getValue().getSExtValue());
        dim->getResult(0).replaceAllUsesWith(d);
        dim.erase();
      }
    }
  }
  // Barriers pass their tensors through; exports return theirs.
  SmallVector<Operation *> barriers, returns;
  fn.walk([&](Operation *op) {
    if (op->getName().getStringRef() == "hal.tensor.barrier")
      barriers.push_back(op);
    else if (op->hasTrait<OpTrait::ReturnLike>() &&
             op->getParentOp() == fn.getOperation())
      returns.push_back(op);
  });
  for (Operation *bar : barriers) {
    unsigned n = bar->getNumResults();
    if (bar->getNumOperands() < n) {
      fn.erase();
      return failure();
    }
    for (unsigned i = 0; i < n; ++i)
      bar->getResult(i).replaceAllUsesWith(bar->getOperand(i));
    bar->erase();
  }
  SmallVector<Type> resultTypes;
  for (auto [k, ret] : llvm::enumerate(returns)) {
    SmallVector<Value> values;
    for (Value v : ret->getOperands()) {
      if (auto exp = v.getDefiningOp<ref::hal::TensorExportOp>())
        v = exp.getSource();
      values.push_back(v);
    }
    b.setInsertionPoint(ret);
    auto r = func::ReturnOp::create(b, ret->getLoc(), values);
    ret->erase();
    if (k == 0)
      for (Value v : r.getOperands())
        resultTypes.push_back(v.getType());
  }
  // Ops left without users (exports, fence and device lookups) go; any
  // other use of the ABI's types means the body needs them: no candidate.
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    fn.walk([&](Operation *op) {
      if (op != fn.getOperation() && op->getNumResults() &&
          op->use_empty() && isMemoryEffectFree(op))
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    changed = !dead.empty();
  }
  llvm::BitVector drop(entry.getNumArguments());
  for (unsigned i = 0; i < oldArgs; ++i)
    drop.set(i);
  for (unsigned i = 0; i < oldArgs; ++i)
    if (!entry.getArgument(i).use_empty()) {
      fn.erase();
      return failure();
    }
  entry.eraseArguments(drop);
  bool abiLeft = false;
  fn.walk([&](Operation *op) {
    for (Value v : op->getOperands())
      abiLeft |= isAbiType(v.getType());
    for (Value v : op->getResults())
      abiLeft |= isAbiType(v.getType());
  });
  if (abiLeft) {
    fn.erase();
    return failure();
  }
  fn.setType(FunctionType::get(m.getContext(), entry.getArgumentTypes(),
                               resultTypes));
  what = "IREE's ABI wrapper of @" + name.str() + " unwrapped (" +
         std::to_string(entry.getNumArguments()) + " tensor arguments)";
  Operation *bodyOp = body.getOperation();
  if (bodyOp != f.getOperation())
    bodyOp->erase();
  f->erase();
  return success();
}

} // namespace ref::mutate

namespace {
using ref::mutate::replaceExtent;
using ref::mutate::staticExtents;
using ref::mutate::unwrapAbi;

/// The function being reduced, with the original number of each argument.
struct Subject {
  ModuleOp module;
  func::FuncOp func;
  std::vector<int> origin; // per current argument: old number or -1
  std::string what;
};

/// Erases unused ops (any depth of the body's top level, repeatedly) and
/// unused arguments.
void cleanup(Subject &s) {
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<Operation *> ops = topLevelOps(s.func);
    for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
      Operation *op = *it;
      if (op->getNumResults() > 0 && op->use_empty()) {
        op->erase();
        changed = true;
      }
    }
  }
  Block &entry = s.func.getBody().front();
  llvm::BitVector dead(entry.getNumArguments());
  for (BlockArgument a : entry.getArguments())
    if (a.use_empty())
      dead.set(a.getArgNumber());
  if (dead.any()) {
    (void)s.func.eraseArguments(dead);
    std::vector<int> origin;
    for (auto [k, o] : llvm::enumerate(s.origin))
      if (!dead.test(k))
        origin.push_back(o);
    s.origin = std::move(origin);
  }
}

/// Replaces the uses of `from` by `to`, through a tensor.cast when their
/// types differ only in which sizes are static.
void replaceWith(Value from, Value to) {
  if (from.getType() != to.getType()) {
    OpBuilder b(from.getContext());
    b.setInsertionPointAfterValue(from);
    if (auto ba = dyn_cast<BlockArgument>(to))
      b.setInsertionPointToStart(ba.getOwner());
    else
      b.setInsertionPointAfter(to.getDefiningOp());
    to = tensor::CastOp::create(b, from.getLoc(), from.getType(), to);
  }
  from.replaceAllUsesWith(to);
}

bool castCompatible(Type a, Type b) {
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a), tb = dyn_cast<RankedTensorType>(b);
  return ta && tb && tensor::CastOp::areCastCompatible(ta, tb);
}

/// Adds a function argument of `type` (at the end).
BlockArgument addArgument(Subject &s, Type type) {
  unsigned n = s.func.getNumArguments();
  (void)s.func.insertArgument(n, type, DictionaryAttr(), s.func.getLoc());
  s.origin.push_back(-1);
  return s.func.getArgument(n);
}

/// A candidate: what it does (for the log) and how.
struct Candidate {
  std::string what;
  std::function<LogicalResult(Subject &)> apply;
};

std::string describe(Operation *op) {
  std::string s = op->getName().getStringRef().str();
  if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
    s += " (line " + std::to_string(loc.getLine()) + ")";
  return s;
}

std::vector<Candidate> isolateCandidates(Subject &s) {
  bool others = false;
  for (Operation &op : s.module.getBody()->getOperations())
    if (&op != s.func.getOperation())
      others = true;
  if (!others)
    return {};
  return {{"drop the other functions", [](Subject &s) {
             std::set<StringRef> keep = {s.func.getSymName()};
             // Callees stay (transitively).
             bool grew = true;
             while (grew) {
               grew = false;
               s.module.walk([&](func::CallOp call) {
                 auto parent = call->getParentOfType<func::FuncOp>();
                 if (parent && keep.count(parent.getSymName()) &&
                     keep.insert(call.getCallee()).second)
                   grew = true;
               });
             }
             std::vector<Operation *> drop;
             for (Operation &op : s.module.getBody()->getOperations()) {
               auto f = dyn_cast<func::FuncOp>(op);
               if (!f || !keep.count(f.getSymName()))
                 drop.push_back(&op);
             }
             for (Operation *op : drop)
               op->erase();
             return success();
           }}};
}

std::vector<Candidate> dropResultCandidates(Subject &s) {
  auto ret = cast<func::ReturnOp>(s.func.getBody().front().getTerminator());
  unsigned n = ret.getNumOperands();
  std::vector<Candidate> out;
  if (n < 2)
    return out;
  for (unsigned k = 0; k < n; ++k)
    out.push_back({"drop result " + std::to_string(k), [k](Subject &s) {
                     auto ret = cast<func::ReturnOp>(
                         s.func.getBody().front().getTerminator());
                     ret->eraseOperand(k);
                     llvm::BitVector bits(s.func.getNumResults());
                     bits.set(k);
                     return s.func.eraseResults(bits);
                   }});
  return out;
}

/// Ops later in the body first: bypassing a consumer frees its producers.
std::vector<Operation *> reversedOps(Subject &s) {
  std::vector<Operation *> ops = topLevelOps(s.func);
  std::reverse(ops.begin(), ops.end());
  return ops;
}

std::vector<Candidate> bypassCandidates(Subject &s) {
  std::vector<Candidate> out;
  for (auto [opNo, op] : llvm::enumerate(reversedOps(s))) {
    if (isGlue(op))
      continue;
    for (OpResult r : op->getResults()) {
      if (r.use_empty())
        continue;
      std::set<Value *> seen;
      llvm::SmallVector<unsigned> operands;
      llvm::SmallPtrSet<void *, 4> distinct;
      // A value only returned may become any tensor operand: the
      // function's result type follows.
      bool onlyReturned = llvm::all_of(r.getUsers(), [](Operation *u) {
        return isa<func::ReturnOp>(u);
      });
      for (OpOperand &o : op->getOpOperands())
        if ((castCompatible(o.get().getType(), r.getType()) ||
             (onlyReturned && isa<RankedTensorType>(o.get().getType()))) &&
            distinct.insert(o.get().getAsOpaquePointer()).second)
          operands.push_back(o.getOperandNumber());
      for (unsigned o : operands) {
        unsigned resNo = r.getResultNumber();
        size_t at = opNo;
        out.push_back(
            {"bypass " + describe(op) + " result " + std::to_string(resNo) +
                 " with operand " + std::to_string(o),
             [at, resNo, o](Subject &s) {
               Operation *op = reversedOps(s)[at];
               Value from = op->getResult(resNo), to = op->getOperand(o);
               if (castCompatible(from.getType(), to.getType())) {
                 replaceWith(from, to);
                 return success();
               }
               from.replaceAllUsesWith(to);
               auto ret = cast<func::ReturnOp>(
                   s.func.getBody().front().getTerminator());
               s.func.setType(FunctionType::get(
                   s.func.getContext(), s.func.getArgumentTypes(),
                   ret.getOperandTypes()));
               return success();
             }});
      }
    }
  }
  return out;
}

bool argumentType(Type t) {
  if (auto tt = dyn_cast<RankedTensorType>(t))
    return tt.hasStaticShape() && (tt.getElementType().isIntOrFloat());
  return false;
}

std::vector<Candidate> toArgumentCandidates(Subject &s) {
  std::vector<Candidate> out;
  for (auto [opNo, op] : llvm::enumerate(reversedOps(s))) {
    if (isGlue(op) || isa<tensor::CastOp>(op))
      continue;
    for (OpResult r : op->getResults()) {
      if (r.use_empty() || !argumentType(r.getType()))
        continue;
      unsigned resNo = r.getResultNumber();
      size_t at = opNo;
      out.push_back({"replace " + describe(op) + " result " +
                         std::to_string(resNo) + " by a new argument",
                     [at, resNo](Subject &s) {
                       Operation *op = reversedOps(s)[at];
                       Value r = op->getResult(resNo);
                       r.replaceAllUsesWith(addArgument(s, r.getType()));
                       return success();
                     }});
    }
  }
  return out;
}

/// The ops inside the regions of the body's ops (generic bodies,
/// comparators, combiners), in walk order.
std::vector<Operation *> bodyOps(Subject &s) {
  std::vector<Operation *> ops;
  for (Operation *top : topLevelOps(s.func))
    for (Region &r : top->getRegions())
      r.walk([&](Operation *op) {
        if (!op->hasTrait<OpTrait::IsTerminator>() &&
            op->getNumResults() == 1 && !isa<arith::ConstantOp>(op))
          ops.push_back(op);
      });
  return ops;
}

std::vector<Candidate> simplifyBodyCandidates(Subject &s) {
  std::vector<Candidate> out;
  for (auto [opNo, op] : llvm::enumerate(bodyOps(s))) {
    Value r = op->getResult(0);
    if (r.use_empty())
      continue;
    Type t = r.getType();
    llvm::SmallPtrSet<void *, 4> distinct;
    size_t at = opNo;
    for (OpOperand &o : op->getOpOperands()) {
      if (o.get().getType() != t ||
          !distinct.insert(o.get().getAsOpaquePointer()).second)
        continue;
      unsigned no = o.getOperandNumber();
      out.push_back({"in a body, replace " + describe(op) + " by operand " +
                         std::to_string(no),
                     [at, no](Subject &s) {
                       Operation *op = bodyOps(s)[at];
                       op->getResult(0).replaceAllUsesWith(op->getOperand(no));
                       op->erase();
                       return success();
                     }});
    }
    if (!t.isIntOrIndexOrFloat())
      continue;
    for (int v : {0, 1}) {
      out.push_back(
          {"in a body, replace " + describe(op) + " by " + std::to_string(v),
           [at, v](Subject &s) {
             Operation *op = bodyOps(s)[at];
             Type t = op->getResult(0).getType();
             OpBuilder b(op);
             TypedAttr attr;
             if (auto ft = dyn_cast<FloatType>(t))
               attr = b.getFloatAttr(ft, v);
             else
               attr = b.getIntegerAttr(t, v);
             Value c = arith::ConstantOp::create(b, op->getLoc(), attr);
             op->getResult(0).replaceAllUsesWith(c);
             op->erase();
             return success();
           }});
    }
  }
  return out;
}

/// The (generic, input number) pairs whose block argument is unused.
std::vector<std::pair<Operation *, unsigned>> unusedGenericInputs(Subject &s) {
  std::vector<std::pair<Operation *, unsigned>> out;
  for (Operation *op : topLevelOps(s.func))
    if (auto g = dyn_cast<linalg::GenericOp>(op))
      for (unsigned k = 0; k < g.getNumDpsInputs(); ++k)
        if (g.getRegion().front().getArgument(k).use_empty())
          out.push_back({op, k});
  return out;
}

std::vector<Candidate> dropInputCandidates(Subject &s) {
  std::vector<Candidate> out;
  for (auto [n, pair] : llvm::enumerate(unusedGenericInputs(s))) {
    size_t at = n;
    out.push_back(
        {"drop input " + std::to_string(pair.second) + " of " +
             describe(pair.first),
         [at](Subject &s) {
           auto [op, k] = unusedGenericInputs(s)[at];
           auto g = cast<linalg::GenericOp>(op);
           llvm::SmallVector<Value> inputs(g.getDpsInputs());
           inputs.erase(inputs.begin() + k);
           llvm::SmallVector<AffineMap> maps = g.getIndexingMapsArray();
           maps.erase(maps.begin() + k);
           OpBuilder b(op);
           auto ng = linalg::GenericOp::create(
               b, op->getLoc(), op->getResultTypes(), inputs, g.getOutputs(),
               maps, g.getIteratorTypesArray());
           ng.getRegion().takeBody(g.getRegion());
           ng.getRegion().front().eraseArgument(k);
           op->replaceAllUsesWith(ng->getResults());
           op->erase();
           return success();
         }});
  }
  return out;
}

int printStatsOf(Subject &s) {
  int64_t ops = 0, all = 0;
  std::map<std::string, int64_t> names;
  s.func.walk([&](Operation *op) {
    if (op == s.func.getOperation())
      return;
    ++all;
    if (op->getParentOp() == s.func.getOperation() && !isGlue(op)) {
      ++ops;
      ++names[op->getName().getStringRef().str()];
    }
  });
  int64_t dynamic = 0;
  for (Type t : s.func.getArgumentTypes())
    if (auto tt = dyn_cast<RankedTensorType>(t))
      dynamic += tt.getNumDynamicDims();
  llvm::json::Object names_;
  for (auto &[n, c] : names)
    names_[n] = c;
  llvm::json::Object o{{"ops", ops},
                       {"all_ops", all},
                       {"op_names", std::move(names_)},
                       {"arguments", int64_t(s.func.getNumArguments())},
                       {"results", int64_t(s.func.getNumResults())},
                       {"dynamic_argument_dims", dynamic}};
  llvm::outs() << llvm::json::Value(std::move(o)) << "\n";
  return kWritten;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions({&category, &ref::mutate::corpusCategory()});
  cl::ParseCommandLineOptions(argc, argv,
                              "ref-mutate: one reduction step on a program\n");

  DialectRegistry registry;
  ref::registerInterpreterDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  context.printOpOnDiagnostic(false);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return kBadInput;
  }
  std::string original = file->getBuffer().str();
  auto parse = [&](StringRef text, StringRef name,
                   bool quiet) -> OwningOpRef<ModuleOp> {
    llvm::SourceMgr mgr;
    mgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                           llvm::SMLoc());
    std::string diag;
    llvm::raw_string_ostream dos(diag);
    llvm::raw_ostream &diagOs =
        quiet ? static_cast<llvm::raw_ostream &>(dos) : llvm::errs();
    SourceMgrDiagnosticHandler handler(mgr, &context, diagOs);
    // Text MLIR's parser would crash on (docs/hostile-input.md).
    if (std::optional<ref::SourceProblem> problem = ref::checkSourceText(text)) {
      mgr.PrintMessage(diagOs,
                       llvm::SMLoc::getFromPointer(
                           mgr.getMemoryBuffer(1)->getBufferStart() +
                           problem->offset),
                       llvm::SourceMgr::DK_Error, problem->message);
      return nullptr;
    }
    return parseSourceFile<ModuleOp>(mgr, ParserConfig(&context));
  };
  if (ref::mutate::corpusModeRequested()) {
    // Corpus mutation (CorpusMutate.cpp): diagnostics into a string.
    ref::mutate::ParseFn parseTo = [&](StringRef text, StringRef name,
                                       bool quiet, std::string *diag) {
      if (!quiet || !diag)
        return parse(text, name, quiet);
      llvm::SourceMgr mgr;
      mgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                             llvm::SMLoc());
      llvm::raw_string_ostream dos(*diag);
      SourceMgrDiagnosticHandler handler(mgr, &context, dos);
      if (std::optional<ref::SourceProblem> problem =
              ref::checkSourceText(text)) {
        *diag = problem->message;
        return OwningOpRef<ModuleOp>();
      }
      return parseSourceFile<ModuleOp>(mgr, ParserConfig(&context));
    };
    return ref::mutate::corpusMain(inputFile, functionName, outputFile,
                                   parseTo);
  }
  OwningOpRef<ModuleOp> module = parse(original, inputFile, false);
  if (!module)
    return kBadInput;
  if (passName == "unwrap-abi") {
    std::string what;
    if (candidateIndex != 0 || failed(unwrapAbi(*module, functionName, what)))
      return kNoCandidate;
    {
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      if (failed(verify(*module)))
        return kInvalid;
    }
    std::string result;
    llvm::raw_string_ostream os(result);
    module->print(os);
    if (!parse(result, "candidate", true))
      return kInvalid;
    auto out = openOutputFile(outputFile, &error);
    if (!out) {
      llvm::errs() << "error: " << error << "\n";
      return kBadInput;
    }
    out->os() << result;
    out->keep();
    auto fn = module->lookupSymbol<func::FuncOp>(functionName);
    llvm::json::Array origin;
    for (unsigned k = 0; k < fn.getNumArguments(); ++k)
      origin.push_back(static_cast<int64_t>(k));
    llvm::outs() << llvm::json::Value(llvm::json::Object{
                        {"args", std::move(origin)}, {"what", what}})
                 << "\n";
    return kWritten;
  }
  auto findFunc = [&](ModuleOp m) {
    return m.lookupSymbol<func::FuncOp>(functionName);
  };
  Subject s{*module, findFunc(*module), {}, ""};
  if (!s.func || s.func.isExternal()) {
    llvm::errs() << "error: " << inputFile << ": no function @"
                 << functionName << " with a body\n";
    return kBadInput;
  }
  for (unsigned k = 0; k < s.func.getNumArguments(); ++k)
    s.origin.push_back(k);
  if (printStats)
    return printStatsOf(s);

  std::string result; // the candidate's text
  if (passName == "shrink-dim" || passName == "make-static") {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    std::vector<std::pair<std::string, std::string>> candidates; // what, text
    if (passName == "shrink-dim") {
      for (int64_t n : staticExtents(text)) {
        std::vector<int64_t> targets = {1};
        if (n > 2)
          targets.push_back(2);
        if (n / 2 > 2)
          targets.push_back(n / 2);
        for (int64_t t : targets)
          candidates.push_back({"extent " + std::to_string(n) + " -> " +
                                    std::to_string(t),
                                replaceExtent(text, n, t)});
      }
    } else {
      std::map<unsigned, std::vector<int64_t>> shapes;
      for (StringRef spec : argShapes) {
        auto [k, dims] = spec.split('=');
        unsigned arg;
        if (k.getAsInteger(10, arg)) {
          llvm::errs() << "error: --arg-shape=" << spec << ": expected K=AxB\n";
          return kBadInput;
        }
        llvm::SmallVector<StringRef> parts;
        if (!dims.empty())
          dims.split(parts, 'x');
        for (StringRef p : parts) {
          int64_t n;
          if (p.getAsInteger(10, n) || n < 0) {
            llvm::errs() << "error: --arg-shape=" << spec
                         << ": expected K=AxB\n";
            return kBadInput;
          }
          shapes[arg].push_back(n);
        }
      }
      for (unsigned k = 0; k < s.func.getNumArguments(); ++k) {
        auto tt = dyn_cast<RankedTensorType>(s.func.getArgument(k).getType());
        if (!tt || tt.hasStaticShape() || !shapes.count(k) ||
            shapes[k].size() != static_cast<size_t>(tt.getRank()))
          continue;
        candidates.push_back({"argument " + std::to_string(k) + " static",
                              ""});
      }
      if (candidateIndex < candidates.size()) {
        // Done on the IR: argument k gets its static type, cast back.
        unsigned seen = 0, arg = 0;
        for (unsigned k = 0; k < s.func.getNumArguments(); ++k) {
          auto tt =
              dyn_cast<RankedTensorType>(s.func.getArgument(k).getType());
          if (!tt || tt.hasStaticShape() || !shapes.count(k) ||
              shapes[k].size() != static_cast<size_t>(tt.getRank()))
            continue;
          if (seen++ == candidateIndex)
            arg = k;
        }
        BlockArgument a = s.func.getArgument(arg);
        auto dynType = cast<RankedTensorType>(a.getType());
        auto staticType = RankedTensorType::get(
            shapes[arg], dynType.getElementType(), dynType.getEncoding());
        a.setType(staticType);
        OpBuilder b(&context);
        b.setInsertionPointToStart(&s.func.getBody().front());
        auto cast = tensor::CastOp::create(b, s.func.getLoc(), dynType, a);
        a.replaceAllUsesExcept(cast, cast);
        llvm::SmallVector<Type> inputs(s.func.getArgumentTypes());
        inputs[arg] = staticType;
        s.func.setType(FunctionType::get(&context, inputs,
                                         s.func.getResultTypes()));
        llvm::raw_string_ostream os2(candidates[candidateIndex].second);
        module->print(os2);
      }
    }
    if (candidateIndex >= candidates.size())
      return kNoCandidate;
    s.what = candidates[candidateIndex].first;
    OwningOpRef<ModuleOp> m =
        parse(candidates[candidateIndex].second, "candidate", true);
    if (!m || failed(verify(*m)))
      return kInvalid;
    result = candidates[candidateIndex].second;
  } else {
    std::vector<Candidate> candidates;
    if (passName == "isolate")
      candidates = isolateCandidates(s);
    else if (passName == "drop-result")
      candidates = dropResultCandidates(s);
    else if (passName == "bypass-op")
      candidates = bypassCandidates(s);
    else if (passName == "to-argument")
      candidates = toArgumentCandidates(s);
    else if (passName == "simplify-body")
      candidates = simplifyBodyCandidates(s);
    else if (passName == "drop-input")
      candidates = dropInputCandidates(s);
    else {
      llvm::errs() << "error: unknown --pass=" << passName << "\n";
      return kBadInput;
    }
    if (candidateIndex >= candidates.size())
      return kNoCandidate;
    Candidate &c = candidates[candidateIndex];
    s.what = c.what;
    if (failed(c.apply(s)))
      return kInvalid;
    cleanup(s);
    // An op that does not verify after the change (a body whose yield
    // lost its type, ...) makes the candidate invalid, not the tool fail.
    {
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      if (failed(verify(*module)))
        return kInvalid;
    }
    llvm::raw_string_ostream os(result);
    module->print(os);
    // Reparse: what we write must be readable.
    OwningOpRef<ModuleOp> m = parse(result, "candidate", true);
    if (!m)
      return kInvalid;
  }

  auto out = openOutputFile(outputFile, &error);
  if (!out) {
    llvm::errs() << "error: " << error << "\n";
    return kBadInput;
  }
  out->os() << result;
  out->keep();
  llvm::json::Array origin;
  for (int o : s.origin)
    origin.push_back(o);
  llvm::outs() << llvm::json::Value(llvm::json::Object{
                      {"args", std::move(origin)}, {"what", s.what}})
               << "\n";
  return kWritten;
}
