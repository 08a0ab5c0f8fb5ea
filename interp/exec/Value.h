//===- Value.h - Runtime values of the interpreter ---------------*- C++ -*-===//

#ifndef REF_EXEC_VALUE_H
#define REF_EXEC_VALUE_H

#include "interp/support/Tensor.h"

#include <memory>
#include <string>
#include <vector>

namespace ref {

/// What freedom a result legitimately has, so the oracle never calls a legal
/// difference a bug. Positions are row-major linear indices into the value.
struct Freedom {
  /// Sort: groups of positions holding mutually unordered keys (ties under
  /// the comparator); within a group any order of all sorted operands is
  /// legal, with payloads travelling with their keys.
  std::vector<std::vector<int64_t>> tieGroups;
  /// Scatter: positions written by more than one update, with the update
  /// batch indices (row-major) in write order; `anyOneOf` when the op
  /// promised unique indices (the writes race: any chain of distinct writers
  /// in any order may be what is left, see docs/coverage.md). topk, topk_v2
  /// and arg_compare use it too, without writers: a slot whose value or
  /// index depends on the tie-break among equal values lists every legal
  /// one.
  ///
  /// Flat, as a scatter may have hundreds of thousands of these: entry `e`
  /// is `positions[e]` (ascending), its writers `updatesOf(e)` and the raw
  /// bits of every value the position may legally hold (each once)
  /// `candidatesOf(e)`; `updateEnds[e]` and `candidateEnds[e]` are where
  /// entry `e`'s run ends in `updates` and `candidates`. Without
  /// `candidateEnds`, every entry has one candidate, `candidates[e]` (a
  /// scatter with unique_indices(false): its in-order value).
  ///
  /// Sizing an array leaves its elements unset (`UninitializedAllocator`):
  /// the scatter fills every element it sizes.
  struct MultiWrites {
    template <typename T>
    using Array = std::vector<T, UninitializedAllocator<T>>;
    Array<int64_t> positions;
    Array<int64_t> updateEnds;
    Array<int64_t> updates;
    Array<int64_t> candidateEnds;
    Array<uint64_t> candidates;

    size_t size() const { return positions.size(); }
    bool empty() const { return positions.empty(); }
    llvm::ArrayRef<int64_t> updatesOf(size_t e) const {
      int64_t begin = e ? updateEnds[e - 1] : 0;
      return llvm::ArrayRef<int64_t>(updates).slice(begin,
                                                    updateEnds[e] - begin);
    }
    llvm::ArrayRef<uint64_t> candidatesOf(size_t e) const {
      if (candidateEnds.empty())
        return llvm::ArrayRef<uint64_t>(candidates).slice(e, 1);
      int64_t begin = e ? candidateEnds[e - 1] : 0;
      return llvm::ArrayRef<uint64_t>(candidates)
          .slice(begin, candidateEnds[e] - begin);
    }
    /// Appends an entry with its writers (candidates come later, in
    /// entry order, with addCandidates).
    void add(int64_t position, llvm::ArrayRef<int64_t> writers) {
      positions.push_back(position);
      updates.insert(updates.end(), writers.begin(), writers.end());
      updateEnds.push_back(static_cast<int64_t>(updates.size()));
    }
    /// The candidates of the next entry without them.
    void addCandidates(llvm::ArrayRef<uint64_t> values) {
      candidates.insert(candidates.end(), values.begin(), values.end());
      candidateEnds.push_back(static_cast<int64_t>(candidates.size()));
    }
  };
  MultiWrites multiWrites;
  bool multiWritesAnyOneOf = false;
  /// Floating-point reductions: the number of terms combined into each
  /// element (uniform), so the oracle can bound reassociation error. A float
  /// computed from reduced values adds the largest count of its inputs to
  /// its own (Interpreter::runOp).
  int64_t reductionLength = 0;
  /// The value was computed from a result with freedom by an op that does
  /// not track it: only order-insensitive comparison is sound.
  std::string derivedFrom;
  /// The op (name and location) whose result had the freedom.
  std::string origin;

  bool empty() const {
    return tieGroups.empty() && multiWrites.empty() && reductionLength == 0 &&
           derivedFrom.empty();
  }
};

/// A runtime value: a tensor (shared, immutable once published) or a scalar.
/// Scalars use the bit representation of ScalarOps.h.
struct RtValue {
  std::shared_ptr<const Tensor> tensor;
  DType dtype = DType::I32;
  uint64_t bits = 0;
  /// For complex scalars: `bits` holds the real part and `imag` the
  /// imaginary part, each in the bits of complexPartType(dtype).
  uint64_t imag = 0;
  /// For scalars: the value came from an uninitialized tensor element.
  bool undef = false;
  /// For scalars: the value is poison; the state (>= kFirstPoison) names
  /// the op that created it (poisonOrigin). 0: not poison.
  uint8_t poison = 0;
  /// Legitimate freedom of this value (null: none, the result is exact).
  std::shared_ptr<const Freedom> freedom;
  /// A `!hal.buffer_view` (IREE's generated e2e suites): `tensor` holds the
  /// contents and this IREE's element type code, which may carry a
  /// signedness the signless tensor lacks (ui8 data in an i8 tensor). 0 for
  /// other values; a null buffer view (`util.null`) has no tensor either.
  uint32_t halElementType = 0;

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
  static RtValue ofComplex(DType t, uint64_t re, uint64_t im) {
    RtValue v;
    v.dtype = t;
    v.bits = re;
    v.imag = im;
    return v;
  }
  bool isTensor() const { return tensor != nullptr; }
  /// For scalars: the element state (Tensor::state) the value carries.
  uint8_t state() const {
    return poison ? poison : undef ? kNeverWritten : kDefined;
  }
  void setState(uint8_t s) {
    undef = s == kNeverWritten;
    poison = s >= kFirstPoison ? s : 0;
  }
  /// Whether the value is or holds (some element) poison.
  bool hasPoison() const { return isTensor() ? tensor->hasPoison() : poison; }
  int64_t asIndex() const { return signExtend(bits, dtype); }
};

} // namespace ref

#endif // REF_EXEC_VALUE_H
