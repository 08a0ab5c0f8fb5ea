//===- ParameterArchiveTest.cpp - The IRPA reader -------------------------===//
//
// Archives built here byte by byte from the format's definition (IREE's
// runtime/src/iree/schemas/parameter_archive.h), the one IREE 3.13's
// iree-import-onnx wrote for a model (testdata/importer_params.irpa: W =
// arange(12)/7 and B = [0.5, -1, 2, 3] as f32), every malformed case the
// reader names, and random corruption of a valid archive (RapidCheck): an
// error or an archive whose every entry reads inside the file, never a
// crash.
//
//===----------------------------------------------------------------------===//

#include "interp/support/ParameterArchive.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstring>

using namespace ref;

namespace {

void put(std::string &s, uint64_t at, uint64_t v, unsigned n) {
  if (s.size() < at + n)
    s.resize(at + n, '\0');
  for (unsigned i = 0; i < n; ++i)
    s[at + i] = char((v >> (8 * i)) & 0xff);
}

struct Entry {
  std::string name;
  uint32_t type = 2; // data
  std::string data;  // data: the bytes; splat: the pattern
  uint64_t splatLength = 0;
};

/// One archive (header at offset 0): header 88 bytes, entry table at 96,
/// metadata after it, storage 64-aligned after that.
std::string build(const std::vector<Entry> &entries) {
  std::string table, meta, storage;
  for (const Entry &e : entries) {
    uint64_t nameOff = meta.size();
    meta += e.name;
    std::string entry;
    uint64_t size = e.type == 1 ? 60 + 25 : 60 + 16;
    put(entry, 0, size, 8);
    put(entry, 8, e.type, 4);
    put(entry, 12, 0, 8);
    put(entry, 20, nameOff, 8);
    put(entry, 28, e.name.size(), 8);
    put(entry, 36, 0, 8);
    put(entry, 44, 0, 8);
    put(entry, 52, e.type == 2 ? 64 : 0, 8);
    if (e.type == 1) {
      put(entry, 60, e.splatLength, 8);
      entry.resize(85, '\0');
      for (size_t i = 0; i < e.data.size(); ++i)
        entry[68 + i] = e.data[i];
      put(entry, 84, e.data.size(), 1);
    } else {
      uint64_t off = (storage.size() + 63) / 64 * 64;
      storage.resize(off, '\0');
      storage += e.data;
      put(entry, 60, off, 8);
      put(entry, 68, e.data.size(), 8);
    }
    entry.resize((entry.size() + 15) / 16 * 16, '\0');
    table += entry;
  }
  uint64_t tableOff = 96, metaOff = tableOff + table.size();
  uint64_t storageOff = (metaOff + meta.size() + 63) / 64 * 64;
  std::string s = "IRPA";
  put(s, 4, 0, 2);
  put(s, 6, 0, 2);
  put(s, 8, 88, 8);
  put(s, 16, 0, 8);
  put(s, 24, 0, 8);
  put(s, 32, entries.size(), 8);
  put(s, 40, tableOff, 8);
  put(s, 48, table.size(), 8);
  put(s, 56, metaOff, 8);
  put(s, 64, meta.size(), 8);
  put(s, 72, storageOff, 8);
  put(s, 80, storage.size(), 8);
  s.resize(tableOff, '\0');
  s += table + meta;
  s.resize(storageOff, '\0');
  s += storage;
  return s;
}

std::string f32Bytes(std::initializer_list<float> v) {
  std::string s(v.size() * 4, '\0');
  size_t i = 0;
  for (float f : v)
    std::memcpy(&s[4 * i++], &f, 4);
  return s;
}

std::string errorOf(llvm::StringRef bytes) {
  auto a = ParameterArchive::parse(bytes, "t.irpa");
  if (a)
    return "";
  return llvm::toString(a.takeError());
}

TEST(ParameterArchive, ReadsWhatTheImporterWrote) {
  auto a = ParameterArchive::load(REF_TESTDATA "/importer_params.irpa");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_EQ(a->entries().size(), 2u);
  const ParameterEntry *w = a->find("W");
  const ParameterEntry *b = a->find("B");
  ASSERT_TRUE(w && b);
  EXPECT_EQ(w->length, 48u);
  EXPECT_EQ(b->length, 16u);
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
  EXPECT_EQ(a->find("X"), nullptr);
}

TEST(ParameterArchive, DataSplatAndSkipEntries) {
  std::string bytes = build({{"a", 2, f32Bytes({1, 2, 3}), 0},
                             {"gone", 0, "", 0},
                             {"s", 1, std::string("\x01\x02", 2), 6}});
  auto a = ParameterArchive::parse(bytes, "t.irpa");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_EQ(a->entries().size(), 2u); // the skip entry is not there
  EXPECT_EQ(a->find("gone"), nullptr);
  auto s = a->read(*a->find("s"), 0, 6);
  ASSERT_TRUE(bool(s));
  EXPECT_EQ(*s, std::string("\x01\x02\x01\x02\x01\x02", 6));
  auto part = a->read(*a->find("s"), 1, 3); // the pattern from its phase
  ASSERT_TRUE(bool(part));
  EXPECT_EQ(*part, std::string("\x02\x01\x02", 3));
  auto d = a->read(*a->find("a"), 4, 8);
  ASSERT_TRUE(bool(d));
  EXPECT_EQ(*d, f32Bytes({2, 3}));
  auto past = a->read(*a->find("a"), 4, 12);
  ASSERT_FALSE(bool(past));
  EXPECT_NE(llvm::toString(past.takeError()).find("out of its range"),
            std::string::npos);
}

TEST(ParameterArchive, FollowsLinkedHeaders) {
  std::string first = build({{"x", 2, f32Bytes({7}), 0}});
  first.resize((first.size() + 15) / 16 * 16, '\0');
  std::string second = build({{"y", 2, f32Bytes({8}), 0}});
  put(first, 16, first.size(), 8); // next header: right after
  std::string both = first + second;
  auto a = ParameterArchive::parse(both, "t.irpa");
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  ASSERT_TRUE(a->find("x") && a->find("y"));
  auto y = a->read(*a->find("y"), 0, 4);
  ASSERT_TRUE(bool(y));
  EXPECT_EQ(*y, f32Bytes({8}));
}

TEST(ParameterArchive, NamesWhatIsWrong) {
  std::string good = build({{"w", 2, f32Bytes({1, 2}), 0}});
  auto with = [&](uint64_t at, uint64_t v, unsigned n) {
    std::string s = good;
    put(s, at, v, n);
    return errorOf(s);
  };
  auto has = [](const std::string &msg, const char *what) {
    return msg.find(what) != std::string::npos;
  };
  EXPECT_EQ(errorOf(good), "");
  EXPECT_TRUE(has(errorOf("IRP"), "inside the header"));
  EXPECT_TRUE(has(errorOf(""), "inside the header"));
  EXPECT_TRUE(has(with(0, 'X', 1), "no 'IRPA' magic"));
  EXPECT_TRUE(has(with(4, 1, 2), "version 1.0"));
  EXPECT_TRUE(has(with(6, 3, 2), "version 0.3"));
  EXPECT_TRUE(has(with(8, 96, 8), "header size 96"));
  EXPECT_TRUE(has(with(48, 1 << 20, 8), "the entry table"));
  EXPECT_TRUE(has(with(56, uint64_t(-8), 8), "the metadata segment"));
  EXPECT_TRUE(has(with(80, 1 << 30, 8), "the storage segment"));
  EXPECT_TRUE(has(with(32, 1000, 8), "1000 entries do not fit"));
  EXPECT_TRUE(has(with(32, 2, 8), "ends inside its header"));
  EXPECT_TRUE(has(with(96, 10, 8), "size 10"));
  EXPECT_TRUE(has(with(96, 9999, 8), "size 9999"));
  EXPECT_TRUE(has(with(96 + 28, 50, 8), "name"));
  EXPECT_TRUE(has(with(96 + 60, 64, 8), "is not inside the storage segment"));
  EXPECT_TRUE(has(with(96 + 68, uint64_t(-1), 8),
                  "is not inside the storage segment"));
  EXPECT_TRUE(has(with(96 + 8, 3, 4), "external file"));
  EXPECT_TRUE(has(with(96 + 8, 9, 4), "unknown type 9"));
  EXPECT_TRUE(has(with(16, 1 << 20, 8), "past the end"));
  // A next-header offset that wraps around (offsets only go forward).
  std::string loop = good;
  loop.resize((loop.size() + 15) / 16 * 16, '\0');
  std::string again = build({{"v", 2, f32Bytes({1}), 0}});
  put(loop, 16, loop.size(), 8);
  put(again, 16, uint64_t(-int64_t(loop.size())), 8);
  EXPECT_TRUE(has(errorOf(loop + again), "past the end"))
      << errorOf(loop + again);
  // Splats: a pattern length of 3, a length not a multiple of it.
  std::string splat = build({{"s", 1, std::string("\x01\x02\x03\x04", 4), 8}});
  EXPECT_EQ(errorOf(splat), "");
  std::string badLen = splat;
  put(badLen, 96 + 84, 3, 1);
  EXPECT_TRUE(has(errorOf(badLen), "pattern length 3"));
  std::string odd = splat;
  put(odd, 96 + 60, 6, 8);
  EXPECT_TRUE(has(errorOf(odd), "not a multiple"));
  // Two entries of one name.
  EXPECT_TRUE(has(errorOf(build({{"w", 2, f32Bytes({1}), 0},
                                 {"w", 2, f32Bytes({2}), 0}})),
                  "two entries named 'w'"));
  // Every error names the file and a byte offset.
  std::string e = with(0, 'X', 1);
  EXPECT_TRUE(has(e, "t.irpa: not a valid IREE parameter archive"));
  EXPECT_TRUE(has(e, "(at byte 0)"));
}

TEST(ParameterArchive, LoadErrorsNameTheFile) {
  auto a = ParameterArchive::load("/nonexistent/x.irpa");
  ASSERT_FALSE(bool(a));
  EXPECT_NE(llvm::toString(a.takeError()).find("/nonexistent/x.irpa"),
            std::string::npos);
}

TEST(ParameterIndex, LookupAndItsErrors) {
  std::string bytes = build({{"W", 2, f32Bytes({1}), 0}});
  ParameterIndex index;
  auto a = ParameterArchive::parse(bytes, "m.irpa");
  ASSERT_TRUE(bool(a));
  index.add("model", std::move(*a));
  auto found = index.lookup("model", "W");
  ASSERT_TRUE(bool(found));
  EXPECT_EQ(found->entry->name, "W");
  auto noKey = index.lookup("model", "B");
  ASSERT_FALSE(bool(noKey));
  EXPECT_EQ(llvm::toString(noKey.takeError()),
            "parameter \"model\"::\"B\": no entry \"B\" in scope \"model\" "
            "(m.irpa has \"W\")");
  auto noScope = index.lookup("other", "W");
  ASSERT_FALSE(bool(noScope));
  EXPECT_EQ(llvm::toString(noScope.takeError()),
            "parameter \"other\"::\"W\": no archive was given for scope "
            "\"other\" (--parameters=other=FILE.irpa); archives were given "
            "for \"model\"");
  ParameterIndex empty;
  auto none = empty.lookup("", "W");
  ASSERT_FALSE(bool(none));
  EXPECT_NE(llvm::toString(none.takeError()).find("(--parameters=FILE.irpa)"),
            std::string::npos);
  llvm::Error bad = index.add("model=/nonexistent.irpa");
  EXPECT_TRUE(bool(bad));
  llvm::consumeError(std::move(bad));
}

TEST(ParameterFlag, ScopeBeforeTheFirstEquals) {
  EXPECT_EQ(parseParameterFlag("model=a.irpa").scope, "model");
  EXPECT_EQ(parseParameterFlag("model=a.irpa").file, "a.irpa");
  EXPECT_EQ(parseParameterFlag("a.irpa").scope, "");
  EXPECT_EQ(parseParameterFlag("a.irpa").file, "a.irpa");
  EXPECT_EQ(parseParameterFlag("s=x=y.irpa").file, "x=y.irpa");
}

// Random corruption of a valid archive: parse never crashes and what it
// accepts reads inside the bytes (ASan checks the reads in the sanitizer
// build).
RC_GTEST_PROP(ParameterArchiveFuzz, CorruptedArchivesAreErrorsOrSafe,
              (std::vector<std::pair<uint16_t, uint8_t>> edits,
               uint16_t cut)) {
  std::string bytes = build({{"w", 2, f32Bytes({1, 2, 3}), 0},
                             {"s", 1, std::string("\x05", 1), 16},
                             {"z", 0, "", 0}});
  for (auto [at, v] : edits)
    bytes[at % bytes.size()] = char(v);
  if (cut % 4 == 0)
    bytes.resize(cut % (bytes.size() + 1));
  auto a = ParameterArchive::parse(bytes, "fuzz.irpa");
  if (!a) {
    llvm::consumeError(a.takeError());
    return;
  }
  for (const ParameterEntry &e : a->entries()) {
    if (e.kind == ParameterEntry::Kind::Data)
      RC_ASSERT(e.fileOffset + e.length <= bytes.size());
    uint64_t n = std::min<uint64_t>(e.length, 64);
    auto r = a->read(e, 0, n);
    RC_ASSERT(bool(r));
    RC_ASSERT(r->size() == n);
  }
}

} // namespace
