//===- StablehloOps.td - The StableHLO ops ref-run interprets -*- tablegen -*-===//
//
// A subset of StableHLO (https://openxla.org/stablehlo/spec), in the generic
// form only (`"stablehlo.add"(%a, %b) : (...) -> ...`), so that the golden of
// a StableHLO program can come from the program itself instead of from
// IREE's own lowering of it (docs/frontends.md, "StableHLO the interpreter
// runs as it is"). A program that uses any other StableHLO op, or the custom
// assembly forms, is lowered by IREE as before. The spec and StableHLO's own
// definitions are the authority; only what the interpreter relies on is
// declared and verified here. ireetools/Frontend.cpp's
// isInterpretedStablehloOp lists these ops too (detection cannot depend on
// the interpreter): keep the two lists the same.
//
//===----------------------------------------------------------------------===//

#ifndef REF_STABLEHLO_OPS
#define REF_STABLEHLO_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Stablehlo_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::ref::stablehlo";
  let summary = "The subset of StableHLO the interpreter runs as it is.";
}

class Stablehlo_Op<string mnemonic, list<Trait> traits = []>
    : Op<Stablehlo_Dialect, mnemonic, traits>;

// Elementwise binary ops on tensors of one shape and element type (0-d
// tensors inside reduction bodies). Integers are signed (StableHLO's `i32`
// is si32), i1 is a boolean.
class Stablehlo_BinaryOp<string mnemonic>
    : Stablehlo_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
}

def Stablehlo_AddOp : Stablehlo_BinaryOp<"add">;
def Stablehlo_SubtractOp : Stablehlo_BinaryOp<"subtract">;
def Stablehlo_MulOp : Stablehlo_BinaryOp<"multiply">;
// Floats: IEEE 754-2019 maximum/minimum (NaN propagates, -0 < +0).
def Stablehlo_MaxOp : Stablehlo_BinaryOp<"maximum">;
def Stablehlo_MinOp : Stablehlo_BinaryOp<"minimum">;
def Stablehlo_AndOp : Stablehlo_BinaryOp<"and">;
def Stablehlo_OrOp : Stablehlo_BinaryOp<"or">;
def Stablehlo_XorOp : Stablehlo_BinaryOp<"xor">;

def Stablehlo_ConstantOp : Stablehlo_Op<"constant", [Pure]> {
  let summary = "A constant tensor.";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$output);
  let hasVerifier = 1;
}

def Stablehlo_ReduceWindowOp : Stablehlo_Op<"reduce_window", [Pure,
    SameVariadicOperandSize, IsolatedFromAbove]> {
  let summary = "A reduction over each window of the (padded, dilated) "
                "inputs.";
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       OptionalAttr<DenseI64ArrayAttr>:$window_strides,
                       OptionalAttr<DenseI64ArrayAttr>:$base_dilations,
                       OptionalAttr<DenseI64ArrayAttr>:$window_dilations,
                       OptionalAttr<I64ElementsAttr>:$padding);
  let results = (outs Variadic<AnyRankedTensor>);
  let regions = (region SizedRegion<1>:$body);
  let hasVerifier = 1;
}

def Stablehlo_ReturnOp : Stablehlo_Op<"return", [Pure, Terminator,
    HasParent<"ReduceWindowOp">]> {
  let summary = "The results of a reduction body.";
  let arguments = (ins Variadic<AnyRankedTensor>:$results);
}

#endif // REF_STABLEHLO_OPS
