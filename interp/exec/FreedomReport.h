//===- FreedomReport.h - The per-output freedom report as JSON ----*- C++ -*-===//
//
// `ref-run --freedom=FILE.json` writes, for each result of the function:
//   {"index": i, "dtype": "f32", "shape": [..],
//    "exact": true}                         -- no freedom at all, or
//    "tie_groups": [[p, ...], ...],         -- sort: mutually unordered
//    "multi_writes": [{"position": p, "updates": [b, ...],
//                      "candidate_bits": [raw bits of each legal value]}],
//    "multi_writes_any_one_of": bool,       -- unique_indices(true) broken
//    "reduction_length": n,                 -- float reduction terms,
//                                              own plus inherited
//    "derived_from": "op at file:l:c",      -- computed from a free result
//    "origin": "op at file:l:c",
//    "masked_out_of_bounds_read": "op at file:l:c"}
//                                           -- the program read out of
//                                              bounds and a select discarded
//                                              the value (on every output:
//                                              the undefined read is the
//                                              program's, not one output's)
// Positions are row-major linear element indices of that result.
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_FREEDOMREPORT_H
#define REF_EXEC_FREEDOMREPORT_H

#include "interp/exec/Value.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

namespace ref {

/// `maskedRead`: the first read out of bounds whose value a select
/// discarded (Interpreter::maskedReads), "" when none.
llvm::json::Value freedomReport(llvm::StringRef function,
                                llvm::ArrayRef<RtValue> results,
                                llvm::StringRef maskedRead = "");

} // namespace ref

#endif // REF_EXEC_FREEDOMREPORT_H
