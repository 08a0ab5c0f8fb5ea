//===- Localize.cpp - difftest localize: the one guilty dispatch ----------===//
//
//   difftest localize PROGRAM|BUNDLE --function=F --target=T [--input=...]
//       [--out=DIR] [--all-dispatches] [--parameters=[SCOPE=]FILE.irpa]
//
// From a wrong output of a whole program to the first dispatch that is wrong
// on its own inputs (docs/localize.md):
//  1. PROGRAM (.mlir at IREE's input phase, or a frontend program lowered
//     as difftest run lowers it; a bundle gives its program, function,
//     target, inputs and parameter archives) is put on tensors (`ref-flow
//     strip-abi`), then compiled for T to the flow phase: IREE's own
//     dispatches. Parameter archives go to both runs of the instrumented
//     program; a dispatch gets a parameter global's value as an operand.
//  2. `ref-flow instrument` returns every tensor a dispatch reads or writes
//     from F as well, and writes each dispatch alone as a func.func; the
//     instrumented program is compiled from the flow phase and run once:
//     every dispatch's inputs and outputs, bit-exact, in execution order.
//  3. ref-run runs the instrumented flow program (goldens of every traced
//     tensor, "in context") and each dispatch alone on the tensors the target
//     fed it ("on its own inputs"); the oracle compares, freedom included.
//  4. The first dispatch whose output is wrong on its own inputs is the
//     guilty one; it becomes a normal repro bundle (difftest run / reduce /
//     report --issue). Dispatches after it that are right on their own
//     inputs but differ from the whole-program golden only inherited the
//     error. The report (Markdown, HTML, JSON) has one row per dispatch.
//
// Exit: 0 no dispatch is wrong; 1 a dispatch is wrong (or the output is
// wrong and no single dispatch explains it); 2 invalid input; 4 tool error;
// 5/6 IREE's frontend rejects the program; 7 a parameter archive is missing
// or does not fit the program.
//
//===----------------------------------------------------------------------===//

#include "difftest/Localize.h"
#include "gpu/Device.h"
#include "difftest/Frontend.h"
#include "difftest/LocalizeSign.h"
#include "difftest/Options.h"
#include "difftest/Parameters.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <thread>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;

namespace {

/// One dispatch of the manifest, and what localize found about it.
struct DispatchRow {
  unsigned ordinal = 0;
  std::string name, root, program, extractError;
  std::vector<int64_t> operands, results; // traced indices (-1: not a tensor)
  std::vector<int64_t> tied; // per result: the operand it updates, or -1
  // Verdicts: "pass", "wrong", "inherits", "undecided", "undefined",
  // "not checked".
  std::string verdict = "not checked";
  std::string detail;        // the oracle's line for a wrong or undecided one
  std::string contextDetail; // how far its output is from the whole golden
  double maxError = 0;       // largest |actual - golden| on its own inputs
  uint64_t maxUlp = 0;
  bool ownPass = false, contextPass = true;
  double interpCpu = 0; // CPU seconds of its own interpreter run
  std::string shapes;   // "4x16xf32, 16x32xf32 -> 4x32xf32"
};

struct TracedTensor {
  std::string type;
  DType dtype = DType::F32;
  Shape shape;
};

/// Runs one step of the pipeline, logging it to `log` under the work dir.
gpu::ProcessResult step(llvm::ArrayRef<std::string> argv,
                        const gpu::ProcessLimits &limits, StringRef workDir,
                        StringRef log, uint64_t &peakRss) {
  gpu::RunOptions ro;
  ro.workingDir = workDir.str();
  gpu::ProcessResult r =
      runLogged(argv, limits, ro, joinPath(workDir, "logs", log));
  peakRss = std::max(peakRss, r.maxRssBytes);
  return r;
}

bool ok(const gpu::ProcessResult &r) {
  return r.kind == gpu::ProcessResult::Kind::Exited && r.exitCode == 0;
}

std::string firstLines(StringRef text, unsigned n = 6) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, false);
  std::string out;
  for (unsigned i = 0; i < lines.size() && i < n; ++i)
    out += lines[i].str() + "\n";
  return out;
}

std::string shapeText(const TracedTensor &t) {
  return t.type.size() > 8 ? StringRef(t.type).drop_front(7).drop_back().str()
                           : t.type;
}

double asDouble(uint64_t bits, DType t) {
  llvm::APFloat f(floatSemantics(t), llvm::APInt(bitWidth(t), bits));
  bool loses = false;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &loses);
  return f.convertToDouble();
}

/// Largest absolute difference between two tensor files of floats (0 for
/// integers or unreadable files): the "how far off" column.
double maxAbsError(const gpu::TensorFile &a, const gpu::TensorFile &g) {
  auto ta = gpu::readTensorFile(a);
  auto tg = gpu::readTensorFile(g);
  if (!ta || !tg) {
    if (!ta)
      llvm::consumeError(ta.takeError());
    if (!tg)
      llvm::consumeError(tg.takeError());
    return 0;
  }
  if (!isFloat(ta->dtype()) || ta->numElements() != tg->numElements())
    return 0;
  double worst = 0;
  for (int64_t i = 0, n = ta->numElements(); i < n; ++i) {
    double x = asDouble(ta->load(i), ta->dtype()),
           y = asDouble(tg->load(i), tg->dtype());
    if (std::isfinite(x) && std::isfinite(y))
      worst = std::max(worst, std::fabs(x - y));
  }
  return worst;
}

/// "33", "0.000104", "1.5e+09".
std::string shortNumber(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

std::string htmlEscape(StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

/// A Markdown table cell: escapes '|' only (unlike Common.h's mdCell, newlines are kept).
std::string localizeCell(StringRef s) {
  std::string out;
  for (char c : s)
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

} // namespace

int localizeCommand(int argc, char **argv) {
  OneTargetOptions common("The target (one)", /*defaultTarget=*/"llvm-cpu");
  cl::opt<std::string> program(
      cl::Positional,
      cl::desc("<program.mlir|model.onnx|torch/StableHLO/TOSA .mlir>"),
      cl::Required, cl::cat(common.category));
  cl::opt<std::string> function(
      "function",
      cl::desc("Function to test (default main; for a frontend program, "
               "the only function its lowering exports)"),
      cl::init("main"), cl::cat(common.category));
  cl::list<std::string> inputs(
      "input",
      cl::desc("An argument, as iree-run-module and ref-run take it "
               "(random values when none are given)"),
      cl::cat(common.category));
  cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random inputs"),
                         cl::init(0), cl::cat(common.category));
  cl::opt<std::string> out("out",
                           cl::desc("Where the report, the work "
                                    "directory and bundles go"),
                           cl::init("localize-out"), cl::cat(common.category));
  cl::opt<unsigned> jobs(
      "jobs", cl::desc("Dispatches interpreted at once (0: one per core)"),
      cl::init(0), cl::cat(common.category));
  cl::opt<bool> allDispatches(
      "all-dispatches",
      cl::desc("Write every dispatch as a corpus case (program, traced "
               "inputs, goldens) under OUT/dispatches"),
      cl::cat(common.category));
  FrontendFlags frontend(common.category);
  auto parsed = common.parseOneTarget(
      argc, argv,
      "difftest localize: the first dispatch that is wrong on its own "
      "inputs (PROGRAM may be a repro bundle)\n",
      "--target: localize takes one target");
  if (!parsed)
    return kInvalid;
  const Settings *settings = &parsed->settings;
  gpu::TargetConfig config = parsed->config;
  // A repro bundle: its program, function, target, opt level, flags,
  // inputs and parameter archives, unless the command line says otherwise.
  if (fs::is_directory(program)) {
    auto bc = readBundleCase(program);
    if (!bc) {
      llvm::errs() << "error: " << program << ": not a repro bundle: "
                   << llvm::toString(bc.takeError()) << "\n";
      return kInvalid;
    }
    program = bc->program;
    if (!function.getNumOccurrences())
      function = bc->function;
    if (inputs.empty())
      for (const std::string &in : bc->inputs)
        inputs.push_back(in);
    if (frontend.parameters.empty())
      for (const std::string &p : bc->parameters)
        frontend.parameters.push_back(p);
    if (!common.target.getNumOccurrences() && !bc->target.empty())
      common.target = bc->target;
    if (!common.optLevel.getNumOccurrences() && !bc->optLevel.empty())
      common.optLevel = bc->optLevel;
    if (!common.ireeFlags.getNumOccurrences())
      for (const std::string &f : bc->extraFlags)
        common.ireeFlags.push_back(f);
    auto configs = common.targetConfigs(common.target, *settings);
    if (!configs)
      return kInvalid;
    if (configs->size() != 1) {
      llvm::errs() << "error: --target: localize takes one target\n";
      return kInvalid;
    }
    config = configs->front();
  }
  // A derived target exists only as the program's attribute, which the
  // instrumented flow program would lose; a target the device cannot take
  // would give wrong dispatches by design (docs/gpu.md).
  if (!config.derivedFamily().empty()) {
    llvm::errs() << "error: --target=" << config.name()
                 << ": localize does not take a target derived from the "
                    "device; use vulkan (vulkan:llvmpipe)\n";
    return kInvalid;
  }
  if (config.desc->checkDevice)
    if (auto device = gpu::probeDevice(*settings->tools, config.desc->device)) {
      auto info =
          gpu::compilerTargetInfo(config, *settings->table, *settings->tools);
      if (!info) {
        llvm::errs() << "error: " << llvm::toString(info.takeError()) << "\n";
        return kToolError;
      }
      if (auto why = gpu::subgroupMismatch(config, *info, *device)) {
        llvm::errs() << "error: " << *why << "\n";
        return kInvalid;
      }
    }
  auto started = std::chrono::steady_clock::now();
  uint64_t peakRss = 0;
  double interpSeconds = 0, ireeSeconds = 0;

  // Steps run inside the work directory: every path given is made absolute.
  std::string outDir = absolutePath(out);
  std::string workDir = joinPath(outDir, "work");
  fs::remove_directories(workDir);
  for (StringRef sub :
       {"logs", "inputs", "trace", "golden", "dispatches", "own"})
    if (std::error_code ec = fs::create_directories(joinPath(workDir, sub))) {
      llvm::errs() << "error: " << workDir << ": " << ec.message() << "\n";
      return kToolError;
    }
  std::string absProgram = absolutePath(program);
  if (!fs::exists(absProgram)) {
    llvm::errs() << "error: " << program << ": no such file\n";
    return kInvalid;
  }
  auto progress = [&](const llvm::Twine &what) {
    llvm::errs() << "localize: " << what << "\n";
  };

  // 1. The program on tensors: a frontend program (an .onnx model, torch,
  // StableHLO, TOSA) lowered to IREE's input phase by the IREE in use
  // first (as difftest run does; exit 5 or 6 when IREE's frontend rejects
  // it), then unwrapped.
  PreparedProgram prepared =
      prepareProgram(absProgram, frontend, *settings,
                     [&]() -> llvm::Expected<std::string> { return workDir; });
  if (prepared.exitCode)
    return prepared.exitCode;
  std::string inputPhase = absProgram;
  if (prepared.lowering) {
    progress("lowered the " +
             gpu::frontendKindName(prepared.lowering->kind) +
             " program with the IREE in use");
    // strip-abi writes program.mlir: the lowering moves aside.
    inputPhase = joinPath(workDir, "model.input.mlir");
    if (std::error_code ec = fs::rename(prepared.path, inputPhase)) {
      llvm::errs() << "error: " << inputPhase << ": " << ec.message() << "\n";
      return kToolError;
    }
    if (!function.getNumOccurrences()) {
      auto lsigs = readSignatures(inputPhase, settings->interpLimits);
      if (!lsigs) {
        llvm::errs() << llvm::toString(lsigs.takeError()) << "\n";
        return kInvalid;
      }
      if (auto only = defaultFunction(*lsigs))
        function = *only;
    }
  }
  // Parameter archives (--parameters, or those the import wrote): the
  // instrumented program reads its parameter globals from them on both
  // sides; each dispatch alone takes their values as traced operands.
  // Relative to the work directory, where every step runs.
  auto params = prepareParameters(
      frontend.parameters, prepared.lowering ? &*prepared.lowering : nullptr,
      workDir);
  if (const int *code = std::get_if<int>(&params))
    return *code;
  std::vector<std::string> paramFlags =
      std::move(std::get<std::vector<std::string>>(params));
  if (!paramFlags.empty())
    progress(llvm::Twine(paramFlags.size()) +
             " parameter archive(s): " + llvm::join(paramFlags, " "));
  {
    gpu::ProcessResult r =
        step({toolPath("ref-flow"), "strip-abi", inputPhase,
              "--function=" + function, "-o", "program.mlir"},
             settings->interpLimits, workDir, "strip-abi.log", peakRss);
    if (!ok(r)) {
      llvm::errs() << r.stderrText;
      return r.exitCode == 2 ? kInvalid : kToolError;
    }
  }
  // Every parameter the program reads must be in the archives before
  // anything is compiled or run (the same check ref-run makes, exit 7).
  if (auto text = readFile(joinPath(workDir, "program.mlir"))) {
    if (llvm::Error e = checkParameterReferences(*text, paramFlags, workDir)) {
      llvm::errs() << "error: " << program << ": "
                   << llvm::toString(std::move(e)) << "\n";
      return kParameterError;
    }
  } else {
    llvm::errs() << "error: " << llvm::toString(text.takeError()) << "\n";
    return kToolError;
  }
  auto sigs =
      readSignatures(joinPath(workDir, "program.mlir"), settings->interpLimits);
  if (!sigs) {
    llvm::errs() << llvm::toString(sigs.takeError()) << "\n";
    return kInvalid;
  }
  const Signature *sig = nullptr;
  for (const Signature &s : *sigs)
    if (s.name == function)
      sig = &s;
  if (!sig) {
    llvm::errs() << "error: " << program << ": no public function @" << function
                 << "\n";
    return kInvalid;
  }
  if (llvm::Error e = checkSupported(*sig)) {
    llvm::errs() << "error: " << program << ": " << llvm::toString(std::move(e))
                 << "\n";
    return kInvalid;
  }
  auto files =
      inputs.empty()
          ? randomInputs(*sig, seed, 0, joinPath(workDir, "inputs"))
          : materializeInputs(inputs, *sig, joinPath(workDir, "inputs"));
  if (!files) {
    llvm::errs() << "error: " << llvm::toString(files.takeError()) << "\n";
    return kInvalid;
  }
  for (gpu::TensorFile &f : *files)
    f.path = joinPath("inputs", path::filename(f.path));

  // 2. Flow phase, instrumented, compiled and run once.
  auto compileTo = [&](StringRef from, StringRef to,
                       llvm::ArrayRef<std::string> extra,
                       StringRef log) -> std::optional<gpu::ProcessResult> {
    auto argv = compileCommand(config, from, to, *settings);
    if (!argv) {
      llvm::errs() << "error: " << llvm::toString(argv.takeError()) << "\n";
      return std::nullopt;
    }
    argv->insert(argv->end(), extra.begin(), extra.end());
    gpu::ProcessResult r =
        step(*argv, settings->compileLimits, workDir, log, peakRss);
    ireeSeconds += r.wallSeconds;
    return r;
  };
  progress("compiling to the flow phase for " + config.name());
  auto flow = compileTo("program.mlir", "flow.mlir", {"--compile-to=flow"},
                        "compile-flow.log");
  if (!flow)
    return kToolError;
  if (!ok(*flow)) {
    llvm::errs() << "error: iree-compile --compile-to=flow failed ("
                 << flow->summary() << "); the whole program does not "
                 << "compile, nothing to localize:\n"
                 << firstLines(flow->stderrText, 20);
    return kFail;
  }
  {
    gpu::ProcessResult r =
        step({toolPath("ref-flow"), "instrument", "flow.mlir",
              "--function=" + function, "-o", "traced.mlir",
              "--manifest=manifest.json", "--dispatch-dir=dispatches"},
             settings->interpLimits, workDir, "instrument.log", peakRss);
    if (!ok(r)) {
      llvm::errs() << "error: instrumenting the flow program:\n"
                   << r.stderrText;
      return r.exitCode == 2 ? kInvalid : kToolError;
    }
  }
  auto manifestText = readFile(joinPath(workDir, "manifest.json"));
  if (!manifestText) {
    llvm::errs() << "error: " << llvm::toString(manifestText.takeError())
                 << "\n";
    return kToolError;
  }
  auto manifest = llvm::json::parse(*manifestText);
  if (!manifest) {
    llvm::errs() << "error: manifest.json: "
                 << llvm::toString(manifest.takeError()) << "\n";
    return kToolError;
  }
  const llvm::json::Object &m = *manifest->getAsObject();
  int64_t numResults = *m.getInteger("results");
  std::vector<TracedTensor> traced;
  for (const llvm::json::Value &t : *m.getArray("traced")) {
    const llvm::json::Object &o = *t.getAsObject();
    TracedTensor tt;
    tt.type = o.getString("type")->str();
    tt.dtype = *parseDType(*o.getString("dtype"));
    for (const llvm::json::Value &s : *o.getArray("shape"))
      tt.shape.push_back(*s.getAsInteger());
    traced.push_back(std::move(tt));
  }
  std::vector<DispatchRow> rows;
  for (const llvm::json::Value &d : *m.getArray("dispatches")) {
    const llvm::json::Object &o = *d.getAsObject();
    DispatchRow row;
    row.ordinal = *o.getInteger("ordinal");
    row.name = o.getString("name")->str();
    row.root = o.getString("root")->str();
    row.program = o.getString("program")->str();
    row.extractError = o.getString("extract_error")->str();
    for (const llvm::json::Value &v : *o.getArray("operands"))
      row.operands.push_back(*v.getAsInteger());
    for (const llvm::json::Value &v : *o.getArray("results"))
      row.results.push_back(*v.getAsInteger());
    if (const llvm::json::Array *t = o.getArray("tied"))
      for (const llvm::json::Value &v : *t)
        row.tied.push_back(*v.getAsInteger());
    std::string ins, outs;
    for (int64_t k : row.operands)
      if (k >= 0)
        ins += (ins.empty() ? "" : ", ") + shapeText(traced[k]);
    for (int64_t k : row.results)
      outs += (outs.empty() ? "" : ", ") + shapeText(traced[k]);
    row.shapes = ins + " -> " + outs;
    rows.push_back(std::move(row));
  }
  progress(llvm::Twine(rows.size()) + " dispatches, " +
           llvm::Twine(traced.size()) + " traced tensors");

  // The traced function's outputs: F's results (typed by the inputs where
  // one returns an argument as it is), then every traced tensor.
  auto resolved = resolveSignature(*sig, *files);
  if (!resolved) {
    llvm::errs() << "error: " << llvm::toString(resolved.takeError()) << "\n";
    return kInvalid;
  }
  Signature tracedSig = std::move(*resolved);
  for (const TracedTensor &t : traced) {
    ArgType a;
    a.type = t.type;
    a.dtype = t.dtype;
    a.shape = t.shape;
    a.tensor = true;
    tracedSig.results.push_back(a);
  }
  progress("compiling the instrumented program");
  auto tracedCompile = compileTo("traced.mlir", "traced.vmfb",
                                 {"--compile-from=flow"}, "compile-traced.log");
  if (!tracedCompile)
    return kToolError;
  if (!ok(*tracedCompile)) {
    llvm::errs() << "error: the instrumented flow program does not compile ("
                 << tracedCompile->summary() << "):\n"
                 << firstLines(tracedCompile->stderrText, 20);
    return kToolError;
  }
  if (config.desc->compileOnly ||
      !settings->tools->hasDevice(config.desc->device)) {
    llvm::errs() << "error: no " << config.desc->device
                 << " device here: localize must run the program\n";
    return kToolError;
  }
  std::vector<gpu::TensorFile> actuals;
  for (auto [i, r] : llvm::enumerate(tracedSig.results)) {
    gpu::TensorFile f;
    f.path = joinPath("trace", gpu::tensorFileName("out", i, *r.dtype));
    f.dtype = *r.dtype;
    f.shape = r.shape;
    actuals.push_back(std::move(f));
  }
  gpu::CaseSpec runCase;
  runCase.function = function;
  runCase.inputs = *files;
  runCase.parameters = paramFlags;
  progress("running it on " + config.desc->device);
  {
    gpu::ProcessResult r = step(
        gpu::runModuleCommand(settings->tools->runModule, config.desc->device,
                              "traced.vmfb", runCase, actuals),
        settings->runLimits, workDir, "run-traced.log", peakRss);
    ireeSeconds += r.wallSeconds;
    if (!ok(r)) {
      // A parameter that does not fit the program (an entry shorter or
      // longer than its global) is an input error, not a finding: ask the
      // interpreter, which names it (exit 7).
      if (!paramFlags.empty()) {
        Golden g = makeGolden("traced.mlir", tracedSig, *files, "golden",
                              workDir, settings->interpLimits, paramFlags);
        if (g.parameterError) {
          llvm::errs() << firstLines(g.message, 20)
                       << "(the archives do not fit the program; "
                       << config.desc->device << " refused them too: "
                       << StringRef(firstLines(StringRef(r.stderrText).trim(), 1))
                              .trim()
                       << ")\n";
          return kParameterError;
        }
      }
      llvm::errs() << "error: running the instrumented program failed ("
                   << r.summary() << "):\n"
                   << firstLines(r.stderrText, 20);
      return kFail;
    }
  }

  // 3. Goldens in context: the whole flow program under the interpreter.
  progress("interpreting the whole flow program");
  Golden whole = makeGolden("traced.mlir", tracedSig, *files, "golden", workDir,
                            settings->interpLimits, paramFlags);
  interpSeconds += whole.seconds;
  double wholeCpu = whole.cpuSeconds;
  if (whole.status != Golden::Ok) {
    llvm::errs() << "error: the interpreter cannot run the flow program:\n"
                 << firstLines(whole.message, 20);
    if (whole.parameterError)
      return kParameterError;
    return whole.status == Golden::Failed ? kToolError : kInvalid;
  }
  std::vector<gpu::TensorFile> absActuals = actuals;
  for (gpu::TensorFile &a : absActuals)
    a.path = joinPath(workDir, a.path);
  gpu::CaseSpec absWhole = whole.spec;
  for (gpu::TensorFile &g : absWhole.goldens)
    g.path = joinPath(workDir, g.path);
  absWhole.freedomPath = joinPath(workDir, absWhole.freedomPath);
  gpu::RunOutcome context =
      gpu::compareFiles(absWhole, absActuals, settings->oracle, config.name());
  auto contextOf = [&](int64_t k) -> const OutputResult * {
    size_t i = numResults + k;
    for (const OutputResult &r : context.outputs)
      if (r.index == i)
        return &r;
    return nullptr;
  };
  bool outputWrong = false;
  std::string outputDetail;
  for (const OutputResult &r : context.outputs)
    if (r.index < numResults && r.failed()) {
      outputWrong = true;
      if (outputDetail.empty())
        outputDetail = describe(r);
    }

  // 4. Each dispatch alone, on the tensors the target fed it.
  // Each dispatch alone is independent of the others: --jobs workers.
  unsigned n = rows.size();
  auto judge = [&](DispatchRow &row) {
    for (int64_t k : row.results)
      if (const OutputResult *c = contextOf(k); c && c->failed()) {
        row.contextPass = false;
        if (row.contextDetail.empty()) {
          // "output 26 (12xf32): ..." names an output of the instrumented
          // program: say what it is instead.
          std::string d = describe(*c);
          size_t colon = d.find("): ");
          row.contextDetail =
              "differs from the whole-program golden: " +
              (colon == std::string::npos ? d : d.substr(colon + 3));
        }
      }
    if (row.program.empty()) {
      row.detail = row.extractError;
      return;
    }
    // An in-place dispatch whose operand, as the target exported it,
    // already holds the dispatch's result and not the value the program
    // computed: the target updated a buffer the operand's value still
    // needed (value semantics broken; the operand was not what the dispatch
    // read). Judging the dispatch on it would blame the wrong thing.
    std::string clobbered;
    for (auto [i, t] : llvm::enumerate(row.tied)) {
      if (t < 0 || t >= static_cast<int64_t>(row.operands.size()))
        continue;
      int64_t kin = row.operands[t], kout = row.results[i];
      const OutputResult *c = kin >= 0 ? contextOf(kin) : nullptr;
      if (!c || !c->failed())
        continue;
      auto a = readFile(absActuals[numResults + kin].path);
      auto b = readFile(absActuals[numResults + kout].path);
      if (a && b && *a == *b)
        clobbered = "operand " + std::to_string(t);
      if (!a)
        llvm::consumeError(a.takeError());
      if (!b)
        llvm::consumeError(b.takeError());
    }
    if (!clobbered.empty()) {
      row.verdict = "clobbered";
      row.detail = "not judged: the target's value of " + clobbered +
                   " (updated in place) already is this dispatch's result, "
                   "not the value the program gives it (" +
                   config.name() +
                   " lets the in-place update show through the operand; "
                   "IREE's sort does, iree-org/iree#24665)";
      return;
    }
    Signature dsig;
    dsig.name = "main";
    std::vector<gpu::TensorFile> dinputs;
    for (int64_t k : row.operands) {
      if (k < 0)
        continue;
      ArgType a;
      a.type = traced[k].type;
      a.dtype = traced[k].dtype;
      a.shape = traced[k].shape;
      a.tensor = true;
      dsig.inputs.push_back(a);
      dinputs.push_back(actuals[numResults + k]);
    }
    for (int64_t k : row.results) {
      ArgType a;
      a.type = traced[k].type;
      a.dtype = traced[k].dtype;
      a.shape = traced[k].shape;
      a.tensor = true;
      dsig.results.push_back(a);
    }
    // Each dispatch runs as own/N/program.mlir, so that the locations in
    // its freedom report are those of the program a bundle or corpus case
    // holds (replay compares them).
    std::string ownDir = joinPath(workDir, "own", std::to_string(row.ordinal));
    fs::create_directories(joinPath(ownDir, "golden"));
    if (std::error_code ec =
            fs::copy_file(joinPath(workDir, "dispatches", row.program),
                          joinPath(ownDir, "program.mlir"))) {
      row.detail = "copying " + row.program + ": " + ec.message();
      return;
    }
    for (gpu::TensorFile &f : dinputs)
      f.path = joinPath(workDir, f.path);
    Golden g = makeGolden("program.mlir", dsig, dinputs, "golden", ownDir,
                          settings->interpLimits);
    row.interpCpu = g.cpuSeconds;
    if (g.status == Golden::Undefined) {
      row.verdict = "undefined";
      row.detail = "undefined behaviour on the inputs the target gave it: " +
                   firstLines(g.message, 1);
      return;
    }
    if (g.status != Golden::Ok) {
      row.verdict = "not checked";
      row.detail = "interpreter: " + firstLines(g.message, 2);
      return;
    }
    gpu::CaseSpec absOwn = g.spec;
    for (gpu::TensorFile &gf : absOwn.goldens)
      gf.path = joinPath(ownDir, gf.path);
    absOwn.freedomPath = joinPath(ownDir, absOwn.freedomPath);
    std::vector<gpu::TensorFile> dactual;
    for (int64_t k : row.results)
      dactual.push_back(absActuals[numResults + k]);
    gpu::RunOutcome own =
        gpu::compareFiles(absOwn, dactual, settings->oracle, config.name());
    for (auto [i, r] : llvm::enumerate(own.outputs)) {
      row.maxUlp = std::max(row.maxUlp, r.maxUlpDistance);
      if (i < dactual.size())
        row.maxError =
            std::max(row.maxError, maxAbsError(dactual[i], absOwn.goldens[i]));
    }
    if (own.verdict == gpu::Verdict::Mismatch) {
      row.verdict = "wrong";
      row.detail = own.detail;
    } else if (own.verdict == gpu::Verdict::Pass) {
      row.ownPass = true;
      row.verdict = row.contextPass ? "pass" : "inherits";
      if (!row.contextPass)
        row.detail = row.contextDetail;
    } else {
      row.verdict = own.verdict == gpu::Verdict::Undecided
                        ? "undecided"
                        : std::string(gpu::verdictName(own.verdict));
      row.detail = own.detail;
    }
  };
  std::atomic<unsigned> next{0}, done{0};
  std::mutex progressMutex;
  unsigned workers = std::max(
      1u, std::min<unsigned>(
              jobs ? unsigned(jobs) : std::thread::hardware_concurrency(), n));
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < workers; ++w)
    threads.emplace_back([&] {
      for (unsigned i; (i = next++) < n;) {
        judge(rows[i]);
        std::lock_guard<std::mutex> lock(progressMutex);
        bool tty = llvm::errs().is_displayed();
        llvm::errs() << llvm::formatv("{0}localize: dispatch {1} of {2}{3}",
                                      tty ? "\r" : "", ++done, n,
                                      tty ? "" : "\n");
      }
    });
  for (std::thread &t : threads)
    t.join();
  int guilty = -1;
  double dispatchCpu = 0;
  for (const DispatchRow &row : rows) {
    dispatchCpu += row.interpCpu;
    if (row.verdict == "wrong" && guilty < 0)
      guilty = row.ordinal;
  }
  if (llvm::errs().is_displayed())
    llvm::errs() << "\n";

  // 5. The guilty dispatch as a repro bundle; every dispatch as a corpus
  // case with --all-dispatches.
  std::string bundle, standaloneVerdict;
  auto caseDir = [&](const DispatchRow &row, StringRef dir) -> llvm::Error {
    fs::create_directories(joinPath(dir, "inputs"));
    fs::create_directories(joinPath(dir, "golden"));
    if (std::error_code ec =
            fs::copy_file(joinPath(workDir, "dispatches", row.program),
                          joinPath(dir, "program.mlir")))
      return llvm::createStringError(ec, "copying " + row.program);
    unsigned i = 0;
    for (int64_t k : row.operands) {
      if (k < 0)
        continue;
      const gpu::TensorFile &a = actuals[numResults + k];
      if (std::error_code ec = fs::copy_file(
              joinPath(workDir, a.path),
              joinPath(dir, "inputs", gpu::tensorFileName("in", i++, a.dtype))))
        return llvm::createStringError(ec, "copying an input");
    }
    return copyTree(
        joinPath(workDir, "own", std::to_string(row.ordinal), "golden"),
        joinPath(dir, "golden"));
  };
  if (guilty >= 0) {
    DispatchRow &row = rows[guilty];
    std::string caseWork = joinPath(workDir, "guilty");
    fs::remove_directories(caseWork);
    if (llvm::Error e = caseDir(row, caseWork)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    } else {
      gpu::CaseSpec c;
      c.function = "main";
      unsigned i = 0;
      for (int64_t k : row.operands) {
        if (k < 0)
          continue;
        gpu::TensorFile f = actuals[numResults + k];
        f.path = joinPath("inputs", gpu::tensorFileName("in", i++, f.dtype));
        c.inputs.push_back(f);
      }
      auto own = readFile(joinPath(caseWork, "golden", "freedom.json"));
      if (own)
        c.freedomPath = "golden/freedom.json";
      else
        llvm::consumeError(own.takeError());
      for (auto [j, k] : llvm::enumerate(row.results)) {
        gpu::TensorFile f;
        f.dtype = traced[k].dtype;
        f.shape = traced[k].shape;
        f.path = joinPath("golden", gpu::tensorFileName("out", j, f.dtype));
        c.goldens.push_back(f);
      }
      progress("checking the guilty dispatch alone (compiled from its own "
               "program)");
      std::string subdir = config.name();
      std::replace(subdir.begin(), subdir.end(), ':', '_');
      TargetResult r =
          runTarget(config, "program.mlir", c, caseWork, subdir, *settings);
      ireeSeconds += r.compileSeconds + r.runSeconds;
      standaloneVerdict = gpu::verdictName(r.verdict).str();
      if (r.verdict == gpu::Verdict::Pass)
        standaloneVerdict += " (the dispatch fails only in context: compiled "
                             "alone it is right, itself a finding)";
      std::vector<std::string> goldenArgv = {"ref-run", "program.mlir",
                                             "--function=main"};
      for (const gpu::TensorFile &in : c.inputs)
        goldenArgv.push_back("--input=" + in.inputFlag());
      for (const gpu::TensorFile &g : c.goldens)
        goldenArgv.push_back("--output=" + g.outputFlag());
      goldenArgv.push_back("--freedom=" + c.freedomPath);
      TargetResult forBundle = r;
      if (r.verdict == gpu::Verdict::Pass) {
        // Keep the in-context failure in the bundle's verdict.
        forBundle.verdict = gpu::Verdict::Mismatch;
        forBundle.detail = row.detail + " (in the whole program; alone it "
                                        "passes)";
      }
      auto b =
          writeBundle(joinPath(outDir, "bundles"),
                      "dispatch-" + std::to_string(row.ordinal) + "." + subdir,
                      caseWork, subdir, c, config, forBundle, *settings,
                      shellCommand(goldenArgv), /*replace=*/true);
      if (b)
        bundle = *b;
      else
        llvm::errs() << "error: writing the bundle: "
                     << llvm::toString(b.takeError()) << "\n";
    }
  }
  if (allDispatches)
    for (const DispatchRow &row : rows) {
      if (row.program.empty() || row.verdict == "not checked" ||
          row.verdict == "undefined")
        continue;
      std::string dir = joinPath(outDir, "dispatches",
                                 "dispatch-" + std::to_string(row.ordinal));
      fs::remove_directories(dir);
      if (llvm::Error e = caseDir(row, dir)) {
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
        continue;
      }
      llvm::json::Array ins, outs;
      unsigned i = 0;
      for (int64_t k : row.operands)
        if (k >= 0) {
          gpu::TensorFile f = actuals[numResults + k];
          f.path =
              joinPath(dir, "inputs", gpu::tensorFileName("in", i++, f.dtype));
          ins.push_back(f.toJSON(dir));
        }
      for (auto [j, k] : llvm::enumerate(row.results)) {
        gpu::TensorFile f;
        f.dtype = traced[k].dtype;
        f.shape = traced[k].shape;
        f.path =
            joinPath(dir, "golden", gpu::tensorFileName("out", j, f.dtype));
        outs.push_back(f.toJSON(dir));
      }
      llvm::json::Object c{
          {"function", "main"},
          {"description", "dispatch " + std::to_string(row.ordinal) + " (" +
                              row.name + ") of " +
                              path::filename(program).str() +
                              " on the inputs " + config.name() + " gave it"},
          {"derived_by", "difftest localize: golden/ is the interpreter's "
                         "output on the traced inputs"},
          {"inputs", std::move(ins)},
          {"outputs", std::move(outs)},
          {"expect",
           llvm::json::Object{
               {config.name(),
                row.verdict == "wrong"
                    ? llvm::json::Value(llvm::json::Object{
                          {"verdict", "mismatch"},
                          {"reason", "difftest localize: wrong on the inputs " +
                                         config.name() +
                                         " gave it: " + row.detail}})
                    : llvm::json::Value("pass")}}}};
      (void)writeFile(
          joinPath(dir, "case.json"),
          llvm::formatv("{0:2}", llvm::json::Value(std::move(c))).str() + "\n");
    }

  // 6. The report.
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
          .count();
  std::string summary;
  if (guilty >= 0) {
    const DispatchRow &g = rows[guilty];
    summary = llvm::formatv("dispatch {0} of {1} (`{2}`) is wrong on its own "
                            "inputs; everything before it is right",
                            g.ordinal, n, g.name)
                  .str();
  } else if (outputWrong) {
    summary = "the output is wrong but no dispatch is wrong on its own "
              "inputs (the error is outside the dispatches, or within the "
              "oracle's tolerance at each step)";
  }
  unsigned inherits = 0, passes = 0, unchecked = 0;
  for (const DispatchRow &r : rows) {
    inherits += r.verdict == "inherits";
    passes += r.verdict == "pass";
    unchecked += r.verdict == "not checked" || r.verdict == "undefined";
  }
  int clobbered = -1;
  unsigned numClobbered = 0;
  for (const DispatchRow &r : rows)
    if (r.verdict == "clobbered") {
      ++numClobbered;
      if (clobbered < 0)
        clobbered = r.ordinal;
    }
  if (guilty < 0 && !outputWrong)
    summary = unchecked == 0
                  ? llvm::formatv("no dispatch is wrong ({0} dispatches "
                                  "checked on their own inputs)",
                                  n - numClobbered)
                        .str()
                  : llvm::formatv("no checked dispatch is wrong, but {0} of "
                                  "{1} could not be checked alone",
                                  unchecked, n)
                        .str();
  if (guilty < 0 && clobbered >= 0)
    summary += llvm::formatv("; in-place dispatch {0} (`{1}`) not judged: {2} "
                             "lets its update show through the operand "
                             "(iree-org/iree#24665)",
                             clobbered, rows[clobbered].name, config.name())
                   .str();
  std::string md = "# difftest localize: " + path::filename(program).str() +
                   " on " + config.name() + "\n\n**" + summary + ".**\n\n";
  md += llvm::formatv(
            "- program: `{0}`, function `@{1}`\n- IREE: {2}\n"
            "- dispatches: {3} ({4} pass, {5} only inherit an "
            "error)\n- whole-program output: {6}\n"
            "- time: {7:f1} s (IREE {8:f1} s, interpreter on the "
            "whole program {9:f1} s); interpreter CPU: whole "
            "program {11:f2} s, every dispatch alone {12:f2} s; "
            "peak memory of one step: {10} MiB\n",
            program, function, settings->tools->compilerVersion(), n, passes,
            inherits, outputWrong ? "wrong: " + outputDetail : "right", seconds,
            ireeSeconds, interpSeconds, peakRss >> 20, wholeCpu, dispatchCpu)
            .str();
  if (!bundle.empty())
    md += "- repro bundle of the guilty dispatch: `" + bundle +
          "`; compiled alone: " + standaloneVerdict + "\n";
  md += "\n| # | dispatch | root op | shapes | verdict | max abs error | max "
        "ULP | detail |\n|---|---|---|---|---|---|---|---|\n";
  for (const DispatchRow &r : rows)
    md += llvm::formatv("| {0} | `{1}` | {2} | {3} | {4} | {5} | {6} | {7} |\n",
                        r.ordinal, r.name, r.root, localizeCell(r.shapes), r.verdict,
                        shortNumber(r.maxError), r.maxUlp, localizeCell(r.detail))
              .str();
  std::string html =
      "<!doctype html><meta charset=utf-8><title>difftest localize</title>"
      "<style>body{font-family:sans-serif}td,th{border:1px solid #ccc;"
      "padding:2px 6px}table{border-collapse:collapse}.wrong{background:"
      "#fcc}.inherits{background:#ffe}</style><h1>difftest localize: " +
      htmlEscape(path::filename(program)) + " on " + config.name() +
      "</h1><p><b>" + htmlEscape(summary) +
      ".</b></p><table><tr><th>#"
      "<th>dispatch<th>root op<th>shapes<th>verdict<th>max abs error<th>max "
      "ULP<th>detail</tr>";
  for (const DispatchRow &r : rows)
    html +=
        llvm::formatv("<tr class={4}><td>{0}<td>{1}<td>{2}<td>{3}<td>{4}"
                      "<td>{5}<td>{6}<td>{7}</tr>",
                      r.ordinal, htmlEscape(r.name), htmlEscape(r.root),
                      htmlEscape(r.shapes), r.verdict, shortNumber(r.maxError),
                      r.maxUlp, htmlEscape(r.detail))
            .str();
  html += "</table>\n";
  llvm::json::Array jrows;
  for (const DispatchRow &r : rows)
    jrows.push_back(
        llvm::json::Object{{"ordinal", r.ordinal},
                           {"name", r.name},
                           {"root", r.root},
                           {"shapes", r.shapes},
                           {"verdict", r.verdict},
                           {"max_abs_error", r.maxError},
                           {"max_ulp", static_cast<int64_t>(r.maxUlp)},
                           {"detail", r.detail},
                           {"context", r.contextDetail}});
  llvm::json::Object report{{"program", program.getValue()},
                            {"function", function.getValue()},
                            {"target", config.name()},
                            {"summary", summary},
                            {"guilty", guilty},
                            {"clobbered", clobbered},
                            {"output_wrong", outputWrong},
                            {"dispatches", std::move(jrows)},
                            {"bundle", bundle},
                            {"standalone", standaloneVerdict},
                            {"seconds", seconds},
                            {"iree_seconds", ireeSeconds},
                            {"interpreter_seconds", interpSeconds},
                            {"interpreter_cpu_whole", wholeCpu},
                            {"interpreter_cpu_dispatches", dispatchCpu},
                            {"peak_rss_bytes", static_cast<int64_t>(peakRss)}};
  (void)writeFile(joinPath(outDir, "localize.md"), md);
  (void)writeFile(joinPath(outDir, "localize.html"), html);
  (void)writeFile(
      joinPath(outDir, "localize.json"),
      llvm::formatv("{0:2}", llvm::json::Value(std::move(report))).str() +
          "\n");
  llvm::outs() << summary << "\n";
  for (const DispatchRow &r : rows)
    if (r.verdict != "pass")
      llvm::outs() << "  dispatch " << r.ordinal << " " << r.name << ": "
                   << r.verdict << (r.detail.empty() ? "" : ": ") << r.detail
                   << "\n";
  if (!bundle.empty())
    llvm::outs() << "repro bundle: " << bundle
                 << " (compiled alone: " << standaloneVerdict << ")\n";
  llvm::outs() << "report: " << joinPath(outDir, "localize.md") << "\n";
  if (guilty >= 0 || outputWrong)
    return kFail;
  return unchecked ? kToolError : kPass;
}

} // namespace ref::difftest
