//===- HalDialect.h - The hal ops of IREE's generated e2e tests --*- C++ -*-===//

#ifndef REF_DIALECTS_HALDIALECT_H
#define REF_DIALECTS_HALDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

#include "interp/dialects/HalDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "interp/dialects/HalTypes.h.inc"

#define GET_OP_CLASSES
#include "interp/dialects/HalOps.h.inc"

#endif // REF_DIALECTS_HALDIALECT_H
