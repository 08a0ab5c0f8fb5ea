//===- ref-run.cpp - Golden outputs for MLIR programs ----------------------===//
//
// Mirrors iree-run-module so golden and IREE outputs come from the same
// invocation:
//   ref-run prog.mlir --function=main --input=2x3xf32=1,2,3,4,5,6
//           --input=@x.npy --output=@out.npy
// and runs IREE-style self-checking test files:
//   ref-run --check tests.mlir
// and describes the public functions' signatures as JSON for drivers that
// must make up inputs (difftest):
//   ref-run prog.mlir --print-signatures
//
// A frontend program (an .onnx model, torch, StableHLO or TOSA MLIR) is
// lowered with the IREE in use first (ireetools/Frontend.h, docs/frontends.md).
//
// Exit codes: 0 success; 1 a check failed; 2 invalid input or usage;
// 3 undefined behaviour found; 5 a frontend program does not import
// (iree-import-onnx fails); 6 it does not lower (iree-compile
// --compile-to=input fails); 7 a parameter archive (--parameters) is
// missing, corrupt, or lacks or mismatches a parameter the program reads;
// 8 an element type the interpreter does not compute, or does not compute
// for an op ("unsupported element type <T> for <op>", located at the op):
// the golden is unavailable, which says nothing about IREE. A read out of
// bounds whose value a select discards is a note on stderr, not undefined
// behaviour (exit 0).
//
//===----------------------------------------------------------------------===//

#include "ireetools/Frontend.h"
#include "interp/dialects/HalDialect.h"
#include "interp/exec/E2ETestModules.h"
#include "interp/exec/FreedomReport.h"
#include "interp/exec/Interpreter.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/LoopWork.h"
#include "interp/exec/Types.h"
#include "interp/support/FileCheck.h"
#include "interp/support/FileIO.h"
#include "interp/support/InputSpec.h"
#include "interp/support/Npy.h"
#include "interp/support/ParameterArchive.h"
#include "interp/support/RunLines.h"
#include "interp/support/SourceLimits.h"
#include "interp/support/TextFormat.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <exception>
#include <map>
#include <new>
#include <thread>

using namespace mlir;
using namespace ref;
namespace cl = llvm::cl;

namespace {
enum ExitCode {
  kOk = 0,
  kCheckFailed = 1,
  kInvalid = 2,
  kUndefined = 3,
  kParameterError = 7,
  kUnsupported = 8
};

cl::OptionCategory category("ref-run options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<program.mlir>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> functionName("function",
                                  cl::desc("Function to run (default main)"),
                                  cl::init("main"), cl::cat(category));
cl::list<std::string>
    inputs("input",
           cl::desc("An argument, as iree-run-module takes it: "
                    "2x3xf32=1,2,3,4,5,6 | @x.npy | 2x2xbf16=@x.bin"),
           cl::cat(category));
cl::list<std::string>
    outputs("output",
            cl::desc("Where a result goes: @out.npy or @out.bin (one per "
                     "result, in order); results print as text without it"),
            cl::cat(category));
cl::list<std::string> moduleFiles(
    "module",
    cl::desc("A module to load, as IREE's e2e test runners take them "
             "(repeatable): the last one is the program (its functions run, "
             "--check runs its tests); calls to `@NAME.fn` declarations "
             "reach function fn of the earlier module named NAME (`module` "
             "when unnamed) or IREE's native test modules (matmul_test, "
             "conv2d_test, attention_test)"),
    cl::value_desc("FILE.mlir"), cl::cat(category));
cl::opt<bool> requireExactResults(
    "require_exact_results",
    cl::desc("IREE's e2e test runners: float results must match exactly"),
    cl::init(true), cl::cat(category));
cl::opt<float> acceptableFpDelta(
    "acceptable_fp_delta",
    cl::desc("IREE's e2e test runners: absolute tolerance of inexact "
             "float results"),
    cl::init(1e-5f), cl::cat(category));
cl::opt<int32_t> maxElementsToCheck(
    "max_elements_to_check",
    cl::desc("IREE's e2e test runners: elements of a large matmul result "
             "checked (0: all)"),
    cl::init(10000), cl::cat(category));
cl::opt<bool> checkMode("check",
                        cl::desc("Run an IREE test file: each RUN line "
                                 "(matched against its CHECK lines), or "
                                 "else every public zero-argument function "
                                 "with its check.expect_* ops"),
                        cl::cat(category));
cl::opt<std::string> freedomFile(
    "freedom",
    cl::desc("Write the freedom report of the results (JSON) to this file"),
    cl::value_desc("FILE.json"), cl::cat(category));
cl::opt<std::string> workFile(
    "work",
    cl::desc("Write a conservative bound on the loop iterations one GPU "
             "thread may run and the largest tensor (JSON) to this file "
             "(interp/exec/LoopWork.h)"),
    cl::value_desc("FILE.json"), cl::cat(category));
cl::opt<bool> verifyOnly("verify-only",
                         cl::desc("Parse and verify, then stop"),
                         cl::cat(category));
cl::opt<bool> printSignatures(
    "print-signatures",
    cl::desc("Print every public function's argument and result types as "
             "JSON, then stop"),
    cl::cat(category));
cl::opt<unsigned> printMaxElements(
    "print_max_element_count",
    cl::desc("Most elements printed per result (as iree-run-module)"),
    cl::init(1024), cl::cat(category));
cl::opt<int64_t> maxTensorBytes(
    "max-tensor-bytes", cl::desc("Memory budget of a single tensor value"),
    cl::init(int64_t(8) << 30), cl::cat(category));
cl::opt<uint64_t> maxSteps(
    "max-steps",
    cl::desc("Most ops run (ops of function and loop bodies; 0: no limit): "
             "a loop that never ends stops with exit code 2"),
    cl::init(uint64_t(1000000000)), cl::cat(category));
cl::opt<double> maxTime(
    "max-time",
    cl::desc("Wall-clock budget in seconds (0: none); past it ref-run stops "
             "with exit code 2"),
    cl::init(0), cl::cat(category));
cl::opt<int64_t> maxMemory(
    "max-memory",
    cl::desc("Address-space budget of the whole process in bytes (0: the "
             "machine's physical memory; -1: no limit); a program that needs "
             "more stops with exit code 2 instead of being killed"),
    cl::init(0), cl::cat(category));

cl::list<std::string> parameterFlags(
    "parameters",
    cl::desc("A parameter file (.irpa, .safetensors or .gguf, by its "
             "extension), as iree-run-module takes it "
             "(repeatable): the values of `#flow/#stream.parameter.named<"
             "\"SCOPE\"::\"KEY\">` globals come from entry KEY of the "
             "archive given for SCOPE"),
    cl::value_desc("[SCOPE=]FILE"), cl::cat(category));

cl::opt<std::string> inputType(
    "input-type",
    cl::desc("What the program is: onnx, torch, stablehlo, tosa (a frontend "
             "program, lowered with IREE's iree-import-onnx and "
             "`iree-compile --compile-to=input` first), none (run as it is) "
             "or auto (default: .onnx by extension, MLIR by its ops)"),
    cl::init("auto"), cl::cat(category));
cl::opt<std::string> ireeDir(
    "iree-dir",
    cl::desc("Where IREE's tools are, for lowering a frontend program (as "
             "difftest's --iree-dir; default $DIFFTEST_IREE_DIR, the "
             "project's .venv, PATH)"),
    cl::cat(category));
cl::list<std::string> importFlags(
    "import-flag",
    cl::desc("An extra iree-import-onnx flag (repeatable), e.g. "
             "--import-flag=--opset-version=17"),
    cl::cat(category));
cl::opt<std::string> loweredDir(
    "lowered-dir",
    cl::desc("Keep a frontend program's lowering (the lowered program, the "
             "commands in frontend/lowering.json, their logs) in this "
             "directory instead of a temporary one"),
    cl::cat(category));
cl::opt<double> lowerTimeout(
    "lower-timeout",
    cl::desc("Seconds per import or lowering command (0: none)"),
    cl::init(300), cl::cat(category));

/// Set when the program run is the lowering of a frontend program: errors
/// then name the stage ("interpret") and what the lowered program exports.
bool programWasLowered = false;

/// Calls of body-less declarations (IREE's module linkage, --module).
decltype(InterpreterOptions::externalCall) linker;

/// The archives of --parameters (and of a frontend program's lowering);
/// set when reading a parameter failed (exit kParameterError).
ParameterIndex parameterIndex;
bool parameterFailed = false;

/// The exit code of a run that ended in an error: a parameter archive's, a
/// refused element type's, or invalid input's.
int errorCode() {
  if (parameterFailed)
    return kParameterError;
  if (elementTypeRefused())
    return kUnsupported;
  return kInvalid;
}

/// Reads a parameter for the interpreter: the whole entry must be the
/// value's size (a shorter one is IREE's OUT_OF_RANGE; a longer one, which
/// IREE would read the first bytes of, is refused too: the archive does
/// not match the program, docs/frontends.md), or for a value with an
/// `{offset = N}` config, the range must lie inside the entry.
FailureOr<std::string> loadParameter(StringRef scope, StringRef key,
                                     uint64_t offset, uint64_t length,
                                     Type type, Location loc) {
  auto fail = [&](const llvm::Twine &msg) -> FailureOr<std::string> {
    parameterFailed = true;
    emitError(loc) << msg;
    return failure();
  };
  auto found = parameterIndex.lookup(scope, key);
  if (!found)
    return fail(llvm::toString(found.takeError()));
  const ParameterEntry &e = *found->entry;
  std::string typeText;
  llvm::raw_string_ostream os(typeText);
  os << type;
  std::string what = "parameter \"" + key.str() + "\" of " +
                     found->archive->name();
  if (!e.info.empty())
    what += " (" + e.info + ")";
  if (!e.refusal.empty())
    return fail(what + ": " + e.refusal);
  if (offset == 0 && e.length != length) {
    std::string iree = e.length > length
                           ? " (IREE would read its first " +
                                 std::to_string(length) + " bytes)"
                           : std::string(" (IREE fails with OUT_OF_RANGE)");
    return fail(what + " holds " + std::to_string(e.length) +
                " bytes; the program reads it as " + typeText + " (" +
                std::to_string(length) +
                " bytes): the archive does not match the program" + iree);
  }
  auto bytes = found->archive->read(e, offset, length);
  if (!bytes)
    return fail(llvm::toString(bytes.takeError()));
  return std::move(*bytes);
}

/// Budgets shared by --check and single runs.
InterpreterOptions interpreterOptions() {
  InterpreterOptions opts;
  opts.externalCall = linker;
  opts.loadParameter = loadParameter;
  opts.maxTensorBytes = maxTensorBytes;
  opts.maxSteps = maxSteps;
  opts.maxSeconds = maxTime;
  return opts;
}

/// Memory exhaustion under --max-memory ends in a clear error and exit 2,
/// from wherever it happens (calloc, operator new or an LLVM container).
[[noreturn]] void outOfMemory() {
  // No allocation here: memory is what ran out.
  static const char msg[] =
      "error: out of memory: the program needs more than the memory budget "
      "(--max-memory)\n";
  (void)!::write(2, msg, sizeof(msg) - 1);
  ::_exit(kInvalid);
}

void installMemoryBudget() {
  std::set_new_handler([] { outOfMemory(); });
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { outOfMemory(); });
  // bad_alloc thrown by an allocator (Tensor's calloc) ends in terminate.
  std::set_terminate([] {
    if (std::exception_ptr e = std::current_exception()) {
      try {
        std::rethrow_exception(e);
      } catch (const std::bad_alloc &) {
        outOfMemory();
      } catch (...) {
      }
    }
    std::abort();
  });
#if defined(__SANITIZE_ADDRESS__)
  // ASan reserves terabytes of shadow address space: no RLIMIT_AS.
  return;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return;
#endif
#endif
  int64_t budget = maxMemory;
  if (budget < 0)
    return;
  if (budget == 0) {
    long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
      return;
    budget = int64_t(pages) * page;
  }
  struct rlimit lim;
  if (::getrlimit(RLIMIT_AS, &lim) != 0)
    return;
  // Only ever lower the limit a parent (difftest) may have set.
  if (lim.rlim_cur != RLIM_INFINITY && rlim_t(budget) >= lim.rlim_cur)
    return;
  if (lim.rlim_max != RLIM_INFINITY && rlim_t(budget) > lim.rlim_max)
    budget = lim.rlim_max;
  lim.rlim_cur = budget;
  (void)::setrlimit(RLIMIT_AS, &lim);
}

/// --max-time: the interpreter checks its clock between ops and fails with
/// the op's location; this watchdog covers a single kernel that runs past
/// the budget (a huge matmul), a little later.
void startWatchdog() {
  if (maxTime <= 0)
    return;
  double secs = maxTime * 1.1 + 1;
  std::thread([secs] {
    std::this_thread::sleep_for(std::chrono::duration<double>(secs));
    static const char msg[] =
        "error: time budget exceeded (--max-time); stopped\n";
    (void)!::write(2, msg, sizeof(msg) - 1);
    ::_exit(kInvalid);
  }).detach();
}

void printFindings(const Interpreter &interp, llvm::raw_ostream &os) {
  for (const Finding &f : interp.findings()) {
    os << formatLoc(f.loc) << ": undefined behaviour: " << f.kind << " in '"
       << f.opName << "'";
    if (f.hasCoords) {
      os << " at element [";
      llvm::interleaveComma(f.coords, os);
      os << "]";
    }
    if (!f.detail.empty())
      os << ": " << f.detail;
    os << "\n";
  }
  uint64_t more = interp.numFindings() - interp.findings().size();
  if (more)
    os << "(" << more << " more findings not shown)\n";
}

/// Matches a parsed --input against the function's argument type.
FailureOr<RtValue> bindInput(ParsedInput &in, Type argType, unsigned index,
                             Location loc) {
  auto describe = [&](Type t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << t;
    return s;
  };
  std::string got = shapeTypeString(in.value.shape(), in.value.dtype());
  auto mismatch = [&]() {
    llvm::errs() << "error: --input #" << index << " (" << got
                 << "): the function's argument " << index << " has type "
                 << describe(argType) << "\n";
    return failure();
  };
  if (isa<hal::BufferViewType>(argType)) {
    // iree-run-module wraps any input in a buffer view of the input's own
    // element type; the callee's hal.tensor.import checks it. Unsigned npy
    // data reads as signless integers of its width, which IREE's check
    // accepts for any integer type of that width.
    std::optional<uint32_t> code = halElementTypeCode(
        toMlirType(argType.getContext(), in.value.dtype()));
    if (!code)
      return mismatch();
    RtValue v = RtValue::ofTensor(std::move(in.value));
    v.halElementType = *code;
    return v;
  }
  std::optional<DType> want = toDType(getElementTypeOrSelf(argType));
  if (!want)
    return mismatch();
  if (in.value.dtype() != *want)
    return mismatch();
  if (auto rt = dyn_cast<RankedTensorType>(argType)) {
    if (rt.getRank() != in.value.rank())
      return mismatch();
    for (auto [d, s] : llvm::zip(rt.getShape(), in.value.shape()))
      if (!ShapedType::isDynamic(d) && d != s)
        return mismatch();
    return RtValue::ofTensor(std::move(in.value));
  }
  if (isa<ShapedType>(argType))
    return mismatch();
  if (in.value.rank() != 0)
    return mismatch();
  return loadScalar(in.value, 0);
}

LogicalResult writeOutput(StringRef spec, const Tensor &t) {
  if (!spec.starts_with("@")) {
    llvm::errs() << "error: --output=" << spec
                 << ": expected @file.npy or @file.bin\n";
    return failure();
  }
  StringRef path = spec.drop_front();
  if (path.ends_with(".npy")) {
    if (llvm::Error e = writeNpyFile(path, t)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return failure();
    }
    return success();
  }
  // Raw bytes as IREE's buffer holds them (sub-byte types packed).
  if (llvm::Error e = writeFileBytes(path, toRawBytes(t))) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return failure();
  }
  return success();
}

/// What one run does: the function, its --input values, where results go.
struct RunSpec {
  /// Empty: the module's single exported function (IREE's tools' rule).
  std::string function;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;
  std::string freedomFile;
  std::string workFile;
};

/// The function a run without --function executes, as iree-run-module picks
/// it: the only public function, not counting names that start with "__" or
/// contain '$' (IREE's internal entry points). Errors name the candidates.
FunctionOpInterface findSingleExportedFunction(ModuleOp module,
                                               llvm::raw_ostream &err) {
  SmallVector<FunctionOpInterface> found;
  for (auto fn : module.getOps<FunctionOpInterface>())
    if (!fn.isExternal() && fn.isPublic() && !fn.getName().starts_with("__") &&
        !fn.getName().contains('$'))
      found.push_back(fn);
  if (found.size() == 1)
    return found.front();
  if (found.empty())
    err << "error: no exported functions found in module; at least one must "
           "be present\n";
  else
    err << "error: more than one exported function present; --function= "
           "must be specified explicitly\n";
  return nullptr;
}

/// Runs one function and prints its results to `out` in iree-run-module's
/// text form (or writes them to --output files). Diagnostics go to stderr.
int runOne(ModuleOp module, const RunSpec &spec, llvm::raw_ostream &out) {
  FunctionOpInterface fn =
      spec.function.empty()
          ? findSingleExportedFunction(module, llvm::errs())
          : module.lookupSymbol<FunctionOpInterface>(spec.function);
  if (!fn) {
    if (!spec.function.empty() && programWasLowered) {
      SmallVector<std::string> exported;
      for (auto f : module.getOps<FunctionOpInterface>())
        if (!f.isExternal() && f.isPublic())
          exported.push_back("@" + f.getName().str());
      llvm::errs() << "error: interpret: no function @" << spec.function
                   << " in the program lowered from " << inputFile
                   << " (IREE's ABI wrapper exports "
                   << (exported.empty() ? std::string("nothing")
                                        : llvm::join(exported, ", "))
                   << ")\n";
    } else if (!spec.function.empty()) {
      llvm::errs() << "error: no function @" << spec.function << " in "
                   << inputFile << "\n";
    }
    return kInvalid;
  }
  std::string fnName = fn.getName().str();
  ArrayRef<Type> argTypes = fn.getArgumentTypes();
  if (spec.inputs.size() != argTypes.size()) {
    llvm::errs() << "error: @" << fnName << " takes " << argTypes.size()
                 << " arguments but " << spec.inputs.size()
                 << " --input values were given\n";
    return kInvalid;
  }
  SmallVector<RtValue> args;
  for (auto [i, given] : llvm::enumerate(spec.inputs)) {
    std::string text = given;
    // A primitive argument may be given as its bare value ("--input=1"):
    // IREE's tools read it by the function's signature.
    StringRef g = given;
    if (!isa<ShapedType>(argTypes[i]) && !g.contains('=') &&
        !g.starts_with("@")) {
      std::string typeName;
      llvm::raw_string_ostream os(typeName);
      os << argTypes[i];
      text = typeName + "=" + given;
    }
    auto parsed = parseInputSpec(text);
    if (!parsed) {
      llvm::errs() << "error: --input #" << i << ": "
                   << llvm::toString(parsed.takeError()) << "\n";
      return kInvalid;
    }
    auto v = bindInput(*parsed, argTypes[i], i, fn.getLoc());
    if (failed(v))
      return elementTypeRefused() ? kUnsupported : kInvalid;
    args.push_back(*v);
  }
  Interpreter interp(module, interpreterOptions());
  auto results = interp.callFunction(fn, args);
  if (failed(results))
    return errorCode();
  interp.reportPoisonResults(fn, *results);
  // Reads out of bounds whose values a select discarded are notes: the
  // golden stands (docs/coverage.md, "Reads out of bounds").
  for (const std::string &note : interp.maskedReadNotes())
    llvm::errs() << note << "\n";
  if (interp.numFindings()) {
    printFindings(interp, llvm::errs());
    return kUndefined;
  }
  std::string maskedRead;
  if (std::vector<MaskedRead> m = interp.maskedReads(); !m.empty())
    maskedRead = originOf(m.front().reader);
  if (!spec.freedomFile.empty()) {
    std::string text =
        llvm::formatv("{0:2}", freedomReport(fnName, *results, maskedRead))
            .str() +
        "\n";
    if (llvm::Error e = writeFileBytes(spec.freedomFile, text)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kInvalid;
    }
  }
  if (!spec.workFile.empty()) {
    // A dynamic extent counts as the largest extent the run saw.
    int64_t largest = 1;
    auto note = [&](const RtValue &v) {
      if (v.tensor)
        for (int64_t d : v.tensor->shape())
          largest = std::max(largest, d);
    };
    llvm::for_each(args, note);
    llvm::for_each(*results, note);
    std::string text =
        llvm::formatv("{0:2}", toJSON(estimateLoopWork(fn, largest))).str() +
        "\n";
    if (llvm::Error e = writeFileBytes(spec.workFile, text)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kInvalid;
    }
  }
  if (!spec.outputs.empty() && spec.outputs.size() != results->size()) {
    llvm::errs() << "error: @" << fnName << " returns " << results->size()
                 << " results but " << spec.outputs.size()
                 << " --output values were given\n";
    return kInvalid;
  }
  if (spec.outputs.empty())
    out << "EXEC @" << fnName << "\n";
  for (auto [i, r] : llvm::enumerate(*results)) {
    Tensor scalarHolder;
    const Tensor *t = r.tensor.get();
    if (!r.isTensor()) {
      scalarHolder = Tensor(r.dtype, {});
      storeScalar(scalarHolder, 0, r);
      t = &scalarHolder;
    }
    if (t->hasUndef()) {
      llvm::errs() << formatLoc(fn.getLoc())
                   << ": undefined behaviour: result " << i
                   << " holds an uninitialized element (from tensor.empty) "
                      "at ["
                   << llvm::join(llvm::map_range(
                                     t->coordinates(t->firstUndef()),
                                     [](int64_t c) { return std::to_string(c); }),
                                 ", ")
                   << "]\n";
      return kUndefined;
    }
    if (spec.outputs.empty())
      printResult(out, i, *t, !r.isTensor(), printMaxElements);
    else if (failed(writeOutput(spec.outputs[i], *t)))
      return kInvalid;
  }
  return kOk;
}

int runMain(ModuleOp module) {
  RunSpec spec;
  spec.function = functionName;
  // A lowered frontend program: its only export unless one is named (the
  // graph's or module's function name, not main).
  if (programWasLowered && !functionName.getNumOccurrences())
    spec.function = "";
  spec.inputs.assign(inputs.begin(), inputs.end());
  spec.outputs.assign(outputs.begin(), outputs.end());
  spec.freedomFile = freedomFile;
  spec.workFile = workFile;
  return runOne(module, spec, llvm::outs());
}

/// One argument or result type: {"type": "tensor<?x4xf32>", "dtype": "f32",
/// "shape": [-1, 4], "tensor": true}; dtype is null for a type the
/// interpreter has no element type for.
llvm::json::Value describeType(Type t) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << t;
  llvm::json::Object o{{"type", text}};
  std::optional<DType> dt = toDType(getElementTypeOrSelf(t));
  o["dtype"] = dt ? llvm::json::Value(dtypeName(*dt).str())
                  : llvm::json::Value(nullptr);
  llvm::json::Array shape;
  if (auto rt = dyn_cast<RankedTensorType>(t))
    for (int64_t d : rt.getShape())
      shape.push_back(ShapedType::isDynamic(d) ? int64_t(-1) : d);
  o["shape"] = std::move(shape);
  o["tensor"] = isa<RankedTensorType>(t);
  return o;
}

/// The function a call-like op (util.call, func.call) calls, or null.
FunctionOpInterface calleeOf(Operation *op) {
  auto callee = op->getAttrOfType<FlatSymbolRefAttr>("callee");
  if (!callee)
    return nullptr;
  return SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(op,
                                                                    callee);
}

/// The tensor type a `!hal.buffer_view` argument of an ABI wrapper
/// (`iree-compile --compile-to=input`) is imported as: the result of the
/// hal.tensor.import that reads it, in `fn` or, through a call passing it
/// on (the synchronous wrapper calls the `$async` one), in the callee. Null
/// when there is none. Of an alias (`tensor<4xf64> as tensor<4xf32>`, IREE's
/// f64 demotion) the ABI type, f64: what iree-run-module's --input holds.
Type importedTensorType(FunctionOpInterface fn, unsigned arg, int depth = 0) {
  if (fn.isExternal() || depth > 4)
    return nullptr;
  Value v = fn.getArgument(arg);
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (auto imp = dyn_cast<hal::TensorImportOp>(user))
      return imp.getTargetEncoding(); // the ABI type: f64 of an f64 alias
    if (FunctionOpInterface callee = calleeOf(user))
      if (use.getOperandNumber() < callee.getNumArguments())
        if (Type t =
                importedTensorType(callee, use.getOperandNumber(), depth + 1))
          return t;
  }
  return nullptr;
}

/// The tensor type the `!hal.buffer_view` result `index` of an ABI wrapper
/// exports (hal.tensor.export, followed through calls; of an alias its ABI
/// type); null when none.
Type exportedTensorType(FunctionOpInterface fn, unsigned index,
                        int depth = 0) {
  if (fn.isExternal() || depth > 4)
    return nullptr;
  for (Block &block : fn.getFunctionBody()) {
    Operation *term = block.getTerminator();
    if (!term || !term->hasTrait<OpTrait::ReturnLike>() ||
        index >= term->getNumOperands())
      continue;
    Operation *def = term->getOperand(index).getDefiningOp();
    if (auto exp = dyn_cast_or_null<hal::TensorExportOp>(def))
      return exp.getSourceEncoding();
    if (def)
      if (FunctionOpInterface callee = calleeOf(def)) {
        unsigned r = cast<OpResult>(term->getOperand(index)).getResultNumber();
        if (Type t = exportedTensorType(callee, r, depth + 1))
          return t;
      }
  }
  return nullptr;
}

/// Whether the `!hal.buffer_view` argument `arg` of `fn` is never read:
/// every use returns it as it is or passes it to a call whose callee never
/// reads it either. The program imports no tensor from such an argument
/// (ONNX CastLike's type-only input, an ignored `axes`, Identity's
/// pass-through), so it has no tensor type and any buffer view is valid for
/// it; iree-run-module still wants an --input for it.
bool neverRead(FunctionOpInterface fn, unsigned arg, int depth = 0) {
  if (fn.isExternal() || depth > 4)
    return false;
  for (OpOperand &use : fn.getArgument(arg).getUses()) {
    Operation *user = use.getOwner();
    if (user->hasTrait<OpTrait::ReturnLike>() &&
        user->getParentOp() == fn.getOperation())
      continue;
    FunctionOpInterface callee = calleeOf(user);
    if (!callee || use.getOperandNumber() >= callee.getNumArguments() ||
        !neverRead(callee, use.getOperandNumber(), depth + 1))
      return false;
  }
  return true;
}

/// The argument that result `index` of `fn` returns as it is (the
/// `$async` function returning its buffer view, the synchronous wrapper
/// returning what the call returned), followed through calls; nullopt when
/// the result is computed (or different returns disagree).
std::optional<unsigned> returnedArgument(FunctionOpInterface fn,
                                         unsigned index, int depth = 0) {
  if (fn.isExternal() || depth > 4)
    return std::nullopt;
  std::optional<unsigned> found;
  bool any = false;
  for (Block &block : fn.getFunctionBody()) {
    Operation *term = block.getTerminator();
    if (!term || !term->hasTrait<OpTrait::ReturnLike>())
      continue;
    if (index >= term->getNumOperands())
      return std::nullopt;
    Value v = term->getOperand(index);
    std::optional<unsigned> arg;
    if (auto ba = dyn_cast<BlockArgument>(v)) {
      if (ba.getOwner() == &fn.getFunctionBody().front())
        arg = ba.getArgNumber();
    } else if (Operation *def = v.getDefiningOp()) {
      if (FunctionOpInterface callee = calleeOf(def))
        if (std::optional<unsigned> j = returnedArgument(
                callee, cast<OpResult>(v).getResultNumber(), depth + 1))
          if (*j < def->getNumOperands())
            if (auto ba = dyn_cast<BlockArgument>(def->getOperand(*j)))
              if (ba.getOwner() == &fn.getFunctionBody().front())
                arg = ba.getArgNumber();
    }
    if (!arg || (any && found != arg))
      return std::nullopt;
    found = arg;
    any = true;
  }
  return found;
}

/// describeType, a buffer view described by the tensor it carries (with
/// "abi": "buffer_view"), as iree-run-module's --input and --output see it.
llvm::json::Value describeAbiType(Type t, Type carried) {
  if (!isa<hal::BufferViewType>(t) || !carried)
    return describeType(t);
  llvm::json::Value v = describeType(carried);
  v.getAsObject()->try_emplace("abi", "buffer_view");
  return v;
}

/// An argument of a public function: a buffer view by the tensor it is
/// imported as, or, never read, marked `"imported": false` (any buffer view
/// goes; its type is the given input's).
llvm::json::Value describeArgument(FunctionOpInterface fn, unsigned i) {
  Type t = fn.getArgumentTypes()[i];
  if (!isa<hal::BufferViewType>(t))
    return describeType(t);
  if (Type carried = importedTensorType(fn, i))
    return describeAbiType(t, carried);
  llvm::json::Value v = describeType(t);
  if (neverRead(fn, i)) {
    v.getAsObject()->try_emplace("abi", "buffer_view");
    v.getAsObject()->try_emplace("imported", false);
  }
  return v;
}

/// A result of a public function: a buffer view by the tensor it exports,
/// or, when it returns an argument as it is, `"from_input": k` (its type is
/// that input's).
llvm::json::Value describeResult(FunctionOpInterface fn, unsigned i) {
  Type t = fn.getResultTypes()[i];
  if (!isa<hal::BufferViewType>(t))
    return describeType(t);
  if (Type carried = exportedTensorType(fn, i))
    return describeAbiType(t, carried);
  llvm::json::Value v = describeType(t);
  if (std::optional<unsigned> k = returnedArgument(fn, i)) {
    v.getAsObject()->try_emplace("abi", "buffer_view");
    v.getAsObject()->try_emplace("from_input", static_cast<int64_t>(*k));
  }
  return v;
}

int runPrintSignatures(ModuleOp module) {
  llvm::json::Array functions;
  for (auto fn : module.getOps<FunctionOpInterface>()) {
    if (fn.isExternal() || !fn.isPublic())
      continue;
    llvm::json::Array ins, outs;
    for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
      ins.push_back(describeArgument(fn, i));
    for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i)
      outs.push_back(describeResult(fn, i));
    functions.push_back(llvm::json::Object{{"name", fn.getName().str()},
                                           {"inputs", std::move(ins)},
                                           {"results", std::move(outs)}});
  }
  llvm::outs() << llvm::formatv(
      "{0:2}", llvm::json::Value(llvm::json::Object{
                   {"functions", std::move(functions)}}))
               << "\n";
  return kOk;
}

/// The --check mode of a lit test: each RUN line runs its function with its
/// --input values (interp/support/RunLines.h) and, when piped to FileCheck,
/// the printed results must match the file's CHECK lines
/// (interp/support/FileCheck.h). Each RUN line is one test; lines that only
/// compile, or check output the interpreter does not make, are not judged.
int runRunLines(ModuleOp module, StringRef fileText,
                ArrayRef<RunLine> runLines) {
  int passed = 0, failedCount = 0, skipped = 0, code = kOk;
  // Identical runs (IREE's files repeat a line per target) run once.
  std::map<std::string, std::pair<int, std::string>> done;
  for (auto [k, rl] : llvm::enumerate(runLines)) {
    std::string label =
        "RUN#" + std::to_string(k + 1) + " (line " + std::to_string(rl.line);
    RunPlan plan = planRunLine(rl.command);
    if (plan.kind == RunPlan::Skip) {
      llvm::outs() << "SKIP " << label << "): not judged: " << plan.reason
                   << "\n";
      ++skipped;
      continue;
    }
    RunSpec spec;
    spec.function = plan.function.value_or("");
    spec.inputs = plan.inputs;
    std::string key = spec.function;
    for (const std::string &in : spec.inputs)
      key += '\0' + in;
    auto it = done.find(key);
    if (it == done.end()) {
      std::string out;
      llvm::raw_string_ostream os(out);
      resetElementTypeRefused();
      int rc = runOne(module, spec, os);
      it = done.emplace(key, std::make_pair(rc, out)).first;
    }
    auto &[rc, out] = it->second;
    StringRef exec = StringRef(out).starts_with("EXEC @")
                         ? StringRef(out).drop_front(5).split('\n').first
                         : StringRef(spec.function);
    label += exec.empty() ? ")" : ", " + exec.str() + ")";
    if (rc != kOk) {
      llvm::outs() << "FAIL " << label << ": "
                   << (rc == kUndefined ? "undefined behaviour"
                                        : "the run failed")
                   << " (see diagnostics)\n";
      ++failedCount;
      code = std::max(code, rc);
      continue;
    }
    if (plan.fileCheck) {
      FileCheckResult fc =
          runFileCheck(fileText, inputFile, out, plan.prefixes);
      if (!fc.ok) {
        llvm::outs() << "FAIL " << label << ": FileCheck failed\n"
                     << fc.message << "\n";
        // The output the CHECK lines were matched against.
        llvm::outs() << "  output:\n";
        for (StringRef line : llvm::split(StringRef(out).rtrim('\n'), '\n'))
          llvm::outs() << "    " << line << "\n";
        ++failedCount;
        code = std::max<int>(code, kCheckFailed);
        continue;
      }
      llvm::outs() << "PASS " << label << ": " << fc.numChecked
                   << " check lines matched\n";
    } else {
      llvm::outs() << "PASS " << label
                   << ": ran (no FileCheck on this line: judged by success)\n";
    }
    ++passed;
  }
  llvm::outs() << passed << " passed, " << failedCount << " failed";
  if (skipped)
    llvm::outs() << ", " << skipped << " not judged";
  llvm::outs() << "\n";
  if (passed + failedCount == 0) {
    llvm::errs() << "error: nothing to run in " << inputFile << ": its "
                 << runLines.size()
                 << " RUN lines are not judged by ref-run (see the SKIP "
                    "lines)\n";
    return kInvalid;
  }
  return code;
}

int runChecks(ModuleOp module, StringRef fileText) {
  // A file is one of IREE's lit tests when a RUN line runs one of IREE's
  // tools; RUN lines that run other commands (this project's own lit tests
  // run ref-run itself) leave the file a check test.
  std::vector<RunLine> runLines = extractRunLines(fileText);
  if (llvm::any_of(runLines,
                   [](const RunLine &rl) { return runsIreeTool(rl.command); }))
    return runRunLines(module, fileText, runLines);
  int passed = 0, failedCount = 0, code = kOk;
  for (auto fn : module.getOps<FunctionOpInterface>()) {
    if (fn.isExternal() || !fn.isPublic() || fn.getNumArguments() != 0)
      continue;
    Interpreter interp(module, interpreterOptions());
    resetElementTypeRefused();
    auto results = interp.callFunction(fn, {});
    std::string name = fn.getName().str();
    if (failed(results)) {
      llvm::outs() << "FAIL @" << name
                   << (elementTypeRefused()
                           ? ": unsupported element type (see diagnostics)\n"
                           : ": error (see diagnostics)\n");
      ++failedCount;
      code = std::max<int>(code, errorCode());
      continue;
    }
    interp.reportPoisonResults(fn, *results);
    if (interp.numFindings()) {
      llvm::outs() << "FAIL @" << name << ": undefined behaviour\n";
      printFindings(interp, llvm::outs());
      for (const std::string &note : interp.maskedReadNotes())
        llvm::outs() << note << "\n";
      ++failedCount;
      code = std::max<int>(code, kUndefined);
      continue;
    }
    if (!interp.checkFailures.empty()) {
      llvm::outs() << "FAIL @" << name << ": " << interp.checkFailures.front();
      if (interp.checkFailures.size() > 1)
        llvm::outs() << " (and " << interp.checkFailures.size() - 1
                     << " more failed checks)";
      llvm::outs() << "\n";
      ++failedCount;
      code = std::max<int>(code, kCheckFailed);
      continue;
    }
    llvm::outs() << "PASS @" << name;
    if (!interp.checkNotes.empty())
      llvm::outs() << " (" << llvm::join(interp.checkNotes, "; ") << ")";
    llvm::outs() << "\n";
    for (const std::string &note : interp.maskedReadNotes())
      llvm::outs() << note << "\n";
    ++passed;
  }
  llvm::outs() << passed << " passed, " << failedCount << " failed\n";
  if (passed + failedCount == 0) {
    // A file that tests nothing must not look like one whose tests pass.
    llvm::errs() << "error: nothing to run in " << inputFile
                 << ": no RUN line and no public function without arguments "
                    "(IREE's check tests)\n";
    return kInvalid;
  }
  return code;
}

/// Parses one program file (after the pre-parse limits); null on error, with
/// the diagnostics printed.
OwningOpRef<ModuleOp> parseProgram(const std::string &path,
                                   llvm::SourceMgr &sourceMgr,
                                   MLIRContext &context) {
  std::string errorMessage;
  auto file = mlir::openInputFile(path, &errorMessage);
  if (!file) {
    llvm::errs() << "error: " << errorMessage << "\n";
    return nullptr;
  }
  unsigned bufferId =
      sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  // Text MLIR's parser would crash on (nesting deep enough to overflow its
  // stack, lists its linalg parsers mishandle): refuse it first.
  StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  if (std::optional<SourceProblem> problem = checkSourceText(text)) {
    sourceMgr.PrintMessage(
        llvm::errs(), llvm::SMLoc::getFromPointer(text.data() + problem->offset),
        llvm::SourceMgr::DK_Error, problem->message);
    return nullptr;
  }
  // Each file gets its own buffer; diagnostics find it by its name.
  return parseSourceString<ModuleOp>(
      text, ParserConfig(&context),
      sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier());
}

int runFiles(const std::vector<std::string> &files);

/// Replaces each frontend program among `files` by its lowering (in
/// --lowered-dir, or a temporary directory added to `tempDirs`). Returns an
/// exit code on failure: the stage's (5 import, 6 lower) or 2.
std::optional<int> lowerFrontendFiles(std::vector<std::string> &files,
                                      std::vector<std::string> &tempDirs) {
  std::optional<gpu::IreeTools> tools;
  for (std::string &file : files) {
    auto kind = gpu::detectFrontend(file, inputType);
    if (!kind) {
      llvm::errs() << "error: " << llvm::toString(kind.takeError()) << "\n";
      return kInvalid;
    }
    if (*kind == gpu::FrontendKind::None)
      continue;
    if (!tools) {
      auto found = gpu::IreeTools::find(ireeDir, gpu::projectRoot());
      if (!found) {
        llvm::errs() << "error: " << file << " is a "
                     << gpu::frontendKindName(*kind)
                     << " program, to be lowered by IREE: "
                     << llvm::toString(found.takeError()) << "\n";
        return kInvalid;
      }
      tools = std::move(*found);
    }
    std::string dir = loweredDir;
    if (dir.empty() || files.size() > 1) {
      llvm::SmallString<128> tmp;
      if (std::error_code ec = llvm::sys::fs::createUniqueDirectory(
              dir.empty() ? "ref-run-lower" : dir + "/lower", tmp)) {
        llvm::errs() << "error: a directory for the lowering: "
                     << ec.message() << "\n";
        return kInvalid;
      }
      dir = std::string(tmp);
      if (loweredDir.empty())
        tempDirs.push_back(dir);
    } else if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
      llvm::errs() << "error: --lowered-dir=" << dir << ": " << ec.message()
                   << "\n";
      return kInvalid;
    }
    gpu::LoweringOptions lo;
    lo.limits.timeoutSeconds = lowerTimeout;
    lo.importFlags.assign(importFlags.begin(), importFlags.end());
    auto lowering = gpu::lowerFrontendProgram(file, *kind, *tools, dir, lo);
    if (!lowering) {
      llvm::errs() << "error: " << llvm::toString(lowering.takeError())
                   << "\n";
      return kInvalid;
    }
    (void)gpu::writeLoweringRecord(dir, *lowering);
    if (!lowering->ok()) {
      llvm::errs() << "error: " << lowering->errorText() << "\n"
                   << "(IREE's frontend rejects the program: nothing was "
                      "interpreted";
      if (!loweredDir.empty())
        llvm::errs() << "; the logs are in " << dir << "/frontend";
      llvm::errs() << ")\n";
      return lowering->exitCode();
    }
    file = dir + "/" + lowering->lowered;
    programWasLowered = true;
    // The archive of externalized weights the import wrote.
    for (const auto &[scope, archive] : lowering->parameters) {
      std::string where = llvm::sys::path::is_absolute(archive)
                              ? archive
                              : dir + "/" + archive;
      auto a = ParameterArchive::load(where);
      if (!a) {
        llvm::errs() << "error: the parameters the import of " << file
                     << " wrote: " << llvm::toString(a.takeError()) << "\n";
        return int(kParameterError);
      }
      parameterIndex.add(scope, std::move(*a));
    }
  }
  return std::nullopt;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "ref-run: reference interpreter for IREE-style "
                              "MLIR programs\n");
  // --module files in order, then the positional file if one was named; the
  // last is the program, the others are linked by name.
  std::vector<std::string> files(moduleFiles.begin(), moduleFiles.end());
  if (files.empty() || inputFile.getNumOccurrences())
    files.push_back(inputFile);
  // Frontend programs are lowered first, by IREE's tools, outside the
  // interpreter's memory and time budgets.
  std::vector<std::string> tempDirs;
  int code = [&] {
    if (std::optional<int> failed = lowerFrontendFiles(files, tempDirs))
      return *failed;
    for (const std::string &flag : parameterFlags)
      if (llvm::Error e = parameterIndex.add(flag)) {
        llvm::errs() << "error: --parameters=" << flag << ": "
                     << llvm::toString(std::move(e)) << "\n";
        return int(kParameterError);
      }
    return runFiles(files);
  }();
  for (const std::string &d : tempDirs)
    llvm::sys::fs::remove_directories(d);
  return code;
}

namespace {
int runFiles(const std::vector<std::string> &files) {
  installMemoryBudget();
  startWatchdog();

  DialectRegistry registry;
  registerInterpreterDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  context.printOpOnDiagnostic(false);

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  std::vector<OwningOpRef<ModuleOp>> parsed;
  for (const std::string &path : files) {
    OwningOpRef<ModuleOp> m = parseProgram(path, sourceMgr, context);
    if (!m) {
      if (programWasLowered)
        llvm::errs() << "note: interpret: " << path
                     << " is IREE's lowering of " << inputFile
                     << (loweredDir.empty()
                             ? " (--lowered-dir=DIR keeps it)"
                             : "")
                     << "\n";
      return kInvalid;
    }
    parsed.push_back(std::move(m));
  }
  OwningOpRef<ModuleOp> module = std::move(parsed.back());
  parsed.pop_back();
  llvm::StringMap<ModuleOp> linked;
  for (OwningOpRef<ModuleOp> &m : parsed) {
    StringRef name = m->getSymName().value_or("module");
    if (!linked.try_emplace(name, *m).second) {
      llvm::errs() << "error: two modules named '" << name << "'\n";
      return kInvalid;
    }
  }
  E2ETestFlags flags;
  flags.requireExactResults = requireExactResults;
  flags.acceptableFpDelta = acceptableFpDelta;
  flags.maxElementsToCheck = maxElementsToCheck;
  linker = makeE2ELinker(std::move(linked), flags);
  if (verifyOnly)
    return kOk;
  if (printSignatures)
    return runPrintSignatures(*module);
  // The text of the tested (last) file: its RUN lines, under --check.
  StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getNumBuffers())->getBuffer();
  return checkMode ? runChecks(*module, text) : runMain(*module);
}
} // namespace
