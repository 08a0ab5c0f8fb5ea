//===- Frontend.h - Frontend programs lowered by the IREE in use -*- C++ -*-===//
//
// A frontend program (an ONNX model, torch-dialect, StableHLO/CHLO or TOSA
// MLIR) is lowered to IREE's input-phase IR with the IREE in use, the way a
// user would lower it:
//   .onnx:   iree-import-onnx M.onnx -o M.torch.mlir        (stage "import")
//   then:    iree-compile --compile-to=input --iree-input-type=T X -o L.mlir
//                                                           (stage "lower")
// The lowered program is what the interpreter runs and what the targets
// compile (docs/frontends.md says why). Every command is kept verbatim, with
// paths relative to the work directory, so a bundle replays it from the
// original. A failure names its stage and carries the tool's own message; it
// is an input error, never a finding against IREE.
//
// MLIR-free: the detection reads the text, the tools run as subprocesses.
//
//===----------------------------------------------------------------------===//

#ifndef REF_IREETOOLS_FRONTEND_H
#define REF_IREETOOLS_FRONTEND_H

#include "ireetools/IreeTools.h"
#include "ireetools/Process.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ref::gpu {

enum class FrontendKind { None, Onnx, Torch, StableHlo, Tosa };

/// "none", "onnx", "torch", "stablehlo", "tosa".
llvm::StringRef frontendKindName(FrontendKind kind);
/// The inverse of frontendKindName; nullopt for anything else.
std::optional<FrontendKind> parseFrontendKind(llvm::StringRef name);

/// The exit codes every tool uses for a frontend program that does not
/// import or lower (ref-run and difftest alike; distinct from their own
/// 0-4).
enum FrontendExitCode { kImportFailed = 5, kLowerFailed = 6 };

/// What a program's text is, from its operations: `torch.*` ops or the
/// `torch.onnx_meta` function attributes, `stablehlo.*`/`chlo.*` ops or
/// `tosa.*` ops (attributes such as `#tosa.target_env`, which the lowered
/// program keeps, and types do not count). None when it has none of them;
/// an error when it mixes two frontends. A StableHLO program whose every
/// StableHLO op is in the generic form and in the interpreter's subset
/// (isInterpretedStablehloOp) is None: it runs as it is, its golden
/// computed from the StableHLO program itself and the targets compiling it
/// through IREE's own input conversion (docs/frontends.md).
llvm::Expected<FrontendKind> detectFrontendText(llvm::StringRef text);

/// Whether `name` ("stablehlo.reduce_window") is one of the StableHLO ops
/// the interpreter runs as they are (interp/dialects/StablehloOps.td).
bool isInterpretedStablehloOp(llvm::StringRef name);

/// detectFrontendText on a file's contents, or Onnx by the `.onnx`
/// extension. `requested` is --input-type (empty: detect). A file that
/// cannot be read is None: the tool reading it next says why.
llvm::Expected<FrontendKind> detectFrontend(llvm::StringRef path,
                                            llvm::StringRef requested = "");

/// Where iree-import-onnx is for `tools`: $DIFFTEST_IREE_IMPORT_ONNX, beside
/// iree-compile or in the bin/ of the virtualenv its wheel is in, the
/// project's .venv, then PATH. Empty when none is found.
std::string findImportOnnx(const IreeTools &tools);

enum class FrontendStage { None, Import, Lower };
/// "import", "lower".
llvm::StringRef frontendStageName(FrontendStage stage);

/// One lowering command as run (argv[0] the tool's path), in the work
/// directory.
struct LoweringCommand {
  FrontendStage stage = FrontendStage::None;
  std::vector<std::string> argv;
  std::string log; // its output, relative to the work directory
  double seconds = 0;
};

struct LoweringOptions {
  ProcessLimits limits;
  /// Extra arguments of iree-import-onnx (e.g. --opset-version=17) and of
  /// the lowering iree-compile.
  std::vector<std::string> importFlags, lowerFlags;
};

/// What lowerFrontendProgram did. Paths are relative to the work directory.
struct Lowering {
  FrontendKind kind = FrontendKind::None;
  std::string source;   // the original as the user named it
  std::string original; // its copy: frontend/<name>
  std::string imported; // frontend/<stem>.torch.mlir (onnx only)
  std::string lowered;  // the input-phase program
  std::string inputType; // --iree-input-type
  std::string ireeVersion;
  std::vector<LoweringCommand> commands;
  /// A failure: the stage, the tool's own message (a Python exception's
  /// last lines, iree-compile's error lines) and how it ended.
  FrontendStage failedStage = FrontendStage::None;
  std::string message;
  /// Set by the reducer: `lowered` is no longer the commands' output.
  bool reduced = false;
  /// Parameter archives the import wrote (iree-import-onnx
  /// --externalize-params): {scope, path relative to the work directory},
  /// which the lowered program's `#stream.parameter.named` globals read.
  std::vector<std::pair<std::string, std::string>> parameters;
  /// ONNX external data files of the model (relative to the model),
  /// copied beside its copy; `dataDir` set instead (absolute) when they
  /// were too large to copy and the import reads them where they are.
  std::vector<std::string> externalData;
  std::string dataDir;

  bool ok() const { return failedStage == FrontendStage::None; }
  /// "import: iree-import-onnx: <message>" / "lower: iree-compile: ...".
  std::string errorText() const;
  /// kImportFailed or kLowerFailed (0 when ok).
  int exitCode() const;
};

/// Copies `path` into `workDir`/frontend/ and lowers it into
/// `workDir`/`loweredName` with the tools in `tools`. Never throws or
/// crashes on bad input: see failedStage. An error only when the work
/// directory cannot be written or `kind` is None.
llvm::Expected<Lowering>
lowerFrontendProgram(llvm::StringRef path, FrontendKind kind,
                     const IreeTools &tools, llvm::StringRef workDir,
                     const LoweringOptions &options,
                     llvm::StringRef loweredName = "program.mlir");

/// The record of a lowering: `dir`/frontend/lowering.json.
llvm::Error writeLoweringRecord(llvm::StringRef dir, const Lowering &l);
/// Reads it back; nullopt when `dir` has none; an error when it is
/// malformed (naming the field).
llvm::Expected<std::optional<Lowering>>
readLoweringRecord(llvm::StringRef dir);

/// The files an ONNX model's tensors keep their data in (ONNX's external
/// data: TensorProto.external_data "location", relative to the model), in
/// the graph's initializers, sparse initializers and node attributes,
/// subgraphs included; each named once. An error for bytes that are not a
/// protobuf message or a location that is absolute or leaves the model's
/// directory (which ONNX's checker refuses too).
llvm::Expected<std::vector<std::string>>
onnxExternalDataFiles(llvm::StringRef modelBytes);

/// The tool's own message from its output: a Python exception (the lines
/// after the last traceback), else compiler diagnostics (`error:` lines),
/// else the last lines; the process summary when it crashed or timed out.
std::string toolMessage(const ProcessResult &r);

} // namespace ref::gpu

#endif // REF_IREETOOLS_FRONTEND_H
