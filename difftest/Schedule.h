//===- Schedule.h - A guided mutant's entry and operator ------*- C++ -*-===//
//
// The scheduling of `difftest fuzz --guided` (Guided.h), apart from the
// database and the campaign so it can be tested alone. AFL's energy: an
// entry is drawn with a weight that favours the entries whose mutants were
// first to some feature and those first to many features, and decays for
// the ones whose mutants stopped finding anything. MOpt's operator
// weights: a mutation operator is drawn with a weight from its own record
// (mutants made, mutants first to some feature). Both records are read from
// the campaign database as the batches before a batch left it (the cases'
// features name their parent and operator), so they survive --resume and
// merge like the queue. Draws take a uniform number in [0, 1): the caller
// derives it from the case's seed.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_SCHEDULE_H
#define REF_DIFFTEST_SCHEDULE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ref::difftest {

/// How a guided mutant is made from its queue entry before ref-mutate's
/// mutations: nothing more, a structural mutation (Structural.h), or one
/// more compiler flag of the campaign's flag space (the mutant then
/// compiles alone).
enum class MutationOperator {
  RefMutate,
  Consumer,
  Reduction,
  Producer,
  Flag,
  Broadcast,
  Contraction
};
constexpr size_t kNumOperators = 7;
llvm::StringRef operatorName(MutationOperator op);
std::optional<MutationOperator> operatorNamed(llvm::StringRef name);

/// Mutants made with an operator, and those first to some feature.
struct OperatorRecord {
  int64_t uses = 0, finds = 0;
};

/// Mutants made of an entry, those first to some feature, and the number
/// of features the entry itself is first to.
struct EntryRecord {
  int64_t children = 0, finds = 0, features = 0;
};

/// What a row stopped at a limit costs, in cases: measured on three
/// 30-minute campaigns (docs/fuzzing.md), such a row took 35-40 s, a case
/// about 2 s in all.
constexpr double kHeavyRowCost = 20;

/// What the scheduling reads from a campaign's database: the features JSON
/// of every mutant of a queue entry (one per case index), and per case
/// index the number of features it is first to.
struct GuidedHistory {
  std::vector<std::pair<int64_t, std::string>> mutants;
  /// The generated (not mutant) cases' features JSON, one per case index.
  std::vector<std::pair<int64_t, std::string>> generated;
  std::map<int64_t, int64_t> firstTo;
  /// The extra flags of each case's batch ("" for none), by case index.
  std::map<int64_t, std::string> batchFlags;
  /// What each case cost, in cases: 1, plus kHeavyRowCost for each of its
  /// rows whose compile or run was stopped at a limit (compiler-oom,
  /// compile-timeout, runtime-timeout). A count, not a clock, so that a
  /// resumed campaign draws as the uninterrupted one (Guided.h).
  std::map<int64_t, double> caseCost;
};

/// Generated cases that drew an op kind, those first to some feature, and
/// what they cost (GuidedHistory::caseCost).
struct OpKindRecord {
  int64_t cases = 0, finds = 0;
  double cost = 0;
};

struct ScheduleRecords {
  std::vector<EntryRecord> entries; // in the order of `entryCases`
  std::array<OperatorRecord, kNumOperators> operators{};
  /// By op name as the generator's features spell it ("op_kinds":
  /// "iree_linalg_ext.sort", "linalg.generic").
  std::map<std::string, OpKindRecord> opKinds;
  /// The same record of the generated cases by their batch's extra flags
  /// ("" for a batch without one).
  std::map<std::string, OpKindRecord> batchFlags;
};

/// The records of the queue entries of case indices `entryCases`.
/// Mutants from before operators were recorded count as ref-mutate's, or
/// a consumer's when their features say "structural".
ScheduleRecords scheduleRecords(llvm::ArrayRef<int64_t> entryCases,
                                const GuidedHistory &history);

/// An entry's energy: its mutants' success rate by Laplace's rule
/// ((finds + 1) / (children + 2): a fresh entry 1/2, one whose 8 mutants
/// found nothing 1/10), times the square root of the features it is first
/// to (1 to 16).
double entryEnergy(const EntryRecord &r);
/// An operator's weight: (finds + 1) / (uses + 2).
double operatorWeight(const OperatorRecord &r);

/// The guided generator: a factor on each op kind's recipe weight
/// (fuzz::GenOptions::weightScale), one per name of `kindNames`. A kind's
/// rate is (finds + 1) / (cases + 2) of the generated cases that drew it (a
/// kind not drawn yet: 1/2), per unit of cost: over (cost + 2m) / (cases +
/// 2), m the mean cost per case of all kinds (a kind not drawn yet costs m;
/// no cost recorded: every kind alike). Coverage per cost, not per case: a
/// kind whose cases make the compiler run out of memory after half a
/// minute pays for it. Its factor is that over the mean of
/// the kinds, clamped to [1/4, 4]. Empty while fewer than `minCases` ops
/// of generated cases are recorded (the recipes' own weights until then).
std::vector<double>
generatorWeightScale(const std::map<std::string, OpKindRecord> &records,
                     llvm::ArrayRef<std::string> kindNames,
                     int64_t minCases = 16);

/// The guided batch flag: the extra flag of a batch, one of `flags`, or
/// none (nullopt), drawn in two steps from the generated cases' records by
/// batch flag (ScheduleRecords::batchFlags). First flag or none, by the
/// rate (finds + 1) / (cases + 2) of the batches without a flag against
/// that of all flagged batches pooled (both 1/2 before any: one batch in
/// two is flagged); then which flag, each by its own rate (a flag not
/// drawn yet 1/2). `u` and `v` are uniform in [0, 1).
std::optional<size_t>
drawBatchFlag(const std::map<std::string, OpKindRecord> &records,
              llvm::ArrayRef<std::string> flags, double u, double v);

/// The index drawn from `weights` (not all zero) by `u` in [0, 1).
size_t drawWeighted(llvm::ArrayRef<double> weights, double u);
/// The entry drawn by energy.
size_t drawEntry(llvm::ArrayRef<EntryRecord> entries, double u);
/// The operator drawn by weight among the `available` ones (RefMutate when
/// none is).
MutationOperator
drawOperator(const std::array<OperatorRecord, kNumOperators> &ops,
             const std::array<bool, kNumOperators> &available, double u);

} // namespace ref::difftest

#endif // REF_DIFFTEST_SCHEDULE_H
