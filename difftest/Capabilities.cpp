//===- Capabilities.cpp - What the IREE in use accepts --------------------===//

#include "difftest/Capabilities.h"
#include "difftest/Common.h"
#include "fuzz/Generator.h"
#include "fuzz/Recipe.h"
#include "gpu/Outcome.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"

#include <mutex>
#include <unistd.h>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// Probe programs per kind: enough to meet each recipe's main forms
/// (operand counts, static and dynamic shapes) without making the first
/// use of a release slow.
constexpr unsigned kProbesPerKind = 6;

std::string versionLineOf(StringRef full) {
  for (StringRef l : llvm::split(full, '\n'))
    if (l.contains("compiler version"))
      return l.trim().str();
  return full.trim().str();
}

} // namespace

bool Capabilities::accepts(fuzz::OpKind k) const {
  return !rejected.count(fuzz::opKindName(k).str());
}

std::set<fuzz::OpKind> Capabilities::unsupportedKinds() const {
  std::set<fuzz::OpKind> out;
  for (const auto &[name, why] : rejected)
    if (auto k = fuzz::parseOpKind(name))
      out.insert(*k);
  return out;
}

std::string capabilityCacheDir() {
  if (auto d = llvm::sys::Process::GetEnv("DIFFTEST_CACHE_DIR"); d && !d->empty())
    return joinPath(*d, "capabilities");
  if (auto d = llvm::sys::Process::GetEnv("XDG_CACHE_HOME"); d && !d->empty())
    return joinPath(*d, "iree-difftest", "capabilities");
  llvm::SmallString<256> home;
  if (!llvm::sys::path::home_directory(home))
    home = "/tmp";
  return joinPath(joinPath(home, ".cache"), "iree-difftest", "capabilities");
}

std::string releaseOf(StringRef versionLine) {
  size_t at = versionLine.find("version ");
  if (at == StringRef::npos)
    return "";
  StringRef rest = versionLine.drop_front(at + 8);
  return rest.take_until([](char c) { return c == ' ' || c == '\n'; }).str();
}

std::string capabilityCacheFile(StringRef versionLine) {
  std::string line = versionLineOf(versionLine);
  std::string release = releaseOf(line);
  // The commit after '@' tells two builds of one release apart; a line
  // without either is hashed.
  std::string commit;
  if (size_t at = StringRef(line).find('@'); at != StringRef::npos)
    commit = StringRef(line).drop_front(at + 1).trim().take_front(12).str();
  std::string key = release.empty() ? "unknown" : release;
  key += "-" + (commit.empty() ? llvm::formatv("{0:x8}", llvm::xxh3_64bits(line))
                                     .str()
                               : commit);
  for (char &c : key)
    if (!llvm::isAlnum(c) && c != '.' && c != '-' && c != '_')
      c = '_';
  return joinPath(capabilityCacheDir(), key + ".json");
}

std::string probeProgram(fuzz::OpKind k) {
  fuzz::GenOptions opts;
  opts.ops = {k};
  opts.minOps = 1;
  opts.maxOps = 2;
  opts.maxResults = 2;
  opts.dynamicCasePercent = 50;
  std::string module;
  std::string name = fuzz::opKindName(k).str();
  std::replace(name.begin(), name.end(), '.', '_');
  // RapidCheck keeps its generation context in process-wide state.
  static std::mutex genMutex;
  std::lock_guard<std::mutex> lock(genMutex);
  for (unsigned i = 0; i < kProbesPerKind; ++i) {
    fuzz::Case c = fuzz::generateCase(
        fuzz::mixSeed(0xCA9AB111u, static_cast<uint64_t>(k) * 64 + i), opts);
    fuzz::PrintOptions po;
    po.functionName = "probe_" + name + "_" + std::to_string(i);
    module += fuzz::printProgram(c.program, po) + "\n";
  }
  return module;
}

std::optional<std::string> inputRejection(const gpu::IreeTools &tools,
                                          StringRef program, StringRef workDir,
                                          const gpu::ProcessLimits &limits,
                                          StringRef logPath) {
  std::vector<std::string> argv = {tools.compile, program.str(),
                                   "--compile-to=input", "-o", "/dev/null"};
  gpu::RunOptions ro;
  ro.workingDir = workDir.str();
  gpu::ProcessResult r = gpu::runProcess(argv, limits, ro);
  std::string log = "$ " + shellCommand(argv) + "\n# " + r.summary() + "\n" +
                    r.stdoutText + r.stderrText;
  auto answer = [&](std::optional<std::string> why) {
    if (!logPath.empty())
      (void)writeFile(logPath, log);
    return why;
  };
  if (gpu::classifyCompile(r) != gpu::Verdict::CompileError)
    return answer(std::nullopt);
  // A StableHLO program (run as it is: docs/frontends.md) goes through
  // IREE's StableHLO input conversion in that phase, which can be wrong:
  // if the release's own iree-opt parses and verifies the program, the
  // release takes it, and the error is the conversion's (a finding).
  auto text = readFile(path::is_absolute(program) || workDir.empty()
                           ? program.str()
                           : joinPath(workDir, program));
  if (!text)
    llvm::consumeError(text.takeError());
  else if (StringRef(*text).contains("\"stablehlo.")) {
    std::string opt = joinPath(path::parent_path(tools.compile), "iree-opt");
    if (fs::can_execute(opt)) {
      std::vector<std::string> parse = {opt, program.str(), "-o", "/dev/null"};
      gpu::ProcessResult p = gpu::runProcess(parse, limits, ro);
      log += "$ " + shellCommand(parse) + "\n# " + p.summary() + "\n" +
             p.stderrText;
      if (p.kind == gpu::ProcessResult::Kind::Exited && p.exitCode == 0)
        return answer(std::nullopt);
    }
  }
  std::string line = gpu::firstErrorLine(r.stderrText);
  if (line.empty())
    line = "rejected at --compile-to=input: " + r.summary();
  return answer(line);
}

namespace {

llvm::Expected<Capabilities> readCache(StringRef file) {
  auto text = readFile(file);
  if (!text)
    return text.takeError();
  auto json = llvm::json::parse(*text);
  if (!json)
    return json.takeError();
  const llvm::json::Object *o = json->getAsObject();
  if (!o)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   file + ": not a JSON object");
  Capabilities c;
  c.file = file.str();
  c.fromCache = true;
  c.version = o->getString("version").value_or("").str();
  c.probeHash = o->getString("probe_hash").value_or("").str();
  if (const llvm::json::Array *a = o->getArray("accepted"))
    for (const llvm::json::Value &v : *a)
      if (auto s = v.getAsString())
        c.accepted.insert(s->str());
  if (const llvm::json::Object *r = o->getObject("rejected"))
    for (const auto &[k, v] : *r)
      c.rejected[k.str()] = v.getAsString().value_or("").str();
  return c;
}

llvm::Error writeCache(const Capabilities &c) {
  llvm::json::Array accepted;
  for (const std::string &k : c.accepted)
    accepted.push_back(k);
  llvm::json::Object rejected;
  for (const auto &[k, why] : c.rejected)
    rejected[k] = why;
  llvm::json::Object o{{"version", c.version},
                       {"probe_hash", c.probeHash},
                       {"accepted", std::move(accepted)},
                       {"rejected", std::move(rejected)}};
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(o))) << "\n";
  if (std::error_code ec = fs::create_directories(path::parent_path(c.file)))
    return llvm::createStringError(ec, c.file + ": " + ec.message());
  // Written aside and renamed: two campaigns probing at once never read a
  // half-written file.
  std::string tmp = c.file + ".tmp" + std::to_string(::getpid());
  if (llvm::Error e = writeFile(tmp, text))
    return e;
  if (std::error_code ec = fs::rename(tmp, c.file))
    return llvm::createStringError(ec, c.file + ": " + ec.message());
  return llvm::Error::success();
}

} // namespace

llvm::Expected<Capabilities> probeCapabilities(const gpu::IreeTools &tools,
                                               const gpu::ProcessLimits &limits,
                                               bool refresh) {
  std::vector<std::pair<fuzz::OpKind, std::string>> probes;
  uint64_t h = 0;
  for (const fuzz::gen::Recipe *r : fuzz::gen::recipes()) {
    probes.push_back({r->kind, probeProgram(r->kind)});
    h = llvm::xxh3_64bits(probes.back().second) ^ (h * 0x9E3779B97F4A7C15ull);
  }
  std::string probeHash = llvm::formatv("{0:x16}", h).str();
  std::string version = versionLineOf(tools.compilerVersion());
  std::string file = capabilityCacheFile(version);
  if (!refresh && fs::exists(file)) {
    auto cached = readCache(file);
    if (cached && cached->version == version && cached->probeHash == probeHash)
      return cached;
    if (!cached)
      llvm::consumeError(cached.takeError()); // a broken file: probe again
  }
  Capabilities c;
  c.version = version;
  c.probeHash = probeHash;
  c.file = file;
  llvm::SmallString<128> tmp;
  if (std::error_code ec = fs::createUniqueDirectory("difftest-probe", tmp))
    return llvm::createStringError(ec, "probe directory: " + ec.message());
  for (const auto &[kind, text] : probes) {
    std::string name = fuzz::opKindName(kind).str();
    std::string file = name + ".mlir";
    if (llvm::Error e = writeFile(joinPath(tmp, file), text)) {
      fs::remove_directories(tmp);
      return std::move(e);
    }
    if (auto why = inputRejection(tools, file, tmp, limits))
      c.rejected[name] = *why;
    else
      c.accepted.insert(name);
  }
  fs::remove_directories(tmp);
  // A compiler that takes nothing at all is broken (or not a compiler), not
  // old: say so rather than cache it and generate nothing.
  if (c.accepted.empty() && !c.rejected.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "iree-compile (" + tools.compile + ") takes none of the probe "
        "programs at --compile-to=input: " + c.rejected.begin()->second);
  // A cache that cannot be written costs a probe next time, nothing more.
  if (llvm::Error e = writeCache(c)) {
    llvm::consumeError(std::move(e));
    c.file.clear();
  }
  return c;
}

} // namespace ref::difftest
