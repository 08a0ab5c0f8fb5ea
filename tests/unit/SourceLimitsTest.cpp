//===- SourceLimitsTest.cpp - Nesting check before parsing ----------------===//

#include "interp/support/SourceLimits.h"

#include <gtest/gtest.h>

#include <string>

using ref::findExcessiveNesting;

TEST(SourceLimits, RealProgramsPass) {
  EXPECT_FALSE(findExcessiveNesting(
      "func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
      "  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, "
      "d1)>]} outs(%a : tensor<2x3xf32>) {\n"
      "  ^bb0(%x: f32):\n    linalg.yield %x : f32\n  } -> tensor<2x3xf32>\n"
      "  return %0 : tensor<2x3xf32>\n}\n"));
}

TEST(SourceLimits, DeepBracketsAreFoundWhereTheyCross) {
  std::string deep = "x = dense<" + std::string(1000, '[');
  std::optional<size_t> at = findExcessiveNesting(deep, 256);
  ASSERT_TRUE(at);
  // '<' is level 1, so the 256th '[' is level 257.
  EXPECT_EQ(*at, std::string("x = dense<").size() + 255);
  EXPECT_FALSE(findExcessiveNesting(std::string(256, '{'), 256));
  EXPECT_TRUE(findExcessiveNesting(std::string(257, '{'), 256));
}

TEST(SourceLimits, KindsAddUpAndStrayClosersDoNotHide) {
  // Alternating kinds nest as deep as one kind.
  std::string mixed;
  for (int i = 0; i < 100; ++i)
    mixed += "([{<";
  EXPECT_TRUE(findExcessiveNesting(mixed, 256));
  // Closers of another kind (or '>' of '->') do not lower the depth.
  std::string sneaky;
  for (int i = 0; i < 300; ++i)
    sneaky += "[)>}";
  EXPECT_TRUE(findExcessiveNesting(sneaky, 256));
  std::string arrows;
  for (int i = 0; i < 300; ++i)
    arrows += "<->";
  EXPECT_TRUE(findExcessiveNesting(arrows, 256));
}

TEST(SourceLimits, StringsAndCommentsAreSkipped) {
  std::string s = "a = \"" + std::string(1000, '[') + "\\\"\" // " +
                  std::string(1000, '{') + "\nb";
  EXPECT_FALSE(findExcessiveNesting(s, 256));
  // An unterminated string or a trailing backslash ends the scan safely.
  EXPECT_FALSE(findExcessiveNesting("\"abc\\", 256));
  EXPECT_FALSE(findExcessiveNesting("//", 256));
}

// MLIR 22's linalg.broadcast/transpose/reduce parsers crash on a malformed
// `dimensions = [...]`/`permutation = [...]` (found by ref-fuzz-mlir).
TEST(SourceLimits, LinalgDimsListsThatCrashMlirAreFound) {
  using ref::findUnparsableLinalgDims;
  std::string head = "%b = linalg.broadcast ins(%v : tensor<3xi64>) outs(%e : "
                     "tensor<2x3x4xi64>) dimensions = ";
  for (const char *good :
       {"[0, 2]", "[ 0 , 2 ]", "[]", "[-1]", "[0x1]", "[true]",
        "[9223372036854775807]", "[-9223372036854775808]", "[0,\n // c\n 2]"})
    EXPECT_FALSE(findUnparsableLinalgDims(head + good)) << good;
  for (const char *bad :
       {"x", "", "[0, x]", "[0,]", "[0 2]", "[+1]", "[1.5]",
        "[99999999999999999999]", "[9223372036854775808]", "\x1b[0, 2]",
        "[0, 2"}) {
    std::optional<size_t> at = findUnparsableLinalgDims(head + bad);
    ASSERT_TRUE(at) << bad;
    EXPECT_EQ(*at, head.size()) << bad;
  }
  EXPECT_TRUE(findUnparsableLinalgDims(
      "linalg.transpose ins(%x : t) outs(%y : t) permutation = [0, x]"));
  EXPECT_TRUE(findUnparsableLinalgDims(
      "linalg.reduce ins(%x : t) outs(%y : t) dimensions = x"));
}

TEST(SourceLimits, OtherUsesOfTheWordsAreLeftToTheParser) {
  using ref::findUnparsableLinalgDims;
  // Attribute dictionaries, generic syntax, comments, strings, names.
  EXPECT_FALSE(findUnparsableLinalgDims("foo.op {dimensions = 5}"));
  EXPECT_FALSE(findUnparsableLinalgDims(
      "\"linalg.broadcast\"(%a, %b) <{dimensions = array<i64: 0>}>"));
  EXPECT_FALSE(findUnparsableLinalgDims("// f(x) dimensions = oops\n"));
  EXPECT_FALSE(findUnparsableLinalgDims("s = \"f(x) dimensions = oops\""));
  EXPECT_FALSE(findUnparsableLinalgDims("f(x) my.dimensions = 3"));
  EXPECT_FALSE(findUnparsableLinalgDims("f(x) dimensions"));
}
