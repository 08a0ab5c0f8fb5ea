//===- SourceLimits.cpp - Refusing program text the parser cannot survive -===//

#include "interp/support/SourceLimits.h"

#include "llvm/ADT/StringExtras.h"

namespace ref {

std::optional<size_t> findExcessiveNesting(llvm::StringRef text,
                                           unsigned maxDepth) {
  // Depth per kind: ( [ { <
  unsigned depth[4] = {0, 0, 0, 0};
  auto open = [&](int k) -> bool {
    ++depth[k];
    return depth[0] + depth[1] + depth[2] + depth[3] > maxDepth;
  };
  auto close = [&](int k) {
    if (depth[k])
      --depth[k];
  };
  size_t n = text.size();
  for (size_t i = 0; i < n; ++i) {
    char c = text[i];
    switch (c) {
    case '"': // string literal, with backslash escapes
      for (++i; i < n && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      break;
    case '/':
      if (i + 1 < n && text[i + 1] == '/')
        while (i < n && text[i] != '\n')
          ++i;
      break;
    case '(':
      if (open(0))
        return i;
      break;
    case '[':
      if (open(1))
        return i;
      break;
    case '{':
      if (open(2))
        return i;
      break;
    case '<':
      if (open(3))
        return i;
      break;
    case ')':
      close(0);
      break;
    case ']':
      close(1);
      break;
    case '}':
      close(2);
      break;
    case '>':
      if (i == 0 || text[i - 1] != '-')
        close(3);
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

static bool isIdentChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

/// Skips whitespace and `//` comments from `i`.
static size_t skipSpace(llvm::StringRef text, size_t i) {
  while (i < text.size()) {
    if (llvm::isSpace(text[i])) {
      ++i;
    } else if (text.substr(i).starts_with("//")) {
      while (i < text.size() && text[i] != '\n')
        ++i;
    } else {
      break;
    }
  }
  return i;
}

/// Whether an integer literal as DenseI64ArrayAttr takes it starts at `i`
/// (`-`? decimal within i64, `0x` hex of at most 16 digits, true, false);
/// advances `i` past it.
static bool parseI64Literal(llvm::StringRef text, size_t &i) {
  llvm::StringRef rest = text.substr(i);
  for (llvm::StringRef word : {"true", "false"})
    if (rest.starts_with(word) &&
        (rest.size() == word.size() || !isIdentChar(rest[word.size()]))) {
      i += word.size();
      return true;
    }
  bool negative = rest.consume_front("-");
  size_t sign = negative ? 1 : 0;
  if (rest.starts_with("0x") || rest.starts_with("0X")) {
    size_t n = 2;
    while (n < rest.size() && llvm::isHexDigit(rest[n]))
      ++n;
    if (n == 2 || n > 18 || (n < rest.size() && isIdentChar(rest[n])))
      return false;
    i += sign + n;
    return true;
  }
  size_t n = 0;
  while (n < rest.size() && llvm::isDigit(rest[n]))
    ++n;
  if (n == 0 || (n < rest.size() && isIdentChar(rest[n])))
    return false;
  llvm::StringRef digits = rest.take_front(n).ltrim('0');
  llvm::StringRef limit = negative ? "9223372036854775808"
                                   : "9223372036854775807";
  if (digits.size() > limit.size() ||
      (digits.size() == limit.size() && digits > limit))
    return false;
  i += sign + n;
  return true;
}

std::optional<size_t> findUnparsableLinalgDims(llvm::StringRef text) {
  size_t n = text.size();
  char lastSignificant = 0; // the last non-space char outside comments
  for (size_t i = 0; i < n; ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < n && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      lastSignificant = '"';
      continue;
    }
    if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      continue;
    }
    if (llvm::isSpace(c))
      continue;
    if (!isIdentChar(c) || (i > 0 && isIdentChar(text[i - 1]))) {
      lastSignificant = c;
      continue;
    }
    // An identifier starts here.
    size_t end = i;
    while (end < n && isIdentChar(text[end]))
      ++end;
    llvm::StringRef word = text.slice(i, end);
    bool after = lastSignificant == ')';
    lastSignificant = text[end - 1];
    if (!after || (word != "dimensions" && word != "permutation")) {
      i = end - 1;
      continue;
    }
    size_t j = skipSpace(text, end);
    if (j >= n || text[j] != '=') {
      i = end - 1; // the parser reports a missing '=' itself
      continue;
    }
    size_t listStart = skipSpace(text, j + 1);
    size_t k = listStart;
    bool ok = k < n && text[k] == '[';
    if (ok) {
      k = skipSpace(text, k + 1);
      if (k < n && text[k] != ']') {
        while (true) {
          if (!parseI64Literal(text, k)) {
            ok = false;
            break;
          }
          k = skipSpace(text, k);
          if (k < n && text[k] == ',') {
            k = skipSpace(text, k + 1);
            continue;
          }
          break;
        }
      }
      ok = ok && k < n && text[k] == ']';
    }
    if (!ok)
      return listStart < n ? listStart : n;
    i = k;
    lastSignificant = ']';
  }
  return std::nullopt;
}

std::optional<SourceProblem> checkSourceText(llvm::StringRef text) {
  if (std::optional<size_t> at = findExcessiveNesting(text))
    return SourceProblem{*at, "nesting deeper than " +
                                  std::to_string(kMaxSourceNesting) +
                                  " levels of brackets; refused before "
                                  "parsing"};
  if (std::optional<size_t> at = findUnparsableLinalgDims(text))
    return SourceProblem{
        *at, "expected a list of integers '[i, j, ...]' (refused before "
             "parsing: MLIR's parser crashes on a malformed list here)"};
  return std::nullopt;
}

} // namespace ref
