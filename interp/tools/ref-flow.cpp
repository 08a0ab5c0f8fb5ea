//===- ref-flow.cpp - Flow-phase program surgery for difftest localize ----===//
//
//   ref-flow strip-abi PROGRAM --function=F -o OUT
//       A program whose public function F takes and returns
//       `!hal.buffer_view`s (IREE's input phase, the coarse-fences ABI of
//       `F$async` included) as a plain `func.func @F` on tensors: the body
//       of the function that does the work, with hal.tensor.import/export
//       and barriers replaced by the tensors they carry. A program already
//       on tensors is copied.
//   ref-flow instrument FLOW --function=F -o TRACED --manifest=M.json
//            --dispatch-dir=DIR
//       FLOW is `iree-compile --compile-to=flow` output. TRACED is the same
//       text with every tensor a `flow.dispatch` of F reads or writes also
//       returned from F (a `hal.tensor.export` each, appended after F's own
//       results), so that one run of IREE's compiled module gives every
//       dispatch's inputs and outputs bit for bit. DIR/dispatch_N.mlir is
//       dispatch N alone as a `func.func @main` on tensors (its body with
//       the binding loads and stores replaced by the tensors they move);
//       M.json lists the dispatches in execution order and the traced
//       tensors (docs/localize.md).
//
// The flow text is edited, not re-printed: IREE compiles its own text plus
// the added exports, so nothing our printer might spell differently reaches
// it. Value names come from the parser's record of the text (AsmParserState).
//
// Exit codes: 0 done, 2 invalid input (parse errors, no function F, a
// dispatch inside control flow), 4 internal error.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/HalDialect.h"
#include "interp/dialects/TensorExtDialect.h"
#include "interp/dialects/TestSupportDialects.h"
#include "interp/exec/Interpreter.h"
#include "interp/exec/Types.h"
#include "interp/support/SourceLimits.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace ref;
namespace cl = llvm::cl;

namespace {

enum { kOk = 0, kInvalid = 2, kInternal = 4 };

cl::OptionCategory category("ref-flow options");
cl::opt<std::string> mode(cl::Positional, cl::desc("<strip-abi|instrument>"),
                          cl::Required, cl::cat(category));
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string> functionName("function", cl::desc("The public function"),
                                  cl::init("main"), cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output program"), cl::Required,
                                cl::cat(category));
cl::opt<std::string> manifestFile("manifest",
                                  cl::desc("instrument: the JSON manifest"),
                                  cl::cat(category));
cl::opt<std::string>
    dispatchDir("dispatch-dir",
                cl::desc("instrument: where dispatch_N.mlir go"),
                cl::cat(category));

/// An error at `loc` in MLIR's form; returns kInvalid.
int fail(Location loc, const Twine &message) {
  emitError(loc) << message;
  return kInvalid;
}

/// The function named by --function is missing.
int noFunction() {
  llvm::errs() << inputFile << ": error: no function @" << functionName
               << " with a body\n";
  return kInvalid;
}

std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  return s;
}

//===----------------------------------------------------------------------===//
// strip-abi
//===----------------------------------------------------------------------===//

/// The function that does F's work: F itself, or the `F$async` it calls.
Operation *workFunction(ModuleOp module, Operation *f) {
  Operation *work = f;
  f->walk([&](util::CallOp call) {
    if (call.getCallee().ends_with("$async"))
      if (Operation *callee = SymbolTable::lookupSymbolIn(
              module, StringAttr::get(module.getContext(), call.getCallee())))
        work = callee;
  });
  return work;
}

int stripAbi(ModuleOp module) {
  Operation *f = SymbolTable::lookupSymbolIn(module, functionName);
  auto fn = dyn_cast_or_null<FunctionOpInterface>(f);
  if (!fn || fn.isExternal())
    return noFunction();
  bool abi =
      llvm::any_of(fn.getArgumentTypes(), llvm::IsaPred<hal::BufferViewType>) ||
      llvm::any_of(fn.getResultTypes(), llvm::IsaPred<hal::BufferViewType>);
  if (!abi) // already on tensors
    return kOk;
  auto work = cast<FunctionOpInterface>(workFunction(module, f));
  if (!work.getFunctionBody().hasOneBlock())
    return fail(work.getLoc(), "expected a single-block function");
  Block &body = work.getFunctionBody().front();
  OpBuilder b(module.getContext());
  // Arguments: the tensor each buffer view is imported as; fences go.
  SmallVector<Type> argTypes;
  SmallVector<std::pair<BlockArgument, Value>> imports;
  IRMapping map;
  for (BlockArgument a : body.getArguments()) {
    if (isa<hal::FenceType>(a.getType()))
      continue;
    if (!isa<hal::BufferViewType>(a.getType())) {
      argTypes.push_back(a.getType());
      continue;
    }
    hal::TensorImportOp imp;
    for (Operation *user : a.getUsers())
      if (auto i = dyn_cast<hal::TensorImportOp>(user))
        imp = i;
    if (!imp)
      return fail(work.getLoc(), "argument " + Twine(a.getArgNumber()) +
                                     " is never imported as a tensor");
    argTypes.push_back(imp.getTarget().getType());
  }
  auto ret = dyn_cast<util::ReturnOp>(body.getTerminator());
  if (!ret)
    return fail(work.getLoc(), "expected util.return");
  SmallVector<Type> resultTypes;
  for (Value v : ret.getOperands()) {
    if (auto exp = v.getDefiningOp<hal::TensorExportOp>())
      resultTypes.push_back(exp.getSource().getType());
    else
      resultTypes.push_back(v.getType());
  }
  b.setInsertionPointToEnd(module.getBody());
  auto newFn = func::FuncOp::create(b, work.getLoc(), functionName,
                                    b.getFunctionType(argTypes, resultTypes));
  Block *entry = newFn.addEntryBlock();
  unsigned next = 0;
  for (BlockArgument a : body.getArguments()) {
    if (isa<hal::FenceType>(a.getType()))
      continue;
    Value arg = entry->getArgument(next++);
    if (!isa<hal::BufferViewType>(a.getType())) {
      map.map(a, arg);
      continue;
    }
    for (Operation *user : a.getUsers())
      if (auto i = dyn_cast<hal::TensorImportOp>(user))
        map.map(i.getTarget(), arg);
  }
  b.setInsertionPointToEnd(entry);
  for (Operation &op : body.without_terminator()) {
    if (isa<hal::TensorImportOp>(op))
      continue;
    if (auto bar = dyn_cast<hal::TensorBarrierOp>(op)) {
      for (auto [r, s] : llvm::zip(bar.getResults(), bar.getSources()))
        map.map(r, map.lookupOrDefault(s));
      continue;
    }
    if (auto exp = dyn_cast<hal::TensorExportOp>(op)) {
      map.map(exp.getTarget(), map.lookupOrDefault(exp.getSource()));
      continue;
    }
    b.clone(op, map);
  }
  SmallVector<Value> results;
  for (Value v : ret.getOperands())
    results.push_back(map.lookupOrDefault(v));
  func::ReturnOp::create(b, ret.getLoc(), results);
  // The wrapper and the work function go; the new function takes F's name.
  Operation *workOp = work.getOperation();
  f->erase();
  if (workOp != f)
    workOp->erase();
  if (failed(verify(module)))
    return kInvalid;
  return kOk;
}

//===----------------------------------------------------------------------===//
// instrument
//===----------------------------------------------------------------------===//

/// Text of a source range.
StringRef textOf(SMRange r) {
  return StringRef(r.Start.getPointer(),
                   r.End.getPointer() - r.Start.getPointer());
}

/// The SSA name of `v` as written (`%5`, `%5#1`, `%arg0`).
std::optional<std::string> nameOf(Value v, const AsmParserState &state) {
  if (auto ba = dyn_cast<BlockArgument>(v)) {
    const auto *bd = state.getBlockDef(ba.getOwner());
    if (!bd || ba.getArgNumber() >= bd->arguments.size())
      return std::nullopt;
    return textOf(bd->arguments[ba.getArgNumber()].loc).str();
  }
  Operation *def = v.getDefiningOp();
  const auto *od = state.getOpDef(def);
  if (!od || od->resultGroups.empty())
    return std::nullopt;
  unsigned n = cast<OpResult>(v).getResultNumber();
  size_t g = 0;
  for (size_t i = 0; i < od->resultGroups.size(); ++i)
    if (od->resultGroups[i].startIndex <= n)
      g = i;
  unsigned start = od->resultGroups[g].startIndex;
  unsigned end = g + 1 < od->resultGroups.size()
                     ? od->resultGroups[g + 1].startIndex
                     : def->getNumResults();
  std::string name = textOf(od->resultGroups[g].definition.loc).str();
  if (end - start > 1)
    name += "#" + std::to_string(n - start);
  return name;
}

/// From `pos` (just after an opening bracket), the position of its matching
/// closing bracket, skipping strings and `->`; npos if unbalanced.
size_t matchBracket(StringRef text, size_t pos) {
  int depth = 1;
  for (size_t i = pos; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}' || c == '>')
      if (--depth == 0)
        return i;
  }
  return StringRef::npos;
}

/// One traced tensor: the value and the dims that go with its type.
struct Traced {
  Value value;
  SmallVector<Value> dims;
};

/// A text edit: replace [begin, end) by `text`.
struct Edit {
  size_t begin, end;
  std::string text;
};

/// The value of an index operand when a constant defines it.
std::optional<int64_t> constantIndex(Value v) {
  if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
    return c.value();
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getInt();
  return std::nullopt;
}

/// Whether a load or store covers its whole binding with static values.
template <typename OpTy> bool wholeBinding(OpTy op, RankedTensorType bound) {
  if (!op.getOffsets().empty() || !op.getSizes().empty() ||
      !op.getStrides().empty() || !bound.hasStaticShape())
    return false;
  ArrayRef<int64_t> sizes = op.getStaticSizes();
  return llvm::all_of(op.getStaticOffsets(),
                      [](int64_t o) { return o == 0; }) &&
         llvm::all_of(op.getStaticStrides(),
                      [](int64_t s) { return s == 1; }) &&
         sizes == bound.getShape();
}

SmallVector<OpFoldResult> mixed(OpBuilder &b, ArrayRef<int64_t> statics,
                                ValueRange dynamics, IRMapping &map) {
  SmallVector<OpFoldResult> out;
  size_t d = 0;
  for (int64_t s : statics) {
    if (ShapedType::isDynamic(s))
      out.push_back(map.lookupOrDefault(dynamics[d++]));
    else
      out.push_back(b.getIndexAttr(s));
  }
  return out;
}

/// Dispatch `d` alone: `func.func @main` on the tensors it reads, returning
/// the tensors it writes. Fails with a reason (dynamic index operands,
/// bindings used inside control flow).
FailureOr<OwningOpRef<ModuleOp>>
extractDispatch(flow::DispatchOp d, std::string &why, std::string &root) {
  flow::ExecutableExportOp exp = d.lookupExport();
  FunctionOpInterface fn = exp ? exp.lookupFunction() : FunctionOpInterface();
  if (!fn || fn.isExternal()) {
    why = "no dispatch function";
    return failure();
  }
  Block &entry = fn.getFunctionBody().front();
  if (!fn.getFunctionBody().hasOneBlock()) {
    why = "the dispatch function has several blocks";
    return failure();
  }
  bool nested = false;
  fn.walk([&](Operation *op) {
    if (isa<tensor_ext::LoadOp, tensor_ext::StoreOp>(op) &&
        op->getBlock() != &entry)
      nested = true;
  });
  if (nested) {
    why = "a binding is read or written inside control flow";
    return failure();
  }
  // The dispatch's bindings: arguments, then untied results.
  SmallVector<Value> args(d.getArguments());
  unsigned numBindings = args.size();
  SmallVector<unsigned> resultBinding;
  for (unsigned i = 0; i < d.getNumResults(); ++i) {
    int64_t tied = d.getTiedOperandIndex(i);
    resultBinding.push_back(tied >= 0 ? tied : numBindings++);
  }
  if (numBindings != entry.getNumArguments()) {
    why = "the dispatch and its function disagree on the bindings";
    return failure();
  }
  MLIRContext *ctx = d.getContext();
  OpBuilder b(ctx);
  OwningOpRef<ModuleOp> out = ModuleOp::create(d.getLoc());
  SmallVector<Type> inTypes;
  for (Value a : args)
    if (isa<RankedTensorType>(a.getType()))
      inTypes.push_back(a.getType());
  SmallVector<Type> outTypes(d.getResultTypes());
  b.setInsertionPointToEnd(out->getBody());
  auto main = func::FuncOp::create(b, d.getLoc(), "main",
                                   b.getFunctionType(inTypes, outTypes));
  Block *body = main.addEntryBlock();
  b.setInsertionPointToEnd(body);
  IRMapping map;
  // Current tensor of each binding (null: nothing stored yet).
  SmallVector<Value> current(numBindings);
  unsigned nextArg = 0;
  for (auto [i, a] : llvm::enumerate(args)) {
    BlockArgument fa = entry.getArgument(i);
    if (isa<RankedTensorType>(a.getType())) {
      current[i] = body->getArgument(nextArg++);
      continue;
    }
    std::optional<int64_t> c = constantIndex(a);
    if (!c) {
      why = "argument " + std::to_string(i) +
            " is an index computed at run time (dynamic shapes)";
      return failure();
    }
    map.map(fa, arith::ConstantIndexOp::create(b, d.getLoc(), *c).getResult());
  }
  auto bindingOf = [&](Value v) -> int64_t {
    if (auto ba = dyn_cast<BlockArgument>(v))
      if (ba.getOwner() == &entry)
        return ba.getArgNumber();
    return -1;
  };
  for (Operation &op : entry) {
    if (auto ld = dyn_cast<tensor_ext::LoadOp>(op)) {
      int64_t bi = bindingOf(ld.getSource());
      auto bound =
          cast<tensor_ext::DispatchTensorType>(ld.getSource().getType())
              .getBound();
      if (bi < 0 || !current[bi]) {
        why = "a load from a binding that holds nothing";
        return failure();
      }
      if (wholeBinding(ld, bound) && ld.getType() == current[bi].getType()) {
        map.map(ld.getResult(), current[bi]);
        continue;
      }
      auto slice = tensor::ExtractSliceOp::create(
          b, ld.getLoc(), cast<RankedTensorType>(ld.getType()), current[bi],
          mixed(b, ld.getStaticOffsets(), ld.getOffsets(), map),
          mixed(b, ld.getStaticSizes(), ld.getSizes(), map),
          mixed(b, ld.getStaticStrides(), ld.getStrides(), map));
      map.map(ld.getResult(), slice.getResult());
      continue;
    }
    if (auto st = dyn_cast<tensor_ext::StoreOp>(op)) {
      int64_t bi = bindingOf(st.getTarget());
      auto bound =
          cast<tensor_ext::DispatchTensorType>(st.getTarget().getType())
              .getBound();
      if (bi < 0) {
        why = "a store to something other than a binding";
        return failure();
      }
      Value v = map.lookupOrDefault(st.getValue());
      if (Operation *def = st.getValue().getDefiningOp())
        root = def->getName().getStringRef().str();
      if (wholeBinding(st, bound) && v.getType() == bound) {
        current[bi] = v;
        continue;
      }
      Value dest = current[bi];
      if (!dest) {
        if (!bound.hasStaticShape()) {
          why = "a partial store into a dynamically shaped output";
          return failure();
        }
        dest = tensor::EmptyOp::create(b, st.getLoc(), bound.getShape(),
                                       bound.getElementType());
      }
      current[bi] = tensor::InsertSliceOp::create(
          b, st.getLoc(), v, dest,
          mixed(b, st.getStaticOffsets(), st.getOffsets(), map),
          mixed(b, st.getStaticSizes(), st.getSizes(), map),
          mixed(b, st.getStaticStrides(), st.getStrides(), map));
      continue;
    }
    if (auto ord = dyn_cast<tensor_ext::WorkloadOrdinalOp>(op)) {
      map.map(ord.getResult(), map.lookupOrDefault(ord.getOperand()));
      continue;
    }
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      SmallVector<Value> results;
      for (unsigned r : resultBinding) {
        if (!current[r]) {
          why = "an output the dispatch never writes";
          return failure();
        }
        results.push_back(current[r]);
      }
      func::ReturnOp::create(b, op.getLoc(), results);
      continue;
    }
    b.clone(op, map);
  }
  if (failed(verify(*out))) {
    why = "the extracted function does not verify";
    return failure();
  }
  return out;
}

int instrument(ModuleOp module, const AsmParserState &state, StringRef text) {
  Operation *f = SymbolTable::lookupSymbolIn(module, functionName);
  auto fn = dyn_cast_or_null<FunctionOpInterface>(f);
  if (!fn || fn.isExternal())
    return noFunction();
  if (!fn.getFunctionBody().hasOneBlock())
    return fail(fn.getLoc(), "@" + functionName +
                                 " has several blocks: localize needs "
                                 "straight-line dispatches");
  Block &body = fn.getFunctionBody().front();
  // Every dispatch reachable from F must be at its top level, so that the
  // order in the text is the execution order and each runs once.
  int status = kOk;
  fn.walk([&](flow::DispatchOp d) {
    if (d->getBlock() != &body && status == kOk)
      status = fail(d.getLoc(), "a flow.dispatch inside control flow "
                                "(localize needs straight-line dispatches)");
  });
  module.walk([&](util::CallOp call) {
    if (status == kOk && call->getParentOp() == f)
      status = fail(call.getLoc(),
                    "@" + functionName + " calls @" + call.getCallee() +
                        ": strip the ABI first (ref-flow strip-abi)");
  });
  if (status != kOk)
    return status;

  std::vector<Traced> traced;
  llvm::DenseMap<Value, unsigned> tracedIndex;
  auto trace = [&](Value v, ValueRange dims) -> int64_t {
    if (!isa<RankedTensorType>(v.getType()))
      return -1;
    auto [it, added] = tracedIndex.try_emplace(v, traced.size());
    if (added)
      traced.push_back({v, SmallVector<Value>(dims)});
    return it->second;
  };
  llvm::json::Array dispatches;
  if (!dispatchDir.empty())
    llvm::sys::fs::create_directories(dispatchDir);
  unsigned ordinal = 0;
  for (auto d : body.getOps<flow::DispatchOp>()) {
    llvm::json::Array operands, results;
    ValueRange argDims = d.getArgumentDims();
    for (Value a : d.getArguments()) {
      int64_t n = 0;
      if (auto t = dyn_cast<RankedTensorType>(a.getType()))
        n = t.getNumDynamicDims();
      operands.push_back(trace(a, argDims.take_front(n)));
      argDims = argDims.drop_front(n);
    }
    llvm::json::Array tied;
    for (unsigned i = 0; i < d.getNumResults(); ++i) {
      results.push_back(trace(d.getResult(i), d.getResultDynamicDims(i)));
      tied.push_back(d.getTiedOperandIndex(i));
    }
    flow::ExecutableExportOp exp = d.lookupExport();
    std::string name = exp ? exp.getSymName().str() : "?";
    std::string why, root, program;
    FailureOr<OwningOpRef<ModuleOp>> single = extractDispatch(d, why, root);
    if (succeeded(single) && !dispatchDir.empty()) {
      program = "dispatch_" + std::to_string(ordinal) + ".mlir";
      std::string path = (Twine(dispatchDir) + "/" + program).str();
      std::error_code ec;
      llvm::raw_fd_ostream os(path, ec);
      if (ec) {
        llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                     << "\n";
        return kInternal;
      }
      (*single)->print(os);
      os << "\n";
    }
    llvm::json::Object entry{{"ordinal", ordinal},
                             {"name", name},
                             {"root", root},
                             {"operands", std::move(operands)},
                             {"results", std::move(results)},
                             {"tied", std::move(tied)},
                             {"program", program},
                             {"extract_error", why}};
    dispatches.push_back(std::move(entry));
    ++ordinal;
  }

  // Text edits: the exports and the new return replace F's return; F's
  // result list grows by one buffer view per traced tensor.
  std::vector<Edit> edits;
  Operation *ret = body.getTerminator();
  const auto *retDef = state.getOpDef(ret);
  const auto *fnDef = state.getOpDef(f);
  if (!retDef || !fnDef)
    return fail(fn.getLoc(), "internal: no source range for the function");
  auto offsetOf = [&](SMLoc l) {
    return static_cast<size_t>(l.getPointer() - text.data());
  };
  std::string exports, extraNames, extraTypes;
  size_t retBegin = offsetOf(retDef->scopeLoc.Start);
  size_t lineStart = text.rfind('\n', retBegin);
  std::string indent(
      retBegin - (lineStart == StringRef::npos ? 0 : lineStart + 1), ' ');
  for (auto [k, t] : llvm::enumerate(traced)) {
    std::optional<std::string> name = nameOf(t.value, state);
    if (!name)
      return fail(t.value.getLoc(), "internal: no name for a traced value");
    std::string dims;
    for (Value dv : t.dims) {
      std::optional<std::string> dn = nameOf(dv, state);
      if (!dn)
        return fail(t.value.getLoc(), "internal: no name for a dimension");
      dims += (dims.empty() ? "" : ", ") + *dn;
    }
    std::string res = "%__localize_" + std::to_string(k);
    exports += res + " = hal.tensor.export " + *name + " \"trace" +
               std::to_string(k) + "\" : " + typeString(t.value.getType()) +
               (dims.empty() ? "" : "{" + dims + "}") +
               " -> !hal.buffer_view\n" + indent;
    extraNames += ", " + res;
    extraTypes += ", !hal.buffer_view";
  }
  {
    std::string operands, types;
    for (Value v : ret->getOperands()) {
      std::optional<std::string> n = nameOf(v, state);
      if (!n)
        return fail(ret->getLoc(), "internal: no name for a returned value");
      operands += (operands.empty() ? "" : ", ") + *n;
      types += (types.empty() ? "" : ", ") + typeString(v.getType());
    }
    std::string newRet = exports + ret->getName().getStringRef().str() + " " +
                         operands + extraNames;
    std::string allTypes = types + extraTypes;
    if (!allTypes.empty())
      newRet += " : " + (types.empty() ? allTypes.substr(2) : allTypes);
    if (operands.empty() && !extraNames.empty())
      newRet = exports + ret->getName().getStringRef().str() + " " +
               extraNames.substr(2) + " : " + extraTypes.substr(2);
    edits.push_back({retBegin, offsetOf(retDef->scopeLoc.End), newRet});
  }
  {
    size_t fnBegin = offsetOf(fnDef->loc.Start);
    std::string sym = "@" + functionName + "(";
    size_t at = text.find(sym, fnBegin);
    if (at == StringRef::npos)
      return fail(fn.getLoc(), "internal: cannot find the signature");
    size_t close = matchBracket(text, at + sym.size());
    if (close == StringRef::npos)
      return fail(fn.getLoc(), "internal: unbalanced signature");
    size_t p = close + 1;
    while (p < text.size() && text[p] == ' ')
      ++p;
    std::string added = extraTypes.empty() ? "" : extraTypes.substr(2);
    if (!added.empty()) {
      if (text.substr(p).starts_with("->")) {
        size_t q = p + 2;
        while (q < text.size() && text[q] == ' ')
          ++q;
        if (q < text.size() && text[q] == '(') {
          size_t end = matchBracket(text, q + 1);
          if (end == StringRef::npos)
            return fail(fn.getLoc(), "internal: unbalanced result list");
          StringRef inner = text.slice(q + 1, end).trim();
          edits.push_back(
              {q, end + 1,
               "(" + (inner.empty() ? added : inner.str() + ", " + added) +
                   ")"});
        } else {
          size_t end = q;
          int depth = 0;
          while (end < text.size() &&
                 !(depth == 0 && (text[end] == ' ' || text[end] == '\n'))) {
            if (text[end] == '<' || text[end] == '(')
              ++depth;
            else if (text[end] == '>' || text[end] == ')')
              --depth;
            ++end;
          }
          edits.push_back(
              {q, end, "(" + text.slice(q, end).str() + ", " + added + ")"});
        }
      } else {
        edits.push_back({close + 1, close + 1, " -> (" + added + ")"});
      }
    }
  }
  std::sort(edits.begin(), edits.end(),
            [](const Edit &a, const Edit &b) { return a.begin > b.begin; });
  std::string outText = text.str();
  for (const Edit &e : edits)
    outText.replace(e.begin, e.end - e.begin, e.text);

  std::string error;
  auto out = openOutputFile(outputFile, &error);
  if (!out) {
    llvm::errs() << "error: " << error << "\n";
    return kInternal;
  }
  out->os() << outText;
  out->keep();

  if (!manifestFile.empty()) {
    llvm::json::Array tracedJson;
    for (const Traced &t : traced) {
      auto rt = cast<RankedTensorType>(t.value.getType());
      llvm::json::Array shape;
      for (int64_t s : rt.getShape())
        shape.push_back(s);
      FailureOr<ref::DType> dt =
          ref::getDType(rt.getElementType(), t.value.getLoc());
      if (failed(dt))
        return kInvalid;
      tracedJson.push_back(llvm::json::Object{{"type", typeString(rt)},
                                              {"dtype", ref::dtypeName(*dt)},
                                              {"shape", std::move(shape)}});
    }
    llvm::json::Object m{
        {"function", functionName},
        {"results", static_cast<int64_t>(ret->getNumOperands())},
        {"traced", std::move(tracedJson)},
        {"dispatches", std::move(dispatches)}};
    auto mf = openOutputFile(manifestFile, &error);
    if (!mf) {
      llvm::errs() << "error: " << error << "\n";
      return kInternal;
    }
    mf->os() << llvm::formatv("{0:2}", llvm::json::Value(std::move(m))) << "\n";
    mf->keep();
  }
  return kOk;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "ref-flow: flow-phase program surgery for "
                              "difftest localize\n");
  if (mode != "strip-abi" && mode != "instrument") {
    llvm::errs() << "error: unknown mode '" << mode
                 << "' (strip-abi or instrument)\n";
    return kInvalid;
  }
  DialectRegistry registry;
  ref::registerInterpreterDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return kInvalid;
  }
  if (std::optional<ref::SourceProblem> problem =
          ref::checkSourceText(file->getBuffer())) {
    llvm::errs() << inputFile << ": error: " << problem->message << "\n";
    return kInvalid;
  }
  llvm::SourceMgr sourceMgr;
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  StringRef text = sourceMgr.getMemoryBuffer(id)->getBuffer();
  AsmParserState state;
  Block top;
  if (failed(parseAsmSourceFile(sourceMgr, &top, ParserConfig(&context),
                                mode == "instrument" ? &state : nullptr)))
    return kInvalid;
  ModuleOp module;
  OwningOpRef<ModuleOp> wrapper;
  if (!top.empty() && std::next(top.begin()) == top.end())
    module = dyn_cast<ModuleOp>(top.front());
  if (!module) {
    // Top-level ops without a `module`: MLIR's implicit module.
    wrapper = ModuleOp::create(UnknownLoc::get(&context));
    while (!top.empty())
      top.front().moveBefore(wrapper->getBody(), wrapper->getBody()->end());
    module = *wrapper;
  }
  if (failed(verify(module)))
    return kInvalid;
  if (mode == "instrument")
    return instrument(module, state, text);
  int rc = stripAbi(module);
  if (rc != kOk)
    return rc;
  auto out = openOutputFile(outputFile, &error);
  if (!out) {
    llvm::errs() << "error: " << error << "\n";
    return kInternal;
  }
  module->print(out->os());
  out->os() << "\n";
  out->keep();
  return kOk;
}
