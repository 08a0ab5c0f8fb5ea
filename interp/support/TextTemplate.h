//===- TextTemplate.h - $0, $1, ... substitution for MLIR text -*- C++ -*-===//
//
// Programs built from templates (benchmarks, tests): MLIR text is full of
// braces, which formatv would take for its own, so placeholders are $0..$9.
//
//===----------------------------------------------------------------------===//

#ifndef REF_SUPPORT_TEXTTEMPLATE_H
#define REF_SUPPORT_TEXTTEMPLATE_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace ref {

struct FillArg {
  FillArg(std::string v) : text(std::move(v)) {}
  FillArg(const char *v) : text(v) {}
  FillArg(int64_t v) : text(std::to_string(v)) {}
  std::string text;
};

/// `tmpl` with $0, $1, ... replaced by `args`.
inline std::string fill(const char *tmpl, std::initializer_list<FillArg> args) {
  std::vector<FillArg> a(args);
  std::string out;
  for (const char *p = tmpl; *p; ++p) {
    if (*p == '$' && p[1] >= '0' && p[1] <= '9') {
      out += a[p[1] - '0'].text;
      ++p;
      continue;
    }
    out += *p;
  }
  return out;
}

} // namespace ref

#endif // REF_SUPPORT_TEXTTEMPLATE_H
