//===- CodegenAttrDialects.td - IREE's codegen attribute dialects -*- tablegen -*-===//
//
// IREE's compiler attaches codegen steering attributes to ops and functions:
// `#iree_codegen.lowering_config<...>`, `#iree_codegen.translation_info<...>`,
// `#iree_gpu.lowering_config<{...}>`, `#iree_cpu.lowering_config<...>`, e.g.
//   iree_linalg_ext.scan {lowering_config = #iree_gpu.lowering_config<...>} ...
// in IREE's e2e test scan_configured.mlir. They only steer IREE's code
// generation and never change what a program computes, so these dialects
// accept any attribute body, keep its text (as an opaque attribute of the
// dialect) and print it back unchanged. The interpreter ignores them.
//
//===----------------------------------------------------------------------===//

#ifndef REF_CODEGEN_ATTR_DIALECTS
#define REF_CODEGEN_ATTR_DIALECTS

include "mlir/IR/DialectBase.td"

class Ref_OpaqueAttrDialect<string dialectName> : Dialect {
  let name = dialectName;
  let cppNamespace = "::ref::codegen_attrs";
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

def IREECodegen_Dialect : Ref_OpaqueAttrDialect<"iree_codegen"> {
  let summary = "IREE's codegen attributes, kept as opaque text.";
}

def IREEGPU_Dialect : Ref_OpaqueAttrDialect<"iree_gpu"> {
  let summary = "IREE's GPU codegen attributes, kept as opaque text.";
}

def IREECPU_Dialect : Ref_OpaqueAttrDialect<"iree_cpu"> {
  let summary = "IREE's CPU codegen attributes, kept as opaque text.";
}

// IREE's TOSA input lowering attaches the TOSA target environment to the
// module it lowers (compiler/plugins/input/TOSA/InputConversion/Passes.cpp:
// TosaAttachTarget with level none, profiles pro_int and pro_fp, extensions
// dynamic and doubleround), and the lowered program keeps it:
//   module attributes {tosa.target_env = #tosa.target_env<...>} { ... }
// It only names what TOSA's validation checks the program against; no tosa
// op survives the lowering. Kept as opaque text like the codegen attributes:
// MLIR 22's own tosa dialect would reject target environments that IREE's
// newer TOSA writes (new specification versions, levels and extensions).
def TosaAttrs_Dialect : Ref_OpaqueAttrDialect<"tosa"> {
  let summary = "TOSA's attributes (the module's target_env), kept as opaque "
                "text; no tosa op.";
  let cppNamespace = "::ref::tosa_attrs";
}

#endif // REF_CODEGEN_ATTR_DIALECTS
