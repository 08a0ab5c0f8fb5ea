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
  I2, // sub-byte integers: one element per byte in a Tensor, packed
  I4, // (little-endian bit order) only in raw buffers (packedByteSize)
  I8,
  I16,
  I32,
  I64,
  Index, // 64-bit signless integer, as on every IREE target we test.
  // Floats from here on (isFloat). The small ones follow APFloat's
  // semantics of the same name; see floatSemantics().
  F4E2M1FN,
  F6E2M3FN,
  F6E3M2FN,
  F8E4M3FN,
  F8E5M2,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3B11FNUZ,
  F8E8M0FNU, // unsigned power of two: a scale, not an arithmetic type
  F16,
  BF16,
  F32,
  F64,
  // complex<f32> / complex<f64>: a (real, imaginary) pair of floats, 8 and
  // 16 bytes in a tensor buffer (real part first, as C's _Complex and
  // numpy's c8/c16). Neither float nor integer: the scalar core never sees
  // a complex value, only its parts (docs/architecture.md, "Complex").
  ComplexF32,
  ComplexF64,
};

constexpr unsigned kNumDTypes = static_cast<unsigned>(DType::ComplexF64) + 1;

inline bool isFloat(DType t) {
  return t >= DType::F4E2M1FN && t <= DType::F64;
}
inline bool isComplex(DType t) {
  return t == DType::ComplexF32 || t == DType::ComplexF64;
}
inline bool isInteger(DType t) { return t <= DType::Index; }
/// The type of each part of a complex dtype (f32 or f64).
inline DType complexPartType(DType t) {
  return t == DType::ComplexF64 ? DType::F64 : DType::F32;
}

/// Width in bits of the value (i1 is 1, index is 64, complex<f64> 128).
unsigned bitWidth(DType t);
/// Bytes one element occupies in a tensor buffer (i1, i2, i4 and the 4- and
/// 6-bit floats take a whole byte, their value in the low bits).
unsigned storageBytes(DType t);
/// Whether IREE stores the type packed, several elements per byte, in its
/// buffers (and so in raw .bin files): i2, i4 and f4E2M1FN. i1 is packed
/// only under `#iree_encoding.packed_storage`; the 6-bit floats have no
/// packed layout in IREE and travel one per byte.
bool isPackedSubByte(DType t);
/// Bytes of a raw buffer of `n` elements: ceil(n * bits / 8) for packed
/// types, n * storageBytes(t) otherwise. Saturates at INT64_MAX.
int64_t rawByteSize(DType t, int64_t n);
/// Float formats without NaN and infinity (f4E2M1FN, f6E2M3FN, f6E3M2FN):
/// overflow saturates, and a NaN has no encoding.
bool isFiniteOnlyFloat(DType t);
/// The MLIR spelling: "i32", "f16", "index", ...
llvm::StringRef dtypeName(DType t);
std::optional<DType> parseDType(llvm::StringRef name);
/// APFloat semantics of a float dtype.
const llvm::fltSemantics &floatSemantics(DType t);

/// Sign-extends the low `bitWidth(t)` bits of `bits`.
inline int64_t signExtend(uint64_t bits, DType t) {
  unsigned w = bitWidth(t);
  if (w >= 64)
    return static_cast<int64_t>(bits);
  uint64_t m = uint64_t(1) << (w - 1);
  bits &= (uint64_t(1) << w) - 1;
  return static_cast<int64_t>((bits ^ m) - m);
}
/// Keeps the low `bitWidth(t)` bits.
inline uint64_t truncBits(uint64_t bits, DType t) {
  unsigned w = bitWidth(t);
  return w >= 64 ? bits : bits & ((uint64_t(1) << w) - 1);
}

} // namespace ref

#endif // REF_SUPPORT_DTYPE_H
