//===- Frontend.h - Frontend programs in difftest's subcommands --*- C++ -*-===//
//
// `difftest run`, `reduce` and `replay` take a frontend program (an .onnx
// model, torch-dialect, StableHLO or TOSA MLIR) where they take a program:
// it is lowered with the IREE in use (ireetools/Frontend.h) into the work
// directory's program.mlir, which the interpreter runs and the targets
// compile; the work directory's frontend/ keeps the original, the commands
// (frontend/lowering.json) and their logs, and travels into every bundle,
// whose repro.sh redoes the lowering from the original.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_FRONTEND_H
#define REF_DIFFTEST_FRONTEND_H

#include "difftest/Common.h"
#include "difftest/Run.h"
#include "ireetools/Frontend.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace ref::difftest {

/// --input-type and --import-flag, for the subcommands that take a program.
struct FrontendFlags {
  llvm::cl::opt<std::string> inputType;
  llvm::cl::list<std::string> importFlags;
  /// --parameters=[SCOPE=]FILE (.irpa, .safetensors, .gguf), as ref-run and
  /// iree-run-module take them (difftest/Parameters.h).
  llvm::cl::list<std::string> parameters;
  explicit FrontendFlags(llvm::cl::OptionCategory &category);
  /// The limits of the import and lowering commands (iree-compile's).
  gpu::LoweringOptions options(const Settings &settings) const;
};

/// A program a subcommand was given, after lowering when it is a frontend
/// program.
struct PreparedProgram {
  /// The program to read: the given file, or `workDir`/program.mlir.
  std::string path;
  /// Set for a frontend program that lowered.
  std::optional<gpu::Lowering> lowering;
  /// Nonzero when the subcommand must stop with this exit code (the error
  /// is printed): 2 a bad --input-type or unreadable file, 5 import failed,
  /// 6 lowering failed.
  int exitCode = 0;
};

/// Detects whether `program` is a frontend program; if so, lowers it into
/// `workDir` (created as needed) and writes frontend/lowering.json there.
/// `workDir` may be empty for a program that is not a frontend program;
/// `makeWorkDir` is called to get one when it is.
PreparedProgram
prepareProgram(llvm::StringRef program, const FrontendFlags &flags,
               const Settings &settings,
               llvm::function_ref<llvm::Expected<std::string>()> makeWorkDir);

/// The public function to test by default in a lowered program: its only
/// synchronous export (IREE's ABI wrapper also exports NAME$async).
std::optional<std::string>
defaultFunction(const std::vector<Signature> &sigs);

/// "error: interpret: no public function @f in the program lowered from X
/// (IREE's ABI wrapper exports @a, @a$async)".
std::string missingFunctionError(llvm::StringRef function,
                                 const std::vector<Signature> &sigs,
                                 const gpu::Lowering &l);

/// repro.sh lines that redo the lowering from the original (IREE_COMPILE
/// is set by the script before them); for a reduced program, a comment
/// saying where it came from instead.
std::string loweringScript(const gpu::Lowering &l);

/// Copies `fromDir`/frontend into `toDir`/frontend, marking the record
/// reduced (the program beside it is the reducer's, not the lowering's).
llvm::Error copyFrontendReduced(llvm::StringRef fromDir, llvm::StringRef toDir);

/// The "Original frontend program" section of `report --issue` for a
/// bundle with frontend/: the original (for an .onnx model, its import as
/// text; the model is attached) next to the program above it, with the
/// lowering commands, and whether the reducer worked on the lowered
/// program.
std::string frontendIssueSection(llvm::StringRef bundleDir,
                                 const gpu::Lowering &l);

} // namespace ref::difftest

#endif // REF_DIFFTEST_FRONTEND_H
