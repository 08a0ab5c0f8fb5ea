//===- Export.cpp - Batches for machines with a device --------------------===//

#include "difftest/Export.h"
#include "difftest/Options.h"
#include "difftest/Parameters.h"
#include "gpu/Batch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static uint64_t fileSize(StringRef p) {
  uint64_t size = 0;
  fs::file_size(p, size);
  return size;
}

int exportCommand(int argc, char **argv) {
  OneTargetOptions common("The one target of the batch, e.g. cuda:sm_90",
                          /*defaultTarget=*/"");
  cl::list<std::string> programs(cl::Positional, cl::desc("<program.mlir>..."),
                                 cl::OneOrMore, cl::cat(common.category));
  cl::opt<std::string> function(
      "function",
      cl::desc("Function to export (default: every public function whose "
               "signature difftest can feed)"),
      cl::cat(common.category));
  cl::opt<unsigned> seeds("seeds",
                          cl::desc("Random input sets per function"),
                          cl::init(1), cl::cat(common.category));
  cl::opt<uint64_t> seedBase("seed", cl::desc("First seed"), cl::init(0),
                             cl::cat(common.category));
  cl::opt<std::string> out("out", cl::desc("The batch directory"), cl::Required,
                           cl::cat(common.category));
  cl::opt<bool> withTools(
      "with-tools",
      cl::desc("Copy difftest-replay and iree-run-module into BATCH/bin"),
      cl::cat(common.category));
  cl::list<std::string> parameters(
      "parameters",
      cl::desc("A parameter archive the programs' #flow/#stream.parameter."
               "named globals read (repeatable): copied into BATCH/params "
               "and given to ref-run and, on the other machine, to "
               "iree-run-module"),
      cl::value_desc("[SCOPE=]FILE.irpa"), cl::cat(common.category));
  auto parsed = common.parseOneTarget(argc, argv,
                                      "difftest export: a batch for another "
                                      "machine\n",
                                      "a batch has exactly one --target");
  if (!parsed)
    return kInvalid;
  const Settings *settings = &parsed->settings;
  const gpu::TargetConfig &config = parsed->config;
  if (!config.derivedFamily().empty()) {
    llvm::errs() << "error: --target=" << config.name()
                 << ": a target derived from this machine's device cannot be "
                    "exported to another machine's\n";
    return kInvalid;
  }
  auto flags = gpu::compileFlags(config, *settings->table,
                                 settings->tools->compilerHelp());
  if (!flags) {
    llvm::errs() << "error: " << llvm::toString(flags.takeError()) << "\n";
    return kInvalid;
  }

  std::string batchDir = out;
  if (fs::exists(joinPath(batchDir, "manifest.json"))) {
    llvm::errs() << "error: " << batchDir
                 << " already holds a batch: choose another --out\n";
    return kInvalid;
  }
  // A program that reads parameter globals keeps them (the module the
  // other machine runs is the one tested here, loading its weights as a
  // real model does); every parameter it reads must be in --parameters.
  for (const std::string &program : programs) {
    auto text = readFile(program);
    if (!text) {
      llvm::errs() << "error: " << llvm::toString(text.takeError()) << "\n";
      return kInvalid;
    }
    if (llvm::Error e = checkParameterReferences(*text, parameters)) {
      llvm::errs() << "error: " << program << ": "
                   << llvm::toString(std::move(e)) << "\n";
      return kParameterError;
    }
  }
  for (StringRef sub : {"modules", "programs", "cases"})
    fs::create_directories(joinPath(batchDir, sub));
  // The archives travel with the batch (BATCH/params/, parameters.json);
  // one over the copy limit is named by its path and sha256.
  auto params = prepareParameters(parameters, nullptr, batchDir, batchDir);
  if (const int *code = std::get_if<int>(&params))
    return *code;
  std::vector<std::string> paramFlags =
      std::move(std::get<std::vector<std::string>>(params));

  gpu::Batch batch;
  batch.dir = batchDir;
  batch.target = config.name();
  batch.device = config.desc->device;
  batch.ireeVersion = settings->tools->compilerVersion();
  batch.compileFlags = *flags;
  unsigned skipped = 0;
  for (auto [pi, program] : llvm::enumerate(programs)) {
    std::string stem =
        (llvm::Twine(pi) + "-" + path::stem(program)).str();
    auto sigs = readSignatures(program, settings->interpLimits);
    if (!sigs) {
      llvm::errs() << llvm::toString(sigs.takeError()) << "\n";
      return kInvalid;
    }
    std::string progCopy = joinPath(batchDir, "programs", stem + ".mlir");
    if (std::error_code ec = fs::copy_file(program, progCopy)) {
      llvm::errs() << "error: " << program << ": " << ec.message() << "\n";
      return kInvalid;
    }
    // Compile once per program; every function and seed shares the module.
    std::string module = joinPath("modules", stem + ".vmfb");
    auto argv = compileCommand(config, joinPath("programs", stem + ".mlir"),
                               module, *settings);
    if (!argv) {
      llvm::errs() << "error: " << llvm::toString(argv.takeError()) << "\n";
      return kInvalid;
    }
    gpu::RunOptions ro;
    ro.workingDir = batchDir;
    gpu::ProcessResult cr =
        runLogged(*argv, settings->compileLimits, ro,
                  joinPath(batchDir, "modules", stem + ".compile.log"));
    gpu::Verdict cv = gpu::classifyCompile(cr);
    if (cv != gpu::Verdict::Pass) {
      gpu::BatchCompileFailure f;
      f.program = progCopy;
      f.verdict = cv;
      f.detail = gpu::failureMessage(cv, cr);
      f.signature = gpu::failureSignature(cv, batch.target, cr);
      llvm::outs() << program << ": " << gpu::verdictName(cv) << ": "
                   << f.detail << "\n";
      batch.compileFailures.push_back(std::move(f));
      continue;
    }
    for (const Signature &sig : *sigs) {
      if (!function.empty() && sig.name != function)
        continue;
      if (sig.results.empty() || checkSupported(sig)) {
        ++skipped;
        continue;
      }
      for (unsigned s = 0; s < seeds; ++s) {
        uint64_t seed = seedBase + s;
        std::string id = stem + "." + sig.name + ".s" + std::to_string(seed);
        std::string caseDir = joinPath(batchDir, "cases", id);
        fs::create_directories(joinPath(caseDir, "inputs"));
        fs::create_directories(joinPath(caseDir, "golden"));
        Golden golden;
        for (unsigned attempt = 0; attempt < 4; ++attempt) {
          auto files = randomInputs(sig, seed, attempt,
                                    joinPath(caseDir, "inputs"));
          if (!files) {
            llvm::errs() << "error: " << llvm::toString(files.takeError())
                         << "\n";
            return kToolError;
          }
          golden = makeGolden(program, sig, *files, joinPath(caseDir, "golden"),
                              "", settings->interpLimits, paramFlags);
          if (golden.status != Golden::Undefined)
            break;
        }
        if (golden.status != Golden::Ok) {
          llvm::outs() << id << ": skipped: no golden ("
                       << (golden.status == Golden::Undefined
                               ? "undefined behaviour on every input tried"
                               : StringRef(golden.message).trim().str())
                       << ")\n";
          fs::remove_directories(caseDir);
          ++skipped;
          continue;
        }
        gpu::BatchCase c;
        c.spec = golden.spec;
        c.spec.id = id;
        c.module = joinPath(batchDir, module);
        c.program = progCopy;
        batch.cases.push_back(std::move(c));
      }
    }
  }
  if (withTools) {
    fs::create_directories(joinPath(batchDir, "bin"));
    std::string replay = joinPath(path::parent_path(refRunPath()),
                                  "difftest-replay");
    for (const std::string &tool : {replay, settings->tools->runModule}) {
      std::string dst = joinPath(batchDir, "bin", path::filename(tool));
      if (std::error_code ec = fs::copy_file(tool, dst)) {
        llvm::errs() << "error: " << tool << ": " << ec.message() << "\n";
        return kToolError;
      }
      fs::setPermissions(dst, fs::all_read | fs::all_exe | fs::owner_write);
    }
  }
  if (llvm::Error e = gpu::writeManifest(batch)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return kToolError;
  }
  uint64_t bytes = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(batchDir, ec), end; !ec && it != end;
       it.increment(ec))
    if (it->type() != fs::file_type::directory_file)
      bytes += fileSize(it->path());
  llvm::outs() << llvm::formatv(
      "batch {0}: {1} cases for {2}, {3} programs failed to compile, {4} "
      "skipped, {5:f1} MB\n",
      batchDir, batch.cases.size(), batch.target, batch.compileFailures.size(),
      skipped, bytes / 1e6);
  return batch.compileFailures.empty() ? kPass : kFail;
}

int importCommand(int argc, char **argv) {
  cl::OptionCategory category("difftest import options");
  cl::opt<std::string> batchDir(cl::Positional, cl::desc("<batch directory>"),
                                cl::Required, cl::cat(category));
  cl::opt<std::string> out("out",
                           cl::desc("Where repro bundles go (default "
                                    "BATCH/bundles)"),
                           cl::cat(category));
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "difftest import: a replayed batch's results\n");
  auto batch = gpu::readManifest(batchDir);
  if (!batch) {
    llvm::errs() << "error: " << llvm::toString(batch.takeError()) << "\n";
    return kInvalid;
  }
  auto results = gpu::readResults(batchDir);
  if (!results) {
    llvm::errs() << "error: " << llvm::toString(results.takeError())
                 << " (run difftest-replay on the batch first)\n";
    return kInvalid;
  }
  std::map<std::string, const gpu::BatchCase *> byId;
  for (const gpu::BatchCase &c : batch->cases)
    byId[c.spec.id] = &c;
  std::map<gpu::Verdict, unsigned> counts;
  struct Failure {
    unsigned count = 0;
    const gpu::CaseResult *first = nullptr;
  };
  std::map<std::string, Failure> failures;
  for (const gpu::CaseResult &r : results->results) {
    ++counts[r.verdict];
    if (!gpu::isFailure(r.verdict))
      continue;
    Failure &f = failures[r.signature];
    if (!f.first)
      f.first = &r;
    ++f.count;
  }
  for (const gpu::BatchCompileFailure &f : batch->compileFailures) {
    ++counts[f.verdict];
    ++failures[f.signature].count;
  }
  std::string bundles = out.empty() ? joinPath(batchDir, "bundles")
                                    : std::string(out);
  llvm::outs() << results->results.size() << " cases replayed on "
               << batch->target << ":";
  for (auto [v, n] : counts)
    llvm::outs() << " " << gpu::verdictName(v) << " " << n;
  llvm::outs() << "\n";
  unsigned missing = 0;
  for (const gpu::BatchCase &c : batch->cases)
    if (!llvm::any_of(results->results, [&](const gpu::CaseResult &r) {
          return r.id == c.spec.id;
        }))
      ++missing;
  if (missing)
    llvm::outs() << missing << " cases of the batch have no result\n";
  for (auto &[sig, f] : failures) {
    llvm::outs() << "failure x" << f.count << ": " << sig << "\n";
    if (!f.first)
      continue;
    llvm::outs() << "  first: " << f.first->id << ": " << f.first->detail
                 << "\n";
    auto it = byId.find(f.first->id);
    if (it == byId.end())
      continue;
    // The bundle: the case's inputs and goldens, the program, the module,
    // what the device wrote, and the command that ran it.
    const gpu::BatchCase &c = *it->second;
    std::string dir = joinPath(bundles, c.spec.id);
    fs::create_directories(dir);
    std::string caseDir = joinPath(batchDir, "cases", c.spec.id);
    std::string actualDir = joinPath(batchDir, "actual", c.spec.id);
    if (llvm::Error e = copyTree(caseDir, dir))
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    if (fs::exists(actualDir))
      if (llvm::Error e = copyTree(actualDir, joinPath(dir, "actual")))
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    fs::copy_file(c.module, joinPath(dir, "module.vmfb"));
    if (!c.program.empty())
      fs::copy_file(c.program, joinPath(dir, "program.mlir"));
    gpu::CaseSpec rel = c.spec;
    for (gpu::TensorFile &t : rel.inputs)
      t.path = joinPath("inputs", path::filename(t.path));
    // The batch's parameter archives go into the bundle with their record.
    if (!c.spec.parameters.empty()) {
      auto params = readParameterRecord(batchDir);
      if (!params) {
        llvm::errs() << "error: " << llvm::toString(params.takeError())
                     << "\n";
        return kParameterError;
      }
      if (llvm::Error e = copyParameterFiles(*params, batchDir, dir))
        llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      rel.parameters = parameterFlags(*params);
    }
    std::vector<gpu::TensorFile> actuals;
    for (auto [i, g] : llvm::enumerate(rel.goldens)) {
      gpu::TensorFile a = g;
      a.path = joinPath("actual", gpu::tensorFileName("out", i, g.dtype));
      actuals.push_back(a);
    }
    std::vector<std::string> run = gpu::runModuleCommand(
        "iree-run-module", batch->device, "module.vmfb", rel, actuals);
    std::string script =
        "#!/bin/sh\n# difftest repro: " + std::string(gpu::verdictName(f.first->verdict)) +
        " on " + batch->target + "\n# " + f.first->detail + "\n# IREE: " +
        batch->ireeVersion + "\n# compiled with: iree-compile program.mlir " +
        shellCommand(batch->compileFlags) +
        " -o module.vmfb\nset -e\ncd \"$(dirname \"$0\")\"\n\"${IREE_RUN_MODULE:-iree-run-module}\" " +
        shellCommand(llvm::ArrayRef<std::string>(run).drop_front()) + "\n";
    (void)writeFile(joinPath(dir, "repro.sh"), script);
    fs::setPermissions(joinPath(dir, "repro.sh"),
                       fs::all_read | fs::all_exe | fs::owner_write);
    llvm::json::Object verdict{
        {"verdict", gpu::verdictName(f.first->verdict).str()},
        {"target", batch->target},
        {"signature", f.first->signature},
        {"detail", f.first->detail},
        {"function", c.spec.function},
        {"iree_version", batch->ireeVersion},
        {"outputs", llvm::json::Array(f.first->outputs)},
        {"count", f.count}};
    (void)writeFile(joinPath(dir, "verdict.json"),
                    llvm::formatv("{0:2}", llvm::json::Value(std::move(verdict)))
                            .str() +
                        "\n");
    llvm::outs() << "  bundle: " << dir << "\n";
  }
  return failures.empty() && !missing ? kPass : kFail;
}

} // namespace ref::difftest
