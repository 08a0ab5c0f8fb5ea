//===- FreedomReport.cpp - The per-output freedom report as JSON -----------===//

#include "interp/exec/FreedomReport.h"

namespace ref {

using llvm::json::Array;
using llvm::json::Object;

static Array toArray(llvm::ArrayRef<int64_t> v) {
  Array a;
  for (int64_t x : v)
    a.push_back(x);
  return a;
}

llvm::json::Value freedomReport(llvm::StringRef function,
                                llvm::ArrayRef<RtValue> results,
                                llvm::StringRef maskedRead) {
  Array outputs;
  for (auto [i, r] : llvm::enumerate(results)) {
    Object o;
    o["index"] = static_cast<int64_t>(i);
    o["dtype"] = dtypeName(r.dtype).str();
    o["shape"] = r.isTensor() ? toArray(r.tensor->shape()) : Array();
    if (!maskedRead.empty())
      o["masked_out_of_bounds_read"] = maskedRead.str();
    const Freedom *f = r.freedom.get();
    if (!f || f->empty()) {
      o["exact"] = true;
      outputs.push_back(std::move(o));
      continue;
    }
    o["exact"] = false;
    if (!f->tieGroups.empty()) {
      Array groups;
      for (const auto &g : f->tieGroups)
        groups.push_back(toArray(g));
      o["tie_groups"] = std::move(groups);
    }
    if (!f->multiWrites.empty()) {
      Array writes;
      const Freedom::MultiWrites &mw = f->multiWrites;
      writes.reserve(mw.size());
      for (size_t e = 0; e < mw.size(); ++e) {
        Array candidates;
        for (uint64_t c : mw.candidatesOf(e))
          candidates.push_back(c);
        writes.push_back(Object{{"position", mw.positions[e]},
                                {"updates", toArray(mw.updatesOf(e))},
                                {"candidate_bits", std::move(candidates)}});
      }
      o["multi_writes"] = std::move(writes);
      o["multi_writes_any_one_of"] = f->multiWritesAnyOneOf;
    }
    if (f->reductionLength)
      o["reduction_length"] = f->reductionLength;
    if (!f->derivedFrom.empty())
      o["derived_from"] = f->derivedFrom;
    if (!f->origin.empty())
      o["origin"] = f->origin;
    outputs.push_back(std::move(o));
  }
  return Object{{"function", function.str()}, {"outputs", std::move(outputs)}};
}

} // namespace ref
