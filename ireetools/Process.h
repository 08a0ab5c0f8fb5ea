//===- Process.h - Subprocesses with limits ---------------------*- C++ -*-===//
//
// Every `iree-compile` and `iree-run-module` call runs in its own process
// with a wall-clock timeout and a memory limit, its stdout and stderr kept.
//
// runProcess() forks and execs the program in a new process group, with
// stdin from a file (/dev/null by default), RLIMIT_AS for the memory limit
// and RLIMIT_CORE = 0 (no core files). stdout and stderr come back through
// pipes that are read concurrently with poll(), so a child writing megabytes
// to both never deadlocks; each stream keeps at most `maxCapturedBytes` (its
// head and its tail, with a line noting how much was elided in between).
//
// On timeout the whole process group is killed with SIGKILL, so a wrapper
// script and the programs it started die together. When the direct child
// exits, whatever is left in its group (stragglers) is killed as well, and
// the pipes are read until EOF or a short grace period, so a grandchild that
// left the group but still holds a pipe cannot hang the caller.
//
// runProcess() may be called from several threads at once: everything the
// child needs is prepared before fork(), the child makes only
// async-signal-safe calls before exec, and every descriptor is opened with
// O_CLOEXEC so that concurrent children do not inherit each other's pipes.
// The caller must not set SIGCHLD to SIG_IGN (children would be reaped
// automatically and their status lost) nor reap other children with
// waitpid(-1).
//
// Children die with their caller: each is started with PR_SET_PDEATHSIG =
// SIGKILL (a SIGKILLed campaign leaves no compiler running), and
// killChildrenOnStopSignals() makes SIGINT, SIGTERM and SIGHUP kill every
// live child's process group before the caller dies of the signal (a child
// in its own group does not get the terminal's Ctrl-C).
//
// RLIMIT_AS limits virtual address space, not resident memory: GPU runtimes
// (CUDA, HIP) and sanitizer builds reserve very large address ranges, so
// runs on those targets should use no limit or a generous one. A compiler's
// address space grows with the machine too (a stack and a malloc arena of
// up to 64 MiB per thread of its pool, one thread per core), so a memory
// budget that means the same on every machine is `residentLimitBytes`: the
// resident memory of the child's whole process group, sampled every
// 200 ms, the group SIGKILLed past it (Kind::MemoryExceeded).
//
// A CancelToken shared by the runs of one piece of work (a campaign) stops
// them together: cancel() kills the process group of every child running
// under it, and runProcess() starts no more under it. Their results are
// Kind::Cancelled, which says nothing about the program.
//
//===----------------------------------------------------------------------===//

#ifndef REF_IREETOOLS_PROCESS_H
#define REF_IREETOOLS_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

namespace ref::gpu {

/// Stops every child started under it (ProcessLimits::cancel). Thread-safe.
class CancelToken {
public:
  /// Kills the process group of every child running under this token and
  /// makes later runProcess() calls under it return Kind::Cancelled at once.
  /// Idempotent; callable from any thread (not from a signal handler).
  void cancel();
  bool cancelled() const { return flag.load(); }

  /// For runProcess(): notes a live child (by its process group id); false
  /// when the token is already cancelled (the caller kills the child).
  bool add(pid_t pgid);
  /// Forgets it, before it is reaped (so that its id is never reused
  /// while cancel() may still kill it).
  void remove(pid_t pgid);

private:
  std::atomic<bool> flag{false};
  std::mutex mutex;
  std::vector<pid_t> live;
};

struct ProcessLimits {
  /// Wall-clock limit in seconds; 0 = none.
  double timeoutSeconds = 0;
  /// RLIMIT_AS of the child in bytes; 0 = none (clamped to the caller's own
  /// hard limit).
  uint64_t memoryLimitBytes = 0;
  /// Bytes kept per stream; beyond it the head and the tail (half each) are
  /// kept with a line noting the elision between them. 0 = keep everything.
  size_t maxCapturedBytes = 4 << 20;
  /// RLIMIT_FSIZE of the child: the largest file it may write, in bytes;
  /// 0 = none. A write past it kills the child with SIGXFSZ (or fails with
  /// EFBIG when the child ignores that signal, as Python does).
  uint64_t fileSizeLimitBytes = 0;
  /// Resident memory of the child's process group in bytes (the sum of its
  /// processes' RSS, sampled every 200 ms); 0 = none. Past it the group is
  /// SIGKILLed and the result is Kind::MemoryExceeded.
  uint64_t residentLimitBytes = 0;
  /// Shared by the runs of one piece of work, to stop them all at once
  /// (CancelToken::cancel); null = never cancelled.
  std::shared_ptr<CancelToken> cancel;
};

struct RunOptions {
  /// The child's working directory; empty = the caller's. A program given as
  /// a relative path is still resolved against the caller's directory.
  std::string workingDir;
  /// Variables set in (or overriding those of) the caller's environment.
  std::vector<std::pair<std::string, std::string>> extraEnv;
  /// The file the child reads as stdin; empty = /dev/null.
  std::string stdinFile;
};

struct ProcessResult {
  enum class Kind {
    Exited,       ///< Ran to an exit() of its own: see exitCode.
    Signaled,     ///< Killed by a signal other than our timeout: see signal.
    TimedOut,     ///< Ran past the timeout; we killed its process group.
    FailedToStart, ///< Never ran the program: see startError.
    /// Its process group's resident memory went past residentLimitBytes;
    /// we killed the group (residentBytes: what we saw).
    MemoryExceeded,
    /// Its CancelToken was cancelled before it finished (killed, or never
    /// started): not an outcome of the program.
    Cancelled,
  };
  Kind kind = Kind::FailedToStart;
  int exitCode = -1;       ///< When Exited (or TimedOut but exited anyway).
  int signal = 0;          ///< When Signaled (SIGKILL when TimedOut).
  bool coreDumped = false; ///< The kernel reported a core dump.
  double wallSeconds = 0;  ///< Monotonic clock, fork to reaping.
  double cpuSeconds = 0;   ///< User + system time of the child and its
                           ///< reaped descendants (from wait4).
  uint64_t maxRssBytes = 0;
  /// The largest resident memory of the process group sampled while it ran
  /// (only with residentLimitBytes; 0 otherwise), and the limit itself.
  uint64_t residentBytes = 0, residentLimitBytes = 0;
  std::string stdoutText, stderrText;
  /// How many bytes each stream produced (more than the text when elided).
  uint64_t stdoutBytes = 0, stderrBytes = 0;
  /// Why the program could not start ("exec /x/y: Permission denied"), when
  /// FailedToStart.
  std::string startError;

  /// Exited with status 0.
  bool success() const;
  /// "exited with 1", "killed by SIGSEGV (Segmentation fault)",
  /// "timed out after 5.0 s", "could not start: ...", "resident memory
  /// 412 MiB past the limit of 256 MiB", "cancelled".
  std::string summary() const;
};

/// Runs argv[0] (looked up in PATH when it has no '/') with argv as its
/// arguments, under `limits`, and waits for it. Never throws; every failure
/// to start is a FailedToStart result.
ProcessResult runProcess(llvm::ArrayRef<std::string> argv,
                         const ProcessLimits &limits,
                         const RunOptions &opts = {});

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that SIGKILL the process
/// group of every child runProcess() is waiting for, then let the signal
/// take its default action (the caller dies of it). Call once, early (after
/// llvm::InitLLVM, whose handlers these replace for those three signals).
void killChildrenOnStopSignals();

/// The path of an executable: `nameOrPath` itself when it contains a '/' and
/// is executable, else the first match in PATH.
std::optional<std::string> findExecutable(llvm::StringRef nameOrPath);

/// "SIGSEGV", "SIGABRT", ... ("signal 42" for unnamed ones).
std::string signalName(int sig);
/// "Segmentation fault", "Aborted", ... (empty for unnamed ones).
llvm::StringRef signalDescription(int sig);

} // namespace ref::gpu

#endif // REF_IREETOOLS_PROCESS_H
