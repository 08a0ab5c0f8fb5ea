//===- Options.h - Command-line options shared by subcommands ----*- C++ -*-===//
//
// Each subcommand constructs its options as locals before parsing (llvm::cl
// registers options on construction), so one process sees only the options
// of the subcommand it runs.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_OPTIONS_H
#define REF_DIFFTEST_OPTIONS_H

#include "difftest/Run.h"

#include "llvm/Support/CommandLine.h"

#include <optional>

namespace ref::difftest {

struct CommonOptions {
  llvm::cl::OptionCategory category{"difftest options"};
  gpu::IreeTools toolsStorage;
  gpu::TargetTable tableStorage;
  llvm::cl::opt<std::string> ireeDir{
      "iree-dir",
      llvm::cl::desc("Where IREE's tools are: an IREE build or install "
                     "(tools/, bin/), or a virtualenv with the "
                     "iree-base-compiler/runtime wheels (default: "
                     "$DIFFTEST_IREE_DIR, the project's .venv, PATH)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> targetsFile{
      "targets-file",
      llvm::cl::desc("A target table to use instead of the built-in "
                     "gpu/targets.json"),
      llvm::cl::cat(category)};
  llvm::cl::opt<std::string> optLevel{
      "opt-level", llvm::cl::desc("IREE optimization level O0..O3"),
      llvm::cl::init("O0"), llvm::cl::cat(category)};
  llvm::cl::list<std::string> ireeFlags{
      "iree-flag",
      llvm::cl::desc("An extra iree-compile flag (repeatable), e.g. "
                     "--iree-flag=--iree-dispatch-creation-topk-split-"
                     "reduction=2"),
      llvm::cl::cat(category)};
  llvm::cl::opt<double> compileTimeout{
      "compile-timeout", llvm::cl::desc("Seconds per iree-compile call"),
      llvm::cl::init(300), llvm::cl::cat(category)};
  llvm::cl::opt<double> runTimeout{
      "run-timeout", llvm::cl::desc("Seconds per iree-run-module call"),
      llvm::cl::init(60), llvm::cl::cat(category)};
  llvm::cl::opt<double> interpTimeout{
      "interp-timeout", llvm::cl::desc("Seconds per interpreter call"),
      llvm::cl::init(300), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> memoryLimit{
      "memory-limit",
      llvm::cl::desc("Address-space limit (RLIMIT_AS) of each subprocess "
                     "(e.g. 16G; 0: none)"),
      llvm::cl::init("32G"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> compileMemoryLimit{
      "compile-memory-limit",
      llvm::cl::desc("Resident memory of each iree-compile call (its process "
                     "group; e.g. 4G; 0: none): past it the compiler is "
                     "killed and the verdict is compiler-oom"),
      llvm::cl::init("8G"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> maxFileSize{
      "max-file-size",
      llvm::cl::desc("The largest file a subprocess may write (RLIMIT_FSIZE, "
                     "e.g. 2G; 0: no limit): a compiler writing past it is "
                     "a crash, not a full disk"),
      llvm::cl::init("2G"), llvm::cl::cat(category)};
  llvm::cl::list<std::string> tolerances{
      "tolerance",
      llvm::cl::desc("Oracle tolerance override, e.g. f32:ulps=16,atol=1e-5 "
                     "(repeatable)"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> strictSignedZeros{
      "strict-signed-zeros",
      llvm::cl::desc("Treat +0 and -0 as different values"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> keep{
      "keep", llvm::cl::desc("Keep the work directories of passing cases"),
      llvm::cl::cat(category)};
  llvm::cl::opt<bool> judgeSubgroupMismatch{
      "judge-subgroup-mismatch",
      llvm::cl::desc("Audits only: run and judge a target whose subgroup "
                     "size the device lacks (vulkan:rdna3 on lavapipe) "
                     "instead of compiling it only; its failures are the "
                     "executor's, never IREE's"),
      llvm::cl::Hidden, llvm::cl::cat(category)};

  /// Resolves tools, the target table and limits. Prints the error and
  /// returns nullopt on failure.
  std::optional<Settings> settings(gpu::IreeTools &toolsStorage,
                                   gpu::TargetTable &tableStorage);
  /// Parses the command line (showing only this category's options), then
  /// settings() with the tools and table kept in this object.
  std::optional<Settings> parse(int argc, char **argv, const char *overview);
  /// The configurations of a --target list with --opt-level and
  /// --iree-flag. Prints the error and returns nullopt on failure.
  std::optional<std::vector<gpu::TargetConfig>>
  targetConfigs(llvm::StringRef list, const Settings &settings);
};

/// The command line of a subcommand that works on exactly one target
/// (localize, export): the common options and --target, parsed and resolved
/// into the settings and that target's configuration.
struct OneTargetOptions : CommonOptions {
  llvm::cl::opt<std::string> target;
  /// An empty `defaultTarget` makes --target required.
  OneTargetOptions(const char *targetDesc, const char *defaultTarget);
  struct Parsed {
    Settings settings;
    gpu::TargetConfig config;
  };
  /// parse() and targetConfigs(), then checks --target named one target
  /// (printing "error: `oneTargetError`" when it named several). Prints the
  /// error and returns nullopt on failure (exit kInvalid).
  std::optional<Parsed> parseOneTarget(int argc, char **argv,
                                       const char *overview,
                                       llvm::StringRef oneTargetError);
};

} // namespace ref::difftest

#endif // REF_DIFFTEST_OPTIONS_H
