//===- Schedule.cpp - A guided mutant's entry and operator ---------------===//

#include "difftest/Schedule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>

namespace ref::difftest {

namespace {
/// Laplace's rule of succession: the rate of `finds` in `trials`, 1/2
/// before any trial. Every record of the scheduling is rated by it.
double laplaceRate(int64_t finds, int64_t trials) {
  return double(finds + 1) / double(trials + 2);
}
} // namespace

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
  case MutationOperator::Broadcast:
    return "broadcast";
  case MutationOperator::Contraction:
    return "contraction";
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
  for (const auto &[index, text] : history.generated) {
    bool found = history.firstTo.count(index) > 0;
    double cost = 0;
    if (auto t = history.caseCost.find(index); t != history.caseCost.end())
      cost = t->second;
    if (auto f = history.batchFlags.find(index);
        f != history.batchFlags.end()) {
      OpKindRecord &r = out.batchFlags[f->second];
      ++r.cases;
      r.finds += found;
    }
    auto json = llvm::json::parse(text);
    if (!json) {
      llvm::consumeError(json.takeError());
      continue;
    }
    const llvm::json::Object *o = json->getAsObject();
    const llvm::json::Array *kinds = o ? o->getArray("op_kinds") : nullptr;
    if (!kinds)
      continue;
    for (const llvm::json::Value &k : *kinds)
      if (auto name = k.getAsString()) {
        OpKindRecord &r = out.opKinds[name->str()];
        ++r.cases;
        r.finds += found;
        r.cost += cost;
      }
  }
  return out;
}

std::vector<double>
generatorWeightScale(const std::map<std::string, OpKindRecord> &records,
                     llvm::ArrayRef<std::string> kindNames, int64_t minCases) {
  int64_t drawn = 0; // ops drawn, over all generated cases
  for (const auto &[name, r] : records)
    drawn += r.cases;
  if (drawn < minCases)
    return {};
  double totalCost = 0;
  for (const auto &[name, r] : records)
    totalCost += r.cost;
  double meanCost = totalCost / double(drawn);
  std::vector<double> rates;
  double sum = 0;
  for (const std::string &name : kindNames) {
    auto it = records.find(name);
    double rate = it == records.end()
                      ? laplaceRate(0, 0)
                      : laplaceRate(it->second.finds, it->second.cases);
    if (meanCost > 0) {
      double cost = it == records.end()
                        ? meanCost
                        : (it->second.cost + 2 * meanCost) /
                              double(it->second.cases + 2);
      rate /= cost;
    }
    rates.push_back(rate);
    sum += rate;
  }
  double mean = sum / double(std::max<size_t>(1, rates.size()));
  for (double &r : rates)
    r = std::clamp(mean > 0 ? r / mean : 1.0, 0.25, 4.0);
  return rates;
}

std::optional<size_t>
drawBatchFlag(const std::map<std::string, OpKindRecord> &records,
              llvm::ArrayRef<std::string> flags, double u, double v) {
  if (flags.empty())
    return std::nullopt;
  auto rate = [](const OpKindRecord &r) {
    return laplaceRate(r.finds, r.cases);
  };
  OpKindRecord none, flagged;
  if (auto it = records.find(""); it != records.end())
    none = it->second;
  std::vector<double> weights;
  for (const std::string &f : flags) {
    OpKindRecord r;
    if (auto it = records.find(f); it != records.end())
      r = it->second;
    flagged.cases += r.cases;
    flagged.finds += r.finds;
    weights.push_back(rate(r));
  }
  double pNone = rate(none) / (rate(none) + rate(flagged));
  if (u < pNone)
    return std::nullopt;
  return drawWeighted(weights, v);
}

double entryEnergy(const EntryRecord &r) {
  double rate = laplaceRate(r.finds, r.children);
  return rate * std::sqrt(double(std::clamp<int64_t>(r.features, 1, 16)));
}

double operatorWeight(const OperatorRecord &r) {
  return laplaceRate(r.finds, r.uses);
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
