//===- TriageTrial.cpp - re-running a repro bundle's case -----------------===//
//
// The bundle loaded from its files, the trials run and classified
// (TriageTrial.h); `difftest triage`'s bisections are TriageCmd.cpp's.
//
//===----------------------------------------------------------------------===//

#include "difftest/TriageTrial.h"

#include "difftest/Common.h"
#include "difftest/Options.h"
#include "difftest/Parameters.h"
#include "difftest/Triage.h"

#include "interp/support/Npy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <optional>

namespace ref::difftest::triage {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

//===----------------------------------------------------------------------===//
// The bundle
//===----------------------------------------------------------------------===//


namespace {

/// A tensor file named by an --input= value of repro.sh ("@inputs/in0.npy",
/// "2x2xbf16=@inputs/in0.bin"), relative to the bundle.
llvm::Expected<gpu::TensorFile> inputFromFlag(StringRef value,
                                              StringRef bundleDir) {
  gpu::TensorFile f;
  size_t at = value.find("=@");
  if (value.starts_with("@")) {
    f.path = value.drop_front().str();
    auto t = readNpyFile(joinPath(bundleDir, f.path));
    if (!t)
      return t.takeError();
    f.dtype = t->dtype();
    f.shape.assign(t->shape().begin(), t->shape().end());
    return f;
  }
  if (at == StringRef::npos)
    return llvm::createStringError("--input=" + value +
                                   ": expected @FILE or SHAPExTYPE=@FILE");
  f.path = value.drop_front(at + 2).str();
  // "2x2xbf16": the last 'x' part is the type.
  StringRef st = value.take_front(at);
  llvm::SmallVector<StringRef> parts;
  st.split(parts, 'x');
  std::optional<DType> t = parseDType(parts.back());
  if (!t)
    return llvm::createStringError("--input=" + value +
                                   ": unknown element type " + parts.back());
  f.dtype = *t;
  for (StringRef d : llvm::ArrayRef(parts).drop_back()) {
    int64_t n;
    if (d.getAsInteger(10, n))
      return llvm::createStringError("--input=" + value + ": bad size " + d);
    f.shape.push_back(n);
  }
  return f;
}

} // namespace

llvm::Expected<Bundle> loadBundle(StringRef dir) {
  Bundle b;
  b.dir = dir.str();
  if (!fs::is_directory(dir))
    return llvm::createStringError(dir + ": not a repro bundle directory");
  std::string vpath = joinPath(dir, "verdict.json");
  auto text = readFile(vpath);
  if (!text)
    return llvm::createStringError(vpath + ": " +
                                   llvm::toString(text.takeError()));
  auto v = llvm::json::parse(*text);
  if (!v)
    return llvm::createStringError(vpath + ": " +
                                   llvm::toString(v.takeError()));
  const llvm::json::Object *o = v->getAsObject();
  if (!o)
    return llvm::createStringError(vpath + ": expected an object");
  auto str = [&](StringRef key, bool required,
                 std::string &into) -> llvm::Error {
    if (auto s = o->getString(key)) {
      into = s->str();
      return llvm::Error::success();
    }
    if (required || o->get(key))
      return llvm::createStringError(vpath + ": " + key +
                                     ": expected a string");
    return llvm::Error::success();
  };
  std::string opt = "O0";
  for (auto [key, into, req] :
       {std::tuple<StringRef, std::string *, bool>{"verdict", &b.verdict, true},
        {"target", &b.target, true},
        {"signature", &b.signature, true},
        {"detail", &b.detail, false},
        {"function", &b.function, false},
        {"iree_version", &b.ireeVersion, false},
        {"opt_level", &opt, false}})
    if (llvm::Error e = str(key, req, *into))
      return std::move(e);
  if (!gpu::parseVerdict(b.verdict))
    return llvm::createStringError(vpath + ": verdict: unknown verdict '" +
                                   b.verdict + "'");
  if (b.function.empty())
    b.function = "main";
  auto level = gpu::parseOptLevel(opt);
  if (!level)
    return llvm::createStringError(
        vpath + ": opt_level: " + llvm::toString(level.takeError()));
  b.optLevel = *level;
  if (const llvm::json::Value *fv = o->get("extra_flags")) {
    const llvm::json::Array *a = fv->getAsArray();
    if (!a)
      return llvm::createStringError(
          vpath + ": extra_flags: expected an array of strings");
    for (auto [i, f] : llvm::enumerate(*a)) {
      auto s = f.getAsString();
      if (!s)
        return llvm::createStringError(vpath + ": extra_flags[" +
                                       llvm::Twine(i) + "]: expected a string");
      b.extraFlags.push_back(s->str());
    }
  }
  if (!fs::exists(joinPath(dir, "program.mlir")))
    return llvm::createStringError(joinPath(dir, "program.mlir") + ": missing");

  // Inputs: as repro.sh passes them to iree-run-module, else inputs/in<i>.
  b.spec.id = path::filename(dir).str();
  b.spec.function = b.function;
  std::string repro = joinPath(dir, "repro.sh");
  bool haveInputs = false;
  if (auto script = readFile(repro)) {
    llvm::SmallVector<StringRef> lines;
    StringRef(*script).split(lines, '\n');
    for (StringRef l : lines) {
      if (!l.trim().starts_with("\"$IREE_RUN_MODULE\""))
        continue;
      haveInputs = true;
      for (const std::string &w : splitShellWords(l))
        if (StringRef(w).starts_with("--input=")) {
          auto f = inputFromFlag(StringRef(w).drop_front(8), dir);
          if (!f)
            return llvm::createStringError(repro + ": " +
                                           llvm::toString(f.takeError()));
          b.spec.inputs.push_back(std::move(*f));
        }
      break;
    }
  } else {
    llvm::consumeError(script.takeError());
  }
  if (!haveInputs)
    for (unsigned i = 0;; ++i) {
      std::string rel = joinPath("inputs", "in" + std::to_string(i) + ".npy");
      if (!fs::exists(joinPath(dir, rel)))
        break;
      auto f = inputFromFlag("@" + rel, dir);
      if (!f)
        return llvm::createStringError(joinPath(dir, rel) + ": " +
                                       llvm::toString(f.takeError()));
      b.spec.inputs.push_back(std::move(*f));
    }

  // Parameter archives (parameters.json): absolute paths, since the
  // trials run in a work directory of their own.
  auto params = readParameterRecord(dir);
  if (!params)
    return params.takeError();
  {
    llvm::SmallString<256> abs(dir);
    fs::make_absolute(abs);
    b.spec.parameters = parameterFlags(*params, abs);
  }

  // Goldens: every output the freedom report lists.
  std::string fpath = joinPath(dir, "golden", "freedom.json");
  if (fs::exists(fpath)) {
    auto freedom = readFreedomReportFile(fpath);
    if (!freedom)
      return freedom.takeError();
    b.spec.freedomPath = joinPath("golden", "freedom.json");
    std::vector<OutputFreedom> outs = std::move(*freedom);
    llvm::sort(outs, [](const OutputFreedom &a, const OutputFreedom &c) {
      return a.index < c.index;
    });
    for (const OutputFreedom &of : outs) {
      gpu::TensorFile g;
      g.path = joinPath("golden", gpu::tensorFileName("out", of.index, of.dtype));
      g.dtype = of.dtype;
      g.shape.assign(of.shape.begin(), of.shape.end());
      if (!fs::exists(joinPath(dir, g.path)))
        return llvm::createStringError(joinPath(dir, g.path) +
                                       ": missing (listed in " + fpath + ")");
      b.spec.goldens.push_back(std::move(g));
    }
  } else {
    for (unsigned i = 0;; ++i) {
      std::string rel = joinPath("golden", "out" + std::to_string(i) + ".npy");
      if (!fs::exists(joinPath(dir, rel)))
        break;
      auto t = readNpyFile(joinPath(dir, rel));
      if (!t)
        return t.takeError();
      gpu::TensorFile g;
      g.path = rel;
      g.dtype = t->dtype();
      g.shape.assign(t->shape().begin(), t->shape().end());
      b.spec.goldens.push_back(std::move(g));
    }
  }
  return b;
}

/// The bundle's one target configuration, as verdict.json records it.
llvm::Expected<gpu::TargetConfig> bundleConfig(const Bundle &b,
                                               const Settings &settings) {
  auto parsed = gpu::parseTargetList(b.target, *settings.table, b.optLevel,
                                     b.extraFlags);
  if (!parsed)
    return parsed.takeError();
  if (parsed->size() != 1)
    return llvm::createStringError(joinPath(b.dir, "verdict.json") +
                                   ": expected one target");
  return parsed->front();
}

/// Copies the bundle's case (program.mlir, inputs/, golden/) into
/// `workDir`, where every trial runs it.
llvm::Error copyCase(const Bundle &b, StringRef workDir) {
  for (StringRef part : {"inputs", "golden"})
    if (fs::exists(joinPath(b.dir, part)))
      if (llvm::Error e =
              copyTree(joinPath(b.dir, part), joinPath(workDir, part)))
        return e;
  if (std::error_code ec = fs::copy_file(joinPath(b.dir, "program.mlir"),
                                         joinPath(workDir, "program.mlir")))
    return llvm::createStringError(workDir + ": " + ec.message());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Classifying an outcome against the bundle's failure
//===----------------------------------------------------------------------===//


StringRef outcomeName(Outcome o) {
  switch (o) {
  case Outcome::Same:
    return "same failure";
  case Outcome::Passes:
    return "passes";
  case Outcome::Other:
    return "other outcome";
  case Outcome::NotRun:
    return "not run";
  case Outcome::Unsupported:
    return "unsupported";
  case Outcome::Predates:
    return "predates the input";
  case Outcome::FrontendFails:
    return "frontend fails";
  }
  return "?";
}


Outcome classify(const Bundle &b, const TargetResult &r) {
  if (gpu::isFailure(r.verdict) && !r.signature.empty() &&
      gpu::sameSignature(r.signature, b.signature, /*ignoreTarget=*/true))
    return Outcome::Same;
  if (r.verdict == gpu::Verdict::Pass)
    return Outcome::Passes;
  if (r.verdict == gpu::Verdict::UnsupportedInput)
    return Outcome::Predates;
  if (r.verdict == gpu::Verdict::CompiledOnly) {
    auto v = gpu::parseVerdict(b.verdict);
    // A compile failure that is gone: compiling is all that matters.
    if (v && gpu::stageOf(*v) == gpu::Stage::Compile)
      return Outcome::Passes;
    return Outcome::NotRun;
  }
  return Outcome::Other;
}

/// What a trial did, in a few words: "passes", "same failure",
/// "other outcome (compile-error: ...)", "compiles; not run (no cuda device)".
std::string trialWords(const Trial &t) {
  std::string s;
  switch (t.outcome) {
  case Outcome::Same:
    s = "same failure";
    break;
  case Outcome::Passes:
    s = t.result.verdict == gpu::Verdict::CompiledOnly
            ? "compiles (" + t.result.detail + " to run it)"
            : "passes";
    break;
  case Outcome::NotRun:
    s = "compiles; could not be run (" + t.result.detail + ")";
    break;
  case Outcome::Unsupported:
    s = "unsupported (" + t.result.detail + ")";
    break;
  case Outcome::Predates:
    s = "this release predates the input (" + t.result.detail + ")";
    break;
  case Outcome::FrontendFails:
    s = t.result.detail; // "import fails in 3.x: ..."
    break;
  case Outcome::Other: {
    std::string d = t.result.detail;
    if (d.size() > 120)
      d = d.substr(0, 117) + "...";
    s = "other outcome (" + gpu::verdictName(t.result.verdict).str() +
        (d.empty() ? "" : ": " + d) + ")";
    break;
  }
  }
  if (!t.note.empty())
    s += " [" + t.note + "]";
  return s;
}

//===----------------------------------------------------------------------===//
// Running trials
//===----------------------------------------------------------------------===//

Trial Triage::run(std::string kind, std::string label, gpu::TargetConfig config,
          const gpu::IreeTools *tools,
          const std::string &programDir) {
  Trial t;
  t.kind = std::move(kind);
  t.label = std::move(label);
  t.config = config;
  Settings s = base;
  if (tools)
    s.tools = tools;
  t.ireeVersion = s.tools->compilerVersion();
  std::string subdir =
      llvm::formatv("t{0}-{1}", counter++, sanitize(t.kind + "-" + t.label))
          .str();
  t.subdir = subdir;
  // A configuration the compiler cannot express (a flag it lacks).
  auto flags = gpu::compileFlags(config, *s.table, s.tools->compilerHelp());
  if (!flags) {
    t.result.target = config.name();
    t.result.verdict = gpu::Verdict::ToolError;
    t.result.detail = llvm::toString(flags.takeError());
    t.outcome = Outcome::Unsupported;
    return t;
  }
  if (!programDir.empty()) {
    // The case's inputs and goldens, absolute: the program is elsewhere.
    gpu::CaseSpec spec = bundle.spec;
    auto absolute = [&](std::string &p) {
      if (!p.empty() && !path::is_absolute(p))
        p = joinPath(workDir, p);
    };
    for (gpu::TensorFile &f : spec.inputs)
      absolute(f.path);
    for (gpu::TensorFile &f : spec.goldens)
      absolute(f.path);
    absolute(spec.freedomPath);
    t.result = runTarget(config, "program.mlir", spec, programDir, subdir,
                         s);
  } else {
    t.result = runTarget(config, "program.mlir", bundle.spec, workDir,
                         subdir, s);
  }
  t.outcome = classify(bundle, t.result);
  return t;
}

std::string optName(int level) { return "O" + std::to_string(level); }

//===----------------------------------------------------------------------===//
// triage.json
//===----------------------------------------------------------------------===//

llvm::json::Object trialJSON(const Trial &t) {
  llvm::json::Object o{
      {"kind", t.kind},
      {"label", t.label},
      {"target", t.config.name()},
      {"opt_level", optName(t.config.optLevel)},
      {"extra_flags", llvm::json::Array(t.config.extraFlags)},
      {"verdict", gpu::verdictName(t.result.verdict).str()},
      {"signature", t.result.signature},
      {"detail", t.result.detail},
      {"outcome", outcomeName(t.outcome).str()},
      {"compile_seconds", t.result.compileSeconds},
      {"run_seconds", t.result.runSeconds},
      {"iree_version", t.ireeVersion}};
  if (!t.note.empty())
    o["note"] = t.note;
  if (!t.ireeDir.empty())
    o["iree_dir"] = t.ireeDir;
  if (t.installSeconds >= 0)
    o["install_seconds"] = t.installSeconds;
  return o;
}

} // namespace ref::difftest::triage

namespace ref::difftest {

using namespace triage;

llvm::Expected<BundleRerun> rerunBundle(StringRef bundleDir, StringRef workDir,
                                        const Settings &settings) {
  auto bundle = loadBundle(bundleDir);
  if (!bundle)
    return bundle.takeError();
  auto config = bundleConfig(*bundle, settings);
  if (!config)
    return config.takeError();
  fs::remove_directories(workDir);
  fs::create_directories(workDir);
  if (llvm::Error e = copyCase(*bundle, workDir))
    return std::move(e);
  Triage triage(*bundle, workDir.str(), settings);
  Trial t = triage.run("baseline", "rerun", *config);
  BundleRerun r;
  r.reproduces = t.outcome == Outcome::Same;
  r.passes = t.outcome == Outcome::Passes;
  r.words = trialWords(t);
  r.toolError = t.result.verdict == gpu::Verdict::ToolError &&
                t.outcome != Outcome::Unsupported;
  return r;
}

} // namespace ref::difftest
