//===- SignatureTest.cpp - One signature per bug, on recorded messages ----===//
//
// The logs below are iree-compile 3.13.0's own output (trimmed to the lines
// the signature reads), recorded with --mlir-print-ir-after-failure on
// the programs next to them: the arg_compare "size mismatch" of issue 18
// in f32 and i8 on cuda:sm_80 and in f32 on hip:gfx942 (one bug), and the
// GPU reduction that fails to distribute (corpus/repros/gpu-reduction-
// failed-to-distribute, another bug).
//
//===----------------------------------------------------------------------===//

#include "difftest/KnownIssues.h"
#include "difftest/Signature.h"

#include <gtest/gtest.h>

using namespace ref::difftest;

namespace {

std::string argCompareProgram(const std::string &t) {
  std::string cmp = t == "f32" ? "arith.cmpf ogt, %a, %b : f32"
                               : "arith.cmpi sgt, %a, %b : " + t;
  return "func.func @main(%v: tensor<4x?x" + t +
         ">, %ix: tensor<4x?xi32>, %bv: tensor<4x" + t +
         ">, %bi: tensor<4xi32>) -> (tensor<4x" + t +
         ">, tensor<4xi32>) {\n"
         "  %r:2 = iree_linalg_ext.arg_compare dimension(1)\n"
         "      ins(%v, %ix : tensor<4x?x" + t +
         ">, tensor<4x?xi32>) outs(%bv, %bi : tensor<4x" + t +
         ">, tensor<4xi32>) {\n"
         "  ^bb0(%a: " + t + ", %b: " + t + "):\n"
         "    %c = " + cmp + "\n"
         "    iree_linalg_ext.yield %c : i1\n"
         "  } -> tensor<4x" + t + ">, tensor<4xi32>\n"
         "  return %r#0, %r#1 : tensor<4x" + t + ">, tensor<4xi32>\n"
         "}\n";
}

std::string argCompareLog(const std::string &t, bool rocdl) {
  return "program.mlir:2:10: error: expected type to be 'tensor<1x?x" + t +
         ">' or a rank-reduced version. (size mismatch) \n"
         "  %r:2 = iree_linalg_ext.arg_compare dimension(1)\n"
         "         ^\n"
         "program.mlir:1:1: note: called from\n"
         "program.mlir:2:10: note: see current operation: %42 = "
         "\"tensor.insert_slice\"(%41#0, %arg6, %38) <{operandSegmentSizes = "
         "array<i32: 1, 1, 0, 1, 0>}>\n"
         "// -----// IR Dump After GPUApplyTilingLevelPass Failed: "
         "iree-codegen-gpu-apply-tiling-level{allow-zero-slices=true "
         "fuse-consumers=true normalize-loops=false "
         "tiling-level=partial_reduction} //----- //\n"
         "// -----// IR Dump After LLVMGPULowerExecutableTargetPass Failed: "
         "iree-llvmgpu-lower-executable-target{for-rocdl=" +
         (rocdl ? "true" : "false") +
         "} //----- //\n"
         "program.mlir:2:10: error: failed to run translation of source "
         "executable to target executable for backend "
         "#hal.executable.target<\"cuda\", \"cuda-nvptx-fb\">\n";
}

const char *kDistributeProgram =
    "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
    "#map1 = affine_map<(d0, d1) -> ()>\n"
    "module {\n"
    "  func.func @f160(%arg0: tensor<4x32xbf16>, %arg1: tensor<bf16>, %arg2: "
    "tensor<f32>) -> tensor<f32> {\n"
    "    %0 = linalg.generic {indexing_maps = [#map, #map1, #map1], "
    "iterator_types = [\"reduction\", \"reduction\"]} ins(%arg0, %arg1 : "
    "tensor<4x32xbf16>, tensor<bf16>) outs(%arg2 : tensor<f32>) {\n"
    "    ^bb0(%in: bf16, %in_0: bf16, %out: f32):\n"
    "      %cst = arith.constant 0.000000e+00 : f32\n"
    "      %1 = arith.extf %in_0 : bf16 to f32\n"
    "      %2 = arith.addf %out, %1 : f32\n"
    "      linalg.yield %2 : f32\n"
    "    } -> tensor<f32>\n"
    "    return %0 : tensor<f32>\n"
    "  }\n"
    "}\n";

const char *kDistributeLog =
    "program.mlir:5:10: error: 'func.func' op failed to distribute\n"
    "program.mlir:4:3: note: called from\n"
    "program.mlir:5:10: note: see current operation: \n"
    "\"func.func\"() <{function_type = () -> (), sym_name = "
    "\"f160_dispatch_0_reduction_128_bf16xbf16xf32\"}> ({\n"
    "// -----// IR Dump After LLVMGPUVectorDistributePass Failed: "
    "iree-llvmgpu-vector-distribute //----- //\n"
    "// -----// IR Dump After LLVMGPULowerExecutableTargetPass Failed: "
    "iree-llvmgpu-lower-executable-target{for-rocdl=true} //----- //\n";

FailureEvidence evidence(std::string verdict, std::string target,
                         std::string message, std::string log,
                         std::string program) {
  FailureEvidence e;
  e.verdict = std::move(verdict);
  e.target = std::move(target);
  e.message = std::move(message);
  e.compileLog = std::move(log);
  e.program = std::move(program);
  return e;
}

TEST(Signature, ArgCompareSizeMismatchIsOneBugAcrossDtypesAndTargets) {
  std::string f32 = bugSignature(evidence(
      "compile-error", "cuda:sm_80",
      "expected type to be 'tensor<1x?xf32>' or a rank-reduced version. "
      "(size mismatch)",
      argCompareLog("f32", false), argCompareProgram("f32")));
  std::string i8 = bugSignature(evidence(
      "compile-error", "cuda:sm_80",
      "expected type to be 'tensor<1x?xi8>' or a rank-reduced version. "
      "(size mismatch)",
      argCompareLog("i8", false), argCompareProgram("i8")));
  std::string hip = bugSignature(evidence(
      "compile-error", "hip:gfx942+static",
      "expected type to be 'tensor<1x?xf32>' or a rank-reduced version. "
      "(size mismatch)",
      argCompareLog("f32", true), argCompareProgram("f32")));
  EXPECT_EQ(f32, "compile-error|iree-codegen-gpu-apply-tiling-level|"
                 "iree_linalg_ext.arg_compare|expected type to be "
                 "'tensor<...xT>' or a rank-reduced version. (size mismatch)");
  EXPECT_EQ(i8, f32);
  EXPECT_EQ(hip, f32);
}

TEST(Signature, UnrelatedGpuErrorsStayApart) {
  std::string distribute = bugSignature(
      evidence("compile-error", "hip:gfx942",
               "'func.func' op failed to distribute", kDistributeLog,
               kDistributeProgram));
  EXPECT_EQ(distribute, "compile-error|iree-llvmgpu-vector-distribute|"
                        "linalg.generic|'func.func' op failed to distribute");
  std::string argCompare = bugSignature(evidence(
      "compile-error", "hip:gfx942",
      "expected type to be 'tensor<1x?xf32>' or a rank-reduced version. "
      "(size mismatch)",
      argCompareLog("f32", true), argCompareProgram("f32")));
  EXPECT_NE(distribute, argCompare);
}

TEST(Signature, WithoutPassTheBackendFamilyAndRootOpSign) {
  // A campaign's compile.log has no IR dumps: the family stands in for the
  // pass, so cuda and hip agree and llvm-cpu does not.
  std::string log = argCompareLog("f32", false);
  log = log.substr(0, log.find("// -----//"));
  std::string cuda = bugSignature(evidence(
      "compile-error", "cuda:sm_80", "x (size mismatch)", log,
      argCompareProgram("f32")));
  std::string hip = bugSignature(evidence(
      "compile-error", "hip:gfx942", "x (size mismatch)", log,
      argCompareProgram("f32")));
  std::string cpu = bugSignature(evidence(
      "compile-error", "llvm-cpu", "x (size mismatch)", log,
      argCompareProgram("f32")));
  EXPECT_EQ(cuda, "compile-error|gpu|iree_linalg_ext.arg_compare|x (size "
                  "mismatch)");
  EXPECT_EQ(hip, cuda);
  EXPECT_NE(cpu, cuda);
}

TEST(Signature, OutOfMemoryIsOneBugWhateverKilledIt) {
  // The rank-0 scatter of issue 18: LLVM's abort under the address-space
  // limit, the OOM killer's SIGKILL above it, on every target.
  const char *program =
      "func.func @f9(%u: tensor<f32>, %i: tensor<1xi32>, %o: tensor<4xf32>) "
      "-> tensor<4xf32> {\n"
      "  %0 = iree_linalg_ext.scatter dimension_map = [0] "
      "unique_indices(true) ins(%u, %i : tensor<f32>, tensor<1xi32>) "
      "outs(%o : tensor<4xf32>) {\n"
      "  ^bb0(%a: f32, %b: f32):\n"
      "    iree_linalg_ext.yield %a : f32\n"
      "  } -> tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  std::string llvmError = bugSignature(evidence(
      "compiler-oom", "llvm-cpu", "LLVM ERROR: out of memory",
      "LLVM ERROR: out of memory\nAllocation failed\nStack dump:\n", program));
  std::string killed = bugSignature(
      evidence("compiler-oom", "cuda:sm_80",
               "killed by SIGKILL (out of memory?)", "", program));
  std::string hip = bugSignature(evidence("compiler-oom", "hip:gfx942",
                                          "LLVM ERROR: out of memory", "",
                                          program));
  std::string capped = bugSignature(evidence(
      "compiler-oom", "vulkan:rdna3",
      "resident memory 8301 MiB past the limit of 8192 MiB", "", program));
  std::string thread = bugSignature(evidence(
      "compiler-oom", "llvm-cpu",
      "LLVM ERROR: pthread_create failed: Resource temporarily unavailable",
      "", program));
  EXPECT_EQ(llvmError,
            "compiler-oom|-|iree_linalg_ext.scatter|out of memory");
  EXPECT_EQ(killed, llvmError);
  EXPECT_EQ(hip, llvmError);
  EXPECT_EQ(capped, llvmError);
  EXPECT_EQ(thread, llvmError);
  // A crash that says it ran out of memory (a signature recorded before
  // compiler-oom existed) keeps its verdict.
  EXPECT_EQ(bugSignature(evidence("compiler-crash", "llvm-cpu",
                                  "LLVM ERROR: out of memory", "", program)),
            "compiler-crash|-|iree_linalg_ext.scatter|out of memory");
}

TEST(Signature, MismatchSignedByTheReducedOpSetNotTheDtype) {
  // The gather 3-cycle dimension_map of corpus/repros (i32), and the same
  // program in i8 and f64: one bug; the invariant reduction of
  // corpus/repros is another, on the same target.
  auto gather = [](const std::string &t) {
    return "// a comment: linalg.generic is not an op here\n"
           "func.func @main(%src: tensor<2x3x4x" + t +
           ">, %idx: tensor<5x3xi32>) -> tensor<5x" + t + "> {\n"
           "  %e = tensor.empty() : tensor<5x" + t + ">\n"
           "  %r = iree_linalg_ext.gather dimension_map = [1, 2, 0]\n"
           "      ins(%src, %idx : tensor<2x3x4x" + t +
           ">, tensor<5x3xi32>)\n"
           "      outs(%e : tensor<5x" + t + ">) -> tensor<5x" + t + ">\n"
           "  return %r : tensor<5x" + t + ">\n"
           "}\n";
  };
  const char *reduction =
      "func.func @main(%x: tensor<12xf32>) -> tensor<f32> {\n"
      "  %c3 = arith.constant 3.0 : f32\n"
      "  %e = tensor.empty() : tensor<f32>\n"
      "  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, "
      "affine_map<(i) -> ()>], iterator_types = [\"reduction\"]}\n"
      "      ins(%x : tensor<12xf32>) outs(%e : tensor<f32>) {\n"
      "    ^bb0(%in: f32, %out: f32):\n"
      "      %s = arith.addf %out, %c3 : f32\n"
      "      linalg.yield %s : f32\n"
      "  } -> tensor<f32>\n"
      "  return %r : tensor<f32>\n"
      "}\n";
  std::string i32 = bugSignature(
      evidence("mismatch", "llvm-cpu", "", "", gather("i32")));
  EXPECT_EQ(i32, "mismatch|cpu|iree_linalg_ext.gather");
  EXPECT_EQ(bugSignature(evidence("mismatch", "llvm-cpu+static", "", "",
                                  gather("f64"))),
            i32);
  std::string red =
      bugSignature(evidence("mismatch", "llvm-cpu", "", "", reduction));
  EXPECT_EQ(red, "mismatch|cpu|linalg.generic");
  // The same miscompile on a GPU is another code generator's bug.
  EXPECT_EQ(bugSignature(evidence("mismatch", "cuda:sm_80", "", "",
                                  gather("i32"))),
            "mismatch|gpu|iree_linalg_ext.gather");
}

TEST(Signature, LocalizedMismatchNamesTheDispatchKind) {
  // Dispatch programs as `difftest localize` writes them (the reduction of
  // tests/iree/localize/chain.mlir, an elementwise one): the iterator types
  // tell a reduction from an elementwise generic; dtypes do not count.
  auto rowSum = [](const std::string &t) {
    return "#map = affine_map<(d0, d1) -> (d0, d1)>\n"
           "#map1 = affine_map<(d0, d1) -> (d0)>\n"
           "module {\n"
           "  func.func @main(%arg0: tensor<8x8x" + t + ">) -> tensor<8x" + t +
           "> {\n"
           "    %0 = tensor.empty() : tensor<8x" + t + ">\n"
           "    %1 = linalg.fill ins(%cst : " + t + ") outs(%0 : tensor<8x" +
           t + ">) -> tensor<8x" + t + ">\n"
           "    %2 = linalg.generic {indexing_maps = [#map, #map1],\n"
           "        iterator_types = [\"parallel\", \"reduction\"]} ins(%arg0 "
           ": tensor<8x8x" + t + ">) outs(%1 : tensor<8x" + t + ">) {\n"
           "    ^bb0(%in: " + t + ", %out: " + t + "):\n"
           "      linalg.yield %in : " + t + "\n"
           "    } -> tensor<8x" + t + ">\n"
           "    return %2 : tensor<8x" + t + ">\n"
           "  }\n"
           "}\n";
  };
  const char *elementwise =
      "func.func @main(%arg0: tensor<64xf32>) -> tensor<64xf32> {\n"
      "  %0 = tensor.empty() : tensor<64xf32>\n"
      "  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = "
      "[\"parallel\"]} ins(%arg0 : tensor<64xf32>) outs(%0 : tensor<64xf32>) {\n"
      "  ^bb0(%in: f32, %out: f32):\n"
      "    linalg.yield %in : f32\n"
      "  } -> tensor<64xf32>\n"
      "  return %1 : tensor<64xf32>\n"
      "}\n";
  std::string f32 = localizedSignature("llvm-cpu", rowSum("f32"));
  EXPECT_EQ(f32, "mismatch|cpu|linalg.fill linalg.generic{reduction}");
  EXPECT_EQ(localizedSignature("llvm-cpu+static", rowSum("i8")), f32);
  EXPECT_EQ(localizedSignature("llvm-cpu", elementwise),
            "mismatch|cpu|linalg.generic{parallel}");
  EXPECT_EQ(localizedSignature("vmvx", elementwise),
            "mismatch|vmvx|linalg.generic{parallel}");
  // Ops without iterator types keep their names; a generic whose iterator
  // types cannot be found stays untagged.
  EXPECT_EQ(dispatchOps("func.func @main() {\n  %0 = linalg.matmul ins() "
                        "outs()\n  %1 = linalg.generic #trait ins()\n"
                        "  return\n}\n"),
            (std::vector<std::string>{"linalg.generic", "linalg.matmul"}));
  // known-issues.toml's op-set entries still match as substrings.
  EXPECT_TRUE(llvm::StringRef(f32).contains("mismatch|cpu|linalg.fill linalg.generic"));
}

TEST(Signature, LocalizeReport) {
  LocalizeOutcome g = parseLocalizeReport(
      R"({"summary": "dispatch 2 of 8 is wrong", "guilty": 2, "bundle": "/b",
          "standalone": "mismatch", "output_wrong": true, "dispatches": [
          {"ordinal": 1, "name": "d1", "root": "linalg.matmul"},
          {"ordinal": 2, "name": "main_dispatch_2_reduction_8x8_f32",
           "root": "linalg.generic"}]})");
  EXPECT_EQ(g.kind, LocalizeOutcome::Guilty);
  EXPECT_EQ(g.guilty, 2);
  EXPECT_EQ(g.name, "main_dispatch_2_reduction_8x8_f32");
  EXPECT_EQ(g.root, "linalg.generic");
  EXPECT_EQ(g.bundle, "/b");
  EXPECT_EQ(g.standalone, "mismatch");
  EXPECT_EQ(parseLocalizeReport(R"({"summary": "no dispatch is wrong",
                                    "guilty": -1, "output_wrong": false})")
                .kind,
            LocalizeOutcome::NoneWrong);
  EXPECT_EQ(parseLocalizeReport(R"({"summary": "s", "guilty": -1,
                                    "output_wrong": true})")
                .kind,
            LocalizeOutcome::Unexplained);
  EXPECT_EQ(parseLocalizeReport("{").kind, LocalizeOutcome::Unreadable);
  EXPECT_EQ(parseLocalizeReport("[]").kind, LocalizeOutcome::Unreadable);
}

TEST(Signature, ProgramOpsSkipPlumbingAndBodies) {
  const char *p = "module {\n"
                  "  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                  "    %c = arith.constant 1.0 : f32\n"
                  "    %0 = scf.for %i = %c0 to %c4 step %c1 iter_args(%x = "
                  "%a) -> tensor<4xf32> {\n"
                  "      %y = linalg.fill ins(%c : f32) outs(%x : "
                  "tensor<4xf32>) -> tensor<4xf32>\n"
                  "      %z = arith.addf %c, %c : f32\n"
                  "      scf.yield %y : tensor<4xf32>\n"
                  "    }\n"
                  "    %1 = arith.negf %0 : tensor<4xf32>\n"
                  "    %2 = \"tensor.extract_slice\"(%1) : (tensor<4xf32>) -> "
                  "tensor<2xf32>\n"
                  "    return %1 : tensor<4xf32>\n"
                  "  }\n"
                  "}\n";
  std::vector<std::string> ops = programOps(p);
  std::vector<std::string> want = {"arith.negf", "linalg.fill", "scf.for",
                                   "tensor.extract_slice"};
  EXPECT_EQ(ops, want);
}

TEST(Signature, Pieces) {
  EXPECT_EQ(backendFamily("llvm-cpu+static"), "cpu");
  EXPECT_EQ(backendFamily("hip:gfx942"), "gpu");
  EXPECT_EQ(backendFamily("vulkan:rdna3"), "spirv");
  EXPECT_EQ(backendFamily("vmvx"), "vmvx");
  EXPECT_EQ(failingPass("no dumps here"), "");
  EXPECT_EQ(dispatchRoot(kDistributeLog), "reduction");
  EXPECT_EQ(bugMessage("'tensor.insert_slice' op types i8 and i32, vector<4xbf16>, "
                       "sm_80 f8E4M3FN index"),
            "'tensor.insert_slice' op types T and T, vector<...xT>, sm_80 T "
            "index");
  // An error outside the program (another file) names no root op.
  EXPECT_EQ(rootOpAtError("other.mlir:2:10: error: x",
                          argCompareProgram("f32"), "program.mlir"),
            "");
  // iree#24735's three diagnostics for one dynamic-sized stack buffer.
  EXPECT_EQ(bugMessage("'memref.alloca' op expected no unbounded stack "
                       "allocations"),
            bugMessage("'func.func' op exceeded stack allocation limit of "
                       "32768 bytes for function. Got 72057594037927936 bytes"));
  EXPECT_EQ(bugMessage("'memref.alloca' op stack allocation size overflows "
                       "64 bits"),
            bugMessage("'memref.alloca' op expected no unbounded stack "
                       "allocations"));
  SignatureParts parts = splitSignature(
      "compile-error|gpu|iree_linalg_ext.arg_compare|a | b");
  EXPECT_EQ(parts.where, "gpu");
  EXPECT_EQ(parts.ops, "iree_linalg_ext.arg_compare");
  EXPECT_EQ(parts.message, "a | b");
  EXPECT_TRUE(opsSubsume("iree_linalg_ext.gather",
                         "iree_linalg_ext.gather linalg.generic"));
  EXPECT_FALSE(opsSubsume("iree_linalg_ext.gather linalg.fill",
                          "iree_linalg_ext.gather linalg.generic"));
  EXPECT_FALSE(opsSubsume("?", "linalg.generic"));
}

// Two reduced programs of one 3.13 vectorizer bug ('vector.multi_reduction'
// op reduction dimension out of range) whose error points at the body's
// combiner, arith.addi in one and arith.muli in the other: both are signed
// by the generic, not by the combiner.
TEST(Signature, BodyErrorNamesTheStructuredOp) {
  auto program = [](const std::string &combiner) {
    return std::string("#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>\n"
            "#map1 = affine_map<(d0, d1, d2) -> (d2)>\n"
            "module {\n"
            "  func.func @f(%arg0: tensor<2x1x3xi32>) -> tensor<3xi32> {\n"
            "    %0 = tensor.empty() : tensor<3xi32>\n"
            "    %1 = linalg.generic {indexing_maps = [#map, #map1], "
            "iterator_types = [\"reduction\", \"reduction\", \"parallel\"]} "
            "ins(%arg0 : tensor<2x1x3xi32>) outs(%0 : tensor<3xi32>) {\n"
            "    ^bb0(%in: i32, %out: i32):\n"
            "      %2 = ") + combiner + " %in, %out : i32\n"
            "      linalg.yield %2 : i32\n"
            "    } -> tensor<3xi32>\n"
            "    %3 = arith.addi %1, %1 : tensor<3xi32>\n"
            "    return %3 : tensor<3xi32>\n"
            "  }\n"
            "}\n";
  };
  const char *err = "/tmp/x/program.mlir:8:12: error: 'vector.multi_reduction'"
                    " op reduction dimension out of range: 1";
  EXPECT_EQ(rootOpAtError(err, program("arith.addi"), "program.mlir"),
            "linalg.generic");
  EXPECT_EQ(rootOpAtError(err, program("arith.muli"), "program.mlir"),
            "linalg.generic");
  // An elementwise op at the function's level stays itself.
  EXPECT_EQ(rootOpAtError("/tmp/x/program.mlir:11:10: error: x",
                          program("arith.addi"), "program.mlir"),
            "arith.addi");
}

// The 3.13 rank-0 scatter OOM: two bundles too slow to reduce (their
// programs hold the scatter among other ops) fold into the one-op witness;
// another message or verdict does not.
TEST(Signature, UnreducedFoldsIntoItsWitness) {
  std::vector<std::string> witnesses = {
      "compiler-crash|-|iree_linalg_ext.scatter|out of memory",
      "compiler-crash|-|iree_linalg_ext.scatter linalg.fill|out of memory",
      "compiler-crash|-|iree_linalg_ext.sort|out of memory",
      "mismatch|cpu|iree_linalg_ext.scatter"};
  EXPECT_EQ(subsumingSignature("compiler-crash|-|iree_linalg_ext.scan "
                               "iree_linalg_ext.scatter linalg.fill "
                               "tensor.insert_slice|out of memory",
                               witnesses),
            "compiler-crash|-|iree_linalg_ext.scatter|out of memory");
  EXPECT_EQ(subsumingSignature("compiler-crash|-|linalg.fill "
                               "linalg.generic|out of memory",
                               witnesses),
            "");
  EXPECT_EQ(subsumingSignature("mismatch|gpu|iree_linalg_ext.scatter "
                               "linalg.generic",
                               witnesses),
            "");
  EXPECT_EQ(subsumingSignature("compiler-crash|-|iree_linalg_ext.scatter "
                               "linalg.generic|LLVM ERROR: other",
                               witnesses),
            "");
}

TEST(KnownIssues, ParsesAndMatches) {
  auto issues = parseKnownIssues(
      "# the team's list\n"
      "[[issue]]\n"
      "match = \"mismatch|cpu|iree_linalg_ext.gather\"  # the 3-cycle\n"
      "url = 'https://github.com/iree-org/iree/issues/1'\n"
      "title = \"gather \\\"3-cycle\\\"\"\n"
      "\n"
      "[[issue]]\n"
      "match = \"out of memory\"\n"
      "verdict = \"compiler-crash\"\n",
      "k.toml");
  ASSERT_TRUE(bool(issues)) << llvm::toString(issues.takeError());
  ASSERT_EQ(issues->size(), 2u);
  EXPECT_EQ((*issues)[0].title, "gather \"3-cycle\"");
  EXPECT_EQ((*issues)[0].url, "https://github.com/iree-org/iree/issues/1");
  const KnownIssue *k = findKnownIssue(
      *issues, "mismatch|cpu|iree_linalg_ext.gather", "", "mismatch");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->line, 2u);
  EXPECT_EQ(findKnownIssue(*issues, "compile-error|-|x|out of memory", "",
                           "compile-error"),
            nullptr);
  EXPECT_NE(findKnownIssue(*issues, "compiler-crash|-|x|out of memory", "",
                           "compiler-crash"),
            nullptr);
}

TEST(KnownIssues, Globs) {
  EXPECT_TRUE(globContains("compiler-crash|-|iree_linalg_ext.scatter "
                           "linalg.generic|out of memory",
                           "compiler-crash|-|*iree_linalg_ext.scatter*|out of "
                           "memory"));
  EXPECT_FALSE(globContains("compiler-crash|-|linalg.generic|out of memory",
                            "compiler-crash|-|*iree_linalg_ext.scatter*|out "
                            "of memory"));
  EXPECT_TRUE(globContains("abc", "b"));
  EXPECT_FALSE(globContains("abc", "c*a"));
  // A final '$' ties the pattern to the end: a reduced signature's op set,
  // not an unreduced one that merely starts with the same op.
  EXPECT_TRUE(globContains("mismatch|cpu|iree_linalg_ext.scatter",
                           "mismatch|cpu|iree_linalg_ext.scatter$"));
  EXPECT_FALSE(globContains("mismatch|cpu|iree_linalg_ext.scatter "
                            "linalg.batch_matmul linalg.fill linalg.generic",
                            "mismatch|cpu|iree_linalg_ext.scatter$"));
  EXPECT_TRUE(globContains("a|b|c", "a*c$"));
  EXPECT_FALSE(globContains("a|b|c|d", "a*c$"));
  EXPECT_FALSE(globContains("c", "c*c$"));
  EXPECT_TRUE(globContains("c|c", "c*c$"));
  EXPECT_TRUE(globContains("abc", "*$"));
}

TEST(KnownIssues, ErrorsNameTheLine) {
  auto check = [](const char *text, const char *want) {
    auto r = parseKnownIssues(text, "k.toml");
    ASSERT_FALSE(bool(r));
    EXPECT_EQ(llvm::toString(r.takeError()), want);
  };
  check("[[issue]]\nurl = \"x\"\n", "k.toml:1: [[issue]] without a 'match' key");
  check("[issues]\n", "k.toml:1: unknown table '[issues]' (expected [[issue]])");
  check("match = \"x\"\n", "k.toml:1: key 'match' before the first [[issue]]");
  check("[[issue]]\nmatch = \"x\n",
        "k.toml:2: unterminated string");
  check("[[issue]]\nmatch = \"x\"\nfoo = \"y\"\n",
        "k.toml:3: unknown key 'foo' (expected match, verdict, url, title, "
        "note)");
  check("[[issue]]\nmatch = 3\n",
        "k.toml:2: expected a string (\"...\" or '...')");
}

} // namespace

// A failure that needs an extra flag is signed apart from the same message
// met without it, and the flag is named at the end.
TEST(BugSignature, NeededFlagsAreNamed) {
  FailureEvidence e;
  e.verdict = "mismatch";
  e.target = "llvm-cpu";
  e.program = "%0 = iree_linalg_ext.topk dimension(0) ins(%a : tensor<8xf32>)";
  std::string plain = bugSignature(e);
  e.needsFlags = {"--iree-dispatch-creation-topk-split-reduction=2"};
  std::string needs = bugSignature(e);
  EXPECT_NE(plain, needs);
  EXPECT_EQ(needs,
            plain + "|needs --iree-dispatch-creation-topk-split-reduction=2");
  SignatureParts p = splitSignature(needs);
  EXPECT_EQ(p.verdict, "mismatch");
  EXPECT_EQ(p.where, "cpu");
  EXPECT_EQ(p.message, "needs --iree-dispatch-creation-topk-split-reduction=2");
}
