//===- FuzzBatch.cpp - One batch of a difftest fuzz campaign -------------===//
//
// Campaign::runBatch: generate (or mutate) and interpret the cases, compile
// them per target as one module (each failure again alone), run and judge
// them, stage the bundles of new failures and commit the batch (Fuzz.cpp
// says what a campaign is).
//
//===----------------------------------------------------------------------===//


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
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// The interpreter's time limit on a mutant's golden (seconds).
constexpr double kMutantInterpSeconds = 60;

/// Opt levels are weighted toward O3, where several known bug classes live.
int pickOptLevel(uint64_t r) {
  unsigned x = r % 100;
  return x < 30 ? 0 : x < 40 ? 1 : x < 60 ? 2 : 3;
}

/// The function's signature; in the static twin every `?` is the extent
/// the case runs with.
Signature signatureOf(const fuzz::Case &c, StringRef name,
                      bool staticShapes) {
  Signature s;
  s.name = name.str();
  auto describe = [&](fuzz::ValueId v) {
    fuzz::TensorType t = c.program.type(v);
    if (staticShapes)
      t.dims.assign(c.program.shape(v).begin(), c.program.shape(v).end());
    ArgType a;
    a.type = t.str();
    a.dtype = t.dtype;
    a.tensor = true;
    for (int64_t d : t.dims)
      a.shape.push_back(d == fuzz::kDynamic ? -1 : d);
    return a;
  };
  for (fuzz::ValueId v : c.program.args)
    s.inputs.push_back(describe(v));
  for (fuzz::ValueId v : c.program.returns)
    s.results.push_back(describe(v));
  return s;
}

/// Whether any value of the program has a `?` extent.
bool hasDynamicShapes(const fuzz::Program &p) {
  return llvm::any_of(p.values,
                      [](const fuzz::Value &v) { return v.type.hasDynamic(); });
}

/// Whether a tool found the disk full (gpu::environmentFailure's message).
bool diskFull(const TargetResult &r) {
  return r.verdict == gpu::Verdict::ToolError &&
         StringRef(r.detail).starts_with("disk full");
}

/// The target name of a static twin's rows: "llvm-cpu+static".
constexpr StringRef kTwinSuffix = "+static";


/// The outcome of one case on one target.
struct CaseTarget {
  TargetResult result;
  std::string subdir;
  bool batchOnly = false; // failed in the combined module only
};

struct BatchCase {
  int64_t index;
  uint64_t caseSeed;
  std::string name; // function
  std::string dir;  // its work directory
  std::string programHash;
  std::string features;
  Golden golden;
  std::vector<CaseTarget> targets;
  bool twin = false; // the static twin of the case before it
  /// A mutant of a source that reads parameter globals: its archives as
  /// --parameters values (absolute paths; each scope renamed to the
  /// case's own, so that the cases of one combined module never share a
  /// scope).
  std::vector<std::string> parameters;
  /// A guided mutant made with the flag operator: the flag it compiles
  /// with (alone, beside the batch's configuration).
  std::string flag;
};

/// Whether `c` is a golden suspect: at least two targets ran it, every one
/// of them disagreed with the golden (a mismatch), and their outputs are
/// the same bit for bit. Independent code generators agreeing exactly on
/// an answer the interpreter did not give points at the interpreter first;
/// it may still be a bug IREE's targets share (the flow-level pipeline),
/// so the rows stay mismatches and the report lists the case for audit.
/// Returns the targets that agreed.
std::optional<std::vector<size_t>> goldenSuspect(const BatchCase &c) {
  std::vector<size_t> ran;
  for (auto [t, ct] : llvm::enumerate(c.targets)) {
    gpu::Verdict v = ct.result.verdict;
    if (v == gpu::Verdict::Mismatch)
      ran.push_back(t);
    else if (v == gpu::Verdict::Pass)
      return std::nullopt; // one target agrees with the golden
  }
  if (ran.size() < 2)
    return std::nullopt;
  for (auto [i, g] : llvm::enumerate(c.golden.spec.goldens)) {
    std::optional<std::string> first;
    for (size_t t : ran) {
      auto bytes = readFile(joinPath(
          c.dir, c.targets[t].subdir, "actual",
          gpu::tensorFileName("out", static_cast<unsigned>(i), g.dtype)));
      if (!bytes) {
        llvm::consumeError(bytes.takeError());
        return std::nullopt;
      }
      if (!first)
        first = std::move(*bytes);
      else if (*first != *bytes)
        return std::nullopt;
    }
  }
  return ran;
}

} // namespace

llvm::Error Campaign::runBatch(int64_t b, int64_t first, int64_t count) {
  if (minFreeBytes > 0) {
    llvm::ErrorOr<fs::space_info> space = fs::disk_space(out);
    if (!space)
      return environmentError(out + ": " + space.getError().message());
    if (space->available < minFreeBytes)
      return environmentError(llvm::formatv(
          "{0}: only {1} MiB free on the campaign's disk (--min-free-disk="
          "{2} MiB); stopped before batch {3}",
          out, space->available >> 20, minFreeBytes >> 20, b));
  }
  std::string bdir = joinPath(out, "work", "b" + std::to_string(b));
  fs::remove_directories(bdir);
  std::string stage = joinPath(out, "bundles", ".b" + std::to_string(b));
  fs::remove_directories(stage);
  std::set<std::string> batchSignatures;
  // Whether the batch should bundle `sig`: not committed, not bundled yet.
  auto isNew = [&](const std::string &sig) {
    return !isCommitted(sig) && batchSignatures.insert(sig).second;
  };
  if (std::error_code ec = fs::create_directories(bdir))
    return llvm::createStringError(ec, bdir + ": " + ec.message());

  // A guided batch draws its mutants from the queue as the batches before
  // it left it (Guided.h: waits for them).
  GuidedView view;
  std::vector<std::pair<std::string, std::string>> coverageDirs;
  if (guided) {
    auto q = guided->snapshot(b, *db, [&] {
      return stopRequested || (cancel && cancel->cancelled());
    });
    if (!q)
      return environmentError("stopped while batch " + std::to_string(b) +
                              " waited for the batches before it");
    view = std::move(*q);
  }
  // The guided generator: op kinds weighted by how often their generated
  // cases reached new coverage in the batches the view holds.
  std::vector<double> genScale;
  if (guided && guided->steerGenerator) {
    std::vector<std::string> names;
    for (unsigned k = 0; k < fuzz::kNumOpKinds; ++k)
      names.push_back(fuzz::opKindName(static_cast<fuzz::OpKind>(k)).str());
    genScale = generatorWeightScale(view.records.opKinds, names);
  }
  // A compile that also dumps the executable configurations into `dir`
  // (relative to its working directory) for the coverage of --guided.
  auto withCoverage = [&](const gpu::TargetConfig &config,
                          StringRef workDir, const std::string &dir) {
    if (!guided)
      return config;
    gpu::TargetConfig c = config;
    c.extraFlags.push_back(coverageFlag(dir));
    coverageDirs.push_back({joinPath(workDir, dir), config.name()});
    return c;
  };

  // The flags a guided batch or mutant may draw: those of the flag space
  // that apply to some target of the campaign.
  std::vector<const FlagChoice *> guidedFlags;
  if (guided)
    for (const FlagChoice &f : flagChoices)
      if (llvm::any_of(targets, [&](const gpu::TargetConfig &c) {
            return flagApplies(f, c.desc->name) &&
                   gpu::compilerAcceptsFlag(settings.tools->compilerHelp(),
                                            f.flag);
          }))
        guidedFlags.push_back(&f);

  // The batch's compile configuration. Its extra flag: a quarter of the
  // batches draw one uniformly; a guided campaign that steers flags draws
  // flag or none, and which, by the coverage record of the batches before
  // (Schedule.h, drawBatchFlag).
  uint64_t r = fuzz::mixSeed(seed ^ 0xC0DEC0DEull, static_cast<uint64_t>(b));
  int opt = pickOptLevel(r);
  std::vector<std::string> extra;
  const FlagChoice *drawn = nullptr;
  if (guided && guided->steerFlags) {
    std::vector<std::string> names;
    for (const FlagChoice *f : guidedFlags)
      names.push_back(f->flag);
    if (auto k = guided->pickBatchFlag(r, view, names))
      drawn = guidedFlags[*k];
  } else if ((r >> 8) % 100 < 25 && !flagChoices.empty()) {
    drawn = &flagChoices[(r >> 16) % flagChoices.size()];
  }
  if (drawn)
    extra.push_back(drawn->flag);
  std::vector<gpu::TargetConfig> configs;
  for (gpu::TargetConfig c : targets) {
    c.optLevel = opt;
    if (drawn && flagApplies(*drawn, c.desc->name) &&
        gpu::compilerAcceptsFlag(settings.tools->compilerHelp(), drawn->flag))
      c.extraFlags.push_back(drawn->flag);
    configs.push_back(std::move(c));
  }
  // The configuration case `c` compiles with on target `t`: the batch's,
  // and a flagged mutant's flag where it applies.
  auto caseConfig = [&](const BatchCase &c, size_t t) {
    gpu::TargetConfig config = configs[t];
    if (!c.flag.empty())
      for (const FlagChoice *f : guidedFlags)
        if (f->flag == c.flag && flagApplies(*f, config.desc->name) &&
            gpu::compilerAcceptsFlag(settings.tools->compilerHelp(),
                                     c.flag) &&
            !llvm::is_contained(config.extraFlags, c.flag))
          config.extraFlags.push_back(c.flag);
    return config;
  };

  std::vector<CaseRow> rows;
  std::vector<FailureRow> failures;
  std::vector<BatchCase> cases;
  auto baseRow = [&](const BatchCase &c) {
    CaseRow row;
    row.caseIndex = c.index;
    row.seed = c.caseSeed;
    row.programHash = c.programHash;
    row.features = c.features;
    row.batch = b;
    row.interpSeconds = c.golden.seconds;
    row.optLevel = "O" + std::to_string(opt);
    row.flags = llvm::join(extra, " ");
    row.finishedAt = now();
    return row;
  };

  // 1. Generate and interpret.
  // Writes a case's program and inputs into its directory and runs the
  // interpreter for its goldens.
  auto prepare = [&](BatchCase &c, const fuzz::Case &gc,
                     bool staticShapes) -> llvm::Error {
    c.dir = joinPath(bdir, c.name);
    for (StringRef sub : {"inputs", "golden"})
      if (std::error_code ec = fs::create_directories(joinPath(c.dir, sub)))
        return environmentError(joinPath(c.dir, sub) + ": " + ec.message());
    fuzz::PrintOptions po;
    po.functionName = c.name;
    po.staticShapes = staticShapes;
    std::string text = gc.text(po);
    c.programHash = hex64(llvm::xxh3_64bits(text));
    std::string featureText;
    llvm::raw_string_ostream fos(featureText);
    fos << llvm::json::Value(fuzz::toJSON(gc.features));
    c.features = featureText;
    if (llvm::Error e = writeFile(joinPath(c.dir, "program.mlir"), text))
      return e;
    std::vector<gpu::TensorFile> inputs;
    for (auto [k, t] : llvm::enumerate(gc.inputs)) {
      gpu::TensorFile f;
      f.path = joinPath("inputs", gpu::tensorFileName("in", k, t.dtype()));
      f.dtype = t.dtype();
      f.shape.assign(t.shape().begin(), t.shape().end());
      if (llvm::Error e = gpu::writeTensorFile(joinPath(c.dir, f.path), t))
        return e;
      inputs.push_back(std::move(f));
    }
    c.golden = makeGolden("program.mlir", signatureOf(gc, c.name, staticShapes),
                          inputs, "golden", c.dir, settings.interpLimits);
    return llvm::Error::success();
  };
  // The archives of a case that reads parameters, copied into its
  // directory (parameters.json, params/) when it is to become a bundle:
  // --parameters values relative to the case directory.
  auto recordParameters =
      [&](const BatchCase &c) -> llvm::Expected<std::vector<std::string>> {
    if (c.parameters.empty())
      return std::vector<std::string>();
    auto files = collectParameters(c.parameters, nullptr, c.dir);
    if (!files)
      return files.takeError();
    if (llvm::Error e = writeParameterRecord(c.dir, *files))
      return std::move(e);
    return parameterFlags(*files);
  };
  // Records a case the interpreter did not run: rejected (undefined on its
  // inputs: the generator should make this rare), or a bug of ours: the
  // generator made an invalid program, the interpreter failed on a valid
  // one, or the static twin's goldens differ from the dynamic program's.
  auto reject = [&](const BatchCase &c, StringRef verdict,
                    const std::string &message) -> llvm::Error {
    CaseRow row = baseRow(c);
    row.target = c.twin ? ("-" + kTwinSuffix).str() : "-";
    std::string msg = StringRef(message).trim().str();
    row.detail = msg.substr(0, msg.find('\n'));
    row.verdict = verdict.str();
    if (verdict != "rejected-ub" && verdict != "mutant-invalid" &&
        verdict != "golden-unsupported") {
      row.signature = row.verdict + "|" + row.target + "|" +
                      gpu::normalizeMessage(row.detail);
      if (isNew(row.signature)) {
        std::string name = bundleName(row.verdict, row.signature);
        std::string dst = joinPath(stage, name);
        fs::remove_directories(dst);
        if (auto p = recordParameters(c); !p)
          return p.takeError();
        if (llvm::Error e = copyTree(c.dir, dst))
          return e;
        if (llvm::Error e = writeFile(joinPath(dst, "interpreter.log"), message))
          return e;
        failures.push_back({row.signature, row.verdict, row.target, c.index,
                            joinPath("bundles", name), now()});
      }
    }
    rows.push_back(std::move(row));
    return llvm::Error::success();
  };
  auto goldenVerdict = [](const Golden &g) -> StringRef {
    return g.status == Golden::Undefined     ? "rejected-ub"
           : g.status == Golden::Unsupported ? "golden-unsupported"
           : g.status == Golden::Invalid     ? "generator-error"
                                             : "interpreter-error";
  };
  // A mutant of a real program (--mutate): written by ref-mutate, its
  // inputs random (with the extents the mutant runs with), interpreted
  // once. An invalid mutant is counted (`mutant-invalid`), never a finding.
  // Its golden has a shorter time limit than a generated case's: one that
  // runs past it is a mutant that may never end, not a case.
  gpu::ProcessLimits mutantLimits = settings.interpLimits;
  if (mutantLimits.timeoutSeconds <= 0 ||
      mutantLimits.timeoutSeconds > kMutantInterpSeconds)
    mutantLimits.timeoutSeconds = kMutantInterpSeconds;
  auto prepareMutant = [&](BatchCase &c, const MutateSource &src,
                           llvm::json::Object features) -> llvm::Error {
    c.dir = joinPath(bdir, c.name);
    for (StringRef sub : {"inputs", "golden"})
      if (std::error_code ec = fs::create_directories(joinPath(c.dir, sub)))
        return environmentError(joinPath(c.dir, sub) + ": " + ec.message());
    Mutant m = makeMutant(src, c.caseSeed, c.name, c.dir,
                          settings.interpLimits);
    if (!m.environment.empty())
      return environmentError(m.environment);
    features["mutant"] = llvm::json::Object(m.info);
    // A queue entry's file is a scratch copy: name the entry instead.
    if (auto parent = features.getInteger("parent_case"))
      (*features.getObject("mutant"))["source"] =
          llvm::formatv("guided queue: case {0}", *parent).str();
    if (m.status == Mutant::Written) {
      auto text = readFile(joinPath(c.dir, "program.mlir"));
      if (!text)
        return text.takeError();
      if (!src.parameters.empty()) {
        // The source's weights: its archives, each scope renamed to the
        // case's own (a combined module holds several cases' globals, and
        // every case's archives are given to its run).
        auto scoped = [&](StringRef scope) {
          return scope.empty() ? c.name : c.name + "." + scope.str();
        };
        *text = renameParameterScopes(*text, scoped);
        if (llvm::Error e = writeFile(joinPath(c.dir, "program.mlir"), *text))
          return e;
        for (const std::string &flag : src.parameters) {
          ParameterFlag f = parseParameterFlag(flag);
          c.parameters.push_back(scoped(f.scope) + "=" + f.file);
        }
      }
      c.programHash = hex64(llvm::xxh3_64bits(*text));
      llvm::json::Array names;
      for (const std::string &op : programOps(*text))
        names.push_back(op);
      features["op_names"] = std::move(names);
    }
    c.features = llvm::formatv("{0}", llvm::json::Value(std::move(features)));
    if (m.status == Mutant::Invalid)
      return reject(c, "mutant-invalid", m.message);
    if (m.status == Mutant::Failed)
      return reject(c, "generator-error", m.message);
    auto sigs = readSignatures(joinPath(c.dir, "program.mlir"),
                               settings.interpLimits);
    if (!sigs)
      return reject(c, "mutant-invalid",
                    "ref-run does not take the mutant: " +
                        llvm::toString(sigs.takeError()));
    const Signature *sig = nullptr;
    for (const Signature &s : *sigs)
      if (s.name == c.name)
        sig = &s;
    if (!sig)
      return reject(c, "generator-error",
                    "the mutant has no function @" + c.name);
    if (llvm::Error e = checkSupported(*sig))
      return reject(c, "mutant-invalid", llvm::toString(std::move(e)));
    // Random inputs; integers narrowed when they make the program
    // undefined (index-like arguments), as difftest run does.
    for (unsigned attempt = 0; attempt < 4; ++attempt) {
      auto files = randomInputs(*sig, c.caseSeed, attempt,
                                joinPath(c.dir, "inputs"), m.runShapes);
      if (!files)
        return reject(c, "mutant-invalid", llvm::toString(files.takeError()));
      for (gpu::TensorFile &f : *files)
        f.path = joinPath("inputs", path::filename(f.path));
      c.golden = makeGolden("program.mlir", *sig, *files, "golden", c.dir,
                            mutantLimits, c.parameters);
      if (c.golden.status != Golden::Undefined)
        break;
    }
    // A mutated loop bound or condition may make a program that never ends
    // (IREE's while test with `sge` made `ne` and i8 counters): not a case.
    if (c.golden.status == Golden::Failed && c.golden.environment.empty() &&
        StringRef(c.golden.message).starts_with("the interpreter timed out"))
      return reject(c, "mutant-invalid",
                    llvm::formatv("the mutant does not finish in {0:f0} s "
                                  "(a mutated loop bound or condition may "
                                  "never end): ",
                                  mutantLimits.timeoutSeconds)
                            .str() +
                        c.golden.message);
    if (!c.golden.environment.empty())
      return environmentError(c.golden.environment);
    switch (c.golden.status) {
    case Golden::Ok:
      cases.push_back(std::move(c));
      return llvm::Error::success();
    case Golden::Undefined:
      return reject(c, "rejected-ub", c.golden.message);
    case Golden::Unsupported:
      // The interpreter refuses an element type of the mutant: no golden,
      // counted, never a finding about IREE.
      return reject(c, "golden-unsupported", c.golden.message);
    case Golden::Invalid:
      if (c.golden.parameterError)
        return reject(c, "mutant-invalid",
                      "the mutant's parameter globals no longer fit the "
                      "source's archive (a mutation changed a weight's "
                      "shape or type): " +
                          c.golden.message);
      return reject(c, "mutant-invalid",
                    "the interpreter does not take the mutant: " +
                        c.golden.message);
    case Golden::Failed:
      break;
    }
    return reject(c, "interpreter-error", c.golden.message);
  };
  for (int64_t i = first; i < first + count; ++i) {
    BatchCase c;
    c.index = i;
    c.caseSeed = fuzz::caseSeed(seed, static_cast<uint64_t>(i));
    c.name = "f" + std::to_string(i);
    if (const QueueEntry *q = guided ? guided->pick(c.caseSeed, view)
                                     : nullptr) {
      // A mutant of a queue entry (its program, as committed): an operator
      // drawn by its record (Guided.h), then ref-mutate's mutations. An
      // operator that does not apply leaves ref-mutate's alone.
      llvm::json::Object origin{{"parent_case", q->caseIndex},
                                {"parent_function", q->function}};
      std::string program = q->program;
      std::array<bool, kNumOperators> available;
      available.fill(true);
      available[size_t(MutationOperator::Flag)] = !guidedFlags.empty();
      MutationOperator op = guided->pickOperator(c.caseSeed, view, available);
      uint64_t opSeed = fuzz::mixSeed(c.caseSeed, 0x57C8);
      std::optional<StructuralMutant> s;
      switch (op) {
      case MutationOperator::Consumer:
        s = addConsumer(program, opSeed);
        break;
      case MutationOperator::Reduction:
        s = addReduction(program, opSeed);
        break;
      case MutationOperator::Producer:
        s = addProducer(program, opSeed);
        break;
      case MutationOperator::Broadcast:
        s = addBroadcast(program, opSeed);
        break;
      case MutationOperator::Contraction:
        s = addContraction(program, opSeed);
        break;
      case MutationOperator::Flag: {
        // One of the flags the batch does not compile with already.
        const FlagChoice &f = *guidedFlags[opSeed % guidedFlags.size()];
        if (drawn && f.flag == drawn->flag)
          op = MutationOperator::RefMutate;
        else
          c.flag = f.flag;
        break;
      }
      case MutationOperator::RefMutate:
        break;
      }
      if (s) {
        program = std::move(s->program);
        origin["structural"] = s->what;
      } else if (op != MutationOperator::Flag) {
        op = MutationOperator::RefMutate;
      }
      origin["operator"] = operatorName(op).str();
      if (!c.flag.empty())
        origin["flag"] = c.flag;
      llvm::SmallString<256> parent(
          joinPath(bdir, "parent-" + c.name + ".mlir"));
      fs::make_absolute(parent);
      if (llvm::Error e = writeFile(parent, program))
        return e;
      MutateSource src;
      src.file = parent.str().str();
      src.function = q->function;
      if (llvm::Error e = prepareMutant(c, src, std::move(origin)))
        return e;
      continue;
    }
    if (mutatePercent > 0 &&
        fuzz::mixSeed(c.caseSeed, 0x3D7A) % 100 < mutatePercent) {
      if (llvm::Error e = prepareMutant(
              c,
              pool.entries[fuzz::mixSeed(c.caseSeed, 0x5A17) %
                           pool.entries.size()],
              llvm::json::Object()))
        return e;
      continue;
    }
    fuzz::Case gc = generate(c.caseSeed, genScale);
    if (llvm::Error e = prepare(c, gc, /*staticShapes=*/false))
      return e;
    // Past an executor's limit the run would only say so: draw again.
    for (unsigned redraw = 1;
         redraw <= kLimitRedraws && c.golden.status == Golden::Ok &&
         llvm::any_of(executorLimits,
                      [&](const gpu::ExecutorLimits &l) {
                        return gpu::exceedsLimits(
                                   l, joinPath(c.dir, c.golden.spec.workPath))
                            .has_value();
                      });
         ++redraw) {
      c.caseSeed = fuzz::mixSeed(fuzz::caseSeed(seed, static_cast<uint64_t>(i)),
                                 0xE7EC0000ull + redraw);
      fs::remove_directories(c.dir);
      gc = generate(c.caseSeed, genScale);
      if (llvm::Error e = prepare(c, gc, /*staticShapes=*/false))
        return e;
    }
    // An interpreter that cannot start (or was stopped, or found the disk
    // full) is the environment's failure: stop (the batch is not committed;
    // --resume redoes it) rather than record every case as a finding.
    if (!c.golden.environment.empty())
      return environmentError(c.golden.environment);
    if (c.golden.status != Golden::Ok) {
      if (llvm::Error e = reject(c, goldenVerdict(c.golden), c.golden.message))
        return e;
      continue;
    }
    // The metamorphic pair: the same program with every extent static,
    // on the same inputs. Its goldens must be the dynamic program's, bit
    // for bit; on each target it must agree with them like its twin.
    bool withTwin = twinPercent > 0 && hasDynamicShapes(gc.program) &&
                    fuzz::mixSeed(c.caseSeed, 0x7419) % 100 < twinPercent;
    cases.push_back(std::move(c));
    if (!withTwin)
      continue;
    BatchCase t;
    t.index = i;
    t.caseSeed = cases.back().caseSeed;
    t.name = cases.back().name + "_static";
    t.twin = true;
    if (llvm::Error e = prepare(t, gc, /*staticShapes=*/true))
      return e;
    if (!t.golden.environment.empty())
      return environmentError(t.golden.environment);
    if (t.golden.status != Golden::Ok) {
      if (llvm::Error e = reject(t, goldenVerdict(t.golden), t.golden.message))
        return e;
      continue;
    }
    const BatchCase &d = cases.back();
    std::string differs;
    for (auto [k, g] : llvm::enumerate(d.golden.spec.goldens)) {
      auto a = readFile(joinPath(d.dir, g.path));
      auto b = k < t.golden.spec.goldens.size()
                   ? readFile(joinPath(t.dir, t.golden.spec.goldens[k].path))
                   : llvm::Expected<std::string>(std::string());
      if (!a || !b || *a != *b) {
        if (!a)
          llvm::consumeError(a.takeError());
        if (!b)
          llvm::consumeError(b.takeError());
        differs = "static twin: golden output " + std::to_string(k) +
                  " differs from the dynamic program's";
        break;
      }
    }
    if (!differs.empty()) {
      if (llvm::Error e = reject(t, "interpreter-error", differs))
        return e;
      continue;
    }
    cases.push_back(std::move(t));
  }

  // 2. Compile and run per target.
  std::string goldenCmdTail;
  for (size_t ti = 0; ti < configs.size(); ++ti) {
    const gpu::TargetConfig &config = configs[ti];
    std::string sub = config.name();
    std::replace(sub.begin(), sub.end(), ':', '_');
    // Which cases run from a combined module (and its compile result);
    // the others compile alone. A combined compile that fails with
    // diagnostics at lines of some functions drops those (they compile
    // alone) and retries with the rest; a failure without a location (a
    // crash, a timeout) sends every case of the round to compile alone.
    std::vector<bool> inCombined(cases.size(), false);
    TargetResult combinedCompile;
    std::string combinedName;
    if (batching && cases.size() > 1) {
      // A mutant with a flag of its own compiles alone (with the flag).
      std::vector<size_t> members;
      for (size_t k = 0; k < cases.size(); ++k)
        if (cases[k].flag.empty())
          members.push_back(k);
      for (int round = 0; round < 3 && members.size() > 1; ++round) {
        std::string module;
        std::vector<std::pair<unsigned, unsigned>> lines; // [first, last]
        unsigned line = 1;
        for (size_t k : members) {
          auto text = readFile(joinPath(cases[k].dir, "program.mlir"));
          if (!text)
            return text.takeError();
          unsigned n = std::count(text->begin(), text->end(), '\n') + 1;
          lines.push_back({line, line + n - 1});
          line += n;
          module += *text + "\n";
        }
        combinedName = "module" + std::to_string(round);
        if (llvm::Error e =
                writeFile(joinPath(bdir, combinedName + ".mlir"), module))
          return e;
        combinedCompile = compileTarget(
            withCoverage(config, bdir, "cov-" + sub + "-" + combinedName),
            combinedName + ".mlir", bdir,
                                        sub + "-" + combinedName, settings);
        if (diskFull(combinedCompile))
          return environmentError(config.name() + ": " +
                                  combinedCompile.detail);
        if (combinedCompile.verdict == gpu::Verdict::Pass) {
          for (size_t k : members)
            inCombined[k] = true;
          break;
        }
        auto log = readFile(
            joinPath(bdir, sub + "-" + combinedName, "compile.log"));
        std::set<size_t> culprits;
        if (log) {
          std::string key = combinedName + ".mlir:";
          for (size_t pos = log->find(key); pos != std::string::npos;
               pos = log->find(key, pos + 1)) {
            unsigned at = 0;
            StringRef(*log).substr(pos + key.size()).consumeInteger(10, at);
            for (auto [m, range] : llvm::enumerate(lines))
              if (at >= range.first && at <= range.second)
                culprits.insert(m);
          }
        } else {
          llvm::consumeError(log.takeError());
        }
        if (culprits.empty())
          break; // no location: everyone alone
        std::vector<size_t> rest;
        for (auto [m, k] : llvm::enumerate(members))
          if (!culprits.count(m))
            rest.push_back(k);
        members = std::move(rest);
      }
    }
    std::string combinedSub = sub + "-" + combinedName;
    size_t numCombined = llvm::count(inCombined, true);
    // The combined module initializes every member's parameter globals:
    // each of its runs takes every member's archives (their scopes differ).
    std::vector<std::string> combinedParameters;
    for (auto [k, c] : llvm::enumerate(cases))
      if (inCombined[k])
        combinedParameters.insert(combinedParameters.end(),
                                  c.parameters.begin(), c.parameters.end());
    for (auto [k, c] : llvm::enumerate(cases)) {
      CaseTarget ct;
      ct.subdir = sub;
      if (inCombined[k]) {
        TargetResult shared = combinedCompile;
        shared.compileSeconds /= numCombined;
        gpu::CaseSpec inBatch = c.golden.spec;
        inBatch.parameters = combinedParameters;
        ct.result = runCompiled(config,
                                joinPath("..", combinedSub, "module.vmfb"),
                                inBatch, c.dir, sub, settings, shared);
        if (gpu::isFailure(ct.result.verdict)) {
          // Isolate: the case alone. Its own outcome wins when it fails
          // too; a failure only in company is still a bug, kept as such.
          TargetResult alone =
              runTarget(config, "program.mlir", c.golden.spec, c.dir,
                        sub + "-alone", settings);
          if (gpu::isFailure(alone.verdict)) {
            ct.result = alone;
            ct.subdir = sub + "-alone";
          } else {
            ct.batchOnly = true;
            ct.result.detail += " (only with the batch's other functions)";
          }
        }
      } else {
        ct.result =
            runTarget(withCoverage(caseConfig(c, ti), c.dir, "cov-" + sub),
                      "program.mlir", c.golden.spec, c.dir, sub, settings);
      }
      // A tool that could not start, was stopped from outside or found the
      // disk full tells nothing about the case: one retry (a stray kill),
      // then the campaign stops without committing the batch.
      if (ct.result.verdict == gpu::Verdict::ToolError) {
        if (!diskFull(ct.result)) {
          ct.result = runTarget(caseConfig(c, ti), "program.mlir",
                                c.golden.spec, c.dir, sub + "-retry",
                                settings);
          ct.subdir = sub + "-retry";
          ct.batchOnly = false;
        }
        if (ct.result.verdict == gpu::Verdict::ToolError)
          return environmentError(config.name() + ", case " +
                                  std::to_string(c.index) + ": " +
                                  ct.result.detail);
      }
      c.targets.push_back(std::move(ct));
    }
  }

  // 3. Rows and bundles.
  // Stages a bundle of case `c` as run on target `t` under `name`.
  auto stageBundle = [&](BatchCase &c, size_t t,
                         const std::string &name)
      -> llvm::Expected<std::string> {
    const CaseTarget &ct = c.targets[t];
    std::vector<std::string> goldenArgv = {"ref-run", "program.mlir",
                                           "--function=" + c.name};
    // The bundle carries the case's archives (parameters.json).
    gpu::CaseSpec spec = c.golden.spec;
    auto params = recordParameters(c);
    if (!params)
      return params.takeError();
    if (!c.parameters.empty())
      spec.parameters = *params;
    for (const std::string &p : *params)
      goldenArgv.push_back("--parameters=" + p);
    for (const gpu::TensorFile &in : c.golden.spec.inputs)
      goldenArgv.push_back("--input=" + in.inputFlag());
    auto bundle = writeBundle(stage, name, c.dir, ct.subdir, spec,
                              caseConfig(c, t), ct.result, settings,
                              shellCommand(goldenArgv), /*replace=*/true);
    if (!bundle)
      return bundle.takeError();
    return *bundle;
  };
  std::vector<SuspectRow> suspects;
  for (BatchCase &c : cases) {
    for (auto [t, ct] : llvm::enumerate(c.targets)) {
      const gpu::TargetConfig config = caseConfig(c, t);
      CaseRow row = baseRow(c);
      // The flags this target compiled with (a drawn flag applies only to
      // the targets it belongs to).
      row.flags = llvm::join(config.extraFlags, " ");
      row.target = ct.result.target + (c.twin ? kTwinSuffix.str() : "");
      row.verdict = gpu::verdictName(ct.result.verdict).str();
      row.signature = ct.result.signature;
      // A mismatch or runtime failure is signed by what it saw (the
      // output's dtype and class); the program's ops keep unrelated bugs
      // of one dtype apart, each with its bundle (docs/nightly.md).
      if (!row.signature.empty() &&
          gpu::stageOf(ct.result.verdict) != gpu::Stage::Compile) {
        if (auto text = readFile(joinPath(c.dir, "program.mlir")))
          row.signature += " [" + llvm::join(programOps(*text), " ") + "]";
        else
          llvm::consumeError(text.takeError());
      }
      // A failure under an extra flag that goes away (or changes) without
      // it needs the flag: the signature says so, apart from the same bug
      // met without flags, and so does the bundle (verdict.json
      // "needs_flags", issue.md).
      bool needsFlags = false;
      if (gpu::isFailure(ct.result.verdict) && !row.signature.empty() &&
          !config.extraFlags.empty()) {
        std::optional<bool> needs =
            needsExtraFlags(config, c.golden.spec, c.dir, ct.subdir,
                            ct.result.signature);
        needsFlags = needs.value_or(false);
        if (needsFlags)
          row.signature +=
              " {needs " + llvm::join(config.extraFlags, " ") + "}";
      }
      row.detail = ct.result.detail;
      row.compileSeconds = ct.result.compileSeconds;
      row.runSeconds = ct.result.runSeconds;
      if (gpu::isFailure(ct.result.verdict) && !row.signature.empty() &&
          isNew(row.signature)) {
        std::string name = bundleName(row.verdict, row.signature);
        if (ct.batchOnly)
          for (int round = 0; round < 3; ++round) {
            std::string m = "module" + std::to_string(round) + ".mlir";
            if (fs::exists(joinPath(bdir, m)))
              fs::copy_file(joinPath(bdir, m), joinPath(c.dir, "batch-" + m));
          }
        auto bundle = stageBundle(c, t, name);
        if (!bundle)
          return bundle.takeError();
        if (needsFlags)
          if (llvm::Error e = recordNeededFlags(*bundle, config.extraFlags))
            return std::move(e);
        failures.push_back({row.signature, row.verdict, row.target, c.index,
                            joinPath("bundles", name), now()});
      }
      rows.push_back(std::move(row));
    }
    if (std::optional<std::vector<size_t>> agreed = goldenSuspect(c)) {
      SuspectRow g;
      g.caseIndex = c.index;
      g.variant = c.twin ? kTwinSuffix.str() : "";
      const TargetResult &r = c.targets[agreed->front()].result;
      for (size_t t : *agreed)
        g.targets += (g.targets.empty() ? "" : ",") + configs[t].name();
      g.signature = r.signature;
      g.detail = r.detail;
      std::string name = "golden-suspect-" + c.name; // f<i> or f<i>_static
      if (auto bundle = stageBundle(c, agreed->front(), name); !bundle)
        return bundle.takeError();
      g.bundle = joinPath("bundles", name);
      suspects.push_back(std::move(g));
    }
  }
  // Stopped at --time while the batch ran: some of its tools may have been
  // killed or never started, so none of its rows can be trusted. It stays
  // uncommitted (the caller notes it unfinished; --resume runs it).
  if (cancel && cancel->cancelled())
    return environmentError("stopped at the campaign's --time");
  std::optional<BatchCoverage> coverage;
  if (guided) {
    std::vector<CoverageCase> owners;
    for (const BatchCase &c : cases)
      owners.push_back({c.index, c.name, joinPath(c.dir, "program.mlir")});
    auto cov = collectCoverage(coverageDirs, owners);
    if (!cov)
      return environmentError(llvm::toString(cov.takeError()));
    coverage = std::move(*cov);
  }
  llvm::Expected<size_t> newFailures =
      commit(b, rows, std::move(failures), suspects, stage,
             coverage ? &*coverage : nullptr);
  if (!newFailures)
    return newFailures.takeError();
  fs::remove_directories(bdir);
  {
    std::lock_guard<std::mutex> lock(stats.mutex);
    stats.cases += count;
    for (const CaseRow &row : rows)
      ++stats.verdicts[row.verdict];
    stats.newFailures += *newFailures;
    stats.goldenSuspects += static_cast<int64_t>(suspects.size());
  }
  progress(false);
  return llvm::Error::success();
}

} // namespace ref::difftest
