//===- FlagSpace.cpp - The compiler flags a campaign draws from -----------===//
//
// A small Starlark scanner: enough of the language (strings, identifiers,
// brackets, `=`, `%`, comments) to find each rule call's `compiler_flags`,
// `target_backend(s)` / `target_backends_and_drivers` and `name`, without
// evaluating anything.
//
//===----------------------------------------------------------------------===//

#include "difftest/FlagSpace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>

namespace ref::difftest {

using llvm::StringRef;

namespace {

struct Token {
  enum Kind { String, Ident, Punct } kind;
  std::string text; // a string's value (escapes resolved), else the text
};

std::vector<Token> tokenize(StringRef s) {
  std::vector<Token> toks;
  size_t i = 0, n = s.size();
  while (i < n) {
    char c = s[i];
    if (c == '#') {
      while (i < n && s[i] != '\n')
        ++i;
    } else if (c == '"' || c == '\'') {
      bool triple = s.substr(i, 3) == std::string(3, c);
      size_t q = triple ? 3 : 1;
      std::string v;
      i += q;
      while (i < n) {
        if (s[i] == '\\' && i + 1 < n) {
          char e = s[i + 1];
          v += e == 'n' ? '\n' : e == 't' ? '\t' : e;
          i += 2;
          continue;
        }
        if (s.substr(i, q) == std::string(q, c)) {
          i += q;
          break;
        }
        v += s[i++];
      }
      toks.push_back({Token::String, std::move(v)});
    } else if (llvm::isAlpha(c) || c == '_') {
      size_t b = i;
      while (i < n && (llvm::isAlnum(s[i]) || s[i] == '_'))
        ++i;
      toks.push_back({Token::Ident, s.substr(b, i - b).str()});
    } else if (llvm::isDigit(c)) {
      while (i < n && llvm::isAlnum(s[i]))
        ++i;
      toks.push_back({Token::Ident, "0"});
    } else if (llvm::isSpace(c)) {
      ++i;
    } else {
      // `==`, `!=`, `<=`, `>=` are one token, so that `=` alone marks a
      // keyword argument.
      if (i + 1 < n && s[i + 1] == '=' && StringRef("=!<>+").contains(c)) {
        toks.push_back({Token::Punct, s.substr(i, 2).str()});
        i += 2;
      } else {
        toks.push_back({Token::Punct, std::string(1, c)});
        ++i;
      }
    }
  }
  return toks;
}

bool isOpen(const Token &t) {
  return t.kind == Token::Punct &&
         (t.text == "(" || t.text == "[" || t.text == "{");
}
bool isClose(const Token &t) {
  return t.kind == Token::Punct &&
         (t.text == ")" || t.text == "]" || t.text == "}");
}
bool isPunct(const Token &t, StringRef p) {
  return t.kind == Token::Punct && t.text == p;
}

/// The end of the value that starts at `b`: the first `,` or closing
/// bracket at the value's own depth.
size_t valueEnd(const std::vector<Token> &toks, size_t b) {
  int depth = 0;
  for (size_t i = b; i < toks.size(); ++i) {
    if (isOpen(toks[i]))
      ++depth;
    else if (isClose(toks[i])) {
      if (depth == 0)
        return i;
      --depth;
    } else if (depth == 0 && isPunct(toks[i], ","))
      return i;
  }
  return toks.size();
}

/// `"a%sb" % X`: the spellings when X is made of string literals (a
/// conditional `("x" if c else "y")`, a tuple of one), else none.
std::vector<std::string> expandTemplate(const std::string &fmt,
                                        const std::vector<Token> &toks,
                                        size_t b, size_t e) {
  std::vector<std::string> alts;
  for (size_t i = b; i < e; ++i) {
    const Token &t = toks[i];
    if (t.kind == Token::String) {
      alts.push_back(t.text);
    } else if (t.kind == Token::Ident && t.text == "if") {
      // The condition is no spelling: skip to `else`.
      while (i < e && !(toks[i].kind == Token::Ident && toks[i].text == "else"))
        ++i;
    } else if (t.kind == Token::Ident) {
      return {}; // a name among the spellings: not literal
    }
  }
  size_t at = fmt.find("%s");
  if (at == std::string::npos || alts.empty() ||
      fmt.find('%', at + 2) != std::string::npos)
    return {};
  std::vector<std::string> out;
  for (const std::string &a : alts)
    out.push_back(fmt.substr(0, at) + a + fmt.substr(at + 2));
  return out;
}

/// The flags of a `compiler_flags` value in toks[b, e).
void collectFlags(const std::vector<Token> &toks, size_t b, size_t e,
                  std::vector<std::string> &flags, unsigned &templated) {
  for (size_t i = b; i < e; ++i) {
    const Token &t = toks[i];
    // `[...] if lhs == "f64" else []`: the condition's strings are no flags.
    if (t.kind == Token::Ident && t.text == "if") {
      while (i + 1 < e && !(toks[i + 1].kind == Token::Ident &&
                            toks[i + 1].text == "else"))
        ++i;
      continue;
    }
    if (t.kind != Token::String)
      continue;
    if (i + 1 < e && isPunct(toks[i + 1], "%")) {
      // The operand: a bracketed expression or one name.
      size_t ob = i + 2, oe = ob;
      if (ob < e && isOpen(toks[ob])) {
        int depth = 0;
        for (oe = ob; oe < e; ++oe) {
          if (isOpen(toks[oe]))
            ++depth;
          else if (isClose(toks[oe]) && --depth == 0)
            break;
        }
        std::vector<std::string> alts = expandTemplate(t.text, toks, ob + 1, oe);
        if (alts.empty())
          ++templated;
        for (std::string &a : alts)
          flags.push_back(std::move(a));
        i = oe;
      } else {
        ++templated;
        i = ob;
      }
      continue;
    }
    flags.push_back(t.text);
  }
}

/// One open bracket of the scan: a call's parenthesis collects what the
/// call says.
struct Frame {
  bool call = false;
  bool hasFlags = false;
  std::vector<std::string> flags, backends;
  std::string name;
};

} // namespace

BazelFlags parseBazelCompilerFlags(StringRef text) {
  BazelFlags result;
  std::vector<Token> toks = tokenize(text);
  std::vector<Frame> stack;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Token &t = toks[i];
    if (isOpen(t)) {
      Frame f;
      f.call = t.text == "(" && i > 0 && toks[i - 1].kind == Token::Ident;
      stack.push_back(std::move(f));
      continue;
    }
    if (isClose(t)) {
      if (stack.empty())
        continue;
      Frame f = std::move(stack.back());
      stack.pop_back();
      if (f.call && f.hasFlags)
        for (std::string &flag : f.flags)
          result.uses.push_back({std::move(flag), f.backends, f.name});
      continue;
    }
    // A keyword argument of the innermost call.
    if (t.kind != Token::Ident || stack.empty() || !stack.back().call ||
        i + 1 >= toks.size() || !isPunct(toks[i + 1], "="))
      continue;
    Frame &f = stack.back();
    size_t b = i + 2, e = valueEnd(toks, b);
    if (t.text == "compiler_flags") {
      f.hasFlags = true;
      collectFlags(toks, b, e, f.flags, result.templated);
    } else if (t.text == "target_backend" || t.text == "target_backends") {
      for (size_t k = b; k < e; ++k)
        if (toks[k].kind == Token::String)
          f.backends.push_back(toks[k].text);
    } else if (t.text == "target_backends_and_drivers") {
      // [("llvm-cpu", "local-task"), ...]: the first string of each tuple.
      for (size_t k = b; k + 1 < e; ++k)
        if (isPunct(toks[k], "(") && toks[k + 1].kind == Token::String)
          f.backends.push_back(toks[k + 1].text);
    } else if (t.text == "name" && b < e && toks[b].kind == Token::String) {
      f.name = toks[b].text;
    } else {
      continue;
    }
    i = e - 1; // the value is consumed (its brackets are balanced)
  }
  return result;
}

FlagSpace builtinFlagSpace() {
  // The campaign's list before flags came from IREE's suites; the order is
  // the draw's, so campaigns without --iree-src draw what they drew.
  static const struct {
    const char *flag, *targets, *why;
  } kBuiltin[] = {
      {"--iree-dispatch-creation-topk-split-reduction=2", "",
       "topk through the split-reduction path (two-stage topk, the source of "
       "multi-result bufferization failures)"},
      {"--iree-opt-data-tiling", "",
       "data-tiled encodings: matmuls through pack/mmt4d/unpack"},
      {"--iree-dispatch-creation-enable-aggressive-fusion", "",
       "larger dispatches: more producers and multi-use consumers fused"},
      {"--iree-dispatch-creation-enable-fuse-padding-into-linalg-consumer-"
       "ops",
       "", "tensor.pad fused into its consumer's dispatch"},
      {"--iree-opt-aggressively-propagate-transposes", "",
       "transposes propagated through other ops"},
      {"--iree-llvmcpu-enable-ukernels=all", "llvm-cpu",
       "CPU microkernels instead of generated code"},
      {"--iree-llvmcpu-disable-distribution", "llvm-cpu",
       "one workgroup: no tiling across workgroups"},
      {"--iree-rocm-enable-ukernels=all", "hip",
       "ROCm microkernels (argmax, topk) instead of generated code"},
      {"--iree-codegen-llvmgpu-use-vector-distribution", "cuda,hip",
       "the vector-distribution GPU pipeline"},
  };
  FlagSpace s;
  s.source = "built-in";
  for (const auto &b : kBuiltin) {
    FlagChoice c;
    c.flag = b.flag;
    llvm::SmallVector<StringRef> ts;
    StringRef(b.targets).split(ts, ',', -1, false);
    for (StringRef t : ts)
      c.targets.push_back(t.str());
    c.why = b.why;
    s.flags.push_back(std::move(c));
  }
  return s;
}

std::string targetForBackend(StringRef bazelBackend) {
  if (bazelBackend == "vulkan-spirv")
    return "vulkan";
  if (bazelBackend == "rocm")
    return "hip";
  return bazelBackend.str();
}

std::string exclusionReason(StringRef flag) {
  if (!flag.starts_with("--iree-"))
    return "not an iree-compile option";
  for (StringRef p :
       {"--iree-llvmcpu-target-", "--iree-vulkan-target", "--iree-hip-target",
        "--iree-rocm-target", "--iree-cuda-target", "--iree-hal-target-",
        "--iree-hal-local-target-", "--iree-metal-target",
        "--iree-webgpu-target"})
    if (flag.starts_with(p))
      return "selects the target, its CPU or triple (the campaign's target "
             "does)";
  if (flag.starts_with("--iree-llvmcpu-enable-scalable-vectorization"))
    return "scalable vectors need an SVE target (IREE's suites pair it with "
           "an aarch64 triple)";
  if (flag.starts_with("--iree-input-"))
    return "changes how the input is read (type demotion, input dialect): "
           "the goldens would no longer be the program's";
  if (flag.starts_with("--iree-opt-level"))
    return "the batch picks its opt level itself";
  if (flag.starts_with("--iree-preprocessing-"))
    return "a preprocessing pipeline (IREE's suites use it for Winograd "
           "convolutions, whose results differ by design)";
  return "";
}

/// The targets a flag's prefix ties it to (--iree-llvmcpu-*: llvm-cpu).
static std::optional<std::vector<std::string>>
targetsOfPrefix(StringRef flag) {
  static const struct {
    const char *prefix, *targets;
  } kPrefixes[] = {
      {"--iree-llvmcpu-", "llvm-cpu"},
      {"--iree-vmvx-", "vmvx"},
      {"--iree-cuda-", "cuda"},
      {"--iree-hip-", "hip"},
      {"--iree-rocm-", "hip"},
      {"--iree-llvmgpu-", "cuda,hip"},
      {"--iree-codegen-llvmgpu-", "cuda,hip"},
      {"--iree-vulkan-", "vulkan"},
      {"--iree-spirv-", "vulkan"},
  };
  for (const auto &p : kPrefixes)
    if (flag.starts_with(p.prefix)) {
      llvm::SmallVector<StringRef> ts;
      StringRef(p.targets).split(ts, ',');
      std::vector<std::string> out;
      for (StringRef t : ts)
        out.push_back(t.str());
      return out;
    }
  return std::nullopt;
}

llvm::Expected<FlagSpace> loadFlagSpace(StringRef ireeSrc) {
  namespace fs = llvm::sys::fs;
  llvm::SmallString<256> root(ireeSrc);
  llvm::sys::path::append(root, "tests", "e2e");
  if (!fs::is_directory(root))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   root + ": no such directory (--iree-src "
                                          "must be an IREE source checkout)");
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end;
       it.increment(ec))
    if (llvm::sys::path::filename(it->path()) == "BUILD.bazel")
      files.push_back(it->path());
  if (ec)
    return llvm::createStringError(ec, root + ": " + ec.message());
  llvm::sort(files);
  FlagSpace s;
  s.source = ireeSrc.str();
  struct Seen {
    std::set<std::string> targets;
    bool all = false;
    std::vector<std::string> where;
  };
  std::map<std::string, Seen> seen;
  std::map<std::string, std::string> excluded;
  for (const std::string &file : files) {
    auto buf = llvm::MemoryBuffer::getFile(file);
    if (!buf)
      return llvm::createStringError(buf.getError(),
                                     file + ": " + buf.getError().message());
    ++s.files;
    BazelFlags bf = parseBazelCompilerFlags((*buf)->getBuffer());
    s.templated += bf.templated;
    StringRef rel = StringRef(file).drop_front(root.size()).ltrim('/');
    std::string dir = llvm::sys::path::parent_path(rel).str();
    for (const BazelFlagUse &u : bf.uses) {
      ++s.occurrences;
      std::string why = exclusionReason(u.flag);
      if (!why.empty()) {
        excluded.emplace(u.flag, why);
        continue;
      }
      Seen &x = seen[u.flag];
      if (u.backends.empty())
        x.all = true;
      for (const std::string &b : u.backends)
        x.targets.insert(targetForBackend(b));
      std::string w = dir + (u.suite.empty() ? "" : ":" + u.suite);
      if (!llvm::is_contained(x.where, w))
        x.where.push_back(w);
    }
  }
  if (seen.empty() && excluded.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        root + ": no BUILD.bazel with compiler_flags under it");
  for (auto &[flag, x] : seen) {
    FlagChoice c;
    c.flag = flag;
    if (!x.all)
      c.targets.assign(x.targets.begin(), x.targets.end());
    // A flag whose prefix names a backend only acts there, whatever else
    // the suite compiles for.
    if (std::optional<std::vector<std::string>> own = targetsOfPrefix(flag)) {
      if (c.targets.empty())
        c.targets = *own;
      else
        llvm::erase_if(c.targets, [&](const std::string &t) {
          return !llvm::is_contained(*own, t);
        });
      if (c.targets.empty()) {
        excluded.emplace(flag, "its backend is not among its suites' targets");
        continue;
      }
    }
    // The first few suites that use it say where it comes from.
    size_t shown = std::min<size_t>(3, x.where.size());
    c.why = "tests/e2e " +
            llvm::join(llvm::ArrayRef(x.where).take_front(shown), ", ") +
            (x.where.size() > shown
                 ? " and " + std::to_string(x.where.size() - shown) + " more"
                 : "");
    s.flags.push_back(std::move(c));
  }
  for (auto &[flag, why] : excluded)
    s.excluded.emplace_back(flag, why);
  return s;
}

void dropUnsupported(FlagSpace &space,
                     const std::function<bool(StringRef)> &accepts) {
  std::vector<FlagChoice> kept;
  for (FlagChoice &f : space.flags) {
    if (accepts(f.flag))
      kept.push_back(std::move(f));
    else
      space.unsupported.push_back(f.flag);
  }
  space.flags = std::move(kept);
}

bool flagApplies(const FlagChoice &f, StringRef targetName) {
  return f.targets.empty() || llvm::is_contained(f.targets, targetName);
}

std::string describeFlagSpace(const FlagSpace &s) {
  std::string out = std::to_string(s.flags.size()) + " flag" +
                    (s.flags.size() == 1 ? "" : "s") + " from " + s.source;
  if (s.files > 0)
    out += " (" + std::to_string(s.files) + " BUILD.bazel files, " +
           std::to_string(s.occurrences) + " compiler_flags entries, " +
           std::to_string(s.templated) + " not literal)";
  if (!s.excluded.empty()) {
    std::vector<std::string> names;
    for (const auto &[f, why] : s.excluded)
      names.push_back(f);
    out += "; " + std::to_string(s.excluded.size()) +
           " left out as no configuration (" + llvm::join(names, " ") + ")";
  }
  if (!s.unsupported.empty())
    out += "; " + std::to_string(s.unsupported.size()) +
           " dropped, this IREE lacks them (" +
           llvm::join(s.unsupported, " ") + ")";
  return out;
}

std::string serializeFlags(const std::vector<FlagChoice> &flags) {
  std::string out;
  for (const FlagChoice &f : flags) {
    std::string why = f.why;
    llvm::replace(why, '\t', ' ');
    llvm::replace(why, '\n', ' ');
    out += f.flag + "\t" +
           (f.targets.empty() ? std::string("*") : llvm::join(f.targets, ",")) +
           "\t" + why + "\n";
  }
  return out;
}

std::vector<FlagChoice> parseSerializedFlags(StringRef text) {
  std::vector<FlagChoice> flags;
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, false);
  for (StringRef l : lines) {
    auto [flag, rest] = l.split('\t');
    auto [targets, why] = rest.split('\t');
    FlagChoice c;
    c.flag = flag.str();
    if (targets != "*") {
      llvm::SmallVector<StringRef> ts;
      targets.split(ts, ',', -1, false);
      for (StringRef t : ts)
        c.targets.push_back(t.str());
    }
    c.why = why.str();
    flags.push_back(std::move(c));
  }
  return flags;
}

} // namespace ref::difftest
