//===- OracleTest.cpp - The oracle (comparator) ---------------------------===//
//
// One group of tests per rule of oracle/Oracle.h. Bit patterns and bounds are
// derived by hand next to each test (IEEE layouts: f16 1-5-10, bf16 1-8-7,
// f32 1-8-23, f64 1-11-52); no expected value comes from the code under test.
//
//===----------------------------------------------------------------------===//

#include "oracle/Oracle.h"

#include "interp/support/Npy.h"
#include "tests/unit/SupportTestUtils.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstring>
#include <limits>

using namespace ref;

namespace {

using namespace ref::test;

Tensor makeTensor(DType t, llvm::ArrayRef<int64_t> shape,
                  llvm::ArrayRef<uint64_t> bits) {
  Tensor out(t, shape);
  EXPECT_EQ(static_cast<int64_t>(bits.size()), out.numElements());
  for (auto [i, b] : llvm::enumerate(bits))
    out.store(i, b);
  return out;
}

Tensor f32Tensor(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<float> values) {
  llvm::SmallVector<uint64_t> bits;
  for (float v : values)
    bits.push_back(f32Bits(v));
  return makeTensor(DType::F32, shape, bits);
}

/// Compares one golden/actual pair with optional freedom.
OutputResult compareOne(const Tensor &golden, const Tensor &actual,
                        const OracleOptions &opts = OracleOptions(),
                        const OutputFreedom *freedom = nullptr) {
  std::vector<OutputFreedom> f;
  if (freedom)
    f.push_back(*freedom);
  std::vector<OutputResult> r = compareOutputs(golden, actual, f, opts);
  EXPECT_EQ(r.size(), 1u);
  return r.front();
}

/// Compares single elements of dtype `t`.
OutputResult compareBits(DType t, uint64_t golden, uint64_t actual,
                         const OracleOptions &opts = OracleOptions()) {
  return compareOne(makeTensor(t, {1}, {golden}), makeTensor(t, {1}, {actual}),
                    opts);
}

OracleOptions withOverrides(llvm::StringRef spec) {
  OracleOptions opts;
  EXPECT_EQ(errorOf(parseToleranceOverrides(spec, opts)), "<no error>");
  return opts;
}

OutputFreedom freedomFor(const Tensor &t) {
  OutputFreedom f;
  f.dtype = t.dtype();
  f.shape.assign(t.shape().begin(), t.shape().end());
  f.exact = false;
  return f;
}

//===----------------------------------------------------------------------===//
// Rule 1: malformed outputs
//===----------------------------------------------------------------------===//

TEST(OracleMalformed, ShapeMismatch) {
  Tensor g = f32Tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor a = f32Tensor({3, 2}, {1, 2, 3, 4, 5, 6});
  OutputResult r = compareOne(g, a);
  EXPECT_EQ(r.status, OutputResult::Malformed);
  EXPECT_EQ(r.message, "actual is 3x2xf32, golden is 2x3xf32");
  EXPECT_EQ(describe(r),
            "output 0 (2x3xf32): malformed: actual is 3x2xf32, golden is "
            "2x3xf32");
  EXPECT_FALSE(allPass({r}));
}

TEST(OracleMalformed, DTypeMismatch) {
  Tensor g = f32Tensor({2}, {1, 2});
  Tensor a = makeTensor(DType::I32, {2}, {1, 2});
  OutputResult r = compareOne(g, a);
  EXPECT_EQ(r.status, OutputResult::Malformed);
  EXPECT_EQ(r.message, "actual is 2xi32, golden is 2xf32");
}

TEST(OracleMalformed, MissingAndExtraOutputs) {
  Tensor g0 = makeTensor(DType::I32, {1}, {1});
  Tensor g1 = makeTensor(DType::I32, {2}, {1, 2});
  std::vector<Tensor> goldens = {g0, g1};
  std::vector<Tensor> actuals = {g0};
  auto r = compareOutputs(goldens, actuals, {}, OracleOptions());
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].status, OutputResult::Pass);
  EXPECT_EQ(r[1].status, OutputResult::Malformed);
  EXPECT_EQ(r[1].type, "2xi32");

  auto extra = compareOutputs({g0}, goldens, {}, OracleOptions());
  ASSERT_EQ(extra.size(), 2u);
  EXPECT_EQ(extra[1].status, OutputResult::Malformed);

  OutputResult m = missingOutput(3, g1, "/tmp/out3.npy");
  EXPECT_EQ(m.status, OutputResult::Malformed);
  EXPECT_EQ(describe(m), "output 3 (2xi32): malformed: missing output file "
                         "'/tmp/out3.npy'");
}

TEST(OracleMalformed, EmptyPlaceholderAgainstRankZero) {
  // Tensor() is i32 of rank 0 but holds no data; a rank-0 i32 golden holds 4
  // bytes.
  Tensor g = makeTensor(DType::I32, {}, {5});
  OutputResult r = compareOne(g, Tensor());
  EXPECT_EQ(r.status, OutputResult::Malformed);
  EXPECT_EQ(r.message, "actual holds 0 bytes, golden 4");
  // A real rank-0 value compares; its coordinates are empty.
  r = compareOne(g, makeTensor(DType::I32, {}, {6}));
  EXPECT_EQ(describe(r), "output 0 (i32): 1 of 1 elements differ; first at "
                         "[]: expected 5, actual 6");
}

TEST(OracleMalformed, FreedomThatDoesNotFitTheGolden) {
  Tensor g = makeTensor(DType::I32, {3}, {1, 2, 3});
  OutputFreedom f = freedomFor(g);
  f.tieGroups = {{1, 3}};
  OutputResult r = compareOne(g, g, OracleOptions(), &f);
  EXPECT_EQ(r.status, OutputResult::Malformed);
  EXPECT_NE(r.message.find("position 3"), std::string::npos) << r.message;

  OutputFreedom wrongShape = freedomFor(g);
  wrongShape.shape = {4};
  r = compareOne(g, g, OracleOptions(), &wrongShape);
  EXPECT_EQ(r.status, OutputResult::Malformed);
  EXPECT_EQ(r.message,
            "the freedom report describes 4xi32 but the golden is 3xi32");
}

//===----------------------------------------------------------------------===//
// Rule 2: integers, index, i1
//===----------------------------------------------------------------------===//

TEST(OracleExact, OneFlippedIntegerIsCaught) {
  // 2x3x4 i32 holding 0..23; [1, 2, 3] is linear 1*12 + 2*4 + 3 = 23.
  std::vector<uint64_t> bits;
  for (int i = 0; i < 24; ++i)
    bits.push_back(i);
  Tensor g = makeTensor(DType::I32, {2, 3, 4}, bits);
  EXPECT_EQ(compareOne(g, g).status, OutputResult::Pass);
  EXPECT_EQ(describe(compareOne(g, g)), "output 0 (2x3x4xi32): pass (exact)");

  bits[23] ^= 0x10000; // 23 -> 65559
  Tensor a = makeTensor(DType::I32, {2, 3, 4}, bits);
  OutputResult r = compareOne(g, a);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.rule, "exact");
  EXPECT_EQ(r.numDiffering, 1);
  EXPECT_EQ(r.numElements, 24);
  EXPECT_EQ(r.firstDiffering, 23);
  EXPECT_EQ(r.firstCoords, (llvm::SmallVector<int64_t>{1, 2, 3}));
  EXPECT_EQ(r.expected, "23");
  EXPECT_EQ(r.actual, "65559");
  EXPECT_EQ(describe(r), "output 0 (2x3x4xi32): 1 of 24 elements differ; "
                         "first at [1, 2, 3]: expected 23, actual 65559");

  // A second, earlier flip: [0, 1, 2] = linear 6 becomes the first.
  bits[6] = static_cast<uint32_t>(-6);
  a = makeTensor(DType::I32, {2, 3, 4}, bits);
  r = compareOne(g, a);
  EXPECT_EQ(r.numDiffering, 2);
  EXPECT_EQ(r.firstDiffering, 6);
  EXPECT_EQ(r.firstCoords, (llvm::SmallVector<int64_t>{0, 1, 2}));
  EXPECT_EQ(r.actual, "-6");
}

TEST(OracleExact, Index64BitAndI8) {
  Tensor g = makeTensor(DType::Index, {2}, {0x8000000000000000ull, 1});
  Tensor a = makeTensor(DType::Index, {2}, {0x8000000000000001ull, 1});
  OutputResult r = compareOne(g, a);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.expected, "-9223372036854775808");
  EXPECT_EQ(r.actual, "-9223372036854775807");

  Tensor g8 = makeTensor(DType::I8, {1}, {0xff});
  EXPECT_EQ(compareOne(g8, makeTensor(DType::I8, {1}, {0x7f})).expected, "-1");
}

TEST(OracleExact, I1ComparesTheLowBit) {
  Tensor g = makeTensor(DType::I1, {3}, {1, 0, 1});
  Tensor a = makeTensor(DType::I1, {3}, {1, 0, 1});
  a.data()[0] = 3; // low bit 1: true
  a.data()[1] = 2; // low bit 0: false
  EXPECT_EQ(compareOne(g, a).status, OutputResult::Pass);
  a.data()[2] = 0;
  OutputResult r = compareOne(g, a);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.firstDiffering, 2);
  EXPECT_EQ(r.expected, "true");
  EXPECT_EQ(r.actual, "false");
}

TEST(OracleExact, ZeroElementTensors) {
  Tensor g(DType::F32, {0, 3});
  OutputResult r = compareOne(g, Tensor(DType::F32, {0, 3}));
  EXPECT_EQ(r.status, OutputResult::Pass);
  EXPECT_EQ(r.numElements, 0);
  EXPECT_EQ(r.firstDiffering, -1);
  EXPECT_EQ(compareOne(g, Tensor(DType::F32, {3, 0})).status,
            OutputResult::Malformed);
}

TEST(OracleExact, NeverWrittenGoldenElementsAreNotCompared) {
  Tensor g = makeTensor(DType::I32, {2}, {1, 2});
  g.setUndef(1, true);
  EXPECT_EQ(compareOne(g, makeTensor(DType::I32, {2}, {1, 99})).status,
            OutputResult::Pass);
  EXPECT_EQ(compareOne(g, makeTensor(DType::I32, {2}, {0, 2})).status,
            OutputResult::Mismatch);
}

//===----------------------------------------------------------------------===//
// Rule 3: floats elementwise
//===----------------------------------------------------------------------===//

TEST(OracleUlp, DistancesByHand) {
  // f16 1.0 = 0x3c00 (exponent 15, mantissa 0); the next value is 0x3c01.
  EXPECT_EQ(ulpDistance(0x3c00, 0x3c01, DType::F16), 1u);
  // Smallest subnormals: +2^-24 = 0x0001, -2^-24 = 0x8001: -1 -> 0 -> 1.
  EXPECT_EQ(ulpDistance(0x0001, 0x8001, DType::F16), 2u);
  EXPECT_EQ(ulpDistance(0x0000, 0x8000, DType::F16), 0u);
  // bf16 1.0 = 0x3f80, next 0x3f81; the largest finite 0x7f7f to 1.0 is
  // 0x7f7f - 0x3f80 = 0x3fff.
  EXPECT_EQ(ulpDistance(0x3f80, 0x3f81, DType::BF16), 1u);
  EXPECT_EQ(ulpDistance(0x0001, 0x8001, DType::BF16), 2u);
  EXPECT_EQ(ulpDistance(0x7f7f, 0x3f80, DType::BF16), 0x3fffu);
  // f32 1.5 = 0x3fc00000, 1.75 = 0x3fe00000: 2^21 apart.
  EXPECT_EQ(ulpDistance(0x3fc00000, 0x3fe00000, DType::F32), 2097152u);
  // -1.0f = 0xbf800000 and 1.0f: twice the magnitude 0x3f800000.
  EXPECT_EQ(ulpDistance(0xbf800000, 0x3f800000, DType::F32), 0x7f000000u);
  // f64 largest finite of each sign: 2 * 0x7fefffffffffffff fits in 64 bits.
  EXPECT_EQ(
      ulpDistance(0x7fefffffffffffffull, 0xffefffffffffffffull, DType::F64),
      0xffdffffffffffffeull);
}

TEST(OracleFloat, F16UlpEdges) {
  OracleOptions opts = withOverrides("f16:atol=0"); // ulps stays 2
  EXPECT_EQ(compareBits(DType::F16, 0x3c00, 0x3c01, opts).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F16, 0x3c00, 0x3c02, opts).status,
            OutputResult::Pass);
  OutputResult r = compareBits(DType::F16, 0x3c00, 0x3c03, opts);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.rule, "float");
  EXPECT_EQ(r.ulpDistance, 3u);
  // 0x3c03 = 1 + 3 * 2^-10 = 1.0029296875; "1.003" is the shortest decimal
  // rounding back to it (1.002 and 1.004 round to 0x3c02 and 0x3c04).
  EXPECT_EQ(r.expected, "1 (0x3c00)");
  EXPECT_EQ(r.actual, "1.003 (0x3c03)");
  // Across zero: the smallest positive and negative subnormals are 2 apart.
  EXPECT_EQ(compareBits(DType::F16, 0x0001, 0x8001, opts).status,
            OutputResult::Pass);
  OracleOptions one = withOverrides("f16:atol=0,ulps=1");
  r = compareBits(DType::F16, 0x0001, 0x8001, one);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.ulpDistance, 2u);
}

TEST(OracleFloat, F16DefaultAtol) {
  // Defaults: 2 ULP, atol 1e-3. 0 vs 0x1400 = 2^-10 = 0.0009765625 passes by
  // atol although it is 0x1400 ULP away; 0x1420 = 2^-10 * (1 + 32/1024) =
  // 0.001007080078125 is beyond it.
  EXPECT_EQ(compareBits(DType::F16, 0x0000, 0x1400).status, OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F16, 0x0000, 0x1420).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, BF16UlpEdges) {
  OracleOptions opts = withOverrides("bf16:atol=0");
  // bf16 1.0 = 0x3f80; 0x3f82 is 2 ULP, 0x3f83 3 ULP.
  EXPECT_EQ(compareBits(DType::BF16, 0x3f80, 0x3f81, opts).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::BF16, 0x3f80, 0x3f82, opts).status,
            OutputResult::Pass);
  OutputResult r = compareBits(DType::BF16, 0x3f80, 0x3f83, opts);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.ulpDistance, 3u);
  EXPECT_EQ(compareBits(DType::BF16, 0x0001, 0x8001, opts).status,
            OutputResult::Pass);
  // The default atol 1e-2 is about one ULP at 1.0 (2^-7 = 0.0078125); 3 ULP
  // (0.0234375) is beyond both tolerances.
  EXPECT_EQ(compareBits(DType::BF16, 0x3f80, 0x3f83).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, F32UlpEdges) {
  // 1024.0f = 0x44800000; one ULP there is 2^-13 ~ 1.2e-4, far above atol.
  EXPECT_EQ(compareBits(DType::F32, 0x44800000, 0x44800008).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F32, 0x44800000, 0x447ffff8).status,
            OutputResult::Pass);
  OutputResult r = compareBits(DType::F32, 0x44800000, 0x44800009);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.ulpDistance, 9u);
  EXPECT_EQ(r.maxUlpDistance, 9u);
  // Below 1024 the ULP halves: 0x447ffff7 is 9 ULP below.
  EXPECT_EQ(compareBits(DType::F32, 0x44800000, 0x447ffff7).ulpDistance, 9u);
  // atol 1e-6 near zero: 5e-7 passes, 2e-6 fails.
  EXPECT_EQ(compareBits(DType::F32, 0, f32Bits(5e-7f)).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F32, 0, f32Bits(2e-6f)).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, F64UlpEdges) {
  // 2^20 = 0x4130000000000000; one ULP is 2^-32 ~ 2.3e-10, above atol.
  EXPECT_EQ(
      compareBits(DType::F64, 0x4130000000000000ull, 0x4130000000000004ull)
          .status,
      OutputResult::Pass);
  OutputResult r =
      compareBits(DType::F64, 0x4130000000000000ull, 0x4130000000000005ull);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.ulpDistance, 5u);
}

TEST(OracleFloat, F8) {
  // f8E4M3FN 1.0 = 0x38 (bias 7); 0x39 is 1 ULP, 0x3a 2 ULP. NaN is 0x7f.
  EXPECT_EQ(compareBits(DType::F8E4M3FN, 0x38, 0x39).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E4M3FN, 0x38, 0x3a).status,
            OutputResult::Mismatch);
  EXPECT_EQ(compareBits(DType::F8E4M3FN, 0x7f, 0xff).status,
            OutputResult::Pass);
  // 0x7e = 448, the largest finite: not a NaN, 1 ULP from 0x7d.
  EXPECT_EQ(compareBits(DType::F8E4M3FN, 0x7e, 0x7d).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E4M3FN, 0x7e, 0x7f).status,
            OutputResult::Mismatch);
  // f8E5M2 1.0 = 0x3c (bias 15); +inf 0x7c, largest finite 0x7b.
  EXPECT_EQ(compareBits(DType::F8E5M2, 0x3c, 0x3d).status, OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E5M2, 0x7c, 0x7b).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, SmallFloatFormats) {
  // FNUZ: the one NaN is 0x80 (not -0); 1.0 = 0x40 (bias 8), 0x41 1 ULP.
  EXPECT_EQ(compareBits(DType::F8E4M3FNUZ, 0x80, 0x80).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E4M3FNUZ, 0x80, 0x00).status,
            OutputResult::Mismatch);
  EXPECT_EQ(compareBits(DType::F8E4M3FNUZ, 0x40, 0x41).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E5M2FNUZ, 0x7f, 0x80).status,
            OutputResult::Mismatch);
  // f4E2M1FN: no NaN; 0x7 (6) and 0xF (-6) are numbers, 0x8 is -0.
  EXPECT_EQ(compareBits(DType::F4E2M1FN, 0x7, 0x6).status, OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F4E2M1FN, 0x7, 0x5).status,
            OutputResult::Mismatch);
  EXPECT_EQ(compareBits(DType::F4E2M1FN, 0x0, 0x8).status, OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F6E3M2FN, 0x1F, 0x3F).status,
            OutputResult::Mismatch);
  // f8E8M0FNU: unsigned powers of two, 0xFF NaN; 0x00 (2^-127) is no zero
  // and 0x80 (2) no negative number: one step apart from 0x7F.
  EXPECT_EQ(compareBits(DType::F8E8M0FNU, 0x7F, 0x80).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E8M0FNU, 0x7F, 0x81).status,
            OutputResult::Mismatch);
  EXPECT_EQ(compareBits(DType::F8E8M0FNU, 0xFF, 0xFF).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F8E8M0FNU, 0xFE, 0xFF).status,
            OutputResult::Mismatch);
  EXPECT_EQ(formatValue(0x80, DType::F8E4M3FNUZ), "nan (0x80)");
  EXPECT_EQ(formatValue(0x7, DType::F4E2M1FN), "6 (0x7)");
  EXPECT_EQ(formatValue(0x80, DType::F8E8M0FNU), "2 (0x80)");
}

TEST(OracleFloat, NaNs) {
  // Quiet NaN vs a NaN with another payload and sign: pass.
  EXPECT_EQ(compareBits(DType::F32, 0x7fc00000, 0xff800001).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::F16, 0x7e00, 0x7c01).status, OutputResult::Pass);
  // NaN against a number fails both ways, even with a huge tolerance.
  OracleOptions loose = withOverrides("f32:ulps=4000000000,atol=1e30");
  OutputResult r = compareBits(DType::F32, f32Bits(1.0f), 0x7fc00000, loose);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.actual, "nan (0x7fc00000)");
  EXPECT_EQ(r.ulpDistance, 0u);
  EXPECT_EQ(compareBits(DType::F32, 0x7fc00000, f32Bits(1.0f), loose).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, Infinities) {
  // +inf 0x7f800000 vs the largest finite 0x7f7fffff: 1 ULP by bits, but a
  // finite value never matches an infinity.
  OracleOptions loose = withOverrides("f32:ulps=4000000000,atol=1e30");
  OutputResult r = compareBits(DType::F32, 0x7f800000, 0x7f7fffff, loose);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.expected, "inf (0x7f800000)");
  EXPECT_EQ(r.actual, "3.4028235e+38 (0x7f7fffff)");
  EXPECT_EQ(compareBits(DType::F32, 0x7f7fffff, 0x7f800000, loose).status,
            OutputResult::Mismatch);
  // -inf vs +inf.
  EXPECT_EQ(compareBits(DType::F32, 0xff800000, 0x7f800000, loose).status,
            OutputResult::Mismatch);
  EXPECT_EQ(compareBits(DType::F32, 0xff800000, 0xff800000).status,
            OutputResult::Pass);
  // f16 +inf 0x7c00 vs 65504 = 0x7bff.
  EXPECT_EQ(compareBits(DType::F16, 0x7c00, 0x7bff).status,
            OutputResult::Mismatch);
}

TEST(OracleFloat, SignedZeros) {
  EXPECT_EQ(compareBits(DType::F32, 0x00000000, 0x80000000).status,
            OutputResult::Pass);
  EXPECT_EQ(compareBits(DType::BF16, 0x8000, 0x0000).status,
            OutputResult::Pass);
  OracleOptions strict;
  strict.strictSignedZeros = true;
  OutputResult r = compareBits(DType::F32, 0x00000000, 0x80000000, strict);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.expected, "0 (0x00000000)");
  EXPECT_EQ(r.actual, "-0 (0x80000000)");
  EXPECT_EQ(r.message, "the sign of zero differs (strict signed zeros)");
}

TEST(OracleFloat, DescribeMatchesTheDocumentedLine) {
  Tensor other = makeTensor(DType::I32, {1}, {0});
  Tensor g = f32Tensor({2, 3}, {1, 2, 1.5f, 4, 5, 6});
  Tensor a = f32Tensor({2, 3}, {1, 2, 1.75f, 4, 5, 7});
  std::vector<Tensor> goldens = {other, g}, actuals = {other, a};
  auto r = compareOutputs(goldens, actuals, {}, OracleOptions());
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(describe(r[1]),
            "output 1 (2x3xf32): 2 of 6 elements differ; first at [0, 2]: "
            "expected 1.5 (0x3fc00000), actual 1.75 (0x3fe00000), 2097152 "
            "ULP");
  // 6.0f = 0x40c00000 and 7.0f = 0x40e00000 are 2^21 apart, too.
  EXPECT_EQ(r[1].maxUlpDistance, 2097152u);
  EXPECT_FALSE(allPass(r));
}

TEST(OracleFloat, FormatsShortestRoundTrip) {
  EXPECT_EQ(formatValue(f32Bits(0.1f), DType::F32), "0.1 (0x3dcccccd)");
  EXPECT_EQ(formatValue(f64Bits(0.1), DType::F64), "0.1 (0x3fb999999999999a)");
  EXPECT_EQ(formatValue(0x3c00, DType::F16), "1 (0x3c00)");
  EXPECT_EQ(formatValue(0xfc00, DType::F16), "-inf (0xfc00)");
  EXPECT_EQ(formatValue(0x3fc0, DType::BF16), "1.5 (0x3fc0)");
  EXPECT_EQ(formatValue(0x7e, DType::F8E4M3FN), "448 (0x7e)");
  EXPECT_EQ(formatValue(0xfe, DType::I8), "-2");
}

//===----------------------------------------------------------------------===//
// Rule 4: reductions
//===----------------------------------------------------------------------===//

TEST(OracleReduction, BoundJustInsideAndOutside) {
  // n = 4, c = 1, eps(f32) = 2^-23, atol overridden to 0. Golden [1, 3]:
  // meanAbs = 2. Element 0 (g = 1): bound = 4 * 2^-23 * (1 + 2) = 12 * 2^-23
  // = 12 ULP at 1.0 (in [1, 2) one ULP is 2^-23). Element 1 (g = 3): bound =
  // 4 * 2^-23 * (3 + 2) = 20 * 2^-23 = 10 ULP in [2, 4), where one ULP is
  // 2^-22. Both exceed the 8 ULP elementwise tolerance.
  OracleOptions opts = withOverrides("f32:atol=0");
  Tensor g = f32Tensor({2}, {1.0f, 3.0f});
  OutputFreedom f = freedomFor(g);
  f.reductionLength = 4;
  auto check = [&](uint64_t a0, uint64_t a1) {
    return compareOne(g, makeTensor(DType::F32, {2}, {a0, a1}), opts, &f);
  };
  // 1.0 = 0x3f800000, 3.0 = 0x40400000.
  OutputResult r = check(0x3f80000c, 0x4040000a);
  EXPECT_EQ(r.status, OutputResult::Pass);
  EXPECT_EQ(r.rule, "reduction");
  EXPECT_EQ(r.maxUlpDistance, 12u);
  // Below 1.0 one ULP is 2^-24: 24 ULP below (0x3f800000 - 0x18) is exactly
  // the bound, 25 below is beyond it. 0x403ffff6 is 10 ULP below 3.0.
  EXPECT_EQ(check(0x3f7fffe8, 0x403ffff6).status, OutputResult::Pass);
  EXPECT_EQ(check(0x3f7fffe7, 0x40400000).status, OutputResult::Mismatch);

  r = check(0x3f80000d, 0x40400000);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.rule, "reduction");
  EXPECT_EQ(r.firstDiffering, 0);
  EXPECT_EQ(r.ulpDistance, 13u);
  r = check(0x3f800000, 0x4040000b);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.firstDiffering, 1);

  // Without the freedom 12 ULP is beyond the 8 ULP tolerance.
  EXPECT_EQ(
      compareOne(g, makeTensor(DType::F32, {2}, {0x3f80000c, 0x40400000}), opts)
          .status,
      OutputResult::Mismatch);
  // c = 2 doubles the bound: 13 ULP now passes.
  opts.reductionFactor = 2;
  EXPECT_EQ(check(0x3f80000d, 0x40400000).status, OutputResult::Pass);
}

TEST(OracleReduction, MeanAbsCoversCancellation) {
  // Golden [0, 8]: meanAbs = 4; n = 2. At g = 0 the bound is
  // 2 * 2^-23 * (0 + 4) = 2^-20 (atol 0): 2^-20 passes, 2^-19 fails.
  OracleOptions opts = withOverrides("f32:atol=0");
  Tensor g = f32Tensor({2}, {0.0f, 8.0f});
  OutputFreedom f = freedomFor(g);
  f.reductionLength = 2;
  EXPECT_EQ(compareOne(g, f32Tensor({2}, {0x1p-20f, 8.0f}), opts, &f).status,
            OutputResult::Pass);
  OutputResult r = compareOne(g, f32Tensor({2}, {0x1p-19f, 8.0f}), opts, &f);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_NE(r.message.find("reduction bound"), std::string::npos) << r.message;
}

TEST(OracleReduction, InfinityIsStillWrong) {
  Tensor g = f32Tensor({1}, {1.0f});
  OutputFreedom f = freedomFor(g);
  f.reductionLength = 1000000;
  EXPECT_EQ(compareOne(g, makeTensor(DType::F32, {1}, {0x7f800000}),
                       OracleOptions(), &f)
                .status,
            OutputResult::Mismatch);
}

// interp/support/Tolerance.h's withinTolerance, which check.expect_almost_eq
// applies under a reduction's freedom, decides as the oracle does for an
// output with that freedom alone: random goldens and actuals near them (a
// few ULP, a few hundred, sign flips, zeros, NaNs, infinities), never
// written golden elements, f32/f16/bf16/f64, reduction lengths 0 to 10^4.
RC_GTEST_PROP(OracleReduction, WithinToleranceIsTheOraclesVerdict, ()) {
  const DType types[] = {DType::F32, DType::F16, DType::BF16, DType::F64};
  DType t = types[*rc::gen::inRange<size_t>(0, std::size(types))];
  int64_t n = *rc::gen::inRange<int64_t>(1, 12);
  int64_t length = *rc::gen::element<int64_t>(0, 1, 2, 16, 1000, 10000);
  unsigned width = bitWidth(t);
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  Tensor golden(t, {n}), actual(t, {n});
  for (int64_t i = 0; i < n; ++i) {
    uint64_t g = *rc::gen::arbitrary<uint64_t>() & mask;
    int kind = *rc::gen::inRange(0, 6);
    int64_t step = *rc::gen::inRange<int64_t>(-300, 300);
    uint64_t a = kind == 0   ? g
                 : kind == 1 ? (g + static_cast<uint64_t>(step)) & mask
                 : kind == 2 ? g ^ (uint64_t(1) << (width - 1))
                 : kind == 3 ? *rc::gen::arbitrary<uint64_t>() & mask
                 : kind == 4 ? 0
                             : (g + static_cast<uint64_t>(step % 4)) & mask;
    golden.store(i, g);
    actual.store(i, a);
  }
  if (*rc::gen::arbitrary<bool>())
    golden.setUndef(*rc::gen::inRange<int64_t>(0, n), true);
  OutputFreedom f = freedomFor(golden);
  f.reductionLength = length;
  bool oracle = compareOne(golden, actual, OracleOptions(), &f).status ==
                OutputResult::Pass;
  RC_ASSERT(withinTolerance(golden, actual, length, OracleOptions()) ==
            oracle);
}

//===----------------------------------------------------------------------===//
// Rule 5: tie groups
//===----------------------------------------------------------------------===//

/// A two-operand sort: keys (i32) and payloads (f32) sharing tie groups.
struct SortFixture {
  SortFixture(llvm::ArrayRef<uint64_t> keys, llvm::ArrayRef<float> payloads,
              std::vector<std::vector<int64_t>> groups) {
    int64_t n = keys.size();
    goldenKeys = makeTensor(DType::I32, {n}, keys);
    goldenPayloads = f32Tensor({n}, payloads);
    keyFreedom = freedomFor(goldenKeys);
    keyFreedom.index = 0;
    keyFreedom.tieGroups = groups;
    keyFreedom.origin = "iree_linalg_ext.sort at sort.mlir:3:8";
    payloadFreedom = freedomFor(goldenPayloads);
    payloadFreedom.index = 1;
    payloadFreedom.tieGroups = groups;
    payloadFreedom.origin = keyFreedom.origin;
  }

  std::vector<OutputResult> run(llvm::ArrayRef<uint64_t> keys,
                                llvm::ArrayRef<float> payloads) const {
    int64_t n = keys.size();
    std::vector<Tensor> goldens = {goldenKeys, goldenPayloads};
    std::vector<Tensor> actuals = {makeTensor(DType::I32, {n}, keys),
                                   f32Tensor({n}, payloads)};
    std::vector<OutputFreedom> freedom = {keyFreedom, payloadFreedom};
    return compareOutputs(goldens, actuals, freedom, OracleOptions());
  }

  Tensor goldenKeys, goldenPayloads;
  OutputFreedom keyFreedom, payloadFreedom;
};

TEST(OracleTieGroups, PermutedGroupPasses) {
  // Keys 5 7 7 7 9 (positions 1-3 tie), payloads 10 20 30 40 50.
  SortFixture s({5, 7, 7, 7, 9}, {10, 20, 30, 40, 50}, {{1, 2, 3}});
  auto r = s.run({5, 7, 7, 7, 9}, {10, 40, 20, 30, 50});
  EXPECT_EQ(r[0].status, OutputResult::Pass);
  EXPECT_EQ(r[1].status, OutputResult::Pass);
  EXPECT_EQ(r[1].rule, "tie-groups");
  EXPECT_TRUE(allPass(r));
}

TEST(OracleTieGroups, ChangedValueFails) {
  SortFixture s({5, 7, 7, 7, 9}, {10, 20, 30, 40, 50}, {{1, 2, 3}});
  auto r = s.run({5, 7, 7, 7, 9}, {10, 40, 99, 30, 50});
  EXPECT_EQ(r[0].status, OutputResult::Pass);
  EXPECT_EQ(r[1].status, OutputResult::Mismatch);
  EXPECT_EQ(r[1].rule, "tie-groups");
  EXPECT_EQ(r[1].numDiffering, 3);
  EXPECT_EQ(r[1].firstDiffering, 1);
  EXPECT_EQ(r[1].message,
            "tie group starting at [1]: values differ as a multiset");
  EXPECT_EQ(describe(r[1]),
            "output 1 (5xf32): 3 of 5 elements differ; tie group starting at "
            "[1]: values differ as a multiset");
}

TEST(OracleTieGroups, PayloadMustTravelWithItsKey) {
  // A comparator on |key|: keys 3 and -3 tie at positions 0 and 1.
  uint64_t m3 = static_cast<uint32_t>(-3);
  SortFixture s({3, m3, 4}, {100, 200, 300}, {{0, 1}});
  // Swapping whole tuples is legal.
  auto r = s.run({m3, 3, 4}, {200, 100, 300});
  EXPECT_TRUE(allPass(r));
  // Keys swapped but payloads not: each multiset agrees, the pairs do not.
  r = s.run({m3, 3, 4}, {100, 200, 300});
  for (const OutputResult &o : r) {
    EXPECT_EQ(o.status, OutputResult::Mismatch);
    EXPECT_EQ(o.message,
              "tie group starting at [0]: payload does not travel with its "
              "key");
  }
}

TEST(OracleTieGroups, PositionsOutsideGroupsCompareNormally) {
  SortFixture s({5, 7, 7, 7, 9}, {10, 20, 30, 40, 50}, {{1, 2, 3}});
  auto r = s.run({5, 7, 7, 7, 9}, {10, 20, 30, 40, 51});
  EXPECT_EQ(r[0].status, OutputResult::Pass);
  EXPECT_EQ(r[1].status, OutputResult::Mismatch);
  EXPECT_EQ(r[1].rule, "float");
  EXPECT_EQ(r[1].firstDiffering, 4);
  EXPECT_EQ(r[1].expected, "50 (0x42480000)");
}

TEST(OracleTieGroups, CoordinatesNaNsAndSignedZeros) {
  // 2x3 f32 sorted along dim 1; the second row is one group (linear 3-5).
  Tensor g = f32Tensor({2, 3}, {1, 2, 3, 0.0f, -0.0f, NAN});
  OutputFreedom f = freedomFor(g);
  f.tieGroups = {{3, 4, 5}};
  f.origin = "iree_linalg_ext.sort at a.mlir:1:1";
  // Another NaN payload and swapped zeros: the same multiset.
  Tensor a = makeTensor(
      DType::F32, {2, 3},
      {f32Bits(1), f32Bits(2), f32Bits(3), 0x7fc00001, 0x80000000, 0x00000000});
  EXPECT_EQ(compareOne(g, a, OracleOptions(), &f).status, OutputResult::Pass);
  Tensor b = f32Tensor({2, 3}, {1, 2, 3, 0.0f, 1.0f, NAN});
  OutputResult r = compareOne(g, b, OracleOptions(), &f);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.firstCoords, (llvm::SmallVector<int64_t>{1, 0}));
  EXPECT_EQ(r.message,
            "tie group starting at [1, 0]: values differ as a multiset");
}

TEST(OracleTieGroups, DifferentOriginsAreNotOneFamily) {
  // Same groups, different sorts: each output is judged alone, so moving
  // the payload independently of the keys is fine.
  uint64_t m3 = static_cast<uint32_t>(-3);
  SortFixture s({3, m3, 4}, {100, 200, 300}, {{0, 1}});
  s.payloadFreedom.origin = "iree_linalg_ext.sort at other.mlir:9:9";
  EXPECT_TRUE(allPass(s.run({m3, 3, 4}, {100, 200, 300})));
}

//===----------------------------------------------------------------------===//
// Rule 6: multi-writes
//===----------------------------------------------------------------------===//

TEST(OracleMultiWrites, EachCandidatePassesOthersFail) {
  Tensor g = makeTensor(DType::I32, {4}, {0, 0, 10, 0});
  OutputFreedom f = freedomFor(g);
  f.multiWrites = {{2, {0, 3}, {10, 20}}};
  f.multiWritesAnyOneOf = true;
  auto with = [&](uint64_t v) {
    return compareOne(g, makeTensor(DType::I32, {4}, {0, 0, v, 0}),
                      OracleOptions(), &f);
  };
  EXPECT_EQ(with(10).status, OutputResult::Pass);
  EXPECT_EQ(with(20).status, OutputResult::Pass);
  EXPECT_EQ(with(20).rule, "multi-writes");
  OutputResult r = with(30);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.firstDiffering, 2);
  EXPECT_EQ(r.expected, "one of 10, 20");
  EXPECT_EQ(r.actual, "30");
  // Other positions compare exactly.
  r = compareOne(g, makeTensor(DType::I32, {4}, {0, 1, 20, 0}), OracleOptions(),
                 &f);
  EXPECT_EQ(r.status, OutputResult::Mismatch);
  EXPECT_EQ(r.firstDiffering, 1);
  EXPECT_EQ(r.numDiffering, 1);
  EXPECT_EQ(r.rule, "exact");
}

TEST(OracleMultiWrites, FloatCandidatesUseTheTolerance) {
  Tensor g = f32Tensor({2}, {1.0f, 0.0f});
  OutputFreedom f = freedomFor(g);
  f.multiWrites = {{0, {0, 1}, {f32Bits(1.0f), f32Bits(2.0f)}}};
  // 2.0f = 0x40000000; 0x40000001 is 1 ULP above the second candidate.
  EXPECT_EQ(compareOne(g, makeTensor(DType::F32, {2}, {0x40000001, 0}),
                       OracleOptions(), &f)
                .status,
            OutputResult::Pass);
  EXPECT_EQ(
      compareOne(g, f32Tensor({2}, {1.5f, 0.0f}), OracleOptions(), &f).status,
      OutputResult::Mismatch);
}

TEST(OracleMultiWrites, TopkTieChoicesBesideTieGroups) {
  // A sorted top-4 (topk_v2) of values 9, 5, 5, 4, 4 at indices 0, 2, 3, 6,
  // 8: the two 5s form a tie group of both outputs; the 4s are split by the
  // K-th slot, so slot 3 may hold index 6 or 8 (multi-writes, indices only:
  // the value has one candidate).
  Tensor gv = f32Tensor({4}, {9, 5, 5, 4});
  Tensor gi = makeTensor(DType::I32, {4}, {0, 2, 3, 6});
  OutputFreedom fv = freedomFor(gv), fi = freedomFor(gi);
  fv.index = 0;
  fi.index = 1;
  fv.origin = fi.origin = "iree_linalg_ext.topk_v2 at t.mlir:3:8";
  fv.tieGroups = fi.tieGroups = {{1, 2}};
  fi.multiWrites = {{3, {}, {6, 8}}};
  auto run = [&](llvm::ArrayRef<uint64_t> idx) {
    std::vector<Tensor> goldens = {gv, gi};
    std::vector<Tensor> actuals = {f32Tensor({4}, {9, 5, 5, 4}),
                                   makeTensor(DType::I32, {4}, idx)};
    std::vector<OutputFreedom> freedom = {fv, fi};
    return compareOutputs(goldens, actuals, freedom, OracleOptions());
  };
  EXPECT_TRUE(allPass(run({0, 3, 2, 8})));
  EXPECT_TRUE(allPass(run({0, 2, 3, 6})));
  std::vector<OutputResult> r = run({0, 3, 2, 7});
  EXPECT_EQ(r[0].status, OutputResult::Pass);
  EXPECT_EQ(r[1].status, OutputResult::Mismatch);
  EXPECT_EQ(r[1].firstDiffering, 3);
  EXPECT_EQ(r[1].expected, "one of 6, 8");
  // The tie group still binds: an index from outside it fails.
  r = run({0, 3, 8, 6});
  EXPECT_EQ(r[1].status, OutputResult::Mismatch);
  EXPECT_EQ(r[1].rule, "tie-groups");
}

//===----------------------------------------------------------------------===//
// Rule 7: derived freedom
//===----------------------------------------------------------------------===//

TEST(OracleDerived, DifferenceIsUndecidedNotFailed) {
  Tensor g = f32Tensor({3}, {1, 2, 3});
  OutputFreedom f = freedomFor(g);
  f.derivedFrom = "arith.addf at t.mlir:7:10";
  f.origin = "iree_linalg_ext.scatter at t.mlir:5:8";
  OutputResult r =
      compareOne(g, f32Tensor({3}, {1, 5, 3}), OracleOptions(), &f);
  EXPECT_EQ(r.status, OutputResult::Undecided);
  EXPECT_EQ(r.rule, "derived");
  EXPECT_EQ(r.numDiffering, 1);
  EXPECT_NE(r.message.find("arith.addf at t.mlir:7:10"), std::string::npos)
      << r.message;
  EXPECT_TRUE(allPass({r}));
  // A derived output that agrees with the golden passes.
  EXPECT_EQ(compareOne(g, g, OracleOptions(), &f).status, OutputResult::Pass);
  // The wrong shape is still malformed.
  EXPECT_EQ(
      compareOne(g, f32Tensor({1, 3}, {1, 2, 3}), OracleOptions(), &f).status,
      OutputResult::Malformed);
}

// A program that read out of bounds and discarded the value with a select:
// the golden stands, but MLIR leaves the read undefined, so a difference is
// undecided (never a mismatch); agreement passes. The field comes on an
// exact output, as ref-run writes it.
TEST(OracleMaskedRead, DifferenceIsUndecidedNotFailed) {
  const char *json = R"({"function": "main", "outputs": [
    {"index": 0, "dtype": "f32", "shape": [3], "exact": true,
     "masked_out_of_bounds_read": "tensor.extract at g.mlir:9:12"}]})";
  auto parsed = parseFreedomReport(json, "freedom.json");
  ASSERT_TRUE(static_cast<bool>(parsed)) << errorOf(std::move(parsed));
  const OutputFreedom &f = (*parsed)[0];
  EXPECT_EQ(f.maskedOutOfBoundsRead, "tensor.extract at g.mlir:9:12");
  Tensor g = f32Tensor({3}, {1, 2, 3});
  OutputResult r =
      compareOne(g, f32Tensor({3}, {1, 2, 4}), OracleOptions(), &f);
  EXPECT_EQ(r.status, OutputResult::Undecided);
  EXPECT_EQ(r.rule, "masked-read");
  EXPECT_NE(r.message.find("tensor.extract at g.mlir:9:12"), std::string::npos)
      << r.message;
  EXPECT_TRUE(allPass({r}));
  EXPECT_EQ(compareOne(g, g, OracleOptions(), &f).status, OutputResult::Pass);
  // Without the field the same difference is a mismatch.
  OutputFreedom plain = freedomFor(g);
  EXPECT_EQ(compareOne(g, f32Tensor({3}, {1, 2, 4}), OracleOptions(), &plain)
                .status,
            OutputResult::Mismatch);
}

//===----------------------------------------------------------------------===//
// The freedom report
//===----------------------------------------------------------------------===//

TEST(OracleFreedomReport, ParsesEveryField) {
  const char *json = R"({"function": "main", "outputs": [
    {"index": 0, "dtype": "f32", "shape": [2, 3], "exact": true},
    {"index": 1, "dtype": "i32", "shape": [4], "exact": false,
     "tie_groups": [[0, 1], [2, 3]], "origin": "sort at a.mlir:1:2"},
    {"index": 2, "dtype": "f64", "shape": [3], "exact": false,
     "multi_writes": [{"position": 1, "updates": [0, 2],
                       "candidate_bits": [18446744073709551615, 0]}],
     "multi_writes_any_one_of": true, "reduction_length": 16,
     "derived_from": "arith.addf at a.mlir:4:5"}]})";
  auto parsed = parseFreedomReport(json, "freedom.json");
  ASSERT_TRUE(static_cast<bool>(parsed)) << errorOf(std::move(parsed));
  ASSERT_EQ(parsed->size(), 3u);
  const OutputFreedom &a = (*parsed)[0], &b = (*parsed)[1], &c = (*parsed)[2];
  EXPECT_TRUE(a.exact);
  EXPECT_EQ(a.dtype, DType::F32);
  EXPECT_EQ(a.shape, (Shape{2, 3}));
  EXPECT_EQ(b.index, 1u);
  EXPECT_EQ(b.tieGroups, (std::vector<std::vector<int64_t>>{{0, 1}, {2, 3}}));
  EXPECT_EQ(b.origin, "sort at a.mlir:1:2");
  ASSERT_EQ(c.multiWrites.size(), 1u);
  EXPECT_EQ(c.multiWrites[0].position, 1);
  EXPECT_EQ(c.multiWrites[0].updates, (std::vector<int64_t>{0, 2}));
  EXPECT_EQ(c.multiWrites[0].candidateBits,
            (std::vector<uint64_t>{~uint64_t(0), 0}));
  EXPECT_TRUE(c.multiWritesAnyOneOf);
  EXPECT_EQ(c.reductionLength, 16);
  EXPECT_EQ(c.derivedFrom, "arith.addf at a.mlir:4:5");
}

TEST(OracleFreedomReport, ErrorsNameTheField) {
  auto err = [](llvm::StringRef outputs) {
    std::string json = ("{\"outputs\": [" + outputs + "]}").str();
    return errorOf(parseFreedomReport(json, "freedom.json"));
  };
  const char *head = R"({"index": 0, "dtype": "i32", "shape": [6], )";
  EXPECT_EQ(err(std::string(head) +
                R"("exact": false, "tie_groups": [[0, 1, 2, "x"]]})"),
            "freedom.json: outputs[0].tie_groups[0][3]: expected an integer");
  EXPECT_EQ(err(std::string(head) +
                R"("exact": false, "tie_groups": [[0], [1, 6]]})"),
            "freedom.json: outputs[0].tie_groups[1][1]: position 6 is out of "
            "range for 6 elements");
  EXPECT_EQ(err(std::string(head) +
                R"("exact": false, "tie_groups": [[0, 1], [1]]})"),
            "freedom.json: outputs[0].tie_groups[1][0]: position 1 is in more "
            "than one tie group");
  EXPECT_EQ(err(std::string(head) + R"("exact": "no"})"),
            "freedom.json: outputs[0].exact: expected a boolean");
  EXPECT_EQ(err(R"({"index": 0, "dtype": "i32", "shape": [6]})"),
            "freedom.json: outputs[0].exact: missing");
  EXPECT_EQ(err(R"({"index": 0, "dtype": "f33", "shape": [], "exact": true})"),
            "freedom.json: outputs[0].dtype: unknown dtype 'f33'");
  EXPECT_EQ(err(R"({"index": 0, "dtype": "f32", "shape": [2, -1], )"
                R"("exact": true})"),
            "freedom.json: outputs[0].shape[1]: expected an integer >= 0, got "
            "-1");
  EXPECT_EQ(err(R"({"index": 0, "dtype": "f32", "shape": [], "exact": true},)"
                R"({"index": 0, "dtype": "f32", "shape": [], "exact": true})"),
            "freedom.json: outputs[1].index: duplicate index 0");
  EXPECT_EQ(
      err(R"({"index": 0, "dtype": "f16", "shape": [2], "exact": false,)"
          R"("multi_writes": [{"position": 0, "candidate_bits": [-1]}]})"),
      "freedom.json: outputs[0].multi_writes[0].candidate_bits[0]: "
      "expected an unsigned integer");
  EXPECT_EQ(err(R"({"index": 0, "dtype": "f16", "shape": [2], "exact": false,)"
                R"("multi_writes": [{"position": 0,)"
                R"("candidate_bits": [1, 65536]}]})"),
            "freedom.json: outputs[0].multi_writes[0].candidate_bits[1]: 65536 "
            "does not fit in f16");
  EXPECT_EQ(err(std::string(head) + R"("exact": false, "origin": 3})"),
            "freedom.json: outputs[0].origin: expected a string");
  EXPECT_EQ(err("7"), "freedom.json: outputs[0]: expected an object");
  EXPECT_EQ(errorOf(parseFreedomReport("{}", "freedom.json")),
            "freedom.json: outputs: missing");
  EXPECT_EQ(errorOf(parseFreedomReport("[]", "freedom.json")),
            "freedom.json: expected a JSON object at the top level");
  EXPECT_EQ(errorOf(parseFreedomReport("{\"outputs\": ", "f.json"))
                .rfind("f.json: invalid JSON: ", 0),
            0u);
}

TEST(OracleFreedomReport, ReadsFileAndDrivesTheComparison) {
  TempDir dir("oracletest");
  std::string path = dir.file("freedom.json");
  writeBytes(path, R"({"function": "main", "outputs": [
    {"index": 0, "dtype": "i32", "shape": [3], "exact": false,
     "tie_groups": [[0, 1, 2]], "origin": "sort at s.mlir:2:3"}]})");
  auto freedom = readFreedomReportFile(path);
  ASSERT_TRUE(static_cast<bool>(freedom)) << errorOf(std::move(freedom));
  Tensor g = makeTensor(DType::I32, {3}, {1, 1, 2});
  Tensor a = makeTensor(DType::I32, {3}, {2, 1, 1});
  auto r = compareOutputs(g, a, *freedom, OracleOptions());
  EXPECT_TRUE(allPass(r));
  EXPECT_NE(errorOf(readFreedomReportFile(dir.file("nope.json")))
                .find("nope.json: cannot open"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

TEST(OracleOptions, Defaults) {
  OracleOptions o;
  EXPECT_EQ(o.tolerance(DType::F64).ulps, 4u);
  EXPECT_EQ(o.tolerance(DType::F64).atol, 1e-12);
  EXPECT_EQ(o.tolerance(DType::F32).ulps, 8u);
  EXPECT_EQ(o.tolerance(DType::F32).atol, 1e-6);
  EXPECT_EQ(o.tolerance(DType::F16).ulps, 2u);
  EXPECT_EQ(o.tolerance(DType::F16).atol, 1e-3);
  EXPECT_EQ(o.tolerance(DType::BF16).ulps, 2u);
  EXPECT_EQ(o.tolerance(DType::BF16).atol, 1e-2);
  EXPECT_EQ(o.tolerance(DType::F8E4M3FN).ulps, 1u);
  EXPECT_EQ(o.tolerance(DType::F8E5M2).atol, 0.0);
  EXPECT_EQ(o.reductionFactor, 1.0);
  EXPECT_FALSE(o.strictSignedZeros);
}

TEST(OracleOptions, OverridesApply) {
  OracleOptions o = withOverrides("f32:ulps=16,atol=1e-5; f16:ulps=4;");
  EXPECT_EQ(o.tolerance(DType::F32).ulps, 16u);
  EXPECT_EQ(o.tolerance(DType::F32).atol, 1e-5);
  EXPECT_EQ(o.tolerance(DType::F16).ulps, 4u);
  EXPECT_EQ(o.tolerance(DType::F16).atol, 1e-3);
  EXPECT_EQ(o.tolerance(DType::BF16).ulps, 2u);
  OracleOptions e = withOverrides("");
  EXPECT_EQ(e.tolerance(DType::F32).ulps, 8u);
}

TEST(OracleOptions, BadOverridesAreRejected) {
  auto err = [](llvm::StringRef spec) {
    OracleOptions o;
    std::string msg = errorOf(parseToleranceOverrides(spec, o));
    // Nothing applied, not even the entries before the bad one.
    EXPECT_EQ(o.tolerance(DType::F32).ulps, 8u) << spec.str();
    return msg;
  };
  EXPECT_EQ(err("f32"),
            "tolerance override 'f32': expected DTYPE:KEY=VALUE[,KEY=VALUE]");
  EXPECT_EQ(err("f33:ulps=1"),
            "tolerance override 'f33:ulps=1': unknown dtype 'f33'");
  EXPECT_EQ(err("i32:ulps=1"), "tolerance override 'i32:ulps=1': 'i32' is not "
                               "a float dtype (integers are exact)");
  EXPECT_EQ(err("f32:rtol=1"), "tolerance override 'f32:rtol=1': unknown key "
                               "'rtol' (expected ulps or atol)");
  EXPECT_EQ(err("f32:ulps=-1"), "tolerance override 'f32:ulps=-1': ulps must "
                                "be a non-negative integer, got '-1'");
  EXPECT_EQ(err("f32:ulps=16;f16:atol=nan"),
            "tolerance override 'f16:atol=nan': atol must be a non-negative "
            "finite number, got 'nan'");
  EXPECT_EQ(err("f32:atol=-1e-3"),
            "tolerance override 'f32:atol=-1e-3': atol must be a non-negative "
            "finite number, got '-1e-3'");
  EXPECT_EQ(err("f32:ulps"),
            "tolerance override 'f32:ulps': expected KEY=VALUE, got 'ulps'");
}

//===----------------------------------------------------------------------===//
// Loading output files
//===----------------------------------------------------------------------===//

TEST(OracleLoad, NpyRoundTrip) {
  TempDir dir("oracletest");
  Tensor t = f32Tensor({2, 3}, {1, -2, 3.5f, NAN, 0, 6});
  std::string path = dir.file("out0.npy");
  ASSERT_EQ(errorOf(writeNpyFile(path, t)), "<no error>");
  auto loaded = loadOutputFile(path, DType::F32, {2, 3});
  ASSERT_TRUE(static_cast<bool>(loaded)) << errorOf(std::move(loaded));
  EXPECT_TRUE(loaded->sameContents(t));
  EXPECT_TRUE(allPass(compareOutputs(t, *loaded, {}, OracleOptions())));

  // A shape that differs is loaded as written and reported as Malformed.
  auto other = loadOutputFile(path, DType::F32, {3, 2});
  ASSERT_TRUE(static_cast<bool>(other));
  EXPECT_EQ(compareOne(f32Tensor({3, 2}, {1, 2, 3, 4, 5, 6}), *other).status,
            OutputResult::Malformed);
}

TEST(OracleLoad, NpyRetagsIndexAndBool) {
  TempDir dir("oracletest");
  // index writes '<i8' and reads back as i64: retagged to index.
  Tensor idx = makeTensor(DType::Index, {2}, {7, ~uint64_t(0)});
  std::string p = dir.file("idx.npy");
  ASSERT_EQ(errorOf(writeNpyFile(p, idx)), "<no error>");
  auto loaded = loadOutputFile(p, DType::Index, {2});
  ASSERT_TRUE(static_cast<bool>(loaded));
  EXPECT_EQ(loaded->dtype(), DType::Index);
  EXPECT_TRUE(allPass(compareOutputs(idx, *loaded, {}, OracleOptions())));

  Tensor b = makeTensor(DType::I1, {3}, {1, 0, 1});
  p = dir.file("b.npy");
  ASSERT_EQ(errorOf(writeNpyFile(p, b)), "<no error>");
  loaded = loadOutputFile(p, DType::I1, {3});
  ASSERT_TRUE(static_cast<bool>(loaded));
  EXPECT_EQ(loaded->dtype(), DType::I1);
  EXPECT_TRUE(loaded->sameContents(b));

  // An int8 array standing for i1: non-zero bytes are true.
  Tensor i8 = makeTensor(DType::I8, {3}, {0xff, 0, 2});
  p = dir.file("i8.npy");
  ASSERT_EQ(errorOf(writeNpyFile(p, i8)), "<no error>");
  loaded = loadOutputFile(p, DType::I1, {3});
  ASSERT_TRUE(static_cast<bool>(loaded));
  EXPECT_EQ(loaded->dtype(), DType::I1);
  EXPECT_TRUE(loaded->sameContents(b));
}

TEST(OracleLoad, RawBinForBF16) {
  TempDir dir("oracletest");
  std::string p = dir.file("out.bin");
  // bf16 1.0 = 0x3f80, -2.0 = 0xc000, little-endian.
  writeBytes(p, llvm::StringRef("\x80\x3f\x00\xc0", 4));
  auto loaded = loadOutputFile(p, DType::BF16, {2});
  ASSERT_TRUE(static_cast<bool>(loaded)) << errorOf(std::move(loaded));
  EXPECT_EQ(loaded->load(0), 0x3f80u);
  EXPECT_EQ(loaded->load(1), 0xc000u);
  EXPECT_NE(errorOf(loadOutputFile(p, DType::BF16, {3})).find("4 bytes"),
            std::string::npos);
  EXPECT_NE(errorOf(loadOutputFile(dir.file("missing.bin"), DType::BF16, {2}))
                .find("cannot open"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

/// A random shape of rank 1-3 with at most 60 elements.
Shape randomShape() {
  int rank = *rc::gen::inRange(1, 4);
  Shape shape;
  for (int i = 0; i < rank; ++i)
    shape.push_back(*rc::gen::inRange(1, 5));
  return shape;
}

/// Row-major coordinates, computed independently of Tensor::coordinates.
llvm::SmallVector<int64_t> coordsOf(int64_t linear, llvm::ArrayRef<int64_t> s) {
  llvm::SmallVector<int64_t> c(s.size());
  for (int i = static_cast<int>(s.size()) - 1; i >= 0; --i) {
    c[i] = linear % s[i];
    linear /= s[i];
  }
  return c;
}

void checkPlantedWrongResult(DType t) {
  Shape shape = randomShape();
  int64_t n = numElementsOf(shape);
  // Values k/8 with |k| <= 1000 are exact in f16 (at most 11 significant
  // bits) and in f32; so are the planted ones, off by 1-100.
  std::vector<int> eighths =
      *rc::gen::container<std::vector<int>>(n, rc::gen::inRange(-1000, 1001));
  auto bitsOf = [&](double v) -> uint64_t {
    if (t == DType::F32)
      return f32Bits(static_cast<float>(v));
    llvm::APFloat f(v);
    bool lost;
    f.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    RC_ASSERT(!lost);
    return f.bitcastToAPInt().getZExtValue();
  };
  Tensor golden(t, shape);
  for (int64_t i = 0; i < n; ++i)
    golden.store(i, bitsOf(eighths[i] / 8.0));
  RC_ASSERT(allPass(compareOutputs(golden, golden, {}, OracleOptions())));

  int64_t k = *rc::gen::inRange<int64_t>(0, n);
  int delta =
      *rc::gen::inRange(1, 101) * (*rc::gen::arbitrary<bool>() ? 1 : -1);
  Tensor actual = golden;
  actual.store(k, bitsOf(eighths[k] / 8.0 + delta));
  auto r = compareOutputs(golden, actual, {}, OracleOptions());
  RC_ASSERT(r.size() == 1u);
  RC_ASSERT(r[0].status == OutputResult::Mismatch);
  RC_ASSERT(r[0].numDiffering == 1);
  RC_ASSERT(r[0].firstDiffering == k);
  RC_ASSERT(r[0].firstCoords == coordsOf(k, shape));
}

RC_GTEST_PROP(OracleProps, PlantedWrongF32ResultIsCaught, ()) {
  checkPlantedWrongResult(DType::F32);
}

RC_GTEST_PROP(OracleProps, PlantedWrongF16ResultIsCaught, ()) {
  checkPlantedWrongResult(DType::F16);
}

RC_GTEST_PROP(OracleProps, AnyBitsMatchThemselves, ()) {
  DType t = *rc::gen::element(DType::F32, DType::F16, DType::BF16,
                              DType::F8E4M3FN, DType::I32);
  Shape shape = randomShape();
  Tensor x(t, shape);
  for (int64_t i = 0; i < x.numElements(); ++i)
    x.store(i, *rc::gen::arbitrary<uint64_t>());
  OracleOptions strict;
  strict.strictSignedZeros = true;
  RC_ASSERT(allPass(compareOutputs(x, x, {}, OracleOptions())));
  RC_ASSERT(allPass(compareOutputs(x, x, {}, strict)));
}

} // namespace
