//===- CoverageTest.cpp - Features from IREE's executable configurations --===//
//
// testdata/coverage/ holds files iree-compile 3.13.0 wrote with
// --iree-hal-dump-executable-configurations-to for one module of four
// generated functions (fuzz-gen --seed=7, cases 1-4 as @f1..@f4) on
// llvm-cpu (host), cuda (sm_80), vulkan-spirv (valhall4) and vmvx, copied
// as the compiler wrote them. The expected features were read off those
// files by hand: the export's name, the `translation_info` pipeline and
// each `lowering_config`.
//
//===----------------------------------------------------------------------===//

#include "difftest/Coverage.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace ref::difftest;

namespace {

std::string testdata(const std::string &name) {
  auto buf = llvm::MemoryBuffer::getFile(REF_TESTDATA "/coverage/" + name);
  EXPECT_TRUE(static_cast<bool>(buf)) << name;
  return buf ? (*buf)->getBuffer().str() : "";
}

TEST(Coverage, BucketsIntegersNotNames) {
  EXPECT_EQ(bucketIntegers("tile_sizes = [[0, 1, 16], [0, -1, 1]]"),
            "tile_sizes=[[0,1,n],[0,n,1]]");
  // Digits inside names (an MMA layout, f16) stay.
  EXPECT_EQ(bucketIntegers("mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_"
                           "16x8x16_F16>, padding = [1, 16]"),
            "mma_kind=#iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>,"
            "padding=[1,n]");
}

TEST(Coverage, CpuBatchMatmul) {
  auto ds = parseDispatchConfigs(testdata("llvm-cpu_f3_dispatch_0.mlir"));
  ASSERT_EQ(ds.size(), 1u);
  const DispatchConfig &d = ds[0];
  EXPECT_EQ(d.function, "f3");
  EXPECT_EQ(d.root, "batch_matmul"); // f3_dispatch_0_batch_matmul_1x8x2x4_f16
  EXPECT_EQ(d.pipeline, "#iree_cpu.pipeline<DoubleTilingExpert>");
  std::vector<std::string> ops = {"linalg.batch_matmul", "linalg.fill"};
  EXPECT_EQ(d.ops, ops);
  ASSERT_EQ(d.configs.size(), 2u);
  EXPECT_EQ(d.configs[0],
            "linalg.fill #iree_cpu.lowering_config<cache_parallel=[0,n,n],"
            "vector_common_parallel=[1,n,n]>");
  EXPECT_EQ(d.configs[1],
            "linalg.batch_matmul #iree_cpu.lowering_config<cache_parallel=["
            "0,n,n,0],distribution=[0,n,n,0],vector_common_parallel=[1,n,n,"
            "0],vector_reduction=[0,0,0,n]>");
  std::vector<std::string> f = dispatchFeatures(d, "llvm-cpu");
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0], "P|llvm-cpu|#iree_cpu.pipeline<DoubleTilingExpert>|"
                  "batch_matmul");
  EXPECT_EQ(f[2], "F|llvm-cpu|batch_matmul|linalg.batch_matmul,linalg.fill");
  // The configs, sorted.
  EXPECT_EQ(f[1], "C|llvm-cpu|#iree_cpu.pipeline<DoubleTilingExpert>|"
                  "batch_matmul|" + d.configs[1] + ";" + d.configs[0]);
}

TEST(Coverage, CpuTopkDropsShapesAndTypes) {
  auto ds = parseDispatchConfigs(testdata("llvm-cpu_f2_dispatch_2.mlir"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].function, "f2");
  EXPECT_EQ(ds[0].root, "topk"); // f2_dispatch_2_topk_3x26x29xi8
  EXPECT_EQ(ds[0].pipeline, "#iree_cpu.pipeline<Default>");
  std::vector<std::string> ops = {"iree_linalg_ext.topk", "linalg.fill"};
  EXPECT_EQ(ds[0].ops, ops);
  // Two fills with the same config and the topk.
  EXPECT_EQ(ds[0].configs.size(), 3u);
}

TEST(Coverage, GpuAndVmvxPipelines) {
  auto cuda = parseDispatchConfigs(testdata("cuda_f3_dispatch_0.mlir"));
  ASSERT_EQ(cuda.size(), 1u);
  EXPECT_EQ(cuda[0].pipeline, "#iree_gpu.pipeline<TileAndFuse>");
  // The batch_matmul became a contraction generic on cuda.
  std::vector<std::string> ops = {"linalg.fill", "linalg.generic"};
  EXPECT_EQ(cuda[0].ops, ops);
  ASSERT_EQ(cuda[0].configs.size(), 1u);
  EXPECT_EQ(cuda[0].configs[0],
            "linalg.generic #iree_gpu.lowering_config<{convert_acc_gemm,"
            "mma_kind=#iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>,"
            "padding=[1,n,n,n],promote_operands=[0,1],reduction=[0,0,0,1],"
            "subgroup=[0,1,1,0],workgroup=[1,n,n,0]}>");

  auto vk = parseDispatchConfigs(testdata("vulkan_f3_dispatch_0.mlir"));
  ASSERT_EQ(vk.size(), 1u);
  EXPECT_EQ(vk[0].pipeline, "#iree_gpu.spirv_pipeline<BaseDistribute>");
  ASSERT_EQ(vk[0].configs.size(), 1u);
  EXPECT_EQ(vk[0].configs[0], "linalg.generic #iree_codegen.lowering_config<"
                              "tile_sizes=[[0,n,n],[0,1,1]]>");

  auto vmvx = parseDispatchConfigs(testdata("vmvx_f3_dispatch_0.mlir"));
  ASSERT_EQ(vmvx.size(), 1u);
  EXPECT_EQ(vmvx[0].pipeline, "#iree_codegen.vmvx_pipeline");
  EXPECT_EQ(vmvx[0].root, "batch_matmul");

  // One dispatch, four targets: the pipeline features all differ.
  std::set<std::string> p = {
      dispatchFeatures(cuda[0], "cuda")[0], dispatchFeatures(vk[0], "vulkan")[0],
      dispatchFeatures(vmvx[0], "vmvx")[0],
      dispatchFeatures(parseDispatchConfigs(
                           testdata("llvm-cpu_f3_dispatch_0.mlir"))[0],
                       "llvm-cpu")[0]};
  EXPECT_EQ(p.size(), 4u);
}

TEST(Coverage, FunctionsFromDispatchNames) {
  // A static twin's function keeps its suffix; a name without
  // _dispatch_<N> is no dispatch of ours.
  std::string text = "hal.executable.export public @f12_static_dispatch_3_"
                     "elementwise_4xDxf32 ordinal(0)\n"
                     "hal.executable.export public @helper_dispatch_x ordinal(1)\n";
  auto ds = parseDispatchConfigs(text);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].function, "f12_static");
  EXPECT_EQ(ds[0].root, "elementwise");
  EXPECT_EQ(ds[0].pipeline, "none");
}

TEST(Coverage, ReadsADirectory) {
  auto f = readCoverageDir(REF_TESTDATA "/coverage", "t");
  ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
  // f2 (one file) and f3 (four files of different targets, one name here).
  ASSERT_EQ(f->size(), 2u);
  EXPECT_EQ(f->at("f2").size(), 3u);
  // Four pipelines, four config sets, two op sets (cuda and vulkan made
  // a generic and a fill; cpu and vmvx kept the batch_matmul).
  EXPECT_EQ(f->at("f3").size(), 4u + 4u + 2u);
  auto none = readCoverageDir(REF_TESTDATA "/no-such-dir", "t");
  ASSERT_TRUE(static_cast<bool>(none));
  EXPECT_TRUE(none->empty());
}

} // namespace
