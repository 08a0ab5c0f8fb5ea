//===- SupportTestUtils.h - Helpers shared by the support unit tests -*- C++ -*-===//

#ifndef REF_TESTS_UNIT_SUPPORTTESTUTILS_H
#define REF_TESTS_UNIT_SUPPORTTESTUTILS_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>

namespace ref::test {

/// Raw IEEE bits of a float / double, zero-extended.
inline uint64_t f32Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
inline uint64_t f64Bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

/// A unique temporary directory, removed with everything in it at the end.
class TempDir {
public:
  explicit TempDir(llvm::StringRef prefix = "reftest") {
    llvm::SmallString<128> p;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory(prefix, p));
    path = std::string(p);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }
  std::string path;
};

/// The message of an expected error ("<no error>" when there is none).
template <typename T> std::string errorOf(llvm::Expected<T> e) {
  if (e)
    return "<no error>";
  return llvm::toString(e.takeError());
}
inline std::string errorOf(llvm::Error e) {
  if (!e)
    return "<no error>";
  return llvm::toString(std::move(e));
}

inline void writeBytes(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec);
  os << bytes;
}

} // namespace ref::test

#endif // REF_TESTS_UNIT_SUPPORTTESTUTILS_H
