//===- NpyTest.cpp - NPY reading and writing ------------------------------===//
//
// Round trips for every dtype and hand-written malformed files for every error
// the reader reports. The byte layout expected here follows numpy's
// numpy/lib/format.py (_write_array_header / _wrap_header); the numpy interop
// itself is checked by npy_numpy_roundtrip.py.
//
//===----------------------------------------------------------------------===//

#include "interp/support/Npy.h"
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

/// NPY bytes with the given version and raw header text (no padding added, so
/// tests control every byte).
std::string makeNpy(unsigned major, unsigned minor, llvm::StringRef header,
                    llvm::StringRef data = "") {
  std::string s("\x93NUMPY", 6);
  s.push_back(static_cast<char>(major));
  s.push_back(static_cast<char>(minor));
  uint32_t len = header.size();
  unsigned lenBytes = major == 1 ? 2 : 4;
  for (unsigned i = 0; i < lenBytes; ++i)
    s.push_back(static_cast<char>((len >> (8 * i)) & 0xFF));
  s += header.str();
  s += data.str();
  return s;
}

std::string dict(llvm::StringRef descr, llvm::StringRef shape,
                 llvm::StringRef fortran = "False") {
  return ("{'descr': '" + descr + "', 'fortran_order': " + fortran +
          ", 'shape': " + shape + ", }\n")
      .str();
}

Tensor iota(DType t, llvm::ArrayRef<int64_t> shape) {
  Tensor x(t, shape);
  for (int64_t i = 0; i < x.numElements(); ++i) {
    uint64_t bits;
    switch (t) {
    case DType::I1:
      bits = i % 3 == 0;
      break;
    case DType::F16:
      bits = 0x3C00 + i; // 1.0 and its successors
      break;
    case DType::F32: {
      float f = -1.5f * static_cast<float>(i) + 0.25f;
      uint32_t b;
      std::memcpy(&b, &f, 4);
      bits = b;
      break;
    }
    case DType::F64: {
      double d = 1e300 / (static_cast<double>(i) + 1.0);
      std::memcpy(&bits, &d, 8);
      break;
    }
    default:
      // Exercise the sign bit and every byte.
      bits = 0x8070605040302010ULL * static_cast<uint64_t>(i + 1) + i;
      break;
    }
    x.store(i, bits);
  }
  return x;
}

/// Same buffer bytes (dtypes may differ: index reads back as i64).
bool sameBytes(const Tensor &a, const Tensor &b) {
  return a.byteSize() == b.byteSize() &&
         (a.byteSize() == 0 ||
          std::memcmp(a.data(), b.data(), a.byteSize()) == 0);
}


//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

struct RoundTripCase {
  DType dtype;
  DType readBack; // index comes back as i64
  const char *descr;
};

const RoundTripCase kRoundTripCases[] = {
    {DType::I1, DType::I1, "|b1"},   {DType::I8, DType::I8, "|i1"},
    {DType::I16, DType::I16, "<i2"}, {DType::I32, DType::I32, "<i4"},
    {DType::I64, DType::I64, "<i8"}, {DType::Index, DType::I64, "<i8"},
    {DType::F16, DType::F16, "<f2"}, {DType::F32, DType::F32, "<f4"},
    {DType::F64, DType::F64, "<f8"},
};

TEST(Npy, RoundTripEveryDTypeAndShape) {
  const std::vector<Shape> shapes = {{},  {1},    {7},       {2, 3},
                                     {0}, {3, 0}, {0, 4, 2}, {2, 1, 3, 2}};
  for (const RoundTripCase &c : kRoundTripCases) {
    for (const Shape &shape : shapes) {
      SCOPED_TRACE(std::string(dtypeName(c.dtype)) + " " +
                   shapeTypeString(shape, c.dtype));
      Tensor t = iota(c.dtype, shape);
      llvm::Expected<std::string> bytes = serializeNpy(t);
      ASSERT_TRUE(!!bytes) << llvm::toString(bytes.takeError());
      EXPECT_NE(bytes->find(c.descr), std::string::npos);
      llvm::Expected<Tensor> back = parseNpy(*bytes, "mem.npy");
      ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
      EXPECT_EQ(back->dtype(), c.readBack);
      EXPECT_EQ(back->shape(), t.shape());
      ASSERT_EQ(back->byteSize(), t.byteSize());
      EXPECT_TRUE(sameBytes(*back, t));
    }
  }
}

TEST(Npy, RoundTripThroughFiles) {
  TempDir dir;
  for (const RoundTripCase &c : kRoundTripCases) {
    Tensor t = iota(c.dtype, {3, 2});
    std::string path = dir.file(std::string(dtypeName(c.dtype)) + ".npy");
    ASSERT_FALSE(!!writeNpyFile(path, t));
    llvm::Expected<Tensor> back = readNpyFile(path);
    ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
    EXPECT_EQ(back->dtype(), c.readBack);
    EXPECT_TRUE(sameBytes(*back, t));
  }
}

// The exact bytes np.save writes for np.arange(6, dtype='<f4').reshape(2, 3):
// the dict, 21 - len("2") = 20 growth spaces, then space padding so that the
// 10-byte prefix + header is 128 bytes, then '\n'.
TEST(Npy, HeaderMatchesNumpyLayout) {
  Tensor t(DType::F32, {2, 3});
  llvm::Expected<std::string> bytes = serializeNpy(t);
  ASSERT_TRUE(!!bytes);
  std::string d = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
  d.append(20, ' ');
  size_t padded = 128 - 10 - 1;
  d.append(padded - d.size(), ' ');
  d += '\n';
  std::string expected("\x93NUMPY\x01\x00", 8);
  expected.push_back(static_cast<char>(d.size() & 0xFF));
  expected.push_back(static_cast<char>(d.size() >> 8));
  expected += d;
  ASSERT_EQ(bytes->size(), expected.size() + 24);
  EXPECT_EQ(bytes->substr(0, expected.size()), expected);
}

TEST(Npy, HeaderIsAlignedForEveryRank) {
  for (unsigned rank = 0; rank < 12; ++rank) {
    // A long first dim changes the growth padding; a zero last dim keeps the
    // tensor empty.
    Shape shape(rank, 3);
    if (rank >= 2)
      shape[0] = 123456789;
    if (rank)
      shape.back() = 0;
    Tensor t(DType::I8, shape);
    llvm::Expected<std::string> bytes = serializeNpy(t);
    ASSERT_TRUE(!!bytes);
    uint16_t len = static_cast<uint8_t>((*bytes)[8]) |
                   (static_cast<uint8_t>((*bytes)[9]) << 8);
    EXPECT_EQ((10 + len) % 64, 0u);
    EXPECT_EQ(bytes->size(), 10u + len + t.byteSize());
    EXPECT_EQ((*bytes)[9 + len], '\n');
    EXPECT_EQ((*bytes)[6], 1); // version 1.0
    EXPECT_EQ((*bytes)[7], 0);
    llvm::Expected<Tensor> back = parseNpy(*bytes, "a.npy");
    ASSERT_TRUE(!!back) << llvm::toString(back.takeError());
    EXPECT_EQ(back->shape(), t.shape());
  }
}

TEST(Npy, ScalarAndOneDimShapeRepr) {
  Tensor s(DType::I32, {});
  llvm::Expected<std::string> b0 = serializeNpy(s);
  ASSERT_TRUE(!!b0);
  EXPECT_NE(b0->find("'shape': (), }"), std::string::npos);
  Tensor v(DType::I32, {5});
  llvm::Expected<std::string> b1 = serializeNpy(v);
  ASSERT_TRUE(!!b1);
  EXPECT_NE(b1->find("'shape': (5,), }"), std::string::npos);
}

TEST(Npy, Bf16AndF8CannotBeWritten) {
  for (DType t : {DType::BF16, DType::F8E4M3FN, DType::F8E5M2, DType::I2,
                  DType::I4, DType::F4E2M1FN, DType::F8E8M0FNU}) {
    std::string msg = errorOf(serializeNpy(Tensor(t, {2})));
    EXPECT_NE(msg.find(dtypeName(t).str()), std::string::npos) << msg;
    EXPECT_NE(msg.find(".bin"), std::string::npos) << msg;
  }
  TempDir dir;
  llvm::Error e = writeNpyFile(dir.file("x.npy"), Tensor(DType::BF16, {2}));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("x.npy: "), std::string::npos) << msg;
}

TEST(Npy, WriteToMissingDirectoryFails) {
  llvm::Error e =
      writeNpyFile("/nonexistent-dir-for-npytest/x.npy", Tensor(DType::I8, {}));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("/nonexistent-dir-for-npytest/x.npy: cannot write: No "
                     "such file or directory"),
            std::string::npos)
      << msg;
}

TEST(Npy, WriteToAFullDiskFailsWithoutAborting) {
  // /dev/full fails every write with ENOSPC; the stream's buffered bytes
  // only reach it on close, which must be checked (or the stream aborts).
  llvm::Error e = writeNpyFile("/dev/full", Tensor(DType::I8, {4}));
  EXPECT_EQ(llvm::toString(std::move(e)),
            "/dev/full: cannot write: No space left on device");
}

//===----------------------------------------------------------------------===//
// Reading variants numpy (or other writers) produce
//===----------------------------------------------------------------------===//

TEST(Npy, ReadsVersions2And3) {
  std::string data("\x01\x00\x00\x00\x02\x00\x00\x00", 8);
  for (unsigned major : {2u, 3u}) {
    llvm::Expected<Tensor> t =
        parseNpy(makeNpy(major, 0, dict("<i4", "(2,)"), data), "v.npy");
    ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
    EXPECT_EQ(t->dtype(), DType::I32);
    EXPECT_EQ(t->load(0), 1u);
    EXPECT_EQ(t->load(1), 2u);
  }
}

TEST(Npy, UnsignedReadsAsSignlessSameBits) {
  struct {
    const char *descr;
    DType t;
    unsigned bytes;
  } cases[] = {{"|u1", DType::I8, 1},
               {"<u2", DType::I16, 2},
               {"<u4", DType::I32, 4},
               {"<u8", DType::I64, 8}};
  for (auto &c : cases) {
    std::string data(c.bytes, '\xFF');
    llvm::Expected<Tensor> t =
        parseNpy(makeNpy(1, 0, dict(c.descr, "(1,)"), data), "u.npy");
    ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
    EXPECT_EQ(t->dtype(), c.t);
    EXPECT_EQ(t->load(0), truncBits(~uint64_t(0), c.t));
  }
}

TEST(Npy, BigEndianIsByteSwapped) {
  std::string data("\x00\x00\x01\x02\xFF\xFF\xFF\xFE", 8);
  llvm::Expected<Tensor> t =
      parseNpy(makeNpy(1, 0, dict(">i4", "(2,)"), data), "be.npy");
  ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
  EXPECT_EQ(t->load(0), 0x0102u);
  EXPECT_EQ(signExtend(t->load(1), DType::I32), -2);

  double one = 1.0;
  uint64_t bits;
  std::memcpy(&bits, &one, 8);
  std::string be;
  for (int i = 7; i >= 0; --i)
    be.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
  llvm::Expected<Tensor> d =
      parseNpy(makeNpy(1, 0, dict(">f8", "()"), be), "be.npy");
  ASSERT_TRUE(!!d) << llvm::toString(d.takeError());
  EXPECT_EQ(d->load(0), bits);
}

TEST(Npy, BoolNonZeroBytesAreTrue) {
  llvm::Expected<Tensor> t = parseNpy(
      makeNpy(1, 0, dict("|b1", "(3,)"), llvm::StringRef("\x00\x07\x01", 3)),
      "b.npy");
  ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
  EXPECT_EQ(t->dtype(), DType::I1);
  EXPECT_EQ(t->load(0), 0u);
  EXPECT_EQ(t->load(1), 1u);
  EXPECT_EQ(t->load(2), 1u);
}

TEST(Npy, LenientHeaderSyntax) {
  // Double quotes, other key order, no trailing comma, "(3)" and "3L".
  std::string h = "{\"shape\": (3L), \"fortran_order\": False, \"descr\": "
                  "\"|i1\"}    \n";
  llvm::Expected<Tensor> t =
      parseNpy(makeNpy(1, 0, h, llvm::StringRef("\x01\x02\x03", 3)), "l.npy");
  ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
  EXPECT_EQ(t->shape(), llvm::ArrayRef<int64_t>({3}));
}

TEST(Npy, TrailingDataIsIgnored) {
  // iree-run-module --output=+f.npy appends arrays; '@f.npy' reads the first.
  llvm::Expected<Tensor> t = parseNpy(
      makeNpy(1, 0, dict("|i1", "(1,)"), llvm::StringRef("\x05MORE", 5)),
      "t.npy");
  ASSERT_TRUE(!!t) << llvm::toString(t.takeError());
  EXPECT_EQ(t->load(0), 5u);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(NpyErrors, BadMagic) {
  EXPECT_EQ(errorOf(parseNpy("", "e.npy")), "e.npy: bad magic (not an NPY "
                                            "file)");
  EXPECT_EQ(errorOf(parseNpy("PK\x03\x04 this is a zip", "e.npy")),
            "e.npy: bad magic (not an NPY file)");
  EXPECT_EQ(errorOf(parseNpy("\x93NUMPX\x01\x00", "e.npy")),
            "e.npy: bad magic (not an NPY file)");
}

TEST(NpyErrors, UnsupportedVersion) {
  EXPECT_EQ(errorOf(parseNpy(makeNpy(4, 0, dict("<i4", "()")), "e.npy")),
            "e.npy: unsupported NPY version 4.0");
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 1, dict("<i4", "()")), "e.npy")),
            "e.npy: unsupported NPY version 1.1");
  EXPECT_EQ(errorOf(parseNpy(makeNpy(0, 0, dict("<i4", "()")), "e.npy")),
            "e.npy: unsupported NPY version 0.0");
}

TEST(NpyErrors, TruncatedHeader) {
  EXPECT_EQ(errorOf(parseNpy(llvm::StringRef("\x93NUMPY\x01", 7), "e.npy")),
            "e.npy: truncated header (no version bytes)");
  EXPECT_EQ(
      errorOf(parseNpy(llvm::StringRef("\x93NUMPY\x01\x00\x10", 9), "e.npy")),
      "e.npy: truncated header (no header length)");
  EXPECT_EQ(errorOf(parseNpy(
                llvm::StringRef("\x93NUMPY\x02\x00\x10\x00\x00", 11), "e.npy")),
            "e.npy: truncated header (no header length)");
  std::string header = dict("<i4", "(1,)");
  std::string full = makeNpy(1, 0, header);
  std::string cut = full.substr(0, full.size() - 5);
  EXPECT_EQ(errorOf(parseNpy(cut, "e.npy")),
            "e.npy: truncated header: it claims " +
                std::to_string(header.size()) + " bytes but only " +
                std::to_string(header.size() - 5) + " follow");
  // A v2 length field near 4 GiB must not be trusted.
  EXPECT_EQ(errorOf(parseNpy(llvm::StringRef("\x93NUMPY\x02\x00\xFF\xFF\xFF"
                                             "\xFF{}",
                                             14),
                             "e.npy")),
            "e.npy: truncated header: it claims 4294967295 bytes but only 2 "
            "follow");
}

TEST(NpyErrors, MalformedDictNamesTheProblem) {
  struct {
    const char *header;
    const char *message;
  } cases[] = {
      {"'descr': '<i4'}", "expected '{' at the start"},
      {"{descr: '<i4'}", "expected a quoted key"},
      {"{'descr' '<i4'}", "expected ':' after key 'descr'"},
      {"{'descr': '<i4' 'shape': ()}",
       "expected ',' or '}' after the value of key 'descr'"},
      {"{'descr': <i4, 'fortran_order': False, 'shape': ()}",
       "value of key 'descr' is not a string"},
      {"{'descr': '<i4', 'fortran_order': 0, 'shape': ()}",
       "value of key 'fortran_order' is not True or False"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': [2]}",
       "value of key 'shape' is not a tuple"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3}",
       "unterminated tuple in key 'shape'"},
      {"{'fortran_order': False, 'shape': ()}", "missing key 'descr'"},
      {"{'descr': '<i4', 'shape': ()}", "missing key 'fortran_order'"},
      {"{'descr': '<i4', 'fortran_order': False}", "missing key 'shape'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': (), 'x': 1}",
       "unexpected key 'x'"},
      {"{'descr': '<i4', 'descr': '<i4'}", "duplicate key 'descr'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': ()} junk",
       "unexpected text after the closing '}'"},
      {"{'descr': '<i4', 'fortran_order': False, 'shape': ()",
       "expected ',' or '}' after the value of key 'shape'"},
  };
  for (auto &c : cases) {
    EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, c.header), "m.npy")),
              std::string("m.npy: malformed header dict: ") + c.message)
        << c.header;
  }
}

TEST(NpyErrors, UnsupportedDType) {
  for (const char *descr :
       {"<c32", "<U3", "|S4", "<f16", "<i3", "|i4", "<V8", "<M8", "x"}) {
    EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict(descr, "(1,)")), "d.npy")),
              std::string("d.npy: unsupported dtype '") + descr + "'");
  }
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0,
                                     "{'descr': [('a', '<i4')], "
                                     "'fortran_order': False, 'shape': ()}"),
                             "d.npy")),
            "d.npy: unsupported dtype (structured dtypes are not supported)");
}

TEST(NpyErrors, FortranOrder) {
  EXPECT_EQ(
      errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "(2, 2)", "True")), "f.npy")),
      "f.npy: fortran_order True not supported (save with "
      "np.ascontiguousarray first)");
}

TEST(NpyErrors, BadShapeEntries) {
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "(2, -3)")), "s.npy")),
            "s.npy: negative shape entry '-3' in key 'shape'");
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "(2.5,)")), "s.npy")),
            "s.npy: non-integer shape entry '2.5' in key 'shape'");
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "('a',)")), "s.npy")),
            "s.npy: non-integer shape entry ''a'' in key 'shape'");
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "(2,,)")), "s.npy")),
            "s.npy: non-integer shape entry '' in key 'shape'");
  EXPECT_EQ(
      errorOf(parseNpy(makeNpy(1, 0, dict("<i4", "(99999999999999999999,)")),
                       "s.npy")),
      "s.npy: non-integer shape entry '99999999999999999999' in key "
      "'shape'");
}

TEST(NpyErrors, DataShorterThanHeader) {
  EXPECT_EQ(errorOf(parseNpy(
                makeNpy(1, 0, dict("<i4", "(2, 3)"), std::string(20, '\0')),
                "s.npy")),
            "s.npy: data has 20 bytes but the header describes 24");
}

TEST(NpyErrors, LyingHugeShapeDoesNotAllocate) {
  // 2^40 f8 elements would be 8 TiB; the check must happen before allocation.
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0, dict("<f8", "(1099511627776,)")),
                             "h.npy")),
            "h.npy: data has 0 bytes but the header describes 8796093022208");
  // Element count overflows int64.
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0,
                                     dict("<f8", "(4611686018427387904, "
                                                 "4611686018427387904)")),
                             "h.npy")),
            "h.npy: shape (4611686018427387904, 4611686018427387904) has too "
            "many elements");
  // Byte count overflows int64 although the element count does not.
  EXPECT_EQ(
      errorOf(parseNpy(makeNpy(1, 0, dict("<f8", "(4611686018427387904,)")),
                       "h.npy")),
      "h.npy: shape (4611686018427387904,) has too many bytes to address");
  // A zero dim makes the array empty, but numpy still refuses shapes whose
  // other dims overflow, and so do we.
  EXPECT_EQ(errorOf(parseNpy(makeNpy(1, 0,
                                     dict("|i1", "(0, 4611686018427387904, "
                                                 "4611686018427387904)")),
                             "h.npy")),
            "h.npy: shape (0, 4611686018427387904, 4611686018427387904) has "
            "too many elements");
  llvm::Expected<Tensor> ok =
      parseNpy(makeNpy(1, 0, dict("|i1", "(0, 4611686018427387904)")), "h.npy");
  ASSERT_TRUE(!!ok) << llvm::toString(ok.takeError());
  EXPECT_EQ(ok->numElements(), 0);
}

TEST(NpyErrors, MissingFileNamesPath) {
  std::string msg = errorOf(readNpyFile("/nonexistent/for/npytest.npy"));
  EXPECT_EQ(msg.rfind("/nonexistent/for/npytest.npy: cannot open: ", 0), 0u)
      << msg;
}

// Hostile input: random bytes, and random corruptions of a valid file, must
// produce a value or an error, never a crash (run under ASan in CI).
RC_GTEST_PROP(NpyFuzz, RandomBytesNeverCrash, (const std::string &junk)) {
  std::string withMagic = std::string("\x93NUMPY", 6) + junk;
  llvm::Expected<Tensor> a = parseNpy(junk, "r.npy");
  if (!a)
    llvm::consumeError(a.takeError());
  llvm::Expected<Tensor> b = parseNpy(withMagic, "r.npy");
  if (!b)
    llvm::consumeError(b.takeError());
}

RC_GTEST_PROP(NpyFuzz, CorruptedValidFileNeverCrashes,
              (std::vector<std::pair<uint16_t, uint8_t>> edits,
               uint16_t truncateAt)) {
  Tensor t = iota(DType::F32, {3, 4});
  std::string bytes = *serializeNpy(t);
  for (auto [pos, value] : edits)
    bytes[pos % bytes.size()] = static_cast<char>(value);
  bytes.resize(std::min<size_t>(bytes.size(), truncateAt));
  llvm::Expected<Tensor> r = parseNpy(bytes, "c.npy");
  if (r)
    RC_ASSERT(r->byteSize() <= bytes.size());
  else
    llvm::consumeError(r.takeError());
}

RC_GTEST_PROP(NpyFuzz, RandomShapesRoundTrip,
              (std::vector<uint8_t> dims, uint8_t which)) {
  Shape shape;
  for (size_t i = 0; i < dims.size() && i < 4; ++i)
    shape.push_back(dims[i] % 5);
  const RoundTripCase &c =
      kRoundTripCases[which %
                      (sizeof(kRoundTripCases) / sizeof(kRoundTripCases[0]))];
  Tensor t = iota(c.dtype, shape);
  llvm::Expected<Tensor> back = parseNpy(*serializeNpy(t), "p.npy");
  RC_ASSERT(!!back);
  RC_ASSERT(back->shape() == t.shape());
  RC_ASSERT(back->byteSize() == t.byteSize());
  RC_ASSERT(sameBytes(*back, t));
}

} // namespace

TEST(NpyTypeCodes, WritableExactlyWhereNumpyHasACode) {
  for (unsigned i = 0; i < kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    auto bytes = serializeNpy(Tensor(t, {2}));
    EXPECT_EQ(static_cast<bool>(bytes), npyHasTypeCode(t)) << dtypeName(t).str();
    if (!bytes)
      llvm::consumeError(bytes.takeError());
  }
}
