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
                          llvm::ArrayRef<SuspectRow> suspects = {});
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

  /// Copies every case, failure and golden suspect of `other` (shard databases into one).
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
