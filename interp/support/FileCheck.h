//===- FileCheck.h - The FileCheck subset of IREE's lit tests ---*- C++ -*-===//
//
// Matches a tool's output against the check directives of a test file the
// way LLVM's FileCheck does, for the directives IREE's e2e lit tests use:
//   CHECK:        the pattern occurs after the previous match
//   CHECK-NEXT:   ... on the line right after the previous match's line
//   CHECK-SAME:   ... on the same line as the previous match
//   CHECK-EMPTY:  the next line is empty
//   CHECK-NOT:    the pattern does not occur between the surrounding matches
//   CHECK-DAG:    a run of DAG patterns matches in any order (no overlaps)
//   CHECK-LABEL:  labels are matched first, in order; they cut the output
//                 into blocks, and the checks between two labels only look
//                 inside their block
// Patterns are literal text with `{{regex}}` (POSIX extended, as
// llvm::Regex) and `[[VAR:regex]]` / `[[VAR]]` (define a variable from the
// match, use its text). Horizontal whitespace runs compare as one space and a
// pattern's leading and trailing whitespace is ignored (FileCheck's default,
// without --strict-whitespace). Numeric variables (`[[#...]]`), `@LINE` and
// CHECK-COUNT are refused with an error rather than misread.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_FILECHECK_H
#define REF_SUPPORT_FILECHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ref {

struct FileCheckResult {
  bool ok = false;
  /// Empty on success; otherwise FileCheck-style lines naming the check's
  /// line in the test file and the output line where the search started,
  /// e.g. "file.mlir:7: error: CHECK: expected string not found in input".
  std::string message;
  /// Directives matched (or verified absent, for CHECK-NOT).
  unsigned numChecked = 0;
};

/// Runs the directives found in `checkText` (lines of the test file, named
/// `checkName` in messages) with the given prefixes (FileCheck's
/// --check-prefixes; "CHECK" by default) against `input`. A file without any
/// directive of these prefixes fails, as FileCheck does.
FileCheckResult runFileCheck(llvm::StringRef checkText,
                             llvm::StringRef checkName, llvm::StringRef input,
                             llvm::ArrayRef<std::string> prefixes = {"CHECK"});

} // namespace ref

#endif // REF_SUPPORT_FILECHECK_H
