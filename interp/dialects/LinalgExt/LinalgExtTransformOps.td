//===- LinalgExtTransformOps.td - map_load/store, winograd -*- tablegen -*-===//
//
// iree_linalg_ext ops that move or transform whole tiles: map_load,
// map_store, winograd.input_transform and winograd.output_transform. Included
// at the end of LinalgExtOps.td (they share its dialect, base classes and
// generated files). Syntax, operand order and verifier messages follow IREE's
// LinalgExtOps.td / LinalgExtOps.cpp; the verifiers are in
// LinalgExtTransformOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef REF_LINALG_EXT_TRANSFORM_OPS
#define REF_LINALG_EXT_TRANSFORM_OPS

//===----------------------------------------------------------------------===//
// map_load and map_store
//===----------------------------------------------------------------------===//

def LinalgExt_MapLoadOp : LinalgExt_Op<"map_load",
    [SingleBlockImplicitTerminator<"::ref::linalg_ext::YieldOp">]> {
  let summary = "Reads `source` through an index mapping into `output`.";
  let description = [{
    The region takes one index per output dimension and yields one index per
    source dimension plus a padding value: `output[i] = source[f(i)]` when
    f(i) is inside the source, the padding value otherwise.
  }];
  let arguments = (ins LinalgExt_Shaped:$source,
                       LinalgExt_RankedTensorOrMemRef:$output);
  let regions = (region AnyRegion:$transformation_region);
  let assemblyFormat = [{
    attr-dict $source `into` $output
    $transformation_region
    `:` type($source) `into` type($output) (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getSourceType() {
      return ::llvm::cast<::mlir::ShapedType>(getSource().getType());
    }
    int64_t getSourceRank() { return getSourceType().getRank(); }
    ::mlir::ShapedType getOutputType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutput().getType());
    }
    int64_t getOutputRank() { return getOutputType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputMutable();
    }
  }];
}

def LinalgExt_MapStoreOp : LinalgExt_Op<"map_store",
    [SingleBlockImplicitTerminator<"::ref::linalg_ext::YieldOp">]> {
  let summary = "Writes `input` through an index mapping into `output`.";
  let description = [{
    The region takes one index per input dimension and yields one index per
    output dimension plus an i1 mask: `output[f(i)] = input[i]` where the mask
    is true. Elements never written keep the output's initial value.
  }];
  let arguments = (ins LinalgExt_Shaped:$input,
                       LinalgExt_RankedTensorOrMemRef:$output);
  let regions = (region AnyRegion:$transformation_region);
  let hasRegionVerifier = 1;
  let assemblyFormat = [{
    attr-dict $input `into` $output
    $transformation_region
    `:` type($input) `into` type($output) (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getInputType() {
      return ::llvm::cast<::mlir::ShapedType>(getInput().getType());
    }
    int64_t getInputRank() { return getInputType().getRank(); }
    ::mlir::ShapedType getOutputType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutput().getType());
    }
    int64_t getOutputRank() { return getOutputType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// winograd.input_transform and winograd.output_transform
//===----------------------------------------------------------------------===//

class LinalgExt_WinogradOp<string mnemonic> : LinalgExt_Op<mnemonic> {
  let arguments = (ins LinalgExt_Shaped:$input,
                       LinalgExt_Shaped:$output,
                       I64Attr:$output_tile_size,
                       I64Attr:$kernel_size,
                       DenseI64ArrayAttr:$image_dimensions);
  let results = (outs Variadic<LinalgExt_RankedTensor>:$result);
  let assemblyFormat = [{
    attr-dict
    `output_tile_size` `(` $output_tile_size `)`
    `kernel_size` `(` $kernel_size `)`
    `image_dimensions` `(` $image_dimensions `)`
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $output `:` type($output) `)`
    (`->` type($result)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getInputType() {
      return ::llvm::cast<::mlir::ShapedType>(getInput().getType());
    }
    ::mlir::ShapedType getOutputType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutput().getType());
    }
    int64_t getInputRank() { return getInputType().getRank(); }
    int64_t getOutputRank() { return getOutputType().getRank(); }
    /// m + r - 1: the side of a tile in the Winograd domain.
    int64_t getInputTileSize() {
      return getOutputTileSize() + getKernelSize() - 1;
    }
    bool isNhwc() {
      return getImageDimensions() == ::llvm::ArrayRef<int64_t>({1, 2});
    }
    bool isNchw() {
      return getImageDimensions() == ::llvm::ArrayRef<int64_t>({2, 3});
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputMutable();
    }
  }];
}

def LinalgExt_WinogradInputTransformOp :
    LinalgExt_WinogradOp<"winograd.input_transform"> {
  let summary = "Winograd input transform: B^T (tile) B per image tile.";
  let description = [{
    Input: an image (N, H, W, C) or (N, C, H, W), or one tile (rank 2).
    Output: (T, T, N, H', W', C) with T = m + r - 1 and
    H' = ceil((H - m + 1) / r); tile (h, w) reads the T x T window at
    (h r, w r), zero-padded past the image.
  }];
}

def LinalgExt_WinogradOutputTransformOp :
    LinalgExt_WinogradOp<"winograd.output_transform"> {
  let summary = "Winograd output transform: A^T (tile) A per tile.";
  let description = [{
    Input: (T, T, N, H', W', C), or one tile (rank 2). Output: (N, H, W, C)
    or (N, C, H, W) with H = r H'; tile (h, w) writes the r x r block at
    (h r, w r).
  }];
}

#endif // REF_LINALG_EXT_TRANSFORM_OPS
