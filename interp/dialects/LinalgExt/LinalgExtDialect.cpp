//===- LinalgExtDialect.cpp - IREE's iree_linalg_ext ops ------------------===//
//
// Verifiers for the iree_linalg_ext ops. Each reads as IREE's checklist, in
// IREE's order and with IREE's messages (as iree-opt 3.13 reports them), so
// the first error a malformed op gets is the one IREE would give. Where IREE
// reads past what it checked (topk's yield without operands) we reject with
// the nearest IREE message instead of reading garbage.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace ref::linalg_ext;

#include "interp/dialects/LinalgExt/LinalgExtDialect.cpp.inc"

/// The attributes of attention and online_attention. IREE up to 3.12
/// writes them as an attribute dictionary, `{indexing_maps = [...]}`, and
/// parses nothing else; IREE 3.13 prints them as properties without braces,
/// `<indexing_maps = [...], decomposition_config = {...}>`, also parses the
/// generic form of properties, `<{indexing_maps = [...]}>`, and rejects the
/// dictionary ("properties dictionary is missing required attribute"). All
/// three parse here, and a dictionary may follow the angle brackets. What we
/// print is chosen by the IREE release that will read it (attentionSyntax()).
static ParseResult parseAttentionAttrs(OpAsmParser &parser,
                                       NamedAttrList &attrs) {
  if (succeeded(parser.parseOptionalLess())) {
    size_t before = attrs.getAttrs().size();
    if (parser.parseOptionalAttrDict(attrs))
      return failure();
    if (attrs.getAttrs().size() == before) {
      do {
        std::string name;
        Attribute value;
        if (parser.parseKeywordOrString(&name) || parser.parseEqual() ||
            parser.parseAttribute(value))
          return failure();
        attrs.append(name, value);
      } while (succeeded(parser.parseOptionalComma()));
    }
    if (parser.parseGreater())
      return failure();
  }
  return parser.parseOptionalAttrDict(attrs);
}

static void printAttentionAttrs(OpAsmPrinter &printer, Operation *,
                                DictionaryAttr attrs) {
  if (attentionSyntax() == AttentionSyntax::AttrDict) {
    printer.printOptionalAttrDict(attrs.getValue());
    return;
  }
  // IREE 3.13: the op's own attributes as properties, `<{...}>`; any other
  // (discardable) attribute in a dictionary after them.
  SmallVector<NamedAttribute> inherent, rest;
  for (NamedAttribute a : attrs.getValue()) {
    StringRef name = a.getName().getValue();
    (name == "indexing_maps" || name == "decomposition_config" ? inherent
                                                               : rest)
        .push_back(a);
  }
  if (!inherent.empty()) {
    printer.getStream() << "<{";
    llvm::interleaveComma(inherent, printer.getStream(), [&](NamedAttribute a) {
      printer.getStream() << a.getName().getValue() << " = ";
      printer.printAttribute(a.getValue());
    });
    printer.getStream() << "}>";
  }
  printer.printOptionalAttrDict(rest);
}

namespace {
std::optional<AttentionSyntax> &attentionSyntaxOverride() {
  static std::optional<AttentionSyntax> syntax;
  return syntax;
}
} // namespace

std::optional<AttentionSyntax>
ref::linalg_ext::attentionSyntaxForIreeVersion(StringRef version) {
  // "3.13.0rc20261016", "IREE compiler version 3.10.0 @ ...", "3.4".
  size_t digit = version.find_first_of("0123456789");
  if (digit == StringRef::npos)
    return std::nullopt;
  StringRef rest = version.drop_front(digit);
  unsigned major = 0, minor = 0;
  if (rest.consumeInteger(10, major) || !rest.consume_front(".") ||
      rest.consumeInteger(10, minor))
    return std::nullopt;
  if (major > 3 || (major == 3 && minor >= kFirstPropertiesMinor))
    return AttentionSyntax::Properties;
  return AttentionSyntax::AttrDict;
}

void ref::linalg_ext::setAttentionSyntax(AttentionSyntax syntax) {
  attentionSyntaxOverride() = syntax;
}

AttentionSyntax ref::linalg_ext::attentionSyntax() {
  if (attentionSyntaxOverride())
    return *attentionSyntaxOverride();
  // The IREE release the printed program is for, as difftest sets it for
  // the tools it runs; without one, the pinned release's (3.13).
  static const AttentionSyntax fromEnv = [] {
    if (const char *v = std::getenv("REF_IREE_VERSION"))
      if (auto s = attentionSyntaxForIreeVersion(v))
        return *s;
    return AttentionSyntax::Properties;
  }();
  return fromEnv;
}

#define GET_OP_CLASSES
#include "interp/dialects/LinalgExt/LinalgExtOps.cpp.inc"

void IREELinalgExtDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "interp/dialects/LinalgExt/LinalgExtOps.cpp.inc"
      >();
}

LogicalResult
ref::linalg_ext::verifyPureTensorOrBufferSemantics(Operation *op) {
  auto dpsOp = cast<DestinationStyleOpInterface>(op);
  if (!dpsOp.hasPureBufferSemantics() && !dpsOp.hasPureTensorSemantics()) {
    return op->emitOpError(
        "expected operation that implements LinalgExtInterface to have "
        "either pure buffer semantics or pure tensor semantics");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static Type getComplexElementTypeOrSelf(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType();
  return type;
}

static bool isIntegerOrIndex(Type type) {
  return isa<IntegerType, IndexType>(type);
}

/// True when both extents are static and differ.
static bool staticallyDiffer(int64_t lhs, int64_t rhs) {
  return ShapedType::isStatic(lhs) && ShapedType::isStatic(rhs) && lhs != rhs;
}

/// Number of arguments of the region's block; a region without a block (only
/// the generic syntax can build one) counts as having none, so it fails the
/// argument-count check each verifier starts its region checks with.
static unsigned getNumRegionArgs(Region &region) {
  return region.empty() ? 0 : region.front().getNumArguments();
}

// The region's terminator is taken as the block's last op: the SingleBlock
// trait has already rejected an empty block, and the check that the last op
// is an `iree_linalg_ext.yield` only runs after these verifiers (as in IREE,
// whose messages then name whatever op ends the block).

/// `seq` must be a permutation of [0, seq.size()). On failure the note says
/// which element is wrong, after IREE's "dimension map is invalid." error.
static LogicalResult
verifyPermutation(function_ref<InFlightDiagnostic()> emitError,
                  ArrayRef<int64_t> seq) {
  llvm::BitVector seen(seq.size(), false);
  for (auto [idx, dim] : llvm::enumerate(seq)) {
    if (dim < 0 || dim >= static_cast<int64_t>(seq.size())) {
      return emitError().attachNote() << "element (" << dim << ") at index#"
                                      << idx << " is out of bounds";
    }
    if (seen.test(dim)) {
      return emitError().attachNote()
             << "element (" << dim << ") at index#" << idx << " is a duplicate";
    }
    seen.set(dim);
  }
  return success();
}

/// The shape rules scatter and gather share, written from scatter's side: for
/// gather the "update" is the output and the "original" the source.
static LogicalResult verifyGatherScatter(Operation *op, ShapedType indicesType,
                                         Value mask, ArrayRef<int64_t> dimMap,
                                         ShapedType originalType,
                                         ShapedType updateType,
                                         StringRef originalName,
                                         StringRef updateName) {
  if (indicesType.getRank() < 1 ||
      !isIntegerOrIndex(indicesType.getElementType())) {
    return op->emitOpError("expected indices to be of rank 1 or greater and "
                           "of integer or index element type");
  }
  if (failed(verifyPermutation(
          [&]() { return op->emitOpError("dimension map is invalid."); },
          dimMap))) {
    return failure();
  }
  if (dimMap.empty())
    return op->emitOpError("dimension map must have at least one element");

  // IREE computes `rank(original) - depth` unsigned, so a depth above the
  // rank lands on the "at least the rank" message, not on a rank message.
  const int64_t indexDepth = dimMap.size();
  const int64_t originalRank = originalType.getRank();
  const int64_t updateRank = updateType.getRank();
  if (indexDepth > originalRank || updateRank < originalRank - indexDepth) {
    return op->emitOpError("expected ")
           << updateName << " to be at least the rank of non indexed "
           << originalName << " dims";
  }
  const int64_t sliceRank = originalRank - indexDepth;
  const int64_t batchRank = updateRank - sliceRank;

  const int64_t indicesRank = indicesType.getRank();
  if ((indicesRank != batchRank || indexDepth != 1) &&
      indicesRank != batchRank + 1) {
    return op->emitOpError(
        "expected indices to be equal to batch rank or batch rank + 1");
  }
  // The batch extents must be equal, a dynamic extent only matching itself.
  for (int64_t dim = 0; dim < batchRank; ++dim) {
    if (indicesType.getDimSize(dim) != updateType.getDimSize(dim)) {
      return op->emitOpError("mismatch in shape of indices and ")
             << updateName << " value at dim#" << dim;
    }
  }

  if (mask) {
    auto maskType = cast<ShapedType>(mask.getType());
    Type maskElementType = maskType.getElementType();
    if (!maskElementType.isInteger(1) && !maskElementType.isInteger(8)) {
      return op->emitOpError(
          "expected mask to have i1 or storage-legalized i8 element type");
    }
    if (maskType.getRank() != batchRank)
      return op->emitOpError("expected mask rank to match batch rank");
    for (int64_t dim = 0; dim < batchRank; ++dim) {
      if (staticallyDiffer(maskType.getDimSize(dim),
                           updateType.getDimSize(dim))) {
        return op->emitOpError("mask shape must match batch dimensions at dim#")
               << dim;
      }
    }
  }

  // Each update is a full slice: its trailing extents equal the non-indexed
  // trailing extents of the original.
  for (int64_t idx = 0; idx < sliceRank; ++idx) {
    int64_t updateDim = batchRank + idx;
    int64_t originalDim = indexDepth + idx;
    if (staticallyDiffer(updateType.getDimSize(updateDim),
                         originalType.getDimSize(originalDim))) {
      return op->emitOpError("shape of ")
             << updateName << " value dim#" << updateDim << " must match "
             << originalName << " value at dim#" << originalDim;
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  if (getNumDpsInputs())
    return emitOpError("does not expect to take any inputs");
  if (getNumDpsInits() == 0)
    return emitOpError("expected at least one `outs` operand");

  const int64_t numOutputs = getNumDpsInits();
  if (static_cast<int64_t>(getNumRegionArgs(getRegion())) != 2 * numOutputs) {
    return emitOpError("region block should have ")
           << 2 * numOutputs << " arguments";
  }
  Block &block = getRegion().front();

  const int64_t rank = getOperandRank();
  const int64_t sortDim = getDimension();
  if (sortDim < 0 || sortDim >= rank)
    return emitOpError("dimension must be within (0, ") << rank << "]";

  ArrayRef<int64_t> shape = getOperandShape();
  for (int64_t index = 0; index < numOutputs; ++index) {
    ShapedType operandType = getOperandType(index);
    if (operandType.getRank() != rank) {
      return emitOpError("expected operand ")
             << index << " to be rank " << rank << ", same as other operands";
    }
    if (operandType.getShape() != shape) {
      return emitOpError("expected operand ")
             << index << " to have same shape as other operands";
    }
    Type elementType = operandType.getElementType();
    for (int64_t arg : {2 * index, 2 * index + 1}) {
      Type argType = block.getArgument(arg).getType();
      if (argType != elementType) {
        return emitOpError("region block argument #")
               << arg << " should be of type " << elementType << " but got "
               << argType;
      }
    }
  }

  Operation *yieldOp = &block.back();
  if (yieldOp->getNumOperands() != 1)
    return emitOpError("should yield exactly one operand");
  if (!yieldOp->getOperand(0).getType().isInteger(1))
    return emitOpError("should yield i1 type");
  return success();
}

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  ShapedType originalType = getOriginalType();
  ShapedType updateType = getUpdateType();
  if (failed(verifyGatherScatter(*this, getIndicesType(), getMask(),
                                 getDimensionMap(), originalType, updateType,
                                 "original", "update"))) {
    return failure();
  }

  if (getNumRegionArgs(getRegion()) != 2)
    return emitOpError("expected region to have two arguments");
  Block &block = getRegion().front();
  Type arg0Type = block.getArgument(0).getType();
  Type arg1Type = block.getArgument(1).getType();
  if (!getComplexElementTypeOrSelf(arg0Type).isIntOrFloat() ||
      !getComplexElementTypeOrSelf(arg1Type).isIntOrFloat()) {
    return emitOpError(
        "expected region to have scalar argument of integer or float types");
  }
  if (arg0Type != updateType.getElementType()) {
    return emitOpError("mismatch in argument 0 of region ")
           << arg0Type << " and element type of update value "
           << updateType.getElementType();
  }
  if (arg1Type != originalType.getElementType()) {
    return emitOpError("mismatch in argument 1 of region ")
           << arg1Type << " and element type of original value "
           << originalType.getElementType();
  }
  if (arg0Type != arg1Type) {
    return emitOpError("mismatch in region argument types ")
           << arg0Type << " and " << arg1Type;
  }
  Operation *yieldOp = &block.back();
  if (yieldOp->getNumOperands() != 1)
    return yieldOp->emitOpError("expected region to yield a single value");
  Type yieldedType = yieldOp->getOperand(0).getType();
  if (yieldedType != arg0Type) {
    return yieldOp->emitOpError("mismatch in type of yielded value ")
           << yieldedType << " and argument of the region " << arg0Type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  return verifyGatherScatter(*this, getIndicesType(), getMask(),
                             getDimensionMap(), getSourceType(),
                             getOutputType(), "source", "output");
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

// IREE's FftOp::verify (LinalgExtOps.cpp): a power-of-two static length
// and a scalar stage.
LogicalResult FftOp::verify() {
  int64_t length = getOperandType().getShape().empty()
                       ? ShapedType::kDynamic
                       : getOperandType().getShape().back();
  if (ShapedType::isDynamic(length))
    return success();
  if (length & (length - 1))
    return emitOpError("only powers of 2 are handled currently");
  if (isa<ShapedType>(getStage().getType()))
    return emitOpError("expected to carry `stage` input");
  return success();
}

LogicalResult ScanOp::verify() {
  auto inputType = cast<ShapedType>(getInput().getType());
  auto outputType = cast<ShapedType>(getOutput().getType());
  auto accumulatorType = cast<ShapedType>(getAccumulator().getType());
  if (accumulatorType.getElementType() != inputType.getElementType()) {
    return emitOpError(
        "expected input/accumulator element types to be identical");
  }
  if (accumulatorType.getRank() != inputType.getRank() - 1) {
    return emitOpError(
        "expected accumulator rank to be equal to input rank - 1");
  }
  // A dimension outside the input leaves every input extent in the expected
  // shape, which then cannot match the accumulator.
  const int64_t scanDim = getDimension();
  SmallVector<int64_t> expectedAccumulatorShape;
  for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
    if (dim != scanDim)
      expectedAccumulatorShape.push_back(inputType.getDimSize(dim));
  }
  ArrayRef<int64_t> accumulatorShape = accumulatorType.getShape();
  if (expectedAccumulatorShape.size() != accumulatorShape.size() ||
      llvm::any_of(llvm::zip_equal(expectedAccumulatorShape, accumulatorShape),
                   [](auto dims) {
                     return staticallyDiffer(std::get<0>(dims),
                                             std::get<1>(dims));
                   })) {
    return emitOpError("incompatible input/accumulator shapes");
  }
  if (inputType.getElementType() != outputType.getElementType())
    return emitOpError("expected input/output element types to be identical");
  if (inputType.getRank() != outputType.getRank())
    return emitOpError("expected input/output to have identical ranks");
  if (llvm::any_of(llvm::zip_equal(inputType.getShape(), outputType.getShape()),
                   [](auto dims) {
                     return staticallyDiffer(std::get<0>(dims),
                                             std::get<1>(dims));
                   })) {
    return emitOpError("incompatible input/output shapes");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TopkOp
//===----------------------------------------------------------------------===//

LogicalResult TopkOp::verify() {
  // IREE compares the dimension unsigned: a negative one "exceeds" the rank.
  const uint64_t dim = getDimension();
  if (dim >= static_cast<uint64_t>(getInputRank()))
    return emitOpError("dimension exceeds rank");

  auto inputValuesType = cast<ShapedType>(getValues().getType());
  auto outputValuesType = cast<ShapedType>(getOutputValues().getType());
  auto outputIndicesType = cast<ShapedType>(getOutputIndices().getType());
  if (inputValuesType.getElementType() != outputValuesType.getElementType())
    return emitOpError("expected input/output value types to be identical");
  ShapedType inputIndicesType;
  if (Value indices = getIndices())
    inputIndicesType = cast<ShapedType>(indices.getType());
  if (inputIndicesType && (!inputIndicesType.getElementType().isInteger(32) ||
                           !outputIndicesType.getElementType().isInteger(32))) {
    return emitOpError("expected input/output indices types to be int32");
  }
  if (inputValuesType.getRank() != outputValuesType.getRank())
    return emitOpError("expected input/output to have the same rank");
  if (inputIndicesType &&
      inputIndicesType.getRank() != outputIndicesType.getRank()) {
    return emitOpError("expected input/output to have the same rank");
  }
  if (inputIndicesType &&
      failed(verifyCompatibleShape(inputValuesType, inputIndicesType))) {
    return emitOpError("input indices/values shape must match");
  }
  if (failed(verifyCompatibleShape(outputValuesType, outputIndicesType)))
    return emitOpError("output indices/values shape must match");
  for (auto [index, dims] : llvm::enumerate(llvm::zip_equal(
           inputValuesType.getShape(), outputValuesType.getShape()))) {
    if (index != dim &&
        failed(verifyCompatibleShape(std::get<0>(dims), std::get<1>(dims)))) {
      return emitOpError("incompatible input/output shapes");
    }
  }

  if (getNumRegionArgs(getRegion()) != 2)
    return emitOpError("region block should have 2 arguments");
  Block &block = getRegion().front();
  Type elementType = inputValuesType.getElementType();
  if (block.getArgument(0).getType() != elementType ||
      block.getArgument(1).getType() != elementType) {
    return emitOpError("region block types must match input");
  }
  // IREE reads the first yielded value without checking there is one.
  Operation *yieldOp = &block.back();
  if (yieldOp->getNumOperands() < 1 ||
      !yieldOp->getOperand(0).getType().isInteger(1)) {
    return emitOpError("region block must end with a linalg_ext.yield i1!");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// TopkV2Op
//===----------------------------------------------------------------------===//

LogicalResult TopkV2Op::verify() {
  const uint64_t dim = getDimension();
  if (dim >= static_cast<uint64_t>(getInputRank()))
    return emitOpError("dimension exceeds rank");

  auto inputValuesType = cast<ShapedType>(getValues().getType());
  auto outputValuesType = cast<ShapedType>(getOutputValues().getType());
  if (inputValuesType.getElementType() != outputValuesType.getElementType())
    return emitOpError("expected input/output value types to be identical");
  if (inputValuesType.getRank() != outputValuesType.getRank())
    return emitOpError("expected input/output to have the same rank");

  ShapedType outputIndicesType;
  if (Value outputIndices = getOutputIndices())
    outputIndicesType = cast<ShapedType>(outputIndices.getType());
  if (Value indices = getIndices()) {
    auto inputIndicesType = cast<ShapedType>(indices.getType());
    if (!outputIndicesType) {
      return emitOpError(
          "input indices require output indices to carry provenance");
    }
    if (!isa<IntegerType>(inputIndicesType.getElementType()))
      return emitOpError("expected input indices to be integer type");
    if (failed(verifyCompatibleShape(inputValuesType, inputIndicesType)))
      return emitOpError("input values/indices shape must match");
    if (inputIndicesType.getElementType() !=
        outputIndicesType.getElementType()) {
      return emitOpError(
          "expected input/output indices element types to be identical");
    }
  }
  if (outputIndicesType) {
    if (!isa<IntegerType>(outputIndicesType.getElementType()))
      return emitOpError("expected output indices to be integer type");
    if (failed(verifyCompatibleShape(outputValuesType, outputIndicesType)))
      return emitOpError("output values/indices shape must match");
  }
  for (int64_t index = 0, e = inputValuesType.getRank(); index < e; ++index) {
    if (static_cast<uint64_t>(index) != dim &&
        staticallyDiffer(inputValuesType.getDimSize(index),
                         outputValuesType.getDimSize(index))) {
      return emitOpError("incompatible input/output shapes at dimension ")
             << index;
    }
  }
  // K (the output extent along `dimension`) must satisfy 0 < K <= N; IREE
  // checks both only when K and N are static.
  const int64_t k = outputValuesType.getDimSize(dim);
  const int64_t n = inputValuesType.getDimSize(dim);
  if (ShapedType::isStatic(k) && ShapedType::isStatic(n)) {
    if (k <= 0)
      return emitOpError("output dimension must be positive");
    if (k > n) {
      return emitOpError("output dimension must not exceed input, got ")
             << k << " > " << n;
    }
  }

  if (getNumRegionArgs(getRegion()) != 2)
    return emitOpError("region block should have 2 arguments");
  Block &block = getRegion().front();
  Type elementType = inputValuesType.getElementType();
  if (block.getArgument(0).getType() != elementType ||
      block.getArgument(1).getType() != elementType) {
    return emitOpError("region block types must match input value type");
  }
  Operation *yieldOp = &block.back();
  if (yieldOp->getNumOperands() != 1 ||
      !yieldOp->getOperand(0).getType().isInteger(1)) {
    return emitOpError("region block must end with a linalg_ext.yield i1");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ArgCompareOp
//===----------------------------------------------------------------------===//

LogicalResult ArgCompareOp::verify() {
  ShapedType inputValueType = getInputType();
  Type inputValueElementType = inputValueType.getElementType();
  ShapedType outputValueType = getOutputValueType();
  ShapedType outputIndexType = getOutputIndexType();
  Type outputIndexElementType = getOutputIndexElementType();

  if (hasExplicitIndexInput()) {
    ShapedType inputIndexType = getInputIndexType();
    Type inputIndexElementType = getInputIndexElementType();
    if (inputValueType.getShape() != inputIndexType.getShape()) {
      return emitOpError("explicit-index mode: value and index inputs must "
                         "have the same shape. ")
             << "Value shape: "
             << llvm::interleaved_array(inputValueType.getShape())
             << ", index shape: "
             << llvm::interleaved_array(inputIndexType.getShape());
    }
    if (!isIntegerOrIndex(inputIndexElementType)) {
      return emitOpError("explicit-index mode: index input must have integer "
                         "or index element type, but got ")
             << inputIndexElementType;
    }
    if (inputIndexElementType != outputIndexElementType) {
      return emitOpError("explicit-index mode: input and output index element "
                         "types must match. ")
             << "Input index type: " << inputIndexElementType
             << ", output index type: " << outputIndexElementType;
    }
    if (getIndexBase())
      return emitOpError("index_base must not be used with explicit indices");
  }

  if (inputValueElementType != outputValueType.getElementType()) {
    return emitOpError("input and output value element types must match. ")
           << "Input type: " << inputValueElementType
           << ", output value type: " << outputValueType.getElementType();
  }
  if (!isIntegerOrIndex(outputIndexElementType)) {
    return emitOpError("output index must have integer or index element type, "
                       "but got ")
           << outputIndexElementType;
  }
  if (failed(verifyCompatibleShape(outputValueType, outputIndexType))) {
    return emitOpError("output indices/values shape must match. ")
           << "Output value shape: "
           << llvm::interleaved_array(outputValueType.getShape())
           << ", output index shape: "
           << llvm::interleaved_array(outputIndexType.getShape());
  }

  // Signed, as in IREE: a negative dimension passes this check and reduces
  // no dimension in the expected output shape below.
  const int64_t dim = getDimension();
  const int64_t rank = getInputRank();
  if (dim >= rank) {
    return emitOpError("reduction dimension exceeds or equals input rank. ")
           << "got dimension: " << dim << ", but input rank is: " << rank;
  }
  // Exact equality: a dynamic extent only matches a dynamic extent.
  SmallVector<int64_t> expectedShape;
  for (int64_t index = 0; index < rank; ++index) {
    if (index != dim)
      expectedShape.push_back(inputValueType.getDimSize(index));
  }
  if (!llvm::equal(expectedShape, outputValueType.getShape())) {
    return emitOpError("output shape must match input shape with reduction "
                       "dimension removed. ")
           << "Expected: " << llvm::interleaved_array(expectedShape)
           << ", but got: "
           << llvm::interleaved_array(outputValueType.getShape());
  }

  if (getNumRegionArgs(getRegion()) != 2) {
    return emitOpError("region block should have 2 arguments, but got ")
           << getNumRegionArgs(getRegion());
  }
  Block &block = getRegion().front();
  Type arg0Type = block.getArgument(0).getType();
  Type arg1Type = block.getArgument(1).getType();
  if (arg0Type != inputValueElementType || arg1Type != inputValueElementType) {
    return emitOpError(
               "comparator arguments must match input value element type. ")
           << "Expected: " << inputValueElementType << ", but got: " << arg0Type
           << " and " << arg1Type;
  }
  Operation *yieldOp = &block.back();
  if (yieldOp->getNumOperands() != 1) {
    return emitOpError(
               "expected linalg_ext.yield to return 1 operand, but got ")
           << yieldOp->getNumOperands();
  }
  Type yieldType = yieldOp->getOperand(0).getType();
  if (!yieldType.isInteger(1)) {
    return emitOpError(
               "region block must end with a linalg_ext.yield i1, but got: ")
           << yieldType;
  }
  return success();
}
