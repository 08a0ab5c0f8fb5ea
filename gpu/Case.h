//===- Case.h - One program run on IREE and judged by the oracle -*- C++ -*-===//
//
// The MLIR-free half of a differential test, shared by `difftest run` and
// `difftest-replay` (which runs exported batches on a GPU machine): run a
// compiled module on its inputs with iree-run-module, load what it wrote,
// and compare with the golden outputs under the freedom report.
//
//===----------------------------------------------------------------------===//

#ifndef REF_GPU_CASE_H
#define REF_GPU_CASE_H

#include "gpu/Outcome.h"
#include "ireetools/Process.h"
#include "interp/support/Tensor.h"
#include "oracle/Oracle.h"

#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ref::gpu {

/// A tensor kept in a file: .npy where numpy has the type, raw .bin (bf16,
/// f8) otherwise, as iree-run-module reads and writes them.
struct TensorFile {
  std::string path;
  DType dtype = DType::F32;
  Shape shape;

  /// --input= value for iree-run-module and ref-run.
  std::string inputFlag() const;
  /// --output= value.
  std::string outputFlag() const;
  llvm::json::Value toJSON(llvm::StringRef relativeTo) const;
  static llvm::Expected<TensorFile> fromJSON(const llvm::json::Value &v,
                                             llvm::StringRef baseDir,
                                             llvm::StringRef file,
                                             const std::string &field);
};

/// "out0.npy" / "out0.bin" for result `i` of type `t`.
std::string tensorFileName(llvm::StringRef stem, unsigned i, DType t);
/// Writes `t` to `path` (.npy or raw .bin by the extension).
llvm::Error writeTensorFile(llvm::StringRef path, const Tensor &t);
llvm::Expected<Tensor> readTensorFile(const TensorFile &f);

/// What one case needs to be run and judged.
struct CaseSpec {
  std::string id;
  std::string function;
  std::vector<TensorFile> inputs;
  std::vector<TensorFile> goldens;
  std::string freedomPath; // empty: every output exact
  /// ref-run --work's bound on loop iterations and tensor sizes (empty:
  /// unknown; gpu/Device.h).
  std::string workPath;
  /// --parameters values ([SCOPE=]FILE.irpa) of iree-run-module and
  /// ref-run; relative paths are relative to the working directory.
  std::vector<std::string> parameters;
};

struct RunOutcome {
  Verdict verdict = Verdict::ToolError;
  /// One line: why (the first error, or the oracle's first mismatch).
  std::string detail;
  std::string signature; // for failures
  ProcessResult process;
  std::vector<OutputResult> outputs;
  std::vector<std::string> command;
};

/// The iree-run-module command line of a case.
std::vector<std::string> runModuleCommand(llvm::StringRef tool,
                                          llvm::StringRef device,
                                          llvm::StringRef module,
                                          const CaseSpec &c,
                                          llvm::ArrayRef<TensorFile> actuals);

/// Runs `module` on the case's inputs, writes outputs into `actualDir` and
/// judges them. `targetName` goes into failure signatures.
RunOutcome runAndCompare(llvm::StringRef runModuleTool, llvm::StringRef device,
                         llvm::StringRef module, const CaseSpec &c,
                         llvm::StringRef actualDir, const ProcessLimits &limits,
                         const OracleOptions &opts,
                         llvm::StringRef targetName);

/// Judges outputs already on disk (no process): used by run and tests.
RunOutcome compareFiles(const CaseSpec &c, llvm::ArrayRef<TensorFile> actuals,
                        const OracleOptions &opts,
                        llvm::StringRef targetName);

} // namespace ref::gpu

#endif // REF_GPU_CASE_H
