//===- Structural.h - Structural mutations of queue entries -----*- C++ -*-===//
//
// A guided campaign's queue entries are programs as text (one function, as
// the generator or ref-mutate printed it). Beside ref-mutate's mutations
// (element types, extents, attributes), a structural one: a returned
// value gets an elementwise consumer, a `linalg.generic` that negates it
// (floats: negf; integers: 0 - x, wrapping; i1: xor with true), with an
// identity indexing map or, for a static rank-2 value, a transposing one;
// the function returns the consumer's result instead. A consumer next to
// the value's producer is what dispatch formation fuses, and the
// transposed map reaches the transpose-propagation paths. Text only (no
// MLIR): the interpreter verifies the result like any case.
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

} // namespace ref::difftest

#endif // REF_DIFFTEST_STRUCTURAL_H
