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

TEST(Structural, ReductionInnermostFloat) {
  // seed 0: result 0 (2x3xf32), bit 8 clear: the innermost dimension.
  auto m = addReduction(kProgram, 0);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what,
            "reduction consumer (maximumf over dimension 1) of result 0");
  EXPECT_EQ(m->program,
            "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>) -> "
            "(tensor<2xf32>, tensor<?xi8>) {\n"
            "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
            "  %gm_z = arith.constant 0.0 : f32\n"
            "  %gm_e = tensor.empty() : tensor<2xf32>\n"
            "  %gm_f = linalg.fill ins(%gm_z : f32) outs(%gm_e : "
            "tensor<2xf32>) -> tensor<2xf32>\n"
            "  %gm_r = linalg.generic {indexing_maps = [affine_map<(d0, d1) "
            "-> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = "
            "[\"parallel\", \"reduction\"]} ins(%v0 : tensor<2x3xf32>) "
            "outs(%gm_f : tensor<2xf32>) {\n"
            "  ^bb0(%gm_in: f32, %gm_out: f32):\n"
            "    %gm_n = arith.maximumf %gm_in, %gm_out : f32\n"
            "    linalg.yield %gm_n : f32\n"
            "  } -> tensor<2xf32>\n"
            "  return %gm_r, %arg1 : tensor<2xf32>, tensor<?xi8>\n"
            "}\n");
}

TEST(Structural, ReductionOuterAndToRankZero) {
  // seed 1280: result 0 (1280 % 2), bit 8 set, the bits above it
  // (1280 >> 9 = 2) pick dimension 2 % 2 = 0.
  auto outer = addReduction(kProgram, 256 + 1024);
  ASSERT_TRUE(outer.has_value());
  EXPECT_EQ(outer->what,
            "reduction consumer (maximumf over dimension 0) of result 0");
  EXPECT_NE(outer->program.find("affine_map<(d0, d1) -> (d1)>"),
            std::string::npos);
  EXPECT_NE(outer->program.find("[\"reduction\", \"parallel\"]"),
            std::string::npos);
  EXPECT_NE(outer->program.find("-> (tensor<3xf32>, tensor<?xi8>)"),
            std::string::npos);
  // The dynamic 1-D i8: an integer sum into a rank-0 tensor.
  auto sum = addReduction(kProgram, 1);
  ASSERT_TRUE(sum.has_value());
  EXPECT_EQ(sum->what,
            "reduction consumer (addi over dimension 0) of result 1");
  EXPECT_NE(sum->program.find("  %gm_z = arith.constant 0 : i8\n"
                              "  %gm_e = tensor.empty() : tensor<i8>\n"),
            std::string::npos)
      << sum->program;
  EXPECT_NE(sum->program.find("affine_map<(d0) -> ()>"), std::string::npos);
  EXPECT_NE(sum->program.find("    %gm_n = arith.addi %gm_in, %gm_out : i8\n"),
            std::string::npos);
  // Rank 0 and i1 results: nothing to reduce.
  EXPECT_FALSE(addReduction("func.func @f(%a: tensor<f16>, %b: tensor<4xi1>) "
                            "-> (tensor<f16>, tensor<4xi1>) {\n"
                            "  return %a, %b : tensor<f16>, tensor<4xi1>\n}\n",
                            0)
                   .has_value());
}

TEST(Structural, ProducerRenamesUsesOnly) {
  // seed 0: argument 0, bit 8 clear: identity map. %arg0's uses become the
  // producer's result; %arg1 and names that merely start with %arg0 do not.
  const char *program =
      "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>, "
      "%arg01: tensor<4xf32>) -> (tensor<2x3xf32>, tensor<?xi8>, "
      "tensor<4xf32>) {\n"
      "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
      "  return %v0, %arg1, %arg01 : tensor<2x3xf32>, tensor<?xi8>, "
      "tensor<4xf32>\n"
      "}\n"
      "func.func @other(%arg0: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  return %arg0 : tensor<2xf32>\n"
      "}\n";
  auto m = addProducer(program, 0);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what, "elementwise producer (negf) of argument 0");
  EXPECT_EQ(m->program,
            "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>, "
            "%arg01: tensor<4xf32>) -> (tensor<2x3xf32>, tensor<?xi8>, "
            "tensor<4xf32>) {\n"
            "  %gm_e = tensor.empty() : tensor<2x3xf32>\n"
            "  %gm_r = linalg.generic {indexing_maps = [affine_map<(d0, d1) "
            "-> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types "
            "= [\"parallel\", \"parallel\"]} ins(%arg0 : tensor<2x3xf32>) "
            "outs(%gm_e : tensor<2x3xf32>) {\n"
            "  ^bb0(%gm_in: f32, %gm_out: f32):\n"
            "    %gm_n = arith.negf %gm_in : f32\n"
            "    linalg.yield %gm_n : f32\n"
            "  } -> tensor<2x3xf32>\n"
            "  %v0 = arith.addf %gm_r, %gm_r : tensor<2x3xf32>\n"
            "  return %v0, %arg1, %arg01 : tensor<2x3xf32>, tensor<?xi8>, "
            "tensor<4xf32>\n"
            "}\n"
            "func.func @other(%arg0: tensor<2xf32>) -> tensor<2xf32> {\n"
            "  return %arg0 : tensor<2xf32>\n"
            "}\n");
}

TEST(Structural, ProducerTransposedArgument) {
  // seed 256: argument 0 comes in as 3x2 and is transposed back.
  auto m = addProducer(kProgram, 256);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what, "elementwise producer (negf, transposed) of argument 0");
  EXPECT_EQ(m->program.substr(0, m->program.find('\n')),
            "func.func @f7(%arg0: tensor<3x2xf32>, %arg1: tensor<?xi8>) -> "
            "(tensor<2x3xf32>, tensor<?xi8>) {");
  EXPECT_NE(m->program.find("ins(%arg0 : tensor<3x2xf32>) outs(%gm_e : "
                            "tensor<2x3xf32>)"),
            std::string::npos);
  EXPECT_NE(m->program.find("affine_map<(d0, d1) -> (d1, d0)>"),
            std::string::npos);
  // An argument the body never uses gets no producer: seed 1 picks %arg1,
  // used by the return, so it is taken (dynamic: sized by tensor.dim).
  auto dyn = addProducer(kProgram, 1);
  ASSERT_TRUE(dyn.has_value());
  EXPECT_NE(dyn->program.find("tensor.dim %arg1, %gm_c0 : tensor<?xi8>"),
            std::string::npos);
  EXPECT_NE(dyn->program.find("return %v0, %gm_r :"), std::string::npos);
  EXPECT_FALSE(addProducer("func.func @f(%a: tensor<4xf32>) -> tensor<f32> {\n"
                           "  %c = arith.constant dense<1.0> : tensor<f32>\n"
                           "  return %c : tensor<f32>\n}\n",
                           0)
                   .has_value());
}

} // namespace
