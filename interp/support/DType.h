//===- DType.h - Element types of interpreter values -------------*- C++ -*-===//
//
// The element types the interpreter computes with. This header is free of
// MLIR so that the NPY reader and the oracle can be carried to a GPU machine.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_DTYPE_H
#define REF_SUPPORT_DTYPE_H

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace ref {

enum class DType : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  Index, // 64-bit signless integer, as on every IREE target we test.
  F8E4M3FN,
  F8E5M2,
  F16,
  BF16,
  F32,
  F64,
};

constexpr unsigned kNumDTypes = static_cast<unsigned>(DType::F64) + 1;

inline bool isFloat(DType t) { return t >= DType::F8E4M3FN; }
inline bool isInteger(DType t) { return !isFloat(t); }

/// Width in bits of the value (i1 is 1, index is 64).
unsigned bitWidth(DType t);
/// Bytes one element occupies in a tensor buffer (i1 takes a whole byte).
unsigned storageBytes(DType t);
/// The MLIR spelling: "i32", "f16", "index", ...
llvm::StringRef dtypeName(DType t);
std::optional<DType> parseDType(llvm::StringRef name);
/// APFloat semantics of a float dtype.
const llvm::fltSemantics &floatSemantics(DType t);

/// Sign-extends the low `bitWidth(t)` bits of `bits`.
inline int64_t signExtend(uint64_t bits, DType t) {
  unsigned w = bitWidth(t);
  if (w == 64)
    return static_cast<int64_t>(bits);
  uint64_t m = uint64_t(1) << (w - 1);
  bits &= (uint64_t(1) << w) - 1;
  return static_cast<int64_t>((bits ^ m) - m);
}
/// Keeps the low `bitWidth(t)` bits.
inline uint64_t truncBits(uint64_t bits, DType t) {
  unsigned w = bitWidth(t);
  return w == 64 ? bits : bits & ((uint64_t(1) << w) - 1);
}

} // namespace ref

#endif // REF_SUPPORT_DTYPE_H
