//===- KernelUtils.cpp - Helpers shared by the op kernels ------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/dialects/TestSupportDialects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <mutex>

using namespace mlir;

namespace ref {

void reportUB(Frame &frame, Operation *op, StringRef kind,
              ArrayRef<int64_t> coords, bool hasCoords, StringRef detail) {
  Finding f{kind.str(), op->getName().getStringRef().str(), op->getLoc(),
            Shape(coords.begin(), coords.end()), hasCoords, detail.str()};
  frame.interp.addFinding(std::move(f));
}

uint8_t poisonStateOf(Operation *op, UBKind kind) {
  thread_local Operation *lastOp = nullptr;
  thread_local UBKind lastKind = UBKind::None;
  thread_local uint8_t lastState = 0;
  if (op != lastOp || kind != lastKind) {
    std::string origin = originOf(op) + " (" + ubKindName(kind).str() + ")";
    lastState = internPoisonOrigin(origin);
    lastOp = op;
    lastKind = kind;
  }
  return lastState;
}

/// Ops whose operands cannot make them trap: the value of a read out of
/// bounds may pass through them on its way to a select.
static bool cannotTrap(Operation *op) {
  if (op->getNumRegions() ||
      !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return false;
  return !isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
              arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp,
              math::IPowIOp>(op);
}

static bool isSelectGuarded(Value v, unsigned depth) {
  // Deep chains are not worth proving: the read stays immediate.
  if (depth > 32 || v.use_empty())
    return false;
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa<arith::SelectOp>(user)) {
      if (use.getOperandNumber() == 0)
        return false;
      continue;
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(user)) {
      if (!generic.isDpsInput(&use))
        return false;
      Block *body = generic.getBlock();
      if (!isSelectGuarded(body->getArgument(use.getOperandNumber()),
                           depth + 1))
        return false;
      continue;
    }
    if (!cannotTrap(user))
      return false;
    for (Value r : user->getResults())
      if (!isSelectGuarded(r, depth + 1))
        return false;
  }
  return true;
}

bool isSelectGuarded(Value v) { return isSelectGuarded(v, 0); }

namespace {
/// The reading op and finding kind of each out-of-bounds-read poison state.
struct OutOfBoundsReads {
  std::mutex lock;
  std::array<Operation *, 256> op{};
  std::array<std::string, 256> kind;
};
OutOfBoundsReads &outOfBoundsReads() {
  static OutOfBoundsReads table;
  return table;
}
} // namespace

uint8_t outOfBoundsReadState(Operation *op, StringRef kind) {
  thread_local Operation *lastOp = nullptr;
  thread_local uint8_t lastState = 0;
  if (op == lastOp)
    return lastState;
  uint8_t state = internPoisonOrigin(originOf(op) + " (read out of bounds)",
                                     /*outOfBoundsRead=*/true);
  if (!isOutOfBoundsReadPoison(state))
    state = 0; // the table is full
  if (state) {
    OutOfBoundsReads &t = outOfBoundsReads();
    std::lock_guard<std::mutex> guard(t.lock);
    t.op[state] = op;
    t.kind[state] = kind.str();
  }
  lastOp = op;
  lastState = state;
  return state;
}

bool reportOutOfBoundsReach(Interpreter &interp, uint8_t state,
                            Operation *sinkOp, StringRef sink,
                            ArrayRef<int64_t> coords, bool hasCoords) {
  if (!isOutOfBoundsReadPoison(state))
    return false;
  Operation *reader;
  std::string kind;
  {
    OutOfBoundsReads &t = outOfBoundsReads();
    std::lock_guard<std::mutex> guard(t.lock);
    reader = t.op[state];
    kind = t.kind[state];
  }
  if (!reader)
    return false;
  std::string detail = "the value read out of bounds is not discarded: it "
                       "reaches " +
                       sink.str();
  if (sinkOp)
    detail += " (" + originOf(sinkOp) + ")";
  if (hasCoords)
    detail += " at element " + formatCoords(coords);
  interp.addFinding(Finding{kind, reader->getName().getStringRef().str(),
                            reader->getLoc(), Shape(), false, detail});
  return true;
}

void noteMaskedRead(Interpreter &interp, uint8_t state, Operation *select) {
  if (state < kFirstPoison || !isOutOfBoundsReadPoison(state))
    return;
  Operation *reader;
  {
    OutOfBoundsReads &t = outOfBoundsReads();
    std::lock_guard<std::mutex> guard(t.lock);
    reader = t.op[state];
  }
  if (reader)
    interp.addMaskedRead(reader, select);
}

bool reportPoisonIn(Frame &frame, Operation *op, const RtValue &v,
                    StringRef sink, StringRef what) {
  uint8_t state = kDefined;
  Shape coords;
  bool hasCoords = false;
  if (v.isTensor()) {
    int64_t i = v.tensor->firstPoison();
    if (i < 0)
      return false;
    state = v.tensor->state(i);
    coords = v.tensor->coordinates(i);
    hasCoords = true;
  } else {
    if (!v.poison)
      return false;
    state = v.poison;
  }
  if (reportOutOfBoundsReach(frame.interp, state, op, sink, coords,
                             hasCoords))
    return true;
  std::string detail = "poison created by " + poisonOrigin(state);
  if (!what.empty())
    detail += ("; " + what).str();
  reportUB(frame, op, ("poison reaches " + sink).str(), coords, hasCoords,
           detail);
  return true;
}

FailureOr<Tensor> allocTensor(Frame &frame, Operation *op, Type type,
                              ArrayRef<int64_t> dynSizes) {
  auto rt = dyn_cast<RankedTensorType>(type);
  if (!rt)
    return op->emitError("expected a ranked tensor type, got ") << type;
  Shape shape;
  unsigned next = 0;
  for (int64_t d : rt.getShape()) {
    if (ShapedType::isDynamic(d)) {
      if (next >= dynSizes.size())
        return op->emitError("missing dynamic size for ") << type;
      shape.push_back(dynSizes[next++]);
    } else {
      shape.push_back(d);
    }
  }
  return allocTensorOfShape(frame, op, type, shape);
}

FailureOr<Tensor> allocTensorOfShape(Frame &frame, Operation *op, Type type,
                                     ArrayRef<int64_t> shape) {
  FailureOr<DType> dt = getDType(type, op->getLoc());
  if (failed(dt))
    return failure();
  if (failed(checkShapeMatches(op, type, shape, "result")))
    return failure();
  if (failed(frame.interp.checkAllocation(op->getLoc(), *dt, shape)))
    return failure();
  return Tensor(*dt, shape);
}

FailureOr<Tensor> tensorFromBytePattern(Interpreter &interp, Type type,
                                        int64_t pattern, Location loc) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape())
    return emitError(loc) << "#util.byte_pattern of type " << type
                          << " is not supported (a statically shaped tensor "
                             "is)";
  auto dt = getDType(tensorType, loc);
  if (failed(dt) ||
      failed(interp.checkAllocation(loc, *dt, tensorType.getShape())))
    return failure();
  // Every storage byte is the pattern: only element types whose value is
  // their whole bytes have a meaning for that (not i1 or sub-byte types,
  // whose byte layout IREE leaves to the encoding).
  if (bitWidth(*dt) % 8 != 0 || *dt == DType::I1)
    return emitError(loc) << "#util.byte_pattern of " << type
                          << " is not supported (elements of whole bytes are)";
  Tensor t(*dt, tensorType.getShape());
  if (t.byteSize())
    std::memset(t.data(), static_cast<uint8_t>(pattern % 256), t.byteSize());
  return t;
}

bool isParameterAttr(Attribute attr) {
  return isa<flow::NamedParameterAttr, stream::NamedParameterAttr>(attr);
}

FailureOr<Tensor> tensorFromParameter(Interpreter &interp, Attribute attr,
                                      Location loc) {
  StringAttr scope, key;
  DictionaryAttr config;
  Type type;
  if (auto p = dyn_cast<flow::NamedParameterAttr>(attr)) {
    scope = p.getScope(), key = p.getKey(), config = p.getConfig();
    type = p.getType();
  } else if (auto p = dyn_cast<stream::NamedParameterAttr>(attr)) {
    scope = p.getScope(), key = p.getKey(), config = p.getConfig();
    type = p.getType();
  } else {
    return emitError(loc) << "not a parameter: " << attr;
  }
  std::string name = (scope ? "\"" + scope.getValue().str() + "\"::" : "") +
                     ("\"" + key.getValue() + "\"").str();
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape())
    return emitError(loc) << "parameter " << name << " of type " << type
                          << " is not supported (a statically shaped tensor "
                             "is)";
  auto dt = getDType(tensorType, loc);
  if (failed(dt) ||
      failed(interp.checkAllocation(loc, *dt, tensorType.getShape())))
    return failure();
  Tensor t(*dt, tensorType.getShape());
  uint64_t length = rawByteSizeOf(*dt, t.numElements());
  uint64_t offset = 0;
  if (config) {
    if (auto o = config.getAs<IntegerAttr>("offset"))
      offset = o.getValue().getZExtValue();
    if (auto l = config.getAs<IntegerAttr>("length"))
      if (l.getValue().getZExtValue() != length)
        return emitError(loc)
               << "parameter " << name << ": a length of "
               << l.getValue().getZExtValue() << " bytes for a value of type "
               << type << " (" << length
               << " bytes) is not supported";
  }
  const auto &load = interp.options().loadParameter;
  if (!load)
    return emitError(loc) << "the program reads parameter " << name
                          << " from a parameter archive, and none was given "
                             "(ref-run --parameters=SCOPE=FILE.irpa)";
  auto bytes = load(scope ? scope.getValue() : StringRef(), key.getValue(),
                    offset, length, type, loc);
  if (failed(bytes))
    return failure();
  fromRawBytes(*bytes, t);
  return t;
}

LogicalResult setConstantResult(Operation *op, Frame &frame,
                                Attribute value) {
  if (isParameterAttr(value)) {
    auto t = tensorFromParameter(frame.interp, value, op->getLoc());
    if (failed(t))
      return failure();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(*t)));
    return success();
  }
  if (auto bytes = dyn_cast<util::BytePatternAttr>(value)) {
    auto t = tensorFromBytePattern(frame.interp, bytes.getType(),
                                   bytes.getPattern(), op->getLoc());
    if (failed(t))
      return failure();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(*t)));
    return success();
  }
  if (auto elements = dyn_cast<ElementsAttr>(value)) {
    auto t = tensorFromAttr(elements, op->getLoc());
    if (failed(t))
      return failure();
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(*t)));
    return success();
  }
  auto v = scalarFromAttr(value, op->getLoc());
  if (failed(v))
    return failure();
  frame.set(op->getResult(0), *v);
  return success();
}

SmallVector<int64_t> indexValues(Frame &frame, ValueRange operands) {
  SmallVector<int64_t> out;
  for (Value v : operands)
    out.push_back(frame.get(v).asIndex());
  return out;
}

SmallVector<int64_t> mixedValues(Frame &frame, ArrayRef<int64_t> statics,
                                 ValueRange dynamics) {
  SmallVector<int64_t> out;
  unsigned next = 0;
  for (int64_t s : statics) {
    if (ShapedType::isDynamic(s))
      out.push_back(frame.get(dynamics[next++]).asIndex());
    else
      out.push_back(s);
  }
  return out;
}

LogicalResult checkShapeMatches(Operation *op, Type type,
                                ArrayRef<int64_t> shape, StringRef what) {
  auto rt = cast<RankedTensorType>(type);
  if (rt.getRank() != static_cast<int64_t>(shape.size()))
    return op->emitError() << what << " has rank " << shape.size()
                           << " but the type is " << type;
  for (auto [i, d] : llvm::enumerate(rt.getShape())) {
    if (shape[i] < 0)
      return op->emitError() << what << " dimension " << i
                             << " has negative size " << shape[i];
    if (!ShapedType::isDynamic(d) && d != shape[i])
      return op->emitError() << what << " has shape "
                             << formatCoords(shape) << " but the type is "
                             << type;
  }
  return success();
}

namespace {
template <typename T>
void loadAs(const uint8_t *data, int64_t first, int64_t step, int64_t n,
            uint64_t *dst) {
  const uint8_t *p = data + first * int64_t(sizeof(T));
  if (step == 1) {
    for (int64_t i = 0; i < n; ++i) {
      T v;
      std::memcpy(&v, p + i * int64_t(sizeof(T)), sizeof(T));
      dst[i] = v;
    }
    return;
  }
  if (step == 0) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    std::fill_n(dst, n, uint64_t(v));
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, p + i * step * int64_t(sizeof(T)), sizeof(T));
    dst[i] = v;
  }
}

template <typename T>
void storeAs(uint8_t *data, int64_t first, int64_t step, int64_t n,
             const uint64_t *src) {
  uint8_t *p = data + first * int64_t(sizeof(T));
  if (step == 1) {
    for (int64_t i = 0; i < n; ++i) {
      T v = static_cast<T>(src[i]);
      std::memcpy(p + i * int64_t(sizeof(T)), &v, sizeof(T));
    }
    return;
  }
  for (int64_t i = 0; i < n; ++i) {
    T v = static_cast<T>(src[i]);
    std::memcpy(p + i * step * int64_t(sizeof(T)), &v, sizeof(T));
  }
}
} // namespace

void loadBits(const Tensor &t, int64_t first, int64_t step, int64_t n,
              uint64_t *dst) {
  switch (t.elementBytes()) {
  case 1:
    return loadAs<uint8_t>(t.data(), first, step, n, dst);
  case 2:
    return loadAs<uint16_t>(t.data(), first, step, n, dst);
  case 4:
    return loadAs<uint32_t>(t.data(), first, step, n, dst);
  default:
    return loadAs<uint64_t>(t.data(), first, step, n, dst);
  }
}

void storeBits(Tensor &t, int64_t first, int64_t step, int64_t n,
               const uint64_t *src) {
  switch (t.elementBytes()) {
  case 1:
    if (unsigned w = bitWidth(t.dtype()); w < 8) {
      // Sub-byte types (i1, i2, i4, f4, f6): the value in the low bits.
      uint8_t mask = static_cast<uint8_t>((1u << w) - 1);
      for (int64_t i = 0; i < n; ++i)
        t.data()[first + i * step] = static_cast<uint8_t>(src[i]) & mask;
      return;
    }
    return storeAs<uint8_t>(t.data(), first, step, n, src);
  case 2:
    return storeAs<uint16_t>(t.data(), first, step, n, src);
  case 4:
    return storeAs<uint32_t>(t.data(), first, step, n, src);
  default:
    return storeAs<uint64_t>(t.data(), first, step, n, src);
  }
}

int64_t unitsPerTask(const Interpreter &interp, int64_t units,
                     int64_t workPerUnit) {
  if (units <= 1)
    return 1;
  int64_t total = units * std::max<int64_t>(workPerUnit, 1);
  int64_t minWork = std::max<int64_t>(interp.options().minTaskWork, 1);
  int64_t tasks = std::min<int64_t>({units, 256, total / minWork});
  tasks = std::max<int64_t>(tasks, 1);
  return (units + tasks - 1) / tasks;
}

std::string formatLoc(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
            Twine(fl.getColumn()))
        .str();
  if (auto nl = dyn_cast<NameLoc>(loc))
    return formatLoc(nl.getChildLoc());
  if (auto cl = dyn_cast<CallSiteLoc>(loc))
    return formatLoc(cl.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return formatLoc(fused.getLocations().front());
  std::string s;
  llvm::raw_string_ostream os(s);
  loc.print(os);
  return s;
}

std::string formatCoords(ArrayRef<int64_t> coords) {
  std::string s = "[";
  for (size_t i = 0; i < coords.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(coords[i]);
  }
  return s + "]";
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return shape.empty() ? std::string("scalar") : s;
}

std::string originOf(Operation *op) {
  return op->getName().getStringRef().str() + " at " + formatLoc(op->getLoc());
}

bool nextCoords(MutableArrayRef<int64_t> c, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(c.size()) - 1; d >= 0; --d) {
    if (++c[d] < shape[d])
      return true;
    c[d] = 0;
  }
  return false;
}

void reportUndefReads(Frame &frame, Operation *op, const Tensor &t,
                      StringRef what) {
  if (!t.hasUndef())
    return;
  int64_t i = t.firstUndef();
  if (t.state(i) == kNeverWritten || !t.hasPoison()) {
    reportUB(frame, op, "read of an uninitialized element", t.coordinates(i),
             true,
             (what + " comes from tensor.empty and was never written").str());
    return;
  }
  // Poison: what it reaches. The linalg_ext kernels do not carry element
  // states, so poison in an operand they only move (updates, payloads, scan
  // inputs) is reported here too rather than followed to a result
  // (docs/coverage.md, "Poison").
  StringRef name = op->getName().getStringRef();
  std::string sink;
  if (what.contains("indices") &&
      (name.ends_with(".scatter") || name.ends_with(".gather")))
    sink = "an index operand";
  else if (what.contains("mask"))
    sink = "a mask";
  else if (name.ends_with(".sort") || name.contains("topk") ||
           name.ends_with(".arg_compare"))
    sink = "a comparator decision";
  else
    sink = ("an operand of " + name).str();
  int64_t p = t.firstPoison();
  if (reportOutOfBoundsReach(frame.interp, t.state(p), op, sink,
                             t.coordinates(p), true))
    return;
  reportUB(frame, op, "poison reaches " + sink, t.coordinates(p), true,
           "poison created by " + poisonOrigin(t.state(p)) + "; " + what.str());
}

RtValue loadScalar(const Tensor &t, int64_t i) {
  if (isComplex(t.dtype()))
    return RtValue::ofComplex(t.dtype(), t.loadPart(i, 0), t.loadPart(i, 1));
  return RtValue::ofScalar(t.dtype(), t.load(i));
}

void storeScalar(Tensor &t, int64_t i, const RtValue &v) {
  if (isComplex(t.dtype())) {
    t.storePart(i, 0, v.bits);
    t.storePart(i, 1, v.imag);
    return;
  }
  t.store(i, v.bits);
}

} // namespace ref
