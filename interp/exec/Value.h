//===- Value.h - Runtime values of the interpreter ---------------*- C++ -*-===//

#ifndef REF_EXEC_VALUE_H
#define REF_EXEC_VALUE_H

#include "interp/support/Tensor.h"

#include <memory>

namespace ref {

/// A runtime value: a tensor (shared, immutable once published) or a scalar.
/// Scalars use the bit representation of ScalarOps.h.
struct RtValue {
  std::shared_ptr<const Tensor> tensor;
  DType dtype = DType::I32;
  uint64_t bits = 0;
  /// For scalars: the value came from an uninitialized tensor element.
  bool undef = false;

  static RtValue ofTensor(std::shared_ptr<const Tensor> t) {
    RtValue v;
    v.dtype = t->dtype();
    v.tensor = std::move(t);
    return v;
  }
  static RtValue ofTensor(Tensor &&t) {
    return ofTensor(std::make_shared<const Tensor>(std::move(t)));
  }
  static RtValue ofScalar(DType t, uint64_t bits) {
    RtValue v;
    v.dtype = t;
    v.bits = truncBits(bits, t);
    return v;
  }
  bool isTensor() const { return tensor != nullptr; }
  int64_t asIndex() const { return signExtend(bits, dtype); }
};

} // namespace ref

#endif // REF_EXEC_VALUE_H
