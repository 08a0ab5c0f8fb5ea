//===- HalOps.td - The subset of IREE's hal dialect e2e tests use -*- tablegen -*-===//
//
// IREE's generated e2e suites (tests/e2e/matmul, convolution, attention) pass
// `!hal.buffer_view`s between a "calls" module and the module under test and
// to the native test module (`matmul_test.*`, ...). Only the ops those files
// use are declared, with IREE's assembly formats (HALOps.td); IREE's own
// definitions are the authority.
//
//===----------------------------------------------------------------------===//

#ifndef REF_HAL_OPS
#define REF_HAL_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Hal_Dialect : Dialect {
  let name = "hal";
  let cppNamespace = "::ref::hal";
  let summary = "The subset of IREE's hal dialect used by generated e2e tests.";
  let useDefaultTypePrinterParser = 1;
  // Flow-phase programs carry device and executable targets
  // (`#hal.device.target<...>`, `#hal.device.affinity<@d>`): kept as opaque
  // text, they steer only IREE.
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class Hal_Type<string name, string typeMnemonic>
    : TypeDef<Hal_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def Hal_DeviceType : Hal_Type<"Device", "device"> {
  let summary = "A HAL device (the interpreter has one, index 0).";
}

def Hal_BufferViewType : Hal_Type<"BufferView", "buffer_view"> {
  let summary = "A dense row-major buffer with a shape and an element type.";
  let description = [{
    At run time: a tensor plus IREE's element type code, which may carry a
    signedness the signless tensor type does not (`ui8` data on `i8`).
  }];
}

def Hal_BufferType : Hal_Type<"Buffer", "buffer"> {
  let summary = "A HAL buffer (no view): parses; the interpreter makes none.";
  let description = [{
    Appears in signatures written for IREE's ABI (transients, output
    buffers, `{iree.abi.transients}`): such a function parses and verifies
    but cannot be called from ref-run.
  }];
}

def Hal_FenceType : Hal_Type<"Fence", "fence"> {
  let summary = "A HAL fence (the coarse-fences ABI of `$async` functions).";
  let description = [{
    The interpreter runs synchronously: every fence is signalled when it is
    created, and a wait returns at once.
  }];
}

def Hal_DevicesGetOp : Op<Hal_Dialect, "devices.get", [Pure]> {
  let summary = "The device with the given index.";
  let arguments = (ins Index:$index);
  let results = (outs Hal_DeviceType:$result);
  let assemblyFormat = "$index attr-dict `:` type($result)";
}

def Hal_ElementTypeOp : Op<Hal_Dialect, "element_type", [Pure]> {
  let summary = "The iree_hal_element_type_t code of an MLIR type.";
  let description = [{
    `%t = hal.element_type<f32> : i32`: (numerical type << 24) | bit count,
    as IREE's runtime defines it (signless integers are INTEGER, `ui8` is
    INTEGER_UNSIGNED, `i1` is BOOLEAN of 8 bits).
  }];
  let arguments = (ins TypeAttr:$type);
  let results = (outs I32:$result);
  let assemblyFormat = "`<` $type `>` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The code of `type`, or nullopt where IREE's ABI has none.
    static std::optional<uint32_t> getTypeValue(::mlir::Type type);
  }];
}

def Hal_EncodingTypeOp : Op<Hal_Dialect, "encoding_type", [Pure]> {
  let summary = "The iree_hal_encoding_type_t of an encoding (dense row-major).";
  let arguments = (ins OptionalAttr<AnyAttr>:$encoding);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `<` ($encoding^):( `` `dense_row_major`)? `>` attr-dict `:` type($result)
  }];
}

// `%t = hal.tensor.import %bv : !hal.buffer_view -> tensor<?x4xf32>{%d}`;
// `-> tensor<4xi8> as tensor<4xi8>` when the ABI type differs (IREE's
// custom<TypeAlias>); `wait(%fence) => %bv` in the coarse-fences ABI of
// `$async` functions (the interpreter is synchronous: the buffer is always
// ready). Offsets and affinities are not supported.
def Hal_TensorImportOp : Op<Hal_Dialect, "tensor.import", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "A tensor from a buffer view (checked like IREE's ABI).";
  let arguments = (ins Hal_BufferViewType:$source,
                       TypeAttr:$target_encoding,
                       Variadic<Index>:$target_dims,
                       UnitAttr:$consume,
                       Optional<Hal_FenceType>:$wait_fence,
                       OptionalAttr<StrAttr>:$name);
  let results = (outs AnyRankedTensor:$target);
  let assemblyFormat = [{
    (`wait` `(` $wait_fence^ `)` `=` `` `>`)?
    (`consume` $consume^)? $source ($name^)? `:` type($source) `->`
    custom<TypeAlias>($target_encoding, type($target))
    (`{` $target_dims^ `}`)? attr-dict
  }];
  let hasVerifier = 1;
}

// `%bv = hal.tensor.export %t : tensor<?x4xf32>{%d} -> !hal.buffer_view`.
def Hal_TensorExportOp : Op<Hal_Dialect, "tensor.export", [Pure]> {
  let summary = "A buffer view holding a tensor.";
  let arguments = (ins AnyRankedTensor:$source,
                       TypeAttr:$source_encoding,
                       Variadic<Index>:$source_dims,
                       OptionalAttr<StrAttr>:$name);
  let results = (outs Hal_BufferViewType:$target);
  let assemblyFormat = [{
    $source ($name^)? `:` custom<TypeAlias>($source_encoding, type($source))
    (`{` $source_dims^ `}`)? `->` type($target) attr-dict
  }];
  let hasVerifier = 1;
}

def Hal_BufferViewDimOp : Op<Hal_Dialect, "buffer_view.dim", [Pure]> {
  let summary = "One dimension of a buffer view.";
  let arguments = (ins Hal_BufferViewType:$buffer_view, IndexAttr:$index);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `` `[` $index `]`
    `:` type($result) attr-dict-with-keyword
  }];
}

def Hal_BufferViewRankOp : Op<Hal_Dialect, "buffer_view.rank", [Pure]> {
  let summary = "The rank of a buffer view.";
  let arguments = (ins Hal_BufferViewType:$buffer_view);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>`
    `:` type($result) attr-dict-with-keyword
  }];
}

def Hal_BufferViewElementTypeOp
    : Op<Hal_Dialect, "buffer_view.element_type", [Pure]> {
  let summary = "The element type code of a buffer view.";
  let arguments = (ins Hal_BufferViewType:$buffer_view);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>`
    `:` type($result) attr-dict-with-keyword
  }];
}

// `%r = hal.tensor.barrier join(%t : tensor<4xf32>) => %fence : !hal.fence`:
// the tensors, once available, signal the fence; they are returned as they
// are. Synchronous here: the tensors are available when the op runs.
def Hal_TensorBarrierOp : Op<Hal_Dialect, "tensor.barrier", [
    AllTypesMatch<["sources", "results"]>]> {
  let summary = "Signals a fence when all tensors are available.";
  let arguments = (ins Variadic<AnyRankedTensor>:$sources,
                       Hal_FenceType:$signal_fence);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    `join` `` `(` $sources `:` type($sources) `)` `=` `` `>`
    $signal_fence `:` type($signal_fence) attr-dict-with-keyword
  }];
}

// Fence flags and wait flags are IREE bit enums (`"None"`, `"Reserved"`),
// printed as strings; kept as the string.
def Hal_FenceCreateOp : Op<Hal_Dialect, "fence.create"> {
  let summary = "A new unsignalled fence (signalled at once here).";
  let arguments = (ins Hal_DeviceType:$device, StrAttr:$flags);
  let results = (outs Hal_FenceType:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)` `flags` `(` $flags `)`
    `:` type($result) attr-dict-with-keyword
  }];
}

def Hal_FenceJoinOp : Op<Hal_Dialect, "fence.join"> {
  let summary = "A fence reached when all given fences are.";
  let arguments = (ins StrAttr:$flags, Variadic<Hal_FenceType>:$fences);
  let results = (outs Hal_FenceType:$result);
  let assemblyFormat = [{
    `at` `(` `[` $fences `]` `)` `flags` `(` $flags `)` `->` type($result)
    attr-dict-with-keyword
  }];
}

def Hal_FenceSignalOp : Op<Hal_Dialect, "fence.signal"> {
  let summary = "Signals a fence.";
  let arguments = (ins Hal_FenceType:$fence);
  let assemblyFormat = "`<` $fence `:` type($fence) `>` attr-dict-with-keyword";
}

// `%status = hal.fence.await until([%f]) timeout_millis(%t) flags("None") : i32`
def Hal_FenceAwaitOp : Op<Hal_Dialect, "fence.await"> {
  let summary = "Waits for fences; the status is 0 (OK) here.";
  let arguments = (ins I32:$timeout_millis, StrAttr:$flags,
                       Variadic<Hal_FenceType>:$fences);
  let results = (outs I32:$status);
  let assemblyFormat = [{
    `until` `(` `[` $fences `]` `)` `timeout_millis` `(` $timeout_millis `)`
    `flags` `(` $flags `)` `:` type($status) attr-dict-with-keyword
  }];
}

#endif // REF_HAL_OPS
