//===- Parameters.h - Parameter archives in difftest's cases ----*- C++ -*-===//
//
// A program whose weights live in parameter files (.irpa, .safetensors,
// .gguf; the globals read `#flow/#stream.parameter.named<"scope"::"key">`)
// runs with `--parameters=SCOPE=FILE` on both sides: ref-run computes the
// golden from the archive, iree-run-module runs the compiled module on it. The
// archives come from `--parameters` (a lowered program given directly) or
// from the lowering of a frontend program (iree-import-onnx
// --externalize-params). The work directory, and every bundle made from
// it, records them in parameters.json: a small archive is copied in
// (params/, or frontend/ where the import wrote it) and named relative to
// the directory; one over the copy limit is named by its absolute path
// with its size and sha256, which repro.sh and every reader check.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_PARAMETERS_H
#define REF_DIFFTEST_PARAMETERS_H

#include "ireetools/Frontend.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <variant>
#include <vector>

namespace ref::difftest {

/// The exit code of a parameter archive that is missing, unreadable or
/// does not match what the record says (as ref-run's).
constexpr int kParameterError = 7;

struct ParameterFile {
  std::string scope;
  /// Relative to the directory of the record when copied, else absolute.
  std::string path;
  bool copied = true;
  std::string sha256; // lowercase hex
  uint64_t bytes = 0;
};

/// Archives up to this size are copied into the work directory and the
/// bundles ($DIFFTEST_COPY_PARAMETERS_MAX overrides; default 64 MiB).
uint64_t parameterCopyLimit();

/// The archives of a run in `workDir`: each --parameters=[SCOPE=]FILE
/// value in `flags` (copied into workDir/params/ when small), then those
/// of the lowering (already in workDir/frontend/; left there and named by
/// absolute path when large). An error names a missing or unreadable file.
llvm::Expected<std::vector<ParameterFile>>
collectParameters(llvm::ArrayRef<std::string> flags,
                  const gpu::Lowering *lowering, llvm::StringRef workDir);

/// collectParameters into `workDir`, then its record (writeParameterRecord):
/// the run's --parameters values (parameterFlags with `baseDir`). On failure
/// prints the error and returns the exit code: kParameterError for an
/// archive that is missing or unreadable, kToolError when the record cannot
/// be written.
std::variant<std::vector<std::string>, int>
prepareParameters(llvm::ArrayRef<std::string> flags,
                  const gpu::Lowering *lowering, llvm::StringRef workDir,
                  llvm::StringRef baseDir = "");

/// `dir`/parameters.json (nothing when `files` is empty).
llvm::Error writeParameterRecord(llvm::StringRef dir,
                                 const std::vector<ParameterFile> &files);
/// Reads `dir`/parameters.json (empty when there is none) and checks every
/// archive is there: a copied one inside `dir`, an uncopied one at its path
/// with the recorded size and sha256. Errors name the file and the field.
llvm::Expected<std::vector<ParameterFile>>
readParameterRecord(llvm::StringRef dir);

/// --parameters values ("SCOPE=PATH"), paths as recorded (relative to the
/// record's directory) or, with `baseDir`, made absolute against it.
std::vector<std::string>
parameterFlags(const std::vector<ParameterFile> &files,
               llvm::StringRef baseDir = "");

/// repro.sh lines checking the uncopied archives' sha256 (empty if none).
std::string parameterCheckScript(const std::vector<ParameterFile> &files);

/// Copies the record and the copied archives of `fromDir` into `toDir`
/// (those under frontend/ travel with it: copied only when missing).
llvm::Error copyParameters(llvm::StringRef fromDir, llvm::StringRef toDir);
/// The same for a record in hand (`files`, relative to `fromDir`).
llvm::Error copyParameterFiles(const std::vector<ParameterFile> &files,
                               llvm::StringRef fromDir, llvm::StringRef toDir);

/// Checks that every `#flow/#stream.parameter.named<["SCOPE"::]"KEY">` in
/// `programText` names an entry of the archives of `flags` (--parameters
/// values; relative paths against `baseDir`), as ref-run and iree-run-module
/// will look it up: an error naming the first parameter whose scope has no
/// archive or whose key none of its archives holds, or an archive that does
/// not load. Sizes are left to ref-run (they need the global's type).
llvm::Error checkParameterReferences(llvm::StringRef programText,
                                     llvm::ArrayRef<std::string> flags,
                                     llvm::StringRef baseDir = "");

/// The (scope, key) pairs of the `#flow/#stream.parameter.named` attributes
/// of `programText`, each once, in order of appearance (scope empty for
/// `<"KEY">`).
std::vector<std::pair<std::string, std::string>>
parameterReferences(llvm::StringRef programText);

/// `programText` with the scope of every parameter attribute replaced by
/// `rename(scope)` (always written `<"SCOPE"::"KEY">`); nothing else
/// changes.
std::string
renameParameterScopes(llvm::StringRef programText,
                      llvm::function_ref<std::string(llvm::StringRef)> rename);

/// The hex sha256 of a file (streamed).
llvm::Expected<std::string> fileSha256(llvm::StringRef path);

} // namespace ref::difftest

#endif // REF_DIFFTEST_PARAMETERS_H
