//===- GenericParts.h - linalg.generic pieces shared by recipes -*- C++ -*-===//
//
// The parts of the linalg.generic recipe (Generic.cpp) that other recipes
// build their generics with: the extent of a loop as an operand has it, the
// features of a generic, emitting one, and the elementwise truncf back to a
// narrow float after an f32 accumulation.
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_RECIPES_GENERICPARTS_H
#define REF_FUZZ_RECIPES_GENERICPARTS_H

#include "fuzz/Recipe.h"

namespace ref::fuzz::gen {

/// Extent `extent` of loop `loop`, mirroring the first of `ins` that the
/// loop indexes (dynamic there, dynamic here).
DimSrc loopSrc(Builder &bld, int64_t loop, int64_t extent,
               ArrayRef<GenericOperand> ins);

/// The forms of a generic: loops, iterators, maps, inputs, outputs, mixed
/// precision.
void genericForms(Builder &bld, OpFeature &feat, ArrayRef<bool> red,
                  ArrayRef<GenericOperand> ins, ArrayRef<GenericOperand> outs);

/// Appends the linalg.generic (reduction loops `red`) and returns its
/// results.
SmallVector<ValueId, 2> emitGeneric(Builder &bld, ArrayRef<bool> red,
                                    ArrayRef<GenericOperand> ins,
                                    ArrayRef<GenericOperand> outs, Body body,
                                    ArrayRef<Facts> outFacts, OpFeature feat);

/// An elementwise generic truncating `sum` (an f32 accumulation) to the
/// narrow float `low` (maybe transposed, maybe scaled by 2^-k first);
/// nothing for rank 0.
std::optional<ValueId> truncfBack(Builder &bld, ValueId sum, DType low);

} // namespace ref::fuzz::gen

#endif // REF_FUZZ_RECIPES_GENERICPARTS_H
