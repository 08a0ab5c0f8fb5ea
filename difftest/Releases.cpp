//===- Releases.cpp - IREE releases from PyPI -----------------------------===//
//
// The release numbers PyPI has for IREE's wheels, their order, and a
// release installed as a virtualenv of its own (triage --versions, nightly
// --iree=3.x, campaigns against an older release).
//
//===----------------------------------------------------------------------===//

#include "difftest/Releases.h"

#include "difftest/Common.h"
#include "difftest/Triage.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Numeric parts of "3.12.0"; nullopt for pre-releases and anything else.
std::optional<std::vector<int>> versionParts(StringRef v) {
  llvm::SmallVector<StringRef> parts;
  v.trim().split(parts, '.');
  std::vector<int> out;
  for (StringRef p : parts) {
    int n;
    if (p.getAsInteger(10, n))
      return std::nullopt;
    out.push_back(n);
  }
  if (out.empty())
    return std::nullopt;
  return out;
}

/// Whether a compiler version line ("IREE compiler version 3.13.0rc20261016
/// @ 89ece87b") is release `v` (3.13.0).
bool isRelease(StringRef versionLine, StringRef v) {
  std::string key = ("version " + v).str();
  size_t at = versionLine.find(key);
  if (at == StringRef::npos)
    return false;
  StringRef rest = versionLine.drop_front(at + key.size());
  return rest.empty() || !(llvm::isDigit(rest[0]) || rest[0] == '.');
}

bool versionLess(const std::string &a, const std::string &b) {
  return *versionParts(a) < *versionParts(b);
}

static std::string pythonForPip() {
  std::string venvPython = joinPath(gpu::projectRoot(), ".venv", "bin", "python3");
  if (fs::can_execute(venvPython))
    return venvPython;
  if (auto p = llvm::sys::findProgramByName("python3"))
    return *p;
  return "python3";
}

/// Released versions of a PyPI package (no pre-releases).
llvm::Expected<std::vector<std::string>> pypiVersions(StringRef package) {
  gpu::ProcessLimits limits;
  limits.timeoutSeconds = 120;
  std::string py = pythonForPip();
  gpu::ProcessResult r =
      gpu::runProcess({py, "-m", "pip", "index", "versions", package.str(),
                       "--disable-pip-version-check"},
                      limits);
  std::string list;
  if (r.success()) {
    size_t at = r.stdoutText.find("Available versions:");
    if (at != std::string::npos) {
      StringRef rest = StringRef(r.stdoutText).drop_front(at + 19);
      list = rest.split('\n').first.str();
    }
  }
  if (list.empty()) {
    // The JSON API, where pip has no `index` command.
    gpu::ProcessResult j = gpu::runProcess(
        {py, "-c",
         "import json, sys, urllib.request\n"
         "d = json.load(urllib.request.urlopen("
         "'https://pypi.org/pypi/' + sys.argv[1] + '/json', timeout=60))\n"
         "print(', '.join(v for v, files in d['releases'].items() if files))\n",
         package.str()},
        limits);
    if (!j.success())
      return llvm::createStringError(
          "listing the releases of " + package +
          " on PyPI failed: pip index: " + r.summary() + " " +
          StringRef(r.stderrText).trim().take_back(300) + "; JSON API: " +
          j.summary() + " " + StringRef(j.stderrText).trim().take_back(300));
    list = j.stdoutText;
  }
  std::vector<std::string> out;
  llvm::SmallVector<StringRef> parts;
  StringRef(list).split(parts, ',');
  for (StringRef p : parts)
    if (versionParts(p))
      out.push_back(p.trim().str());
  llvm::sort(out, versionLess);
  return out;
}

/// Creates `dir` as a virtualenv with both wheels of `version`.
static llvm::Error installRelease(StringRef version, StringRef dir,
                                  double timeoutSeconds) {
  gpu::ProcessLimits limits;
  limits.timeoutSeconds = timeoutSeconds;
  std::string python;
  if (auto p = llvm::sys::findProgramByName("python3"))
    python = *p;
  else
    python = pythonForPip();
  fs::create_directories(path::parent_path(dir));
  gpu::ProcessResult v =
      gpu::runProcess({python, "-m", "venv", dir.str()}, limits);
  if (!v.success()) {
    fs::remove_directories(dir);
    return llvm::createStringError("python3 -m venv " + dir + ": " +
                                   v.summary() + "\n" + v.stderrText);
  }
  std::string pip = joinPath(dir, "bin", "pip");
  std::vector<std::string> argv = {pip,
                                   "install",
                                   "--disable-pip-version-check",
                                   "--quiet",
                                   ("iree-base-compiler==" + version).str(),
                                   ("iree-base-runtime==" + version).str()};
  gpu::ProcessResult r = gpu::runProcess(argv, limits);
  if (!r.success()) {
    fs::remove_directories(dir); // no half-installed release to reuse
    return llvm::createStringError(
        shellCommand(argv) + ": " + r.summary() + "\n" +
        StringRef(r.stderrText).trim().take_back(2000));
  }
  return llvm::Error::success();
}

llvm::Error installIreeRelease(StringRef version, StringRef dir,
                               double timeoutSeconds) {
  if (!versionParts(version))
    return llvm::createStringError("'" + version +
                                   "' is not a release number such as 3.12.0");
  return installRelease(version, dir, timeoutSeconds);
}

} // namespace ref::difftest
