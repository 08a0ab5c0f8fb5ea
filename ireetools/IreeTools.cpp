//===- IreeTools.cpp - Finding and asking the installed IREE --------------===//

#include "ireetools/IreeTools.h"
#include "ireetools/Process.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace ref::gpu {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

StringRef projectRoot() {
#ifdef REF_PROJECT_ROOT
  return REF_PROJECT_ROOT;
#else
  return ".";
#endif
}

namespace {

bool isExecutable(const std::string &p) {
  return fs::exists(p) && fs::can_execute(p) && !fs::is_directory(p);
}

/// Looks for the tools in `dir` the ways a user may hand it over.
std::optional<IreeTools> findIn(StringRef dir) {
  auto tryPair = [](const std::string &c,
                    const std::string &r) -> std::optional<IreeTools> {
    if (isExecutable(c) && isExecutable(r)) {
      IreeTools t;
      t.compile = c;
      t.runModule = r;
      return t;
    }
    return std::nullopt;
  };
  auto join = [](StringRef a, StringRef b, StringRef c = "", StringRef d = "") {
    llvm::SmallString<256> p(a);
    for (StringRef part : {b, c, d})
      if (!part.empty()) // append() would add a trailing separator
        path::append(p, part);
    return std::string(p);
  };
  // The wheels: site-packages/iree/{compiler/_mlir_libs,_runtime_libs}. The
  // directory may be site-packages itself or a virtualenv.
  std::vector<std::string> sitePackages = {std::string(dir)};
  std::error_code ec;
  for (StringRef lib : {"lib", "lib64"}) {
    std::string libDir = join(dir, lib);
    for (fs::directory_iterator it(libDir, ec), end; !ec && it != end;
         it.increment(ec))
      if (path::filename(it->path()).starts_with("python"))
        sitePackages.push_back(join(it->path(), "site-packages"));
  }
  for (const std::string &sp : sitePackages)
    if (auto t = tryPair(join(sp, "iree", "compiler", "_mlir_libs") +
                             "/iree-compile",
                         join(sp, "iree", "_runtime_libs", "iree-run-module")))
      return t;
  // An IREE build or an install: tools side by side. (A virtualenv's bin/
  // has Python wrappers of the wheels' binaries: those were preferred above.)
  for (StringRef sub : {"", "bin", "tools"})
    if (auto t = tryPair(join(dir, sub, "iree-compile"),
                         join(dir, sub, "iree-run-module")))
      return t;
  return std::nullopt;
}

std::string firstLines(StringRef text, unsigned n) {
  llvm::SmallVector<StringRef> lines;
  text.trim().split(lines, '\n');
  std::string out;
  for (unsigned i = 0; i < lines.size() && i < n; ++i)
    out += (i ? "\n" : "") + lines[i].trim().str();
  return out;
}

} // namespace

llvm::Expected<IreeTools> IreeTools::find(StringRef dir, StringRef root) {
  auto found = [](IreeTools t, std::string where) {
    t.where = std::move(where);
    return t;
  };
  if (!dir.empty()) {
    if (auto t = findIn(dir))
      return found(*t, "--iree-dir=" + dir.str());
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--iree-dir=" + dir +
            ": no iree-compile and iree-run-module there (looked in the "
            "directory, bin/, tools/ and a virtualenv's site-packages)");
  }
  if (const char *env = std::getenv("DIFFTEST_IREE_DIR"); env && *env) {
    if (auto t = findIn(env))
      return found(*t, std::string("$DIFFTEST_IREE_DIR=") + env);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::string("$DIFFTEST_IREE_DIR=") + env +
                                       ": no iree-compile and "
                                       "iree-run-module there");
  }
  llvm::SmallString<256> venv(root);
  path::append(venv, ".venv");
  if (auto t = findIn(venv))
    return found(*t, std::string(venv));
  auto c = llvm::sys::findProgramByName("iree-compile");
  auto r = llvm::sys::findProgramByName("iree-run-module");
  if (c && r) {
    IreeTools t;
    t.compile = *c;
    t.runModule = *r;
    return found(t, "PATH");
  }
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "IREE not found: run scripts/setup.sh (installs the pinned wheels into "
      ".venv), or give --iree-dir=DIR or $DIFFTEST_IREE_DIR");
}

const std::string &IreeTools::compilerVersion() const {
  std::call_once(cache->versionOnce, [&] {
    ProcessLimits limits;
    limits.timeoutSeconds = 60;
    ProcessResult r = runProcess({compile, "--version"}, limits);
    std::string &version = cache->version;
    version = firstLines(r.stdoutText.empty() ? r.stderrText : r.stdoutText, 2);
    // "IREE (https://iree.dev):\n  IREE compiler version ..." -> keep the
    // line with the version.
    llvm::SmallVector<StringRef> lines;
    StringRef(version).split(lines, '\n');
    for (StringRef l : lines)
      if (l.contains("version")) {
        version = l.trim().str();
        break;
      }
    if (version.empty())
      version = "unknown (" + r.summary() + ")";
  });
  return cache->version;
}

const std::string &IreeTools::compilerHelp() const {
  std::call_once(cache->helpOnce, [&] {
    ProcessLimits limits;
    limits.timeoutSeconds = 60;
    limits.maxCapturedBytes = 64 << 20;
    ProcessResult r = runProcess({compile, "--help-hidden"}, limits);
    cache->help = r.stdoutText;
  });
  return cache->help;
}

const std::string &IreeTools::deviceList() const {
  std::call_once(cache->devicesOnce, [&] {
    ProcessLimits limits;
    limits.timeoutSeconds = 60;
    ProcessResult r = runProcess({runModule, "--list_devices"}, limits);
    cache->devices = r.stdoutText;
  });
  return cache->devices;
}

bool IreeTools::hasDevice(StringRef driver) const {
  if (driver == "local-task" || driver == "local-sync")
    return true;
  llvm::SmallVector<StringRef> lines;
  StringRef(deviceList()).split(lines, '\n');
  for (StringRef l : lines)
    if (l.trim().starts_with((driver + "://").str()))
      return true;
  return false;
}

} // namespace ref::gpu
