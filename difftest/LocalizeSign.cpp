//===- LocalizeSign.cpp - Mismatches signed by the guilty dispatch --------===//

#include "difftest/LocalizeSign.h"
#include "difftest/Common.h"
#include "difftest/Signature.h"

#include "gpu/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <chrono>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

LocalizedSignature localizeMismatch(StringRef self, StringRef bundle,
                                    StringRef outDir, double timeoutSeconds,
                                    llvm::ArrayRef<std::string> childOptions) {
  LocalizedSignature out;
  llvm::SmallString<256> abs(bundle);
  fs::make_absolute(abs);
  std::string bundleDir(abs);
  auto vtext = readFile(joinPath(bundleDir, "verdict.json"));
  if (!vtext) {
    out.reason = "no verdict.json (" + llvm::toString(vtext.takeError()) + ")";
    return out;
  }
  auto v = json::parse(*vtext);
  const json::Object *o = v ? v->getAsObject() : nullptr;
  if (!o) {
    if (!v)
      llvm::consumeError(v.takeError());
    out.reason = "unreadable verdict.json";
    return out;
  }
  if (o->getString("verdict").value_or("") != "mismatch") {
    out.reason = "not a mismatch";
    return out;
  }
  if (o->getObject("frontend")) {
    // A frontend bundle's program.mlir is the lowered one, but its inputs
    // follow the frontend's signature; localize takes IREE's input phase.
    out.reason = "a frontend bundle (localize takes the lowered program only)";
    return out;
  }
  // The static twin ("llvm-cpu+static") compiles for its target.
  std::string target =
      o->getString("target").value_or("").split('+').first.str();
  std::vector<std::string> argv = {
      self.str(),
      "localize",
      joinPath(bundleDir, "program.mlir"),
      "--function=" + o->getString("function").value_or("main").str(),
      "--target=" + target,
      "--out=" + outDir.str(),
      "--jobs=1"};
  if (auto opt = o->getString("opt_level"))
    argv.push_back("--opt-level=" + opt->str());
  if (const json::Array *flags = o->getArray("extra_flags"))
    for (const json::Value &f : *flags)
      if (auto s = f.getAsString())
        argv.push_back("--iree-flag=" + s->str());
  auto repro = readFile(joinPath(bundleDir, "repro.sh"));
  if (!repro) {
    out.reason = "no repro.sh (" + llvm::toString(repro.takeError()) + ")";
    return out;
  }
  for (std::string spec : reproInputs(*repro)) {
    size_t at = spec.find('@');
    if (at != std::string::npos &&
        !path::is_absolute(StringRef(spec).substr(at + 1)))
      spec = spec.substr(0, at + 1) + joinPath(bundleDir, spec.substr(at + 1));
    argv.push_back("--input=" + spec);
  }
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
  if (r.kind != gpu::ProcessResult::Kind::Exited ||
      (r.exitCode != 0 && r.exitCode != 1)) {
    StringRef last = StringRef(r.stderrText).trim().rsplit('\n').second;
    if (last.empty())
      last = StringRef(r.stderrText).trim();
    out.reason = "localize failed (" + r.summary() + ")" +
                 (last.empty() ? "" : ": " + last.str());
    return out;
  }
  auto report = readFile(joinPath(outDir, "localize.json"));
  if (!report) {
    out.reason = "localize wrote no report (" +
                 llvm::toString(report.takeError()) + ")";
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
  out.signature = localizedSignature(target, *program);
  out.dispatchBundle = lo.bundle;
  out.dispatchName = lo.name;
  out.failsAlone = StringRef(lo.standalone).starts_with("mismatch");
  return out;
}

} // namespace ref::difftest
