//===- Frontend.cpp - Frontend programs in difftest's subcommands ---------===//

#include "difftest/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

using llvm::StringRef;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;

FrontendFlags::FrontendFlags(cl::OptionCategory &category)
    : inputType("input-type",
                cl::desc("What the program is: onnx, torch, stablehlo, tosa "
                         "(a frontend program, lowered with the IREE in use "
                         "first: docs/frontends.md), none (IREE's input "
                         "IR or linalg, as it is) or auto (default: .onnx "
                         "by extension, MLIR by its ops)"),
                cl::init("auto"), cl::cat(category)),
      importFlags("import-flag",
                  cl::desc("An extra iree-import-onnx flag (repeatable), "
                           "e.g. --import-flag=--opset-version=17"),
                  cl::cat(category)) {}

gpu::LoweringOptions FrontendFlags::options(const Settings &settings) const {
  gpu::LoweringOptions o;
  o.limits = settings.compileLimits;
  o.importFlags.assign(importFlags.begin(), importFlags.end());
  return o;
}

PreparedProgram
prepareProgram(StringRef program, const FrontendFlags &flags,
               const Settings &settings,
               llvm::function_ref<llvm::Expected<std::string>()> makeWorkDir) {
  PreparedProgram p;
  p.path = program.str();
  auto kind = gpu::detectFrontend(program, flags.inputType);
  if (!kind) {
    llvm::errs() << "error: " << llvm::toString(kind.takeError()) << "\n";
    p.exitCode = kInvalid;
    return p;
  }
  if (*kind == gpu::FrontendKind::None)
    return p;
  auto work = makeWorkDir();
  if (!work) {
    llvm::errs() << "error: " << llvm::toString(work.takeError()) << "\n";
    p.exitCode = kToolError;
    return p;
  }
  auto lowering = gpu::lowerFrontendProgram(program, *kind, *settings.tools,
                                            *work, flags.options(settings));
  if (!lowering) {
    llvm::errs() << "error: " << llvm::toString(lowering.takeError()) << "\n";
    p.exitCode = kToolError;
    return p;
  }
  if (llvm::Error e = gpu::writeLoweringRecord(*work, *lowering)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    p.exitCode = kToolError;
    return p;
  }
  if (!lowering->ok()) {
    llvm::errs() << "error: " << lowering->errorText() << "\n"
                 << "This is an input error, not a finding against IREE: "
                    "IREE's frontend does not accept the program, so "
                    "nothing was compiled or compared (the commands and "
                    "logs are in "
                 << joinPath(*work, "frontend") << ").\n";
    p.exitCode = lowering->exitCode();
    return p;
  }
  p.path = joinPath(*work, lowering->lowered);
  p.lowering = std::move(*lowering);
  return p;
}

std::optional<std::string>
defaultFunction(const std::vector<Signature> &sigs) {
  std::optional<std::string> found;
  for (const Signature &s : sigs) {
    if (StringRef(s.name).contains('$') || StringRef(s.name).starts_with("__"))
      continue;
    if (found)
      return std::nullopt;
    found = s.name;
  }
  return found;
}

std::string missingFunctionError(StringRef function,
                                 const std::vector<Signature> &sigs,
                                 const gpu::Lowering &l) {
  std::vector<std::string> names;
  for (const Signature &s : sigs)
    names.push_back("@" + s.name);
  return "error: interpret: no public function @" + function.str() +
         " in the program lowered from " + l.source +
         " (IREE's ABI wrapper exports " +
         (names.empty() ? std::string("nothing") : llvm::join(names, ", ")) +
         ")";
}

std::string loweringScript(const gpu::Lowering &l) {
  if (l.reduced)
    return "# program.mlir is difftest reduce's reduction of the lowering of "
           "the frontend program " +
           l.original +
           " (its lowering commands: frontend/lowering.json); it is compiled "
           "as it is.\n";
  std::string s = "# program.mlir is the lowering of the frontend program " +
                  l.original + " (" + gpu::frontendKindName(l.kind).str() +
                  ") by the IREE in use:\n";
  for (const gpu::LoweringCommand &c : l.commands) {
    StringRef var = c.stage == gpu::FrontendStage::Import ? "IREE_IMPORT_ONNX"
                                                          : "IREE_COMPILE";
    if (c.stage == gpu::FrontendStage::Import)
      s += "IREE_IMPORT_ONNX=\"${IREE_IMPORT_ONNX:-" + c.argv[0] + "}\"\n";
    s += "\"$" + var.str() + "\" " +
         shellCommand(llvm::ArrayRef<std::string>(c.argv).drop_front()) +
         "\n";
  }
  return s;
}

llvm::Error copyFrontendReduced(StringRef fromDir, StringRef toDir) {
  auto record = gpu::readLoweringRecord(fromDir);
  if (!record)
    return record.takeError();
  if (!*record)
    return llvm::Error::success();
  if (llvm::Error e = copyTree(joinPath(fromDir, "frontend"),
                               joinPath(toDir, "frontend")))
    return e;
  gpu::Lowering l = std::move(**record);
  l.reduced = true;
  return gpu::writeLoweringRecord(toDir, l);
}

} // namespace ref::difftest
