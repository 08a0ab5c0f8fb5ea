//===- GeneratorTest.cpp - Properties of the fuzzer's program generator ---===//
//
// Generated programs verify (`ref-run --verify-only`) and run on their
// generated inputs without undefined behaviour (`ref-run`, exit 0; 3 is UB),
// shrinking keeps them valid, and seeds are deterministic. ref-run runs as a
// subprocess (its path comes from CMake as REF_RUN_PATH).
//
//===----------------------------------------------------------------------===//

#include "fuzz/Generator.h"
#include "fuzz/CaseFiles.h"
#include "interp/support/Npy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>

using namespace llvm;
using namespace ref;
using namespace ref::fuzz;

#ifndef REF_RUN_PATH
#error "REF_RUN_PATH must name the ref-run binary"
#endif

namespace {

/// A unique temporary directory, removed with its contents.
class ScratchDir {
public:
  ScratchDir() {
    SmallString<128> p;
    if (sys::fs::createUniqueDirectory("fuzz-tests", p))
      ADD_FAILURE() << "cannot create a temporary directory";
    path = std::string(p);
  }
  ~ScratchDir() { sys::fs::remove_directories(path); }
  std::string file(StringRef name) const {
    SmallString<128> p(path);
    sys::path::append(p, name);
    return std::string(p);
  }
  std::string path;
};

struct ToolResult {
  int exitCode = -1;
  std::string output;
};

/// Runs ref-run with `args`, capturing stdout and stderr.
ToolResult runRefRun(ArrayRef<std::string> args, const ScratchDir &dir) {
  std::string log = dir.file("ref-run.log");
  SmallVector<StringRef, 16> argv = {REF_RUN_PATH};
  for (const std::string &a : args)
    argv.push_back(a);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string err;
  ToolResult r;
  r.exitCode = sys::ExecuteAndWait(REF_RUN_PATH, argv, std::nullopt, redirects,
                                   /*SecondsToWait=*/120, 0, &err);
  if (auto buf = MemoryBuffer::getFile(log))
    r.output = (*buf)->getBuffer().str();
  if (!err.empty())
    r.output += "\n" + err;
  return r;
}

/// Writes the case and checks it with ref-run: it verifies and, with `run`,
/// runs on its inputs with exit code 0 (outputs written as .npy/.bin).
/// Returns a failure message, or "" when all is well.
std::string checkWithRefRun(const Case &c, bool run = true) {
  ScratchDir dir;
  auto w = writeCase(c, dir.path, "case", 0);
  if (!w)
    return "cannot write the case: " + toString(w.takeError());
  ToolResult v = runRefRun({"--verify-only", w->mlirPath}, dir);
  if (v.exitCode != 0)
    return "ref-run --verify-only exited with " + std::to_string(v.exitCode) +
           ":\n" + v.output + "\n" + c.text();
  if (!run)
    return "";
  std::vector<std::string> args = {w->mlirPath};
  for (const std::string &f : w->inputFlags)
    args.push_back("--input=" + f);
  for (auto [i, r] : llvm::enumerate(c.program.returns)) {
    DType t = c.program.type(r).dtype;
    args.push_back("--output=@" +
                   dir.file("out" + std::to_string(i) +
                            (needsRawFile(t) ? ".bin" : ".npy")));
  }
  ToolResult x = runRefRun(args, dir);
  if (x.exitCode != 0)
    return "ref-run exited with " + std::to_string(x.exitCode) +
           (x.exitCode == 3 ? " (undefined behaviour)" : "") + ":\n" +
           x.output + "\n" + c.text();
  return "";
}

/// Checks a RapidCheck property with `n` successful cases (unless RC_PARAMS
/// sets max_success), keeping the other parameters of RC_PARAMS (seed, ...).
template <typename Testable> void checkN(int n, Testable &&testable) {
  using namespace rc::detail;
  const auto *info = ::testing::UnitTest::GetInstance()->current_test_info();
  TestMetadata metadata;
  metadata.id =
      std::string(info->test_suite_name()) + "/" + std::string(info->name());
  metadata.description = info->name();
  TestParams params = configuration().testParams;
  const char *env = std::getenv("RC_PARAMS");
  if (!env || !std::strstr(env, "max_success"))
    params.maxSuccess = n;
  TestResult result =
      checkTestable(std::forward<Testable>(testable), metadata, params);
  if (!result.template is<SuccessResult>()) {
    std::ostringstream ss;
    printResultMessage(result, ss);
    FAIL() << ss.str();
  }
}

std::string inputBytes(const Case &c) {
  std::string s;
  for (const Tensor &t : c.inputs)
    s.append(reinterpret_cast<const char *>(t.data()), t.byteSize());
  return s;
}

} // namespace

//===----------------------------------------------------------------------===//
// Validity
//===----------------------------------------------------------------------===//

TEST(FuzzGenerator, ProgramsVerifyAndRunWithoutUB) {
  checkN(300, [] {
    Case c = *genCase();
    std::string msg = checkWithRefRun(c);
    RC_ASSERT(msg == "");
  });
}

TEST(FuzzGenerator, DynamicZeroExtentProgramsVerifyAndRun) {
  GenOptions opts;
  opts.dynamicCasePercent = 100;
  opts.allowZeroExtents = true;
  checkN(80, [opts] {
    Case c = *genCase(opts);
    std::string msg = checkWithRefRun(c);
    RC_ASSERT(msg == "");
  });
}

// Large tensors (the rare large cases of a campaign), from fixed seeds.
TEST(FuzzGenerator, LargeCasesRun) {
  GenOptions opts;
  opts.allowLarge = true;
  opts.largeCasePercent = 100;
  opts.maxOps = 2;
  int64_t largest = 0;
  for (uint64_t seed = 0; seed < 8; ++seed) {
    Case c = generateCase(caseSeed(77, seed), opts);
    largest = std::max(largest, c.features.maxTensorElements);
    EXPECT_EQ(checkWithRefRun(c), "") << "seed " << seed;
  }
  EXPECT_GT(largest, 4096);
}

// Every op kind on its own, with each element type it takes.
TEST(FuzzGenerator, EachOpKindAlone) {
  for (unsigned k = 0; k < kNumOpKinds; ++k) {
    auto kind = static_cast<OpKind>(k);
    if (kind == OpKind::Empty)
      continue;
    GenOptions opts;
    opts.ops = {kind};
    opts.minOps = opts.maxOps = 2;
    for (uint64_t seed = 0; seed < 4; ++seed) {
      Case c = generateCase(caseSeed(k, seed), opts);
      bool seen = llvm::any_of(
          c.features.ops, [&](const OpFeature &f) { return f.kind == kind; });
      EXPECT_TRUE(seen) << opKindName(kind).str() << "\n" << c.text();
      EXPECT_EQ(checkWithRefRun(c), "") << opKindName(kind).str();
    }
  }
}

TEST(FuzzGenerator, OptionsRestrictOpsAndTypes) {
  GenOptions opts;
  opts.ops = {OpKind::Sort, OpKind::Transpose};
  opts.dtypes = {DType::F32};
  for (uint64_t seed = 0; seed < 30; ++seed) {
    Case c = generateCase(seed, opts);
    for (const Op &op : c.program.ops)
      EXPECT_TRUE(op.kind == OpKind::Sort || op.kind == OpKind::Transpose ||
                  op.kind == OpKind::Empty || op.kind == OpKind::Fill)
          << c.text();
    for (const Value &v : c.program.values)
      EXPECT_EQ(v.type.dtype, DType::F32) << c.text();
    EXPECT_EQ(c.features.undecidableResults, 0u);
  }
}

TEST(FuzzGenerator, MaxRankIsRespected) {
  for (unsigned maxRank : {1u, 2u}) {
    GenOptions opts;
    opts.maxRank = maxRank;
    opts.allowBatchRankZero = maxRank == 2;
    for (uint64_t seed = 0; seed < 60; ++seed) {
      Case c = generateCase(caseSeed(maxRank, seed), opts);
      for (const Value &v : c.program.values)
        EXPECT_LE(v.type.rank(), maxRank) << c.text();
    }
    Case c = generateCase(caseSeed(maxRank, 1000), opts);
    EXPECT_EQ(checkWithRefRun(c), "");
  }
}

TEST(FuzzGenerator, BatchRankZeroCanBeTurnedOff) {
  GenOptions opts;
  opts.ops = {OpKind::Scatter, OpKind::Gather};
  opts.allowBatchRankZero = false;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    Case c = generateCase(caseSeed(8, seed), opts);
    for (const OpFeature &f : c.features.ops)
      for (const std::string &form : f.forms)
        EXPECT_NE(form, "batch_rank=0") << c.text();
  }
}

//===----------------------------------------------------------------------===//
// Shrinking
//===----------------------------------------------------------------------===//

// A property that fails for programs of more than two ops: every case
// RapidCheck accepts while shrinking (each failing one is a shrink step)
// still verifies and runs, and the minimal one is small.
TEST(FuzzGenerator, ShrinkingKeepsProgramsValid) {
  using namespace rc::detail;
  std::vector<Case> failing;
  TestMetadata metadata;
  metadata.id = "FuzzGenerator/ShrinkingKeepsProgramsValid.inner";
  TestParams params = configuration().testParams;
  params.maxSuccess = 100;
  // A listener of our own: the deliberate failure is not recorded for
  // RapidCheck's "to reproduce" message at exit.
  struct Quiet : TestListener {
    void onTestCaseFinished(const CaseDescription &) override {}
    void onShrinkTried(const CaseDescription &, bool) override {}
    void onTestFinished(const TestMetadata &, const TestResult &) override {}
  } quiet;
  TestResult result =
      rc::detail::checkProperty(toProperty([&failing] {
                                  Case c = *genCase();
                                  if (c.features.numOps > 2) {
                                    failing.push_back(c);
                                    RC_FAIL("more than two ops");
                                  }
                                }),
                                metadata, params, quiet);
  ASSERT_TRUE(result.is<FailureResult>()) << "no case had three ops";
  ASSERT_FALSE(failing.empty());
  // The steps: the first failure and each accepted shrink (check at most
  // 40, spread over the sequence, always including the last).
  size_t n = failing.size();
  size_t step = std::max<size_t>(1, n / 40);
  for (size_t i = 0; i < n; i += step)
    EXPECT_EQ(checkWithRefRun(failing[i]), "") << "shrink step " << i;
  EXPECT_EQ(checkWithRefRun(failing.back()), "") << "minimal case";
  const Case &minimal = failing.back();
  EXPECT_GE(minimal.features.numOps, 3u);
  EXPECT_LE(minimal.program.args.size(), failing.front().program.args.size());
}

// The shrinks RapidCheck would try first, straight from the shrink tree:
// the root's shrinks and a greedy path down.
TEST(FuzzGenerator, ShrinkTreeCasesVerify) {
  unsigned checked = 0;
  for (uint64_t seed : {3u, 5u}) {
    rc::Shrinkable<Case> root = genCase()(rc::Random(seed), rc::kNominalSize);
    unsigned taken = 0;
    auto shrinks = root.shrinks();
    while (auto s = shrinks.next()) {
      if (taken++ == 12)
        break;
      EXPECT_EQ(checkWithRefRun(s->value()), "") << "seed " << seed;
      ++checked;
    }
    rc::Shrinkable<Case> cur = root;
    for (int depth = 0; depth < 8; ++depth) {
      auto next = cur.shrinks().next();
      if (!next)
        break;
      cur = *next;
      EXPECT_EQ(checkWithRefRun(cur.value()), "")
          << "seed " << seed << " depth " << depth;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10u);
}

//===----------------------------------------------------------------------===//
// Determinism
//===----------------------------------------------------------------------===//

TEST(FuzzGenerator, SameSeedSameCase) {
  for (uint64_t i = 0; i < 25; ++i) {
    uint64_t seed = caseSeed(2024, i);
    Case a = generateCase(seed), b = generateCase(seed);
    EXPECT_EQ(a.text(), b.text());
    EXPECT_EQ(inputBytes(a), inputBytes(b));
    std::string ja, jb;
    raw_string_ostream(ja) << caseToJSON(a, seed);
    raw_string_ostream(jb) << caseToJSON(b, seed);
    EXPECT_EQ(ja, jb);
  }
}

TEST(FuzzGenerator, DifferentSeedsDiffer) {
  std::set<std::string> texts;
  std::set<std::string> inputs;
  for (uint64_t i = 0; i < 60; ++i) {
    Case c = generateCase(caseSeed(99, i));
    texts.insert(c.text());
    inputs.insert(inputBytes(c));
  }
  EXPECT_GE(texts.size(), 55u);
  EXPECT_GE(inputs.size(), 55u);
  EXPECT_NE(caseSeed(1, 0), caseSeed(1, 1));
  EXPECT_NE(caseSeed(1, 0), caseSeed(2, 0));
}

// Over many cases, the generator reaches every op kind, element type, rank
// and value mode, both static and dynamic shapes, and op chains.
TEST(FuzzGenerator, CoverageOfTheSpace) {
  std::set<std::string> kinds, dtypes, modes, forms;
  std::set<unsigned> ranks;
  bool dynamic = false, chained = false, multiResult = false, unused = false;
  for (uint64_t i = 0; i < 400; ++i) {
    Case c = generateCase(caseSeed(5, i));
    const Features &f = c.features;
    kinds.insert(f.opKinds.begin(), f.opKinds.end());
    dtypes.insert(f.dtypes.begin(), f.dtypes.end());
    modes.insert(f.valueModes.begin(), f.valueModes.end());
    ranks.insert(f.ranks.begin(), f.ranks.end());
    for (const OpFeature &o : f.ops)
      for (const std::string &s : o.forms)
        forms.insert(opKindName(o.kind).str() + ":" + s);
    dynamic |= f.dynamic;
    multiResult |= f.numResults > 1;
    unused |= f.unusedResults > 0;
    EXPECT_EQ(f.undecidableResults, 0u) << c.text();
    // A chain: an op reading another op's result (not an init).
    for (const Op &op : c.program.ops)
      for (unsigned i = 0; i < op.numIns; ++i) {
        int def = c.program.value(op.operands[i]).defOp;
        if (def >= 0 && c.program.ops[def].kind != OpKind::Fill)
          chained = true;
      }
  }
  EXPECT_EQ(kinds.size(), kNumOpKinds - 1); // every kind but tensor.empty
  EXPECT_EQ(dtypes.size(), 9u);
  EXPECT_EQ(modes.size(), kNumValueModes);
  EXPECT_EQ(ranks, (std::set<unsigned>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(dynamic && chained && multiResult && unused);
  for (const char *form : {"iree_linalg_ext.sort:comparator=lexicographic",
                           "iree_linalg_ext.sort:operands=3",
                           "iree_linalg_ext.scatter:depth=3",
                           "iree_linalg_ext.scatter:implicit_depth",
                           "iree_linalg_ext.scatter:permuted_map",
                           "iree_linalg_ext.scatter:unique_indices",
                           "iree_linalg_ext.scatter:non_unique_indices",
                           "iree_linalg_ext.scatter:combiner=mul",
                           "iree_linalg_ext.gather:depth=2",
                           "iree_linalg_ext.gather:chained_indices",
                           "iree_linalg_ext.scan:exclusive",
                           "iree_linalg_ext.scan:inclusive",
                           "iree_linalg_ext.topk:with_indices",
                           "iree_linalg_ext.topk:k=n",
                           "iree_linalg_ext.topk:k=1",
                           "iree_linalg_ext.arg_compare:index_base",
                           "iree_linalg_ext.arg_compare:with_indices",
                           "linalg.matmul:mixed=f32",
                           "tensor.extract_slice:rank_reducing",
                           "tensor.insert_slice:strided"})
    EXPECT_TRUE(forms.count(form)) << form;
}

//===----------------------------------------------------------------------===//
// Printer and values
//===----------------------------------------------------------------------===//

// A hand-built program prints in IREE's syntax: a key/payload sort over a
// dynamic dim and a topk whose init sizes come from tensor.dim.
TEST(FuzzProgram, PrintsIreeSyntax) {
  Program p;
  TensorType kt{DType::F32, {kDynamic, 4}};
  TensorType vt{DType::I32, {kDynamic, 4}};
  ValueId k = p.addArg(kt, {3, 4});
  ValueId v = p.addArg(vt, {3, 4});
  Op sort;
  sort.kind = OpKind::Sort;
  sort.dimension = 1;
  sort.operands = {k, v};
  sort.body.args = {DType::F32, DType::F32, DType::I32, DType::I32};
  ScalarInst cmp;
  cmp.name = "arith.cmpf";
  cmp.predicate = "olt";
  cmp.operands = {0, 1};
  sort.body.yield = sort.body.add(cmp);
  unsigned s = p.addOp(sort, {kt, vt}, {Shape{3, 4}, Shape{3, 4}});
  Op fill;
  fill.kind = OpKind::Fill;
  fill.scalar = 0xFF800000;
  fill.dynSizes = {DimExpr{k, 0, 0, 1}};
  TensorType ot{DType::F32, {kDynamic, 2}};
  unsigned f = p.addOp(fill, {ot}, {Shape{3, 2}});
  p.returns = {p.ops[s].results[1], p.ops[f].results[0]};
  EXPECT_EQ(printProgram(p),
            "func.func @main(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xi32>) "
            "-> (tensor<?x4xi32>, tensor<?x2xf32>) {\n"
            "  %v0:2 = iree_linalg_ext.sort dimension(1) outs(%arg0, %arg1 : "
            "tensor<?x4xf32>, tensor<?x4xi32>) {\n"
            "  ^bb0(%a0: f32, %a1: f32, %a2: i32, %a3: i32):\n"
            "    %b0 = arith.cmpf olt, %a0, %a1 : f32\n"
            "    iree_linalg_ext.yield %b0 : i1\n"
            "  } -> tensor<?x4xf32>, tensor<?x4xi32>\n"
            "  %c0 = arith.constant 0 : index\n"
            "  %dim1 = tensor.dim %arg0, %c0 : tensor<?x4xf32>\n"
            "  %cst2 = arith.constant 0xFF800000 : f32\n"
            "  %e3 = tensor.empty(%dim1) : tensor<?x2xf32>\n"
            "  %v1 = linalg.fill ins(%cst2 : f32) outs(%e3 : tensor<?x2xf32>) "
            "-> tensor<?x2xf32>\n"
            "  return %v0#1, %v1 : tensor<?x4xi32>, tensor<?x2xf32>\n"
            "}\n");
}

TEST(FuzzProgram, ScalarLiterals) {
  EXPECT_EQ(scalarLiteral(1, DType::I1), "true");
  EXPECT_EQ(scalarLiteral(0xFF, DType::I8), "-1");
  EXPECT_EQ(scalarLiteral(0x8000000000000000ULL, DType::I64),
            "-9223372036854775808");
  EXPECT_EQ(scalarLiteral(0x7C00, DType::F16), "0x7C00");
  EXPECT_EQ(scalarLiteral(0xFF80, DType::BF16), "0xFF80");
  EXPECT_EQ(scalarLiteral(0x3FF0000000000000ULL, DType::F64),
            "0x3FF0000000000000");
}

TEST(FuzzValues, IndicesAreInRangeAndUnique) {
  ValueSpec s;
  s.mode = ValueMode::Indices;
  s.bounds = {3, 5};
  s.unique = true;
  // 15 tuples exist: all of them, each once.
  Tensor t = makeValues(DType::I32, {15, 2}, s, 42);
  std::set<std::pair<int64_t, int64_t>> seen;
  for (int64_t i = 0; i < 15; ++i) {
    int64_t a = signExtend(t.load(2 * i), DType::I32);
    int64_t b = signExtend(t.load(2 * i + 1), DType::I32);
    EXPECT_TRUE(a >= 0 && a < 3 && b >= 0 && b < 5);
    seen.insert({a, b});
  }
  EXPECT_EQ(seen.size(), 15u);
  s.unique = false;
  s.bounds = {7};
  Tensor u = makeValues(DType::I8, {200}, s, 1);
  for (int64_t i = 0; i < 200; ++i)
    EXPECT_LT(signExtend(u.load(i), DType::I8), 7);
}

TEST(FuzzValues, ModesKeepTheirPromises) {
  ValueSpec s;
  s.bound = 4;
  s.fracBits = 2;
  for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64}) {
    s.mode = ValueMode::Small;
    Tensor x = makeValues(t, {500}, s, 7);
    for (int64_t i = 0; i < 500; ++i) {
      double v = valueOf(x.load(i), t);
      EXPECT_LE(std::fabs(v), 4.0);
      EXPECT_EQ(v * 4, std::floor(v * 4));
    }
    s.mode = ValueMode::Distinct;
    Tensor d = makeValues(t, {200}, s, 7);
    std::set<double> vals;
    for (int64_t i = 0; i < 200; ++i)
      vals.insert(valueOf(d.load(i), t));
    EXPECT_EQ(vals.size(), 200u);
    s.mode = ValueMode::Sorted;
    Tensor o = makeValues(t, {100}, s, 7);
    for (int64_t i = 1; i < 100; ++i)
      EXPECT_LE(valueOf(o.load(i - 1), t), valueOf(o.load(i), t));
    s.mode = ValueMode::Wide;
    Tensor w = makeValues(t, {300}, s, 7);
    for (int64_t i = 0; i < 300; ++i)
      EXPECT_TRUE(std::isfinite(valueOf(w.load(i), t)));
    s.mode = ValueMode::Subnormals;
    Tensor n = makeValues(t, {300}, s, 7);
    bool anySub = false;
    for (int64_t i = 0; i < 300; ++i) {
      double v = std::fabs(valueOf(n.load(i), t));
      anySub |= v > 0 && v < std::ldexp(1.0, t == DType::F16   ? -14
                                             : t == DType::F64 ? -1022
                                                               : -126);
    }
    EXPECT_TRUE(anySub) << dtypeName(t).str();
  }
  EXPECT_TRUE(smallValuesFit(DType::BF16, 64, 2));
  EXPECT_FALSE(smallValuesFit(DType::BF16, 128, 2));
  EXPECT_FALSE(distinctFits(DType::I8, 300, 0));
  EXPECT_TRUE(distinctFits(DType::I8, 250, 0));
}
