//===- Mutate.cpp - Corpus mutation for campaigns -------------------------===//

#include "difftest/Mutate.h"
#include "difftest/Parameters.h"
#include "ireetools/Frontend.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ref::difftest {

namespace fs = llvm::sys::fs;
using llvm::StringRef;

namespace {

llvm::Expected<std::vector<std::string>> listSources(
    llvm::ArrayRef<std::string> roots) {
  std::vector<std::string> files;
  for (const std::string &root : roots) {
    if (!fs::exists(root))
      return llvm::createStringError("--mutate: " + root +
                                     ": no such file or directory");
    if (!fs::is_directory(root)) {
      files.push_back(root);
      continue;
    }
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root, ec), end; it != end && !ec;
         it.increment(ec)) {
      if (StringRef(it->path()).ends_with(".mlir") &&
          !fs::is_directory(it->path()))
        files.push_back(it->path());
    }
    if (ec)
      return llvm::createStringError("--mutate: " + root + ": " + ec.message());
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

llvm::json::Value poolJSON(const MutatePool &p) {
  llvm::json::Array entries;
  for (const MutateSource &s : p.entries) {
    llvm::json::Array e{s.file, s.function};
    if (!s.original.empty() || !s.parameters.empty())
      e.push_back(s.original);
    if (!s.parameters.empty())
      e.push_back(llvm::json::Array(s.parameters));
    entries.push_back(std::move(e));
  }
  llvm::json::Array skipped;
  for (const auto &[file, why] : p.parameterSkipped)
    skipped.push_back(llvm::json::Object{{"file", file}, {"reason", why}});
  return llvm::json::Object{{"files", p.files},
                            {"with_parameters", p.withParameters},
                            {"parameter_skipped", std::move(skipped)},
                            {"loaded", p.loaded},
                            {"functions", p.functions},
                            {"rejected_functions", p.rejectedFunctions},
                            {"candidates", p.candidates},
                            {"lowered", p.lowered},
                            {"lower_failed", p.lowerFailed},
                            {"entries", std::move(entries)}};
}

/// Runs ref-mutate --corpus-inventory on `files`: one JSON object a file.
llvm::Expected<std::vector<llvm::json::Object>>
inventory(const std::vector<std::string> &files, StringRef stem,
          const gpu::ProcessLimits &limits) {
  std::string list = stem.str() + ".list", inv = stem.str() + ".inventory";
  if (llvm::Error e = writeFile(list, llvm::join(files, "\n") + "\n"))
    return std::move(e);
  gpu::ProcessLimits l = limits;
  l.timeoutSeconds = 0; // one process for every source
  gpu::ProcessResult r = gpu::runProcess(
      {toolPath("ref-mutate"), list, "--corpus-inventory", "-o", inv}, l);
  fs::remove(list);
  if (!r.success())
    return llvm::createStringError("ref-mutate --corpus-inventory " +
                                   r.summary() + ": " +
                                   StringRef(r.stderrText).trim());
  auto text = readFile(inv);
  if (!text)
    return text.takeError();
  std::vector<llvm::json::Object> rows;
  llvm::SmallVector<StringRef> lines;
  StringRef(*text).split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    auto v = llvm::json::parse(line);
    if (!v)
      return v.takeError();
    if (llvm::json::Object *o = v->getAsObject())
      rows.push_back(std::move(*o));
  }
  return rows;
}

/// Adds a loaded source's usable functions to the pool; a source that
/// reads parameters without archives beside it is skipped (counted).
void addFunctions(MutatePool &pool, const llvm::json::Object &o,
                  StringRef original) {
  std::string file = o.getString("file").value_or("").str();
  auto params = findSourceParameters(file, original);
  if (!params) {
    pool.parameterSkipped.push_back(
        {original.empty() ? file : original.str(),
         llvm::toString(params.takeError())});
    return;
  }
  if (!params->empty())
    ++pool.withParameters;
  if (const llvm::json::Array *fns = o.getArray("functions"))
    for (const llvm::json::Value &f : *fns)
      if (const llvm::json::Object *fo = f.getAsObject()) {
        ++pool.functions;
        pool.candidates += fo->getInteger("candidates").value_or(0);
        if (fo->getInteger("candidates").value_or(0) > 0)
          pool.entries.push_back(
              {file, fo->getString("name").value_or("").str(),
               original.str(), *params});
      }
  if (const llvm::json::Array *rej = o.getArray("rejected"))
    pool.rejectedFunctions += rej->size();
}

} // namespace

llvm::Expected<MutatePool> buildMutatePool(llvm::ArrayRef<std::string> roots,
                                           StringRef poolFile,
                                           const gpu::ProcessLimits &limits,
                                           const gpu::IreeTools *tools,
                                           const gpu::ProcessLimits &lowerLimits) {
  auto files = listSources(roots);
  if (!files)
    return files.takeError();
  if (files->empty())
    return llvm::createStringError("--mutate=" + llvm::join(roots, ",") +
                                   ": no .mlir files there");
  auto rows = inventory(*files, poolFile, limits);
  if (!rows)
    return rows.takeError();
  MutatePool pool;
  std::vector<std::string> toLower;
  for (const llvm::json::Object &o : *rows) {
    ++pool.files;
    if (o.getBoolean("loaded").value_or(false)) {
      ++pool.loaded;
      addFunctions(pool, o, "");
    } else {
      toLower.push_back(o.getString("file").value_or("").str());
    }
  }
  // Frontend programs: lowered by the IREE in use, then like the others.
  std::vector<std::string> lowered, originals;
  std::string lowerDir = joinPath(llvm::sys::path::parent_path(poolFile),
                                  "mutate-lowered");
  for (const std::string &file : toLower) {
    if (!tools)
      break;
    StringRef name = llvm::sys::path::filename(file);
    if (name.ends_with(".torch.mlir")) {
      llvm::SmallString<256> sibling(llvm::sys::path::parent_path(file));
      llvm::sys::path::append(
          sibling, name.drop_back(strlen(".torch.mlir")).str() + ".input.mlir");
      if (fs::exists(sibling))
        continue;
    }
    auto kind = gpu::detectFrontend(file);
    if (!kind) {
      llvm::consumeError(kind.takeError());
      continue;
    }
    if (*kind == gpu::FrontendKind::None)
      continue;
    std::string dir = joinPath(lowerDir, std::to_string(lowered.size() +
                                                        pool.lowerFailed));
    gpu::LoweringOptions opts;
    opts.limits = lowerLimits;
    auto l = gpu::lowerFrontendProgram(file, *kind, *tools, dir, opts);
    if (!l)
      return l.takeError();
    if (!l->ok()) {
      ++pool.lowerFailed;
      continue;
    }
    lowered.push_back(joinPath(dir, "program.mlir"));
    originals.push_back(file);
  }
  if (!lowered.empty()) {
    auto lrows = inventory(lowered, joinPath(lowerDir, "lowered"), limits);
    if (!lrows)
      return lrows.takeError();
    for (auto [k, o] : llvm::enumerate(*lrows))
      if (o.getBoolean("loaded").value_or(false)) {
        ++pool.loaded;
        ++pool.lowered;
        addFunctions(pool, o, k < originals.size() ? originals[k] : "");
      }
  }
  std::string json;
  llvm::raw_string_ostream os(json);
  os << llvm::formatv("{0:2}", poolJSON(pool));
  if (llvm::Error e = writeFile(poolFile, json))
    return std::move(e);
  if (pool.entries.empty())
    return llvm::createStringError(
        "--mutate=" + llvm::join(roots, ",") + ": none of its " +
        llvm::Twine(pool.files) +
        " sources has a function that can be a case (the "
        "inventory is in " +
        poolFile + ".inventory)");
  return pool;
}

llvm::Expected<MutatePool> loadMutatePool(StringRef poolFile) {
  auto text = readFile(poolFile);
  if (!text)
    return text.takeError();
  auto v = llvm::json::parse(*text);
  if (!v)
    return llvm::createStringError(poolFile + ": " +
                                   llvm::toString(v.takeError()));
  const llvm::json::Object *o = v->getAsObject();
  const llvm::json::Array *entries = o ? o->getArray("entries") : nullptr;
  if (!entries)
    return llvm::createStringError(poolFile + ": no entries");
  MutatePool p;
  p.files = o->getInteger("files").value_or(0);
  p.loaded = o->getInteger("loaded").value_or(0);
  p.functions = o->getInteger("functions").value_or(0);
  p.rejectedFunctions = o->getInteger("rejected_functions").value_or(0);
  p.candidates = o->getInteger("candidates").value_or(0);
  p.lowered = o->getInteger("lowered").value_or(0);
  p.lowerFailed = o->getInteger("lower_failed").value_or(0);
  p.withParameters = o->getInteger("with_parameters").value_or(0);
  if (const llvm::json::Array *sk = o->getArray("parameter_skipped"))
    for (const llvm::json::Value &v : *sk)
      if (const llvm::json::Object *so = v.getAsObject())
        p.parameterSkipped.push_back(
            {so->getString("file").value_or("").str(),
             so->getString("reason").value_or("").str()});
  for (const llvm::json::Value &e : *entries) {
    // [file, function], [file, function, original] or [file, function,
    // original, [--parameters values]].
    const llvm::json::Array *pair = e.getAsArray();
    if (!pair || pair->size() < 2 || pair->size() > 4 ||
        !(*pair)[0].getAsString() || !(*pair)[1].getAsString() ||
        (pair->size() >= 3 && !(*pair)[2].getAsString()) ||
        (pair->size() == 4 && !(*pair)[3].getAsArray()))
      return llvm::createStringError(poolFile + ": malformed entry");
    MutateSource src{(*pair)[0].getAsString()->str(),
                     (*pair)[1].getAsString()->str(),
                     pair->size() >= 3 ? (*pair)[2].getAsString()->str()
                                       : std::string(),
                     {}};
    if (pair->size() == 4)
      for (const llvm::json::Value &f : *(*pair)[3].getAsArray()) {
        if (!f.getAsString())
          return llvm::createStringError(poolFile + ": malformed entry");
        src.parameters.push_back(f.getAsString()->str());
      }
    p.entries.push_back(std::move(src));
  }
  if (p.entries.empty())
    return llvm::createStringError(poolFile + ": no entries");
  return p;
}

std::string describePool(const MutatePool &p) {
  std::string s =
      llvm::formatv("mutate: {0} of {1} sources load ({2} lowered by IREE "
                    "first, {3} did not lower); {4} functions can be "
                    "cases ({5} cannot), {6:f1} mutations each on "
                    "average (first step)",
                    p.loaded, p.files, p.lowered, p.lowerFailed,
                    p.entries.size(), p.rejectedFunctions,
                    p.functions ? double(p.candidates) / p.functions : 0.0)
          .str();
  if (p.withParameters)
    s += llvm::formatv("; {0} read their weights from parameter archives "
                       "beside them",
                       p.withParameters)
             .str();
  if (!p.parameterSkipped.empty())
    s += llvm::formatv("; {0} skipped: they read parameters no archive "
                       "beside them holds (first: {1}: {2})",
                       p.parameterSkipped.size(),
                       p.parameterSkipped.front().first,
                       p.parameterSkipped.front().second)
             .str();
  return s;
}

llvm::Expected<std::vector<std::string>>
findSourceParameters(StringRef file, StringRef original) {
  auto text = readFile(file);
  if (!text)
    return text.takeError();
  auto refs = parameterReferences(*text);
  if (refs.empty())
    return std::vector<std::string>();
  std::vector<std::string> scopes;
  for (const auto &[scope, key] : refs)
    if (!llvm::is_contained(scopes, scope))
      scopes.push_back(scope);
  // Where the archives are: beside the source as the user has it.
  StringRef where = original.empty() ? file : original;
  StringRef dir = llvm::sys::path::parent_path(where);
  std::vector<std::string> bases;
  for (StringRef name = llvm::sys::path::stem(where);;) {
    bases.push_back(name.str());
    size_t dot = name.rfind('.');
    if (dot == StringRef::npos || dot == 0)
      break;
    name = name.take_front(dot);
  }
  std::vector<std::string> flags;
  for (const std::string &scope : scopes) {
    std::vector<std::string> names;
    for (const std::string &b : bases)
      if (!scope.empty())
        names.push_back(b + "." + scope + ".irpa");
    if (scopes.size() == 1)
      for (const std::string &b : bases)
        for (StringRef suffix : {".irpa", "_params.irpa", ".torch_params.irpa"})
          names.push_back(b + suffix.str());
    std::string found;
    for (const std::string &n : names) {
      std::string p = joinPath(dir, n);
      if (found.empty() && fs::exists(p))
        found = absolutePath(p);
    }
    if (found.empty())
      return llvm::createStringError(
          "it reads parameters of scope \"" + scope +
          "\" and no archive for it is beside it (looked for " +
          llvm::join(names, ", ") + ")");
    flags.push_back(scope.empty() ? found : scope + "=" + found);
  }
  if (llvm::Error e = checkParameterReferences(*text, flags))
    return std::move(e);
  return flags;
}

std::string mutantOrigin(const llvm::json::Object &info) {
  auto source = info.getString("source");
  if (!source)
    return "";
  std::vector<std::string> whats;
  if (const llvm::json::Array *ms = info.getArray("mutations"))
    for (const llvm::json::Value &m : *ms)
      if (const llvm::json::Object *mo = m.getAsObject())
        whats.push_back(mo->getString("what").value_or("?").str());
  std::string from = source->str();
  if (auto original = info.getString("original"))
    from = original->str() + " (lowered by IREE)";
  return from + " @" +
         info.getString("function").value_or("?").str() + ": " +
         (whats.empty() ? std::string("unchanged") : llvm::join(whats, "; "));
}

std::string Mutant::origin() const { return mutantOrigin(info); }

Mutant makeMutant(const MutateSource &source, uint64_t seed, StringRef name,
                  StringRef dir, const gpu::ProcessLimits &limits) {
  Mutant m;
  m.source = source;
  gpu::ProcessResult r = gpu::runProcess(
      {toolPath("ref-mutate"), source.file, "--corpus-mutate",
       "--function=" + source.function, "--rename=" + name.str(),
       "--seed=" + std::to_string(seed), "-o",
       joinPath(dir, "program.mlir")},
      limits);
  if (std::optional<std::string> why = gpu::environmentFailure(r)) {
    m.environment = "ref-mutate: " + *why;
    return m;
  }
  if (r.kind != gpu::ProcessResult::Kind::Exited ||
      (r.exitCode != 0 && r.exitCode != 3)) {
    m.message = "ref-mutate " + r.summary() + " on " + source.file + " @" +
                source.function + "\n" + r.stderrText;
    return m;
  }
  auto v = llvm::json::parse(r.stdoutText);
  if (!v || !v->getAsObject()) {
    if (!v)
      llvm::consumeError(v.takeError());
    m.message = "ref-mutate: unreadable output: " + r.stdoutText;
    return m;
  }
  m.info = std::move(*v->getAsObject());
  if (!source.original.empty())
    m.info["original"] = source.original;
  if (llvm::Error e =
          writeFile(joinPath(dir, "mutation.json"),
                    llvm::formatv("{0:2}", llvm::json::Value(
                                               llvm::json::Object(m.info)))
                        .str())) {
    m.environment = llvm::toString(std::move(e));
    return m;
  }
  if (r.exitCode == 3) {
    m.status = Mutant::Invalid;
    std::vector<std::string> reasons;
    if (const llvm::json::Array *a = m.info.getArray("invalid_reasons"))
      for (const llvm::json::Value &x : *a)
        if (auto s = x.getAsString())
          reasons.push_back(s->str());
    m.message = "every attempt invalid: " +
                (reasons.empty() ? std::string("?") : reasons.front());
    return m;
  }
  if (const llvm::json::Array *shapes = m.info.getArray("arg_shapes"))
    for (const llvm::json::Value &s : *shapes) {
      Shape shape;
      if (const llvm::json::Array *dims = s.getAsArray())
        for (const llvm::json::Value &d : *dims)
          shape.push_back(d.getAsInteger().value_or(-1));
      m.runShapes.push_back(std::move(shape));
    }
  m.status = Mutant::Written;
  return m;
}

} // namespace ref::difftest
