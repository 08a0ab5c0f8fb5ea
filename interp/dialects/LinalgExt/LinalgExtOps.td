//===- LinalgExtOps.td - IREE's iree_linalg_ext ops --------*- tablegen -*-===//
//
// Our own declaration of the `iree_linalg_ext` ops the interpreter runs:
// sort, scatter, gather, scan, topk, topk_v2, arg_compare, attention,
// online_attention, fft, quantize_affine, dequantize_affine and yield. The
// textual syntax, the operand order and the verifier messages follow IREE
// (LinalgExtOps.td / LinalgExtOps.cpp, checked against iree-opt 3.13) so that
// IREE's own test files parse and `-verify-diagnostics` expectations written
// against IREE hold. The tiling and fusion interfaces IREE attaches are left
// out; DestinationStyleOpInterface is kept, which also gives IREE's
// result/init type checks and messages.
//
//===----------------------------------------------------------------------===//

#ifndef REF_LINALG_EXT_OPS
#define REF_LINALG_EXT_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def IREELinalgExt_Dialect : Dialect {
  let name = "iree_linalg_ext";
  let cppNamespace = "::ref::linalg_ext";
  let summary = "IREE's Linalg extensions (the ops the interpreter runs).";
}

//===----------------------------------------------------------------------===//
// Type constraints. The summaries are the ones IREE's build prints, so the
// ODS-generated "operand #N must be ..." messages read the same.
//===----------------------------------------------------------------------===//

def LinalgExt_Shaped : Type<IsShapedTypePred,
    "shaped of any non-token type values", "::mlir::ShapedType">;

def LinalgExt_RankedTensor : Type<
    And<[IsTensorTypePred, HasRankPred]>,
    "ranked tensor of any non-token type values", "::mlir::RankedTensorType">;

def LinalgExt_RankedTensorOrMemRef : Type<
    Or<[And<[IsTensorTypePred, HasRankPred]>, IsMemRefTypePred]>,
    "ranked tensor or memref of any type", "::mlir::ShapedType">;

//===----------------------------------------------------------------------===//
// Base classes.
//===----------------------------------------------------------------------===//

class LinalgExt_PureOp<string mnemonic, list<Trait> traits = []> :
    Op<IREELinalgExt_Dialect, mnemonic, traits>;

// IREE's LinalgExtInterface check: all shaped operands are tensors, or all
// are memrefs. Listed before DestinationStyleOpInterface so that it is
// verified first, as in IREE.
def LinalgExt_PureTensorOrBufferSemantics :
    NativeOpTrait<"PureTensorOrBufferSemantics"> {
  let cppNamespace = "::ref::linalg_ext";
}

// Destination-passing ops: each init operand has one tied tensor result.
class LinalgExt_Op<string mnemonic, list<Trait> traits = []> :
    LinalgExt_PureOp<mnemonic, !listconcat(traits, [
      LinalgExt_PureTensorOrBufferSemantics, DestinationStyleOpInterface])> {
  let hasVerifier = 1;
  let results = (outs Variadic<LinalgExt_RankedTensor>:$results);
}

// Ops with a comparator or combiner region; a missing `iree_linalg_ext.yield`
// is inserted by the parser, as in IREE.
class LinalgExt_RegionOp<string mnemonic, list<Trait> traits = []> :
    LinalgExt_Op<mnemonic, !listconcat(traits, [
      SingleBlockImplicitTerminator<"::ref::linalg_ext::YieldOp">])> {
  let regions = (region AnyRegion:$region);
}

//===----------------------------------------------------------------------===//
// yield
//===----------------------------------------------------------------------===//

def LinalgExt_YieldOp : LinalgExt_PureOp<"yield",
    [Pure, ReturnLike, Terminator]> {
  let summary = "Terminator of the regions of iree_linalg_ext ops.";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

def LinalgExt_SortOp : LinalgExt_RegionOp<"sort", [AttrSizedOperandSegments]> {
  let summary = "Sorts all `outs` operands along `dimension` by a comparator.";
  let description = [{
    The region receives one (left, right) pair of block arguments per `outs`
    operand, in operand order, and yields an i1: true when left may stay before
    right. `ins` parses (IREE's grammar allows it) but the verifier rejects it.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<LinalgExt_Shaped>:$outputs,
                       I64Attr:$dimension);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::Value operand(int index) { return getOutputs()[index]; }
    ::mlir::ShapedType getOperandType(int index) {
      return ::llvm::cast<::mlir::ShapedType>(operand(index).getType());
    }
    int64_t getOperandRank() { return getOperandType(0).getRank(); }
    ::llvm::ArrayRef<int64_t> getOperandShape() {
      return getOperandType(0).getShape();
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return getOutputsMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// scatter and gather
//===----------------------------------------------------------------------===//

def LinalgExt_ScatterOp : LinalgExt_RegionOp<"scatter"> {
  let summary = "Combines `updates` slices into `original` at `indices`.";
  let description = [{
    `original[pos] = region(updates[b, s], original[pos])` where
    `pos[dimension_map[i]] = indices[b, i]` for i < index depth (the size of
    `dimension_map`) and the trailing `rank(original) - depth` dims of `pos`
    are the slice coordinates `s`. `indices` has rank batch rank + 1 (last dim
    = depth) or, when the depth is 1, just the batch rank. The optional `mask`
    (i1, or i8 after storage legalization) has the batch shape; false skips
    that update.
  }];
  let arguments = (ins LinalgExt_RankedTensorOrMemRef:$updates,
                       LinalgExt_RankedTensorOrMemRef:$indices,
                       Optional<LinalgExt_RankedTensorOrMemRef>:$mask,
                       LinalgExt_RankedTensorOrMemRef:$original,
                       DenseI64ArrayAttr:$dimension_map,
                       DefaultValuedAttr<BoolAttr, "true">:$unique_indices);
  let assemblyFormat = [{
    attr-dict `dimension_map` `=` $dimension_map
              `unique_indices` `(` $unique_indices `)`
    `ins` `(` $updates `,` $indices (`,` $mask^)? `:`
              type($updates) `,` type($indices) (`,` type($mask)^)? `)`
    `outs` `(` $original `:` type($original) `)`
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    int64_t getIndexDepth() { return getDimensionMap().size(); }
    ::mlir::ShapedType getUpdateType() {
      return ::llvm::cast<::mlir::ShapedType>(getUpdates().getType());
    }
    ::mlir::ShapedType getIndicesType() {
      return ::llvm::cast<::mlir::ShapedType>(getIndices().getType());
    }
    ::mlir::ShapedType getOriginalType() {
      return ::llvm::cast<::mlir::ShapedType>(getOriginal().getType());
    }
    // Rank of one update slice: the non-indexed trailing dims of `original`.
    int64_t getUpdateSliceRank() {
      return getOriginalType().getRank() - getIndexDepth();
    }
    int64_t getBatchRank() {
      return getUpdateType().getRank() - getUpdateSliceRank();
    }
    bool isScalarUpdate() { return getUpdateSliceRank() == 0; }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getMask() ? 3 : 2, 1);
    }
  }];
}

def LinalgExt_GatherOp : LinalgExt_Op<"gather"> {
  let summary = "Reads `source` slices at `indices` into `output`.";
  let description = [{
    The converse of scatter, with the same shape rules (updates -> output,
    original -> source): `output[b, s] = source[pos]`. A false `mask` element
    leaves that batch entry of `output` as initialised.
  }];
  let arguments = (ins LinalgExt_RankedTensorOrMemRef:$source,
                       LinalgExt_RankedTensorOrMemRef:$indices,
                       Optional<LinalgExt_RankedTensorOrMemRef>:$mask,
                       LinalgExt_RankedTensorOrMemRef:$output,
                       DenseI64ArrayAttr:$dimension_map);
  let assemblyFormat = [{
    attr-dict `dimension_map` `=` $dimension_map
    `ins` `(` $source `,` $indices (`,` $mask^)? `:`
              type($source) `,` type($indices) (`,` type($mask)^)? `)`
    `outs` `(` $output `:` type($output) `)`
    (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    int64_t getIndexDepth() { return getDimensionMap().size(); }
    ::mlir::ShapedType getSourceType() {
      return ::llvm::cast<::mlir::ShapedType>(getSource().getType());
    }
    ::mlir::ShapedType getIndicesType() {
      return ::llvm::cast<::mlir::ShapedType>(getIndices().getType());
    }
    ::mlir::ShapedType getOutputType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutput().getType());
    }
    int64_t getOutputSliceRank() {
      return getSourceType().getRank() - getIndexDepth();
    }
    int64_t getBatchRank() {
      return getOutputType().getRank() - getOutputSliceRank();
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getMask() ? 3 : 2, 1);
    }
  }];
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

def LinalgExt_ScanOp : LinalgExt_RegionOp<"scan"> {
  let summary = "Inclusive or exclusive scan along `dimension`.";
  let description = [{
    Region arguments are (previous output, input element). `accumulator` has
    the input shape with `dimension` removed and receives the final value.
  }];
  let arguments = (ins LinalgExt_Shaped:$input,
                       LinalgExt_Shaped:$output,
                       LinalgExt_Shaped:$accumulator,
                       I64Attr:$dimension,
                       BoolAttr:$inclusive);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `inclusive` `(` $inclusive `)`
    `ins` `(` $input `:` type($input) `)`
    `outs` `(` $output `,` $accumulator `:`
               type($output) `,` type($accumulator) `)`
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getOperandType() {
      return ::llvm::cast<::mlir::ShapedType>(getInput().getType());
    }
    int64_t getOperandRank() { return getOperandType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, 1, 2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// topk and topk_v2
//===----------------------------------------------------------------------===//

def LinalgExt_TopkOp : LinalgExt_RegionOp<"topk"> {
  let summary = "Top-K along `dimension` (the original, swap-style form).";
  let description = [{
    K is the extent of the outputs along `dimension`. The initial contents of
    the outputs take part in the selection. The region gets (candidate,
    current slot) and yields i1; with input indices both index tensors are i32.
  }];
  let arguments = (ins LinalgExt_Shaped:$values,
                       Optional<LinalgExt_Shaped>:$indices,
                       LinalgExt_Shaped:$output_values,
                       LinalgExt_Shaped:$output_indices,
                       I64Attr:$dimension);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `ins` `(` $values (`,` $indices^)? `:`
              type($values) (`,` type($indices)^)? `)`
    `outs` `(` $output_values `,` $output_indices `:`
               type($output_values) `,` type($output_indices) `)`
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getInputType() {
      return ::llvm::cast<::mlir::ShapedType>(getValues().getType());
    }
    int64_t getInputRank() { return getInputType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getIndices() ? 2 : 1, 2);
    }
  }];
}

def LinalgExt_TopkV2Op : LinalgExt_RegionOp<"topk_v2",
    [AttrSizedOperandSegments]> {
  let summary = "Top-K along `dimension` with a pure ordering comparator.";
  let description = [{
    Selects K (the output extent along `dimension`, 0 < K <= N) elements;
    output indices are optional, input indices may be any integer type. Without
    `is_sorted` the order of the K results is unspecified.
  }];
  let arguments = (ins LinalgExt_Shaped:$values,
                       Optional<LinalgExt_Shaped>:$indices,
                       LinalgExt_Shaped:$output_values,
                       Optional<LinalgExt_Shaped>:$output_indices,
                       I64Attr:$dimension,
                       UnitAttr:$is_sorted);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    (`is_sorted` $is_sorted^)?
    `ins` `(` $values (`,` $indices^)? `:`
              type($values) (`,` type($indices)^)? `)`
    `outs` `(` $output_values (`,` $output_indices^)? `:`
               type($output_values) (`,` type($output_indices)^)? `)`
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::mlir::ShapedType getInputType() {
      return ::llvm::cast<::mlir::ShapedType>(getValues().getType());
    }
    int64_t getInputRank() { return getInputType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getIndices() ? 2 : 1,
                                         getOutputIndices() ? 2 : 1);
    }
  }];
}

//===----------------------------------------------------------------------===//
// arg_compare
//===----------------------------------------------------------------------===//

def LinalgExt_ArgCompareOp : LinalgExt_RegionOp<"arg_compare",
    [AttrSizedOperandSegments]> {
  let summary = "Arg-reduction (argmax/argmin-like) with a comparator.";
  let description = [{
    Reduces `dimension` away. For each element along it, in order, when
    cmp(candidate, best) holds the best value and its index are replaced; the
    index is the explicit `input_index` element, or the position plus
    `index_base` (0 when absent).
  }];
  let arguments = (ins LinalgExt_Shaped:$input_value,
                       Optional<LinalgExt_Shaped>:$input_index,
                       LinalgExt_Shaped:$output_value,
                       LinalgExt_Shaped:$output_index,
                       Optional<Index>:$index_base,
                       I64Attr:$dimension);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `ins` `(` $input_value (`,` $input_index^)? `:`
              type($input_value) (`,` type($input_index)^)? `)`
    `outs` `(` $output_value `,` $output_index `:`
               type($output_value) `,` type($output_index) `)`
    (`index_base` `(` $index_base^ `:` type($index_base) `)`)?
    $region (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    bool hasExplicitIndexInput() { return static_cast<bool>(getInputIndex()); }
    ::mlir::ShapedType getInputType() {
      return ::llvm::cast<::mlir::ShapedType>(getInputValue().getType());
    }
    int64_t getInputRank() { return getInputType().getRank(); }
    ::mlir::ShapedType getInputIndexType() {
      return ::llvm::cast<::mlir::ShapedType>(getInputIndex().getType());
    }
    ::mlir::Type getInputIndexElementType() {
      return getInputIndexType().getElementType();
    }
    ::mlir::ShapedType getOutputValueType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutputValue().getType());
    }
    ::mlir::ShapedType getOutputIndexType() {
      return ::llvm::cast<::mlir::ShapedType>(getOutputIndex().getType());
    }
    ::mlir::Type getOutputIndexElementType() {
      return getOutputIndexType().getElementType();
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getInputIndex() ? 2 : 1, 2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// attention and online_attention
//===----------------------------------------------------------------------===//

// The two attention ops share operands up to the output; the verifiers
// (AttentionOps.cpp) follow IREE's checks and messages.
class LinalgExt_AttentionBase<string mnemonic> :
    LinalgExt_Op<mnemonic, [SingleBlockImplicitTerminator<
                                "::ref::linalg_ext::YieldOp">]> {
  let regions = (region SizedRegion<1>:$region);
}

def LinalgExt_AttentionOp : LinalgExt_AttentionBase<"attention"> {
  let summary = "Scaled dot-product attention: softmax(Q K^T scale + M) V.";
  let description = [{
    The iteration domain is split by the indexing maps of query, key, value
    and output into batch, m, k1, k2 and n dims (IREE's AttentionOpDetail).
    The region maps each score (after Q K^T) to a modified score; the mask
    is additive (float) or selects 0 / -inf (integer, low bit).
  }];
  let arguments = (ins LinalgExt_Shaped:$query,
                       LinalgExt_Shaped:$key,
                       LinalgExt_Shaped:$value,
                       AnyFloat:$scale,
                       Optional<LinalgExt_Shaped>:$mask,
                       LinalgExt_Shaped:$output,
                       AffineMapArrayAttr:$indexing_maps,
                       OptionalAttr<DictionaryAttr>:$decomposition_config);
  let assemblyFormat = [{
    custom<AttentionAttrs>(attr-dict)
    `ins` `(` $query `,` $key `,` $value `,` $scale (`,` $mask^)? `:`
              type($query) `,` type($key) `,` type($value) `,` type($scale)
              (`,` type($mask)^)? `)`
    `outs` `(` $output `:` type($output) `)`
    $region
    (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::AffineMap> getIndexingMapsArray() {
      return ::llvm::to_vector(
          getIndexingMaps().getAsValueRange<::mlir::AffineMapAttr>());
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getMask() ? 5 : 4, 1);
    }
  }];
}

def LinalgExt_OnlineAttentionOp : LinalgExt_AttentionBase<"online_attention"> {
  let summary = "Attention with a running max and sum (unnormalized output).";
  let description = [{
    One step of the online softmax: `output`, `max` and `sum` hold the state
    so far and receive the updated state; the caller divides by `sum`.
  }];
  let arguments = (ins LinalgExt_Shaped:$query,
                       LinalgExt_Shaped:$key,
                       LinalgExt_Shaped:$value,
                       AnyFloat:$scale,
                       Optional<LinalgExt_Shaped>:$mask,
                       LinalgExt_Shaped:$output,
                       LinalgExt_Shaped:$max,
                       LinalgExt_Shaped:$sum,
                       AffineMapArrayAttr:$indexing_maps,
                       OptionalAttr<DictionaryAttr>:$decomposition_config);
  let assemblyFormat = [{
    custom<AttentionAttrs>(attr-dict)
    `ins` `(` $query `,` $key `,` $value `,` $scale (`,` $mask^)? `:`
              type($query) `,` type($key) `,` type($value) `,` type($scale)
              (`,` type($mask)^)? `)`
    `outs` `(` $output `,` $max `,` $sum `:`
               type($output) `,` type($max) `,` type($sum) `)`
    $region
    (`->` type($results)^)?
  }];
  let extraClassDeclaration = [{
    ::llvm::SmallVector<::mlir::AffineMap> getIndexingMapsArray() {
      return ::llvm::to_vector(
          getIndexingMaps().getAsValueRange<::mlir::AffineMapAttr>());
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getMask() ? 5 : 4, 3);
    }
  }];
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

def LinalgExt_FftOp : LinalgExt_Op<"fft", [AttrSizedOperandSegments]> {
  let summary = "One stage of an iterative radix-2 FFT along the last dim.";
  let description = [{
    Stage `s` (1-based) merges pairs of transforms of length 2^(s-1) into
    transforms of length m = 2^s, in place on the `real`/`imag` outputs
    (the input is expected in bit-reversed order). The twiddle factors are
    `real_coeff`/`imag_coeff` (2^(s-1) elements each) when given, else
    computed in f32 as cos/sin(-2*pi/m * j).
  }];
  let arguments = (ins AnyType:$stage,
                       Optional<LinalgExt_Shaped>:$real_coeff,
                       Optional<LinalgExt_Shaped>:$imag_coeff,
                       LinalgExt_Shaped:$real,
                       LinalgExt_Shaped:$imag);
  let assemblyFormat = [{
    attr-dict
    `ins` `(` $stage (`,` $real_coeff^ `,` $imag_coeff)? `:` type($stage)
              (`,` type($real_coeff)^ `,` type($imag_coeff))? `)`
    `outs` `(` $real `,` $imag `:` type($real) `,` type($imag) `)`
    (`:` type($results)^)?
  }];
  let extraClassDeclaration = [{
    bool hasCoeff() { return static_cast<bool>(getRealCoeff()); }
    ::mlir::ShapedType getOperandType() {
      return ::llvm::cast<::mlir::ShapedType>(getReal().getType());
    }
    int64_t getOperandRank() { return getOperandType().getRank(); }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, hasCoeff() ? 3 : 1, 2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// quantize_affine / dequantize_affine
//===----------------------------------------------------------------------===//

// Elementwise affine (de)quantization over an iteration domain described by
// linalg-style indexing maps, one per operand (value, scale, optional
// zero_point, output); the scale and zero point may be scalars. Syntax as
// IREE 3.13 prints it:
//   iree_linalg_ext.quantize_affine <indexing_maps = [...], quant_min = 0,
//       quant_max = 255, storage_unsigned> ins(%x, %s, %z : tensor<6xf32>,
//       f32, i64) outs(%o : tensor<6xi8>) -> tensor<6xi8>
// The arithmetic follows IREE's decomposition (DecomposeAggregatedOps,
// checked with iree-opt 3.13); see QuantizeOps.cpp and docs/coverage.md.
class LinalgExt_QuantOp<string mnemonic, string unsignedFlag>
    : LinalgExt_Op<mnemonic> {
  let arguments = !con((ins Variadic<AnyType>:$inputs,
                            LinalgExt_RankedTensorOrMemRef:$output,
                            AffineMapArrayAttr:$indexing_maps,
                            I64Attr:$quant_min, I64Attr:$quant_max),
                       !dag(ins, [UnitAttr, UnitAttr],
                            [unsignedFlag, "zp_unsigned"]));
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static ::llvm::StringRef getUnsignedFlagName() { return "}] #
      unsignedFlag # [{"; }
    ::mlir::Value getValueOperand() { return getInputs()[0]; }
    ::mlir::Value getScale() { return getInputs()[1]; }
    ::mlir::Value getZeroPoint() {
      return getInputs().size() > 2 ? getInputs()[2] : ::mlir::Value();
    }
    ::mlir::MutableOperandRange getDpsInitsMutable() {
      return ::mlir::MutableOperandRange(*this, getNumOperands() - 1, 1);
    }
  }];
}

def LinalgExt_QuantizeAffineOp
    : LinalgExt_QuantOp<"quantize_affine", "storage_unsigned"> {
  let summary = "Quantizes floats: clamp(roundeven(x / scale) + zp).";
}

def LinalgExt_DequantizeAffineOp
    : LinalgExt_QuantOp<"dequantize_affine", "input_unsigned"> {
  let summary = "Dequantizes integers: (q - zp) * scale.";
}

include "LinalgExtTransformOps.td"

#endif // REF_LINALG_EXT_OPS
