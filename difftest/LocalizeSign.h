//===- LocalizeSign.h - Mismatches signed by the guilty dispatch -*- C++ -*-===//
//
// A mismatch bundle is signed by the dispatch whose own output first goes
// wrong (`difftest localize`, docs/localize.md) where localize applies, and
// by its (reduced) program's op set otherwise (docs/nightly.md, "One
// signature per bug").
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_LOCALIZESIGN_H
#define REF_DIFFTEST_LOCALIZESIGN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ref::difftest {

/// What localizing one mismatch bundle gave.
struct LocalizedSignature {
  /// "mismatch|<family>|<ops of the guilty dispatch>" (localizedSignature),
  /// or "" when localize did not name a dispatch.
  std::string signature;
  /// Localize's own summary, or why it did not apply ("localize timed out
  /// after 90 s", "not a mismatch", ...).
  std::string reason;
  /// The guilty dispatch's repro bundle (absolute), when there is one.
  std::string dispatchBundle;
  std::string dispatchName; ///< IREE's name of the guilty dispatch
  /// Whether that dispatch, compiled alone, still fails (else it fails only
  /// in context, and the whole program stays the repro).
  bool failsAlone = false;
  double seconds = 0;       ///< wall time spent
};

/// What a repro bundle records of its case, as localize takes it: the
/// program (`program.mlir`: for a frontend bundle the lowering, at IREE's
/// input phase), the function, the target (a static twin's "+static"
/// dropped), opt level and extra flags (verdict.json), the --input values
/// of repro.sh's iree-run-module line and the --parameters values of
/// parameters.json (an uncopied archive checked against its sha256), every
/// path absolute. Errors name the file that is missing or unreadable.
struct BundleCase {
  std::string program, function, target, optLevel, verdict;
  std::vector<std::string> extraFlags, inputs, parameters;
  /// verdict.json's "needs_flags": the localized signature ends in them.
  std::vector<std::string> needsFlags;
};
llvm::Expected<BundleCase> readBundleCase(llvm::StringRef bundleDir);

/// Runs `SELF localize` on the bundle's program, function, target, opt
/// level, flags and inputs (from verdict.json and repro.sh) into `outDir`
/// (its log is `outDir`.log), within `timeoutSeconds`. `childOptions` are
/// passed on (--iree-dir=, timeouts, memory limit).
LocalizedSignature localizeMismatch(llvm::StringRef self,
                                    llvm::StringRef bundleDir,
                                    llvm::StringRef outDir,
                                    double timeoutSeconds,
                                    llvm::ArrayRef<std::string> childOptions);

/// `difftest sign BUNDLE...`: each bundle's bug signature as the nightly
/// gives it to a mismatch (localize, else the program's op set; other
/// verdicts by their recorded message, without the nightly's recompile).
int signCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_LOCALIZESIGN_H
