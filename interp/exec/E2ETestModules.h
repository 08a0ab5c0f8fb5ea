//===- E2ETestModules.h - IREE's generated e2e suites, natively --*- C++ -*-===//
//
// IREE's generated e2e suites (tests/e2e/matmul, convolution, attention) are
// two modules: the module under test (`util.func`s on tensors) and a "calls"
// module whose zero-argument functions fill buffer views with pseudo-random
// values (`@matmul_test.generate_random_matrix`), call the module under test
// through IREE's ABI (`@module.fn`, buffer views in and out) and check the
// result (`@matmul_test.check_matmul_results`). IREE runs them with the test
// runners of tools/testing/e2e, which implement the `*_test` modules in C.
// This file links the modules the same way and implements the test modules
// from their semantics:
//  - the fill: a Park-Miller "minimal standard" generator (multiplier 48271,
//    modulus 2^31 - 1, as std::minstd_rand) seeded with the seed argument;
//    element i is min + state_{i+1} % (max - min + 1), in row-major order,
//    with [min, max] per element type (i8/bf16/f8: [-2, 2], f16/i16:
//    [-4, 4], i32/f32: [-8, 8], i64/f64: [-16, 16], ui8: [0, 255]);
//  - the checks: IREE's reference (products summed in order, in f32 for
//    f16/bf16/f8 inputs) at every check_every-th element, compared with
//    IREE's rules (integers and f32 exactly unless --require_exact_results
//    is false, bf16 within 10 above 127, ...).
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_E2ETESTMODULES_H
#define REF_EXEC_E2ETESTMODULES_H

#include "interp/exec/Interpreter.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace ref {

/// The flags of IREE's e2e test runners (tools/testing/e2e/test_utils.c),
/// with their names and defaults.
struct E2ETestFlags {
  /// --require_exact_results: float results must match exactly.
  bool requireExactResults = true;
  /// --acceptable_fp_delta: absolute tolerance when they need not.
  float acceptableFpDelta = 1e-5f;
  /// --max_elements_to_check: check about this many elements of a large
  /// matmul result (every n-th, n not dividing the row length); 0: all.
  int32_t maxElementsToCheck = 10000;
};

/// The resolver of calls to body-less functions
/// (InterpreterOptions::externalCall) for IREE's module linkage: `@NAME.fn`
/// calls public function `fn` of the module named NAME in `modules` through
/// IREE's ABI (buffer views become tensors after IREE's checks of element
/// type and shape; tensor results become buffer views), and
/// `@matmul_test.*`, `@conv2d_test.*`, `@attention_test.*` are the native
/// test modules. A failed check is recorded with
/// Interpreter::addCheckFailure; invalid arguments are errors.
std::function<mlir::FailureOr<llvm::SmallVector<RtValue>>(
    Interpreter &, mlir::Operation *, llvm::ArrayRef<RtValue>)>
makeE2ELinker(llvm::StringMap<mlir::ModuleOp> modules, E2ETestFlags flags);

/// One step of the test runners' generator: state = state * 48271 mod
/// (2^31 - 1), computed in 32 bits as the C code does (the product wraps
/// modulo 2^32 before the remainder); returns the new state.
uint32_t e2ePseudorandomUint32(uint32_t &state);
/// The next value in [0, range).
uint32_t e2ePseudorandomRange(uint32_t &state, uint32_t range);
/// [min, max] of the generated values for an IREE element type code.
std::optional<std::pair<int32_t, int32_t>> e2eValueRange(uint32_t halType);

/// Fills `t` as the generate_random_* functions do for element type code
/// `halType` (the tensor's dtype must be its storage type); false for codes
/// the test runners have no value range for.
bool e2eFillRandom(Tensor &t, uint32_t halType, int32_t seed);

/// The element type code of a signless/signed/unsigned MLIR scalar type.
std::optional<uint32_t> halElementTypeCode(mlir::Type type);
/// The storage type of an element type code (ui8 and si8 are stored as i8),
/// or null for codes IREE's ABI has but the interpreter cannot hold.
mlir::Type halStorageType(mlir::MLIRContext *ctx, uint32_t halType);

/// IREE's ABI import (hal.tensor.import, and the arguments of a call into
/// another module): checks `bv` as IREE's hal.buffer_view.assert does
/// (not null, compatible element type, rank, each dim; `dynDims` give the
/// dynamic ones, or any size when empty) and returns the tensor. Errors
/// name `what`.
mlir::FailureOr<RtValue> importBufferView(mlir::Operation *op,
                                          const RtValue &bv,
                                          mlir::RankedTensorType type,
                                          llvm::ArrayRef<int64_t> dynDims,
                                          llvm::StringRef what);
/// A buffer view holding tensor value `t` of MLIR element type
/// `elementType` (IREE's ABI export).
RtValue exportTensor(const RtValue &t, mlir::Type elementType);

} // namespace ref

#endif // REF_EXEC_E2ETESTMODULES_H
