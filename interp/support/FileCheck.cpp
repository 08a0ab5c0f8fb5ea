//===- FileCheck.cpp - The FileCheck subset IREE's lit tests use ----------===//
//
// Written from FileCheck's documented behaviour (llvm.org/docs/
// CommandGuide/FileCheck.html); see FileCheck.h for the subset.
//
//===----------------------------------------------------------------------===//

#include "interp/support/FileCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"

#include <optional>

using llvm::StringRef;

namespace ref {
namespace {

enum class Kind { Plain, Next, Same, Not, Dag, Label, Empty };

StringRef kindSuffix(Kind k) {
  switch (k) {
  case Kind::Plain:
    return "";
  case Kind::Next:
    return "-NEXT";
  case Kind::Same:
    return "-SAME";
  case Kind::Not:
    return "-NOT";
  case Kind::Dag:
    return "-DAG";
  case Kind::Label:
    return "-LABEL";
  case Kind::Empty:
    return "-EMPTY";
  }
  return "";
}

struct Directive {
  Kind kind;
  std::string prefix;
  std::string pattern; // whitespace-canonicalized, trimmed
  unsigned line;       // 1-based line in the check file
  std::string name() const { return prefix + kindSuffix(kind).str(); }
};

/// Runs of spaces and tabs become one space (FileCheck's default).
std::string canonicalizeWhitespace(StringRef s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ' || s[i] == '\t') {
      out.push_back(' ');
      while (i + 1 < s.size() && (s[i + 1] == ' ' || s[i + 1] == '\t'))
        ++i;
      continue;
    }
    out.push_back(s[i]);
  }
  return out;
}

bool isWordChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '-'; }

/// Finds the directive on one line of the check file, if any: the first
/// occurrence of a prefix (not inside a longer word) followed by a known
/// suffix and ':'.
std::optional<Directive> findDirective(StringRef line, unsigned lineNo,
                                       llvm::ArrayRef<std::string> prefixes,
                                       std::string &error) {
  static const std::pair<StringRef, Kind> suffixes[] = {
      {":", Kind::Plain},      {"-NEXT:", Kind::Next}, {"-SAME:", Kind::Same},
      {"-NOT:", Kind::Not},    {"-DAG:", Kind::Dag},   {"-LABEL:", Kind::Label},
      {"-EMPTY:", Kind::Empty}};
  for (size_t pos = 0; pos < line.size(); ++pos) {
    if (pos > 0 && isWordChar(line[pos - 1]))
      continue;
    for (const std::string &prefix : prefixes) {
      if (!line.substr(pos).starts_with(prefix))
        continue;
      StringRef rest = line.substr(pos + prefix.size());
      for (auto [suffix, kind] : suffixes) {
        if (!rest.starts_with(suffix))
          continue;
        Directive d{kind, prefix,
                    canonicalizeWhitespace(
                        rest.drop_front(suffix.size()).trim(" \t\r")),
                    lineNo};
        return d;
      }
      if (rest.starts_with("-COUNT-"))
        error = "line " + std::to_string(lineNo) + ": " + prefix +
                "-COUNT is not supported";
    }
  }
  return std::nullopt;
}

/// POSIX extended regular expression text matching `s` literally.
std::string escapeRegex(StringRef s) {
  std::string out;
  for (char c : s) {
    if (StringRef("()[]{}.*+?|^$\\").contains(c))
      out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

/// The end of a `[[...]]` body starting at `start` (just after "[["): the
/// first "]]" outside the brackets of a regex class.
size_t findVarEnd(StringRef s, size_t start) {
  int depth = 0;
  for (size_t i = start; i < s.size(); ++i) {
    if (depth == 0 && s.substr(i).starts_with("]]"))
      return i;
    if (s[i] == '\\')
      ++i;
    else if (s[i] == '[')
      ++depth;
    else if (s[i] == ']' && depth > 0)
      --depth;
  }
  return StringRef::npos;
}

bool isVarName(StringRef name) {
  if (name.empty() ||
      !(llvm::isAlpha(name[0]) || name[0] == '_' || name[0] == '$'))
    return false;
  return llvm::all_of(name.drop_front(),
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// A pattern turned into one regex, with the capture groups of the
/// variables it defines.
struct CompiledPattern {
  std::string regex;
  std::vector<std::pair<std::string, unsigned>> defs; // name, group number
};

bool compilePattern(const Directive &d,
                    const llvm::StringMap<std::string> &vars,
                    CompiledPattern &out, std::string &error) {
  StringRef p = d.pattern;
  unsigned groups = 0;
  auto fail = [&](const std::string &why) {
    error = "line " + std::to_string(d.line) + ": " + d.name() + ": " + why;
    return false;
  };
  auto addRegex = [&](StringRef re) {
    llvm::Regex r(re);
    std::string why;
    if (!r.isValid(why))
      return fail("invalid regex '" + re.str() + "': " + why);
    out.regex += "(" + re.str() + ")";
    groups += 1 + r.getNumMatches();
    return true;
  };
  size_t i = 0;
  while (i < p.size()) {
    if (p.substr(i).starts_with("{{")) {
      size_t end = p.find("}}", i + 2);
      if (end == StringRef::npos)
        return fail("found start of regex string with no end '}}'");
      if (!addRegex(p.slice(i + 2, end)))
        return false;
      i = end + 2;
      continue;
    }
    if (p.substr(i).starts_with("[[")) {
      size_t end = findVarEnd(p, i + 2);
      if (end == StringRef::npos)
        return fail("invalid variable: no closing ']]'");
      StringRef body = p.slice(i + 2, end);
      i = end + 2;
      if (body.starts_with("#") || body.starts_with("@"))
        return fail("numeric and pseudo variables ([[#...]], [[@LINE]]) are "
                    "not supported");
      auto [name, re] = body.split(':');
      if (!isVarName(name))
        return fail("invalid variable name '" + name.str() + "'");
      if (body.contains(':')) {
        out.defs.push_back({name.str(), groups + 1});
        if (!addRegex(re))
          return false;
        continue;
      }
      auto it = vars.find(name);
      if (it == vars.end())
        return fail("undefined variable: " + name.str());
      out.regex += escapeRegex(it->second);
      continue;
    }
    // Literal text up to the next regex or variable.
    size_t next = std::min(p.find("{{", i), p.find("[[", i));
    if (next == StringRef::npos)
      next = p.size();
    out.regex += escapeRegex(p.slice(i, next));
    i = next;
  }
  return true;
}

struct Match {
  size_t begin = 0, end = 0;
};

class Checker {
public:
  Checker(StringRef checkName, StringRef input)
      : checkName(checkName), input(input) {}

  /// Searches `d` in [from, to); records its variable definitions.
  std::optional<Match> find(const Directive &d, size_t from, size_t to) {
    CompiledPattern cp;
    if (!compilePattern(d, vars, cp, error))
      return std::nullopt;
    llvm::Regex re(cp.regex, llvm::Regex::Newline);
    llvm::SmallVector<StringRef> groups;
    StringRef hay = input.slice(from, to);
    if (!re.match(hay, &groups))
      return std::nullopt;
    for (auto &[name, group] : cp.defs)
      vars[name] = groups[group].str();
    Match m;
    m.begin = groups[0].data() - input.data();
    m.end = m.begin + groups[0].size();
    return m;
  }

  /// 1-based line of a position in the output.
  unsigned lineOf(size_t pos) const {
    return 1 + static_cast<unsigned>(input.take_front(pos).count('\n'));
  }
  StringRef lineText(size_t pos) const {
    size_t nl = input.take_front(pos).rfind('\n');
    size_t b = nl == StringRef::npos ? 0 : nl + 1;
    size_t e = input.find('\n', b);
    return input.slice(b, e == StringRef::npos ? input.size() : e);
  }

  bool failAt(const Directive &d, const std::string &what, size_t outPos,
              StringRef note) {
    if (!error.empty())
      return false; // a pattern error says more
    error = checkName.str() + ":" + std::to_string(d.line) +
            ": error: " + d.name() + ": " + what + "\n  " + d.name() + ": " +
            d.pattern + "\n<output>:" + std::to_string(lineOf(outPos)) +
            ": note: " + note.str() + "\n  " + lineText(outPos).str();
    return false;
  }

  /// Runs `ds` (no labels) inside [from, to), the previous match ending at
  /// `from`.
  bool runBlock(llvm::ArrayRef<Directive> ds, size_t from, size_t to,
                bool hasPrevious) {
    size_t pos = from;
    std::vector<const Directive *> nots;
    auto checkNots = [&](size_t end) {
      for (const Directive *n : nots) {
        auto m = find(*n, pos, end);
        if (!error.empty())
          return false;
        if (m)
          return failAt(*n, "excluded string found in input", m->begin,
                        "found here");
        ++numChecked;
      }
      nots.clear();
      return true;
    };
    for (size_t i = 0; i < ds.size(); ++i) {
      const Directive &d = ds[i];
      if (d.kind == Kind::Not) {
        nots.push_back(&d);
        continue;
      }
      if (d.kind == Kind::Dag) {
        // A run of DAG directives: each matches somewhere after `pos`,
        // without overlapping another of the run.
        std::vector<Match> taken;
        size_t runEnd = pos, firstBegin = to;
        for (; i < ds.size() && ds[i].kind == Kind::Dag; ++i) {
          size_t start = pos;
          std::optional<Match> m;
          while (true) {
            m = find(ds[i], start, to);
            if (!m)
              break;
            auto overlaps = [&](const Match &t) {
              return m->begin < t.end && t.begin < m->end;
            };
            auto hit = llvm::find_if(taken, overlaps);
            if (hit == taken.end())
              break;
            start = std::max(hit->end, m->begin + 1);
          }
          if (!m)
            return failAt(ds[i], "expected string not found in input", pos,
                          "scanning from here");
          taken.push_back(*m);
          runEnd = std::max(runEnd, m->end);
          firstBegin = std::min(firstBegin, m->begin);
          ++numChecked;
        }
        --i;
        if (!checkNots(firstBegin))
          return false;
        pos = runEnd;
        hasPrevious = true;
        continue;
      }
      if ((d.kind == Kind::Next || d.kind == Kind::Same ||
           d.kind == Kind::Empty) &&
          !hasPrevious) {
        error = checkName.str() + ":" + std::to_string(d.line) +
                ": error: found '" + d.name() +
                "' without previous 'CHECK: line";
        return false;
      }
      std::optional<Match> m;
      if (d.kind == Kind::Empty) {
        // The line after the previous match's line is empty.
        size_t nl = input.find('\n', pos);
        if (nl == StringRef::npos || nl + 1 > to ||
            (nl + 1 < input.size() && input[nl + 1] != '\n'))
          return failAt(d, "the next line is not empty", pos,
                        "scanning from here");
        m = Match{nl + 1, nl + 1};
      } else {
        m = find(d, pos, to);
        if (!error.empty())
          return false;
        if (!m)
          return failAt(d, "expected string not found in input", pos,
                        "scanning from here");
        size_t newlines = input.slice(pos, m->begin).count('\n');
        if (d.kind == Kind::Next && newlines != 1)
          return failAt(d,
                        newlines == 0
                            ? "is on the same line as the previous match"
                            : "is not on the line after the previous match",
                        m->begin, "'next' match was here");
        if (d.kind == Kind::Same && newlines != 0)
          return failAt(d, "is not on the same line as the previous match",
                        m->begin, "'same' match was here");
      }
      if (!checkNots(m->begin))
        return false;
      ++numChecked;
      pos = m->end;
      hasPrevious = true;
    }
    return checkNots(to);
  }

  std::string error;
  unsigned numChecked = 0;

private:
  StringRef checkName;
  StringRef input;
  llvm::StringMap<std::string> vars;
};

} // namespace

FileCheckResult runFileCheck(StringRef checkText, StringRef checkName,
                             StringRef input,
                             llvm::ArrayRef<std::string> prefixes) {
  FileCheckResult result;
  std::vector<Directive> directives;
  unsigned lineNo = 0;
  std::string parseError;
  for (StringRef rest = checkText; !rest.empty();) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    ++lineNo;
    if (auto d = findDirective(line, lineNo, prefixes, parseError)) {
      if (d->pattern.empty() && d->kind != Kind::Empty) {
        result.message = checkName.str() + ":" + std::to_string(lineNo) +
                         ": error: found empty check string with prefix '" +
                         d->prefix + ":'";
        return result;
      }
      directives.push_back(std::move(*d));
    }
    if (!parseError.empty()) {
      result.message = checkName.str() + ":" + parseError;
      return result;
    }
  }
  if (directives.empty()) {
    std::string names;
    for (const std::string &p : prefixes)
      names += (names.empty() ? "'" : ", '") + p + ":'";
    result.message = "error: no check strings found with prefix " + names;
    return result;
  }

  std::string canon = canonicalizeWhitespace(input);
  Checker checker(checkName, canon);
  // Labels first, in order; each cuts the output into blocks.
  std::vector<std::pair<size_t, Match>> labels; // directive index, match
  size_t pos = 0;
  for (size_t i = 0; i < directives.size(); ++i) {
    if (directives[i].kind != Kind::Label)
      continue;
    auto m = checker.find(directives[i], pos, canon.size());
    if (!m) {
      if (checker.error.empty())
        checker.failAt(directives[i], "expected string not found in input", pos,
                       "scanning from here");
      result.message = checker.error;
      return result;
    }
    ++checker.numChecked;
    labels.push_back({i, *m});
    pos = m->end;
  }
  size_t first = 0, from = 0;
  bool hasPrevious = false;
  for (size_t k = 0; k <= labels.size(); ++k) {
    size_t last = k < labels.size() ? labels[k].first : directives.size();
    size_t to = k < labels.size() ? labels[k].second.begin : canon.size();
    if (!checker.runBlock(llvm::ArrayRef(directives).slice(first, last - first),
                          from, to, hasPrevious)) {
      result.message = checker.error;
      return result;
    }
    if (k < labels.size()) {
      first = labels[k].first + 1;
      from = labels[k].second.end;
      hasPrevious = true;
    }
  }
  result.ok = true;
  result.numChecked = checker.numChecked;
  return result;
}

} // namespace ref
