//===- Attribution.cpp - attributing a vulkan bundle ----------------------===//
//
// spirv-val over a compile's SPIR-V modules, and `difftest attribute`. The
// re-runs of the bundle's case live with triage (TriageCmd.cpp,
// attributeBundle), which already knows how to run a bundle on another
// configuration; the rule is AttributionRule.cpp's.
//
//===----------------------------------------------------------------------===//

#include "difftest/Attribution.h"

#include "difftest/Common.h"
#include "difftest/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;

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
