//===- FileCheckTest.cpp - FileCheck subset and RUN-line plans ------------===//
//
// The expected outcomes follow FileCheck's documentation (each case says
// which rule it exercises); the property tests check that a check built from
// a line of the output always matches and that a check no output line can
// match always fails.
//
//===----------------------------------------------------------------------===//

#include "interp/support/FileCheck.h"
#include "interp/support/RunLines.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

using namespace ref;

namespace {

bool passes(const std::string &checks, const std::string &output,
            std::vector<std::string> prefixes = {"CHECK"}) {
  return runFileCheck(checks, "t.mlir", output, prefixes).ok;
}

const char *kOutput = "EXEC @fill\n"
                      "result[0]: hal.buffer_view\n"
                      "2x3xi64=[-1 -1 -1][-1 -1 -1]\n"
                      "result[1]: hal.buffer_view\n"
                      "f32=3\n";

TEST(FileCheck, PlainChecksMatchInOrder) {
  EXPECT_TRUE(passes("// CHECK: EXEC @fill\n// CHECK: f32=3\n", kOutput));
  // Substrings match anywhere on a line.
  EXPECT_TRUE(passes("// CHECK: [-1 -1 -1][-1\n", kOutput));
  // Order matters: f32=3 is after the tensor.
  EXPECT_FALSE(passes("// CHECK: f32=3\n// CHECK: 2x3xi64\n", kOutput));
  // A missing string fails and names the check's line.
  FileCheckResult r =
      runFileCheck("\n// CHECK: 2x3xi64=[-1 -1 2]\n", "t.mlir", kOutput);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.message.find("t.mlir:2: error: CHECK: expected string not "
                           "found in input"),
            std::string::npos)
      << r.message;
}

TEST(FileCheck, NextAndSameConstrainTheLine) {
  EXPECT_TRUE(passes("// CHECK: EXEC @fill\n"
                     "// CHECK-NEXT: result[0]: hal.buffer_view\n"
                     "// CHECK-NEXT: 2x3xi64\n"
                     "// CHECK-SAME: =[-1 -1 -1]\n",
                     kOutput));
  // result[1] is two lines after EXEC.
  EXPECT_FALSE(passes("// CHECK: 2x3xi64\n// CHECK-NEXT: f32=3\n", kOutput));
  // Same line as the previous match, which ended after "2x3xi64".
  EXPECT_FALSE(passes("// CHECK: 2x3xi64\n// CHECK-SAME: f32\n", kOutput));
  // A NEXT match on the same line is an error too.
  EXPECT_FALSE(passes("// CHECK: 2x3xi64\n// CHECK-NEXT: [-1\n", kOutput));
  // CHECK-NEXT without a previous match.
  EXPECT_FALSE(passes("// CHECK-NEXT: EXEC\n", kOutput));
}

TEST(FileCheck, NotLooksBetweenMatches) {
  EXPECT_TRUE(passes("// CHECK: EXEC\n// CHECK-NOT: f32\n// CHECK: 2x3xi64\n",
                     kOutput));
  EXPECT_FALSE(passes("// CHECK: EXEC\n// CHECK-NOT: hal\n// CHECK: 2x3xi64\n",
                      kOutput));
  // A trailing NOT looks to the end.
  EXPECT_FALSE(passes("// CHECK: EXEC\n// CHECK-NOT: f32=3\n", kOutput));
  EXPECT_TRUE(passes("// CHECK: f32=3\n// CHECK-NOT: hal\n", kOutput));
}

TEST(FileCheck, LabelsCutBlocks) {
  const char *out = "EXEC @a\nx=1\nEXEC @b\nx=2\n";
  EXPECT_TRUE(passes("// CHECK-LABEL: EXEC @a\n// CHECK: x=1\n"
                     "// CHECK-LABEL: EXEC @b\n// CHECK: x=2\n",
                     out));
  // x=2 exists, but not in @a's block.
  EXPECT_FALSE(passes("// CHECK-LABEL: EXEC @a\n// CHECK: x=2\n"
                      "// CHECK-LABEL: EXEC @b\n",
                      out));
  // The first check after a label continues from the label's match.
  EXPECT_TRUE(passes("// CHECK-LABEL: EXEC @b\n// CHECK-NEXT: x=2\n", out));
}

TEST(FileCheck, RegexesAndVariables) {
  EXPECT_TRUE(passes("// CHECK: {{[0-9]+}}x{{[0-9]+}}xi64=\n", kOutput));
  EXPECT_TRUE(passes("// CHECK: EXEC @[[NAME:[a-z]+]]\n"
                     "// CHECK: result[1]\n// CHECK: {{.*}}=3\n",
                     kOutput));
  // A variable's text is matched literally later.
  const char *out = "define @fn_7(\ncall @fn_7\ncall @fn_8\n";
  EXPECT_TRUE(passes("// CHECK: define @[[F:fn_[0-9]+]](\n"
                     "// CHECK: call @[[F]]\n",
                     out));
  EXPECT_FALSE(passes("// CHECK: define @[[F:fn_[0-9]+]](\n"
                      "// CHECK: call @[[F]]\n// CHECK: call @[[F]]\n",
                      out));
  // Regex metacharacters outside {{}} are literal: '.' is not "any".
  EXPECT_FALSE(passes("// CHECK: f32.3\n", kOutput));
  // Unsupported forms are errors, not silent passes.
  EXPECT_FALSE(passes("// CHECK: [[#N]]\n", kOutput));
  EXPECT_FALSE(passes("// CHECK: [[UNDEFINED]]\n", kOutput));
}

TEST(FileCheck, WhitespaceAndPrefixes) {
  // Runs of spaces compare as one; leading/trailing blanks are ignored.
  EXPECT_TRUE(passes("// CHECK:     2x3xi64=[-1    -1 -1]   \n", kOutput));
  // Only the given prefixes count; no directive at all is an error.
  EXPECT_TRUE(
      passes("// CHECK: nothing like this\n// FOO: EXEC\n", kOutput, {"FOO"}));
  EXPECT_FALSE(passes("// CHECK: EXEC\n", kOutput, {"FOO"}));
  // A prefix inside a longer word is not a directive: XCHECK is no CHECK.
  EXPECT_FALSE(passes("// XCHECK: EXEC\n", kOutput));
  EXPECT_TRUE(passes("// CHECK-A: EXEC\n// CHECK-B: f32=3\n", kOutput,
                     {"CHECK-A", "CHECK-B"}));
}

TEST(FileCheck, DagMatchesInAnyOrder) {
  EXPECT_TRUE(
      passes("// CHECK-DAG: f32=3\n// CHECK-DAG: EXEC @fill\n", kOutput));
  // Two DAG patterns cannot share one match.
  EXPECT_FALSE(passes("// CHECK-DAG: f32=3\n// CHECK-DAG: f32=3\n", kOutput));
}

// A check made of a whole line of the output (regex characters and all)
// always matches: patterns are literal outside {{ }} and [[ ]].
RC_GTEST_PROP(FileCheckProp, ALineOfTheOutputMatches,
              (std::vector<std::string> lines)) {
  RC_PRE(!lines.empty());
  std::string out;
  for (std::string &l : lines) {
    std::string clean;
    for (char c : l)
      if (c >= 0x21 && c <= 0x7e && c != '[' && c != '{')
        clean.push_back(c);
    l = clean.empty() ? "x" : clean;
    out += l + "\n";
  }
  size_t k = *rc::gen::inRange<size_t>(0, lines.size());
  RC_ASSERT(passes("// CHECK: " + lines[k] + "\n", out));
}

// A check containing a character that occurs nowhere in the output never
// matches.
RC_GTEST_PROP(FileCheckProp, AnAbsentCharacterFails,
              (std::vector<std::string> lines)) {
  std::string out;
  for (const std::string &l : lines) {
    for (char c : l)
      if (c >= 'a' && c <= 'y')
        out.push_back(c);
    out.push_back('\n');
  }
  std::string pattern = out.substr(0, out.find('\n')) + "z";
  RC_ASSERT(!passes("// CHECK: " + pattern + "\n", out));
}

TEST(RunLines, ContinuationsJoin) {
  std::vector<RunLine> rl = extractRunLines(
      "// RUN: iree-run-mlir \\\n// RUN:   --input=1 %s | \\\n"
      "// RUN:   FileCheck %s\nfunc.func @f()\n// RUN: iree-opt %s\n");
  ASSERT_EQ(rl.size(), 2u);
  EXPECT_EQ(rl[0].line, 1u);
  EXPECT_EQ(rl[0].command, "iree-run-mlir --input=1 %s | FileCheck %s");
  EXPECT_EQ(rl[1].line, 5u);
}

TEST(RunLines, PlansRuns) {
  RunPlan p = planRunLine(
      "iree-run-mlir --Xcompiler,iree-hal-target-device=local %s "
      "--function=f --input=2x3xi64 --input=\"4xf32=1 2 3 4\" | FileCheck %s "
      "--check-prefix=CHECK-INC");
  ASSERT_EQ(p.kind, RunPlan::Run) << p.reason;
  EXPECT_EQ(p.function, std::optional<std::string>("f"));
  ASSERT_EQ(p.inputs.size(), 2u);
  EXPECT_EQ(p.inputs[1], "4xf32=1 2 3 4");
  EXPECT_TRUE(p.fileCheck);
  EXPECT_EQ(p.prefixes, std::vector<std::string>{"CHECK-INC"});

  // iree-opt feeding iree-run-mlir through stdin, no FileCheck.
  p = planRunLine("iree-opt --pass-pipeline=\"builtin.module(x)\" %s | "
                  "iree-run-mlir --input=\"1\" -");
  ASSERT_EQ(p.kind, RunPlan::Run) << p.reason;
  EXPECT_FALSE(p.function);
  EXPECT_EQ(p.inputs, std::vector<std::string>{"1"});
  EXPECT_FALSE(p.fileCheck);

  // iree-compile | iree-run-module --module=-.
  p = planRunLine("iree-compile %s -o - | iree-run-module --module=- "
                  "--function=g 2>&1 | FileCheck %s");
  ASSERT_EQ(p.kind, RunPlan::Run) << p.reason;
  EXPECT_TRUE(p.stderrToo);
}

TEST(RunLines, SkipsWhatItCannotJudge) {
  EXPECT_EQ(planRunLine("iree-opt %s | FileCheck %s").kind, RunPlan::Skip);
  EXPECT_EQ(
      planRunLine("iree-compile --compile-to=stream %s | FileCheck %s").kind,
      RunPlan::Skip);
  EXPECT_EQ(planRunLine("iree-run-mlir --Xcompiler,iree-flow-trace-dispatch-"
                        "tensors %s 2>&1 | FileCheck %s")
                .kind,
            RunPlan::Skip);
  EXPECT_EQ(planRunLine("iree-run-module --module=%t.vmfb | FileCheck %s").kind,
            RunPlan::Skip);
  EXPECT_EQ(planRunLine("rm -f %t").kind, RunPlan::Skip);
  EXPECT_EQ(
      planRunLine("iree-run-mlir %s | FileCheck %s --strict-whitespace").kind,
      RunPlan::Skip);
  EXPECT_TRUE(runsIreeTool("iree-opt %s | FileCheck %s"));
  EXPECT_FALSE(runsIreeTool("%ref-run --check %s | FileCheck %s"));
  EXPECT_FALSE(runsIreeTool("echo iree-run-mlir"));
}

} // namespace
