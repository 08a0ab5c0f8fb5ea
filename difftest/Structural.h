//===- Structural.h - Structural mutations of queue entries -----*- C++ -*-===//
//
// A guided campaign's queue entries are programs as text (one function, as
// the generator or ref-mutate printed it). Beside ref-mutate's mutations
// (element types, extents, attributes), structural ones. addConsumer: a returned
// value gets an elementwise consumer, a `linalg.generic` that negates it
// (floats: negf; integers: 0 - x, wrapping; i1: xor with true), with an
// identity indexing map or, for a static rank-2 value, a transposing one;
// the function returns the consumer's result instead. A consumer next to
// the value's producer is what dispatch formation fuses, and the
// transposed map reaches the transpose-propagation paths. addReduction: a
// returned value reduced over one dimension (floats: maximumf, exact in any
// order; integers: a wrapping addi) from a `linalg.fill`ed init: a
// reduction root fused after the value's producer. addProducer: an argument
// negated elementwise (transposed back when it comes in transposed) before
// its uses. addBroadcast and addContraction: new indexing maps (a value
// broadcast into a new dimension; a value contracted with itself, a matmul
// root fed by the value's producer). Text only (no MLIR): the interpreter verifies the result like
// any case.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_STRUCTURAL_H
#define REF_DIFFTEST_STRUCTURAL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ref::difftest {

struct StructuralMutant {
  std::string program;
  std::string what; // "elementwise consumer (negf, transposed) of result 1"
};

/// The program with a consumer added to one returned value of its function
/// (picked by `seed`); nullopt when no returned value has a type it
/// handles (a ranked tensor of a float, integer or i1 element type).
std::optional<StructuralMutant> addConsumer(llvm::StringRef program,
                                            uint64_t seed);

/// The program with one returned value (picked by `seed`; bit 8 set: the
/// dimension is picked by the bits above it, else the innermost) reduced
/// into a value of one rank less; nullopt when no returned value is a
/// ranked tensor of rank >= 1 of a float or integer (not i1) type.
std::optional<StructuralMutant> addReduction(llvm::StringRef program,
                                             uint64_t seed);

/// The program with an elementwise producer between one argument (picked by
/// `seed`, one the body uses, of a float, integer or i1 tensor type) and
/// its uses; a static rank-2 argument comes in transposed when bit 8 is
/// set (the function's argument type changes).
std::optional<StructuralMutant> addProducer(llvm::StringRef program,
                                            uint64_t seed);

/// The program with one returned value (picked by `seed`; a float, integer
/// or i1 tensor of rank <= 3) broadcast into a new dimension (its position
/// picked by bits 8 and up, its extent 2-4 by bits 12 and up) by an
/// elementwise negation whose input map drops that dimension: a broadcast
/// fused after the value's producer, and dispatches of one rank more.
std::optional<StructuralMutant> addBroadcast(llvm::StringRef program,
                                             uint64_t seed);

/// The program with one returned value (picked by `seed`; a float or
/// integer, not i1, tensor of rank 1-3) contracted with itself by a
/// `linalg.generic` of mul and add maps (what IREE's contraction
/// detection takes for a matmul): rank 1, the outer product x_i x_j (no
/// reduction); rank 2, X X^T or, bit 8 set, X^T X from a zero fill; rank 3,
/// the same per batch (the first dimension). Integers wrap; a float sum's
/// order is the target's, bounded by the oracle like any float reduction.
std::optional<StructuralMutant> addContraction(llvm::StringRef program,
                                               uint64_t seed);

} // namespace ref::difftest

#endif // REF_DIFFTEST_STRUCTURAL_H
