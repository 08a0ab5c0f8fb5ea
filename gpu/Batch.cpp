//===- Batch.cpp - Exported batches and their replay results --------------===//

#include "gpu/Batch.h"

#include "interp/support/FileIO.h"
#include "interp/support/ParameterArchive.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::gpu {

using llvm::StringRef;
using llvm::json::Array;
using llvm::json::Object;

namespace {

std::string relative(StringRef p, StringRef dir) {
  if (!dir.empty() && p.starts_with(dir)) {
    p = p.drop_front(dir.size());
    p.consume_front("/");
  }
  return p.str();
}

std::string absolute(StringRef p, StringRef dir) {
  llvm::SmallString<256> full(dir);
  llvm::sys::path::append(full, p);
  return std::string(full);
}

llvm::Error fieldError(StringRef file, const llvm::Twine &field,
                       const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 file + ": " + field + ": " + what);
}

llvm::Error writeJSON(StringRef path, llvm::json::Value v) {
  // Write then rename: a reader never sees half a file.
  return writeFileAtomically(path,
                             llvm::formatv("{0:2}", v).str() + "\n");
}

llvm::Expected<llvm::json::Value> readJSON(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   path + ": " + buf.getError().message());
  auto v = llvm::json::parse((*buf)->getBuffer());
  if (!v)
    return fieldError(path, "(document)", llvm::toString(v.takeError()));
  return v;
}

Array strings(llvm::ArrayRef<std::string> v) {
  Array a;
  for (const std::string &s : v)
    a.push_back(s);
  return a;
}

} // namespace

llvm::Error writeManifest(const Batch &b) {
  Array cases;
  for (const BatchCase &c : b.cases) {
    Array ins, outs;
    for (const TensorFile &f : c.spec.inputs)
      ins.push_back(f.toJSON(b.dir));
    for (const TensorFile &f : c.spec.goldens)
      outs.push_back(f.toJSON(b.dir));
    Object co{{"id", c.spec.id},
              {"module", relative(c.module, b.dir)},
              {"program", relative(c.program, b.dir)},
              {"function", c.spec.function},
              {"inputs", std::move(ins)},
              {"goldens", std::move(outs)},
              {"freedom", relative(c.spec.freedomPath, b.dir)}};
    // Parameter archives ("SCOPE=PATH", the path relative to the batch
    // when the archive travels with it).
    if (!c.spec.parameters.empty()) {
      Array params;
      for (const std::string &p : c.spec.parameters) {
        ParameterFlag f = parseParameterFlag(p);
        std::string file = relative(f.file, b.dir);
        params.push_back(f.scope.empty() ? file : f.scope + "=" + file);
      }
      co["parameters"] = std::move(params);
    }
    cases.push_back(std::move(co));
  }
  Array failures;
  for (const BatchCompileFailure &f : b.compileFailures)
    failures.push_back(Object{{"program", relative(f.program, b.dir)},
                              {"verdict", verdictName(f.verdict).str()},
                              {"detail", f.detail},
                              {"signature", f.signature}});
  Object root{{"format", kBatchFormat},
              {"target", b.target},
              {"device", b.device},
              {"iree_version", b.ireeVersion},
              {"compile_flags", strings(b.compileFlags)},
              {"cases", std::move(cases)},
              {"compile_failures", std::move(failures)}};
  return writeJSON(absolute("manifest.json", b.dir), std::move(root));
}

llvm::Expected<Batch> readManifest(StringRef dir) {
  std::string file = absolute("manifest.json", dir);
  auto v = readJSON(file);
  if (!v)
    return v.takeError();
  const Object *root = v->getAsObject();
  if (!root)
    return fieldError(file, "(document)", "expected an object");
  if (root->getString("format") != StringRef(kBatchFormat))
    return fieldError(file, "format",
                      llvm::Twine("expected \"") + kBatchFormat + "\"");
  Batch b;
  b.dir = dir.str();
  auto str = [&](const Object &o, StringRef key,
                 const llvm::Twine &field) -> llvm::Expected<std::string> {
    auto s = o.getString(key);
    if (!s)
      return fieldError(file, field + "." + key, "expected a string");
    return s->str();
  };
  for (auto [key, dst] :
       {std::pair<StringRef, std::string *>{"target", &b.target},
        {"device", &b.device},
        {"iree_version", &b.ireeVersion}}) {
    auto s = str(*root, key, "manifest");
    if (!s)
      return s.takeError();
    *dst = *s;
  }
  if (const Array *flags = root->getArray("compile_flags"))
    for (const llvm::json::Value &f : *flags)
      if (auto s = f.getAsString())
        b.compileFlags.push_back(s->str());
  const Array *cases = root->getArray("cases");
  if (!cases)
    return fieldError(file, "cases", "expected an array");
  for (auto [i, cv] : llvm::enumerate(*cases)) {
    std::string field = "cases[" + std::to_string(i) + "]";
    const Object *o = cv.getAsObject();
    if (!o)
      return fieldError(file, field, "expected an object");
    BatchCase c;
    for (auto [key, dst] :
         {std::pair<StringRef, std::string *>{"id", &c.spec.id},
          {"module", &c.module},
          {"function", &c.spec.function}}) {
      auto s = str(*o, key, field);
      if (!s)
        return s.takeError();
      *dst = *s;
    }
    c.module = absolute(c.module, dir);
    if (auto p = o->getString("program"); p && !p->empty())
      c.program = absolute(*p, dir);
    if (auto p = o->getString("freedom"); p && !p->empty())
      c.spec.freedomPath = absolute(*p, dir);
    if (const Array *params = o->getArray("parameters"))
      for (auto [j, pv] : llvm::enumerate(*params)) {
        auto p = pv.getAsString();
        ParameterFlag f = p ? parseParameterFlag(*p) : ParameterFlag();
        if (f.file.empty())
          return fieldError(file, field + ".parameters[" + std::to_string(j) +
                                      "]",
                            "expected \"[SCOPE=]FILE.irpa\"");
        std::string at = llvm::sys::path::is_absolute(f.file)
                             ? f.file
                             : absolute(f.file, dir);
        c.spec.parameters.push_back(f.scope.empty() ? at
                                                    : f.scope + "=" + at);
      }
    for (auto [key, dst] : {std::pair<StringRef, std::vector<TensorFile> *>{
                                "inputs", &c.spec.inputs},
                            {"goldens", &c.spec.goldens}}) {
      const Array *arr = o->getArray(key);
      if (!arr)
        return fieldError(file, field + "." + key, "expected an array");
      for (auto [j, f] : llvm::enumerate(*arr)) {
        auto t = TensorFile::fromJSON(
            f, dir, file, field + "." + key.str() + "[" + std::to_string(j) + "]");
        if (!t)
          return t.takeError();
        dst->push_back(std::move(*t));
      }
    }
    b.cases.push_back(std::move(c));
  }
  if (const Array *fails = root->getArray("compile_failures"))
    for (const llvm::json::Value &fv : *fails) {
      const Object *o = fv.getAsObject();
      if (!o)
        continue;
      BatchCompileFailure f;
      f.program = absolute(o->getString("program").value_or(""), dir);
      f.verdict = parseVerdict(o->getString("verdict").value_or(""))
                      .value_or(Verdict::ToolError);
      f.detail = o->getString("detail").value_or("").str();
      f.signature = o->getString("signature").value_or("").str();
      b.compileFailures.push_back(std::move(f));
    }
  return b;
}

llvm::Error writeResults(StringRef dir, const BatchResults &r) {
  Array results;
  for (const CaseResult &c : r.results)
    results.push_back(Object{{"id", c.id},
                             {"verdict", verdictName(c.verdict).str()},
                             {"detail", c.detail},
                             {"signature", c.signature},
                             {"run_seconds", c.runSeconds},
                             {"outputs", strings(c.outputs)}});
  Object root{{"format", kResultsFormat},
              {"run_module", r.runModule},
              {"device_list", r.deviceList},
              {"results", std::move(results)}};
  return writeJSON(absolute("results.json", dir), std::move(root));
}

llvm::Expected<BatchResults> readResults(StringRef dir) {
  std::string file = absolute("results.json", dir);
  auto v = readJSON(file);
  if (!v)
    return v.takeError();
  const Object *root = v->getAsObject();
  if (!root || root->getString("format") != StringRef(kResultsFormat))
    return fieldError(file, "format",
                      llvm::Twine("expected \"") + kResultsFormat + "\"");
  BatchResults r;
  r.runModule = root->getString("run_module").value_or("").str();
  r.deviceList = root->getString("device_list").value_or("").str();
  const Array *results = root->getArray("results");
  if (!results)
    return fieldError(file, "results", "expected an array");
  for (auto [i, rv] : llvm::enumerate(*results)) {
    std::string field = "results[" + std::to_string(i) + "]";
    const Object *o = rv.getAsObject();
    if (!o)
      return fieldError(file, field, "expected an object");
    CaseResult c;
    c.id = o->getString("id").value_or("").str();
    auto v = parseVerdict(o->getString("verdict").value_or(""));
    if (!v)
      return fieldError(file, field + ".verdict", "unknown verdict");
    c.verdict = *v;
    c.detail = o->getString("detail").value_or("").str();
    c.signature = o->getString("signature").value_or("").str();
    c.runSeconds = o->getNumber("run_seconds").value_or(0);
    if (const Array *outs = o->getArray("outputs"))
      for (const llvm::json::Value &s : *outs)
        if (auto t = s.getAsString())
          c.outputs.push_back(t->str());
    r.results.push_back(std::move(c));
  }
  return r;
}

} // namespace ref::gpu
