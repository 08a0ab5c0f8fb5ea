//===- KnownIssues.cpp - known-issues.toml --------------------------------===//

#include "difftest/KnownIssues.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

namespace ref::difftest {

using llvm::StringRef;

namespace {

llvm::Error bad(StringRef file, unsigned line, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (file + ":" + llvm::Twine(line) + ": " + msg)
                                     .str());
}

/// A TOML string at the start of `s`; sets `rest` to what follows it.
llvm::Expected<std::string> parseString(StringRef s, StringRef &rest,
                                        StringRef file, unsigned line) {
  if (s.starts_with("'")) {
    size_t end = s.find('\'', 1);
    if (end == StringRef::npos)
      return bad(file, line, "unterminated literal string");
    rest = s.drop_front(end + 1);
    return s.slice(1, end).str();
  }
  if (!s.starts_with("\""))
    return bad(file, line, "expected a string (\"...\" or '...')");
  std::string out;
  for (size_t i = 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      rest = s.drop_front(i + 1);
      return out;
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i >= s.size())
      break;
    switch (s[i]) {
    case '"': out += '"'; break;
    case '\\': out += '\\'; break;
    case 'n': out += '\n'; break;
    case 't': out += '\t'; break;
    default:
      return bad(file, line,
                 llvm::Twine("unsupported escape \\") + s.substr(i, 1));
    }
  }
  return bad(file, line, "unterminated string");
}

} // namespace

llvm::Expected<std::vector<KnownIssue>> parseKnownIssues(StringRef text,
                                                         StringRef file) {
  std::vector<KnownIssue> out;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (auto [i, raw] : llvm::enumerate(lines)) {
    unsigned no = i + 1;
    StringRef l = raw.trim();
    if (l.empty() || l.starts_with("#"))
      continue;
    if (l.starts_with("[")) {
      StringRef head = l.split('#').first.trim();
      if (head != "[[issue]]")
        return bad(file, no, "unknown table '" + head + "' (expected [[issue]])");
      if (!out.empty() && out.back().match.empty())
        return bad(file, out.back().line, "[[issue]] without a 'match' key");
      out.emplace_back();
      out.back().line = no;
      continue;
    }
    size_t eq = l.find('=');
    if (eq == StringRef::npos)
      return bad(file, no, "expected 'key = \"value\"' or [[issue]]");
    StringRef key = l.take_front(eq).trim();
    if (out.empty())
      return bad(file, no, "key '" + key + "' before the first [[issue]]");
    StringRef rest;
    auto value = parseString(l.drop_front(eq + 1).ltrim(), rest, file, no);
    if (!value)
      return value.takeError();
    rest = rest.trim();
    if (!rest.empty() && !rest.starts_with("#"))
      return bad(file, no, "unexpected text after the value: '" + rest + "'");
    KnownIssue &k = out.back();
    std::string *slot = key == "match"     ? &k.match
                        : key == "verdict" ? &k.verdict
                        : key == "url"     ? &k.url
                        : key == "title"   ? &k.title
                        : key == "note"    ? &k.note
                                           : nullptr;
    if (!slot)
      return bad(file, no,
                 "unknown key '" + key +
                     "' (expected match, verdict, url, title, note)");
    if (!slot->empty())
      return bad(file, no, "key '" + key + "' given twice in one [[issue]]");
    *slot = std::move(*value);
    if (key == "match" && slot->empty())
      return bad(file, no, "'match' must not be empty");
  }
  if (!out.empty() && out.back().match.empty())
    return bad(file, out.back().line, "[[issue]] without a 'match' key");
  return out;
}

bool globContains(StringRef text, StringRef pattern) {
  // Each '*'-separated piece in order; the ends float (a substring match),
  // except that a final '$' ties the last piece to the end of the text.
  bool anchored = pattern.consume_back("$");
  llvm::SmallVector<StringRef> pieces;
  pattern.split(pieces, '*');
  size_t at = 0;
  for (auto [i, p] : llvm::enumerate(pieces)) {
    if (p.empty())
      continue;
    bool last = i + 1 == pieces.size();
    if (anchored && last) {
      if (!text.ends_with(p) || text.size() - p.size() < at)
        return false;
      at = text.size();
      continue;
    }
    size_t found = text.find(p, at);
    if (found == StringRef::npos)
      return false;
    at = found + p.size();
  }
  return !anchored || at == text.size() || pieces.back().empty();
}

const KnownIssue *findKnownIssue(const std::vector<KnownIssue> &issues,
                                 StringRef bugSignature, StringRef rawSignature,
                                 StringRef verdict) {
  for (const KnownIssue &k : issues) {
    if (!k.verdict.empty() && k.verdict != verdict)
      continue;
    if (globContains(bugSignature, k.match) ||
        (!rawSignature.empty() && globContains(rawSignature, k.match)))
      return &k;
  }
  return nullptr;
}

} // namespace ref::difftest
