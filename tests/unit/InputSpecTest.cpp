//===- InputSpecTest.cpp - iree-run-module --input= parsing ---------------===//
//
// Expected bit patterns are derived by hand (shown next to each) and, for the
// property tests, cross-checked against the host's strtod/strtof, which round
// correctly to nearest even.
//
//===----------------------------------------------------------------------===//

#include "interp/support/InputSpec.h"

#include "interp/support/Npy.h"
#include "interp/support/TextFormat.h"
#include "tests/unit/SupportTestUtils.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>

using namespace ref;

namespace {

using namespace ref::test;

uint64_t bitsOf(llvm::StringRef text, DType t) {
  llvm::Expected<uint64_t> b = parseElement(text, t);
  if (!b) {
    ADD_FAILURE() << text.str() << ": " << llvm::toString(b.takeError());
    return 0xDEADBEEF;
  }
  return *b;
}

Tensor parseOk(llvm::StringRef spec, bool *scalarForm = nullptr) {
  llvm::Expected<ParsedInput> p = parseInputSpec(spec);
  if (!p) {
    ADD_FAILURE() << spec.str() << ": " << llvm::toString(p.takeError());
    return Tensor();
  }
  if (scalarForm)
    *scalarForm = p->isScalarForm;
  return std::move(p->value);
}

std::vector<int64_t> intsOf(const Tensor &t) {
  std::vector<int64_t> v;
  for (int64_t i = 0; i < t.numElements(); ++i)
    v.push_back(signExtend(t.load(i), t.dtype()));
  return v;
}




//===----------------------------------------------------------------------===//
// Inline forms
//===----------------------------------------------------------------------===//

TEST(InputSpec, EverySeparator) {
  const std::vector<int64_t> want = {1, 2, 3, 4, 5, 6};
  for (const char *spec : {
           "2x3xi32=1,2,3,4,5,6", "2x3xi32=1 2 3 4 5 6",
           "2x3xi32=[1 2 3][4 5 6]", "2x3xi32=[[1,2,3],[4,5,6]]",
           "2x3xi32=1\t2\n3\r4\v5\f6", "2x3xi32=  [1, 2 ,3]  [4 ,,5,, 6]  ",
           "  2x3xi32 =  1,\n2 3\t,4 5,6 ", "\"2x3xi32=1 2 3 4 5 6\"",
           "2x3xi32=[[[1]]][2][3]4[5]6", // brackets carry no structure
       }) {
    Tensor t = parseOk(spec);
    EXPECT_EQ(t.dtype(), DType::I32) << spec;
    EXPECT_EQ(t.shape(), llvm::ArrayRef<int64_t>({2, 3})) << spec;
    EXPECT_EQ(intsOf(t), want) << spec;
  }
}

TEST(InputSpec, SplatAndZeroFill) {
  Tensor s = parseOk("2x2xi32=7");
  EXPECT_EQ(intsOf(s), std::vector<int64_t>({7, 7, 7, 7}));
  Tensor f = parseOk("3xf32=-2.5");
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(f.load(i), f32Bits(-2.5f));
  for (const char *spec : {"2x2xi8", "2x2xi8=", "2x2xi8=  "}) {
    Tensor z = parseOk(spec);
    EXPECT_EQ(z.shape(), llvm::ArrayRef<int64_t>({2, 2})) << spec;
    EXPECT_EQ(intsOf(z), std::vector<int64_t>({0, 0, 0, 0})) << spec;
  }
}

TEST(InputSpec, ScalarForms) {
  bool scalar = false;
  Tensor a = parseOk("f32=1.5", &scalar);
  EXPECT_TRUE(scalar);
  EXPECT_EQ(a.rank(), 0);
  EXPECT_EQ(a.load(0), f32Bits(1.5f));
  Tensor b = parseOk("i32=7", &scalar);
  EXPECT_TRUE(scalar);
  EXPECT_EQ(intsOf(b), std::vector<int64_t>({7}));
  Tensor c = parseOk("i64=[-3]", &scalar);
  EXPECT_TRUE(scalar);
  EXPECT_EQ(intsOf(c), std::vector<int64_t>({-3}));
  // "xf32" has an (empty) shape, so IREE treats it as a rank-0 tensor.
  Tensor d = parseOk("xf32=2", &scalar);
  EXPECT_FALSE(scalar);
  EXPECT_EQ(d.rank(), 0);
  Tensor e = parseOk("4xi32=1,2,3,4", &scalar);
  EXPECT_FALSE(scalar);
  Tensor z = parseOk("f64", &scalar);
  EXPECT_TRUE(scalar);
  EXPECT_EQ(z.load(0), 0u);
}

TEST(InputSpec, IndexAndIreeSignedness) {
  Tensor a = parseOk("2xindex=5,-1");
  EXPECT_EQ(a.dtype(), DType::Index);
  EXPECT_EQ(intsOf(a), std::vector<int64_t>({5, -1}));
  bool scalar;
  Tensor b = parseOk("index=9", &scalar);
  EXPECT_TRUE(scalar);
  EXPECT_EQ(b.dtype(), DType::Index);
  // IREE prints NPY-loaded data as si32/ui8; accept those spellings back.
  EXPECT_EQ(parseOk("2xsi32=11 12").dtype(), DType::I32);
  EXPECT_EQ(intsOf(parseOk("2xui8=255 0")), std::vector<int64_t>({-1, 0}));
}

TEST(InputSpec, EveryDType) {
  struct {
    const char *spec;
    DType t;
    uint64_t bits;
  } cases[] = {
      {"i1=1", DType::I1, 1},
      {"i1=true", DType::I1, 1},
      {"i1=FALSE", DType::I1, 0},
      {"i1=01", DType::I1, 1}, // IREE's own hex-byte spelling
      {"i8=-1", DType::I8, 0xFF},
      {"i16=-2", DType::I16, 0xFFFE},
      {"i32=-3", DType::I32, 0xFFFFFFFD},
      {"i64=-4", DType::I64, 0xFFFFFFFFFFFFFFFC},
      {"index=-5", DType::Index, 0xFFFFFFFFFFFFFFFB},
      {"f16=1", DType::F16, 0x3C00},
      {"bf16=1", DType::BF16, 0x3F80},
      {"f32=1", DType::F32, 0x3F800000},
      {"f64=1", DType::F64, 0x3FF0000000000000},
      // f8E4M3FN: bias 7, 1.0 = 0 0111 000; f8E5M2: bias 15, 1.0 = 0 01111 00.
      {"f8E4M3FN=1", DType::F8E4M3FN, 0x38},
      {"f8E5M2=1", DType::F8E5M2, 0x3C},
  };
  for (auto &c : cases) {
    Tensor t = parseOk(c.spec);
    EXPECT_EQ(t.dtype(), c.t) << c.spec;
    EXPECT_EQ(t.load(0), c.bits) << c.spec;
  }
}

//===----------------------------------------------------------------------===//
// Element values
//===----------------------------------------------------------------------===//

TEST(InputSpecElement, HexAndOctalFollowStrtolBase0) {
  EXPECT_EQ(bitsOf("0x10", DType::I32), 16u);
  EXPECT_EQ(bitsOf("0XfF", DType::I32), 255u);
  EXPECT_EQ(bitsOf("-0x80", DType::I8), 0x80u);
  EXPECT_EQ(bitsOf("0xFF", DType::I8), 0xFFu);
  EXPECT_EQ(bitsOf("0xFFFFFFFFFFFFFFFF", DType::I64), ~uint64_t(0));
  EXPECT_EQ(bitsOf("+12", DType::I32), 12u);
  // A leading zero means octal in C, and so in IREE.
  EXPECT_EQ(bitsOf("010", DType::I32), 8u);
  EXPECT_EQ(bitsOf("0", DType::I32), 0u);
  EXPECT_EQ(errorOf(parseElement("09", DType::I32)),
            "'09' is not a valid integer for i32");
  EXPECT_EQ(errorOf(parseElement("0x", DType::I32)),
            "'0x' is not a valid integer for i32");
}

TEST(InputSpecElement, IntegerRangesAcceptSignedAndUnsigned) {
  EXPECT_EQ(bitsOf("-128", DType::I8), 0x80u);
  EXPECT_EQ(bitsOf("255", DType::I8), 0xFFu);
  EXPECT_EQ(errorOf(parseElement("256", DType::I8)),
            "'256' is out of range for i8 (accepted: -128 to 255)");
  EXPECT_EQ(errorOf(parseElement("-129", DType::I8)),
            "'-129' is out of range for i8 (accepted: -128 to 255)");
  EXPECT_EQ(bitsOf("65535", DType::I16), 0xFFFFu);
  EXPECT_EQ(bitsOf("-32768", DType::I16), 0x8000u);
  EXPECT_EQ(errorOf(parseElement("65536", DType::I16)),
            "'65536' is out of range for i16 (accepted: -32768 to 65535)");
  EXPECT_EQ(bitsOf("4294967295", DType::I32), 0xFFFFFFFFu);
  EXPECT_EQ(bitsOf("-2147483648", DType::I32), 0x80000000u);
  EXPECT_EQ(errorOf(parseElement("4294967296", DType::I32)),
            "'4294967296' is out of range for i32 (accepted: -2147483648 to "
            "4294967295)");
  EXPECT_EQ(errorOf(parseElement("-2147483649", DType::I32)),
            "'-2147483649' is out of range for i32 (accepted: -2147483648 to "
            "4294967295)");
  EXPECT_EQ(bitsOf("18446744073709551615", DType::I64), ~uint64_t(0));
  EXPECT_EQ(bitsOf("-9223372036854775808", DType::I64), uint64_t(1) << 63);
  EXPECT_EQ(errorOf(parseElement("18446744073709551616", DType::I64)),
            "'18446744073709551616' is out of range for i64 (accepted: "
            "-9223372036854775808 to 18446744073709551615)");
  EXPECT_EQ(errorOf(parseElement("-9223372036854775809", DType::I64)),
            "'-9223372036854775809' is out of range for i64 (accepted: "
            "-9223372036854775808 to 18446744073709551615)");
  EXPECT_EQ(errorOf(parseElement("2", DType::I1)),
            "'2' is out of range for i1 (use 0, 1, true or false)");
  EXPECT_EQ(errorOf(parseElement("-1", DType::I1)),
            "'-1' is out of range for i1 (use 0, 1, true or false)");
  EXPECT_EQ(errorOf(parseElement("yes", DType::I1)),
            "'yes' is not a valid i1 (use 0, 1, true or false)");
}

TEST(InputSpecElement, IntegersRejectJunk) {
  for (const char *s : {"1.5", "1e3", "12abc", "abc", "--1", "0x1g", " "}) {
    llvm::Expected<uint64_t> b = parseElement(s, DType::I32);
    EXPECT_FALSE(!!b) << s;
    if (!b)
      llvm::consumeError(b.takeError());
  }
}

// "0.1" in f16: 0.1 = 1.6 * 2^-4, so the biased exponent is 15 - 4 = 11
// (0b01011) and the fraction is 0.6 * 2^10 = 614.4, which rounds to 614 =
// 0b1001100110; bits 0 01011 1001100110 = 0x2E66 (= 0.0999755859375).
// bf16: exponent 127 - 4 = 123 (0x7B), fraction 0.6 * 2^7 = 76.8 -> 77 =
// 0b1001101; bits 0 01111011 1001101 = 0x3DCD. f32 and f64 are the familiar
// 0x3DCCCCCD and 0x3FB999999999999A.
TEST(InputSpecElement, RoundingOfPointOne) {
  EXPECT_EQ(bitsOf("0.1", DType::F16), 0x2E66u);
  EXPECT_EQ(bitsOf("0.1", DType::BF16), 0x3DCDu);
  EXPECT_EQ(bitsOf("0.1", DType::F32), 0x3DCCCCCDu);
  EXPECT_EQ(bitsOf("0.1", DType::F64), 0x3FB999999999999Au);
  EXPECT_EQ(bitsOf("-0.1", DType::F16), 0xAE66u);
  // f8E4M3FN: 1.6 * 2^-4, exponent 7 - 4 = 3, fraction 0.6 * 8 = 4.8 -> 5:
  // 0 0011 101 = 0x1D. f8E5M2: exponent 15 - 4 = 11, fraction 0.6 * 4 = 2.4
  // -> 2: 0 01011 10 = 0x2E.
  EXPECT_EQ(bitsOf("0.1", DType::F8E4M3FN), 0x1Du);
  EXPECT_EQ(bitsOf("0.1", DType::F8E5M2), 0x2Eu);
}

TEST(InputSpecElement, TiesRoundToEven) {
  // Between 2048 and 4096 f16 steps by 2: 2049 ties to 2048 (even fraction
  // 0), 2051 ties to 2052 (fraction 2 is even, 1 is odd). 2048 = 0x6800.
  EXPECT_EQ(bitsOf("2049", DType::F16), 0x6800u);
  EXPECT_EQ(bitsOf("2051", DType::F16), 0x6802u);
  // bf16 steps by 2 between 256 and 512: 257 -> 256 (0x4380), 259 -> 260.
  EXPECT_EQ(bitsOf("257", DType::BF16), 0x4380u);
  EXPECT_EQ(bitsOf("259", DType::BF16), 0x4382u);
  // f32: 2^24 + 1 ties to 2^24.
  EXPECT_EQ(bitsOf("16777217", DType::F32), f32Bits(16777216.0f));
}

TEST(InputSpecElement, InfNanAndExponents) {
  EXPECT_EQ(bitsOf("inf", DType::F32), 0x7F800000u);
  EXPECT_EQ(bitsOf("-inf", DType::F32), 0xFF800000u);
  EXPECT_EQ(bitsOf("+INF", DType::F32), 0x7F800000u);
  EXPECT_EQ(bitsOf("Infinity", DType::F32), 0x7F800000u);
  EXPECT_EQ(bitsOf("nan", DType::F32), 0x7FC00000u);
  EXPECT_EQ(bitsOf("-NaN", DType::F32), 0xFFC00000u);
  EXPECT_EQ(bitsOf("inf", DType::F16), 0x7C00u);
  EXPECT_EQ(bitsOf("-inf", DType::BF16), 0xFF80u);
  EXPECT_EQ(bitsOf("nan", DType::F16), 0x7E00u);
  EXPECT_EQ(bitsOf("inf", DType::F64), 0x7FF0000000000000u);
  EXPECT_EQ(bitsOf("inf", DType::F8E5M2), 0x7Cu);
  // f8E4M3FN has no infinity; its only NaN encodings are S.1111.111.
  EXPECT_EQ(bitsOf("inf", DType::F8E4M3FN), 0x7Fu);
  EXPECT_EQ(bitsOf("-inf", DType::F8E4M3FN), 0xFFu);
  EXPECT_EQ(bitsOf("448", DType::F8E4M3FN), 0x7Eu); // largest finite
  EXPECT_EQ(bitsOf("1.5e3", DType::F32), f32Bits(1500.0f));
  EXPECT_EQ(bitsOf("1E+10", DType::F32), f32Bits(1e10f));
  EXPECT_EQ(bitsOf("-2.5e-3", DType::F64), f64Bits(-2.5e-3));
  EXPECT_EQ(bitsOf(".5", DType::F32), f32Bits(0.5f));
  EXPECT_EQ(bitsOf("5.", DType::F32), f32Bits(5.0f));
  EXPECT_EQ(bitsOf("0x1.8p1", DType::F32), f32Bits(3.0f));
  EXPECT_EQ(bitsOf("0x10", DType::F32), f32Bits(16.0f)); // strtof's hex form
  EXPECT_EQ(bitsOf("-0X.8P-1", DType::F64), f64Bits(-0.25));
  // Overflow rounds to infinity, as strtof does.
  EXPECT_EQ(bitsOf("1e5", DType::F16), 0x7C00u);
  EXPECT_EQ(bitsOf("1e39", DType::F32), 0x7F800000u);
  EXPECT_EQ(bitsOf("-0", DType::F32), 0x80000000u);
  for (const char *s : {"abc", "1.2.3", "e5", "1e", "1e+", "--1", "1,5", "infx",
                        ".", "0x", "0x1p", "1p3", "0x1e3p", "1.5f"}) {
    llvm::Expected<uint64_t> b = parseElement(s, DType::F32);
    ASSERT_FALSE(!!b) << s;
    EXPECT_EQ(llvm::toString(b.takeError()),
              std::string("'") + s + "' is not a valid number for f32");
  }
}

// Against the host C library, which rounds decimal strings correctly.
RC_GTEST_PROP(InputSpecElementProp, F32AndF64MatchStrtod, (uint64_t raw)) {
  double d;
  std::memcpy(&d, &raw, 8);
  RC_PRE(std::isfinite(d));
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  RC_ASSERT(*parseElement(buf, DType::F64) ==
            f64Bits(std::strtod(buf, nullptr)));
  std::snprintf(buf, sizeof(buf), "%.12g", d);
  RC_ASSERT(*parseElement(buf, DType::F32) ==
            f32Bits(std::strtof(buf, nullptr)));
}

RC_GTEST_PROP(InputSpecElementProp, IntegersRoundTrip, (int64_t v)) {
  RC_ASSERT(*parseElement(std::to_string(v), DType::I64) ==
            static_cast<uint64_t>(v));
  int32_t w = static_cast<int32_t>(v);
  RC_ASSERT(*parseElement(std::to_string(w), DType::I32) ==
            static_cast<uint32_t>(w));
  uint32_t u = static_cast<uint32_t>(v);
  RC_ASSERT(*parseElement(std::to_string(u), DType::I32) == u);
}

// Six significant digits (what IREE prints) identify every f16, bf16 and f8
// value, so printing and parsing back must be the identity on non-NaNs.
TEST(InputSpecElement, PrintedSmallFloatsParseBackExactly) {
  for (DType t : {DType::F16, DType::BF16, DType::F8E4M3FN, DType::F8E5M2}) {
    unsigned n = 1u << bitWidth(t);
    for (unsigned bits = 0; bits < n; ++bits) {
      std::string text = formatElement(bits, t);
      if (text.find("NAN") != std::string::npos)
        continue;
      llvm::Expected<uint64_t> back = parseElement(text, t);
      ASSERT_TRUE(!!back) << text;
      ASSERT_EQ(*back, bits) << dtypeName(t).str() << " " << text;
    }
  }
}

//===----------------------------------------------------------------------===//
// Spec errors
//===----------------------------------------------------------------------===//

TEST(InputSpecErrors, CountMismatchNamesBothNumbers) {
  EXPECT_EQ(errorOf(parseInputSpec("2x3xf32=1,2")),
            "input '2x3xf32=1,2': 2 values given but 2x3xf32 has 6 elements "
            "(give 1 value to fill it, or all 6)");
  EXPECT_EQ(errorOf(parseInputSpec("2xi32=1 2 3")),
            "input '2xi32=1 2 3': 3 values given but 2xi32 has 2 elements "
            "(give 1 value to fill it, or all 2)");
  EXPECT_EQ(errorOf(parseInputSpec("0xf32=1")),
            "input '0xf32=1': 1 value given but 0xf32 has 0 elements (give 1 "
            "value to fill it, or all 0)");
  EXPECT_EQ(errorOf(parseInputSpec("2xi32=[]")),
            "input '2xi32=[]': 0 values given but 2xi32 has 2 elements (give "
            "1 value to fill it, or all 2)");
  EXPECT_EQ(errorOf(parseInputSpec("f32=1 2")),
            "input 'f32=1 2': 2 values given but f32 has 1 element (give 1 "
            "value to fill it, or all 1)");
  Tensor empty = parseOk("0x4xf32=");
  EXPECT_EQ(empty.numElements(), 0);
}

TEST(InputSpecErrors, BadValueSaysWhichValue) {
  EXPECT_EQ(errorOf(parseInputSpec("3xi8=1,300,2")),
            "input '3xi8=1,300,2': value 1: '300' is out of range for i8 "
            "(accepted: -128 to 255)");
  EXPECT_EQ(errorOf(parseInputSpec("2xf32=1,x")),
            "input '2xf32=1,x': value 1: 'x' is not a valid number for f32");
}

TEST(InputSpecErrors, BadShapeOrType) {
  EXPECT_EQ(errorOf(parseInputSpec("2xax3xf32=1")),
            "input '2xax3xf32=1': shape dimension 1 'a' is not a non-negative "
            "integer");
  EXPECT_EQ(errorOf(parseInputSpec("-1xf32=1")),
            "input '-1xf32=1': shape dimension 0 '-1' is not a non-negative "
            "integer");
  EXPECT_EQ(errorOf(parseInputSpec("2xxf32=1")),
            "input '2xxf32=1': shape dimension 1 '' is not a non-negative "
            "integer");
  EXPECT_EQ(errorOf(parseInputSpec("2xq32=1")),
            "input '2xq32=1': unknown element type 'q32'");
  EXPECT_EQ(errorOf(parseInputSpec("2x=1")),
            "input '2x=1': unknown element type ''");
  EXPECT_EQ(errorOf(parseInputSpec("=4")),
            "input '=4': missing shape and element type before '='");
  EXPECT_EQ(errorOf(parseInputSpec("5")),
            "input '5': '5' is not an element type; a value needs its type, "
            "e.g. i32=5 or 4xf32=5");
  EXPECT_EQ(errorOf(parseInputSpec("")), "empty input spec");
  EXPECT_EQ(errorOf(parseInputSpec("99999999999x99999999999xf32=0")),
            "input '99999999999x99999999999xf32=0': shape "
            "99999999999x99999999999xf32 has too many elements");
  EXPECT_EQ(errorOf(parseInputSpec("1000000x1000000xf32=0")),
            "input '1000000x1000000xf32=0': 4000000000000 bytes is too large "
            "for an inline value");
}

TEST(InputSpecErrors, UnsupportedForms) {
  EXPECT_EQ(errorOf(parseInputSpec("+x.npy")),
            "input '+x.npy': the '+file' and '*file' stream forms are not "
            "supported; use @file.npy per input");
  EXPECT_EQ(errorOf(parseInputSpec("&2xf32")),
            "input '&2xf32': the '&' output storage form is not supported");
  EXPECT_EQ(errorOf(parseInputSpec("(null)")),
            "input '(null)': null inputs are not supported");
  EXPECT_EQ(errorOf(parseInputSpec("@data.bin")),
            "input '@data.bin': only .npy files can be read without a shape "
            "and type; for raw bytes write SHAPExTYPE=@data.bin");
}

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

TEST(InputSpecFiles, NpyFile) {
  TempDir dir;
  std::string path = dir.file("a.npy");
  Tensor t(DType::F32, {2, 2});
  for (int i = 0; i < 4; ++i)
    t.store(i, f32Bits(i * 0.5f));
  ASSERT_FALSE(!!writeNpyFile(path, t));
  llvm::Expected<ParsedInput> p = parseInputSpec("@" + path);
  ASSERT_TRUE(!!p) << llvm::toString(p.takeError());
  EXPECT_FALSE(p->isScalarForm);
  EXPECT_TRUE(p->value.sameContents(t));
  std::string msg = errorOf(parseInputSpec("@" + dir.file("missing.npy")));
  EXPECT_NE(msg.find("missing.npy: cannot open"), std::string::npos) << msg;
}

TEST(InputSpecFiles, PackedSubByteRawFile) {
  TempDir dir;
  std::string path = dir.file("p.bin");
  // i4 [1, 2, 3, -1, 5]: low nibble first, the last byte half padding.
  writeBytes(path, llvm::StringRef("\x21\xF3\x05", 3));
  llvm::Expected<ParsedInput> p = parseInputSpec("5xi4=@" + path);
  ASSERT_TRUE(!!p) << llvm::toString(p.takeError());
  EXPECT_EQ(p->value.load(0), 1u);
  EXPECT_EQ(p->value.load(3), 0xFu);
  EXPECT_EQ(p->value.load(4), 5u);
  EXPECT_EQ(toRawBytes(p->value), std::string("\x21\xF3\x05", 3));
  // i2: four to a byte, so 9 elements need 3 bytes.
  EXPECT_EQ(errorOf(parseInputSpec("9xi2=@" + path)), "<no error>");
  EXPECT_EQ(errorOf(parseInputSpec("13xi2=@" + path)),
            path + ": raw data has 3 bytes but 13xi2 needs 4");
  // f4E2M1FN packs like i4; the f6 types take a byte each.
  llvm::Expected<ParsedInput> f = parseInputSpec("6xf4E2M1FN=@" + path);
  ASSERT_TRUE(!!f) << llvm::toString(f.takeError());
  EXPECT_EQ(f->value.load(1), 0x2u);
  EXPECT_EQ(errorOf(parseInputSpec("2xf6E2M3FN=@" + path)),
            path + ": raw data has 3 bytes but 2xf6E2M3FN needs 2");
}

TEST(InputSpecText, SmallTypes) {
  auto bits = [](const char *spec) -> uint64_t {
    llvm::Expected<ParsedInput> p = parseInputSpec(spec);
    if (!p) {
      ADD_FAILURE() << llvm::toString(p.takeError());
      return 0;
    }
    return p->value.load(0);
  };
  EXPECT_EQ(bits("i4=-8"), 0x8u);
  EXPECT_EQ(bits("i4=15"), 0xFu);
  EXPECT_NE(errorOf(parseInputSpec("i4=16")), "");
  EXPECT_EQ(bits("i2=-2"), 0x2u);
  EXPECT_EQ(bits("f4E2M1FN=1.75"), 0x4u); // tie to even: 2
  EXPECT_EQ(bits("f4E2M1FN=100"), 0x7u);  // saturates
  EXPECT_EQ(bits("f4E2M1FN=-inf"), 0xFu);
  EXPECT_NE(errorOf(parseInputSpec("f4E2M1FN=nan")).find("has no NaN"),
            std::string::npos);
  EXPECT_EQ(bits("f8E4M3FNUZ=-0"), 0x00u);
  EXPECT_EQ(bits("f8E4M3FNUZ=inf"), 0x80u);
  EXPECT_EQ(bits("f8E5M2FNUZ=1"), 0x40u);
  EXPECT_EQ(bits("f8E4M3B11FNUZ=1"), 0x58u);
  // iree-run-module's f8E8M0FNU rule: nearer power of two, ties up.
  EXPECT_EQ(bits("f8E8M0FNU=1"), 127u);
  EXPECT_EQ(bits("f8E8M0FNU=3"), 129u);
  EXPECT_EQ(bits("f8E8M0FNU=2.9"), 128u);
  EXPECT_EQ(bits("f8E8M0FNU=-2"), 0u);
  EXPECT_EQ(bits("f8E8M0FNU=nan"), 0xFFu);
}

TEST(InputSpecFiles, RawBinFile) {
  TempDir dir;
  std::string path = dir.file("a.bin");
  // bf16 1.0, -2.0, 0.5, inf, little-endian.
  writeBytes(path, llvm::StringRef("\x80\x3F\x00\xC0\x00\x3F\x80\x7F", 8));
  llvm::Expected<ParsedInput> p = parseInputSpec("2x2xbf16=@" + path);
  ASSERT_TRUE(!!p) << llvm::toString(p.takeError());
  EXPECT_EQ(p->value.dtype(), DType::BF16);
  EXPECT_EQ(p->value.load(0), 0x3F80u);
  EXPECT_EQ(p->value.load(1), 0xC000u);
  EXPECT_EQ(p->value.load(2), 0x3F00u);
  EXPECT_EQ(p->value.load(3), 0x7F80u);

  EXPECT_EQ(errorOf(parseInputSpec("3x2xbf16=@" + path)),
            path + ": raw data has 8 bytes but 3x2xbf16 needs 12");
  EXPECT_EQ(errorOf(parseInputSpec("1xbf16=@" + path)),
            path + ": raw data has 8 bytes but 1xbf16 needs 2");
  EXPECT_EQ(errorOf(readRawFile(path, DType::I8, {4})),
            path + ": raw data has 8 bytes but 4xi8 needs 4");
  llvm::Expected<Tensor> ok = readRawFile(path, DType::I64, {});
  ASSERT_TRUE(!!ok);
  EXPECT_EQ(ok->load(0), 0x7F803F00C0003F80u);
  std::string msg = errorOf(parseInputSpec("2xf32=@" + dir.file("no.bin")));
  EXPECT_NE(msg.find("no.bin: cannot open"), std::string::npos) << msg;
}

} // namespace
