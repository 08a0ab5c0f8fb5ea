//===- TestSupportDialects.h - util, flow and check test ops -----*- C++ -*-===//

#ifndef REF_DIALECTS_TESTSUPPORTDIALECTS_H
#define REF_DIALECTS_TESTSUPPORTDIALECTS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "interp/dialects/UtilDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "interp/dialects/UtilAttrs.h.inc"
#include "interp/dialects/FlowDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "interp/dialects/FlowAttrs.h.inc"
#include "interp/dialects/StreamDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "interp/dialects/StreamAttrs.h.inc"
#include "interp/dialects/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "interp/dialects/TestSupportOps.h.inc"

#endif // REF_DIALECTS_TESTSUPPORTDIALECTS_H
