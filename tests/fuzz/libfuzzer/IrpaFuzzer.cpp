//===- IrpaFuzzer.cpp - libFuzzer target for the parameter archive reader -===//
//
// Bytes as an .irpa file (ref-run --parameters): ParameterArchive::parse
// must return an error or an archive whose every entry lies inside the
// bytes and reads back at its full length (a splat repeats its pattern);
// never crash or read out of bounds. The ONNX external-data scan
// (gpu/Frontend.h), the other binary reader of this input path, gets the
// same bytes.
//
//===----------------------------------------------------------------------===//

#include "gpu/Frontend.h"
#include "interp/support/ParameterArchive.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  auto files = ref::gpu::onnxExternalDataFiles(bytes);
  if (!files)
    llvm::consumeError(files.takeError());
  auto a = ref::ParameterArchive::parse(bytes, "fuzz.irpa");
  if (!a) {
    llvm::consumeError(a.takeError());
    return 0;
  }
  for (const ref::ParameterEntry &e : a->entries()) {
    if (e.kind == ref::ParameterEntry::Kind::Data &&
        (e.fileOffset > size || e.length > size - e.fileOffset))
      abort();
    uint64_t n = e.length < 4096 ? e.length : 4096;
    auto r = a->read(e, e.length - n, n);
    if (!r || r->size() != n)
      abort();
    if (e.kind == ref::ParameterEntry::Kind::Splat && n &&
        (*r)[0] != e.pattern[(e.length - n) % e.pattern.size()])
      abort();
  }
  return 0;
}
