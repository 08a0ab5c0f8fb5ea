//===- Triage.h - From a failure to a filed bug -------------------*- C++ -*-===//
//
// difftest reduce: shrink a failing repro while it keeps its signature.
// difftest triage: flag and version bisection of a failure.
// difftest replay: re-run the corpus (goldens and recorded expectations).
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_TRIAGE_H
#define REF_DIFFTEST_TRIAGE_H

#include "difftest/Run.h"

#include "llvm/Support/Error.h"

namespace ref::difftest {

/// difftest reduce BUNDLE|PROGRAM.mlir --out=DIR [interestingness options]
int reduceCommand(int argc, char **argv);

/// difftest triage BUNDLE [--versions=A,B]
int triageCommand(int argc, char **argv);

/// Re-runs a repro bundle in its own configuration (target, opt level,
/// flags) with the IREE of `settings`, in `workDir` (replaced).
struct BundleRerun {
  bool reproduces = false; ///< the same failure (any target name)
  bool passes = false;     ///< it passes (a compile failure: it compiles)
  bool toolError = false;  ///< the environment failed
  std::string words;       ///< "same failure", "passes", "other outcome (...)"
};
llvm::Expected<BundleRerun> rerunBundle(llvm::StringRef bundleDir,
                                        llvm::StringRef workDir,
                                        const Settings &settings);

/// Installs IREE release `version` (both wheels) as a virtualenv in `dir`.
llvm::Error installIreeRelease(llvm::StringRef version, llvm::StringRef dir,
                               double timeoutSeconds);

/// difftest replay CORPUS_DIR... [--target=...]
int replayCommand(int argc, char **argv);

/// difftest conformance onnx --out=DIR [...] (difftest/conformance/)
int conformanceCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_TRIAGE_H
