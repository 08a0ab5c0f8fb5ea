//===- Case.cpp - One program run on IREE and judged by the oracle --------===//

#include "gpu/Case.h"

#include "interp/support/FileIO.h"
#include "interp/support/InputSpec.h"
#include "interp/support/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::gpu {

using llvm::StringRef;

std::string tensorFileName(StringRef stem, unsigned i, DType t) {
  return (stem + std::to_string(i) + (npyHasTypeCode(t) ? ".npy" : ".bin")).str();
}

std::string TensorFile::inputFlag() const {
  if (StringRef(path).ends_with(".npy"))
    return "@" + path;
  return shapeTypeString(shape, dtype) + "=@" + path;
}

std::string TensorFile::outputFlag() const { return "@" + path; }

llvm::json::Value TensorFile::toJSON(StringRef relativeTo) const {
  StringRef p = path;
  if (!relativeTo.empty() && p.starts_with(relativeTo)) {
    p = p.drop_front(relativeTo.size());
    p.consume_front("/");
  }
  llvm::json::Array s;
  for (int64_t d : shape)
    s.push_back(d);
  return llvm::json::Object{
      {"path", p.str()}, {"dtype", dtypeName(dtype).str()}, {"shape", std::move(s)}};
}

llvm::Expected<TensorFile> TensorFile::fromJSON(const llvm::json::Value &v,
                                                StringRef baseDir,
                                                StringRef file,
                                                const std::string &field) {
  auto err = [&](const std::string &sub, const char *what) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   file + ": " + field + sub + ": " + what);
  };
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return err("", "expected an object");
  auto p = o->getString("path");
  if (!p)
    return err(".path", "expected a string");
  auto dt = o->getString("dtype");
  std::optional<DType> t = dt ? parseDType(*dt) : std::nullopt;
  if (!t)
    return err(".dtype", "expected an element type name");
  const llvm::json::Array *s = o->getArray("shape");
  if (!s)
    return err(".shape", "expected an array of sizes");
  TensorFile f;
  llvm::SmallString<256> full(baseDir);
  llvm::sys::path::append(full, *p);
  f.path = std::string(full);
  f.dtype = *t;
  for (const llvm::json::Value &d : *s) {
    auto n = d.getAsInteger();
    if (!n || *n < 0)
      return err(".shape", "expected non-negative integers");
    f.shape.push_back(*n);
  }
  return f;
}

llvm::Error writeTensorFile(StringRef path, const Tensor &t) {
  if (path.ends_with(".npy"))
    return writeNpyFile(path, t);
  return writeFileBytes(path, toRawBytes(t));
}

llvm::Expected<Tensor> readTensorFile(const TensorFile &f) {
  return loadOutputFile(f.path, f.dtype, f.shape);
}

std::vector<std::string> runModuleCommand(StringRef tool, StringRef device,
                                          StringRef module, const CaseSpec &c,
                                          llvm::ArrayRef<TensorFile> actuals) {
  std::vector<std::string> argv = {tool.str(), ("--module=" + module).str(),
                                   ("--device=" + device).str(),
                                   "--function=" + c.function};
  for (const std::string &p : c.parameters)
    argv.push_back("--parameters=" + p);
  for (const TensorFile &in : c.inputs)
    argv.push_back("--input=" + in.inputFlag());
  for (const TensorFile &out : actuals)
    argv.push_back("--output=" + out.outputFlag());
  return argv;
}

RunOutcome compareFiles(const CaseSpec &c, llvm::ArrayRef<TensorFile> actuals,
                        const OracleOptions &opts,
                        StringRef targetName) {
  RunOutcome out;
  std::vector<Tensor> goldens, actual;
  auto toolError = [&](const std::string &why) {
    out.verdict = Verdict::ToolError;
    out.detail = why;
    out.signature = failureSignature(Verdict::ToolError, targetName, why);
    return out;
  };
  for (const TensorFile &g : c.goldens) {
    auto t = readTensorFile(g);
    if (!t)
      return toolError("golden " + g.path + ": " + llvm::toString(t.takeError()));
    goldens.push_back(std::move(*t));
  }
  std::vector<OutputFreedom> freedom;
  if (!c.freedomPath.empty()) {
    auto f = readFreedomReportFile(c.freedomPath);
    if (!f)
      return toolError(llvm::toString(f.takeError()));
    freedom = std::move(*f);
  }
  // A missing or unreadable output is IREE's failure, not ours: judged as a
  // malformed output.
  std::vector<std::optional<std::string>> missing(actuals.size());
  for (auto [i, a] : llvm::enumerate(actuals)) {
    auto t = readTensorFile(a);
    if (!t) {
      missing[i] = llvm::toString(t.takeError());
      actual.push_back(Tensor());
      continue;
    }
    actual.push_back(std::move(*t));
  }
  out.outputs = compareOutputs(goldens, actual, freedom, opts);
  for (auto [i, m] : llvm::enumerate(missing))
    if (m && i < out.outputs.size())
      out.outputs[i] = malformedOutput(i, goldens[i], "no output: " + *m);
  bool mismatch = false, undecided = false;
  for (const OutputResult &r : out.outputs) {
    if (r.status == OutputResult::Mismatch ||
        r.status == OutputResult::Malformed) {
      if (!mismatch)
        out.detail = describe(r);
      mismatch = true;
    } else if (r.status == OutputResult::Undecided) {
      undecided = true;
    }
  }
  if (mismatch) {
    out.verdict = Verdict::Mismatch;
    // Mismatches deduplicate by what kind of output went wrong, not by
    // values.
    std::string kind;
    for (const OutputResult &r : out.outputs)
      if (r.status == OutputResult::Mismatch ||
          r.status == OutputResult::Malformed) {
        kind = (r.status == OutputResult::Malformed ? "malformed "
                                                            : "") +
               dtypeName(goldens[r.index].dtype()).str() + " " + r.rule;
        break;
      }
    out.signature = failureSignature(Verdict::Mismatch, targetName, kind);
  } else if (undecided) {
    out.verdict = Verdict::Undecided;
    for (const OutputResult &r : out.outputs)
      if (r.status == OutputResult::Undecided) {
        out.detail = describe(r);
        break;
      }
  } else {
    out.verdict = Verdict::Pass;
  }
  return out;
}

RunOutcome runAndCompare(StringRef tool, StringRef device, StringRef module,
                         const CaseSpec &c, StringRef actualDir,
                         const ProcessLimits &limits,
                         const OracleOptions &opts,
                         StringRef targetName) {
  std::vector<TensorFile> actuals;
  for (auto [i, g] : llvm::enumerate(c.goldens)) {
    TensorFile a = g;
    llvm::SmallString<256> p(actualDir);
    llvm::sys::path::append(p, tensorFileName("out", i, g.dtype));
    a.path = std::string(p);
    llvm::sys::fs::remove(a.path);
    actuals.push_back(std::move(a));
  }
  std::vector<std::string> argv =
      runModuleCommand(tool, device, module, c, actuals);
  ProcessResult pr = runProcess(argv, limits);
  Verdict v = classifyRun(pr);
  if (v != Verdict::Pass) {
    RunOutcome out;
    out.verdict = v;
    out.detail = gpu::failureMessage(v, pr);
    out.signature = failureSignature(v, targetName, pr);
    // A program that reads out of bounds (its value discarded by a select)
    // may crash there: MLIR leaves the read undefined, so a crash is no
    // finding about IREE (docs/coverage.md, "Reads out of bounds").
    if (v == Verdict::RuntimeCrash && !c.freedomPath.empty()) {
      if (auto f = readFreedomReportFile(c.freedomPath)) {
        for (const OutputFreedom &o : *f)
          if (!o.maskedOutOfBoundsRead.empty()) {
            out.verdict = Verdict::Undecided;
            out.detail = "the program reads out of bounds (" +
                         o.maskedOutOfBoundsRead +
                         ", the value discarded by a select), which MLIR "
                         "leaves undefined; the run " + out.detail;
            out.signature.clear();
            break;
          }
      } else {
        llvm::consumeError(f.takeError());
      }
    }
    out.process = std::move(pr);
    out.command = std::move(argv);
    return out;
  }
  RunOutcome out = compareFiles(c, actuals, opts, targetName);
  out.process = std::move(pr);
  out.command = std::move(argv);
  return out;
}

} // namespace ref::gpu
