//===- LinalgExtSortKernels.cpp - sort, topk, topk_v2, arg_compare --------===//
//
// The iree_linalg_ext ops ordered by a comparator region. Semantics follow
// IREE's scalar lowerings (TilingInterfaceImpl.cpp,
// generateScalarImplementation), with these decisions:
//  - sort: a stable merge sort that calls the comparator O(N log N) times
//    and tolerates any comparator; the element pairs the comparator leaves
//    unordered (cmp(a,b) == cmp(b,a)) are reported as tie groups, because
//    IREE's order among them is unspecified. A comparator that is not a
//    strict weak ordering on the data (NaN keys under olt) is a finding.
//  - topk: IREE's insertion: each input element, in order, is carried
//    through the K slots; value and index move on cmp(carry, slot), the
//    index alone also on a tie when the carried index is smaller.
//  - arg_compare: the sequential scan's winner under cmp(candidate, best)
//    (strict comparators: the first of equal values; non-strict: the last).
//  - comparators must be weak orderings of the values they see (for topk
//    and arg_compare the outputs' initial contents too): NaN under
//    olt/ogt/oge is a finding per line. A non-strict comparator (oge, sge)
//    on equal values is defined: the scalar loop's result, with each slot
//    holding a member of such a tie class reported as multi-writes (any
//    member's value and index); likewise topk_v2's class split by the K-th
//    slot (TieClasses, TieChoices).
//
// Speed (docs/performance.md); each gives what the general code gives:
//  - sort and topk with a comparator that is one strict comparison of a key
//    (olt, ogt, slt, ...) order natively when no key is NaN: a stable sort
//    yields the merge sort's permutation, and the orderings are strict weak
//    on such data, so there is nothing to report;
//  - lines are split into tasks.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/kernels/LinalgExtCommon.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <type_traits>
#include <utility>

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
using namespace linalg_ext_kernels;
namespace {

/// Whether `less` is a strict weak ordering on the elements in `perm`
/// order (the output of mergeSortPositions): every element ties with the
/// first of its run of ties, and each run strictly precedes the next
/// (checked against the first element of each side). O(n) calls.
template <typename Less>
bool isStrictWeakOrder(const std::vector<int64_t> &perm, Less &&less) {
  auto tie = [&](int64_t a, int64_t b) { return less(a, b) == less(b, a); };
  int64_t len = perm.size(), start = 0, prevStart = -1;
  for (int64_t i = 1; i <= len; ++i) {
    if (i < len && tie(perm[i - 1], perm[i]))
      continue;
    for (int64_t m = start + 1; m < i; ++m)
      if (!tie(perm[start], perm[m]))
        return false;
    if (prevStart >= 0) {
      for (int64_t m = start; m < i; ++m)
        if (!less(perm[prevStart], perm[m]))
          return false;
      for (int64_t m = prevStart; m < start; ++m)
        if (!less(perm[m], perm[start]))
          return false;
    }
    prevStart = start;
    start = i;
  }
  return true;
}

/// The classes of a weak ordering `less` on positions 0..n-1: the runs of
/// tied elements (less(a, b) == less(b, a)) of `perm`, the merge sort's
/// order, on which isStrictWeakOrder holds. A class is `nonStrict` when two
/// of its members are each "before" the other (a non-strict comparator such
/// as oge on equal values): which member an insertion or a scan keeps then
/// depends on the order of its comparisons, which IREE's lowerings do not
/// share (the scalar loop keeps the last one, a split reduction another).
struct TieClasses {
  std::vector<int64_t> classOf;              // by position
  std::vector<std::vector<int64_t>> members; // by class
  std::vector<char> nonStrict;               // by class
};

template <typename Less>
TieClasses tieClassesOf(const std::vector<int64_t> &perm, Less &&less) {
  TieClasses tc;
  tc.classOf.assign(perm.size(), 0);
  for (size_t i = 0; i < perm.size(); ++i) {
    bool fwd = i > 0 && less(perm[i - 1], perm[i]);
    bool rev = i > 0 && less(perm[i], perm[i - 1]);
    if (i == 0 || fwd != rev) {
      tc.members.emplace_back();
      tc.nonStrict.push_back(0);
    } else if (fwd) {
      tc.nonStrict.back() = 1;
    }
    tc.members.back().push_back(perm[i]);
    tc.classOf[perm[i]] = tc.members.size() - 1;
  }
  return tc;
}

/// Output positions whose value depends on the tie-break of a non-strict
/// comparator, with the raw bits each may legally hold (reported as
/// multi-writes: the oracle accepts any candidate). Collected line by line,
/// stored in position order.
struct TieChoices {
  std::vector<std::pair<int64_t, std::vector<uint64_t>>> entries;

  void add(int64_t position, std::vector<uint64_t> candidates) {
    llvm::sort(candidates);
    candidates.erase(std::unique(candidates.begin(), candidates.end()),
                     candidates.end());
    if (candidates.size() > 1)
      entries.emplace_back(position, std::move(candidates));
  }
  /// The freedom of one result (null when no position has a choice).
  std::shared_ptr<Freedom> freedom(const std::string &origin) {
    if (entries.empty())
      return nullptr;
    llvm::sort(entries, [](const auto &x, const auto &y) {
      return x.first < y.first;
    });
    auto f = std::make_shared<Freedom>();
    f->origin = origin;
    for (auto &[position, candidates] : entries) {
      f->multiWrites.add(position, {});
      f->multiWrites.addCandidates(candidates);
    }
    return f;
  }
};

//===----------------------------------------------------------------------===//
// Native comparators
//===----------------------------------------------------------------------===//

/// Offset of the first element of line `line` along `dim` (lines numbered
/// row-major over the other dims, as forEachLine visits them).
int64_t lineBase(ArrayRef<int64_t> shape, int64_t dim, int64_t line) {
  Shape strides = rowMajorStrides(shape);
  int64_t base = 0;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (d == dim)
      continue;
    base += (line % shape[d]) * strides[d];
    line /= shape[d];
  }
  return base;
}

/// A comparator region that is one strict comparison of two block
/// arguments: cmp(args) = args[lhsArg] < args[rhsArg] for cmpf olt/ult and
/// cmpi slt/ult, or > for ogt/ugt and sgt/ugt. On data without NaN it is a strict
/// weak ordering whose ties are the equal values (+0 and -0 among them), so
/// a kernel may order natively with `<` on the values and get what the
/// comparator would give. Keys are compared as values: f32 as float, other
/// floats widened exactly to double, integers sign- or zero-extended by the
/// predicate.
struct NativeOrder {
  DType type;
  bool greater; // the comparison is `>`
  bool isSigned;
  unsigned lhsArg, rhsArg;
};

std::optional<NativeOrder> matchNativeOrder(const CompiledRegion &cr) {
  std::optional<CompiledRegion::ArgCompare> c = cr.asArgCompare();
  if (!c)
    return std::nullopt;
  const ScalarOpDesc &d = c->desc;
  bool lt, gt, isSigned = false;
  if (d.op == ScalarOpcode::CmpF) {
    auto p = static_cast<CmpFPred>(d.predicate);
    lt = p == CmpFPred::OLT || p == CmpFPred::ULT;
    gt = p == CmpFPred::OGT || p == CmpFPred::UGT;
  } else {
    auto p = static_cast<CmpIPred>(d.predicate);
    lt = p == CmpIPred::slt || p == CmpIPred::ult;
    gt = p == CmpIPred::sgt || p == CmpIPred::ugt;
    isSigned = p == CmpIPred::slt || p == CmpIPred::sgt;
  }
  if (!lt && !gt)
    return std::nullopt;
  return NativeOrder{d.type, gt, isSigned, c->lhsArg, c->rhsArg};
}

/// Decodes raw key bits into values that compare as the predicate does.
/// K is float for f32 keys, double for the other floats, int64_t or
/// uint64_t for integers.
template <typename K> struct KeyDecoder {
  DType type;
  BatchFn widen = nullptr; // floats other than f32 and f64: extf to f64
  ScalarOpDesc widenDesc{ScalarOpcode::ExtF, DType::F64, DType::F64};

  explicit KeyDecoder(DType t) : type(t) {
    if constexpr (std::is_same_v<K, double>)
      if (t != DType::F64) {
        widenDesc = {ScalarOpcode::ExtF, t, DType::F64};
        widen = selectFast(widenDesc);
      }
  }
  /// Decodes n keys in place: bits in, K's bits out.
  void decode(const uint64_t *bits, K *out, int64_t n) const {
    if constexpr (std::is_same_v<K, float>) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = llvm::bit_cast<float>(static_cast<uint32_t>(bits[i]));
    } else if constexpr (std::is_same_v<K, double>) {
      if (!widen) {
        for (int64_t i = 0; i < n; ++i)
          out[i] = llvm::bit_cast<double>(bits[i]);
        return;
      }
      for (int64_t i = 0; i < n; i += 256) {
        int m = static_cast<int>(std::min<int64_t>(256, n - i));
        uint64_t wide[256];
        UBKind ub;
        widen(widenDesc, wide, bits + i, bits + i, bits + i, m, ub);
        for (int j = 0; j < m; ++j)
          out[i + j] = llvm::bit_cast<double>(wide[j]);
      }
    } else if constexpr (std::is_same_v<K, int64_t>) {
      for (int64_t i = 0; i < n; ++i)
        out[i] = signExtend(bits[i], type);
    } else {
      for (int64_t i = 0; i < n; ++i)
        out[i] = truncBits(bits[i], type);
    }
  }
};

/// Calls fn(KeyDecoder<K>) with the key type that fits `o`.
template <typename Fn> auto withKeyType(const NativeOrder &o, Fn &&fn) {
  if (o.type == DType::F32)
    return fn(KeyDecoder<float>(o.type));
  if (isFloat(o.type))
    return fn(KeyDecoder<double>(o.type));
  if (o.isSigned)
    return fn(KeyDecoder<int64_t>(o.type));
  return fn(KeyDecoder<uint64_t>(o.type));
}

/// Whether some element of `t` is a NaN key.
template <typename K>
bool hasNaN(const KeyDecoder<K> &dec, const Tensor &t) {
  if constexpr (!std::is_floating_point_v<K>)
    return false;
  std::vector<uint64_t> bits(std::min<int64_t>(t.numElements(), 4096));
  std::vector<K> keys(bits.size());
  for (int64_t i = 0; i < t.numElements(); i += bits.size()) {
    int64_t m = std::min<int64_t>(bits.size(), t.numElements() - i);
    loadBits(t, i, 1, m, bits.data());
    dec.decode(bits.data(), keys.data(), m);
    for (int64_t j = 0; j < m; ++j)
      if (std::isnan(keys[j]))
        return true;
  }
  return false;
}

/// Sorts every line of `outs` along `dim` by operand `key` (ascending:
/// `<` on the values) with a stable sort, which gives the permutation of the
/// stable merge sort under the comparator; appends the tie groups (runs of
/// equal keys) in line order. False (nothing done) when a key is NaN.
template <typename K>
bool sortNatively(const KeyDecoder<K> &dec, unsigned key, bool ascending,
                  MutableArrayRef<Tensor> outs, int64_t dim,
                  Freedom &freedom, Interpreter &interp) {
  const Tensor &keys = outs[key];
  if (hasNaN(dec, keys))
    return false;
  int64_t len = keys.dim(dim);
  if (len == 0 || keys.numElements() == 0)
    return true;
  if (len > int64_t(UINT32_MAX))
    return false;
  int64_t numLines = keys.numElements() / len;
  int64_t stride = rowMajorStrides(keys.shape())[dim];
  int64_t per = unitsPerTask(interp, numLines, len * 20);
  int64_t tasks = (numLines + per - 1) / per;
  std::vector<std::vector<std::vector<int64_t>>> groups(tasks);
  interp.parallelFor(tasks, [&](int64_t t) {
    std::vector<std::pair<K, uint32_t>> items(len);
    std::vector<uint64_t> bits(len);
    std::vector<K> decoded(len);
    for (int64_t line = t * per; line < std::min(numLines, (t + 1) * per);
         ++line) {
      int64_t base = lineBase(keys.shape(), dim, line);
      loadBits(keys, base, stride, len, bits.data());
      dec.decode(bits.data(), decoded.data(), len);
      for (int64_t i = 0; i < len; ++i)
        items[i] = {decoded[i], static_cast<uint32_t>(i)};
      if (ascending)
        std::stable_sort(items.begin(), items.end(),
                         [](auto &x, auto &y) { return x.first < y.first; });
      else
        std::stable_sort(items.begin(), items.end(),
                         [](auto &x, auto &y) { return x.first > y.first; });
      int64_t start = 0;
      for (int64_t i = 1; i <= len; ++i) {
        if (i < len && items[i - 1].first == items[i].first)
          continue;
        if (i - start > 1) {
          std::vector<int64_t> group;
          for (int64_t m = start; m < i; ++m)
            group.push_back(base + m * stride);
          groups[t].push_back(std::move(group));
        }
        start = i;
      }
      for (Tensor &o : outs) {
        for (int64_t m = 0; m < len; ++m)
          bits[m] = o.load(base + items[m].second * stride);
        storeBits(o, base, stride, len, bits.data());
      }
    }
  });
  for (auto &g : groups)
    for (auto &group : g)
      freedom.tieGroups.push_back(std::move(group));
  return true;
}

/// IREE's topk insertion (see topkKernel) with the comparison done natively
/// (cmp(x, y) is x < y when `cmpIsLess`, else x > y). False (nothing done)
/// when a value or an initial output value is NaN: then the comparator is
/// not a strict ordering of what it sees, which topkKernel reports.
/// One line of topk: slots (values sv with keys sk, indices si
/// sign-extended) take each value in turn as IREE's insertion does.
template <typename K, bool CmpIsLess>
void insertLine(int64_t n, int64_t k, const K *keys, const uint64_t *bits,
                const int64_t *idx, K *sk, uint64_t *sv, int64_t *si) {
  for (int64_t j = 0; j < n; ++j) {
    K ck = keys[j];
    uint64_t cv = bits[j];
    int64_t ci = idx[j];
    for (int64_t s = 0; s < k; ++s) {
      bool fwd = CmpIsLess ? ck < sk[s] : ck > sk[s];
      bool rev = CmpIsLess ? sk[s] < ck : sk[s] > ck;
      bool takeIdx = fwd || (fwd == rev && ci < si[s]);
      if (fwd) {
        std::swap(ck, sk[s]);
        std::swap(cv, sv[s]);
      }
      if (takeIdx)
        std::swap(ci, si[s]);
    }
  }
}

/// IREE's topk insertion (see topkKernel) with the comparison done natively
/// (cmp(x, y) is x < y when `cmpIsLess`, else x > y). False (nothing done)
/// when a value or an initial output value is NaN: then the comparator is
/// not a strict ordering of what it sees, which topkKernel reports.
template <typename K>
bool topkNatively(const KeyDecoder<K> &dec, bool cmpIsLess,
                  const Tensor &values, const Tensor *inIdx, Tensor &outV,
                  Tensor &outI, int64_t dim, Interpreter &interp) {
  if (values.rank() != outV.rank() || outI.shape() != outV.shape() ||
      (inIdx && inIdx->shape() != values.shape()))
    return false;
  for (int64_t d = 0; d < values.rank(); ++d)
    if (d != dim && values.dim(d) != outV.dim(d))
      return false;
  if (hasNaN(dec, values) || hasNaN(dec, outV))
    return false;
  int64_t n = values.dim(dim), k = outV.dim(dim);
  if (n == 0 || values.numElements() == 0)
    return true;
  int64_t numLines = values.numElements() / n;
  int64_t stride = rowMajorStrides(values.shape())[dim];
  int64_t outStride = rowMajorStrides(outV.shape())[dim];
  DType idxType = outI.dtype();
  int64_t per = unitsPerTask(interp, numLines, n * std::max<int64_t>(k, 1));
  int64_t tasks = (numLines + per - 1) / per;
  interp.parallelFor(tasks, [&](int64_t t) {
    std::vector<K> sk(k), keys(n);
    std::vector<uint64_t> sv(k), bits(n), raw(std::max(n, k));
    std::vector<int64_t> si(k), idx(n);
    for (int64_t line = t * per; line < std::min(numLines, (t + 1) * per);
         ++line) {
      int64_t base = lineBase(values.shape(), dim, line);
      int64_t outBase = lineBase(outV.shape(), dim, line);
      loadBits(outV, outBase, outStride, k, sv.data());
      dec.decode(sv.data(), sk.data(), k);
      loadBits(outI, outBase, outStride, k, raw.data());
      for (int64_t s = 0; s < k; ++s)
        si[s] = signExtend(raw[s], idxType);
      loadBits(values, base, stride, n, bits.data());
      dec.decode(bits.data(), keys.data(), n);
      if (inIdx) {
        loadBits(*inIdx, base, stride, n, raw.data());
        for (int64_t j = 0; j < n; ++j)
          idx[j] = signExtend(raw[j], idxType);
      } else {
        for (int64_t j = 0; j < n; ++j)
          idx[j] = signExtend(static_cast<uint64_t>(j), idxType);
      }
      if (cmpIsLess)
        insertLine<K, true>(n, k, keys.data(), bits.data(), idx.data(),
                            sk.data(), sv.data(), si.data());
      else
        insertLine<K, false>(n, k, keys.data(), bits.data(), idx.data(),
                             sk.data(), sv.data(), si.data());
      storeBits(outV, outBase, outStride, k, sv.data());
      for (int64_t s = 0; s < k; ++s)
        raw[s] = truncBits(static_cast<uint64_t>(si[s]), idxType);
      storeBits(outI, outBase, outStride, k, raw.data());
    }
  });
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

static LogicalResult sortKernel(Operation *op, Frame &frame) {
  auto sortOp = cast<ext::SortOp>(op);
  if (!sortOp.getInputs().empty())
    return op->emitError("sort with ins(...) operands is not supported");
  unsigned n = sortOp.getOutputs().size();
  auto crOr = bodyOf(op, frame, 2 * n);
  if (failed(crOr))
    return failure();
  SmallVector<Tensor> outs;
  for (Value v : sortOp.getOutputs()) {
    outs.push_back(frame.getTensor(v));
    reportUndefReads(frame, op, outs.back(), "a sorted operand");
  }
  int64_t dim = sortOp.getDimension();
  for (const Tensor &t : outs)
    if (t.shape() != outs[0].shape())
      return op->emitError("sort operands have different shapes at run time");

  auto freedom = std::make_shared<Freedom>();
  freedom->origin = originOf(op);
  auto publish = [&]() {
    for (auto [res, t] : llvm::zip(op->getResults(), outs)) {
      RtValue rv = RtValue::ofTensor(std::move(t));
      if (!freedom->tieGroups.empty())
        rv.freedom = freedom;
      frame.set(res, std::move(rv));
    }
    return success();
  };
  // A comparison of one operand's two elements: sort natively.
  std::optional<NativeOrder> order;
  if (frame.interp.options().fastPaths)
    order = matchNativeOrder(**crOr);
  if (order && order->lhsArg / 2 == order->rhsArg / 2) {
    bool ascending = order->greater == (order->lhsArg % 2 == 1);
    bool done = withKeyType(*order, [&](auto dec) {
      return sortNatively(dec, order->lhsArg / 2, ascending, outs, dim,
                          *freedom, frame.interp);
    });
    if (done)
      return publish();
  }

  ScalarRegion cmp(**crOr, frame);
  SmallVector<uint64_t> args(2 * n);

  forEachLine(outs[0].shape(), dim, [&](int64_t base, int64_t stride,
                                        ArrayRef<int64_t> point) {
    int64_t len = outs[0].dim(dim);
    Shape lineCoords(point.begin(), point.end());
    // less(a, b): the comparator on positions a and b of this line.
    auto less = [&](int64_t a, int64_t b) {
      for (unsigned k = 0; k < n; ++k) {
        args[2 * k] = outs[k].load(base + a * stride);
        args[2 * k + 1] = outs[k].load(base + b * stride);
      }
      lineCoords[dim] = a;
      return (cmp.call(args, lineCoords) & 1) != 0;
    };
    std::vector<int64_t> perm = mergeSortPositions(len, less);
    if (!isStrictWeakOrder(perm, less)) {
      lineCoords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering",
               lineCoords, true,
               "the comparator orders some elements of this line "
               "inconsistently (e.g. NaN keys with olt/ogt); the sorted "
               "order is unspecified");
      return;
    }
    // Tie groups: maximal runs of neighbours the comparator leaves
    // unordered.
    int64_t start = 0;
    for (int64_t i = 1; i <= len; ++i) {
      if (i < len && less(perm[i - 1], perm[i]) == less(perm[i], perm[i - 1]))
        continue;
      if (i - start > 1) {
        std::vector<int64_t> group;
        for (int64_t m = start; m < i; ++m)
          group.push_back(base + m * stride);
        freedom->tieGroups.push_back(std::move(group));
      }
      start = i;
    }
    // Apply the permutation to every operand of the line.
    for (unsigned k = 0; k < n; ++k) {
      std::vector<uint64_t> vals(len);
      for (int64_t m = 0; m < len; ++m)
        vals[m] = outs[k].load(base + perm[m] * stride);
      for (int64_t m = 0; m < len; ++m)
        outs[k].store(base + m * stride, vals[m]);
    }
  });
  return publish();
}

//===----------------------------------------------------------------------===//
// topk, topk_v2, arg_compare
//===----------------------------------------------------------------------===//

/// The operands of a topk must agree at run time on every dim but `dim`
/// (indices like values, output indices like output values). The verifier
/// cannot compare dynamic extents; IREE's loops run over the values' extents
/// and index the outputs with the same coordinates, so a mismatch reads or
/// writes out of bounds: undefined behaviour, reported as linalg and
/// attention report theirs ("out-of-bounds operand access"). False then;
/// the caller returns the outputs' initial contents.
static bool topkShapesAgree(Frame &frame, Operation *op, const Tensor &values,
                            const Tensor *inIdx, const Tensor &outV,
                            const Tensor *outI, int64_t dim) {
  auto str = [](const Tensor &t) { return formatShape(t.shape()); };
  bool ok = values.rank() == outV.rank() && dim >= 0 && dim < values.rank() &&
            (!inIdx || inIdx->shape() == values.shape()) &&
            (!outI || outI->shape() == outV.shape());
  for (int64_t d = 0; ok && d < values.rank(); ++d)
    ok = d == dim || values.dim(d) == outV.dim(d);
  if (ok)
    return true;
  reportUB(frame, op, "out-of-bounds operand access", {}, false,
           "the operands' extents differ at run time (all dims but dimension " +
               std::to_string(dim) + " must match): values " + str(values) +
               (inIdx ? ", indices " + str(*inIdx) : std::string()) +
               ", output values " + str(outV) +
               (outI ? ", output indices " + str(*outI) : std::string()));
  return false;
}

static LogicalResult topkKernel(Operation *op, Frame &frame) {
  auto topk = cast<ext::TopkOp>(op);
  const Tensor &values = frame.getTensor(topk.getValues());
  const Tensor *inIdx =
      topk.getIndices() ? &frame.getTensor(topk.getIndices()) : nullptr;
  Tensor outV = frame.getTensor(topk.getOutputValues());
  Tensor outI = frame.getTensor(topk.getOutputIndices());
  int64_t dim = topk.getDimension();
  if (!topkShapesAgree(frame, op, values, inIdx, outV, &outI, dim)) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(outV)));
    frame.set(op->getResult(1), RtValue::ofTensor(std::move(outI)));
    return success();
  }
  int64_t n = values.dim(dim), k = outV.dim(dim);
  auto crOr = bodyOf(op, frame, 2);
  if (failed(crOr))
    return failure();
  ScalarRegion cmp(**crOr, frame);
  reportUndefReads(frame, op, values, "the input values");
  if (inIdx)
    reportUndefReads(frame, op, *inIdx, "the input indices");
  reportUndefReads(frame, op, outV, "the output values (they take part in "
                                    "the selection)");
  reportUndefReads(frame, op, outI, "the output indices");
  if (k > n)
    reportUB(frame, op, "topk with K greater than N", {}, false,
             "K = " + std::to_string(k) + " > N = " + std::to_string(n));
  // A comparison of the two values: select natively.
  std::optional<NativeOrder> order;
  if (frame.interp.options().fastPaths)
    order = matchNativeOrder(**crOr);
  if (order) {
    bool cmpIsLess = order->greater == (order->lhsArg == 1);
    bool done = withKeyType(*order, [&](auto dec) {
      return topkNatively(dec, cmpIsLess, values, inIdx, outV, outI, dim,
                          frame.interp);
    });
    if (done) {
      frame.set(op->getResult(0), RtValue::ofTensor(std::move(outV)));
      frame.set(op->getResult(1), RtValue::ofTensor(std::move(outI)));
      return success();
    }
  }
  Shape outStrides = rowMajorStrides(outV.shape());
  DType idxType = outI.dtype();
  TieChoices valueChoices, indexChoices;

  forEachLine(values.shape(), dim, [&](int64_t base, int64_t stride,
                                       ArrayRef<int64_t> point) {
    int64_t outBase = 0;
    for (int64_t d = 0; d < values.rank(); ++d)
      if (d != dim)
        outBase += point[d] * outStrides[d];
    int64_t outStride = outStrides[dim];
    Shape coords(point.begin(), point.end());
    // The comparator sees the line's values and the outputs' initial
    // contents (positions 0..k-1 of `seen`, then the n inputs): it must be
    // a weak ordering on them (NaN under olt/ogt is not), or the selection
    // itself depends on the implementation.
    auto seen = [&](int64_t a) {
      return a < k ? outV.load(outBase + a * outStride)
                   : values.load(base + (a - k) * stride);
    };
    auto seenIndex = [&](int64_t a) {
      if (a < k)
        return outI.load(outBase + a * outStride);
      return inIdx ? inIdx->load(base + (a - k) * stride)
                   : truncBits(static_cast<uint64_t>(a - k), idxType);
    };
    // Pairs the selection may never compare: undefined behaviour in the
    // comparator is reported by the selection itself, not here.
    bool ignoredUB = false;
    auto seenLess = [&](int64_t a, int64_t b) {
      return (cmp.callQuietly({seen(a), seen(b)}, ignoredUB) & 1) != 0;
    };
    std::vector<int64_t> perm = mergeSortPositions(k + n, seenLess);
    if (!isStrictWeakOrder(perm, seenLess)) {
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders the values of this line and the "
               "outputs' initial contents inconsistently (e.g. NaN values "
               "with olt/ogt); the selection is unspecified");
    }
    TieClasses classes = tieClassesOf(perm, seenLess);
    // Candidates for the slots that hold a member of a non-strict class
    // (before the selection overwrites the initial contents).
    std::vector<std::vector<uint64_t>> classValues(classes.members.size()),
        classIndices(classes.members.size());
    for (size_t c = 0; c < classes.members.size(); ++c)
      if (classes.nonStrict[c] && classes.members[c].size() > 1)
        for (int64_t m : classes.members[c]) {
          classValues[c].push_back(seen(m));
          classIndices[c].push_back(seenIndex(m));
        }
    // IREE's insertion; slotOf[s]: the `seen` position whose value slot s
    // holds.
    std::vector<int64_t> slotOf(k);
    std::iota(slotOf.begin(), slotOf.end(), 0);
    for (int64_t j = 0; j < n; ++j) {
      coords[dim] = j;
      uint64_t cv = values.load(base + j * stride);
      uint64_t ci = seenIndex(k + j);
      int64_t cs = k + j;
      for (int64_t s = 0; s < k; ++s) {
        int64_t p = outBase + s * outStride;
        uint64_t kv = outV.load(p), ki = outI.load(p);
        bool fwd = cmp.call({cv, kv}, coords) & 1;
        bool rev = cmp.call({kv, cv}, coords) & 1;
        bool firstIdx = signExtend(ci, idxType) < signExtend(ki, idxType);
        bool takeIdx = fwd || (fwd == rev && firstIdx);
        outV.store(p, fwd ? cv : kv);
        outI.store(p, takeIdx ? ci : ki);
        if (fwd) {
          cv = kv;
          std::swap(cs, slotOf[s]);
        }
        if (takeIdx)
          ci = ki;
      }
    }
    // A slot holding a member of a non-strict class may hold any member
    // (value and index; the index never leaves its value's class).
    for (int64_t s = 0; s < k; ++s) {
      int64_t c = classes.classOf[slotOf[s]];
      if (classValues[c].empty())
        continue;
      valueChoices.add(outBase + s * outStride, classValues[c]);
      indexChoices.add(outBase + s * outStride, classIndices[c]);
    }
  });
  RtValue rv = RtValue::ofTensor(std::move(outV)),
          ri = RtValue::ofTensor(std::move(outI));
  rv.freedom = valueChoices.freedom(originOf(op));
  ri.freedom = indexChoices.freedom(originOf(op));
  frame.set(op->getResult(0), std::move(rv));
  frame.set(op->getResult(1), std::move(ri));
  return success();
}

static LogicalResult argCompareKernel(Operation *op, Frame &frame) {
  auto ac = cast<ext::ArgCompareOp>(op);
  const Tensor &in = frame.getTensor(ac.getInputValue());
  const Tensor *inIdx =
      ac.getInputIndex() ? &frame.getTensor(ac.getInputIndex()) : nullptr;
  Tensor outV = frame.getTensor(ac.getOutputValue());
  Tensor outI = frame.getTensor(ac.getOutputIndex());
  int64_t dim = ac.getDimension();
  int64_t indexBase =
      ac.getIndexBase() ? frame.get(ac.getIndexBase()).asIndex() : 0;
  auto crOr = bodyOf(op, frame, 2);
  if (failed(crOr))
    return failure();
  ScalarRegion cmp(**crOr, frame);
  reportUndefReads(frame, op, in, "the input values");
  if (inIdx)
    reportUndefReads(frame, op, *inIdx, "the input indices");
  reportUndefReads(frame, op, outV, "the initial best value");
  reportUndefReads(frame, op, outI, "the initial best index");
  DType idxType = outI.dtype();
  int64_t n = in.dim(dim);
  TieChoices valueChoices, indexChoices;

  forEachLine(in.shape(), dim, [&](int64_t base, int64_t stride,
                                   ArrayRef<int64_t> point) {
    Shape outCoords;
    for (int64_t d = 0; d < in.rank(); ++d)
      if (d != dim)
        outCoords.push_back(point[d]);
    int64_t p = outV.linearIndex(outCoords);
    uint64_t bestV = outV.load(p), bestI = outI.load(p);
    Shape coords(point.begin(), point.end());
    // The comparator sees the initial best value (position 0) and the
    // line's values (1..n): it must be a weak ordering on them (NaN under
    // olt/ogt is not), or even the winning value depends on the order of
    // the comparisons.
    const uint64_t initV = bestV, initI = bestI;
    auto seen = [&](int64_t a) {
      return a == 0 ? initV : in.load(base + (a - 1) * stride);
    };
    auto seenIndex = [&](int64_t a) {
      if (a == 0)
        return initI;
      return inIdx ? inIdx->load(base + (a - 1) * stride)
                   : truncBits(static_cast<uint64_t>(indexBase + a - 1),
                               idxType);
    };
    bool ignoredUB = false;
    auto seenLess = [&](int64_t a, int64_t b) {
      return (cmp.callQuietly({seen(a), seen(b)}, ignoredUB) & 1) != 0;
    };
    std::vector<int64_t> perm = mergeSortPositions(n + 1, seenLess);
    if (!isStrictWeakOrder(perm, seenLess)) {
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders the values of this line and the "
               "initial best value inconsistently (e.g. NaN values with "
               "olt/ogt); the winner is unspecified");
    }
    int64_t bestSeen = 0;
    for (int64_t j = 0; j < n; ++j) {
      coords[dim] = j;
      uint64_t cv = in.load(base + j * stride);
      if (cmp.call({cv, bestV}, coords) & 1) {
        bestV = cv;
        bestI = seenIndex(j + 1);
        bestSeen = j + 1;
      }
    }
    outV.store(p, bestV);
    outI.store(p, bestI);
    outV.setDefined(p);
    outI.setDefined(p);
    // A winner tied under a non-strict comparator (oge on equal maxima):
    // the scan keeps the last, a split reduction merges its partial winners
    // in another order, so any member of the winning class (the initial
    // best value included) is legal, with its index.
    TieClasses classes = tieClassesOf(perm, seenLess);
    int64_t c = classes.classOf[bestSeen];
    if (classes.nonStrict[c] && classes.members[c].size() > 1) {
      std::vector<uint64_t> vals, idxs;
      for (int64_t m : classes.members[c]) {
        vals.push_back(seen(m));
        idxs.push_back(seenIndex(m));
      }
      valueChoices.add(p, std::move(vals));
      indexChoices.add(p, std::move(idxs));
    }
  });
  outV.compactUndef();
  outI.compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(outV)),
          ri = RtValue::ofTensor(std::move(outI));
  rv.freedom = valueChoices.freedom(originOf(op));
  ri.freedom = indexChoices.freedom(originOf(op));
  frame.set(op->getResult(0), std::move(rv));
  frame.set(op->getResult(1), std::move(ri));
  return success();
}

/// topk_v2: the K first elements of the line in comparator order (stable:
/// among ties the smaller index first). Without `is_sorted` the order of the
/// K results is unspecified: each output line is reported as a tie group.
/// With `is_sorted` (and defined initial outputs), IREE's scalar loop
/// exactly (see ireeLoop); initial outputs that tie with or beat an input
/// make both readings allowed (see below).
static LogicalResult topkV2Kernel(Operation *op, Frame &frame) {
  auto topk = cast<ext::TopkV2Op>(op);
  const Tensor &values = frame.getTensor(topk.getValues());
  const Tensor *inIdx =
      topk.getIndices() ? &frame.getTensor(topk.getIndices()) : nullptr;
  Tensor outV = frame.getTensor(topk.getOutputValues());
  std::optional<Tensor> outI;
  if (topk.getOutputIndices())
    outI = frame.getTensor(topk.getOutputIndices());
  int64_t dim = topk.getDimension();
  if (!topkShapesAgree(frame, op, values, inIdx, outV,
                       outI ? &*outI : nullptr, dim)) {
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(outV)));
    if (outI)
      frame.set(op->getResult(1), RtValue::ofTensor(std::move(*outI)));
    return success();
  }
  int64_t n = values.dim(dim), k = outV.dim(dim);
  if (k <= 0 || k > n)
    return op->emitError("topk_v2 needs 0 < K <= N at run time, got K = ")
           << k << ", N = " << n;
  auto crOr = bodyOf(op, frame, 2);
  if (failed(crOr))
    return failure();
  reportUndefReads(frame, op, values, "the input values");
  if (inIdx)
    reportUndefReads(frame, op, *inIdx, "the input indices");
  ScalarRegion cmp(**crOr, frame);
  Shape outStrides = rowMajorStrides(outV.shape());
  std::vector<std::vector<int64_t>> tieGroups;
  TieChoices valueChoices, indexChoices;
  bool badOrder = false;

  // With `is_sorted`, the outputs are IREE's exactly (TopkV2Op's scalar
  // implementation in TilingInterfaceImpl.cpp), which the e2e tests check
  // bit for bit: each input element in turn is carried down the K output
  // slots (initial contents included), the value moving on cmp(carry, slot)
  // and the index also on a tie (cmp equal both ways) when the carried
  // index is smaller; then a bubble sort pass over the K slots swaps every
  // adjacent pair that cmp does not keep in order (ties too). The tie
  // groups reported below still free the order among tied values. Needs
  // defined initial outputs that every input beats (see below); otherwise
  // the stable selection stays.
  const Tensor &initV = frame.getTensor(topk.getOutputValues());
  const Tensor *initI = outI ? &frame.getTensor(topk.getOutputIndices())
                             : nullptr;
  bool initsDefined = !initV.hasUndef() && !(initI && initI->hasUndef());
  // IREE's scalar loop over one line from the initial outputs into v/ix
  // (with the bubble sort pass when `is_sorted`). Returns whether every
  // input comes strictly before every initial value, i.e. whether the
  // initial contents cannot take part.
  auto ireeLoop = [&](int64_t outBase, int64_t outStride, int64_t base,
                      int64_t stride, Shape &coords, std::vector<uint64_t> &v,
                      std::vector<uint64_t> &ix) {
    auto cmpBits = [&](uint64_t a, uint64_t b) {
      return (cmp.call({a, b}, coords) & 1) != 0;
    };
    v.assign(k, 0);
    ix.assign(k, 0);
    for (int64_t s = 0; s < k; ++s) {
      v[s] = initV.load(outBase + s * outStride);
      if (outI)
        ix[s] = initI->load(outBase + s * outStride);
    }
    bool allBeat = true;
    for (int64_t i = 0; i < n && allBeat; ++i) {
      coords[dim] = i;
      uint64_t x = values.load(base + i * stride);
      for (int64_t s = 0; s < k && allBeat; ++s)
        if (!cmpBits(x, v[s]) || cmpBits(v[s], x))
          allBeat = false;
    }
    // Without `is_sorted` the loop's order is free: nothing to compute.
    if (allBeat && !topk.getIsSorted())
      return true;
    DType idxType = outI ? outI->dtype() : DType::I32;
    for (int64_t i = 0; i < n; ++i) {
      coords[dim] = i;
      uint64_t carryV = values.load(base + i * stride);
      uint64_t carryI = inIdx ? inIdx->load(base + i * stride)
                              : truncBits(i, idxType);
      for (int64_t s = 0; s < k; ++s) {
        bool fwd = cmpBits(carryV, v[s]);
        uint64_t slotV = v[s];
        if (outI) {
          bool rev = cmpBits(slotV, carryV);
          bool moveIdx = fwd || (fwd == rev && signExtend(carryI, idxType) <
                                                   signExtend(ix[s], idxType));
          if (moveIdx)
            std::swap(carryI, ix[s]);
        }
        if (fwd)
          std::swap(carryV, v[s]);
      }
      // The bubble sort pass, after every insertion.
      if (topk.getIsSorted())
        for (int64_t a = 0; a + 1 < k; ++a)
          for (int64_t j = 0; j + 1 < k - a; ++j)
            if (!cmpBits(v[j], v[j + 1])) {
              std::swap(v[j], v[j + 1]);
              std::swap(ix[j], ix[j + 1]);
            }
    }
    return allBeat;
  };

  forEachLine(values.shape(), dim, [&](int64_t base, int64_t stride,
                                       ArrayRef<int64_t> point) {
    Shape coords(point.begin(), point.end());
    auto less = [&](int64_t a, int64_t b) {
      coords[dim] = a;
      return (cmp.call({values.load(base + a * stride),
                        values.load(base + b * stride)},
                       coords) &
              1) != 0;
    };
    std::vector<int64_t> perm = mergeSortPositions(n, less);
    if (!badOrder && !isStrictWeakOrder(perm, less)) {
      badOrder = true;
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders some elements of this line "
               "inconsistently (e.g. NaN values with olt/ogt); the selection "
               "is unspecified");
    }
    int64_t outBase = 0;
    for (int64_t d = 0; d < values.rank(); ++d)
      if (d != dim)
        outBase += point[d] * outStrides[d];
    std::vector<int64_t> group;
    for (int64_t s = 0; s < k; ++s) {
      int64_t p = outBase + s * outStrides[dim];
      outV.store(p, values.load(base + perm[s] * stride));
      outV.setDefined(p);
      if (outI) {
        uint64_t idx = inIdx ? inIdx->load(base + perm[s] * stride)
                             : truncBits(perm[s], outI->dtype());
        outI->store(p, idx);
        outI->setDefined(p);
      }
      group.push_back(p);
    }
    // The initial contents do not take part in topk_v2 by its description
    // ("selects the top-K elements" of the input), but IREE's scalar loop
    // (and its tiling, which makes the K dimension a reduction with the
    // outputs as accumulators) counts them as candidates. When every input
    // comes strictly before every initial value (-inf inits for a max) the
    // two readings agree, and with `is_sorted` the outputs are the loop's
    // exactly. Otherwise (inits that tie with or beat an input, e.g. -inf
    // data under -inf inits with index 0) the readings differ; both are
    // allowed: every slot of the line may hold any value and index either
    // gives (multi-writes), and the line has no tie group.
    std::vector<uint64_t> loopV, loopI;
    bool initsTakePart = false;
    if (initsDefined) {
      bool allBeat =
          ireeLoop(outBase, outStrides[dim], base, stride, coords, loopV, loopI);
      if (allBeat && topk.getIsSorted()) {
        for (int64_t s = 0; s < k; ++s) {
          outV.store(outBase + s * outStrides[dim], loopV[s]);
          if (outI)
            outI->store(outBase + s * outStrides[dim], loopI[s]);
        }
      }
      initsTakePart = !allBeat;
    }
    // When the K-th value ties with an unselected one (the boundary class
    // is split), which of the tied elements are kept depends on the order
    // of the comparisons: each output slot holding a member of that class
    // may hold any member (value and index), reported as multi-writes.
    TieClasses classes = tieClassesOf(perm, less);
    int64_t boundaryClass = classes.classOf[perm[k - 1]];
    bool split = k < n && classes.classOf[perm[k]] == boundaryClass;
    auto addChoices = [&](int64_t s, ArrayRef<int64_t> members) {
      std::vector<uint64_t> vals, idxs;
      for (int64_t m : members) {
        vals.push_back(values.load(base + m * stride));
        if (outI)
          idxs.push_back(inIdx ? inIdx->load(base + m * stride)
                               : truncBits(m, outI->dtype()));
      }
      valueChoices.add(group[s], std::move(vals));
      if (outI)
        indexChoices.add(group[s], std::move(idxs));
    };
    if (initsTakePart) {
      std::vector<uint64_t> vals(loopV), idxs(loopI);
      for (int64_t c = 0; c <= boundaryClass; ++c)
        for (int64_t m : classes.members[c]) {
          vals.push_back(values.load(base + m * stride));
          if (outI)
            idxs.push_back(inIdx ? inIdx->load(base + m * stride)
                                 : truncBits(m, outI->dtype()));
        }
      for (int64_t s = 0; s < k; ++s) {
        valueChoices.add(group[s], vals);
        if (outI)
          indexChoices.add(group[s], idxs);
      }
    } else if (!topk.getIsSorted()) {
      if (!split) {
        if (k > 1)
          tieGroups.push_back(std::move(group));
      } else {
        // Any order and a split class: each slot may hold any member of
        // the selected classes.
        std::vector<int64_t> members;
        for (int64_t c = 0; c <= boundaryClass; ++c)
          llvm::append_range(members, classes.members[c]);
        for (int64_t s = 0; s < k; ++s)
          addChoices(s, members);
      }
    } else {
      // Sorted output: runs of tied values may come in any order.
      int64_t start = 0;
      for (int64_t s = 1; s <= k; ++s) {
        if (s < k && classes.classOf[perm[s]] == classes.classOf[perm[s - 1]])
          continue;
        if (split && classes.classOf[perm[start]] == boundaryClass) {
          for (int64_t m = start; m < s; ++m)
            addChoices(m, classes.members[boundaryClass]);
        } else if (s - start > 1) {
          tieGroups.push_back(
              std::vector<int64_t>(group.begin() + start, group.begin() + s));
        }
        start = s;
      }
    }
  });
  // The values and the indices share their tie groups (one family for the
  // oracle) and have their own multi-writes.
  auto freedomOf = [&](TieChoices &choices) -> std::shared_ptr<Freedom> {
    std::shared_ptr<Freedom> f = choices.freedom(originOf(op));
    if (tieGroups.empty())
      return f;
    if (!f) {
      f = std::make_shared<Freedom>();
      f->origin = originOf(op);
    }
    f->tieGroups = tieGroups;
    return f;
  };
  outV.compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(outV));
  rv.freedom = freedomOf(valueChoices);
  frame.set(op->getResult(0), std::move(rv));
  if (outI) {
    outI->compactUndef();
    RtValue ri = RtValue::ofTensor(std::move(*outI));
    ri.freedom = freedomOf(indexChoices);
    frame.set(op->getResult(1), std::move(ri));
  }
  return success();
}

/// The values of a float tensor that flushing subnormals to zero could
/// make compare differently: zeros (one value, +0 == -0) and each subnormal
/// bit pattern, added to `tiny`; true once `tiny` holds a subnormal and
/// another such value (then some comparison may flip: a subnormal against
/// zero, or two subnormals, compare equal once flushed).
static bool collectTiny(const Tensor &t, std::set<uint64_t> &tiny,
                        bool &sawSubnormal) {
  DType d = t.dtype();
  if (!isFloat(d) || isComplex(d))
    return false;
  for (int64_t i = 0, e = t.numElements(); i < e; ++i) {
    if (t.isUndef(i))
      continue;
    llvm::APFloat f = toAPFloat(t.load(i), d);
    if (f.isZero())
      tiny.insert(0);
    else if (f.isDenormal()) {
      tiny.insert(t.load(i));
      sawSubnormal = true;
    } else
      continue;
    if (sawSubnormal && tiny.size() >= 2)
      return true;
  }
  return false;
}

/// A comparator op (sort, topk, arg_compare) whose compared float operands
/// hold a subnormal and another zero or subnormal value: IREE's CPU
/// runtime flushes subnormals to zero (and GPUs may), so how those two
/// compare is the target's choice, not the program's. Every result then becomes `derivedFrom` the
/// op: an agreeing target is still right, a differing one undecided, never
/// a mismatch (a ref-mutate dtype mutation made an f16 +inf fill an f32
/// subnormal, and llvm-cpu's topk picked another index: a false alarm).
/// The generator's comparator operands never hold subnormals
/// (Need::noDenormal), so generated cases keep their exact verdicts (their
/// payloads may: those are not compared).
template <LogicalResult (*K)(Operation *, Frame &)>
static LogicalResult judgingSubnormalComparisons(Operation *op, Frame &frame) {
  // Only operands the comparator reads count: a sort's operand i is its
  // block arguments 2i and 2i+1 (a payload it never compares is moved, not
  // judged); topk's and arg_compare's only float operands are the compared
  // values (their indices are integers).
  bool subnormal = false;
  Block *body = op->getNumRegions() && !op->getRegion(0).empty()
                    ? &op->getRegion(0).front()
                    : nullptr;
  bool isSort = isa<ext::SortOp>(op);
  std::set<uint64_t> tiny; // topk / arg_compare: values in and out compared
  bool sawSubnormal = false;
  for (auto [i, v] : llvm::enumerate(op->getOperands())) {
    if (subnormal)
      break;
    if (!isa<RankedTensorType>(v.getType()))
      continue;
    if (isSort) {
      if (body && 2 * i + 1 < body->getNumArguments() &&
          body->getArgument(2 * i).use_empty() &&
          body->getArgument(2 * i + 1).use_empty())
        continue;
      std::set<uint64_t> own; // a sort compares an operand with itself
      bool ownSub = false;
      subnormal = collectTiny(frame.getTensor(v), own, ownSub);
    } else {
      subnormal = collectTiny(frame.getTensor(v), tiny, sawSubnormal);
    }
  }
  if (failed(K(op, frame)))
    return failure();
  if (!subnormal)
    return success();
  for (Value res : op->getResults()) {
    RtValue rv = frame.get(res);
    auto f = rv.freedom ? std::make_shared<Freedom>(*rv.freedom)
                        : std::make_shared<Freedom>();
    f->origin = originOf(op);
    f->derivedFrom = originOf(op) + ": compares subnormal values, which "
                     "targets may flush to zero";
    rv.freedom = std::move(f);
    frame.set(res, std::move(rv));
  }
  return success();
}

void registerLinalgExtSortKernels(KernelRegistry &r) {
  r.add("iree_linalg_ext.sort",
        refusingComplex<judgingSubnormalComparisons<sortKernel>>);
  r.add("iree_linalg_ext.topk",
        refusingComplex<judgingSubnormalComparisons<topkKernel>>);
  r.add("iree_linalg_ext.topk_v2",
        refusingComplex<judgingSubnormalComparisons<topkV2Kernel>>);
  r.add("iree_linalg_ext.arg_compare",
        refusingComplex<judgingSubnormalComparisons<argCompareKernel>>);
}

} // namespace ref
