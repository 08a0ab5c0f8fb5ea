//===- CampaignDB.h - A campaign's SQLite database ----------------*- C++ -*-===//
//
// Every case a campaign ran, per target, with its verdict, signature and
// timings; one row per distinct failure signature with its repro bundle;
// the campaign's options; and which batches are done. A batch's rows are
// written in one transaction after its bundles are on disk, so a killed
// campaign (SIGKILL included) loses at most the batches in flight, which
// `--resume` runs again: the case stream is deterministic and rows are
// keyed by (case, target), so nothing is lost or counted twice. A batch a
// campaign stopped itself (at its --time, or on an environment failure) is
// also noted as unfinished, with why, until a later run commits it.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_CAMPAIGNDB_H
#define REF_DIFFTEST_CAMPAIGNDB_H

#include "difftest/Schedule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

struct sqlite3;

namespace ref::difftest {

struct CaseRow {
  int64_t caseIndex = 0;
  std::string target; // "-" for verdicts before any target (UB rejection)
  uint64_t seed = 0;
  std::string programHash;
  std::string features; // JSON
  std::string verdict;
  std::string signature;
  std::string detail;
  double interpSeconds = 0, compileSeconds = 0, runSeconds = 0;
  int64_t batch = 0;
  std::string optLevel;
  std::string flags;
  double finishedAt = 0; // seconds since the epoch
};

struct FailureRow {
  std::string signature;
  std::string verdict;
  std::string target;
  int64_t firstCase = 0;
  std::string bundle; // relative to the campaign directory
  double firstSeen = 0;
};

/// A case whose every running IREE target agreed with the others bit for bit
/// while all disagreed with the golden: the golden is the suspect, to be
/// audited first. Its rows stay mismatches against IREE (docs/fuzzing.md,
/// "Golden suspects").
struct SuspectRow {
  int64_t caseIndex = 0;
  std::string variant;   // "" for the case, the twin's suffix for its twin
  std::string targets;   // the targets that agreed, comma-separated
  std::string signature; // the first target's mismatch signature
  std::string bundle;    // relative to the campaign directory
  std::string detail;    // the first target's mismatch detail
};

/// A guided campaign's coverage (difftest/Coverage.h): which function of
/// which case reached a feature.
struct CoverageHit {
  int64_t caseIndex = 0;
  std::string function;
  std::string feature;
};

/// A case kept in a guided campaign's queue: the first (lowest case index,
/// then function name) to reach some feature. Seeded entries (from an
/// earlier campaign, --guided-seed) have negative case indices and batch -1.
struct QueueEntry {
  int64_t caseIndex = 0;
  int64_t batch = 0;
  std::string function;
  std::string program; // the case's program.mlir
  std::string origin;  // "" or the campaign it was seeded from
};

/// What a batch of a guided campaign adds: the features each function
/// reached and the programs of the functions that reached any (kept when
/// one of them is first to a feature).
struct BatchCoverage {
  std::vector<CoverageHit> hits;
  std::map<std::pair<int64_t, std::string>, std::string> programs;
};

class CampaignDB {
public:
  ~CampaignDB();
  /// Opens (creating if needed) DIR/campaign.db.
  static llvm::Expected<std::unique_ptr<CampaignDB>> open(llvm::StringRef path);

  /// Campaign options (seed, targets, ...): key/value.
  llvm::Error setOption(llvm::StringRef key, llvm::StringRef value);
  std::optional<std::string> option(llvm::StringRef key);

  /// Batches whose rows are all committed.
  std::set<int64_t> doneBatches();
  /// Commits a batch: its case rows, new failure rows (existing signatures
  /// keep their first case and bundle), and the batch as done.
  llvm::Error commitBatch(int64_t batch, llvm::ArrayRef<CaseRow> cases,
                          llvm::ArrayRef<FailureRow> failures,
                          llvm::ArrayRef<SuspectRow> suspects = {},
                          const BatchCoverage *coverage = nullptr);
  /// Signatures already recorded.
  std::set<std::string> knownSignatures();
  /// Notes that batch `batch` was stopped before its commit (`--resume` runs
  /// it); commitBatch() forgets the note.
  llvm::Error markUnfinished(int64_t batch, llvm::StringRef reason);
  /// The batches noted unfinished and not committed since, with why.
  std::map<int64_t, std::string> unfinishedBatches();

  std::vector<CaseRow> cases();
  std::vector<FailureRow> failures();
  std::vector<SuspectRow> goldenSuspects();

  /// The guided queue as batch `b` sees it: the seeded entries and those of
  /// batches <= `maxBatch` that are still first to some feature, ordered by
  /// case index and function. Entries of later batches never displace them
  /// (their case indices are higher), so the answer does not depend on
  /// which later batches committed already.
  std::vector<QueueEntry> guidedQueue(int64_t maxBatch);
  /// What a guided batch schedules by (Guided.h), as batch `b` sees it:
  /// the features JSON of every mutant of a queue entry in batches 0 ..
  /// `maxBatch` (one per case index), and per case index of those batches
  /// and the seeded ones the number of features it is first to.
  GuidedHistory guidedHistory(int64_t maxBatch);
  /// Distinct features reached, and queue entries (seeded ones included).
  std::pair<int64_t, int64_t> coverageCounts();
  /// The features `entry` is first to.
  std::vector<std::string> featuresFirstReachedBy(int64_t caseIndex,
                                                  llvm::StringRef function);
  /// Seeds the queue from another campaign's database: its queue entries
  /// (renumbered below every entry here) and the features they were first
  /// to. Returns how many entries it added.
  llvm::Expected<int64_t> seedQueueFrom(llvm::StringRef otherPath);

  /// Copies every case, failure and golden suspect of `other` (shard databases into one);
  /// coverage keeps each feature's first case, queues are united.
  llvm::Error mergeFrom(llvm::StringRef otherPath);

private:
  explicit CampaignDB(sqlite3 *db) : db(db) {}
  llvm::Error exec(llvm::StringRef sql);
  llvm::Error error(llvm::StringRef what);
  sqlite3 *db;
  std::mutex mutex;
};

} // namespace ref::difftest

#endif // REF_DIFFTEST_CAMPAIGNDB_H
