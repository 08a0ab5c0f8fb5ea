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

// IREE's hal types and attributes (`!hal.buffer`, `#hal.executable.target<..>`)
// appear in the signatures of programs written for IREE's ABI (transients,
// output buffers). Kept as opaque text: the interpreter cannot make such a
// value, so a function taking one parses and verifies but cannot be run.
def IREEHAL_Dialect : Ref_OpaqueAttrDialect<"hal"> {
  let summary = "IREE's hal types and attributes, kept as opaque text.";
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

#endif // REF_CODEGEN_ATTR_DIALECTS
