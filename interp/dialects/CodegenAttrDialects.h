//===- CodegenAttrDialects.h - iree_codegen, iree_gpu, iree_cpu -*- C++ -*-===//
//
// Dialects that accept IREE's codegen steering attributes
// (`#iree_codegen.lowering_config<...>`, `#iree_gpu.lowering_config<{...}>`,
// `#iree_codegen.translation_info<...>`, `#iree_cpu.*`) as opaque text, so
// programs carrying them parse with allowUnregisteredDialects(false) and
// print back unchanged; and `tosa`, for the `#tosa.target_env` that IREE's
// TOSA input lowering leaves on the module. See CodegenAttrDialects.td.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIALECTS_CODEGENATTRDIALECTS_H
#define REF_DIALECTS_CODEGENATTRDIALECTS_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "interp/dialects/IREECPUDialect.h.inc"
#include "interp/dialects/IREECodegenDialect.h.inc"
#include "interp/dialects/IREEGPUDialect.h.inc"
#include "interp/dialects/TosaAttrsDialect.h.inc"

namespace ref::codegen_attrs {
/// Any attribute of `dialect` kept verbatim as an opaque attribute of it
/// (the hal dialect's target attributes use it too).
mlir::Attribute parseOpaque(const mlir::Dialect &dialect,
                            mlir::DialectAsmParser &parser, mlir::Type type);
} // namespace ref::codegen_attrs

#endif // REF_DIALECTS_CODEGENATTRDIALECTS_H
