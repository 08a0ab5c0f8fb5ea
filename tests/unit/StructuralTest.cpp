//===- StructuralTest.cpp - A consumer added to a queue entry -------------===//
//
// The expected programs are written out by hand from the rule in
// difftest/Structural.h; the guided_campaign test runs such mutants through
// the interpreter (which verifies them).
//
//===----------------------------------------------------------------------===//

#include "difftest/Structural.h"

#include <gtest/gtest.h>

using namespace ref::difftest;

namespace {

const char *kProgram =
    "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>) -> "
    "(tensor<2x3xf32>, tensor<?xi8>) {\n"
    "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
    "  return %v0, %arg1 : tensor<2x3xf32>, tensor<?xi8>\n"
    "}\n";

TEST(Structural, FloatConsumerTransposed) {
  // seed 256: result 0 (256 % 2), bit 8 set: transposed.
  auto m = addConsumer(kProgram, 256);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what, "elementwise consumer (negf, transposed) of result 0");
  EXPECT_EQ(m->program,
            "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>) -> "
            "(tensor<3x2xf32>, tensor<?xi8>) {\n"
            "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
            "  %gm_e = tensor.empty() : tensor<3x2xf32>\n"
            "  %gm_r = linalg.generic {indexing_maps = [affine_map<(d0, d1) "
            "-> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types "
            "= [\"parallel\", \"parallel\"]} ins(%v0 : tensor<2x3xf32>) "
            "outs(%gm_e : tensor<3x2xf32>) {\n"
            "  ^bb0(%gm_in: f32, %gm_out: f32):\n"
            "    %gm_n = arith.negf %gm_in : f32\n"
            "    linalg.yield %gm_n : f32\n"
            "  } -> tensor<3x2xf32>\n"
            "  return %gm_r, %arg1 : tensor<3x2xf32>, tensor<?xi8>\n"
            "}\n");
}

TEST(Structural, DynamicIntegerConsumer) {
  // seed 1: result 1, a 1-D i8 with a dynamic extent: 0 - x, sized by
  // tensor.dim.
  auto m = addConsumer(kProgram, 1);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what, "elementwise consumer (0 - x) of result 1");
  EXPECT_NE(m->program.find(
                "  %gm_c0 = arith.constant 0 : index\n"
                "  %gm_d0 = tensor.dim %arg1, %gm_c0 : tensor<?xi8>\n"
                "  %gm_e = tensor.empty(%gm_d0) : tensor<?xi8>\n"),
            std::string::npos)
      << m->program;
  EXPECT_NE(m->program.find("    %gm_z = arith.constant 0 : i8\n"
                            "    %gm_n = arith.subi %gm_z, %gm_in : i8\n"),
            std::string::npos);
  EXPECT_NE(m->program.find("  return %v0, %gm_r : tensor<2x3xf32>, "
                            "tensor<?xi8>\n"),
            std::string::npos);
  // The header keeps its types (no transpose).
  EXPECT_EQ(m->program.substr(0, m->program.find('\n')),
            std::string(kProgram).substr(0, std::string(kProgram).find('\n')));
}

TEST(Structural, FreshNamesAndUnsupportedTypes) {
  // A mutant of a mutant takes %gm1_.
  auto once = addConsumer(kProgram, 0);
  ASSERT_TRUE(once.has_value());
  auto twice = addConsumer(once->program, 0);
  ASSERT_TRUE(twice.has_value());
  EXPECT_NE(twice->program.find("%gm1_r = linalg.generic"), std::string::npos);
  // A single result of a complex element type: nothing to do.
  EXPECT_FALSE(addConsumer("func.func @f(%a: tensor<4xcomplex<f32>>) -> "
                           "tensor<4xcomplex<f32>> {\n"
                           "  return %a : tensor<4xcomplex<f32>>\n}\n",
                           0)
                   .has_value());
  // An unparenthesized single result is rewritten in place.
  auto one = addConsumer("func.func @f(%a: tensor<f16>) -> tensor<f16> {\n"
                         "  return %a : tensor<f16>\n}\n",
                         0);
  ASSERT_TRUE(one.has_value());
  EXPECT_NE(one->program.find("affine_map<() -> ()>"), std::string::npos);
  EXPECT_NE(one->program.find("  return %gm_r : tensor<f16>\n"),
            std::string::npos);
}

} // namespace
