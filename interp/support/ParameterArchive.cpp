//===- ParameterArchive.cpp - IREE parameter archives (.irpa) -------------===//

#include "interp/support/ParameterArchive.h"
#include "interp/support/ParameterArchiveDetail.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <set>

namespace ref {

using llvm::StringRef;
using param_detail::add;
using param_detail::inside;
using param_detail::le;

namespace {

// Layout of version 0 (all little-endian, packed).
constexpr uint64_t kHeaderSize = 88; // prefix 32 + count 8 + 3 ranges 48
constexpr uint64_t kPrefixSize = 32; // magic, major, minor, size, next, flags
constexpr uint64_t kEntryHeaderSize = 60; // size 8, type 4, flags 8,
                                          // name 16, metadata 16, align 8
constexpr uint64_t kSplatBodySize = 8 + 16 + 1;
constexpr uint64_t kDataBodySize = 16;
constexpr uint64_t kEntryAlignment = 16;
constexpr uint64_t kHeaderAlignment = 16;
enum EntryType : uint32_t { kSkip = 0, kSplat = 1, kData = 2, kExternal = 3 };

llvm::Error bad(StringRef name, uint64_t at, const llvm::Twine &what) {
  return param_detail::bad(name, "IREE parameter archive", at, what);
}

} // namespace

ParameterFlag parseParameterFlag(StringRef value) {
  auto [scope, file] = value.split('=');
  if (file.empty() && !value.contains('='))
    return {"", value.str()};
  return {scope.str(), file.str()};
}

llvm::Expected<ParameterArchive> ParameterArchive::parse(StringRef bytes,
                                                         StringRef name) {
  ParameterArchive a;
  a.name_ = name.str();
  a.bytes_ = bytes;
  const uint64_t size = bytes.size();
  std::set<uint64_t> seenHeaders;
  llvm::StringMap<uint64_t> seenNames;
  uint64_t base = 0;
  for (;;) {
    if (!seenHeaders.insert(base).second)
      return bad(name, base, "the chain of archive headers loops back here");
    if (base % kHeaderAlignment)
      return bad(name, base, "an archive header not aligned to 16 bytes");
    if (!inside(base, 0, kPrefixSize, size))
      return bad(
          name, base,
          llvm::formatv("the file ends ({0} bytes) inside the header", size));
    if (bytes.substr(base, 4) != "IRPA")
      return bad(name, base, "no 'IRPA' magic");
    unsigned major = le(bytes, base + 4, 2), minor = le(bytes, base + 6, 2);
    if (major != 0 || minor != 0)
      return bad(name, base + 4,
                 llvm::formatv("version {0}.{1} (this reader, like IREE "
                               "3.13's runtime, takes 0.0)",
                               major, minor));
    uint64_t headerSize = le(bytes, base + 8, 8);
    uint64_t next = le(bytes, base + 16, 8);
    if (headerSize != kHeaderSize)
      return bad(name, base + 8,
                 llvm::formatv("header size {0} (version 0's is {1})",
                               headerSize, kHeaderSize));
    if (!inside(base, 0, kHeaderSize, size))
      return bad(
          name, base,
          llvm::formatv("the file ends ({0} bytes) inside the header", size));
    uint64_t count = le(bytes, base + 32, 8);
    struct Range {
      uint64_t offset, length;
    } segs[3];
    const char *segName[3] = {"entry table", "metadata segment",
                              "storage segment"};
    for (int s = 0; s < 3; ++s) {
      segs[s] = {le(bytes, base + 40 + 16 * s, 8),
                 le(bytes, base + 48 + 16 * s, 8)};
      if (!inside(base, segs[s].offset, segs[s].length, size))
        return bad(name, base + 40 + 16 * s,
                   llvm::formatv("the {0} (offset {1}, {2} bytes) is not "
                                 "inside the file ({3} bytes)",
                                 segName[s], segs[s].offset, segs[s].length,
                                 size));
    }
    const Range &table = segs[0], &meta = segs[1], &storage = segs[2];
    // A count larger than the table can hold is caught entry by entry;
    // bound it first so a lying count cannot make us loop for long.
    if (count > table.length / kEntryHeaderSize + 1)
      return bad(name, base + 32,
                 llvm::formatv("{0} entries do not fit in an entry table of "
                               "{1} bytes",
                               count, table.length));
    uint64_t at = base + table.offset;
    uint64_t left = table.length;
    auto metaString = [&](uint64_t field, std::string &out,
                          StringRef what) -> llvm::Error {
      uint64_t off = le(bytes, field, 8), len = le(bytes, field + 8, 8);
      if (!inside(0, off, len, meta.length))
        return bad(name, field,
                   llvm::formatv("the entry's {0} (offset {1}, {2} bytes) "
                                 "is not inside the metadata segment ({3} "
                                 "bytes)",
                                 what, off, len, meta.length));
      out = bytes.substr(base + meta.offset + off, len).str();
      return llvm::Error::success();
    };
    for (uint64_t i = 0; i < count; ++i) {
      if (left < kEntryHeaderSize)
        return bad(name, at,
                   llvm::formatv("entry {0} of {1}: the entry table ends "
                                 "inside its header",
                                 i, count));
      uint64_t entrySize = le(bytes, at, 8);
      uint32_t type = le(bytes, at + 8, 4);
      if (entrySize < kEntryHeaderSize || entrySize > left)
        return bad(name, at,
                   llvm::formatv("entry {0}: size {1} (at least {2}, at "
                                 "most the {3} bytes left in the table)",
                                 i, entrySize, kEntryHeaderSize, left));
      ParameterEntry e;
      if (llvm::Error err = metaString(at + 20, e.name, "name"))
        return std::move(err);
      if (llvm::Error err = metaString(at + 36, e.metadata, "metadata"))
        return std::move(err);
      uint64_t body = at + kEntryHeaderSize;
      bool keep = true;
      switch (type) {
      case kSkip:
        keep = false;
        break;
      case kSplat: {
        if (entrySize < kEntryHeaderSize + kSplatBodySize)
          return bad(name, at,
                     llvm::formatv("splat entry '{0}': size {1} is too small "
                                   "for a splat ({2})",
                                   e.name, entrySize,
                                   kEntryHeaderSize + kSplatBodySize));
        e.kind = ParameterEntry::Kind::Splat;
        e.length = le(bytes, body, 8);
        unsigned patternLength = uint8_t(bytes[body + 24]);
        if (patternLength != 1 && patternLength != 2 && patternLength != 4 &&
            patternLength != 8 && patternLength != 16)
          return bad(name, body + 24,
                     llvm::formatv("splat entry '{0}': pattern length {1} "
                                   "(1, 2, 4, 8 or 16)",
                                   e.name, patternLength));
        if (e.length % patternLength)
          return bad(name, body,
                     llvm::formatv("splat entry '{0}': length {1} is not a "
                                   "multiple of its {2}-byte pattern",
                                   e.name, e.length, patternLength));
        e.pattern = bytes.substr(body + 8, patternLength).str();
        break;
      }
      case kData: {
        if (entrySize < kEntryHeaderSize + kDataBodySize)
          return bad(name, at,
                     llvm::formatv("data entry '{0}': size {1} is too small "
                                   "for a data entry ({2})",
                                   e.name, entrySize,
                                   kEntryHeaderSize + kDataBodySize));
        uint64_t off = le(bytes, body, 8), len = le(bytes, body + 8, 8);
        if (!inside(0, off, len, storage.length))
          return bad(name, body,
                     llvm::formatv("data entry '{0}': its data (offset {1}, "
                                   "{2} bytes) is not inside the storage "
                                   "segment ({3} bytes)",
                                   e.name, off, len, storage.length));
        e.kind = ParameterEntry::Kind::Data;
        e.length = len;
        e.fileOffset = base + storage.offset + off;
        break;
      }
      case kExternal:
        return bad(name, at + 8,
                   llvm::formatv("entry '{0}' refers to an external file, "
                                 "which this reader does not follow (nor "
                                 "does IREE 3.13's runtime)",
                                 e.name));
      default:
        return bad(name, at + 8,
                   llvm::formatv("entry {0} ('{1}') has unknown type {2}", i,
                                 e.name, type));
      }
      uint64_t aligned =
          (entrySize + kEntryAlignment - 1) / kEntryAlignment * kEntryAlignment;
      at += entrySize;
      left -= entrySize;
      uint64_t pad = std::min(aligned - entrySize, left);
      at += pad;
      left -= pad;
      if (!keep)
        continue;
      if (!seenNames.try_emplace(e.name, at).second)
        return bad(name, at, "two entries named '" + e.name + "'");
      a.entries_.push_back(std::move(e));
    }
    if (next == 0)
      break;
    auto nextBase = add(base, next);
    if (!nextBase || *nextBase >= size)
      return bad(name, base + 16,
                 llvm::formatv("the next header (offset {0}) is past the end "
                               "of the file ({1} bytes)",
                               next, size));
    base = *nextBase;
  }
  return a;
}

std::optional<ParameterFormat> parameterFormatOf(StringRef path) {
  // IREE's rule (iree_io_parse_file_index): the text after the file name's
  // last dot, or the whole name when there is no dot.
  StringRef file = llvm::sys::path::filename(path);
  size_t dot = file.rfind('.');
  StringRef ext = dot == StringRef::npos ? file : file.drop_front(dot + 1);
  if (ext.equals_insensitive("irpa"))
    return ParameterFormat::Irpa;
  if (ext.equals_insensitive("safetensors"))
    return ParameterFormat::Safetensors;
  if (ext.equals_insensitive("gguf"))
    return ParameterFormat::Gguf;
  return std::nullopt;
}

StringRef describe(ParameterFormat format) {
  switch (format) {
  case ParameterFormat::Irpa:
    return "IREE parameter archive";
  case ParameterFormat::Safetensors:
    return "safetensors file";
  case ParameterFormat::Gguf:
    return "GGUF file";
  }
  return "parameter file";
}

namespace {
/// The format whose magic `bytes` start with, if any: a hint when a file's
/// extension names another.
std::optional<ParameterFormat> sniff(StringRef bytes) {
  if (bytes.starts_with("IRPA"))
    return ParameterFormat::Irpa;
  if (bytes.starts_with("GGUF"))
    return ParameterFormat::Gguf;
  if (bytes.size() > 8 && bytes[8] == '{' &&
      le(bytes, 0, 8) <= bytes.size() - 8)
    return ParameterFormat::Safetensors;
  return std::nullopt;
}
} // namespace

llvm::Expected<ParameterArchive>
ParameterArchive::parse(StringRef bytes, StringRef name,
                        ParameterFormat format) {
  llvm::Expected<ParameterArchive> a =
      format == ParameterFormat::Safetensors ? parseSafetensors(bytes, name)
      : format == ParameterFormat::Gguf      ? parseGguf(bytes, name)
                                             : parse(bytes, name);
  if (!a) {
    auto other = sniff(bytes);
    if (!other || *other == format)
      return a.takeError();
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::toString(a.takeError()) + "; the file looks like a " +
            describe(*other) +
            " (IREE picks the format by the extension, as this reader does)");
  }
  a->format_ = format;
  return a;
}

llvm::Expected<ParameterArchive> ParameterArchive::load(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   path + ": " + buf.getError().message());
  auto format = parameterFormatOf(path);
  if (!format)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        path + ": not a parameter file format that IREE reads: it picks the "
               "format by the extension, and takes .irpa, .safetensors and "
               ".gguf (iree-run-module 3.13 fails with UNIMPLEMENTED "
               "\"unsupported file format\")");
  std::shared_ptr<llvm::MemoryBuffer> owned(std::move(*buf));
  auto a = parse(owned->getBuffer(), path, *format);
  if (!a)
    return a.takeError();
  a->buffer_ = std::move(owned);
  return a;
}

const ParameterEntry *ParameterArchive::find(StringRef key) const {
  for (const ParameterEntry &e : entries_)
    if (e.name == key)
      return &e;
  return nullptr;
}

llvm::Expected<std::string> ParameterArchive::read(const ParameterEntry &e,
                                                   uint64_t offset,
                                                   uint64_t length) const {
  if (!e.refusal.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("parameter '{0}' of {1}: {2}", e.name, name_, e.refusal)
            .str());
  if (!inside(0, offset, length, e.length))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("parameter '{0}' of {1} holds {2} bytes: bytes "
                      "[{3}, {3}+{4}) are out of its range",
                      e.name, name_, e.length, offset, length)
            .str());
  if (e.kind == ParameterEntry::Kind::Data)
    return bytes_.substr(e.fileOffset + offset, length).str();
  std::string out(length, '\0');
  size_t n = e.pattern.size();
  for (uint64_t i = 0; i < length; ++i)
    out[i] = e.pattern[(offset + i) % n];
  return out;
}

llvm::Error ParameterIndex::add(StringRef flagValue) {
  ParameterFlag f = parseParameterFlag(flagValue);
  if (f.file.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--parameters=" + flagValue +
            ": expected [SCOPE=]FILE (.irpa, .safetensors or .gguf)");
  auto a = ParameterArchive::load(f.file);
  if (!a)
    return a.takeError();
  add(std::move(f.scope), std::move(*a));
  return llvm::Error::success();
}

void ParameterIndex::add(std::string scope, ParameterArchive archive) {
  archives_.emplace_back(std::move(scope), std::move(archive));
}

llvm::Expected<ParameterIndex::Found>
ParameterIndex::lookup(StringRef scope, StringRef key) const {
  auto quoted = [](StringRef s) { return "\"" + s.str() + "\""; };
  std::string what = (scope.empty() ? "" : quoted(scope) + "::") + quoted(key);
  std::vector<std::string> scopes, inScope;
  for (const auto &[s, a] : archives_) {
    if (s != scope) {
      scopes.push_back(s.empty() ? "(no scope)" : quoted(s));
      continue;
    }
    if (const ParameterEntry *e = a.find(key))
      return Found{&a, e};
    std::string list;
    for (size_t i = 0; i < a.entries().size() && i < 8; ++i)
      list += (i ? ", " : "") + quoted(a.entries()[i].name);
    if (a.entries().size() > 8)
      list += llvm::formatv(", ... ({0} in all)", a.entries().size()).str();
    inScope.push_back(a.name() + " has " +
                      (list.empty() ? std::string("no entries") : list));
  }
  std::string msg = "parameter " + what + ": ";
  if (inScope.empty()) {
    msg += "no archive was given for scope " +
           (scope.empty() ? std::string("(none)") : quoted(scope)) +
           " (--parameters=" + (scope.empty() ? "" : scope.str() + "=") +
           "FILE.irpa)";
    if (!scopes.empty()) {
      msg += "; archives were given for ";
      for (size_t i = 0; i < scopes.size(); ++i)
        msg += (i ? ", " : "") + scopes[i];
    }
  } else {
    msg += "no entry " + quoted(key) + " in scope " + quoted(scope) + " (";
    for (size_t i = 0; i < inScope.size(); ++i)
      msg += (i ? "; " : "") + inScope[i];
    msg += ")";
  }
  return llvm::createStringError(msg);
}

} // namespace ref
