//===- Run.cpp - difftest run: one program against IREE's targets ---------===//
//
//   difftest run prog.mlir --function=main --target=llvm-cpu,cuda:sm_90
//       [--input=... as ref-run] [--seed=N] [--opt-level=O3] [--out=DIR]
//
// Interprets the function for golden outputs, compiles it for each target,
// runs it where the device exists, compares with the oracle, prints one
// verdict line per target and writes a repro bundle for each failure.
// A frontend program (.onnx, torch, StableHLO, TOSA) is lowered with the
// IREE in use first (difftest/Frontend.h); the golden and the targets take
// the lowered program.
// Exit: 0 every target passed (or compiled, where it cannot run here); 1
// some target failed; 2 invalid input; 4 the tool failed; 5 a frontend
// program does not import, 6 it does not lower; 7 a parameter archive
// (--parameters, or one the import wrote) is missing or does not match.
//
//===----------------------------------------------------------------------===//

#include "difftest/Run.h"
#include "difftest/Frontend.h"
#include "difftest/Parameters.h"
#include "difftest/Capabilities.h"
#include "difftest/Options.h"
#include "gpu/Device.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;

std::optional<Settings> CommonOptions::settings(gpu::IreeTools &toolsStorage,
                                                gpu::TargetTable &tableStorage) {
  Settings s;
  auto tools = gpu::IreeTools::find(ireeDir, gpu::projectRoot());
  if (!tools) {
    llvm::errs() << "error: " << llvm::toString(tools.takeError()) << "\n";
    return std::nullopt;
  }
  toolsStorage = std::move(*tools);
  s.tools = &toolsStorage;
  // The tools we run (ref-opt, ref-mutate, ref-flow) print programs for this
  // IREE: some ops' syntax differs between releases (attention's
  // attributes, interp/dialects/LinalgExt/LinalgExtDialect.h). An explicit
  // REF_IREE_VERSION in the environment wins.
  if (!std::getenv("REF_IREE_VERSION"))
    ::setenv("REF_IREE_VERSION",
             StringRef(toolsStorage.compilerVersion()).split('\n').first.str()
                 .c_str(),
             1);
  if (!targetsFile.empty()) {
    auto t = gpu::TargetTable::load(targetsFile);
    if (!t) {
      llvm::errs() << "error: " << llvm::toString(t.takeError()) << "\n";
      return std::nullopt;
    }
    tableStorage = std::move(*t);
  } else {
    tableStorage = gpu::TargetTable::builtin();
  }
  s.table = &tableStorage;
  std::optional<uint64_t> mem = bytesOption("memory-limit", memoryLimit);
  std::optional<uint64_t> compileMem =
      bytesOption("compile-memory-limit", compileMemoryLimit);
  std::optional<uint64_t> fileSize = bytesOption("max-file-size", maxFileSize);
  if (!mem || !compileMem || !fileSize)
    return std::nullopt;
  s.compileLimits.fileSizeLimitBytes = s.runLimits.fileSizeLimitBytes =
      s.interpLimits.fileSizeLimitBytes = *fileSize;
  s.compileLimits.timeoutSeconds = compileTimeout;
  s.runLimits.timeoutSeconds = runTimeout;
  s.interpLimits.timeoutSeconds = interpTimeout;
  s.compileLimits.memoryLimitBytes = s.runLimits.memoryLimitBytes = *mem;
  // Runs keep only the address-space limit: a GPU runtime's resident
  // memory includes what the driver maps, and a run's budget is the device.
  s.compileLimits.residentLimitBytes = *compileMem;
  s.interpLimits.memoryLimitBytes = interpreterMemoryLimit(*mem);
  for (const std::string &t : tolerances)
    if (llvm::Error e = parseToleranceOverrides(t, s.oracle)) {
      llvm::errs() << "error: --tolerance=" << t << ": "
                   << llvm::toString(std::move(e)) << "\n";
      return std::nullopt;
    }
  s.oracle.strictSignedZeros = strictSignedZeros;
  s.keepPassing = keep;
  s.judgeSubgroupMismatch = judgeSubgroupMismatch;
  return s;
}

std::optional<Settings> CommonOptions::parse(int argc, char **argv,
                                             const char *overview) {
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(argc, argv, overview);
  return settings(toolsStorage, tableStorage);
}

std::optional<std::vector<gpu::TargetConfig>>
CommonOptions::targetConfigs(StringRef list, const Settings &settings) {
  auto level = gpu::parseOptLevel(optLevel);
  if (!level) {
    llvm::errs() << "error: " << llvm::toString(level.takeError()) << "\n";
    return std::nullopt;
  }
  auto configs =
      gpu::parseTargetList(list, *settings.table, *level, ireeFlags);
  if (!configs) {
    llvm::errs() << "error: " << llvm::toString(configs.takeError()) << "\n";
    return std::nullopt;
  }
  return std::move(*configs);
}

OneTargetOptions::OneTargetOptions(const char *targetDesc,
                                   const char *defaultTarget)
    : target("target", cl::desc(targetDesc), cl::cat(category)) {
  if (*defaultTarget)
    target.setInitialValue(defaultTarget);
  else
    target.setNumOccurrencesFlag(cl::Required);
}

std::optional<OneTargetOptions::Parsed>
OneTargetOptions::parseOneTarget(int argc, char **argv, const char *overview,
                                 StringRef oneTargetError) {
  std::optional<Settings> settings = parse(argc, argv, overview);
  if (!settings)
    return std::nullopt;
  auto configs = targetConfigs(target, *settings);
  if (!configs)
    return std::nullopt;
  if (configs->size() != 1) {
    llvm::errs() << "error: " << oneTargetError << "\n";
    return std::nullopt;
  }
  return Parsed{std::move(*settings), std::move(configs->front())};
}

gpu::ProcessResult runLogged(llvm::ArrayRef<std::string> argv,
                             const gpu::ProcessLimits &limits,
                             const gpu::RunOptions &opts, StringRef logPath) {
  gpu::ProcessResult r = gpu::runProcess(argv, limits, opts);
  (void)writeFile(logPath, "$ " + shellCommand(argv) + "\n# " + r.summary() +
                               "\n" + r.stdoutText + r.stderrText);
  return r;
}

llvm::Expected<std::vector<std::string>>
compileCommand(const gpu::TargetConfig &config, StringRef program,
               StringRef output, const Settings &settings) {
  auto flags = gpu::compileFlags(config, *settings.table,
                                 settings.tools->compilerHelp());
  if (!flags)
    return flags.takeError();
  std::vector<std::string> argv = {settings.tools->compile, program.str()};
  argv.insert(argv.end(), flags->begin(), flags->end());
  argv.push_back("-o");
  argv.push_back(output.str());
  return argv;
}

static TargetResult failedWith(TargetResult res, gpu::Verdict v,
                               const gpu::ProcessResult &pr) {
  res.verdict = v;
  res.detail = gpu::failureMessage(v, pr);
  res.signature = gpu::failureSignature(v, res.target, pr);
  return res;
}

llvm::Expected<std::string> derivedProgram(const gpu::TargetConfig &config,
                                           StringRef program,
                                           StringRef workDir, StringRef subdir,
                                           const Settings &settings) {
  std::optional<gpu::DeviceInfo> device =
      gpu::probeDevice(*settings.tools, config.desc->device);
  if (!device)
    return llvm::createStringError(
        "not compiled: no " + config.desc->device + " device to derive " +
        config.name() + " from");
  gpu::TargetConfig family = config;
  family.arch = config.derivedFamily();
  family.extraFlags.clear();
  auto info =
      gpu::compilerTargetInfo(family, *settings.table, *settings.tools);
  if (!info)
    return info.takeError();
  auto text = readFile(joinPath(workDir, program));
  if (!text)
    return text.takeError();
  std::string out = joinPath(subdir, kDerivedProgram);
  if (llvm::Error e = writeFile(
          joinPath(workDir, out),
          gpu::withVulkanTarget(*text,
                                gpu::deriveTargetInfo(*info, *device))))
    return std::move(e);
  return out;
}

TargetResult compileTarget(const gpu::TargetConfig &config, StringRef program,
                           StringRef workDir, StringRef subdir,
                           const Settings &settings) {
  TargetResult res;
  res.target = config.name();
  std::string absSub = joinPath(workDir, subdir);
  fs::create_directories(absSub);
  // An architecture derived from the device: the program carries the
  // family's target with the device's limits (gpu/Device.h).
  std::string compiled = program.str();
  if (!config.derivedFamily().empty()) {
    auto targeted = derivedProgram(config, program, workDir, subdir, settings);
    if (!targeted) {
      res.verdict = gpu::Verdict::CompiledOnly;
      res.detail = llvm::toString(targeted.takeError());
      return res;
    }
    compiled = *targeted;
  }
  auto argv = compileCommand(config, compiled, joinPath(subdir, "module.vmfb"),
                             settings);
  if (!argv) {
    res.verdict = gpu::Verdict::ToolError;
    res.detail = llvm::toString(argv.takeError());
    res.signature =
        gpu::failureSignature(res.verdict, res.target, res.detail);
    return res;
  }
  gpu::RunOptions ro;
  ro.workingDir = workDir.str();
  gpu::ProcessResult cr = runLogged(*argv, settings.compileLimits, ro,
                                    joinPath(absSub, "compile.log"));
  res.compileSeconds = cr.wallSeconds;
  gpu::Verdict cv = gpu::classifyCompile(cr);
  // A crash in one of the compiler's worker threads, in a process group of
  // its own (as every child here runs), dies before LLVM prints the stack:
  // the log then holds only "Please report issues ...", and the signature
  // no frame, so that `difftest reduce` can slide from one crash to another.
  // Compiled again on one thread, the same crash prints its stack.
  if (cv == gpu::Verdict::CompilerCrash &&
      !StringRef(cr.stderrText).contains("Stack dump")) {
    std::vector<std::string> again = *argv;
    again.push_back("--mlir-disable-threading");
    gpu::ProcessResult cr1 =
        runLogged(again, settings.compileLimits, ro,
                  joinPath(absSub, "compile-one-thread.log"));
    if (gpu::classifyCompile(cr1) == gpu::Verdict::CompilerCrash &&
        StringRef(cr1.stderrText).contains("Stack dump"))
      cr = std::move(cr1);
  }
  // A compile error of a program the compiler cannot even take as input
  // (an op or syntax form newer than the release) is no finding.
  if (cv == gpu::Verdict::CompileError)
    if (auto why = inputRejection(*settings.tools, compiled, workDir,
                                  settings.compileLimits,
                                  joinPath(absSub, "input.log"))) {
      res.verdict = gpu::Verdict::UnsupportedInput;
      res.detail = *why;
      return res;
    }
  if (cv != gpu::Verdict::Pass)
    return failedWith(res, cv, cr);
  res.verdict = gpu::Verdict::Pass;
  return res;
}

TargetResult runCompiled(const gpu::TargetConfig &config, StringRef module,
                         const gpu::CaseSpec &golden, StringRef workDir,
                         StringRef subdir, const Settings &settings,
                         TargetResult res) {
  res.target = config.name();
  if (config.desc->compileOnly ||
      !settings.tools->hasDevice(config.desc->device)) {
    res.verdict = gpu::Verdict::CompiledOnly;
    res.detail = "no " + config.desc->device + " device";
    return res;
  }
  // The device must take what the compiler assumed; past its limits a
  // failure is the executor's (gpu/Device.h).
  std::optional<gpu::ExecutorLimits> limits;
  if (config.desc->checkDevice)
    if (std::optional<gpu::DeviceInfo> device =
            gpu::probeDevice(*settings.tools, config.desc->device)) {
      limits = gpu::executorLimits(config, *device);
      if (config.derivedFamily().empty()) {
        auto info =
            gpu::compilerTargetInfo(config, *settings.table, *settings.tools);
        if (!info) {
          res.verdict = gpu::Verdict::ToolError;
          res.detail = llvm::toString(info.takeError());
          res.signature =
              gpu::failureSignature(res.verdict, res.target, res.detail);
          return res;
        }
        if (auto why = gpu::subgroupMismatch(config, *info, *device);
            why && !settings.judgeSubgroupMismatch) {
          res.verdict = gpu::Verdict::CompiledOnly;
          res.detail = *why;
          return res;
        }
        std::string mem =
            gpu::targetField(*info, "max_workgroup_memory_bytes");
        (void)StringRef(mem).getAsInteger(10, limits->targetSharedMemory);
      }
    }
  auto pastLimits = [&](TargetResult r) {
    if (!limits || !gpu::isFailure(r.verdict) ||
        gpu::stageOf(r.verdict) == gpu::Stage::Compile)
      return r;
    std::optional<std::string> why;
    if (gpu::isDeviceRefusal(r.detail))
      why = "the device refused the module";
    else
      why = gpu::exceedsLimits(
          *limits, golden.workPath.empty() ||
                           path::is_absolute(golden.workPath)
                       ? golden.workPath
                       : joinPath(workDir, golden.workPath));
    if (!why)
      return r;
    r.detail = *why + "; the run gave " +
               gpu::verdictName(r.verdict).str() +
               (r.detail.empty() ? "" : ": " + r.detail);
    r.verdict = gpu::Verdict::ExecutorLimit;
    r.signature.clear();
    return r;
  };
  std::string absSub = joinPath(workDir, subdir);
  fs::create_directories(joinPath(absSub, "actual"));
  // Paths in the case are relative to the work directory; so is the run.
  std::vector<gpu::TensorFile> actuals;
  for (auto [i, g] : llvm::enumerate(golden.goldens)) {
    gpu::TensorFile a = g;
    a.path = joinPath(subdir, "actual", gpu::tensorFileName("out", i, g.dtype));
    fs::remove(joinPath(workDir, a.path));
    actuals.push_back(std::move(a));
  }
  std::vector<std::string> run = gpu::runModuleCommand(
      settings.tools->runModule, config.desc->device, module, golden, actuals);
  gpu::RunOptions ro;
  ro.workingDir = workDir.str();
  ro.extraEnv = settings.runEnv;
  gpu::ProcessResult rr =
      runLogged(run, settings.runLimits, ro, joinPath(absSub, "run.log"));
  res.runSeconds = rr.wallSeconds;
  gpu::Verdict rv = gpu::classifyRun(rr);
  if (rv != gpu::Verdict::Pass)
    return pastLimits(failedWith(res, rv, rr));
  // The oracle reads files: make the paths absolute (triage may give
  // goldens that are already).
  auto resolve = [&](const std::string &p) {
    return path::is_absolute(p) ? p : joinPath(workDir, p);
  };
  gpu::CaseSpec absCase = golden;
  for (gpu::TensorFile &g : absCase.goldens)
    g.path = resolve(g.path);
  if (!absCase.freedomPath.empty())
    absCase.freedomPath = resolve(absCase.freedomPath);
  for (gpu::TensorFile &a : actuals)
    a.path = resolve(a.path);
  gpu::RunOutcome out =
      gpu::compareFiles(absCase, actuals, settings.oracle, res.target);
  res.verdict = out.verdict;
  res.detail = out.detail;
  res.signature = out.signature;
  std::string report;
  for (const OutputResult &r : out.outputs)
    report += describe(r) + "\n";
  (void)writeFile(joinPath(absSub, "compare.log"), report);
  return pastLimits(res);
}

TargetResult runTarget(const gpu::TargetConfig &config, StringRef program,
                       const gpu::CaseSpec &golden, StringRef workDir,
                       StringRef subdir, const Settings &settings) {
  TargetResult res = compileTarget(config, program, workDir, subdir, settings);
  if (res.verdict != gpu::Verdict::Pass)
    return res;
  return runCompiled(config, joinPath(subdir, "module.vmfb"), golden, workDir,
                     subdir, settings, res);
}

llvm::Error recordNeededFlags(llvm::StringRef bundleDir,
                              llvm::ArrayRef<std::string> flags) {
  std::string p = joinPath(bundleDir, "verdict.json");
  auto text = readFile(p);
  if (!text)
    return text.takeError();
  auto v = llvm::json::parse(*text);
  if (!v)
    return llvm::createStringError(p + ": " + llvm::toString(v.takeError()));
  llvm::json::Object *o = v->getAsObject();
  if (!o)
    return llvm::createStringError(p + ": expected an object");
  (*o)["needs_flags"] = llvm::json::Array(flags);
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(*o))) << "\n";
  return writeFile(p, out);
}

std::string verdictLine(const TargetResult &r) {
  std::string line = r.target + ": ";
  switch (r.verdict) {
  case gpu::Verdict::Pass:
    line += "pass";
    break;
  case gpu::Verdict::CompiledOnly:
    line += "compiled only: " + r.detail;
    break;
  case gpu::Verdict::ExecutorLimit:
    line += "executor limit: " + r.detail;
    break;
  default:
    line += gpu::verdictName(r.verdict).str();
    if (!r.detail.empty())
      line += ": " + r.detail;
  }
  line += llvm::formatv(" (compile {0:f2} s", r.compileSeconds).str();
  if (r.runSeconds > 0)
    line += llvm::formatv(", run {0:f2} s", r.runSeconds).str();
  line += ")";
  if (!r.bundle.empty())
    line += " [repro: " + r.bundle + "]";
  return line;
}

llvm::Expected<std::string>
writeBundle(StringRef bundlesDir, StringRef name, StringRef workDir,
            StringRef subdir, const gpu::CaseSpec &c,
            const gpu::TargetConfig &config, const TargetResult &result,
            const Settings &settings, StringRef goldenCommand, bool replace) {
  std::string dir = joinPath(bundlesDir, name);
  if (replace)
    fs::remove_directories(dir);
  for (int n = 2; fs::exists(dir); ++n)
    dir = joinPath(bundlesDir, (name + "-" + llvm::Twine(n)).str());
  for (StringRef part : {StringRef("program.mlir"), StringRef("inputs"),
                         StringRef("golden"), StringRef("frontend"),
                         StringRef("params"), StringRef("parameters.json"),
                         StringRef("mutation.json"), subdir}) {
    std::string from = joinPath(workDir, part);
    if (!fs::exists(from))
      continue;
    if (fs::is_directory(from)) {
      if (llvm::Error e = copyTree(from, joinPath(dir, part)))
        return std::move(e);
    } else {
      fs::create_directories(dir);
      if (std::error_code ec = fs::copy_file(from, joinPath(dir, part)))
        return llvm::createStringError(ec, from + ": " + ec.message());
    }
  }
  // Parameter archives too large to copy stay where they are (the record
  // names them by path and sha256), even when the import wrote them into
  // the work directory's frontend/.
  auto params = readParameterRecord(workDir);
  if (!params)
    return params.takeError();
  for (const ParameterFile &p : *params) {
    if (p.copied)
      continue;
    llvm::SmallString<256> abs(workDir);
    fs::make_absolute(abs);
    StringRef rest(p.path);
    if (rest.consume_front(abs) && rest.consume_front("/"))
      fs::remove(joinPath(dir, rest));
  }
  // repro.sh: the exact commands, runnable from the bundle.
  std::string module = joinPath(subdir, "module.vmfb");
  std::string derived = joinPath(subdir, kDerivedProgram);
  auto compile = compileCommand(
      config, fs::exists(joinPath(dir, derived)) ? derived : "program.mlir",
      module, settings);
  std::string script = "#!/bin/sh\n"
                       "# difftest repro: " +
                       std::string(gpu::verdictName(result.verdict)) + " on " +
                       result.target + "\n# " + result.detail +
                       "\n# IREE: " + settings.tools->compilerVersion() +
                       "\nset -e\ncd \"$(dirname \"$0\")\"\n";
  script += "IREE_COMPILE=\"${IREE_COMPILE:-" + settings.tools->compile +
            "}\"\nIREE_RUN_MODULE=\"${IREE_RUN_MODULE:-" +
            settings.tools->runModule + "}\"\n";
  // The tool paths stay variables so the bundle runs on other machines.
  auto withTool = [](StringRef var, llvm::ArrayRef<std::string> argv) {
    return "\"$" + var.str() + "\" " + shellCommand(argv.drop_front()) + "\n";
  };
  // A frontend program: the lowering first, from the original.
  std::optional<gpu::Lowering> lowering;
  if (auto rec = gpu::readLoweringRecord(workDir))
    lowering = std::move(*rec);
  else
    return rec.takeError();
  if (lowering)
    script += loweringScript(*lowering);
  script += parameterCheckScript(*params);
  if (compile)
    script += withTool("IREE_COMPILE", *compile);
  else
    llvm::consumeError(compile.takeError());
  std::vector<gpu::TensorFile> actuals;
  for (auto [i, g] : llvm::enumerate(c.goldens)) {
    gpu::TensorFile a = g;
    a.path = joinPath(subdir, "actual", gpu::tensorFileName("out", i, g.dtype));
    actuals.push_back(std::move(a));
  }
  if (!config.desc->compileOnly)
    script += withTool("IREE_RUN_MODULE",
                       gpu::runModuleCommand("iree-run-module",
                                             config.desc->device, module, c,
                                             actuals));
  script += "# The golden outputs in golden/ came from:\n# " +
            goldenCommand.str() + "\n";
  std::string scriptPath = joinPath(dir, "repro.sh");
  if (llvm::Error e = writeFile(scriptPath, script))
    return std::move(e);
  fs::setPermissions(scriptPath, fs::all_read | fs::all_exe | fs::owner_write);
  llvm::json::Object verdict{
      {"verdict", gpu::verdictName(result.verdict).str()},
      {"target", result.target},
      {"signature", result.signature},
      {"detail", result.detail},
      {"function", c.function},
      {"iree_version", settings.tools->compilerVersion()},
      {"iree_tools", settings.tools->where},
      {"opt_level", "O" + std::to_string(config.optLevel)},
      {"extra_flags", llvm::json::Array(config.extraFlags)},
      {"compile_seconds", result.compileSeconds},
      {"run_seconds", result.runSeconds}};
  if (lowering)
    verdict["frontend"] = llvm::json::Object{
        {"kind", gpu::frontendKindName(lowering->kind)},
        {"original", lowering->original},
        {"reduced", lowering->reduced}};
  if (llvm::Error e = writeFile(
          joinPath(dir, "verdict.json"),
          llvm::formatv("{0:2}", llvm::json::Value(std::move(verdict))).str() +
              "\n"))
    return std::move(e);
  return dir;
}

/// A fresh work directory under `out`.
static llvm::Expected<std::string> makeWorkDir(StringRef out, StringRef stem) {
  std::string base = joinPath(out, "work");
  if (std::error_code ec = fs::create_directories(base))
    return llvm::createStringError(ec, base + ": " + ec.message());
  for (int n = 0;; ++n) {
    std::string d = joinPath(
        base, (stem + "-" + llvm::Twine(llvm::sys::Process::getProcessId()) +
               "-" + llvm::Twine(n))
                  .str());
    if (!fs::create_directory(d, /*IgnoreExisting=*/false))
      return d;
  }
}

int runCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> program(cl::Positional, cl::desc("<program.mlir>"),
                               cl::Required, cl::cat(common.category));
  cl::opt<std::string> function(
      "function",
      cl::desc("Function to test (default main; for a frontend program its "
               "only export)"),
      cl::init("main"), cl::cat(common.category));
  FrontendFlags frontend(common.category);
  cl::opt<std::string> targets(
      "target",
      cl::desc("Targets: llvm-cpu, vmvx, cuda[:sm_XX], hip[:gfxXXXX], "
               "vulkan[:NAME], comma separated"),
      cl::init("llvm-cpu"), cl::cat(common.category));
  cl::list<std::string> inputs(
      "input", cl::desc("An argument, as iree-run-module and ref-run take it "
                        "(random values when none are given)"),
      cl::cat(common.category));
  cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random inputs"),
                         cl::init(0), cl::cat(common.category));
  cl::opt<std::string> out("out",
                           cl::desc("Where work directories and repro "
                                    "bundles go"),
                           cl::init("difftest-out"), cl::cat(common.category));
  std::optional<Settings> settings = common.parse(
      argc, argv,
      "difftest run: one program against IREE\n");
  if (!settings)
    return kInvalid;
  auto configs = common.targetConfigs(targets, *settings);
  if (!configs)
    return kInvalid;

  // A frontend program is lowered into the work directory first.
  std::optional<std::string> early;
  PreparedProgram prepared =
      prepareProgram(program, frontend, *settings,
                     [&]() -> llvm::Expected<std::string> {
                       auto w = makeWorkDir(out, path::stem(program));
                       if (w)
                         early = *w;
                       return w;
                     });
  if (prepared.exitCode)
    return prepared.exitCode;
  auto sigs = readSignatures(prepared.path, settings->interpLimits);
  if (!sigs) {
    llvm::errs() << llvm::toString(sigs.takeError()) << "\n";
    return kInvalid;
  }
  if (prepared.lowering && !function.getNumOccurrences())
    if (auto only = defaultFunction(*sigs))
      function = *only;
  const Signature *sig = nullptr;
  for (const Signature &s : *sigs)
    if (s.name == function)
      sig = &s;
  if (!sig) {
    if (prepared.lowering)
      llvm::errs() << missingFunctionError(function, *sigs, *prepared.lowering)
                   << "\n";
    else
      llvm::errs() << "error: " << program << ": no public function @"
                   << function << "\n";
    return kInvalid;
  }
  if (llvm::Error e = checkSupported(*sig)) {
    llvm::errs() << "error: " << program << ": "
                 << llvm::toString(std::move(e)) << "\n";
    return kInvalid;
  }

  auto work = early ? llvm::Expected<std::string>(*early)
                     : makeWorkDir(out, path::stem(program));
  if (!work) {
    llvm::errs() << "error: " << llvm::toString(work.takeError()) << "\n";
    return kToolError;
  }
  const std::string &workDir = *work;
  if (prepared.lowering) {
    llvm::outs() << program << ": lowered ("
                 << gpu::frontendKindName(prepared.lowering->kind)
                 << ") with the IREE in use; the targets compile the "
                    "lowered program, @"
                 << function << "\n";
  } else if (std::error_code ec = fs::copy_file(
                 program, joinPath(workDir, "program.mlir"))) {
    llvm::errs() << "error: " << program << ": " << ec.message() << "\n";
    return kInvalid;
  }
  fs::create_directories(joinPath(workDir, "inputs"));
  fs::create_directories(joinPath(workDir, "golden"));
  // Parameter archives: given, or written by the frontend's import.
  auto params = prepareParameters(
      frontend.parameters, prepared.lowering ? &*prepared.lowering : nullptr,
      workDir);
  if (const int *code = std::get_if<int>(&params))
    return *code;
  std::vector<std::string> paramFlags =
      std::move(std::get<std::vector<std::string>>(params));
  if (!paramFlags.empty())
    llvm::outs() << program << ": " << paramFlags.size()
                 << " parameter archive(s): " << llvm::join(paramFlags, " ")
                 << "\n";

  // Inputs: given, or random (retrying narrower integer ranges when the
  // interpreter finds the random values make the program undefined).
  Golden golden;
  std::string firstUB;
  unsigned attempts = inputs.empty() ? 4 : 1;
  for (unsigned attempt = 0; attempt < attempts; ++attempt) {
    auto files =
        inputs.empty()
            ? randomInputs(*sig, seed, attempt, joinPath(workDir, "inputs"))
            : materializeInputs(inputs, *sig, joinPath(workDir, "inputs"));
    if (!files) {
      llvm::errs() << "error: " << llvm::toString(files.takeError()) << "\n";
      return kInvalid;
    }
    // Relative to the work directory from here on.
    for (gpu::TensorFile &f : *files)
      f.path = joinPath("inputs", path::filename(f.path));
    golden = makeGolden("program.mlir", *sig, *files, "golden", workDir,
                        settings->interpLimits, paramFlags);
    if (golden.status != Golden::Undefined)
      break;
    if (firstUB.empty())
      firstUB = golden.message;
  }
  switch (golden.status) {
  case Golden::Ok:
    break;
  case Golden::Undefined:
    llvm::errs() << "error: " << program << ": @" << function
                 << " has undefined behaviour on "
                 << (inputs.empty() ? "every random input tried (give "
                                      "--input values)"
                                    : "these inputs")
                 << ":\n"
                 << firstUB;
    return kInvalid;
  case Golden::Invalid:
    llvm::errs() << golden.message;
    return golden.parameterError ? kParameterError : kInvalid;
  case Golden::Unsupported:
    // Not an IREE failure: nothing is compared.
    llvm::errs() << golden.message << "error: golden unavailable: "
                 << "unsupported (the interpreter refuses an element type "
                    "of the program; IREE was not judged)\n";
    return kUnsupported;
  case Golden::Failed:
    llvm::errs() << "error: no golden outputs: " << golden.message << "\n";
    return kToolError;
  }
  std::vector<std::string> goldenArgv = {"ref-run", "program.mlir",
                                         "--function=" + sig->name};
  for (const std::string &p : paramFlags)
    goldenArgv.push_back("--parameters=" + p);
  for (const gpu::TensorFile &in : golden.spec.inputs)
    goldenArgv.push_back("--input=" + in.inputFlag());
  for (const gpu::TensorFile &g : golden.spec.goldens)
    goldenArgv.push_back("--output=" + g.outputFlag());
  goldenArgv.push_back("--freedom=" + golden.spec.freedomPath);

  bool anyFailed = false, anyToolError = false;
  for (const gpu::TargetConfig &config : *configs) {
    std::string subdir = config.name();
    std::replace(subdir.begin(), subdir.end(), ':', '_');
    TargetResult r = runTarget(config, "program.mlir", golden.spec, workDir,
                               subdir, *settings);
    if (gpu::isFailure(r.verdict)) {
      if (r.verdict == gpu::Verdict::ToolError)
        anyToolError = true;
      else
        anyFailed = true;
      auto bundle = writeBundle(joinPath(out, "bundles"),
                                (path::stem(program) + "." + subdir).str(),
                                workDir, subdir, golden.spec, config, r,
                                *settings, shellCommand(goldenArgv));
      if (bundle)
        r.bundle = *bundle;
      else
        llvm::errs() << "error: writing the repro bundle: "
                     << llvm::toString(bundle.takeError()) << "\n";
    }
    llvm::outs() << verdictLine(r) << "\n";
    llvm::outs().flush();
  }
  if (!anyFailed && !anyToolError && !settings->keepPassing)
    fs::remove_directories(workDir);
  if (anyFailed)
    return kFail;
  return anyToolError ? kToolError : kPass;
}

} // namespace ref::difftest
