//===- Targets.h - IREE targets as descriptions -----------------*- C++ -*-===//
//
// A target is data (gpu/targets.json, compiled in; another file can be
// given): the iree-compile flags that select it and the iree-run-module
// device that runs it. A configuration adds the architecture, the
// optimization level and extra compiler flags. Flag spellings are resolved
// against the installed compiler's --help-hidden text, so a renamed flag
// (--iree-hip-target became --iree-rocm-target) picks what exists.
//
//===----------------------------------------------------------------------===//

#ifndef REF_GPU_TARGETS_H
#define REF_GPU_TARGETS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <map>
#include <string>
#include <vector>

namespace ref::gpu {

/// A limit of an executor that no device query shows (targets.json
/// `executor_limits`, keyed by the device's driver name).
struct ExecutorLimitDesc {
  int64_t loopIterations = 0; // 0: none
  std::string why;
};

/// One target as described in targets.json.
struct TargetDesc {
  std::string name;
  std::string description;
  /// iree-run-module --device= value; also the driver name looked up in
  /// --list_devices.
  std::string device;
  bool compileOnly = false;
  /// Whether a run checks the device can take the target
  /// (gpu/Device.h): subgroup sizes, limits.
  bool checkDevice = false;
  /// Architectures derived from the device on this machine: arch name ->
  /// the family whose heuristics it keeps ("rdna3-lavapipe" -> "rdna3").
  std::map<std::string, std::string> derivedArchs;
  std::map<std::string, ExecutorLimitDesc> executorLimits;
  std::string defaultArch;
  std::string archPattern;
  /// Each entry: alternatives of flag lists (a plain flag has one).
  std::vector<std::vector<std::vector<std::string>>> compileFlags;
};

struct TargetTable {
  std::map<std::string, TargetDesc> targets;
  std::vector<std::vector<std::vector<std::string>>> commonFlags;

  /// The built-in table (gpu/targets.json).
  static const TargetTable &builtin();
  /// Parses a table; errors name the file and the field.
  static llvm::Expected<TargetTable> parse(llvm::StringRef json,
                                           llvm::StringRef fileName);
  static llvm::Expected<TargetTable> load(llvm::StringRef path);
};

/// A target with its architecture, optimization level and extra flags.
struct TargetConfig {
  const TargetDesc *desc = nullptr;
  std::string arch;
  int optLevel = 0;
  std::vector<std::string> extraFlags;

  /// "llvm-cpu", "cuda:sm_90": how verdict lines and signatures name it.
  std::string name() const;
  /// The family of an architecture derived from the device ("rdna3" for
  /// vulkan:rdna3-lavapipe), "" for any other.
  std::string derivedFamily() const;
};

/// Parses "llvm-cpu,cuda:sm_80,hip:gfx1100" (an optional ":arch" per
/// target; the default architecture otherwise).
llvm::Expected<std::vector<TargetConfig>>
parseTargetList(llvm::StringRef list, const TargetTable &table, int optLevel,
                llvm::ArrayRef<std::string> extraFlags);

/// Parses "O0".."O3" (or "0".."3").
llvm::Expected<int> parseOptLevel(llvm::StringRef text);

/// Whether `flag` (e.g. "--iree-rocm-target=gfx942") is accepted by the
/// compiler whose --help-hidden text is `helpText`. An empty help text
/// accepts everything (used when probing is impossible).
bool compilerAcceptsFlag(llvm::StringRef helpText, llvm::StringRef flag);

/// The iree-compile flags of a configuration (target, common, extra), each
/// alternative resolved against the compiler's help text.
llvm::Expected<std::vector<std::string>>
compileFlags(const TargetConfig &config, const TargetTable &table,
             llvm::StringRef helpText);

} // namespace ref::gpu

#endif // REF_GPU_TARGETS_H
