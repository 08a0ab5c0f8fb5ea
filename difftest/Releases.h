//===- Releases.h - IREE releases from PyPI -----------------------*- C++ -*-===//
//
// Release numbers ("3.12.0") and their order, and the releases PyPI has for
// IREE's wheels. installIreeRelease (Triage.h) makes one a virtualenv.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_RELEASES_H
#define REF_DIFFTEST_RELEASES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ref::difftest {

/// Numeric parts of "3.12.0"; nullopt for pre-releases and anything else.
std::optional<std::vector<int>> versionParts(llvm::StringRef v);

/// Whether a compiler version line ("IREE compiler version 3.13.0rc20261016
/// @ 89ece87b") is release `v` (3.13.0).
bool isRelease(llvm::StringRef versionLine, llvm::StringRef v);

/// Release order of two release numbers (both must be versionParts').
bool versionLess(const std::string &a, const std::string &b);

/// Released versions of a PyPI package (no pre-releases), oldest first.
llvm::Expected<std::vector<std::string>> pypiVersions(llvm::StringRef package);

} // namespace ref::difftest

#endif // REF_DIFFTEST_RELEASES_H
