//===- difftest-replay.cpp - Run an exported batch where the device is ----===//
//
//   difftest-replay BATCH [--iree-run-module=PATH] [--jobs=N]
//
// Runs every case of a batch written by `difftest export` with
// iree-run-module on this machine's device, judges the outputs with the
// oracle, prints one verdict line per case and writes BATCH/results.json for
// `difftest import`. MLIR-free and statically linked against LLVM Support,
// so that with iree-run-module it is all a GPU machine needs (see
// docs/gpu.md). Exit: 0 every case passed; 1 some failed; 2 bad batch or
// usage.
//
//===----------------------------------------------------------------------===//

#include "gpu/Batch.h"
#include "ireetools/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <map>
#include <mutex>

using namespace ref;
using namespace ref::gpu;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

cl::OptionCategory category("difftest-replay options");
cl::opt<std::string> batchDir(cl::Positional, cl::desc("<batch directory>"),
                              cl::Required, cl::cat(category));
cl::opt<std::string> runModuleTool(
    "iree-run-module",
    cl::desc("The iree-run-module to use (default: the batch's bin/, "
             "$DIFFTEST_IREE_DIR, then PATH)"),
    cl::cat(category));
cl::opt<std::string> deviceOverride(
    "device", cl::desc("Device to run on (default: the batch's)"),
    cl::cat(category));
cl::opt<unsigned> jobs("jobs", cl::desc("Cases run at once"), cl::init(4),
                       cl::cat(category));
cl::opt<double> runTimeout("run-timeout",
                           cl::desc("Seconds per iree-run-module call"),
                           cl::init(60), cl::cat(category));
cl::opt<uint64_t> memoryLimitMB(
    "memory-limit-mb",
    cl::desc("Address-space limit of each run in MiB (0: none)"), cl::init(0),
    cl::cat(category));
cl::list<std::string> tolerances(
    "tolerance", cl::desc("Oracle tolerance override (as difftest)"),
    cl::cat(category));
cl::opt<bool> quiet("quiet", cl::desc("Print failures and the summary only"),
                    cl::cat(category));

std::string findRunModule() {
  if (!runModuleTool.empty())
    return runModuleTool;
  llvm::SmallString<256> p(batchDir);
  path::append(p, "bin", "iree-run-module");
  if (fs::can_execute(p))
    return std::string(p);
  if (const char *env = std::getenv("DIFFTEST_IREE_DIR"); env && *env) {
    for (const char *sub : {"", "bin", "tools"}) {
      llvm::SmallString<256> q(env);
      path::append(q, sub, "iree-run-module");
      if (fs::can_execute(q))
        return std::string(q);
    }
  }
  if (auto found = findExecutable("iree-run-module"))
    return *found;
  return "";
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Ctrl-C or SIGTERM must not leave compilers running (each runs in its
  // own process group, out of the terminal's reach).
  ref::gpu::killChildrenOnStopSignals();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "difftest-replay: run an exported batch\n");
  auto batch = readManifest(batchDir);
  if (!batch) {
    llvm::errs() << "error: " << llvm::toString(batch.takeError()) << "\n";
    return 2;
  }
  std::string tool = findRunModule();
  if (tool.empty()) {
    llvm::errs() << "error: no iree-run-module: give --iree-run-module=PATH "
                    "or put it in "
                 << batchDir << "/bin\n";
    return 2;
  }
  OracleOptions opts;
  for (const std::string &t : tolerances)
    if (llvm::Error e = parseToleranceOverrides(t, opts)) {
      llvm::errs() << "error: --tolerance=" << t << ": "
                   << llvm::toString(std::move(e)) << "\n";
      return 2;
    }
  std::string device =
      deviceOverride.empty() ? batch->device : std::string(deviceOverride);

  ProcessLimits listLimits;
  listLimits.timeoutSeconds = 60;
  ProcessResult list = runProcess({tool, "--list_devices"}, listLimits);
  BatchResults results;
  results.runModule = tool;
  results.deviceList = list.stdoutText;
  bool haveDevice = device.rfind("local", 0) == 0 ||
                    llvm::StringRef(list.stdoutText).contains(device + "://");
  if (!haveDevice) {
    llvm::errs() << "error: no " << device
                 << " device here (iree-run-module --list_devices shows:\n"
                 << list.stdoutText << list.stderrText << ")\n";
    return 2;
  }

  ProcessLimits limits;
  limits.timeoutSeconds = runTimeout;
  limits.memoryLimitBytes = memoryLimitMB * (1ull << 20);
  results.results.resize(batch->cases.size());
  std::mutex outMutex;
  std::map<Verdict, unsigned> counts;
  {
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (auto [i, c] : llvm::enumerate(batch->cases)) {
      pool.async([&, i = i, &c = c] {
        llvm::SmallString<256> actualDir(batchDir);
        path::append(actualDir, "actual", c.spec.id);
        fs::create_directories(actualDir);
        RunOutcome out = runAndCompare(tool, device, c.module, c.spec,
                                       actualDir, limits, opts, batch->target);
        CaseResult r;
        r.id = c.spec.id;
        r.verdict = out.verdict;
        r.detail = out.detail;
        r.signature = out.signature;
        r.runSeconds = out.process.wallSeconds;
        for (const OutputResult &o : out.outputs)
          r.outputs.push_back(describe(o));
        std::lock_guard<std::mutex> lock(outMutex);
        ++counts[r.verdict];
        if (!quiet || isFailure(r.verdict)) {
          llvm::outs() << r.id << ": " << verdictName(r.verdict);
          if (!r.detail.empty())
            llvm::outs() << ": " << r.detail;
          llvm::outs() << "\n";
          llvm::outs().flush();
        }
        results.results[i] = std::move(r);
      });
    }
    pool.wait();
  }
  if (llvm::Error e = writeResults(batchDir, results)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return 2;
  }
  bool failed = false;
  llvm::outs() << batch->cases.size() << " cases on " << batch->target << " ("
               << device << "):";
  for (auto [v, n] : counts) {
    llvm::outs() << " " << verdictName(v) << " " << n;
    failed |= isFailure(v);
  }
  llvm::outs() << "\nresults: " << batchDir << "/results.json\n";
  return failed ? 1 : 0;
}
