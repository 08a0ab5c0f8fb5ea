//===- TestSupportOps.td - IREE's test-support ops ---------*- tablegen -*-===//
//
// Minimal dialects that parse the ops IREE's e2e tests use to build inputs and
// check results, exactly as IREE spells them: `util.unfoldable_constant`,
// `util.optimization_barrier`, IREE's input-level functions and globals
// (`util.func`/`util.call`/`util.return`, `util.global`, `util.global.load`,
// `util.global.store`, `util.initializer`), `flow.tensor.dynamic_constant`,
// `flow.dispatch.region`/`flow.return`, `flow.tensor.tie_shape`,
// `flow.tensor.bitcast` and the `check` ops. Only the syntax and verifier
// rules the interpreter relies on are declared; IREE's own definitions are the
// authority.
//
//===----------------------------------------------------------------------===//

#ifndef REF_TEST_SUPPORT_OPS
#define REF_TEST_SUPPORT_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

//===----------------------------------------------------------------------===//
// util
//===----------------------------------------------------------------------===//

def Util_Dialect : Dialect {
  let name = "util";
  let cppNamespace = "::ref::util";
  let summary = "The subset of IREE's util dialect used by e2e tests.";
  let useDefaultAttributePrinterParser = 1;
}

// `#util.inline.never` / `#util.inline.always`: inlining policies of
// util.func (`inlining_policy = ...`); they do not change what a call does.
def Util_InlineNeverAttr : AttrDef<Util_Dialect, "InlineNever"> {
  let mnemonic = "inline.never";
  let summary = "The function is never inlined.";
}
def Util_InlineAlwaysAttr : AttrDef<Util_Dialect, "InlineAlways"> {
  let mnemonic = "inline.always";
  let summary = "The function is always inlined.";
}

// `#util.byte_pattern<N> : tensor<...>`: a value whose every storage byte is
// N mod 256 (IREE's UtilAttrs.td/.cpp: BytePatternAttr::serializeToBuffer
// memsets the buffer with that byte). IREE's frontends write it for
// placeholder weights (`util.global ... = #util.byte_pattern<1> :
// tensor<784x128xf32>`).
def Util_BytePatternAttr : AttrDef<Util_Dialect, "BytePattern",
    [TypedAttrInterface]> {
  let mnemonic = "byte_pattern";
  let summary = "A value filled with one byte pattern.";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type,
                        "int64_t":$pattern);
  let assemblyFormat = "`<` $pattern `>`";
}

def Util_UnfoldableConstantOp : Op<Util_Dialect, "unfoldable_constant"> {
  let summary = "A constant the compiler may not fold.";
  let description = [{
    `%c = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>`; the result
    type is the type of the attribute. The interpreter treats it as a constant.
  }];
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Util_OptimizationBarrierOp : Op<Util_Dialect, "optimization_barrier", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Forwards its operands; stops the compiler from seeing through.";
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

// Functions as IREE's frontends emit them (IREE's UtilOps.td): the body is a
// CFG region like func.func's, ending in `util.return`; `public` or `private`
// visibility; argument and result attribute dictionaries and a trailing
// `attributes {...}`. IREE's tied results (`-> %arg0 as tensor<...>`) only
// describe buffer aliasing and are not accepted.
def Util_FuncOp : Op<Util_Dialect, "func", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface,
    IsolatedFromAbove]> {
  let summary = "A function (IREE's input-level spelling of func.func).";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
}

def Util_ReturnOp : Op<Util_Dialect, "return", [Pure, ReturnLike, Terminator,
    ParentOneOf<["FuncOp", "InitializerOp"]>]> {
  let summary = "Returns from a util.func or util.initializer.";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

// `%r = util.call @f(%a, %b) : (tensor<4xf32>, i32) -> tensor<4xf32>`
def Util_CallOp : Op<Util_Dialect, "call", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a util.func or func.func by name.";
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, $results)
  }];
}

// `util.global private mutable @x = dense<2.0> : tensor<f32>`,
// `util.global @y : tensor<4xi32>` (no initial value: a util.initializer or a
// store must set it before it is loaded).
def Util_GlobalOp : Op<Util_Dialect, "global", [Symbol]> {
  let summary = "A module-level variable.";
  let arguments = (ins OptionalAttr<StrAttr>:$sym_visibility,
                       SymbolNameAttr:$sym_name,
                       TypeAttr:$type,
                       UnitAttr:$is_mutable,
                       OptionalAttr<TypedAttrInterface>:$initial_value,
                       OptionalAttr<AnyAttr>:$inlining_policy);
  // `<inlining_policy = #util.inline.never>`: how IREE's global
  // optimization marks the constants it hoists (flow-phase programs).
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) (`mutable` $is_mutable^)?
    $sym_name (`<` `inlining_policy` `=` $inlining_policy^ `>`)?
    attr-dict custom<TypeOrAttr>($type, $initial_value)
  }];
  let hasVerifier = 1;
}

def Util_GlobalLoadOp : Op<Util_Dialect, "global.load", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Reads a util.global.";
  let arguments = (ins FlatSymbolRefAttr:$global, UnitAttr:$is_immutable);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    (`immutable` $is_immutable^)? $global attr-dict `:` type($result)
  }];
}

def Util_GlobalStoreOp : Op<Util_Dialect, "global.store", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Writes a util.global.";
  let arguments = (ins AnyType:$value, FlatSymbolRefAttr:$global);
  let assemblyFormat = "$value `,` $global attr-dict `:` type($value)";
}

// Runs once, in module order among the globals' initial values, before any
// function is called (IREE's module initialization order).
def Util_InitializerOp : Op<Util_Dialect, "initializer", [IsolatedFromAbove]> {
  let summary = "Module initialization code.";
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

// `%bv = util.null : !hal.buffer_view`: a null reference (IREE's generated
// e2e suites pass it for "no accumulator").
def Util_NullOp : Op<Util_Dialect, "null", [Pure]> {
  let summary = "A null value of a reference type.";
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// flow
//===----------------------------------------------------------------------===//

def Flow_Dialect : Dialect {
  let name = "flow";
  let cppNamespace = "::ref::flow";
  let summary = "The subset of IREE's flow dialect used by e2e tests.";
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerParameterAttr(); // FlowParameterAttr.cpp
  }];
}

// `#flow.parameter.named<"scope"::"key"> : tensor<3x4xf32>` (the scope is
// optional; a trailing `, {offset = N, length = M}` dictionary selects a
// byte range of the parameter): a value read from a parameter archive
// (IREE's FlowBase.td / StreamAttrs.td; what importers write for
// externalized weights). The interpreter reads it through
// InterpreterOptions::loadParameter (ref-run --parameters).
class NamedParameterAttrBase<Dialect dialect, string name>
    : AttrDef<dialect, name, [TypedAttrInterface]> {
  let mnemonic = "parameter.named";
  let summary = "A value stored in a parameter archive under scope and key.";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type,
                        "::mlir::StringAttr":$scope,
                        "::mlir::StringAttr":$key,
                        "::mlir::DictionaryAttr":$config);
  let hasCustomAssemblyFormat = 1;
}
def Flow_NamedParameterAttr : NamedParameterAttrBase<Flow_Dialect,
                                                     "NamedParameter">;

//===----------------------------------------------------------------------===//
// stream: only `#stream.parameter.named`, which iree-import-onnx writes
//===----------------------------------------------------------------------===//

def Stream_Dialect : Dialect {
  let name = "stream";
  let cppNamespace = "::ref::stream";
  let summary = "IREE's stream dialect: its parameter attribute only.";
  let useDefaultAttributePrinterParser = 1;
}
def Stream_NamedParameterAttr : NamedParameterAttrBase<Stream_Dialect,
                                                       "NamedParameter">;

// `%c = flow.tensor.constant dense<[1, 2]> : tensor<2xi32>`: a constant of
// static shape (IREE's FlowOps.td: ConstantLike, the result type is the
// value's: dense elements or `#util.byte_pattern`); its frontends emit it
// for StableHLO constants kept unfolded.
def Flow_TensorConstantOp : Op<Flow_Dialect, "tensor.constant", [Pure,
    AllTypesMatch<["value", "result"]>]> {
  let summary = "A tensor constant.";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict $value";
}

def Flow_TensorDynamicConstantOp : Op<Flow_Dialect, "tensor.dynamic_constant"> {
  let summary = "A constant whose result type has dynamic dimensions.";
  let description = [{
    `%c = flow.tensor.dynamic_constant dense<[1, 2]> : tensor<2xi32> -> tensor<?xi32>`
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict $value `->` type($result)";
  let hasVerifier = 1;
}

// IREE's fusion group: the body runs once, in place, and its `flow.return`
// operands are the results; the optional workgroup count region only steers
// IREE's dispatch and is never run. Syntax (IREE's FlowOps.cpp):
//   %r:2 = flow.dispatch.region[%w0, %w1] -> (tensor<?xf32>{%d}, tensor<4xi32>)
//       attributes {...} {
//     ...
//     flow.return %a, %b : tensor<?xf32>, tensor<4xi32>
//   } count(%x: index, %y: index) -> (index, index, index) {
//     ...
//     flow.return %cx, %cy, %cz : index, index, index
//   }
def Flow_DispatchRegionOp : Op<Flow_Dialect, "dispatch.region", [
    AttrSizedOperandSegments]> {
  let summary = "A group of ops run as one dispatch.";
  let arguments = (ins Variadic<Index>:$result_dims,
                       Variadic<Index>:$workload);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region AnyRegion:$body, AnyRegion:$workgroup_count);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The values of `result_dims` that belong to result `idx`.
    ::mlir::ValueRange getResultDynamicDims(unsigned idx);
  }];
}

def Flow_ReturnOp : Op<Flow_Dialect, "return", [Pure, Terminator,
    ParentOneOf<["DispatchRegionOp", "ExecutableExportOp"]>]> {
  let summary = "Returns the results of a flow.dispatch.region region (or "
                "of an export's workgroup count region).";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def Flow_TensorTieShapeOp : Op<Flow_Dialect, "tensor.tie_shape", [Pure,
    AllTypesMatch<["operand", "result"]>]> {
  let summary = "Ties runtime dynamic dimensions to a tensor; returns it.";
  let description = [{
    `%t = flow.tensor.tie_shape %x : tensor<?x4xf32>{%d}`
  }];
  let arguments = (ins AnyRankedTensor:$operand,
                       Variadic<Index>:$dynamic_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($result) (`{` $dynamic_dims^ `}`)?
  }];
  let hasVerifier = 1;
}

def Flow_TensorBitCastOp : Op<Flow_Dialect, "tensor.bitcast", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "Reinterprets the bytes of a tensor as another tensor type.";
  let description = [{
    `%r = flow.tensor.bitcast %x : tensor<?x4xf32>{%d} -> tensor<?x16xi8>{%e}`
    The element types may differ; the total byte sizes must agree.
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

def Flow_TensorReshapeOp : Op<Flow_Dialect, "tensor.reshape", [Pure,
    AllElementTypesMatch<["source", "result"]>, AttrSizedOperandSegments]> {
  let summary = "Reshapes a tensor without changing its row-major contents.";
  let description = [{
    `%r = flow.tensor.reshape %x : tensor<?x4xf32>{%d} -> tensor<?xf32>{%e}`
    The element counts must agree at run time.
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


//===----------------------------------------------------------------------===//
// flow: the flow phase (iree-compile --compile-to=flow)
//===----------------------------------------------------------------------===//
//
// After dispatch formation each dispatch is a `flow.executable` holding one
// `flow.executable.export` and a `builtin.module` with its function, whose
// tensors come in and go out through `!iree_tensor_ext.dispatch.tensor`
// bindings; the host function runs them with `flow.dispatch` and moves data
// with `flow.tensor.*` ops. Syntax as IREE prints it (FlowOps.td); C++ in
// FlowPhaseOps.cpp, kernels in kernels/FlowPhaseKernels.cpp.

def Flow_ExecutableOp : Op<Flow_Dialect, "executable", [IsolatedFromAbove,
    SymbolTable, Symbol, SingleBlock, NoTerminator]> {
  let summary = "A dispatch's executable: its export and its module.";
  let arguments = (ins OptionalAttr<StrAttr>:$sym_visibility,
                       SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
}

def Flow_ExecutableExportOp : Op<Flow_Dialect, "executable.export", [Symbol,
    HasParent<"ExecutableOp">, IsolatedFromAbove]> {
  let summary = "An entry point of an executable (its workgroup count region "
                "only steers IREE and is never run).";
  let arguments = (ins OptionalAttr<StrAttr>:$sym_visibility,
                       SymbolNameAttr:$sym_name,
                       OptionalAttr<FlatSymbolRefAttr>:$function_ref);
  let regions = (region AnyRegion:$workgroup_count);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The function this export runs, in the executable's inner module.
    ::mlir::FunctionOpInterface lookupFunction();
  }];
}

// %r:2 = flow.dispatch @ex::@entry[%w](%a, %b, %d) :
//     (tensor<?xf32>{%d}, tensor<4xf32>, index) -> (tensor<?xf32>{%d}, %b)
def Flow_DispatchOp : Op<Flow_Dialect, "dispatch", [
    AttrSizedOperandSegments]> {
  let summary = "Runs an executable's export on tensors and scalars.";
  let arguments = (ins Variadic<Index>:$workload,
                       SymbolRefArrayAttr:$entry_points,
                       Variadic<AnyType>:$arguments,
                       Variadic<Index>:$argument_dims,
                       Variadic<Index>:$result_dims,
                       OptionalAttr<ArrayAttr>:$tied_operands);
  let results = (outs Variadic<AnyType>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The argument result `idx` is tied to (updated in place), or -1.
    int64_t getTiedOperandIndex(unsigned idx);
    /// The dynamic dims of result `idx` among result_dims.
    ::mlir::ValueRange getResultDynamicDims(unsigned idx);
    /// The export the first entry point names (null when missing).
    ExecutableExportOp lookupExport();
  }];
}

def Flow_TensorSplatOp : Op<Flow_Dialect, "tensor.splat", [Pure,
    TypesMatchWith<"value is the element type", "result", "value",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "A tensor with every element set to one value.";
  let arguments = (ins AnyType:$value, Variadic<Index>:$result_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $value `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
}

def Flow_TensorEmptyOp : Op<Flow_Dialect, "tensor.empty", [Pure]> {
  let summary = "A tensor whose contents are undefined.";
  let arguments = (ins Variadic<Index>:$result_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
}

def Flow_TensorCloneOp : Op<Flow_Dialect, "tensor.clone", [Pure,
    AllTypesMatch<["operand", "result"]>]> {
  let summary = "A copy of a tensor.";
  let arguments = (ins AnyRankedTensor:$operand, Variadic<Index>:$operand_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `:` type($result) (`{` $operand_dims^ `}`)? attr-dict-with-keyword
  }];
}

def Flow_TensorLoadOp : Op<Flow_Dialect, "tensor.load", [Pure,
    AttrSizedOperandSegments,
    TypesMatchWith<"result is the element type", "source", "result",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "One element of a tensor.";
  let arguments = (ins AnyRankedTensor:$source, Variadic<Index>:$source_dims,
                       Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $source (`[` $indices^ `]`)? `:` type($source) (`{` $source_dims^ `}`)?
    attr-dict-with-keyword
  }];
}

def Flow_TensorStoreOp : Op<Flow_Dialect, "tensor.store", [Pure,
    AttrSizedOperandSegments, AllTypesMatch<["target", "result"]>,
    TypesMatchWith<"value is the element type", "target", "value",
                   "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "A tensor with one element replaced.";
  let arguments = (ins AnyType:$value, AnyRankedTensor:$target,
                       Variadic<Index>:$target_dims, Variadic<Index>:$indices);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $value `,` $target (`[` $indices^ `]`)? `:` type($target)
    (`{` $target_dims^ `}`)? attr-dict-with-keyword
  }];
}

def Flow_TensorSliceOp : Op<Flow_Dialect, "tensor.slice", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "A box of a tensor (start indices and lengths).";
  let arguments = (ins AnyRankedTensor:$source, Variadic<Index>:$source_dims,
                       Variadic<Index>:$start_indices,
                       Variadic<Index>:$lengths,
                       Variadic<Index>:$result_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `[` $start_indices `for` $lengths `]` `:`
    type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
}

// %r = flow.tensor.update %u, %t[%i, %j] : tensor<1x4xf32> -> %t as tensor<4x4xf32>
def Flow_TensorUpdateOp : Op<Flow_Dialect, "tensor.update", [Pure,
    AttrSizedOperandSegments]> {
  let summary = "A tensor with a box replaced by another tensor.";
  let arguments = (ins AnyRankedTensor:$target, Variadic<Index>:$target_dims,
                       Variadic<Index>:$start_indices,
                       AnyRankedTensor:$update, Variadic<Index>:$update_dims);
  let results = (outs AnyRankedTensor:$result);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// check
//===----------------------------------------------------------------------===//

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::ref::check";
  let summary = "IREE's test assertions.";
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

def Check_ExpectTrueOp : Check_Op<"expect_true"> {
  let summary = "Checks that the operand is non-zero.";
  let arguments = (ins AnySignlessInteger:$operand);
  let assemblyFormat = "`(` $operand `)` attr-dict `:` type($operand)";
}

def Check_ExpectFalseOp : Check_Op<"expect_false"> {
  let summary = "Checks that the operand is zero.";
  let arguments = (ins AnySignlessInteger:$operand);
  let assemblyFormat = "`(` $operand `)` attr-dict `:` type($operand)";
}

def Check_ExpectAllTrueOp : Check_Op<"expect_all_true"> {
  let summary = "Checks that every element of the operand is non-zero.";
  let arguments = (ins TensorOf<[AnySignlessInteger]>:$operand);
  let assemblyFormat = "`(` $operand `)` attr-dict `:` type($operand)";
}

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two tensors are exactly equal.";
  let arguments = (ins AnyTensor:$lhs, AnyTensor:$rhs);
  let assemblyFormat = "`(` $lhs `,` $rhs `)` attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const"> {
  let summary = "Checks that a tensor equals a constant.";
  let arguments = (ins AnyTensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "`(` $lhs `,` $value `)` attr-dict `:` type($lhs)";
  let hasVerifier = 1;
}

// The tolerance syntax changed across IREE releases: older files write a bare
// positional tolerance (`, 1.0e-4`, the atol), newer ones `, atol X, rtol Y`.
// Both parse; the printer emits the keyword form.
def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Checks that two float tensors are almost equal.";
  let arguments = (ins TensorOf<[AnyFloat]>:$lhs, TensorOf<[AnyFloat]>:$rhs,
    DefaultValuedAttr<F32Attr, "1.e-4f">:$atol,
    DefaultValuedAttr<F32Attr, "0.f">:$rtol);
  let hasCustomAssemblyFormat = 1;
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const"> {
  let summary = "Checks that a float tensor almost equals a constant.";
  let arguments = (ins TensorOf<[AnyFloat]>:$lhs, ElementsAttr:$value,
    DefaultValuedAttr<F32Attr, "1.e-4f">:$atol,
    DefaultValuedAttr<F32Attr, "0.f">:$rtol);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // REF_TEST_SUPPORT_OPS
