//===- Signature.h - One signature per bug ------------------------*- C++ -*-===//
//
// A campaign signs each failure by what it saw (gpu::failureSignature:
// verdict, target, normalized first error; for a mismatch, the dtype and
// freedom class of the output). That splits one bug per dtype and target
// and merges unrelated miscompiles of one dtype. A *bug signature* names
// what is responsible instead:
//
//   compile-error, compiler-crash, compiler-oom:
//     "<verdict>|<where>|<root op>|<message>"
//       where    the innermost pass that failed (`iree-compile
//                --mlir-print-ir-after-failure` prints "IR Dump After X
//                Failed: <pass-arg>"), else the backend family of the target
//                (cpu, vmvx, gpu, spirv); "-" for a crash or an
//                out-of-memory compile without a pass (the same bug on
//                every target)
//       root op  the op of the program at the error's location, else the
//                root op IREE names its dispatch after, else the program's
//                op set
//       message  normalized (gpu::normalizeMessage), element types replaced
//                by "T"; "out of memory" for every compiler-oom (LLVM's
//                out-of-memory abort, the OOM killer, the resident limit)
//   compile-timeout: "compile-timeout|-|<op set>"
//   mismatch: "mismatch|<family>|<ops of the guilty dispatch>" where
//     `difftest localize` names the dispatch whose own output first goes
//     wrong (localizedSignature, LocalizeSign.h), else
//     "mismatch|<family>|<op set>"
//   runtime-error, runtime-crash, runtime-timeout:
//     "<verdict>|<family>|<op set>|<message>"
//   anything else (our own bugs: generator-error, interpreter-error):
//     "<verdict>|-|<message>"
//
// The op set is the program's ops outside the plumbing (constants,
// tensor.empty, casts, returns, region terminators, region bodies of linalg
// ops), sorted: after `difftest reduce`, the ops the bug needs. A signature
// made from an unreduced program is marked as such by its caller (a
// bundle's op set is larger than the bug's).
//
// MLIR-free: text scanning only, so that it is testable on recorded
// messages alone.
//
//===----------------------------------------------------------------------===//

#ifndef REF_DIFFTEST_SIGNATURE_H
#define REF_DIFFTEST_SIGNATURE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm::json {
class Object;
} // namespace llvm::json

namespace ref::difftest {

/// What a bug signature is computed from.
struct FailureEvidence {
  std::string verdict; ///< "compile-error", "mismatch", ...
  std::string target;  ///< "cuda:sm_80", "llvm-cpu+static"
  std::string message; ///< the first error line (raw or normalized)
  /// The compiler's whole stderr, ideally from a compile with
  /// --mlir-print-ir-after-failure (for the failing pass); may be empty.
  std::string compileLog;
  /// The program the failure came from (for the root op and the op set);
  /// may be empty.
  std::string program;
  /// The program's file name as the compiler saw it ("program.mlir"): an
  /// error location in this file names the root op.
  std::string programName = "program.mlir";
  /// Extra compiler flags the failure needs (a campaign found that the case
  /// does not fail this way without them): appended to the signature as
  /// "|needs <flags>", so that it is told apart from the same message met
  /// without flags.
  std::vector<std::string> needsFlags;
};

/// The bug signature (see the file comment).
std::string bugSignature(const FailureEvidence &e);

/// `signature` with "|needs <flags>" appended when `needs` is not empty
/// (FailureEvidence::needsFlags; bugSignature and localized signatures).
std::string withNeededFlags(std::string signature,
                            llvm::ArrayRef<std::string> needs);
/// The flags a bundle's verdict.json records as needed ("needs_flags").
std::vector<std::string> neededFlags(const llvm::json::Object &verdict);

/// The family a target's code generation belongs to: "cpu" (llvm-cpu),
/// "vmvx", "gpu" (cuda, hip, rocm: IREE's LLVMGPU pipelines), "spirv"
/// (vulkan, metal, webgpu); the name itself otherwise. A "+static" suffix
/// (the campaign's static twin) is dropped.
std::string backendFamily(llvm::StringRef target);

/// The innermost failing pass: the pass argument of the first
/// "IR Dump After <Pass> Failed: <arg>{options}" header, without its
/// options; "" when there is none.
std::string failingPass(llvm::StringRef compileLog);

/// The op at the location of the first "<programName>:L:C: error:" line:
/// the op name at or after column C of line L of `program` ("" when it
/// cannot be told).
std::string rootOpAtError(llvm::StringRef compileLog, llvm::StringRef program,
                          llvm::StringRef programName);

/// The root op in the name of the first dispatch the log mentions
/// ("f3_dispatch_0_scatter_2x4_f32" -> "scatter"); "" when none.
std::string dispatchRoot(llvm::StringRef compileLog);

/// The program's ops outside the plumbing, sorted and unique.
std::vector<std::string> programOps(llvm::StringRef program);

/// normalizeMessage(), then element types replaced by "T" ("tensor<...xf16>"
/// -> "tensor<...xT>", "'i8'" -> "'T'"), and the out-of-memory forms folded
/// into "out of memory".
std::string bugMessage(llvm::StringRef message);

/// The parts of a bug signature: verdict, where/family, root or op set,
/// message ("" when the form has none).
struct SignatureParts {
  std::string verdict, where, ops, message;
};
SignatureParts splitSignature(llvm::StringRef sig);

/// Whether a signature's op set is a multiset-free subset of `ops`
/// (space-separated sorted op names): the bug's reduced op set inside an
/// unreduced program.
bool opsSubsume(llvm::StringRef bugOps, llvm::StringRef programOps);

/// The signature among `witnesses` (signed on reduced or one-op programs)
/// that an unreduced bundle's signature `sig` folds into: same verdict,
/// place and message, and the witness's ops all in `sig`'s op set (that
/// smaller program alone fails the same way). The witness with the fewest
/// ops wins; "" if none applies.
std::string subsumingSignature(llvm::StringRef sig,
                               llvm::ArrayRef<std::string> witnesses);

/// The op kinds of one dispatch's program (`difftest localize` writes the
/// guilty dispatch alone as a func.func): programOps(), each linalg.generic
/// written by its iterator types, `linalg.generic{reduction}` when one of
/// them is a reduction, else `linalg.generic{parallel}` (an elementwise and
/// a reduction miscompile are two bugs). Dtype-free, as programOps is.
std::vector<std::string> dispatchOps(llvm::StringRef dispatchProgram);

/// A mismatch signed by the dispatch whose own output first goes wrong:
/// "mismatch|<family>|<dispatchOps of that dispatch's program>".
std::string localizedSignature(llvm::StringRef target,
                               llvm::StringRef dispatchProgram);

/// What `difftest localize` said, from its localize.json.
struct LocalizeOutcome {
  enum Kind {
    Guilty,      ///< a dispatch is wrong on its own inputs
    NoneWrong,   ///< every checked dispatch is right
    Unexplained, ///< the output is wrong and no dispatch explains it
    Unreadable   ///< no report, or not one localize writes
  } kind = Unreadable;
  int guilty = -1;     ///< its ordinal
  std::string name;    ///< its IREE name
  std::string root;    ///< its root op
  std::string bundle;  ///< the repro bundle of the guilty dispatch
  std::string summary; ///< localize's one-line summary (or why unreadable)
  /// The guilty dispatch compiled alone: "mismatch" when it still fails
  /// alone, else "pass (...)", "compile-error ...".
  std::string standalone;
};
LocalizeOutcome parseLocalizeReport(llvm::StringRef json);

} // namespace ref::difftest

#endif // REF_DIFFTEST_SIGNATURE_H
