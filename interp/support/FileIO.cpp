//===- FileIO.cpp - Writing files with every failure reported -------------===//

#include "interp/support/FileIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace ref {

llvm::Error writeFileBytes(llvm::StringRef path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError(ec, path + ": " + ec.message());
  os << bytes;
  os.close();
  if (os.has_error()) {
    ec = os.error();
    os.clear_error(); // or its destructor aborts
    return llvm::createStringError(ec, path + ": " + ec.message());
  }
  return llvm::Error::success();
}

llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef bytes) {
  std::string tmp = (path + ".tmp").str();
  if (llvm::Error e = writeFileBytes(tmp, bytes)) {
    llvm::sys::fs::remove(tmp);
    return e;
  }
  if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) {
    llvm::sys::fs::remove(tmp);
    return llvm::createStringError(ec, path + ": " + ec.message());
  }
  return llvm::Error::success();
}

} // namespace ref
