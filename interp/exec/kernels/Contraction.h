//===- Contraction.h - Matrix products at native speed ------------*- C++
//-*-===//
//
// A linalg op whose body is a multiply-accumulate (`out + a * b`, after
// optionally widening a and b) and whose single reduction loop is shared by
// both inputs is a matrix product, possibly batched: linalg.matmul,
// batch_matmul, matvec, their transposed and mixed-precision variants, and
// matmul-like generics. runContraction runs it as a blocked product (packed
// panels, a register-tiled micro-kernel, all threads) that still computes
// every output element in the sequential order the generic executor uses:
//
//   c = c_init; for k = 0 .. K-1: c = c + a[k] * b[k]
//
// with the multiplication and the addition each rounded (no fused
// multiply-add). The accumulators of a tile start from the output's current
// value and take the products of successive k blocks in order, so blocking
// changes nothing: the result is bit-identical to the sequential loop, for
// floats as for integers, on any number of threads. Nothing new enters the
// freedom report (a float contraction already reports its reduction_length,
// the freedom IREE has to reassociate).
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_KERNELS_CONTRACTION_H
#define REF_EXEC_KERNELS_CONTRACTION_H

#include "interp/support/Tensor.h"

#include "llvm/ADT/ArrayRef.h"

namespace ref {

class CompiledRegion;
class Interpreter;

/// How an operand of a linalg op is addressed: the element of iteration
/// point i is at base + sum_d strides[d] * i_d.
struct StridedOperand {
  const Tensor *tensor;
  int64_t base;
  llvm::ArrayRef<int64_t> strides;
};

/// Runs the op of `body` as a matrix product into `out` (which holds the
/// initial values) when it is one: a body of 3 arguments yielding
/// `add(out, mul(a', b'))` where a', b' are a and b or their extf (floats)
/// or extsi/extui (integers) to the f32, f64, i32, i64 or index accumulator;
/// exactly one reduction loop, along which the output does not move; every
/// parallel loop moves the output. Returns false without touching anything
/// otherwise. The caller makes sure no operand holds uninitialized elements,
/// that the accesses are in bounds and that the output's indexing map is a
/// projected permutation (distinct iteration points, distinct elements).
bool runContraction(const CompiledRegion &body, llvm::ArrayRef<int64_t> ranges,
                    llvm::ArrayRef<bool> isReduction, StridedOperand a,
                    StridedOperand b, Tensor &out, int64_t outBase,
                    llvm::ArrayRef<int64_t> outStrides, Interpreter &interp);

} // namespace ref

#endif // REF_EXEC_KERNELS_CONTRACTION_H
