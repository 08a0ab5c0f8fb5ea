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

TEST(Structural, BroadcastNewDimension) {
  // seed 0x2100: result 0 (even), position (0x2100 >> 8) % 3 = 33 % 3 = 0,
  // extent 2 + (0x2100 >> 12) % 3 = 2 + 2 = 4: a 4x2x3 result whose input
  // map drops d0.
  auto m = addBroadcast(kProgram, 0x2100);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what,
            "broadcast consumer (negf, new dimension 0 of 4) of result 0");
  EXPECT_EQ(m->program,
            "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>) -> "
            "(tensor<4x2x3xf32>, tensor<?xi8>) {\n"
            "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
            "  %gm_e = tensor.empty() : tensor<4x2x3xf32>\n"
            "  %gm_r = linalg.generic {indexing_maps = [affine_map<(d0, d1, "
            "d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], "
            "iterator_types = [\"parallel\", \"parallel\", \"parallel\"]} "
            "ins(%v0 : tensor<2x3xf32>) outs(%gm_e : tensor<4x2x3xf32>) {\n"
            "  ^bb0(%gm_in: f32, %gm_out: f32):\n"
            "    %gm_n = arith.negf %gm_in : f32\n"
            "    linalg.yield %gm_n : f32\n"
            "  } -> tensor<4x2x3xf32>\n"
            "  return %gm_r, %arg1 : tensor<4x2x3xf32>, tensor<?xi8>\n"
            "}\n");
  // seed 0x101: result 1 (the dynamic i8), position 1 % 2 = 1 (trailing),
  // extent 2: the dynamic extent sized by tensor.dim, the new one static.
  auto dyn = addBroadcast(kProgram, 0x101);
  ASSERT_TRUE(dyn.has_value());
  EXPECT_EQ(dyn->what,
            "broadcast consumer (0 - x, new dimension 1 of 2) of result 1");
  EXPECT_NE(dyn->program.find("  %gm_d0 = tensor.dim %arg1, %gm_c0 : "
                              "tensor<?xi8>\n"
                              "  %gm_e = tensor.empty(%gm_d0) : "
                              "tensor<?x2xi8>\n"),
            std::string::npos)
      << dyn->program;
  EXPECT_NE(dyn->program.find("affine_map<(d0, d1) -> (d0)>, "
                              "affine_map<(d0, d1) -> (d0, d1)>"),
            std::string::npos);
  // Rank 4 and complex: nothing to broadcast.
  EXPECT_FALSE(addBroadcast("func.func @f(%a: tensor<1x2x3x4xf32>) -> "
                            "tensor<1x2x3x4xf32> {\n"
                            "  return %a : tensor<1x2x3x4xf32>\n}\n",
                            0)
                   .has_value());
}

TEST(Structural, ContractionRowsAndColumns) {
  // seed 0: result 0 (2x3xf32), bit 8 clear: X X^T, 2x2, the columns
  // (d2) contracted from a zero fill.
  auto m = addContraction(kProgram, 0);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->what, "contraction consumer (X X^T) of result 0");
  EXPECT_EQ(m->program,
            "func.func @f7(%arg0: tensor<2x3xf32>, %arg1: tensor<?xi8>) -> "
            "(tensor<2x2xf32>, tensor<?xi8>) {\n"
            "  %v0 = arith.addf %arg0, %arg0 : tensor<2x3xf32>\n"
            "  %gm_e = tensor.empty() : tensor<2x2xf32>\n"
            "  %gm_z = arith.constant 0.0 : f32\n"
            "  %gm_f = linalg.fill ins(%gm_z : f32) outs(%gm_e : "
            "tensor<2x2xf32>) -> tensor<2x2xf32>\n"
            "  %gm_r = linalg.generic {indexing_maps = [affine_map<(d0, d1, "
            "d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = "
            "[\"parallel\", \"parallel\", \"reduction\"]} ins(%v0, %v0 : "
            "tensor<2x3xf32>, tensor<2x3xf32>) outs(%gm_f : tensor<2x2xf32>) "
            "{\n"
            "  ^bb0(%gm_a: f32, %gm_b: f32, %gm_out: f32):\n"
            "    %gm_m = arith.mulf %gm_a, %gm_b : f32\n"
            "    %gm_s = arith.addf %gm_out, %gm_m : f32\n"
            "    linalg.yield %gm_s : f32\n"
            "  } -> tensor<2x2xf32>\n"
            "  return %gm_r, %arg1 : tensor<2x2xf32>, tensor<?xi8>\n"
            "}\n");
  // seed 256: X^T X, 3x3, the rows (d2 in the first position) contracted.
  auto gram = addContraction(kProgram, 256);
  ASSERT_TRUE(gram.has_value());
  EXPECT_EQ(gram->what, "contraction consumer (X^T X) of result 0");
  EXPECT_NE(gram->program.find("affine_map<(d0, d1, d2) -> (d2, d0)>, "
                               "affine_map<(d0, d1, d2) -> (d2, d1)>, "
                               "affine_map<(d0, d1, d2) -> (d0, d1)>"),
            std::string::npos)
      << gram->program;
  EXPECT_NE(gram->program.find("-> (tensor<3x3xf32>, tensor<?xi8>)"),
            std::string::npos);
}

TEST(Structural, ContractionOuterProductAndBatch) {
  // seed 1: result 1, a dynamic 1-D i8: the outer product, ?x? sized by the
  // one tensor.dim twice, no fill, a wrapping muli.
  auto outer = addContraction(kProgram, 1);
  ASSERT_TRUE(outer.has_value());
  EXPECT_EQ(outer->what, "contraction consumer (outer product) of result 1");
  EXPECT_NE(outer->program.find("  %gm_c0 = arith.constant 0 : index\n"
                                "  %gm_d0 = tensor.dim %arg1, %gm_c0 : "
                                "tensor<?xi8>\n"
                                "  %gm_e = tensor.empty(%gm_d0, %gm_d0) : "
                                "tensor<?x?xi8>\n"
                                "  %gm_r = linalg.generic"),
            std::string::npos)
      << outer->program;
  EXPECT_NE(outer->program.find("affine_map<(d0, d1) -> (d0)>, "
                                "affine_map<(d0, d1) -> (d1)>, "
                                "affine_map<(d0, d1) -> (d0, d1)>"),
            std::string::npos);
  EXPECT_NE(outer->program.find("    %gm_m = arith.muli %gm_a, %gm_b : i8\n"
                                "    linalg.yield %gm_m : i8\n"),
            std::string::npos);
  // A batched one: 5x?x3 i32, X X^T per batch: 5x?x? over d3.
  auto batch = addContraction("func.func @g(%a: tensor<5x?x3xi32>) -> "
                              "tensor<5x?x3xi32> {\n"
                              "  return %a : tensor<5x?x3xi32>\n}\n",
                              0);
  ASSERT_TRUE(batch.has_value());
  EXPECT_EQ(batch->what, "contraction consumer (batched X X^T) of result 0");
  EXPECT_NE(batch->program.find("  %gm_e = tensor.empty(%gm_d1, %gm_d1) : "
                                "tensor<5x?x?xi32>\n"),
            std::string::npos)
      << batch->program;
  EXPECT_NE(batch->program.find(
                "affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, "
                "affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, "
                "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], "
                "iterator_types = [\"parallel\", \"parallel\", \"parallel\", "
                "\"reduction\"]"),
            std::string::npos);
  // i1 results and rank 0: nothing to contract.
  EXPECT_FALSE(addContraction("func.func @f(%a: tensor<f16>, %b: tensor<4xi1>)"
                              " -> (tensor<f16>, tensor<4xi1>) {\n"
                              "  return %a, %b : tensor<f16>, tensor<4xi1>\n}\n",
                              0)
                   .has_value());
}
