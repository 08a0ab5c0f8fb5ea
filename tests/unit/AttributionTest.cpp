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

TEST(Attribution, RaceInAKernelWithoutBarrierIsIrees) {
  // Nondeterministic, and a module shares workgroup memory with no barrier:
  // the race is the kernel's, whatever lavapipe's scheduling.
  AttributionEvidence e = codegenBug();
  e.again = wrong("vulkan:llvmpipe (again)", /*same=*/false);
  e.spirv.unsynced = {"m.spv"};
  Attribution a = decideAttribution(e);
  EXPECT_EQ(a.conclusion, kAttribSpirv);
  EXPECT_NE(a.reasons.front().find("no OpControlBarrier"), std::string::npos);
  // Deterministic and CPU right: the same conclusion as without the scan.
  e = codegenBug();
  e.spirv.unsynced = {"m.spv"};
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribSpirv);
  // A CPU target wrong too still points at the shared pipeline.
  e.cpu[0] = wrong("llvm-cpu", true);
  e.again = wrong("vulkan:llvmpipe (again)", /*same=*/false);
  EXPECT_EQ(decideAttribution(e).conclusion, kAttribShared);
}

// The lines spirv-dis 2023.1 printed for IREE 3.13's llvmpipe kernel of a
// gather fused with a column sum (gather rows per invocation into
// workgroup memory, then columns per invocation out of it), abridged.
const char *kSharedNoBarrier = R"(
               OpEntryPoint GLCompute %main "main" %__workgroup_mem__5
%_ptr_Workgroup__struct_2 = OpTypePointer Workgroup %_struct_2
%__workgroup_mem__5 = OpVariable %_ptr_Workgroup__struct_2 Workgroup
%_ptr_Workgroup_uint = OpTypePointer Workgroup %uint
         %61 = OpLoad %uint %60
         %65 = OpAccessChain %_ptr_Workgroup_uint %__workgroup_mem__5 %uint_0 %63
               OpStore %65 %61
               OpStore %73 %uint_0
         %81 = OpAccessChain %_ptr_Workgroup_uint %__workgroup_mem__5 %uint_0 %80
         %82 = OpLoad %uint %81
         %83 = OpLoad %uint %73
               OpStore %73 %84
)";

TEST(Attribution, UnsyncedWorkgroupMemoryScan) {
  EXPECT_TRUE(unsyncedWorkgroupMemory(kSharedNoBarrier));
  // A barrier anywhere orders the writes before the reads.
  std::string barrier = std::string(kSharedNoBarrier) +
                        "               OpControlBarrier %uint_2 %uint_2 "
                        "%uint_264\n";
  EXPECT_FALSE(unsyncedWorkgroupMemory(barrier));
  // Written but never read back, or read but never written: no exchange.
  std::string noLoad = kSharedNoBarrier;
  noLoad.replace(noLoad.find("%82 = OpLoad %uint %81"), 22,
                 "%82 = OpCopyObject %81");
  EXPECT_FALSE(unsyncedWorkgroupMemory(noLoad));
  std::string noStore = kSharedNoBarrier;
  noStore.replace(noStore.find("OpStore %65 %61"), 15, "OpNop");
  EXPECT_FALSE(unsyncedWorkgroupMemory(noStore));
  // StorageBuffer and Function memory are not workgroup memory.
  EXPECT_FALSE(unsyncedWorkgroupMemory(R"(
%_ptr_StorageBuffer_uint = OpTypePointer StorageBuffer %uint
%_ptr_Function_uint = OpTypePointer Function %uint
         %5 = OpAccessChain %_ptr_StorageBuffer_uint %buf %uint_0 %3
               OpStore %5 %4
         %6 = OpLoad %uint %5
         %7 = OpVariable %_ptr_Function_uint Function
               OpStore %7 %4
         %8 = OpLoad %uint %7
)"));
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
