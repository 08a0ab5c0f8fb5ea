//===- AffineKernels.cpp - affine index arithmetic on scalars -------------===//
//
// The affine ops IREE writes in index computations (the transformation
// regions of iree_linalg_ext.map_load/map_store): `affine.apply`,
// `affine.linearize_index` and `affine.delinearize_index`, on index scalars.
//
// Semantics follow AffineOps.td: affine expressions are mathematical integer
// expressions (floordiv/ceildiv round toward -inf/+inf, mod is non-negative);
// overflowing index arithmetic, a non-positive divisor or basis element, and
// a `disjoint` linearize_index whose indices leave their basis are undefined
// behaviour (findings; the value is then computed with wrap-around).
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/AffineExpr.h"

using namespace mlir;

namespace ref {
namespace {

RtValue indexValue(int64_t v) {
  return RtValue::ofScalar(DType::Index, static_cast<uint64_t>(v));
}

/// Evaluates affine expressions; the first undefined step is reported.
struct AffineEval {
  Frame &frame;
  Operation *op;
  bool reported = false;

  void ub(StringRef kind, const std::string &detail) {
    if (reported)
      return;
    reported = true;
    reportUB(frame, op, kind, {}, false, detail);
  }
  int64_t add(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r))
      ub("index overflow", std::to_string(a) + " + " + std::to_string(b));
    return r;
  }
  int64_t mul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r))
      ub("index overflow", std::to_string(a) + " * " + std::to_string(b));
    return r;
  }
  /// floordiv, ceildiv or mod by a positive `b`.
  bool checkDivisor(int64_t b) {
    if (b > 0)
      return true;
    ub("non-positive affine divisor", "divisor " + std::to_string(b));
    return false;
  }
  int64_t floorDiv(int64_t a, int64_t b) {
    if (!checkDivisor(b))
      return 0;
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
  }
  int64_t ceilDiv(int64_t a, int64_t b) {
    if (!checkDivisor(b))
      return 0;
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
  }
  int64_t mod(int64_t a, int64_t b) {
    if (!checkDivisor(b))
      return 0;
    int64_t r = a % b;
    return r < 0 ? r + b : r;
  }

  int64_t eval(AffineExpr e, ArrayRef<int64_t> dims, ArrayRef<int64_t> syms) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      return dims[d.getPosition()];
    if (auto s = dyn_cast<AffineSymbolExpr>(e))
      return syms[s.getPosition()];
    if (auto c = dyn_cast<AffineConstantExpr>(e))
      return c.getValue();
    auto bin = cast<AffineBinaryOpExpr>(e);
    int64_t a = eval(bin.getLHS(), dims, syms);
    int64_t b = eval(bin.getRHS(), dims, syms);
    switch (e.getKind()) {
    case AffineExprKind::Add:
      return add(a, b);
    case AffineExprKind::Mul:
      return mul(a, b);
    case AffineExprKind::FloorDiv:
      return floorDiv(a, b);
    case AffineExprKind::CeilDiv:
      return ceilDiv(a, b);
    case AffineExprKind::Mod:
      return mod(a, b);
    default:
      return 0;
    }
  }
};

LogicalResult applyKernel(Operation *op, Frame &frame) {
  auto apply = cast<affine::AffineApplyOp>(op);
  AffineMap map = apply.getAffineMap();
  SmallVector<int64_t> values = indexValues(frame, apply.getMapOperands());
  ArrayRef<int64_t> all(values);
  AffineEval ev{frame, op};
  int64_t r = ev.eval(map.getResult(0), all.take_front(map.getNumDims()),
                      all.drop_front(map.getNumDims()));
  frame.set(apply.getResult(), indexValue(r));
  return success();
}

LogicalResult linearizeKernel(Operation *op, Frame &frame) {
  auto lin = cast<affine::AffineLinearizeIndexOp>(op);
  SmallVector<int64_t> idx = indexValues(frame, lin.getMultiIndex());
  SmallVector<int64_t> basis =
      mixedValues(frame, lin.getStaticBasis(), lin.getDynamicBasis());
  // Without an outer bound the basis lacks the first index's bound.
  size_t offset = idx.size() - basis.size();
  AffineEval ev{frame, op};
  for (auto [i, b] : llvm::enumerate(basis)) {
    if (lin.getDisjoint() && b < 0)
      ev.ub("invalid basis",
            "basis element " + std::to_string(i) + " is " + std::to_string(b));
    size_t k = i + offset;
    if (lin.getDisjoint() && k > 0 && (idx[k] < 0 || idx[k] >= b))
      ev.ub("disjoint index out of its basis",
            "index " + std::to_string(k) + " is " + std::to_string(idx[k]) +
                ", basis " + std::to_string(b));
  }
  // sum idx[k] * prod(basis[j], j > k), Horner's form.
  int64_t r = idx.empty() ? 0 : idx[0];
  for (size_t k = 1; k < idx.size(); ++k)
    r = ev.add(ev.mul(r, basis[k - offset]), idx[k]);
  frame.set(lin.getLinearIndex(), indexValue(r));
  return success();
}

LogicalResult delinearizeKernel(Operation *op, Frame &frame) {
  auto del = cast<affine::AffineDelinearizeIndexOp>(op);
  int64_t x = frame.get(del.getLinearIndex()).asIndex();
  SmallVector<int64_t> basis =
      mixedValues(frame, del.getStaticBasis(), del.getDynamicBasis());
  size_t n = del.getNumResults();
  size_t offset = n - basis.size();
  AffineEval ev{frame, op};
  for (auto [i, b] : llvm::enumerate(basis))
    if (b <= 0)
      ev.ub("invalid basis",
            "basis element " + std::to_string(i) + " is " + std::to_string(b));
  // Innermost first: result k = x mod basis[k], x = x floordiv basis[k];
  // the outermost result keeps the rest (its bound is not used).
  SmallVector<int64_t> res(n, 0);
  for (size_t k = n; k-- > 1;) {
    int64_t b = basis[k - offset];
    res[k] = ev.mod(x, b);
    x = ev.floorDiv(x, b);
  }
  if (n > 0)
    res[0] = x;
  for (auto [r, v] : llvm::zip(del.getResults(), res))
    frame.set(r, indexValue(v));
  return success();
}

} // namespace

void registerAffineKernels(KernelRegistry &r) {
  r.add("affine.apply", applyKernel);
  r.add("affine.linearize_index", linearizeKernel);
  r.add("affine.delinearize_index", delinearizeKernel);
}

} // namespace ref
