//===- FileIO.h - Writing files with every failure reported -----*- C++ -*-===//
//
// llvm::raw_fd_ostream reports a failed write (a full disk, a file-size
// limit) only when it is closed, and a stream destroyed with an unchecked
// error calls report_fatal_error: a crash. Every file the tools write goes
// through writeFileBytes(), which closes the stream itself and turns any
// failure into an llvm::Error that names the file and the reason
// ("out/b3/program.mlir: No space left on device").
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_FILEIO_H
#define REF_SUPPORT_FILEIO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace ref {

/// Creates or truncates `path` and writes `bytes` to it.
llvm::Error writeFileBytes(llvm::StringRef path, llvm::StringRef bytes);

/// The same through a temporary file in the same directory renamed over
/// `path`, so that a reader never sees a partial file.
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef bytes);

} // namespace ref

#endif // REF_SUPPORT_FILEIO_H
