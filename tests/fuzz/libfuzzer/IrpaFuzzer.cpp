//===- IrpaFuzzer.cpp - libFuzzer target for the parameter file readers ---===//
//
// Bytes as each parameter file format ref-run --parameters reads (.irpa,
// .safetensors, .gguf): ParameterArchive::parse must return an error or an
// archive whose every entry lies inside the bytes and reads back at its
// full length (a splat repeats its pattern; an entry refused for reading
// says why); never crash or read out of bounds. The ONNX external-data
// scan (ireetools/Frontend.h), the other binary reader of this input path, gets
// the same bytes.
//
//===----------------------------------------------------------------------===//

#include "ireetools/Frontend.h"
#include "interp/support/ParameterArchive.h"

#include <cstdint>
#include <cstdlib>

namespace {

void check(llvm::StringRef bytes, ref::ParameterFormat format) {
  const size_t size = bytes.size();
  auto a = ref::ParameterArchive::parse(bytes, "fuzz", format);
  if (!a) {
    llvm::consumeError(a.takeError());
    return;
  }
  for (const ref::ParameterEntry &e : a->entries()) {
    if (e.kind == ref::ParameterEntry::Kind::Data &&
        (e.fileOffset > size || e.length > size - e.fileOffset))
      abort();
    uint64_t n = e.length < 4096 ? e.length : 4096;
    auto r = a->read(e, e.length - n, n);
    if (!r) {
      if (e.refusal.empty())
        abort();
      llvm::consumeError(r.takeError());
      continue;
    }
    if (!e.refusal.empty() || r->size() != n)
      abort();
    if (e.kind == ref::ParameterEntry::Kind::Splat && n &&
        (*r)[0] != e.pattern[(e.length - n) % e.pattern.size()])
      abort();
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  auto files = ref::gpu::onnxExternalDataFiles(bytes);
  if (!files)
    llvm::consumeError(files.takeError());
  check(bytes, ref::ParameterFormat::Irpa);
  check(bytes, ref::ParameterFormat::Safetensors);
  check(bytes, ref::ParameterFormat::Gguf);
  return 0;
}
