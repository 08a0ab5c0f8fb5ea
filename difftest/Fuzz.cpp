//===- Fuzz.cpp - difftest fuzz: campaigns of generated programs ----------===//
//
// A campaign is a deterministic stream of cases: case i is the generator's
// case for mixSeed(seed, i), with a function named @f<i>. Cases go in
// batches of B; batch b belongs to shard b mod N. A batch:
//   1. generates its cases and runs the interpreter on each (ref-run as a
//      subprocess) for goldens; a case the interpreter finds undefined is
//      rejected and counted, one it cannot run is our bug (recorded);
//   2. per target, compiles all its valid functions as ONE module (IREE's
//      compiler dominates the cost) and runs each function; a failing
//      combined compile, and every failing case, is redone as a module of
//      its own to isolate the failure;
//   3. stages a repro bundle for each signature not committed before (in
//      bundles/.b<N>/), then moves those still new into bundles/ and
//      commits the batch's rows to the database in one transaction.
// A killed campaign loses only batches in flight; --resume reruns them.
//
// --time is the campaign's wall time from its start: no batch starts after
// it, and at it every batch in flight is stopped (one CancelToken shared by
// all the campaign's subprocesses kills their process groups), noted in the
// database as unfinished and not committed: a slow compile neither stretches
// the campaign nor becomes a finding, and --resume runs those batches.
//
// The environment's failures stop the campaign (exit 4) without committing
// the batch, rather than being recorded as findings: ref-run or an IREE tool
// that cannot start, is stopped from outside (SIGTERM, SIGINT, SIGHUP; an
// IREE tool gets one retry first), or finds the disk full; a write of our
// own that fails; less than --min-free-disk free before a batch. Each
// subprocess has --max-file-size as RLIMIT_FSIZE, so a compiler writing
// gigabytes is a finding (a crash that says so), not a full disk.
//


#include "difftest/Fuzz.h"
#include "difftest/CampaignDB.h"
#include "difftest/Capabilities.h"
#include "difftest/FlagSpace.h"
#include "difftest/Coverage.h"
#include "difftest/Guided.h"
#include "difftest/Mutate.h"
#include "difftest/Parameters.h"
#include "interp/support/ParameterArchive.h"
#include "difftest/Options.h"
#include "difftest/Signature.h"
#include "difftest/Smoke.h"
#include "difftest/Structural.h"
#include "gpu/Device.h"
#include "fuzz/CaseFiles.h"
#include "fuzz/Generator.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>
#include "difftest/FuzzCampaign.h"

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

std::string hex64(uint64_t v) { return llvm::formatv("{0:x16}", v).str(); }

double now() {
  return std::chrono::duration<double>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// An error that stops the campaign: the environment failed, not the case.
llvm::Error environmentError(const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), what.str());
}

fuzz::Case Campaign::generate(uint64_t caseSeed,
                              const std::vector<double> &weightScale) {
  // RapidCheck keeps the generation context in process-wide state: one
  // generator at a time.
  static std::mutex genMutex;
  std::lock_guard<std::mutex> lock(genMutex);
  if (weightScale.empty())
    return fuzz::generateCase(caseSeed, gen);
  fuzz::GenOptions steered = gen;
  steered.weightScale = weightScale;
  return fuzz::generateCase(caseSeed, steered);
}

std::optional<bool> Campaign::needsExtraFlags(const gpu::TargetConfig &config,
                                              const gpu::CaseSpec &spec,
                                              StringRef caseDir,
                                              StringRef subdir,
                                              const std::string &sig) {
  std::string key = sig + "\t" + llvm::join(config.extraFlags, " ");
  {
    std::lock_guard<std::mutex> lock(needMutex);
    if (auto it = needCache.find(key); it != needCache.end())
      return it->second;
  }
  gpu::TargetConfig plain = config;
  plain.extraFlags.clear();
  TargetResult without = runTarget(plain, "program.mlir", spec, caseDir,
                                   (subdir + "-noflags").str(), settings);
  if (without.verdict == gpu::Verdict::ToolError)
    return std::nullopt;
  bool needs = !(gpu::isFailure(without.verdict) && without.signature == sig);
  std::lock_guard<std::mutex> lock(needMutex);
  needCache.emplace(key, needs);
  return needs;
}

void Campaign::loadCommitted() {
  if (!loadedSignatures) {
    committed = db->knownSignatures();
    loadedSignatures = true;
  }
}

bool Campaign::isCommitted(const std::string &sig) {
  std::lock_guard<std::mutex> lock(sigMutex);
  loadCommitted();
  return committed.count(sig) != 0;
}

// Each batch writes the bundles of the signatures it finds that are not
// committed yet into its own staging directory, bundles/.b<N>/; the first
// batch to commit a signature moves its bundle into place. A batch that
// fails (the environment) thus never takes a failure's only bundle with it,
// whatever other batches in flight found.
llvm::Expected<size_t> Campaign::commit(int64_t b,
                                        const std::vector<CaseRow> &rows,
                                        std::vector<FailureRow> failures,
                                        std::vector<SuspectRow> suspects,
                                        StringRef stage,
                                        const BatchCoverage *coverage) {
  std::lock_guard<std::mutex> lock(sigMutex);
  loadCommitted();
  std::vector<FailureRow> kept;
  for (FailureRow &f : failures) {
    if (committed.count(f.signature))
      continue;
    std::string name = path::filename(f.bundle).str();
    std::string from = joinPath(stage, name), to = joinPath(out, f.bundle);
    fs::remove_directories(to); // left by a batch whose commit failed
    if (std::error_code ec = fs::rename(from, to))
      return environmentError(to + ": " + ec.message());
    kept.push_back(std::move(f));
  }
  // Each golden suspect has a bundle of its own (the case, to audit).
  for (const SuspectRow &g : suspects) {
    std::string from = joinPath(stage, path::filename(g.bundle)),
                to = joinPath(out, g.bundle);
    fs::remove_directories(to);
    if (std::error_code ec = fs::rename(from, to))
      return environmentError(to + ": " + ec.message());
  }
  if (llvm::Error e = db->commitBatch(b, rows, kept, suspects, coverage))
    return std::move(e);
  if (guided)
    guided->committed(b);
  for (const FailureRow &f : kept)
    committed.insert(f.signature);
  fs::remove_directories(stage);
  return kept.size();
}

void Campaign::progress(bool final) {
  std::lock_guard<std::mutex> lock(stats.mutex);
  double minutes = std::max(1e-9, (now() - stats.started) / 60);
  std::string line = llvm::formatv("{0} cases, {1:f1}/min:", stats.cases,
                                   stats.cases / minutes)
                         .str();
  for (auto &[v, n] : stats.verdicts)
    line += " " + v + " " + std::to_string(n);
  line += llvm::formatv(" | {0} new distinct failures", stats.newFailures);
  if (stats.goldenSuspects > 0)
    line += llvm::formatv(", {0} golden suspects", stats.goldenSuspects);
  if (guided) {
    auto [features, queued] = db->coverageCounts();
    line += llvm::formatv(" | {0} features, {1} queued", features, queued);
  }
  if (tty && !final) {
    llvm::errs() << "\r\x1b[K" << line;
    llvm::errs().flush();
  } else {
    if (tty)
      llvm::errs() << "\r\x1b[K";
    llvm::errs() << line << "\n";
  }
}

int fuzzCommand(int argc, char **argv) {
  double commandStart = now();
  CommonOptions common;
  cl::opt<std::string> targets(
      "target", cl::desc("Targets, as for difftest run (GPU targets without a "
                         "device here are compiled only)"),
      cl::init("llvm-cpu"), cl::cat(common.category));
  cl::opt<std::string> time(
      "time",
      cl::desc("The campaign's wall time (30m, 90s, 2h): then the batches in "
               "flight are stopped and noted unfinished (--resume runs them)"),
      cl::cat(common.category));
  cl::opt<int64_t> maxCases("cases", cl::desc("Cases to run (this shard)"),
                            cl::init(0), cl::cat(common.category));
  cl::opt<uint64_t> seed("seed", cl::desc("Campaign seed"), cl::init(1),
                         cl::cat(common.category));
  cl::opt<unsigned> jobs("jobs", cl::desc("Batches in flight"), cl::init(1),
                         cl::cat(common.category));
  cl::opt<unsigned> batch(
      "batch", cl::desc("Cases per batch: one module per batch and target "
                        "(1: a module per case)"),
      cl::init(16), cl::cat(common.category));
  cl::opt<std::string> out("out", cl::desc("The campaign directory"),
                           cl::Required, cl::cat(common.category));
  cl::opt<std::string> executorLimitsMode(
      "executor-limits",
      cl::desc("keep: draw again a case past a run target's executor limits "
               "(lavapipe's loop cap, storage range; default); allow: keep "
               "it (its failures are executor-limit verdicts)"),
      cl::init("keep"), cl::cat(common.category));
  cl::opt<bool> resume("resume",
                       cl::desc("Continue the campaign in --out (its seed, "
                                "targets and batch size)"),
                       cl::cat(common.category));
  cl::opt<std::string> shard("shard",
                             cl::desc("I/N: run the I-th of N disjoint "
                                      "slices of the case stream"),
                             cl::init("0/1"), cl::cat(common.category));
  cl::opt<unsigned> twins(
      "static-twins",
      cl::desc("Percent of the cases with dynamic shapes that also run their "
               "static twin, the metamorphic pair (0-100)"),
      cl::init(50), cl::cat(common.category));
  cl::opt<std::string> minFree(
      "min-free-disk",
      cl::desc("Stop (exit 4, resumable) instead of starting a batch when "
               "less than this is free on --out's disk (e.g. 1G; 0: never)"),
      cl::init("1G"), cl::cat(common.category));
  cl::opt<bool> large("large",
                      cl::desc("Let a few cases have ~10^5-element tensors"),
                      cl::cat(common.category));
  cl::opt<std::string> opsList(
      "ops",
      cl::desc("Comma-separated op kinds the generator draws from (as "
               "fuzz-gen --ops: sort, generic, softmax, pack, unpack, ...; "
               "full MLIR names work too; `all`: every kind); default: every "
               "kind on by default (softmax, pack, unpack, attention, complex, "
               "narrow_types and reduce_window only when listed)"),
      cl::cat(common.category));
  cl::opt<unsigned> frontend(
      "frontend",
      cl::desc("Percent of cases that start with a frontend-shaped recipe "
               "(argsort/topk as sort with an iota payload, dynamic-M matmuls "
               "with extf/truncf, in-place sorts of arguments, torch's "
               "iota-coordinate scatter, dead results, scatter_add into "
               "one row, degenerate matmuls, static aligned reductions and "
               "matmuls for the SPIR-V pipelines); 0-100, default 0"),
      cl::init(0), cl::cat(common.category));
  cl::opt<std::string> mutateRoots(
      "mutate",
      cl::desc("DIR[,DIR...]: cases that are mutants of the real programs "
               "there (.mlir files, searched recursively, or files): the "
               "golden corpus, IREE's tests/e2e, ONNX models lowered by "
               "IREE; see docs/fuzzing.md"),
      cl::cat(common.category));
  cl::opt<int> mutatePct(
      "mutate-pct",
      cl::desc("Percent of the cases that are mutants (0-100; default 100 "
               "with --mutate), the others generated"),
      cl::init(-1), cl::cat(common.category));
  cl::opt<bool> guidedOpt(
      "guided",
      cl::desc("Coverage-guided: keep the cases that reach a codegen "
               "pipeline, lowering config or fusion IREE had not shown the "
               "campaign yet, and spend --guided-pct of the cases on "
               "mutants of them (docs/fuzzing.md, \"Guided campaigns\")"),
      cl::cat(common.category));
  cl::opt<unsigned> guidedPct(
      "guided-pct",
      cl::desc("With --guided: percent of the cases that are mutants of "
               "queue entries once the queue has any (0-100, default 30)"),
      cl::init(30), cl::cat(common.category));
  cl::opt<bool> guidedGenerator(
      "guided-generator",
      cl::desc("With --guided: the generated cases draw op kinds by how "
               "often each kind's generated cases reached new coverage "
               "(default on; off: the recipes' weights, as a random "
               "campaign)"),
      cl::init(true), cl::cat(common.category));
  cl::opt<bool> guidedFlags(
      "guided-flags",
      cl::desc("With --guided: each batch draws its extra flag (or none) by "
               "how often the generated cases of batches with each reached "
               "new coverage (default on; off: a quarter of the batches "
               "draw one uniformly, as a random campaign)"),
      cl::init(true), cl::cat(common.category));
  cl::list<std::string> guidedSeed(
      "guided-seed",
      cl::desc("With --guided: start the queue (and the features seen) "
               "from an earlier campaign's (a directory or its "
               "campaign.db; repeatable, comma-separated)"),
      cl::CommaSeparated, cl::cat(common.category));
  cl::opt<bool> noProbe(
      "no-probe",
      cl::desc("Draw every op kind, without asking the IREE in use which it "
               "accepts (its capability probe, cached per version)"),
      cl::cat(common.category));
  cl::opt<std::string> ireeSrc(
      "iree-src",
      cl::desc("An IREE source checkout: batches draw their extra flag from "
               "the compiler_flags of its tests/e2e/**/BUILD.bazel suites "
               "(per target backend, those the IREE in use lacks dropped); "
               "default: a built-in list"),
      cl::cat(common.category));
  cl::opt<bool> reprobe("reprobe",
                        cl::desc("Probe the IREE in use again even if its "
                                 "capability set is cached"),
                        cl::cat(common.category));
  std::optional<Settings> settings = common.parse(
      argc, argv,
      "difftest fuzz: a campaign of generated "
      "programs\n");
  if (!settings)
    return kInvalid;
  Campaign c;
  c.out = out;
  c.settings = *settings;
  c.cancel = std::make_shared<gpu::CancelToken>();
  for (gpu::ProcessLimits *l : {&c.settings.compileLimits,
                                &c.settings.runLimits,
                                &c.settings.interpLimits})
    l->cancel = c.cancel;
  auto [si, sn] = StringRef(shard).split('/');
  if (si.getAsInteger(10, c.shardIndex) || sn.getAsInteger(10, c.shardCount) ||
      c.shardCount == 0 || c.shardIndex >= c.shardCount) {
    llvm::errs() << "error: --shard=" << shard << ": expected I/N, 0 <= I < N\n";
    return kInvalid;
  }
  std::optional<uint64_t> minFreeBytes = bytesOption("min-free-disk", minFree);
  if (!minFreeBytes)
    return kInvalid;
  c.minFreeBytes = *minFreeBytes;
  std::optional<double> seconds;
  if (!time.empty() && !(seconds = parseDuration(time))) {
    llvm::errs() << "error: --time=" << time << ": expected 30m, 90s, 2h\n";
    return kInvalid;
  }
  if (!seconds && maxCases <= 0) {
    llvm::errs() << "error: give --time or --cases\n";
    return kInvalid;
  }

  fs::create_directories(joinPath(out, "bundles"));
  auto db = CampaignDB::open(joinPath(out, "campaign.db"));
  if (!db) {
    llvm::errs() << "error: " << llvm::toString(db.takeError()) << "\n";
    return kToolError;
  }
  c.db = db->get();
  // The campaign's identity: what makes the case stream.
  std::string targetList = targets, seedText = std::to_string(seed),
              batchText = std::to_string(batch),
              twinText = std::to_string(std::min(100u, unsigned(twins)));
  if (auto existing = c.db->option("seed")) {
    if (!resume) {
      llvm::errs() << "error: " << out
                   << " holds a campaign: --resume it or choose another "
                      "--out\n";
      return kInvalid;
    }
    seedText = *existing;
    targetList = c.db->option("targets").value_or(targetList);
    batchText = c.db->option("batch").value_or(batchText);
    twinText = c.db->option("static_twins").value_or("0");
    std::string shardText = c.db->option("shard").value_or(shard);
    auto [a, n] = StringRef(shardText).split('/');
    a.getAsInteger(10, c.shardIndex);
    n.getAsInteger(10, c.shardCount);
  } else {
    // Version-aware generation: the op kinds the IREE in use rejects are
    // not drawn. Kept with the campaign, so a resumed campaign draws the
    // same cases.
    std::string unsupported;
    if (!noProbe) {
      auto caps = probeCapabilities(*settings->tools, settings->compileLimits,
                                    reprobe);
      if (!caps) {
        llvm::errs() << "error: capability probe: "
                     << llvm::toString(caps.takeError()) << "\n";
        return kToolError;
      }
      std::vector<std::string> names;
      for (const auto &[kind, why] : caps->rejected) {
        names.push_back(kind);
        llvm::errs() << "note: " << releaseOf(caps->version)
                     << " does not take " << kind << " (" << why
                     << "): not drawn\n";
      }
      unsupported = llvm::join(names, ",");
      if (!caps->file.empty())
        llvm::errs() << "note: capabilities of this IREE "
                     << (caps->fromCache ? "from " : "cached in ")
                     << caps->file << "\n";
    }
    // The flag space, kept with the campaign ("extra_flags"; empty: the
    // built-in list) so that --resume and merge draw from the same list.
    std::string flagText;
    if (!ireeSrc.empty()) {
      auto space = loadFlagSpace(ireeSrc);
      if (!space) {
        llvm::errs() << "error: --iree-src: "
                     << llvm::toString(space.takeError()) << "\n";
        return kInvalid;
      }
      const std::string &help = settings->tools->compilerHelp();
      dropUnsupported(*space, [&](StringRef f) {
        return gpu::compilerAcceptsFlag(help, f);
      });
      llvm::errs() << "note: extra flags: " << describeFlagSpace(*space)
                   << "\n";
      if (space->flags.empty()) {
        llvm::errs() << "error: --iree-src: no flag of " << ireeSrc
                     << " is left to draw\n";
        return kInvalid;
      }
      flagText = serializeFlags(space->flags);
    }
    if (llvm::Error e = c.db->setOption("extra_flags", flagText)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
    if (mutatePct > 0 && mutateRoots.empty()) {
      llvm::errs() << "error: --mutate-pct needs --mutate=DIR\n";
      return kInvalid;
    }
    if (!mutateRoots.empty() && mutatePct != 0) {
      llvm::SmallVector<StringRef> roots;
      StringRef(mutateRoots).split(roots, ',', -1, false);
      std::vector<std::string> rootList(roots.begin(), roots.end());
      auto pool = buildMutatePool(rootList,
                                  joinPath(out, "mutate-sources.json"),
                                  settings->interpLimits, settings->tools,
                                  settings->compileLimits);
      if (!pool) {
        llvm::errs() << "error: " << llvm::toString(pool.takeError()) << "\n";
        return kInvalid;
      }
      llvm::errs() << "note: " << describePool(*pool) << "\n";
    }
    if (llvm::Error e = c.db->setOption("unsupported_ops", unsupported)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
    for (auto [k, v] : {std::pair<StringRef, std::string>{"seed", seedText},
                        {"targets", targetList},
                        {"batch", batchText},
                        {"static_twins", twinText},
                        {"shard", shard},
                        {"iree_version", settings->tools->compilerVersion()},
                        {"large", large ? "1" : "0"},
                        {"ops", std::string(opsList)},
                        {"frontend", std::to_string(std::min(
                                         100u, unsigned(frontend)))},
                        {"mutate", std::string(mutateRoots)},
                        {"mutate_pct",
                         std::to_string(
                             mutateRoots.empty()
                                 ? 0
                                 : mutatePct < 0 ? 100
                                                 : std::min(100, int(mutatePct)))},
                        {"guided", guidedOpt ? "1" : "0"},
                        {"guided_gen", guidedOpt && guidedGenerator ? "1" : "0"},
                        {"guided_flags", guidedOpt && guidedFlags ? "1" : "0"},
                        {"guided_pct",
                         std::to_string(std::min(100u, unsigned(guidedPct)))},
                        {"guided_lag",
                         std::to_string(std::max(1u, unsigned(jobs)))},
                        {"started", std::to_string(now())}})
      if (llvm::Error e = c.db->setOption(k, v)) {
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
        return kToolError;
      }
  }
  if (!guidedSeed.empty() && !resume) {
    if (!guidedOpt) {
      llvm::errs() << "error: --guided-seed needs --guided\n";
      return kInvalid;
    }
    if (int rc = seedGuidedQueue(*c.db, guidedSeed); rc != 0)
      return rc;
  }
  if (c.db->option("guided").value_or("0") == "1") {
    c.guided = std::make_unique<GuidedQueue>();
    llvm::StringRef(c.db->option("guided_pct").value_or("50"))
        .getAsInteger(10, c.guided->percent);
    llvm::StringRef(c.db->option("guided_lag").value_or("1"))
        .getAsInteger(10, c.guided->lag);
    // Campaigns from before the guided generator keep drawing as they did.
    c.guided->steerGenerator =
        c.db->option("guided_gen").value_or("0") == "1";
    c.guided->steerFlags = c.db->option("guided_flags").value_or("0") == "1";
  }
  llvm::StringRef(seedText).getAsInteger(10, c.seed);
  llvm::StringRef(batchText).getAsInteger(10, c.batchSize);
  c.batchSize = std::max(1u, c.batchSize);
  llvm::StringRef(twinText).getAsInteger(10, c.twinPercent);
  c.batching = c.batchSize > 1;
  c.gen.allowLarge = c.db->option("large").value_or("0") == "1";
  if (std::string flagText = c.db->option("extra_flags").value_or("");
      !flagText.empty())
    c.flagChoices = parseSerializedFlags(flagText);
  llvm::StringRef(c.db->option("frontend").value_or("0"))
      .getAsInteger(10, c.gen.frontendPercent);
  llvm::StringRef(c.db->option("mutate_pct").value_or("0"))
      .getAsInteger(10, c.mutatePercent);
  if (c.mutatePercent > 0) {
    auto pool = loadMutatePool(joinPath(out, "mutate-sources.json"));
    if (!pool) {
      llvm::errs() << "error: " << llvm::toString(pool.takeError()) << "\n";
      return kInvalid;
    }
    c.pool = std::move(*pool);
  }
  {
    llvm::SmallVector<llvm::StringRef> parts;
    std::string opsText = c.db->option("ops").value_or("");
    llvm::StringRef(opsText).split(parts, ',', -1, false);
    for (llvm::StringRef p : parts) {
      // "all": every op kind, the off-by-default ones included (not the
      // frontend recipes, which --frontend draws).
      if (p.trim() == "all") {
        for (unsigned k = unsigned(fuzz::OpKind::Fill);
             k <= unsigned(fuzz::OpKind::ReduceWindow); ++k)
          c.gen.ops.push_back(fuzz::OpKind(k));
        continue;
      }
      std::optional<fuzz::OpKind> k = fuzz::parseOpKind(p.trim());
      for (llvm::StringRef prefix :
           {"iree_linalg_ext.", "linalg.", "tensor.", "frontend.", "stablehlo."})
        if (!k)
          k = fuzz::parseOpKind((prefix + p.trim()).str());
      if (!k || *k == fuzz::OpKind::Empty) {
        llvm::errs() << "error: unknown op kind '" << p << "' in --ops\n";
        return kInvalid;
      }
      c.gen.ops.push_back(*k);
    }
    parts.clear();
    std::string unsupportedText = c.db->option("unsupported_ops").value_or("");
    llvm::StringRef(unsupportedText).split(parts, ',', -1, false);
    for (llvm::StringRef p : parts)
      if (std::optional<fuzz::OpKind> k = fuzz::parseOpKind(p))
        c.gen.unsupported.push_back(*k);
    if (!c.gen.ops.empty() &&
        llvm::all_of(c.gen.ops, [&](fuzz::OpKind k) {
          return llvm::is_contained(c.gen.unsupported, k);
        })) {
      llvm::errs() << "error: the IREE in use takes none of --ops="
                   << opsText << " (unsupported: " << unsupportedText
                   << ")\n";
      return kInvalid;
    }
  }
  auto configs = common.targetConfigs(targetList, *settings);
  if (!configs)
    return kInvalid;
  c.targets = *configs;
  c.tty = isatty(2);
  // A checked target's device must still behave as recorded (difftest
  // smoke); its limits keep generated cases inside (unless
  // --executor-limits=allow).
  {
    std::string smokeDir = joinPath(out, "smoke");
    fs::remove_directories(smokeDir);
    fs::create_directories(smokeDir);
    std::string log;
    llvm::raw_string_ostream los(log);
    if (llvm::Error e = runSmokeTests(c.targets, *settings, smokeDir, los)) {
      llvm::errs() << log << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
    if (!log.empty())
      llvm::errs() << log;
    fs::remove_directories(smokeDir);
    if (executorLimitsMode != "keep" && executorLimitsMode != "allow") {
      llvm::errs() << "error: --executor-limits=" << executorLimitsMode
                   << ": expected keep or allow\n";
      return kInvalid;
    }
    if (executorLimitsMode == "keep")
      for (const gpu::TargetConfig &t : c.targets)
        if (t.desc->checkDevice && !t.desc->compileOnly)
          if (auto d = gpu::probeDevice(*settings->tools, t.desc->device))
            c.executorLimits.push_back(gpu::executorLimits(t, *d));
  }

  // Which batches: shard I's k-th batch is I + k * N; done ones are skipped
  // (their cases count toward --cases).
  std::set<int64_t> done = c.db->doneBatches();
  if (c.guided) {
    c.guided->shardIndex = c.shardIndex;
    c.guided->shardCount = c.shardCount;
    c.guided->start(done);
  }
  std::atomic<int64_t> nextK{0};
  std::atomic<bool> stop{false};
  std::mutex errMutex;
  std::string firstError;
  int64_t unfinished = 0;
  double deadline = seconds ? commandStart + *seconds : 0;
  int64_t B = c.batchSize;
  auto work = [&] {
    while (!stop) {
      int64_t k = nextK++;
      int64_t first = k * B;
      if (maxCases > 0 && first >= maxCases)
        return;
      if (seconds && now() >= deadline)
        return;
      int64_t b = c.shardIndex + k * static_cast<int64_t>(c.shardCount);
      if (done.count(b))
        continue;
      int64_t count = maxCases > 0 ? std::min(B, maxCases - first) : B;
      // Case indices are global: batch b holds [b*B, b*B + count).
      if (llvm::Error e = c.runBatch(b, b * B, count)) {
        std::string why = llvm::toString(std::move(e));
        bool atDeadline = c.cancel->cancelled();
        if (atDeadline)
          why = "stopped at --time=" + time;
        std::lock_guard<std::mutex> lock(errMutex);
        if (llvm::Error m = c.db->markUnfinished(b, why))
          llvm::consumeError(std::move(m)); // not committed either way
        ++unfinished;
        if (atDeadline)
          continue; // the loop ends: stop is set
        if (firstError.empty())
          firstError = why;
        stop = true;
        c.stopRequested = true;
      }
    }
  };
  // The workers, and the deadline: at --time every batch in flight is
  // stopped rather than waited for.
  {
    std::mutex runningMutex;
    std::condition_variable allDone;
    unsigned workers = std::max(1u, unsigned(jobs)), running = workers;
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < workers; ++j)
      threads.emplace_back([&] {
        work();
        std::lock_guard<std::mutex> lock(runningMutex);
        --running;
        allDone.notify_all();
      });
    if (seconds) {
      std::unique_lock<std::mutex> lock(runningMutex);
      auto at = std::chrono::system_clock::now() +
                std::chrono::duration_cast<std::chrono::system_clock::duration>(
                    std::chrono::duration<double>(
                        std::max(0.0, deadline - now())));
      if (!allDone.wait_until(lock, at, [&] { return running == 0; })) {
        stop = true;
        c.cancel->cancel();
      }
    }
    for (std::thread &t : threads)
      t.join();
  }
  c.progress(true);
  if (unfinished > 0 && firstError.empty())
    llvm::errs() << "note: " << unfinished << " batch"
                 << (unfinished == 1 ? " was" : "es were")
                 << " in flight at --time=" << time
                 << ": stopped, noted unfinished, nothing of them recorded; "
                    "`difftest fuzz --out="
                 << out << " --resume` runs them\n";
  if (!firstError.empty()) {
    llvm::errs() << "error: " << firstError << "\n"
                 << "note: the campaign stopped; the batches in flight were "
                    "not committed, and `difftest fuzz --out="
                 << out << " --resume` redoes them\n";
    return kToolError;
  }
  llvm::outs() << "campaign: " << out << "/campaign.db; report: difftest "
               << "report " << out << "\n";
  return kPass;
}

int mergeCommand(int argc, char **argv) {
  cl::OptionCategory category("difftest merge options");
  cl::opt<std::string> out(cl::Positional, cl::desc("<merged dir>"),
                           cl::Required, cl::cat(category));
  cl::list<std::string> shards(cl::Positional, cl::desc("<shard dir>..."),
                               cl::OneOrMore, cl::cat(category));
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "difftest merge: shard campaigns into one\n");
  fs::create_directories(joinPath(out, "bundles"));
  auto db = CampaignDB::open(joinPath(out, "campaign.db"));
  if (!db) {
    llvm::errs() << "error: " << llvm::toString(db.takeError()) << "\n";
    return kToolError;
  }
  for (const std::string &s : shards) {
    std::string sdb = joinPath(s, "campaign.db");
    if (!fs::exists(sdb)) {
      llvm::errs() << "error: " << sdb << ": no campaign database\n";
      return kInvalid;
    }
    auto shardDb = CampaignDB::open(sdb);
    if (!shardDb) {
      llvm::errs() << "error: " << llvm::toString(shardDb.takeError()) << "\n";
      return kInvalid;
    }
    for (StringRef key : {"seed", "targets", "batch", "iree_version", "started",
                          "large", "ops", "static_twins", "unsupported_ops",
                          "frontend", "mutate", "mutate_pct", "extra_flags",
                          "guided", "guided_gen", "guided_flags", "guided_pct",
                          "guided_lag"})
      if (!(*db)->option(key))
        if (auto v = (*shardDb)->option(key))
          (void)(*db)->setOption(key, *v);
    for (const FailureRow &f : (*shardDb)->failures()) {
      std::string from = joinPath(s, f.bundle), to = joinPath(out, f.bundle);
      if (fs::exists(to))
        continue;
      if (llvm::Error e = copyTree(from, to)) {
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
        return kToolError;
      }
    }
    shardDb->reset();
    if (llvm::Error e = (*db)->mergeFrom(sdb)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
  }
  llvm::outs() << "merged " << shards.size() << " shards into " << out
               << "/campaign.db (" << (*db)->cases().size() << " rows)\n";
  return kPass;
}


} // namespace ref::difftest
