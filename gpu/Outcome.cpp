//===- Outcome.cpp - Verdicts and failure signatures ----------------------===//
//
// The classification follows the table in Outcome.h. The message extraction
// and normalization are small hand-written scanners (no regular
// expressions), written for the shapes of text LLVM, MLIR and the IREE
// runtime print.
//
//===----------------------------------------------------------------------===//

#include "gpu/Outcome.h"

#include "llvm/Support/Regex.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <csignal>

namespace ref::gpu {

namespace {

struct VerdictEntry {
  Verdict verdict;
  const char *name;
};

constexpr VerdictEntry kVerdicts[] = {
    {Verdict::Pass, "pass"},
    {Verdict::Mismatch, "mismatch"},
    {Verdict::Undecided, "undecided"},
    {Verdict::CompileError, "compile-error"},
    {Verdict::CompilerCrash, "compiler-crash"},
    {Verdict::CompilerOom, "compiler-oom"},
    {Verdict::CompileTimeout, "compile-timeout"},
    {Verdict::RuntimeError, "runtime-error"},
    {Verdict::RuntimeCrash, "runtime-crash"},
    {Verdict::RuntimeTimeout, "runtime-timeout"},
    {Verdict::CompiledOnly, "compiled-only"},
    {Verdict::ToolError, "tool-error"},
    {Verdict::UnsupportedInput, "unsupported-input"},
    {Verdict::ExecutorLimit, "executor-limit"},
};

bool isTimeout(Verdict v) {
  return v == Verdict::CompileTimeout || v == Verdict::RuntimeTimeout;
}

/// What a tool that ran out of memory prints: LLVM's allocation failure
/// handler, an uncaught std::bad_alloc, the dynamic loader unable to map
/// the compiler's library under RLIMIT_AS, a failed mmap, a thread whose
/// stack cannot be mapped, Python's MemoryError (the frontends).
constexpr const char *kOutOfMemoryMarkers[] = {
    "LLVM ERROR: out of memory",
    "std::bad_alloc",
    "failed to map segment from shared object",
    "Cannot allocate memory",
    "pthread_create failed: Resource temporarily unavailable",
    "MemoryError",
};

/// Signals whose death means "stopped from outside", not a bug of the tool.
bool isExternalStop(int sig) {
  return sig == SIGTERM || sig == SIGINT || sig == SIGHUP || sig == SIGPIPE;
}

/// Signals a crashing program dies of (for the shell's 128+N exit codes).
bool isCrashSignal(int sig) {
  return sig == SIGILL || sig == SIGTRAP || sig == SIGABRT || sig == SIGBUS ||
         sig == SIGFPE || sig == SIGSEGV || sig == SIGSYS;
}

/// The line of a tool's stderr that says the disk is full, if any.
std::optional<llvm::StringRef> diskFullLine(llvm::StringRef stderrText) {
  for (llvm::StringRef marker : {"No space left on device",
                                 "Disk quota exceeded"}) {
    size_t at = stderrText.find(marker);
    if (at == llvm::StringRef::npos)
      continue;
    size_t begin = stderrText.rfind('\n', at);
    begin = begin == llvm::StringRef::npos ? 0 : begin + 1;
    size_t end = stderrText.find('\n', at);
    return stderrText.slice(begin, end).trim();
  }
  return std::nullopt;
}

Verdict classifyProcess(const ProcessResult &r, Verdict timeout, Verdict crash,
                        Verdict error, Verdict oom) {
  // Could not start, stopped from outside or cancelled, or the disk is full.
  if (environmentFailure(r))
    return Verdict::ToolError;
  if (exceededFileSize(r))
    return crash;
  // Runs have no verdict of their own for memory (their stderr's ENOMEM
  // is an IREE status like any other).
  if (oom != crash && outOfMemory(r))
    return oom;
  switch (r.kind) {
  case ProcessResult::Kind::FailedToStart:
  case ProcessResult::Kind::Cancelled:
    return Verdict::ToolError;
  case ProcessResult::Kind::MemoryExceeded:
    return oom;
  case ProcessResult::Kind::TimedOut:
    return timeout;
  case ProcessResult::Kind::Signaled:
    if (r.signal == SIGXCPU)
      return timeout;
    return crash;
  case ProcessResult::Kind::Exited:
    if (r.exitCode == 0)
      return Verdict::Pass;
    if (stderrShowsCrash(r.stderrText))
      return crash;
    if (r.exitCode > 128 && isCrashSignal(r.exitCode - 128))
      return crash;
    return error;
  }
  return Verdict::ToolError;
}

llvm::SmallVector<llvm::StringRef, 32> splitLines(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 32> lines;
  text.split(lines, '\n');
  for (llvm::StringRef &l : lines)
    l = l.rtrim(" \t\r\v\f");
  return lines;
}

/// The assertion text of a glibc assert() line: "Assertion `expr' failed".
std::optional<llvm::StringRef> assertionText(llvm::StringRef line) {
  size_t begin = line.find("Assertion `");
  if (begin == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = line.drop_front(begin);
  size_t end = rest.rfind("' failed");
  if (end == llvm::StringRef::npos)
    return rest;
  return rest.take_front(end + strlen("' failed"));
}

/// " #12 0x00007f0123456789 symbol ..." -> "symbol ..." (after the address).
std::optional<llvm::StringRef> stackFrameBody(llvm::StringRef line) {
  llvm::StringRef s = line.ltrim();
  if (!s.consume_front("#"))
    return std::nullopt;
  size_t digits = 0;
  while (digits < s.size() && llvm::isDigit(s[digits]))
    ++digits;
  if (digits == 0)
    return std::nullopt;
  s = s.drop_front(digits).ltrim();
  if (!s.consume_front("0x"))
    return std::nullopt;
  while (!s.empty() && llvm::isHexDigit(s.front()))
    s = s.drop_front();
  return s.trim();
}

bool isBoilerplate(llvm::StringRef line) {
  llvm::StringRef s = line.trim();
  if (s.starts_with("PLEASE submit a bug report") ||
      s.starts_with("Stack dump") || s.contains("Program arguments:") ||
      s.starts_with("Stack dump without symbol names") ||
      s.starts_with("Crash reproducer") || stackFrameBody(s))
    return true;
  // PrettyStackTrace entries: "0.\tProgram arguments: ...", "1.\tRunning
  // pass ...".
  size_t digits = 0;
  while (digits < s.size() && llvm::isDigit(s[digits]))
    ++digits;
  return digits > 0 && s.drop_front(digits).starts_with(".\t");
}

/// The function of a stack frame body, or nothing for frames that say
/// nothing about the bug (no symbol; signal, abort and assert machinery).
std::optional<std::string> frameFunction(llvm::StringRef body) {
  if (body.empty() || body.front() == '(')
    return std::nullopt; // "(/usr/lib/libIREECompiler.so+0x5b7c0a0)"
  static const char *const kSkip[] = {
      "llvm::sys::",
      "SignalHandler",
      "(anonymous namespace)::SignalHandler",
      "CrashRecoverySignalHandler",
      "llvm::CrashRecoveryContext",
      "__restore_rt",
      "__pthread_kill",
      "pthread_kill",
      "raise",
      "gsignal",
      "abort",
      "__assert_fail",
      "__assert_perror_fail",
      "__libc_",
      "__GI_",
      "_start",
      "llvm::report_fatal_error",
      "llvm::report_bad_alloc_error",
      "llvm::llvm_unreachable_internal",
  };
  for (const char *skip : kSkip)
    if (body.starts_with(skip))
      return std::nullopt;
  // Drop the module ("(/path/lib.so+0x123)") or the source location
  // ("/path/file.cpp:12:3", "Signals.cpp:0:0") after the function.
  if (body.ends_with(")")) {
    size_t open = body.rfind(" (");
    if (open != llvm::StringRef::npos && body.substr(open).contains("+0x"))
      body = body.take_front(open);
  }
  size_t lastSpace = body.rfind(' ');
  if (lastSpace != llvm::StringRef::npos) {
    llvm::StringRef last = body.substr(lastSpace + 1);
    if (last.contains(':') && (last.contains('/') || last.contains('.')) &&
        llvm::isDigit(last.back()))
      body = body.take_front(lastSpace);
  }
  body = body.trim();
  if (body.empty())
    return std::nullopt;
  return body.str();
}

constexpr const char *kIreeStatusCodes[] = {
    "CANCELLED",
    "UNKNOWN",
    "INVALID_ARGUMENT",
    "DEADLINE_EXCEEDED",
    "NOT_FOUND",
    "ALREADY_EXISTS",
    "PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED",
    "FAILED_PRECONDITION",
    "ABORTED",
    "OUT_OF_RANGE",
    "UNIMPLEMENTED",
    "INTERNAL",
    "UNAVAILABLE",
    "DATA_LOSS",
    "UNAUTHENTICATED",
    "DEFERRED",
    "INCOMPATIBLE",
};

/// "iree/vm/invocation.c:123: INTERNAL; message" -> "INTERNAL; message".
std::optional<llvm::StringRef> ireeStatus(llvm::StringRef line) {
  for (const char *code : kIreeStatusCodes) {
    std::string withSemi = std::string(code) + ";";
    if (line.ltrim().starts_with(withSemi))
      return line.ltrim();
    size_t pos = line.find(": " + withSemi);
    if (pos != llvm::StringRef::npos)
      return line.drop_front(pos + 2);
  }
  return std::nullopt;
}

/// firstErrorLine without its last resort: "" when only boilerplate (or
/// nothing) is there.
std::string bestMessage(llvm::StringRef stderrText) {
  llvm::SmallVector<llvm::StringRef, 32> lines = splitLines(stderrText);

  for (llvm::StringRef l : lines)
    if (std::optional<llvm::StringRef> a = assertionText(l))
      return a->str();

  for (llvm::StringRef l : lines) {
    size_t pos = l.find("LLVM ERROR:");
    if (pos != llvm::StringRef::npos)
      return l.drop_front(pos).str();
  }

  for (size_t i = 0; i < lines.size(); ++i) {
    size_t pos = lines[i].find("UNREACHABLE executed");
    if (pos == llvm::StringRef::npos)
      continue;
    // llvm_unreachable prints its message on the line before.
    if (i > 0) {
      llvm::StringRef msg = lines[i - 1].trim();
      if (!msg.empty() && !isBoilerplate(msg))
        return "UNREACHABLE executed: " + msg.str();
    }
    return lines[i].drop_front(pos).str();
  }

  for (llvm::StringRef l : lines) {
    size_t pos = l.find("Sanitizer: ");
    if (pos == llvm::StringRef::npos)
      continue;
    size_t nameBegin = pos;
    while (nameBegin > 0 && llvm::isAlpha(l[nameBegin - 1]))
      --nameBegin;
    llvm::StringRef name = l.slice(nameBegin, pos + strlen("Sanitizer"));
    llvm::StringRef kind =
        l.drop_front(pos + strlen("Sanitizer: ")).ltrim().split(' ').first;
    return (name + ": " + kind).str();
  }

  bool inStackDump = false;
  for (llvm::StringRef l : lines) {
    if (l.contains("Stack dump"))
      inStackDump = true;
    if (!inStackDump)
      continue;
    if (std::optional<llvm::StringRef> body = stackFrameBody(l))
      if (std::optional<std::string> fn = frameFunction(*body))
        return "crash in " + *fn;
  }

  for (llvm::StringRef l : lines) {
    size_t pos = l.find("error:");
    if (pos == llvm::StringRef::npos)
      continue;
    llvm::StringRef msg = l.drop_front(pos + strlen("error:")).trim();
    return msg.empty() ? l.trim().str() : msg.str();
  }

  for (llvm::StringRef l : lines)
    if (std::optional<llvm::StringRef> s = ireeStatus(l))
      return s->trim().str();

  for (llvm::StringRef l : lines)
    if (!l.trim().empty() && !isBoilerplate(l))
      return l.trim().str();
  return "";
}

//===----------------------------------------------------------------------===//
// normalizeMessage
//===----------------------------------------------------------------------===//

bool isIdentChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}
bool isSsaChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}
bool isPathChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '-' || c == '+' ||
         c == '~' || c == '/';
}
bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
         c == '\f';
}

/// Length of the `loc(...)` at the start of `s` (balanced parentheses,
/// quoted strings skipped), or 0.
size_t locLength(llvm::StringRef s) {
  if (!s.starts_with("loc("))
    return 0;
  int depth = 0;
  bool inString = false;
  for (size_t i = 3; i < s.size(); ++i) {
    char c = s[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return i + 1;
  }
  return s.size(); // Unbalanced: drop the rest.
}

/// Length of a file path at the start of `s` (with its :line:col), or 0.
/// Absolute paths, ./ ../ ~/ paths, relative paths with two or more slashes
/// or with a file extension ("foo/bar.cpp"), and "name.ext:12" for source
/// extensions. "and/or" or "N/A" are not paths.
size_t pathLength(llvm::StringRef s) {
  size_t n = 0;
  while (n < s.size() && isPathChar(s[n]))
    ++n;
  llvm::StringRef tok = s.take_front(n);
  // A sentence's final '.' is not part of the path.
  while (!tok.empty() && tok.back() == '.' && tok.size() > 1 &&
         tok[tok.size() - 2] != '.')
    tok = tok.drop_back();
  if (tok.empty() || !llvm::any_of(tok, llvm::isAlnum))
    return 0;
  auto lineCol = [&](size_t len) {
    while (len + 1 < s.size() && s[len] == ':' && llvm::isDigit(s[len + 1])) {
      ++len;
      while (len < s.size() && llvm::isDigit(s[len]))
        ++len;
    }
    return len;
  };
  if (tok.contains('/')) {
    llvm::StringRef last = tok.rsplit('/').second;
    size_t dot = last.rfind('.');
    bool hasExt = dot != llvm::StringRef::npos && dot + 1 < last.size() &&
                  llvm::isAlpha(last[dot + 1]);
    if (tok.starts_with("/") || tok.starts_with("./") ||
        tok.starts_with("../") || tok.starts_with("~/") ||
        tok.count('/') >= 2 || hasExt)
      return lineCol(tok.size());
    return 0;
  }
  // "prog.mlir:12:5", "Signals.cpp:0:0": a source file with a line.
  static const char *const kExts[] = {".mlir", ".c",  ".cc",  ".cpp",
                                      ".cxx",  ".h",  ".hpp", ".inc",
                                      ".td",   ".py", ".ll"};
  for (const char *ext : kExts)
    if (tok.ends_with(ext) && tok.size() > strlen(ext)) {
      size_t len = lineCol(tok.size());
      return len > tok.size() ? len : 0;
    }
  return 0;
}

/// Normalizes a number or a shape prefix at the start of `s` (which starts
/// with a digit or '?') into `out`; returns the length consumed.
size_t numberOrShape(llvm::StringRef s, std::string &out) {
  auto digitsAt = [&](size_t i) {
    size_t j = i;
    while (j < s.size() && llvm::isDigit(s[j]))
      ++j;
    return j - i;
  };
  if (s.front() == '?') {
    if (s.size() < 2 || s[1] != 'x') {
      out += '?';
      return 1;
    }
  } else {
    size_t d = digitsAt(0);
    size_t i = d;
    // A decimal number: 1.5, 2.0e-3, 1e10.
    bool isFloat = false;
    if (i + 1 < s.size() && s[i] == '.' && llvm::isDigit(s[i + 1])) {
      i += 1 + digitsAt(i + 1);
      isFloat = true;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      size_t j = i + 1;
      if (j < s.size() && (s[j] == '+' || s[j] == '-'))
        ++j;
      if (j < s.size() && llvm::isDigit(s[j])) {
        i = j + digitsAt(j);
        isFloat = true;
      }
    }
    if (isFloat) {
      out += 'N';
      return i;
    }
    // Digits glued to a word ("2D", "64bit") stay as they are.
    if (i < s.size() && isIdentChar(s[i]) && s[i] != 'x' && s[i] != '.') {
      size_t j = i;
      while (j < s.size() && isIdentChar(s[j]))
        ++j;
      out += s.take_front(j).str();
      return j;
    }
  }
  // A shape: (digits | '?') ('x' (digits | '?'))* with an optional trailing
  // 'x' before the element type ("16x32x?xf16" -> "NxNx?xf16").
  size_t i = 0;
  while (true) {
    if (i < s.size() && s[i] == '?') {
      out += '?';
      ++i;
    } else {
      size_t d = digitsAt(i);
      if (d == 0)
        break;
      out += 'N';
      i += d;
    }
    if (i + 1 < s.size() && s[i] == 'x' &&
        (llvm::isDigit(s[i + 1]) || s[i + 1] == '?')) {
      out += 'x';
      ++i;
      continue;
    }
    if (i < s.size() && s[i] == 'x') {
      out += 'x';
      ++i;
    }
    break;
  }
  return i;
}

} // namespace

llvm::StringRef verdictName(Verdict v) {
  for (const VerdictEntry &e : kVerdicts)
    if (e.verdict == v)
      return e.name;
  return "unknown";
}

std::optional<Verdict> parseVerdict(llvm::StringRef name) {
  for (const VerdictEntry &e : kVerdicts)
    if (name == e.name)
      return e.verdict;
  return std::nullopt;
}

llvm::StringRef stageName(Stage s) {
  switch (s) {
  case Stage::Compile:
    return "compile";
  case Stage::Run:
    return "run";
  case Stage::Compare:
    return "compare";
  }
  return "unknown";
}

Stage stageOf(Verdict v) {
  switch (v) {
  case Verdict::CompileError:
  case Verdict::CompilerCrash:
  case Verdict::CompilerOom:
  case Verdict::CompileTimeout:
  case Verdict::CompiledOnly:
  case Verdict::ToolError:
  case Verdict::UnsupportedInput:
    return Stage::Compile;
  case Verdict::RuntimeError:
  case Verdict::RuntimeCrash:
  case Verdict::RuntimeTimeout:
  case Verdict::ExecutorLimit:
    return Stage::Run;
  case Verdict::Pass:
  case Verdict::Mismatch:
  case Verdict::Undecided:
    return Stage::Compare;
  }
  return Stage::Compare;
}

bool isFailure(Verdict v) {
  return v != Verdict::Pass && v != Verdict::Undecided &&
         v != Verdict::CompiledOnly && v != Verdict::UnsupportedInput &&
         v != Verdict::ExecutorLimit;
}

Verdict classifyCompile(const ProcessResult &r) {
  return classifyProcess(r, Verdict::CompileTimeout, Verdict::CompilerCrash,
                         Verdict::CompileError, Verdict::CompilerOom);
}

// A run has no verdict of its own for memory: the runtime's budget is the
// device's, and an out-of-memory run is a crash (or an IREE status).
Verdict classifyRun(const ProcessResult &r) {
  return classifyProcess(r, Verdict::RuntimeTimeout, Verdict::RuntimeCrash,
                         Verdict::RuntimeError, Verdict::RuntimeCrash);
}

bool stderrShowsCrash(llvm::StringRef stderrText) {
  for (llvm::StringRef l : splitLines(stderrText)) {
    if (l.contains("Assertion `") && l.contains("' failed"))
      return true;
    if (l.contains("LLVM ERROR:") || l.contains("UNREACHABLE executed") ||
        l.contains("PLEASE submit a bug report") ||
        l.trim().starts_with("Stack dump") ||
        l.contains("ERROR: AddressSanitizer") ||
        l.contains("MemorySanitizer: "))
      return true;
  }
  return false;
}

std::string firstErrorLine(llvm::StringRef stderrText) {
  std::string best = bestMessage(stderrText);
  if (!best.empty())
    return best;
  for (llvm::StringRef l : splitLines(stderrText))
    if (!l.trim().empty())
      return l.trim().str();
  return "";
}

/// IREE names dispatches after the function, their number, the root op and
/// its shape ("f31_dispatch_0_scan_Dx6x3x2xf32..."): keep the root op only.
static std::string normalizeDispatchNames(llvm::StringRef line) {
  static const llvm::Regex dispatch(
      "[A-Za-z_][A-Za-z0-9_]*_dispatch_[0-9]+_([a-z]+)[A-Za-z0-9_]*");
  std::string text = line.str();
  std::string out;
  llvm::SmallVector<llvm::StringRef, 2> m;
  llvm::StringRef rest = text;
  while (dispatch.match(rest, &m)) {
    size_t at = m[0].data() - rest.data();
    out += rest.substr(0, at).str() + "<dispatch " + m[1].str() + ">";
    rest = rest.drop_front(at + m[0].size());
  }
  return out + rest.str();
}

std::string normalizeMessage(llvm::StringRef rawLine) {
  std::string dispatchFree = normalizeDispatchNames(rawLine);
  llvm::StringRef line = dispatchFree;
  std::string out;
  out.reserve(line.size());
  auto prevIsIdent = [&](size_t i) {
    return i > 0 && isIdentChar(line[i - 1]);
  };
  size_t i = 0, n = line.size();
  while (i < n) {
    char c = line[i];
    llvm::StringRef rest = line.drop_front(i);
    if (isSpace(c)) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
      ++i;
      continue;
    }
    if (c == 'l' && !prevIsIdent(i)) {
      if (size_t len = locLength(rest)) {
        while (!out.empty() && out.back() == ' ')
          out.pop_back();
        i += len;
        continue;
      }
    }
    if (c == '%' && i + 1 < n && isSsaChar(line[i + 1])) {
      size_t j = i + 1;
      while (j < n && isSsaChar(line[j]))
        ++j;
      if (j + 1 < n && line[j] == '#' && llvm::isDigit(line[j + 1])) {
        ++j;
        while (j < n && llvm::isDigit(line[j]))
          ++j;
      }
      out += '%';
      i = j;
      continue;
    }
    if (c == '^' && i + 1 < n && isSsaChar(line[i + 1])) {
      size_t j = i + 1;
      while (j < n && isSsaChar(line[j]))
        ++j;
      out += "^bb";
      i = j;
      continue;
    }
    if (c == '#' && i + 1 < n &&
        (llvm::isAlpha(line[i + 1]) || line[i + 1] == '_')) {
      // Attribute aliases are numbered per module: #map3 -> #map.
      size_t j = i + 1;
      while (j < n && isIdentChar(line[j]))
        ++j;
      llvm::StringRef alias = line.slice(i, j);
      out += alias.rtrim("0123456789").str();
      i = j;
      continue;
    }
    if (c == '0' && i + 1 < n && (line[i + 1] == 'x' || line[i + 1] == 'X') &&
        !prevIsIdent(i)) {
      size_t j = i + 2;
      while (j < n && llvm::isHexDigit(line[j]))
        ++j;
      if (j - (i + 2) >= 4 && (j == n || !isIdentChar(line[j]))) {
        out += "0x?";
        i = j;
        continue;
      }
    }
    if (isPathChar(c) && (i == 0 || !isPathChar(line[i - 1]))) {
      if (size_t len = pathLength(rest)) {
        out += "<path>";
        i += len;
        continue;
      }
    }
    if ((llvm::isDigit(c) || c == '?') && !prevIsIdent(i)) {
      i += numberOrShape(rest, out);
      continue;
    }
    // After a scalable dimension: "[4]x8xf32".
    if (c == 'x' && i > 0 && line[i - 1] == ']' && i + 1 < n &&
        (llvm::isDigit(line[i + 1]) || line[i + 1] == '?')) {
      out += 'x';
      ++i;
      i += numberOrShape(line.drop_front(i), out);
      continue;
    }
    if (llvm::isAlpha(c) || c == '_' || c == '$') {
      size_t j = i;
      while (j < n && isIdentChar(line[j]))
        ++j;
      llvm::StringRef word = line.slice(i, j);
      out += word.str();
      i = j;
      // A shaped type's extents say nothing about which bug it is (the
      // same size mismatch shows up with every rank): "tensor<...xf16>"
      // keeps only the element type, which often does.
      if ((word == "tensor" || word == "memref" || word == "vector") &&
          i < n && line[i] == '<') {
        size_t k = i, depth = 0;
        for (; k < n; ++k) {
          if (line[k] == '<')
            ++depth;
          else if (line[k] == '>' && --depth == 0)
            break;
        }
        if (k < n) {
          // The element type: after the last 'x' at depth 1 (or the whole
          // body when there is none, as in "tensor<f32>").
          llvm::StringRef body = line.slice(i + 1, k);
          size_t cut = llvm::StringRef::npos, d = 0;
          for (size_t m = 0; m < body.size(); ++m) {
            if (body[m] == '<' || body[m] == '[')
              ++d;
            else if (body[m] == '>' || body[m] == ']')
              --d;
            else if (d == 0 && body[m] == ',')
              break; // a memref's layout or a tensor's encoding follows
            else if (d == 0 && body[m] == 'x' && m > 0 &&
                     (llvm::isDigit(body[m - 1]) || body[m - 1] == '?' ||
                      body[m - 1] == ']' ||
                      // An extent normalized before ("tensor<?xNxi32>").
                      (body[m - 1] == 'N' &&
                       (m == 1 || body[m - 2] == 'x'))) &&
                     m + 1 < body.size() && !llvm::isDigit(body[m + 1]) &&
                     body[m + 1] != '?' && body[m + 1] != '[')
              cut = m;
          }
          llvm::StringRef elem = cut == llvm::StringRef::npos
                                     ? body.take_until([](char ch) {
                                         return ch == ',';
                                       })
                                     : body.substr(cut + 1).take_until(
                                           [](char ch) { return ch == ','; });
          if (cut != llvm::StringRef::npos)
            out += "<...x" + elem.trim().str() + ">";
          else
            out += "<" + elem.trim().str() + ">";
          i = k + 1;
        }
      }
      continue;
    }
    out += c;
    ++i;
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  constexpr size_t kMaxLength = 200;
  if (out.size() > kMaxLength) {
    size_t cut = kMaxLength;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
      --cut; // Do not split a UTF-8 sequence.
    out.resize(cut);
    while (!out.empty() && out.back() == ' ')
      out.pop_back();
    out += "...";
  }
  return out;
}

std::optional<std::string> environmentFailure(const ProcessResult &r) {
  switch (r.kind) {
  case ProcessResult::Kind::FailedToStart:
    return r.summary();
  case ProcessResult::Kind::Signaled:
    if (isExternalStop(r.signal))
      return "stopped from outside: " + r.summary();
    return std::nullopt;
  case ProcessResult::Kind::Exited:
    if (r.exitCode != 0)
      if (std::optional<llvm::StringRef> line = diskFullLine(r.stderrText))
        return "disk full: " + line->str();
    return std::nullopt;
  case ProcessResult::Kind::Cancelled:
    return std::string("cancelled: its caller stopped the work (e.g. a "
                       "campaign at its --time)");
  case ProcessResult::Kind::TimedOut:
  case ProcessResult::Kind::MemoryExceeded:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> outOfMemory(const ProcessResult &r) {
  switch (r.kind) {
  case ProcessResult::Kind::MemoryExceeded:
    return r.summary();
  case ProcessResult::Kind::Signaled:
    // Not our timeout, not our memory limit, not a stop from outside: the
    // kernel's OOM killer.
    if (r.signal == SIGKILL)
      return std::string("killed by SIGKILL (out of memory?)");
    break;
  case ProcessResult::Kind::Exited:
    if (r.exitCode == 0)
      return std::nullopt;
    break;
  default:
    return std::nullopt;
  }
  for (llvm::StringRef l : splitLines(r.stderrText))
    for (const char *marker : kOutOfMemoryMarkers)
      if (l.contains(marker))
        return l.trim().str();
  return std::nullopt;
}

bool exceededFileSize(const ProcessResult &r) {
  if (r.kind == ProcessResult::Kind::Signaled)
    return r.signal == SIGXFSZ;
  return r.kind == ProcessResult::Kind::Exited && r.exitCode != 0 &&
         llvm::StringRef(r.stderrText).contains("File too large");
}

std::string failureMessage(Verdict v, const ProcessResult &r) {
  if (isTimeout(v) && r.kind == ProcessResult::Kind::TimedOut)
    return "timed out";
  if (isTimeout(v))
    return "timed out (" + r.summary() + ")";
  if (v == Verdict::ToolError)
    if (std::optional<std::string> why = environmentFailure(r))
      return *why;
  if (exceededFileSize(r))
    return "wrote a file past the file-size limit (" + r.summary() + ")";
  if (v == Verdict::CompilerOom)
    if (std::optional<std::string> oom = outOfMemory(r))
      return *oom;
  if (r.kind == ProcessResult::Kind::Signaled &&
      (r.signal == SIGKILL || isExternalStop(r.signal)))
    return r.signal == SIGKILL ? "killed by SIGKILL (out of memory?)"
                               : r.summary();
  std::string best = bestMessage(r.stderrText);
  if (!best.empty())
    return best;
  return r.summary();
}

static std::string joinSignature(Verdict v, llvm::StringRef target,
                                 llvm::StringRef message) {
  std::string t = target.trim().str();
  for (char &c : t)
    if (c == '|' || isSpace(c))
      c = '_';
  std::string m = normalizeMessage(message);
  if (m.empty())
    m = "no message";
  return verdictName(v).str() + "|" + t + "|" + m;
}

std::string failureSignature(Verdict v, llvm::StringRef target,
                             llvm::StringRef stderrText) {
  return joinSignature(v, target,
                       isTimeout(v)                  ? std::string("timed out")
                       : v == Verdict::CompilerOom ? std::string("out of memory")
                                                     : firstErrorLine(stderrText));
}

std::string failureSignature(Verdict v, llvm::StringRef target,
                             const ProcessResult &r) {
  // Where an allocation happens to fail (LLVM's handler, a thread's stack,
  // our limit) varies between runs of one program: one message for all.
  if (v == Verdict::CompilerOom)
    return joinSignature(v, target, "out of memory");
  return joinSignature(v, target, failureMessage(v, r));
}

bool sameSignature(llvm::StringRef a, llvm::StringRef b, bool ignoreTarget) {
  auto [va, ra] = a.split('|');
  auto [ta, ma] = ra.split('|');
  auto [vb, rb] = b.split('|');
  auto [tb, mb] = rb.split('|');
  return va == vb && (ignoreTarget || ta == tb) &&
         normalizeMessage(ma) == normalizeMessage(mb);
}

} // namespace ref::gpu
