//===- Run.h - difftest run: one program against IREE's targets -*- C++ -*-===//

#ifndef REF_DIFFTEST_RUN_H
#define REF_DIFFTEST_RUN_H

#include "difftest/Common.h"
#include "ireetools/IreeTools.h"
#include "gpu/Targets.h"
#include "oracle/Oracle.h"

#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

/// What every subcommand that compiles and runs takes.
struct Settings {
  gpu::ProcessLimits compileLimits, runLimits, interpLimits;
  OracleOptions oracle;
  const gpu::IreeTools *tools = nullptr;
  const gpu::TargetTable *table = nullptr;
  bool keepPassing = false; // keep work directories of passing cases
  /// Variables set for every iree-run-module (attribution reruns lavapipe
  /// with LP_NUM_THREADS=1).
  std::vector<std::pair<std::string, std::string>> runEnv;
  /// Audits only (--judge-subgroup-mismatch): run and judge a target whose
  /// subgroup size the device lacks, which is otherwise compiled only. Its
  /// failures are the executor's mismatch with the target, never IREE's.
  bool judgeSubgroupMismatch = false;
};

/// The result of one target of one case.
struct TargetResult {
  std::string target;
  gpu::Verdict verdict = gpu::Verdict::ToolError;
  std::string detail;
  std::string signature;
  double compileSeconds = 0, runSeconds = 0;
  std::string bundle; // where the repro bundle went, for failures
};

/// The program a derived architecture compiles (in the target's
/// directory): the case's, with the device-derived #iree_gpu.target.
inline constexpr const char *kDerivedProgram = "program.target.mlir";

/// Writes the derived program of `config` (vulkan:rdna3-lavapipe) for
/// `program` into `subdir`, returning its path relative to `workDir`.
llvm::Expected<std::string> derivedProgram(const gpu::TargetConfig &config,
                                           llvm::StringRef program,
                                           llvm::StringRef workDir,
                                           llvm::StringRef subdir,
                                           const Settings &settings);

/// Compiles `program` (a path relative to `workDir`) for `config` into
/// `<subdir>/module.vmfb` (leaving compile.log there). Pass when it compiled.
TargetResult compileTarget(const gpu::TargetConfig &config,
                           llvm::StringRef program, llvm::StringRef workDir,
                           llvm::StringRef subdir, const Settings &settings);

/// Runs and judges a case with a compiled `module` (relative to `workDir`)
/// if this machine has the device (CompiledOnly otherwise); outputs and
/// run.log / compare.log go to `subdir`. `res` carries the compile time.
TargetResult runCompiled(const gpu::TargetConfig &config,
                         llvm::StringRef module, const gpu::CaseSpec &golden,
                         llvm::StringRef workDir, llvm::StringRef subdir,
                         const Settings &settings, TargetResult res);

/// compileTarget then runCompiled.
TargetResult runTarget(const gpu::TargetConfig &config,
                       llvm::StringRef program, const gpu::CaseSpec &golden,
                       llvm::StringRef workDir, llvm::StringRef subdir,
                       const Settings &settings);

/// Runs a tool and leaves its command line, outcome and output in logPath.
gpu::ProcessResult runLogged(llvm::ArrayRef<std::string> argv,
                             const gpu::ProcessLimits &limits,
                             const gpu::RunOptions &opts,
                             llvm::StringRef logPath);

/// The compile command of a configuration (argv), for running and for
/// repro scripts. Paths are relative to the work directory.
llvm::Expected<std::vector<std::string>>
compileCommand(const gpu::TargetConfig &config, llvm::StringRef program,
               llvm::StringRef output, const Settings &settings);

/// Copies the case (program, inputs, goldens) and one target's directory
/// into a self-contained bundle with repro.sh and verdict.json. An existing
/// bundle of that name is replaced when `replace`, else the name gets a
/// suffix.
llvm::Expected<std::string>
writeBundle(llvm::StringRef bundlesDir, llvm::StringRef name,
            llvm::StringRef workDir, llvm::StringRef subdir,
            const gpu::CaseSpec &c, const gpu::TargetConfig &config,
            const TargetResult &result, const Settings &settings,
            llvm::StringRef goldenCommand, bool replace = false);

/// Adds "needs_flags" to a bundle's verdict.json: the failure goes away
/// (or becomes another) without these flags.
llvm::Error recordNeededFlags(llvm::StringRef bundleDir,
                              llvm::ArrayRef<std::string> flags);

/// One verdict line: "llvm-cpu: pass (compile 0.41 s, run 0.01 s)".
std::string verdictLine(const TargetResult &r);

int runCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_RUN_H
