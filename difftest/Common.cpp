//===- Common.cpp - Pieces every difftest subcommand uses -----------------===//

#include "difftest/Common.h"

#include <cstring>

#include "interp/support/FileIO.h"
#include "interp/support/InputSpec.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace ref::difftest {

using llvm::createStringError;
using llvm::Expected;
using llvm::StringRef;
namespace path = llvm::sys::path;

std::string toolPath(StringRef name) {
  // Where this executable is, found once: /proc/self/exe stops naming it
  // when the file is replaced (a rebuild under a running campaign).
  static const std::string dir = [] {
    static int anchor;
    std::string self = llvm::sys::fs::getMainExecutable("difftest", &anchor);
    return path::parent_path(self).str();
  }();
  llvm::SmallString<256> p(dir);
  path::append(p, name);
  return std::string(p);
}

std::string refRunPath() { return toolPath("ref-run"); }

llvm::Error copyTree(StringRef from, StringRef to) {
  std::error_code ec;
  if ((ec = llvm::sys::fs::create_directories(to)))
    return llvm::createStringError(ec, to + ": " + ec.message());
  for (llvm::sys::fs::recursive_directory_iterator it(from, ec), end; !ec && it != end;
       it.increment(ec)) {
    StringRef p = it->path();
    std::string rel = p.drop_front(from.size()).ltrim('/').str();
    std::string dst = joinPath(to, rel);
    if (it->type() == llvm::sys::fs::file_type::directory_file) {
      llvm::sys::fs::create_directories(dst);
      continue;
    }
    llvm::sys::fs::create_directories(path::parent_path(dst));
    if ((ec = llvm::sys::fs::copy_file(p, dst)))
      return llvm::createStringError(ec, dst + ": " + ec.message());
  }
  if (ec)
    return llvm::createStringError(ec, from + ": " + ec.message());
  return llvm::Error::success();
}

Expected<std::string> readFile(StringRef p) {
  auto buf = llvm::MemoryBuffer::getFile(p);
  if (!buf)
    return createStringError(buf.getError(),
                             p + ": " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

llvm::Error writeFile(StringRef p, StringRef text) {
  return writeFileBytes(p, text);
}

std::string shellQuote(StringRef arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_=./:@,+%") ==
                          StringRef::npos)
    return arg.str();
  std::string out = "'";
  for (char c : arg)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string shellCommand(llvm::ArrayRef<std::string> argv) {
  std::string out;
  for (const std::string &a : argv)
    out += (out.empty() ? "" : " ") + shellQuote(a);
  return out;
}

Expected<uint64_t> parseBytes(StringRef text) {
  StringRef t = text.trim();
  uint64_t mult = 1;
  if (t.ends_with_insensitive("k"))
    mult = 1ull << 10;
  else if (t.ends_with_insensitive("m"))
    mult = 1ull << 20;
  else if (t.ends_with_insensitive("g"))
    mult = 1ull << 30;
  if (mult != 1)
    t = t.drop_back();
  uint64_t n;
  if (t.getAsInteger(10, n))
    return llvm::createStringError("'" + text +
                                   "': expected a size such as 512M or 8G");
  return n * mult;
}

std::optional<uint64_t> bytesOption(StringRef flag, StringRef text) {
  Expected<uint64_t> n = parseBytes(text);
  if (!n) {
    llvm::errs() << "error: --" << flag << ": " << llvm::toString(n.takeError())
                 << "\n";
    return std::nullopt;
  }
  return *n;
}

static Expected<ArgType> parseArgType(const llvm::json::Value &v) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return llvm::createStringError(
        "ref-run --print-signatures: expected an object");
  ArgType a;
  a.type = o->getString("type").value_or("").str();
  if (auto d = o->getString("dtype"))
    a.dtype = parseDType(*d);
  a.tensor = o->getBoolean("tensor").value_or(false);
  a.anyBufferView = !a.tensor && o->getString("abi") == "buffer_view" &&
                    o->getBoolean("imported") == false;
  if (std::optional<int64_t> k = o->getInteger("from_input"))
    if (*k >= 0)
      a.fromInput = static_cast<unsigned>(*k);
  if (const llvm::json::Array *s = o->getArray("shape"))
    for (const llvm::json::Value &d : *s)
      a.shape.push_back(d.getAsInteger().value_or(-1));
  return a;
}

Expected<std::vector<Signature>>
readSignatures(StringRef program, const gpu::ProcessLimits &limits) {
  gpu::ProcessResult r = gpu::runProcess(
      {refRunPath(), program.str(), "--print-signatures"}, limits);
  if (r.kind != gpu::ProcessResult::Kind::Exited || r.exitCode != 0) {
    std::string err = StringRef(r.stderrText).trim().str();
    return llvm::createStringError(err.empty() ? "ref-run " + r.summary()
                                               : err);
  }
  auto root = llvm::json::parse(r.stdoutText);
  if (!root)
    return llvm::createStringError("ref-run --print-signatures: " +
                                   llvm::toString(root.takeError()));
  std::vector<Signature> sigs;
  const llvm::json::Object *top = root->getAsObject();
  const llvm::json::Array *fns = top ? top->getArray("functions") : nullptr;
  if (!fns)
    return llvm::createStringError(
        "ref-run --print-signatures: no functions array");
  for (const llvm::json::Value &f : *fns) {
    const llvm::json::Object *o = f.getAsObject();
    if (!o)
      continue;
    Signature s;
    s.name = o->getString("name").value_or("").str();
    for (StringRef key : {"inputs", "results"})
      if (const llvm::json::Array *arr = o->getArray(key))
        for (const llvm::json::Value &v : *arr) {
          auto a = parseArgType(v);
          if (!a)
            return a.takeError();
          (key == "inputs" ? s.inputs : s.results).push_back(std::move(*a));
        }
    sigs.push_back(std::move(s));
  }
  return sigs;
}

llvm::Error checkSupported(const Signature &sig) {
  auto check = [&](const ArgType &a, const char *what,
                   size_t i) -> llvm::Error {
    if (a.type == "!hal.buffer_view" && !a.tensor)
      return llvm::createStringError(
          "@" + sig.name + ": " + what + " " + llvm::Twine(i) +
          " has type !hal.buffer_view and the program " +
          (StringRef(what) == "argument"
               ? "uses it without importing it as a tensor "
                 "(hal.tensor.import)"
               : "makes it without exporting a tensor (hal.tensor.export) "
                 "or returning an argument") +
          ": its tensor type is unknown, and difftest passes ranked tensors "
          "of the interpreter's element types only");
    if (!a.tensor || !a.dtype)
      return llvm::createStringError(
          "@" + sig.name + ": " + what + " " + llvm::Twine(i) + " has type " +
          a.type +
          ": difftest passes ranked tensors of the interpreter's "
          "element types only");
    if (*a.dtype == DType::Index)
      return llvm::createStringError("@" + sig.name + ": " + what + " " +
                                     llvm::Twine(i) + " has type " + a.type +
                                     ": index tensors cannot cross IREE's ABI");
    return llvm::Error::success();
  };
  for (auto [i, a] : llvm::enumerate(sig.inputs))
    if (!a.anyBufferView)
      if (llvm::Error e = check(a, "argument", i))
        return e;
  for (auto [i, a] : llvm::enumerate(sig.results)) {
    if (a.fromInput && *a.fromInput < sig.inputs.size())
      continue; // typed as the input is, checked there
    if (llvm::Error e = check(a, "result", i))
      return e;
  }
  return llvm::Error::success();
}

Expected<Signature> resolveSignature(const Signature &sig,
                                     llvm::ArrayRef<gpu::TensorFile> inputs) {
  Signature s = sig;
  auto typed = [](ArgType &a, const gpu::TensorFile &f) {
    a.dtype = f.dtype;
    a.shape = f.shape;
    a.tensor = true;
    a.type = "tensor<" + shapeTypeString(f.shape, f.dtype) + ">";
  };
  for (auto [i, a] : llvm::enumerate(s.inputs))
    if (a.anyBufferView && i < inputs.size())
      typed(a, inputs[i]);
  for (auto [i, r] : llvm::enumerate(s.results)) {
    if (r.fromInput && *r.fromInput < inputs.size())
      typed(r, inputs[*r.fromInput]);
    if (!r.dtype)
      return llvm::createStringError("@" + sig.name + ": result " +
                                     llvm::Twine(i) + " has type " + r.type +
                                     ": its tensor type is unknown");
  }
  return s;
}

std::string absolutePath(llvm::StringRef p) {
  llvm::SmallString<256> a(p);
  llvm::sys::fs::make_absolute(a);
  return std::string(a);
}

std::string joinPath(StringRef a, StringRef b, StringRef c, StringRef d) {
  llvm::SmallString<256> p(a);
  for (StringRef part : {b, c, d})
    if (!part.empty())
      path::append(p, part);
  return std::string(p);
}

Expected<std::vector<gpu::TensorFile>>
materializeInputs(llvm::ArrayRef<std::string> specs, const Signature &sig,
                  StringRef dir) {
  if (specs.size() != sig.inputs.size())
    return llvm::createStringError(
        "@" + sig.name + " takes " + llvm::Twine(sig.inputs.size()) +
        " arguments but " + llvm::Twine(specs.size()) +
        " --input values were given");
  std::vector<gpu::TensorFile> files;
  for (auto [i, spec] : llvm::enumerate(specs)) {
    auto parsed = parseInputSpec(spec);
    if (!parsed)
      return llvm::createStringError("--input #" + llvm::Twine(i) + ": " +
                                     llvm::toString(parsed.takeError()));
    const Tensor &t = parsed->value;
    const ArgType &want = sig.inputs[i];
    // A buffer view the program never reads: any value that can cross the
    // ABI, typed as given (iree-run-module takes the same --input).
    bool ok = want.anyBufferView ||
              (want.dtype && t.dtype() == *want.dtype &&
               t.rank() == static_cast<int64_t>(want.shape.size()));
    for (unsigned d = 0; ok && !want.anyBufferView && d < want.shape.size();
         ++d)
      ok = want.shape[d] < 0 || want.shape[d] == t.dim(d);
    if (want.anyBufferView && t.dtype() == DType::Index)
      return llvm::createStringError(
          "--input #" + llvm::Twine(i) + " (" +
          shapeTypeString(t.shape(), t.dtype()) +
          "): index tensors cannot cross IREE's ABI");
    if (!ok)
      return llvm::createStringError("--input #" + llvm::Twine(i) + " (" +
                                     shapeTypeString(t.shape(), t.dtype()) +
                                     "): the function's argument " +
                                     llvm::Twine(i) + " has type " + want.type);
    gpu::TensorFile f;
    f.path = joinPath(dir, gpu::tensorFileName("in", i, t.dtype()));
    f.dtype = t.dtype();
    f.shape.assign(t.shape().begin(), t.shape().end());
    if (llvm::Error e = gpu::writeTensorFile(f.path, t))
      return std::move(e);
    files.push_back(std::move(f));
  }
  return files;
}

/// A random value of `t` as raw bits.
static uint64_t randomBits(DType t, std::mt19937_64 &rng, unsigned attempt) {
  if (t == DType::I1)
    return attempt >= 3 ? 0 : rng() & 1;
  if (isInteger(t)) {
    int64_t v;
    switch (attempt) {
    case 0:
      v = static_cast<int64_t>(rng() % 17) - 8; // [-8, 8]
      break;
    case 1:
      v = static_cast<int64_t>(rng() % 4);
      break;
    case 2:
      v = static_cast<int64_t>(rng() % 2);
      break;
    default:
      v = 0;
    }
    return truncBits(static_cast<uint64_t>(v), t);
  }
  // A scale (an unsigned power of two): 2^-4 .. 2^4, so that neither it nor
  // what it scales is subnormal in f32 (IREE's CPU runtime flushes those to
  // zero: the result would be the target's choice, not a bug).
  if (t == DType::F8E8M0FNU)
    return 127 + rng() % 9 - 4;
  // Dyadic values k/4 in [-4, 4], rounded into the type (exact for f16 and
  // wider; f8 rounds a few of them).
  double d = (static_cast<int64_t>(rng() % 33) - 16) / 4.0;
  llvm::APFloat f(d);
  bool lost;
  f.convert(floatSemantics(t), llvm::APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

Expected<std::vector<gpu::TensorFile>>
randomInputs(const Signature &sig, uint64_t seed, unsigned attempt,
             StringRef dir, llvm::ArrayRef<Shape> runShapes) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + attempt);
  int64_t dynSize = 1 + static_cast<int64_t>(rng() % 8);
  std::vector<gpu::TensorFile> files;
  for (auto [i, arg] : llvm::enumerate(sig.inputs)) {
    ArgType a = arg;
    if (a.anyBufferView) {
      // Never read: any buffer view goes; a 4xf32 one.
      a.dtype = DType::F32;
      a.shape = {4};
    }
    if (!a.dtype)
      return llvm::createStringError("argument " + llvm::Twine(i) +
                                     " has type " + a.type +
                                     ": no random values for it");
    Shape shape;
    for (auto [k, d] : llvm::enumerate(a.shape)) {
      int64_t run = i < runShapes.size() && k < runShapes[i].size() &&
                            runShapes[i].size() == a.shape.size()
                        ? runShapes[i][k]
                        : -1;
      shape.push_back(d >= 0 ? d : run >= 0 ? run : dynSize);
    }
    Tensor t(*a.dtype, shape);
    if (isComplex(*a.dtype)) {
      // Two parts per element, each a random value of the part type.
      DType part = complexPartType(*a.dtype);
      unsigned bytes = storageBytes(part);
      for (int64_t e = 0; e < 2 * t.numElements(); ++e) {
        uint64_t bits = randomBits(part, rng, attempt);
        std::memcpy(t.data() + e * bytes, &bits, bytes);
      }
    } else {
      for (int64_t e = 0; e < t.numElements(); ++e)
        t.store(e, randomBits(*a.dtype, rng, attempt));
    }
    gpu::TensorFile f;
    f.path = joinPath(dir, gpu::tensorFileName("in", i, *a.dtype));
    f.dtype = *a.dtype;
    f.shape = shape;
    if (llvm::Error e = gpu::writeTensorFile(f.path, t))
      return std::move(e);
    files.push_back(std::move(f));
  }
  return files;
}

uint64_t interpreterMemoryLimit(uint64_t bytes) {
#if defined(__SANITIZE_ADDRESS__)
  return 0;
#else
  return bytes;
#endif
}

Golden makeGolden(StringRef program, const Signature &unresolved,
                  const std::vector<gpu::TensorFile> &inputs,
                  StringRef goldenDir, StringRef workDir,
                  const gpu::ProcessLimits &limits,
                  llvm::ArrayRef<std::string> parameters) {
  Golden g;
  // Results that return an argument as it is have the input's type.
  auto resolved = resolveSignature(unresolved, inputs);
  if (!resolved) {
    g.status = Golden::Invalid;
    g.message = "error: " + llvm::toString(resolved.takeError()) + "\n";
    return g;
  }
  const Signature &sig = *resolved;
  g.spec.function = sig.name;
  g.spec.inputs = inputs;
  g.spec.parameters.assign(parameters.begin(), parameters.end());
  g.spec.freedomPath = joinPath(goldenDir, "freedom.json");
  std::vector<std::string> argv = {refRunPath(), program.str(),
                                   "--function=" + sig.name};
  for (const std::string &p : parameters)
    argv.push_back("--parameters=" + p);
  for (const gpu::TensorFile &in : inputs)
    argv.push_back("--input=" + in.inputFlag());
  for (auto [i, r] : llvm::enumerate(sig.results)) {
    gpu::TensorFile f;
    f.path = joinPath(goldenDir, gpu::tensorFileName("out", i, *r.dtype));
    f.dtype = *r.dtype;
    f.shape = r.shape; // fixed below from the file for dynamic results
    argv.push_back("--output=" + f.outputFlag());
    g.spec.goldens.push_back(std::move(f));
  }
  argv.push_back("--freedom=" + g.spec.freedomPath);
  g.spec.workPath = joinPath(goldenDir, "work.json");
  argv.push_back("--work=" + g.spec.workPath);
  gpu::RunOptions opts;
  opts.workingDir = workDir.str();
  gpu::ProcessResult r = gpu::runProcess(argv, limits, opts);
  g.seconds = r.wallSeconds;
  g.cpuSeconds = r.cpuSeconds;
  if (std::optional<std::string> why = gpu::environmentFailure(r)) {
    g.status = Golden::Failed;
    g.environment = "the interpreter (ref-run): " + *why;
    g.message = "the interpreter " + r.summary() + "\n" + r.stderrText;
    return g;
  }
  if (r.kind != gpu::ProcessResult::Kind::Exited) {
    g.status = Golden::Failed;
    g.message = "the interpreter " + r.summary() + "\n" + r.stderrText;
    return g;
  }
  switch (r.exitCode) {
  case 0:
    break;
  case 3:
    g.status = Golden::Undefined;
    g.message = r.stderrText;
    return g;
  case 7: // a parameter archive missing or not matching the program
    g.parameterError = true;
    [[fallthrough]];
  case 2:
  case 1:
    g.status = Golden::Invalid;
    g.message = r.stderrText;
    return g;
  default:
    g.status = Golden::Failed;
    g.message = "the interpreter " + r.summary() + "\n" + r.stderrText;
    return g;
  }
  // Dynamic result shapes: the freedom report has every result's shape.
  if (llvm::any_of(g.spec.goldens, [](const gpu::TensorFile &f) {
        return llvm::is_contained(f.shape, int64_t(-1));
      })) {
    auto text = readFile(joinPath(workDir, g.spec.freedomPath));
    std::optional<llvm::json::Value> root;
    if (text) {
      if (auto v = llvm::json::parse(*text))
        root = std::move(*v);
      else
        llvm::consumeError(v.takeError());
    } else {
      llvm::consumeError(text.takeError());
    }
    const llvm::json::Object *top = root ? root->getAsObject() : nullptr;
    const llvm::json::Array *outs = top ? top->getArray("outputs") : nullptr;
    for (auto [i, f] : llvm::enumerate(g.spec.goldens)) {
      const llvm::json::Object *o =
          outs && i < outs->size() ? (*outs)[i].getAsObject() : nullptr;
      const llvm::json::Array *shape = o ? o->getArray("shape") : nullptr;
      if (!shape) {
        g.status = Golden::Failed;
        g.message = "the freedom report has no shape for result " +
                    std::to_string(i);
        return g;
      }
      f.shape.clear();
      for (const llvm::json::Value &d : *shape)
        f.shape.push_back(d.getAsInteger().value_or(0));
    }
  }
  g.status = Golden::Ok;
  return g;
}

std::vector<std::string> splitShellWords(StringRef line) {
  std::vector<std::string> words;
  std::string cur;
  bool inWord = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (c == '\'') {
      inWord = true;
      size_t end = line.find('\'', i + 1);
      if (end == StringRef::npos)
        end = line.size();
      cur += line.slice(i + 1, end).str();
      i = end;
    } else if (c == '"') {
      inWord = true;
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size())
          ++i;
        cur += line[i];
      }
    } else if (c == '\\' && i + 1 < line.size()) {
      inWord = true;
      cur += line[++i];
    } else if (c == ' ' || c == '\t') {
      if (inWord)
        words.push_back(std::move(cur));
      cur.clear();
      inWord = false;
    } else {
      inWord = true;
      cur += c;
    }
  }
  if (inWord)
    words.push_back(std::move(cur));
  return words;
}

std::vector<std::string> reproInputs(StringRef repro) {
  std::vector<std::string> specs;
  for (StringRef line : llvm::split(repro, '\n')) {
    if (!line.contains("IREE_RUN_MODULE\"") || line.trim().starts_with("#"))
      continue;
    for (const std::string &w : splitShellWords(line))
      if (StringRef(w).starts_with("--input="))
        specs.push_back(w.substr(8));
  }
  return specs;
}

std::optional<double> parseDuration(StringRef t) {
  double mult = 1;
  if (t.consume_back("h"))
    mult = 3600;
  else if (t.consume_back("m"))
    mult = 60;
  else
    t.consume_back("s");
  double v;
  if (t.getAsDouble(v) || v < 0)
    return std::nullopt;
  return v * mult;
}

std::string html(llvm::StringRef s) {
  std::string o;
  for (char c : s) {
    switch (c) {
    case '&': o += "&amp;"; break;
    case '<': o += "&lt;"; break;
    case '>': o += "&gt;"; break;
    case '"': o += "&quot;"; break;
    default: o += c;
    }
  }
  return o;
}

std::string mdCell(llvm::StringRef s) {
  std::string o;
  for (char c : s)
    o += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ")
                                                    : std::string(1, c);
  return o;
}

} // namespace ref::difftest
