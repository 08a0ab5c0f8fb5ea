//===- GgufArchive.cpp - GGUF files as parameters -------------------------===//
//
// A reader of GGUF (llama.cpp's format; ggml's docs/gguf.md), versions 2
// and 3, all little-endian: "GGUF", version u32, tensor count u64,
// metadata count u64; the metadata key-value pairs (key: u64 length +
// bytes; value type u32; value: a scalar of 1/2/4/8 bytes, a string, or an
// array: element type u32, count u64, elements); the tensor infos (name,
// n_dims u32, n_dims u64 dims with ne[0] the innermost, ggml type u32,
// offset u64 into the tensor data); then the tensor data, which starts at
// the end of the infos rounded up to `general.alignment` (u32, default 32).
// A tensor's byte size is not stored: it is ne[0] * ... / the type's block
// size * the block's bytes.
//
// What IREE 3.13's runtime makes of it (runtime/src/iree/io/formats/gguf),
// which this reader follows: an entry per tensor, named by the tensor's
// name, holding [offset, + size) of the tensor data. IREE's table of ggml
// types predates 2024: it knows types 0-18 and reads 16-18 as I8, I16 and
// I32 (today's IQ2_XXS, IQ2_XS and IQ3_XXS; I8-I32 are now 24-26), refuses
// the file for any type from 19 on (BF16, I8-I64, F64, the IQ and TQ
// quants) and divides by zero on the removed types 4 and 5. This reader
// knows today's table (gguf-py's GGML_QUANT_SIZES), refuses what IREE
// refuses, and refuses to read an entry IREE sizes differently from GGUF;
// docs/frontends.md has each decision.
//
//===----------------------------------------------------------------------===//

#include "interp/support/ParameterArchive.h"
#include "interp/support/ParameterArchiveDetail.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

namespace ref {

using llvm::StringRef;
using param_detail::add;
using param_detail::le;
using param_detail::mul;

namespace {

constexpr StringRef kFormat = "GGUF file";
constexpr uint64_t kDefaultAlignment = 32;

struct GgmlType {
  const char *name; // null: no such type (removed or never assigned)
  uint32_t block;   // elements per block
  uint32_t bytes;   // bytes per block
};

/// ggml's types today, by id (gguf-py 0.19's GGMLQuantizationType and
/// GGML_QUANT_SIZES).
constexpr GgmlType kTypes[] = {
    {"F32", 1, 4},        {"F16", 1, 2},        {"Q4_0", 32, 18},
    {"Q4_1", 32, 20},     {nullptr, 0, 0},      {nullptr, 0, 0},
    {"Q5_0", 32, 22},     {"Q5_1", 32, 24},     {"Q8_0", 32, 34},
    {"Q8_1", 32, 40},     {"Q2_K", 256, 84},    {"Q3_K", 256, 110},
    {"Q4_K", 256, 144},   {"Q5_K", 256, 176},   {"Q6_K", 256, 210},
    {"Q8_K", 256, 292},   {"IQ2_XXS", 256, 66}, {"IQ2_XS", 256, 74},
    {"IQ3_XXS", 256, 98}, {"IQ1_S", 256, 50},   {"IQ4_NL", 32, 18},
    {"IQ3_S", 256, 110},  {"IQ2_S", 256, 82},   {"IQ4_XS", 256, 136},
    {"I8", 1, 1},         {"I16", 1, 2},        {"I32", 1, 4},
    {"I64", 1, 8},        {"F64", 1, 8},        {"IQ1_M", 256, 56},
    {"BF16", 1, 2},       {nullptr, 0, 0},      {nullptr, 0, 0},
    {nullptr, 0, 0},      {"TQ1_0", 256, 54},   {"TQ2_0", 256, 66},
    {nullptr, 0, 0},      {nullptr, 0, 0},      {nullptr, 0, 0},
    {"MXFP4", 32, 17},    {"NVFP4", 64, 36},    {"Q1_0", 128, 18},
};
constexpr uint32_t kTypeCount = sizeof(kTypes) / sizeof(kTypes[0]);

/// How IREE 3.13's runtime sizes types 16-18 (its table's I8, I16, I32).
constexpr GgmlType kIreeOld[] = {{"I8", 1, 1}, {"I16", 1, 2}, {"I32", 1, 4}};

/// Bytes per scalar metadata value type; 0 for string (8) and array (9).
constexpr unsigned kValueSize[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
constexpr uint32_t kString = 8, kArray = 9, kUint32 = 4;

/// Reads a GGUF file front to back; every read checks the bytes are there.
class Reader {
public:
  Reader(StringRef bytes, StringRef file) : bytes_(bytes), file_(file) {}
  uint64_t at() const { return at_; }
  /// Skips `n` bytes the caller knows are there.
  void advance(uint64_t n) { at_ += std::min(n, left()); }
  uint64_t left() const { return bytes_.size() - at_; }

  llvm::Error bad(uint64_t at, const llvm::Twine &what) const {
    return param_detail::bad(file_, kFormat, at, what);
  }
  llvm::Expected<uint64_t> number(unsigned n, StringRef field) {
    if (left() < n)
      return bad(at_, llvm::formatv("the file ({0} bytes) ends inside {1}",
                                    bytes_.size(), field));
    uint64_t v = le(bytes_, at_, n);
    at_ += n;
    return v;
  }
  llvm::Expected<StringRef> string(StringRef field) {
    uint64_t start = at_;
    auto n = number(8, field);
    if (!n)
      return n.takeError();
    if (*n > left())
      return bad(start, llvm::formatv("{0}: a string of {1} bytes, but "
                                      "only {2} are left in the file",
                                      field, *n, left()));
    StringRef s = bytes_.substr(at_, *n);
    at_ += *n;
    return s;
  }
  llvm::Error skip(uint64_t count, uint64_t each, uint64_t start,
                   StringRef field) {
    auto n = mul(count, each);
    if (!n || *n > left())
      return bad(start, llvm::formatv("{0}: {1} values of {2} bytes, but "
                                      "only {3} bytes are left in the file",
                                      field, count, each, left()));
    at_ += *n;
    return llvm::Error::success();
  }

  /// Skips one metadata value of `type` (an array's elements included).
  llvm::Error value(uint32_t type, uint64_t typeAt, StringRef key) {
    std::string field = ("the value of '" + key + "'").str();
    if (type >= sizeof(kValueSize) / sizeof(kValueSize[0]))
      return bad(typeAt, llvm::formatv("metadata '{0}': unknown value type "
                                       "{1} (0-12)",
                                       key, type));
    if (type == kString)
      return string(field).takeError();
    if (type != kArray)
      return skip(1, kValueSize[type], at_, field);
    uint64_t elemAt = at_;
    auto elem = number(4, field + "'s element type");
    if (!elem)
      return elem.takeError();
    auto count = number(8, field + "'s length");
    if (!count)
      return count.takeError();
    if (*elem == kArray)
      return bad(elemAt, "metadata '" + key +
                             "': an array of arrays, which IREE 3.13's "
                             "runtime does not take (it refuses the file)");
    if (*elem == kString) {
      // Each string is at least its 8-byte length: bound the loop first.
      if (*count > left() / 8)
        return bad(elemAt, llvm::formatv("metadata '{0}': {1} strings do "
                                         "not fit in the {2} bytes left",
                                         key, *count, left()));
      for (uint64_t i = 0; i < *count; ++i)
        if (auto s = string(field); !s)
          return s.takeError();
      return llvm::Error::success();
    }
    if (*elem >= sizeof(kValueSize) / sizeof(kValueSize[0]))
      return bad(elemAt, llvm::formatv("metadata '{0}': an array of unknown "
                                       "value type {1} (0-12)",
                                       key, *elem));
    return skip(*count, kValueSize[*elem], elemAt, field);
  }

private:
  StringRef bytes_, file_;
  uint64_t at_ = 0;
};

std::string dimsText(const std::vector<uint64_t> &dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

} // namespace

llvm::Expected<ParameterArchive> ParameterArchive::parseGguf(StringRef bytes,
                                                             StringRef name) {
  ParameterArchive a;
  a.name_ = name.str();
  a.bytes_ = bytes;
  Reader r(bytes, name);
  if (bytes.size() < 4 || !bytes.starts_with("GGUF"))
    return r.bad(0, "no 'GGUF' magic");
  r.advance(4); // the magic
  auto version = r.number(4, "the version");
  if (!version)
    return version.takeError();
  if (*version != 2 && *version != 3)
    return r.bad(
        4, llvm::formatv("version {0} (this reader, like IREE 3.13's runtime, "
                         "takes 2 and 3{1})",
                         *version,
                         (*version & 0xffff) == 0 && *version
                             ? "; a big-endian file?"
                             : ""));
  auto tensorCount = r.number(8, "the tensor count");
  if (!tensorCount)
    return tensorCount.takeError();
  auto kvCount = r.number(8, "the metadata count");
  if (!kvCount)
    return kvCount.takeError();
  // IREE 3.13 stops here when there are no tensors: so does this reader.
  if (*tensorCount == 0)
    return a;
  // A pair takes at least 13 bytes (key length, type, a 1-byte value), a
  // tensor info 24: a lying count is refused before it can make us loop.
  if (*kvCount > r.left() / 13)
    return r.bad(16, llvm::formatv("{0} metadata pairs do not fit in the "
                                   "{1} bytes left",
                                   *kvCount, r.left()));
  uint64_t alignment = kDefaultAlignment;
  for (uint64_t i = 0; i < *kvCount; ++i) {
    auto key = r.string(llvm::formatv("metadata pair {0}'s key", i).str());
    if (!key)
      return key.takeError();
    uint64_t typeAt = r.at();
    auto type = r.number(4, "the type of '" + key->str() + "'");
    if (!type)
      return type.takeError();
    uint64_t valueAt = r.at();
    if (llvm::Error e = r.value(*type, typeAt, *key))
      return std::move(e);
    if (*key == "general.alignment") {
      if (*type != kUint32)
        return r.bad(typeAt, llvm::formatv("general.alignment has value "
                                           "type {0}; IREE 3.13 (and GGUF) "
                                           "want uint32 (4)",
                                           *type));
      alignment = le(bytes, valueAt, 4);
      // IREE rounds with a power-of-two mask: 0 or another value would put
      // the data at a wrong offset (0 at the file's start).
      if (alignment == 0 || (alignment & (alignment - 1)))
        return r.bad(valueAt, llvm::formatv("general.alignment {0} is not a "
                                            "power of two",
                                            alignment));
    }
  }
  if (*tensorCount > r.left() / 24)
    return r.bad(8, llvm::formatv("{0} tensor infos do not fit in the {1} "
                                  "bytes left after the metadata",
                                  *tensorCount, r.left()));
  struct Info {
    uint64_t at;
    StringRef name;
    std::vector<uint64_t> dims;
    uint32_t type;
    uint64_t offset;
  };
  std::vector<Info> infos;
  for (uint64_t i = 0; i < *tensorCount; ++i) {
    Info t;
    t.at = r.at();
    std::string which = llvm::formatv("tensor info {0}", i).str();
    auto tname = r.string(which + "'s name");
    if (!tname)
      return tname.takeError();
    t.name = *tname;
    which += " ('" + tname->str() + "')";
    uint64_t nAt = r.at();
    auto n = r.number(4, which + "'s n_dims");
    if (!n)
      return n.takeError();
    if (*n > r.left() / 8)
      return r.bad(nAt, llvm::formatv("{0}: {1} dimensions do not fit in the "
                                      "{2} bytes left",
                                      which, *n, r.left()));
    for (uint64_t d = 0; d < *n; ++d) { // inside: checked above
      t.dims.push_back(le(bytes, r.at(), 8));
      r.advance(8);
    }
    auto type = r.number(4, which + "'s type");
    if (!type)
      return type.takeError();
    t.type = *type;
    auto off = r.number(8, which + "'s offset");
    if (!off)
      return off.takeError();
    t.offset = *off;
    infos.push_back(std::move(t));
  }
  // The data starts at the end of the infos rounded up to the alignment.
  uint64_t dataStart =
      (r.at() + alignment - 1) / alignment * alignment; // no overflow: at <
                                                        // size, align <= 2^31
  if (dataStart > bytes.size())
    return r.bad(r.at(), llvm::formatv("the tensor data would start at byte "
                                       "{0} (aligned to {1}), past the end "
                                       "of the file ({2} bytes)",
                                       dataStart, alignment, bytes.size()));
  const uint64_t dataSize = bytes.size() - dataStart;

  llvm::StringMap<bool> seen;
  for (const Info &t : infos) {
    auto tbad = [&](const llvm::Twine &what) {
      return r.bad(t.at, "tensor '" + t.name + "': " + what);
    };
    if (!seen.try_emplace(t.name, true).second)
      return r.bad(t.at, "two tensors named '" + t.name + "'");
    const GgmlType *type =
        t.type < kTypeCount && kTypes[t.type].name ? &kTypes[t.type] : nullptr;
    std::string typeName =
        type ? llvm::formatv("{0} ({1})", type->name, t.type).str()
             : std::to_string(t.type);
    if (t.type == 4 || t.type == 5)
      return tbad(llvm::formatv("ggml type {0}, a type ggml removed (Q4_2, "
                                "Q4_3); IREE 3.13's runtime divides by "
                                "zero on it",
                                t.type));
    if (!type)
      return tbad("unknown ggml type " + typeName);
    if (t.type > 18)
      return tbad("ggml type " + typeName +
                  ", which IREE 3.13's runtime does not take (its table "
                  "stops at type 18; it fails with UNIMPLEMENTED for the "
                  "whole file)");
    std::optional<uint64_t> count = 1;
    for (uint64_t d : t.dims)
      count = count ? mul(*count, d) : std::nullopt;
    auto bytesOf = [&](const GgmlType &g) -> std::optional<uint64_t> {
      if (!count)
        return std::nullopt;
      return mul(*count / g.block, g.bytes);
    };
    std::optional<uint64_t> length = bytesOf(*type);
    if (!length)
      return tbad("its size overflows 64 bits: dims " + dimsText(t.dims));
    auto checkRange = [&](uint64_t len, const llvm::Twine &how) -> llvm::Error {
      auto end = add(t.offset, len);
      if (!end || *end > dataSize)
        return tbad(llvm::formatv("its {0} bytes{1} at offset {2} are not "
                                  "inside the {3} bytes of tensor data "
                                  "(which start at byte {4})",
                                  len, how.str(), t.offset, dataSize,
                                  dataStart));
      return llvm::Error::success();
    };
    if (llvm::Error e = checkRange(*length, ""))
      return std::move(e);
    ParameterEntry e;
    e.name = t.name.str();
    e.kind = ParameterEntry::Kind::Data;
    e.length = *length;
    e.fileOffset = dataStart + t.offset;
    e.info = "GGML " + std::string(type->name) + ", ne " + dimsText(t.dims);
    uint64_t ne0 = t.dims.empty() ? 1 : t.dims[0];
    if (t.type >= 16) {
      // IREE 3.13 sizes 16-18 as its table's I8/I16/I32, and checks that
      // range: refuse the file where IREE does, else the entry.
      const GgmlType &old = kIreeOld[t.type - 16];
      std::optional<uint64_t> ireeLength = bytesOf(old);
      if (!ireeLength)
        return tbad("its size overflows 64 bits: dims " + dimsText(t.dims));
      if (llvm::Error err = checkRange(
              *ireeLength, llvm::formatv(" (as IREE 3.13 sizes it, reading "
                                         "type {0} as {1})",
                                         t.type, old.name)
                               .str()))
        return std::move(err);
      e.refusal = llvm::formatv(
          "ggml type {0}: GGUF's {1} ({2} bytes here), which IREE 3.13's "
          "runtime reads as {3} ({4} bytes; its table predates ggml's "
          "renumbering): the two disagree on the entry's bytes",
          t.type, type->name, *length, old.name, *ireeLength);
    } else if (ne0 % type->block) {
      e.refusal = llvm::formatv(
          "ggml type {0} packs blocks of {1} elements, and ne[0] = {2} is not "
          "a multiple of it (ggml and llama.cpp refuse such a tensor; IREE "
          "3.13 would round its size down to {3} bytes)",
          type->name, type->block, ne0,
          mul(*count, type->bytes).value_or(0) / type->block);
    }
    a.entries_.push_back(std::move(e));
  }
  return a;
}

} // namespace ref
