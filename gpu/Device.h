//===- Device.h - A target's device and what it cannot do ---*- C++ -*-===//
//
// A target is judged on a device only where the device can run what the
// compiler assumed. Three things decide it (docs/gpu.md, "Vulkan on
// lavapipe"):
//  - the device's own description: `iree-run-module --dump_devices=DRIVER`
//    (name, driver, subgroup size range, features) and, for Vulkan,
//    `vulkaninfo` (shared memory, workgroup sizes and counts, storage
//    buffer range; the Vulkan specification's guaranteed minimums when
//    vulkaninfo is missing);
//  - the target's own assumptions: the `#iree_gpu.target` the compiler
//    derives for it (`iree-compile --compile-to=executable-targets`), whose
//    subgroup size choices must meet the device's range, else the target
//    is not run at all;
//  - limits of the executor that no query shows, as data in targets.json
//    (`executor_limits`, keyed by the device's driver name): Mesa's
//    llvmpipe leaves every loop of an invocation after 65,535 iterations.
// A case whose bound (ref-run --work, interp/exec/LoopWork.h) can reach a
// limit gets the verdict `executor-limit` instead of a failure.
//
//===----------------------------------------------------------------------===//

#ifndef REF_GPU_DEVICE_H
#define REF_GPU_DEVICE_H

#include "ireetools/IreeTools.h"
#include "gpu/Targets.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ref::gpu {

/// The first device of a driver, as --dump_devices and vulkaninfo show it.
struct DeviceInfo {
  std::string name;   // "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string driver; // "llvmpipe"
  int64_t subgroupMin = 0, subgroupMax = 0;
  /// "shaderFloat16" -> true, from the `features:` line.
  std::map<std::string, bool> features;
  /// From vulkaninfo, else the Vulkan specification's minimums.
  int64_t sharedMemoryBytes = 16384;
  int64_t maxInvocations = 128;
  std::vector<int64_t> maxWorkgroupSize = {128, 128, 64};
  std::vector<int64_t> maxWorkgroupCount = {65535, 65535, 65535};
  int64_t storageBufferRange = int64_t(1) << 27;
  bool limitsFromVulkaninfo = false;

  bool feature(llvm::StringRef f, bool dflt = true) const {
    auto it = features.find(f.str());
    return it == features.end() ? dflt : it->second;
  }
};

/// Parses `iree-run-module --dump_devices=DRIVER` (the first device).
/// nullopt when it shows none.
std::optional<DeviceInfo> parseDeviceDump(llvm::StringRef text);
/// Reads the compute limits of `vulkaninfo`'s first device into `info`.
void parseVulkaninfo(llvm::StringRef text, DeviceInfo &info);

/// The device of `driver` on this machine (cached per driver); nullopt
/// when there is none.
std::optional<DeviceInfo> probeDevice(const IreeTools &tools,
                                      llvm::StringRef driver);

/// What the device cannot do for a case, from targets.json's
/// `executor_limits` and the device's own limits.
struct ExecutorLimits {
  std::string device;         // "llvmpipe (...)", for messages
  int64_t loopIterations = 0; // 0: no cap
  std::string loopWhy;
  int64_t storageBindingBytes = 0; // 0: no cap
  /// The target may use more workgroup memory than the device has.
  int64_t targetSharedMemory = 0, deviceSharedMemory = 0;
};

/// The limits of running `config` on `info`.
ExecutorLimits executorLimits(const TargetConfig &config,
                              const DeviceInfo &info);

/// Why a case cannot be judged on the device: its work file (ref-run
/// --work) reaches a limit. nullopt when it stays inside, or has no file.
std::optional<std::string> exceedsLimits(const ExecutorLimits &limits,
                                         llvm::StringRef workJsonPath);

/// Whether an iree-run-module failure is the device refusing the module
/// ("requires subgroup size 32 outside device range [8, 8]").
bool isDeviceRefusal(llvm::StringRef message);

/// The `#iree_gpu.target<...>` iree-compile derives for `config`'s
/// compile flags (cached per flag set). Errors say why.
llvm::Expected<std::string> compilerTargetInfo(const TargetConfig &config,
                                               const TargetTable &table,
                                               const IreeTools &tools);

/// The subgroup_size_choices of a `#iree_gpu.target` text.
std::vector<int64_t> subgroupChoices(llvm::StringRef targetInfo);
/// A field `key = VALUE` of a `#iree_gpu.target` text (VALUE up to the
/// next ',' or '>' outside brackets), "" when absent.
std::string targetField(llvm::StringRef targetInfo, llvm::StringRef key);

/// The family's target with the device's limits: subgroup sizes, workgroup
/// memory, sizes and counts, no matrix intrinsics without cooperativeMatrix,
/// no fp16/int8 compute without shaderFloat16/shaderInt8.
std::string deriveTargetInfo(llvm::StringRef familyInfo,
                             const DeviceInfo &device);

/// Why `config` (not derived from the device) cannot run on `device`:
/// none of the target's subgroup sizes is in the device's range.
std::optional<std::string> subgroupMismatch(const TargetConfig &config,
                                            llvm::StringRef targetInfo,
                                            const DeviceInfo &device);

/// `program` with the module attribute that makes iree-compile use
/// `targetInfo` for every Vulkan executable: the top-level `module` gets
/// `hal.device.targets`, or the program is wrapped in one.
std::string withVulkanTarget(llvm::StringRef program,
                             llvm::StringRef targetInfo);

} // namespace ref::gpu

#endif // REF_GPU_DEVICE_H
