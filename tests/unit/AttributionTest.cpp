//===- AttributionTest.cpp - the rule that attributes a vulkan mismatch ---===//
//
// Each conclusion from hand-made evidence, the order of the rules (a known
// executor entry beats everything; invalid SPIR-V beats a CPU mismatch; a
// CPU mismatch beats a race), spirv-val's known classes on the messages
// spirv-val 2023.1 printed for IREE 3.13's llvmpipe modules, and the
// known-executor list's parsing and matching.
//
//===----------------------------------------------------------------------===//

#include "difftest/AttributionRule.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace ref::difftest;

namespace {

NeighbourRun passes(std::string t) {
  NeighbourRun n;
  n.target = std::move(t);
  n.words = "passes";
  n.passes = true;
  return n;
}
NeighbourRun wrong(std::string t, bool same) {
  NeighbourRun n;
  n.target = std::move(t);
  n.words = "mismatch";
  n.wrong = true;
  n.sameValues = same;
  return n;
}

/// Valid SPIR-V, CPU right, deterministic.
AttributionEvidence codegenBug() {
  AttributionEvidence e;
  e.target = "vulkan:llvmpipe";
  e.spirv.ran = true;
  e.spirv.modules = 2;
  e.cpu = {passes("llvm-cpu"), passes("vmvx")};
  e.oneThread = wrong("vulkan:llvmpipe LP_NUM_THREADS=1", true);
  e.again = wrong("vulkan:llvmpipe (again)", true);
  return e;
}

TEST(Attribution, SpirvCodegenWhenEverythingElseIsRight) {
  Attribution a = decideAttribution(codegenBug());
  EXPECT_EQ(a.conclusion, kAttribSpirv);
  ASSERT_FALSE(a.reasons.empty());
  EXPECT_NE(a.reasons.front().find("llvm-cpu and vmvx"), std::string::npos);
}

TEST(Attribution, SharedPipelineWhenACpuTargetIsWrongToo) {
  AttributionEvidence e = codegenBug();
  e.cpu[1] = wrong("vmvx", true);
  Attribution a = decideAttribution(e);
  EXPECT_EQ(a.conclusion, kAttribShared);
  EXPECT_NE(a.reasons.front().find("vmvx"), std::string::npos);
  EXPECT_NE(a.reasons.front().find("same output bytes"), std::string::npos);
}

TEST(Attribution, InvalidSpirvIsIreesWhateverTheCpuSays) {
  AttributionEvidence e = codegenBug();
  e.cpu[0] = wrong("llvm-cpu", false);
  e.spirv.invalid = {"m.spv: error: line 3: bad"};
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribSpirv);
}

TEST(Attribution, KnownInvalidClassDecidesNothing) {
  AttributionEvidence e = codegenBug();
  e.spirv.knownInvalid = {"m.spv: iree#24724 (...)"};
  e.cpu[0] = wrong("llvm-cpu", true);
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribShared);
}

TEST(Attribution, ThreadCountDependenceIsUndecided) {
  AttributionEvidence e = codegenBug();
  e.oneThread = passes("vulkan:llvmpipe LP_NUM_THREADS=1");
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribUndecided);
  e = codegenBug();
  e.again = wrong("vulkan:llvmpipe (again)", /*same=*/false);
  Attribution a = decideAttribution(e);
  EXPECT_EQ(a.conclusion, kAttribUndecided);
  EXPECT_NE(a.reasons.front().find("not deterministic"), std::string::npos);
}

TEST(Attribution, NoCpuVerdictIsUndecided) {
  AttributionEvidence e = codegenBug();
  NeighbourRun ce;
  ce.target = "vmvx";
  ce.words = "compile-error: ...";
  e.cpu = {ce};
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribUndecided);
}

TEST(Attribution, KnownExecutorBeatsEverything) {
  AttributionEvidence e = codegenBug();
  e.spirv.invalid = {"m.spv: error"};
  e.cpu[0] = wrong("llvm-cpu", true);
  e.knownExecutor = "lp-x: evidence";
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribExecutor);
}

TEST(Attribution, SpirvKnownClasses) {
  // spirv-val 2023.1 on IREE 3.13 llvmpipe modules (SPIR-V 1.3 headers).
  EXPECT_NE(knownSpirvClass("error: line 29: 2nd operand of Decorate: operand "
                            "NoSignedWrap(4469) requires one of these "
                            "extensions: SPV_KHR_no_integer_wrap_decoration")
                .find("iree#24724"),
            std::string::npos);
  EXPECT_FALSE(knownSpirvClass("error: line 19: OpEntryPoint interfaces must "
                               "be OpVariables with Storage Class of Input(1) "
                               "or Output(3). Found Storage Class 12 for Entry "
                               "Point id 8.")
                   .empty());
  EXPECT_EQ(knownSpirvClass("error: line 40: OpStore Pointer <id> '12' is not "
                            "a logical pointer."),
            "");
}

TEST(Attribution, KnownExecutorList) {
  llvm::SmallString<128> p;
  ASSERT_FALSE(
      llvm::sys::fs::createTemporaryFile("known-executor", "json", p));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    os << R"({"entries": [{"id": "lp-f64", "target": "^vulkan:",
              "program": "f64", "evidence": "lavapipe ..."}]})";
  }
  auto k = readKnownExecutor(p);
  ASSERT_TRUE(bool(k)) << llvm::toString(k.takeError());
  ASSERT_EQ(k->size(), 1u);
  EXPECT_NE(matchKnownExecutor(*k, "vulkan:llvmpipe", "x : f64"), nullptr);
  EXPECT_EQ(matchKnownExecutor(*k, "llvm-cpu", "x : f64"), nullptr);
  EXPECT_EQ(matchKnownExecutor(*k, "vulkan:llvmpipe", "x : f32"), nullptr);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    os << R"({"entries": [{"id": "bad", "target": "(", "program": "x",
              "evidence": "e"}]})";
  }
  auto bad = readKnownExecutor(p);
  ASSERT_FALSE(bool(bad));
  std::string msg = llvm::toString(bad.takeError());
  EXPECT_NE(msg.find("entries[0] (bad)"), std::string::npos) << msg;
  llvm::sys::fs::remove(p);
}

TEST(Attribution, MarkdownNamesTheConclusionAndChecks) {
  AttributionEvidence e = codegenBug();
  Attribution a = decideAttribution(e);
  std::string md = attributionMarkdown(attributionJSON(e, a));
  EXPECT_NE(md.find("**IREE (SPIR-V codegen)**"), std::string::npos) << md;
  EXPECT_NE(md.find("| spirv-val | 2 module(s): 0 invalid |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("| LP_NUM_THREADS=1 |"), std::string::npos) << md;
}

} // namespace
