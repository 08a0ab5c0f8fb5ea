//===- Batch.h - Exported batches and their replay results -------*- C++ -*-===//
//
// A batch is a self-contained directory for a machine that has a device
// this one lacks: compiled modules, inputs, goldens, freedom reports and
// manifest.json. difftest-replay runs it there and writes results.json,
// which `difftest import` reads back. All paths in the JSON are relative to
// the batch directory.
//
//===----------------------------------------------------------------------===//

#ifndef REF_GPU_BATCH_H
#define REF_GPU_BATCH_H

#include "gpu/Case.h"

#include <string>
#include <vector>

namespace ref::gpu {

inline constexpr const char *kBatchFormat = "difftest-batch/1";
inline constexpr const char *kResultsFormat = "difftest-results/1";

struct BatchCase {
  CaseSpec spec;      // paths absolute once read
  std::string module; // the .vmfb
  std::string program; // the source, for bundles
};

/// A program that did not compile for the batch's target: recorded at
/// export, reported by import.
struct BatchCompileFailure {
  std::string program;
  Verdict verdict = Verdict::CompileError;
  std::string detail, signature;
};

struct Batch {
  std::string dir;
  std::string target; // "cuda:sm_90"
  std::string device; // iree-run-module --device
  std::string ireeVersion;
  std::vector<std::string> compileFlags;
  std::vector<BatchCase> cases;
  std::vector<BatchCompileFailure> compileFailures;
};

llvm::Error writeManifest(const Batch &b);
llvm::Expected<Batch> readManifest(llvm::StringRef dir);

struct CaseResult {
  std::string id;
  Verdict verdict = Verdict::ToolError;
  std::string detail, signature;
  double runSeconds = 0;
  std::vector<std::string> outputs; // oracle::describe per output
};

struct BatchResults {
  std::string runModule;  // the tool used
  std::string deviceList; // --list_devices on the replay machine
  std::vector<CaseResult> results;
};

llvm::Error writeResults(llvm::StringRef dir, const BatchResults &r);
llvm::Expected<BatchResults> readResults(llvm::StringRef dir);

} // namespace ref::gpu

#endif // REF_GPU_BATCH_H
