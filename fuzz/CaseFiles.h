//===- CaseFiles.h - Writing generated cases to disk -------------*- C++
//-*-===//
//
// A generated case on disk, as `fuzz-gen` writes it and `ref-run` /
// `iree-run-module` read it:
//   STEM.mlir       the program (one func.func @main)
//   STEM.inI.npy    argument I (raw little-endian STEM.inI.bin for bf16 and
//                   f8, which have no NPY type code)
//   STEM.json       seed, inputs (file, type, value mode) and features
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_CASEFILES_H
#define REF_FUZZ_CASEFILES_H

#include "fuzz/Generator.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ref::fuzz {

/// The seed of case `index` of a run started with `runSeed`: cases of one
/// run are independent, and any slice of the indices can be generated alone.
uint64_t caseSeed(uint64_t runSeed, uint64_t index);

struct WrittenCase {
  std::string mlirPath;
  std::string jsonPath;
  std::vector<std::string> inputPaths;
  /// `--input=` values for ref-run and iree-run-module, one per argument
  /// ("@x.npy", "2x3xbf16=@x.bin").
  std::vector<std::string> inputFlags;
};

/// Writes the case under `dir` with file names starting with `stem`.
/// `seed` is recorded in the JSON.
llvm::Expected<WrittenCase> writeCase(const Case &c, llvm::StringRef dir,
                                      llvm::StringRef stem, uint64_t seed,
                                      const PrintOptions &print = {});

/// The JSON description of a case (without file names).
llvm::json::Value caseToJSON(const Case &c, uint64_t seed);

} // namespace ref::fuzz

#endif // REF_FUZZ_CASEFILES_H
