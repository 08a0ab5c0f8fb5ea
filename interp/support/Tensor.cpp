//===- Tensor.cpp - Dense row-major tensors --------------------------------===//

#include "interp/support/Tensor.h"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace ref {

void adviseHugePages(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  if (bytes < 2 * kHuge)
    return;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHuge - 1) & ~(kHuge - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHuge - 1);
  if (end > begin)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

int64_t numElementsOf(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

Shape rowMajorStrides(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

std::string shapeTypeString(llvm::ArrayRef<int64_t> shape, DType t) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  // IREE's names of the complex element types (its parser reads the 'x' of
  // "complex" as a dimension separator).
  s += t == DType::ComplexF32   ? "cf64"
       : t == DType::ComplexF64 ? "cf128"
                                : dtypeName(t).str();
  return s;
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : dtype_(dtype), shape_(shape.begin(), shape.end()),
      numElements_(numElementsOf(shape)), elemBytes_(storageBytes(dtype)),
      byteMask_(bitWidth(dtype) < 8 ? (1u << bitWidth(dtype)) - 1 : 0xFF),
      data_(static_cast<size_t>(numElements_) * elemBytes_) {}

int64_t Tensor::linearIndex(llvm::ArrayRef<int64_t> coords) const {
  int64_t idx = 0;
  for (size_t i = 0; i < shape_.size(); ++i)
    idx = idx * shape_[i] + coords[i];
  return idx;
}

Shape Tensor::coordinates(int64_t linear) const {
  Shape c(shape_.size(), 0);
  for (int i = static_cast<int>(shape_.size()) - 1; i >= 0; --i) {
    if (shape_[i] == 0)
      return c;
    c[i] = linear % shape_[i];
    linear /= shape_[i];
  }
  return c;
}

void Tensor::setDefinedRange(int64_t first, int64_t count, int64_t step) {
  if (count <= 0 || !hasUndef())
    return;
  if (allUndef_ && step == 1 && first == 0 && count == numElements_) {
    allUndef_ = false;
    return;
  }
  if (allUndef_)
    materializeUndef();
  if (step == 1) {
    std::memset(undef_.data() + first, 0, count);
    return;
  }
  for (int64_t i = 0; i < count; ++i)
    undef_[first + i * step] = 0;
}

void Tensor::compactUndef() {
  if (!undef_.empty() &&
      std::all_of(undef_.begin(), undef_.end(), [](uint8_t u) { return !u; }))
    undef_.clear();
}

int64_t Tensor::firstUndef() const {
  if (allUndef_)
    return 0;
  for (size_t i = 0; i < undef_.size(); ++i)
    if (undef_[i])
      return i;
  return -1;
}

int64_t Tensor::firstPoison() const {
  if (!hasPoison())
    return -1;
  for (size_t i = 0; i < undef_.size(); ++i)
    if (undef_[i] >= kFirstPoison)
      return i;
  return -1;
}

namespace {
struct PoisonOrigins {
  std::mutex lock;
  std::vector<std::string> texts; // texts[k] is state kFirstPoison + k
  std::vector<bool> outOfBounds;  // parallel to texts
};
PoisonOrigins &poisonOrigins() {
  static PoisonOrigins table;
  return table;
}
} // namespace

uint8_t internPoisonOrigin(const std::string &origin, bool outOfBoundsRead) {
  PoisonOrigins &t = poisonOrigins();
  std::lock_guard<std::mutex> guard(t.lock);
  for (size_t k = 0; k < t.texts.size(); ++k)
    if (t.texts[k] == origin && t.outOfBounds[k] == outOfBoundsRead)
      return static_cast<uint8_t>(kFirstPoison + k);
  constexpr size_t kMax = 256 - kFirstPoison;
  if (t.texts.size() + 1 < kMax) {
    t.texts.push_back(origin);
    t.outOfBounds.push_back(outOfBoundsRead);
  } else if (t.texts.size() + 1 == kMax) {
    t.texts.push_back("one of several ops (more than " +
                      std::to_string(kMax - 1) + " created poison)");
    t.outOfBounds.push_back(false);
  }
  return static_cast<uint8_t>(kFirstPoison + t.texts.size() - 1);
}

bool isOutOfBoundsReadPoison(uint8_t state) {
  if (state < kFirstPoison)
    return false;
  PoisonOrigins &t = poisonOrigins();
  std::lock_guard<std::mutex> guard(t.lock);
  size_t k = state - kFirstPoison;
  return k < t.outOfBounds.size() && t.outOfBounds[k];
}

std::string poisonOrigin(uint8_t state) {
  PoisonOrigins &t = poisonOrigins();
  std::lock_guard<std::mutex> guard(t.lock);
  size_t k = state - kFirstPoison;
  return state >= kFirstPoison && k < t.texts.size() ? t.texts[k]
                                                      : "an unknown op";
}

bool Tensor::sameContents(const Tensor &o) const {
  return dtype_ == o.dtype_ && shape_ == o.shape_ && data_ == o.data_;
}

} // namespace ref

namespace ref {

unsigned packedElementBits(DType t, bool packedI1) {
  if (isPackedSubByte(t) || (t == DType::I1 && packedI1))
    return bitWidth(t);
  return 0;
}

int64_t rawByteSizeOf(DType t, int64_t n, bool packedI1) {
  if (t == DType::I1 && packedI1)
    return n <= 0 ? 0 : n / 8 + (n % 8 != 0);
  return rawByteSize(t, n);
}

std::string toRawBytes(const Tensor &t, bool packedI1) {
  unsigned w = packedElementBits(t.dtype(), packedI1);
  if (!w)
    return std::string(reinterpret_cast<const char *>(t.data()), t.byteSize());
  // Element i occupies bits [i*w, (i+1)*w) of the little-endian bit stream:
  // the first element in the low bits of the first byte. The padding bits
  // of a last partial byte are zero.
  std::string out(rawByteSizeOf(t.dtype(), t.numElements(), packedI1), '\0');
  unsigned perByte = 8 / w;
  uint8_t mask = (1u << w) - 1;
  for (int64_t i = 0, n = t.numElements(); i < n; ++i)
    out[i / perByte] =
        static_cast<char>(static_cast<uint8_t>(out[i / perByte]) |
                          ((t.data()[i] & mask) << (w * (i % perByte))));
  return out;
}

void fromRawBytes(llvm::StringRef bytes, Tensor &t, bool packedI1) {
  unsigned w = packedElementBits(t.dtype(), packedI1);
  if (!w) {
    if (!bytes.empty())
      std::memcpy(t.data(), bytes.data(), std::min(bytes.size(), t.byteSize()));
    // The 6-bit floats take a byte each; only their low bits are the value.
    if (unsigned bw = bitWidth(t.dtype()); bw < 8 && t.dtype() != DType::I1)
      for (int64_t i = 0, n = t.numElements(); i < n; ++i)
        t.data()[i] &= (1u << bw) - 1;
    return;
  }
  unsigned perByte = 8 / w;
  uint8_t mask = (1u << w) - 1;
  for (int64_t i = 0, n = t.numElements(); i < n; ++i) {
    size_t byte = i / perByte;
    uint8_t b = byte < bytes.size() ? static_cast<uint8_t>(bytes[byte]) : 0;
    t.data()[i] = (b >> (w * (i % perByte))) & mask;
  }
}

Tensor complexAsParts(const Tensor &t) {
  Shape shape(t.shape().begin(), t.shape().end());
  shape.push_back(2);
  Tensor p(complexPartType(t.dtype()), shape);
  if (t.byteSize())
    std::memcpy(p.data(), t.data(), t.byteSize());
  if (t.hasUndef())
    for (int64_t i = 0, e = t.numElements(); i < e; ++i)
      if (uint8_t st = t.state(i); st != kDefined) {
        p.setState(2 * i, st);
        p.setState(2 * i + 1, st);
      }
  return p;
}

} // namespace ref
