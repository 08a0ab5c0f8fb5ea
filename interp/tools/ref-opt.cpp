//===- ref-opt.cpp - mlir-opt over the interpreter's dialects -------------===//
//
// Parses, verifies and prints programs in the dialects the interpreter
// accepts (including our own iree_linalg_ext): the tool behind the lit tests
// of their syntax and verifiers, e.g.
//   ref-opt prog.mlir -split-input-file -verify-diagnostics
//
//===----------------------------------------------------------------------===//

#include "interp/exec/Interpreter.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ref::registerInterpreterDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ref-opt", registry));
}
