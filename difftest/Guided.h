//===- Guided.h - Coverage-guided campaigns ----------------------*- C++ -*-===//
//
// `difftest fuzz --guided`: every combined compile also dumps IREE's
// executable configurations (difftest/Coverage.h); a case whose function
// is the first to reach a feature (a pipeline x root op, a lowering config,
// a dispatch's fused ops) enters the queue, kept in the campaign database.
// A share of the cases (--guided-pct) are mutants of queue entries: an
// operator (a structural mutation, a compiler flag, or none) and then
// ref-mutate's mutations as --mutate's (difftest/Mutate.h).
//
// Which entry and which operator: difftest/Schedule.h (AFL's energy,
// MOpt's operator weights).
//
// Determinism: batch b sees the queue of the seeded entries and the batches
// of its shard up to b - lag * N (lag: the campaign's --jobs when it was
// made, kept with it), and waits until those are committed. A feature keeps
// its lowest (case, function), so which entries those batches hold does not
// depend on the order batches committed in: given the seed and the
// database's seeded entries, case i is the same in an uninterrupted run, a
// run killed and resumed, and with any --jobs (IREE's own nondeterminism
// aside: a compile timeout is a timeout). See docs/fuzzing.md.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_GUIDED_H
#define REF_DIFFTEST_GUIDED_H

#include "difftest/CampaignDB.h"
#include "difftest/Schedule.h"

#include <array>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <set>

namespace ref::difftest {

/// What batch b draws from: the queue and the records of the batches
/// before it (the queue's order).
struct GuidedView {
  std::vector<QueueEntry> queue;
  ScheduleRecords records; // Schedule.h
};

class GuidedQueue {
public:
  /// Percent of a batch's cases that are mutants of queue entries.
  unsigned percent = 50;
  /// Batches of the shard a batch does not wait for (see above).
  int64_t lag = 1;
  unsigned shardIndex = 0, shardCount = 1;
  /// Whether generated cases draw op kinds by their coverage record
  /// (Schedule.h, generatorWeightScale).
  bool steerGenerator = false;
  /// Whether batches draw their extra flag by the coverage record of the
  /// batches with each (Schedule.h, drawBatchFlag).
  bool steerFlags = false;

  /// The batches committed before this run (CampaignDB::doneBatches).
  void start(const std::set<int64_t> &done);
  /// Batch `b` is committed: wakes the batches waiting for it.
  void committed(int64_t b);

  /// The queue batch `b` draws from: waits until the shard's batches up to
  /// b - lag * N are committed (polling `stopped` every second; nullopt
  /// when it says stop).
  std::optional<GuidedView>
  snapshot(int64_t b, CampaignDB &db, const std::function<bool()> &stopped);

  /// The entry case `caseSeed` mutates (drawn by energy), or null: a
  /// generated case.
  const QueueEntry *pick(uint64_t caseSeed, const GuidedView &view) const;
  /// The operator case `caseSeed` is made with, drawn by weight among those
  /// `available` says the campaign has (Flag needs a flag space).
  MutationOperator
  pickOperator(uint64_t caseSeed, const GuidedView &view,
               std::array<bool, kNumOperators> available) const;
  /// The extra flag of the batch whose configuration seed is `batchSeed`:
  /// an index into `flags`, or none (Schedule.h, drawBatchFlag).
  std::optional<size_t> pickBatchFlag(uint64_t batchSeed,
                                      const GuidedView &view,
                                      llvm::ArrayRef<std::string> flags) const;

private:
  std::mutex mutex;
  std::condition_variable changed;
  std::set<int64_t> done;
};

/// The function of the module a case's coverage is read under, the case
/// index and the function's name: "f3" or "f3_static".
struct CoverageCase {
  int64_t index;
  std::string function;
  std::string programFile;
};

/// A batch's coverage: the features of each case's function in the
/// configuration dumps under `dirs` (one per target and compile, each
/// paired with its target's name), and the programs of the functions that
/// reached any.
llvm::Expected<BatchCoverage>
collectCoverage(llvm::ArrayRef<std::pair<std::string, std::string>> dirs,
                llvm::ArrayRef<CoverageCase> cases);

/// --guided-seed: each campaign (a directory or its campaign.db) seeds the
/// queue of `db`, with a note per campaign on stderr. Returns 0, or the exit
/// code (kInvalid: no database there; kToolError: it could not be read).
int seedGuidedQueue(CampaignDB &db, llvm::ArrayRef<std::string> from);

} // namespace ref::difftest

#endif // REF_DIFFTEST_GUIDED_H
