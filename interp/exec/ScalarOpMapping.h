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
/// arith/math op on unsupported types; returns success with an empty vector
/// when `op` is not an elementwise arith/math op at all.
mlir::LogicalResult describeScalarOp(mlir::Operation *op,
                                     llvm::SmallVectorImpl<ScalarOpDesc> &out);

} // namespace ref

#endif // REF_EXEC_SCALAROPMAPPING_H
