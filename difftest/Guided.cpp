//===- Guided.cpp - Coverage-guided campaigns -----------------------------===//

#include "difftest/Guided.h"

#include "difftest/Common.h"
#include "difftest/Coverage.h"
#include "fuzz/Values.h"

#include "llvm/ADT/STLExtras.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace ref::difftest {

void GuidedQueue::start(const std::set<int64_t> &d) {
  std::lock_guard<std::mutex> lock(mutex);
  done = d;
}

void GuidedQueue::committed(int64_t b) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    done.insert(b);
  }
  changed.notify_all();
}

std::optional<GuidedView>
GuidedQueue::snapshot(int64_t b, CampaignDB &db,
                      const std::function<bool()> &stopped) {
  int64_t step = std::max<int64_t>(1, shardCount);
  int64_t last = b - std::max<int64_t>(1, lag) * step;
  {
    std::unique_lock<std::mutex> lock(mutex);
    auto ready = [&] {
      for (int64_t x = shardIndex; x <= last; x += step)
        if (!done.count(x))
          return false;
      return true;
    };
    while (!ready()) {
      if (stopped())
        return std::nullopt;
      changed.wait_for(lock, std::chrono::seconds(1));
    }
  }
  int64_t upTo = std::max<int64_t>(-1, last);
  GuidedView view;
  view.queue = db.guidedQueue(upTo);
  std::vector<int64_t> cases;
  for (const QueueEntry &e : view.queue)
    cases.push_back(e.caseIndex);
  view.records = scheduleRecords(cases, db.guidedHistory(upTo));
  return view;
}

namespace {

/// A uniform draw in [0, 1) from a 64-bit hash.
double unit(uint64_t r) { return double(r >> 11) * 0x1.0p-53; }

} // namespace

const QueueEntry *GuidedQueue::pick(uint64_t caseSeed,
                                    const GuidedView &view) const {
  if (view.queue.empty() || fuzz::mixSeed(caseSeed, 0x6E1D) % 100 >= percent)
    return nullptr;
  return &view.queue[drawEntry(view.records.entries,
                               unit(fuzz::mixSeed(caseSeed, 0x6E1E)))];
}

MutationOperator
GuidedQueue::pickOperator(uint64_t caseSeed, const GuidedView &view,
                          std::array<bool, kNumOperators> available) const {
  return drawOperator(view.records.operators, available,
                      unit(fuzz::mixSeed(caseSeed, 0x0F7E)));
}

std::optional<size_t>
GuidedQueue::pickBatchFlag(uint64_t batchSeed, const GuidedView &view,
                           llvm::ArrayRef<std::string> flags) const {
  return drawBatchFlag(view.records.batchFlags, flags,
                       unit(fuzz::mixSeed(batchSeed, 0xF1A6)),
                       unit(fuzz::mixSeed(batchSeed, 0xF1A7)));
}

llvm::Expected<BatchCoverage>
collectCoverage(llvm::ArrayRef<std::pair<std::string, std::string>> dirs,
                llvm::ArrayRef<CoverageCase> cases) {
  BatchCoverage out;
  std::map<std::string, const CoverageCase *> byName;
  for (const CoverageCase &c : cases)
    byName[c.function] = &c;
  std::set<std::pair<std::string, std::string>> seen; // (function, feature)
  for (const auto &[dir, target] : dirs) {
    auto features = readCoverageDir(dir, target);
    if (!features)
      return features.takeError();
    for (const auto &[function, set] : *features) {
      auto it = byName.find(function);
      if (it == byName.end())
        continue; // a function no case of the batch owns
      const CoverageCase &c = *it->second;
      for (const std::string &f : set)
        if (seen.insert({function, f}).second)
          out.hits.push_back({c.index, function, f});
      auto key = std::make_pair(c.index, function);
      if (!out.programs.count(key)) {
        auto text = readFile(c.programFile);
        if (!text)
          return text.takeError();
        out.programs[key] = std::move(*text);
      }
    }
  }
  return out;
}

int seedGuidedQueue(CampaignDB &db, llvm::ArrayRef<std::string> from) {
  for (const std::string &f : from) {
    std::string dbPath = llvm::sys::fs::is_directory(f)
                             ? joinPath(f, "campaign.db")
                             : f;
    if (!llvm::sys::fs::exists(dbPath)) {
      llvm::errs() << "error: --guided-seed=" << f
                   << ": no campaign database\n";
      return kInvalid;
    }
    auto n = db.seedQueueFrom(dbPath);
    if (!n) {
      llvm::errs() << "error: --guided-seed=" << f << ": "
                   << llvm::toString(n.takeError()) << "\n";
      return kToolError;
    }
    llvm::errs() << "note: guided queue seeded with " << *n
                 << " entries from " << dbPath << "\n";
  }
  return 0;
}

} // namespace ref::difftest
