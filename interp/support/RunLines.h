//===- RunLines.h - The lit RUN lines of IREE's e2e tests -------*- C++ -*-===//
//
// IREE's lit tests say how to run them in `// RUN:` lines, e.g.
//   // RUN: iree-run-mlir --Xcompiler,iree-hal-target-device=local %s \
//   // RUN:   --input=2x3xi64 | FileCheck %s
// `ref-run --check` runs each such line's function on the interpreter and
// matches the printed results against the file's CHECK lines. This file turns
// a RUN line into a plan: which function with which --input values, and
// whether (and with which prefixes) FileCheck judges the output. Compiler
// flags are ignored (the interpreter's semantics are the reference); lines
// that only compile (iree-opt/iree-compile output checked against CHECK
// lines) or that check output the interpreter cannot produce (IREE's dispatch
// traces) are not judged and say why.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_RUNLINES_H
#define REF_SUPPORT_RUNLINES_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ref {

/// One logical RUN line (continuations joined).
struct RunLine {
  unsigned line = 0;   // 1-based line of its first physical line
  std::string command; // lit substitutions (%s, %t) left as written
};

/// The RUN lines of a test file, in order. A line ending in `\` continues on
/// the next RUN line, as in lit.
std::vector<RunLine> extractRunLines(llvm::StringRef fileText);

struct RunPlan {
  /// Run: interpret `function` with `inputs`; Skip: not judged (`reason`).
  enum Kind { Run, Skip } kind = Skip;
  std::string reason;
  /// iree-run-mlir or iree-run-module.
  std::string tool;
  /// --function; none: the module's single exported function, as IREE's
  /// tools pick it.
  std::optional<std::string> function;
  /// --input values in order, quotes removed.
  std::vector<std::string> inputs;
  /// The output is piped to `FileCheck %s`; otherwise the line passes when
  /// the run succeeds.
  bool fileCheck = false;
  std::vector<std::string> prefixes{"CHECK"};
  /// `2>&1` on the run: diagnostics are part of the checked output.
  bool stderrToo = false;
};

/// Whether the command runs one of IREE's tools (iree-run-mlir,
/// iree-run-module, iree-compile, iree-opt), i.e. the file is one of IREE's
/// lit tests rather than a test of some other tool.
bool runsIreeTool(llvm::StringRef command);

/// Plans one RUN line's command.
RunPlan planRunLine(llvm::StringRef command);

/// Splits a shell command into words, honouring '...', "..." and backslash
/// escapes; the unquoted operators |, ||, &&, ;, >, <, 2>, 2>&1 come back as
/// words of their own, flagged in `isOperator`. Returns false on an
/// unterminated quote.
bool splitShellCommand(llvm::StringRef command, std::vector<std::string> &words,
                       std::vector<bool> &isOperator);

} // namespace ref

#endif // REF_SUPPORT_RUNLINES_H
