//===- DeviceTest.cpp - Devices, derived targets and executor limits ------===//
//
// On text recorded from iree-run-module 3.13 --dump_devices=vulkan and
// vulkaninfo on lavapipe (Mesa 22.3.6), and iree-compile 3.13's rdna3
// target: no device needed.
//
//===----------------------------------------------------------------------===//

#include "gpu/Device.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace ref::gpu;

namespace {

const char *kDump = R"(# =====
# --device=vulkan://GPU-6d65736132322e332e36000000000000
name: llvmpipe (LLVM 15.0.6, 256 bits)
path: GPU-6d65736132322e332e36000000000000
api: 1.3.230
type: cpu
driver: llvmpipe
driver_info: Mesa 22.3.6 (LLVM 15.0.6)
features: bufferDeviceAddress=yes shaderInt8=yes shaderFloat16=no subgroupSizeControl=yes cooperativeMatrix=no
subgroup: size=8 operations=0x000000bf quadOperationsInAllStages=no minSubgroupSize=8 maxSubgroupSize=8 requiredSubgroupSizeStages=0x00000030
queue_families: 1
)";

const char *kVulkaninfo =
    R"(	deviceName        = llvmpipe (LLVM 15.0.6, 256 bits)
	maxStorageBufferRange                           = 134217728
	maxComputeSharedMemorySize                      = 32768
	maxComputeWorkGroupCount: count = 3
		65535
		65535
		65535
	maxComputeWorkGroupInvocations                  = 1024
	maxComputeWorkGroupSize: count = 3
		1024
		512
		64
	subPixelPrecisionBits                           = 8
)";

const char *kRdna3 =
    "#iree_gpu.target<arch = \"rdna3\", features = \"spirv:v1.6,cap:Shader\", "
    "wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = "
    "b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = "
    "[<WMMAR3_F32_16x16x16_F16>, <WMMAR3_F16_16x16x16_F16>], "
    "subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, "
    "1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes "
    "= 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], "
    "max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = "
    "8192, workgroup_memory_bank_count = 64>>";

DeviceInfo lavapipe() {
  std::optional<DeviceInfo> d = parseDeviceDump(kDump);
  EXPECT_TRUE(d.has_value());
  parseVulkaninfo(kVulkaninfo, *d);
  return *d;
}

TargetConfig vulkanConfig(llvm::StringRef arch) {
  TargetConfig c;
  c.desc = &TargetTable::builtin().targets.at("vulkan");
  c.arch = arch.str();
  return c;
}

std::string workFile(llvm::StringRef json) {
  llvm::SmallString<128> path;
  int fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("work", "json", fd, path));
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << json;
  return path.str().str();
}

} // namespace

TEST(Device, ParsesTheDump) {
  DeviceInfo d = lavapipe();
  EXPECT_EQ(d.name, "llvmpipe (LLVM 15.0.6, 256 bits)");
  EXPECT_EQ(d.driver, "llvmpipe");
  EXPECT_EQ(d.subgroupMin, 8);
  EXPECT_EQ(d.subgroupMax, 8);
  EXPECT_FALSE(d.feature("shaderFloat16"));
  EXPECT_TRUE(d.feature("shaderInt8"));
  EXPECT_FALSE(d.feature("cooperativeMatrix"));
  EXPECT_TRUE(d.limitsFromVulkaninfo);
  EXPECT_EQ(d.sharedMemoryBytes, 32768);
  EXPECT_EQ(d.maxInvocations, 1024);
  EXPECT_EQ(d.maxWorkgroupSize, (std::vector<int64_t>{1024, 512, 64}));
  EXPECT_EQ(d.maxWorkgroupCount, (std::vector<int64_t>{65535, 65535, 65535}));
  EXPECT_EQ(d.storageBufferRange, 134217728);
  EXPECT_FALSE(parseDeviceDump("no devices\n").has_value());
}

TEST(Device, WithoutVulkaninfoTheSpecMinimumsHold) {
  std::optional<DeviceInfo> d = parseDeviceDump(kDump);
  ASSERT_TRUE(d);
  EXPECT_FALSE(d->limitsFromVulkaninfo);
  EXPECT_EQ(d->sharedMemoryBytes, 16384);
  EXPECT_EQ(d->storageBufferRange, int64_t(1) << 27);
}

TEST(Device, DerivedTargetKeepsTheFamilyAndTakesTheDevice) {
  std::string t = deriveTargetInfo(kRdna3, lavapipe());
  EXPECT_NE(t.find("arch = \"rdna3\""), std::string::npos) << t;
  EXPECT_EQ(subgroupChoices(t), (std::vector<int64_t>{8}));
  EXPECT_EQ(targetField(t, "max_workgroup_memory_bytes"), "32768");
  EXPECT_EQ(targetField(t, "max_workgroup_sizes"), "[1024, 512, 64]");
  EXPECT_EQ(targetField(t, "max_workgroup_counts"), "[65535, 65535, 65535]");
  EXPECT_EQ(targetField(t, "mma"), "[]");
  // shaderFloat16=no in the recorded dump: no fp16 arithmetic.
  EXPECT_EQ(targetField(t, "compute"), "fp64|fp32|int64|int32|int16|int8");
  EXPECT_EQ(targetField(t, "simds_per_wgp"), "4");
  EXPECT_EQ(t.substr(t.size() - 2), ">>");
}

TEST(Device, SubgroupMismatchRefusesTheRawFamily) {
  DeviceInfo d = lavapipe();
  TargetConfig rdna3 = vulkanConfig("rdna3");
  std::optional<std::string> why = subgroupMismatch(rdna3, kRdna3, d);
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("32/64"), std::string::npos) << *why;
  EXPECT_NE(why->find("[8, 8]"), std::string::npos) << *why;
  EXPECT_FALSE(subgroupMismatch(rdna3, deriveTargetInfo(kRdna3, d), d));
}

TEST(Device, InjectsTheTargetIntoTheProgram) {
  std::string fn = "func.func @f() {\n  return\n}\n";
  std::string wrapped = withVulkanTarget(fn, "#T");
  EXPECT_EQ(wrapped.rfind("module attributes {hal.device.targets = "
                          "[#hal.device.target<\"vulkan\", "
                          "[#hal.executable.target<\"vulkan-spirv\", "
                          "\"vulkan-spirv-fb\", {iree_codegen.target_info = "
                          "#T}>]> : !hal.device]} {\n",
                          0),
            0u)
      << wrapped;
  std::string m = withVulkanTarget("// c\nmodule {\n" + fn + "}\n", "#T");
  EXPECT_NE(m.find("module attributes {hal.device.targets = "),
            std::string::npos)
      << m;
  EXPECT_EQ(m.find("module {"), std::string::npos) << m;
  std::string a =
      withVulkanTarget("module @m attributes {x.y = 1} {\n" + fn + "}\n", "#T");
  EXPECT_NE(a.find("module @m attributes {hal.device.targets = "),
            std::string::npos)
      << a;
  EXPECT_NE(a.find(": !hal.device], x.y = 1}"), std::string::npos) << a;
  // Aliases of a program without a module stay at the top level (inside a
  // module they do not parse: a night's program was 'unsupported-input').
  std::string al = withVulkanTarget(
      "#map = affine_map<(d0) -> (d0)>\n!t = tensor<2xf32>\n" + fn, "#T");
  EXPECT_EQ(al.rfind("#map = affine_map<(d0) -> (d0)>\n!t = tensor<2xf32>\n"
                     "module attributes {",
                     0),
            0u)
      << al;
  EXPECT_NE(al.find("{\nfunc.func @f()"), std::string::npos) << al;
}

TEST(Device, LoopCapFromTheTableAndLimitsFromTheDevice) {
  DeviceInfo d = lavapipe();
  ExecutorLimits l = executorLimits(vulkanConfig("llvmpipe"), d);
  EXPECT_EQ(l.loopIterations, 65535);
  EXPECT_EQ(l.storageBindingBytes, 134217728);
  // 65,535 can be reached: that is already past what the cap allows.
  EXPECT_TRUE(exceedsLimits(
      l, workFile(R"({"loop_iterations": 65535, "largest_tensor_bytes": 4})")));
  EXPECT_FALSE(exceedsLimits(
      l, workFile(R"({"loop_iterations": 65534, "largest_tensor_bytes": 4})")));
  std::optional<std::string> why = exceedsLimits(
      l, workFile(R"({"loop_iterations": 90000, "largest_tensor_bytes": 4,
          "ops": [{"op": "iree_linalg_ext.sort at p.mlir:2:8",
                   "why": "sort of 300 along dimension 1: 300 * 300"}]})"));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("90000"), std::string::npos) << *why;
  EXPECT_NE(why->find("sort of 300"), std::string::npos) << *why;
  EXPECT_TRUE(exceedsLimits(
      l, workFile(R"({"loop_iterations": 1, "largest_tensor_bytes": 134217729,
          "largest_tensor": "tensor<33554433xf32>"})")));
  EXPECT_FALSE(exceedsLimits(l, "/nonexistent/work.json"));
  // Another driver has no loop cap.
  d.driver = "radv";
  EXPECT_EQ(executorLimits(vulkanConfig("llvmpipe"), d).loopIterations, 0);
}

TEST(Device, RefusalsAtLoad) {
  EXPECT_TRUE(isDeviceRefusal("UNAVAILABLE; pipelines[0] requires subgroup "
                              "size 32 outside device range [8, 8]"));
  EXPECT_FALSE(isDeviceRefusal("INTERNAL; out of memory"));
}

TEST(Device, BuiltinVulkanTarget) {
  const TargetDesc &v = TargetTable::builtin().targets.at("vulkan");
  EXPECT_FALSE(v.compileOnly);
  EXPECT_TRUE(v.checkDevice);
  EXPECT_EQ(v.defaultArch, "llvmpipe");
  EXPECT_EQ(vulkanConfig("rdna3-lavapipe").derivedFamily(), "rdna3");
  EXPECT_EQ(vulkanConfig("rdna3").derivedFamily(), "");
  auto flags =
      compileFlags(vulkanConfig("rdna3-lavapipe"), TargetTable::builtin(), "");
  ASSERT_TRUE(bool(flags));
  EXPECT_NE(
      std::find(flags->begin(), flags->end(), "--iree-vulkan-target=rdna3"),
      flags->end());
}
