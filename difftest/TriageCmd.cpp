//===- TriageCmd.cpp - difftest triage: which neighbours flip a failure ---===//
//
//   difftest triage BUNDLE [--out=FILE] [--versions=A..B | --versions=A,B,C
//                          | --version-dirs=DIR1,DIR2,...] [--no-flags]
//   difftest triage PROGRAM [--function=F] [--input=...] [--target=T]
//                           [--import-flag=...] [--parameters=...] [...]
//
// A PROGRAM (an .onnx model, torch/StableHLO/TOSA MLIR, or any program
// `difftest run` takes) is run with `difftest run` first (lowered by the
// IREE in use, the commands recorded) and the failure's bundle triaged;
// with --versions each release then lowers the frontend program with its
// own importer and compiler, and a release whose frontend fails on it is
// "import fails in 3.x" / "lowering fails in 3.x", never a fix
// (docs/frontends.md, "Triage of a frontend file").
//
// Re-runs a repro bundle's case (program, inputs and goldens as the bundle
// holds them; the interpreter is not needed again) under configurations
// next to the bundle's own and classifies each against the bundle's failure
// signature: "same failure", "passes", "other outcome" (another verdict or
// message), "not run" (a GPU target without a device here, for a failure
// that only shows at run time) or "unsupported" (the compiler lacks a flag
// the configuration needs).
//
// Flag bisection: the bundle's configuration itself (the baseline), each
// optimization level O0..O3, the configuration with each extra flag dropped
// (and all of them, when there are several), and the other targets of the
// family: vmvx for llvm-cpu (and the other way round), sm_80/sm_90 for
// cuda, gfx942/gfx1100 for hip.
//
// Version bisection: releases of IREE in order, oldest first. With
// --versions=A..B the releases between A and B (inclusive) come from PyPI
// (`pip index versions`, both iree-base-compiler and iree-base-runtime);
// --versions=A,B,C names them. Each release used is installed on demand
// into its own virtualenv, <venv-dir>/<version>/ (default the project's
// .venv-iree/), and reused from there. --version-dirs= takes IREE
// directories (anything --iree-dir accepts) in order instead. Both ends are
// run first, then a binary search finds where "same failure" flips: the
// first release that fails, or the first that no longer does. Extra flags
// a release does not know are dropped for that release (and noted).
//
// Writes BUNDLE/triage.json (or --out): every configuration tried, with its
// verdict, signature and classification, and the conclusions. Exit: 0
// triage ran (whatever it found); 2 invalid input (a bundle file or field,
// an option); 4 a tool failed (IREE missing, an install that failed).
//
//===----------------------------------------------------------------------===//

#include "difftest/Common.h"
#include "difftest/Options.h"
#include "difftest/Run.h"
#include "difftest/Triage.h"
#include "difftest/TriageTrial.h"
#include "difftest/Releases.h"
#include "difftest/Attribution.h"
#include "difftest/Capabilities.h"
#include "difftest/Frontend.h"
#include "difftest/Parameters.h"

#include "interp/support/Npy.h"
#include "oracle/Oracle.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;

using namespace triage;

namespace {

/// The op kinds of `program` that the release of `tools` does not take, by
/// its capability table (difftest/Capabilities.h, probed once per release
/// and cached): "iree_linalg_ext.arg_compare, linalg.pack"; "" if none is
/// known.
std::string opsReleaseLacks(const gpu::IreeTools &tools,
                            const gpu::ProcessLimits &limits,
                            StringRef program) {
  auto text = readFile(program);
  auto caps = probeCapabilities(tools, limits);
  if (!text || !caps) {
    if (!text)
      llvm::consumeError(text.takeError());
    if (!caps)
      llvm::consumeError(caps.takeError());
    return "";
  }
  std::vector<std::string> lacks;
  for (const auto &[kind, why] : caps->rejected)
    if (StringRef(*text).contains(kind + " ") ||
        StringRef(*text).contains(kind + "\n"))
      lacks.push_back(kind);
  return llvm::join(lacks, ", ");
}

/// The other targets of the family (same opt level and flags).
std::vector<gpu::TargetConfig> familyNeighbours(const gpu::TargetConfig &c,
                                                const gpu::TargetTable &table) {
  std::vector<std::pair<std::string, std::string>> names; // target, arch
  StringRef t = c.desc->name;
  if (t == "llvm-cpu")
    names = {{"vmvx", ""}};
  else if (t == "vmvx")
    names = {{"llvm-cpu", ""}};
  else if (t == "cuda")
    names = {{"cuda", "sm_80"}, {"cuda", "sm_90"}};
  else if (t == "hip")
    names = {{"hip", "gfx942"}, {"hip", "gfx1100"}};
  std::vector<gpu::TargetConfig> out;
  for (auto &[name, arch] : names) {
    auto it = table.targets.find(name);
    if (it == table.targets.end())
      continue;
    if (name == t && arch == c.arch)
      continue;
    gpu::TargetConfig n = c;
    n.desc = &it->second;
    n.arch = arch;
    out.push_back(n);
  }
  return out;
}

std::string joinWords(llvm::ArrayRef<std::string> items) {
  return llvm::join(items, ", ");
}

/// "fails at O3, O2; passes at O0, O1; dropping --x: passes; vmvx: passes".
std::string flagSummary(const std::vector<Trial> &trials, const Bundle &b) {
  std::vector<std::string> parts;
  const Trial *baseline = nullptr;
  for (const Trial &t : trials)
    if (t.kind == "baseline")
      baseline = &t;
  if (baseline && baseline->outcome == Outcome::NotRun)
    parts.push_back("cannot be checked here: the failure shows at run time "
                    "and this machine has " +
                    baseline->result.detail +
                    " (every configuration was compiled only)");
  else if (baseline && baseline->outcome != Outcome::Same)
    parts.push_back("the bundle's failure does not reproduce with its own "
                    "configuration here (" +
                    trialWords(*baseline) + ")");
  // Opt levels: the baseline's level and the others, grouped by outcome.
  std::map<int, const Trial *> levels;
  for (const Trial &t : trials)
    if (t.kind == "opt-level" || t.kind == "baseline")
      levels[t.config.optLevel] = &t;
  std::vector<std::string> same, passes, notRun, unsupported, other;
  for (auto &[level, t] : levels) {
    std::string n = optName(level);
    switch (t->outcome) {
    case Outcome::Same:
      same.push_back(n);
      break;
    case Outcome::Passes:
      passes.push_back(n);
      break;
    case Outcome::NotRun:
      notRun.push_back(n);
      break;
    case Outcome::Unsupported:
    case Outcome::Predates:
    case Outcome::FrontendFails:
      unsupported.push_back(n);
      break;
    case Outcome::Other:
      other.push_back(n + " (" + gpu::verdictName(t->result.verdict).str() +
                      ")");
      break;
    }
  }
  if (!same.empty())
    parts.push_back("fails at " + joinWords(same));
  if (!passes.empty())
    parts.push_back("passes at " + joinWords(passes));
  if (!other.empty())
    parts.push_back("other outcome at " + joinWords(other));
  if (!notRun.empty())
    parts.push_back("not run at " + joinWords(notRun));
  if (!unsupported.empty())
    parts.push_back("unsupported at " + joinWords(unsupported));
  for (const Trial &t : trials) {
    if (t.kind == "drop-flag")
      parts.push_back("dropping " + t.label + ": " + trialWords(t));
    else if (t.kind == "drop-flags")
      parts.push_back("dropping every extra flag: " + trialWords(t));
    else if (t.kind == "target")
      parts.push_back(t.label + ": " + trialWords(t));
  }
  (void)b;
  return llvm::join(parts, "; ");
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
      .count();
}

} // namespace

/// The import flags a lowering record's import command was given (not the
/// model, -o and --data-dir, which lowerFrontendProgram sets itself).
std::vector<std::string> importFlagsOf(const gpu::Lowering &l) {
  std::vector<std::string> flags;
  for (const gpu::LoweringCommand &c : l.commands) {
    if (c.stage != gpu::FrontendStage::Import)
      continue;
    for (size_t i = 2; i < c.argv.size(); ++i) {
      if (c.argv[i] == "-o") {
        ++i;
        continue;
      }
      if (!StringRef(c.argv[i]).starts_with("--data-dir="))
        flags.push_back(c.argv[i]);
    }
  }
  return flags;
}

int triageCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> bundleDir(
      cl::Positional,
      cl::desc("<bundle dir | program (.mlir, .onnx, torch, StableHLO, "
               "TOSA)>"),
      cl::Required, cl::cat(common.category));
  // A program instead of a bundle: `difftest run` makes the bundle first.
  cl::opt<std::string> function(
      "function",
      cl::desc("A program given instead of a bundle: the function to test "
               "(as difftest run)"),
      cl::cat(common.category));
  cl::list<std::string> runInputs(
      "input",
      cl::desc("A program given instead of a bundle: an argument (as "
               "difftest run; random values when none are given)"),
      cl::cat(common.category));
  cl::opt<std::string> runTargetName(
      "target",
      cl::desc("A program given instead of a bundle: the one target to run "
               "it on (default llvm-cpu)"),
      cl::init("llvm-cpu"), cl::cat(common.category));
  cl::opt<uint64_t> seed("seed",
                         cl::desc("A program given instead of a bundle: the "
                                  "seed of its random inputs"),
                         cl::init(0), cl::cat(common.category));
  FrontendFlags frontend(common.category);
  cl::opt<std::string> out(
      "out", cl::desc("Where triage.json goes (default BUNDLE/triage.json)"),
      cl::cat(common.category));
  cl::opt<std::string> versions(
      "versions",
      cl::desc("IREE releases to bisect: A..B (every release between them, "
               "from PyPI) or A,B,C (these, oldest first); each is installed "
               "into <venv-dir>/<version>/ when missing"),
      cl::cat(common.category));
  cl::opt<std::string> versionDirs(
      "version-dirs",
      cl::desc("Installed IREE directories to bisect, oldest first (anything "
               "--iree-dir accepts), comma separated"),
      cl::cat(common.category));
  cl::opt<std::string> venvDir(
      "venv-dir",
      cl::desc("Where releases are installed (default PROJECT/.venv-iree)"),
      cl::cat(common.category));
  cl::opt<double> installTimeout(
      "install-timeout", cl::desc("Seconds per release install"),
      cl::init(1800), cl::cat(common.category));
  cl::opt<bool> noFlags("no-flags",
                        cl::desc("Skip the flag bisection (versions only)"),
                        cl::cat(common.category));
  cl::opt<std::string> workOpt(
      "work", cl::desc("Work directory (default: a fresh temporary one, "
                       "removed afterwards unless --keep)"),
      cl::cat(common.category));
  // The configuration comes from the bundle; the interpreter is not run.
  common.optLevel.setHiddenFlag(cl::ReallyHidden);
  common.ireeFlags.setHiddenFlag(cl::ReallyHidden);
  common.interpTimeout.setHiddenFlag(cl::ReallyHidden);
  cl::HideUnrelatedOptions(common.category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "difftest triage: which flags, targets and IREE releases flip a "
      "failure\n");

  if (common.optLevel.getNumOccurrences() ||
      common.ireeFlags.getNumOccurrences()) {
    llvm::errs() << "error: --opt-level/--iree-flag: triage takes the "
                    "configuration from the bundle's verdict.json\n";
    return kInvalid;
  }
  if (!versions.empty() && !versionDirs.empty()) {
    llvm::errs() << "error: give --versions or --version-dirs, not both\n";
    return kInvalid;
  }
  if (noFlags && versions.empty() && versionDirs.empty()) {
    llvm::errs() << "error: --no-flags without --versions/--version-dirs "
                    "leaves nothing to do\n";
    return kInvalid;
  }

  // A program (a frontend program, or any program difftest run takes):
  // `difftest run` lowers it with the IREE in use, makes the golden and the
  // bundle; the bundle is triaged, and with --versions each release lowers
  // the frontend program with its own importer and compiler.
  std::string bundlePath = bundleDir;
  std::optional<gpu::Lowering> relower;
  if (fs::exists(bundlePath) && !fs::is_directory(bundlePath)) {
    if (StringRef(runTargetName).contains(',')) {
      llvm::errs() << "error: --target=" << runTargetName
                   << ": triage takes one target\n";
      return kInvalid;
    }
    std::string runOut;
    if (!workOpt.empty()) {
      runOut = joinPath(workOpt, "run");
    } else {
      llvm::SmallString<256> tmp;
      if (std::error_code ec =
              fs::createUniqueDirectory("difftest-triage-run", tmp)) {
        llvm::errs() << "error: a directory for the run: " << ec.message()
                     << "\n";
        return kToolError;
      }
      runOut = std::string(tmp);
    }
    std::vector<std::string> run = {toolPath("difftest"), "run", bundlePath,
                                    "--target=" + runTargetName,
                                    "--out=" + runOut,
                                    "--seed=" + std::to_string(seed)};
    if (function.getNumOccurrences())
      run.push_back("--function=" + function);
    for (const std::string &i : runInputs)
      run.push_back("--input=" + i);
    if (!common.ireeDir.empty())
      run.push_back("--iree-dir=" + common.ireeDir);
    if (frontend.inputType.getNumOccurrences())
      run.push_back("--input-type=" + frontend.inputType);
    for (const std::string &f : frontend.importFlags)
      run.push_back("--import-flag=" + f);
    for (const std::string &p : frontend.parameters)
      run.push_back("--parameters=" + p);
    llvm::outs() << "$ " << shellCommand(run) << "\n";
    llvm::outs().flush();
    gpu::ProcessResult r = gpu::runProcess(run, gpu::ProcessLimits{});
    llvm::outs() << r.stdoutText;
    llvm::errs() << r.stderrText;
    if (r.kind != gpu::ProcessResult::Kind::Exited) {
      llvm::errs() << "error: difftest run " << r.summary() << "\n";
      return kToolError;
    }
    if (r.exitCode == kPass) {
      llvm::outs() << bundlePath << " passes on " << runTargetName
                   << " with the IREE in use: nothing to triage\n";
      if (workOpt.empty() && !common.keep)
        fs::remove_directories(runOut);
      return kPass;
    }
    // Bad input, a frontend that does not import (5) or lower (6), a
    // parameter archive (7): the run said why.
    std::error_code ec;
    fs::directory_iterator it(joinPath(runOut, "bundles"), ec), end;
    std::string made;
    for (; !ec && it != end; it.increment(ec))
      if (fs::is_directory(it->path()))
        made = it->path();
    if (made.empty())
      return r.exitCode == kFail ? kToolError : r.exitCode;
    bundlePath = made;
    llvm::outs() << "triaging the bundle " << bundlePath << "\n";
    auto record = gpu::readLoweringRecord(bundlePath);
    if (!record) {
      llvm::errs() << "error: " << llvm::toString(record.takeError()) << "\n";
      return kInvalid;
    }
    relower = std::move(*record);
  }

  auto loaded = loadBundle(bundlePath);
  if (!loaded) {
    llvm::errs() << "error: " << llvm::toString(loaded.takeError()) << "\n";
    return kInvalid;
  }
  const Bundle &bundle = *loaded;

  // Releases to bisect, oldest first: (label, directory).
  std::vector<std::string> releaseLabels, releaseDirs;
  bool installOnDemand = false;
  std::string venvRoot =
      venvDir.empty() ? joinPath(gpu::projectRoot(), ".venv-iree") : venvDir;
  if (!versionDirs.empty()) {
    llvm::SmallVector<StringRef> ds;
    StringRef(versionDirs).split(ds, ',', -1, false);
    for (StringRef d : ds) {
      auto t = gpu::IreeTools::find(d, gpu::projectRoot());
      if (!t) {
        llvm::errs() << "error: --version-dirs: "
                     << llvm::toString(t.takeError()) << "\n";
        return kInvalid;
      }
      StringRef label = path::filename(d.rtrim('/'));
      if (label == "bin" || label == "tools")
        label = path::filename(path::parent_path(d.rtrim('/')));
      releaseLabels.push_back(label.str());
      releaseDirs.push_back(d.str());
    }
    if (releaseDirs.size() < 2) {
      llvm::errs() << "error: --version-dirs: give two IREE directories or "
                      "more, oldest first\n";
      return kInvalid;
    }
  } else if (!versions.empty()) {
    installOnDemand = true;
    StringRef v(versions);
    if (v.contains("..")) {
      auto [lo, hi] = v.split("..");
      if (!versionParts(lo) || !versionParts(hi) ||
          !versionLess(lo.str(), hi.str())) {
        llvm::errs() << "error: --versions=" << v
                     << ": expected OLD..NEW with two release numbers, "
                        "e.g. 3.10.0..3.13.0\n";
        return kInvalid;
      }
      llvm::outs() << "listing IREE releases on PyPI...\n";
      llvm::outs().flush();
      auto compilerVs = pypiVersions("iree-base-compiler");
      if (!compilerVs) {
        llvm::errs() << "error: " << llvm::toString(compilerVs.takeError())
                     << "\n";
        return kToolError;
      }
      auto runtimeVs = pypiVersions("iree-base-runtime");
      if (!runtimeVs) {
        llvm::errs() << "error: " << llvm::toString(runtimeVs.takeError())
                     << "\n";
        return kToolError;
      }
      for (const std::string &c : *compilerVs)
        if (!versionLess(c, lo.str()) && !versionLess(hi.str(), c) &&
            llvm::is_contained(*runtimeVs, c))
          releaseLabels.push_back(c);
      for (StringRef end : {lo, hi})
        if (!llvm::is_contained(releaseLabels, end.str())) {
          llvm::errs() << "error: --versions: " << end
                       << " is not a release of both iree-base-compiler and "
                          "iree-base-runtime on PyPI\n";
          return kInvalid;
        }
    } else {
      llvm::SmallVector<StringRef> vs;
      v.split(vs, ',', -1, false);
      for (StringRef x : vs) {
        if (!versionParts(x)) {
          llvm::errs() << "error: --versions: '" << x
                       << "' is not a release number such as 3.12.0\n";
          return kInvalid;
        }
        releaseLabels.push_back(x.trim().str());
      }
      if (releaseLabels.size() < 2) {
        llvm::errs() << "error: --versions=" << v
                     << ": give two releases or more (A..B or A,B)\n";
        return kInvalid;
      }
    }
    for (const std::string &l : releaseLabels)
      releaseDirs.push_back(joinPath(venvRoot, l));
  }

  gpu::IreeTools toolsStorage;
  gpu::TargetTable tableStorage;
  std::optional<Settings> settings =
      common.settings(toolsStorage, tableStorage);
  if (!settings)
    return common.ireeDir.empty() ? kToolError : kInvalid;
  auto parsed = gpu::parseTargetList(bundle.target, *settings->table,
                                     bundle.optLevel, bundle.extraFlags);
  if (!parsed || parsed->size() != 1) {
    llvm::errs() << "error: " << joinPath(bundle.dir, "verdict.json")
                 << ": target: "
                 << (parsed ? "expected one target"
                            : llvm::toString(parsed.takeError()))
                 << "\n";
    return kInvalid;
  }
  const gpu::TargetConfig config = parsed->front();

  // The work directory: a copy of the case.
  std::string workDir;
  if (!workOpt.empty()) {
    workDir = workOpt;
    fs::create_directories(workDir);
    llvm::SmallString<256> abs(workDir);
    fs::make_absolute(abs);
    workDir = std::string(abs);
  } else {
    llvm::SmallString<256> tmp;
    if (std::error_code ec = fs::createUniqueDirectory("difftest-triage", tmp)) {
      llvm::errs() << "error: a work directory: " << ec.message() << "\n";
      return kToolError;
    }
    workDir = std::string(tmp);
  }
  if (llvm::Error e = copyCase(bundle, workDir)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }

  llvm::outs() << "triage of " << bundle.dir << ": " << bundle.signature
               << "\n  configuration: " << config.name() << " "
               << optName(config.optLevel);
  for (const std::string &f : config.extraFlags)
    llvm::outs() << " " << f;
  llvm::outs() << "\n";
  llvm::outs().flush();

  Triage triage(bundle, workDir, *settings);
  std::vector<Trial> flagTrials;
  auto print = [](const Trial &t) {
    llvm::outs() << "  " << t.kind << " " << t.label << ": " << trialWords(t)
                 << "\n";
    llvm::outs().flush();
  };
  bool toolFailed = false;
  if (!noFlags) {
    llvm::outs() << "flag bisection (IREE: "
                 << settings->tools->compilerVersion() << ")\n";
    auto add = [&](Trial t) {
      print(t);
      flagTrials.push_back(std::move(t));
    };
    add(triage.run("baseline", config.name() + " " + optName(config.optLevel),
                   config));
    for (int level = 0; level <= 3; ++level)
      if (level != config.optLevel) {
        gpu::TargetConfig c = config;
        c.optLevel = level;
        add(triage.run("opt-level", optName(level), c));
      }
    for (size_t i = 0; i < config.extraFlags.size(); ++i) {
      gpu::TargetConfig c = config;
      c.extraFlags.erase(c.extraFlags.begin() + i);
      add(triage.run("drop-flag", config.extraFlags[i], c));
    }
    if (config.extraFlags.size() > 1) {
      gpu::TargetConfig c = config;
      c.extraFlags.clear();
      add(triage.run("drop-flags", "all", c));
    }
    for (const gpu::TargetConfig &n :
         familyNeighbours(config, *settings->table))
      add(triage.run("target", n.name(), n));
    for (const Trial &t : flagTrials)
      if (t.result.verdict == gpu::Verdict::ToolError &&
          t.outcome != Outcome::Unsupported)
        toolFailed = true;
  }
  std::string flagText = noFlags ? "" : flagSummary(flagTrials, bundle);
  if (!noFlags)
    llvm::outs() << "flag bisection: " << flagText << "\n";

  // Version bisection.
  std::vector<Trial> versionTrials;
  std::map<size_t, size_t> evaluated; // release index -> versionTrials index
  std::vector<std::unique_ptr<gpu::IreeTools>> releaseTools;
  std::string versionText, firstFailing, lastPassing, firstFixed, lastFailing;
  std::string installError;
  if (!releaseLabels.empty()) {
    llvm::outs() << "version bisection over " << releaseLabels.size()
                 << " releases: " << llvm::join(releaseLabels, ", ") << "\n";
    llvm::outs().flush();
    // The program printed again for `release` when it holds attention ops
    // in a custom form (their syntax differs between releases; see
    // interp/dialects/LinalgExt): the directory of that program, or "" when
    // the program is used as it is.
    auto reprintForRelease =
        [&](StringRef release,
            const gpu::IreeTools &tools) -> llvm::Expected<std::string> {
      std::string program = joinPath(workDir, "program.mlir");
      auto text = llvm::MemoryBuffer::getFile(program);
      if (!text)
        return llvm::createStringError(program + ": " +
                                       text.getError().message());
      StringRef t = (*text)->getBuffer();
      if (!t.contains("iree_linalg_ext.attention ") &&
          !t.contains("iree_linalg_ext.online_attention "))
        return std::string();
      std::string dir = joinPath(workDir, "printed-" + release.str());
      fs::create_directories(dir);
      std::string out = joinPath(dir, "program.mlir");
      gpu::RunOptions ro;
      ro.extraEnv.push_back(
          {"REF_IREE_VERSION",
           StringRef(tools.compilerVersion()).split('\n').first.str()});
      gpu::ProcessResult r = gpu::runProcess(
          {toolPath("ref-opt"), program, "-o", out}, settings->compileLimits,
          ro);
      if (!r.success())
        return llvm::createStringError("printing the program for IREE " +
                                       release + ": ref-opt " + r.summary() +
                                       "\n" + r.stderrText);
      return dir;
    };
    auto evaluate = [&](size_t i) -> std::optional<Outcome> {
      if (auto it = evaluated.find(i); it != evaluated.end())
        return versionTrials[it->second].outcome;
      const std::string &label = releaseLabels[i];
      const std::string &dir = releaseDirs[i];
      double installSeconds = -1;
      std::string usedDir = dir;
      auto found = gpu::IreeTools::find(dir, gpu::projectRoot());
      // The IREE in use already is that release: no second install.
      if (!found && installOnDemand &&
          isRelease(settings->tools->compilerVersion(), label)) {
        llvm::consumeError(found.takeError());
        found = *settings->tools;
        usedDir = settings->tools->where;
      }
      if (!found && installOnDemand) {
        llvm::consumeError(found.takeError());
        llvm::outs() << "  installing IREE " << label << " into " << dir
                     << "...\n";
        llvm::outs().flush();
        auto t0 = std::chrono::steady_clock::now();
        if (llvm::Error e = installIreeRelease(label, dir, installTimeout)) {
          installError = "installing IREE " + label + ": " +
                         llvm::toString(std::move(e));
          return std::nullopt;
        }
        installSeconds = secondsSince(t0);
        llvm::outs() << llvm::formatv("  installed {0} in {1:f0} s\n", label,
                                      installSeconds);
        found = gpu::IreeTools::find(dir, gpu::projectRoot());
      }
      if (!found) {
        installError = llvm::toString(found.takeError());
        return std::nullopt;
      }
      releaseTools.push_back(std::make_unique<gpu::IreeTools>(*found));
      const gpu::IreeTools *tools = releaseTools.back().get();
      // Extra flags this release does not know are left out.
      gpu::TargetConfig c = config;
      std::vector<std::string> dropped;
      c.extraFlags.clear();
      for (const std::string &f : config.extraFlags)
        if (gpu::compilerAcceptsFlag(tools->compilerHelp(), f))
          c.extraFlags.push_back(f);
        else
          dropped.push_back(f);
      // Triage of a frontend program: the release lowers it itself.
      std::string programDir;
      if (relower) {
        programDir = joinPath(workDir, "lowered-" + label);
        fs::remove_directories(programDir);
        gpu::LoweringOptions lo;
        lo.limits = settings->compileLimits;
        lo.importFlags = importFlagsOf(*relower);
        auto l = gpu::lowerFrontendProgram(
            joinPath(bundle.dir, relower->original), relower->kind, *tools,
            programDir, lo);
        if (!l) {
          installError = "lowering with IREE " + label + ": " +
                         llvm::toString(l.takeError());
          return std::nullopt;
        }
        (void)gpu::writeLoweringRecord(programDir, *l);
        if (!l->ok()) {
          Trial t;
          t.kind = "version";
          t.label = label;
          t.config = c;
          t.ireeVersion = tools->compilerVersion();
          t.ireeDir = usedDir;
          t.installSeconds = installSeconds;
          t.outcome = Outcome::FrontendFails;
          t.result.target = c.name();
          t.result.verdict = gpu::Verdict::UnsupportedInput;
          StringRef first = StringRef(l->message).split('\n').first;
          t.result.detail =
              (l->failedStage == gpu::FrontendStage::Import ? "import"
                                                             : "lowering") +
              std::string(" fails in ") + label + ": " + first.str();
          t.note = "the commands and logs: " + joinPath(programDir, "frontend");
          print(t);
          evaluated[i] = versionTrials.size();
          versionTrials.push_back(std::move(t));
          return versionTrials.back().outcome;
        }
      }
      // attention / online_attention print their attributes the way each
      // release reads them (a dictionary up to 3.12, properties from 3.13):
      // the bundle's program is printed again for this release.
      if (programDir.empty())
        if (auto reprinted = reprintForRelease(label, *tools)) {
          if (!reprinted->empty())
            programDir = *reprinted;
        } else {
          installError = llvm::toString(reprinted.takeError());
          return std::nullopt;
        }
      Trial t = triage.run("version", label, c, tools, programDir);
      t.ireeDir = usedDir;
      t.installSeconds = installSeconds;
      if (!dropped.empty())
        t.note = "not in this release, left out: " + llvm::join(dropped, " ");
      if (t.outcome == Outcome::Predates)
        if (std::string ops = opsReleaseLacks(*tools, settings->compileLimits,
                                              joinPath(workDir, "program.mlir"));
            !ops.empty())
          t.note += (t.note.empty() ? "" : "; ") + ("it has no " + ops);
      print(t);
      evaluated[i] = versionTrials.size();
      versionTrials.push_back(std::move(t));
      return versionTrials.back().outcome;
    };
    size_t lo = 0, hi = releaseLabels.size() - 1;
    std::optional<Outcome> olo = evaluate(lo), ohi = olo ? evaluate(hi)
                                                         : std::nullopt;
    if (olo && ohi) {
      bool failLo = *olo == Outcome::Same, failHi = *ohi == Outcome::Same;
      if (failLo != failHi) {
        // Invariant: lo has failLo, hi has failHi.
        bool ok = true;
        while (hi - lo > 1) {
          size_t mid = lo + (hi - lo) / 2;
          std::optional<Outcome> om = evaluate(mid);
          if (!om) {
            ok = false;
            break;
          }
          if ((*om == Outcome::Same) == failLo)
            lo = mid;
          else
            hi = mid;
        }
        if (ok) {
          const Trial &before = versionTrials[evaluated[lo]];
          const Trial &after = versionTrials[evaluated[hi]];
          if (failHi) {
            firstFailing = releaseLabels[hi];
            lastPassing = releaseLabels[lo];
            versionText = "the failure appears in " + firstFailing + " (" +
                          lastPassing + ": " + trialWords(before) + ")";
            if (before.outcome == Outcome::FrontendFails)
              versionText = "fails from " + firstFailing +
                            " on, the first release whose frontend takes "
                            "the program; " +
                            lastPassing + ": " + trialWords(before) +
                            " (says nothing about the bug)";
            else if (before.outcome == Outcome::Predates)
              versionText = "fails from " + firstFailing +
                            " on, the first release that takes the program; " +
                            lastPassing + " predates it (" +
                            trialWords(before) + ")";
            else if (before.outcome != Outcome::Passes)
              versionText += "; " + lastPassing +
                             " does not pass either, so the bug itself may "
                             "be older than " + firstFailing;
          } else {
            lastFailing = releaseLabels[lo];
            firstFixed = releaseLabels[hi];
            versionText = "the failure disappears in " + firstFixed + " (" +
                          trialWords(after) + "; last failing release: " +
                          lastFailing + ")";
            if (after.outcome == Outcome::FrontendFails)
              versionText = "not fixed: " + firstFixed +
                            "'s frontend cannot take the program (" +
                            trialWords(after) +
                            "), so it says nothing about the bug; last "
                            "release that runs it and fails: " +
                            lastFailing;
            else if (after.outcome != Outcome::Passes)
              versionText += "; " + firstFixed +
                             " does not pass either: another failure may "
                             "hide it";
          }
        }
      } else if (failLo) {
        versionText = "fails in both " + releaseLabels.front() + " and " +
                      releaseLabels.back() +
                      ": nothing to bisect in this range (an older release "
                      "may not have it)";
      } else {
        versionText = "the failure shows in neither " +
                      releaseLabels.front() + " (" +
                      trialWords(versionTrials[evaluated[0]]) + ") nor " +
                      releaseLabels.back() + " (" +
                      trialWords(versionTrials[evaluated[hi]]) + ")";
      }
    }
    if (!installError.empty()) {
      llvm::errs() << "error: " << installError << "\n";
      versionText = "incomplete: " + installError.substr(
                                         0, installError.find('\n'));
      toolFailed = true;
    }
    llvm::outs() << "version bisection: " << versionText << "\n";
  }

  // triage.json
  llvm::json::Array configs;
  for (const Trial &t : flagTrials)
    configs.push_back(trialJSON(t));
  llvm::json::Object doc{
      {"bundle", bundle.dir},
      {"relowered_per_release", relower.has_value()},
      {"original",
       llvm::json::Object{{"verdict", bundle.verdict},
                          {"target", bundle.target},
                          {"signature", bundle.signature},
                          {"detail", bundle.detail},
                          {"opt_level", optName(bundle.optLevel)},
                          {"extra_flags", llvm::json::Array(bundle.extraFlags)},
                          {"iree_version", bundle.ireeVersion}}},
      {"iree_version", settings->tools->compilerVersion()},
      {"iree_tools", settings->tools->where}};
  llvm::json::Array summary;
  if (!noFlags) {
    const Trial *baseline = &flagTrials.front();
    doc["reproduces"] = baseline->outcome == Outcome::Same;
    std::map<std::string, llvm::json::Array> byOutcome;
    for (const Trial &t : flagTrials)
      if (t.kind == "baseline" || t.kind == "opt-level")
        byOutcome[outcomeName(t.outcome).str()].push_back(
            optName(t.config.optLevel));
    llvm::json::Object levels;
    for (auto &[k, v] : byOutcome)
      levels[k] = std::move(v);
    doc["flag_bisection"] = llvm::json::Object{
        {"configurations", std::move(configs)},
        {"opt_levels", std::move(levels)},
        {"summary", flagText}};
    summary.push_back("flag bisection: " + flagText);
  }
  if (!releaseLabels.empty()) {
    llvm::json::Array tried;
    std::vector<size_t> order;
    for (auto &[i, k] : evaluated)
      order.push_back(k);
    for (size_t k : order)
      tried.push_back(trialJSON(versionTrials[k]));
    llvm::json::Object vb{{"releases", llvm::json::Array(releaseLabels)},
                          {"tried", std::move(tried)},
                          {"summary", versionText}};
    if (!firstFailing.empty()) {
      vb["first_failing"] = firstFailing;
      vb["last_passing"] = lastPassing;
    }
    if (!firstFixed.empty()) {
      vb["first_fixed"] = firstFixed;
      vb["last_failing"] = lastFailing;
    }
    if (installOnDemand)
      vb["venv_dir"] = venvRoot;
    doc["version_bisection"] = std::move(vb);
    summary.push_back("version bisection: " + versionText);
  }
  doc["summary"] = std::move(summary);
  std::string outPath = out.empty() ? joinPath(bundle.dir, "triage.json")
                                    : std::string(out);
  if (llvm::Error e = writeFile(
          outPath,
          llvm::formatv("{0:2}", llvm::json::Value(std::move(doc))).str() +
              "\n")) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  llvm::outs() << "wrote " << outPath << "\n";
  if (!common.keep && workOpt.empty())
    fs::remove_directories(workDir);
  return toolFailed ? kToolError : kPass;
}

} // namespace ref::difftest
