//===- Types.cpp - Between MLIR types/attributes and runtime values --------===//

#include "interp/exec/Types.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include <atomic>
#include <complex>

using namespace mlir;

namespace ref {

std::optional<DType> toDType(Type t) {
  if (isa<IndexType>(t))
    return DType::Index;
  if (auto it = dyn_cast<IntegerType>(t)) {
    if (!it.isSignless())
      return std::nullopt;
    switch (it.getWidth()) {
    case 1:
      return DType::I1;
    case 2:
      return DType::I2;
    case 4:
      return DType::I4;
    case 8:
      return DType::I8;
    case 16:
      return DType::I16;
    case 32:
      return DType::I32;
    case 64:
      return DType::I64;
    default:
      return std::nullopt;
    }
  }
  if (t.isF16())
    return DType::F16;
  if (t.isBF16())
    return DType::BF16;
  if (t.isF32())
    return DType::F32;
  if (t.isF64())
    return DType::F64;
  if (isa<Float8E4M3FNType>(t))
    return DType::F8E4M3FN;
  if (isa<Float8E5M2Type>(t))
    return DType::F8E5M2;
  if (isa<Float4E2M1FNType>(t))
    return DType::F4E2M1FN;
  if (isa<Float6E2M3FNType>(t))
    return DType::F6E2M3FN;
  if (isa<Float6E3M2FNType>(t))
    return DType::F6E3M2FN;
  if (isa<Float8E4M3FNUZType>(t))
    return DType::F8E4M3FNUZ;
  if (isa<Float8E5M2FNUZType>(t))
    return DType::F8E5M2FNUZ;
  if (isa<Float8E4M3B11FNUZType>(t))
    return DType::F8E4M3B11FNUZ;
  if (isa<Float8E8M0FNUType>(t))
    return DType::F8E8M0FNU;
  if (auto ct = dyn_cast<ComplexType>(t)) {
    if (ct.getElementType().isF32())
      return DType::ComplexF32;
    if (ct.getElementType().isF64())
      return DType::ComplexF64;
  }
  return std::nullopt;
}

Type toMlirType(MLIRContext *ctx, DType t) {
  Builder b(ctx);
  switch (t) {
  case DType::I1:
    return b.getI1Type();
  case DType::I2:
    return b.getIntegerType(2);
  case DType::I4:
    return b.getI4Type();
  case DType::I8:
    return b.getI8Type();
  case DType::I16:
    return b.getI16Type();
  case DType::I32:
    return b.getI32Type();
  case DType::I64:
    return b.getI64Type();
  case DType::Index:
    return b.getIndexType();
  case DType::F8E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case DType::F8E5M2:
    return b.getType<Float8E5M2Type>();
  case DType::F4E2M1FN:
    return b.getType<Float4E2M1FNType>();
  case DType::F6E2M3FN:
    return b.getType<Float6E2M3FNType>();
  case DType::F6E3M2FN:
    return b.getType<Float6E3M2FNType>();
  case DType::F8E4M3FNUZ:
    return b.getType<Float8E4M3FNUZType>();
  case DType::F8E5M2FNUZ:
    return b.getType<Float8E5M2FNUZType>();
  case DType::F8E4M3B11FNUZ:
    return b.getType<Float8E4M3B11FNUZType>();
  case DType::F8E8M0FNU:
    return b.getType<Float8E8M0FNUType>();
  case DType::F16:
    return b.getF16Type();
  case DType::BF16:
    return b.getBF16Type();
  case DType::F32:
    return b.getF32Type();
  case DType::F64:
    return b.getF64Type();
  case DType::ComplexF32:
    return ComplexType::get(b.getF32Type());
  case DType::ComplexF64:
    return ComplexType::get(b.getF64Type());
  }
  return {};
}

static std::atomic<bool> refused{false};

bool elementTypeRefused() { return refused.load(); }
void resetElementTypeRefused() { refused.store(false); }

FailureOr<DType> getDType(Type t, Location loc) {
  Type elem = t;
  if (auto st = dyn_cast<ShapedType>(t))
    elem = st.getElementType();
  if (auto d = toDType(elem))
    return *d;
  refused.store(true);
  return emitError(loc, "unsupported element type ") << elem;
}

InFlightDiagnostic refuseElementType(Operation *op, Type elem) {
  if (auto st = dyn_cast<ShapedType>(elem))
    elem = st.getElementType();
  refused.store(true);
  return op->emitError("unsupported element type ")
         << elem << " for " << op->getName();
}

FailureOr<Tensor> tensorFromAttr(ElementsAttr attr, Location loc) {
  auto type = cast<ShapedType>(attr.getType());
  FailureOr<DType> dt = getDType(type, loc);
  if (failed(dt))
    return failure();
  if (!type.hasStaticShape())
    return emitError(loc, "constant with dynamic shape ") << type;
  Tensor t(*dt, type.getShape());
  int64_t n = t.numElements();
  if (isComplex(*dt)) {
    auto values = attr.tryGetValues<std::complex<APFloat>>();
    if (!values)
      return emitError(loc, "cannot read complex constant of type ") << type;
    int64_t i = 0;
    for (const std::complex<APFloat> &v : *values) {
      if (i >= n)
        break;
      t.storePart(i, 0, v.real().bitcastToAPInt().getZExtValue());
      t.storePart(i++, 1, v.imag().bitcastToAPInt().getZExtValue());
    }
  } else if (isFloat(*dt)) {
    auto values = attr.tryGetValues<APFloat>();
    if (!values)
      return emitError(loc, "cannot read float constant of type ") << type;
    int64_t i = 0;
    for (const APFloat &v : *values) {
      if (i >= n)
        break;
      t.store(i++, v.bitcastToAPInt().getZExtValue());
    }
  } else {
    auto values = attr.tryGetValues<APInt>();
    if (!values)
      return emitError(loc, "cannot read integer constant of type ") << type;
    int64_t i = 0;
    for (const APInt &v : *values) {
      if (i >= n)
        break;
      t.store(i++, v.getZExtValue());
    }
  }
  return t;
}

FailureOr<RtValue> scalarFromAttr(Attribute attr, Location loc) {
  if (auto ia = dyn_cast<IntegerAttr>(attr)) {
    FailureOr<DType> dt = getDType(ia.getType(), loc);
    if (failed(dt))
      return failure();
    return RtValue::ofScalar(*dt, ia.getValue().getZExtValue());
  }
  if (auto fa = dyn_cast<FloatAttr>(attr)) {
    FailureOr<DType> dt = getDType(fa.getType(), loc);
    if (failed(dt))
      return failure();
    return RtValue::ofScalar(*dt,
                             fa.getValue().bitcastToAPInt().getZExtValue());
  }
  // complex.constant's value: [re, im] of the part type.
  if (auto arr = dyn_cast<ArrayAttr>(attr); arr && arr.size() == 2) {
    auto re = dyn_cast<FloatAttr>(arr[0]), im = dyn_cast<FloatAttr>(arr[1]);
    if (re && im && re.getType() == im.getType()) {
      DType t = re.getType().isF64() ? DType::ComplexF64 : DType::ComplexF32;
      if (re.getType().isF32() || re.getType().isF64())
        return RtValue::ofComplex(
            t, re.getValue().bitcastToAPInt().getZExtValue(),
            im.getValue().bitcastToAPInt().getZExtValue());
    }
  }
  return emitError(loc, "unsupported constant ") << attr;
}

} // namespace ref
