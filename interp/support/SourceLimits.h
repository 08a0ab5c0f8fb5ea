//===- SourceLimits.h - Refusing program text the parser cannot survive ---===//
//
// MLIR's parser is recursive descent: every nested region, attribute list,
// dense literal or type adds stack frames, and a few ten thousand levels of
// `[[[[...` or nested regions overflow the stack (a crash, not a
// diagnostic). Tools that take untrusted text check its nesting first and
// refuse it with a location instead.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_SOURCELIMITS_H
#define REF_SUPPORT_SOURCELIMITS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace ref {

/// Deepest nesting of brackets, braces, parentheses and angle brackets the
/// tools accept (real programs stay far below: tensor ranks, region depth).
constexpr unsigned kMaxSourceNesting = 256;

/// The offset of the first opening bracket that nests deeper than
/// `maxDepth` in MLIR text, or nullopt. String literals and `//` comments are
/// skipped; `->` is not a closing angle bracket. Each kind of bracket is
/// counted on its own and the depths added, so stray closers of one kind
/// cannot hide the openers of another.
std::optional<size_t> findExcessiveNesting(llvm::StringRef text,
                                           unsigned maxDepth = kMaxSourceNesting);

/// Text that MLIR 22's own parsers crash on instead of reporting: the custom
/// syntax `) dimensions = [...]` / `) permutation = [...]` of linalg.reduce,
/// linalg.broadcast and linalg.transpose stores a null attribute when the
/// list does not parse (a malformed element, a trailing comma, a value past
/// i64) and dereferences it. Returns the offset of the first such list that
/// is not `[` integers separated by commas `]`, or nullopt.
std::optional<size_t> findUnparsableLinalgDims(llvm::StringRef text);

/// A problem found in program text before parsing it, and where.
struct SourceProblem {
  size_t offset;
  std::string message;
};
/// Runs the checks above; the message is a complete diagnostic text.
std::optional<SourceProblem> checkSourceText(llvm::StringRef text);

} // namespace ref

#endif // REF_SUPPORT_SOURCELIMITS_H
