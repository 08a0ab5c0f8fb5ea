//===- InputSpec.h - iree-run-module style --input= values -------*- C++ -*-===//
//
// Parses the argument forms `iree-run-module --input=` accepts:
//   2x3xf32=1,2,3,4,5,6     inline values, separated by whitespace, commas or
//                            brackets ("[1 2 3][4 5 6]")
//   2x3xf32=1               one value fills the whole tensor
//   f32=1.5 / i32=7         rank-0 (scalar) values
//   @file.npy               an NPY file (shape and type from its header)
//   2x2xbf16=@file.bin      raw little-endian bytes of the given shape/type
// Values: decimal or hex integers (0x..), floats with exponents, inf, -inf,
// nan; i1 accepts 0/1/true/false. Each error says which part of the spec is
// wrong.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_INPUTSPEC_H
#define REF_SUPPORT_INPUTSPEC_H

#include "interp/support/Tensor.h"

#include "llvm/Support/Error.h"

namespace ref {

/// A parsed argument. `isScalarForm` is set when the spec had no shape
/// (e.g. "i32=7"), which iree-run-module also uses for primitive arguments.
struct ParsedInput {
  Tensor value;
  bool isScalarForm = false;
};

llvm::Expected<ParsedInput> parseInputSpec(llvm::StringRef spec);

/// Parses one element written in text into the raw bits of `t`
/// (round-to-nearest-even for floats; range-checked for integers).
llvm::Expected<uint64_t> parseElement(llvm::StringRef text, DType t);

/// Reads raw bytes of a file into a tensor of the given shape/type; the size
/// must match exactly.
llvm::Expected<Tensor> readRawFile(llvm::StringRef path, DType t,
                                   llvm::ArrayRef<int64_t> shape);

} // namespace ref

#endif // REF_SUPPORT_INPUTSPEC_H
