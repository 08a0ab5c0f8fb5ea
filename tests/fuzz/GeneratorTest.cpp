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
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
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

/// The returned values the freedom report calls `derived_from` (the oracle
/// could not decide them), as "output I: ORIGIN" lines.
std::string derivedOutputs(StringRef freedomPath) {
  auto buf = MemoryBuffer::getFile(freedomPath);
  if (!buf)
    return "no freedom report";
  Expected<json::Value> v = json::parse((*buf)->getBuffer());
  if (!v)
    return "unreadable freedom report: " + toString(v.takeError());
  std::string out;
  std::function<void(const json::Value &)> walk = [&](const json::Value &x) {
    if (const json::Object *o = x.getAsObject()) {
      if (auto d = o->getString("derived_from"))
        out += "output " + std::to_string(o->getInteger("index").value_or(-1)) +
               ": " + d->str() + "\n";
      for (const auto &kv : *o)
        walk(kv.second);
    } else if (const json::Array *a = x.getAsArray()) {
      for (const json::Value &e : *a)
        walk(e);
    }
  };
  walk(*v);
  return out;
}

/// Writes the case and checks it with ref-run: it verifies (`--verify-only`
/// without `run`) or runs on its inputs with exit code 0 (running verifies
/// first; exit 2 on an invalid program, 3 on undefined behaviour), and no
/// returned value is `derived_from` another op's freedom. Returns a failure
/// message, or "" when all is well. With `outputs`, the results' raw bytes.
std::string checkWithRefRun(const Case &c, bool run = true,
                            const PrintOptions &print = {},
                            std::vector<std::string> *outputs = nullptr) {
  ScratchDir dir;
  auto w = writeCase(c, dir.path, "case", 0, print);
  if (!w)
    return "cannot write the case: " + toString(w.takeError());
  if (c.features.undecidableResults != 0)
    return "the generator reports undecidable results:\n" + c.text(print);
  if (!run) {
    ToolResult v = runRefRun({"--verify-only", w->mlirPath}, dir);
    if (v.exitCode != 0)
      return "ref-run --verify-only exited with " + std::to_string(v.exitCode) +
             ":\n" + v.output + "\n" + c.text(print);
    return "";
  }
  std::string freedom = dir.file("freedom.json");
  std::vector<std::string> args = {w->mlirPath, "--freedom=" + freedom};
  for (const std::string &f : w->inputFlags)
    args.push_back("--input=" + f);
  std::vector<std::string> outFiles;
  for (size_t i = 0; i < c.program.returns.size(); ++i) {
    outFiles.push_back(dir.file("out" + std::to_string(i) + ".bin"));
    args.push_back("--output=@" + outFiles.back());
  }
  ToolResult x = runRefRun(args, dir);
  if (x.exitCode != 0)
    return "ref-run exited with " + std::to_string(x.exitCode) +
           (x.exitCode == 3   ? " (undefined behaviour)"
            : x.exitCode == 2 ? " (invalid program)"
                              : "") +
           ":\n" + x.output + "\n" + c.text(print);
  std::string derived = derivedOutputs(freedom);
  if (!derived.empty())
    return "returned values the oracle cannot decide:\n" + derived +
           c.text(print);
  if (outputs) {
    outputs->clear();
    for (const std::string &f : outFiles) {
      auto buf = MemoryBuffer::getFile(f);
      if (!buf)
        return "missing output " + f;
      outputs->push_back((*buf)->getBuffer().str());
    }
  }
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
      // Frontend-shaped recipes build ops of other kinds (argsort: a
      // generic and a sort); no op has their kind.
      bool seen = k >= kFirstFrontendKind ||
                  llvm::any_of(c.features.ops, [&](const OpFeature &f) {
                    return f.kind == kind;
                  });
      EXPECT_TRUE(seen) << opKindName(kind).str() << "\n" << c.text();
      if (k >= kFirstFrontendKind)
        EXPECT_GT(c.features.numOps, 1u) << opKindName(kind).str();
      EXPECT_EQ(checkWithRefRun(c), "") << opKindName(kind).str();
    }
  }
}

// linalg.generic (random iteration spaces and bodies) chained with the ops
// that consume its results: every case runs without UB and every returned
// value is decidable.
TEST(FuzzGenerator, GenericChainsVerifyAndRun) {
  GenOptions opts;
  opts.ops = {OpKind::Generic, OpKind::Generic,    OpKind::Reduce,
              OpKind::Sort,    OpKind::Gather,     OpKind::TopK,
              OpKind::Scatter, OpKind::BatchMatmul};
  opts.minOps = 2;
  checkN(100, [opts] {
    Case c = *genCase(opts);
    std::string msg = checkWithRefRun(c);
    RC_ASSERT(msg == "");
  });
}

namespace {

/// The generic ops of a case.
std::vector<const Op *> genericsOf(const Case &c) {
  std::vector<const Op *> g;
  for (const Op &op : c.program.ops)
    if (op.kind == OpKind::Generic)
      g.push_back(&op);
  return g;
}

/// The forms of every op of `kind` over `n` cases of `opts`.
std::set<std::string> formsOver(const GenOptions &opts, OpKind kind,
                                uint64_t run, unsigned n) {
  std::set<std::string> forms;
  for (uint64_t i = 0; i < n; ++i) {
    Case c = generateCase(caseSeed(run, i), opts);
    for (const OpFeature &o : c.features.ops) {
      if (o.kind != kind)
        continue;
      for (const std::string &f : o.forms) {
        if (StringRef(f).starts_with("body_ops=")) {
          SmallVector<StringRef> parts;
          StringRef(f).drop_front(9).split(parts, ',', -1, false);
          for (StringRef p : parts)
            forms.insert("op:" + p.str());
        } else {
          forms.insert(f);
        }
      }
    }
  }
  return forms;
}

} // namespace

// The structure linalg's verifier and the oracle rely on: maps are
// projected permutations, every reduction loop indexes some input, outputs
// index exactly the parallel loops, reductions never start from
// tensor.empty, and the body yields one value of each output's type.
TEST(FuzzGenerator, GenericStructure) {
  GenOptions opts;
  opts.ops = {OpKind::Generic};
  unsigned seen = 0;
  for (uint64_t i = 0; i < 300; ++i) {
    Case c = generateCase(caseSeed(31, i), opts);
    for (const Op *op : genericsOf(c)) {
      ++seen;
      unsigned numLoops = op->reductionLoops.size();
      ASSERT_GE(numLoops, 1u);
      ASSERT_LE(numLoops, 4u);
      ASSERT_EQ(op->maps.size(), op->operands.size());
      std::set<int64_t> inLoops;
      for (unsigned k = 0; k < op->operands.size(); ++k) {
        const auto &m = op->maps[k];
        EXPECT_EQ(m.size(), c.program.type(op->operands[k]).rank());
        std::set<int64_t> distinct(m.begin(), m.end());
        EXPECT_EQ(distinct.size(), m.size()) << c.text();
        for (int64_t l : m) {
          EXPECT_LT(l, int64_t(numLoops));
          if (k < op->numIns)
            inLoops.insert(l);
        }
        if (k >= op->numIns) {
          // Outputs: the parallel loops, each once.
          std::set<int64_t> par;
          for (unsigned l = 0; l < numLoops; ++l)
            if (!op->reductionLoops[l])
              par.insert(l);
          EXPECT_EQ(distinct, par) << c.text();
          bool reduces = llvm::is_contained(op->reductionLoops, true);
          int def = c.program.value(op->operands[k]).defOp;
          if (reduces && def >= 0) {
            EXPECT_NE(c.program.ops[def].kind, OpKind::Empty) << c.text();
          }
        }
      }
      for (unsigned l = 0; l < numLoops; ++l)
        if (op->reductionLoops[l]) {
          EXPECT_TRUE(inLoops.count(l)) << "loop " << l << "\n" << c.text();
        }
      SmallVector<unsigned, 2> ys = op->body.yielded();
      ASSERT_EQ(ys.size(), op->results.size());
      for (auto [y, r] : llvm::zip(ys, op->results))
        EXPECT_EQ(op->body.typeOf(y), c.program.type(r).dtype);
      EXPECT_EQ(op->body.args.size(), op->operands.size());
    }
  }
  EXPECT_GT(seen, 300u);
}

// Transcendental results (IREE approximates them) reach the outputs only
// through ops that keep a few ULP a few ULP: sign changes, max/min, the
// data of a select, truncf. Never a comparison, a conversion to an
// integer, arithmetic, extf; never in a generic with reduction loops.
TEST(FuzzGenerator, ApproximationsNeverDecide) {
  static const std::set<std::string> approx = {"math.exp",  "math.exp2",
                                               "math.tanh", "math.sin",
                                               "math.cos",  "math.sqrt"};
  static const std::set<std::string> keeps = {
      "arith.negf",    "math.absf",     "arith.maximumf", "arith.minimumf",
      "arith.maxnumf", "arith.minnumf", "arith.select",   "arith.truncf"};
  GenOptions opts;
  opts.ops = {OpKind::Generic};
  unsigned found = 0;
  for (uint64_t i = 0; i < 400; ++i) {
    Case c = generateCase(caseSeed(37, i), opts);
    for (const Op *op : genericsOf(c)) {
      const Body &b = op->body;
      unsigned na = b.args.size();
      std::vector<bool> tainted(na + b.insts.size(), false);
      for (auto [i, inst] : llvm::enumerate(b.insts)) {
        bool in = false;
        for (auto [k, o] : llvm::enumerate(inst.operands)) {
          if (!tainted[o])
            continue;
          // A select's condition decides; its data operands do not.
          bool ok = keeps.count(inst.name) &&
                    !(inst.name == "arith.select" && k == 0);
          EXPECT_TRUE(ok) << inst.name << " reads an approximation\n"
                          << c.text();
          in = true;
        }
        if (approx.count(inst.name)) {
          ++found;
          EXPECT_FALSE(llvm::is_contained(op->reductionLoops, true))
              << c.text();
          in = true;
        }
        tainted[na + i] = in;
      }
    }
  }
  EXPECT_GT(found, 20u);
}

// What the generic bodies and iteration spaces reach.
TEST(FuzzGenerator, GenericCoverage) {
  GenOptions opts;
  opts.ops = {OpKind::Generic};
  std::set<std::string> forms = formsOver(opts, OpKind::Generic, 41, 400);
  for (const char *f :
       {"loops=1", "loops=2", "loops=3", "loops=4", "iterators=parallel",
        "iterators=parallel,reduction", "iterators=reduction", "maps=identity",
        "maps=transpose", "maps=broadcast", "maps=broadcast_transpose",
        "maps=scalar", "inputs=1", "inputs=2", "inputs=3", "outputs=1",
        "outputs=2", "out_map=permuted", "index", "reads_init", "chained",
        "truncf_back", "chain=extf_accumulate", "mixed=f16->f32",
        "mixed=bf16->f32", "combiner=add", "combiner=max", "combiner=min",
        "combiner=mul", "combiner=or", "combiner=and", "combiner=xor",
        // Body ops: arithmetic, conversions both ways, comparisons and
        // selects, loop indices, safe divisions and shifts, math.
        "op:arith.addf", "op:arith.subf", "op:arith.mulf", "op:arith.divf",
        "op:arith.addi", "op:arith.subi", "op:arith.muli", "op:arith.andi",
        "op:arith.ori", "op:arith.xori", "op:arith.maxsi", "op:arith.minsi",
        "op:arith.maxui", "op:arith.minui", "op:arith.maximumf",
        "op:arith.minimumf", "op:arith.negf", "op:math.absf", "op:math.fma",
        "op:arith.extf", "op:arith.truncf", "op:arith.sitofp",
        "op:arith.uitofp", "op:arith.fptosi", "op:arith.fptoui",
        "op:arith.extsi", "op:arith.extui", "op:arith.trunci",
        "op:arith.index_cast", "op:linalg.index", "op:arith.select",
        "op:arith.cmpi", "op:arith.cmpf", "op:arith.divsi", "op:arith.remsi",
        "op:arith.divui", "op:arith.remui", "op:arith.ceildivsi",
        "op:arith.floordivsi", "op:arith.shli", "op:arith.shrsi",
        "op:arith.shrui", "op:math.exp", "op:math.tanh", "op:math.sin",
        "op:math.cos", "op:math.sqrt", "op:math.floor", "op:math.round",
        "op:math.ctpop"})
    EXPECT_TRUE(forms.count(f)) << f;
}

TEST(FuzzGenerator, NamedOpCoverage) {
  GenOptions opts;
  opts.ops = {OpKind::Reduce};
  std::set<std::string> reduce = formsOver(opts, OpKind::Reduce, 43, 150);
  for (const char *f : {"combiner=add", "combiner=max", "combiner=min",
                        "combiner=mul", "combiner=or", "reduce_all"})
    EXPECT_TRUE(reduce.count(f)) << "linalg.reduce " << f;
  opts.ops = {OpKind::BatchMatmul};
  std::set<std::string> bmm = formsOver(opts, OpKind::BatchMatmul, 44, 80);
  EXPECT_TRUE(bmm.count("mixed=f32"));
  opts.ops = {OpKind::Broadcast};
  std::set<std::string> bc = formsOver(opts, OpKind::Broadcast, 45, 80);
  EXPECT_TRUE(bc.count("from_scalar"));
  EXPECT_TRUE(bc.count("dims=0"));
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

// With allowInvariantReductions off, the term every reduction combines
// reads, for each reduction loop, an input that loop indexes (or the loop's
// linalg.index).
TEST(FuzzGenerator, InvariantReductionsCanBeTurnedOff) {
  GenOptions opts;
  opts.ops = {OpKind::Generic};
  opts.allowInvariantReductions = false;
  unsigned reductions = 0;
  for (uint64_t i = 0; i < 200; ++i) {
    Case c = generateCase(caseSeed(59, i), opts);
    for (const Op *op : genericsOf(c)) {
      if (!llvm::is_contained(op->reductionLoops, true))
        continue;
      const Body &b = op->body;
      auto readsLoop = [&](unsigned id, int64_t loop) {
        std::vector<unsigned> work = {id};
        std::set<unsigned> seen;
        while (!work.empty()) {
          unsigned v = work.back();
          work.pop_back();
          if (!seen.insert(v).second)
            continue;
          if (v < b.args.size()) {
            if (v < op->numIns && llvm::is_contained(op->maps[v], loop))
              return true;
            continue;
          }
          const ScalarInst &inst = b.insts[v - b.args.size()];
          if (inst.name == "linalg.index" && int64_t(inst.bits) == loop)
            return true;
          for (unsigned o : inst.operands)
            work.push_back(o);
        }
        return false;
      };
      for (auto [k, y] : llvm::enumerate(b.yielded())) {
        // combine(acc, term): the operand that is not the accumulator.
        ASSERT_GE(y, b.args.size());
        const ScalarInst &comb = b.insts[y - b.args.size()];
        unsigned acc = op->numIns + k;
        ASSERT_EQ(comb.operands.size(), 2u);
        unsigned term =
            comb.operands[0] == acc ? comb.operands[1] : comb.operands[0];
        for (auto [l, r] : llvm::enumerate(op->reductionLoops))
          if (r) {
            EXPECT_TRUE(readsLoop(term, l)) << "loop " << l << "\n" << c.text();
          }
        ++reductions;
      }
    }
    if (i < 20) {
      EXPECT_EQ(checkWithRefRun(c), "");
    }
  }
  EXPECT_GT(reductions, 100u);
}

//===----------------------------------------------------------------------===//
// The static/dynamic metamorphic pair
//===----------------------------------------------------------------------===//

// The same case printed with its dynamic dims and as its static twin
// (PrintOptions::staticShapes: every `?` its concrete extent, the
// tensor.dim-based sizes folded to constants): both verify and give
// bit-identical results on the same inputs.
TEST(FuzzGenerator, StaticTwinGivesIdenticalResults) {
  GenOptions opts;
  opts.dynamicCasePercent = 100;
  PrintOptions twin;
  twin.staticShapes = true;
  unsigned dynamicCases = 0, withGeneric = 0;
  for (uint64_t i = 0; i < 70; ++i) {
    opts.allowZeroExtents = i % 4 == 3;
    Case c = generateCase(caseSeed(53, i), opts);
    std::string st = c.text(twin);
    EXPECT_EQ(st.find('?'), std::string::npos) << st;
    EXPECT_EQ(st.find("tensor.dim"), std::string::npos) << st;
    if (!c.features.dynamic) {
      EXPECT_EQ(st, c.text());
    }
    dynamicCases += c.features.dynamic;
    withGeneric += llvm::is_contained(c.features.opKinds, "linalg.generic");
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "") << "case " << i;
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "") << "case " << i;
    ASSERT_EQ(a.size(), c.program.returns.size());
    EXPECT_TRUE(a == b) << "case " << i << ": results differ\n"
                        << c.text() << "\n"
                        << st;
  }
  EXPECT_GT(dynamicCases, 55u);
  EXPECT_GT(withGeneric, 10u);
}

// The kinds off by default (linalg.softmax, linalg.pack, linalg.unpack,
// iree_linalg_ext.attention),
// alone and with the ops they chain with, dynamic shapes included: they
// verify, run without findings (no UB, nothing derived), their static twins
// give bit-identical results, and the forms the recipes promise show up.
TEST(FuzzGenerator, LayoutOpsVerifyRunAndMatchTheirTwins) {
  PrintOptions twin;
  twin.staticShapes = true;
  std::set<std::string> forms;
  unsigned dynamicCases = 0;
  for (uint64_t i = 0; i < 60; ++i) {
    GenOptions opts;
    opts.ops = {OpKind::Softmax, OpKind::Pack, OpKind::Unpack,
                OpKind::Attention};
    if (i % 3 == 1)
      opts.ops.insert(opts.ops.end(), {OpKind::Generic, OpKind::Transpose,
                                       OpKind::Reduce, OpKind::Matmul});
    opts.dynamicCasePercent = i % 2 ? 100 : 30;
    opts.minOps = 2;
    Case c = generateCase(caseSeed(71, i), opts);
    EXPECT_EQ(c.features.undecidableResults, 0u) << c.text();
    for (const OpFeature &o : c.features.ops)
      for (const std::string &f : o.forms)
        forms.insert(opKindName(o.kind).str() + ":" + f);
    dynamicCases += c.features.dynamic;
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "") << "case " << i << "\n"
                                                    << c.text();
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "") << "case " << i;
    EXPECT_TRUE(a == b) << "case " << i << ": results differ\n" << c.text();
  }
  EXPECT_GT(dynamicCases, 20u);
  for (const char *form :
       {"linalg.pack:padding", "linalg.pack:outer_dims_perm",
        "linalg.pack:inner_dims_permuted", "linalg.unpack:round_trip",
        "linalg.unpack:outer_dims_perm", "linalg.softmax:dim=0",
        "iree_linalg_ext.attention:value_transposed"})
    EXPECT_TRUE(forms.count(form)) << form;
}

// The complex recipe (off by default), alone and chained with generic and
// transpose: it verifies, runs without findings, its exact results stay
// decidable, the static twin gives the same bits, and every complex op it
// promises shows up.
TEST(FuzzGenerator, ComplexOpsVerifyRunAndMatchTheirTwins) {
  PrintOptions twin;
  twin.staticShapes = true;
  std::set<std::string> forms;
  for (uint64_t i = 0; i < 30; ++i) {
    GenOptions opts;
    opts.ops = {OpKind::Complex};
    if (i % 3 == 1)
      opts.ops.insert(opts.ops.end(), {OpKind::Generic, OpKind::Transpose});
    opts.dynamicCasePercent = i % 2 ? 100 : 30;
    opts.minOps = 2;
    Case c = generateCase(caseSeed(73, i), opts);
    EXPECT_EQ(c.features.undecidableResults, 0u) << c.text();
    for (const OpFeature &o : c.features.ops)
      for (const std::string &f : o.forms)
        forms.insert(f);
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "") << "case " << i << "\n"
                                                    << c.text();
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "") << "case " << i;
    EXPECT_TRUE(a == b) << "case " << i << ": results differ\n" << c.text();
  }
  for (const char *form : {"complex.add", "complex.sub", "complex.mul",
                           "complex.div", "complex.neg", "complex.conj",
                           "complex.abs"})
    EXPECT_TRUE(forms.count(form)) << form;
}

// The narrow_types recipe (off by default): values through i2/i4 and the
// 4/6/8-bit floats and back, alone and chained with the ops around it. The
// cases verify and run without findings, their static twins give
// bit-identical results, and the narrow types, the scaled (MX) form and both
// integer extensions show up.
TEST(FuzzGenerator, NarrowTypesVerifyRunAndMatchTheirTwins) {
  PrintOptions twin;
  twin.staticShapes = true;
  std::set<std::string> forms;
  for (uint64_t i = 0; i < 48; ++i) {
    GenOptions opts;
    opts.ops = {OpKind::NarrowTypes};
    if (i % 3 == 1)
      opts.ops.insert(opts.ops.end(),
                      {OpKind::Generic, OpKind::Reduce, OpKind::Matmul});
    opts.dynamicCasePercent = i % 2 ? 100 : 30;
    opts.minOps = 2;
    Case c = generateCase(caseSeed(73, i), opts);
    EXPECT_EQ(c.features.undecidableResults, 0u) << c.text();
    for (const OpFeature &o : c.features.ops)
      if (o.kind == OpKind::NarrowTypes)
        for (const std::string &f : o.forms)
          forms.insert(f);
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "") << "case " << i << "\n"
                                                    << c.text();
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "") << "case " << i;
    EXPECT_TRUE(a == b) << "case " << i << ": results differ\n" << c.text();
  }
  for (const char *form : {"i2", "i4", "extsi", "extui", "f8E4M3FN",
                           "f4E2M1FN", "scaling"})
    EXPECT_TRUE(forms.count(form)) << form;
}

// The stablehlo.reduce_window recipe (off by default): alone and among
// linalg ops, the cases verify and run without findings (identity inits,
// so nothing derived), their static twins give bit-identical results, both
// forms and their variants show up, and every scan-form op meets
// ScanOpConversion's precondition (IREE's StableHLOToLinalgExt.cpp): unit
// strides and dilations, window 1 on all dims but one that is full width
// (n >= 2), padding n - 1 on exactly one side of that dim, none elsewhere.
TEST(FuzzGenerator, ReduceWindowRunsAndScanFormMeetsItsPrecondition) {
  PrintOptions twin;
  twin.staticShapes = true;
  std::set<std::string> forms;
  unsigned scans = 0;
  for (uint64_t i = 0; i < 40; ++i) {
    GenOptions opts;
    opts.ops = {OpKind::ReduceWindow};
    if (i % 2 == 1)
      opts.ops.insert(opts.ops.end(), {OpKind::Generic, OpKind::Reduce});
    opts.minOps = 2;
    Case c = generateCase(caseSeed(91, i), opts);
    for (const OpFeature &o : c.features.ops)
      if (o.kind == OpKind::ReduceWindow)
        for (const std::string &f : o.forms)
          forms.insert(f);
    for (const Op &op : c.program.ops) {
      if (op.kind != OpKind::ReduceWindow)
        continue;
      EXPECT_TRUE(c.text().find("\"stablehlo.reduce_window\"") !=
                  std::string::npos);
      // The form is per case feature, so check cases with one such op.
      bool isScan = false;
      unsigned windows = 0;
      for (const OpFeature &o : c.features.ops)
        if (o.kind == OpKind::ReduceWindow) {
          ++windows;
          for (const std::string &f : o.forms)
            isScan |= StringRef(f).starts_with("scan=");
        }
      if (!isScan || windows != 1)
        continue;
      ArrayRef<int64_t> shape = c.program.shape(op.operands[0]);
      unsigned full = 0;
      for (size_t d = 0; d < shape.size(); ++d) {
        EXPECT_EQ(op.strides[d], 1);
        EXPECT_EQ(op.sizes[d], 1);
        EXPECT_EQ(op.offsets[d], 1);
        if (op.ints[d] == 1 && op.low[d] == 0 && op.high[d] == 0)
          continue;
        if (op.ints[d] == shape[d] && shape[d] >= 2 &&
            ((op.low[d] == shape[d] - 1 && op.high[d] == 0) ||
             (op.high[d] == shape[d] - 1 && op.low[d] == 0))) {
          ++full;
          continue;
        }
        ADD_FAILURE() << "dim " << d << " breaks the scan precondition\n"
                      << c.text();
      }
      EXPECT_EQ(full, 1u) << c.text();
      ++scans;
    }
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "") << "case " << i << "\n"
                                                    << c.text();
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "") << "case " << i;
    EXPECT_TRUE(a == b) << "case " << i << ": results differ\n" << c.text();
  }
  EXPECT_GT(scans, 0u);
  for (const char *form : {"scan=prefix", "scan=suffix", "pool", "padding",
                           "stride", "combiner=add", "combiner=max"})
    EXPECT_TRUE(forms.count(form)) << form;
}

// The frontend-shaped recipes of issue 18's last part (matmul_extf,
// sort_arg_outs, iota_scatter, dead_results), alone and as the first op of
// --frontend cases: they verify, run without findings (no UB, nothing
// derived), their static twins give bit-identical results, and each keeps
// the promise it is named for:
//  - matmul_extf: the activations' M is `?` (tensor<?xKxT>) in the printed
//    program, f16/bf16/i8 inputs widened in the body or by linalg.matmul,
//    and every form shows up;
//  - sort_arg_outs: the sort's outs are function arguments, and a returned
//    reader of such an argument holds the input, not the sorted data (the
//    interpreter's own answer, checked against the input bytes);
//  - iota_scatter: coordinates from linalg.index feed the scatter;
//  - dead_results: results nobody returns or reads (Features::unusedResults).
TEST(FuzzGenerator, FrontendRecipesVerifyRunAndKeepTheirPromises) {
  PrintOptions twin;
  twin.staticShapes = true;
  std::set<std::string> forms;
  unsigned readersChecked = 0, deadCases = 0;
  const OpKind kinds[] = {OpKind::MatmulExtf, OpKind::SortArgOuts,
                          OpKind::IotaScatter, OpKind::DeadResults};
  for (uint64_t i = 0; i < 64; ++i) {
    OpKind kind = kinds[i % 4];
    GenOptions opts;
    if (i % 8 < 4) {
      opts.ops = {kind};
      opts.minOps = opts.maxOps = 1;
    } else {
      // First op of a frontend case, then the default mix.
      opts.frontendPercent = 100;
      opts.ops = {kind, OpKind::Sort, OpKind::Generic, OpKind::Matmul,
                  OpKind::Scatter, OpKind::ExtractSlice};
      opts.minOps = 2;
      opts.maxOps = 3;
    }
    opts.dynamicCasePercent = i % 3 ? 50 : 0;
    Case c = generateCase(caseSeed(79, i), opts);
    SCOPED_TRACE("case " + std::to_string(i) + " (" + opKindName(kind).str() +
                 ")\n" + c.text());
    EXPECT_EQ(c.features.undecidableResults, 0u);
    for (const OpFeature &o : c.features.ops)
      for (const std::string &f : o.forms)
        forms.insert(opKindName(o.kind).str() + ":" + f);
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "");
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "");
    EXPECT_TRUE(a == b) << "the static twin's results differ";
    std::string text = c.text();
    switch (kind) {
    case OpKind::MatmulExtf:
      EXPECT_NE(text.find("(%arg0: tensor<?x"), std::string::npos);
      break;
    case OpKind::SortArgOuts: {
      EXPECT_NE(text.find("iree_linalg_ext.sort dimension("),
                std::string::npos);
      EXPECT_NE(text.find("outs(%arg"), std::string::npos);
      // Each returned copy of an argument (a generic whose body yields
      // its input) equals that argument's bytes.
      for (auto [r, v] : llvm::enumerate(c.program.returns)) {
        const Op &op = c.program.ops[c.program.value(v).defOp];
        if (op.kind != OpKind::Generic || op.numIns != 1 ||
            op.body.yield != 0 || !op.body.insts.empty())
          continue;
        ValueId src = op.operands[0];
        if (c.program.value(src).defOp >= 0)
          continue;
        const Tensor &in = c.inputs[c.program.value(src).index];
        EXPECT_EQ(a[r], std::string(reinterpret_cast<const char *>(in.data()),
                                    in.byteSize()))
            << "output " << r << " is not the argument it copies";
        ++readersChecked;
      }
      break;
    }
    case OpKind::IotaScatter:
      EXPECT_NE(text.find("linalg.index"), std::string::npos);
      EXPECT_NE(text.find("iree_linalg_ext.scatter dimension_map = [0, 1]"),
                std::string::npos);
      break;
    default:
      EXPECT_GT(c.features.unusedResults, 0u);
      deadCases += c.features.unusedResults > 0;
      break;
    }
  }
  EXPECT_GT(readersChecked, 0u);
  EXPECT_GT(deadCases, 8u);
  for (const char *form :
       {"linalg.generic:form=generic", "linalg.matmul:form=named",
        "linalg.generic:form=truncf_in_body", "linalg.generic:truncf_back",
        "linalg.generic:b_transposed", "linalg.generic:mixed=f16->f32",
        "iree_linalg_ext.sort:outs=arguments",
        "linalg.generic:after_sort", "linalg.generic:before_sort",
        "iree_linalg_ext.scatter:dest=fill",
        "iree_linalg_ext.scatter:dest=argument",
        "iree_linalg_ext.scatter:combiner=add",
        "tensor.collapse_shape:scatter_flatten"})
    EXPECT_TRUE(forms.count(form)) << form;
}

// frontend.scatter_arg_rows (issue 26: PR #24504's precondition), alone
// and first in frontend cases: verifies, runs without findings, the static
// twin agrees, and the precondition holds: a scatter along dim 0 into a
// function argument with fewer index rows than the argument has, the
// argument read again by a returned generic. The interpreter's answer is
// checked against the inputs: the returned scatter (overwrite) keeps the
// argument's rows no index names and holds the updates' rows where one
// does; a returned copy reader equals the argument's bytes.
TEST(FuzzGenerator, ScatterArgRowsMeetsItsPrecondition) {
  PrintOptions twin;
  twin.staticShapes = true;
  unsigned scatters = 0, rowsChecked = 0, copiesChecked = 0;
  for (uint64_t i = 0; i < 24; ++i) {
    GenOptions opts;
    if (i % 2) {
      opts.ops = {OpKind::ScatterArgRows};
      opts.minOps = opts.maxOps = 1;
    } else {
      opts.frontendPercent = 100;
      opts.ops = {OpKind::ScatterArgRows, OpKind::Generic, OpKind::Scatter,
                  OpKind::ExtractSlice};
      opts.minOps = 2;
      opts.maxOps = 3;
    }
    opts.dynamicCasePercent = i % 3 ? 50 : 0;
    Case c = generateCase(caseSeed(83, i), opts);
    SCOPED_TRACE("case " + std::to_string(i) + "\n" + c.text());
    std::vector<std::string> a, b;
    ASSERT_EQ(checkWithRefRun(c, true, {}, &a), "");
    ASSERT_EQ(checkWithRefRun(c, true, twin, &b), "");
    EXPECT_TRUE(a == b) << "the static twin's results differ";
    const Program &p = c.program;
    // The recipe's scatter is the first op that is not a destination helper.
    int first = -1;
    for (auto [k, op] : llvm::enumerate(p.ops))
      if (op.kind != OpKind::Empty && op.kind != OpKind::Fill) {
        first = k;
        break;
      }
    ASSERT_GE(first, 0);
    const Op &sc = p.ops[first];
    ASSERT_EQ(sc.kind, OpKind::Scatter);
    ValueId upd = sc.operands[0], idx = sc.operands[1], dest = sc.operands[2];
    ASSERT_LT(p.value(dest).defOp, 0) << "the destination is no argument";
    ASSERT_LT(p.value(idx).defOp, 0);
    ASSERT_LT(p.value(upd).defOp, 0);
    int64_t rows = p.shape(dest)[0], cols = p.shape(dest)[1];
    int64_t k = p.shape(idx)[0];
    EXPECT_LT(k, rows) << "the updates cover every row";
    ++scatters;
    const Tensor &din = c.inputs[p.value(dest).index];
    const Tensor &iin = c.inputs[p.value(idx).index];
    const Tensor &uin = c.inputs[p.value(upd).index];
    size_t eb = din.byteSize() / std::max<int64_t>(1, din.numElements());
    size_t rowBytes = cols * eb;
    std::string destBytes(reinterpret_cast<const char *>(din.data()),
                          din.byteSize());
    std::map<int64_t, int64_t> updRowOf; // destination row -> update row
    for (int64_t r = 0; r < k; ++r) {
      uint64_t bits = iin.load(r);
      unsigned w = iin.byteSize() / std::max<int64_t>(1, iin.numElements());
      int64_t row = w == 8 ? int64_t(bits)
                           : llvm::SignExtend64(bits, unsigned(w * 8));
      ASSERT_TRUE(row >= 0 && row < rows);
      EXPECT_TRUE(updRowOf.emplace(row, r).second) << "a repeated row";
    }
    bool overwrite = sc.body.insts.empty();
    for (auto [r, v] : llvm::enumerate(p.returns)) {
      int def = p.value(v).defOp;
      // The reader's second output passes the scatter's result through.
      bool isScatter = def == first ||
                       (def > first && p.ops[def].kind == OpKind::Generic &&
                        p.ops[def].operands.size() == 4 &&
                        p.ops[def].operands[1] == p.ops[first].results[0] &&
                        p.ops[def].results[1] == v);
      if (isScatter && overwrite) {
        ASSERT_EQ(a[r].size(), destBytes.size());
        for (int64_t row = 0; row < rows; ++row) {
          auto it = updRowOf.find(row);
          std::string want =
              it == updRowOf.end()
                  ? destBytes.substr(row * rowBytes, rowBytes)
                  : std::string(reinterpret_cast<const char *>(uin.data()) +
                                    it->second * rowBytes,
                                rowBytes);
          EXPECT_EQ(a[r].substr(row * rowBytes, rowBytes), want)
              << "row " << row;
          ++rowsChecked;
        }
      }
      if (def > first && p.ops[def].kind == OpKind::Generic &&
          p.ops[def].operands[0] == dest && p.ops[def].body.insts.empty() &&
          p.ops[def].results[0] == v) {
        EXPECT_EQ(a[r], destBytes) << "the copy reader is not the argument";
        ++copiesChecked;
      }
    }
  }
  EXPECT_EQ(scatters, 24u);
  EXPECT_GT(rowsChecked, 0u);
  EXPECT_GT(copiesChecked, 0u);
}

// Without the new kinds in `ops`, no case draws them.
TEST(FuzzGenerator, LayoutOpsAreOffByDefault) {
  for (uint64_t i = 0; i < 200; ++i) {
    Case c = generateCase(caseSeed(72, i));
    for (const OpFeature &o : c.features.ops)
      EXPECT_LT(static_cast<unsigned>(o.kind), kNumDefaultOpKinds);
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
  // (Not "no more arguments than the first failure": a shrunk pick
  // regenerates every later one, so a shrink step may create more
  // arguments, e.g. fresh ones where the original reused a value.)
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
  // Every default kind but tensor.empty (softmax, pack and unpack are off
  // by default).
  EXPECT_EQ(kinds.size(), kNumDefaultOpKinds - 1);
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
                           "linalg.batch_matmul:mixed=f32",
                           "linalg.reduce:combiner=add",
                           "linalg.generic:iterators=parallel,reduction",
                           "linalg.generic:maps=transpose",
                           "linalg.generic:maps=broadcast",
                           "linalg.generic:index",
                           "linalg.generic:truncf_back",
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

// linalg.generic: maps, iterator types, a body with linalg.index, a cast
// and two yields; linalg.reduce and linalg.broadcast; and the static twin of
// a dynamic program.
TEST(FuzzProgram, PrintsLinalgOps) {
  Program p;
  TensorType at{DType::F16, {kDynamic, 3}};
  ValueId a = p.addArg(at, {2, 3});
  Op fill;
  fill.kind = OpKind::Fill;
  fill.scalar = 0;
  fill.dynSizes = {DimExpr{a, 0, 0, 1}};
  TensorType ft{DType::F32, {kDynamic}};
  ValueId acc = p.ops[p.addOp(fill, {ft}, {Shape{2}})].results[0];
  Op empty;
  empty.kind = OpKind::Empty;
  TensorType it{DType::I32, {3}};
  ValueId e = p.ops[p.addOp(empty, {it}, {Shape{3}})].results[0];
  Op g;
  g.kind = OpKind::Generic;
  g.operands = {a, acc, e};
  g.numIns = 1;
  g.maps = {{0, 1}, {0}, {1}};
  g.reductionLoops = {false, true};
  // Not a valid reduction into the second output: the printer does not
  // care.
  g.body.args = {DType::F16, DType::F32, DType::I32};
  ScalarInst ext;
  ext.name = "arith.extf";
  ext.operands = {0};
  ext.type = DType::F32;
  unsigned x = g.body.add(ext);
  ScalarInst add;
  add.name = "arith.addf";
  add.operands = {1, x};
  add.type = DType::F32;
  unsigned s = g.body.add(add);
  ScalarInst idx;
  idx.name = "linalg.index";
  idx.bits = 1;
  idx.type = DType::Index;
  unsigned i = g.body.add(idx);
  ScalarInst cast;
  cast.name = "arith.index_cast";
  cast.operands = {i};
  cast.type = DType::I32;
  unsigned ic = g.body.add(cast);
  g.body.yields = {s, ic};
  unsigned gi = p.addOp(g, {ft, it}, {Shape{2}, Shape{3}});
  Op red;
  red.kind = OpKind::Reduce;
  red.operands = {p.ops[gi].results[0], acc};
  red.numIns = 1;
  red.ints = {0};
  red.body.args = {DType::F32, DType::F32};
  ScalarInst mx;
  mx.name = "arith.maximumf";
  mx.operands = {0, 1};
  mx.type = DType::F32;
  red.body.yield = red.body.add(mx);
  TensorType rt{DType::F32, {}};
  // (A rank-0 reduce would need a rank-0 init: again only the printer.)
  unsigned ri = p.addOp(red, {rt}, {Shape{}});
  Op bc;
  bc.kind = OpKind::Broadcast;
  bc.operands = {p.ops[gi].results[1], e};
  bc.numIns = 1;
  bc.ints = {0};
  TensorType bt{DType::I32, {4, 3}};
  unsigned bi = p.addOp(bc, {bt}, {Shape{4, 3}});
  p.returns = {p.ops[ri].results[0], p.ops[bi].results[0]};
  std::string dyn = printProgram(p);
  EXPECT_EQ(
      dyn,
      "func.func @main(%arg0: tensor<?x3xf16>) -> (tensor<f32>, "
      "tensor<4x3xi32>) {\n"
      "  %c0 = arith.constant 0 : index\n"
      "  %dim1 = tensor.dim %arg0, %c0 : tensor<?x3xf16>\n"
      "  %cst2 = arith.constant 0x00000000 : f32\n"
      "  %e3 = tensor.empty(%dim1) : tensor<?xf32>\n"
      "  %v0 = linalg.fill ins(%cst2 : f32) outs(%e3 : tensor<?xf32>) -> "
      "tensor<?xf32>\n"
      "  %v1 = tensor.empty() : tensor<3xi32>\n"
      "  %v2:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> "
      "(d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> "
      "(d1)>], iterator_types = [\"parallel\", \"reduction\"]} ins(%arg0 : "
      "tensor<?x3xf16>) outs(%v0, %v1 : tensor<?xf32>, tensor<3xi32>) {\n"
      "  ^bb0(%a0: f16, %a1: f32, %a2: i32):\n"
      "    %b0 = arith.extf %a0 : f16 to f32\n"
      "    %b1 = arith.addf %a1, %b0 : f32\n"
      "    %b2 = linalg.index 1 : index\n"
      "    %b3 = arith.index_cast %b2 : index to i32\n"
      "    linalg.yield %b1, %b3 : f32, i32\n"
      "  } -> (tensor<?xf32>, tensor<3xi32>)\n"
      "  %v3 = linalg.reduce ins(%v2#0 : tensor<?xf32>) outs(%v0 : "
      "tensor<?xf32>) dimensions = [0]\n"
      "    (%a0: f32, %a1: f32) {\n"
      "      %b0 = arith.maximumf %a0, %a1 : f32\n"
      "      linalg.yield %b0 : f32\n"
      "    }\n"
      "  %v4 = linalg.broadcast ins(%v2#1 : tensor<3xi32>) outs(%v1 : "
      "tensor<3xi32>) dimensions = [0]\n"
      "  return %v3, %v4 : tensor<f32>, tensor<4x3xi32>\n"
      "}\n");
  PrintOptions twin;
  twin.staticShapes = true;
  std::string st = printProgram(p, twin);
  EXPECT_EQ(st.find('?'), std::string::npos) << st;
  EXPECT_NE(st.find("func.func @main(%arg0: tensor<2x3xf16>)"),
            std::string::npos)
      << st;
  EXPECT_NE(st.find("  %e1 = tensor.empty() : tensor<2xf32>\n"),
            std::string::npos)
      << st;
  EXPECT_EQ(st.find("tensor.dim"), std::string::npos) << st;
}

// The static twin folds the sizes of slices and expand_shape too.
TEST(FuzzProgram, StaticTwinFoldsSizes) {
  Program p;
  ValueId a = p.addArg(TensorType{DType::I8, {kDynamic}}, {12});
  Op slice;
  slice.kind = OpKind::ExtractSlice;
  slice.operands = {a};
  slice.offsets = {2};
  slice.sizes = {kDynamic};
  slice.strides = {1};
  slice.dynSizes = {DimExpr{a, 0, 2, 1}};
  ValueId sl =
      p.ops[p.addOp(slice, {TensorType{DType::I8, {kDynamic}}}, {Shape{10}})]
          .results[0];
  Op ex;
  ex.kind = OpKind::ExpandShape;
  ex.operands = {sl};
  ex.reassociation = {{0, 1}};
  ex.dynSizes = {DimExpr{sl, 0, 0, 2}};
  ValueId r =
      p.ops[p.addOp(ex, {TensorType{DType::I8, {kDynamic, 2}}}, {Shape{5, 2}})]
          .results[0];
  p.returns = {r};
  PrintOptions twin;
  twin.staticShapes = true;
  EXPECT_EQ(printProgram(p, twin),
            "func.func @main(%arg0: tensor<12xi8>) -> tensor<5x2xi8> {\n"
            "  %v0 = tensor.extract_slice %arg0[2] [10] [1] : tensor<12xi8> "
            "to tensor<10xi8>\n"
            "  %v1 = tensor.expand_shape %v0 [[0, 1]] output_shape [5, 2] : "
            "tensor<10xi8> into tensor<5x2xi8>\n"
            "  return %v1 : tensor<5x2xi8>\n"
            "}\n");
  EXPECT_EQ(evalDimExpr(p, DimExpr{a, 0, 2, 2}), 5);
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

// GenOptions::weightScale (the guided generator): empty draws exactly the
// cases the recipes' weights draw; a factor of 4 on sort and 1/4 on every
// other kind draws sort far more often than the recipes' weights do.
TEST(FuzzGenerator, WeightScaleSteersOpKinds) {
  GenOptions plain;
  GenOptions same;
  same.weightScale.clear();
  GenOptions steered;
  steered.weightScale.assign(kNumOpKinds, 0.25);
  steered.weightScale[static_cast<size_t>(OpKind::Sort)] = 4.0;
  int plainSort = 0, steeredSort = 0;
  for (uint64_t i = 0; i < 200; ++i) {
    Case a = generateCase(caseSeed(91, i), plain);
    Case b = generateCase(caseSeed(91, i), same);
    EXPECT_EQ(a.text(), b.text());
    Case s = generateCase(caseSeed(91, i), steered);
    plainSort += llvm::is_contained(a.features.opKinds, "iree_linalg_ext.sort");
    steeredSort +=
        llvm::is_contained(s.features.opKinds, "iree_linalg_ext.sort");
  }
  // Sort's share of the picks goes from w / W to 16w / (16w + (W - w)):
  // several times more cases hold a sort.
  EXPECT_GT(steeredSort, 2 * plainSort);
  EXPECT_GT(steeredSort, 100);
}
