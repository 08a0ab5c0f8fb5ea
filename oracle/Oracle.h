//===- Oracle.h - Decides pass/fail for IREE's outputs ----------*- C++ -*-===//
//
// The oracle compares the outputs of an IREE run with the interpreter's golden
// outputs, output by output, using the freedom report that `ref-run
// --freedom=FILE.json` writes (interp/exec/FreedomReport.h). It never calls a
// legal result wrong: every freedom the interpreter reports widens what is
// accepted, and a result it cannot judge soundly is `Undecided`, not a
// failure. It depends on refSupport and LLVM Support only (no MLIR), so it
// travels to GPU machines with the replay tool.
//
// The rules, per output (positions are row-major linear element indices):
//
//  1. Malformed: the actual output's dtype or shape differs from the
//     golden's, the output file is missing or unreadable, or the freedom
//     report does not fit the golden.
//  2. Integers, index, i1: exact bit equality (i1 compares the low bit).
//  3. Floats, elementwise: a pair passes if both are NaN (any payloads; an
//     actual NaN where the golden is a number fails, and the other way
//     round), or both are infinite with the same sign (infinity against any
//     finite value fails, whatever the tolerance), or |a - g| <= atol(dtype),
//     or the ULP distance is <= ulps(dtype). The ULP distance is the
//     difference of the bit patterns mapped to ordered integers (negative
//     values mirrored below zero), so it is exact across zero and for every
//     width. +0 and -0 are equal unless `strictSignedZeros` is set (IREE's
//     folders may legitimately flip the sign of a zero).
//  4. Float outputs with `reduction_length` n > 1 (a reassociated float
//     reduction: matmul, sum, ...) also pass an element if
//        |a - g| <= atol + c * n * eps(dtype) * (|g| + meanAbs(golden))
//     with c = `reductionFactor` and meanAbs the mean magnitude of the finite
//     golden elements of that output (it accounts for cancellation, where
//     |g| is small but the terms were not). This is a heuristic bound: the
//     worst case of recursive summation is n * eps * sum|terms|, which the
//     golden alone cannot tell.
//  5. `tie_groups` (sort): outputs whose freedom has the same non-empty
//     `origin` and identical tie groups are the operands of one sort and form
//     a family. Within each group the positions may hold their values in any
//     order, but the values of all family members at one position travel
//     together: the multiset of tuples (out_0[p], out_1[p], ...) over the
//     group must be the same in golden and actual. Values compare as raw bits
//     with every NaN of a dtype canonicalized to one pattern and -0 read as +0
//     (unless `strictSignedZeros`). A member whose own multiset differs fails
//     with "values differ as a multiset"; members whose own multisets agree
//     but whose tuples do not fail with "payload does not travel with its
//     key". Positions outside every group compare by rules 2-4.
//  6. `multi_writes` (scatter; tie-breaks of topk, topk_v2, arg_compare): at
//     each listed position the actual must be one of `candidate_bits`
//     (exact bits for integers; for floats within the elementwise tolerance
//     of rule 3 of any candidate). Other positions compare normally.
//  7. `derived_from`: the output was computed from a result with freedom by
//     an op that does not track it, so a difference cannot be judged:
//     `Undecided` (not a failure), naming the op, with the counts of the
//     elementwise comparison. Agreement with the golden is a Pass; a wrong
//     dtype or shape is still Malformed.
//  Golden elements marked as never written (Tensor::isUndef) are not compared.
//
// The default tolerances (OracleOptions; override per dtype with
// parseToleranceOverrides, e.g. "f32:ulps=16,atol=1e-5;f16:ulps=4"):
//
//   dtype     ulps  atol
//   f64       4     1e-12
//   f32       8     1e-6
//   f16       2     1e-3
//   bf16      2     1e-2
//   f8E4M3FN  1     0
//   f8E5M2    1     0
//   reductionFactor c = 1.0, strictSignedZeros = false
//
// Without freedom IREE's results differ from the golden only through
// contraction (FMA), its polynomial approximations of math functions, and
// f16/bf16 arithmetic done in f32; a few ULP cover those, and atol covers
// results that cancel to near zero, where relative error is meaningless.
// The f16 and bf16 atol are about one ULP at 1.0; f8 has so few values that
// one ULP already is a large relative error.
//
//===----------------------------------------------------------------------===//

#ifndef REF_ORACLE_ORACLE_H
#define REF_ORACLE_ORACLE_H

#include "interp/support/Tensor.h"
#include "interp/support/Tolerance.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ref {

//===----------------------------------------------------------------------===//
// The freedom report
//===----------------------------------------------------------------------===//

/// A position written by more than one scatter update.
struct MultiWriteFreedom {
  int64_t position = 0;
  /// Row-major batch indices of the updates, in write order.
  std::vector<int64_t> updates;
  /// Raw bits of every value the position may legally hold.
  std::vector<uint64_t> candidateBits;
};

/// The freedom of one output, as `ref-run --freedom` reports it.
struct OutputFreedom {
  unsigned index = 0;
  DType dtype = DType::F32;
  Shape shape;
  /// True when the output has no freedom at all.
  bool exact = true;
  std::vector<std::vector<int64_t>> tieGroups;
  std::vector<MultiWriteFreedom> multiWrites;
  bool multiWritesAnyOneOf = false;
  /// Terms combined into each element by a float reduction; 0 if none.
  int64_t reductionLength = 0;
  /// Non-empty: computed from a free result by an op that does not track it.
  std::string derivedFrom;
  /// The op (name and location) whose result had the freedom.
  std::string origin;
  /// Non-empty: the program read out of bounds there and a select discarded
  /// the value. The golden stands, but the read is undefined in MLIR, so a
  /// difference (or a crash) is undecided, never IREE's bug.
  std::string maskedOutOfBoundsRead;
};

/// Parses the JSON text of a freedom report. Errors name `fileName` and the
/// offending field, e.g.
/// "freedom.json: outputs[2].tie_groups[0][3]: expected an integer".
/// Positions are checked against the output's shape; indices are unique.
llvm::Expected<std::vector<OutputFreedom>>
parseFreedomReport(llvm::StringRef jsonText, llvm::StringRef fileName);
llvm::Expected<std::vector<OutputFreedom>>
readFreedomReportFile(llvm::StringRef path);

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

// FloatTolerance and OracleOptions (the tolerances of rules 3 and 4) are in
// interp/support/Tolerance.h, with the rules themselves.

/// Applies overrides such as "f32:ulps=16,atol=1e-5;f16:ulps=4": entries
/// separated by ';', each a float dtype, ':', and comma-separated `ulps=N`
/// (non-negative integer) or `atol=X` (non-negative finite number). Keys not
/// given keep their value. On error `opts` is left unchanged and the message
/// names the entry and what is wrong with it.
llvm::Error parseToleranceOverrides(llvm::StringRef spec, OracleOptions &opts);

//===----------------------------------------------------------------------===//
// Loading IREE's outputs
//===----------------------------------------------------------------------===//

/// Reads an output file of iree-run-module: NPY (recognized by its magic,
/// whatever the extension) or raw bytes of the expected dtype and shape
/// (bf16 and f8 have no NPY type code). NPY arrays whose type only differs
/// in spelling are retagged to `expectedType`: int64 as index, int8 as i1
/// (non-zero bytes read as true, as numpy does for bool). Any other
/// difference in dtype or shape is left for compareOutputs to report as
/// Malformed.
llvm::Expected<Tensor> loadOutputFile(llvm::StringRef path, DType expectedType,
                                      llvm::ArrayRef<int64_t> expectedShape);

//===----------------------------------------------------------------------===//
// Comparing
//===----------------------------------------------------------------------===//

struct OutputResult {
  enum Status { Pass, Mismatch, Undecided, Malformed };

  unsigned index = 0;
  Status status = Pass;
  /// The rule that decided: "exact", "float", "reduction", "tie-groups",
  /// "multi-writes", "derived" (or "malformed").
  std::string rule;
  /// The golden's type, "2x3xf32".
  std::string type;
  int64_t numDiffering = 0;
  int64_t numElements = 0;
  /// Linear index of the first differing element, -1 if none.
  int64_t firstDiffering = -1;
  llvm::SmallVector<int64_t> firstCoords;
  /// Formatted values of the first differing element, "1.5 (0x3fc00000)";
  /// `expected` is "one of ..." at a multi-write position, both are empty
  /// when the first difference is a whole tie group (see `message`).
  std::string expected, actual;
  /// ULP distance of the first differing element (finite floats only).
  uint64_t ulpDistance = 0;
  /// Largest ULP distance over all finite float pairs compared elementwise.
  uint64_t maxUlpDistance = 0;
  /// Why (Malformed, Undecided), or details of the first difference.
  std::string message;

  bool failed() const { return status == Mismatch || status == Malformed; }
};

/// Compares outputs by index. `freedom` is matched by its `index` fields and
/// may be empty (every output exact). Goldens without an actual, and actuals
/// without a golden, are Malformed.
std::vector<OutputResult> compareOutputs(llvm::ArrayRef<Tensor> goldens,
                                         llvm::ArrayRef<Tensor> actuals,
                                         llvm::ArrayRef<OutputFreedom> freedom,
                                         const OracleOptions &opts);

/// True if no result is Mismatch or Malformed (Undecided does not fail).
bool allPass(llvm::ArrayRef<OutputResult> results);

/// A Malformed result for output `index`, e.g. when its file cannot be read.
OutputResult malformedOutput(unsigned index, const Tensor &golden,
                             std::string message);
/// A Malformed result for an output file IREE did not write.
OutputResult missingOutput(unsigned index, const Tensor &golden,
                           llvm::StringRef path);

/// One line, e.g. "output 1 (2x3xf32): 2 of 6 elements differ; first at
/// [0, 2]: expected 1.5 (0x3fc00000), actual 1.75 (0x3fe00000), 2097152 ULP".
std::string describe(const OutputResult &r);
llvm::StringRef statusName(OutputResult::Status s);

/// Formats raw element bits for messages: "1.5 (0x3fc00000)" for floats
/// (shortest round-tripping decimal), "-3" for integers, "true"/"false" for
/// i1.
std::string formatValue(uint64_t bits, DType t);

} // namespace ref

#endif // REF_ORACLE_ORACLE_H
