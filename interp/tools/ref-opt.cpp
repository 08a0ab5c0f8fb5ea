//===- ref-opt.cpp - mlir-opt over the interpreter's dialects -------------===//
//
// Parses, verifies and prints programs in the dialects the interpreter
// accepts (including our own iree_linalg_ext): the tool behind the lit tests
// of their syntax and verifiers, e.g.
//   ref-opt prog.mlir -split-input-file -verify-diagnostics
//
// Like ref-run, it refuses text that MLIR's own parser would crash on
// (nesting past kMaxSourceNesting, the malformed linalg dimension lists of
// SourceLimits.h) with a located error and exit code 2, before parsing.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/Interpreter.h"
#include "interp/support/SourceLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  ref::registerInterpreterDialects(registry);
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, "ref-opt", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      mlir::openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << "error: " << error << "\n";
    return 2;
  }
  if (std::optional<ref::SourceProblem> problem =
          ref::checkSourceText(file->getBuffer())) {
    llvm::SourceMgr sourceMgr;
    const char *at = file->getBufferStart() + problem->offset;
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    sourceMgr.PrintMessage(llvm::errs(), llvm::SMLoc::getFromPointer(at),
                           llvm::SourceMgr::DK_Error, problem->message);
    return 2;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << "error: " << error << "\n";
    return 2;
  }
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(file), registry,
                                     config)))
    return 1;
  output->keep();
  return 0;
}
