//===- ScalarOpMapping.h - arith/math ops to scalar op descriptors -*- C++ -*-===//
//
// The single place that says which ScalarOpcode implements an `arith` or
// `math` op. Used by the region compiler (linalg bodies, comparators,
// combiners) and by the kernels that run the same ops on scalars and tensors
// outside regions.
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_SCALAROPMAPPING_H
#define REF_EXEC_SCALAROPMAPPING_H

#include "interp/scalar/ScalarOps.h"

#include "mlir/IR/Operation.h"

namespace ref {

/// One descriptor per result of `op`, each reading all of the op's operands.
/// Returns failure (after emitting an error at the op) when the op is an
/// arith/math (or StableHLO element) op on unsupported types; returns
/// success with an empty vector when `op` is not such an elementwise op.
mlir::LogicalResult describeScalarOp(mlir::Operation *op,
                                     llvm::SmallVectorImpl<ScalarOpDesc> &out);

/// Runs a batch kernel over n lanes and calls onUB(lane, kind) for every lane
/// that hit undefined behaviour (a kernel stops reporting at its first UB
/// lane, so the rest of the batch is run again from the lane after it).
template <typename Fn>
void runBatch(BatchFn fn, const ScalarOpDesc &d, uint64_t *dst,
              const uint64_t *a, const uint64_t *b, const uint64_t *c, int n,
              Fn &&onUB) {
  int start = 0;
  while (start < n) {
    UBKind ub = UBKind::None;
    int lane = fn(d, dst + start, a + start, b + start, c + start, n - start,
                  ub);
    if (lane < 0)
      return;
    onUB(start + lane, ub);
    start += lane + 1;
  }
}

} // namespace ref

#endif // REF_EXEC_SCALAROPMAPPING_H
