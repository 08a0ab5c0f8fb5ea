//===- TextFormatTest.cpp - iree-run-module result text -------------------===//
//
// Expected strings come from IREE's own tests where they exist
// (runtime/src/iree/hal/string_util_test.cc: FormatElement,
// FormatBufferElements, FormatBufferElementsElided;
// tools/test/iree-run-module-inputs.mlir: the result[N] lines), and otherwise
// from printf's "%G"/"%g" definition.
//
//===----------------------------------------------------------------------===//

#include "interp/support/TextFormat.h"
#include "tests/unit/SupportTestUtils.h"

#include "interp/support/InputSpec.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace ref;

namespace {

using namespace ref::test;


Tensor make(DType t, llvm::ArrayRef<int64_t> shape,
            llvm::ArrayRef<uint64_t> bits) {
  Tensor x(t, shape);
  for (int64_t i = 0; i < x.numElements(); ++i)
    x.store(i, bits[i % bits.size()]);
  return x;
}

Tensor ints(DType t, llvm::ArrayRef<int64_t> shape) {
  Tensor x(t, shape);
  for (int64_t i = 0; i < x.numElements(); ++i)
    x.store(i, i + 1);
  return x;
}

std::string view(const Tensor &t, int64_t max = 1024) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printBufferView(os, t, max);
  return s;
}

std::string result(unsigned i, const Tensor &t, bool scalar) {
  std::string s;
  llvm::raw_string_ostream os(s);
  printResult(os, i, t, scalar);
  return s;
}

TEST(TextFormatElement, Integers) {
  EXPECT_EQ(formatElement(0x80, DType::I8), "-128");
  EXPECT_EQ(formatElement(0x7F, DType::I8), "127");
  EXPECT_EQ(formatElement(0xFF, DType::I8), "-1");
  EXPECT_EQ(formatElement(0x8000, DType::I16), "-32768");
  EXPECT_EQ(formatElement(0x7FFF, DType::I16), "32767");
  EXPECT_EQ(formatElement(0x80000000, DType::I32), "-2147483648");
  EXPECT_EQ(formatElement(0x7FFFFFFF, DType::I32), "2147483647");
  EXPECT_EQ(formatElement(uint64_t(1) << 63, DType::I64),
            "-9223372036854775808");
  EXPECT_EQ(formatElement(~(uint64_t(1) << 63), DType::I64),
            "9223372036854775807");
  EXPECT_EQ(formatElement(~uint64_t(0), DType::Index), "-1");
  // i1 is IREE's BOOL_8 type, which iree_hal_format_element has no case for:
  // it falls back to hex bytes.
  EXPECT_EQ(formatElement(1, DType::I1), "01");
  EXPECT_EQ(formatElement(0, DType::I1), "00");
}

TEST(TextFormatElement, FloatsUsePercentG) {
  // From IREE's string_util_test.cc.
  EXPECT_EQ(formatElement(0x3FC0, DType::BF16), "1.5");
  EXPECT_EQ(formatElement(f32Bits(1.5f), DType::F32), "1.5");
  EXPECT_EQ(formatElement(f64Bits(1123.56789456789), DType::F64), "1123.57");
  EXPECT_EQ(formatElement(f64Bits(-1.5e-10), DType::F64), "-1.5E-10");
  // %G: 6 significant digits, exponent when < 1e-4 or >= 1e6, upper case.
  EXPECT_EQ(formatElement(f32Bits(0.1f), DType::F32), "0.1");
  EXPECT_EQ(formatElement(f32Bits(1.0f / 3.0f), DType::F32), "0.333333");
  EXPECT_EQ(formatElement(f32Bits(100000.0f), DType::F32), "100000");
  EXPECT_EQ(formatElement(f32Bits(1e6f), DType::F32), "1E+06");
  EXPECT_EQ(formatElement(f32Bits(123456789.0f), DType::F32), "1.23457E+08");
  EXPECT_EQ(formatElement(f32Bits(1e-4f), DType::F32), "0.0001");
  EXPECT_EQ(formatElement(f32Bits(1e-5f), DType::F32), "1E-05");
  EXPECT_EQ(formatElement(f32Bits(1e10f), DType::F32), "1E+10");
  EXPECT_EQ(formatElement(f32Bits(0.0f), DType::F32), "0");
  EXPECT_EQ(formatElement(f32Bits(-0.0f), DType::F32), "-0");
  EXPECT_EQ(formatElement(f32Bits(2.0f), DType::F32), "2");
  EXPECT_EQ(formatElement(0x7F800000, DType::F32), "INF");
  EXPECT_EQ(formatElement(0xFF800000, DType::F32), "-INF");
  EXPECT_EQ(formatElement(0x7FC00000, DType::F32), "NAN");
  EXPECT_EQ(formatElement(0xFFC00000, DType::F32), "-NAN");
  EXPECT_EQ(formatElement(0x7FF8000000000000, DType::F64), "NAN");
  EXPECT_EQ(
      formatElement(f32Bits(std::numeric_limits<float>::max()), DType::F32),
      "3.40282E+38");
  EXPECT_EQ(formatElement(f32Bits(std::numeric_limits<float>::denorm_min()),
                          DType::F32),
            "1.4013E-45");
}

TEST(TextFormatElement, SmallFloatsWidenToF32) {
  EXPECT_EQ(formatElement(0x3C00, DType::F16), "1");
  EXPECT_EQ(formatElement(0x2E66, DType::F16), "0.0999756"); // f16("0.1")
  EXPECT_EQ(formatElement(0x7BFF, DType::F16), "65504");
  EXPECT_EQ(formatElement(0x0001, DType::F16), "5.96046E-08");
  EXPECT_EQ(formatElement(0x7C00, DType::F16), "INF");
  EXPECT_EQ(formatElement(0xFC00, DType::F16), "-INF");
  EXPECT_EQ(formatElement(0x7E00, DType::F16), "NAN");
  EXPECT_EQ(formatElement(0xFE00, DType::F16), "-NAN");
  EXPECT_EQ(formatElement(0x3DCD, DType::BF16), "0.100098"); // bf16("0.1")
  EXPECT_EQ(formatElement(0x7F80, DType::BF16), "INF");
  EXPECT_EQ(formatElement(0x7E, DType::F8E4M3FN), "448");
  EXPECT_EQ(formatElement(0x7F, DType::F8E4M3FN), "NAN");
  EXPECT_EQ(formatElement(0x80, DType::F8E4M3FNUZ), "NAN");
  EXPECT_EQ(formatElement(0x40, DType::F8E5M2FNUZ), "1");
  EXPECT_EQ(formatElement(0x00, DType::F8E8M0FNU), "5.87747E-39");
  EXPECT_EQ(formatElement(0xF, DType::F4E2M1FN), "-6");
  EXPECT_EQ(formatElement(0xF, DType::I4), "-1");
  EXPECT_EQ(formatElement(0x2, DType::I2), "-2");
  // IREE widens 8-bit floats with iree_math_make_f32_from_bits: a plain NAN.
  EXPECT_EQ(formatElement(0xFF, DType::F8E4M3FN), "NAN");
  EXPECT_EQ(formatElement(0x1D, DType::F8E4M3FN), "0.101562");
  EXPECT_EQ(formatElement(0x7B, DType::F8E5M2), "57344");
  EXPECT_EQ(formatElement(0x7C, DType::F8E5M2), "INF");
}

// The cases of IREE's FormatBufferElements / FormatBufferElementsElided.
TEST(TextFormatBufferView, ShapesAndBrackets) {
  EXPECT_EQ(view(make(DType::I8, {}, {1})), "i8=1");
  EXPECT_EQ(view(make(DType::I8, {1}, {1})), "1xi8=1");
  EXPECT_EQ(view(ints(DType::I8, {4})), "4xi8=1 2 3 4");
  EXPECT_EQ(view(ints(DType::I8, {2, 2})), "2x2xi8=[1 2][3 4]");
  EXPECT_EQ(view(ints(DType::I8, {4, 1})), "4x1xi8=[1][2][3][4]");
  EXPECT_EQ(view(ints(DType::I32, {2, 2, 2})),
            "2x2x2xi32=[[1 2][3 4]][[5 6][7 8]]");
  EXPECT_EQ(view(make(DType::I32, {100, 3}, {static_cast<uint64_t>(-99)}))
                .substr(0, 30),
            "100x3xi32=[-99 -99 -99][-99 -9");
  EXPECT_EQ(view(make(DType::F32, {2, 3},
                      {f32Bits(1), f32Bits(2), f32Bits(3), f32Bits(4),
                       f32Bits(5), f32Bits(6)})),
            "2x3xf32=[1 2 3][4 5 6]");
  EXPECT_EQ(view(make(DType::I1, {2, 2}, {1, 0, 0, 1})),
            "2x2xi1=[01 00][00 01]");
  EXPECT_EQ(view(make(DType::Index, {2}, {7})), "2xi64=7 7");
  EXPECT_EQ(view(make(DType::F8E4M3FN, {2}, {0x38})), "2xf8E4M3FN=1 1");
}

TEST(TextFormatBufferView, ZeroElementTensors) {
  EXPECT_EQ(view(Tensor(DType::F32, {0})), "0xf32=");
  EXPECT_EQ(view(Tensor(DType::F32, {0, 3})), "0x3xf32=");
  EXPECT_EQ(view(Tensor(DType::F32, {2, 0})), "2x0xf32=[][]");
  EXPECT_EQ(view(Tensor(DType::F32, {2, 0, 3})), "2x0x3xf32=[][]");
  EXPECT_EQ(view(Tensor(DType::F32, {2, 0}), 0), "2x0xf32=[][]");
}

TEST(TextFormatBufferView, ElidesAfterMaxElements) {
  Tensor one = make(DType::I8, {}, {1});
  EXPECT_EQ(view(one, 0), "i8=...");
  EXPECT_EQ(view(one, 1), "i8=1");
  EXPECT_EQ(view(one, 99123), "i8=1");
  Tensor four = ints(DType::I8, {4});
  EXPECT_EQ(view(four, 0), "4xi8=...");
  EXPECT_EQ(view(four, 1), "4xi8=1...");
  EXPECT_EQ(view(four, 3), "4xi8=1 2 3...");
  EXPECT_EQ(view(four, 4), "4xi8=1 2 3 4");
  EXPECT_EQ(view(four, 99123), "4xi8=1 2 3 4");
  EXPECT_EQ(view(four, -1), "4xi8=1 2 3 4"); // IREE casts -1 to SIZE_MAX
  Tensor sq = ints(DType::I8, {2, 2});
  EXPECT_EQ(view(sq, 0), "2x2xi8=[...][...]");
  EXPECT_EQ(view(sq, 1), "2x2xi8=[1...][...]");
  EXPECT_EQ(view(sq, 2), "2x2xi8=[1 2][...]");
  EXPECT_EQ(view(sq, 3), "2x2xi8=[1 2][3...]");
  EXPECT_EQ(view(sq, 99123), "2x2xi8=[1 2][3 4]");
  Tensor cube = ints(DType::I8, {2, 2, 2});
  EXPECT_EQ(view(cube, 3), "2x2x2xi8=[[1 2][3...]][[...][...]]");
}

TEST(TextFormatBufferView, DefaultLimitIs1024) {
  Tensor big(DType::I32, {1030});
  std::string s = view(big);
  std::string expected = "1030xi32=0";
  for (int i = 1; i < 1024; ++i)
    expected += " 0";
  expected += "...";
  EXPECT_EQ(s, expected);
  std::string r = result(0, big, false);
  EXPECT_EQ(r, "result[0]: hal.buffer_view\n" + expected + "\n");
}

TEST(TextFormatResult, BufferViewsAndScalars) {
  // tools/test/iree-run-module-inputs.mlir.
  EXPECT_EQ(result(0, make(DType::I32, {}, {5}), false),
            "result[0]: hal.buffer_view\ni32=5\n");
  EXPECT_EQ(result(1, Tensor(DType::I32, {2}), false),
            "result[1]: hal.buffer_view\n2xi32=0 0\n");
  EXPECT_EQ(result(2, ints(DType::I32, {2, 3}), false),
            "result[2]: hal.buffer_view\n2x3xi32=[1 2 3][4 5 6]\n");
  EXPECT_EQ(result(0, make(DType::I1, {}, {1}), true), "result[0]: i32=1\n");
  EXPECT_EQ(result(1, make(DType::I64, {}, {5}), true), "result[1]: i64=5\n");
  EXPECT_EQ(result(2, make(DType::I32, {}, {1234}), true),
            "result[2]: i32=1234\n");
  EXPECT_EQ(result(3, make(DType::F32, {}, {f32Bits(-3.14f)}), true),
            "result[3]: f32=-3.14\n");
  // Primitive values use lower-case %g.
  EXPECT_EQ(result(0, make(DType::F32, {}, {f32Bits(1e10f)}), true),
            "result[0]: f32=1e+10\n");
  EXPECT_EQ(result(0, make(DType::F32, {}, {0x7FC00000}), true),
            "result[0]: f32=nan\n");
  EXPECT_EQ(result(0, make(DType::F64, {}, {f64Bits(0.1)}), true),
            "result[0]: f64=0.1\n");
  EXPECT_EQ(result(0, make(DType::I8, {}, {0xFF}), true),
            "result[0]: i32=-1\n");
  EXPECT_EQ(result(0, make(DType::Index, {}, {42}), true),
            "result[0]: i64=42\n");
  EXPECT_EQ(result(0, make(DType::F16, {}, {0x3E00}), true),
            "result[0]: f32=1.5\n");
}

// What is printed for a float must read back as the same value through the
// --input= parser for the types whose values 6 digits identify (see
// InputSpecTest) and as the nearest 6-digit value for f32.
TEST(TextFormatResult, PrintedTextParsesBack) {
  for (float f : {0.1f, 1.0f / 3.0f, 1e-5f, 1e10f, -2.5f}) {
    std::string text = formatElement(f32Bits(f), DType::F32);
    llvm::Expected<uint64_t> back = parseElement(text, DType::F32);
    ASSERT_TRUE(!!back) << text;
    float g;
    uint32_t b = static_cast<uint32_t>(*back);
    std::memcpy(&g, &b, 4);
    EXPECT_NEAR(g, f, std::fabs(f) * 1e-5f) << text;
  }
}

} // namespace
