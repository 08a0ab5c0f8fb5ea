//===- Coverage.cpp - A coverage signal from IREE's own decisions ---------===//

#include "difftest/Coverage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace ref::difftest {

using llvm::StringRef;

namespace {

bool isIdentChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

/// The attribute starting at `text[0]`: up to the first ',', '}' or ')' or
/// whitespace outside brackets, or the end of a bracketed attribute.
StringRef attributeAt(StringRef text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '[' || c == '{' || c == '(') {
      ++depth;
    } else if (c == '>' || c == ']' || c == '}' || c == ')') {
      if (depth == 0)
        return text.take_front(i);
      if (--depth == 0 && c == '>')
        return text.take_front(i + 1);
    } else if (depth == 0 && (c == ',' || c == ' ' || c == '\n')) {
      return text.take_front(i);
    } else if (c == '"') {
      size_t end = text.find('"', i + 1);
      if (end == StringRef::npos)
        return text;
      i = end;
    }
  }
  return text;
}

/// The symbol after `@` at `text[0]`.
StringRef symbolAt(StringRef text) {
  size_t n = 0;
  while (n < text.size() && (isIdentChar(text[n]) || text[n] == '.'))
    ++n;
  return text.take_front(n);
}

/// Splits IREE's dispatch name "f3_dispatch_0_batch_matmul_1x8x2x4_f16" into
/// the function ("f3") and the root summary without shapes and element
/// types ("batch_matmul"). False when the name has no "_dispatch_<N>".
bool splitDispatchName(StringRef name, std::string &function,
                       std::string &root) {
  for (size_t pos = name.find("_dispatch_"); pos != StringRef::npos;
       pos = name.find("_dispatch_", pos + 1)) {
    StringRef rest = name.substr(pos + strlen("_dispatch_"));
    size_t digits = 0;
    while (digits < rest.size() && llvm::isDigit(rest[digits]))
      ++digits;
    if (digits == 0 || (digits < rest.size() && rest[digits] != '_'))
      continue;
    function = name.take_front(pos).str();
    llvm::SmallVector<StringRef> tokens, kept;
    rest.drop_front(digits).split(tokens, '_', -1, false);
    for (StringRef t : tokens) {
      bool hasDigit = llvm::any_of(t, llvm::isDigit);
      bool shapeOnly = llvm::all_of(t, [](char c) { return c == 'D' || c == 'x'; });
      if (!hasDigit && !shapeOnly)
        kept.push_back(t);
    }
    root = kept.empty() ? "?" : llvm::join(kept, "_");
    return true;
  }
  return false;
}

/// The op named on the line that holds `text[at]`: the first dialect-
/// qualified name after the results ("%5 = linalg.matmul {...").
std::string opOnLine(StringRef text, size_t at) {
  size_t start = text.rfind('\n', at);
  start = start == StringRef::npos ? 0 : start + 1;
  StringRef line = text.slice(start, at);
  size_t eq = line.find(" = ");
  if (eq != StringRef::npos && line.ltrim().starts_with("%"))
    line = line.drop_front(eq + 3);
  line = line.ltrim();
  size_t n = 0;
  while (n < line.size() && (isIdentChar(line[n]) || line[n] == '.'))
    ++n;
  StringRef op = line.take_front(n);
  return op.contains('.') ? op.str() : "?";
}

/// The compute ops named in `body`, sorted, once each.
std::vector<std::string> computeOps(StringRef body) {
  std::set<std::string> ops;
  for (StringRef prefix : {"linalg.", "iree_linalg_ext."}) {
    for (size_t pos = body.find(prefix); pos != StringRef::npos;
         pos = body.find(prefix, pos + 1)) {
      if (pos > 0 && (isIdentChar(body[pos - 1]) || body[pos - 1] == '.' ||
                      body[pos - 1] == '#'))
        continue; // iree_linalg_ext. contains linalg.; attributes
      StringRef name = symbolAt(body.substr(pos));
      if (name.ends_with(".yield") || name.ends_with(".index"))
        continue;
      ops.insert(name.str());
    }
  }
  return {ops.begin(), ops.end()};
}

} // namespace

std::string bucketIntegers(StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == ' ' || c == '\n') {
      ++i;
      continue;
    }
    bool startsNumber = llvm::isDigit(c) || (c == '-' && i + 1 < text.size() &&
                                             llvm::isDigit(text[i + 1]));
    if (startsNumber && (i == 0 || !isIdentChar(text[i - 1]))) {
      size_t j = i + (c == '-');
      while (j < text.size() && llvm::isDigit(text[j]))
        ++j;
      if (j == text.size() || !isIdentChar(text[j])) {
        StringRef num = text.slice(i, j);
        out += num == "0" ? "0" : num == "1" ? "1" : "n";
        i = j;
        continue;
      }
    }
    out += c;
    ++i;
  }
  return out;
}

std::vector<DispatchConfig> parseDispatchConfigs(StringRef text) {
  std::vector<DispatchConfig> result;
  static constexpr StringRef kExport = "hal.executable.export";
  std::vector<size_t> exports;
  for (size_t pos = text.find(kExport); pos != StringRef::npos;
       pos = text.find(kExport, pos + 1))
    exports.push_back(pos);
  for (auto [k, pos] : llvm::enumerate(exports)) {
    size_t end = k + 1 < exports.size() ? exports[k + 1] : text.size();
    size_t at = text.find('@', pos);
    if (at == StringRef::npos || at >= end)
      continue;
    StringRef name = symbolAt(text.substr(at + 1));
    DispatchConfig d;
    if (!splitDispatchName(name, d.function, d.root))
      continue;
    // The dispatch's function body: from `func.func @name` to the next
    // function (or the end); the export region otherwise.
    std::string fn = ("func.func @" + name).str();
    size_t fpos = text.find(fn);
    StringRef body = text.slice(pos, end);
    if (fpos != StringRef::npos) {
      size_t next = text.find("func.func @", fpos + fn.size());
      body = text.slice(fpos, next == StringRef::npos ? text.size() : next);
    }
    static constexpr StringRef kPipeline = "translation_info<pipeline = ";
    size_t p = body.find(kPipeline);
    StringRef where = body;
    if (p == StringRef::npos) {
      where = text.slice(pos, end);
      p = where.find(kPipeline);
    }
    d.pipeline = p == StringRef::npos
                     ? "none"
                     : attributeAt(where.substr(p + kPipeline.size())).str();
    static constexpr StringRef kConfig = "lowering_config = ";
    for (size_t c = body.find(kConfig); c != StringRef::npos;
         c = body.find(kConfig, c + 1)) {
      StringRef attr = attributeAt(body.substr(c + kConfig.size()));
      d.configs.push_back(opOnLine(body, c) + " " + bucketIntegers(attr));
    }
    d.ops = computeOps(body);
    result.push_back(std::move(d));
  }
  return result;
}

std::vector<std::string> dispatchFeatures(const DispatchConfig &d,
                                          StringRef target) {
  std::string t = target.str();
  std::vector<std::string> configs = d.configs;
  llvm::sort(configs);
  configs.erase(std::unique(configs.begin(), configs.end()), configs.end());
  return {"P|" + t + "|" + d.pipeline + "|" + d.root,
          "C|" + t + "|" + d.pipeline + "|" + d.root + "|" +
              llvm::join(configs, ";"),
          "F|" + t + "|" + d.root + "|" + llvm::join(d.ops, ",")};
}

llvm::Expected<FunctionFeatures> readCoverageDir(StringRef dir,
                                                 StringRef target) {
  FunctionFeatures features;
  if (!llvm::sys::fs::is_directory(dir))
    return features;
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), e; it != e && !ec;
       it.increment(ec))
    if (StringRef(it->path()).ends_with(".mlir"))
      files.push_back(it->path());
  if (ec)
    return llvm::createStringError(ec, dir + ": " + ec.message());
  llvm::sort(files);
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      return llvm::createStringError(buf.getError(),
                                     f + ": " + buf.getError().message());
    for (const DispatchConfig &d : parseDispatchConfigs((*buf)->getBuffer()))
      for (std::string &x : dispatchFeatures(d, target))
        features[d.function].insert(std::move(x));
  }
  return features;
}

std::string coverageFlag(StringRef dir) {
  return ("--iree-hal-dump-executable-configurations-to=" + dir).str();
}

} // namespace ref::difftest
