//===- FlagSpace.h - The compiler flags a campaign draws from ----*- C++ -*-===//
//
// A campaign adds one extra iree-compile flag to some batches, each flag a
// configuration that turns on an optional rewrite (data tiling, ukernels,
// split reductions, aggressive fusion, ...). The flags come from IREE
// itself: the `compiler_flags` of the test suites in an IREE source
// checkout's `tests/e2e/**/BUILD.bazel`, read in place (never copied), each
// kept with the target backends of the suites that use it. Flags that would
// change the target or the program's meaning rather than the compiler's
// path (target selection, input type and demotion, opt level, preprocessing
// pipelines) are left out with the reason, and so are those the IREE in use
// does not have (`iree-compile --help-hidden`), counted. Without a checkout
// the built-in list below serves.
//
// MLIR-free: text only, unit-tested on a BUILD.bazel fixture.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_FLAGSPACE_H
#define REF_DIFFTEST_FLAGSPACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace ref::difftest {

/// One `compiler_flags` entry of a Bazel test suite.
struct BazelFlagUse {
  std::string flag;
  /// The suite's target backends as Bazel names them ("llvm-cpu",
  /// "vulkan-spirv", "rocm", ...); empty when the suite names none.
  std::vector<std::string> backends;
  std::string suite; ///< the suite's `name`, when a literal
};

/// What one BUILD.bazel file gives: the flags of every rule call with a
/// `compiler_flags` argument, and the entries that are no literal flag
/// (`"--x=%s" % var`, a variable): counted, not used. A `"--x=%s" % ("a" if c
/// else "b")` gives both spellings.
struct BazelFlags {
  std::vector<BazelFlagUse> uses;
  unsigned templated = 0;
};
BazelFlags parseBazelCompilerFlags(llvm::StringRef text);

/// A flag a batch may draw.
struct FlagChoice {
  std::string flag;
  /// Our target names it applies to (llvm-cpu, vmvx, vulkan, cuda, hip);
  /// empty: every target.
  std::vector<std::string> targets;
  /// Why it is in the list: the built-in reason, or the files and suites
  /// that use it.
  std::string why;
};

/// The flags a campaign draws from, and what was left out and why.
struct FlagSpace {
  std::string source; ///< "built-in" or the checkout's path
  std::vector<FlagChoice> flags;
  unsigned files = 0;      ///< BUILD.bazel files read
  unsigned occurrences = 0; ///< literal compiler_flags entries read
  unsigned templated = 0;  ///< entries that are no literal flag
  /// Flags left out by policy, with the reason.
  std::vector<std::pair<std::string, std::string>> excluded;
  /// Flags the IREE in use lacks (dropped by dropUnsupported).
  std::vector<std::string> unsupported;
};

/// The built-in list (the campaign's list before flags came from IREE).
FlagSpace builtinFlagSpace();

/// Bazel's backend name as our target name: vulkan-spirv -> vulkan, rocm ->
/// hip; the others are the same.
std::string targetForBackend(llvm::StringRef bazelBackend);

/// Why a flag from IREE's suites is not a configuration to draw (it selects
/// the target, changes the program's meaning, or is the batch's own opt
/// level); "" when it is one.
std::string exclusionReason(llvm::StringRef flag);

/// Reads `IREE_SRC/tests/e2e/**/BUILD.bazel`. An error when the directory
/// is missing or has no BUILD.bazel file with compiler_flags.
llvm::Expected<FlagSpace> loadFlagSpace(llvm::StringRef ireeSrc);

/// Drops the flags `accepts` says no to (the compiler in use lacks them),
/// recording them in `unsupported`.
void dropUnsupported(FlagSpace &space,
                     const std::function<bool(llvm::StringRef)> &accepts);

/// Whether a drawn flag applies to a target (by its targets.json name).
bool flagApplies(const FlagChoice &f, llvm::StringRef targetName);

/// A one-line account: "42 flags from /work/iree-src (16 files, 80 entries;
/// 9 left out: ...; 2 unsupported by this IREE: ...)".
std::string describeFlagSpace(const FlagSpace &space);

/// The drawable list as text ("flag\ttargets\twhy" lines; targets
/// comma-separated, "*" for all), kept in the campaign database so that
/// --resume and merge draw from the same list; and back.
std::string serializeFlags(const std::vector<FlagChoice> &flags);
std::vector<FlagChoice> parseSerializedFlags(llvm::StringRef text);

} // namespace ref::difftest

#endif // REF_DIFFTEST_FLAGSPACE_H
