//===- GoldenTest.cpp - Same seeds, same programs -------------------------===//
//
// A hash of the cases fixed seeds and option sets give (program text, static
// twin, the JSON description with features and value modes, and the input
// bytes), compared with the value recorded from the generator before it was
// split into recipes (fuzz/recipes/). A change to the generator that changes
// any generated case changes the hash: when that is intended (a new form, a
// new recipe in the default mix), record the new value here and say so in the
// commit.
//
//===----------------------------------------------------------------------===//

#include "fuzz/CaseFiles.h"
#include "fuzz/Generator.h"
#include "fuzz/Recipe.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

using namespace llvm;
using namespace ref;
using namespace ref::fuzz;

namespace {

/// FNV-1a, 64 bits.
struct Hash {
  uint64_t h = 0xcbf29ce484222325ull;
  void add(const void *p, size_t n) {
    const auto *b = static_cast<const uint8_t *>(p);
    for (size_t i = 0; i < n; ++i) {
      h ^= b[i];
      h *= 0x100000001b3ull;
    }
  }
  void add(StringRef s) {
    uint64_t n = s.size();
    add(&n, sizeof(n));
    add(s.data(), s.size());
  }
};

struct OptionSet {
  std::string name;
  GenOptions opts;
  uint64_t runSeed;
  unsigned count;
  /// Frontend-shaped cases: pinned per set, not part of the hash over the
  /// sets recorded before the recipe split.
  bool frontend = false;
};

std::vector<OptionSet> optionSets() {
  std::vector<OptionSet> sets;
  sets.push_back({"default", GenOptions(), 1, 150});
  sets.push_back({"default-seed-77", GenOptions(), 77, 100});
  {
    GenOptions o;
    o.dynamicCasePercent = 100;
    o.allowZeroExtents = true;
    o.allowLarge = true;
    sets.push_back({"dynamic-zero-large", o, 2, 80});
  }
  {
    GenOptions o;
    o.allowBatchRankZero = false;
    o.allowInvariantReductions = false;
    o.minOps = 3;
    o.maxOps = 6;
    sets.push_back({"restricted-many-ops", o, 3, 60});
  }
  {
    GenOptions o;
    o.dtypes = {DType::F16, DType::BF16, DType::F32};
    o.ops = {OpKind::Generic, OpKind::Reduce, OpKind::Matmul};
    sets.push_back({"float-generic", o, 4, 60});
  }
  {
    GenOptions o;
    o.dtypes = {DType::I1, DType::I8, DType::I64};
    o.maxRank = 2;
    sets.push_back({"ints-rank2", o, 5, 60});
  }
  // Every default op kind alone (the kinds off by default have no pinned
  // hashes yet).
  for (unsigned i = 0; i < kNumDefaultOpKinds; ++i) {
    OpKind k = static_cast<OpKind>(i);
    if (k == OpKind::Empty)
      continue;
    GenOptions o;
    o.ops = {k};
    sets.push_back({"only-" + opKindName(k).str(), o, 100 + i, 20});
  }
  // Every frontend-shaped recipe alone (pinned when each was added: a new
  // frontend recipe leaves the others' cases as they were).
  // Their run seeds are the kind numbers they had when pinned: off-by-
  // default kinds added before them since (ReduceWindow) do not move them.
  constexpr unsigned kKindsAddedBeforeFrontend = 1;
  for (unsigned i = kFirstFrontendKind; i < kNumOpKinds; ++i) {
    OpKind k = static_cast<OpKind>(i);
    GenOptions o;
    o.ops = {k};
    sets.push_back({"only-" + opKindName(k).str(), o,
                    100 + i - kKindsAddedBeforeFrontend, 20, true});
  }
  return sets;
}

std::string hex(uint64_t v) {
  std::string s;
  raw_string_ostream(s) << format_hex(v, 18);
  return s;
}

uint64_t hashOf(const OptionSet &s) {
  Hash h;
  PrintOptions twin;
  twin.staticShapes = true;
  for (unsigned i = 0; i < s.count; ++i) {
    uint64_t seed = caseSeed(s.runSeed, i);
    Case c = generateCase(seed, s.opts);
    h.add(c.text());
    h.add(c.text(twin));
    std::string json;
    raw_string_ostream os(json);
    os << caseToJSON(c, seed);
    h.add(json);
    for (const Tensor &t : c.inputs)
      h.add(t.data(), t.byteSize());
  }
  return h.h;
}

// Recorded from the generator at 09ef697, before the recipe split: per
// option set, and over all of them.
const std::map<std::string, uint64_t> &expectedHashes() {
  static const std::map<std::string, uint64_t> m = {
      {"default", 0x766977dd771cf5d1ull},
      {"default-seed-77", 0x7eb0095f3ff81994ull},
      {"dynamic-zero-large", 0xe0e92634ce993f37ull},
      {"restricted-many-ops", 0x70ac63692fdd549dull},
      {"float-generic", 0x1a5292e6a528a884ull},
      {"ints-rank2", 0x79e3f1b07ce3085dull},
      {"only-linalg.fill", 0x9c4504a629ba9560ull},
      {"only-iree_linalg_ext.sort", 0x70019c69a9a89e0full},
      {"only-iree_linalg_ext.scatter", 0x885caf8d82a84853ull},
      {"only-iree_linalg_ext.gather", 0xd4d350f1ac7673cfull},
      {"only-iree_linalg_ext.scan", 0x75eef18acd4981c9ull},
      {"only-iree_linalg_ext.topk", 0x1789356f8513eb75ull},
      {"only-iree_linalg_ext.arg_compare", 0xeee30ab38184f45bull},
      {"only-linalg.matmul", 0x02c13849733fd28aull},
      {"only-linalg.transpose", 0x1617bac1b8d682a5ull},
      {"only-linalg.batch_matmul", 0x86afe058525535faull},
      {"only-linalg.reduce", 0x513612c24eae9bc9ull},
      {"only-linalg.broadcast", 0xf80bcc2e9d537906ull},
      {"only-linalg.generic", 0x812470fff5dfe3f4ull},
      {"only-tensor.extract_slice", 0xaef28071f68c52ecull},
      {"only-tensor.insert_slice", 0x47bd7492bf9146beull},
      {"only-tensor.collapse_shape", 0xf317129f90ff3a5bull},
      {"only-tensor.expand_shape", 0xa045d33cc55a5c64ull},
      {"only-tensor.pad", 0xf0d8ecdad5f1f634ull},
      {"only-tensor.concat", 0xec47bf2a3d7f2be6ull},
      {"only-tensor.cast", 0xc5bde9a1b4e03409ull},
      // Frontend-shaped recipes alone, recorded at e5f146a (before the
      // matmul_extf, sort_arg_outs, iota_scatter and dead_results recipes).
      {"only-frontend.argsort", 0xe3b48b38fb1382e8ull},
      {"only-frontend.scatter_add_one_row", 0xf5153bc8a1a3a572ull},
      {"only-frontend.degenerate_matmul", 0x4d1705d76fd32215ull},
      // Added with issue 18's last frontend recipes.
      {"only-frontend.matmul_extf", 0x50ba38526d996f05ull},
      {"only-frontend.sort_arg_outs", 0xcdc6b953caa1ff33ull},
      {"only-frontend.iota_scatter", 0x1a893561373246aaull},
      {"only-frontend.dead_results", 0x423f2117e33196a1ull},
      // Issue 26: a recipe from a pass's precondition (PR #24504); every
      // hash above unchanged when it was added.
      {"only-frontend.scatter_arg_rows", 0x35aaa13516483f2full},
      // Issue 24 (Reach): static aligned shapes for the SPIR-V pipelines;
      // every hash above unchanged when it was added.
      {"only-frontend.aligned_static", 0xf12f5d2374e7eb29ull},
  };
  return m;
}
constexpr uint64_t kExpectedAll = 0xce1a6045388533afull;

TEST(FuzzGeneratorGolden, SameSeedsSamePrograms) {
  Hash all;
  unsigned cases = 0, sets = 0;
  for (const OptionSet &s : optionSets()) {
    uint64_t h = hashOf(s);
    if (!s.frontend) {
      all.add(&h, sizeof(h));
      cases += s.count;
    }
    ++sets;
    auto it = expectedHashes().find(s.name);
    if (it == expectedHashes().end()) {
      ADD_FAILURE() << "no recorded hash for " << s.name << " (it is "
                    << hex(h) << ")";
      continue;
    }
    EXPECT_EQ(hex(h), hex(it->second)) << s.name << " (run seed " << s.runSeed
                                       << ", " << s.count << " cases) changed";
  }
  EXPECT_EQ(sets, expectedHashes().size());
  EXPECT_EQ(hex(all.h), hex(kExpectedAll)) << cases << " cases compared";
}

// Every op kind but Empty has exactly one recipe (Registry.cpp asserts
// there are no two), with a weight and what it needs and produces.
TEST(FuzzRecipes, OneRecipePerOpKind) {
  unsigned n = 0;
  for (unsigned i = 0; i < kNumOpKinds; ++i) {
    OpKind k = static_cast<OpKind>(i);
    const gen::Recipe *r = gen::recipeFor(k);
    if (k == OpKind::Empty) {
      EXPECT_EQ(r, nullptr);
      continue;
    }
    ASSERT_NE(r, nullptr) << opKindName(k).str() << " has no recipe";
    EXPECT_EQ(r->kind, k);
    EXPECT_GT(r->weight, 0u);
    EXPECT_TRUE(r->build);
    EXPECT_TRUE(r->needs && *r->needs) << opKindName(k).str();
    EXPECT_TRUE(r->produces && *r->produces) << opKindName(k).str();
    ++n;
  }
  EXPECT_EQ(gen::recipes().size(), n);
}

// GenOptions::iree leaves out the recipes newer than the release.
TEST(FuzzRecipes, IreeVersionFiltersRecipes) {
  GenOptions all, current, v34;
  current.iree = IreeVersion{3, 13};
  v34.iree = IreeVersion{3, 4};
  for (const gen::Recipe *r : gen::recipes()) {
    EXPECT_TRUE(r->available(all));
    EXPECT_EQ(r->available(current), !(IreeVersion{3, 13} < r->since));
  }
  // From IREE's history: arg_compare is new in 3.6, the region-less gather
  // in 3.5, linalg.pack/unpack in 3.3; the rest is older than 3.4.
  EXPECT_FALSE(gen::recipeFor(OpKind::ArgCompare)->available(v34));
  EXPECT_FALSE(gen::recipeFor(OpKind::Gather)->available(v34));
  EXPECT_TRUE(gen::recipeFor(OpKind::Sort)->available(v34));
  EXPECT_TRUE(gen::recipeFor(OpKind::Pack)->available(v34));
  GenOptions v32;
  v32.iree = IreeVersion{3, 2};
  EXPECT_FALSE(gen::recipeFor(OpKind::Pack)->available(v32));
  // Every recipe is known in 3.13: the same cases as without the option.
  // For 3.4 the cases have ops, none of them arg_compare or gather.
  for (uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_EQ(generateCase(seed, current).text(),
              generateCase(seed, all).text());
    Case c = generateCase(seed, v34);
    EXPECT_GT(c.features.numOps, 0u);
    EXPECT_EQ(c.text().find("arg_compare"), std::string::npos);
    EXPECT_EQ(c.text().find("iree_linalg_ext.gather"), std::string::npos);
  }
}

// The capability probe's answer (GenOptions::unsupported) wins over the
// release: a rejected kind is never drawn, even where `since` allows it.
TEST(FuzzRecipes, UnsupportedKindsAreNotDrawn) {
  GenOptions opts;
  opts.ops = {OpKind::Sort, OpKind::Scan, OpKind::Generic};
  opts.unsupported = {OpKind::Scan};
  GenOptions withScan = opts;
  withScan.unsupported.clear();
  bool sawScan = false;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    EXPECT_EQ(generateCase(seed, opts).text().find("iree_linalg_ext.scan"),
              std::string::npos);
    sawScan |= generateCase(seed, withScan).text().find(
                   "iree_linalg_ext.scan") != std::string::npos;
  }
  EXPECT_TRUE(sawScan) << "the test would pass without the filter";
}

// Frontend-shaped recipes: drawn only with GenOptions::frontendPercent (or
// when listed), and then in the shapes they promise.
TEST(FuzzRecipes, FrontendShapes) {
  GenOptions none;
  GenOptions fe;
  fe.frontendPercent = 100;
  fe.minOps = fe.maxOps = 1;
  unsigned argsorts = 0, oneRow = 0, degenerate = 0;
  for (uint64_t seed = 0; seed < 60; ++seed) {
    std::string t = generateCase(seed, fe).text();
    if (t.find("linalg.index") != std::string::npos &&
        t.find("iree_linalg_ext.sort") != std::string::npos)
      ++argsorts;
    if (t.find("iree_linalg_ext.scatter") != std::string::npos &&
        t.find("linalg.fill") != std::string::npos)
      ++oneRow;
    if (t.find("linalg.matmul") != std::string::npos)
      ++degenerate;
  }
  EXPECT_GT(argsorts, 0u);
  EXPECT_GT(oneRow, 0u);
  EXPECT_GT(degenerate, 0u);
  // Listed alone, a degenerate matmul has a unit extent in its operands.
  GenOptions mm;
  mm.ops = {OpKind::DegenerateMatmul};
  mm.minOps = mm.maxOps = 1;
  mm.dynamicCasePercent = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Case c = generateCase(seed, mm);
    bool unit = false;
    for (ValueId a : c.program.args)
      for (int64_t e : c.program.shape(a))
        unit |= e == 1;
    EXPECT_TRUE(unit) << c.text();
  }
}

} // namespace
