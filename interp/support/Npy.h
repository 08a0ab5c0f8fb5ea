//===- Npy.h - NumPy .npy reading and writing --------------------*- C++ -*-===//
//
// Reads and writes NPY (format versions 1.0, 2.0 and 3.0 on read; 1.0 on
// write) for bool, int8-64, uint8-64 and float16/32/64. Unsigned arrays read
// into the signless integer type of the same width. bf16 and f8 have no NPY
// type code: use raw .bin files for them. Every error names the file and what
// is wrong with it (bad magic, truncated header, unsupported dtype, Fortran
// order, data shorter than the header says, ...).
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_NPY_H
#define REF_SUPPORT_NPY_H

#include "interp/support/Tensor.h"

#include "llvm/Support/Error.h"

namespace ref {

/// Parses NPY bytes; `name` is used in error messages.
llvm::Expected<Tensor> parseNpy(llvm::StringRef bytes, llvm::StringRef name);
llvm::Expected<Tensor> readNpyFile(llvm::StringRef path);
/// Whether numpy has a type code for `t` (bf16 and the f8 types have none:
/// they travel as raw .bin files, as iree-run-module writes them).
bool npyHasTypeCode(DType t);
/// Serializes to NPY 1.0 ('<' little-endian, C order). i1 writes '|b1',
/// index writes '<i8'. Fails for bf16 and f8 types.
llvm::Expected<std::string> serializeNpy(const Tensor &t);
llvm::Error writeNpyFile(llvm::StringRef path, const Tensor &t);

} // namespace ref

#endif // REF_SUPPORT_NPY_H
