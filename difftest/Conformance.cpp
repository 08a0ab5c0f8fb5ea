//===- Conformance.cpp - difftest conformance: frontend test suites -------===//
//
//   difftest conformance onnx --out=DIR [--filter=REGEX] [--targets=llvm-cpu]
//
// The ONNX three-way run (ONNX reference vs ref-run vs IREE's targets) is
// driven by difftest/conformance/onnx_conformance.py: the cases come from the
// `onnx` wheel's Python generators, so the driver lives where they can be
// imported. This subcommand finds the project's virtualenv and hands over,
// passing this build's ref-run and difftest.
//
//===----------------------------------------------------------------------===//

#include "difftest/Common.h"
#include "ireetools/IreeTools.h"
#include "ireetools/Process.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>
#include <vector>

namespace ref::difftest {

int conformanceCommand(int argc, char **argv) {
  auto usage = [](llvm::raw_ostream &os) {
    os << "usage: difftest conformance onnx --out=DIR [--filter=REGEX] "
          "[--targets=llvm-cpu,...] [--jobs=N] [--iree-dir=DIR] "
          "[--stage=lower|ref|all]\n";
  };
  if (argc < 2 || std::strcmp(argv[1], "onnx")) {
    if (argc >= 2 && (!std::strcmp(argv[1], "--help") ||
                      !std::strcmp(argv[1], "-h"))) {
      usage(llvm::outs());
      return kPass;
    }
    llvm::errs() << "error: difftest conformance: the suite must be 'onnx'"
                 << (argc >= 2 ? std::string(", not '") + argv[1] + "'" : "")
                 << "\n";
    usage(llvm::errs());
    return kInvalid;
  }
  llvm::SmallString<256> root(gpu::projectRoot());
  llvm::SmallString<256> script(root), python(root);
  llvm::sys::path::append(script, "difftest", "conformance",
                          "onnx_conformance.py");
  llvm::sys::path::append(python, ".venv", "bin", "python");
  if (!llvm::sys::fs::exists(python)) {
    llvm::errs() << "error: " << python
                 << " not found: run scripts/setup.sh (it installs onnx and "
                    "IREE into .venv)\n";
    return kToolError;
  }
  // This binary's siblings: the ref-run and difftest of the same build.
  std::string self =
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&conformanceCommand);
  llvm::SmallString<256> bin(llvm::sys::path::parent_path(self));
  llvm::SmallString<256> refRun(bin), difftest(bin);
  llvm::sys::path::append(refRun, "ref-run");
  llvm::sys::path::append(difftest, "difftest");
  std::vector<llvm::StringRef> args = {python, script};
  std::string refArg = "--ref-run=" + refRun.str().str();
  std::string dtArg = "--difftest=" + difftest.str().str();
  args.push_back(refArg);
  args.push_back(dtArg);
  for (int i = 2; i < argc; ++i)
    args.push_back(argv[i]);
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(python, args, std::nullopt, {}, 0, 0,
                                     &err);
  if (rc < 0) {
    llvm::errs() << "error: " << script << ": " << err << "\n";
    return kToolError;
  }
  return rc;
}

} // namespace ref::difftest
