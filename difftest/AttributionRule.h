//===- AttributionRule.h - whose fault is a vulkan mismatch? -----*- C++ -*-===//
//
// A vulkan mismatch on lavapipe (Mesa's CPU Vulkan) is only worth a
// compiler engineer's hour when it is IREE's. Before one is reported,
// `difftest attribute BUNDLE` (and `nightly`, for every vulkan signature)
// gathers the evidence and concludes (docs/gpu.md, "Attribution"):
//
//   - spirv-val on every SPIR-V module IREE emitted for the case: invalid
//     SPIR-V is IREE's bug, named so (a known invalid class, such as the
//     NoSignedWrap decoration without its extension, iree#24724, is noted
//     but explains no wrong value: lavapipe ignores the decoration);
//   - the same program on llvm-cpu and vmvx: wrong there too means the bug
//     sits in the pipeline the GPU shares with the CPU;
//   - the other vulkan target(s) of the table: a different kernel
//     configuration on the same executor;
//   - lavapipe with one thread (LP_NUM_THREADS=1) and the default again: a
//     result that depends on the thread count or changes from run to run is
//     a race (IREE's missing barrier or lavapipe's), undecided;
//   - the known-executor list (gpu/known-executor.json): lavapipe's own
//     bugs and limits, with their evidence.
//
// The conclusion is one of "IREE (SPIR-V codegen)", "IREE (shared
// pipeline: also wrong on llvm-cpu/vmvx)", "executor-suspect" or
// "undecided". An executor-suspect is never filed against IREE.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_ATTRIBUTIONRULE_H
#define REF_DIFFTEST_ATTRIBUTIONRULE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace ref::difftest {

inline constexpr const char *kAttribSpirv = "IREE (SPIR-V codegen)";
inline constexpr const char *kAttribShared =
    "IREE (shared pipeline: also wrong on llvm-cpu/vmvx)";
inline constexpr const char *kAttribExecutor = "executor-suspect";
inline constexpr const char *kAttribUndecided = "undecided";

/// spirv-val over the SPIR-V modules of one compile.
struct SpirvCheck {
  bool ran = false;   ///< spirv-val ran on at least one module
  std::string note;   ///< why it did not run ("spirv-val not installed")
  unsigned modules = 0;
  /// "module.spv: error: ..." for each module spirv-val rejects for a
  /// reason not in the known list.
  std::vector<std::string> invalid;
  /// The same, for the known invalid classes: "module.spv: iree#24724
  /// (NoSignedWrap without SPV_KHR_no_integer_wrap_decoration)".
  std::vector<std::string> knownInvalid;
  /// Modules (by file name) whose invocations write and read workgroup
  /// memory with no OpControlBarrier anywhere (unsyncedWorkgroupMemory).
  std::vector<std::string> unsynced;
};

/// Classifies spirv-val's message for one module: the known class's words
/// ("iree#24724 (...)"), or "" when it is not a known class.
std::string knownSpirvClass(llvm::StringRef message);

/// Whether a disassembled SPIR-V module (spirv-dis text) both stores to and
/// loads from Workgroup-storage memory (what IREE promotes to share data
/// between a workgroup's invocations) and has no OpControlBarrier: the
/// invocations then exchange data with nothing ordering the writes before
/// the reads, a data race under Vulkan's memory model. Text scanning only.
bool unsyncedWorkgroupMemory(llvm::StringRef disassembly);

/// Another target's run of the same case.
struct NeighbourRun {
  std::string target;  ///< "llvm-cpu", "vulkan:rdna3-lavapipe"
  std::string words;   ///< "passes", "mismatch (...)", "compile-error: ..."
  bool passes = false; ///< ran and every output matched
  bool wrong = false;  ///< ran and some output mismatched
  /// Wrong with the very same output bytes as the vulkan run.
  bool sameValues = false;
};

/// Everything the conclusion is drawn from.
struct AttributionEvidence {
  std::string target; ///< the bundle's vulkan target
  SpirvCheck spirv;
  std::vector<NeighbourRun> cpu;    ///< llvm-cpu, vmvx
  std::vector<NeighbourRun> vulkan; ///< the other vulkan targets
  /// The bundle's own configuration rerun: with LP_NUM_THREADS=1, and
  /// again with the default thread count.
  std::optional<NeighbourRun> oneThread, again;
  /// A known-executor entry that matches ("id: evidence").
  std::string knownExecutor;
};

struct Attribution {
  std::string conclusion;
  std::vector<std::string> reasons; ///< why, one sentence each
};

/// The conclusion, from the evidence alone (unit-tested).
Attribution decideAttribution(const AttributionEvidence &e);

/// A known-executor entry: a program pattern on a target pattern, with the
/// evidence that lavapipe (not IREE) is at fault.
struct KnownExecutorEntry {
  std::string id, targetRegex, programRegex, evidence;
};
/// Reads gpu/known-executor.json (or `path`); an error names the entry.
llvm::Expected<std::vector<KnownExecutorEntry>>
readKnownExecutor(llvm::StringRef path);
/// The first entry matching a vulkan target and program text, if any.
const KnownExecutorEntry *
matchKnownExecutor(const std::vector<KnownExecutorEntry> &entries,
                   llvm::StringRef target, llvm::StringRef program);

/// attribution.json's object, and its Markdown section for issue.md.
llvm::json::Object attributionJSON(const AttributionEvidence &e,
                                   const Attribution &a);
std::string attributionMarkdown(const llvm::json::Object &o);

} // namespace ref::difftest

#endif // REF_DIFFTEST_ATTRIBUTIONRULE_H
