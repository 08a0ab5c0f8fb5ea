//===- TensorExtDialect.h - IREE's iree_tensor_ext bindings ------*- C++
//-*-===//
//
// The dispatch bindings of flow-phase IR (TensorExtOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIALECTS_TENSOREXTDIALECT_H
#define REF_DIALECTS_TENSOREXTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "interp/dialects/TensorExtDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "interp/dialects/TensorExtTypes.h.inc"

#define GET_OP_CLASSES
#include "interp/dialects/TensorExtOps.h.inc"

#endif // REF_DIALECTS_TENSOREXTDIALECT_H
