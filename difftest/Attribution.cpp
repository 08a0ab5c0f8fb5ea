//===- Attribution.cpp - attributing a vulkan bundle ----------------------===//
//
// spirv-val over a compile's SPIR-V modules, the re-runs of a vulkan
// bundle's case (attributeBundle, with triage's trials: TriageTrial.h), and
// `difftest attribute`; the rule is AttributionRule.cpp's.
//
//===----------------------------------------------------------------------===//

#include "difftest/Attribution.h"

#include "difftest/Common.h"
#include "difftest/Options.h"
#include "difftest/TriageTrial.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;
using namespace triage;

SpirvCheck validateSpirv(const gpu::TargetConfig &config, StringRef program,
                         StringRef workDir, StringRef subdir,
                         const Settings &settings, StringRef targetEnv) {
  SpirvCheck c;
  auto val = gpu::findExecutable("spirv-val");
  if (!val) {
    c.note = "spirv-val not installed (Debian's spirv-tools)";
    return c;
  }
  std::string absSub = joinPath(workDir, subdir);
  std::string dumpRel = joinPath(subdir, "spirv");
  fs::remove_directories(joinPath(workDir, dumpRel));
  fs::create_directories(joinPath(workDir, dumpRel));
  auto argv = compileCommand(config, program, joinPath(subdir, "module.vmfb"),
                             settings);
  if (!argv) {
    c.note = "no compile command: " + llvm::toString(argv.takeError());
    return c;
  }
  argv->push_back("--iree-hal-dump-executable-binaries-to=" + dumpRel);
  gpu::RunOptions ro;
  ro.workingDir = workDir.str();
  gpu::ProcessResult cr = runLogged(*argv, settings.compileLimits, ro,
                                    joinPath(absSub, "compile-spirv.log"));
  if (!cr.success()) {
    c.note = "the compile with binaries dumped failed (" + cr.summary() + ")";
    return c;
  }
  std::vector<std::string> modules;
  std::error_code ec;
  for (fs::directory_iterator it(joinPath(workDir, dumpRel), ec), end;
       it != end && !ec; it.increment(ec))
    if (StringRef(it->path()).ends_with(".spv"))
      modules.push_back(it->path());
  llvm::sort(modules);
  if (modules.empty()) {
    c.note = "IREE dumped no .spv module";
    return c;
  }
  // spirv-val stops at a module's first error. A module that declares a
  // version below the target's (1.3 for llvmpipe's v1.6, see
  // knownSpirvClass) is validated twice: as written, and as a copy with the
  // header's version raised to 1.6, the version IREE generated it for. An
  // error of the raised copy is IREE's whatever the version; one only the
  // original has is the known "version below its forms" class.
  auto validate = [&](const std::string &file, std::string &msg) -> int {
    gpu::ProcessResult vr = gpu::runProcess(
        {*val, "--target-env", targetEnv.str(), file}, settings.compileLimits);
    if (vr.kind != gpu::ProcessResult::Kind::Exited) {
      msg = "spirv-val " + vr.summary();
      return -1;
    }
    msg = StringRef(vr.stderrText + vr.stdoutText).trim().str();
    return vr.exitCode;
  };
  // Workgroup memory shared with no barrier (unsyncedWorkgroupMemory), from
  // spirv-dis's text; without spirv-dis the check is skipped (a race then
  // stays undecided).
  if (auto dis = gpu::findExecutable("spirv-dis"))
    for (const std::string &m : modules) {
      gpu::ProcessResult dr =
          gpu::runProcess({*dis, m}, settings.compileLimits);
      if (dr.success() && unsyncedWorkgroupMemory(dr.stdoutText))
        c.unsynced.push_back(path::filename(m).str());
    }
  for (const std::string &m : modules) {
    std::string msg;
    int rc = validate(m, msg);
    if (rc < 0) {
      c.note = msg;
      return c;
    }
    c.ran = true;
    ++c.modules;
    if (rc == 0)
      continue;
    std::string name = path::filename(m).str();
    std::string decisive = msg;
    auto bytes = readFile(m);
    if (bytes && bytes->size() >= 8) {
      uint32_t version = (uint8_t)(*bytes)[4] | (uint8_t)(*bytes)[5] << 8 |
                         (uint8_t)(*bytes)[6] << 16 |
                         (uint32_t)(uint8_t)(*bytes)[7] << 24;
      if (version < 0x00010600) {
        std::string raised = *bytes;
        raised[4] = 0, raised[5] = 6, raised[6] = 1, raised[7] = 0;
        std::string rpath = m + ".v1.6.spv";
        if (llvm::Error we = writeFile(rpath, raised)) {
          llvm::consumeError(std::move(we));
        } else {
          std::string rmsg;
          int rrc = validate(rpath, rmsg);
          if (rrc == 0)
            decisive.clear();
          else if (rrc > 0)
            decisive = rmsg;
        }
      }
    } else if (!bytes) {
      llvm::consumeError(bytes.takeError());
    }
    StringRef first = StringRef(decisive).split('\n').first.trim();
    if (!decisive.empty()) {
      c.invalid.push_back(name + ": " + first.str());
      continue;
    }
    std::string known = knownSpirvClass(msg);
    c.knownInvalid.push_back(
        name + ": " +
        (known.empty()
             ? "valid once its version is raised to the target's 1.6 (" +
                   StringRef(msg).split('\n').first.trim().str() + ")"
             : known));
  }
  return c;
}

/// The bytes of every output file under `dir`/actual, in name order.
static std::vector<std::string> actualBytes(StringRef dir) {
  std::vector<std::string> names, out;
  std::error_code ec;
  for (fs::directory_iterator it(joinPath(dir, "actual"), ec), end;
       it != end && !ec; it.increment(ec))
    names.push_back(it->path());
  llvm::sort(names);
  for (const std::string &n : names)
    if (auto t = readFile(n))
      out.push_back(std::move(*t));
    else
      llvm::consumeError(t.takeError());
  return out;
}

llvm::Expected<Attribution> attributeBundle(StringRef bundleDir,
                                            StringRef workDir,
                                            const Settings &settings,
                                            StringRef knownExecutorPath) {
  auto bundle = loadBundle(bundleDir);
  if (!bundle)
    return bundle.takeError();
  auto config = bundleConfig(*bundle, settings);
  if (!config)
    return config.takeError();
  if (config->desc->name != "vulkan")
    return llvm::createStringError(joinPath(bundleDir, "verdict.json") +
                                   ": target " + bundle->target +
                                   ": attribution is for vulkan bundles");
  const gpu::TargetConfig &own = *config;
  fs::remove_directories(workDir);
  fs::create_directories(workDir);
  if (llvm::Error e = copyCase(*bundle, workDir))
    return std::move(e);

  // The vulkan run's own outputs, as the bundle keeps them.
  std::vector<std::string> ownBytes;
  std::error_code ec;
  for (fs::directory_iterator it(bundleDir, ec), end; it != end && !ec;
       it.increment(ec))
    if (fs::is_directory(joinPath(it->path(), "actual"))) {
      ownBytes = actualBytes(it->path());
      break;
    }

  AttributionEvidence e;
  e.target = bundle->target;
  Triage triage(*bundle, workDir.str(), settings);
  auto neighbour = [&](Trial t) {
    NeighbourRun n;
    n.target = t.config.name();
    n.words = trialWords(t);
    n.passes = t.result.verdict == gpu::Verdict::Pass;
    n.wrong = t.result.verdict == gpu::Verdict::Mismatch;
    if (n.wrong) {
      n.words = "mismatch (" + t.result.detail + ")";
      n.sameValues = !ownBytes.empty() &&
                     actualBytes(joinPath(workDir, t.subdir)) == ownBytes;
    }
    return n;
  };
  // The CPU targets get the bundle's flags except the SPIR-V ones.
  std::vector<std::string> cpuFlags;
  for (const std::string &f : bundle->extraFlags)
    if (!StringRef(f).contains("vulkan") && !StringRef(f).contains("spirv"))
      cpuFlags.push_back(f);
  for (StringRef cpu : {"llvm-cpu", "vmvx"}) {
    auto c = gpu::parseTargetList(cpu, *settings.table, bundle->optLevel,
                                  cpuFlags);
    if (!c) {
      llvm::consumeError(c.takeError());
      continue;
    }
    e.cpu.push_back(neighbour(triage.run("target", cpu.str(), c->front())));
  }
  for (const std::string &arch : vulkanAttributionArches()) {
    if (arch == own.arch)
      continue;
    gpu::TargetConfig c = own;
    c.arch = arch;
    e.vulkan.push_back(neighbour(triage.run("target", "vulkan-" + arch, c)));
  }
  {
    Settings one = settings;
    one.runEnv.push_back({"LP_NUM_THREADS", "1"});
    Triage single(*bundle, workDir.str(), one);
    Trial t = single.run("one-thread", "lp1", own);
    NeighbourRun n = neighbour(std::move(t));
    n.target = own.name() + " LP_NUM_THREADS=1";
    e.oneThread = n;
  }
  {
    NeighbourRun n = neighbour(triage.run("rerun", "again", own));
    n.target = own.name() + " (again)";
    e.again = n;
  }
  e.spirv = validateSpirv(own, "program.mlir", workDir, "spirv-check",
                          settings);
  if (fs::exists(knownExecutorPath)) {
    auto known = readKnownExecutor(knownExecutorPath);
    if (!known)
      return known.takeError();
    auto program = readFile(joinPath(bundleDir, "program.mlir"));
    if (!program)
      return program.takeError();
    if (const KnownExecutorEntry *k =
            matchKnownExecutor(*known, own.name(), *program))
      e.knownExecutor = k->id + ": " + k->evidence;
  }
  Attribution a = decideAttribution(e);
  std::string out = joinPath(bundleDir, "attribution.json");
  std::error_code wec;
  llvm::raw_fd_ostream os(out, wec);
  if (wec)
    return llvm::createStringError(out + ": " + wec.message());
  os << llvm::formatv("{0:2}",
                      llvm::json::Value(attributionJSON(e, a)))
     << "\n";
  return a;
}

std::vector<std::string>
vulkanAttributionArches() {
  // The targets that fit lavapipe (subgroup size 8, 32 KiB of shared
  // memory): IREE's own llvmpipe target, and the rdna3 heuristics on
  // lavapipe's limits (docs/gpu.md, "Targets that fit the executor").
  return {"llvmpipe", "rdna3-lavapipe"};
}

//===----------------------------------------------------------------------===//
// difftest attribute
//===----------------------------------------------------------------------===//

int attributeCommand(int argc, char **argv) {
  CommonOptions common;
  cl::opt<std::string> bundleDir(cl::Positional, cl::desc("<bundle dir>"),
                                 cl::Required, cl::cat(common.category));
  cl::opt<std::string> knownExecutor(
      "known-executor",
      cl::desc("lavapipe's known bugs and limits (default: the project's "
               "gpu/known-executor.json)"),
      cl::cat(common.category));
  cl::opt<std::string> workOpt(
      "work", cl::desc("Work directory (default: a fresh temporary one, "
                       "removed afterwards unless --keep)"),
      cl::cat(common.category));
  common.optLevel.setHiddenFlag(cl::ReallyHidden);
  common.ireeFlags.setHiddenFlag(cl::ReallyHidden);
  auto settings = common.parse(
      argc, argv,
      "difftest attribute: whose fault is a vulkan mismatch (spirv-val, the "
      "CPU targets, the other vulkan targets, one lavapipe thread, the "
      "known-executor list); writes BUNDLE/attribution.json\n");
  if (!settings)
    return kInvalid;
  std::string work = workOpt;
  bool temporary = work.empty();
  if (temporary) {
    llvm::SmallString<128> dir;
    if (std::error_code ec = fs::createUniqueDirectory("difftest-attrib", dir)) {
      llvm::errs() << "error: a work directory: " << ec.message() << "\n";
      return kToolError;
    }
    work = dir.str().str();
  }
  std::string known = knownExecutor.empty()
                          ? joinPath(gpu::projectRoot(), "gpu",
                                     "known-executor.json")
                          : knownExecutor.getValue();
  auto a = attributeBundle(bundleDir, work, *settings, known);
  if (temporary && !common.keep)
    fs::remove_directories(work);
  if (!a) {
    llvm::errs() << "error: " << llvm::toString(a.takeError()) << "\n";
    return kInvalid;
  }
  llvm::outs() << "attribution: " << a->conclusion << "\n";
  for (const std::string &r : a->reasons)
    llvm::outs() << "  - " << r << "\n";
  llvm::outs() << "(" << joinPath(bundleDir, "attribution.json") << ")\n";
  return kPass;
}

} // namespace ref::difftest
