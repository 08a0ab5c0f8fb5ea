//===- TextFormat.h - iree-run-module's text form of results -----*- C++ -*-===//
//
// Prints values the way iree-run-module prints results, so a golden run and an
// IREE run can be diffed as text:
//   result[0]: hal.buffer_view
//   2x3xf32=[1 2 3][4 5 6]
// and for scalar results "result[0]: i32=5".
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_TEXTFORMAT_H
#define REF_SUPPORT_TEXTFORMAT_H

#include "interp/support/Tensor.h"

#include "llvm/Support/raw_ostream.h"

namespace ref {

/// Formats one element as iree-run-module does.
std::string formatElement(uint64_t bits, DType t);
/// "2x3xf32=[1 2 3][4 5 6]" (or "f32=1.5" for rank 0). At most
/// `maxElements` elements are printed, then "...".
void printBufferView(llvm::raw_ostream &os, const Tensor &t,
                     int64_t maxElements = 1024);
/// The full "result[i]: ..." block for one result.
void printResult(llvm::raw_ostream &os, unsigned index, const Tensor &t,
                 bool isScalar, int64_t maxElements = 1024);

} // namespace ref

#endif // REF_SUPPORT_TEXTFORMAT_H
