//===- KernelUtils.h - Helpers shared by the op kernels -----------*- C++ -*-===//

#ifndef REF_EXEC_KERNELUTILS_H
#define REF_EXEC_KERNELUTILS_H

#include "interp/exec/Interpreter.h"
#include "interp/exec/Types.h"
#include "interp/scalar/ScalarOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace ref {

/// Records undefined behaviour at `op` (coordinates optional).
void reportUB(Frame &frame, mlir::Operation *op, llvm::StringRef kind,
              llvm::ArrayRef<int64_t> coords = {}, bool hasCoords = false,
              llvm::StringRef detail = "");

/// The element state (kFirstPoison..) of poison that `op` creates with
/// `kind`: its origin is "<op> at <loc> (<kind>)". Cached per thread.
uint8_t poisonStateOf(mlir::Operation *op, UBKind kind);

/// Poison must not reach `sink` ("a function result", "an index operand",
/// ...): if `v` is poison or holds a poison element, reports "poison
/// reaches <sink>" at `op` with the element's coordinates and the op that
/// created the poison, and returns true. `what` names the operand.
bool reportPoisonIn(Frame &frame, mlir::Operation *op, const RtValue &v,
                    llvm::StringRef sink, llvm::StringRef what = "");

// Reads out of bounds whose value a select may discard (docs/coverage.md,
// "Reads out of bounds"). A read out of bounds is undefined behaviour when
// it happens, unless its value is provably discarded: every use of it,
// followed through arith and math ops that cannot trap, ends as a value
// operand of an arith.select. Then it yields poison tagged as such; a select
// that drops it records a note ("read out of bounds, result masked"), and one
// that reaches a sink is the read's own finding, at the reading op.

/// Whether every use of `v` is provably discarded by a select that may drop
/// it: each use is a value (not condition) operand of arith.select, or an
/// operand of an arith/math op that cannot trap (no division or remainder)
/// whose results are all such, or an input of a linalg.generic whose block
/// argument is. A value with no use at all is not.
bool isSelectGuarded(mlir::Value v);

/// The poison state of a select-guarded read out of bounds by `op`, whose
/// finding, should the value reach a sink, is `kind` ("out-of-bounds
/// tensor.extract"). 0 when the process-wide origin table is full: the read
/// is then reported at once.
uint8_t outOfBoundsReadState(mlir::Operation *op, llvm::StringRef kind);

/// If `state` is such poison: records that the value reached `sink` (at
/// `sinkOp`, element `coords` when `hasCoords`) as the read's own finding,
/// at the reading op, and returns true.
bool reportOutOfBoundsReach(Interpreter &interp, uint8_t state,
                            mlir::Operation *sinkOp, llvm::StringRef sink,
                            llvm::ArrayRef<int64_t> coords = {},
                            bool hasCoords = false);

/// If `state` is such poison: notes that `select` discarded it.
void noteMaskedRead(Interpreter &interp, uint8_t state,
                    mlir::Operation *select);

/// Creates a tensor for a value of ranked tensor type `type` whose dynamic
/// dims are `dynSizes` (in order), within the memory budget.
mlir::FailureOr<Tensor> allocTensor(Frame &frame, mlir::Operation *op,
                                    mlir::Type type,
                                    llvm::ArrayRef<int64_t> dynSizes = {});
/// Same, with a fully known shape; checks it against the static dims of
/// `type` and reports a mismatch as an error.
mlir::FailureOr<Tensor> allocTensorOfShape(Frame &frame, mlir::Operation *op,
                                           mlir::Type type,
                                           llvm::ArrayRef<int64_t> shape);

/// The value of `#util.byte_pattern<pattern> : type`: a statically shaped
/// tensor whose every storage byte is pattern mod 256 (IREE's
/// BytePatternAttr::serializeToBuffer). Element types without whole bytes
/// (i1, sub-byte types) are declined with an error at `loc`.
mlir::FailureOr<Tensor> tensorFromBytePattern(Interpreter &interp,
                                              mlir::Type type, int64_t pattern,
                                              mlir::Location loc);

/// The value of a `#flow.parameter.named` / `#stream.parameter.named`
/// attribute (`attr`): the bytes [offset, offset + the type's storage size)
/// of the parameter, offset from the attribute's `{offset = N}` config (0
/// by default), read through InterpreterOptions::loadParameter and laid out
/// as IREE's buffers hold them (row-major, little-endian, sub-byte types
/// packed). Failure (with an error at `loc`) when it cannot be read.
mlir::FailureOr<Tensor> tensorFromParameter(Interpreter &interp,
                                            mlir::Attribute attr,
                                            mlir::Location loc);
/// Whether `attr` is a `#flow/#stream.parameter.named` attribute.
bool isParameterAttr(mlir::Attribute attr);

/// Sets result 0 of `op` to the value of a constant attribute (a tensor for
/// elements attributes, a scalar otherwise).
mlir::LogicalResult setConstantResult(mlir::Operation *op, Frame &frame,
                                      mlir::Attribute value);

/// Index values of `operands` (index or integer scalars).
llvm::SmallVector<int64_t> indexValues(Frame &frame, mlir::ValueRange operands);

/// Mixed static/dynamic lists of ops like extract_slice: a static entry
/// unless it equals ShapedType::kDynamic, then the next dynamic operand.
llvm::SmallVector<int64_t> mixedValues(Frame &frame,
                                       llvm::ArrayRef<int64_t> statics,
                                       mlir::ValueRange dynamics);

/// Checks a runtime shape against a (possibly dynamic) tensor type.
mlir::LogicalResult checkShapeMatches(mlir::Operation *op, mlir::Type type,
                                      llvm::ArrayRef<int64_t> shape,
                                      llvm::StringRef what);

/// Loads `n` elements of `t`, `step` apart from element `first`, as raw bits
/// (zero-extended, as Tensor::load).
void loadBits(const Tensor &t, int64_t first, int64_t step, int64_t n,
              uint64_t *dst);
/// Stores `n` raw bit patterns as Tensor::store does (truncated to the
/// element; i1 keeps bit 0), `step` apart from element `first`. The undefined
/// mask is left alone.
void storeBits(Tensor &t, int64_t first, int64_t step, int64_t n,
               const uint64_t *src);

/// Element `i` of `t` as a scalar value (complex elements in both parts,
/// RtValue::imag), without its state.
RtValue loadScalar(const Tensor &t, int64_t i);
/// Stores scalar `v` (of `t`'s element type) into element `i`.
void storeScalar(Tensor &t, int64_t i, const RtValue &v);
/// Copies element `j` of `src` into element `i` of `dst` (same dtype).
inline void copyElement(Tensor &dst, int64_t i, const Tensor &src,
                        int64_t j) {
  unsigned eb = dst.elementBytes();
  std::memcpy(dst.data() + i * eb, src.data() + j * eb, eb);
}

/// Splits `units` independent units of `workPerUnit` each into tasks of
/// whole units, by shape alone: at most 256 tasks, none with less than
/// InterpreterOptions::minTaskWork. Returns the units per task.
int64_t unitsPerTask(const Interpreter &interp, int64_t units,
                     int64_t workPerUnit);

/// "file:line:col" for file locations, MLIR's form otherwise.
std::string formatLoc(mlir::Location loc);

/// "[1, 2]"
std::string formatCoords(llvm::ArrayRef<int64_t> coords);

/// "2x10" ("scalar" for rank 0), as UB reports name operand shapes.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// "linalg.softmax at file:line:col": the op named in a Freedom origin or
/// a poison origin.
std::string originOf(mlir::Operation *op);

/// Reports the first never-written or poison element of `t`, an operand the
/// kernel reads whole without carrying element states (described by `what`:
/// "the input", "the updates", ...).
void reportUndefReads(Frame &frame, mlir::Operation *op, const Tensor &t,
                      llvm::StringRef what);

/// Advances a row-major coordinate vector; false after the last one.
bool nextCoords(llvm::MutableArrayRef<int64_t> c,
                llvm::ArrayRef<int64_t> shape);

/// The kernel of every elementwise op describeScalarOp maps (arith, math,
/// StableHLO's element ops), on scalars or elementwise on tensors, with
/// element states and poison (ArithMathKernels.cpp).
mlir::LogicalResult elementwiseKernel(mlir::Operation *op, Frame &frame);

// One registration function per kernel file (see Kernels.cpp).
void registerFuncKernels(KernelRegistry &r);
void registerArithMathKernels(KernelRegistry &r);
void registerScfKernels(KernelRegistry &r);
void registerTensorKernels(KernelRegistry &r);
void registerLinalgKernels(KernelRegistry &r);
void registerTestSupportKernels(KernelRegistry &r);
void registerLinalgExtKernels(KernelRegistry &r);
// Called by registerLinalgExtKernels (LinalgExtSortKernels.cpp).
void registerLinalgExtSortKernels(KernelRegistry &r);
void registerAttentionKernels(KernelRegistry &r);
void registerLinalgLayoutKernels(KernelRegistry &r);
void registerLinalgExtTransformKernels(KernelRegistry &r);
void registerAffineKernels(KernelRegistry &r);
void registerHalKernels(KernelRegistry &r);
void registerComplexKernels(KernelRegistry &r);
void registerFftKernels(KernelRegistry &r);
void registerQuantizeKernels(KernelRegistry &r);
void registerFlowPhaseKernels(KernelRegistry &r);
void registerStablehloKernels(KernelRegistry &r);

} // namespace ref

#endif // REF_EXEC_KERNELUTILS_H
