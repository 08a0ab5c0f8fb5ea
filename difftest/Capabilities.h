//===- Capabilities.h - What the IREE in use accepts ------------*- C++ -*-===//
//
// Version-aware generation. The generator speaks the newest IREE; an older
// (or patched) release may not know an op family or a syntax form. On first
// use of an IREE, keyed by its version line (`iree-compile --version`: the
// release and the commit), every registered recipe gets a probe: a module
// of a few small programs drawn with that recipe only (fixed seeds, static
// and dynamic shapes), compiled with `iree-compile --compile-to=input`. A
// recipe whose probe the compiler rejects with a diagnostic is unsupported:
// the campaign does not draw it. The set is cached as JSON (see
// capabilityCacheDir) with the probe programs' hash, so a new generator
// probes again.
//
// What counts as "cannot take the input": iree-compile --compile-to=input
// exits with a diagnostic (a CompileError, not a crash or a timeout). That
// phase parses, verifies and runs the input conversion, which is a no-op
// for the linalg / tensor / iree_linalg_ext programs we emit, so a
// rejection there is the release's op definitions differing from the
// generator's (an unknown custom op, a region or attribute spelled
// differently), never a codegen bug. Crashes and timeouts at that phase
// stay findings. The same rule makes a compile error of a case
// `unsupported-input` (inputRejection, used by compileTarget): not a
// finding, no signature. Except for StableHLO programs, whose input
// conversion is real work (and under test): one the release's iree-opt
// parses and verifies is taken, so its error at that phase is a finding.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_CAPABILITIES_H
#define REF_DIFFTEST_CAPABILITIES_H

#include "fuzz/Program.h"
#include "ireetools/IreeTools.h"
#include "ireetools/Process.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace ref::difftest {

struct Capabilities {
  /// The compiler's version line ("IREE compiler version 3.4.0rc20250430 @
  /// aacf93a..."), the key of the cache.
  std::string version;
  /// Hash of the probe programs (a changed generator probes again).
  std::string probeHash;
  /// Op kind name -> the first error of its probe, for the kinds the
  /// compiler rejected.
  std::map<std::string, std::string> rejected;
  /// Op kind names the compiler accepted.
  std::set<std::string> accepted;
  /// The cache file it was read from or written to ("" if none).
  std::string file;
  bool fromCache = false;

  bool accepts(fuzz::OpKind k) const;
  /// The kinds to leave out of generation (GenOptions::unsupported).
  std::set<fuzz::OpKind> unsupportedKinds() const;
};

/// Where capability sets are cached: $DIFFTEST_CACHE_DIR/capabilities, else
/// $XDG_CACHE_HOME/iree-difftest/capabilities, else
/// ~/.cache/iree-difftest/capabilities.
std::string capabilityCacheDir();

/// The cache file of a version line: <dir>/<release>-<commit prefix>.json.
std::string capabilityCacheFile(llvm::StringRef versionLine);

/// The probe module of one op kind (functions @probe_<kind>_<i>).
std::string probeProgram(fuzz::OpKind k);

/// The capability set of the IREE `tools`: from the cache when it holds
/// one for this version and these probe programs (unless `refresh`), else
/// probed (each kind's module compiled with --compile-to=input under
/// `limits`) and cached. An error only when a probe could not run at all.
llvm::Expected<Capabilities> probeCapabilities(const gpu::IreeTools &tools,
                                               const gpu::ProcessLimits &limits,
                                               bool refresh = false);

/// Whether the compiler rejects `program` (relative to `workDir`) at
/// --compile-to=input with a diagnostic: its first error line, else nullopt
/// (accepted, or failed otherwise: a crash or timeout is no input problem).
/// The run's log goes to `logPath` when given.
std::optional<std::string> inputRejection(const gpu::IreeTools &tools,
                                          llvm::StringRef program,
                                          llvm::StringRef workDir,
                                          const gpu::ProcessLimits &limits,
                                          llvm::StringRef logPath = "");

/// The release of a version line ("3.4.0rc20250430"), "" if none.
std::string releaseOf(llvm::StringRef versionLine);

} // namespace ref::difftest

#endif // REF_DIFFTEST_CAPABILITIES_H
