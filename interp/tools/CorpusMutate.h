//===- CorpusMutate.h - ref-mutate's corpus-mutation mode --------*- C++ -*-===//
//
// `ref-mutate --corpus-mutate` turns one function of a real program (the
// golden corpus, IREE's e2e files, an ONNX model lowered by
// `iree-compile --compile-to=input`) into a self-contained case for a
// campaign and mutates it: element types, static extents, `?` extents at
// the function boundary, op attributes, constants made arguments. Every
// mutant is parsed again and verified; one that is not valid is dropped and
// counted. `ref-mutate --corpus-inventory` lists what a set of sources
// offers. See docs/fuzzing.md, "Corpus mutation".
//
//===----------------------------------------------------------------------===//

#ifndef REF_TOOLS_CORPUSMUTATE_H
#define REF_TOOLS_CORPUSMUTATE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/Support/CommandLine.h"

#include <functional>
#include <string>
#include <vector>

namespace ref::mutate {

/// Parses `text` (named `name` in diagnostics) with the tool's context;
/// `quiet` keeps the diagnostics to itself (they go to `diag` when given).
using ParseFn = std::function<mlir::OwningOpRef<mlir::ModuleOp>(
    llvm::StringRef text, llvm::StringRef name, bool quiet,
    std::string *diag)>;

/// The options of the corpus modes (shown with ref-mutate's).
llvm::cl::OptionCategory &corpusCategory();

/// Whether the command line asked for a corpus mode.
bool corpusModeRequested();

/// Runs the corpus mode on `inputFile`; returns the exit code.
int corpusMain(llvm::StringRef inputFile, llvm::StringRef functionName,
               llvm::StringRef outputFile, const ParseFn &parse);

// Shared with the reduction passes of ref-mutate.cpp.

/// The static extents > 1 in the tensor types of `text`, largest first.
std::vector<int64_t> staticExtents(llvm::StringRef text);
/// `text` with every static extent `from` of its tensor types made `to`.
std::string replaceExtent(llvm::StringRef text, int64_t from, int64_t to);
/// IREE's ABI wrapper @name unwrapped into a func.func on tensors
/// (ref-mutate --pass=unwrap-abi).
mlir::LogicalResult unwrapAbi(mlir::ModuleOp m, llvm::StringRef name,
                              std::string &what);

} // namespace ref::mutate

#endif // REF_TOOLS_CORPUSMUTATE_H
