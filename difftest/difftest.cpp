//===- difftest.cpp - Differential testing of IREE against ref-run --------===//
//
//   difftest run PROGRAM.mlir [options]     one program, every target
//   difftest export PROGRAMS... --target=T  a batch for a machine with T
//   difftest import BATCH                   judge a replayed batch's results
//   difftest fuzz --out=DIR [options]       a campaign of generated programs
//   difftest report DIR                     the campaign's report
//   difftest merge OUT SHARD_DIRS...        shard campaigns into one
//   difftest conformance onnx --out=DIR     ONNX node tests, three ways
//   difftest nightly --out=DIR              corpus, campaign, history
//   difftest localize PROGRAM --target=T    the guilty dispatch
//
// `difftest SUBCOMMAND --help` lists a subcommand's options.
//
//===----------------------------------------------------------------------===//

#include "difftest/Export.h"
#include "difftest/Fuzz.h"
#include "difftest/Localize.h"
#include "difftest/LocalizeSign.h"
#include "difftest/Common.h"
#include "difftest/Run.h"
#include "difftest/Smoke.h"
#include "difftest/Triage.h"
#include "difftest/Attribution.h"

#include "ireetools/Process.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace ref::difftest;

static void usage(llvm::raw_ostream &os) {
  os << "usage: difftest "
        "<run|export|import|fuzz|report|merge|reduce|triage|attribute|replay|"
        "conformance|nightly|localize|sign|smoke> "
        "[options]\n"
        "  run PROGRAM.mlir     interpret, compile, run and compare one "
        "program\n"
        "  export PROGRAMS...   compile a batch for a device this machine "
        "lacks\n"
        "  import BATCH         read back what difftest-replay found\n"
        "  fuzz --out=DIR       a campaign of generated programs\n"
        "  report DIR           a campaign's report (Markdown and HTML)\n"
        "  merge OUT SHARDS...  shard campaigns into one\n"
        "  reduce BUNDLE        shrink a failing repro, keeping its "
        "signature\n"
        "  triage BUNDLE        which flags, targets and IREE releases flip "
        "a failure\n"
        "  attribute BUNDLE     whose fault a vulkan mismatch is (IREE's or "
        "lavapipe's)\n"
        "  replay CORPUS...     re-run corpus cases against their goldens "
        "and expectations\n"
        "  conformance onnx     ONNX's node tests: ONNX vs ref-run vs IREE\n"
        "  nightly --out=DIR    corpus, campaign, bug signatures and history "
        "(cron/CI)\n"
        "  localize PROGRAM     the first dispatch that is wrong on its own "
        "inputs\n"
        "  sign BUNDLE...       bug signatures of bundles (mismatches by "
        "their guilty dispatch)\n"
        "  smoke                known programs on each checked target's "
        "device (vulkan on lavapipe)\n"
        "'difftest <subcommand> --help' for its options.\n";
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Ctrl-C or SIGTERM must not leave compilers running (each runs in its
  // own process group, out of the terminal's reach).
  ref::gpu::killChildrenOnStopSignals();
  if (argc < 2) {
    usage(llvm::errs());
    return kInvalid;
  }
  const char *sub = argv[1];
  // The subcommand's own parser sees "difftest-<sub>" as argv[0].
  std::string name = std::string("difftest ") + sub;
  argv[1] = const_cast<char *>(name.c_str());
  if (!std::strcmp(sub, "run"))
    return runCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "export"))
    return exportCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "import"))
    return importCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "fuzz"))
    return fuzzCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "report"))
    return reportCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "merge"))
    return mergeCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "reduce"))
    return reduceCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "attribute"))
    return attributeCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "triage"))
    return triageCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "replay"))
    return replayCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "smoke"))
    return smokeCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "nightly"))
    return nightlyCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "sign"))
    return signCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "localize"))
    return localizeCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "conformance"))
    return conformanceCommand(argc - 1, argv + 1);
  if (!std::strcmp(sub, "--help") || !std::strcmp(sub, "-h")) {
    usage(llvm::outs());
    return kPass;
  }
  llvm::errs() << "error: unknown subcommand '" << sub << "'\n";
  usage(llvm::errs());
  return kInvalid;
}
