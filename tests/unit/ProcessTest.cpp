//===- ProcessTest.cpp - Subprocesses with limits -------------------------===//
//
// Fake tools are little shell scripts written into a temporary directory.
//
//===----------------------------------------------------------------------===//

#include "ireetools/Process.h"

#include "SupportTestUtils.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

using namespace ref::gpu;
using ref::test::TempDir;

namespace {

/// Writes an executable `#!/bin/sh` script and returns its path.
std::string writeScript(const TempDir &dir, llvm::StringRef name,
                        llvm::StringRef body) {
  std::string path = dir.file(name);
  ref::test::writeBytes(path, ("#!/bin/sh\n" + body + "\n").str());
  EXPECT_FALSE(llvm::sys::fs::setPermissions(path, llvm::sys::fs::perms(0755)));
  return path;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Gone, or a zombie nobody reaped yet (a container's pid 1 may never).
bool processIsDead(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat)
    return true;
  std::string line;
  std::getline(stat, line);
  size_t close = line.rfind(')');
  return close != std::string::npos && close + 2 < line.size() &&
         (line[close + 2] == 'Z' || line[close + 2] == 'X');
}

bool becomesDead(pid_t pid, double seconds) {
  auto until = std::chrono::steady_clock::now() +
               std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  while (std::chrono::steady_clock::now() < until) {
    if (processIsDead(pid))
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return processIsDead(pid);
}

pid_t readPid(const std::string &path) {
  std::string text = readFile(path);
  return static_cast<pid_t>(std::atoi(text.c_str()));
}

class ProcessTest : public ::testing::Test {
protected:
  TempDir dir{"proctest"};
};

TEST_F(ProcessTest, ExitCodes) {
  std::string ok = writeScript(dir, "ok.sh", "exit 0");
  std::string three = writeScript(dir, "three.sh", "exit 3");
  ProcessResult r = runProcess({ok}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::Exited);
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_TRUE(r.success());
  EXPECT_EQ(r.summary(), "exited with 0");
  EXPECT_GT(r.wallSeconds, 0.0);
  EXPECT_GT(r.maxRssBytes, 0u);

  r = runProcess({three}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::Exited);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_FALSE(r.success());
  EXPECT_EQ(r.summary(), "exited with 3");
}

TEST_F(ProcessTest, CapturesStreamsSeparatelyAndPassesArguments) {
  std::string s = writeScript(dir, "streams.sh",
                              "echo out1; echo err1 >&2; printf '%s|' \"$@\"; "
                              "echo err2 >&2");
  ProcessResult r = runProcess({s, "a b", "", "c"}, {});
  ASSERT_TRUE(r.success()) << r.summary();
  EXPECT_EQ(r.stdoutText, "out1\na b||c|");
  EXPECT_EQ(r.stderrText, "err1\nerr2\n");
  EXPECT_EQ(r.stdoutBytes, r.stdoutText.size());
}

TEST_F(ProcessTest, EnvironmentWorkingDirAndStdin) {
  std::string sub = dir.file("sub");
  ASSERT_FALSE(llvm::sys::fs::create_directory(sub));
  std::string input = dir.file("input.txt");
  ref::test::writeBytes(input, "from stdin\n");
  std::string s =
      writeScript(dir, "env.sh",
                  "echo \"$REF_TEST_VAR\"; echo \"$HOME_OVERRIDE\"; pwd; cat");
  RunOptions opts;
  opts.workingDir = sub;
  opts.extraEnv = {{"REF_TEST_VAR", "value 1"}, {"HOME_OVERRIDE", "x=y"}};
  opts.stdinFile = input;
  ProcessResult r = runProcess({s}, {}, opts);
  ASSERT_TRUE(r.success()) << r.summary() << r.stderrText;
  llvm::SmallString<128> real;
  ASSERT_FALSE(llvm::sys::fs::real_path(sub, real));
  EXPECT_EQ(r.stdoutText,
            "value 1\nx=y\n" + std::string(real) + "\nfrom stdin\n");

  // Without a stdin file, stdin is /dev/null: `cat` ends at once.
  std::string c = writeScript(dir, "cat.sh", "cat; echo done");
  ProcessLimits lim;
  lim.timeoutSeconds = 5;
  r = runProcess({c}, lim);
  EXPECT_TRUE(r.success()) << r.summary();
  EXPECT_EQ(r.stdoutText, "done\n");
}

TEST_F(ProcessTest, MegabytesOnBothStreamsDoNotDeadlockAndAreCapped) {
  std::string s = writeScript(
      dir, "big.sh",
      "( echo BEGIN-OUT; head -c 5000000 /dev/zero | tr '\\0' o; echo; "
      "echo END-OUT ) &\n"
      "( echo BEGIN-ERR; head -c 5000000 /dev/zero | tr '\\0' e; echo; "
      "echo END-ERR ) >&2\n"
      "wait");
  ProcessLimits lim;
  lim.timeoutSeconds = 10;
  lim.maxCapturedBytes = 1 << 20;
  ProcessResult r = runProcess({s}, lim);
  ASSERT_TRUE(r.success()) << r.summary();
  uint64_t total = 5000000 + strlen("BEGIN-OUT\n\nEND-OUT\n");
  EXPECT_EQ(r.stdoutBytes, total);
  EXPECT_EQ(r.stderrBytes, total);
  for (const std::string *text : {&r.stdoutText, &r.stderrText}) {
    bool isOut = text == &r.stdoutText;
    EXPECT_EQ(text->rfind(isOut ? "BEGIN-OUT\n" : "BEGIN-ERR\n", 0), 0u);
    llvm::StringRef t(*text);
    EXPECT_TRUE(t.ends_with(isOut ? "\nEND-OUT\n" : "\nEND-ERR\n"));
    std::string note =
        "[... " + std::to_string(total - (1 << 20)) + " bytes elided ...]";
    EXPECT_NE(text->find(note), std::string::npos);
    EXPECT_LT(text->size(), (1u << 20) + 100);
  }

  // Uncapped, everything is kept.
  lim.maxCapturedBytes = 0;
  r = runProcess({s}, lim);
  ASSERT_TRUE(r.success()) << r.summary();
  EXPECT_EQ(r.stdoutText.size(), total);
  EXPECT_EQ(r.stderrText.size(), total);
}

TEST_F(ProcessTest, TimeoutKillsTheWholeProcessGroup) {
  std::string shPid = dir.file("sh.pid"), sleepPid = dir.file("sleep.pid");
  std::string s =
      writeScript(dir, "hang.sh",
                  "echo $$ > '" + shPid + "'\nsleep 30 &\necho $! > '" +
                      sleepPid + "'\necho started\nwait");
  ProcessLimits lim;
  lim.timeoutSeconds = 1.0;
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = runProcess({s}, lim);
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_EQ(r.kind, ProcessResult::Kind::TimedOut);
  EXPECT_FALSE(r.success());
  EXPECT_GE(took, 1.0);
  EXPECT_LT(took, 2.0);
  EXPECT_EQ(r.stdoutText, "started\n");
  EXPECT_EQ(llvm::StringRef(r.summary()).take_front(17), "timed out after 1");
  pid_t sleeper = readPid(sleepPid), shell = readPid(shPid);
  ASSERT_GT(sleeper, 0);
  ASSERT_GT(shell, 0);
  EXPECT_TRUE(becomesDead(sleeper, 1.0)) << "the sleep grandchild survived";
  EXPECT_TRUE(becomesDead(shell, 1.0));
}

TEST_F(ProcessTest, StragglersDoNotHangTheCaller) {
  // The direct child exits at once, leaving a background `sleep` in its
  // group holding the pipes: it is killed when the child exits.
  std::string pidFile = dir.file("bg.pid");
  std::string s =
      writeScript(dir, "bg.sh",
                  "sleep 30 &\necho $! > '" + pidFile + "'\necho bye\nexit 0");
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = runProcess({s}, {});
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_TRUE(r.success()) << r.summary();
  EXPECT_EQ(r.stdoutText, "bye\n");
  EXPECT_LT(took, 1.0);
  pid_t bg = readPid(pidFile);
  ASSERT_GT(bg, 0);
  EXPECT_TRUE(becomesDead(bg, 1.0));

  // A grandchild that left the group (setsid) before the child exited keeps
  // the pipes open: we stop reading after a short grace period.
  if (!findExecutable("setsid"))
    GTEST_SKIP() << "no setsid";
  std::string escPid = dir.file("esc.pid");
  std::string e = writeScript(dir, "escape.sh",
                              "setsid sleep 30 &\necho $! > '" + escPid +
                                  "'\necho bye\nsleep 0.2\nexit 0");
  t0 = std::chrono::steady_clock::now();
  r = runProcess({e}, {});
  took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
             .count();
  pid_t esc = readPid(escPid);
  bool escapedAlive = esc > 0 && !processIsDead(esc);
  if (esc > 0)
    ::kill(esc, SIGKILL);
  EXPECT_TRUE(r.success()) << r.summary();
  EXPECT_EQ(r.stdoutText, "bye\n");
  EXPECT_TRUE(escapedAlive) << "the escaped sleep should outlive the run";
  EXPECT_GE(took, 0.4); // 0.2 s of script, then the grace period
  EXPECT_LT(took, 1.5);
}

TEST_F(ProcessTest, KilledBySignal) {
  std::string s = writeScript(dir, "segv.sh", "echo before\nkill -SEGV $$");
  ProcessResult r = runProcess({s}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::Signaled);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_EQ(r.stdoutText, "before\n");
  EXPECT_FALSE(r.success());
  EXPECT_EQ(llvm::StringRef(r.summary())
                .take_front(strlen("killed by SIGSEGV (Segmentation fault)")),
            "killed by SIGSEGV (Segmentation fault)");
}

TEST_F(ProcessTest, MemoryLimit) {
  const char *python = "/usr/bin/python3";
  if (::access(python, X_OK) != 0)
    GTEST_SKIP() << "no " << python;
  std::vector<std::string> argv = {python, "-c", "b = bytearray(1<<31)"};
  ProcessLimits lim;
  lim.timeoutSeconds = 10;
  lim.memoryLimitBytes = 256ull << 20;
  ProcessResult r = runProcess(argv, lim);
  EXPECT_EQ(r.kind, ProcessResult::Kind::Exited);
  EXPECT_NE(r.exitCode, 0);
  EXPECT_NE(r.stderrText.find("MemoryError"), std::string::npos)
      << r.stderrText;

  // 2 GiB of zeroed pages is fine without the limit (given time: 10 s is
  // not always enough on a loaded 2-core machine).
  lim.memoryLimitBytes = 0;
  lim.timeoutSeconds = 120;
  r = runProcess(argv, lim);
  EXPECT_TRUE(r.success()) << r.summary() << r.stderrText;
}

TEST_F(ProcessTest, ResidentLimitKillsTheGroup) {
  const char *python = "/usr/bin/python3";
  if (::access(python, X_OK) != 0)
    GTEST_SKIP() << "no " << python;
  // A grandchild (behind a shell, in the child's group) touches 300 MiB
  // and waits: the group's resident memory goes past 128 MiB.
  std::string s = writeScript(
      dir, "grow.sh",
      std::string(python) +
          " -c 'import time; b = bytearray(300 << 20); time.sleep(30)' &\n"
          "wait");
  ProcessLimits lim;
  lim.timeoutSeconds = 20;
  lim.residentLimitBytes = 128ull << 20;
  auto t0 = std::chrono::steady_clock::now();
  ProcessResult r = runProcess({s}, lim);
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_EQ(r.kind, ProcessResult::Kind::MemoryExceeded) << r.summary();
  EXPECT_GT(r.residentBytes, 128ull << 20);
  EXPECT_EQ(r.residentLimitBytes, 128ull << 20);
  EXPECT_LT(took, 10.0);
  EXPECT_TRUE(llvm::StringRef(r.summary()).ends_with(
      "MiB past the limit of 128 MiB"))
      << r.summary();

  // Under a limit above what it touches, it runs to its end.
  std::string small = writeScript(
      dir, "small.sh",
      std::string(python) +
          " -c 'import time; b = bytearray(64 << 20); time.sleep(0.6)'");
  lim.residentLimitBytes = 1ull << 30;
  r = runProcess({small}, lim);
  EXPECT_TRUE(r.success()) << r.summary() << r.stderrText;
  EXPECT_GT(r.residentBytes, 64ull << 20); // sampled while it slept
  EXPECT_LT(r.residentBytes, 1ull << 30);
}

TEST_F(ProcessTest, CancelStopsRunningAndLaterChildren) {
  auto token = std::make_shared<CancelToken>();
  ProcessLimits lim;
  lim.timeoutSeconds = 60;
  lim.cancel = token;
  std::string sleepPid = dir.file("sleep.pid");
  std::string hang = writeScript(
      dir, "hang.sh", "sleep 30 &\necho $! > '" + sleepPid + "'\nwait");
  ProcessResult r;
  std::thread t([&] { r = runProcess({hang}, lim); });
  // Cancel once the grandchild runs.
  for (int i = 0; i < 500 && readFile(sleepPid).empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_FALSE(readFile(sleepPid).empty());
  auto t0 = std::chrono::steady_clock::now();
  token->cancel();
  t.join();
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_EQ(r.kind, ProcessResult::Kind::Cancelled) << r.summary();
  EXPECT_LT(took, 3.0);
  EXPECT_TRUE(becomesDead(std::stoi(readFile(sleepPid)), 5.0));

  // After it, nothing starts under the token; other children are unaffected.
  std::string marker = dir.file("ran");
  std::string touch = writeScript(dir, "touch.sh", "touch '" + marker + "'");
  r = runProcess({touch}, lim);
  EXPECT_EQ(r.kind, ProcessResult::Kind::Cancelled);
  EXPECT_FALSE(llvm::sys::fs::exists(marker));
  lim.cancel = nullptr;
  r = runProcess({touch}, lim);
  EXPECT_TRUE(r.success()) << r.summary();
  EXPECT_TRUE(llvm::sys::fs::exists(marker));
}

TEST_F(ProcessTest, FileSizeLimit) {
  // A tool writing 8 MiB under a 1 MiB limit dies of SIGXFSZ with exactly
  // 1 MiB on disk; one ignoring the signal (as Python does) gets EFBIG.
  std::string big = dir.file("big.bin");
  ProcessLimits lim;
  lim.timeoutSeconds = 20;
  lim.fileSizeLimitBytes = 1 << 20;
  std::string e = writeScript(dir, "bigexec.sh",
                              "exec head -c 8388608 /dev/zero > '" + big + "'");
  ProcessResult r = runProcess({e}, lim);
  EXPECT_EQ(r.kind, ProcessResult::Kind::Signaled) << r.summary();
  EXPECT_EQ(r.signal, SIGXFSZ);
  uint64_t size = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(big, size));
  EXPECT_EQ(size, 1u << 20);

  std::string ign = writeScript(dir, "ignored.sh",
                                "trap '' XFSZ\n"
                                "head -c 8388608 /dev/zero > '" + big + "'\n"
                                "echo rc=$?");
  r = runProcess({ign}, lim);
  EXPECT_TRUE(r.success()) << r.summary();
  EXPECT_NE(r.stderrText.find("File too large"), std::string::npos)
      << r.stderrText;
  EXPECT_EQ(r.stdoutText, "rc=1\n");

  // No limit: the whole file.
  lim.fileSizeLimitBytes = 0;
  r = runProcess({e}, lim);
  EXPECT_TRUE(r.success()) << r.summary();
  ASSERT_FALSE(llvm::sys::fs::file_size(big, size));
  EXPECT_EQ(size, 8u << 20);
}

/// Runs `body` in a forked process and returns its pid (the gtest process
/// has threads: the child only calls runProcess and _exit).
template <typename F> pid_t forkRunner(F body) {
  pid_t pid = ::fork();
  if (pid == 0) {
    body();
    ::_exit(0);
  }
  return pid;
}

TEST_F(ProcessTest, ChildrenDieWithASigkilledCaller) {
  std::string pidFile = dir.file("child.pid");
  std::string s = writeScript(dir, "sleeper.sh",
                              "echo $$ > '" + pidFile + ".tmp'\n"
                              "mv '" + pidFile + ".tmp' '" + pidFile + "'\n"
                              "exec sleep 1000");
  pid_t runner = forkRunner([&] {
    ProcessLimits lim;
    lim.timeoutSeconds = 600;
    runProcess({s}, lim);
  });
  ASSERT_GT(runner, 0);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!llvm::sys::fs::exists(pidFile) &&
         std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  pid_t child = readPid(pidFile);
  ASSERT_GT(child, 0);
  EXPECT_FALSE(processIsDead(child));
  ::kill(runner, SIGKILL);
  int status = 0;
  ::waitpid(runner, &status, 0);
  // PR_SET_PDEATHSIG: the tool does not outlive the campaign.
  EXPECT_TRUE(becomesDead(child, 10)) << "pid " << child;
  ::kill(child, SIGKILL);
}

TEST_F(ProcessTest, StopSignalsKillTheChildrensGroups) {
  std::string pidFile = dir.file("group.pids");
  // The script and a background grandchild in its group: the handler
  // kills the whole group, then the caller dies of the signal itself.
  std::string s = writeScript(dir, "group.sh",
                              "sleep 1000 &\n"
                              "echo $$ $! > '" + pidFile + ".tmp'\n"
                              "mv '" + pidFile + ".tmp' '" + pidFile + "'\n"
                              "wait");
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    SCOPED_TRACE(signalName(sig));
    llvm::sys::fs::remove(pidFile);
    pid_t runner = forkRunner([&] {
      killChildrenOnStopSignals();
      ProcessLimits lim;
      lim.timeoutSeconds = 600;
      std::vector<std::thread> threads; // two children at once
      for (int i = 0; i < 2; ++i)
        threads.emplace_back([&, i] {
          if (i == 0)
            runProcess({s}, lim);
          else
            runProcess({"/bin/sleep", "1000"}, lim);
        });
      for (std::thread &t : threads)
        t.join();
    });
    ASSERT_GT(runner, 0);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!llvm::sys::fs::exists(pidFile) &&
           std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::ifstream in(pidFile);
    pid_t script = 0, grandchild = 0;
    in >> script >> grandchild;
    ASSERT_GT(script, 0);
    ASSERT_GT(grandchild, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ::kill(runner, sig);
    int status = 0;
    ASSERT_EQ(::waitpid(runner, &status, 0), runner);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig)
        << "status " << status;
    EXPECT_TRUE(becomesDead(script, 10));
    EXPECT_TRUE(becomesDead(grandchild, 10));
    ::kill(grandchild, SIGKILL);
  }
}

TEST_F(ProcessTest, FailuresToStart) {
  ProcessResult r = runProcess({"/nonexistent/dir/tool"}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
  EXPECT_FALSE(r.success());
  EXPECT_NE(r.startError.find("No such file or directory"), std::string::npos)
      << r.startError;
  EXPECT_EQ(r.summary(), "could not start: " + r.startError);

  r = runProcess({"ref-no-such-tool-anywhere"}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
  EXPECT_NE(r.startError.find("not found in PATH"), std::string::npos);

  std::string plain = dir.file("plain.sh");
  ref::test::writeBytes(plain, "#!/bin/sh\nexit 0\n");
  r = runProcess({plain}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
  EXPECT_NE(r.startError.find("Permission denied"), std::string::npos)
      << r.startError;

  // exec itself fails (the interpreter does not exist): reported by the
  // child through the status pipe.
  std::string badInterp = dir.file("bad-interp.sh");
  ref::test::writeBytes(badInterp, "#!/nonexistent/interpreter\n");
  ASSERT_FALSE(
      llvm::sys::fs::setPermissions(badInterp, llvm::sys::fs::perms(0755)));
  r = runProcess({badInterp}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
  EXPECT_NE(r.startError.find("exec "), std::string::npos) << r.startError;

  std::string ok = writeScript(dir, "ok.sh", "exit 0");
  RunOptions opts;
  opts.workingDir = dir.file("no-such-subdir");
  r = runProcess({ok}, {}, opts);
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
  EXPECT_NE(r.startError.find("chdir"), std::string::npos) << r.startError;

  opts = {};
  opts.stdinFile = dir.file("no-such-input");
  r = runProcess({ok}, {}, opts);
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);

  r = runProcess({}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::FailedToStart);
}

TEST_F(ProcessTest, ConcurrentRunsFromThreads) {
  std::string s = writeScript(
      dir, "worker.sh",
      "echo \"job $1\"; sleep 0.3; head -c 200000 /dev/zero | tr '\\0' x >&2; "
      "exit $2");
  constexpr int kJobs = 8;
  std::vector<ProcessResult> results(kJobs);
  std::vector<std::thread> threads;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < kJobs; ++i)
    threads.emplace_back([&, i] {
      ProcessLimits lim;
      lim.timeoutSeconds = 10;
      results[i] =
          runProcess({s, std::to_string(i), std::to_string(i % 3)}, lim);
    });
  for (std::thread &t : threads)
    t.join();
  double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  for (int i = 0; i < kJobs; ++i) {
    EXPECT_EQ(results[i].kind, ProcessResult::Kind::Exited);
    EXPECT_EQ(results[i].exitCode, i % 3);
    EXPECT_EQ(results[i].stdoutText, "job " + std::to_string(i) + "\n");
    EXPECT_EQ(results[i].stderrText.size(), 200000u);
  }
  // They ran side by side, not one after another (8 x 0.3 s).
  EXPECT_LT(took, 2.0);
}

TEST(FindExecutable, PathLookupAndPaths) {
  std::optional<std::string> sh = findExecutable("sh");
  ASSERT_TRUE(sh);
  EXPECT_TRUE(llvm::StringRef(*sh).ends_with("/sh"));
  EXPECT_EQ(findExecutable("/bin/sh"), std::optional<std::string>("/bin/sh"));
  EXPECT_FALSE(findExecutable("ref-no-such-tool-anywhere"));
  EXPECT_FALSE(findExecutable("/nonexistent/tool"));
  EXPECT_FALSE(findExecutable("/tmp"));
  EXPECT_FALSE(findExecutable(""));
}

TEST(SignalNames, NamesAndDescriptions) {
  EXPECT_EQ(signalName(SIGSEGV), "SIGSEGV");
  EXPECT_EQ(signalName(SIGABRT), "SIGABRT");
  EXPECT_EQ(signalDescription(SIGABRT), "Aborted");
  EXPECT_EQ(signalName(77), "signal 77");
  ProcessResult r;
  r.kind = ProcessResult::Kind::Signaled;
  r.signal = SIGABRT;
  r.coreDumped = true;
  EXPECT_EQ(r.summary(), "killed by SIGABRT (Aborted), core dumped");
  r.kind = ProcessResult::Kind::TimedOut;
  r.wallSeconds = 5.04;
  EXPECT_EQ(r.summary(), "timed out after 5.0 s");
}

} // namespace
