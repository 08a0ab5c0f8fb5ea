//===- TensorExtOps.td - IREE's iree_tensor_ext dispatch bindings -*- tablegen -*-===//
//
// The ops of a flow-phase dispatch function (iree-compile --compile-to=flow)
// that read its inputs from and write its outputs to bindings:
//   func.func @d(%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>,
//                %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>)
//   %x = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [4],
//       strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
//       -> tensor<4xf32>
//   iree_tensor_ext.dispatch.tensor.store %y, %out, offsets = [0], ...
// plus the workgroup count and workload ops around them, and
// `iree_tensor_ext.bitcast` (which IREE's ONNX lowering emits at the input
// level, e.g. for STFT's complex -> real pair view). Syntax as IREE
// prints it (TensorExtOps.td); IREE's definitions are the authority.
//
//===----------------------------------------------------------------------===//

#ifndef REF_TENSOR_EXT_OPS
#define REF_TENSOR_EXT_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

def TensorExt_Dialect : Dialect {
  let name = "iree_tensor_ext";
  let cppNamespace = "::ref::tensor_ext";
  let summary = "IREE's dispatch bindings (the subset flow-phase IR uses).";
  let useDefaultTypePrinterParser = 1;
}

def TensorExt_DispatchTensorType
    : TypeDef<TensorExt_Dialect, "DispatchTensor"> {
  let mnemonic = "dispatch.tensor";
  let summary = "A dispatch's binding of a tensor: readonly, writeonly or "
                "readwrite.";
  let parameters = (ins "unsigned":$access, "::mlir::RankedTensorType":$bound);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    enum Access : unsigned { ReadOnly = 0, WriteOnly = 1, ReadWrite = 2 };
    bool isReadable() const { return getAccess() != WriteOnly; }
    bool isWritable() const { return getAccess() != ReadOnly; }
  }];
}

def TensorExt_DispatchTensor : Type<
    CPred<"::llvm::isa<::ref::tensor_ext::DispatchTensorType>($_self)">,
    "dispatch tensor">;

def TensorExt_LoadOp : Op<TensorExt_Dialect, "dispatch.tensor.load", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "Reads a box of a binding.";
  let arguments = (ins TensorExt_DispatchTensor:$source,
                       Variadic<Index>:$source_dims,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) (`{` $source_dims^ `}`)? `->` type($result)
  }];
}

def TensorExt_StoreOp : Op<TensorExt_Dialect, "dispatch.tensor.store", [
    AttrSizedOperandSegments]> {
  let summary = "Writes a tensor into a box of a binding.";
  let arguments = (ins AnyRankedTensor:$value,
                       TensorExt_DispatchTensor:$target,
                       Variadic<Index>:$target_dims,
                       Variadic<Index>:$offsets, Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let assemblyFormat = [{
    $value `,` $target
    `,` `offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets)
    `,` `sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes)
    `,` `strides` `=` custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($value) `->` type($target) (`{` $target_dims^ `}`)?
  }];
}

def TensorExt_WorkgroupCountFromSliceOp
    : Op<TensorExt_Dialect, "dispatch.workgroup_count_from_slice", [Pure]> {
  let summary = "IREE's default workgroup count (never run here).";
  let arguments = (ins Variadic<Index>:$operands);
  let results = (outs Index:$x, Index:$y, Index:$z);
  let assemblyFormat = "attr-dict `(` $operands `)`";
}

def TensorExt_WorkloadOrdinalOp
    : Op<TensorExt_Dialect, "dispatch.workload.ordinal", [Pure]> {
  let summary = "Marks an index argument as workload entry `ordinal`; "
                "returns it.";
  let arguments = (ins Index:$operand, IndexAttr:$ordinal);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $operand `,` $ordinal `:` type($operand)";
}

def TensorExt_BitCastOp : Op<TensorExt_Dialect, "bitcast", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "Reinterprets the bytes of a tensor as another tensor type.";
  let description = [{
    `%r = iree_tensor_ext.bitcast %x : tensor<?x4xf32>{%d} -> tensor<?x16xi8>{%e}`
    The same operation as `flow.tensor.bitcast` (to which IREE converts it):
    the element types may differ; the total byte sizes must agree.
  }];
  let arguments = (ins AnyRankedTensor:$source,
                       Variadic<Index>:$source_dims,
                       Variadic<Index>:$result_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `:` type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

#endif // REF_TENSOR_EXT_OPS
