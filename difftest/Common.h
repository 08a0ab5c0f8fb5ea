//===- Common.h - Pieces every difftest subcommand uses ----------*- C++ -*-===//
//
// The interpreter is run as a subprocess (ref-run, next to difftest): a
// program that makes it hang or crash costs one case, never the campaign.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_COMMON_H
#define REF_DIFFTEST_COMMON_H

#include "gpu/Case.h"
#include "ireetools/Process.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ref::difftest {

/// Exit codes of difftest: every target passed; some target failed; the
/// input (program, flags, files) is invalid; the tool itself failed. A
/// frontend program that does not import or lower exits with
/// gpu::kImportFailed (5) or gpu::kLowerFailed (6).
/// kUnsupported: the golden is unavailable, the interpreter refuses an
/// element type of the program (ref-run's exit 8, passed on).
enum ExitCode {
  kPass = 0,
  kFail = 1,
  kInvalid = 2,
  kToolError = 4,
  kUnsupported = 8
};

/// An argument or result of a public function, from ref-run
/// --print-signatures.
struct ArgType {
  std::string type; // "tensor<?x4xf32>"
  std::optional<DType> dtype;
  Shape shape; // -1 for a dynamic size
  bool tensor = false;
  /// An argument: a `!hal.buffer_view` the program never reads (no
  /// hal.tensor.import; it is ignored or returned as it is). Any buffer
  /// view is valid for it: its type is the given input's.
  bool anyBufferView = false;
  /// A result: the buffer view of this argument, returned as it is; its
  /// type is that input's.
  std::optional<unsigned> fromInput;
};
struct Signature {
  std::string name;
  std::vector<ArgType> inputs, results;
};

/// A tool next to this executable (ref-run, ref-mutate).
std::string toolPath(llvm::StringRef name);
/// The ref-run next to this executable.
std::string refRunPath();

/// Every public function of `program`. Errors carry ref-run's diagnostics
/// (file:line:col).
llvm::Expected<std::vector<Signature>>
readSignatures(llvm::StringRef program, const gpu::ProcessLimits &limits);

/// Checks that difftest can feed and read every argument and result.
llvm::Error checkSupported(const Signature &sig);

/// `sig` with the types that come from the inputs filled in: an argument
/// the program never reads takes its input's type, a result that returns an
/// argument as it is takes that input's. Errors for a result whose type is
/// still unknown.
llvm::Expected<Signature>
resolveSignature(const Signature &sig,
                 llvm::ArrayRef<gpu::TensorFile> inputs);

/// Turns --input values (iree-run-module syntax) into files in `dir`.
llvm::Expected<std::vector<gpu::TensorFile>>
materializeInputs(llvm::ArrayRef<std::string> specs, const Signature &sig,
                  llvm::StringRef dir);

/// Random inputs: small integers and dyadic floats, so that results are
/// exact where the program allows. Dynamic sizes are one size (1..8) per
/// case so that dims that must agree do. `attempt` narrows the integer
/// range (to [0, 4), [0, 2), then 0) for programs whose integer arguments
/// are indices, which random negative values would make undefined. An
/// argument the program never reads (any buffer view is valid) gets a
/// random 4xf32. `runShapes`, when given, holds per argument the extents
/// its `?` sizes take (-1: the random size).
llvm::Expected<std::vector<gpu::TensorFile>>
randomInputs(const Signature &sig, uint64_t seed, unsigned attempt,
             llvm::StringRef dir, llvm::ArrayRef<Shape> runShapes = {});

struct Golden {
  /// Unsupported: ref-run refused an element type for an op (its exit 8,
  /// "unsupported element type <T> for <op>"): no golden, and nothing
  /// known about IREE either way; never an IREE failure.
  enum Status { Ok, Undefined, Invalid, Failed, Unsupported } status = Failed;
  std::string message; // ref-run's stderr for anything but Ok
  /// Why the interpreter's failure is the environment's and never a
  /// finding about the program (gpu::environmentFailure: it could not
  /// start, was stopped from outside, or the disk is full); empty otherwise.
  std::string environment;
  gpu::CaseSpec spec;
  double seconds = 0;
  double cpuSeconds = 0; // user + system of ref-run
  /// Invalid because a parameter archive is missing or does not match the
  /// program (ref-run's exit 7).
  bool parameterError = false;
};

/// The address-space limit for our own ref-run under a --memory-limit of
/// `bytes`: the same, or none in a build with AddressSanitizer (ref-run
/// beside difftest has it too, and its shadow memory needs terabytes of
/// address space; ref-run keeps its own --max-memory budget then).
uint64_t interpreterMemoryLimit(uint64_t bytes);

/// Runs the interpreter on `inputs`, writing goldens and the freedom report
/// into `goldenDir`. Paths are used as given (relative to `workDir`).
Golden makeGolden(llvm::StringRef program, const Signature &sig,
                  const std::vector<gpu::TensorFile> &inputs,
                  llvm::StringRef goldenDir, llvm::StringRef workDir,
                  const gpu::ProcessLimits &limits,
                  llvm::ArrayRef<std::string> parameters = {});

/// Joins path components, skipping empty ones.
std::string joinPath(llvm::StringRef a, llvm::StringRef b,
                     llvm::StringRef c = "", llvm::StringRef d = "");
/// `p` made absolute against the current directory.
std::string absolutePath(llvm::StringRef p);
/// Copies a directory tree (created as needed) into `to`.
llvm::Error copyTree(llvm::StringRef from, llvm::StringRef to);
/// Reads a whole file; errors name it.
llvm::Expected<std::string> readFile(llvm::StringRef path);
llvm::Error writeFile(llvm::StringRef path, llvm::StringRef text);
/// Quotes an argument for a POSIX shell.
std::string shellQuote(llvm::StringRef arg);
std::string shellCommand(llvm::ArrayRef<std::string> argv);
/// Splits a shell line into words (single and double quotes, backslashes):
/// the inverse of shellCommand, for reading repro.sh back.
std::vector<std::string> splitShellWords(llvm::StringRef line);
/// The --input values of the iree-run-module line of a bundle's repro.sh
/// (paths relative to the bundle).
std::vector<std::string> reproInputs(llvm::StringRef repro);
/// "30m", "90s", "2h", "45" (seconds); nullopt if malformed or negative.
std::optional<double> parseDuration(llvm::StringRef text);
/// A parsed size: "8G", "512M", "0" (none).
llvm::Expected<uint64_t> parseBytes(llvm::StringRef text);
/// parseBytes() of option --`flag`'s value; prints "error: --flag: ..." and
/// returns nullopt when it does not parse.
std::optional<uint64_t> bytesOption(llvm::StringRef flag, llvm::StringRef text);

/// Escapes text for HTML element content and attribute values (& < > ").
std::string html(llvm::StringRef s);
/// Text as one Markdown table cell: '|' escaped, newlines as spaces.
std::string mdCell(llvm::StringRef s);

} // namespace ref::difftest

#endif // REF_DIFFTEST_COMMON_H
