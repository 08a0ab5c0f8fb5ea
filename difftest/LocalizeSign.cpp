//===- LocalizeSign.cpp - Mismatches signed by the guilty dispatch --------===//

#include "difftest/LocalizeSign.h"
#include "difftest/Common.h"
#include "difftest/Parameters.h"
#include "difftest/Signature.h"

#include "ireetools/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <chrono>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

llvm::Expected<BundleCase> readBundleCase(StringRef bundle) {
  BundleCase c;
  std::string bundleDir = absolutePath(bundle);
  auto vtext = readFile(joinPath(bundleDir, "verdict.json"));
  if (!vtext)
    return llvm::createStringError("no verdict.json (" +
                                   llvm::toString(vtext.takeError()) + ")");
  auto v = json::parse(*vtext);
  const json::Object *o = v ? v->getAsObject() : nullptr;
  if (!o) {
    if (!v)
      llvm::consumeError(v.takeError());
    return llvm::createStringError("unreadable verdict.json");
  }
  c.verdict = o->getString("verdict").value_or("").str();
  c.program = joinPath(bundleDir, "program.mlir");
  c.function = o->getString("function").value_or("main").str();
  // The static twin ("llvm-cpu+static") compiles for its target.
  c.target = o->getString("target").value_or("").split('+').first.str();
  c.optLevel = o->getString("opt_level").value_or("").str();
  if (const json::Array *flags = o->getArray("extra_flags"))
    for (const json::Value &f : *flags)
      if (auto s = f.getAsString())
        c.extraFlags.push_back(s->str());
  c.needsFlags = neededFlags(*o);
  auto repro = readFile(joinPath(bundleDir, "repro.sh"));
  if (!repro)
    return llvm::createStringError("no repro.sh (" +
                                   llvm::toString(repro.takeError()) + ")");
  for (std::string spec : reproInputs(*repro)) {
    size_t at = spec.find('@');
    if (at != std::string::npos &&
        !path::is_absolute(StringRef(spec).substr(at + 1)))
      spec = spec.substr(0, at + 1) + joinPath(bundleDir, spec.substr(at + 1));
    c.inputs.push_back(spec);
  }
  // The bundle's parameter archives (parameters.json: copied in, or named
  // by path and sha256), for the program's parameter globals.
  auto params = readParameterRecord(bundleDir);
  if (!params)
    return llvm::createStringError("parameter archives: " +
                                   llvm::toString(params.takeError()));
  c.parameters = parameterFlags(*params, bundleDir);
  return c;
}

LocalizedSignature localizeMismatch(StringRef self, StringRef bundle,
                                    StringRef outDir, double timeoutSeconds,
                                    llvm::ArrayRef<std::string> childOptions) {
  LocalizedSignature out;
  auto bc = readBundleCase(bundle);
  if (!bc) {
    out.reason = llvm::toString(bc.takeError());
    return out;
  }
  if (bc->verdict != "mismatch") {
    out.reason = "not a mismatch";
    return out;
  }
  // localize reads the bundle itself (readBundleCase): its program,
  // function, target, opt level, flags, inputs and parameter archives. A
  // frontend bundle's program.mlir is the lowering (IREE's input phase, ABI
  // wrapper included), which localize takes as it is.
  std::string target = bc->target;
  std::vector<std::string> argv = {self.str(), "localize",
                                   absolutePath(bundle),
                                   "--out=" + outDir.str(), "--jobs=1"};
  argv.insert(argv.end(), childOptions.begin(), childOptions.end());

  fs::remove_directories(outDir);
  fs::create_directories(path::parent_path(outDir));
  gpu::ProcessLimits limits;
  limits.timeoutSeconds = std::max(1.0, timeoutSeconds);
  limits.maxCapturedBytes = 1 << 20;
  auto t0 = std::chrono::steady_clock::now();
  gpu::ProcessResult r = gpu::runProcess(argv, limits);
  out.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  llvm::consumeError(writeFile(
      outDir.str() + ".log", "$ " + shellCommand(argv) + "\n# " +
                                 r.summary() + "\n" + r.stdoutText +
                                 r.stderrText));
  if (r.kind == gpu::ProcessResult::Kind::TimedOut) {
    out.reason = llvm::formatv("localize timed out after {0:f0} s",
                               limits.timeoutSeconds)
                     .str();
    return out;
  }
  // 0: no dispatch is wrong; 1: a dispatch is wrong or none explains the
  // output; anything else is localize failing (bad input, a tool error).
  // Localize exits 1 also when the whole program does not compile or run;
  // then it writes no report.
  auto report = readFile(joinPath(outDir, "localize.json"));
  if (r.kind != gpu::ProcessResult::Kind::Exited ||
      (r.exitCode != 0 && r.exitCode != 1) || !report) {
    if (!report)
      llvm::consumeError(report.takeError());
    StringRef last = StringRef(r.stderrText).trim().rsplit('\n').second;
    if (last.empty())
      last = StringRef(r.stderrText).trim();
    out.reason = "localize failed (" + r.summary() + ")" +
                 (last.empty() ? "" : ": " + last.str());
    return out;
  }
  LocalizeOutcome lo = parseLocalizeReport(*report);
  out.reason = "localize: " + lo.summary;
  if (lo.kind != LocalizeOutcome::Guilty)
    return out;
  auto program = readFile(joinPath(lo.bundle, "program.mlir"));
  if (lo.bundle.empty() || !program) {
    if (!program)
      llvm::consumeError(program.takeError());
    out.reason += " (but wrote no program of that dispatch)";
    return out;
  }
  out.signature =
      withNeededFlags(localizedSignature(target, *program), bc->needsFlags);
  out.dispatchBundle = lo.bundle;
  out.dispatchName = lo.name;
  out.failsAlone = StringRef(lo.standalone).starts_with("mismatch");
  return out;
}

} // namespace ref::difftest

namespace ref::difftest {

int signCommand(int argc, char **argv) {
  llvm::cl::OptionCategory category("difftest sign options");
  llvm::cl::list<std::string> bundles(llvm::cl::Positional,
                                      llvm::cl::desc("<bundle>..."),
                                      llvm::cl::OneOrMore,
                                      llvm::cl::cat(category));
  llvm::cl::opt<std::string> out(
      "out", llvm::cl::desc("Where localize's reports go"),
      llvm::cl::init("sign-out"), llvm::cl::cat(category));
  llvm::cl::opt<std::string> time(
      "localize-time", llvm::cl::desc("Time cap of localize per bundle"),
      llvm::cl::init("2m"), llvm::cl::cat(category));
  llvm::cl::opt<std::string> ireeDir(
      "iree-dir", llvm::cl::desc("Passed on to difftest localize"),
      llvm::cl::cat(category));
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "difftest sign: the bug signature of mismatch bundles, by their "
      "guilty dispatch (difftest localize) or else by their program's op "
      "set, as difftest nightly signs them\n");
  std::optional<double> seconds = parseDuration(time);
  if (!seconds) {
    llvm::errs() << "error: --localize-time=" << time
                 << ": expected 90s, 2m\n";
    return kInvalid;
  }
  std::vector<std::string> child;
  if (!ireeDir.empty())
    child.push_back("--iree-dir=" + ireeDir);
  std::string self = toolPath("difftest");
  json::Array rows;
  int rc = kPass;
  for (const std::string &b : bundles) {
    auto v = readFile(joinPath(b, "verdict.json"));
    auto program = readFile(joinPath(b, "program.mlir"));
    if (!v || !program) {
      std::string why = !v ? llvm::toString(v.takeError())
                           : llvm::toString(program.takeError());
      if (!program)
        llvm::consumeError(program.takeError());
      llvm::errs() << "error: " << b << ": not a repro bundle (" << why
                   << ")\n";
      rc = kInvalid;
      continue;
    }
    auto doc = json::parse(*v);
    const json::Object *o = doc ? doc->getAsObject() : nullptr;
    if (!o) {
      if (!doc)
        llvm::consumeError(doc.takeError());
      llvm::errs() << "error: " << b << "/verdict.json: not a JSON object\n";
      rc = kInvalid;
      continue;
    }
    FailureEvidence e;
    e.verdict = o->getString("verdict").value_or("").str();
    e.target = o->getString("target").value_or("").str();
    e.message = o->getString("detail").value_or("").str();
    e.program = *program;
    e.needsFlags = neededFlags(*o);
    std::string sig = bugSignature(e), source, note;
    if (e.verdict == "mismatch") {
      LocalizedSignature ls = localizeMismatch(
          self, b, joinPath(out, path::filename(b)), *seconds, child);
      if (!ls.signature.empty()) {
        sig = ls.signature;
        source = "localize";
        note = "dispatch `" + ls.dispatchName + "`";
      } else {
        source = "reduced-ops";
        note = ls.reason;
      }
    }
    llvm::outs() << b << "\t" << sig << "\t" << source << "\t" << note << "\n";
    rows.push_back(json::Object{{"bundle", b},
                                {"signature", sig},
                                {"signature_source", source},
                                {"note", note}});
  }
  fs::create_directories(out);
  llvm::consumeError(writeFile(
      joinPath(out, "signatures.json"),
      llvm::formatv("{0:2}", json::Value(std::move(rows))).str() + "\n"));
  return rc;
}

} // namespace ref::difftest
