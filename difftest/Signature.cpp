//===- Signature.cpp - One signature per bug ------------------------------===//
//
// Hand-written scanners over the texts iree-compile prints and over MLIR
// programs in IREE's textual syntax (Signature.h says what each part is).
//
//===----------------------------------------------------------------------===//

#include "difftest/Signature.h"

#include "gpu/Outcome.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <set>

namespace ref::difftest {

using llvm::StringRef;

namespace {

bool isIdent(char c) { return llvm::isAlnum(c) || c == '_'; }

/// An op name at the start of `s`: "dialect.op" (letters, digits, '_',
/// '.'), optionally in quotes (the generic form). "" if there is none.
std::string opNameAt(StringRef s) {
  bool quoted = s.consume_front("\"");
  size_t n = 0;
  while (n < s.size() && (isIdent(s[n]) || s[n] == '.'))
    ++n;
  StringRef name = s.take_front(n);
  if (name.empty() || !llvm::isAlpha(name.front()) || !name.contains('.') ||
      name.ends_with("."))
    return "";
  if (quoted && (n >= s.size() || s[n] != '"'))
    return "";
  return name.str();
}

/// The op a statement line defines: after optional results ("%0 = ",
/// "%a, %b = ", "%r:2 = "). "" for lines that are not op statements.
std::string statementOp(StringRef line) {
  StringRef s = line.trim();
  if (s.starts_with("%")) {
    size_t eq = s.find(" = ");
    if (eq == StringRef::npos)
      return "";
    s = s.drop_front(eq + 3).ltrim();
  }
  if (s == "return" || s.starts_with("return ") ||
      s.starts_with("return\t"))
    return "func.return";
  return opNameAt(s);
}

/// Ops that carry no bug of their own: constants, empty tensors, casts,
/// returns and region terminators.
bool isPlumbing(StringRef op) {
  static const char *const kPlumbing[] = {
      "arith.constant",   "tensor.empty",          "tensor.cast",
      "tensor.dim",       "func.return",           "util.return",
      "linalg.yield",     "iree_linalg_ext.yield", "scf.yield",
      "tensor.yield",     "func.func",             "util.func",
      "builtin.module",   "scf.condition",         "linalg.index",
      "iree_linalg_ext.index"};
  return llvm::is_contained(kPlumbing, op);
}

/// Ops that count even inside another op's region (a loop's body); the
/// scalar ops of a linalg body do not.
bool countsNested(StringRef op) {
  return op.starts_with("linalg.") || op.starts_with("iree_linalg_ext.") ||
         op.starts_with("tensor.") || op.starts_with("scf.") ||
         op.starts_with("flow.");
}

/// Net braces of a line outside string literals.
int braceDelta(StringRef line) {
  int d = 0;
  bool inString = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '/' && i + 1 < line.size() && line[i + 1] == '/')
      break;
    else if (c == '{')
      ++d;
    else if (c == '}')
      --d;
  }
  return d;
}

/// Whether the word at [b, e) of `s` is an element type.
bool isElementType(StringRef w) {
  auto widthIs = [](StringRef digits, std::initializer_list<int> ok) {
    int v = 0;
    if (digits.empty() || digits.getAsInteger(10, v))
      return false;
    return llvm::is_contained(ok, v);
  };
  if (w == "bf16" || w == "tf32" || w == "index")
    return w != "index"; // index is a kind of value, not a precision
  for (StringRef p : {"si", "ui", "i"})
    if (w.starts_with(p) && widthIs(w.drop_front(p.size()),
                                    {1, 2, 4, 8, 16, 32, 64, 128}))
      return true;
  if (w.starts_with("f") && widthIs(w.drop_front(), {16, 32, 64, 80, 128}))
    return true;
  // f8E4M3FN, f8E5M2FNUZ, f6E2M3FN, f4E2M1FN, f8E8M0FNU.
  if (w.size() > 3 && w[0] == 'f' && llvm::isDigit(w[1]) && w[2] == 'E')
    return true;
  return false;
}

/// The op whose region holds line `at` (0-based) directly, if it is a
/// structured op (linalg.*, iree_linalg_ext.*); "" otherwise.
std::string enclosingStructuredOp(llvm::ArrayRef<StringRef> lines,
                                  size_t at) {
  std::vector<std::string> open; // the op that opened each brace level
  for (size_t i = 0; i < at && i < lines.size(); ++i) {
    StringRef l = lines[i].trim();
    if (l.starts_with("//"))
      continue;
    int d = braceDelta(l);
    for (; d > 0; --d)
      open.push_back(statementOp(l));
    for (; d < 0 && !open.empty(); ++d)
      open.pop_back();
  }
  for (auto it = open.rbegin(); it != open.rend(); ++it) {
    if (it->empty())
      continue; // an attribute dictionary or a block opened on its own line
    StringRef op = *it;
    if (op.starts_with("linalg.") || op.starts_with("iree_linalg_ext."))
      return op.str();
    return "";
  }
  return "";
}

} // namespace

std::string backendFamily(StringRef target) {
  StringRef t = target.split('+').first.split(':').first.trim();
  if (t == "llvm-cpu")
    return "cpu";
  if (t == "cuda" || t == "hip" || t == "rocm")
    return "gpu";
  if (t == "vulkan" || t == "vulkan-spirv" || t == "metal" || t == "webgpu")
    return "spirv";
  return t.str();
}

std::string failingPass(StringRef log) {
  constexpr StringRef kHead = "IR Dump After ";
  for (size_t at = log.find(kHead); at != StringRef::npos;
       at = log.find(kHead, at + 1)) {
    StringRef line = log.drop_front(at).take_until(
        [](char c) { return c == '\n'; });
    size_t failed = line.find(" Failed: ");
    if (failed == StringRef::npos)
      continue;
    StringRef arg = line.drop_front(failed + 9).ltrim();
    arg = arg.take_until([](char c) {
      return c == '{' || c == ' ' || c == '\t' || c == '/';
    });
    if (!arg.empty())
      return arg.str();
  }
  return "";
}

std::string rootOpAtError(StringRef log, StringRef program,
                          StringRef programName) {
  if (program.empty())
    return "";
  llvm::SmallVector<StringRef> lines, progLines;
  log.split(lines, '\n');
  program.split(progLines, '\n');
  StringRef base = llvm::sys::path::filename(programName);
  for (StringRef l : lines) {
    size_t err = l.find(": error:");
    if (err == StringRef::npos)
      continue;
    // "<path>:L:C: error: ..." with <path> ending in the program's name.
    StringRef loc = l.take_front(err);
    auto [rest, colText] = loc.rsplit(':');
    auto [file, lineText] = rest.rsplit(':');
    unsigned line = 0, col = 0;
    if (lineText.getAsInteger(10, line) || colText.getAsInteger(10, col) ||
        llvm::sys::path::filename(file) != base)
      continue;
    if (line == 0 || line > progLines.size())
      return "";
    StringRef text = progLines[line - 1];
    StringRef from = col >= 1 && col <= text.size() ? text.drop_front(col - 1)
                                                    : text;
    std::string op = statementOp(from);
    if (op.empty())
      op = statementOp(text);
    if (op == "func.func" || op == "util.func" || op == "func.return")
      return "";
    // A scalar op in a structured op's body (the combiner IREE's
    // vectorizer names when it fails) stands for that op: the dispatch's
    // root is the linalg op, whichever arith op its body happens to use.
    if (!countsNested(op))
      if (std::string outer = enclosingStructuredOp(progLines, line - 1);
          !outer.empty())
        return outer;
    return op;
  }
  return "";
}

std::string dispatchRoot(StringRef log) {
  constexpr StringRef kKey = "_dispatch_";
  for (size_t at = log.find(kKey); at != StringRef::npos;
       at = log.find(kKey, at + 1)) {
    StringRef s = log.drop_front(at + kKey.size());
    size_t digits = 0;
    while (digits < s.size() && llvm::isDigit(s[digits]))
      ++digits;
    if (digits == 0 || digits >= s.size() || s[digits] != '_')
      continue;
    s = s.drop_front(digits + 1);
    StringRef word = s.take_while([](char c) { return llvm::isLower(c); });
    if (!word.empty())
      return word.str();
  }
  return "";
}

std::vector<std::string> programOps(StringRef program) {
  std::set<std::string> ops;
  llvm::SmallVector<StringRef> lines;
  program.split(lines, '\n');
  int depth = 0;
  std::vector<int> funcDepths; // body depth of each open function
  for (StringRef l : lines) {
    StringRef s = l.trim();
    if (s.starts_with("//")) {
      continue;
    }
    std::string op = statementOp(s);
    while (!funcDepths.empty() && depth < funcDepths.back())
      funcDepths.pop_back();
    bool inFunc = !funcDepths.empty();
    if (!op.empty() && !isPlumbing(op) && inFunc &&
        (depth == funcDepths.back() || countsNested(op)))
      ops.insert(op);
    int delta = braceDelta(s);
    if ((op == "func.func" || op == "util.func" ||
         s.starts_with("func.func") || s.starts_with("util.func")) &&
        delta > 0)
      funcDepths.push_back(depth + 1);
    depth += delta;
  }
  return {ops.begin(), ops.end()};
}

std::string bugMessage(StringRef message) {
  std::string norm = gpu::normalizeMessage(message);
  StringRef lower = norm;
  if (lower.contains("out of memory") || lower.contains("bad_alloc"))
    return "out of memory";
  // LLVMCPUCheckIRBeforeLLVMConversion reports one fact three ways, by what
  // its bound analysis of the allocation's size found: no bound, a bound
  // over the limit, a bound that overflows. The bug is the op that sized a
  // stack buffer by its extent (iree#24735 shows all three for one sort).
  if (lower.contains("expected no unbounded stack allocations") ||
      lower.contains("exceeded stack allocation limit") ||
      lower.contains("stack allocation size overflows"))
    return "stack allocation too large (unbounded, over the limit or "
           "overflowing)";
  std::string out;
  out.reserve(norm.size());
  size_t i = 0, n = norm.size();
  while (i < n) {
    char c = norm[i];
    if (llvm::isAlpha(c) && (i == 0 || !isIdent(norm[i - 1]) ||
                             // "...xf16", "NxNxi8": an extent's 'x'.
                             (norm[i - 1] == 'x' && i >= 2 &&
                              (norm[i - 2] == '.' || norm[i - 2] == 'N' ||
                               norm[i - 2] == '?' || norm[i - 2] == ']')))) {
      size_t j = i;
      while (j < n && isIdent(norm[j]))
        ++j;
      StringRef w = StringRef(norm).slice(i, j);
      // "...xf16": a shape's last 'x' glued to the element type.
      if (w.size() > 1 && w.front() == 'x' && i > 0 &&
          StringRef(".N?]").contains(norm[i - 1]) &&
          isElementType(w.drop_front())) {
        out += "xT";
        i = j;
        continue;
      }
      if (isElementType(w)) {
        out += 'T';
        i = j;
        continue;
      }
      out += w.str();
      i = j;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

static std::string bugSignatureWithoutFlags(const FailureEvidence &e);

std::string bugSignature(const FailureEvidence &e) {
  return withNeededFlags(bugSignatureWithoutFlags(e), e.needsFlags);
}

std::string withNeededFlags(std::string signature,
                            llvm::ArrayRef<std::string> needs) {
  if (!needs.empty())
    signature += "|needs " + llvm::join(needs, " ");
  return signature;
}

std::vector<std::string> neededFlags(const llvm::json::Object &verdict) {
  std::vector<std::string> out;
  if (const llvm::json::Array *a = verdict.getArray("needs_flags"))
    for (const llvm::json::Value &f : *a)
      if (auto s = f.getAsString())
        out.push_back(s->str());
  return out;
}

static std::string bugSignatureWithoutFlags(const FailureEvidence &e) {
  StringRef v = e.verdict;
  auto opSet = [&] {
    std::vector<std::string> ops = programOps(e.program);
    return ops.empty() ? std::string("?") : llvm::join(ops, " ");
  };
  // Where an out-of-memory compile's allocation fails varies: one message.
  std::string msg =
      v == "compiler-oom" ? std::string("out of memory") : bugMessage(e.message);
  if (msg.empty())
    msg = "no message";
  if (v == "compile-error" || v == "compiler-crash" || v == "compiler-oom") {
    std::string pass = failingPass(e.compileLog);
    std::string where = !pass.empty()       ? pass
                        : v != "compile-error" ? std::string("-")
                                               : backendFamily(e.target);
    std::string root = rootOpAtError(e.compileLog, e.program, e.programName);
    if (root.empty())
      root = dispatchRoot(e.compileLog);
    if (root.empty())
      root = opSet();
    return (v + "|" + where + "|" + root + "|" + msg).str();
  }
  if (v == "compile-timeout")
    return "compile-timeout|-|" + opSet();
  if (v == "mismatch")
    return "mismatch|" + backendFamily(e.target) + "|" + opSet();
  if (v == "runtime-error" || v == "runtime-crash" || v == "runtime-timeout")
    return (v + "|" + backendFamily(e.target) + "|" + opSet() + "|" + msg)
        .str();
  return (v + "|-|" + msg).str();
}

SignatureParts splitSignature(StringRef sig) {
  SignatureParts p;
  auto [v, r1] = sig.split('|');
  auto [w, r2] = r1.split('|');
  p.verdict = v.str();
  p.where = w.str();
  if (v == "compile-timeout" || v == "mismatch" || v == "compile-error" ||
      v == "compiler-crash" || v == "compiler-oom" ||
      v.starts_with("runtime-")) {
    auto [o, m] = r2.split('|');
    p.ops = o.str();
    p.message = m.str();
  } else {
    p.message = r2.str();
  }
  return p;
}

bool opsSubsume(StringRef bugOps, StringRef progOps) {
  llvm::SmallVector<StringRef> want, have;
  bugOps.split(want, ' ', -1, false);
  progOps.split(have, ' ', -1, false);
  if (want.empty() || llvm::is_contained(want, "?"))
    return false;
  return llvm::all_of(want,
                      [&](StringRef o) { return llvm::is_contained(have, o); });
}

std::string subsumingSignature(StringRef sig,
                               llvm::ArrayRef<std::string> witnesses) {
  SignatureParts u = splitSignature(sig);
  std::string best;
  size_t bestOps = 0;
  for (const std::string &w : witnesses) {
    if (w == sig)
      continue;
    SignatureParts r = splitSignature(w);
    if (r.verdict != u.verdict || r.where != u.where ||
        r.message != u.message || !opsSubsume(r.ops, u.ops))
      continue;
    // The smallest witness names the bug most precisely.
    size_t n = StringRef(r.ops).count(' ') + 1;
    if (best.empty() || n < bestOps)
      best = w, bestOps = n;
  }
  return best;
}

std::vector<std::string> dispatchOps(StringRef program) {
  std::vector<std::string> ops = programOps(program);
  auto generic = llvm::find(ops, "linalg.generic");
  if (generic == ops.end())
    return ops;
  ops.erase(generic);
  // Each linalg.generic's iterator_types (its attribute dictionary follows
  // the op name, on one line or several, before its body).
  std::set<std::string> kinds;
  size_t at = 0;
  while ((at = program.find("linalg.generic", at)) != StringRef::npos) {
    at += StringRef("linalg.generic").size();
    if (at < program.size() && isIdent(program[at]))
      continue; // linalg.generic_xyz
    size_t next = program.find("linalg.generic", at);
    StringRef attrs = program.slice(at, next);
    size_t it = attrs.find("iterator_types");
    if (it == StringRef::npos)
      continue;
    StringRef list = attrs.drop_front(it).split(']').first;
    kinds.insert(list.contains("reduction") ? "linalg.generic{reduction}"
                                            : "linalg.generic{parallel}");
  }
  if (kinds.empty())
    kinds.insert("linalg.generic"); // no iterator types found: untagged
  ops.insert(ops.end(), kinds.begin(), kinds.end());
  llvm::sort(ops);
  return ops;
}

std::string localizedSignature(StringRef target, StringRef dispatchProgram) {
  std::vector<std::string> ops = dispatchOps(dispatchProgram);
  return "mismatch|" + backendFamily(target) + "|" +
         (ops.empty() ? std::string("?") : llvm::join(ops, " "));
}

LocalizeOutcome parseLocalizeReport(StringRef text) {
  LocalizeOutcome o;
  auto v = llvm::json::parse(text);
  if (!v) {
    o.summary = "unreadable localize.json: " + llvm::toString(v.takeError());
    return o;
  }
  const llvm::json::Object *r = v->getAsObject();
  if (!r || !r->getString("summary")) {
    o.summary = "localize.json without a summary";
    return o;
  }
  o.summary = r->getString("summary")->str();
  o.guilty = static_cast<int>(r->getInteger("guilty").value_or(-1));
  o.bundle = r->getString("bundle").value_or("").str();
  o.standalone = r->getString("standalone").value_or("").str();
  if (o.guilty >= 0) {
    o.kind = LocalizeOutcome::Guilty;
    if (const llvm::json::Array *ds = r->getArray("dispatches"))
      for (const llvm::json::Value &d : *ds)
        if (const llvm::json::Object *row = d.getAsObject())
          if (row->getInteger("ordinal") == o.guilty) {
            o.name = row->getString("name").value_or("").str();
            o.root = row->getString("root").value_or("").str();
          }
  } else if (r->getBoolean("output_wrong").value_or(false)) {
    o.kind = LocalizeOutcome::Unexplained;
  } else {
    o.kind = LocalizeOutcome::NoneWrong;
  }
  return o;
}

} // namespace ref::difftest
