//===- NpyFuzzer.cpp - libFuzzer target for the NPY reader -----------------===//
//
// Bytes as an .npy file: parseNpy must either return a tensor whose byte
// size matches its shape and dtype, or an error; never crash, read out of
// bounds or allocate what the header claims before checking the data is
// there. A tensor it returns must survive a write and a read back unchanged.
//
//===----------------------------------------------------------------------===//

#include "interp/support/Npy.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  llvm::Expected<ref::Tensor> t = ref::parseNpy(bytes, "fuzz.npy");
  if (!t) {
    llvm::consumeError(t.takeError());
    return 0;
  }
  if (int64_t(t->byteSize()) != t->numElements() * t->elementBytes())
    abort();
  if (!ref::npyHasTypeCode(t->dtype()))
    return 0;
  llvm::Expected<std::string> out = ref::serializeNpy(*t);
  if (!out) {
    llvm::consumeError(out.takeError());
    return 0;
  }
  llvm::Expected<ref::Tensor> back = ref::parseNpy(*out, "roundtrip.npy");
  if (!back)
    abort(); // what we write we must read
  if (back->dtype() != t->dtype() || back->shape() != t->shape() ||
      back->byteSize() != t->byteSize() ||
      (t->byteSize() && std::memcmp(back->data(), t->data(), t->byteSize())))
    abort();
  return 0;
}
