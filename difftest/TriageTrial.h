//===- TriageTrial.h - re-running a repro bundle's case ----------*- C++ -*-===//
//
// A repro bundle (verdict.json, program.mlir, inputs/, golden/) loaded, and
// its case re-run under a configuration next to its own, each outcome
// classified against the bundle's failure: what `difftest triage` (flag and
// version bisection), `difftest attribute` and the nightly's rerun share.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_TRIAGETRIAL_H
#define REF_DIFFTEST_TRIAGETRIAL_H

#include "difftest/Run.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ref::difftest::triage {

struct Bundle {
  std::string dir;
  std::string verdict, target, signature, detail, function, ireeVersion;
  int optLevel = 0;
  std::vector<std::string> extraFlags;
  /// Paths relative to the bundle (and to the work directory, which holds
  /// a copy of program.mlir, inputs/ and golden/).
  gpu::CaseSpec spec;
};

llvm::Expected<Bundle> loadBundle(llvm::StringRef dir);

/// The bundle's one target configuration, as verdict.json records it.
llvm::Expected<gpu::TargetConfig> bundleConfig(const Bundle &b,
                                               const Settings &settings);

/// Copies the bundle's case (program.mlir, inputs/, golden/) into
/// `workDir`, where every trial runs it.
llvm::Error copyCase(const Bundle &b, llvm::StringRef workDir);

/// Predates: the release cannot take the program as input (an op or syntax
/// form newer than it: unsupported-input), so it says nothing about the bug.
/// FrontendFails: the release's own frontend does not import or lower the
/// frontend program (triage of a frontend file), so it says nothing about
/// the bug either.
enum class Outcome {
  Same,
  Passes,
  Other,
  NotRun,
  Unsupported,
  Predates,
  FrontendFails
};

llvm::StringRef outcomeName(Outcome o);

struct Trial {
  std::string kind;  // baseline, opt-level, drop-flag, drop-flags, target,
                     // version
  std::string label; // "O2", "--iree-opt-data-tiling", "vmvx", "3.12.0"
  gpu::TargetConfig config;
  std::string ireeDir, ireeVersion;
  TargetResult result;
  Outcome outcome = Outcome::Other;
  std::string note;
  double installSeconds = -1; // versions installed by this run
  std::string subdir;         // its work subdirectory (outputs in actual/)
};

Outcome classify(const Bundle &b, const TargetResult &r);

/// What a trial did, in a few words: "passes", "same failure",
/// "other outcome (compile-error: ...)", "compiles; not run (no cuda device)".
std::string trialWords(const Trial &t);

std::string optName(int level);

/// A trial as triage.json records it.
llvm::json::Object trialJSON(const Trial &t);

/// Runs trials of one bundle's case, each in its own subdirectory of
/// `workDir` (which holds the copy of the case: copyCase).
class Triage {
public:
  Triage(const Bundle &b, std::string workDir, const Settings &base)
      : bundle(b), workDir(std::move(workDir)), base(base) {}

  /// Runs `config` with `tools` (the default ones when null), on
  /// `programDir`/program.mlir when given (a release's own lowering).
  Trial run(std::string kind, std::string label, gpu::TargetConfig config,
            const gpu::IreeTools *tools = nullptr,
            const std::string &programDir = "");

private:
  static std::string sanitize(llvm::StringRef s) {
    std::string o;
    for (char c : s)
      o += llvm::isAlnum(c) || c == '.' || c == '_' || c == '-' ? c : '_';
    if (o.size() > 60)
      o.resize(60);
    return o;
  }
  const Bundle &bundle;
  std::string workDir;
  const Settings &base;
  unsigned counter = 0;
};

} // namespace ref::difftest::triage

#endif // REF_DIFFTEST_TRIAGETRIAL_H
