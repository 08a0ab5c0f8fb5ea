//===- LinalgExtCommon.h - Helpers shared by the linalg_ext kernels -*- C++ -*-===//
//
// Lines along a dimension, single-lane region calls, the stable merge sort
// and operand checks used by LinalgExtKernels.cpp (scatter, gather, scan)
// and LinalgExtSortKernels.cpp (sort, topk, topk_v2, arg_compare).
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_KERNELS_LINALGEXTCOMMON_H
#define REF_EXEC_KERNELS_LINALGEXTCOMMON_H

#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"
#include "interp/exec/Types.h"

#include "mlir/IR/TypeUtilities.h"

#include <numeric>
#include <string>
#include <vector>

namespace ref {
namespace linalg_ext_kernels {

using mlir::ArrayRef;
using mlir::FailureOr;
using mlir::Operation;
using mlir::StringRef;

/// Calls fn(base, stride, outerCoords) for every 1-D line along `dim`.
template <typename Fn>
inline void forEachLine(ArrayRef<int64_t> shape, int64_t dim, Fn &&fn) {
  Shape strides = rowMajorStrides(shape);
  int64_t rank = shape.size();
  for (int64_t d : shape)
    if (d == 0)
      return;
  Shape point(rank, 0);
  while (true) {
    int64_t base = 0;
    for (int64_t d = 0; d < rank; ++d)
      base += point[d] * strides[d];
    fn(base, strides[dim], point);
    int64_t d = rank - 1;
    for (; d >= 0; --d) {
      if (d == dim)
        continue;
      if (++point[d] < shape[d])
        break;
      point[d] = 0;
    }
    if (d < 0)
      return;
  }
}

/// One element's bits: a scalar's in `re`, or a complex value's real and
/// imaginary parts (each an f32 or f64 pattern).
struct ElemBits {
  uint64_t re = 0, im = 0;
};

/// Element `i` of `t`, complex ones by their parts (Tensor::load holds
/// neither part of a complex<f64> alone).
inline ElemBits loadElem(const Tensor &t, int64_t i) {
  if (isComplex(t.dtype()))
    return {t.loadPart(i, 0), t.loadPart(i, 1)};
  return {t.load(i), 0};
}
inline void storeElem(Tensor &t, int64_t i, ElemBits v) {
  if (isComplex(t.dtype())) {
    t.storePart(i, 0, v.re);
    t.storePart(i, 1, v.im);
    return;
  }
  t.store(i, v.re);
}

/// Runs a region body on single lanes: a comparator or a combiner.
class ScalarRegion {
public:
  ScalarRegion(const CompiledRegion &cr, Frame &frame)
      : cr(cr), runner(cr, frame, 1), frame(frame) {}
  uint64_t call(ArrayRef<uint64_t> args, ArrayRef<int64_t> coords) {
    for (auto [i, a] : llvm::enumerate(args))
      runner.arg(i)[0] = a;
    runner.run(1, nullptr, -1,
               [&](Operation *at, StringRef kind, int, StringRef detail) {
                 reportUB(frame, at, kind, coords, !coords.empty(), detail);
               });
    return runner.result(0)[0];
  }
  /// call() for bodies whose arguments or result may be complex: each
  /// complex argument's parts go to its two registers, and a complex
  /// result comes back in both parts.
  ElemBits callElems(ArrayRef<ElemBits> args, ArrayRef<int64_t> coords) {
    for (auto [i, a] : llvm::enumerate(args)) {
      runner.arg(i)[0] = a.re;
      if (isComplex(cr.argType(i)))
        runner.argImag(i)[0] = a.im;
    }
    runner.run(1, nullptr, -1,
               [&](Operation *at, StringRef kind, int, StringRef detail) {
                 reportUB(frame, at, kind, coords, !coords.empty(), detail);
               });
    ElemBits r{runner.result(0)[0], 0};
    if (isComplex(cr.resultType(0)))
      r.im = runner.resultImag(0)[0];
    return r;
  }
  /// Calls the region on values the program may not compute (a hypothetical
  /// order of evaluation): undefined behaviour is not a finding, it sets
  /// `hitUB`.
  uint64_t callQuietly(ArrayRef<uint64_t> args, bool &hitUB) {
    for (auto [i, a] : llvm::enumerate(args))
      runner.arg(i)[0] = a;
    runner.run(1, nullptr, -1,
               [&](Operation *, StringRef, int, StringRef) { hitUB = true; });
    return runner.result(0)[0];
  }
  const CompiledRegion &cr;

private:
  RegionRunner runner;
  Frame &frame;
};

/// Positions 0..len-1 ordered by a stable bottom-up merge sort: an element
/// of the right run moves ahead only when it goes strictly before the left
/// head. Any comparator is tolerated (no C++ ordering requirement), with
/// O(len log len) calls.
template <typename Less>
std::vector<int64_t> mergeSortPositions(int64_t len, Less &&less) {
  std::vector<int64_t> perm(len), tmp(len);
  std::iota(perm.begin(), perm.end(), 0);
  for (int64_t width = 1; width < len; width *= 2) {
    for (int64_t lo = 0; lo < len; lo += 2 * width) {
      int64_t mid = std::min(lo + width, len),
              hi = std::min(lo + 2 * width, len);
      int64_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        if (less(perm[j], perm[i]) && !less(perm[i], perm[j]))
          tmp[o++] = perm[j++];
        else
          tmp[o++] = perm[i++];
      }
      while (i < mid)
        tmp[o++] = perm[i++];
      while (j < hi)
        tmp[o++] = perm[j++];
    }
    std::swap(perm, tmp);
  }
  return perm;
}


/// Kernel `K` behind a refusal of complex operands and results ("unsupported
/// element type complex<f32> for <op>", ref-run's exit 8): for the ops whose
/// comparators, combiners or freedom candidates (one 64-bit pattern per
/// value) cannot hold a complex value.
template <OpKernel K>
mlir::LogicalResult refusingComplex(Operation *op, Frame &frame) {
  auto complexIn = [](mlir::TypeRange types) -> mlir::Type {
    for (mlir::Type t : types)
      if (llvm::isa<mlir::ComplexType>(mlir::getElementTypeOrSelf(t)))
        return t;
    return {};
  };
  if (mlir::Type t = complexIn(op->getOperandTypes()))
    return refuseElementType(op, t);
  if (mlir::Type t = complexIn(op->getResultTypes()))
    return refuseElementType(op, t);
  return K(op, frame);
}

/// The op's region compiled, checked to take `numArgs` arguments and yield
/// one value.
FailureOr<const CompiledRegion *> bodyOf(Operation *op, Frame &frame,
                                         unsigned numArgs);

} // namespace linalg_ext_kernels
} // namespace ref

#endif // REF_EXEC_KERNELS_LINALGEXTCOMMON_H
