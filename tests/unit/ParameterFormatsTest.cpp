//===- ParameterFormatsTest.cpp - The safetensors and GGUF readers --------===//
//
// Files the formats' own writers made (testdata/writer_params.*, by
// make_param_formats.py with safetensors.numpy.save_file and gguf-py's
// GGUFWriter: W = arange(12)/7 as 3x4 f32, B = [0.5, -1, 2, 3]), files
// built here byte by byte from the formats' definitions, every malformed
// case the readers name, what IREE 3.13's runtime does that they follow
// (names as spelled, GGUF's types as IREE sizes them, the format by the
// extension), and random corruption (RapidCheck): an error or entries
// that read inside the file, never a crash.
//
//===----------------------------------------------------------------------===//

#include "interp/support/ParameterArchive.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstring>

using namespace ref;

namespace {

std::string f32Bytes(std::vector<float> v) {
  std::string s(v.size() * 4, '\0');
  std::memcpy(s.data(), v.data(), s.size());
  return s;
}

void put(std::string &s, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    s += char((v >> (8 * i)) & 0xff);
}

bool has(const std::string &msg, const char *what) {
  return msg.find(what) != std::string::npos;
}

//--- safetensors --------------------------------------------------------===//

std::string safetensors(const std::string &header, const std::string &data) {
  std::string s;
  put(s, header.size(), 8);
  return s + header + data;
}

std::string stError(const std::string &bytes) {
  auto a = ParameterArchive::parse(bytes, "t.safetensors",
                                   ParameterFormat::Safetensors);
  if (a)
    return "";
  return llvm::toString(a.takeError());
}

/// The refusal of entry `key` (read() fails with it), "" when it reads.
std::string readError(const ParameterArchive &a, llvm::StringRef key) {
  const ParameterEntry *e = a.find(key);
  if (!e)
    return "no entry";
  auto r = a.read(*e, 0, e->length);
  return r ? "" : llvm::toString(r.takeError());
}

TEST(Safetensors, ReadsWhatTheWriterWrote) {
  auto a = ParameterArchive::load(REF_TESTDATA "/writer_params.safetensors");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->format(), ParameterFormat::Safetensors);
  ASSERT_EQ(a->entries().size(), 2u); // __metadata__ is no entry
  const ParameterEntry *w = a->find("W");
  const ParameterEntry *b = a->find("B");
  ASSERT_TRUE(w && b);
  EXPECT_EQ(w->info, "F32 [3, 4]");
  EXPECT_EQ(b->info, "F32 [4]");
  auto wb = a->read(*w, 0, 48);
  ASSERT_TRUE(bool(wb));
  for (int i = 0; i < 12; ++i) {
    float f;
    std::memcpy(&f, wb->data() + 4 * i, 4);
    EXPECT_EQ(f, float(i) / 7.0f) << i; // numpy: arange(12, f32) / 7
  }
  auto bb = a->read(*b, 0, 16);
  ASSERT_TRUE(bool(bb));
  EXPECT_EQ(*bb, f32Bytes({0.5f, -1.0f, 2.0f, 3.0f}));
}

TEST(Safetensors, OffsetsAreRelativeToTheEndOfTheHeader) {
  // Trailing spaces pad the header (as the writer pads it to 8 bytes).
  std::string bytes =
      safetensors(R"({"__metadata__":{"a":"b"},"x":{"dtype":"F32","shape":[1],)"
                  R"("data_offsets":[4,8]},"y":{"data_offsets":[0,4]}}   )",
                  f32Bytes({1, 2}));
  auto a = ParameterArchive::parse(bytes, "t.safetensors",
                                   ParameterFormat::Safetensors);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_EQ(a->entries().size(), 2u);
  EXPECT_EQ(*a->read(*a->find("x"), 0, 4), f32Bytes({2}));
  EXPECT_EQ(*a->read(*a->find("y"), 0, 4), f32Bytes({1}));
  EXPECT_EQ(a->find("y")->info, ""); // no dtype: IREE needs none either
}

TEST(Safetensors, NamesAreSpelledAsInTheFile) {
  // IREE 3.13 keys an entry by its JSON key as written, escapes and all.
  std::string bytes =
      safetensors(R"({"w\u0041":{"data_offsets":[0,4]}})", f32Bytes({1}));
  auto a = ParameterArchive::parse(bytes, "t.safetensors",
                                   ParameterFormat::Safetensors);
  ASSERT_TRUE(bool(a));
  EXPECT_NE(a->find("w\\u0041"), nullptr);
  EXPECT_EQ(a->find("wA"), nullptr);
}

TEST(Safetensors, NamesWhatIsWrong) {
  std::string d = f32Bytes({1, 2});
  auto entry = [&](const std::string &body) {
    return stError(safetensors("{\"w\":" + body + "}", d));
  };
  EXPECT_EQ(entry(R"({"data_offsets":[0,8]})"), "");
  EXPECT_TRUE(has(stError("1234567"), "ends inside the 8-byte header length"));
  std::string huge;
  put(huge, uint64_t(-1), 8);
  EXPECT_TRUE(has(stError(huge + "{}"), "but only 2 bytes follow it"));
  EXPECT_TRUE(has(stError(safetensors(" {}", "")), "does not start with '{'"));
  EXPECT_TRUE(has(stError(safetensors("{\"w\":1,}", "")), "not valid JSON"));
  EXPECT_TRUE(has(stError(safetensors("{\"w\":1", "")), "not valid JSON"));
  EXPECT_TRUE(has(stError(safetensors("{\"\xff\":1}", "")), "not valid JSON"));
  EXPECT_TRUE(has(entry("[1]"), "tensor 'w': its value is not an object"));
  // Nesting: 128 levels are JSON IREE reads; past that (a million here, which
  // a recursive parser would overflow its stack on) it is refused.
  auto nested = [](size_t n) {
    return "{\"__metadata__\":" + std::string(n, '[') + std::string(n, ']') +
           "}";
  };
  EXPECT_EQ(stError(safetensors(nested(127), "")), "");
  EXPECT_TRUE(has(stError(safetensors(nested(128), "")),
                  "nests deeper than 128 levels"));
  EXPECT_TRUE(has(stError(safetensors(nested(1000000), "")),
                  "nests deeper than 128 levels (IREE's and the safetensors "
                  "library's limit) (at byte 151)"));
  EXPECT_EQ(stError(safetensors(R"({"__metadata__":"[[[[\"[[[["})", "")), "");
  EXPECT_TRUE(has(entry(R"({"dtype":"F32"})"), "no \"data_offsets\" array"));
  for (const char *offsets : {"[0]", "[0,1,2]", "[-1,4]", "[0,4.5]",
                              "[\"0\",4]", "[0,18446744073709551616]"})
    EXPECT_TRUE(has(entry(std::string("{\"data_offsets\":") + offsets + "}"),
                    "is not [BEGIN, END]"))
        << offsets;
  EXPECT_TRUE(has(entry(R"({"data_offsets":[8,4]})"), "not a range inside"));
  EXPECT_TRUE(has(entry(R"({"data_offsets":[0,9]})"),
                  "data_offsets [0, 9] are not a range inside the 8 bytes"));
  EXPECT_TRUE(has(stError(safetensors(R"({"w":{"data_offsets":[0,4]},)"
                                      R"("w":{"data_offsets":[4,8]}})",
                                      d)),
                  "two tensors named 'w'"));
  // Every error names the file, the format and a byte offset.
  std::string e = entry(R"({"data_offsets":[8,4]})");
  EXPECT_TRUE(has(e, "t.safetensors: not a valid safetensors file: "));
  EXPECT_TRUE(has(e, "(at byte 9)")) << e;
}

TEST(Safetensors, AnEntryItsDtypeAndShapeContradictIsRefusedWhenRead) {
  std::string bytes = safetensors(
      R"({"bad":{"dtype":"F16","shape":[3],"data_offsets":[0,8]},)"
      R"("ok":{"dtype":"I32","shape":[2],"data_offsets":[0,8]},)"
      R"("packed":{"dtype":"F4","shape":[16],"data_offsets":[0,8]},)"
      R"("odd":{"dtype":"F4","shape":[3],"data_offsets":[0,2]},)"
      R"("new":{"dtype":"F3","shape":[7],"data_offsets":[0,8]},)"
      R"("dtype":{"dtype":7,"shape":[2],"data_offsets":[0,8]},)"
      R"("shape":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]},)"
      R"("huge":{"dtype":"F64","shape":[4294967296,4294967296],)"
      R"("data_offsets":[0,8]}})",
      f32Bytes({1, 2}));
  auto a = ParameterArchive::parse(bytes, "t.safetensors",
                                   ParameterFormat::Safetensors);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_TRUE(has(readError(*a, "bad"),
                  "the header says F16 [3], which is 6 bytes, but "
                  "data_offsets give 8 bytes"));
  EXPECT_EQ(readError(*a, "ok"), "");
  EXPECT_EQ(readError(*a, "packed"), ""); // 16 4-bit values: 8 bytes
  EXPECT_TRUE(has(readError(*a, "odd"), "which is 12 bits"));
  EXPECT_EQ(readError(*a, "new"), ""); // a dtype we do not know: unchecked
  EXPECT_TRUE(has(readError(*a, "dtype"), "\"dtype\" is not a string"));
  EXPECT_TRUE(has(readError(*a, "shape"), "\"shape\" is not an array"));
  EXPECT_TRUE(has(readError(*a, "huge"), "more bytes than 64 bits count"));
}

//--- GGUF ---------------------------------------------------------------===//

struct Tensor {
  std::string name;
  std::vector<uint64_t> dims;
  uint32_t type;
  uint64_t offset;
};

void putString(std::string &s, const std::string &v) {
  put(s, v.size(), 8);
  s += v;
}

/// A GGUF file: `kvs` are pre-encoded pairs (key, type, value), then the
/// tensor infos, padding to `alignment`, then `data`.
std::string gguf(const std::vector<std::string> &kvs,
                 const std::vector<Tensor> &tensors, const std::string &data,
                 uint64_t alignment = 32, uint32_t version = 3) {
  std::string s = "GGUF";
  put(s, version, 4);
  put(s, tensors.size(), 8);
  put(s, kvs.size(), 8);
  for (const std::string &kv : kvs)
    s += kv;
  for (const Tensor &t : tensors) {
    putString(s, t.name);
    put(s, t.dims.size(), 4);
    for (uint64_t d : t.dims)
      put(s, d, 8);
    put(s, t.type, 4);
    put(s, t.offset, 8);
  }
  s.resize((s.size() + alignment - 1) / alignment * alignment, '\0');
  return s + data;
}

std::string kv(const std::string &key, uint32_t type, uint64_t v, unsigned n) {
  std::string s;
  putString(s, key);
  put(s, type, 4);
  put(s, v, n);
  return s;
}

std::string ggError(const std::string &bytes) {
  auto a = ParameterArchive::parse(bytes, "t.gguf", ParameterFormat::Gguf);
  if (a)
    return "";
  return llvm::toString(a.takeError());
}

TEST(Gguf, ReadsWhatTheWriterWrote) {
  auto a = ParameterArchive::load(REF_TESTDATA "/writer_params.gguf");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->format(), ParameterFormat::Gguf);
  ASSERT_EQ(a->entries().size(), 3u);
  const ParameterEntry *w = a->find("W");
  const ParameterEntry *b = a->find("B");
  const ParameterEntry *q = a->find("Q");
  ASSERT_TRUE(w && b && q);
  EXPECT_EQ(w->info, "GGML F32, ne [4, 3]"); // GGUF lists ne[0] first
  EXPECT_EQ(w->length, 48u);
  auto wb = a->read(*w, 0, 48);
  ASSERT_TRUE(bool(wb));
  for (int i = 0; i < 12; ++i) {
    float f;
    std::memcpy(&f, wb->data() + 4 * i, 4);
    EXPECT_EQ(f, float(i) / 7.0f) << i;
  }
  EXPECT_EQ(*a->read(*b, 0, 16), f32Bytes({0.5f, -1.0f, 2.0f, 3.0f}));
  // Q8_0: 64 elements are 2 blocks of 34 bytes, which hold 0..67.
  EXPECT_EQ(q->info, "GGML Q8_0, ne [64, 1]");
  ASSERT_EQ(q->length, 68u);
  auto qb = a->read(*q, 0, 68);
  ASSERT_TRUE(bool(qb));
  for (int i = 0; i < 68; ++i)
    EXPECT_EQ(uint8_t((*qb)[i]), i);
}

TEST(Gguf, SkipsEveryMetadataTypeAndHonoursTheAlignment) {
  std::string kvs;
  std::vector<std::string> pairs;
  for (uint32_t t : {0u, 1u, 7u})
    pairs.push_back(kv("k" + std::to_string(t), t, 0xab, 1));
  for (uint32_t t : {2u, 3u})
    pairs.push_back(kv("k" + std::to_string(t), t, 0xabcd, 2));
  for (uint32_t t : {4u, 5u, 6u})
    pairs.push_back(kv("k" + std::to_string(t), t, 0x12345678, 4));
  for (uint32_t t : {10u, 11u, 12u})
    pairs.push_back(kv("k" + std::to_string(t), t, 0x1122334455667788, 8));
  std::string str;
  putString(str, "s");
  put(str, 8, 4);
  putString(str, "a string");
  pairs.push_back(str);
  std::string arr;
  putString(arr, "ints");
  put(arr, 9, 4);
  put(arr, 3, 4); // u16
  put(arr, 3, 8);
  put(arr, 0x0102030405060708, 6);
  pairs.push_back(arr);
  std::string strs;
  putString(strs, "strings");
  put(strs, 9, 4);
  put(strs, 8, 4);
  put(strs, 2, 8);
  putString(strs, "ab");
  putString(strs, "");
  pairs.push_back(strs);
  pairs.push_back(kv("general.alignment", 4, 64, 4));
  std::string data = f32Bytes({1, 2, 3}) + std::string(52, '\0') +
                     f32Bytes({4}); // the second tensor at offset 64
  std::string bytes =
      gguf(pairs, {{"a", {3}, 0, 0}, {"b", {1, 1}, 0, 64}}, data, 64);
  auto a = ParameterArchive::parse(bytes, "t.gguf", ParameterFormat::Gguf);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->find("a")->fileOffset % 64, 0u);
  EXPECT_EQ(*a->read(*a->find("a"), 0, 12), f32Bytes({1, 2, 3}));
  EXPECT_EQ(*a->read(*a->find("b"), 0, 4), f32Bytes({4}));
  // Version 2 reads the same; no tensors: nothing past the counts is read.
  EXPECT_EQ(ggError(gguf(pairs, {{"a", {3}, 0, 0}}, data, 32, 2)), "");
  std::string empty = gguf({}, {}, "");
  put(empty, 0, 8);
  empty[16] = 5; // five pairs that are not there
  EXPECT_EQ(ggError(empty + "junk"), "");
}

TEST(Gguf, NamesWhatIsWrong) {
  std::string d = f32Bytes({1, 2, 3, 4});
  auto one = [&](Tensor t, std::vector<std::string> kvs = {}) {
    return ggError(gguf(kvs, {t}, d));
  };
  std::string good = gguf({}, {{"w", {4}, 0, 0}}, d);
  EXPECT_EQ(ggError(good), "");
  EXPECT_TRUE(has(ggError("GGU"), "no 'GGUF' magic"));
  EXPECT_TRUE(has(ggError("XGUF" + good.substr(4)), "no 'GGUF' magic"));
  for (uint32_t v : {1u, 4u})
    EXPECT_TRUE(has(ggError(gguf({}, {{"w", {4}, 0, 0}}, d, 32, v)),
                    ("version " + std::to_string(v)).c_str()));
  EXPECT_TRUE(has(ggError(gguf({}, {{"w", {4}, 0, 0}}, d, 32, 0x03000000)),
                  "a big-endian file?"));
  EXPECT_TRUE(has(ggError(good.substr(0, 12)), "ends inside the tensor count"));
  std::string manyKv = good;
  manyKv[16 + 7] = 1;
  EXPECT_TRUE(has(ggError(manyKv), "metadata pairs do not fit"));
  std::string manyT = good;
  manyT[8 + 6] = 1;
  EXPECT_TRUE(has(ggError(manyT), "tensor infos do not fit"));
  // Metadata.
  EXPECT_TRUE(
      has(one({"w", {4}, 0, 0}, {kv("k", 13, 0, 8)}), "unknown value type 13"));
  std::string longStr;
  putString(longStr, "k");
  put(longStr, 8, 4);
  put(longStr, 1 << 30, 8);
  EXPECT_TRUE(
      has(one({"w", {4}, 0, 0}, {longStr}), "a string of 1073741824 bytes"));
  std::string nested;
  putString(nested, "k");
  put(nested, 9, 4);
  put(nested, 9, 4);
  put(nested, 1, 8);
  EXPECT_TRUE(has(one({"w", {4}, 0, 0}, {nested}), "an array of arrays"));
  std::string bigArray;
  putString(bigArray, "k");
  put(bigArray, 9, 4);
  put(bigArray, 10, 4);
  put(bigArray, uint64_t(1) << 61, 8);
  EXPECT_TRUE(has(one({"w", {4}, 0, 0}, {bigArray}), "values of 8 bytes"));
  EXPECT_TRUE(has(one({"w", {4}, 0, 0}, {kv("general.alignment", 10, 64, 8)}),
                  "general.alignment has value type 10"));
  for (uint64_t al : {0u, 48u})
    EXPECT_TRUE(has(one({"w", {4}, 0, 0}, {kv("general.alignment", 4, al, 4)}),
                    "is not a power of two"));
  // Tensor infos and their data.
  std::string many;
  put(many, 0, 0);
  EXPECT_TRUE(
      has(one({"w", {4}, 4, 0}), "IREE 3.13's runtime divides by zero"));
  EXPECT_TRUE(has(one({"w", {4}, 5, 0}), "divides by zero"));
  EXPECT_TRUE(has(one({"w", {4}, 26, 0}),
                  "ggml type I32 (26), which IREE 3.13's runtime does not "
                  "take"));
  EXPECT_TRUE(has(one({"w", {2}, 30, 0}), "BF16 (30)"));
  EXPECT_TRUE(has(one({"w", {4}, 31, 0}), "unknown ggml type 31"));
  EXPECT_TRUE(has(one({"w", {4}, 999, 0}), "unknown ggml type 999"));
  EXPECT_TRUE(has(one({"w", {5}, 0, 0}), "its 20 bytes at offset 0 are not "
                                         "inside the 16 bytes"));
  EXPECT_TRUE(has(one({"w", {1}, 0, uint64_t(-2)}), "are not inside"));
  EXPECT_TRUE(has(one({"w", {uint64_t(1) << 32, uint64_t(1) << 32}, 0, 0}),
                  "overflows 64 bits"));
  EXPECT_TRUE(has(ggError(gguf({}, {{"w", {1}, 0, 0}, {"w", {1}, 0, 4}}, d)),
                  "two tensors named 'w'"));
  // The data would start past the end of a file cut after the infos.
  std::string cut = good.substr(0, good.size() - d.size() - 1);
  EXPECT_TRUE(has(ggError(cut), "past the end of the file"));
  // Every error names the file, the format and a byte offset.
  std::string e = one({"w", {4}, 26, 0});
  EXPECT_TRUE(has(e, "t.gguf: not a valid GGUF file: tensor 'w': "));
  EXPECT_TRUE(has(e, "(at byte 24)")) << e;
}

TEST(Gguf, TensorsIreeSizesDifferentlyAreRefusedWhenRead) {
  std::string d(256, '\x07');
  // Type 16 is GGUF's IQ2_XXS (256 elements: 66 bytes); IREE 3.13 reads it
  // as I8 (256 bytes). Both fit here: the file loads, the entry does not.
  std::string bytes = gguf({}, {{"iq", {256}, 16, 0}, {"ok", {4}, 0, 0}}, d);
  auto a = ParameterArchive::parse(bytes, "t.gguf", ParameterFormat::Gguf);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->find("iq")->length, 66u);
  EXPECT_TRUE(has(readError(*a, "iq"),
                  "GGUF's IQ2_XXS (66 bytes here), which IREE 3.13's "
                  "runtime reads as I8 (256 bytes"));
  EXPECT_EQ(readError(*a, "ok"), "");
  // Where IREE's size runs past the data, IREE refuses the file: so do we.
  EXPECT_TRUE(has(ggError(gguf({}, {{"iq", {512}, 16, 0}}, d)),
                  "(as IREE 3.13 sizes it, reading type 16 as I8)"));
  // A block type whose ne[0] is not a multiple of its block.
  auto b = ParameterArchive::parse(gguf({}, {{"q", {33}, 8, 0}}, d), "t.gguf",
                                   ParameterFormat::Gguf);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_TRUE(has(readError(*b, "q"), "ne[0] = 33 is not a multiple"));
  EXPECT_TRUE(has(readError(*b, "q"), "round its size down to 35 bytes"));
  // Every K quant and Q8_1 by its block (gguf-py's GGML_QUANT_SIZES).
  for (auto [type, bytesPer256] :
       std::vector<std::pair<uint32_t, uint64_t>>{{2, 8 * 18},
                                                  {3, 8 * 20},
                                                  {6, 8 * 22},
                                                  {7, 8 * 24},
                                                  {8, 8 * 34},
                                                  {9, 8 * 40},
                                                  {10, 84},
                                                  {11, 110},
                                                  {12, 144},
                                                  {13, 176},
                                                  {14, 210},
                                                  {15, 292},
                                                  {1, 512}}) {
    std::string big(4096, '\0');
    auto c = ParameterArchive::parse(gguf({}, {{"t", {256}, type, 0}}, big),
                                     "t.gguf", ParameterFormat::Gguf);
    ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
    EXPECT_EQ(c->find("t")->length, bytesPer256) << type;
  }
}

//--- Formats by extension -----------------------------------------------===//

TEST(ParameterFormat, ByTheExtensionAsIreePicksIt) {
  EXPECT_EQ(parameterFormatOf("a/b.irpa"), ParameterFormat::Irpa);
  EXPECT_EQ(parameterFormatOf("m.safetensors"), ParameterFormat::Safetensors);
  EXPECT_EQ(parameterFormatOf("M.GGUF"), ParameterFormat::Gguf);
  EXPECT_EQ(parameterFormatOf("dir/gguf"), ParameterFormat::Gguf);
  EXPECT_EQ(parameterFormatOf("w.bin"), std::nullopt);
  EXPECT_EQ(parameterFormatOf("x.gguf/w"), std::nullopt);
  EXPECT_EQ(parameterFormatOf("w.irpa.bak"), std::nullopt);
}

TEST(ParameterFormat, LoadTakesTheExtensionAndHintsAtTheMagic) {
  // The GGUF test file under a .safetensors or .irpa name, and under .bin.
  auto buf = llvm::MemoryBuffer::getFile(REF_TESTDATA "/writer_params.gguf");
  ASSERT_TRUE(bool(buf));
  llvm::StringRef bytes = (*buf)->getBuffer();
  auto st = ParameterArchive::parse(bytes, "w.safetensors",
                                    ParameterFormat::Safetensors);
  ASSERT_FALSE(bool(st));
  std::string e = llvm::toString(st.takeError());
  EXPECT_TRUE(has(e, "not a valid safetensors file")) << e;
  EXPECT_TRUE(has(e, "the file looks like a GGUF file")) << e;
  auto ir = ParameterArchive::parse(bytes, "w.irpa", ParameterFormat::Irpa);
  ASSERT_FALSE(bool(ir));
  EXPECT_TRUE(has(llvm::toString(ir.takeError()), "looks like a GGUF file"));
  auto sb =
      llvm::MemoryBuffer::getFile(REF_TESTDATA "/writer_params.safetensors");
  ASSERT_TRUE(bool(sb));
  auto gg = ParameterArchive::parse((*sb)->getBuffer(), "w.gguf",
                                    ParameterFormat::Gguf);
  ASSERT_FALSE(bool(gg));
  EXPECT_TRUE(
      has(llvm::toString(gg.takeError()), "looks like a safetensors file"));
  // load() refuses an extension IREE does not read, naming the three.
  llvm::SmallString<128> tmp;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("w", "bin", tmp));
  auto bin = ParameterArchive::load(tmp);
  llvm::sys::fs::remove(tmp);
  ASSERT_FALSE(bool(bin));
  EXPECT_TRUE(has(llvm::toString(bin.takeError()),
                  "takes .irpa, .safetensors and .gguf"));
}

// Random corruption of valid files of both formats: parse never crashes
// and what it accepts reads inside the bytes (ASan checks the reads in the
// sanitizer build).
RC_GTEST_PROP(ParameterFormatsFuzz, CorruptedFilesAreErrorsOrSafe,
              (std::vector<std::pair<uint16_t, uint8_t>> edits, uint16_t cut,
               bool isGguf)) {
  std::string pairs = kv("general.alignment", 4, 16, 4);
  std::string bytes =
      isGguf ? gguf({pairs}, {{"w", {3}, 0, 0}, {"q", {32}, 8, 16}},
                    f32Bytes({1, 2, 3, 4}) + std::string(34, '\1'), 16)
             : safetensors(R"({"w":{"dtype":"F32","shape":[3],)"
                           R"("data_offsets":[0,12]},"v":{"data_offsets":)"
                           R"([4,8]},"__metadata__":{}})",
                           f32Bytes({1, 2, 3}));
  for (auto [at, v] : edits)
    bytes[at % bytes.size()] = char(v);
  if (cut % 4 == 0)
    bytes.resize(cut % (bytes.size() + 1));
  auto a = ParameterArchive::parse(bytes, "fuzz",
                                   isGguf ? ParameterFormat::Gguf
                                          : ParameterFormat::Safetensors);
  if (!a) {
    llvm::consumeError(a.takeError());
    return;
  }
  for (const ParameterEntry &e : a->entries()) {
    RC_ASSERT(e.fileOffset + e.length <= bytes.size());
    uint64_t n = std::min<uint64_t>(e.length, 64);
    auto r = a->read(e, 0, n);
    RC_ASSERT(bool(r) == e.refusal.empty());
    if (r)
      RC_ASSERT(r->size() == n);
    else
      llvm::consumeError(r.takeError());
  }
}

} // namespace
