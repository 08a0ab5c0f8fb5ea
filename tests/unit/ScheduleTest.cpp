//===- ScheduleTest.cpp - A guided campaign's entry and operator draws ----===//
//
// The records are counted by hand from a made-up history; the draws are
// checked against the weights the rules in difftest/Schedule.h give.
//
//===----------------------------------------------------------------------===//

#include "difftest/Schedule.h"

#include <gtest/gtest.h>

using namespace ref::difftest;

namespace {

std::string mutant(int64_t parent, const char *op) {
  std::string s = "{\"parent_case\":" + std::to_string(parent);
  if (op)
    s += std::string(",\"operator\":\"") + op + "\"";
  return s + "}";
}

TEST(Schedule, RecordsFromHistory) {
  GuidedHistory h;
  // Entries: cases 0 (first to 3 features), 5 (1), -2 (seeded, 2).
  h.firstTo = {{0, 3}, {5, 1}, {-2, 2}, {9, 4}};
  h.mutants = {{5, mutant(0, "reduction")}, // first to a feature: an entry
               {6, mutant(0, "reduction")}, // nothing
               {7, mutant(-2, "flag")},     // nothing
               {8, mutant(5, nullptr)},     // before operators: ref-mutate
               {9, "{\"parent_case\":0,\"structural\":\"elementwise\"}"},
               {10, "not json"}};
  ScheduleRecords r = scheduleRecords({-2, 0, 5}, h);
  ASSERT_EQ(r.entries.size(), 3u);
  EXPECT_EQ(r.entries[0].children, 1); // case -2: case 7
  EXPECT_EQ(r.entries[0].finds, 0);
  EXPECT_EQ(r.entries[0].features, 2);
  EXPECT_EQ(r.entries[1].children, 3); // case 0: cases 5, 6, 9
  EXPECT_EQ(r.entries[1].finds, 2);    // 5 and 9
  EXPECT_EQ(r.entries[1].features, 3);
  EXPECT_EQ(r.entries[2].children, 1);
  EXPECT_EQ(r.entries[2].finds, 0);
  auto op = [&](MutationOperator o) { return r.operators[size_t(o)]; };
  EXPECT_EQ(op(MutationOperator::Reduction).uses, 2);
  EXPECT_EQ(op(MutationOperator::Reduction).finds, 1);
  EXPECT_EQ(op(MutationOperator::Flag).uses, 1);
  EXPECT_EQ(op(MutationOperator::Flag).finds, 0);
  EXPECT_EQ(op(MutationOperator::RefMutate).uses, 1);
  EXPECT_EQ(op(MutationOperator::Consumer).uses, 1); // "structural"
  EXPECT_EQ(op(MutationOperator::Consumer).finds, 1);
  EXPECT_EQ(op(MutationOperator::Producer).uses, 0);
}

TEST(Schedule, EnergyFavoursProductiveAndDecaysBarren) {
  EXPECT_DOUBLE_EQ(entryEnergy({0, 0, 1}), 0.5);   // fresh
  EXPECT_DOUBLE_EQ(entryEnergy({8, 0, 1}), 0.1);   // 8 barren mutants
  EXPECT_DOUBLE_EQ(entryEnergy({2, 2, 1}), 0.75);  // both found
  EXPECT_DOUBLE_EQ(entryEnergy({0, 0, 4}), 1.0);   // 4 features: x2
  EXPECT_DOUBLE_EQ(entryEnergy({0, 0, 100}), 2.0); // capped at 16
  EXPECT_DOUBLE_EQ(operatorWeight({0, 0}), 0.5);
  EXPECT_DOUBLE_EQ(operatorWeight({10, 4}), 5.0 / 12);
}

TEST(Schedule, DrawsFollowTheWeights) {
  // Energies 0.1 (barren), 0.75 (productive), 0.5 (fresh): total 1.35.
  std::vector<EntryRecord> entries = {{8, 0, 1}, {2, 2, 1}, {0, 0, 1}};
  EXPECT_EQ(drawEntry(entries, 0.0), 0u);
  EXPECT_EQ(drawEntry(entries, 0.09 / 1.35), 0u);
  EXPECT_EQ(drawEntry(entries, 0.11 / 1.35), 1u);
  EXPECT_EQ(drawEntry(entries, 0.84 / 1.35), 1u);
  EXPECT_EQ(drawEntry(entries, 0.86 / 1.35), 2u);
  EXPECT_EQ(drawEntry(entries, 0.999999), 2u);
  // Over a uniform grid the shares are the energies' shares.
  std::vector<int> hits(3);
  for (int k = 0; k < 13500; ++k)
    ++hits[drawEntry(entries, (k + 0.5) / 13500)];
  EXPECT_EQ(hits[0], 1000);
  EXPECT_EQ(hits[1], 7500);
  EXPECT_EQ(hits[2], 5000);
}

TEST(Schedule, OperatorsOnlyFromTheAvailable) {
  std::array<OperatorRecord, kNumOperators> ops{};
  ops[size_t(MutationOperator::Flag)] = {2, 2};       // 3/4
  ops[size_t(MutationOperator::RefMutate)] = {18, 0}; // 1/20
  std::array<bool, kNumOperators> all;
  all.fill(true);
  std::array<bool, kNumOperators> noFlag = all;
  noFlag[size_t(MutationOperator::Flag)] = false;
  int flag = 0;
  for (int k = 0; k < 1000; ++k) {
    double u = (k + 0.5) / 1000;
    flag += drawOperator(ops, all, u) == MutationOperator::Flag;
    EXPECT_NE(drawOperator(ops, noFlag, u), MutationOperator::Flag);
  }
  // Weights 0.05 (ref-mutate), 0.5 for each of the five structural
  // operators never drawn, 0.75 (flag): the flag's share is 0.75 / 3.3.
  EXPECT_NEAR(flag / 1000.0, 0.75 / 3.3, 0.002);
  std::array<bool, kNumOperators> none{};
  EXPECT_EQ(drawOperator(ops, none, 0.7), MutationOperator::RefMutate);
  for (size_t k = 0; k < kNumOperators; ++k)
    EXPECT_EQ(operatorNamed(operatorName(MutationOperator(k))),
              MutationOperator(k));
  EXPECT_FALSE(operatorNamed("nonsense").has_value());
}

// The guided generator's records: per op kind, the generated cases that
// drew it and those first to some feature; mutants do not count.
TEST(Schedule, OpKindRecordsFromGeneratedCases) {
  GuidedHistory h;
  h.generated = {
      {0, R"({"op_kinds":["iree_linalg_ext.sort","linalg.generic"]})"},
      {1, R"({"op_kinds":["linalg.generic"]})"},
      {2, "not json"}};
  h.mutants = {{3, R"({"parent_case":0,"op_kinds":["linalg.fill"]})"}};
  h.firstTo = {{0, 4}, {3, 1}};
  ScheduleRecords r = scheduleRecords({0}, h);
  ASSERT_EQ(r.opKinds.size(), 2u);
  EXPECT_EQ(r.opKinds["linalg.generic"].cases, 2);
  EXPECT_EQ(r.opKinds["linalg.generic"].finds, 1);
  EXPECT_EQ(r.opKinds["iree_linalg_ext.sort"].cases, 1);
  EXPECT_EQ(r.opKinds["iree_linalg_ext.sort"].finds, 1);
}

// Rates by hand: a = 1/10, b = 3/4, c (not drawn) = 1/2; mean 0.45. Factors
// 0.222 (clamped to 0.25), 1.667, 1.111. Under minCases ops: none.
TEST(Schedule, GeneratorWeightScale) {
  std::map<std::string, OpKindRecord> rec{{"a", {8, 0}}, {"b", {2, 2}}};
  std::vector<std::string> names{"a", "b", "c"};
  std::vector<double> f = generatorWeightScale(rec, names, 4);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_DOUBLE_EQ(f[0], 0.25);
  EXPECT_NEAR(f[1], 0.75 / 0.45, 1e-12);
  EXPECT_NEAR(f[2], 0.5 / 0.45, 1e-12);
  EXPECT_TRUE(generatorWeightScale(rec, names, 11).empty());
  // Nothing drawn yet and no minimum: every kind at the mean, factor 1.
  EXPECT_EQ(generatorWeightScale({}, names, 0), std::vector<double>(3, 1.0));
}

// Coverage per cost: kinds a and b find alike (1 of 4 cases each: rate
// 1/3), a's cases cost 1 each, b's 19; c is not drawn. Mean cost per case
// (80 / 8) m = 10. Costs: a (4 + 20) / 6 = 4, b (76 + 20)
// / 6 = 16, c m = 10. Weights 1/12, 1/48, 1/20 (sum 37/240, mean 37/720):
// factors 60/37, 15/37, 36/37.
TEST(Schedule, GeneratorWeightScalePerCost) {
  std::map<std::string, OpKindRecord> rec{{"a", {4, 1, 4.0}},
                                          {"b", {4, 1, 76.0}}};
  std::vector<double> f = generatorWeightScale(rec, {"a", "b", "c"}, 4);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_NEAR(f[0], 60.0 / 37, 1e-12);
  EXPECT_NEAR(f[1], 15.0 / 37, 1e-12);
  EXPECT_NEAR(f[2], 36.0 / 37, 1e-12);
  // The records' cost comes from the cases': each kind a case drew.
  GuidedHistory h;
  h.generated = {{0, R"({"op_kinds":["x","y"]})"}, {1, R"({"op_kinds":["x"]})"}};
  h.caseCost = {{0, 3.0}, {1, 5.0}};
  ScheduleRecords r = scheduleRecords({}, h);
  EXPECT_DOUBLE_EQ(r.opKinds["x"].cost, 8.0);
  EXPECT_DOUBLE_EQ(r.opKinds["y"].cost, 3.0);
}

// The guided batch flag's records: generated cases by their batch's flags
// (mutants do not count; a case with no flags row counts nowhere).
TEST(Schedule, BatchFlagRecordsFromGeneratedCases) {
  GuidedHistory h;
  h.generated = {{0, "{}"}, {1, "{}"}, {2, "{}"}, {4, "{}"}};
  h.mutants = {{3, R"({"parent_case":0})"}};
  h.batchFlags = {{0, ""}, {1, "--x"}, {2, "--x"}, {3, "--x"}};
  h.firstTo = {{1, 2}, {3, 1}};
  ScheduleRecords r = scheduleRecords({1}, h);
  ASSERT_EQ(r.batchFlags.size(), 2u);
  EXPECT_EQ(r.batchFlags[""].cases, 1);
  EXPECT_EQ(r.batchFlags[""].finds, 0);
  EXPECT_EQ(r.batchFlags["--x"].cases, 2);
  EXPECT_EQ(r.batchFlags["--x"].finds, 1);
}

// By hand: none 1/10 (8 cases, 0 finds); flags --a 5/6 (4 cases, 4 finds),
// --b 1/2 (not drawn); pooled flagged 5/6. P(none) = 0.1 / (0.1 + 5/6) =
// 3/28; then --a with 5/6 / (5/6 + 1/2) = 5/8.
TEST(Schedule, BatchFlagDrawsByTheRecords) {
  std::map<std::string, OpKindRecord> rec{{"", {8, 0}}, {"--a", {4, 4}}};
  std::vector<std::string> flags{"--a", "--b"};
  int none = 0, a = 0, b = 0;
  const int n = 2800, m = 80;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      auto k = drawBatchFlag(rec, flags, (i + 0.5) / n, (j + 0.5) / m);
      if (!k)
        ++none;
      else
        ++(*k == 0 ? a : b);
    }
  EXPECT_EQ(none, 300 * m);
  EXPECT_EQ(a, (n - 300) * 50);
  EXPECT_EQ(b, (n - 300) * 30);
  // Nothing recorded: one batch in two flagged, the flags alike.
  EXPECT_FALSE(drawBatchFlag({}, flags, 0.49, 0.1).has_value());
  EXPECT_EQ(drawBatchFlag({}, flags, 0.51, 0.49), std::optional<size_t>(0));
  EXPECT_EQ(drawBatchFlag({}, flags, 0.51, 0.51), std::optional<size_t>(1));
  // No flag to draw: none.
  EXPECT_FALSE(drawBatchFlag(rec, {}, 0.99, 0.5).has_value());
}

} // namespace
