//===- Outcome.h - Verdicts and failure signatures --------------*- C++ -*-===//
//
// What happened to one test case on one target, and a one-line signature
// that stays the same across runs of the same bug so that campaigns can
// group their failures.
//
// Compile (`iree-compile`), in order:
//   FailedToStart                               -> ToolError
//   TimedOut                                    -> CompileTimeout
//   exit 0                                      -> Pass (the caller runs it)
//   killed by SIGTERM, SIGINT or SIGHUP         -> ToolError (stopped from
//                                                  outside, not a bug)
//   non-zero exit, stderr says the disk is full -> ToolError ("No space left
//       on device", "Disk quota exceeded": the environment, not the program)
//   cancelled (ProcessLimits::cancel)           -> ToolError (not a bug)
//   killed by SIGXCPU                           -> CompileTimeout (CPU limit)
//   killed by SIGXFSZ, or non-zero exit with "File too large" in stderr
//                                               -> CompilerCrash: it wrote a
//       file past ProcessLimits::fileSizeLimitBytes (gigabytes of module for
//       a small test case); its message says so
//   out of memory (outOfMemory())               -> CompilerOom: killed past
//       ProcessLimits::residentLimitBytes; killed by SIGKILL without our
//       timeout (the kernel's OOM killer); or failed printing what a
//       program under RLIMIT_AS prints (iree-compile 3.13 under a low
//       limit: "LLVM ERROR: out of memory" and SIGABRT, "pthread_create
//       failed: Resource temporarily unavailable", the loader's "failed to
//       map segment from shared object"; std::bad_alloc). A compiler
//       exhausting memory on a small test case is a bug worth keeping, but
//       one of its own kind: where the allocation fails varies, so all of a
//       target's share the signature message "out of memory".
//   killed by any other signal                  -> CompilerCrash
//   non-zero exit and stderr shows a crash      -> CompilerCrash (LLVM tools
//       catch the signal, print a stack dump and may exit non-zero;
//       markers: "Assertion `...' failed", "LLVM ERROR:", "UNREACHABLE
//       executed", "PLEASE submit a bug report", "Stack dump:",
//       "ERROR: AddressSanitizer", "ERROR: MemorySanitizer")
//   exit 128+N for N in SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
//       SIGSYS                                  -> CompilerCrash (a shell
//       wrapper reporting its child's death by signal)
//   any other non-zero exit                     -> CompileError
// Run (`iree-run-module`): the same with RuntimeTimeout, RuntimeCrash and
// RuntimeError (out of memory is a RuntimeCrash); a failing IREE status
// (`file.c:123: INTERNAL; ...`, exit 1) is a RuntimeError.
//
//===----------------------------------------------------------------------===//

#ifndef REF_GPU_OUTCOME_H
#define REF_GPU_OUTCOME_H

#include "ireetools/Process.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ref::gpu {

enum class Verdict {
  Pass,           ///< Compiled, ran and matched the golden outputs.
  Mismatch,       ///< Ran, results differ from the golden outputs.
  Undecided,      ///< Ran, but the golden outputs are not defined (UB).
  CompileError,   ///< iree-compile rejected the program with a diagnostic.
  CompilerCrash,  ///< iree-compile crashed (assertion, signal).
  CompilerOom,    ///< iree-compile ran out of memory (its limit, the OOM
                  ///< killer, a failed allocation).
  CompileTimeout, ///< iree-compile ran past its timeout.
  RuntimeError,   ///< iree-run-module failed with an IREE status.
  RuntimeCrash,   ///< iree-run-module crashed.
  RuntimeTimeout, ///< iree-run-module ran past its timeout.
  CompiledOnly,   ///< Compiled; not run (no device for the target).
  ToolError,      ///< A tool could not start or was stopped from outside.
  /// The IREE in use cannot take the program as written: iree-compile
  /// --compile-to=input rejects it with a diagnostic (an op or syntax form
  /// newer than the release). Not a finding (difftest/Capabilities.h).
  UnsupportedInput,
  /// Ran past a limit of the executor (a device's loop cap, storage buffer
  /// range or workgroup memory, or the device refused the module), where
  /// the results tell nothing about IREE (gpu/Device.h). Not a finding.
  ExecutorLimit,
};

enum class Stage { Compile, Run, Compare };

/// "pass", "mismatch", "undecided", "compile-error", "compiler-crash",
/// "compiler-oom", "compile-timeout", "runtime-error", "runtime-crash",
/// "runtime-timeout", "compiled-only", "tool-error", "unsupported-input",
/// "executor-limit".
llvm::StringRef verdictName(Verdict v);
std::optional<Verdict> parseVerdict(llvm::StringRef name);
/// "compile", "run", "compare".
llvm::StringRef stageName(Stage s);
/// The stage a verdict comes from (ToolError: Compile; the caller knows
/// better when a runtime tool failed to start).
Stage stageOf(Verdict v);
/// Everything but Pass, Undecided, CompiledOnly, UnsupportedInput and
/// ExecutorLimit.
bool isFailure(Verdict v);

/// The verdict of an iree-compile run / an iree-run-module run (see the
/// table above). Pass means "go on to the next stage".
Verdict classifyCompile(const ProcessResult &r);
Verdict classifyRun(const ProcessResult &r);

/// Why a tool's failure is the environment's and tells nothing about the
/// program: it could not start ("could not start: ..."), it was stopped
/// from outside ("stopped from outside: killed by SIGTERM (Terminated)"),
/// or the disk is full ("disk full: <the tool's line>"). nullopt when the
/// tool succeeded or failed on its own.
std::optional<std::string> environmentFailure(const ProcessResult &r);

/// Whether the tool ran out of memory, and the evidence: the summary of a
/// MemoryExceeded result, "killed by SIGKILL (out of memory?)", or the line
/// of its stderr that says so (see the table above). nullopt otherwise.
std::optional<std::string> outOfMemory(const ProcessResult &r);

/// Whether the tool wrote a file past its file-size limit: killed by
/// SIGXFSZ, or failed with EFBIG ("File too large") in its stderr.
bool exceededFileSize(const ProcessResult &r);

/// Does a tool's stderr show a crash (assertion, LLVM ERROR, unreachable,
/// LLVM's crash banner or stack dump, a sanitizer report)?
bool stderrShowsCrash(llvm::StringRef stderrText);

/// The message in a tool's stderr that best identifies the failure,
/// preferring in order:
///   1. an assertion: "Assertion `x && \"bad\"' failed"
///   2. "LLVM ERROR: ..."
///   3. "UNREACHABLE executed: <message>" (llvm_unreachable prints its
///      message on the line before "UNREACHABLE executed at file:line!")
///   4. "AddressSanitizer: <kind>" from a sanitizer report
///   5. "crash in <function>": the first symbolized frame of an LLVM stack
///      dump below the signal handler, abort and assert machinery
///   6. the text after "error: " on the first line that has it (MLIR
///      diagnostics: "/tmp/x/prog.mlir:12:5: error: 'op' failed ...")
///   7. an IREE status: "INTERNAL; message" from
///      "iree/vm/invocation.c:123: INTERNAL; message"
///   8. the first non-empty line that is not crash boilerplate ("PLEASE
///      submit a bug report", "Stack dump:", stack frames), else the first
///      non-empty line.
/// Returns "" for an empty stderr. Not normalized.
std::string firstErrorLine(llvm::StringRef stderrText);

/// Removes what varies between runs of the same bug: `loc(...)`, file paths
/// (with their :line:col) -> "<path>", SSA values (%0, %arg1, %x_2#1) -> "%",
/// block names (^bb3) -> "^bb", long hex numbers -> "0x?", numbers standing
/// alone or as shape dimensions -> "N" ("196608 bytes" -> "N bytes",
/// "tensor<16x32x?xf16>" -> "tensor<NxNx?xf16>"). Digits inside identifiers
/// and type names stay (f16, i64, bf16, f8E4M3FN, sm_90, gfx942,
/// dispatch_0). Whitespace runs become one space, the ends are trimmed, and
/// the result is cut at 200 characters (with "...").
std::string normalizeMessage(llvm::StringRef line);

/// The message for a verdict of process result `r`: "timed out" for
/// timeouts, environmentFailure() for a ToolError, "wrote a file past the
/// file-size limit (...)" when exceededFileSize(), outOfMemory()'s evidence
/// when it has some, firstErrorLine(stderr) when it has one, else
/// r.summary() (e.g.
/// "killed by SIGSEGV (Segmentation fault)" for a silent crash). Not
/// normalized.
std::string failureMessage(Verdict v, const ProcessResult &r);

/// "verdict|target|normalized message", one line, e.g.
///   compiler-crash|cuda:sm_90|Assertion `isa<To>(Val) && "cast<Ty>()
///   argument of incompatible type!"' failed
/// Timeouts use the message "timed out" whatever their stderr, and
/// compiler-oom "out of memory". The message
/// may itself contain '|': split at the first two only.
/// Whether two failure signatures name the same failure: the same verdict,
/// target (unless `ignoreTarget`) and message, the messages compared after
/// normalizing both again, so that a signature recorded by an older
/// difftest (whose normalization kept less or more) still matches.
bool sameSignature(llvm::StringRef a, llvm::StringRef b,
                   bool ignoreTarget = false);

std::string failureSignature(Verdict v, llvm::StringRef target,
                             llvm::StringRef stderrText);
/// The same from a process result, with failureMessage().
std::string failureSignature(Verdict v, llvm::StringRef target,
                             const ProcessResult &r);

} // namespace ref::gpu

#endif // REF_GPU_OUTCOME_H
