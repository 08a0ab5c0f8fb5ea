//===- Frontend.cpp - Frontend programs lowered by the IREE in use --------===//

#include "ireetools/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace ref::gpu {

/// ONNX external data up to this many bytes is copied beside the model's
/// copy (and so into bundles); more is read where it is.
constexpr uint64_t kMaxCopiedExternalData = uint64_t(256) << 20;

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace {

std::string joinPath(StringRef a, StringRef b) {
  if (a.empty() || a == ".")
    return b.str();
  llvm::SmallString<256> p(a);
  path::append(p, b);
  return std::string(p);
}

bool isExecutable(const std::string &p) {
  return fs::exists(p) && fs::can_execute(p) && !fs::is_directory(p);
}

llvm::Error writeText(StringRef file, StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file, ec);
  if (ec)
    return llvm::createStringError(file + ": " + ec.message());
  os << text;
  os.close();
  if (os.has_error())
    return llvm::createStringError(file + ": " + os.error().message());
  return llvm::Error::success();
}

/// The dialect prefix of an op name, as a frontend: "torch.aten.add" ->
/// Torch. chlo is StableHLO's companion and lowers with it.
FrontendKind kindOfName(StringRef name) {
  if (name.starts_with("torch.") || name.starts_with("torch_c."))
    return FrontendKind::Torch;
  if (name.starts_with("stablehlo.") || name.starts_with("chlo."))
    return FrontendKind::StableHlo;
  if (name.starts_with("tosa."))
    return FrontendKind::Tosa;
  return FrontendKind::None;
}

bool isIdentChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

} // namespace

StringRef frontendKindName(FrontendKind kind) {
  switch (kind) {
  case FrontendKind::None:
    return "none";
  case FrontendKind::Onnx:
    return "onnx";
  case FrontendKind::Torch:
    return "torch";
  case FrontendKind::StableHlo:
    return "stablehlo";
  case FrontendKind::Tosa:
    return "tosa";
  }
  return "none";
}

std::optional<FrontendKind> parseFrontendKind(StringRef name) {
  for (FrontendKind k : {FrontendKind::None, FrontendKind::Onnx,
                         FrontendKind::Torch, FrontendKind::StableHlo,
                         FrontendKind::Tosa})
    if (name == frontendKindName(k))
      return k;
  return std::nullopt;
}

StringRef frontendStageName(FrontendStage stage) {
  switch (stage) {
  case FrontendStage::Import:
    return "import";
  case FrontendStage::Lower:
    return "lower";
  case FrontendStage::None:
    break;
  }
  return "none";
}

llvm::Expected<FrontendKind> detectFrontendText(StringRef text) {
  // Counts of op names per frontend. An op is a name after `=` or first on
  // its line (custom form), or a quoted name followed by `(` (generic
  // form). Types (`!torch.vtensor`) and attributes (`#tosa.target_env`,
  // `{tosa.target_env = ...}`, which the lowered TOSA program keeps) are
  // not ops; torch's function attributes (`torch.onnx_meta.*`,
  // `torch.assume_strict_symbolic_shapes`) are, as a marker, since only a
  // torch program carries them.
  unsigned counts[5] = {0, 0, 0, 0, 0};
  // StableHLO ops the interpreter runs as they are (generic form, in its
  // subset): a program made only of those is not lowered.
  unsigned interpretedStablehlo = 0;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    bool opPosition = true; // at the start of the line or after `=`
    for (size_t i = 0; i < line.size();) {
      char c = line[i];
      if (c == '/' && i + 1 < line.size() && line[i + 1] == '/')
        break; // a comment
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '"') {
        size_t j = i + 1;
        std::string s;
        while (j < line.size() && line[j] != '"') {
          if (line[j] == '\\' && j + 1 < line.size())
            ++j;
          s += line[j++];
        }
        size_t k = j + 1;
        while (k < line.size() && line[k] == ' ')
          ++k;
        FrontendKind kind = kindOfName(s);
        if (kind != FrontendKind::None && k < line.size() && line[k] == '(') {
          ++counts[static_cast<int>(kind)];
          if (kind == FrontendKind::StableHlo && isInterpretedStablehloOp(s))
            ++interpretedStablehlo;
        }
        i = j + 1;
        opPosition = false;
        continue;
      }
      if (llvm::isAlpha(c) || c == '_') {
        size_t j = i;
        while (j < line.size() && isIdentChar(line[j]))
          ++j;
        StringRef name = line.slice(i, j);
        char before = i ? line[i - 1] : ' ';
        bool sigil = before == '!' || before == '#' || before == '%' ||
                     before == '@' || before == '^';
        FrontendKind kind = kindOfName(name);
        if (!sigil && kind != FrontendKind::None &&
            (opPosition || kind == FrontendKind::Torch))
          ++counts[static_cast<int>(kind)];
        i = j;
        opPosition = false;
        continue;
      }
      opPosition = c == '=' && !(i + 1 < line.size() && line[i + 1] == '=');
      ++i;
    }
  }
  FrontendKind found = FrontendKind::None;
  for (FrontendKind k :
       {FrontendKind::Torch, FrontendKind::StableHlo, FrontendKind::Tosa}) {
    if (!counts[static_cast<int>(k)])
      continue;
    if (found != FrontendKind::None)
      return llvm::createStringError(
          llvm::formatv("it has both {0} and {1} ops: give "
                        "--input-type=torch|stablehlo|tosa",
                        frontendKindName(found), frontendKindName(k))
              .str());
    found = k;
  }
  if (found == FrontendKind::StableHlo &&
      interpretedStablehlo == counts[static_cast<int>(found)])
    return FrontendKind::None;
  return found;
}

bool isInterpretedStablehloOp(StringRef name) {
  // interp/dialects/StablehloOps.td: keep the two lists the same.
  static const char *const kOps[] = {
      "stablehlo.add",     "stablehlo.subtract", "stablehlo.multiply",
      "stablehlo.maximum", "stablehlo.minimum",  "stablehlo.and",
      "stablehlo.or",      "stablehlo.xor",      "stablehlo.constant",
      "stablehlo.reduce_window", "stablehlo.return"};
  return llvm::is_contained(kOps, name);
}

llvm::Expected<FrontendKind> detectFrontend(StringRef file,
                                            StringRef requested) {
  if (!requested.empty() && requested != "auto") {
    if (auto k = parseFrontendKind(requested))
      return *k;
    return llvm::createStringError(
        "--input-type=" + requested +
        ": expected onnx, torch, stablehlo, tosa, none or auto");
  }
  if (path::extension(file).equals_insensitive(".onnx"))
    return FrontendKind::Onnx;
  if (file == "-")
    return FrontendKind::None; // stdin: read once, by the parser
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return FrontendKind::None; // the parser says why it cannot be read
  auto kind = detectFrontendText((*buf)->getBuffer());
  if (!kind)
    return llvm::createStringError(file + ": " +
                                   llvm::toString(kind.takeError()));
  return *kind;
}

std::string findImportOnnx(const IreeTools &tools) {
  if (const char *env = std::getenv("DIFFTEST_IREE_IMPORT_ONNX"); env && *env)
    return env;
  // Beside iree-compile (an IREE build's tools/), or in the bin/ of the
  // virtualenv whose site-packages hold the compiler wheel
  // (VENV/lib/pythonX.Y/site-packages/iree/compiler/_mlir_libs).
  llvm::SmallString<256> dir(path::parent_path(tools.compile));
  for (int up = 0; up < 8 && !dir.empty(); ++up) {
    if (up == 0 && isExecutable(joinPath(dir, "iree-import-onnx")))
      return joinPath(dir, "iree-import-onnx");
    std::string inBin = joinPath(joinPath(dir, "bin"), "iree-import-onnx");
    if (isExecutable(inBin))
      return inBin;
    StringRef parent = path::parent_path(dir);
    if (parent == dir)
      break;
    dir = parent;
  }
  std::string venv = joinPath(joinPath(joinPath(projectRoot(), ".venv"), "bin"),
                          "iree-import-onnx");
  if (isExecutable(venv))
    return venv;
  if (auto p = llvm::sys::findProgramByName("iree-import-onnx"))
    return *p;
  return "";
}

namespace {

/// A minimal reader of protobuf's wire format: the fields of one message.
struct ProtoField {
  uint64_t number;
  unsigned wireType;
  StringRef bytes; // length-delimited fields
};

llvm::Error protoFields(StringRef msg, std::vector<ProtoField> &out) {
  size_t at = 0;
  auto varint = [&](uint64_t &v) -> bool {
    v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      if (at >= msg.size())
        return false;
      uint8_t b = msg[at++];
      v |= uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80))
        return true;
    }
    return false;
  };
  while (at < msg.size()) {
    uint64_t key;
    if (!varint(key))
      return llvm::createStringError(
          llvm::formatv("a truncated field key at byte {0}", at));
    ProtoField f{key >> 3, unsigned(key & 7), {}};
    uint64_t v;
    switch (f.wireType) {
    case 0:
      if (!varint(v))
        return llvm::createStringError(
            llvm::formatv("a truncated varint at byte {0}", at));
      break;
    case 1:
    case 5: {
      size_t n = f.wireType == 1 ? 8 : 4;
      if (msg.size() - at < n)
        return llvm::createStringError(
            llvm::formatv("a truncated fixed field at byte {0}", at));
      at += n;
      break;
    }
    case 2:
      if (!varint(v) || v > msg.size() - at)
        return llvm::createStringError(
            llvm::formatv("a length past the end at byte {0}", at));
      f.bytes = msg.substr(at, v);
      at += v;
      break;
    default:
      return llvm::createStringError(
          llvm::formatv("wire type {0} at byte {1}", f.wireType, at));
    }
    out.push_back(f);
  }
  return llvm::Error::success();
}

// Field numbers of onnx.proto3.
enum : uint64_t {
  kModelGraph = 7,
  kGraphNode = 1,
  kGraphInitializer = 5,
  kGraphSparseInitializer = 15,
  kNodeAttribute = 5,
  kAttrTensor = 5,
  kAttrGraph = 6,
  kAttrSparseTensor = 22,
  kAttrTensors = 10,
  kAttrGraphs = 11,
  kAttrSparseTensors = 23,
  kSparseValues = 1,
  kSparseIndices = 2,
  kTensorExternalData = 13,
  kEntryKey = 1,
  kEntryValue = 2,
};

struct ExternalDataScan {
  std::vector<std::string> files;
  int depth = 0;

  llvm::Error tensor(StringRef msg) {
    std::vector<ProtoField> fields;
    if (llvm::Error e = protoFields(msg, fields))
      return e;
    for (const ProtoField &f : fields) {
      if (f.number != kTensorExternalData || f.wireType != 2)
        continue;
      std::vector<ProtoField> entry;
      if (llvm::Error e = protoFields(f.bytes, entry))
        return e;
      StringRef key, value;
      for (const ProtoField &g : entry) {
        if (g.wireType != 2)
          continue;
        if (g.number == kEntryKey)
          key = g.bytes;
        else if (g.number == kEntryValue)
          value = g.bytes;
      }
      if (key != "location")
        continue;
      bool up = llvm::any_of(
          llvm::make_range(path::begin(value), path::end(value)),
          [](StringRef c) { return c == ".."; });
      if (value.empty() || path::is_absolute(value) || up ||
          value.contains('\0'))
        return llvm::createStringError(
            "external data location '" + value +
            "' is not a file name relative to the model");
      if (!llvm::is_contained(files, value.str()))
        files.push_back(value.str());
    }
    return llvm::Error::success();
  }
  llvm::Error sparse(StringRef msg) {
    std::vector<ProtoField> fields;
    if (llvm::Error e = protoFields(msg, fields))
      return e;
    for (const ProtoField &f : fields)
      if (f.wireType == 2 &&
          (f.number == kSparseValues || f.number == kSparseIndices))
        if (llvm::Error e = tensor(f.bytes))
          return e;
    return llvm::Error::success();
  }
  llvm::Error graph(StringRef msg) {
    if (++depth > 64)
      return llvm::createStringError("subgraphs nested more than 64 deep");
    std::vector<ProtoField> fields;
    if (llvm::Error e = protoFields(msg, fields))
      return e;
    for (const ProtoField &f : fields) {
      if (f.wireType != 2)
        continue;
      llvm::Error e = llvm::Error::success();
      if (f.number == kGraphInitializer)
        e = tensor(f.bytes);
      else if (f.number == kGraphSparseInitializer)
        e = sparse(f.bytes);
      else if (f.number == kGraphNode)
        e = node(f.bytes);
      if (e)
        return e;
    }
    --depth;
    return llvm::Error::success();
  }
  llvm::Error node(StringRef msg) {
    std::vector<ProtoField> fields;
    if (llvm::Error e = protoFields(msg, fields))
      return e;
    for (const ProtoField &f : fields) {
      if (f.number != kNodeAttribute || f.wireType != 2)
        continue;
      std::vector<ProtoField> attr;
      if (llvm::Error e = protoFields(f.bytes, attr))
        return e;
      for (const ProtoField &a : attr) {
        if (a.wireType != 2)
          continue;
        llvm::Error e = llvm::Error::success();
        if (a.number == kAttrTensor || a.number == kAttrTensors)
          e = tensor(a.bytes);
        else if (a.number == kAttrGraph || a.number == kAttrGraphs)
          e = graph(a.bytes);
        else if (a.number == kAttrSparseTensor ||
                 a.number == kAttrSparseTensors)
          e = sparse(a.bytes);
        if (e)
          return e;
      }
    }
    return llvm::Error::success();
  }
};

} // namespace

llvm::Expected<std::vector<std::string>>
onnxExternalDataFiles(StringRef modelBytes) {
  std::vector<ProtoField> fields;
  if (llvm::Error e = protoFields(modelBytes, fields))
    return llvm::createStringError("not an ONNX model: " +
                                   llvm::toString(std::move(e)));
  ExternalDataScan scan;
  for (const ProtoField &f : fields)
    if (f.number == kModelGraph && f.wireType == 2)
      if (llvm::Error e = scan.graph(f.bytes))
        return llvm::createStringError("not an ONNX model: " +
                                       llvm::toString(std::move(e)));
  return scan.files;
}

std::string toolMessage(const ProcessResult &r) {
  std::string text = r.stderrText + r.stdoutText;
  llvm::SmallVector<StringRef> lines;
  StringRef(text).split(lines, '\n');
  std::vector<std::string> picked;
  // A Python exception: what follows its last traceback's frames.
  size_t traceback = lines.size();
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].starts_with("Traceback (most recent call last)"))
      traceback = i;
  if (traceback < lines.size()) {
    size_t i = traceback + 1;
    while (i < lines.size() &&
           (lines[i].starts_with(" ") || lines[i].starts_with("\t")))
      ++i;
    for (; i < lines.size() && picked.size() < 6; ++i)
      if (!lines[i].trim().empty())
        picked.push_back(lines[i].rtrim().str());
  }
  if (picked.empty())
    for (StringRef l : lines)
      if (l.contains("error:") && picked.size() < 4)
        picked.push_back(l.trim().str());
  if (picked.empty())
    for (size_t i = lines.size(); i-- > 0 && picked.size() < 3;)
      if (!lines[i].trim().empty())
        picked.insert(picked.begin(), lines[i].trim().str());
  std::string msg = llvm::join(picked, "\n");
  if (msg.size() > 2000)
    msg = msg.substr(0, 2000) + "...";
  if (r.kind != ProcessResult::Kind::Exited)
    msg = r.summary() + (msg.empty() ? "" : ": " + msg);
  else if (msg.empty())
    msg = r.summary() + " without a message";
  return msg;
}

std::string Lowering::errorText() const {
  if (ok())
    return "";
  StringRef tool =
      failedStage == FrontendStage::Import ? "iree-import-onnx" : "iree-compile";
  return (frontendStageName(failedStage) + ": " + tool + " failed on " +
          source + ":\n" + message)
      .str();
}

int Lowering::exitCode() const {
  switch (failedStage) {
  case FrontendStage::Import:
    return kImportFailed;
  case FrontendStage::Lower:
    return kLowerFailed;
  case FrontendStage::None:
    break;
  }
  return 0;
}

llvm::Expected<Lowering> lowerFrontendProgram(StringRef file,
                                              FrontendKind kind,
                                              const IreeTools &tools,
                                              StringRef workDir,
                                              const LoweringOptions &options,
                                              StringRef loweredName) {
  if (kind == FrontendKind::None)
    return llvm::createStringError(
        file + ": not a frontend program (nothing to lower)");
  Lowering l;
  l.kind = kind;
  l.source = file.str();
  l.lowered = loweredName.str();
  l.ireeVersion = tools.compilerVersion();
  std::string feDir = joinPath(workDir, "frontend");
  if (std::error_code ec = fs::create_directories(feDir))
    return llvm::createStringError(feDir + ": " + ec.message());
  StringRef name = path::filename(file);
  l.original = joinPath("frontend", name);
  if (std::error_code ec = fs::copy_file(file, joinPath(workDir, l.original))) {
    // Not the tools' failure: the file cannot be read.
    l.failedStage = kind == FrontendKind::Onnx ? FrontendStage::Import
                                               : FrontendStage::Lower;
    l.message = (file + ": " + ec.message()).str();
    return l;
  }
  RunOptions ro;
  ro.workingDir = workDir.str();
  auto runStep = [&](FrontendStage stage, std::vector<std::string> argv,
                     StringRef log) {
    ProcessResult r = runProcess(argv, options.limits, ro);
    (void)writeText(joinPath(workDir, log),
                    "$ " + llvm::join(argv, " ") + "\n# " + r.summary() +
                        "\n" + r.stdoutText + r.stderrText);
    LoweringCommand cmd;
    cmd.stage = stage;
    cmd.argv = std::move(argv);
    cmd.log = log.str();
    cmd.seconds = r.wallSeconds;
    l.commands.push_back(std::move(cmd));
    return r;
  };

  std::string source = l.original;
  if (kind == FrontendKind::Onnx) {
    std::string importer = findImportOnnx(tools);
    if (importer.empty()) {
      l.failedStage = FrontendStage::Import;
      l.message = "iree-import-onnx not found (beside " + tools.compile +
                  ", in the project's .venv or on PATH; "
                  "$DIFFTEST_IREE_IMPORT_ONNX names it)";
      return l;
    }
    l.imported = joinPath("frontend", (path::stem(name) + ".torch.mlir").str());
    // ONNX's external data: the files beside the model go beside its copy
    // (or, past kMaxCopiedExternalData, the importer reads them where they
    // are). A model the scan cannot read is left to the importer's own
    // error.
    if (auto model = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                                 false)) {
      auto files = onnxExternalDataFiles((*model)->getBuffer());
      if (files) {
        StringRef srcDir = path::parent_path(file);
        uint64_t total = 0;
        for (const std::string &f : *files) {
          uint64_t n = 0;
          if (!fs::file_size(joinPath(srcDir, f), n))
            total += n;
        }
        if (total > kMaxCopiedExternalData) {
          llvm::SmallString<256> abs(srcDir.empty() ? "." : srcDir);
          fs::make_absolute(abs);
          l.dataDir = std::string(abs);
        } else {
          for (const std::string &f : *files) {
            std::string to = joinPath(feDir, f);
            fs::create_directories(path::parent_path(to));
            // A missing file is the importer's to report.
            (void)fs::copy_file(joinPath(srcDir, f), to);
          }
        }
        l.externalData = std::move(*files);
      } else {
        llvm::consumeError(files.takeError());
      }
    }
    std::vector<std::string> argv = {importer, l.original};
    if (!l.dataDir.empty())
      argv.push_back("--data-dir=" + l.dataDir);
    argv.insert(argv.end(), options.importFlags.begin(),
                options.importFlags.end());
    argv.push_back("-o");
    argv.push_back(l.imported);
    fs::remove(joinPath(workDir, l.imported));
    ProcessResult r = runStep(FrontendStage::Import, argv,
                              joinPath("frontend", "import.log"));
    if (!r.success() || !fs::exists(joinPath(workDir, l.imported))) {
      l.failedStage = FrontendStage::Import;
      l.message = toolMessage(r);
      return l;
    }
    source = l.imported;
    l.inputType = "onnx";
    // Externalized weights (--externalize-params): the archive the
    // importer wrote, by default <output without .mlir>_params.irpa beside
    // its output, else where --save-params-to put it; scope "model" unless
    // --params-scope says otherwise.
    bool externalize = false, save = true;
    std::string scope = "model", saveTo;
    for (const std::string &f : options.importFlags) {
      StringRef flag(f);
      if (flag == "--externalize-params")
        externalize = true;
      else if (flag == "--no-externalize-params")
        externalize = false;
      else if (flag == "--no-save-params")
        save = false;
      else if (flag == "--save-params")
        save = true;
      else if (flag.consume_front("--params-scope="))
        scope = flag.str();
      else if (flag.consume_front("--save-params-to="))
        saveTo = flag.str();
    }
    if (externalize && save) {
      std::string archive =
          !saveTo.empty()
              ? saveTo
              : joinPath("frontend",
                         (path::stem(l.imported) + "_params.irpa").str());
      if (fs::exists(path::is_absolute(archive) ? archive
                                                : joinPath(workDir, archive)))
        l.parameters.push_back({scope, archive});
    }
  } else if (kind == FrontendKind::Torch) {
    // torch-mlir's ONNX form (torch.operator "onnx.*", what iree-import-onnx
    // writes) converts with IREE's "onnx" input type; the torch ops of
    // iree-turbine with "torch".
    auto text = llvm::MemoryBuffer::getFile(joinPath(workDir, l.original));
    bool onnxForm = text && ((*text)->getBuffer().contains("\"onnx.") ||
                             (*text)->getBuffer().contains("torch.onnx_meta"));
    l.inputType = onnxForm ? "onnx" : "torch";
  } else {
    l.inputType = frontendKindName(kind).str();
  }
  std::vector<std::string> argv = {tools.compile, "--compile-to=input",
                                   "--iree-input-type=" + l.inputType};
  argv.insert(argv.end(), options.lowerFlags.begin(),
              options.lowerFlags.end());
  argv.push_back(source);
  argv.push_back("-o");
  argv.push_back(l.lowered);
  std::string loweredAbs = joinPath(workDir, l.lowered);
  fs::remove(loweredAbs);
  ProcessResult r =
      runStep(FrontendStage::Lower, argv, joinPath("frontend", "lower.log"));
  uint64_t size = 0;
  if (!r.success() || fs::file_size(loweredAbs, size) || size == 0) {
    l.failedStage = FrontendStage::Lower;
    l.message = toolMessage(r);
    fs::remove(loweredAbs);
    return l;
  }
  return l;
}

llvm::Error writeLoweringRecord(StringRef dir, const Lowering &l) {
  json::Array commands;
  for (const LoweringCommand &c : l.commands)
    commands.push_back(json::Object{{"stage", frontendStageName(c.stage)},
                                    {"argv", json::Array(c.argv)},
                                    {"log", c.log},
                                    {"seconds", c.seconds}});
  json::Object o{{"kind", frontendKindName(l.kind)},
                 {"source", l.source},
                 {"original", l.original},
                 {"imported", l.imported},
                 {"lowered", l.lowered},
                 {"input_type", l.inputType},
                 {"iree_version", l.ireeVersion},
                 {"reduced", l.reduced},
                 {"commands", std::move(commands)}};
  if (!l.parameters.empty()) {
    json::Array params;
    for (const auto &[scope, file] : l.parameters)
      params.push_back(json::Object{{"scope", scope}, {"path", file}});
    o["parameters"] = std::move(params);
  }
  if (!l.externalData.empty())
    o["external_data"] = json::Array(l.externalData);
  if (!l.dataDir.empty())
    o["data_dir"] = l.dataDir;
  if (!l.ok()) {
    o["failed_stage"] = frontendStageName(l.failedStage);
    o["message"] = l.message;
  }
  std::string feDir = joinPath(dir, "frontend");
  if (std::error_code ec = fs::create_directories(feDir))
    return llvm::createStringError(feDir + ": " + ec.message());
  return writeText(joinPath(feDir, "lowering.json"),
                   llvm::formatv("{0:2}", json::Value(std::move(o))).str() +
                       "\n");
}

llvm::Expected<std::optional<Lowering>> readLoweringRecord(StringRef dir) {
  std::string file = joinPath(joinPath(dir, "frontend"), "lowering.json");
  if (!fs::exists(file))
    return std::nullopt;
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf)
    return llvm::createStringError(file + ": " + buf.getError().message());
  auto v = json::parse((*buf)->getBuffer());
  if (!v)
    return llvm::createStringError(file + ": " + llvm::toString(v.takeError()));
  const json::Object *o = v->getAsObject();
  if (!o)
    return llvm::createStringError(file + ": not a JSON object");
  Lowering l;
  auto str = [&](StringRef key, std::string &to,
                 bool required) -> llvm::Error {
    if (auto s = o->getString(key)) {
      to = s->str();
      return llvm::Error::success();
    }
    if (!required && !o->get(key))
      return llvm::Error::success();
    return llvm::createStringError(file + ": field '" + key +
                                   "' missing or not a string");
  };
  std::string kind, failedStage;
  for (auto [key, to, required] :
       {std::tuple<StringRef, std::string *, bool>{"kind", &kind, true},
        {"source", &l.source, true},
        {"original", &l.original, true},
        {"imported", &l.imported, false},
        {"lowered", &l.lowered, true},
        {"input_type", &l.inputType, false},
        {"iree_version", &l.ireeVersion, false},
        {"failed_stage", &failedStage, false},
        {"message", &l.message, false}})
    if (llvm::Error e = str(key, *to, required))
      return std::move(e);
  auto k = parseFrontendKind(kind);
  if (!k || *k == FrontendKind::None)
    return llvm::createStringError(file + ": field 'kind': unknown '" + kind +
                                   "'");
  l.kind = *k;
  if (!failedStage.empty())
    l.failedStage = failedStage == "import" ? FrontendStage::Import
                                            : FrontendStage::Lower;
  l.reduced = o->getBoolean("reduced").value_or(false);
  if (const json::Value *pv = o->get("parameters")) {
    const json::Array *params = pv->getAsArray();
    if (!params)
      return llvm::createStringError(file +
                                     ": field 'parameters': expected an array");
    for (const json::Value &p : *params) {
      const json::Object *po = p.getAsObject();
      auto scope = po ? po->getString("scope") : std::nullopt;
      auto where = po ? po->getString("path") : std::nullopt;
      if (!scope || !where)
        return llvm::createStringError(
            file + ": field 'parameters': an entry without 'scope' "
                   "and 'path' strings");
      l.parameters.push_back({scope->str(), where->str()});
    }
  }
  if (const json::Array *ed = o->getArray("external_data"))
    for (const json::Value &v : *ed)
      if (auto s = v.getAsString())
        l.externalData.push_back(s->str());
  l.dataDir = o->getString("data_dir").value_or("").str();
  if (const json::Array *cmds = o->getArray("commands")) {
    for (const json::Value &cv : *cmds) {
      const json::Object *co = cv.getAsObject();
      const json::Array *argv = co ? co->getArray("argv") : nullptr;
      if (!argv)
        return llvm::createStringError(
            file + ": field 'commands': an entry without 'argv'");
      LoweringCommand c;
      StringRef stage = co->getString("stage").value_or("lower");
      c.stage = stage == "import" ? FrontendStage::Import
                                  : FrontendStage::Lower;
      for (const json::Value &a : *argv) {
        auto s = a.getAsString();
        if (!s)
          return llvm::createStringError(
              file + ": field 'commands': an argument is not a "
                     "string");
        c.argv.push_back(s->str());
      }
      if (c.argv.empty())
        return llvm::createStringError(file +
                                       ": field 'commands': an empty command");
      c.log = co->getString("log").value_or("").str();
      c.seconds = co->getNumber("seconds").value_or(0);
      l.commands.push_back(std::move(c));
    }
  }
  return std::optional<Lowering>(std::move(l));
}

} // namespace ref::gpu
