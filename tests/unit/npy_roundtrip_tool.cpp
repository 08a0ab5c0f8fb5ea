//===- npy_roundtrip_tool.cpp - readNpyFile then writeNpyFile -------------===//
//
// Helper for npy_numpy_roundtrip.py: `npy_roundtrip_tool in.npy out.npy`
// reads in.npy with the interpreter's reader and writes it back with its
// writer, so that numpy can check both directions. Exits non-zero with the
// reader's or writer's message on failure.
//
//===----------------------------------------------------------------------===//

#include "interp/support/Npy.h"

#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: " << argv[0] << " in.npy out.npy\n";
    return 2;
  }
  llvm::Expected<ref::Tensor> t = ref::readNpyFile(argv[1]);
  if (!t) {
    llvm::errs() << llvm::toString(t.takeError()) << "\n";
    return 1;
  }
  if (llvm::Error e = ref::writeNpyFile(argv[2], *t)) {
    llvm::errs() << llvm::toString(std::move(e)) << "\n";
    return 1;
  }
  return 0;
}
