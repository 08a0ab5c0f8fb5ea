//===- KnownIssues.h - known-issues.toml: bugs the team knows ----*- C++ -*-===//
//
// The file the team edits to say which bug signatures are known IREE bugs,
// with the issue that tracks each. A small TOML subset: comments (#),
// arrays of tables `[[issue]]`, and `key = "string"` (basic strings with
// \" \\ \n \t escapes, or 'literal' strings):
//
//   [[issue]]
//   match = "mismatch|cpu|iree_linalg_ext.gather"   # substring of a signature
//   url = "https://github.com/iree-org/iree/issues/NNNNN"
//   title = "gather with a 3-cycle dimension_map reads the wrong element"
//   note = "found by ..., minimized in corpus/repros/..."
//
// `match` (required) is a substring of the bug signature (Signature.h) or of
// the campaign's own failure signature, where `*` stands for any text
// ("compiler-crash|-|*iree_linalg_ext.scatter*|out of memory"); `verdict`
// (optional) must equal the failure's verdict. The first entry that
// matches wins.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_KNOWNISSUES_H
#define REF_DIFFTEST_KNOWNISSUES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ref::difftest {

struct KnownIssue {
  std::string match, verdict, url, title, note;
  unsigned line = 0; // where the entry starts in the file
};

/// Parses the text of a known-issues file; errors say "FILE:LINE: ...".
llvm::Expected<std::vector<KnownIssue>>
parseKnownIssues(llvm::StringRef text, llvm::StringRef fileName);

/// Whether `pattern` ('*' for any text) occurs in `text`.
bool globContains(llvm::StringRef text, llvm::StringRef pattern);

/// The first entry matching a failure (its bug signature, its campaign
/// signature and its verdict), or nullptr.
const KnownIssue *findKnownIssue(const std::vector<KnownIssue> &issues,
                                 llvm::StringRef bugSignature,
                                 llvm::StringRef rawSignature,
                                 llvm::StringRef verdict);

} // namespace ref::difftest

#endif // REF_DIFFTEST_KNOWNISSUES_H
