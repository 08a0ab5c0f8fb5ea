//===- ParameterArchive.h - .irpa, safetensors, GGUF files -*- C++ -*-===//
//
// The parameter files IREE's runtime reads (`iree-run-module
// --parameters=[SCOPE=]FILE`), each format chosen by the file's extension
// as IREE chooses it: .irpa (below), .safetensors
// (SafetensorsArchive.cpp) and .gguf (GgufArchive.cpp). Each reader is our
// own, written from the format's definition and from what IREE 3.13's
// runtime does with it (docs/frontends.md has every decision).
//
// A reader of IREE's parameter archive format, written from its definition
// (IREE's runtime/src/iree/schemas/parameter_archive.h): a packed,
// little-endian header ("IRPA", version 0.0, header size 88) with the entry
// count and three segments (entry table, metadata, storage) whose offsets
// are relative to the header; headers may be chained by
// `next_header_offset`. Each entry (aligned to 16 bytes in the table) has a
// size, a type (skip, splat, data, external), a name and a metadata blob in
// the metadata segment, and, for data entries, a range of the storage
// segment; a splat entry repeats a 1/2/4/8/16-byte pattern over its length.
//
// Programs that IREE's importers externalize read their weights from such
// an archive: `util.global @W = #stream.parameter.named<"model"::"W"> :
// tensor<3x4xf32>` loads the first 48 bytes of entry "W" of the archive
// given for scope "model" (`iree-run-module --parameters=model=W.irpa`).
//
// Every offset and size is checked against the file before it is used: a
// corrupt or hostile file is an error naming the byte offset and the field,
// never a read out of bounds (tests/unit/ParameterArchiveTest.cpp,
// the libFuzzer target ref-fuzz-irpa).
//
// MLIR-free (refSupport).
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_PARAMETERARCHIVE_H
#define REF_SUPPORT_PARAMETERARCHIVE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ref {

/// The parameter file formats, as IREE's runtime tells them apart: by the
/// file's extension, case-insensitively (a name without one is taken as
/// the extension itself, so a file named `gguf` is GGUF).
enum class ParameterFormat { Irpa, Safetensors, Gguf };
/// The format of `path`; nullopt for an extension IREE 3.13 does not read.
std::optional<ParameterFormat> parameterFormatOf(llvm::StringRef path);
/// "IREE parameter archive", "safetensors file", "GGUF file".
llvm::StringRef describe(ParameterFormat format);

struct ParameterEntry {
  enum class Kind { Splat, Data };
  std::string name;
  Kind kind = Kind::Data;
  /// Bytes the parameter holds.
  uint64_t length = 0;
  /// Data: where its bytes start in the file.
  uint64_t fileOffset = 0;
  /// Splat: the repeated little-endian pattern (1, 2, 4, 8 or 16 bytes).
  std::string pattern;
  /// The entry's metadata blob (the format leaves its meaning open).
  std::string metadata;
  /// What the file says of the entry's type and shape, for messages
  /// ("F32 [2, 3]" in a safetensors file, "GGML Q4_0, ne [64, 2]" in a
  /// GGUF one); empty for .irpa, which has none.
  std::string info;
  /// Non-empty when the entry is in the file but must not be read (the
  /// file's other entries can): why. A safetensors entry whose dtype and
  /// shape contradict its byte range; a GGUF tensor IREE 3.13 sizes
  /// differently from GGUF (docs/frontends.md). read() fails with it.
  std::string refusal;
};

class ParameterArchive {
public:
  /// Parses an archive file's bytes, which the archive keeps a view of
  /// (they must outlive it). `name` goes into error messages. An error
  /// (naming the offset and the field) for anything malformed: a bad magic
  /// or version, a header size other than v0's, a segment, entry, name or
  /// data range outside the file, a splat pattern of a bad length, an
  /// entry type this reader (and IREE 3.13's runtime) does not take
  /// (external files), a cycle of headers, two entries of one name.
  static llvm::Expected<ParameterArchive> parse(llvm::StringRef bytes,
                                                llvm::StringRef name);
  /// Parses `bytes` as a file of `format` (parse() for .irpa).
  static llvm::Expected<ParameterArchive>
  parse(llvm::StringRef bytes, llvm::StringRef name, ParameterFormat format);
  /// A safetensors file: an 8-byte little-endian header length, a JSON
  /// header naming each tensor's dtype, shape and data_offsets (relative
  /// to the end of the header), then the data (SafetensorsArchive.cpp).
  static llvm::Expected<ParameterArchive>
  parseSafetensors(llvm::StringRef bytes, llvm::StringRef name);
  /// A GGUF file, version 2 or 3: header, metadata key-value pairs, tensor
  /// infos, then the aligned tensor data (GgufArchive.cpp).
  static llvm::Expected<ParameterArchive> parseGguf(llvm::StringRef bytes,
                                                    llvm::StringRef name);
  /// Maps the file and parses it in the format of its extension; an
  /// extension IREE does not read is an error, as in IREE.
  static llvm::Expected<ParameterArchive> load(llvm::StringRef path);

  /// The entry named `key`; null when there is none.
  const ParameterEntry *find(llvm::StringRef key) const;
  const std::vector<ParameterEntry> &entries() const { return entries_; }
  /// The bytes [offset, offset + length) of `e`; an error when the range
  /// is not inside the parameter.
  llvm::Expected<std::string> read(const ParameterEntry &e, uint64_t offset,
                                   uint64_t length) const;
  /// The file (or the name given to parse).
  const std::string &name() const { return name_; }
  ParameterFormat format() const { return format_; }

private:
  ParameterFormat format_ = ParameterFormat::Irpa;
  std::string name_;
  llvm::StringRef bytes_;
  std::shared_ptr<llvm::MemoryBuffer> buffer_; // when loaded from a file
  std::vector<ParameterEntry> entries_;
};

/// One --parameters=[SCOPE=]FILE value, as iree-run-module takes it: the
/// scope before the first '=' (empty when there is none).
struct ParameterFlag {
  std::string scope, file;
};
ParameterFlag parseParameterFlag(llvm::StringRef value);

/// The archives of a run, by scope (iree-run-module's parameter index):
/// several archives may share a scope; a key is looked up in the order
/// they were given.
class ParameterIndex {
public:
  /// Loads the archive of a --parameters=[SCOPE=]FILE value.
  llvm::Error add(llvm::StringRef flagValue);
  /// Adds an archive already loaded.
  void add(std::string scope, ParameterArchive archive);
  struct Found {
    const ParameterArchive *archive;
    const ParameterEntry *entry;
  };
  /// The entry `key` of `scope`; an error naming what is there when the
  /// scope has no archive or none of its archives has the key.
  llvm::Expected<Found> lookup(llvm::StringRef scope,
                               llvm::StringRef key) const;
  bool empty() const { return archives_.empty(); }

private:
  std::vector<std::pair<std::string, ParameterArchive>> archives_;
};

} // namespace ref

#endif // REF_SUPPORT_PARAMETERARCHIVE_H
