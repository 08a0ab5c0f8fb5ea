//===- Process.cpp - Subprocesses with limits and captured output ---------===//
//
// fork + execve rather than posix_spawn: posix_spawn cannot set resource
// limits in the child. Everything the child touches (argv, envp, the resolved
// path, the limits, the descriptors) is built before fork(), and the child
// only makes async-signal-safe calls (setpgid, sigaction, sigprocmask, dup2,
// setrlimit, chdir, execve, write, _exit), so this is safe in a process with
// many threads.
//
// The parent learns whether exec succeeded through a close-on-exec pipe: EOF
// means the program is running, a {stage, errno} record means it never
// started. It then polls the stdout and stderr pipes and a pidfd (a
// descriptor that becomes readable when the child exits; Linux 5.3, with a
// 10 ms tick as the fallback) until the child exits or the deadline passes.
// Exit is detected with waitid(WNOWAIT) so that the process group can be
// killed while the child is still an unreaped zombie: its pid, and so its
// group id, cannot be reused by then.
//
//===----------------------------------------------------------------------===//

#include "ireetools/Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Errno.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <thread>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace ref::gpu {

namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(s));
}

/// After the direct child exits, how long the pipes are still read while a
/// straggler outside its process group keeps them open.
constexpr double kDrainGraceSeconds = 0.25;
/// After SIGKILL on timeout, how long we wait for the child to die (a process
/// in uninterruptible sleep, e.g. inside a GPU driver, may take a while).
constexpr double kKillGraceSeconds = 5.0;
/// Poll tick when pidfd_open is unavailable.
constexpr int kFallbackTickMs = 10;
/// How often the resident memory of a child's process group is sampled
/// under ProcessLimits::residentLimitBytes (a scan of /proc: about 1 ms).
constexpr double kResidentSampleSeconds = 0.2;

/// An owned file descriptor.
class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd(fd) {}
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  UniqueFd(UniqueFd &&o) : fd(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) {
    reset(o.release());
    return *this;
  }
  ~UniqueFd() { reset(); }
  int get() const { return fd; }
  bool valid() const { return fd >= 0; }
  int release() {
    int f = fd;
    fd = -1;
    return f;
  }
  void reset(int newFd = -1) {
    if (fd >= 0)
      ::close(fd); // No retry on EINTR: Linux closes the fd regardless.
    fd = newFd;
  }

private:
  int fd = -1;
};

/// Moves `fd` to a number above 2 (keeping O_CLOEXEC), so that the child's
/// dup2 onto 0, 1 and 2 cannot clobber another of our descriptors when the
/// caller runs with its standard descriptors closed.
bool moveAbove2(UniqueFd &fd) {
  if (fd.get() > 2)
    return true;
  int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3);
  if (moved < 0)
    return false;
  fd.reset(moved);
  return true;
}

std::string errnoText(int err) { return llvm::sys::StrError(err); }

/// Keeps the first and the last `cap / 2` bytes of a stream.
class CappedBuffer {
public:
  explicit CappedBuffer(size_t cap) : cap(cap) {}

  void append(const char *data, size_t n) {
    total += n;
    if (cap == 0) {
      head.append(data, n);
      return;
    }
    size_t headCap = cap - cap / 2;
    if (head.size() < headCap) {
      size_t take = std::min(n, headCap - head.size());
      head.append(data, take);
      data += take;
      n -= take;
    }
    size_t tailCap = cap / 2;
    if (n == 0 || tailCap == 0)
      return;
    if (n >= tailCap) {
      tail.assign(data + n - tailCap, tailCap);
      return;
    }
    tail.append(data, n);
    // Trim lazily so that appending stays amortized O(n).
    if (tail.size() > 2 * tailCap)
      tail.erase(0, tail.size() - tailCap);
  }

  uint64_t totalBytes() const { return total; }

  std::string take() {
    size_t tailCap = cap / 2;
    if (tail.size() > tailCap)
      tail.erase(0, tail.size() - tailCap);
    uint64_t kept = head.size() + tail.size();
    if (kept == total)
      return head + tail;
    std::string out = std::move(head);
    if (!out.empty() && out.back() != '\n')
      out += '\n';
    out += "[... " + std::to_string(total - kept) + " bytes elided ...]\n";
    out += tail;
    return out;
  }

private:
  size_t cap;
  uint64_t total = 0;
  std::string head, tail;
};

/// What the child reports through the status pipe when it cannot exec.
enum ChildStage : int { StageSetup = 1, StageRlimit, StageChdir, StageExec };

struct ChildPlan {
  const char *path;
  char *const *argv;
  char *const *envp;
  int stdinFd, stdoutFd, stderrFd, statusFd;
  const char *workingDir; // nullptr: stay
  bool limitAs;
  struct rlimit asLimit;
  bool limitFsize;
  struct rlimit fsizeLimit;
  pid_t parent; // our pid, to notice having been orphaned before prctl
};

/// The process groups of the children runProcess() is waiting for, for the
/// stop-signal handler (lock-free atomics: usable from a signal handler).
constexpr int kMaxLiveChildren = 1024;
std::atomic<pid_t> liveChildren[kMaxLiveChildren];

/// Notes a live child (a full table only loses the group kill on a stop
/// signal; PR_SET_PDEATHSIG still kills the child itself).
int addLiveChild(pid_t pid) {
  for (int i = 0; i < kMaxLiveChildren; ++i) {
    pid_t expected = 0;
    if (liveChildren[i].compare_exchange_strong(expected, pid))
      return i;
  }
  return -1;
}

/// Forgets it: called before the child is reaped, so that the handler can
/// never kill a group whose id was reused.
void removeLiveChild(int slot) {
  if (slot >= 0)
    liveChildren[slot].store(0);
}

extern "C" void onStopSignal(int sig) {
  int saved = errno;
  for (std::atomic<pid_t> &slot : liveChildren)
    if (pid_t pid = slot.load())
      ::kill(-pid, SIGKILL);
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof(dfl));
  dfl.sa_handler = SIG_DFL;
  ::sigaction(sig, &dfl, nullptr);
  errno = saved;
  ::raise(sig); // delivered when the handler returns: we die of it
}

[[noreturn]] void childFail(int statusFd, int stage) {
  int msg[2] = {stage, errno};
  const char *p = reinterpret_cast<const char *>(msg);
  size_t left = sizeof(msg);
  while (left > 0) {
    ssize_t n = ::write(statusFd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    p += n;
    left -= static_cast<size_t>(n);
  }
  ::_exit(127);
}

/// Runs in the child between fork and exec: async-signal-safe calls only.
[[noreturn]] void runChild(const ChildPlan &plan) {
  // Our own process group, so that a timeout can kill everything we start.
  ::setpgid(0, 0);

  // Default dispositions (an ignored SIGPIPE or SIGINT would survive exec)
  // and an empty signal mask (the forking thread may block signals).
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof(dfl));
  dfl.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP)
      ::sigaction(sig, &dfl, nullptr);
  sigset_t empty;
  sigemptyset(&empty);
  ::sigprocmask(SIG_SETMASK, &empty, nullptr);

  if (::dup2(plan.stdinFd, 0) < 0 || ::dup2(plan.stdoutFd, 1) < 0 ||
      ::dup2(plan.stderrFd, 2) < 0)
    childFail(plan.statusFd, StageSetup);
#ifdef SYS_close_range
  // Descriptors that other code in the caller opened without O_CLOEXEC must
  // not leak into the tool (a leaked pipe end would keep another run's
  // reader waiting). CLOSE_RANGE_CLOEXEC = 4 (Linux 5.11); older kernels
  // fail with EINVAL and we carry on.
  ::syscall(SYS_close_range, 3u, ~0u, 4u);
#endif

  // Die with the caller (a SIGKILLed campaign must not leave its compilers
  // running); if it died before this line, we are already orphaned.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != plan.parent)
    ::_exit(127);

  struct rlimit noCore = {0, 0};
  ::setrlimit(RLIMIT_CORE, &noCore);
  if (plan.limitFsize && ::setrlimit(RLIMIT_FSIZE, &plan.fsizeLimit) != 0)
    childFail(plan.statusFd, StageRlimit);
  if (plan.limitAs && ::setrlimit(RLIMIT_AS, &plan.asLimit) != 0)
    childFail(plan.statusFd, StageRlimit);
  if (plan.workingDir && ::chdir(plan.workingDir) != 0)
    childFail(plan.statusFd, StageChdir);
  ::execve(plan.path, plan.argv, plan.envp);
  childFail(plan.statusFd, StageExec);
}

/// A child's limit of `bytes` (soft = hard) on `resource`: the child cannot
/// raise its hard limit, so stay within ours.
struct rlimit childLimit(int resource, uint64_t bytes) {
  struct rlimit cur;
  rlim_t lim = static_cast<rlim_t>(bytes);
  if (::getrlimit(resource, &cur) == 0 && cur.rlim_max != RLIM_INFINITY)
    lim = std::min(lim, cur.rlim_max);
  return {lim, lim};
}

/// Reads until `n` bytes or EOF; returns the count read (or -1 on error).
ssize_t readFully(int fd, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::read(fd, static_cast<char *>(buf) + got, n - got);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      return -1;
    if (r == 0)
      break;
    got += static_cast<size_t>(r);
  }
  return static_cast<ssize_t>(got);
}

pid_t waitEintr(pid_t pid, int *status, int options, struct rusage *ru) {
  pid_t r;
  do {
    r = ::wait4(pid, status, options, ru);
  } while (r < 0 && errno == EINTR);
  return r;
}

/// Has `pid` exited (without reaping it)? -1 when it is not our child any
/// more (someone else reaped it).
int hasExited(pid_t pid) {
  siginfo_t info;
  std::memset(&info, 0, sizeof(info));
  int r;
  do {
    r = ::waitid(P_PID, static_cast<id_t>(pid), &info,
                 WEXITED | WNOHANG | WNOWAIT);
  } while (r < 0 && errno == EINTR);
  if (r < 0)
    return -1;
  return info.si_pid == pid ? 1 : 0;
}

int openPidfd(pid_t pid) {
#ifdef SYS_pidfd_open
  long fd = ::syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) {
    ::fcntl(static_cast<int>(fd), F_SETFD, FD_CLOEXEC);
    return static_cast<int>(fd);
  }
#endif
  return -1;
}

/// The resident memory of every process in group `pgid` (from
/// /proc/<pid>/stat: field 5 is the group, field 24 the RSS in pages).
uint64_t groupResidentBytes(pid_t pgid) {
  static const uint64_t pageSize = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  uint64_t total = 0;
  DIR *proc = ::opendir("/proc");
  if (!proc)
    return 0;
  char path[sizeof(dirent::d_name) + 16];
  char buf[1024];
  while (struct dirent *e = ::readdir(proc)) {
    if (!llvm::isDigit(e->d_name[0]))
      continue;
    std::snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
    int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      continue; // gone meanwhile
    ssize_t n = ::read(fd, buf, sizeof(buf) - 1);
    ::close(fd);
    if (n <= 0)
      continue;
    // After the command's closing parenthesis (the command may hold any
    // character): state ppid pgrp ... with rss the 22nd field after it.
    llvm::StringRef rest(buf, static_cast<size_t>(n));
    size_t paren = rest.rfind(')');
    if (paren == llvm::StringRef::npos)
      continue;
    llvm::SmallVector<llvm::StringRef, 24> fields;
    rest.drop_front(paren + 1).split(fields, ' ', 23, false);
    long long group = 0;
    unsigned long long rss = 0;
    if (fields.size() < 22 || fields[2].getAsInteger(10, group) ||
        group != pgid || fields[21].getAsInteger(10, rss))
      continue;
    total += rss * pageSize;
  }
  ::closedir(proc);
  return total;
}

int msUntil(Clock::time_point now, Clock::time_point t) {
  double s = secondsBetween(now, t);
  if (s <= 0)
    return 0;
  return static_cast<int>(std::min(std::ceil(s * 1000.0), 1e9));
}

} // namespace

void CancelToken::cancel() {
  std::lock_guard<std::mutex> lock(mutex);
  flag.store(true);
  for (pid_t pgid : live)
    ::kill(-pgid, SIGKILL);
}

bool CancelToken::add(pid_t pgid) {
  std::lock_guard<std::mutex> lock(mutex);
  if (flag.load())
    return false;
  live.push_back(pgid);
  return true;
}

void CancelToken::remove(pid_t pgid) {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::erase(live, pgid);
}

bool ProcessResult::success() const {
  return kind == Kind::Exited && exitCode == 0;
}

std::string ProcessResult::summary() const {
  switch (kind) {
  case Kind::Exited:
    return "exited with " + std::to_string(exitCode);
  case Kind::Signaled: {
    std::string s = "killed by " + signalName(signal);
    llvm::StringRef desc = signalDescription(signal);
    if (!desc.empty())
      s += " (" + desc.str() + ")";
    if (coreDumped)
      s += ", core dumped";
    return s;
  }
  case Kind::TimedOut: {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "timed out after %.1f s", wallSeconds);
    return buf;
  }
  case Kind::FailedToStart:
    return "could not start: " + startError;
  case Kind::MemoryExceeded:
    return "resident memory " + std::to_string(residentBytes >> 20) +
           " MiB past the limit of " + std::to_string(residentLimitBytes >> 20) +
           " MiB";
  case Kind::Cancelled:
    return "cancelled";
  }
  return "unknown outcome";
}

void killChildrenOnStopSignals() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onStopSignal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    ::sigaction(sig, &sa, nullptr);
}

std::string signalName(int sig) {
  switch (sig) {
#define REF_SIG(name)                                                          \
  case name:                                                                   \
    return #name;
    REF_SIG(SIGHUP)
    REF_SIG(SIGINT)
    REF_SIG(SIGQUIT)
    REF_SIG(SIGILL)
    REF_SIG(SIGTRAP)
    REF_SIG(SIGABRT)
    REF_SIG(SIGBUS)
    REF_SIG(SIGFPE)
    REF_SIG(SIGKILL)
    REF_SIG(SIGUSR1)
    REF_SIG(SIGSEGV)
    REF_SIG(SIGUSR2)
    REF_SIG(SIGPIPE)
    REF_SIG(SIGALRM)
    REF_SIG(SIGTERM)
#ifdef SIGSTKFLT
    REF_SIG(SIGSTKFLT)
#endif
    REF_SIG(SIGCHLD)
    REF_SIG(SIGCONT)
    REF_SIG(SIGSTOP)
    REF_SIG(SIGTSTP)
    REF_SIG(SIGTTIN)
    REF_SIG(SIGTTOU)
    REF_SIG(SIGURG)
    REF_SIG(SIGXCPU)
    REF_SIG(SIGXFSZ)
    REF_SIG(SIGVTALRM)
    REF_SIG(SIGPROF)
    REF_SIG(SIGWINCH)
    REF_SIG(SIGIO)
#ifdef SIGPWR
    REF_SIG(SIGPWR)
#endif
    REF_SIG(SIGSYS)
#undef REF_SIG
  default:
    return "signal " + std::to_string(sig);
  }
}

llvm::StringRef signalDescription(int sig) {
  // The texts of glibc's strsignal(), which is not thread-safe.
  switch (sig) {
  case SIGHUP:
    return "Hangup";
  case SIGINT:
    return "Interrupt";
  case SIGQUIT:
    return "Quit";
  case SIGILL:
    return "Illegal instruction";
  case SIGTRAP:
    return "Trace/breakpoint trap";
  case SIGABRT:
    return "Aborted";
  case SIGBUS:
    return "Bus error";
  case SIGFPE:
    return "Floating point exception";
  case SIGKILL:
    return "Killed";
  case SIGUSR1:
    return "User defined signal 1";
  case SIGSEGV:
    return "Segmentation fault";
  case SIGUSR2:
    return "User defined signal 2";
  case SIGPIPE:
    return "Broken pipe";
  case SIGALRM:
    return "Alarm clock";
  case SIGTERM:
    return "Terminated";
  case SIGXCPU:
    return "CPU time limit exceeded";
  case SIGXFSZ:
    return "File size limit exceeded";
  case SIGSYS:
    return "Bad system call";
  default:
    return "";
  }
}

std::optional<std::string> findExecutable(llvm::StringRef nameOrPath) {
  if (nameOrPath.empty())
    return std::nullopt;
  if (nameOrPath.contains('/')) {
    if (llvm::sys::fs::can_execute(nameOrPath) &&
        !llvm::sys::fs::is_directory(nameOrPath))
      return nameOrPath.str();
    return std::nullopt;
  }
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(nameOrPath);
  if (!found)
    return std::nullopt;
  return *found;
}

ProcessResult runProcess(llvm::ArrayRef<std::string> argv,
                         const ProcessLimits &limits, const RunOptions &opts) {
  ProcessResult r;
  Clock::time_point start = Clock::now();
  auto fail = [&](std::string why) {
    r.kind = ProcessResult::Kind::FailedToStart;
    r.startError = std::move(why);
    r.wallSeconds = secondsBetween(start, Clock::now());
    return r;
  };
  if (argv.empty())
    return fail("empty command line");
  if (limits.cancel && limits.cancel->cancelled()) {
    r.kind = ProcessResult::Kind::Cancelled;
    return r;
  }

  // Resolve the program now: execvp would search PATH after fork (not
  // async-signal-safe) and relative to the child's working directory.
  std::string path;
  if (std::optional<std::string> exe = findExecutable(argv[0])) {
    path = std::move(*exe);
  } else if (llvm::StringRef(argv[0]).contains('/')) {
    int err = ::access(argv[0].c_str(), X_OK) != 0 ? errno : EACCES;
    return fail(argv[0] + ": " + errnoText(err));
  } else {
    return fail(argv[0] + ": not found in PATH");
  }
  if (!llvm::sys::path::is_absolute(path)) {
    llvm::SmallString<256> abs(path);
    if (!llvm::sys::fs::make_absolute(abs))
      path = std::string(abs);
  }

  // argv and envp as the child will see them.
  std::vector<char *> cargv;
  cargv.reserve(argv.size() + 1);
  for (const std::string &a : argv)
    cargv.push_back(const_cast<char *>(a.c_str()));
  cargv.push_back(nullptr);

  std::vector<std::string> envStrings;
  {
    llvm::StringMap<bool> overridden;
    for (const auto &kv : opts.extraEnv)
      overridden[kv.first] = true;
    for (char **e = environ; e && *e; ++e) {
      llvm::StringRef entry(*e);
      if (!overridden.count(entry.split('=').first))
        envStrings.push_back(entry.str());
    }
    for (const auto &kv : opts.extraEnv)
      envStrings.push_back(kv.first + "=" + kv.second);
  }
  std::vector<char *> cenvp;
  cenvp.reserve(envStrings.size() + 1);
  for (std::string &e : envStrings)
    cenvp.push_back(e.data());
  cenvp.push_back(nullptr);

  // Descriptors, all close-on-exec so that concurrent runs do not inherit
  // each other's (dup2 clears the flag on the child's 0, 1 and 2).
  std::string stdinPath =
      opts.stdinFile.empty() ? std::string("/dev/null") : opts.stdinFile;
  UniqueFd inFd;
  {
    int fd;
    do {
      fd = ::open(stdinPath.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0)
      return fail("cannot open " + stdinPath +
                  " as stdin: " + errnoText(errno));
    inFd.reset(fd);
  }
  UniqueFd outRead, outWrite, errRead, errWrite, statusRead, statusWrite;
  auto makePipe = [](UniqueFd &rd, UniqueFd &wr) {
    int p[2];
    if (::pipe2(p, O_CLOEXEC) != 0)
      return false;
    rd.reset(p[0]);
    wr.reset(p[1]);
    return true;
  };
  if (!makePipe(outRead, outWrite) || !makePipe(errRead, errWrite) ||
      !makePipe(statusRead, statusWrite))
    return fail(std::string("pipe: ") + errnoText(errno));
  for (UniqueFd *fd : {&inFd, &outWrite, &errWrite, &statusWrite})
    if (!moveAbove2(*fd))
      return fail(std::string("fcntl: ") + errnoText(errno));

  ChildPlan plan;
  plan.path = path.c_str();
  plan.argv = cargv.data();
  plan.envp = cenvp.data();
  plan.stdinFd = inFd.get();
  plan.stdoutFd = outWrite.get();
  plan.stderrFd = errWrite.get();
  plan.statusFd = statusWrite.get();
  plan.workingDir = opts.workingDir.empty() ? nullptr : opts.workingDir.c_str();
  plan.limitAs = limits.memoryLimitBytes != 0;
  if (plan.limitAs)
    plan.asLimit = childLimit(RLIMIT_AS, limits.memoryLimitBytes);
  plan.limitFsize = limits.fileSizeLimitBytes != 0;
  if (plan.limitFsize)
    plan.fsizeLimit = childLimit(RLIMIT_FSIZE, limits.fileSizeLimitBytes);
  plan.parent = ::getpid();

  pid_t pid = ::fork();
  if (pid < 0)
    return fail(std::string("fork: ") + errnoText(errno));
  if (pid == 0)
    runChild(plan);

  // Also set the group from this side, so that it exists before any kill
  // below whichever of the two runs first (EACCES once the child has exec'd:
  // by then it has done it itself).
  ::setpgid(pid, pid);
  // Registered for the stop-signal handler until just before it is reaped.
  // And with the caller's CancelToken, killed at once if it is cancelled
  // already (cancel() holds the token's lock while it kills, so a child is
  // either in its list then or sees the flag here).
  struct LiveSlot {
    int slot;
    pid_t pid;
    CancelToken *token;
    void drop() {
      removeLiveChild(slot);
      slot = -1;
      if (token)
        token->remove(pid);
      token = nullptr;
    }
    ~LiveSlot() { drop(); }
  } live{addLiveChild(pid), pid, limits.cancel.get()};
  if (live.token && !live.token->add(pid)) {
    live.token = nullptr;
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
  }
  inFd.reset();
  outWrite.reset();
  errWrite.reset();
  statusWrite.reset();
  UniqueFd pidfd(openPidfd(pid));

  // Did exec succeed? EOF when it did (the pipe is close-on-exec).
  int msg[2] = {0, 0};
  ssize_t got = readFully(statusRead.get(), msg, sizeof(msg));
  statusRead.reset();
  if (got == static_cast<ssize_t>(sizeof(msg))) {
    int status;
    live.drop();
    waitEintr(pid, &status, 0, nullptr);
    std::string what;
    switch (msg[0]) {
    case StageRlimit:
      what = "setrlimit";
      break;
    case StageChdir:
      what = "chdir " + opts.workingDir;
      break;
    case StageExec:
      what = "exec " + path;
      break;
    default:
      what = "child setup";
      break;
    }
    return fail(what + ": " + errnoText(msg[1]));
  }

  for (UniqueFd *fd : {&outRead, &errRead})
    ::fcntl(fd->get(), F_SETFL, ::fcntl(fd->get(), F_GETFL) | O_NONBLOCK);

  CappedBuffer outBuf(limits.maxCapturedBytes), errBuf(limits.maxCapturedBytes);
  std::optional<Clock::time_point> deadline;
  if (limits.timeoutSeconds > 0)
    deadline = start + seconds(limits.timeoutSeconds);
  bool exited = false, reaped = false, lostChild = false, timedOut = false,
       overMemory = false, unkillable = false;
  Clock::time_point exitTime, killTime;
  std::optional<Clock::time_point> nextSample;
  if (limits.residentLimitBytes > 0)
    nextSample = start;
  r.residentLimitBytes = limits.residentLimitBytes;
  int status = 0;
  struct rusage ru;
  std::memset(&ru, 0, sizeof(ru));
  std::vector<char> chunk(64 * 1024);

  while (true) {
    Clock::time_point now = Clock::now();
    if (!exited) {
      int e = hasExited(pid);
      if (e != 0) {
        live.drop(); // about to be reaped (or already reaped elsewhere)
        exited = true;
        exitTime = now;
        r.wallSeconds = secondsBetween(start, now);
        if (e > 0) {
          // Stragglers: the child is an unreaped zombie, so its group id
          // still names its group.
          ::kill(-pid, SIGKILL);
          reaped = waitEintr(pid, &status, 0, &ru) == pid;
        }
        lostChild = !reaped;
      }
    }
    if (exited && !outRead.valid() && !errRead.valid())
      break;
    if (exited && secondsBetween(exitTime, now) >= kDrainGraceSeconds)
      break;
    bool killing = timedOut || overMemory;
    if (!exited && !killing && deadline && now >= *deadline) {
      timedOut = true;
      killTime = now;
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      continue;
    }
    if (!exited && !killing && nextSample && now >= *nextSample) {
      uint64_t rss = groupResidentBytes(pid);
      r.residentBytes = std::max(r.residentBytes, rss);
      nextSample = now + seconds(kResidentSampleSeconds);
      if (rss > limits.residentLimitBytes) {
        overMemory = true;
        killTime = now;
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
        continue;
      }
    }
    if (!exited && killing &&
        secondsBetween(killTime, now) >= kKillGraceSeconds) {
      // It does not die (uninterruptible sleep): leave the reaping to a
      // thread rather than blocking the caller.
      unkillable = true;
      r.wallSeconds = secondsBetween(start, now);
      live.drop();
      std::thread([pid] {
        int st;
        waitEintr(pid, &st, 0, nullptr);
      }).detach();
      break;
    }

    int timeoutMs = -1;
    auto atMost = [&](int ms) {
      timeoutMs = timeoutMs < 0 ? ms : std::min(timeoutMs, ms);
    };
    if (exited)
      atMost(msUntil(now, exitTime + seconds(kDrainGraceSeconds)));
    else if (killing)
      atMost(msUntil(now, killTime + seconds(kKillGraceSeconds)));
    else if (deadline)
      atMost(msUntil(now, *deadline));
    if (!exited && !killing && nextSample)
      atMost(msUntil(now, *nextSample));
    if (!exited && !pidfd.valid())
      atMost(kFallbackTickMs);

    struct pollfd fds[3];
    nfds_t nfds = 0;
    int outIdx = -1, errIdx = -1;
    if (outRead.valid()) {
      outIdx = static_cast<int>(nfds);
      fds[nfds++] = {outRead.get(), POLLIN, 0};
    }
    if (errRead.valid()) {
      errIdx = static_cast<int>(nfds);
      fds[nfds++] = {errRead.get(), POLLIN, 0};
    }
    if (!exited && pidfd.valid())
      fds[nfds++] = {pidfd.get(), POLLIN, 0};
    int pr = ::poll(fds, nfds, timeoutMs);
    if (pr < 0) {
      if (errno != EINTR)
        ::usleep(kFallbackTickMs * 1000);
      continue;
    }
    auto drain = [&](int idx, UniqueFd &fd, CappedBuffer &buf) {
      if (idx < 0 || !(fds[idx].revents & (POLLIN | POLLHUP | POLLERR)))
        return;
      ssize_t n = ::read(fd.get(), chunk.data(), chunk.size());
      if (n > 0)
        buf.append(chunk.data(), static_cast<size_t>(n));
      else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        fd.reset();
    };
    drain(outIdx, outRead, outBuf);
    drain(errIdx, errRead, errBuf);
  }

  r.stdoutBytes = outBuf.totalBytes();
  r.stderrBytes = errBuf.totalBytes();
  r.stdoutText = outBuf.take();
  r.stderrText = errBuf.take();
  if (reaped) {
    r.cpuSeconds =
        static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
        1e-6 * static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    r.maxRssBytes = static_cast<uint64_t>(ru.ru_maxrss) * 1024; // KiB on Linux
    if (WIFEXITED(status)) {
      r.kind = ProcessResult::Kind::Exited;
      r.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      r.kind = ProcessResult::Kind::Signaled;
      r.signal = WTERMSIG(status);
#ifdef WCOREDUMP
      r.coreDumped = WCOREDUMP(status);
#endif
    }
  } else if (lostChild) {
    r.kind = ProcessResult::Kind::Exited;
    r.exitCode = -1;
    r.stderrText += "\n[exit status lost: the child was reaped elsewhere]\n";
  }
  if (timedOut || overMemory) {
    r.kind = timedOut ? ProcessResult::Kind::TimedOut
                      : ProcessResult::Kind::MemoryExceeded;
    if (unkillable) {
      r.signal = SIGKILL;
      r.stderrText += "\n[still alive after SIGKILL; left to a reaper "
                      "thread]\n";
    }
  }
  // Whatever ended while (or after) the token was cancelled may have been
  // killed by it: never an outcome of the program.
  if (limits.cancel && limits.cancel->cancelled())
    r.kind = ProcessResult::Kind::Cancelled;
  return r;
}

} // namespace ref::gpu
