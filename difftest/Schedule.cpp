//===- Schedule.cpp - A guided mutant's entry and operator ---------------===//

#include "difftest/Schedule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>

namespace ref::difftest {

llvm::StringRef operatorName(MutationOperator op) {
  switch (op) {
  case MutationOperator::RefMutate:
    return "ref-mutate";
  case MutationOperator::Consumer:
    return "consumer";
  case MutationOperator::Reduction:
    return "reduction";
  case MutationOperator::Producer:
    return "producer";
  case MutationOperator::Flag:
    return "flag";
  }
  return "?";
}

std::optional<MutationOperator> operatorNamed(llvm::StringRef name) {
  for (size_t k = 0; k < kNumOperators; ++k)
    if (operatorName(MutationOperator(k)) == name)
      return MutationOperator(k);
  return std::nullopt;
}

ScheduleRecords scheduleRecords(llvm::ArrayRef<int64_t> entryCases,
                                const GuidedHistory &history) {
  ScheduleRecords out;
  out.entries.resize(entryCases.size());
  std::map<int64_t, size_t> byCase; // an entry's case index -> its position
  for (auto [k, index] : llvm::enumerate(entryCases)) {
    byCase.emplace(index, k);
    auto f = history.firstTo.find(index);
    out.entries[k].features = f == history.firstTo.end() ? 0 : f->second;
  }
  for (const auto &[index, text] : history.mutants) {
    auto json = llvm::json::parse(text);
    if (!json) {
      llvm::consumeError(json.takeError());
      continue;
    }
    const llvm::json::Object *o = json->getAsObject();
    if (!o)
      continue;
    bool found = history.firstTo.count(index) > 0;
    MutationOperator op =
        operatorNamed(o->getString("operator").value_or(""))
            .value_or(o->getString("structural") ? MutationOperator::Consumer
                                                 : MutationOperator::RefMutate);
    OperatorRecord &r = out.operators[size_t(op)];
    ++r.uses;
    r.finds += found;
    if (auto parent = o->getInteger("parent_case")) {
      auto it = byCase.find(*parent);
      if (it != byCase.end()) {
        ++out.entries[it->second].children;
        out.entries[it->second].finds += found;
      }
    }
  }
  return out;
}

double entryEnergy(const EntryRecord &r) {
  double rate = double(r.finds + 1) / double(r.children + 2);
  return rate * std::sqrt(double(std::clamp<int64_t>(r.features, 1, 16)));
}

double operatorWeight(const OperatorRecord &r) {
  return double(r.finds + 1) / double(r.uses + 2);
}

size_t drawWeighted(llvm::ArrayRef<double> weights, double u) {
  double total = 0;
  for (double w : weights)
    total += w;
  double at = u * total;
  for (auto [k, w] : llvm::enumerate(weights)) {
    if (at < w)
      return k;
    at -= w;
  }
  // Rounding: the last one with any weight.
  for (size_t k = weights.size(); k-- > 0;)
    if (weights[k] > 0)
      return k;
  return 0;
}

size_t drawEntry(llvm::ArrayRef<EntryRecord> entries, double u) {
  std::vector<double> energy;
  for (const EntryRecord &r : entries)
    energy.push_back(entryEnergy(r));
  return drawWeighted(energy, u);
}

MutationOperator
drawOperator(const std::array<OperatorRecord, kNumOperators> &ops,
             const std::array<bool, kNumOperators> &available, double u) {
  std::array<double, kNumOperators> w{};
  for (size_t k = 0; k < kNumOperators; ++k)
    w[k] = available[k] ? operatorWeight(ops[k]) : 0;
  if (llvm::all_of(w, [](double x) { return x == 0; }))
    return MutationOperator::RefMutate;
  return MutationOperator(drawWeighted(w, u));
}

} // namespace ref::difftest
