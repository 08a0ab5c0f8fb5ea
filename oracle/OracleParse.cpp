//===- OracleParse.cpp - Freedom reports and tolerance overrides ----------===//
//
// Reads the JSON freedom report of `ref-run --freedom` into OutputFreedom
// (every error names the file and the field) and parses the tolerance
// override strings the command line passes through.
//
//===----------------------------------------------------------------------===//

#include "oracle/Oracle.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

namespace ref {

using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
namespace json = llvm::json;

static Error makeError(const Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

//===----------------------------------------------------------------------===//
// The freedom report
//===----------------------------------------------------------------------===//

namespace {

/// Walks the JSON value; `fail` builds "FILE: FIELD: what".
class ReportParser {
public:
  explicit ReportParser(StringRef fileName) : fileName(fileName) {}

  Expected<std::vector<OutputFreedom>> parse(StringRef text) {
    Expected<json::Value> root = json::parse(text);
    if (!root)
      return makeError(fileName +
                       ": invalid JSON: " + llvm::toString(root.takeError()));
    const json::Object *top = root->getAsObject();
    if (!top)
      return makeError(fileName + ": expected a JSON object at the top level");
    if (const json::Value *fn = top->get("function"); fn && !fn->getAsString())
      return fail("function", "expected a string");
    const json::Value *outputs = top->get("outputs");
    if (!outputs)
      return fail("outputs", "missing");
    const json::Array *list = outputs->getAsArray();
    if (!list)
      return fail("outputs", "expected an array");

    std::vector<OutputFreedom> result;
    llvm::DenseSet<unsigned> indices;
    for (auto [i, v] : llvm::enumerate(*list)) {
      std::string path = "outputs[" + std::to_string(i) + "]";
      OutputFreedom f;
      if (Error e = parseOutput(v, path, f))
        return std::move(e);
      if (!indices.insert(f.index).second)
        return fail(path + ".index", "duplicate index " + Twine(f.index));
      result.push_back(std::move(f));
    }
    return std::move(result);
  }

private:
  Error fail(const Twine &field, const Twine &what) const {
    return makeError(fileName + ": " + field + ": " + what);
  }

  Expected<int64_t> integer(const json::Value &v, const Twine &field,
                            int64_t min = 0) const {
    std::optional<int64_t> x = v.getAsInteger();
    if (!x)
      return fail(field, "expected an integer");
    if (*x < min)
      return fail(field, "expected an integer >= " + Twine(min) + ", got " +
                             Twine(*x));
    return *x;
  }

  /// A required (or optional) member of `o`; null if absent and optional.
  Expected<const json::Value *> member(const json::Object &o, StringRef key,
                                       const std::string &path,
                                       bool required) const {
    const json::Value *v = o.get(key);
    if (!v && required)
      return fail(path + "." + key, "missing");
    return v;
  }

  Expected<const json::Array *> array(const json::Value &v,
                                      const Twine &field) const {
    if (const json::Array *a = v.getAsArray())
      return a;
    return fail(field, "expected an array");
  }

  Error position(const json::Value &v, const Twine &field, int64_t n,
                 int64_t &out) const {
    Expected<int64_t> p = integer(v, field);
    if (!p)
      return p.takeError();
    if (*p >= n)
      return fail(field, "position " + Twine(*p) + " is out of range for " +
                             Twine(n) + " elements");
    out = *p;
    return Error::success();
  }

  Error parseOutput(const json::Value &v, const std::string &path,
                    OutputFreedom &f) const {
    const json::Object *o = v.getAsObject();
    if (!o)
      return fail(path, "expected an object");

    // index, dtype, shape, exact: required.
    Expected<const json::Value *> index = member(*o, "index", path, true);
    if (!index)
      return index.takeError();
    Expected<int64_t> idx = integer(**index, path + ".index");
    if (!idx)
      return idx.takeError();
    if (*idx > std::numeric_limits<unsigned>::max())
      return fail(path + ".index", "index " + Twine(*idx) + " is too large");
    f.index = static_cast<unsigned>(*idx);

    Expected<const json::Value *> dtype = member(*o, "dtype", path, true);
    if (!dtype)
      return dtype.takeError();
    std::optional<StringRef> dtypeName = (*dtype)->getAsString();
    if (!dtypeName)
      return fail(path + ".dtype", "expected a string");
    std::optional<DType> t = parseDType(*dtypeName);
    if (!t)
      return fail(path + ".dtype", "unknown dtype '" + *dtypeName + "'");
    f.dtype = *t;

    Expected<const json::Value *> shape = member(*o, "shape", path, true);
    if (!shape)
      return shape.takeError();
    Expected<const json::Array *> dims = array(**shape, path + ".shape");
    if (!dims)
      return dims.takeError();
    int64_t n = 1;
    for (auto [i, d] : llvm::enumerate(**dims)) {
      std::string field = path + ".shape[" + std::to_string(i) + "]";
      Expected<int64_t> dim = integer(d, field);
      if (!dim)
        return dim.takeError();
      if (llvm::MulOverflow(n, *dim, n))
        return fail(field, "the shape has too many elements");
      f.shape.push_back(*dim);
    }

    Expected<const json::Value *> exact = member(*o, "exact", path, true);
    if (!exact)
      return exact.takeError();
    std::optional<bool> isExact = (*exact)->getAsBoolean();
    if (!isExact)
      return fail(path + ".exact", "expected a boolean");
    f.exact = *isExact;

    // The freedoms: all optional.
    if (const json::Value *groups = o->get("tie_groups"))
      if (Error e = parseTieGroups(*groups, path + ".tie_groups", n, f))
        return e;
    if (const json::Value *writes = o->get("multi_writes"))
      if (Error e = parseMultiWrites(*writes, path + ".multi_writes", n, f))
        return e;
    if (const json::Value *any = o->get("multi_writes_any_one_of")) {
      std::optional<bool> b = any->getAsBoolean();
      if (!b)
        return fail(path + ".multi_writes_any_one_of", "expected a boolean");
      f.multiWritesAnyOneOf = *b;
    }
    if (const json::Value *len = o->get("reduction_length")) {
      Expected<int64_t> l = integer(*len, path + ".reduction_length");
      if (!l)
        return l.takeError();
      f.reductionLength = *l;
    }
    for (auto [key, out] :
         {std::pair<StringRef, std::string *>{"derived_from", &f.derivedFrom},
          {"origin", &f.origin},
          {"masked_out_of_bounds_read", &f.maskedOutOfBoundsRead}}) {
      const json::Value *s = o->get(key);
      if (!s)
        continue;
      std::optional<StringRef> str = s->getAsString();
      if (!str)
        return fail(path + "." + key, "expected a string");
      *out = str->str();
    }
    return Error::success();
  }

  Error parseTieGroups(const json::Value &v, const std::string &path, int64_t n,
                       OutputFreedom &f) const {
    Expected<const json::Array *> groups = array(v, path);
    if (!groups)
      return groups.takeError();
    llvm::DenseSet<int64_t> seen;
    for (auto [gi, g] : llvm::enumerate(**groups)) {
      std::string gpath = path + "[" + std::to_string(gi) + "]";
      Expected<const json::Array *> members = array(g, gpath);
      if (!members)
        return members.takeError();
      std::vector<int64_t> group;
      group.reserve((*members)->size());
      for (auto [pi, p] : llvm::enumerate(**members)) {
        std::string field = gpath + "[" + std::to_string(pi) + "]";
        int64_t pos;
        if (Error e = position(p, field, n, pos))
          return e;
        if (!seen.insert(pos).second)
          return fail(field, "position " + Twine(pos) +
                                 " is in more than one tie group");
        group.push_back(pos);
      }
      f.tieGroups.push_back(std::move(group));
    }
    return Error::success();
  }

  Error parseMultiWrites(const json::Value &v, const std::string &path,
                         int64_t n, OutputFreedom &f) const {
    Expected<const json::Array *> writes = array(v, path);
    if (!writes)
      return writes.takeError();
    for (auto [wi, w] : llvm::enumerate(**writes)) {
      std::string wpath = path + "[" + std::to_string(wi) + "]";
      const json::Object *o = w.getAsObject();
      if (!o)
        return fail(wpath, "expected an object");
      MultiWriteFreedom mw;

      Expected<const json::Value *> pos = member(*o, "position", wpath, true);
      if (!pos)
        return pos.takeError();
      if (Error e = position(**pos, wpath + ".position", n, mw.position))
        return e;

      if (const json::Value *updates = o->get("updates")) {
        Expected<const json::Array *> list =
            array(*updates, wpath + ".updates");
        if (!list)
          return list.takeError();
        for (auto [ui, u] : llvm::enumerate(**list)) {
          Expected<int64_t> b =
              integer(u, wpath + ".updates[" + std::to_string(ui) + "]");
          if (!b)
            return b.takeError();
          mw.updates.push_back(*b);
        }
      }

      Expected<const json::Value *> cands =
          member(*o, "candidate_bits", wpath, true);
      if (!cands)
        return cands.takeError();
      Expected<const json::Array *> list =
          array(**cands, wpath + ".candidate_bits");
      if (!list)
        return list.takeError();
      for (auto [ci, c] : llvm::enumerate(**list)) {
        std::string field =
            wpath + ".candidate_bits[" + std::to_string(ci) + "]";
        std::optional<uint64_t> bits = c.getAsUINT64();
        if (!bits)
          return fail(field, "expected an unsigned integer");
        if (truncBits(*bits, f.dtype) != *bits)
          return fail(field,
                      Twine(*bits) + " does not fit in " + dtypeName(f.dtype));
        mw.candidateBits.push_back(*bits);
      }
      f.multiWrites.push_back(std::move(mw));
    }
    return Error::success();
  }

  StringRef fileName;
};

} // namespace

Expected<std::vector<OutputFreedom>> parseFreedomReport(StringRef jsonText,
                                                        StringRef fileName) {
  return ReportParser(fileName).parse(jsonText);
}

Expected<std::vector<OutputFreedom>> readFreedomReportFile(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf)
    return makeError(path + ": cannot open: " + buf.getError().message());
  return parseFreedomReport((*buf)->getBuffer(), path);
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Applies one "dtype:key=value,..." entry to `opts`.
static Error parseOverrideEntry(StringRef entry, OracleOptions &opts) {
  auto fail = [&](const Twine &what) {
    return makeError("tolerance override '" + entry + "': " + what);
  };
  if (entry.find(':') == StringRef::npos)
    return fail("expected DTYPE:KEY=VALUE[,KEY=VALUE]");
  auto [typeName, settings] = entry.split(':');
  typeName = typeName.trim();
  std::optional<DType> t = parseDType(typeName);
  if (!t)
    return fail("unknown dtype '" + typeName + "'");
  if (!isFloat(*t))
    return fail("'" + typeName + "' is not a float dtype (integers are exact)");
  FloatTolerance tol = opts.tolerance(*t);
  llvm::SmallVector<StringRef> items;
  settings.split(items, ',');
  for (StringRef item : items) {
    auto [key, value] = item.split('=');
    key = key.trim();
    value = value.trim();
    if (item.find('=') == StringRef::npos || value.empty())
      return fail("expected KEY=VALUE, got '" + item.trim() + "'");
    if (key == "ulps") {
      unsigned long long ulps;
      if (llvm::getAsUnsignedInteger(value, 10, ulps))
        return fail("ulps must be a non-negative integer, got '" + value + "'");
      tol.ulps = ulps;
    } else if (key == "atol") {
      double atol;
      if (value.getAsDouble(atol) || !std::isfinite(atol) || atol < 0)
        return fail("atol must be a non-negative finite number, got '" + value +
                    "'");
      tol.atol = atol;
    } else {
      return fail("unknown key '" + key + "' (expected ulps or atol)");
    }
  }
  opts.tolerance(*t) = tol;
  return Error::success();
}

Error parseToleranceOverrides(StringRef spec, OracleOptions &opts) {
  OracleOptions updated = opts;
  llvm::SmallVector<StringRef> entries;
  spec.split(entries, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    if (entry.trim().empty())
      continue;
    if (Error e = parseOverrideEntry(entry.trim(), updated))
      return e;
  }
  opts = updated;
  return Error::success();
}

} // namespace ref
