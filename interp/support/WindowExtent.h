//===- WindowExtent.h - How many windows fit along one dimension -*- C++ -*-===//
//
// Shared by the interpreter's stablehlo.reduce_window (its verifier and
// kernel) and the fuzzer's recipe of it, which stays free of MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_WINDOWEXTENT_H
#define REF_SUPPORT_WINDOWEXTENT_H

#include <cstdint>

namespace ref {

/// The result extent of one dimension of a windowed reduction: the input
/// extent `n` dilated by `baseDilation`, padded, then the number of windows
/// of `window` elements `windowDilation` apart, `stride` apart (StableHLO's
/// spec, reduce_window, constraint C16). 0 when no window fits.
inline int64_t windowedExtent(int64_t n, int64_t window, int64_t stride,
                              int64_t baseDilation, int64_t windowDilation,
                              int64_t padLow, int64_t padHigh) {
  int64_t dilated = n == 0 ? 0 : (n - 1) * baseDilation + 1;
  int64_t padded = dilated + padLow + padHigh;
  int64_t span = window == 0 ? 0 : (window - 1) * windowDilation + 1;
  if (padded < span || stride <= 0)
    return 0;
  return (padded - span) / stride + 1;
}

} // namespace ref

#endif // REF_SUPPORT_WINDOWEXTENT_H
