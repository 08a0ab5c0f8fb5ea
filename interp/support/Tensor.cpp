//===- Tensor.cpp - Dense row-major tensors --------------------------------===//

#include "interp/support/Tensor.h"

#include <algorithm>

namespace ref {

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
  s += dtypeName(t).str();
  return s;
}

Tensor::Tensor(DType dtype, llvm::ArrayRef<int64_t> shape)
    : dtype_(dtype), shape_(shape.begin(), shape.end()),
      numElements_(numElementsOf(shape)), elemBytes_(storageBytes(dtype)),
      data_(static_cast<size_t>(numElements_) * elemBytes_, 0) {}

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

void Tensor::compactUndef() {
  if (!undef_.empty() &&
      std::all_of(undef_.begin(), undef_.end(), [](uint8_t u) { return !u; }))
    undef_.clear();
}

int64_t Tensor::firstUndef() const {
  for (size_t i = 0; i < undef_.size(); ++i)
    if (undef_[i])
      return i;
  return -1;
}

bool Tensor::sameContents(const Tensor &o) const {
  return dtype_ == o.dtype_ && shape_ == o.shape_ && data_ == o.data_;
}

} // namespace ref
