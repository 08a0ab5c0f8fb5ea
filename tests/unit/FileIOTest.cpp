//===- FileIOTest.cpp - Checked file writes -------------------------------===//

#include "interp/support/FileIO.h"

#include "SupportTestUtils.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <csignal>

using ref::test::TempDir;

namespace {

std::string contents(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  return buf ? (*buf)->getBuffer().str() : "<missing>";
}

TEST(FileIO, WritesAndReplaces) {
  TempDir dir{"fileio"};
  std::string p = dir.file("a.txt");
  ASSERT_FALSE(llvm::errorToBool(ref::writeFileBytes(p, "first")));
  ASSERT_FALSE(llvm::errorToBool(ref::writeFileBytes(p, "2")));
  EXPECT_EQ(contents(p), "2");
  ASSERT_FALSE(llvm::errorToBool(ref::writeFileAtomically(p, "third")));
  EXPECT_EQ(contents(p), "third");
  EXPECT_FALSE(llvm::sys::fs::exists(p + ".tmp"));
}

TEST(FileIO, AFullDiskIsAnErrorNotAnAbort) {
  // A small write stays in the stream's buffer until close: the failure
  // shows only there.
  EXPECT_EQ(llvm::toString(ref::writeFileBytes("/dev/full", "x")),
            "/dev/full: No space left on device");
  std::string big(1 << 20, 'x'); // written through, failing on the way
  EXPECT_EQ(llvm::toString(ref::writeFileBytes("/dev/full", big)),
            "/dev/full: No space left on device");
}

TEST(FileIO, MissingDirectoryAndFileSizeLimit) {
  EXPECT_EQ(llvm::toString(ref::writeFileBytes("/nonexistent-fileio/x", "x")),
            "/nonexistent-fileio/x: No such file or directory");
  // Past RLIMIT_FSIZE (SIGXFSZ ignored, as the tools' callers may): EFBIG,
  // and the atomic write leaves neither the target nor its temporary.
  TempDir dir{"fileio"};
  std::string p = dir.file("big.bin");
  struct rlimit old;
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
  auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = {4096, old.rlim_max};
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  std::string err =
      llvm::toString(ref::writeFileAtomically(p, std::string(100000, 'y')));
  ::setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, oldHandler);
  EXPECT_EQ(err, p + ".tmp: File too large");
  EXPECT_FALSE(llvm::sys::fs::exists(p));
  EXPECT_FALSE(llvm::sys::fs::exists(p + ".tmp"));
}

} // namespace
