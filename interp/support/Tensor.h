//===- Tensor.h - Dense row-major tensors -------------------------*- C++ -*-===//
//
// A tensor value: element type, shape and a row-major byte buffer, plus an
// optional per-element "never written" mask for tensors that come from
// `tensor.empty`. Free of MLIR (see DType.h).
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_TENSOR_H
#define REF_SUPPORT_TENSOR_H

#include "interp/support/DType.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

namespace ref {

/// Asks the OS to back a large allocation with huge pages where it can
/// (Linux transparent huge pages): first writes to a fresh 64 MiB tensor
/// then take a few dozen page faults instead of 16384.
void adviseHugePages(void *p, size_t bytes);

/// Element storage comes zeroed from calloc, which leaves fresh pages from
/// the OS untouched: a large tensor costs nothing until it is written (a
/// `tensor.empty` that a kernel never copies, a result a kernel fills).
/// Value-initialization is therefore a no-op; elements are bytes.
template <typename T> struct ZeroedAllocator {
  using value_type = T;
  ZeroedAllocator() = default;
  template <typename U> ZeroedAllocator(const ZeroedAllocator<U> &) {}
  T *allocate(size_t n) {
    void *p = std::calloc(n ? n : 1, sizeof(T));
    if (!p)
      throw std::bad_alloc();
    adviseHugePages(p, n * sizeof(T));
    return static_cast<T *>(p);
  }
  void deallocate(T *p, size_t) { std::free(p); }
  template <typename U> void construct(U *) {}
  template <typename U, typename A0, typename... A>
  void construct(U *p, A0 &&a0, A &&...args) {
    ::new (static_cast<void *>(p))
        U(std::forward<A0>(a0), std::forward<A>(args)...);
  }
  bool operator==(const ZeroedAllocator &) const { return true; }
  bool operator!=(const ZeroedAllocator &) const { return false; }
};

/// Allocates as std::allocator does (memory freed earlier is reused), but
/// a value-initialized element is left unset, so sizing an array writes
/// nothing: for scratch and result arrays filled in full once sized, where
/// zeroing (or calloc's fresh pages, each a page fault on first write)
/// would cost as much as filling them.
template <typename T> struct UninitializedAllocator : std::allocator<T> {
  template <typename U> struct rebind {
    using other = UninitializedAllocator<U>;
  };
  UninitializedAllocator() = default;
  template <typename U>
  UninitializedAllocator(const UninitializedAllocator<U> &) {}
  template <typename U> void construct(U *p) {
    ::new (static_cast<void *>(p)) U;
  }
  template <typename U, typename A0, typename... A>
  void construct(U *p, A0 &&a0, A &&...args) {
    ::new (static_cast<void *>(p))
        U(std::forward<A0>(a0), std::forward<A>(args)...);
  }
};

using Shape = llvm::SmallVector<int64_t, 4>;

int64_t numElementsOf(llvm::ArrayRef<int64_t> shape);
/// Row-major strides, in elements.
Shape rowMajorStrides(llvm::ArrayRef<int64_t> shape);
/// "2x3xf32" as iree-run-module spells a buffer view type.
std::string shapeTypeString(llvm::ArrayRef<int64_t> shape, DType t);

/// The state of an element (Tensor::state, RtValue::state): defined, never
/// written since `tensor.empty`, or poison. A poison state names the op that
/// created the poison: states kFirstPoison.. are ids of origin texts in one
/// process-wide table ("arith.shli at f.mlir:3:8 (shift amount out of
/// range)"), so that copying an element's state keeps its origin across
/// tensors. After 254 distinct origins the last id is shared.
constexpr uint8_t kDefined = 0, kNeverWritten = 1, kFirstPoison = 2;
/// The state of a poison value created as `origin` says (thread-safe).
/// `outOfBoundsRead`: the poison stands for the value of a read out of
/// bounds whose every use a select may discard (docs/coverage.md, "Reads
/// out of bounds"); isOutOfBoundsReadPoison tells such states apart. Once
/// the table is full the shared last id is never one.
uint8_t internPoisonOrigin(const std::string &origin,
                           bool outOfBoundsRead = false);
bool isOutOfBoundsReadPoison(uint8_t state);
/// The origin text of a poison state.
std::string poisonOrigin(uint8_t state);

class Tensor {
public:
  Tensor() = default;
  Tensor(DType dtype, llvm::ArrayRef<int64_t> shape);

  DType dtype() const { return dtype_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  int64_t rank() const { return shape_.size(); }
  int64_t dim(unsigned i) const { return shape_[i]; }
  int64_t numElements() const { return numElements_; }
  unsigned elementBytes() const { return elemBytes_; }

  uint8_t *data() { return data_.data(); }
  const uint8_t *data() const { return data_.data(); }
  size_t byteSize() const { return data_.size(); }

  /// Complex tensors: the bits of part `part` (0: real, 1: imaginary) of
  /// element `i`, an f32 or f64 (complexPartType). load()/store() move a
  /// complex<f32> element as one 64-bit pattern (real part in the low half)
  /// but cannot hold a complex<f64> one: code that may meet complex values
  /// of any width goes through the parts (or copies bytes).
  uint64_t loadPart(int64_t i, unsigned part) const {
    unsigned half = elemBytes_ / 2;
    const uint8_t *p = data_.data() + i * elemBytes_ + part * half;
    if (half == 4) {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  void storePart(int64_t i, unsigned part, uint64_t bits) {
    unsigned half = elemBytes_ / 2;
    uint8_t *p = data_.data() + i * elemBytes_ + part * half;
    if (half == 4) {
      uint32_t v = static_cast<uint32_t>(bits);
      std::memcpy(p, &v, 4);
      return;
    }
    std::memcpy(p, &bits, 8);
  }
  /// Raw bits of element `i` (row-major linear index), zero-extended.
  uint64_t load(int64_t i) const {
    const uint8_t *p = data_.data() + i * elemBytes_;
    switch (elemBytes_) {
    case 1:
      return *p;
    case 2: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case 4: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: {
      uint64_t v;
      std::memcpy(&v, p, 8);
      return v;
    }
    }
  }
  void store(int64_t i, uint64_t bits) {
    uint8_t *p = data_.data() + i * elemBytes_;
    switch (elemBytes_) {
    case 1:
      // Sub-byte types keep their value in the low bits, the rest zero.
      *p = static_cast<uint8_t>(bits) & byteMask_;
      return;
    case 2: {
      uint16_t v = static_cast<uint16_t>(bits);
      std::memcpy(p, &v, 2);
      return;
    }
    case 4: {
      uint32_t v = static_cast<uint32_t>(bits);
      std::memcpy(p, &v, 4);
      return;
    }
    default:
      std::memcpy(p, &bits, 8);
      return;
    }
  }

  /// Linear index of a coordinate vector.
  int64_t linearIndex(llvm::ArrayRef<int64_t> coords) const;
  /// Coordinates of a linear index.
  Shape coordinates(int64_t linear) const;

  // Elements that are not values: never written since `tensor.empty`, or
  // poison (the mask holds each element's state, kDefined..). An empty mask
  // means every element is defined, unless allUndef_ says that every element
  // is never written (a mask not yet materialized). hasUndef and isUndef
  // count both kinds, so every kernel that does not know poison treats it
  // as it treats a never-written element (no fast path, no silent use).
  bool hasUndef() const {
    return allUndef_ ? numElements_ > 0 : !undef_.empty();
  }
  bool isUndef(int64_t i) const {
    return allUndef_ || (!undef_.empty() && undef_[i]);
  }
  uint8_t state(int64_t i) const {
    return allUndef_ ? kNeverWritten : undef_.empty() ? kDefined : undef_[i];
  }
  bool isPoison(int64_t i) const { return state(i) >= kFirstPoison; }
  /// Whether some element may be poison (set with the first one, kept).
  bool hasPoison() const { return hasPoison_ && hasUndef(); }
  void setState(int64_t i, uint8_t s) {
    if (s >= kFirstPoison && !hasPoison_)
      hasPoison_ = true;
    if (allUndef_) {
      if (s == kNeverWritten)
        return;
      materializeUndef();
    }
    if (undef_.empty()) {
      if (s == kDefined)
        return;
      undef_.assign(numElements_, 0);
    }
    undef_[i] = s;
  }
  void markAllUndef() {
    undef_.clear();
    allUndef_ = numElements_ > 0;
  }
  void setDefined(int64_t i) {
    if (allUndef_)
      materializeUndef();
    if (!undef_.empty())
      undef_[i] = 0;
  }
  /// Marks `count` elements from `first` on, `step` apart, as defined.
  void setDefinedRange(int64_t first, int64_t count, int64_t step = 1);
  /// Gives a tensor whose elements are all undefined its per-element mask,
  /// so that threads may then mark distinct elements defined concurrently.
  void materializeUndefMask() {
    if (allUndef_)
      materializeUndef();
  }
  /// Gives the tensor a per-element mask and marks it as possibly holding
  /// poison, so that threads may then set the states of distinct elements
  /// concurrently (compactUndef drops the mask again if all are defined).
  void prepareConcurrentStates() {
    hasPoison_ = true;
    if (allUndef_)
      materializeUndef();
    else if (undef_.empty())
      undef_.assign(numElements_, 0);
  }
  void setUndef(int64_t i, bool u) {
    if (allUndef_) {
      if (u)
        return;
      materializeUndef();
    }
    if (undef_.empty()) {
      if (!u)
        return;
      undef_.assign(numElements_, 0);
    }
    undef_[i] = u;
  }
  /// Drops the mask if every element is now defined.
  void compactUndef();
  int64_t firstUndef() const;
  /// The first poison element, or -1.
  int64_t firstPoison() const;

  bool sameContents(const Tensor &other) const;

private:
  void materializeUndef() {
    undef_.assign(numElements_, 1);
    allUndef_ = false;
  }

  DType dtype_ = DType::I32;
  Shape shape_;
  int64_t numElements_ = 0;
  unsigned elemBytes_ = 4;
  uint8_t byteMask_ = 0xFF;
  std::vector<uint8_t, ZeroedAllocator<uint8_t>> data_;
  std::vector<uint8_t> undef_;
  bool allUndef_ = false;
  bool hasPoison_ = false;
};

/// A complex tensor as its parts: shape [..., 2] of the part type, the same
/// bytes, each part with its element's state. Comparisons (the oracle,
/// check ops) judge complex values part by part this way.
Tensor complexAsParts(const Tensor &t);

/// Bits per element when IREE packs `t` into bytes (i2, i4, f4E2M1FN; i1
/// under `#iree_encoding.packed_storage` when `packedI1`), else 0.
unsigned packedElementBits(DType t, bool packedI1 = false);
/// Bytes of IREE's buffer for `n` elements of `t` (rawByteSize, plus packed
/// i1).
int64_t rawByteSizeOf(DType t, int64_t n, bool packedI1 = false);
/// The bytes IREE's buffer holds for `t` (raw .bin files, flow.tensor.bitcast):
/// row-major and little-endian; packed elements fill each byte from its low
/// bits up (IREE's sub-byte layout), a last partial byte is zero-padded.
std::string toRawBytes(const Tensor &t, bool packedI1 = false);
/// Fills `t` from such bytes (missing bytes read as zero).
void fromRawBytes(llvm::StringRef bytes, Tensor &t, bool packedI1 = false);

} // namespace ref

#endif // REF_SUPPORT_TENSOR_H
