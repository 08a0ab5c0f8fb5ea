//===- ParameterArchiveDetail.h - Shared by the parameter readers -*- C++
//-*-===//
//
// Bounds-checked little-endian reads for the readers of ParameterArchive.h
// (.irpa, safetensors, GGUF): overflow-free range arithmetic and the
// "FILE: not a valid <format>: <what> (at byte N)" error they all give.
// Internal to interp/support.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_PARAMETERARCHIVEDETAIL_H
#define REF_SUPPORT_PARAMETERARCHIVEDETAIL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdint>
#include <optional>

namespace ref::param_detail {

/// The error every reader gives for a malformed file: the file, the
/// format, what is wrong and the byte offset where it is.
inline llvm::Error bad(llvm::StringRef file, llvm::StringRef format,
                       uint64_t at, const llvm::Twine &what) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("{0}: not a valid {1}: {2} (at byte {3})", file, format,
                    what.str(), at)
          .str());
}

/// The `n`-byte little-endian number at `at` (the caller checked the range).
inline uint64_t le(llvm::StringRef bytes, uint64_t at, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i)
    v |= uint64_t(uint8_t(bytes[at + i])) << (8 * i);
  return v;
}

/// a + b without wrapping; nullopt on overflow.
inline std::optional<uint64_t> add(uint64_t a, uint64_t b) {
  if (a > UINT64_MAX - b)
    return std::nullopt;
  return a + b;
}

/// a * b without wrapping; nullopt on overflow.
inline std::optional<uint64_t> mul(uint64_t a, uint64_t b) {
  if (a && b > UINT64_MAX / a)
    return std::nullopt;
  return a * b;
}

/// Whether [base + offset, + length) lies inside `size` bytes.
inline bool inside(uint64_t base, uint64_t offset, uint64_t length,
                   uint64_t size) {
  auto start = add(base, offset);
  if (!start)
    return false;
  auto end = add(*start, length);
  return end && *end <= size;
}

} // namespace ref::param_detail

#endif // REF_SUPPORT_PARAMETERARCHIVEDETAIL_H
