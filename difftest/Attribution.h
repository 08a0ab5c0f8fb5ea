//===- Attribution.h - attributing a vulkan bundle ---------------*- C++ -*-===//
//
// The re-runs behind AttributionRule.h's evidence: spirv-val over the
// modules of a compile, and the bundle's case on the other targets.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_ATTRIBUTION_H
#define REF_DIFFTEST_ATTRIBUTION_H

#include "difftest/AttributionRule.h"
#include "difftest/Run.h"

namespace ref::difftest {

/// Compiles `program` (relative to `workDir`) for `config` with the SPIR-V
/// binaries dumped into `<subdir>/spirv`, and validates each with
/// `spirv-val --target-env=<env>` (vulkan1.3: lavapipe's API version).
SpirvCheck validateSpirv(const gpu::TargetConfig &config,
                         llvm::StringRef program, llvm::StringRef workDir,
                         llvm::StringRef subdir, const Settings &settings,
                         llvm::StringRef targetEnv = "vulkan1.3");

/// The vulkan architectures a vulkan mismatch is re-run on (those that fit
/// lavapipe; the bundle's own is skipped).
std::vector<std::string> vulkanAttributionArches();

/// Gathers the evidence for a vulkan bundle (TriageCmd.cpp: it re-runs the
/// bundle's case) and decides; writes BUNDLE/attribution.json.
llvm::Expected<Attribution> attributeBundle(llvm::StringRef bundleDir,
                                            llvm::StringRef workDir,
                                            const Settings &settings,
                                            llvm::StringRef knownExecutorPath);

/// difftest attribute BUNDLE [--work=DIR] [--known-executor=FILE]
int attributeCommand(int argc, char **argv);

} // namespace ref::difftest

#endif // REF_DIFFTEST_ATTRIBUTION_H
