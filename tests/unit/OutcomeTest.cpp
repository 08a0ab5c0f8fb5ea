//===- OutcomeTest.cpp - Verdicts and failure signatures ------------------===//
//
// Fake compilers and runtimes (shell scripts) classified end to end, and the
// message extraction and normalization on texts in the shapes LLVM, MLIR
// and the IREE runtime print.
//
//===----------------------------------------------------------------------===//

#include "gpu/Outcome.h"

#include "SupportTestUtils.h"

#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <csignal>

using namespace ref::gpu;
using ref::test::TempDir;

namespace {

const char *kAssertion =
    "Assertion `isa<To>(Val) && \"cast<Ty>() argument of incompatible "
    "type!\"' failed";

std::string assertionStderr(llvm::StringRef path, int line) {
  return ("iree-compile: " + path +
          "/llvm/include/llvm/Support/Casting.h:" + std::to_string(line) +
          ": decltype(auto) llvm::cast(const From &) [To = "
          "mlir::RankedTensorType, From = mlir::Type]: " +
          kAssertion +
          ".\n"
          "Please report issues to https://github.com/iree-org/iree/issues "
          "and include the crash backtrace.\n"
          "Stack dump:\n"
          "0.\tProgram arguments: iree-compile /tmp/x/prog.mlir -o out.vmfb\n"
          " #0 0x00007f1234567890 "
          "llvm::sys::PrintStackTrace(llvm::raw_ostream&,"
          " int) (/usr/lib/libIREECompiler.so+0x1234)\n"
          " #1 0x00007f1234567891 (/usr/lib/libIREECompiler.so+0x5678)\n")
      .str();
}

class OutcomeTest : public ::testing::Test {
protected:
  std::string script(llvm::StringRef name, llvm::StringRef body) {
    std::string path = dir.file(name);
    ref::test::writeBytes(path, ("#!/bin/sh\n" + body + "\n").str());
    EXPECT_FALSE(
        llvm::sys::fs::setPermissions(path, llvm::sys::fs::perms(0755)));
    return path;
  }
  /// A script printing `stderrText` (from a file, so any bytes are fine)
  /// and then running `tail`.
  std::string printingScript(llvm::StringRef name, llvm::StringRef stderrText,
                             llvm::StringRef tail) {
    std::string textFile = dir.file((name + ".txt").str());
    ref::test::writeBytes(textFile, stderrText);
    return script(name, ("cat '" + textFile + "' >&2\n" + tail).str());
  }
  TempDir dir{"outcometest"};
};

TEST_F(OutcomeTest, FakeCompilerThatHangsTimesOut) {
  std::string s = script("hang.sh", "echo compiling >&2\nsleep 30");
  ProcessLimits lim;
  lim.timeoutSeconds = 0.5;
  ProcessResult r = runProcess({s}, lim);
  EXPECT_EQ(classifyCompile(r), Verdict::CompileTimeout);
  EXPECT_EQ(failureMessage(Verdict::CompileTimeout, r), "timed out");
  EXPECT_EQ(failureSignature(Verdict::CompileTimeout, "llvm-cpu", r),
            "compile-timeout|llvm-cpu|timed out");
  EXPECT_EQ(failureSignature(Verdict::CompileTimeout, "llvm-cpu", r.stderrText),
            "compile-timeout|llvm-cpu|timed out");
}

TEST_F(OutcomeTest, FakeCompilerThatSegfaultsCrashes) {
  std::string s = script("segv.sh", "kill -SEGV $$");
  ProcessResult r = runProcess({s}, {});
  EXPECT_EQ(classifyCompile(r), Verdict::CompilerCrash);
  EXPECT_EQ(failureMessage(Verdict::CompilerCrash, r),
            "killed by SIGSEGV (Segmentation fault)");
  EXPECT_EQ(failureSignature(Verdict::CompilerCrash, "vmvx", r),
            "compiler-crash|vmvx|killed by SIGSEGV (Segmentation fault)");
}

TEST_F(OutcomeTest, FakeCompilerWithAnAssertionCrashes) {
  std::string expected = std::string("compiler-crash|cuda:sm_90|") + kAssertion;
  // Exits 134 after LLVM's crash handler ran.
  std::string exits = printingScript(
      "assert-exit.sh", assertionStderr("/home/a/iree/third_party", 566),
      "exit 134");
  ProcessResult r = runProcess({exits}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::Exited);
  EXPECT_EQ(classifyCompile(r), Verdict::CompilerCrash);
  EXPECT_EQ(firstErrorLine(r.stderrText), kAssertion);
  EXPECT_EQ(failureSignature(Verdict::CompilerCrash, "cuda:sm_90", r),
            expected);

  // Dies of SIGABRT; another build tree and line: the same signature.
  std::string aborts = printingScript(
      "assert-abort.sh", assertionStderr("/build/w2/src/third_party", 570),
      "kill -ABRT $$");
  r = runProcess({aborts}, {});
  EXPECT_EQ(r.kind, ProcessResult::Kind::Signaled);
  EXPECT_EQ(r.signal, SIGABRT);
  EXPECT_EQ(classifyCompile(r), Verdict::CompilerCrash);
  EXPECT_EQ(failureSignature(Verdict::CompilerCrash, "cuda:sm_90", r),
            expected);
  EXPECT_EQ(
      failureSignature(Verdict::CompilerCrash, "cuda:sm_90", r.stderrText),
      expected);
}

TEST_F(OutcomeTest, FakeCompilerWithADiagnosticIsACompileError) {
  std::string s =
      script("diag.sh", "echo \"/tmp/a/b.mlir:3:10: error: "
                        "'iree_linalg_ext.sort' op failed to bufferize\" >&2\n"
                        "echo '/tmp/a/b.mlir:3:10: note: see current "
                        "operation: %0 = ...' >&2\nexit 1");
  ProcessResult r = runProcess({s}, {});
  EXPECT_EQ(classifyCompile(r), Verdict::CompileError);
  EXPECT_EQ(firstErrorLine(r.stderrText),
            "'iree_linalg_ext.sort' op failed to bufferize");
  EXPECT_EQ(failureSignature(Verdict::CompileError, "rocm:gfx942", r),
            "compile-error|rocm:gfx942|'iree_linalg_ext.sort' op failed to "
            "bufferize");
}

TEST_F(OutcomeTest, FakeCompilerThatSucceedsPasses) {
  std::string s = script("ok.sh", "echo 'warning: something' >&2\nexit 0");
  ProcessResult r = runProcess({s}, {});
  EXPECT_EQ(classifyCompile(r), Verdict::Pass);
  EXPECT_EQ(classifyRun(r), Verdict::Pass);
}

TEST_F(OutcomeTest, MissingToolIsAToolError) {
  ProcessResult r = runProcess({dir.file("no-iree-compile")}, {});
  EXPECT_EQ(classifyCompile(r), Verdict::ToolError);
  EXPECT_EQ(classifyRun(r), Verdict::ToolError);
  EXPECT_NE(failureMessage(Verdict::ToolError, r).find("could not start"),
            std::string::npos);
}

TEST_F(OutcomeTest, FakeRuntimes) {
  std::string err = script(
      "rt-error.sh",
      "echo 'EXEC @main' \necho 'iree/runtime/src/iree/vm/invocation.c:123: "
      "INTERNAL; failed to wait on timepoint; while invoking native function "
      "hal.fence.await' >&2\nexit 1");
  ProcessResult r = runProcess({err}, {});
  EXPECT_EQ(classifyRun(r), Verdict::RuntimeError);
  EXPECT_EQ(firstErrorLine(r.stderrText),
            "INTERNAL; failed to wait on timepoint; while invoking native "
            "function hal.fence.await");
  EXPECT_EQ(failureSignature(Verdict::RuntimeError, "cuda:sm_90", r),
            "runtime-error|cuda:sm_90|INTERNAL; failed to wait on timepoint; "
            "while invoking native function hal.fence.await");

  std::string crash = script("rt-crash.sh", "echo 'EXEC @main'\nkill -BUS $$");
  r = runProcess({crash}, {});
  EXPECT_EQ(classifyRun(r), Verdict::RuntimeCrash);
  EXPECT_EQ(failureMessage(Verdict::RuntimeCrash, r),
            "killed by SIGBUS (Bus error)");

  std::string hang = script("rt-hang.sh", "sleep 30");
  ProcessLimits lim;
  lim.timeoutSeconds = 0.3;
  r = runProcess({hang}, lim);
  EXPECT_EQ(classifyRun(r), Verdict::RuntimeTimeout);
  EXPECT_EQ(failureSignature(Verdict::RuntimeTimeout, "cuda:sm_90", r),
            "runtime-timeout|cuda:sm_90|timed out");
}

ProcessResult exited(int code, std::string stderrText = "") {
  ProcessResult r;
  r.kind = ProcessResult::Kind::Exited;
  r.exitCode = code;
  r.stderrText = std::move(stderrText);
  return r;
}

ProcessResult signaled(int sig) {
  ProcessResult r;
  r.kind = ProcessResult::Kind::Signaled;
  r.signal = sig;
  return r;
}

TEST(Classify, Rules) {
  EXPECT_EQ(classifyCompile(exited(0)), Verdict::Pass);
  EXPECT_EQ(classifyCompile(exited(1, "x.mlir:1:1: error: bad")),
            Verdict::CompileError);
  EXPECT_EQ(classifyCompile(exited(2)), Verdict::CompileError);
  EXPECT_EQ(classifyCompile(exited(1, "LLVM ERROR: out of memory\n")),
            Verdict::CompilerOom);
  EXPECT_EQ(classifyCompile(exited(1, "LLVM ERROR: Cannot select: x\n")),
            Verdict::CompilerCrash);
  EXPECT_EQ(classifyCompile(exited(1, "foo\nUNREACHABLE executed at x.cpp:3!")),
            Verdict::CompilerCrash);
  EXPECT_EQ(classifyCompile(exited(1, "PLEASE submit a bug report to x\n")),
            Verdict::CompilerCrash);
  EXPECT_EQ(classifyCompile(exited(1, "Stack dump:\n")),
            Verdict::CompilerCrash);
  // A shell wrapper reporting its child's SIGSEGV.
  EXPECT_EQ(classifyCompile(exited(139)), Verdict::CompilerCrash);
  EXPECT_EQ(classifyCompile(exited(130)), Verdict::CompileError);
  for (int sig : {SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP})
    EXPECT_EQ(classifyCompile(signaled(sig)), Verdict::CompilerCrash) << sig;
  // SIGKILL that was not our timeout: the OOM killer.
  ProcessResult oom = signaled(SIGKILL);
  EXPECT_EQ(classifyCompile(oom), Verdict::CompilerOom);
  EXPECT_EQ(failureMessage(Verdict::CompilerOom, oom),
            "killed by SIGKILL (out of memory?)");
  EXPECT_EQ(classifyRun(oom), Verdict::RuntimeCrash);
  EXPECT_EQ(failureMessage(Verdict::RuntimeCrash, oom),
            "killed by SIGKILL (out of memory?)");
  // Stopped from outside.
  EXPECT_EQ(classifyCompile(signaled(SIGTERM)), Verdict::ToolError);
  EXPECT_EQ(classifyRun(signaled(SIGINT)), Verdict::ToolError);
  EXPECT_EQ(classifyCompile(signaled(SIGXCPU)), Verdict::CompileTimeout);
  EXPECT_EQ(*environmentFailure(signaled(SIGTERM)),
            "stopped from outside: killed by SIGTERM (Terminated)");
  EXPECT_FALSE(environmentFailure(signaled(SIGSEGV)));
  EXPECT_FALSE(environmentFailure(exited(0)));
  // A full disk is the environment's failure, whichever tool hits it.
  ProcessResult full = exited(
      1, "note: x\nerror: could not write 'a.vmfb': No space left on "
         "device\nmore\n");
  EXPECT_EQ(classifyCompile(full), Verdict::ToolError);
  EXPECT_EQ(classifyRun(full), Verdict::ToolError);
  EXPECT_EQ(failureMessage(Verdict::ToolError, full),
            "disk full: error: could not write 'a.vmfb': No space left on "
            "device");
  EXPECT_EQ(classifyCompile(exited(1, "OSError: [Errno 122] Disk quota "
                                      "exceeded")),
            Verdict::ToolError);
  // ... but only when the tool failed.
  EXPECT_EQ(classifyCompile(exited(0, "No space left on device")),
            Verdict::Pass);
  // Past the file-size limit: a crash that says so.
  EXPECT_EQ(classifyCompile(signaled(SIGXFSZ)), Verdict::CompilerCrash);
  EXPECT_EQ(failureMessage(Verdict::CompilerCrash, signaled(SIGXFSZ)),
            "wrote a file past the file-size limit (killed by SIGXFSZ (File "
            "size limit exceeded))");
  ProcessResult efbig =
      exited(1, "LLVM ERROR: IO failure on output stream: File too large\n");
  EXPECT_EQ(classifyCompile(efbig), Verdict::CompilerCrash);
  EXPECT_EQ(classifyRun(exited(1, "OSError: [Errno 27] File too large")),
            Verdict::RuntimeCrash);
  EXPECT_TRUE(llvm::StringRef(failureMessage(Verdict::CompilerCrash, efbig))
                  .starts_with("wrote a file past the file-size limit"));

  EXPECT_EQ(classifyRun(exited(1, "iree/x.c:1: INTERNAL; oops")),
            Verdict::RuntimeError);
  EXPECT_EQ(classifyRun(exited(1, "==12==ERROR: AddressSanitizer: "
                                  "heap-use-after-free on address 0x1234")),
            Verdict::RuntimeCrash);
  EXPECT_EQ(classifyRun(signaled(SIGSEGV)), Verdict::RuntimeCrash);
  ProcessResult t;
  t.kind = ProcessResult::Kind::TimedOut;
  EXPECT_EQ(classifyRun(t), Verdict::RuntimeTimeout);
  EXPECT_EQ(classifyCompile(t), Verdict::CompileTimeout);
}

// What iree-compile 3.13 (the pinned wheel, llvm-cpu, the matmul of
// tests/iree/programs) printed under `ulimit -v`, by limit: 100-200 MiB,
// the loader cannot map libIREECompiler.so (exit 127); 250 MiB, a pass
// pipeline thread cannot get its stack (SIGABRT); 300-400 MiB, LLVM's
// allocation failure handler (SIGABRT; printed twice by two threads).
TEST(Classify, OutOfMemoryAsIreeCompilePrintsIt) {
  ProcessResult loader = exited(
      127, "/venv/iree/compiler/_mlir_libs/iree-compile: error while loading "
           "shared libraries: libIREECompiler.so: failed to map segment from "
           "shared object\n");
  ProcessResult thread = signaled(SIGABRT);
  thread.stderrText =
      "LLVM ERROR: pthread_create failed: Resource temporarily unavailable\n"
      "Please report issues to https://github.com/iree-org/iree/issues and "
      "include the crash backtrace.\nStack dump:\n0.\tProgram arguments: "
      "iree-compile matmul.mlir\n";
  ProcessResult alloc = signaled(SIGABRT);
  alloc.stderrText =
      "LLVM ERROR: out of memory\nAllocation failed\nPlease report issues "
      "to https://github.com/iree-org/iree/issues and include the crash "
      "backtrace.\nLLVM ERROR: out of memory\nAllocation failed\n";
  ProcessResult badAlloc = signaled(SIGABRT);
  badAlloc.stderrText = "terminate called after throwing an instance of "
                        "'std::bad_alloc'\n  what():  std::bad_alloc\n";
  ProcessResult limit;
  limit.kind = ProcessResult::Kind::MemoryExceeded;
  limit.signal = SIGKILL;
  limit.residentBytes = 412ull << 20;
  limit.residentLimitBytes = 256ull << 20;
  for (const ProcessResult *r : {&loader, &thread, &alloc, &badAlloc, &limit}) {
    EXPECT_EQ(classifyCompile(*r), Verdict::CompilerOom) << r->stderrText;
    EXPECT_TRUE(isFailure(classifyCompile(*r)));
    // One signature whatever the allocation that failed.
    EXPECT_EQ(failureSignature(Verdict::CompilerOom, "llvm-cpu", *r),
              "compiler-oom|llvm-cpu|out of memory");
  }
  EXPECT_EQ(failureMessage(Verdict::CompilerOom, alloc),
            "LLVM ERROR: out of memory");
  EXPECT_EQ(failureMessage(Verdict::CompilerOom, thread),
            "LLVM ERROR: pthread_create failed: Resource temporarily "
            "unavailable");
  EXPECT_EQ(failureMessage(Verdict::CompilerOom, limit),
            "resident memory 412 MiB past the limit of 256 MiB");
  EXPECT_EQ(failureSignature(Verdict::CompilerOom, "hip:gfx942",
                             alloc.stderrText),
            "compiler-oom|hip:gfx942|out of memory");
  // The same abort without a memory marker is a crash.
  ProcessResult crash = signaled(SIGABRT);
  crash.stderrText = "LLVM ERROR: Cannot select: intrinsic %llvm.x\n";
  EXPECT_EQ(classifyCompile(crash), Verdict::CompilerCrash);
  EXPECT_FALSE(outOfMemory(crash));
  EXPECT_FALSE(outOfMemory(exited(0, "LLVM ERROR: out of memory")));
  // Runs keep their verdicts: a memory limit is a crash, an IREE status
  // about memory a runtime error.
  EXPECT_EQ(classifyRun(limit), Verdict::RuntimeCrash);
  EXPECT_EQ(classifyRun(exited(1, "iree/hal/allocator.c:12: "
                                  "RESOURCE_EXHAUSTED; Cannot allocate memory")),
            Verdict::RuntimeError);
}

TEST(Classify, CancelledIsNoFinding) {
  ProcessResult r;
  r.kind = ProcessResult::Kind::Cancelled;
  EXPECT_EQ(classifyCompile(r), Verdict::ToolError);
  EXPECT_EQ(classifyRun(r), Verdict::ToolError);
  EXPECT_TRUE(llvm::StringRef(*environmentFailure(r)).starts_with("cancelled"));
  EXPECT_EQ(r.summary(), "cancelled");
}

TEST(Verdicts, NamesParseAndFailure) {
  for (Verdict v :
       {Verdict::Pass, Verdict::Mismatch, Verdict::Undecided,
        Verdict::CompileError, Verdict::CompilerCrash, Verdict::CompilerOom,
        Verdict::CompileTimeout,
        Verdict::RuntimeError, Verdict::RuntimeCrash, Verdict::RuntimeTimeout,
        Verdict::CompiledOnly, Verdict::ToolError, Verdict::UnsupportedInput,
        Verdict::ExecutorLimit})
    EXPECT_EQ(parseVerdict(verdictName(v)), v) << verdictName(v).str();
  EXPECT_EQ(verdictName(Verdict::CompilerCrash), "compiler-crash");
  EXPECT_EQ(verdictName(Verdict::CompilerOom), "compiler-oom");
  EXPECT_EQ(stageOf(Verdict::CompilerOom), Stage::Compile);
  EXPECT_EQ(verdictName(Verdict::CompiledOnly), "compiled-only");
  EXPECT_FALSE(parseVerdict("crash"));
  EXPECT_FALSE(parseVerdict(""));
  EXPECT_FALSE(isFailure(Verdict::Pass));
  EXPECT_FALSE(isFailure(Verdict::Undecided));
  EXPECT_FALSE(isFailure(Verdict::CompiledOnly));
  EXPECT_FALSE(isFailure(Verdict::UnsupportedInput));
  EXPECT_EQ(verdictName(Verdict::UnsupportedInput), "unsupported-input");
  // Past a device's limits the results tell nothing about IREE.
  EXPECT_FALSE(isFailure(Verdict::ExecutorLimit));
  EXPECT_EQ(verdictName(Verdict::ExecutorLimit), "executor-limit");
  EXPECT_EQ(stageOf(Verdict::ExecutorLimit), Stage::Run);
  EXPECT_TRUE(isFailure(Verdict::Mismatch));
  EXPECT_TRUE(isFailure(Verdict::CompileTimeout));
  EXPECT_TRUE(isFailure(Verdict::ToolError));
  EXPECT_EQ(stageOf(Verdict::CompilerCrash), Stage::Compile);
  EXPECT_EQ(stageOf(Verdict::RuntimeTimeout), Stage::Run);
  EXPECT_EQ(stageOf(Verdict::Mismatch), Stage::Compare);
  EXPECT_EQ(stageName(Stage::Run), "run");
}

TEST(FirstErrorLine, Preferences) {
  EXPECT_EQ(firstErrorLine(""), "");
  EXPECT_EQ(firstErrorLine("\n  \n"), "");
  // An assertion wins over an earlier diagnostic.
  EXPECT_EQ(firstErrorLine("x.mlir:1:2: error: first\niree-compile: "
                           "/s/a.cpp:10: void f(): Assertion `x && \"bad\"' "
                           "failed.\n"),
            "Assertion `x && \"bad\"' failed");
  EXPECT_EQ(firstErrorLine("x.mlir:1:2: error: first\nLLVM ERROR: Cannot "
                           "select: intrinsic %llvm.nvvm.foo\n"),
            "LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.foo");
  EXPECT_EQ(firstErrorLine("Unhandled element type\nUNREACHABLE executed at "
                           "/src/iree/Foo.cpp:55!\nPLEASE submit a bug "
                           "report\n"),
            "UNREACHABLE executed: Unhandled element type");
  EXPECT_EQ(firstErrorLine("warning: x\n/tmp/x/prog.mlir:12:5: error: "
                           "'iree_linalg_ext.sort' op failed to bufferize\n"),
            "'iree_linalg_ext.sort' op failed to bufferize");
  EXPECT_EQ(firstErrorLine("EXEC @main\niree/runtime/src/iree/vm/"
                           "invocation.c:123: INTERNAL; failed to run\n"),
            "INTERNAL; failed to run");
  EXPECT_EQ(firstErrorLine("RESOURCE_EXHAUSTED; out of device memory\n"),
            "RESOURCE_EXHAUSTED; out of device memory");
  EXPECT_EQ(firstErrorLine("==7==ERROR: AddressSanitizer: "
                           "heap-buffer-overflow on address 0x602000000010\n"),
            "AddressSanitizer: heap-buffer-overflow");
  EXPECT_EQ(firstErrorLine("\n  something odd happened  \nmore\n"),
            "something odd happened");
  // Only boilerplate: the first non-empty line.
  EXPECT_EQ(firstErrorLine("PLEASE submit a bug report to x\nStack dump:\n"),
            "PLEASE submit a bug report to x");
}

TEST(FirstErrorLine, SegfaultStackDumpNamesTheCrashingFunction) {
  std::string dump =
      "PLEASE submit a bug report to https://github.com/llvm/llvm-project/"
      "issues/ and include the crash backtrace.\n"
      "Stack dump:\n"
      "0.\tProgram arguments: iree-compile prog.mlir\n"
      " #0 0x000055d1c4c0ab0f llvm::sys::PrintStackTrace(llvm::raw_ostream&, "
      "int) /src/llvm/lib/Support/Unix/Signals.inc:723:13\n"
      " #1 0x000055d1c4c08b50 llvm::sys::RunSignalHandlers() "
      "/src/llvm/lib/Support/Signals.cpp:106:18\n"
      " #2 0x000055d1c4c0b1ba SignalHandler(int) Signals.cpp:0:0\n"
      " #3 0x00007f4c7a842520 (/lib/x86_64-linux-gnu/libc.so.6+0x42520)\n"
      " #4 0x000055d1c5d1e2f4 mlir::Operation::getBlock() const "
      "/src/mlir/include/mlir/IR/Operation.h:190:5\n"
      " #5 0x000055d1c5d1e2f5 mlir::foo(mlir::Operation*) "
      "(/usr/lib/libIREECompiler.so+0x1234)\n";
  EXPECT_EQ(firstErrorLine(dump), "crash in mlir::Operation::getBlock() const");
  EXPECT_TRUE(stderrShowsCrash(dump));
  EXPECT_EQ(failureSignature(Verdict::CompilerCrash, "llvm-cpu", dump),
            "compiler-crash|llvm-cpu|crash in mlir::Operation::getBlock() "
            "const");
  // Unsymbolized frames only: fall back to the signal.
  ProcessResult r = signaled(SIGSEGV);
  r.stderrText = "PLEASE submit a bug report to x\nStack dump:\n"
                 " #0 0x00007f4c7a842520 (/usr/lib/libIREECompiler.so+0x42)\n";
  EXPECT_EQ(failureMessage(Verdict::CompilerCrash, r),
            "killed by SIGSEGV (Segmentation fault)");
}

TEST(NormalizeMessage, RemovesWhatVaries) {
  EXPECT_EQ(normalizeMessage("'memref.alloca' op allocation of 196608 bytes "
                             "exceeds the limit of 65536 bytes"),
            "'memref.alloca' op allocation of N bytes exceeds the limit of N "
            "bytes");
  // Shapes collapse, element types stay: one size mismatch is one bug
  // whatever the rank (a campaign saw 12 signatures for one arg_compare bug
  // before this).
  EXPECT_EQ(normalizeMessage("tensor<16x32x?xf16> vs tensor<?x8xbf16>"),
            "tensor<...xf16> vs tensor<...xbf16>");
  EXPECT_EQ(normalizeMessage("vector<4xf32> vector<[4]x8xi1> memref<128xi8, "
                             "strided<[1], offset: ?>>"),
            "vector<...xf32> vector<...xi1> memref<...xi8>");
  EXPECT_EQ(normalizeMessage("tensor<f32> tensor<?xcomplex<f32>>"),
            "tensor<f32> tensor<...xcomplex<f32>>");
  EXPECT_EQ(normalizeMessage("expected type to be 'tensor<?x4xi16>' or a "
                             "rank-reduced version. (size mismatch)"),
            "expected type to be 'tensor<...xi16>' or a rank-reduced version. "
            "(size mismatch)");
  // Unbalanced: left as it was.
  EXPECT_EQ(normalizeMessage("tensor<4x"), "tensor<Nx");
  EXPECT_EQ(normalizeMessage("mytensor<4>"), "mytensor<N>");
  EXPECT_EQ(normalizeMessage("%123 = arith.addf %arg0, %foo_1 : f32"),
            "% = arith.addf %, % : f32");
  EXPECT_EQ(normalizeMessage("%0#1 in ^bb3"), "% in ^bb");
  EXPECT_EQ(normalizeMessage("at 0x7ffd12345678 and 0xDEADBEEF"),
            "at 0x? and 0x?");
  EXPECT_EQ(normalizeMessage("failed to open /tmp/abc/prog-17.mlir:3:10 for "
                             "reading"),
            "failed to open <path> for reading");
  EXPECT_EQ(normalizeMessage("iree/runtime/src/iree/vm/invocation.c:123: "
                             "INTERNAL; x"),
            "<path>: INTERNAL; x");
  EXPECT_EQ(normalizeMessage("at ./rel/x.cpp:5 and ../y.h and prog.mlir:3:4:"),
            "at <path> and <path> and <path>:");
  EXPECT_EQ(normalizeMessage("see /tmp/x."), "see <path>.");
  EXPECT_EQ(normalizeMessage("input and/or output N/A"),
            "input and/or output N/A");
  EXPECT_EQ(normalizeMessage("op loc(\"/tmp/x.mlir\":3:4) failed; "
                             "loc(callsite(#loc1 at #loc2)) done"),
            "op failed; done");
  EXPECT_EQ(normalizeMessage("uses #map3 and #map"), "uses #map and #map");
  EXPECT_EQ(normalizeMessage("expected 1.5e-3 got -2.25, 2D and 64bit"),
            "expected N got -N, 2D and 64bit");
  EXPECT_EQ(normalizeMessage("  a   b\t c \n "), "a b c");
  EXPECT_EQ(normalizeMessage(""), "");
}

TEST(FailureSignature, SameSignatureRenormalizes) {
  // Recorded before shapes were dropped from signatures: still the same.
  EXPECT_TRUE(sameSignature(
      "compile-error|hip:gfx942|expected type to be 'tensor<Nx?xi32>' or a "
      "rank-reduced version. (size mismatch)",
      "compile-error|hip:gfx942|expected type to be 'tensor<...xi32>' or a "
      "rank-reduced version. (size mismatch)"));
  EXPECT_TRUE(sameSignature(
      "compile-error|hip:gfx942|expected type to be 'tensor<?xNxi32>' (size)",
      "compile-error|hip:gfx942|expected type to be 'tensor<?x1xi32>' (size)"));
  EXPECT_TRUE(sameSignature("compile-error|x|tensor<N>", "compile-error|x|"
                                                         "tensor<...xN>") ==
              false);
  EXPECT_FALSE(sameSignature("compile-error|hip:gfx942|boom",
                             "compile-error|cuda:sm_80|boom"));
  EXPECT_TRUE(sameSignature("compile-error|hip:gfx942|boom",
                            "compile-error|cuda:sm_80|boom",
                            /*ignoreTarget=*/true));
  EXPECT_FALSE(sameSignature("compile-error|hip:gfx942|boom",
                             "compiler-crash|hip:gfx942|boom", true));
  EXPECT_FALSE(sameSignature("mismatch|llvm-cpu|f32 float",
                             "mismatch|llvm-cpu|f16 float"));
}

TEST(NormalizeMessage, KeepsIdentifiersAndTypeNames) {
  llvm::StringRef ids =
      "sm_90 gfx942 f16 i64 bf16 f8E4M3FN f8E5M2 i1 x86_64 "
      "@main_dispatch_0 conv_2d_nhwc_hwcf iree_linalg_ext.sort";
  EXPECT_EQ(normalizeMessage(ids), ids.str());
  EXPECT_EQ(normalizeMessage("'nvvm.mma.sync' op unsupported on sm_90 with "
                             "vector<4xf16>"),
            "'nvvm.mma.sync' op unsupported on sm_90 with vector<...xf16>");
}

TEST(NormalizeMessage, TruncatesLongMessages) {
  std::string longMsg;
  for (int i = 0; i < 100; ++i)
    longMsg += "word ";
  std::string n = normalizeMessage(longMsg);
  EXPECT_LE(n.size(), 203u);
  EXPECT_TRUE(llvm::StringRef(n).ends_with("..."));
  EXPECT_EQ(n.find('\n'), std::string::npos);
}

TEST(FailureSignature, SameBugSameSignatureOtherwiseDifferent) {
  std::string a =
      "/tmp/run1/prog.mlir:12:5: error: 'linalg.generic' op operand %arg3 "
      "of type tensor<16x32xf16> at 0x7ffd11112222 needs 196608 bytes "
      "loc(\"/tmp/run1/prog.mlir\":12:5)\n"
      "/tmp/run1/prog.mlir:12:5: note: see current operation: %5 = ...\n";
  std::string b =
      "/home/u/work/case-99/input.mlir:40:17: error: 'linalg.generic' op "
      "operand %x_7 of type tensor<8x64xf16> at 0x55aa99990000 needs 4096 "
      "bytes\n";
  std::string sa = failureSignature(Verdict::CompileError, "cuda:sm_90", a);
  EXPECT_EQ(sa, failureSignature(Verdict::CompileError, "cuda:sm_90", b));
  EXPECT_EQ(sa, "compile-error|cuda:sm_90|'linalg.generic' op operand % of "
                "type tensor<...xf16> at 0x? needs N bytes");
  // Another target, another stage or another message: another signature.
  EXPECT_NE(sa, failureSignature(Verdict::CompileError, "rocm:gfx942", a));
  EXPECT_NE(sa, failureSignature(Verdict::RuntimeError, "cuda:sm_90", a));
  EXPECT_NE(sa, failureSignature(Verdict::CompileError, "cuda:sm_90",
                                 "x.mlir:1:1: error: 'linalg.generic' op "
                                 "operand % of type tensor<4xf32>"));
  // Element types and target names survive.
  std::string c = failureSignature(
      Verdict::CompilerCrash, "rocm:gfx942",
      "LLVM ERROR: Cannot select: f8E4M3FN on gfx942 (bf16 vs sm_90)");
  EXPECT_EQ(c, "compiler-crash|rocm:gfx942|LLVM ERROR: Cannot select: "
               "f8E4M3FN on gfx942 (bf16 vs sm_90)");
  // One line, whatever the target string.
  std::string d = failureSignature(Verdict::Mismatch, "a|b c\n", "");
  EXPECT_EQ(d, "mismatch|a_b_c|no message");
}

} // namespace

TEST(OutcomeNormalize, DispatchNamesKeepOnlyTheRootOp) {
  // Two cases of one bug: different functions, dispatch numbers, shapes.
  std::string a = normalizeMessage(
      "function 'f31_dispatch_0_scan_Dx6x3x2xf32_dispatch_tensor_store' uses "
      "98304 bytes of shared memory; exceeded the limit of 65536 bytes");
  std::string b = normalizeMessage(
      "function 'main_dispatch_12_scan_4x9xf16' uses 131072 bytes of shared "
      "memory; exceeded the limit of 65536 bytes");
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, "function '<dispatch scan>' uses N bytes of shared memory; "
               "exceeded the limit of N bytes");
  EXPECT_NE(normalizeMessage("'f1_dispatch_0_sort_4xf32' failed"),
            normalizeMessage("'f1_dispatch_0_scan_4xf32' failed"));
}
