//===- QuantizeOps.cpp - quantize_affine / dequantize_affine --------------===//
//
// Syntax and verifier of iree_linalg_ext.quantize_affine and
// dequantize_affine. IREE 3.13 prints the attributes as properties without
// braces, with the unit flags bare:
//   <indexing_maps = [...], quant_min = 0, quant_max = 255, storage_unsigned>
// (the flags are storage_unsigned / zp_unsigned for quantize_affine and
// input_unsigned / zp_unsigned for dequantize_affine). The verifier checks
// what IREE's does, in its order and with its messages as iree-opt 3.13
// reports them (probed with malformed ops; IREE's source is not in the
// checkout this project was written against).
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace ref::linalg_ext {
namespace {

/// The `<...>` attribute list: `key = value` pairs and the op's bare flags.
ParseResult parseQuantAttrs(OpAsmParser &parser, OperationState &result,
                            StringRef unsignedFlag) {
  if (parser.parseLess())
    return failure();
  do {
    SMLoc loc = parser.getCurrentLocation();
    std::string name;
    if (parser.parseKeywordOrString(&name))
      return failure();
    if (name == unsignedFlag || name == "zp_unsigned") {
      result.addAttribute(name, parser.getBuilder().getUnitAttr());
      continue;
    }
    Attribute value;
    if (parser.parseEqual())
      return failure();
    if (name == "quant_min" || name == "quant_max") {
      int64_t v = 0;
      if (parser.parseInteger(v))
        return failure();
      value = parser.getBuilder().getI64IntegerAttr(v);
    } else if (parser.parseAttribute(value)) {
      return failure();
    }
    if (result.attributes.get(name))
      return parser.emitError(loc, "duplicate attribute '") << name << "'";
    result.addAttribute(name, value);
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

ParseResult parseQuantOp(OpAsmParser &parser, OperationState &result,
                         StringRef unsignedFlag) {
  SmallVector<OpAsmParser::UnresolvedOperand> ins, outs;
  SmallVector<Type> inTypes, outTypes, resultTypes;
  if (parseQuantAttrs(parser, result, unsignedFlag))
    return failure();
  SMLoc insLoc = parser.getCurrentLocation();
  if (parser.parseKeyword("ins") || parser.parseLParen() ||
      parser.parseOperandList(ins) || parser.parseColonTypeList(inTypes) ||
      parser.parseRParen())
    return failure();
  SMLoc outsLoc = parser.getCurrentLocation();
  if (parser.parseKeyword("outs") || parser.parseLParen() ||
      parser.parseOperandList(outs) || parser.parseColonTypeList(outTypes) ||
      parser.parseRParen())
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      parser.parseTypeList(resultTypes))
    return failure();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (outs.size() != 1)
    return parser.emitError(outsLoc, "expected one outs operand, got ")
           << outs.size();
  if (parser.resolveOperands(ins, inTypes, insLoc, result.operands) ||
      parser.resolveOperands(outs, outTypes, outsLoc, result.operands))
    return failure();
  result.addTypes(resultTypes);
  return success();
}

void printQuantOp(OpAsmPrinter &p, Operation *op, StringRef unsignedFlag) {
  p << " <indexing_maps = " << op->getAttr("indexing_maps")
    << ", quant_min = "
    << cast<IntegerAttr>(op->getAttr("quant_min")).getInt()
    << ", quant_max = "
    << cast<IntegerAttr>(op->getAttr("quant_max")).getInt();
  for (StringRef flag : {unsignedFlag, StringRef("zp_unsigned")})
    if (op->hasAttr(flag))
      p << ", " << flag;
  p << "> ins(";
  unsigned numIns = op->getNumOperands() - 1;
  p.printOperands(op->getOperands().take_front(numIns));
  p << " : ";
  llvm::interleaveComma(
      TypeRange(op->getOperands().take_front(numIns)), p);
  p << ") outs(" << op->getOperand(numIns) << " : "
    << op->getOperand(numIns).getType() << ")";
  if (op->getNumResults()) {
    p << " -> ";
    llvm::interleaveComma(op->getResultTypes(), p);
  }
  p.printOptionalAttrDict(op->getAttrs(),
                          {"indexing_maps", "quant_min", "quant_max",
                           unsignedFlag, "zp_unsigned"});
}

std::string typeString(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// IREE's checks, in its order. `isQuantize` picks which side holds the
/// floats (value and output swap roles).
LogicalResult verifyQuantOp(Operation *op, bool isQuantize,
                            StringRef unsignedFlag) {
  unsigned numIns = op->getNumOperands() - 1;
  if (numIns != 2 && numIns != 3)
    return op->emitOpError("expected 2 or 3 ins operands (value, scale and "
                           "an optional zero_point), got ")
           << numIns;
  auto mapsAttr = op->getAttrOfType<ArrayAttr>("indexing_maps");
  if (mapsAttr.size() != op->getNumOperands())
    return op->emitOpError("expected ")
           << op->getNumOperands() << " indexing maps, one per operand, got "
           << mapsAttr.size();
  auto elem = [](Type t) { return getElementTypeOrSelf(t); };
  Value value = op->getOperand(0), scale = op->getOperand(1);
  Value zp = numIns == 3 ? op->getOperand(2) : Value();
  Value out = op->getOperand(numIns);
  auto isSignlessInt = [](Type t) { return t.isSignlessInteger(); };
  auto isFloat = [](Type t) { return isa<FloatType>(t); };
  const char *floatText = "a floating point";
  const char *intText = "a signless integer";
  struct Check {
    Value v;
    const char *name;
    bool wantFloat;
  };
  SmallVector<Check> checks = {{value, "input", isQuantize},
                               {out, "output", !isQuantize},
                               {scale, "scale", true}};
  if (zp)
    checks.push_back({zp, "zero_point", false});
  for (const Check &c : checks) {
    Type t = elem(c.v.getType());
    if (c.wantFloat ? !isFloat(t) : !isSignlessInt(t))
      return op->emitOpError("expected ")
             << c.name << " to have " << (c.wantFloat ? floatText : intText)
             << " element type, got " << t;
  }
  int64_t qmin = op->getAttrOfType<IntegerAttr>("quant_min").getInt();
  int64_t qmax = op->getAttrOfType<IntegerAttr>("quant_max").getInt();
  if (qmin > qmax)
    return op->emitOpError("expected quant_min to not exceed quant_max, got [")
           << qmin << ", " << qmax << "]";
  auto storage = cast<IntegerType>(elem((isQuantize ? out : value).getType()));
  unsigned w = storage.getWidth();
  bool isUnsigned = op->hasAttr(unsignedFlag);
  // The representable range of the storage type, in __int128 so that i64
  // bounds do not overflow.
  __int128 lo = isUnsigned ? 0 : -(static_cast<__int128>(1) << (w - 1));
  __int128 hi = isUnsigned ? (static_cast<__int128>(1) << w) - 1
                           : (static_cast<__int128>(1) << (w - 1)) - 1;
  if (qmin < lo || qmax > hi)
    return op->emitOpError("quantization range [")
           << qmin << ", " << qmax << "] is not representable in "
           << (isUnsigned ? "unsigned" : "signed") << " " << storage;

  // Maps: each over the same domain, one result per operand dimension.
  SmallVector<AffineMap> maps;
  for (Attribute a : mapsAttr)
    maps.push_back(cast<AffineMapAttr>(a).getValue());
  unsigned numDims = maps[0].getNumDims();
  const char *names[] = {"input", "scale", "zero_point", "output"};
  for (unsigned i = 0; i < op->getNumOperands(); ++i) {
    const char *name = names[i == numIns ? 3 : i];
    AffineMap m = maps[i];
    if (m.getNumDims() != numDims || m.getNumSymbols() != 0)
      return op->emitOpError("expected indexing map of ")
             << name << " to have " << numDims << " dimensions and no "
             << "symbols, got " << AffineMapAttr::get(m);
    if (!m.isProjectedPermutation())
      return op->emitOpError("expected indexing map of ")
             << name << " to be a projected permutation, got "
             << AffineMapAttr::get(m);
    Type t = op->getOperand(i).getType();
    auto shaped = dyn_cast<ShapedType>(t);
    int64_t rank = shaped ? shaped.getRank() : 0;
    if (rank != m.getNumResults())
      return op->emitOpError("expected ")
             << name << " to have rank " << m.getNumResults()
             << " to match the number of results of its indexing map, got "
             << rank;
  }
  // Static sizes: every operand dimension mapped from domain dim d agrees
  // with the input's (or, for dims the input does not index, the first
  // operand that does).
  auto sizeOf = [&](unsigned i, unsigned r) {
    return cast<ShapedType>(op->getOperand(i).getType()).getDimSize(r);
  };
  SmallVector<int64_t> domain(numDims, ShapedType::kDynamic);
  SmallVector<std::pair<unsigned, unsigned>> owner(numDims, {~0u, 0});
  SmallVector<unsigned> order = {0, numIns};
  for (unsigned i = 1; i < numIns; ++i)
    order.push_back(i);
  for (unsigned i : order) {
    AffineMap m = maps[i];
    for (unsigned r = 0; r < m.getNumResults(); ++r) {
      unsigned d = cast<AffineDimExpr>(m.getResult(r)).getPosition();
      int64_t s = sizeOf(i, r);
      if (owner[d].first == ~0u) {
        owner[d] = {i, r};
        domain[d] = s;
        continue;
      }
      if (ShapedType::isDynamic(s) || ShapedType::isDynamic(domain[d]) ||
          s == domain[d])
        continue;
      unsigned oi = owner[d].first;
      return op->emitOpError("expected ")
             << names[i == numIns ? 3 : i] << " dimension " << r
             << " to have size " << domain[d] << " to match dimension "
             << owner[d].second << " of the "
             << (oi == 0 ? (isQuantize ? "quantized value" : "input")
                         : names[oi == numIns ? 3 : oi])
             << ", got " << s;
    }
  }
  for (unsigned d = 0; d < numDims; ++d)
    if (owner[d].first == ~0u)
      return op->emitOpError("expected domain dimension d")
             << d << " to index a dimension of some operand";

  // Dequantization subtracts the zero point in twice the storage width.
  if (!isQuantize && zp && 2 * w > 64)
    return op->emitOpError("cannot subtract a zero point from a '")
           << typeString(storage)
           << "' value without exceeding 64 bits";
  (void)isSignlessInt;
  return success();
}

} // namespace

ParseResult QuantizeAffineOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseQuantOp(parser, result, getUnsignedFlagName());
}
void QuantizeAffineOp::print(OpAsmPrinter &p) {
  printQuantOp(p, getOperation(), getUnsignedFlagName());
}
LogicalResult QuantizeAffineOp::verify() {
  return verifyQuantOp(getOperation(), /*isQuantize=*/true,
                       getUnsignedFlagName());
}

ParseResult DequantizeAffineOp::parse(OpAsmParser &parser,
                                      OperationState &result) {
  return parseQuantOp(parser, result, getUnsignedFlagName());
}
void DequantizeAffineOp::print(OpAsmPrinter &p) {
  printQuantOp(p, getOperation(), getUnsignedFlagName());
}
LogicalResult DequantizeAffineOp::verify() {
  return verifyQuantOp(getOperation(), /*isQuantize=*/false,
                       getUnsignedFlagName());
}

} // namespace ref::linalg_ext
