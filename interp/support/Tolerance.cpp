//===- Tolerance.cpp - Elementwise tolerance of float outputs -----------===//

#include "interp/support/Tolerance.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace ref {

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

FloatTolerance OracleOptions::defaultTolerance(DType t) {
  switch (t) {
  case DType::F64:
    return {4, 1e-12};
  case DType::F32:
    return {8, 1e-6};
  case DType::F16:
    return {2, 1e-3};
  case DType::BF16:
    return {2, 1e-2};
  case DType::F4E2M1FN:
  case DType::F6E2M3FN:
  case DType::F6E3M2FN:
  case DType::F8E4M3FN:
  case DType::F8E5M2:
  case DType::F8E4M3FNUZ:
  case DType::F8E5M2FNUZ:
  case DType::F8E4M3B11FNUZ:
  case DType::F8E8M0FNU:
    // So few values that one step is already a large relative error (a
    // factor of 2 for f8E8M0FNU, whose truncation IREE's runtime parser
    // rounds but its compiled code truncates).
    return {1, 0};
  default:
    return {0, 0};
  }
}

OracleOptions::OracleOptions() {
  for (unsigned i = 0; i < kNumDTypes; ++i)
    tolerances[i] = defaultTolerance(static_cast<DType>(i));
}

//===----------------------------------------------------------------------===//
// Float bit patterns
//===----------------------------------------------------------------------===//

FloatFormat::FloatFormat(DType t) {
  const llvm::fltSemantics &sem = floatSemantics(t);
  unsigned width = bitWidth(t);
  unsigned mantBits = llvm::APFloat::semanticsPrecision(sem) - 1;
  uint64_t all = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bool isSigned = t != DType::F8E8M0FNU;
  signMask = isSigned ? uint64_t(1) << (width - 1) : 0;
  mantMask = (uint64_t(1) << mantBits) - 1;
  expMask = all & ~signMask & ~mantMask;
  hasInf = llvm::APFloat::semanticsHasInf(sem);
  hasZero = t != DType::F8E8M0FNU;
  if (!llvm::APFloat::semanticsHasNaN(sem))
    nanKind = NaNKind::None;
  else if (hasInf)
    nanKind = NaNKind::IEEE;
  else if (t == DType::F8E4M3FNUZ || t == DType::F8E5M2FNUZ ||
           t == DType::F8E4M3B11FNUZ)
    nanKind = NaNKind::NegZero;
  else
    nanKind = NaNKind::AllOnes;
  switch (nanKind) {
  case NaNKind::IEEE:
    canonicalNaN = expMask | (uint64_t(1) << (mantBits - 1));
    break;
  case NaNKind::AllOnes:
    canonicalNaN = expMask | mantMask;
    break;
  case NaNKind::NegZero:
    canonicalNaN = signMask;
    break;
  case NaNKind::None:
    break;
  }
  epsilon = std::ldexp(1.0, -static_cast<int>(mantBits));
}

namespace {

/// Decodes every pattern of a narrow float type once, with APFloat.
std::vector<double> buildDecodeTable(DType t) {
  unsigned width = bitWidth(t);
  std::vector<double> table(size_t(1) << width);
  for (uint64_t b = 0; b < table.size(); ++b) {
    llvm::APFloat f(floatSemantics(t), llvm::APInt(width, b));
    if (f.isNaN()) {
      table[b] = std::nan("");
      continue;
    }
    bool lost;
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    table[b] = f.convertToDouble();
  }
  return table;
}

/// Decode tables of every float type of 16 bits or fewer, built once.
const std::vector<double> &decodeTable(DType t) {
  static const std::array<std::vector<double>, kNumDTypes> tables = [] {
    std::array<std::vector<double>, kNumDTypes> all;
    for (unsigned i = 0; i < kNumDTypes; ++i) {
      auto d = static_cast<DType>(i);
      if (isFloat(d) && bitWidth(d) <= 16)
        all[i] = buildDecodeTable(d);
    }
    return all;
  }();
  return tables[static_cast<unsigned>(t)];
}

} // namespace

double bitsToDouble(uint64_t bits, DType t) {
  switch (t) {
  case DType::F32: {
    uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, 4);
    return f;
  }
  case DType::F64: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  default:
    if (isFloat(t))
      return decodeTable(t)[truncBits(bits, t)];
    return static_cast<double>(signExtend(bits, t));
  }
}

uint64_t ulpDistance(uint64_t a, uint64_t b, DType t) {
  // f8E8M0FNU has no sign: its patterns are ordered as unsigned integers.
  if (t == DType::F8E8M0FNU) {
    a &= 0xFF, b &= 0xFF;
    return a > b ? a - b : b - a;
  }
  uint64_t signMask = uint64_t(1) << (bitWidth(t) - 1);
  uint64_t magA = a & (signMask - 1), magB = b & (signMask - 1);
  // Ordered mapping: x >= 0 -> magnitude, x < 0 -> -magnitude. Both zeros map
  // to 0, so their distance is 0 and the smallest subnormals of opposite
  // signs are 2 apart.
  if (((a ^ b) & signMask) == 0)
    return magA > magB ? magA - magB : magB - magA;
  return magA + magB;
}

//===----------------------------------------------------------------------===//
// Rules 2-4
//===----------------------------------------------------------------------===//

bool withinTolerance(const Tensor &golden, const Tensor &actual,
                     int64_t reductionLength, const OracleOptions &opts) {
  ElementComparer cmp(golden, opts, reductionLength);
  for (int64_t i = 0, e = golden.numElements(); i < e; ++i) {
    uint64_t g = golden.load(i), a = actual.load(i);
    if (g == a || golden.isUndef(i))
      continue;
    if (!cmp.compare(g, a, /*withReduction=*/true).pass)
      return false;
  }
  return true;
}

} // namespace ref
