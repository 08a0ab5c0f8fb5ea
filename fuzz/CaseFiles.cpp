//===- CaseFiles.cpp - Writing generated cases to disk --------------------===//

#include "fuzz/CaseFiles.h"

#include "interp/support/FileIO.h"
#include "interp/support/Npy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ref::fuzz {

uint64_t caseSeed(uint64_t runSeed, uint64_t index) {
  return mixSeed(runSeed, index);
}

static Error writeFile(StringRef path, StringRef bytes) {
  return ref::writeFileBytes(path, bytes);
}

json::Value caseToJSON(const Case &c, uint64_t seed) {
  json::Array inputs;
  for (auto [i, a] : llvm::enumerate(c.program.args)) {
    const ValueSpec &s = c.argSpecs[i];
    json::Object o{
        {"type", shapeTypeString(c.program.shape(a), c.program.type(a).dtype)},
        {"signature", c.program.type(a).str()},
        {"mode", valueModeName(s.mode)}};
    if (s.mode == ValueMode::Indices) {
      json::Array b;
      for (int64_t x : s.bounds)
        b.push_back(x);
      o["bounds"] = std::move(b);
      o["unique"] = s.unique;
    } else {
      o["bound"] = s.bound;
      o["frac_bits"] = s.fracBits;
    }
    inputs.push_back(std::move(o));
  }
  return json::Object{{"seed", seed},
                      {"inputs", std::move(inputs)},
                      {"features", toJSON(c.features)}};
}

Expected<WrittenCase> writeCase(const Case &c, StringRef dir, StringRef stem,
                                uint64_t seed, const PrintOptions &print) {
  if (std::error_code ec = sys::fs::create_directories(dir))
    return createStringError(ec, "cannot create '%s': %s", dir.str().c_str(),
                             ec.message().c_str());
  auto pathOf = [&](const Twine &name) {
    SmallString<128> p(dir);
    sys::path::append(p, name);
    return std::string(p);
  };
  WrittenCase w;
  w.mlirPath = pathOf(stem + ".mlir");
  if (Error e = writeFile(w.mlirPath, c.text(print)))
    return std::move(e);
  json::Value desc = caseToJSON(c, seed);
  json::Array *inputs = desc.getAsObject()->getArray("inputs");
  for (auto [i, t] : llvm::enumerate(c.inputs)) {
    bool raw = !npyHasTypeCode(t.dtype());
    std::string name =
        (stem + ".in" + Twine(i) + (raw ? ".bin" : ".npy")).str();
    std::string path = pathOf(name);
    if (raw) {
      if (Error e = writeFile(path, toRawBytes(t)))
        return std::move(e);
      w.inputFlags.push_back(shapeTypeString(t.shape(), t.dtype()) + "=@" +
                             path);
    } else {
      if (Error e = writeNpyFile(path, t))
        return std::move(e);
      w.inputFlags.push_back("@" + path);
    }
    w.inputPaths.push_back(path);
    (*inputs)[i].getAsObject()->insert({"file", name});
  }
  w.jsonPath = pathOf(stem + ".json");
  std::string text;
  raw_string_ostream os(text);
  os << formatv("{0:2}", desc) << "\n";
  if (Error e = writeFile(w.jsonPath, text))
    return std::move(e);
  return w;
}

} // namespace ref::fuzz
