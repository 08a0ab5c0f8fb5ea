//===- SafetensorsArchive.cpp - safetensors files as parameters -----------===//
//
// A reader of the safetensors format (HuggingFace's; what torch users and
// iree-turbine bring): an 8-byte little-endian header length N, N bytes of
// JSON mapping each tensor's name to {"dtype", "shape", "data_offsets":
// [BEGIN, END]} (plus an optional "__metadata__" object), then the data;
// BEGIN and END are relative to the end of the header (byte 8 + N).
//
// What IREE 3.13's runtime makes of it (runtime/src/iree/io/formats/
// safetensors), which this reader follows: an entry per member but
// "__metadata__", named by the member's key as spelled in the file (JSON
// escapes are not decoded: `"a\u0041"` is the key `a\u0041`), holding the
// bytes [BEGIN, END) of the data; dtype and shape are not read. Where we
// are stricter, docs/frontends.md says so: the header must be strict JSON
// (no trailing commas or comments, valid UTF-8), offsets integers, names
// unique; an entry whose dtype and shape contradict its byte range is
// refused when it is read (the safetensors library refuses the file).
//
//===----------------------------------------------------------------------===//

#include "interp/support/ParameterArchive.h"
#include "interp/support/ParameterArchiveDetail.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace ref {

using llvm::StringRef;
using param_detail::le;
using param_detail::mul;

namespace {

constexpr StringRef kFormat = "safetensors file";

/// One member of the header's top-level object, as written.
struct Member {
  StringRef key; // between the quotes, escapes as written
  uint64_t at;   // the key's offset in the header
  StringRef value;
};

/// The top-level members of `h`, which llvm::json has already found to be
/// one valid JSON object starting at byte 0: keys as spelled (IREE's names),
/// values as text.
std::vector<Member> topLevelMembers(StringRef h) {
  std::vector<Member> out;
  size_t i = 1, n = h.size();
  auto ws = [&] {
    while (i < n &&
           (h[i] == ' ' || h[i] == '\t' || h[i] == '\n' || h[i] == '\r'))
      ++i;
  };
  auto skipString = [&] { // at the opening quote; ends past the closing one
    for (++i; i < n && h[i] != '"'; ++i)
      if (h[i] == '\\')
        ++i;
    ++i;
  };
  for (;;) {
    ws();
    if (i >= n || h[i] != '"')
      break;
    size_t keyStart = i + 1;
    skipString();
    Member m;
    m.key = h.slice(keyStart, std::min(i - 1, n));
    m.at = keyStart - 1;
    ws();
    ++i; // ':'
    ws();
    size_t valueStart = i;
    if (i < n && h[i] == '"') {
      skipString();
    } else if (i < n && (h[i] == '{' || h[i] == '[')) {
      int depth = 0;
      while (i < n) {
        char c = h[i];
        if (c == '"') {
          skipString();
          continue;
        }
        if (c == '{' || c == '[')
          ++depth;
        if ((c == '}' || c == ']') && --depth == 0) {
          ++i;
          break;
        }
        ++i;
      }
    } else {
      while (i < n && h[i] != ',' && h[i] != '}' && h[i] != ' ' &&
             h[i] != '\t' && h[i] != '\n' && h[i] != '\r')
        ++i;
    }
    m.value = h.slice(valueStart, std::min(i, n));
    out.push_back(m);
    ws();
    if (i >= n || h[i] != ',')
      break;
    ++i;
  }
  return out;
}

constexpr unsigned kMaxDepth = 128;

/// The offset in `h` where its brackets (outside strings) nest deeper than
/// kMaxDepth; nullopt when they do not.
std::optional<uint64_t> nestingPastLimit(StringRef h) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < h.size(); ++i) {
    char c = h[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      if (++depth > kMaxDepth)
        return i;
    } else if ((c == '}' || c == ']') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

/// Bits per element of a safetensors dtype; 0 for one this reader does not
/// know (IREE ignores dtypes, so an unknown one is no error).
unsigned dtypeBits(StringRef dtype) {
  return llvm::StringSwitch<unsigned>(dtype)
      .Case("F4", 4)
      .Cases({"F6_E2M3", "F6_E3M2"}, 6)
      .Cases({"BOOL", "U8", "I8", "F8_E5M2", "F8_E4M3", "F8_E8M0"}, 8)
      .Cases({"I16", "U16", "F16", "BF16"}, 16)
      .Cases({"I32", "U32", "F32"}, 32)
      .Cases({"I64", "U64", "F64", "C64"}, 64)
      .Default(0);
}

} // namespace

llvm::Expected<ParameterArchive>
ParameterArchive::parseSafetensors(StringRef bytes, StringRef name) {
  auto bad = [&](uint64_t at, const llvm::Twine &what) {
    return param_detail::bad(name, kFormat, at, what);
  };
  ParameterArchive a;
  a.name_ = name.str();
  a.bytes_ = bytes;
  const uint64_t size = bytes.size();
  if (size < 8)
    return bad(0, llvm::formatv("the file ({0} bytes) ends inside the "
                                "8-byte header length",
                                size));
  const uint64_t headerLength = le(bytes, 0, 8);
  if (headerLength > size - 8)
    return bad(0, llvm::formatv("header length {0}, but only {1} bytes "
                                "follow it",
                                headerLength, size - 8));
  const uint64_t dataStart = 8 + headerLength;
  const uint64_t dataSize = size - dataStart;
  StringRef header = bytes.substr(8, headerLength);
  // IREE and the safetensors library both want the object at once.
  if (!header.starts_with("{"))
    return bad(8, "the JSON header does not start with '{'");
  // llvm::json recurses per level: bound the nesting first, as IREE does
  // (IREE_JSON_MAX_DEPTH; serde_json, the safetensors library's, has the
  // same limit).
  if (auto deep = nestingPastLimit(header))
    return bad(8 + *deep, llvm::formatv("the JSON header nests deeper than "
                                        "{0} levels (IREE's and the "
                                        "safetensors library's limit)",
                                        kMaxDepth));
  auto json = llvm::json::parse(header);
  if (!json)
    return bad(
        8, "the header is not valid JSON: " + llvm::toString(json.takeError()) +
               " (a position within the header)");
  if (!json->getAsObject())
    return bad(8, "the JSON header is not an object");

  llvm::StringMap<bool> seen;
  for (const Member &m : topLevelMembers(header)) {
    const uint64_t at = 8 + m.at;
    if (m.key == "__metadata__")
      continue;
    auto entryBad = [&](const llvm::Twine &what) {
      return bad(at, "tensor '" + m.key + "': " + what);
    };
    if (!seen.try_emplace(m.key, true).second)
      return bad(at, "two tensors named '" + m.key + "'");
    auto value = llvm::json::parse(m.value);
    if (!value) // cannot happen after the whole header parsed; stay safe
      return entryBad(llvm::toString(value.takeError()));
    const llvm::json::Object *o = value->getAsObject();
    if (!o)
      return entryBad("its value is not an object");
    const llvm::json::Array *offsets = o->getArray("data_offsets");
    if (!offsets)
      return entryBad("no \"data_offsets\" array");
    std::optional<uint64_t> begin, end;
    if (offsets->size() == 2) {
      begin = (*offsets)[0].getAsUINT64();
      end = (*offsets)[1].getAsUINT64();
    }
    if (!begin || !end)
      return entryBad("\"data_offsets\" is not [BEGIN, END] of two "
                      "non-negative integers");
    if (*begin > *end || *end > dataSize)
      return entryBad(llvm::formatv(
          "data_offsets [{0}, {1}] are not a range inside the {2} bytes of "
          "data (which start at byte {3})",
          *begin, *end, dataSize, dataStart));
    ParameterEntry e;
    e.name = m.key.str();
    e.kind = ParameterEntry::Kind::Data;
    e.length = *end - *begin;
    e.fileOffset = dataStart + *begin;
    // dtype and shape: IREE reads neither; they describe the entry in
    // messages, and an entry they contradict is refused when read.
    const llvm::json::Value *dtypeValue = o->get("dtype");
    const llvm::json::Value *shapeValue = o->get("shape");
    std::optional<StringRef> dtype =
        dtypeValue ? dtypeValue->getAsString() : std::nullopt;
    const llvm::json::Array *shapeArray =
        shapeValue ? shapeValue->getAsArray() : nullptr;
    std::vector<uint64_t> shape;
    bool shapeOk = shapeArray != nullptr;
    if (shapeArray)
      for (const llvm::json::Value &d : *shapeArray) {
        auto v = d.getAsUINT64();
        if (!v) {
          shapeOk = false;
          break;
        }
        shape.push_back(*v);
      }
    std::string shapeText = "[";
    for (size_t i = 0; i < shape.size(); ++i)
      shapeText += (i ? ", " : "") + std::to_string(shape[i]);
    shapeText += "]";
    if (dtype && shapeOk)
      e.info = dtype->str() + " " + shapeText;
    else if (dtype)
      e.info = dtype->str();
    if (dtypeValue && !dtype)
      e.refusal = "its \"dtype\" is not a string";
    else if (shapeValue && !shapeOk)
      e.refusal = "its \"shape\" is not an array of non-negative integers";
    else if (dtype && shapeOk && dtypeBits(*dtype)) {
      std::optional<uint64_t> bits = dtypeBits(*dtype);
      for (uint64_t d : shape)
        bits = bits ? mul(*bits, d) : std::nullopt;
      if (!bits || *bits % 8 || *bits / 8 != e.length)
        e.refusal = llvm::formatv(
            "the header says {0} {1}, which is {2}, but data_offsets give "
            "{3} bytes: the file contradicts itself (the safetensors "
            "library refuses to load it; IREE would read the {3} bytes)",
            *dtype, shapeText,
            !bits       ? std::string("more bytes than 64 bits count")
            : *bits % 8 ? std::to_string(*bits) + " bits"
                        : std::to_string(*bits / 8) + " bytes",
            e.length);
    }
    a.entries_.push_back(std::move(e));
  }
  return a;
}

} // namespace ref
