//===- Mutate.h - Corpus mutation for campaigns ------------------*- C++ -*-===//
//
// `difftest fuzz --mutate=DIR[,DIR...]`: cases made from real programs
// (the golden corpus, IREE's e2e files, ONNX models lowered by IREE) by
// ref-mutate --corpus-mutate, beside or instead of generated ones. The pool
// of (source, function) pairs is made once per campaign and kept in its
// directory (mutate-sources.json), so a resumed campaign draws the same
// cases. See docs/fuzzing.md, "Corpus mutation".
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_MUTATE_H
#define REF_DIFFTEST_MUTATE_H

#include "difftest/Common.h"
#include "ireetools/IreeTools.h"

#include "llvm/Support/JSON.h"

namespace ref::difftest {

struct MutateSource {
  std::string file, function;
  /// For a frontend program (StableHLO, TOSA, torch) that IREE lowered
  /// first: the original; `file` is its lowering.
  std::string original;
  /// For a program that reads parameter globals (#flow/#stream.parameter.
  /// named): the archives beside it, as --parameters values
  /// ("SCOPE=/abs/FILE.irpa"; see findSourceParameters).
  std::vector<std::string> parameters;
};

struct MutatePool {
  std::vector<MutateSource> entries;
  /// What the inventory found: source files, those our MLIR context
  /// parses, functions usable as cases, functions that are not (and why),
  /// and the mutations the usable ones offer (first step).
  int64_t files = 0, loaded = 0, functions = 0, rejectedFunctions = 0,
          candidates = 0;
  /// Of the sources that do not load: frontend programs IREE lowered
  /// (they count as loaded), and those it did not lower.
  int64_t lowered = 0, lowerFailed = 0;
  /// Sources skipped because they read parameter globals and no archive
  /// beside them holds those parameters: (file, why), counted in
  /// describePool and the pool file.
  std::vector<std::pair<std::string, std::string>> parameterSkipped;
  /// Sources that read parameters and came with their archives.
  int64_t withParameters = 0;
};

/// The archives of a mutation source that reads parameter globals, as
/// --parameters values with absolute paths (empty when it reads none).
/// They are looked for beside the source (beside `original` for a lowered
/// frontend program), for each BASE of its name (`m.input.mlir`: `m.input`,
/// `m`): `BASE.SCOPE.irpa` for each scope read, and when it reads one
/// scope, `BASE.irpa`, `BASE_params.irpa` or `BASE.torch_params.irpa`
/// (iree-import-onnx --externalize-params -o BASE.torch.mlir writes
/// `BASE.torch_params.irpa`). An error names a scope no archive was found
/// for, or a parameter the archive lacks.
llvm::Expected<std::vector<std::string>>
findSourceParameters(llvm::StringRef file, llvm::StringRef original);

/// Lists the `.mlir` files under each root (a directory, searched
/// recursively, or a file), asks ref-mutate which load and which functions
/// can be cases, and writes the pool to `poolFile`. A frontend program our
/// MLIR context does not parse (StableHLO, TOSA, torch) is lowered by the
/// IREE in `tools` (when given) with `--compile-to=input` into
/// `poolFile`'s directory, mutate-lowered/, and inventoried as lowered; a
/// `X.torch.mlir` beside an `X.input.mlir` (an ONNX case directory: the
/// same model, already lowered) is not lowered again. Errors name the root.
llvm::Expected<MutatePool> buildMutatePool(llvm::ArrayRef<std::string> roots,
                                           llvm::StringRef poolFile,
                                           const gpu::ProcessLimits &limits,
                                           const gpu::IreeTools *tools,
                                           const gpu::ProcessLimits &lowerLimits);
/// The pool a campaign made before (--resume).
llvm::Expected<MutatePool> loadMutatePool(llvm::StringRef poolFile);

/// One line about the pool: "mutate: 58 of 58 sources load, ...".
std::string describePool(const MutatePool &pool);

/// A mutant written as `dir/program.mlir`, its description as
/// `dir/mutation.json`.
struct Mutant {
  enum Status { Written, Invalid, Failed } status = Failed;
  MutateSource source;
  llvm::json::Object info; // ref-mutate's JSON
  /// Per argument, the extents it runs with (-1: the driver's choice).
  std::vector<Shape> runShapes;
  std::string message; // why it is invalid, or how ref-mutate failed
  std::string environment; // ref-mutate could not start, or was stopped
  /// "corpus/golden/x/program.mlir @main: dtype f32 -> f16; extent 4 -> 5"
  std::string origin() const;
};

/// Makes the mutant of `seed` from `source` as function `name` in `dir`.
Mutant makeMutant(const MutateSource &source, uint64_t seed,
                  llvm::StringRef name, llvm::StringRef dir,
                  const gpu::ProcessLimits &limits);

/// The origin line of a mutant's JSON (a case's features or a bundle's
/// mutation.json); empty when it is not one.
std::string mutantOrigin(const llvm::json::Object &info);

} // namespace ref::difftest

#endif // REF_DIFFTEST_MUTATE_H
