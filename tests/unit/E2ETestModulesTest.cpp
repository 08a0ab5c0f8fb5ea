//===- E2ETestModulesTest.cpp - IREE's e2e test-module generator -----------===//
//
// The pseudo-random fill of IREE's e2e test runners, against values derived
// by hand from its definition: state' = (state * 48271 mod 2^32) mod
// (2^31 - 1) (the C code multiplies in uint32_t), element = min + state'
// mod (max - min + 1).
//
//===----------------------------------------------------------------------===//

#include "interp/exec/E2ETestModules.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

using namespace ref;

namespace {

TEST(E2ETestModules, GeneratorStepsByHand) {
  uint32_t state = 1;
  // 1 * 48271 = 48271.
  EXPECT_EQ(e2ePseudorandomUint32(state), 48271u);
  // 48271^2 = 2330089441 < 2^32; minus 2^31 - 1 = 182605794.
  EXPECT_EQ(e2ePseudorandomUint32(state), 182605794u);
  // 182605794 * 48271 = 8814564282174 = 2052 * 2^32 + 1291390782 (the
  // wrap), below 2^31 - 1 already.
  EXPECT_EQ(e2ePseudorandomUint32(state), 1291390782u);
  EXPECT_EQ(state, 1291390782u);
}

TEST(E2ETestModules, ValueRanges) {
  EXPECT_EQ(e2eValueRange(0x21000020), std::make_pair(-8, 8));   // f32
  EXPECT_EQ(e2eValueRange(0x21000010), std::make_pair(-4, 4));   // f16
  EXPECT_EQ(e2eValueRange(0x22000010), std::make_pair(-2, 2));   // bf16
  EXPECT_EQ(e2eValueRange(0x10000008), std::make_pair(-2, 2));   // i8
  EXPECT_EQ(e2eValueRange(0x12000008), std::make_pair(0, 255));  // ui8
  EXPECT_EQ(e2eValueRange(0x10000020), std::make_pair(-8, 8));   // i32
  EXPECT_EQ(e2eValueRange(0x21000040), std::make_pair(-16, 16)); // f64
  EXPECT_EQ(e2eValueRange(0x25000008), std::make_pair(-2, 2));   // f8E4M3FN
  EXPECT_FALSE(e2eValueRange(0x13000008).has_value());           // i1
}

TEST(E2ETestModules, FillByHand) {
  // f32, seed 1: 48271 % 17 = 8 -> 0; 182605794 % 17 = 5 -> -3;
  // 1291390782 % 17 = 11 -> 3.
  Tensor f(DType::F32, {3});
  ASSERT_TRUE(e2eFillRandom(f, 0x21000020, 1));
  EXPECT_EQ(f.load(0), 0x00000000u); // 0.0
  EXPECT_EQ(f.load(1), 0xC0400000u); // -3.0
  EXPECT_EQ(f.load(2), 0x40400000u); // 3.0
  // i8, seed 1: 48271 % 5 = 1 -> -1; 182605794 % 5 = 4 -> 2.
  Tensor i(DType::I8, {2});
  ASSERT_TRUE(e2eFillRandom(i, 0x10000008, 1));
  EXPECT_EQ(i.load(0), 0xFFu);
  EXPECT_EQ(i.load(1), 0x02u);
  // ui8, seed 1: 48271 % 256 = 143 (48271 = 188 * 256 + 143).
  Tensor u(DType::I8, {1});
  ASSERT_TRUE(e2eFillRandom(u, 0x12000008, 1));
  EXPECT_EQ(u.load(0), 143u);
  // f16, seed 1: 48271 % 9 = 4 -> 0; 182605794 % 9 = 6 -> 2 (0x4000).
  Tensor h(DType::F16, {2});
  ASSERT_TRUE(e2eFillRandom(h, 0x21000010, 1));
  EXPECT_EQ(h.load(0), 0x0000u);
  EXPECT_EQ(h.load(1), 0x4000u);
}

// Every state after a step is a remainder modulo 2^31 - 1, and every value
// lands in [0, range).
RC_GTEST_PROP(E2ETestModules, StepsStayInRange,
              (uint32_t seed, uint32_t range)) {
  RC_PRE(range > 0u);
  uint32_t state = seed;
  for (int i = 0; i < 8; ++i) {
    uint32_t before = state;
    uint32_t next = e2ePseudorandomUint32(state);
    RC_ASSERT(next < 2147483647u);
    RC_ASSERT(next == uint32_t(uint32_t(before * 48271u) % 2147483647u));
  }
  RC_ASSERT(e2ePseudorandomRange(state, range) < range);
}

} // namespace
