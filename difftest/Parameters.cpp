//===- Parameters.cpp - Parameter archives in difftest's cases ------------===//

#include "difftest/Parameters.h"
#include "difftest/Common.h"
#include "interp/support/ParameterArchive.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>

namespace ref::difftest {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace {} // namespace

uint64_t parameterCopyLimit() {
  if (const char *env = std::getenv("DIFFTEST_COPY_PARAMETERS_MAX"))
    if (uint64_t n; !StringRef(env).getAsInteger(10, n))
      return n;
  return uint64_t(64) << 20;
}

llvm::Expected<std::string> fileSha256(StringRef file) {
  llvm::SHA256 hash;
  // MemoryBuffer maps a large file rather than reading it in.
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return llvm::createStringError(file + ": " + buf.getError().message());
  hash.update(llvm::arrayRefFromStringRef((*buf)->getBuffer()));
  std::array<uint8_t, 32> digest = hash.final();
  return llvm::toHex(digest, /*LowerCase=*/true);
}

llvm::Expected<std::vector<ParameterFile>>
collectParameters(llvm::ArrayRef<std::string> flags,
                  const gpu::Lowering *lowering, StringRef workDir) {
  std::vector<ParameterFile> out;
  uint64_t limit = parameterCopyLimit();
  auto describe = [&](ParameterFile &p, StringRef file) -> llvm::Error {
    if (std::error_code ec = fs::file_size(file, p.bytes))
      return llvm::createStringError(file + ": " + ec.message());
    // A file that is not an archive is refused here, not by both tools.
    if (auto a = ParameterArchive::load(file); !a)
      return a.takeError();
    auto sha = fileSha256(file);
    if (!sha)
      return sha.takeError();
    p.sha256 = *sha;
    return llvm::Error::success();
  };
  for (const std::string &flag : flags) {
    ParameterFlag f = parseParameterFlag(flag);
    if (f.file.empty())
      return llvm::createStringError(
          "--parameters=" + flag +
          ": expected [SCOPE=]FILE (.irpa, .safetensors or .gguf)");
    ParameterFile p;
    p.scope = f.scope;
    if (llvm::Error e = describe(p, f.file))
      return llvm::createStringError("--parameters=" + flag + ": " +
                                     llvm::toString(std::move(e)));
    if (p.bytes <= limit) {
      std::string name =
          (f.scope.empty() ? "" : f.scope + ".") + path::filename(f.file).str();
      p.path = joinPath("params", name);
      fs::create_directories(joinPath(workDir, "params"));
      if (std::error_code ec =
              fs::copy_file(f.file, joinPath(workDir, p.path)))
        return llvm::createStringError(f.file + ": " + ec.message());
    } else {
      llvm::SmallString<256> abs(f.file);
      fs::make_absolute(abs);
      p.path = std::string(abs);
      p.copied = false;
    }
    out.push_back(std::move(p));
  }
  if (lowering)
    for (const auto &[scope, file] : lowering->parameters) {
      ParameterFile p;
      p.scope = scope;
      std::string where =
          path::is_absolute(file) ? file : joinPath(workDir, file);
      if (llvm::Error e = describe(p, where))
        return llvm::createStringError("the parameters the import wrote: " +
                                       llvm::toString(std::move(e)));
      if (p.bytes <= limit && !path::is_absolute(file)) {
        p.path = file;
      } else {
        llvm::SmallString<256> abs(where);
        fs::make_absolute(abs);
        p.path = std::string(abs);
        p.copied = false;
      }
      out.push_back(std::move(p));
    }
  return out;
}

namespace {
/// Reads an MLIR string literal at the start of `s` (which it advances):
/// its value with \", \\, \n, \t and \XX escapes undone; nullopt if `s`
/// does not start with a well-formed one.
std::optional<std::string> takeStringLiteral(StringRef &s) {
  if (!s.consume_front("\""))
    return std::nullopt;
  std::string out;
  while (!s.empty()) {
    char c = s.front();
    s = s.drop_front();
    if (c == '"')
      return out;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (s.empty())
      return std::nullopt;
    char e = s.front();
    if (e == '"' || e == '\\') {
      out += e;
      s = s.drop_front();
    } else if (e == 'n' || e == 't') {
      out += e == 'n' ? '\n' : '\t';
      s = s.drop_front();
    } else if (s.size() >= 2 && llvm::isHexDigit(s[0]) &&
               llvm::isHexDigit(s[1])) {
      out += char(llvm::hexFromNibbles(s[0], s[1]));
      s = s.drop_front(2);
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}
} // namespace

/// Each `parameter.named<` attribute of `text`: where its first string
/// starts and ends (the whole `<...>` body), its scope and key.
struct ParameterRef {
  size_t begin = 0, end = 0; // [begin, end) of `"scope"::"key"` or `"key"`
  std::string scope, key;
};

static std::vector<ParameterRef> scanParameterRefs(StringRef text) {
  std::vector<ParameterRef> out;
  constexpr StringRef kOpen = "parameter.named<";
  for (size_t at = text.find(kOpen); at != StringRef::npos;
       at = text.find(kOpen, at + 1)) {
    size_t begin = at + kOpen.size();
    StringRef rest = text.substr(begin);
    std::optional<std::string> first = takeStringLiteral(rest);
    if (!first)
      continue; // not an attribute (a comment, a name): ref-run decides
    ParameterRef r;
    r.begin = begin;
    r.key = std::move(*first);
    if (rest.consume_front("::")) {
      std::optional<std::string> second = takeStringLiteral(rest);
      if (!second)
        continue;
      r.scope = std::move(r.key);
      r.key = std::move(*second);
    }
    if (!rest.starts_with(">"))
      continue;
    r.end = text.size() - rest.size();
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::pair<std::string, std::string>>
parameterReferences(StringRef programText) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::pair<std::string, std::string>> seen;
  for (ParameterRef &r : scanParameterRefs(programText))
    if (seen.insert({r.scope, r.key}).second)
      out.push_back({std::move(r.scope), std::move(r.key)});
  return out;
}

std::string
renameParameterScopes(StringRef programText,
                      llvm::function_ref<std::string(StringRef)> rename) {
  auto literal = [](StringRef s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\' || !llvm::isPrint(c))
        out += "\\" + llvm::utohexstr(uint8_t(c), /*LowerCase=*/false,
                                      /*Width=*/2);
      else
        out += c;
    }
    return out + "\"";
  };
  std::string out;
  size_t done = 0;
  for (const ParameterRef &r : scanParameterRefs(programText)) {
    out += programText.slice(done, r.begin).str();
    out += literal(rename(r.scope)) + "::" + literal(r.key);
    done = r.end;
  }
  out += programText.substr(done).str();
  return out;
}

llvm::Error checkParameterReferences(StringRef programText,
                                     llvm::ArrayRef<std::string> flags,
                                     StringRef baseDir) {
  ParameterIndex index;
  for (const std::string &f : flags) {
    ParameterFlag pf = parseParameterFlag(f);
    std::string file = pf.file;
    if (!baseDir.empty() && !file.empty() && !path::is_absolute(file))
      file = joinPath(baseDir, file);
    if (llvm::Error e = index.add(pf.scope.empty() ? file
                                                   : pf.scope + "=" + file))
      return e;
  }
  for (const auto &[scope, key] : parameterReferences(programText)) {
    auto found = index.lookup(scope, key);
    if (!found)
      return found.takeError();
  }
  return llvm::Error::success();
}

std::variant<std::vector<std::string>, int>
prepareParameters(llvm::ArrayRef<std::string> flags,
                  const gpu::Lowering *lowering, StringRef workDir,
                  StringRef baseDir) {
  auto files = collectParameters(flags, lowering, workDir);
  if (!files) {
    llvm::errs() << "error: " << llvm::toString(files.takeError()) << "\n";
    return kParameterError;
  }
  if (llvm::Error e = writeParameterRecord(workDir, *files)) {
    llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
    return static_cast<int>(kToolError);
  }
  return parameterFlags(*files, baseDir);
}

llvm::Error writeParameterRecord(StringRef dir,
                                 const std::vector<ParameterFile> &files) {
  if (files.empty())
    return llvm::Error::success();
  json::Array arr;
  for (const ParameterFile &p : files)
    arr.push_back(json::Object{{"scope", p.scope},
                               {"path", p.path},
                               {"copied", p.copied},
                               {"sha256", p.sha256},
                               {"bytes", int64_t(p.bytes)}});
  return writeFile(joinPath(dir, "parameters.json"),
                   llvm::formatv("{0:2}", json::Value(json::Object{
                                              {"parameters", std::move(arr)}}))
                           .str() +
                       "\n");
}

llvm::Expected<std::vector<ParameterFile>> readParameterRecord(StringRef dir) {
  std::vector<ParameterFile> out;
  std::string file = joinPath(dir, "parameters.json");
  if (!fs::exists(file))
    return out;
  auto text = readFile(file);
  if (!text)
    return text.takeError();
  auto v = json::parse(*text);
  if (!v)
    return llvm::createStringError(file + ": " + llvm::toString(v.takeError()));
  const json::Object *o = v->getAsObject();
  const json::Array *arr = o ? o->getArray("parameters") : nullptr;
  if (!arr)
    return llvm::createStringError(file +
                                   ": field 'parameters': expected an array");
  for (auto [i, pv] : llvm::enumerate(*arr)) {
    std::string field = "parameters[" + std::to_string(i) + "]";
    const json::Object *po = pv.getAsObject();
    if (!po)
      return llvm::createStringError(file + ": field '" + field +
                                     "': expected an object");
    ParameterFile p;
    auto scope = po->getString("scope");
    auto where = po->getString("path");
    if (!scope || !where || where->empty())
      return llvm::createStringError(file + ": field '" + field +
                                     "': 'scope' and 'path' must be strings");
    p.scope = scope->str();
    p.path = where->str();
    p.copied = po->getBoolean("copied").value_or(true);
    p.sha256 = po->getString("sha256").value_or("").str();
    p.bytes = po->getInteger("bytes").value_or(0);
    std::string at = p.copied ? joinPath(dir, p.path) : p.path;
    if (p.copied && (path::is_absolute(p.path) ||
                     llvm::is_contained(llvm::make_range(path::begin(p.path),
                                                         path::end(p.path)),
                                        "..")))
      return llvm::createStringError(
          file + ": field '" + field +
          ".path': a copied archive must be inside the directory");
    if (!fs::exists(at))
      return llvm::createStringError(
          file + ": field '" + field + "': archive " + at + " is missing" +
          (p.copied ? ""
                    : " (it was too large to copy: bring it to "
                      "that path)"));
    if (!p.copied) {
      auto sha = fileSha256(at);
      if (!sha)
        return sha.takeError();
      if (!p.sha256.empty() && *sha != p.sha256)
        return llvm::createStringError(
            file + ": field '" + field + "': archive " + at + " has sha256 " +
            *sha + ", not the recorded " + p.sha256 +
            " (it changed since the bundle was made)");
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::string> parameterFlags(const std::vector<ParameterFile> &files,
                                        StringRef baseDir) {
  std::vector<std::string> out;
  for (const ParameterFile &p : files) {
    std::string where = p.path;
    if (!baseDir.empty() && !path::is_absolute(where))
      where = joinPath(baseDir, where);
    out.push_back(p.scope.empty() ? where : p.scope + "=" + where);
  }
  return out;
}

std::string parameterCheckScript(const std::vector<ParameterFile> &files) {
  std::string s;
  for (const ParameterFile &p : files)
    if (!p.copied && !p.sha256.empty())
      s += "# " + p.path + " (" + std::to_string(p.bytes) +
           " bytes) was too large to copy into the bundle: check it is the "
           "one the bundle was made with\necho " +
           shellQuote(p.sha256 + "  " + p.path) + " | sha256sum -c -\n";
  return s;
}

llvm::Error copyParameters(StringRef fromDir, StringRef toDir) {
  auto files = readParameterRecord(fromDir);
  if (!files)
    return files.takeError();
  return copyParameterFiles(*files, fromDir, toDir);
}

llvm::Error copyParameterFiles(const std::vector<ParameterFile> &files,
                               StringRef fromDir, StringRef toDir) {
  if (files.empty())
    return llvm::Error::success();
  for (const ParameterFile &p : files) {
    if (!p.copied)
      continue;
    std::string to = joinPath(toDir, p.path);
    if (fs::exists(to))
      continue;
    fs::create_directories(path::parent_path(to));
    if (std::error_code ec = fs::copy_file(joinPath(fromDir, p.path), to))
      return llvm::createStringError(to + ": " + ec.message());
  }
  return writeParameterRecord(toDir, files);
}

} // namespace ref::difftest
