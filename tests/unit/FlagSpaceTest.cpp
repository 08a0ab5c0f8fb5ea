//===- FlagSpaceTest.cpp - Flags from IREE's BUILD.bazel suites -----------===//
//
// The expected lists are read off the fixture by hand
// (testdata/iree-src-flags/tests/e2e/*/BUILD.bazel, written for this test in
// the shape of IREE's suites).
//
//===----------------------------------------------------------------------===//

#include "difftest/FlagSpace.h"

#include "gtest/gtest.h"

using namespace ref::difftest;

namespace {

std::string fixture() { return std::string(REF_TESTDATA) + "/iree-src-flags"; }

const FlagChoice *find(const FlagSpace &s, llvm::StringRef flag) {
  for (const FlagChoice &f : s.flags)
    if (f.flag == flag)
      return &f;
  return nullptr;
}

TEST(FlagSpace, ParsesRuleCallsBackendsAndTemplates) {
  BazelFlags b = parseBazelCompilerFlags(R"(
suite(
    name = "a",
    compiler_flags = ["--x", "--y=%s" % ("1" if c else "2")] + ["--z=%s" % v],
    target_backends_and_drivers = [("llvm-cpu", "local-task"), ("rocm", "hip")],
)
other(name = "b", srcs = ["--not-a-flag"], target_backend = "vmvx")
)");
  ASSERT_EQ(b.uses.size(), 3u);
  EXPECT_EQ(b.uses[0].flag, "--x");
  EXPECT_EQ(b.uses[1].flag, "--y=1");
  EXPECT_EQ(b.uses[2].flag, "--y=2");
  EXPECT_EQ(b.uses[0].suite, "a");
  EXPECT_EQ(b.uses[0].backends,
            (std::vector<std::string>{"llvm-cpu", "rocm"}));
  EXPECT_EQ(b.templated, 1u); // "--z=%s" % v
}

TEST(FlagSpace, LoadsTheFixtureCheckout) {
  auto s = loadFlagSpace(fixture());
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  EXPECT_EQ(s->files, 3u);
  // ops: 2 + 2, matmul: 4 (data tiling, ukernels all/none, demote), cpu_only:
  // 2; the variable-templated one is not an entry.
  EXPECT_EQ(s->occurrences, 10u);
  EXPECT_EQ(s->templated, 1u);
  std::vector<std::string> names;
  for (const FlagChoice &f : s->flags)
    names.push_back(f.flag);
  EXPECT_EQ(names, (std::vector<std::string>{
                       "--iree-dispatch-creation-enable-aggressive-fusion",
                       "--iree-llvmcpu-enable-ukernels=all",
                       "--iree-llvmcpu-enable-ukernels=none",
                       "--iree-opt-data-tiling",
                       "--iree-stream-emulate-memset",
                       "--iree-x=\"q\"",
                   }));
  // Per backend: data tiling from the llvm-cpu, vulkan-spirv and the
  // llvm-cpu/rocm suites; ukernels only where its prefix acts (llvm-cpu),
  // though its suite also runs rocm; a suite without a backend: all.
  EXPECT_EQ(find(*s, "--iree-opt-data-tiling")->targets,
            (std::vector<std::string>{"hip", "llvm-cpu", "vulkan"}));
  EXPECT_EQ(find(*s, "--iree-llvmcpu-enable-ukernels=all")->targets,
            (std::vector<std::string>{"llvm-cpu"}));
  EXPECT_EQ(find(*s, "--iree-stream-emulate-memset")->targets,
            (std::vector<std::string>{"vulkan"}));
  EXPECT_TRUE(
      find(*s, "--iree-dispatch-creation-enable-aggressive-fusion")
          ->targets.empty());
  EXPECT_TRUE(flagApplies(*find(*s, "--iree-opt-data-tiling"), "vulkan"));
  EXPECT_FALSE(flagApplies(*find(*s, "--iree-opt-data-tiling"), "vmvx"));
  // Left out: the target's CPU and the input's f64 demotion.
  ASSERT_EQ(s->excluded.size(), 2u);
  EXPECT_EQ(s->excluded[0].first, "--iree-input-demote-f64-to-f32=false");
  EXPECT_EQ(s->excluded[1].first, "--iree-llvmcpu-target-cpu=generic");
  EXPECT_NE(find(*s, "--iree-opt-data-tiling")->why.find("ops:check_llvm-cpu"),
            std::string::npos);
}

TEST(FlagSpace, DropsWhatTheCompilerLacksAndCountsIt) {
  auto s = loadFlagSpace(fixture());
  ASSERT_TRUE(bool(s));
  // A help text in iree-compile's form with two of the six flags.
  std::string help = "  --iree-opt-data-tiling  - data tiling\n"
                     "  --iree-llvmcpu-enable-ukernels=<string>  - ukernels\n";
  dropUnsupported(*s, [&](llvm::StringRef f) {
    llvm::StringRef name = f.split('=').first;
    return llvm::StringRef(help).contains("  " + name.str() + " ") ||
           llvm::StringRef(help).contains("  " + name.str() + "=");
  });
  EXPECT_EQ(s->flags.size(), 3u);
  EXPECT_EQ(s->unsupported.size(), 3u);
  std::string d = describeFlagSpace(*s);
  EXPECT_NE(d.find("3 flags from"), std::string::npos) << d;
  EXPECT_NE(d.find("3 dropped, this IREE lacks them"), std::string::npos) << d;
  EXPECT_NE(d.find("2 left out"), std::string::npos) << d;
}

TEST(FlagSpace, MissingCheckoutIsAnError) {
  auto s = loadFlagSpace(fixture() + "/no-such-dir");
  ASSERT_FALSE(bool(s));
  EXPECT_NE(llvm::toString(s.takeError()).find("no such directory"),
            std::string::npos);
}

TEST(FlagSpace, BuiltinKeepsTheCampaignsOldOrder) {
  FlagSpace b = builtinFlagSpace();
  ASSERT_EQ(b.flags.size(), 9u);
  EXPECT_EQ(b.flags[0].flag, "--iree-dispatch-creation-topk-split-reduction=2");
  EXPECT_EQ(b.flags[8].flag, "--iree-codegen-llvmgpu-use-vector-distribution");
  EXPECT_TRUE(flagApplies(b.flags[1], "vmvx"));
  EXPECT_FALSE(flagApplies(b.flags[5], "hip"));
}

TEST(FlagSpace, SerializedListRoundTrips) {
  auto s = loadFlagSpace(fixture());
  ASSERT_TRUE(bool(s));
  std::vector<FlagChoice> back = parseSerializedFlags(serializeFlags(s->flags));
  ASSERT_EQ(back.size(), s->flags.size());
  for (size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].flag, s->flags[i].flag);
    EXPECT_EQ(back[i].targets, s->flags[i].targets);
    EXPECT_EQ(back[i].why, s->flags[i].why);
  }
}

} // namespace
