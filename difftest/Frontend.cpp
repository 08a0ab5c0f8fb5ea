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
                  cl::cat(category)),
      parameters("parameters",
                 cl::desc("A parameter archive the program's "
                          "#flow/#stream.parameter.named globals read "
                          "(repeatable), passed to ref-run and "
                          "iree-run-module; a frontend program's "
                          "externalized weights come with its lowering"),
                 cl::value_desc("[SCOPE=]FILE"), cl::cat(category)) {}

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

std::string frontendIssueSection(StringRef bundleDir, const gpu::Lowering &l) {
  auto base = [](StringRef p) { return llvm::sys::path::filename(p).str(); };
  std::string s = "## Original frontend program\n\n";
  s += l.reduced ? "The program above was minimized from the lowering of "
                 : "The program above is the lowering of ";
  s += "this " + gpu::frontendKindName(l.kind).str() +
       " program by IREE itself (`iree-compile --compile-to=input`";
  if (!l.ireeVersion.empty())
    s += ", " + l.ireeVersion;
  s += ")";
  if (l.reduced)
    s += "; `difftest reduce` worked on the lowered program (IREE's ABI "
         "wrapper unwrapped into a plain function), so the reproducer above "
         "no longer needs the frontend";
  s += ".\n\n";
  // The text to show: the original, or for a model the importer's output.
  std::string shown = l.kind == gpu::FrontendKind::Onnx ? l.imported
                                                         : l.original;
  if (l.kind == gpu::FrontendKind::Onnx)
    s += "`" + base(l.original) + "` (attached), as `iree-import-onnx` "
         "imports it:\n\n";
  auto text = readFile(joinPath(bundleDir, shown));
  if (text) {
    llvm::SmallVector<StringRef> lines;
    StringRef(*text).rtrim().split(lines, '\n');
    constexpr size_t kMaxLines = 150;
    s += "```mlir\n";
    for (size_t i = 0; i < lines.size() && i < kMaxLines; ++i)
      s += lines[i].str() + "\n";
    if (lines.size() > kMaxLines)
      s += "// ... " + std::to_string(lines.size() - kMaxLines) +
           " more lines in " + base(shown) + " (attached)\n";
    s += "```\n\n";
  } else {
    llvm::consumeError(text.takeError());
    s += "(" + shown + " is missing from the bundle)\n\n";
  }
  if (!l.commands.empty()) {
    s += "Lowered with:\n\n```sh\n";
    for (const gpu::LoweringCommand &c : l.commands) {
      std::vector<std::string> argv = {base(c.argv[0])};
      for (size_t i = 1; i < c.argv.size(); ++i)
        argv.push_back(StringRef(c.argv[i]).starts_with("frontend/")
                           ? c.argv[i].substr(9)
                           : c.argv[i]);
      s += shellCommand(argv) + "\n";
    }
    s += "```\n\n";
  }
  return s;
}

} // namespace ref::difftest
