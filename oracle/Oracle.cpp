//===- Oracle.cpp - Decides pass/fail for IREE's outputs ------------------===//
//
// Comparison of actual with golden outputs (rules 1-7 of Oracle.h), value
// formatting and output loading. The freedom report and tolerance overrides
// are parsed in OracleParse.cpp.
//
//===----------------------------------------------------------------------===//

#include "oracle/Oracle.h"

#include "interp/support/InputSpec.h"
#include "interp/support/Npy.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ref {

using llvm::ArrayRef;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Float bit patterns
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Formatting
//===----------------------------------------------------------------------===//

/// The shortest decimal that converts back to the same bits.
static std::string shortestDecimal(uint64_t bits, DType t) {
  double v = bitsToDouble(bits, t);
  const llvm::fltSemantics &sem = floatSemantics(t);
  char buf[40];
  // Integers print whole ("448", not "4.5e+02"); doubles hold them exactly.
  if (std::fabs(v) < 1e9 && std::trunc(v) == v) {
    std::snprintf(buf, sizeof(buf), "%.0f", v);
    return buf;
  }
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, v);
    llvm::APFloat back(sem);
    auto status =
        back.convertFromString(buf, llvm::APFloat::rmNearestTiesToEven);
    if (status && back.bitcastToAPInt().getZExtValue() == bits)
      return buf;
  }
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  return buf;
}

std::string formatValue(uint64_t bits, DType t) {
  char buf[64];
  if (t == DType::I1)
    return (bits & 1) ? "true" : "false";
  if (isInteger(t)) {
    std::snprintf(buf, sizeof(buf), "%" PRId64, signExtend(bits, t));
    return buf;
  }
  bits = truncBits(bits, t);
  FloatFormat fmt(t);
  std::string text;
  if (fmt.isNaN(bits))
    text = (bits & fmt.signMask) && fmt.nanKind != FloatFormat::NaNKind::NegZero
               ? "-nan"
               : "nan";
  else if (fmt.isInf(bits))
    text = (bits & fmt.signMask) ? "-inf" : "inf";
  else
    text = shortestDecimal(bits, t);
  std::snprintf(buf, sizeof(buf), " (0x%0*" PRIx64 ")",
                static_cast<int>((bitWidth(t) + 3) / 4), bits);
  return text + buf;
}

static std::string formatCoords(ArrayRef<int64_t> coords) {
  std::string s = "[";
  for (auto [i, c] : llvm::enumerate(coords)) {
    if (i)
      s += ", ";
    s += std::to_string(c);
  }
  return s + "]";
}

static std::string formatDouble(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3g", v);
  return buf;
}

llvm::StringRef statusName(OutputResult::Status s) {
  switch (s) {
  case OutputResult::Pass:
    return "pass";
  case OutputResult::Mismatch:
    return "mismatch";
  case OutputResult::Undecided:
    return "undecided";
  case OutputResult::Malformed:
    return "malformed";
  }
  return "?";
}

std::string describe(const OutputResult &r) {
  std::string s = "output " + std::to_string(r.index) + " (" + r.type + "): ";
  switch (r.status) {
  case OutputResult::Pass:
    s += "pass (" + r.rule;
    if (r.maxUlpDistance)
      s += ", max " + std::to_string(r.maxUlpDistance) + " ULP";
    return s + ")";
  case OutputResult::Malformed:
  case OutputResult::Undecided:
    return s + statusName(r.status).str() + ": " + r.message;
  case OutputResult::Mismatch:
    break;
  }
  s += std::to_string(r.numDiffering) + " of " + std::to_string(r.numElements) +
       " elements differ; ";
  if (r.expected.empty())
    return s + r.message;
  s += "first at " + formatCoords(r.firstCoords) + ": expected " + r.expected +
       ", actual " + r.actual;
  if (r.ulpDistance)
    s += ", " + std::to_string(r.ulpDistance) + " ULP";
  if (!r.message.empty())
    s += "; " + r.message;
  return s;
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

llvm::Expected<Tensor> loadOutputFile(StringRef path, DType expectedType,
                                      ArrayRef<int64_t> expectedShape) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        path + ": cannot open: " + buf.getError().message());
  StringRef bytes = (*buf)->getBuffer();
  if (!bytes.starts_with(StringRef("\x93NUMPY", 6)))
    return readRawFile(path, expectedType, expectedShape);

  llvm::Expected<Tensor> t = parseNpy(bytes, path);
  if (!t)
    return t.takeError();
  bool retag = (t->dtype() == DType::I64 && expectedType == DType::Index) ||
               (t->dtype() == DType::I8 && expectedType == DType::I1);
  if (!retag)
    return t;
  Tensor out(expectedType, t->shape());
  if (t->byteSize())
    std::memcpy(out.data(), t->data(), t->byteSize());
  if (expectedType == DType::I1)
    for (int64_t i = 0, e = out.numElements(); i < e; ++i)
      out.data()[i] = out.data()[i] != 0;
  return std::move(out);
}

/// Why a failing finite pair failed, beyond the values themselves.
static std::string failureReason(const ElementComparer &cmp, uint64_t g,
                                 uint64_t a) {
  DType dtype = cmp.type();
  const FloatFormat &fmt = cmp.format();
  if (!isFloat(dtype))
    return "";
  if (fmt.isZero(g) && fmt.isZero(a))
    return "the sign of zero differs (strict signed zeros)";
  if (cmp.isReduction() && !fmt.isNaN(g) && !fmt.isNaN(a) && !fmt.isInf(g) &&
      !fmt.isInf(a))
    return "|actual - expected| = " +
           formatDouble(std::fabs(bitsToDouble(a, dtype) -
                                  bitsToDouble(g, dtype))) +
           " exceeds the reduction bound " +
           formatDouble(cmp.reductionBound(bitsToDouble(g, dtype)));
  return "";
}

//===----------------------------------------------------------------------===//
// Comparing
//===----------------------------------------------------------------------===//

namespace {

/// A tie group that failed for one output (rule 5).
struct GroupFailure {
  /// Smallest position of the group: orders failures.
  int64_t anchor;
  /// The group's first listed position: named in the message.
  int64_t start;
  int64_t size;
  bool multiset;
};

/// One output being compared.
struct OutputState {
  const Tensor *golden = nullptr;
  const Tensor *actual = nullptr;
  const OutputFreedom *freedom = nullptr;
  bool comparable = false;
  std::vector<GroupFailure> groupFailures;
};

std::string canonicalType(const Tensor &t) {
  return shapeTypeString(t.shape(), t.dtype());
}

OutputResult makeResult(unsigned index, const Tensor &golden) {
  OutputResult r;
  r.index = index;
  r.type = canonicalType(golden);
  r.numElements = golden.numElements();
  return r;
}

/// Checks that a freedom entry fits its golden; the parser checks the same
/// for reports read from JSON, this covers entries built in code.
std::string freedomProblem(const OutputFreedom &f, const Tensor &golden) {
  if (f.dtype != golden.dtype() || ArrayRef<int64_t>(f.shape) != golden.shape())
    return "the freedom report describes " + shapeTypeString(f.shape, f.dtype) +
           " but the golden is " + canonicalType(golden);
  int64_t n = golden.numElements();
  std::vector<uint8_t> seen;
  if (!f.tieGroups.empty())
    seen.assign(n, 0);
  for (const auto &g : f.tieGroups)
    for (int64_t p : g) {
      if (p < 0 || p >= n)
        return "the freedom report names tie group position " +
               std::to_string(p) + " of " + std::to_string(n) + " elements";
      if (seen[p]++)
        return "the freedom report names position " + std::to_string(p) +
               " in more than one tie group";
    }
  for (const auto &w : f.multiWrites)
    if (w.position < 0 || w.position >= n)
      return "the freedom report names multi-write position " +
             std::to_string(w.position) + " of " + std::to_string(n) +
             " elements";
  return "";
}

/// Rule 5 for one family: outputs of one sort, compared jointly.
class TieFamily {
public:
  TieFamily(std::vector<OutputState *> members, const OracleOptions &opts)
      : members(std::move(members)), strictZeros(opts.strictSignedZeros) {
    for (OutputState *m : this->members)
      formats.push_back(isFloat(m->golden->dtype())
                            ? FloatFormat(m->golden->dtype())
                            : FloatFormat());
  }

  void run() {
    for (const auto &group : members.front()->freedom->tieGroups)
      if (!group.empty() && !sameInPlace(group))
        compareGroup(group);
  }

private:
  uint64_t canonical(size_t m, const Tensor &t, int64_t p) const {
    uint64_t b = t.load(p);
    if (t.dtype() == DType::I1)
      return b & 1;
    return isFloat(t.dtype()) ? formats[m].canonical(b, strictZeros) : b;
  }

  bool sameInPlace(ArrayRef<int64_t> group) const {
    for (auto [m, s] : llvm::enumerate(members))
      for (int64_t p : group)
        if (canonical(m, *s->golden, p) != canonical(m, *s->actual, p))
          return false;
    return true;
  }

  /// The sorted values of member `m` over the group.
  std::vector<uint64_t> sortedValues(size_t m, const Tensor &t,
                                     ArrayRef<int64_t> group) const {
    std::vector<uint64_t> v;
    v.reserve(group.size());
    for (int64_t p : group)
      v.push_back(canonical(m, t, p));
    llvm::sort(v);
    return v;
  }

  /// The tuples over `which` members at every group position, sorted.
  std::vector<uint64_t> sortedTuples(ArrayRef<size_t> which, bool actual,
                                     ArrayRef<int64_t> group) const {
    size_t width = which.size();
    std::vector<uint64_t> flat;
    flat.reserve(group.size() * width);
    for (int64_t p : group)
      for (size_t m : which) {
        const OutputState *s = members[m];
        flat.push_back(canonical(m, actual ? *s->actual : *s->golden, p));
      }
    std::vector<size_t> order(group.size());
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    llvm::sort(order, [&](size_t x, size_t y) {
      return std::lexicographical_compare(
          flat.begin() + x * width, flat.begin() + (x + 1) * width,
          flat.begin() + y * width, flat.begin() + (y + 1) * width);
    });
    std::vector<uint64_t> sorted;
    sorted.reserve(flat.size());
    for (size_t i : order)
      sorted.insert(sorted.end(), flat.begin() + i * width,
                    flat.begin() + (i + 1) * width);
    return sorted;
  }

  void compareGroup(ArrayRef<int64_t> group) {
    int64_t anchor = *std::min_element(group.begin(), group.end());
    GroupFailure failure{anchor, group.front(),
                         static_cast<int64_t>(group.size()), true};
    llvm::SmallVector<size_t> agreeing;
    for (auto [m, s] : llvm::enumerate(members)) {
      if (sortedValues(m, *s->golden, group) ==
          sortedValues(m, *s->actual, group))
        agreeing.push_back(m);
      else
        s->groupFailures.push_back(failure);
    }
    if (agreeing.size() < 2 || sortedTuples(agreeing, false, group) ==
                                   sortedTuples(agreeing, true, group))
      return;
    failure.multiset = false;
    for (size_t m : agreeing)
      members[m]->groupFailures.push_back(failure);
  }

  std::vector<OutputState *> members;
  std::vector<FloatFormat> formats;
  bool strictZeros;
};

/// Groups outputs with tie groups into families (same non-empty origin and
/// identical groups) and runs rule 5 on each.
void compareTieGroups(std::vector<OutputState> &states,
                      const OracleOptions &opts) {
  std::vector<std::vector<OutputState *>> families;
  for (OutputState &s : states) {
    if (!s.comparable || !s.freedom || s.freedom->tieGroups.empty())
      continue;
    auto it = llvm::find_if(families, [&](const auto &fam) {
      const OutputFreedom &f = *fam.front()->freedom;
      return !f.origin.empty() && f.origin == s.freedom->origin &&
             f.tieGroups == s.freedom->tieGroups;
    });
    if (it == families.end())
      families.push_back({&s});
    else
      it->push_back(&s);
  }
  for (auto &fam : families)
    TieFamily(std::move(fam), opts).run();
}

/// The most specific rule an output's freedom brings into play.
std::string outputRule(const OutputFreedom *f, const ElementComparer &cmp,
                       DType t) {
  if (f && !f->derivedFrom.empty())
    return "derived";
  if (f && !f->tieGroups.empty())
    return "tie-groups";
  if (f && !f->multiWrites.empty())
    return "multi-writes";
  if (cmp.isReduction())
    return "reduction";
  return isFloat(t) ? "float" : "exact";
}

/// Rules 2-7 for one comparable output (tie groups already compared).
OutputResult compareOne(unsigned index, const OutputState &s,
                        const OracleOptions &opts) {
  const Tensor &golden = *s.golden, &actual = *s.actual;
  const OutputFreedom *f = s.freedom;
  DType t = golden.dtype();
  OutputResult r = makeResult(index, golden);
  ElementComparer cmp(golden, opts, f ? f->reductionLength : 0);
  r.rule = outputRule(f, cmp, t);

  std::vector<uint8_t> inGroup;
  if (f && !f->tieGroups.empty()) {
    inGroup.assign(golden.numElements(), 0);
    for (const auto &g : f->tieGroups)
      for (int64_t p : g)
        inGroup[p] = 1;
  }
  llvm::DenseMap<int64_t, const MultiWriteFreedom *> multiWrites;
  if (f)
    for (const auto &w : f->multiWrites)
      multiWrites[w.position] = &w;

  // The first elementwise failure.
  int64_t firstElement = -1;
  const MultiWriteFreedom *firstWrite = nullptr;
  ElementVerdict firstVerdict;
  int64_t elementFailures = 0;

  bool identical =
      golden.byteSize() == actual.byteSize() &&
      (golden.byteSize() == 0 ||
       std::memcmp(golden.data(), actual.data(), golden.byteSize()) == 0);
  for (int64_t i = 0, e = golden.numElements(); !identical && i < e; ++i) {
    uint64_t g = golden.load(i), a = actual.load(i);
    if (g == a || golden.isUndef(i) || (!inGroup.empty() && inGroup[i]))
      continue;
    ElementVerdict v;
    auto w = multiWrites.find(i);
    if (w != multiWrites.end()) {
      v.pass = false;
      for (uint64_t c : w->second->candidateBits) {
        ElementVerdict vc = cmp.compare(c, a, /*withReduction=*/false);
        if (vc.pass) {
          v = vc;
          break;
        }
      }
    } else {
      v = cmp.compare(g, a, /*withReduction=*/true);
    }
    if (v.finitePair)
      r.maxUlpDistance = std::max(r.maxUlpDistance, v.ulp);
    if (v.pass)
      continue;
    if (firstElement < 0) {
      firstElement = i;
      firstVerdict = v;
      firstWrite = w != multiWrites.end() ? w->second : nullptr;
    }
    ++elementFailures;
  }

  // Merge with the tie group failures; the earliest one is reported.
  r.numDiffering = elementFailures;
  const GroupFailure *firstGroup = nullptr;
  for (const GroupFailure &gf : s.groupFailures) {
    r.numDiffering += gf.size;
    if (!firstGroup || gf.anchor < firstGroup->anchor)
      firstGroup = &gf;
  }
  if (firstGroup && (firstElement < 0 || firstGroup->anchor < firstElement)) {
    r.firstDiffering = firstGroup->anchor;
    r.firstCoords = golden.coordinates(firstGroup->anchor);
    r.rule = "tie-groups";
    r.message = "tie group starting at " +
                formatCoords(golden.coordinates(firstGroup->start)) + ": " +
                (firstGroup->multiset ? "values differ as a multiset"
                                      : "payload does not travel with its key");
  } else if (firstElement >= 0) {
    uint64_t g = golden.load(firstElement), a = actual.load(firstElement);
    r.firstDiffering = firstElement;
    r.firstCoords = golden.coordinates(firstElement);
    r.actual = formatValue(a, t);
    r.ulpDistance = firstVerdict.finitePair ? firstVerdict.ulp : 0;
    if (firstWrite) {
      r.rule = "multi-writes";
      r.expected = "one of";
      for (auto [k, c] : llvm::enumerate(firstWrite->candidateBits))
        r.expected += (k ? ", " : " ") + formatValue(c, t);
      r.message = "not a value any order of the " +
                  std::to_string(firstWrite->updates.size()) +
                  " writes can leave";
      r.ulpDistance = 0;
    } else {
      r.rule = cmp.isReduction() ? "reduction" : isFloat(t) ? "float" : "exact";
      r.expected = formatValue(g, t);
      r.message = failureReason(cmp, g, a);
    }
  }

  // Agreeing with the golden is sound evidence even for a derived value;
  // only a difference cannot be judged.
  if (f && !f->derivedFrom.empty() && r.numDiffering) {
    r.status = OutputResult::Undecided;
    r.rule = "derived";
    r.message = "computed from a result with freedom (" + f->derivedFrom +
                ") by an op that does not track it; " +
                std::to_string(r.numDiffering) + " of " +
                std::to_string(r.numElements) +
                " elements differ from the golden";
    return r;
  }
  if (f && !f->maskedOutOfBoundsRead.empty() && r.numDiffering) {
    r.status = OutputResult::Undecided;
    r.rule = "masked-read";
    r.message = "the program reads out of bounds (" +
                f->maskedOutOfBoundsRead +
                ", the value discarded by a select), which MLIR leaves "
                "undefined; " +
                std::to_string(r.numDiffering) + " of " +
                std::to_string(r.numElements) +
                " elements differ from the golden";
    return r;
  }
  r.status = r.numDiffering ? OutputResult::Mismatch : OutputResult::Pass;
  return r;
}

} // namespace

OutputResult malformedOutput(unsigned index, const Tensor &golden,
                             std::string message) {
  OutputResult r = makeResult(index, golden);
  r.status = OutputResult::Malformed;
  r.rule = "malformed";
  r.message = std::move(message);
  return r;
}

OutputResult missingOutput(unsigned index, const Tensor &golden,
                           StringRef path) {
  return malformedOutput(index, golden,
                         ("missing output file '" + path + "'").str());
}

std::vector<OutputResult> compareOutputs(ArrayRef<Tensor> goldens,
                                         ArrayRef<Tensor> actuals,
                                         ArrayRef<OutputFreedom> freedom,
                                         const OracleOptions &opts) {
  // Complex outputs compare as their real and imaginary parts, each a float
  // under the part type's rules (a reduction's bound applies to each part).
  // Complex results carry no tie groups or multi-writes (no comparator or
  // combiner of the interpreter's yields them).
  auto isComplexTensor = [](const Tensor &t) { return isComplex(t.dtype()); };
  if (llvm::any_of(goldens, isComplexTensor) ||
      llvm::any_of(actuals, isComplexTensor)) {
    auto parts = [&](ArrayRef<Tensor> ts) {
      std::vector<Tensor> out;
      for (const Tensor &t : ts)
        out.push_back(isComplexTensor(t) ? complexAsParts(t) : t);
      return out;
    };
    std::vector<Tensor> g = parts(goldens), a = parts(actuals);
    std::vector<OutputFreedom> f(freedom.begin(), freedom.end());
    for (OutputFreedom &of : f)
      if (isComplex(of.dtype)) {
        of.dtype = complexPartType(of.dtype);
        of.shape.push_back(2);
        of.tieGroups.clear();
        of.multiWrites.clear();
      }
    return compareOutputs(g, a, f, opts);
  }
  std::vector<OutputState> states(goldens.size());
  std::vector<OutputResult> results(std::max(goldens.size(), actuals.size()));
  for (const OutputFreedom &f : freedom)
    if (f.index < states.size() && !states[f.index].freedom)
      states[f.index].freedom = &f;

  for (size_t i = 0; i < results.size(); ++i) {
    if (i >= goldens.size()) {
      results[i] = malformedOutput(i, actuals[i],
                                   "IREE returned an output the golden run "
                                   "does not have");
      continue;
    }
    OutputState &s = states[i];
    s.golden = &goldens[i];
    if (i >= actuals.size()) {
      results[i] = malformedOutput(
          i, goldens[i], "IREE returned no output " + std::to_string(i));
      continue;
    }
    s.actual = &actuals[i];
    if (s.actual->dtype() != s.golden->dtype() ||
        s.actual->shape() != s.golden->shape()) {
      results[i] =
          malformedOutput(i, goldens[i],
                          "actual is " + canonicalType(*s.actual) +
                              ", golden is " + canonicalType(*s.golden));
      continue;
    }
    // A default-constructed Tensor (a placeholder for an unreadable file)
    // can agree in type with a rank-0 golden but holds no data.
    if (s.actual->byteSize() != s.golden->byteSize()) {
      results[i] = malformedOutput(
          i, goldens[i],
          "actual holds " + std::to_string(s.actual->byteSize()) +
              " bytes, golden " + std::to_string(s.golden->byteSize()));
      continue;
    }
    if (s.freedom) {
      std::string problem = freedomProblem(*s.freedom, *s.golden);
      if (!problem.empty()) {
        results[i] = malformedOutput(i, goldens[i], std::move(problem));
        continue;
      }
    }
    s.comparable = true;
  }

  compareTieGroups(states, opts);
  for (auto [i, s] : llvm::enumerate(states))
    if (s.comparable)
      results[i] = compareOne(i, s, opts);
  return results;
}

bool allPass(ArrayRef<OutputResult> results) {
  return llvm::none_of(results,
                       [](const OutputResult &r) { return r.failed(); });
}

} // namespace ref
