//===- Reduce.cpp - difftest reduce: shrink a failing repro ---------------===//
//
// Delta debugging over programs: the candidates come from ref-mutate (one
// step of one pass, numbered), the judgement from an interestingness test:
//   - a bundle's own failure: the same signature (verdict, target and
//     normalized message, or for a mismatch the same class of mismatching
//     output) on the same target; a candidate the interpreter finds
//     undefined on its inputs is never interesting, so the reduction cannot
//     drift into a repro of undefined behaviour;
//   - --expect-compile-error=REGEX: the compile fails with a matching
//     message;
//   - --test=SCRIPT: the script exits 0 (C-Reduce's convention), given the
//     candidate program's path.
// A lowered frontend program (`iree-compile --compile-to=input`, as
// `difftest run` bundles it, or a frontend program given here, lowered
// first) is reduced as the lowered program: IREE's ABI wrapper is unwrapped
// first (unwrap-abi: a func.func on the same tensors), and the bundle keeps
// the original frontend program in frontend/ beside the reduced one.
// Passes run in turn until none makes progress (a fixed point) or the time
// is up: isolate, drop-result, bypass-op, to-argument, simplify-body,
// drop-input, shrink-dim, make-static (program), then compiler flags and opt level
// (configuration), then input values (zeros, ones, small integers).
//
//===----------------------------------------------------------------------===//

#include "difftest/Common.h"
#include "difftest/Frontend.h"
#include "difftest/Parameters.h"
#include "difftest/Options.h"
#include "difftest/Run.h"
#include "difftest/Signature.h"
#include "difftest/Triage.h"
#include "gpu/Outcome.h"
#include "ireetools/Process.h"
#include "interp/support/InputSpec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include "llvm/ADT/ScopeExit.h"

#include <chrono>
#include <random>

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

double nowSeconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string mutatePath() { return toolPath("ref-mutate"); }

/// What the reducer holds: a program, its inputs and its configuration.
struct State {
  std::string program;
  std::string function;
  std::vector<Tensor> inputs;
  int optLevel = 0;
  std::vector<std::string> flags;
};

/// What makes a candidate interesting.
struct Test {
  enum Kind { Signature, CompileError, Script } kind = Signature;
  std::string signature;       // Signature
  gpu::Verdict verdict;        // Signature
  llvm::Regex regex;           // CompileError
  std::string script;          // Script
  bool needsRun = false;       // a runtime failure: inputs and goldens
  bool needsInputs = false;
};

struct Stats {
  int64_t ops = 0;
  llvm::json::Value opNames = llvm::json::Object();
  int64_t elements = 0;
};

class Reducer {
public:
  Settings settings;
  gpu::TargetConfig config; // opt level and flags come from the state
  Test test;
  std::string work;
  double deadline = 0;
  unsigned tests = 0, accepted = 0;
  llvm::json::Array log;
  bool verbose = false;
  /// --parameters values of every candidate (absolute paths).
  std::vector<std::string> parameters;
  /// A compile failure's candidates must stay defined programs: ref-run
  /// computes their golden from the inputs. On until the original itself
  /// has no golden (an op the interpreter lacks, no inputs).
  bool keepDefined = true;
  bool checkedOriginal = false;

  /// Whether `s` is interesting; leaves its files in `dir`.
  bool interesting(const State &s, StringRef dir, TargetResult *result,
                   Golden *golden);
  /// One pass to a fixed point of its own; whether it made progress.
  bool programPass(State &s, StringRef pass);
  bool configPass(State &s);
  bool inputPass(State &s);
  Stats stats(const State &s);
  bool timeUp() const { return nowSeconds() > deadline; }

private:
  unsigned nextDir = 0;
  std::string freshDir() {
    std::string d = joinPath(work, "t" + std::to_string(nextDir++));
    fs::remove_directories(d);
    fs::create_directories(joinPath(d, "inputs"));
    return d;
  }
  /// Inputs for a candidate's signature: the old ones where they fit (kept
  /// or cropped), random ones for new arguments.
  std::optional<std::vector<Tensor>>
  adaptInputs(const State &old, const Signature &sig,
              llvm::ArrayRef<int> origin);
};

/// Writes the state's program and inputs into `dir`.
llvm::Expected<std::vector<gpu::TensorFile>> writeState(const State &s,
                                                        StringRef dir) {
  if (llvm::Error e = writeFile(joinPath(dir, "program.mlir"), s.program))
    return std::move(e);
  std::vector<gpu::TensorFile> files;
  fs::create_directories(joinPath(dir, "inputs"));
  for (auto [k, t] : llvm::enumerate(s.inputs)) {
    gpu::TensorFile f;
    f.path = joinPath("inputs", gpu::tensorFileName("in", k, t.dtype()));
    f.dtype = t.dtype();
    f.shape.assign(t.shape().begin(), t.shape().end());
    if (llvm::Error e = gpu::writeTensorFile(joinPath(dir, f.path), t))
      return std::move(e);
    files.push_back(std::move(f));
  }
  return files;
}

std::optional<Signature> signatureIn(StringRef programPath, StringRef fn,
                                     const gpu::ProcessLimits &limits) {
  auto sigs = readSignatures(programPath, limits);
  if (!sigs) {
    llvm::consumeError(sigs.takeError());
    return std::nullopt;
  }
  for (Signature &s : *sigs)
    if (s.name == fn)
      return s;
  return std::nullopt;
}

bool Reducer::interesting(const State &s, StringRef dir, TargetResult *result,
                          Golden *golden) {
  ++tests;
  fs::create_directories(joinPath(dir, "golden"));
  auto files = writeState(s, dir);
  if (!files) {
    llvm::consumeError(files.takeError());
    return false;
  }
  if (test.kind == Test::Script) {
    gpu::RunOptions ro;
    ro.workingDir = dir.str();
    gpu::ProcessResult r =
        gpu::runProcess({test.script, joinPath(dir, "program.mlir")},
                        settings.compileLimits, ro);
    return r.success();
  }
  // The candidate must be a valid program with the function (parse and
  // verify: ref-run --print-signatures).
  std::optional<Signature> sig = signatureIn(joinPath(dir, "program.mlir"),
                                             s.function, settings.interpLimits);
  if (!sig)
    return false;
  gpu::TargetConfig c = config;
  c.optLevel = s.optLevel;
  c.extraFlags = s.flags;
  if (!test.needsRun) {
    // Without this a compile failure's reduction drifts to programs that
    // read a tensor.empty or that only IREE's verifier accepts, and the
    // issue draft would report invalid input. Checked before the compile:
    // an interpreter run costs less.
    if (keepDefined) {
      Golden g = makeGolden("program.mlir", *sig, *files, "golden", dir,
                            settings.interpLimits, parameters);
      if (g.status != Golden::Ok) {
        if (checkedOriginal)
          return false;
        keepDefined = false; // the original has none: nothing to keep
      }
      if (golden)
        *golden = g;
    }
    checkedOriginal = true;
    TargetResult r =
        compileTarget(c, "program.mlir", dir, "target", settings);
    if (result)
      *result = r;
    if (test.kind == Test::CompileError) {
      if (r.verdict != gpu::Verdict::CompileError &&
          r.verdict != gpu::Verdict::CompilerCrash &&
          r.verdict != gpu::Verdict::CompilerOom)
        return false;
      auto log = readFile(joinPath(dir, "target", "compile.log"));
      if (!log) {
        llvm::consumeError(log.takeError());
        return false;
      }
      return test.regex.match(*log);
    }
    return gpu::sameSignature(r.signature, test.signature);
  }
  Golden g = makeGolden("program.mlir", *sig, *files, "golden", dir,
                        settings.interpLimits, parameters);
  if (g.status != Golden::Ok)
    return false; // undefined, or not something we can run: never drift
  TargetResult r = runTarget(c, "program.mlir", g.spec, dir, "target",
                             settings);
  if (result)
    *result = r;
  if (golden)
    *golden = g;
  return gpu::sameSignature(r.signature, test.signature);
}

/// A tensor of `shape` whose elements are `t`'s at the same coordinates
/// (every extent of `shape` at most `t`'s).
Tensor crop(const Tensor &t, llvm::ArrayRef<int64_t> shape) {
  Tensor out(t.dtype(), shape);
  std::vector<int64_t> idx(shape.size(), 0);
  for (int64_t i = 0; i < out.numElements(); ++i) {
    int64_t src = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      src = src * t.dim(d) + idx[d];
    out.store(i, t.load(src));
    for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
  return out;
}

std::optional<std::vector<Tensor>>
Reducer::adaptInputs(const State &old, const Signature &sig,
                     llvm::ArrayRef<int> origin) {
  std::vector<Tensor> out;
  for (auto [k, arg] : llvm::enumerate(sig.inputs)) {
    if (!arg.tensor || !arg.dtype)
      return std::nullopt;
    int o = k < origin.size() ? origin[k] : -1;
    if (o >= 0 && static_cast<size_t>(o) < old.inputs.size()) {
      const Tensor &t = old.inputs[o];
      if (t.dtype() == *arg.dtype &&
          t.rank() == static_cast<int64_t>(arg.shape.size())) {
        std::vector<int64_t> shape;
        bool fits = true;
        for (auto [d, n] : llvm::enumerate(arg.shape)) {
          int64_t want = n < 0 ? t.dim(d) : n;
          fits &= want <= t.dim(d);
          shape.push_back(want);
        }
        if (fits) {
          out.push_back(llvm::ArrayRef<int64_t>(shape) == t.shape()
                            ? t
                            : crop(t, shape));
          continue;
        }
      }
    }
    // A new argument (or one that no longer fits): small values. Integers
    // in [0, 4) so that index-like uses stay in bounds where they can.
    for (int64_t n : arg.shape)
      if (n < 0)
        return std::nullopt;
    Signature one;
    one.name = sig.name;
    one.inputs.push_back(arg);
    std::string dir = freshDir();
    auto files = randomInputs(one, 0x5eed + k, /*attempt=*/1, dir);
    if (!files) {
      llvm::consumeError(files.takeError());
      return std::nullopt;
    }
    gpu::TensorFile f = (*files)[0];
    auto t = gpu::readTensorFile(f);
    if (!t) {
      llvm::consumeError(t.takeError());
      return std::nullopt;
    }
    out.push_back(std::move(*t));
  }
  return out;
}

bool Reducer::programPass(State &s, StringRef pass) {
  bool progress = false;
  unsigned k = 0;
  while (!timeUp()) {
    std::string dir = freshDir();
    std::string in = joinPath(dir, "current.mlir");
    std::string outPath = joinPath(dir, "candidate.mlir");
    if (llvm::Error e = writeFile(in, s.program)) {
      llvm::consumeError(std::move(e));
      return progress;
    }
    std::vector<std::string> argv = {mutatePath(), in,
                                     "--function=" + s.function,
                                     "--pass=" + pass.str(),
                                     "--index=" + std::to_string(k),
                                     "-o", outPath};
    if (pass == "make-static")
      for (auto [a, t] : llvm::enumerate(s.inputs)) {
        std::vector<std::string> dims;
        for (int64_t d : t.shape())
          dims.push_back(std::to_string(d));
        argv.push_back("--arg-shape=" + std::to_string(a) + "=" +
                       llvm::join(dims, "x"));
      }
    gpu::ProcessResult r = gpu::runProcess(argv, settings.interpLimits, {});
    if (r.kind != gpu::ProcessResult::Kind::Exited || r.exitCode == 1 ||
        r.exitCode == 2)
      return progress; // no more candidates (or ref-mutate cannot read it)
    if (r.exitCode != 0) {
      ++k; // does not verify: the next one
      continue;
    }
    auto info = llvm::json::parse(r.stdoutText);
    std::vector<int> origin;
    std::string what;
    if (info) {
      if (auto *o = info->getAsObject()) {
        if (auto *args = o->getArray("args"))
          for (const llvm::json::Value &v : *args)
            origin.push_back(static_cast<int>(v.getAsInteger().value_or(-1)));
        what = o->getString("what").value_or("").str();
      }
    } else {
      llvm::consumeError(info.takeError());
      ++k;
      continue;
    }
    State cand = s;
    auto text = readFile(outPath);
    if (!text) {
      llvm::consumeError(text.takeError());
      ++k;
      continue;
    }
    cand.program = *text;
    if (test.needsInputs) {
      std::optional<Signature> sig =
          signatureIn(outPath, s.function, settings.interpLimits);
      std::optional<std::vector<Tensor>> inputs;
      if (sig)
        inputs = adaptInputs(s, *sig, origin);
      if (!inputs) {
        ++k;
        continue;
      }
      cand.inputs = std::move(*inputs);
    }
    if (interesting(cand, freshDir(), nullptr, nullptr)) {
      s = std::move(cand);
      progress = true;
      ++accepted;
      log.push_back(llvm::json::Object{{"pass", pass}, {"what", what}});
      if (verbose)
        llvm::errs() << "  " << pass << ": " << what << "\n";
      // Candidate k is now a different one: try k again.
    } else {
      ++k;
    }
  }
  return progress;
}

bool Reducer::configPass(State &s) {
  bool progress = false;
  for (size_t i = 0; i < s.flags.size() && !timeUp();) {
    State cand = s;
    cand.flags.erase(cand.flags.begin() + i);
    if (interesting(cand, freshDir(), nullptr, nullptr)) {
      log.push_back(llvm::json::Object{{"pass", "drop-flag"},
                                       {"what", "drop " + s.flags[i]}});
      s = std::move(cand);
      progress = true;
      ++accepted;
    } else {
      ++i;
    }
  }
  for (int level = 0; level < s.optLevel && !timeUp(); ++level) {
    State cand = s;
    cand.optLevel = level;
    if (interesting(cand, freshDir(), nullptr, nullptr)) {
      log.push_back(llvm::json::Object{
          {"pass", "opt-level"},
          {"what", "O" + std::to_string(s.optLevel) + " -> O" +
                       std::to_string(level)}});
      s = std::move(cand);
      progress = true;
      ++accepted;
      break;
    }
  }
  return progress;
}

/// The bits of 1 in `t`.
uint64_t oneBits(DType t) {
  if (!isFloat(t))
    return 1;
  llvm::APFloat one(floatSemantics(t), 1);
  return one.bitcastToAPInt().getZExtValue();
}

bool Reducer::inputPass(State &s) {
  bool progress = false;
  for (size_t k = 0; k < s.inputs.size() && !timeUp(); ++k) {
    const Tensor &t = s.inputs[k];
    std::vector<std::pair<std::string, Tensor>> variants;
    Tensor zeros(t.dtype(), t.shape()), ones(t.dtype(), t.shape());
    for (int64_t i = 0; i < t.numElements(); ++i) {
      zeros.store(i, 0);
      ones.store(i, oneBits(t.dtype()));
    }
    variants.push_back({"zeros", zeros});
    variants.push_back({"ones", ones});
    for (auto &[name, v] : variants) {
      bool same = true;
      for (int64_t i = 0; same && i < t.numElements(); ++i)
        same = v.load(i) == t.load(i);
      if (same)
        break; // already as simple
      State cand = s;
      cand.inputs[k] = v;
      if (interesting(cand, freshDir(), nullptr, nullptr)) {
        log.push_back(llvm::json::Object{
            {"pass", "inputs"},
            {"what", "input " + std::to_string(k) + " -> " + name}});
        s = std::move(cand);
        progress = true;
        ++accepted;
        break;
      }
    }
  }
  return progress;
}

Stats Reducer::stats(const State &s) {
  Stats st;
  std::string dir = freshDir();
  std::string p = joinPath(dir, "program.mlir");
  if (llvm::Error e = writeFile(p, s.program)) {
    llvm::consumeError(std::move(e));
    return st;
  }
  gpu::ProcessResult r = gpu::runProcess(
      {mutatePath(), p, "--function=" + s.function, "--print-stats"},
      settings.interpLimits, {});
  if (r.success())
    if (auto v = llvm::json::parse(r.stdoutText)) {
      if (auto *o = v->getAsObject()) {
        st.ops = o->getInteger("ops").value_or(0);
        if (auto *n = o->get("op_names"))
          st.opNames = *n;
      }
    } else {
      llvm::consumeError(v.takeError());
    }
  if (!s.inputs.empty()) {
    for (const Tensor &t : s.inputs)
      st.elements += t.numElements();
  } else if (auto sig = signatureIn(p, s.function, settings.interpLimits)) {
    for (const ArgType &a : sig->inputs) {
      int64_t n = 1;
      for (int64_t d : a.shape)
        n *= std::max<int64_t>(d, 1);
      st.elements += n;
    }
  }
  return st;
}


} // namespace

int reduceCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> input(cl::Positional,
                             cl::desc("<bundle dir | program.mlir>"),
                             cl::Required, cl::cat(common.category));
  cl::opt<std::string> out("out", cl::desc("Where the reduced bundle goes"),
                           cl::Required, cl::cat(common.category));
  cl::opt<std::string> target(
      "target", cl::desc("The target (a bundle's own by default)"),
      cl::cat(common.category));
  cl::opt<std::string> function(
      "function", cl::desc("The function (a bundle's own, or the only "
                           "public one)"),
      cl::cat(common.category));
  cl::opt<std::string> expectCompileError(
      "expect-compile-error",
      cl::desc("Interesting: iree-compile fails with a message matching this "
               "regex"),
      cl::cat(common.category));
  cl::opt<std::string> script(
      "test", cl::desc("Interesting: this script exits 0 (given the "
                       "candidate program's path)"),
      cl::cat(common.category));
  cl::list<std::string> inputs(
      "input", cl::desc("An argument, as iree-run-module takes it (for a "
                        "program.mlir; a bundle has its own)"),
      cl::cat(common.category));
  cl::opt<std::string> time("time", cl::desc("Time budget (10m, 90s)"),
                            cl::init("10m"), cl::cat(common.category));
  cl::opt<bool> verbose("verbose", cl::desc("Print each accepted step"),
                        cl::cat(common.category));
  FrontendFlags frontend(common.category);
  std::optional<Settings> settings = common.parse(
      argc, argv,
      "difftest reduce: shrink a failing repro while "
      "it keeps failing the same way\n");
  if (!settings)
    return kInvalid;

  std::optional<double> budget = parseDuration(time);
  if (!budget || *budget <= 0) {
    llvm::errs() << "error: --time=" << time << ": expected 10m, 90s\n";
    return kInvalid;
  }

  Reducer red;
  red.settings = *settings;
  red.verbose = verbose;
  State state;
  state.optLevel = 0;
  std::string targetName = target;
  std::string programPath;
  std::vector<std::string> inputSpecs(inputs.begin(), inputs.end());
  std::string inputBase; // the directory input paths are relative to
  // The bundle's "needs_flags" (a campaign found that its failure goes
  // away without them): the reduced bundle keeps those it still compiles
  // with, so that its signature still says so (Signature.h).
  std::vector<std::string> needed;
  bool bundle = fs::is_directory(input);
  if (bundle) {
    std::string vpath = joinPath(input, "verdict.json");
    auto vtext = readFile(vpath);
    if (!vtext) {
      llvm::errs() << "error: " << llvm::toString(vtext.takeError()) << "\n";
      return kInvalid;
    }
    auto v = llvm::json::parse(*vtext);
    if (!v) {
      llvm::errs() << "error: " << vpath << ": "
                   << llvm::toString(v.takeError()) << "\n";
      return kInvalid;
    }
    auto *o = v->getAsObject();
    auto field = [&](StringRef k) -> std::optional<std::string> {
      if (o)
        if (auto s = o->getString(k))
          return s->str();
      return std::nullopt;
    };
    for (StringRef k : {"target", "verdict", "signature", "function"})
      if (!field(k)) {
        llvm::errs() << "error: " << vpath << ": field '" << k
                     << "' missing or not a string\n";
        return kInvalid;
      }
    if (targetName.empty())
      targetName = *field("target");
    if (function.empty())
      state.function = *field("function");
    auto verdict = gpu::parseVerdict(*field("verdict"));
    if (!verdict) {
      llvm::errs() << "error: " << vpath << ": field 'verdict': unknown '"
                   << *field("verdict") << "'\n";
      return kInvalid;
    }
    if (auto lvl = field("opt_level")) {
      auto parsed = gpu::parseOptLevel(*lvl);
      if (!parsed) {
        llvm::errs() << "error: " << vpath << ": field 'opt_level': "
                     << llvm::toString(parsed.takeError()) << "\n";
        return kInvalid;
      }
      state.optLevel = *parsed;
    }
    if (auto *flags = o->getArray("extra_flags"))
      for (const llvm::json::Value &f : *flags)
        if (auto s = f.getAsString())
          state.flags.push_back(s->str());
    needed = neededFlags(*o);
    if (expectCompileError.empty() && script.empty()) {
      red.test.kind = Test::Signature;
      red.test.signature = *field("signature");
      red.test.verdict = *verdict;
      red.test.needsRun = gpu::stageOf(*verdict) != gpu::Stage::Compile;
    }
    programPath = joinPath(input, "program.mlir");
    if (inputSpecs.empty()) {
      auto repro = readFile(joinPath(input, "repro.sh"));
      if (repro)
        inputSpecs = reproInputs(*repro);
      else
        llvm::consumeError(repro.takeError());
    }
    inputBase = input;
  } else {
    programPath = input;
    if (expectCompileError.empty() && script.empty()) {
      llvm::errs() << "error: a program.mlir needs --expect-compile-error= "
                      "or --test= (a bundle carries its own failure)\n";
      return kInvalid;
    }
  }
  // The directory whose frontend/ the reduced bundle keeps: the bundle's,
  // or where a frontend program given here was lowered.
  std::string frontendDir = bundle ? input.getValue() : "";
  std::optional<gpu::Lowering> lowering;
  std::string lowerDir = out + ".lowering";
  auto removeLowerDir = llvm::make_scope_exit(
      [&] { fs::remove_directories(lowerDir); });
  if (!bundle) {
    PreparedProgram prepared =
        prepareProgram(programPath, frontend, *settings,
                       [&]() -> llvm::Expected<std::string> {
                         fs::remove_directories(lowerDir);
                         if (std::error_code ec =
                                 fs::create_directories(lowerDir))
                           return llvm::createStringError(
                               ec, lowerDir + ": " + ec.message());
                         return lowerDir;
                       });
    if (prepared.exitCode) {
      removeLowerDir.release(); // its logs are what the error points to
      return prepared.exitCode;
    }
    if (prepared.lowering) {
      programPath = prepared.path;
      lowering = prepared.lowering;
      frontendDir = lowerDir;
    }
  } else if (auto rec = gpu::readLoweringRecord(input)) {
    lowering = std::move(*rec);
  } else {
    llvm::errs() << "error: " << llvm::toString(rec.takeError()) << "\n";
    return kInvalid;
  }
  // Parameter archives: the bundle's, or those given and written by the
  // lowering here; every candidate reads them where they are, and the
  // reduced bundle gets its own copy.
  std::vector<ParameterFile> paramFiles;
  std::string paramBase = bundle ? input.getValue() : lowerDir;
  {
    auto files = bundle ? readParameterRecord(input)
                        : collectParameters(frontend.parameters,
                                            lowering ? &*lowering : nullptr,
                                            lowerDir);
    if (!files) {
      llvm::errs() << "error: " << llvm::toString(files.takeError()) << "\n";
      return kParameterError;
    }
    paramFiles = std::move(*files);
    llvm::SmallString<256> abs(paramBase);
    fs::make_absolute(abs);
    red.parameters = parameterFlags(paramFiles, abs);
  }
  if (!function.empty())
    state.function = function;
  if (!expectCompileError.empty()) {
    red.test.kind = Test::CompileError;
    red.test.regex = llvm::Regex(expectCompileError);
    std::string err;
    if (!red.test.regex.isValid(err)) {
      llvm::errs() << "error: --expect-compile-error: " << err << "\n";
      return kInvalid;
    }
  } else if (!script.empty()) {
    red.test.kind = Test::Script;
    auto found = gpu::findExecutable(script);
    if (!found) {
      llvm::errs() << "error: --test=" << script << ": not an executable\n";
      return kInvalid;
    }
    llvm::SmallString<256> abs(*found);
    fs::make_absolute(abs);
    red.test.script = std::string(abs);
  }
  if (red.test.kind != Test::Script) {
    if (targetName.empty()) {
      llvm::errs() << "error: give --target=\n";
      return kInvalid;
    }
    auto configs = common.targetConfigs(targetName, *settings);
    if (!configs)
      return kInvalid;
    if (configs->size() != 1) {
      llvm::errs() << "error: --target=" << targetName
                   << ": reduce takes one target\n";
      return kInvalid;
    }
    red.config = (*configs)[0];
    if (!bundle) {
      state.optLevel = red.config.optLevel;
      state.flags = red.config.extraFlags;
    }
  }
  auto text = readFile(programPath);
  if (!text) {
    llvm::errs() << "error: " << llvm::toString(text.takeError()) << "\n";
    return kInvalid;
  }
  state.program = *text;
  auto sigs = readSignatures(programPath, settings->interpLimits);
  if (!sigs) {
    llvm::errs() << llvm::toString(sigs.takeError()) << "\n";
    return kInvalid;
  }
  if (state.function.empty() && lowering)
    if (auto only = defaultFunction(*sigs))
      state.function = *only;
  if (state.function.empty()) {
    if (sigs->size() != 1) {
      llvm::errs() << "error: " << programPath
                   << ": several public functions: give --function=\n";
      return kInvalid;
    }
    state.function = (*sigs)[0].name;
  }
  const Signature *sig = nullptr;
  for (const Signature &s : *sigs)
    if (s.name == state.function)
      sig = &s;
  if (!sig) {
    if (lowering)
      llvm::errs() << missingFunctionError(state.function, *sigs, *lowering)
                   << "\n";
    else
      llvm::errs() << "error: " << programPath << ": no public function @"
                   << state.function << "\n";
    return kInvalid;
  }
  red.test.needsInputs = red.test.needsRun || !inputSpecs.empty();
  if (red.test.needsInputs) {
    if (inputSpecs.empty()) {
      llvm::errs() << "error: a runtime failure needs the inputs (--input=)\n";
      return kInvalid;
    }
    // Input paths are relative to the bundle.
    for (std::string &spec : inputSpecs) {
      size_t at = spec.find('@');
      if (at != std::string::npos && !inputBase.empty() &&
          !path::is_absolute(StringRef(spec).substr(at + 1)))
        spec = spec.substr(0, at + 1) + joinPath(inputBase, spec.substr(at + 1));
    }
    for (auto [k, spec] : llvm::enumerate(inputSpecs)) {
      auto parsed = parseInputSpec(spec);
      if (!parsed) {
        llvm::errs() << "error: --input #" << k << " (" << spec
                     << "): " << llvm::toString(parsed.takeError()) << "\n";
        return kInvalid;
      }
      state.inputs.push_back(std::move(parsed->value));
    }
    if (state.inputs.size() != sig->inputs.size()) {
      llvm::errs() << "error: @" << state.function << " takes "
                   << sig->inputs.size() << " arguments, " << state.inputs.size()
                   << " inputs given\n";
      return kInvalid;
    }
  }

  red.work = joinPath(out, "work");
  fs::remove_directories(out);
  fs::create_directories(red.work);
  double started = nowSeconds();
  red.deadline = started + *budget;

  // The original must be interesting: otherwise there is nothing to keep.
  if (!red.interesting(state, joinPath(red.work, "original"), nullptr,
                       nullptr)) {
    llvm::errs() << "error: the input is not interesting to begin with "
                 << "(it does not fail as the test requires); its files are "
                    "in "
                 << joinPath(red.work, "original") << "\n";
    return kFail;
  }
  // IREE's ABI wrapper (a lowered frontend program) first: the passes work
  // on a func.func of tensors.
  bool unwrapped = red.programPass(state, "unwrap-abi");
  Stats before = red.stats(state);
  State original = state;

  const char *passes[] = {"isolate",       "drop-result", "bypass-op",
                          "to-argument",   "simplify-body", "drop-input",
                          "shrink-dim",    "make-static"};
  bool progress = true;
  unsigned rounds = 0;
  while (progress && !red.timeUp()) {
    progress = false;
    ++rounds;
    for (const char *p : passes)
      progress |= red.programPass(state, p);
    if (red.test.kind != Test::Script)
      progress |= red.configPass(state);
    if (red.test.needsRun)
      progress |= red.inputPass(state);
    llvm::errs() << llvm::formatv("reduce: round {0}: {1} steps kept of {2} "
                                  "tests, {3:f0} s\n",
                                  rounds, red.accepted, red.tests,
                                  nowSeconds() - started);
  }
  bool finished = !progress;
  Stats after = red.stats(state);

  // The result: rerun once where the bundle goes to be, and write it.
  std::string finalDir = joinPath(red.work, "final");
  TargetResult result;
  Golden golden;
  if (!red.interesting(state, finalDir, &result, &golden)) {
    llvm::errs() << "error: the reduced program stopped being interesting "
                    "when rerun (a flaky failure?); it is in "
                 << finalDir << "\n";
    return kToolError;
  }
  double seconds = nowSeconds() - started;
  llvm::json::Object record{
      {"ops_before", before.ops},
      {"ops_after", after.ops},
      {"op_names_before", before.opNames},
      {"op_names_after", after.opNames},
      {"elements_before", before.elements},
      {"elements_after", after.elements},
      {"seconds", seconds},
      {"tests", static_cast<int64_t>(red.tests)},
      {"steps", std::move(red.log)},
      {"fixed_point", finished},
      {"rounds", static_cast<int64_t>(rounds)},
      {"opt_level_before", "O" + std::to_string(original.optLevel)},
      {"opt_level_after", "O" + std::to_string(state.optLevel)},
      {"flags_before", llvm::json::Array(original.flags)},
      {"flags_after", llvm::json::Array(state.flags)},
      {"source", input.getValue()},
  };
  if (lowering) {
    record["frontend"] = llvm::json::Object{
        {"kind", gpu::frontendKindName(lowering->kind)},
        {"original", lowering->original},
        {"reduced_program",
         "the lowered program (iree-compile --compile-to=input of the "
         "frontend program), not the frontend program"},
        {"abi_unwrapped", unwrapped}};
  }
  if (red.test.kind == Test::Signature)
    record["signature"] = red.test.signature;
  else if (red.test.kind == Test::CompileError)
    record["expect_compile_error"] = expectCompileError.getValue();
  else
    record["test_script"] = red.test.script;

  std::string bundleDir = out;
  if (red.test.kind == Test::Script) {
    (void)writeFile(joinPath(out, "program.mlir"), state.program);
    if (!frontendDir.empty())
      if (llvm::Error e = copyFrontendReduced(frontendDir, out))
        llvm::consumeError(std::move(e));
  } else {
    gpu::TargetConfig c = red.config;
    c.optLevel = state.optLevel;
    c.extraFlags = state.flags;
    gpu::CaseSpec spec = golden.spec;
    if (!red.test.needsRun) {
      spec.function = state.function;
      auto files = writeState(state, finalDir);
      if (files)
        spec.inputs = *files;
      else
        llvm::consumeError(files.takeError());
    }
    std::vector<std::string> goldenArgv = {"ref-run", "program.mlir",
                                           "--function=" + state.function};
    for (const gpu::TensorFile &in : spec.inputs)
      goldenArgv.push_back("--input=" + in.inputFlag());
    llvm::SmallString<256> parent(out);
    path::remove_filename(parent);
    // The bundle replaces the reducer's directory, work files aside.
    std::string staging = out + ".bundle-tmp";
    fs::remove_directories(staging);
    // The original frontend program travels with the reduced one.
    if (!frontendDir.empty())
      if (llvm::Error e = copyFrontendReduced(frontendDir, finalDir)) {
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
        return kToolError;
      }
    // And the parameter archives, named relative to the bundle.
    if (llvm::Error e = copyParameterFiles(paramFiles, paramBase, finalDir)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
    spec.parameters = parameterFlags(paramFiles);
    for (const std::string &p : spec.parameters)
      goldenArgv.push_back("--parameters=" + p);
    auto written = writeBundle(parent.empty() ? "." : parent.str(),
                               path::filename(staging), finalDir, "target",
                               spec, c, result, *settings,
                               red.test.needsRun ? shellCommand(goldenArgv)
                                                 : "",
                               /*replace=*/true);
    if (!written) {
      llvm::errs() << "error: " << llvm::toString(written.takeError()) << "\n";
      return kToolError;
    }
    if (!common.keep)
      fs::remove_directories(out);
    else
      fs::rename(red.work, staging + "/reduce-work");
    fs::remove_directories(out);
    if (std::error_code ec = fs::rename(*written, out)) {
      llvm::errs() << "error: " << out << ": " << ec.message() << "\n";
      return kToolError;
    }
  }
  if (!common.keep)
    fs::remove_directories(joinPath(out, "work"));
  std::vector<std::string> stillNeeded;
  for (const std::string &f : needed)
    if (llvm::is_contained(state.flags, f))
      stillNeeded.push_back(f);
  if (!stillNeeded.empty())
    if (llvm::Error e = recordNeededFlags(out, stillNeeded)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
  std::string rec;
  llvm::raw_string_ostream ros(rec);
  ros << llvm::formatv("{0:2}", llvm::json::Value(std::move(record)));
  if (llvm::Error e = writeFile(joinPath(out, "reduction.json"), rec)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  llvm::outs() << llvm::formatv(
      "reduced: ops {0} -> {1}, elements {2} -> {3}, O{4} -> O{5}, {6} "
      "tests, {7:f1} s{8}\n  {9}\n",
      before.ops, after.ops, before.elements, after.elements,
      original.optLevel, state.optLevel, red.tests, seconds,
      finished ? "" : " (time budget reached before a fixed point)", out);
  if (lowering)
    llvm::outs() << "  reduced the lowered program of the "
                 << gpu::frontendKindName(lowering->kind)
                 << " program " << lowering->source
                 << (unwrapped ? " (IREE's ABI wrapper unwrapped)" : "")
                 << "; the original is in "
                 << joinPath(out, lowering->original) << "\n";
  return kPass;
}

} // namespace ref::difftest
