//===- IreeTools.h - Finding and asking the installed IREE -------*- C++ -*-===//
//
// Where iree-compile and iree-run-module are, which version they are, which
// flags the compiler accepts and which devices the runtime sees. Search
// order: --iree-dir, $DIFFTEST_IREE_DIR, the project's virtualenv (.venv,
// pinned by gpu/iree-version.txt), then PATH. A directory may hold the tools
// directly (an IREE build's tools/ or bin/), or be a virtualenv or
// site-packages with the iree-base-compiler/runtime wheels, whose native
// binaries are used directly (no Python start-up per call).
//
//===----------------------------------------------------------------------===//

#ifndef REF_IREETOOLS_IREETOOLS_H
#define REF_IREETOOLS_IREETOOLS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace ref::gpu {

struct IreeTools {
  std::string compile;   // iree-compile
  std::string runModule; // iree-run-module
  std::string where;     // how they were found, for messages

  /// Finds the tools. `dir` is --iree-dir (may be empty); `projectRoot` is
  /// where .venv lives.
  static llvm::Expected<IreeTools> find(llvm::StringRef dir,
                                        llvm::StringRef projectRoot);

  /// "IREE compiler version 3.13.0rc20261016 @ 89ece87..." (first line of
  /// iree-compile --version), cached.
  const std::string &compilerVersion() const;
  /// iree-compile --help-hidden, cached: the flags it accepts.
  const std::string &compilerHelp() const;
  /// Whether iree-run-module --list_devices shows a device of `driver`
  /// ("local-task" always), cached per driver.
  bool hasDevice(llvm::StringRef driver) const;
  /// The --list_devices output, cached.
  const std::string &deviceList() const;

private:
  struct Cache {
    std::once_flag versionOnce, helpOnce, devicesOnce;
    std::string version, help, devices;
  };
  std::shared_ptr<Cache> cache = std::make_shared<Cache>();
};

/// The project's source root (where .venv and gpu/targets.json live), from
/// the build's configuration.
llvm::StringRef projectRoot();

} // namespace ref::gpu

#endif // REF_IREETOOLS_IREETOOLS_H
