//===- Coverage.h - A coverage signal from IREE's own decisions --*- C++ -*-===//
//
// What IREE decided for each dispatch of a case, read from the executable
// configurations `iree-compile --iree-hal-dump-executable-configurations-to=
// DIR` writes (one file per dispatch, after strategy selection, before
// translation): the codegen pipeline (`translation_info`), the
// `lowering_config` of each configured op, and which compute ops dispatch
// formation put together. A guided campaign (`difftest fuzz --guided`)
// keeps the cases that reach a feature no earlier case reached. Free of
// MLIR: the dump is read as text. See docs/fuzzing.md, "Guided campaigns".
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_COVERAGE_H
#define REF_DIFFTEST_COVERAGE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ref::difftest {

/// One dispatch as its configuration file shows it.
struct DispatchConfig {
  std::string function; // the source function (@f3 -> "f3")
  std::string root;     // IREE's summary of the dispatch, shapes and types
                        // dropped: "batch_matmul", "topk_dispatch_tensor_store"
  std::string pipeline; // "#iree_cpu.pipeline<Default>"
  /// Per configured op: "linalg.matmul #iree_cpu.lowering_config<distribution
  /// =[0,n,n]>" (integers bucketed 0, 1, n).
  std::vector<std::string> configs;
  /// The compute ops of the dispatch (linalg.*, iree_linalg_ext.*), sorted,
  /// once each: what dispatch formation fused.
  std::vector<std::string> ops;
};

/// The dispatches described by one configuration file (usually one).
std::vector<DispatchConfig> parseDispatchConfigs(llvm::StringRef text);

/// The features of one dispatch on `target`:
///   P|target|pipeline|root          (pipeline x root op kind)
///   C|target|pipeline|root|configs  (the lowering configs chosen)
///   F|target|root|ops               (dispatch formation: ops fused)
std::vector<std::string> dispatchFeatures(const DispatchConfig &d,
                                          llvm::StringRef target);

/// Features per function of every configuration file in `dir` (a missing
/// directory has none: a compile that stopped before configuration).
using FunctionFeatures = std::map<std::string, std::set<std::string>>;
llvm::Expected<FunctionFeatures> readCoverageDir(llvm::StringRef dir,
                                                 llvm::StringRef target);

/// The iree-compile flag that writes the configurations into `dir`.
std::string coverageFlag(llvm::StringRef dir);

/// `text` with each integer literal bucketed as 0, 1 or n (the shape of a
/// tile-size list, not its values); spaces dropped.
std::string bucketIntegers(llvm::StringRef text);

} // namespace ref::difftest

#endif // REF_DIFFTEST_COVERAGE_H
