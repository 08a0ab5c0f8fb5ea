//===- LinalgExtTransformOps.cpp - map_load/store and winograd verifiers --===//
//
// Verifiers of the ops in LinalgExtTransformOps.td, in IREE's order and with
// IREE's messages (LinalgExtOps.cpp), so that a malformed op gets the error
// IREE gives. The region's terminator is looked at only when it is an
// `iree_linalg_ext.yield`: the trait that requires one reports otherwise.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SetVector.h"

#include <cmath>

using namespace mlir;
using namespace ref::linalg_ext;

/// The block of a transformation region; null for a region without one
/// (only the generic syntax builds it).
static Block *bodyOf(Region &region) {
  return region.empty() ? nullptr : &region.front();
}

static YieldOp yieldOf(Block *body) {
  if (!body || body->empty())
    return nullptr;
  return dyn_cast<YieldOp>(body->back());
}

static bool allIndex(TypeRange types) {
  return llvm::all_of(types, [](Type t) { return isa<IndexType>(t); });
}

//===----------------------------------------------------------------------===//
// map_load / map_store
//===----------------------------------------------------------------------===//

LogicalResult MapLoadOp::verify() {
  if (getSourceType().getElementType() != getOutputType().getElementType())
    return emitOpError("expected source and output element types to match");
  Block *body = bodyOf(getTransformationRegion());
  if (!body || body->getNumArguments() != getOutputRank())
    return emitOpError("expected number of block arguments to be equal "
                       "to the output rank");
  if (!allIndex(body->getArgumentTypes()))
    return emitOpError("expected block arguments to be index types");
  YieldOp yield = yieldOf(body);
  if (!yield)
    return success();
  if (yield->getNumOperands() != getSourceRank() + 1)
    return yield.emitOpError("expected transformation_region to yield a "
                             "value for each source dimension and a padding "
                             "value");
  if (!allIndex(TypeRange(yield.getOperandTypes()).take_front(getSourceRank())))
    return yield.emitOpError("expected yielded indices to be index types");
  if (yield.getOperandTypes()[getSourceRank()] !=
      getSourceType().getElementType())
    return yield.emitOpError("expected yielded padding value type to match "
                             "source element type");
  return success();
}

LogicalResult MapStoreOp::verify() {
  if (getInputType().getElementType() != getOutputType().getElementType())
    return emitOpError("expected input and output element types to match");
  if (getInputType().getRank() == 0)
    return emitOpError("expected input type to have non-zero rank");
  Block *body = bodyOf(getTransformationRegion());
  if (!body || body->getNumArguments() != getInputRank())
    return emitOpError("expected number of block arguments to be equal "
                       "to the input rank");
  if (!allIndex(body->getArgumentTypes()))
    return emitOpError("expected block arguments to be index types");
  return success();
}

LogicalResult MapStoreOp::verifyRegions() {
  YieldOp yield = yieldOf(bodyOf(getTransformationRegion()));
  if (!yield)
    return success();
  if (yield->getNumOperands() != getOutputRank() + 1)
    return yield.emitOpError("expected transformation_region to yield a "
                             "value for each output dimension and a mask");
  if (!allIndex(TypeRange(yield.getOperandTypes()).take_front(getOutputRank())))
    return yield.emitOpError("expected yielded indices to be index types");
  auto maskType =
      dyn_cast<IntegerType>(yield.getOperandTypes()[getOutputRank()]);
  if (!maskType || maskType.getWidth() != 1)
    return yield.emitOpError("expected yielded mask to be i1 type");
  return success();
}

//===----------------------------------------------------------------------===//
// winograd.input_transform / winograd.output_transform
//===----------------------------------------------------------------------===//

LogicalResult WinogradInputTransformOp::verify() {
  ShapedType inputType = getInputType(), outputType = getOutputType();
  if (outputType.getElementType() != inputType.getElementType())
    return emitOpError("expected input/output element types to be identical");
  int64_t inputRank = inputType.getRank(), outputRank = outputType.getRank();
  if (inputRank != 2 && inputRank != 4)
    return emitOpError("expected input operand to have rank either 2 or 4");
  int64_t tile = getInputTileSize();
  if (inputRank == 2) {
    if (outputRank != 2)
      return emitOpError(
          "expected output operand to have rank 2 if input is of rank 2");
    for (int64_t d = 0; d < 2; ++d)
      if (!inputType.isDynamicDim(d) && inputType.getDimSize(d) > tile)
        return emitOpError("expected input dims not greater than input tile "
                           "size if input is of rank 2");
    SmallVector<int64_t> expected(2, tile);
    if (failed(verifyCompatibleShape(expected, outputType.getShape())))
      return emitOpError(
          "expected output dims equal to inputTileSize if input is of rank 2");
    return success();
  }
  if (outputRank != inputRank + 2)
    return emitOpError("expected output rank to be equal to input rank + 2");
  ArrayRef<int64_t> imageDims = getImageDimensions();
  llvm::SmallSetVector<int64_t, 2> imageDimsSet(imageDims.begin(),
                                                imageDims.end());
  if (imageDims.size() != 2)
    return emitOpError("expected only 2 image dimensions");
  if (!isNchw() && !isNhwc())
    return emitOpError("expect image dimensions to be either [1, 2] or [2, 3]");
  // (T, T, N, H', W', C); the input dims in input order first, then an NCHW
  // input's C moves after W'. IREE computes H' in float, as here.
  SmallVector<int64_t> expected(outputRank, tile);
  ArrayRef<int64_t> inputShape = inputType.getShape();
  for (int64_t i = 0; i < inputRank; ++i) {
    int64_t o = i + 2;
    if (ShapedType::isDynamic(inputShape[i]) || !imageDimsSet.contains(i))
      expected[o] = inputShape[i];
    else
      expected[o] = static_cast<int64_t>(
          std::ceil(static_cast<float>(inputShape[i] - getKernelSize() + 1) /
                    getOutputTileSize()));
  }
  if (isNchw())
    expected = {expected[0], expected[1], expected[2],
                expected[4], expected[5], expected[3]};
  if (failed(verifyCompatibleShape(expected, outputType.getShape())))
    return emitOpError("incompatible output shape");
  return success();
}

LogicalResult WinogradOutputTransformOp::verify() {
  ShapedType inputType = getInputType(), outputType = getOutputType();
  int64_t inputRank = inputType.getRank(), outputRank = outputType.getRank();
  if (inputRank != 2 && inputRank != 6)
    return emitOpError("expected input operand to have rank either 2 or 6");
  if (inputRank == 2) {
    // IREE checks the element types only for the rank-6 form.
    if (outputRank != 2)
      return emitOpError(
          "expected output operand to have rank 2 if input is of rank 2");
    SmallVector<int64_t> expectedIn(2, getInputTileSize());
    if (failed(verifyCompatibleShape(expectedIn, inputType.getShape())))
      return emitOpError("expected input dims to be equal to input tile "
                         "size if input is of rank 2");
    SmallVector<int64_t> expectedOut(2, getOutputTileSize());
    if (failed(verifyCompatibleShape(expectedOut, outputType.getShape())))
      return emitOpError("expected output dims equal to output tile size "
                         "if input is of rank 2");
    return success();
  }
  if (outputType.getElementType() != inputType.getElementType())
    return emitOpError("expected input/output element types to be identical");
  if (outputRank != inputRank - 2)
    return emitOpError("expected output rank to be equal to input rank - 2");
  ArrayRef<int64_t> imageDims = getImageDimensions();
  llvm::SmallSetVector<int64_t, 2> imageDimsSet(imageDims.begin(),
                                                imageDims.end());
  if (imageDims.size() != 2)
    return emitOpError("expected only 2 image dimensions");
  if (!isNchw() && !isNhwc())
    return emitOpError("expect image dimensions to be either [1, 2] or [2, 3]");
  // The input (T, T, N, H', W', C) in output order: (T, T, N, C, H', W')
  // for NCHW.
  SmallVector<int64_t> in(inputType.getShape());
  if (isNchw())
    in = {in[0], in[1], in[2], in[5], in[3], in[4]};
  SmallVector<int64_t> expected(outputRank, 1);
  for (int64_t i = 2; i < inputRank; ++i) {
    int64_t o = i - 2;
    if (ShapedType::isDynamic(in[i]) || !imageDimsSet.contains(o))
      expected[o] = in[i];
    else
      expected[o] = getOutputTileSize() * in[i];
  }
  if (failed(verifyCompatibleShape(expected, outputType.getShape())))
    return emitOpError("incompatible output shape");
  return success();
}
