//===- FuzzCampaign.h - One campaign of difftest fuzz ---------*- C++ -*-===//
//
// The state of a running campaign (Fuzz.cpp: the command, the database
// commits, the progress line) and what its batches share (FuzzBatch.cpp:
// generating, interpreting, compiling and judging one batch). See Fuzz.cpp
// for what a campaign does.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_FUZZCAMPAIGN_H
#define REF_DIFFTEST_FUZZCAMPAIGN_H

#include "difftest/CampaignDB.h"
#include "difftest/FlagSpace.h"
#include "difftest/Guided.h"
#include "difftest/Mutate.h"
#include "difftest/Options.h"
#include "gpu/Device.h"
#include "fuzz/Generator.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ref::difftest {

using llvm::StringRef;

std::string hex64(uint64_t v);
/// Seconds since the epoch.
double now();
/// An error that stops the campaign: the environment failed, not the case.
llvm::Error environmentError(const llvm::Twine &what);

struct Stats {
  std::mutex mutex;
  std::map<std::string, int64_t> verdicts; // per (case, target) row
  int64_t cases = 0;
  int64_t newFailures = 0;
  int64_t goldenSuspects = 0;
  double started = now();
};

class Campaign {
public:
  Settings settings;
  std::vector<gpu::TargetConfig> targets; // opt level and flags per batch
  /// The extra flags a batch may draw (FlagSpace.h): IREE's suites' flags
  /// with --iree-src, else the built-in list.
  std::vector<FlagChoice> flagChoices = builtinFlagSpace().flags;
  std::string out;
  uint64_t seed = 0;
  unsigned batchSize = 16;
  bool batching = true;
  /// Percent of the cases with dynamic shapes that also run their static
  /// twin (the metamorphic pair) as a function of the same batch.
  unsigned twinPercent = 50;
  unsigned shardIndex = 0, shardCount = 1;
  /// Bytes that must be free on the campaign's disk before each batch.
  uint64_t minFreeBytes = 0;
  fuzz::GenOptions gen;
  /// Limits of the executors of this campaign's run targets (gpu/Device.h):
  /// a generated case past one is drawn again (up to kLimitRedraws times),
  /// so that a vulkan run on lavapipe judges what IREE made, not Mesa's
  /// loop cap. Empty: every case is kept.
  std::vector<gpu::ExecutorLimits> executorLimits;
  static constexpr unsigned kLimitRedraws = 8;
  /// Percent of the cases that are mutants of real programs (--mutate),
  /// drawn from `pool`.
  unsigned mutatePercent = 0;
  MutatePool pool;
  /// --guided: the queue of cases that reached new coverage (Guided.h).
  std::unique_ptr<GuidedQueue> guided;
  /// Set when a batch failed and the campaign stops.
  std::atomic<bool> stopRequested{false};
  CampaignDB *db = nullptr;
  /// In every subprocess's limits: cancelled at --time.
  std::shared_ptr<gpu::CancelToken> cancel;
  Stats stats;
  bool tty = false;

  /// Runs batch `b` with cases [first, first + count).
  llvm::Error runBatch(int64_t b, int64_t first, int64_t count);
  void progress(bool final);

private:
  std::mutex needMutex;
  /// Whether a failure needs its batch's extra flags, by signature and
  /// flags: decided once per campaign process (needsExtraFlags).
  std::map<std::string, bool> needCache;
  /// Whether case `c`'s failure `sig` on `config` (with extra flags) goes
  /// away, or becomes another failure, without those flags: the case alone
  /// compiled and run without them. std::nullopt when that run could not
  /// tell (a tool that did not start).
  std::optional<bool> needsExtraFlags(const gpu::TargetConfig &config,
                                      const gpu::CaseSpec &spec,
                                      StringRef caseDir, StringRef subdir,
                                      const std::string &sig);
  std::mutex sigMutex;
  /// Signatures with a committed failure row (and so a bundle on disk).
  std::set<std::string> committed;
  bool loadedSignatures = false;
  fuzz::Case generate(uint64_t caseSeed,
                      const std::vector<double> &weightScale = {});
  /// Reads the committed signatures once (with sigMutex held).
  void loadCommitted();
  /// Whether a committed batch already has `sig`'s bundle.
  bool isCommitted(const std::string &sig);
  /// Moves the batch's staged bundles into bundles/ (those of signatures
  /// that no other batch committed meanwhile) and commits its rows.
  /// Returns how many failures were new.
  llvm::Expected<size_t> commit(int64_t b, const std::vector<CaseRow> &rows,
                                std::vector<FailureRow> failures,
                                std::vector<SuspectRow> suspects,
                                StringRef stage,
                                const BatchCoverage *coverage = nullptr);
  std::string bundleName(const std::string &verdict, const std::string &sig) {
    return verdict + "-" + hex64(llvm::xxh3_64bits(sig)).substr(0, 10);
  }
};

} // namespace ref::difftest

#endif // REF_DIFFTEST_FUZZCAMPAIGN_H
