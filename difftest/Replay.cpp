//===- Replay.cpp - difftest replay: re-run the golden corpus --------------===//
//
//   difftest replay CORPUS_DIR... [--target=llvm-cpu,cuda:sm_80]
//       [--jobs=N] [--json=FILE] [--out=DIR] [common options]
//
// Every directory under the arguments that holds a case.json is a case:
// program.mlir (or a frontend program named by case.json "frontend",
// lowered by the IREE in use: docs/frontends.md), inputs/, golden/ (outputs
// and, where recorded, the freedom report) and case.json (the function, a description, and per target the
// expected outcome). For each case:
//   1. the interpreter runs on the inputs and must reproduce golden/ bit for
//      bit, and its freedom report must equal golden/freedom.json (a
//      difference is our regression: it names the output and the first
//      differing element);
//   2. each --target compiles (and runs, where this machine has the device)
//      and its outcome is compared with the recorded expectation: the same
//      outcome is "ok"; a known failure that no longer happens is "FIXED?";
//      anything else is "CHANGED".
// Exit: 0 everything as recorded; 1 a golden differs or an outcome changed
// (fixed included); 2 invalid input (a bad case.json, named with its
// field); 4 the tool failed.
//
//===----------------------------------------------------------------------===//

#include "difftest/Options.h"
#include "difftest/Run.h"
#include "ireetools/Frontend.h"
#include "interp/support/ParameterArchive.h"
#include "difftest/Triage.h"
#include "interp/support/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace cl = llvm::cl;
namespace json = llvm::json;

namespace {

//===----------------------------------------------------------------------===//
// case.json
//===----------------------------------------------------------------------===//

/// What a case expects of one target.
struct Expectation {
  gpu::Verdict verdict = gpu::Verdict::Pass;
  std::string signature; // a substring of the signature or detail; may be ""
  std::string issue, reason;
  bool implicit = false; // not recorded: pass (or compiled-only) assumed

  std::string describe() const {
    std::string s = gpu::verdictName(verdict).str();
    if (!signature.empty())
      s += " (\"" + signature + "\")";
    return s;
  }
};

struct CaseDesc {
  std::string dir;  // the case directory
  std::string name; // relative to the argument it was found under
  std::string function;
  std::string description;
  std::optional<std::vector<gpu::TensorFile>> inputs, outputs; // paths
                                                               // relative
  std::map<std::string, Expectation> expect;
  /// A frontend program in the case directory (case.json "frontend"),
  /// lowered by the IREE in use instead of a program.mlir; "input_type"
  /// overrides its detection.
  std::string frontend, inputType;
  /// case.json "import_flags" (iree-import-onnx flags of the frontend
  /// program, e.g. "--externalize-params") and "parameters"
  /// ("[SCOPE=]FILE", FILE in the case directory: .irpa, .safetensors or
  /// .gguf).
  std::vector<std::string> importFlags, parameters;
};

llvm::Error fieldError(StringRef file, StringRef field, const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 file + ": " + field + ": " + what);
}

llvm::Expected<Expectation> parseExpectation(const json::Value &v,
                                             StringRef file,
                                             const std::string &field) {
  Expectation e;
  auto verdictOf = [&](StringRef name,
                       const std::string &f) -> llvm::Error {
    auto verdict = gpu::parseVerdict(name);
    if (!verdict)
      return fieldError(file, f,
                        "'" + name +
                            "' is not a verdict (pass, compiled-only, "
                            "mismatch, undecided, compile-error, "
                            "compiler-crash, compiler-oom, compile-timeout, "
                            "runtime-error, "
                            "runtime-crash, runtime-timeout, tool-error)");
    e.verdict = *verdict;
    return llvm::Error::success();
  };
  if (auto s = v.getAsString()) {
    if (llvm::Error err = verdictOf(*s, field))
      return std::move(err);
    return e;
  }
  const json::Object *o = v.getAsObject();
  if (!o)
    return fieldError(file, field,
                      "expected a verdict name or an object with "
                      "\"verdict\"");
  const json::Value *verdict = o->get("verdict");
  if (!verdict || !verdict->getAsString())
    return fieldError(file, field + ".verdict", "expected a verdict name");
  if (llvm::Error err = verdictOf(*verdict->getAsString(), field + ".verdict"))
    return std::move(err);
  for (auto [key, dst] : {std::pair<const char *, std::string *>{
                              "signature", &e.signature},
                          {"issue", &e.issue},
                          {"reason", &e.reason}}) {
    const json::Value *f = o->get(key);
    if (!f)
      continue;
    if (!f->getAsString())
      return fieldError(file, field + "." + key, "expected a string");
    *dst = f->getAsString()->str();
  }
  return e;
}

llvm::Expected<std::vector<gpu::TensorFile>>
parseTensorList(const json::Object &root, StringRef key, StringRef file) {
  const json::Array *arr = root.getArray(key);
  if (!arr)
    return fieldError(file, key, "expected an array of {path, dtype, shape}");
  std::vector<gpu::TensorFile> out;
  for (auto [i, v] : llvm::enumerate(*arr)) {
    // Paths stay relative to the case directory (baseDir "").
    auto f = gpu::TensorFile::fromJSON(v, "", file,
                                       (key + "[" + llvm::Twine(i) + "]").str());
    if (!f)
      return f.takeError();
    if (path::is_absolute(f->path) || StringRef(f->path).contains(".."))
      return fieldError(file, (key + "[" + llvm::Twine(i) + "].path").str(),
                        "expected a path inside the case directory");
    out.push_back(std::move(*f));
  }
  return out;
}

llvm::Expected<CaseDesc> loadCase(StringRef dir, StringRef name) {
  CaseDesc c;
  c.dir = dir.str();
  c.name = name.str();
  std::string file = joinPath(dir, "case.json");
  auto text = readFile(file);
  if (!text)
    return text.takeError();
  auto root = json::parse(*text);
  if (!root)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   file + ": invalid JSON: " +
                                       llvm::toString(root.takeError()));
  const json::Object *o = root->getAsObject();
  if (!o)
    return fieldError(file, "(top level)", "expected an object");
  auto fn = o->getString("function");
  if (!fn || fn->empty())
    return fieldError(file, "function",
                      o->get("function") ? "expected a function name"
                                         : "missing (the function to run)");
  c.function = fn->str();
  for (StringRef key : {"description", "derived_by"})
    if (const json::Value *v = o->get(key); v && !v->getAsString())
      return fieldError(file, key, "expected a string");
  c.description = o->getString("description").value_or("").str();
  if (o->get("inputs")) {
    auto l = parseTensorList(*o, "inputs", file);
    if (!l)
      return l.takeError();
    c.inputs = std::move(*l);
  }
  if (o->get("outputs")) {
    auto l = parseTensorList(*o, "outputs", file);
    if (!l)
      return l.takeError();
    c.outputs = std::move(*l);
  }
  const json::Value *ev = o->get("expect");
  if (!ev)
    return fieldError(file, "expect",
                      "missing (per target: \"pass\", \"compiled-only\" or "
                      "a known failure)");
  const json::Object *expect = ev->getAsObject();
  if (!expect)
    return fieldError(file, "expect", "expected an object keyed by target");
  for (const auto &kv : *expect) {
    std::string key = kv.first.str();
    auto e = parseExpectation(kv.second, file, "expect." + key);
    if (!e)
      return e.takeError();
    c.expect[key] = std::move(*e);
  }
  for (StringRef key : {"frontend", "input_type"})
    if (const json::Value *v = o->get(key); v && !v->getAsString())
      return fieldError(file, key, "expected a string");
  c.frontend = o->getString("frontend").value_or("").str();
  c.inputType = o->getString("input_type").value_or("").str();
  for (auto [key, into] :
       {std::pair<StringRef, std::vector<std::string> *>{"import_flags",
                                                         &c.importFlags},
        {"parameters", &c.parameters}}) {
    const json::Value *v = o->get(key);
    if (!v)
      continue;
    const json::Array *a = v->getAsArray();
    if (!a)
      return fieldError(file, key, "expected an array of strings");
    for (const json::Value &x : *a) {
      auto s = x.getAsString();
      if (!s)
        return fieldError(file, key, "expected an array of strings");
      into->push_back(s->str());
    }
  }
  for (std::string &p : c.parameters) {
    ParameterFlag f = parseParameterFlag(p);
    if (f.file.empty() || StringRef(f.file).contains("..") ||
        path::is_absolute(f.file) || !fs::exists(joinPath(dir, f.file)))
      return fieldError(file, "parameters",
                        "expected [SCOPE=]FILE with FILE in the case "
                        "directory, not '" +
                            p + "'");
    llvm::SmallString<256> abs(joinPath(dir, f.file));
    fs::make_absolute(abs);
    p = f.scope.empty() ? std::string(abs) : f.scope + "=" + std::string(abs);
  }
  if (!c.frontend.empty()) {
    if (StringRef(c.frontend).contains("..") ||
        path::is_absolute(c.frontend) ||
        !fs::exists(joinPath(dir, c.frontend)))
      return fieldError(file, "frontend",
                        "expected a file of the case directory, not '" +
                            c.frontend + "'");
    return c;
  }
  if (!fs::exists(joinPath(dir, "program.mlir")))
    return fieldError(file, "program.mlir",
                      "the case directory has no program.mlir");
  return c;
}

/// Every directory at or under `root` with a case.json, sorted.
llvm::Error findCases(StringRef root, std::vector<std::pair<std::string,
                                                            std::string>> &out) {
  if (!fs::is_directory(root))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   root + ": not a directory");
  std::string base = path::filename(StringRef(root).rtrim('/')).str();
  if (fs::exists(joinPath(root, "case.json"))) {
    out.push_back({root.str(), base});
    return llvm::Error::success();
  }
  std::vector<std::pair<std::string, std::string>> found;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->type() != fs::file_type::directory_file)
      continue;
    if (!fs::exists(joinPath(it->path(), "case.json")))
      continue;
    StringRef rel = StringRef(it->path()).drop_front(root.size()).ltrim('/');
    found.push_back({it->path(), rel.str()});
    it.no_push(); // a case holds no cases
  }
  if (ec)
    return llvm::createStringError(ec, root + ": " + ec.message());
  std::sort(found.begin(), found.end(),
            [](const auto &a, const auto &b) { return a.second < b.second; });
  out.insert(out.end(), found.begin(), found.end());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Comparing the interpreter with the goldens
//===----------------------------------------------------------------------===//

std::string coordsOf(int64_t linear, llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> idx(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t n = std::max<int64_t>(shape[d], 1);
    idx[d] = linear % n;
    linear /= n;
  }
  std::string s = "[";
  for (auto [i, v] : llvm::enumerate(idx))
    s += (i ? ", " : "") + std::to_string(v);
  return s + "]";
}

/// "1.5 (0x3fc00000)" for floats, "-3 (0xfd)" for integers.
std::string valueText(uint64_t bits, DType t) {
  std::string s = formatValue(bits, t);
  if (isInteger(t) && t != DType::I1)
    s += llvm::formatv(" ({0:x})", bits).str();
  return s;
}

/// "" when `actual` equals `golden` bit for bit; else what differs.
std::string bitDifference(unsigned index, const Tensor &golden,
                          const Tensor &actual) {
  std::string head = "output " + std::to_string(index) + " (" +
                     shapeTypeString(golden.shape(), golden.dtype()) + ")";
  if (golden.dtype() != actual.dtype() || golden.shape() != actual.shape())
    return head + ": the interpreter's result is " +
           shapeTypeString(actual.shape(), actual.dtype());
  int64_t n = golden.numElements(), diff = 0, first = -1;
  uint64_t mask = golden.dtype() == DType::I1 ? 1 : ~uint64_t(0);
  for (int64_t e = 0; e < n; ++e)
    if ((golden.load(e) & mask) != (actual.load(e) & mask)) {
      if (first < 0)
        first = e;
      ++diff;
    }
  if (!diff)
    return "";
  return head + ": " + std::to_string(diff) + " of " + std::to_string(n) +
         " elements differ; first at " + coordsOf(first, golden.shape()) +
         ": golden " + valueText(golden.load(first) & mask, golden.dtype()) +
         ", interpreter " +
         valueText(actual.load(first) & mask, actual.dtype());
}

/// The first place two JSON values differ ("" when equal).
std::string jsonDifference(const json::Value &a, const json::Value &b,
                           const std::string &where) {
  auto show = [](const json::Value &v) {
    std::string s = llvm::formatv("{0}", v).str();
    return s.size() > 80 ? s.substr(0, 77) + "..." : s;
  };
  const json::Object *oa = a.getAsObject(), *ob = b.getAsObject();
  if (oa && ob) {
    std::vector<std::string> keys;
    for (const auto &kv : *oa)
      keys.push_back(kv.first.str());
    for (const auto &kv : *ob)
      if (!oa->get(kv.first))
        keys.push_back(kv.first.str());
    std::sort(keys.begin(), keys.end());
    for (const std::string &k : keys) {
      std::string w = where.empty() ? k : where + "." + k;
      const json::Value *va = oa->get(k), *vb = ob->get(k);
      if (!va)
        return w + ": not in golden/freedom.json, now " + show(*vb);
      if (!vb)
        return w + ": golden " + show(*va) + ", now absent";
      std::string d = jsonDifference(*va, *vb, w);
      if (!d.empty())
        return d;
    }
    return "";
  }
  const json::Array *aa = a.getAsArray(), *ab = b.getAsArray();
  if (aa && ab) {
    for (size_t i = 0; i < std::min(aa->size(), ab->size()); ++i) {
      std::string d = jsonDifference((*aa)[i], (*ab)[i],
                                     where + "[" + std::to_string(i) + "]");
      if (!d.empty())
        return d;
    }
    if (aa->size() != ab->size())
      return where + ": golden has " + std::to_string(aa->size()) +
             " entries, now " + std::to_string(ab->size());
    return "";
  }
  if (a == b)
    return "";
  return (where.empty() ? "(top level)" : where) + ": golden " + show(a) +
         ", now " + show(b);
}

//===----------------------------------------------------------------------===//
// Running one case
//===----------------------------------------------------------------------===//

enum class Status { Ok, Differs, Changed, Fixed, Invalid, ToolError };

StringRef statusWord(Status s) {
  switch (s) {
  case Status::Ok:
    return "ok";
  case Status::Differs:
    return "GOLDEN DIFFERS";
  case Status::Changed:
    return "CHANGED";
  case Status::Fixed:
    return "FIXED?";
  case Status::Invalid:
    return "INVALID";
  case Status::ToolError:
    return "TOOL ERROR";
  }
  return "?";
}

StringRef statusKey(Status s) {
  switch (s) {
  case Status::Ok:
    return "ok";
  case Status::Differs:
    return "golden-differs";
  case Status::Changed:
    return "changed";
  case Status::Fixed:
    return "fixed";
  case Status::Invalid:
    return "invalid";
  case Status::ToolError:
    return "tool-error";
  }
  return "?";
}

struct TargetOutcome {
  TargetResult result;
  Expectation expected;
  Status status = Status::Ok;
  std::string note; // why, for the line
};

struct CaseResult {
  Status interp = Status::Ok;
  std::string interpDetail;
  double interpSeconds = 0;
  std::vector<TargetOutcome> targets;
  std::string workDir; // kept for inspection, "" when removed
};

/// Compares an outcome with its expectation.
void judge(TargetOutcome &t) {
  const TargetResult &r = t.result;
  const Expectation &e = t.expected;
  auto passLike = [](gpu::Verdict v) {
    return v == gpu::Verdict::Pass || v == gpu::Verdict::CompiledOnly;
  };
  if (r.verdict == gpu::Verdict::ToolError && e.verdict != r.verdict) {
    t.status = Status::ToolError;
    return;
  }
  if (passLike(e.verdict)) {
    if (passLike(r.verdict)) {
      t.status = Status::Ok;
      return;
    }
    t.status = Status::Changed;
    t.note = "expected " + e.describe();
    return;
  }
  // A recorded failure (or undecided).
  if (r.verdict == e.verdict) {
    if (e.signature.empty() ||
        StringRef(r.signature).contains(e.signature) ||
        StringRef(r.detail).contains(e.signature)) {
      t.status = Status::Ok;
      t.note = "known";
      if (!e.issue.empty())
        t.note += ", issue: " + e.issue;
      return;
    }
    t.status = Status::Changed;
    t.note = "expected " + e.describe() + ", the signature differs";
    return;
  }
  if (r.verdict == gpu::Verdict::CompiledOnly &&
      gpu::stageOf(e.verdict) != gpu::Stage::Compile) {
    // A known failure at run time on a device this machine lacks.
    t.status = Status::Ok;
    t.note = "known " + e.describe() + " needs the device: not checked here";
    return;
  }
  if (passLike(r.verdict)) {
    t.status = Status::Fixed;
    t.note = "expected the known " + e.describe() +
             (e.issue.empty() ? std::string() : " (" + e.issue + ")") +
             ": fixed? update case.json";
    return;
  }
  t.status = Status::Changed;
  t.note = "expected " + e.describe();
}

std::string targetLine(const CaseDesc &c, const TargetOutcome &t) {
  std::string line = c.name + ": " + statusWord(t.status).str() + ": " +
                     verdictLine(t.result);
  if (!t.note.empty())
    line += " [" + t.note + "]";
  return line;
}

std::string subdirOf(StringRef target) {
  std::string s = target.str();
  std::replace(s.begin(), s.end(), ':', '_');
  return s;
}

struct Replayer {
  const Settings &settings;
  const std::vector<gpu::TargetConfig> &configs;
  std::string outDir;
  bool keep = false;

  /// The input files of a case: from case.json, or inputs/in<i>.npy|bin in
  /// the order of the function's arguments.
  llvm::Expected<std::vector<gpu::TensorFile>>
  inputFiles(const CaseDesc &c, const Signature &sig,
             StringRef workDir) const {
    std::string file = joinPath(c.dir, "case.json");
    if (c.inputs) {
      if (c.inputs->size() != sig.inputs.size())
        return fieldError(file, "inputs",
                          llvm::Twine(c.inputs->size()) + " inputs, but @" +
                              sig.name + " takes " +
                              llvm::Twine(sig.inputs.size()));
      return *c.inputs;
    }
    std::vector<gpu::TensorFile> files;
    for (auto [i, a] : llvm::enumerate(sig.inputs)) {
      gpu::TensorFile f;
      if (a.anyBufferView) {
        // Never read by the program: typed by its file; an .npy says its
        // type, a raw .bin needs case.json's "inputs".
        f.path = joinPath("inputs", "in" + std::to_string(i) + ".npy");
        auto t = readNpyFile(joinPath(workDir, f.path));
        if (!t)
          return fieldError(file, "inputs",
                            "argument " + llvm::Twine(i) +
                                " is a buffer view the program never reads: "
                                "it needs " + f.path + " or its type in "
                                "case.json \"inputs\" (" +
                                llvm::toString(t.takeError()) + ")");
        f.dtype = t->dtype();
        f.shape.assign(t->shape().begin(), t->shape().end());
        files.push_back(std::move(f));
        continue;
      }
      f.dtype = *a.dtype;
      f.path = joinPath("inputs", gpu::tensorFileName("in", i, f.dtype));
      std::string abs = joinPath(workDir, f.path);
      if (!fs::exists(abs))
        return fieldError(file, "inputs",
                          "no " + f.path + " for argument " + llvm::Twine(i) +
                              " (" + a.type + ")");
      if (StringRef(f.path).ends_with(".npy")) {
        auto t = loadOutputFile(abs, f.dtype, {});
        if (!t)
          return t.takeError();
        f.shape.assign(t->shape().begin(), t->shape().end());
      } else {
        if (llvm::is_contained(a.shape, int64_t(-1)))
          return fieldError(file, "inputs",
                            "argument " + llvm::Twine(i) + " (" + a.type +
                                ") has dynamic sizes: a raw .bin input needs "
                                "its shape in case.json \"inputs\"");
        f.shape = a.shape;
      }
      files.push_back(std::move(f));
    }
    return files;
  }

  CaseResult run(const CaseDesc &c, unsigned index) const {
    CaseResult res;
    auto invalid = [&](std::string why) {
      res.interp = Status::Invalid;
      res.interpDetail = std::move(why);
      return res;
    };
    std::string workDir = joinPath(
        outDir, std::to_string(index) + "-" + path::filename(c.dir).str());
    fs::remove_directories(workDir);
    for (StringRef part : {"inputs", "golden"})
      if (fs::exists(joinPath(c.dir, part)))
        if (llvm::Error e =
                copyTree(joinPath(c.dir, part), joinPath(workDir, part))) {
          res.interp = Status::ToolError;
          res.interpDetail = llvm::toString(std::move(e));
          return res;
        }
    fs::create_directories(workDir);
    // --parameters values: the case's, then those its lowering wrote.
    std::vector<std::string> parameters = c.parameters;
    if (!c.frontend.empty()) {
      // A frontend program: lowered by the IREE in use, as `difftest run`
      // lowers it (docs/frontends.md).
      std::string original = joinPath(c.dir, c.frontend);
      auto kind = gpu::detectFrontend(original, c.inputType);
      if (!kind)
        return invalid(joinPath(c.dir, "case.json") + ": frontend: " +
                       llvm::toString(kind.takeError()));
      if (*kind == gpu::FrontendKind::None)
        return invalid(joinPath(c.dir, "case.json") + ": frontend: " +
                       c.frontend + " is not a frontend program");
      gpu::LoweringOptions lo;
      lo.limits = settings.compileLimits;
      lo.importFlags = c.importFlags;
      auto lowering = gpu::lowerFrontendProgram(original, *kind,
                                                *settings.tools, workDir, lo);
      if (!lowering) {
        res.interp = Status::ToolError;
        res.interpDetail = llvm::toString(lowering.takeError());
        return res;
      }
      (void)gpu::writeLoweringRecord(workDir, *lowering);
      if (!lowering->ok()) {
        // It lowered when the case was recorded: IREE's frontend changed.
        res.workDir = workDir;
        res.interp = Status::Differs;
        res.interpDetail = "IREE's frontend no longer takes the case: " +
                           lowering->errorText();
        return res;
      }
      for (const auto &[scope, file] : lowering->parameters)
        parameters.push_back(scope.empty() ? file : scope + "=" + file);
    } else if (std::error_code ec =
                   fs::copy_file(joinPath(c.dir, "program.mlir"),
                                 joinPath(workDir, "program.mlir"))) {
      res.interp = Status::ToolError;
      res.interpDetail = "copying program.mlir: " + ec.message();
      return res;
    }
    res.workDir = workDir;

    // 1. The interpreter against the goldens.
    auto sigs = readSignatures(joinPath(workDir, "program.mlir"),
                               settings.interpLimits);
    if (!sigs) {
      // The program was valid when it was recorded: now rejected.
      res.interp = Status::Differs;
      res.interpDetail = "ref-run rejects the program: " +
                         llvm::toString(sigs.takeError());
      return res;
    }
    const Signature *sig = nullptr;
    for (const Signature &s : *sigs)
      if (s.name == c.function)
        sig = &s;
    if (!sig)
      return invalid(joinPath(c.dir, "case.json") + ": function: no public "
                     "function @" + c.function + " in program.mlir");
    if (llvm::Error e = checkSupported(*sig))
      return invalid(c.dir + ": " + llvm::toString(std::move(e)));
    auto inputs = inputFiles(c, *sig, workDir);
    if (!inputs)
      return invalid(llvm::toString(inputs.takeError()));
    // A result returning an argument as it came is typed by that input.
    auto resolved = resolveSignature(*sig, *inputs);
    if (!resolved)
      return invalid(c.dir + ": " + llvm::toString(resolved.takeError()));
    sig = &*resolved;

    // The goldens: from case.json, or golden/out<i>.npy|bin.
    std::vector<gpu::TensorFile> goldens;
    if (c.outputs) {
      if (c.outputs->size() != sig->results.size())
        return invalid(joinPath(c.dir, "case.json") + ": outputs: " +
                       std::to_string(c.outputs->size()) + " outputs, but @" +
                       sig->name + " returns " +
                       std::to_string(sig->results.size()));
      goldens = *c.outputs;
    } else {
      for (auto [i, r] : llvm::enumerate(sig->results)) {
        gpu::TensorFile f;
        f.dtype = *r.dtype;
        f.shape = r.shape;
        f.path = joinPath("golden", gpu::tensorFileName("out", i, f.dtype));
        goldens.push_back(std::move(f));
      }
    }
    for (const gpu::TensorFile &g : goldens)
      if (!fs::exists(joinPath(workDir, g.path)))
        return invalid(c.dir + ": no " + g.path + " (the golden of result " +
                       std::to_string(&g - goldens.data()) + ")");
    std::string goldenFreedom = joinPath("golden", "freedom.json");
    bool haveFreedom = fs::exists(joinPath(workDir, goldenFreedom));

    fs::create_directories(joinPath(workDir, "interp"));
    Golden interp = makeGolden("program.mlir", *sig, *inputs, "interp",
                               workDir, settings.interpLimits, parameters);
    res.interpSeconds = interp.seconds;
    auto firstLine = [](StringRef text) {
      return text.trim().split('\n').first.str();
    };
    switch (interp.status) {
    case Golden::Ok:
      break;
    case Golden::Undefined:
    case Golden::Invalid:
    case Golden::Unsupported:
      res.interp = Status::Differs;
      res.interpDetail =
          std::string("now rejects the case (") +
          (interp.status == Golden::Undefined     ? "undefined behaviour"
           : interp.status == Golden::Unsupported ? "golden unavailable: "
                                                    "unsupported"
                                                  : "invalid input") +
          "): " + firstLine(interp.message);
      break;
    case Golden::Failed:
      if (StringRef(interp.message).contains("could not start")) {
        res.interp = Status::ToolError;
      } else {
        res.interp = Status::Differs;
      }
      res.interpDetail = firstLine(interp.message);
      break;
    }
    if (interp.status == Golden::Ok) {
      std::vector<std::string> diffs;
      for (auto [i, g] : llvm::enumerate(goldens)) {
        const gpu::TensorFile &mine = interp.spec.goldens[i];
        gpu::TensorFile gAbs = g, mAbs = mine;
        gAbs.path = joinPath(workDir, g.path);
        mAbs.path = joinPath(workDir, mine.path);
        if (llvm::is_contained(gAbs.shape, int64_t(-1)) || gAbs.shape.empty())
          gAbs.shape = mine.shape; // raw .bin goldens take the run's shape
        auto gt = readTensorFile(gAbs);
        if (!gt) {
          diffs.push_back("output " + std::to_string(i) + ": " +
                          llvm::toString(gt.takeError()));
          continue;
        }
        if (gt->dtype() != mine.dtype) {
          diffs.push_back("output " + std::to_string(i) + ": the golden is " +
                          shapeTypeString(gt->shape(), gt->dtype()) +
                          " but the function returns " +
                          sig->results[i].type);
          continue;
        }
        auto mt = readTensorFile(mAbs);
        if (!mt) {
          diffs.push_back("output " + std::to_string(i) + ": " +
                          llvm::toString(mt.takeError()));
          continue;
        }
        std::string d = bitDifference(i, *gt, *mt);
        if (!d.empty())
          diffs.push_back(d);
      }
      if (diffs.empty() && haveFreedom) {
        auto load = [&](StringRef rel) -> llvm::Expected<json::Value> {
          auto text = readFile(joinPath(workDir, rel));
          if (!text)
            return text.takeError();
          return json::parse(*text);
        };
        auto want = load(goldenFreedom);
        auto got = load(interp.spec.freedomPath);
        if (!want)
          diffs.push_back("golden/freedom.json: " +
                          llvm::toString(want.takeError()));
        else if (!got)
          diffs.push_back("the interpreter's freedom report: " +
                          llvm::toString(got.takeError()));
        else if (std::string d = jsonDifference(*want, *got, ""); !d.empty())
          diffs.push_back("freedom report differs from golden/freedom.json: " +
                          d);
        if (!want)
          llvm::consumeError(want.takeError());
        if (!got)
          llvm::consumeError(got.takeError());
      }
      if (!diffs.empty()) {
        res.interp = Status::Differs;
        res.interpDetail = diffs.front();
        if (diffs.size() > 1)
          res.interpDetail +=
              " (and " + std::to_string(diffs.size() - 1) + " more)";
      }
    }

    // 2. IREE on each target, judged against the stored goldens.
    gpu::CaseSpec spec;
    spec.function = c.function;
    spec.parameters = parameters;
    spec.inputs = *inputs;
    spec.goldens = goldens;
    for (auto [i, g] : llvm::enumerate(spec.goldens))
      if (interp.status == Golden::Ok &&
          (llvm::is_contained(g.shape, int64_t(-1)) || !c.outputs))
        g.shape = interp.spec.goldens[i].shape;
    if (haveFreedom)
      spec.freedomPath = goldenFreedom;
    else if (interp.status == Golden::Ok)
      spec.freedomPath = interp.spec.freedomPath;
    for (const gpu::TargetConfig &config : configs) {
      TargetOutcome t;
      std::string name = config.name();
      t.result = runTarget(config, "program.mlir", spec, workDir,
                           subdirOf(name), settings);
      auto it = c.expect.find(name);
      if (it == c.expect.end())
        it = c.expect.find(config.desc->name);
      if (it != c.expect.end()) {
        t.expected = it->second;
      } else {
        t.expected.implicit = true;
        t.expected.verdict = gpu::Verdict::Pass;
      }
      judge(t);
      if (t.expected.implicit && t.status == Status::Changed)
        t.note = "no expectation recorded for " + name + ": pass assumed";
      res.targets.push_back(std::move(t));
    }

    bool clean = res.interp == Status::Ok &&
                 llvm::all_of(res.targets, [](const TargetOutcome &t) {
                   return t.status == Status::Ok;
                 });
    if (clean && !keep) {
      fs::remove_directories(workDir);
      res.workDir.clear();
    }
    return res;
  }
};

std::string interpLine(const CaseDesc &c, const CaseResult &r) {
  std::string line = c.name + ": " + statusWord(r.interp).str() +
                     ": interpreter";
  if (r.interp == Status::Ok)
    line += " reproduces the goldens bit for bit";
  else
    line += ": " + r.interpDetail;
  if (r.interpSeconds > 0)
    line += llvm::formatv(" ({0:f2} s)", r.interpSeconds).str();
  return line;
}

} // namespace

int replayCommand(int argc, char **argv) {
  CommonOptions common;
  cl::list<std::string> roots(cl::Positional, cl::desc("<corpus dir>..."),
                              cl::OneOrMore, cl::cat(common.category));
  cl::opt<std::string> targets(
      "target",
      cl::desc("Targets to compare with each case's recorded expectation, "
               "comma separated (default: none, the interpreter only)"),
      cl::init(""), cl::cat(common.category));
  cl::alias targetsAlias("targets", cl::aliasopt(targets),
                         cl::desc("Alias for --target"));
  cl::opt<unsigned> jobs("jobs", cl::desc("Cases replayed in parallel"),
                         cl::init(1), cl::cat(common.category));
  cl::opt<std::string> jsonOut("json",
                               cl::desc("Also write a JSON summary here"),
                               cl::cat(common.category));
  cl::opt<std::string> out(
      "out",
      cl::desc("Where work directories go (default: a fresh temporary "
               "directory; the work of a case that does not match is kept)"),
      cl::cat(common.category));
  cl::HideUnrelatedOptions(common.category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "difftest replay: re-run corpus cases against their goldens and "
      "recorded IREE outcomes\n");

  // Find and validate every case first: an invalid corpus runs nothing.
  std::vector<std::pair<std::string, std::string>> found;
  bool invalid = false;
  for (const std::string &root : roots)
    if (llvm::Error e = findCases(root, found)) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      invalid = true;
    }
  std::vector<CaseDesc> cases;
  for (auto &[dir, name] : found) {
    auto c = loadCase(dir, name);
    if (!c) {
      llvm::errs() << "error: " << llvm::toString(c.takeError()) << "\n";
      invalid = true;
      continue;
    }
    cases.push_back(std::move(*c));
  }
  if (invalid)
    return kInvalid;
  if (cases.empty()) {
    llvm::errs() << "error: no case (a directory with case.json) under";
    for (const std::string &r : roots)
      llvm::errs() << " " << r;
    llvm::errs() << "\n";
    return kInvalid;
  }

  // Settings: IREE is only needed when targets are given.
  gpu::IreeTools toolsStorage;
  gpu::TargetTable tableStorage;
  Settings settings;
  std::vector<gpu::TargetConfig> configs;
  if (!StringRef(targets).trim().empty()) {
    auto s = common.settings(toolsStorage, tableStorage);
    if (!s)
      return kInvalid;
    settings = *s;
    auto cfg = common.targetConfigs(targets, settings);
    if (!cfg)
      return kInvalid;
    configs = std::move(*cfg);
  } else {
    std::optional<uint64_t> mem =
        bytesOption("memory-limit", common.memoryLimit);
    if (!mem)
      return kInvalid;
    settings.interpLimits.timeoutSeconds = common.interpTimeout;
    settings.interpLimits.memoryLimitBytes = interpreterMemoryLimit(*mem);
    settings.keepPassing = common.keep;
  }

  std::string outDir = out;
  bool tempOut = outDir.empty();
  if (tempOut) {
    llvm::SmallString<128> tmp;
    if (std::error_code ec = fs::createUniqueDirectory("difftest-replay", tmp)) {
      llvm::errs() << "error: creating a work directory: " << ec.message()
                   << "\n";
      return kToolError;
    }
    outDir = std::string(tmp);
  } else if (std::error_code ec = fs::create_directories(outDir)) {
    llvm::errs() << "error: " << outDir << ": " << ec.message() << "\n";
    return kToolError;
  }

  Replayer replayer{settings, configs, outDir, common.keep};
  auto start = std::chrono::steady_clock::now();
  std::vector<std::optional<CaseResult>> results(cases.size());
  std::mutex mu;
  size_t nextToPrint = 0;
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < cases.size();) {
      CaseResult r = replayer.run(cases[i], i);
      std::lock_guard<std::mutex> lock(mu);
      results[i] = std::move(r);
      // Print in corpus order, as soon as every earlier case is done.
      for (; nextToPrint < cases.size() && results[nextToPrint];
           ++nextToPrint) {
        const CaseDesc &c = cases[nextToPrint];
        const CaseResult &cr = *results[nextToPrint];
        llvm::outs() << interpLine(c, cr) << "\n";
        for (const TargetOutcome &t : cr.targets)
          llvm::outs() << targetLine(c, t) << "\n";
        if (!cr.workDir.empty())
          llvm::outs() << c.name << ": work kept in " << cr.workDir << "\n";
        llvm::outs().flush();
      }
    }
  };
  {
    std::vector<std::thread> threads;
    for (unsigned j = 0; j < std::max(1u, unsigned(jobs)); ++j)
      threads.emplace_back(worker);
    for (std::thread &t : threads)
      t.join();
  }
  double seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start)
                       .count();

  // Summary.
  std::map<Status, unsigned> interpCounts, targetCounts;
  bool anyKept = false;
  for (const std::optional<CaseResult> &r : results) {
    ++interpCounts[r->interp];
    for (const TargetOutcome &t : r->targets)
      ++targetCounts[t.status];
    anyKept |= !r->workDir.empty();
  }
  auto count = [](std::map<Status, unsigned> &m, Status s) { return m[s]; };
  unsigned runs = 0;
  for (auto &kv : targetCounts)
    runs += kv.second;
  llvm::outs() << llvm::formatv(
      "replay: {0} cases: {1} reproduce their goldens, {2} differ{3}{4}", 
      cases.size(), count(interpCounts, Status::Ok),
      count(interpCounts, Status::Differs),
      count(interpCounts, Status::Invalid)
          ? llvm::formatv(", {0} invalid", count(interpCounts, Status::Invalid))
                .str()
          : std::string(),
      count(interpCounts, Status::ToolError)
          ? llvm::formatv(", {0} tool errors",
                          count(interpCounts, Status::ToolError))
                .str()
          : std::string());
  if (!configs.empty())
    llvm::outs() << llvm::formatv(
        "; {0} target runs: {1} as recorded, {2} changed, {3} fixed?, {4} "
        "tool errors",
        runs, count(targetCounts, Status::Ok),
        count(targetCounts, Status::Changed),
        count(targetCounts, Status::Fixed),
        count(targetCounts, Status::ToolError));
  llvm::outs() << llvm::formatv(" ({0:f1} s)\n", seconds);

  if (!jsonOut.empty()) {
    json::Array jcases;
    for (auto [i, c] : llvm::enumerate(cases)) {
      const CaseResult &r = *results[i];
      json::Array jt;
      for (const TargetOutcome &t : r.targets) {
        json::Object o{
            {"target", t.result.target},
            {"status", statusKey(t.status).str()},
            {"verdict", gpu::verdictName(t.result.verdict).str()},
            {"expected", gpu::verdictName(t.expected.verdict).str()},
            {"expected_recorded", !t.expected.implicit},
            {"detail", t.result.detail},
            {"signature", t.result.signature},
            {"note", t.note},
            {"compile_seconds", t.result.compileSeconds},
            {"run_seconds", t.result.runSeconds}};
        if (!t.expected.signature.empty())
          o["expected_signature"] = t.expected.signature;
        if (!t.expected.issue.empty())
          o["issue"] = t.expected.issue;
        jt.push_back(std::move(o));
      }
      jcases.push_back(json::Object{
          {"case", c.name},
          {"dir", c.dir},
          {"interpreter",
           json::Object{{"status", statusKey(r.interp).str()},
                        {"detail", r.interpDetail},
                        {"seconds", r.interpSeconds}}},
          {"targets", std::move(jt)},
          {"work_dir", r.workDir}});
    }
    json::Object summary{
        {"cases", static_cast<int64_t>(cases.size())},
        {"goldens_reproduced",
         static_cast<int64_t>(count(interpCounts, Status::Ok))},
        {"goldens_differ",
         static_cast<int64_t>(count(interpCounts, Status::Differs))},
        {"target_runs", static_cast<int64_t>(runs)},
        {"as_recorded", static_cast<int64_t>(count(targetCounts, Status::Ok))},
        {"changed", static_cast<int64_t>(count(targetCounts, Status::Changed))},
        {"fixed", static_cast<int64_t>(count(targetCounts, Status::Fixed))},
        {"tool_errors",
         static_cast<int64_t>(count(targetCounts, Status::ToolError) +
                              count(interpCounts, Status::ToolError))},
        {"seconds", seconds}};
    json::Object root{{"summary", std::move(summary)},
                      {"cases", std::move(jcases)}};
    if (settings.tools)
      root["iree_version"] = settings.tools->compilerVersion();
    if (llvm::Error e = writeFile(
            jsonOut,
            llvm::formatv("{0:2}", json::Value(std::move(root))).str() + "\n")) {
      llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
      return kToolError;
    }
  }
  if (tempOut && !anyKept)
    fs::remove_directories(outDir);

  if (count(interpCounts, Status::Invalid))
    return kInvalid;
  if (count(interpCounts, Status::Differs) ||
      count(targetCounts, Status::Changed) ||
      count(targetCounts, Status::Fixed))
    return kFail;
  if (count(interpCounts, Status::ToolError) ||
      count(targetCounts, Status::ToolError))
    return kToolError;
  return kPass;
}

} // namespace ref::difftest
