//===- LinalgExtKernels.cpp - iree_linalg_ext sort, scatter, gather, ... ---===//
//
// Semantics follow IREE's scalar lowerings (TilingInterfaceImpl.cpp,
// generateScalarImplementation), with these decisions:
//  - sort: a stable merge sort that calls the comparator O(N log N) times
//    and tolerates any comparator; the element pairs the comparator leaves
//    unordered (cmp(a,b) == cmp(b,a)) are reported as tie groups, because
//    IREE's order among them is unspecified. A comparator that is not a
//    strict weak ordering on the data (NaN keys under olt) is a finding.
//  - scatter: updates apply in row-major batch order; indices are
//    sign-extended; out-of-range indices are findings (the update is
//    skipped); positions written twice are reported as freedom, with the
//    values racing writes may legally leave there under
//    unique_indices(true) (racyWriteValues).
//  - topk: IREE's insertion: each input element, in order, is carried
//    through the K slots; value and index move on cmp(carry, slot), the
//    index alone also on a tie when the carried index is smaller.
//  - scan: out[0] = in[0] (inclusive) or acc (exclusive); then
//    out[i] = f(out[i-1], in[i] or in[i-1]); acc = out[n-1] for n > 1.
//  - arg_compare: first winner under cmp(candidate, best).
//  - topk and arg_compare: a comparator that is not a strict ordering of
//    the values it sees (the line and the outputs' initial contents: NaN
//    under olt/ogt, or oge on equal values) is a finding per line;
//    arg_compare also accepts a total preorder (oge/ole without NaN): ties
//    go to the later element, as IREE's ONNX frontend requires.
//
// Speed (docs/performance.md); each gives what the general code gives:
//  - sort and topk with a comparator that is one strict comparison of a key
//    (olt, ogt, slt, ...) order natively when no key is NaN: a stable sort
//    yields the merge sort's permutation, and the orderings are strict weak
//    on such data, so there is nothing to report;
//  - scatter runs its combiner on lanes of consecutive updates to distinct
//    positions, and tracks multi-writes with per-position counters;
//  - gather copies whole slices, on several threads;
//  - lines (sort, topk) and slices (gather) are split into tasks.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"

#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <type_traits>
#include <unordered_set>
#include <utility>

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
namespace {

/// Calls fn(base, stride, outerCoords) for every 1-D line along `dim`.
template <typename Fn>
void forEachLine(ArrayRef<int64_t> shape, int64_t dim, Fn &&fn) {
  Shape strides = rowMajorStrides(shape);
  int64_t rank = shape.size();
  for (int64_t d : shape)
    if (d == 0)
      return;
  Shape point(rank, 0);
  while (true) {
    int64_t base = 0;
    for (int64_t d = 0; d < rank; ++d)
      base += point[d] * strides[d];
    fn(base, strides[dim], point);
    int64_t d = rank - 1;
    for (; d >= 0; --d) {
      if (d == dim)
        continue;
      if (++point[d] < shape[d])
        break;
      point[d] = 0;
    }
    if (d < 0)
      return;
  }
}

/// Runs a region body on single lanes: a comparator or a combiner.
class ScalarRegion {
public:
  ScalarRegion(const CompiledRegion &cr, Frame &frame)
      : cr(cr), runner(cr, frame, 1), frame(frame) {}
  uint64_t call(ArrayRef<uint64_t> args, ArrayRef<int64_t> coords) {
    for (auto [i, a] : llvm::enumerate(args))
      runner.arg(i)[0] = a;
    runner.run(1, nullptr, -1,
               [&](Operation *at, StringRef kind, int, StringRef detail) {
                 reportUB(frame, at, kind, coords, !coords.empty(), detail);
               });
    return runner.result(0)[0];
  }
  /// Calls the region on values the program may not compute (a hypothetical
  /// order of evaluation): undefined behaviour is not a finding, it sets
  /// `hitUB`.
  uint64_t callQuietly(ArrayRef<uint64_t> args, bool &hitUB) {
    for (auto [i, a] : llvm::enumerate(args))
      runner.arg(i)[0] = a;
    runner.run(1, nullptr, -1,
               [&](Operation *, StringRef, int, StringRef) { hitUB = true; });
    return runner.result(0)[0];
  }
  const CompiledRegion &cr;

private:
  RegionRunner runner;
  Frame &frame;
};

/// Positions 0..len-1 ordered by a stable bottom-up merge sort: an element
/// of the right run moves ahead only when it goes strictly before the left
/// head. Any comparator is tolerated (no C++ ordering requirement), with
/// O(len log len) calls.
template <typename Less>
std::vector<int64_t> mergeSortPositions(int64_t len, Less &&less) {
  std::vector<int64_t> perm(len), tmp(len);
  std::iota(perm.begin(), perm.end(), 0);
  for (int64_t width = 1; width < len; width *= 2) {
    for (int64_t lo = 0; lo < len; lo += 2 * width) {
      int64_t mid = std::min(lo + width, len),
              hi = std::min(lo + 2 * width, len);
      int64_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi) {
        if (less(perm[j], perm[i]) && !less(perm[i], perm[j]))
          tmp[o++] = perm[j++];
        else
          tmp[o++] = perm[i++];
      }
      while (i < mid)
        tmp[o++] = perm[i++];
      while (j < hi)
        tmp[o++] = perm[j++];
    }
    std::swap(perm, tmp);
  }
  return perm;
}

void reportUndefReads(Frame &frame, Operation *op, const Tensor &t,
                      StringRef what) {
  if (!t.hasUndef())
    return;
  int64_t i = t.firstUndef();
  if (t.state(i) == kNeverWritten || !t.hasPoison()) {
    reportUB(frame, op, "read of an uninitialized element", t.coordinates(i),
             true,
             (what + " comes from tensor.empty and was never written").str());
    return;
  }
  // Poison: what it reaches. The linalg_ext kernels do not carry element
  // states, so poison in an operand they only move (updates, payloads, scan
  // inputs) is reported here too rather than followed to a result
  // (docs/coverage.md, "Poison").
  StringRef name = op->getName().getStringRef();
  std::string sink;
  if (what.contains("indices") &&
      (name.ends_with(".scatter") || name.ends_with(".gather")))
    sink = "an index operand";
  else if (what.contains("mask"))
    sink = "a mask";
  else if (name.ends_with(".sort") || name.contains("topk") ||
           name.ends_with(".arg_compare"))
    sink = "a comparator decision";
  else
    sink = ("an operand of " + name).str();
  int64_t p = t.firstPoison();
  reportUB(frame, op, "poison reaches " + sink, t.coordinates(p), true,
           "poison created by " + poisonOrigin(t.state(p)) + "; " + what.str());
}

std::string originOf(Operation *op) {
  return op->getName().getStringRef().str() + " at " + formatLoc(op->getLoc());
}

FailureOr<const CompiledRegion *> bodyOf(Operation *op, Frame &frame,
                                         unsigned numArgs) {
  auto cr = frame.interp.getCompiledRegion(op->getRegion(0));
  if (failed(cr))
    return failure();
  if ((*cr)->numArgs() != numArgs || (*cr)->numResults() != 1)
    return op->emitError("region must take ")
           << numArgs << " arguments and yield one value";
  return cr;
}

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

/// Whether `less` is a strict ordering of the `n` values it is called on
/// (positions 0..n-1): a strict weak ordering (isStrictWeakOrder) that is
/// also irreflexive on the data, i.e. no two values are each "before" the
/// other (a non-strict comparator such as oge on equal values). Pairs where
/// neither position is `checked` are exempt from the irreflexivity test
/// (topk: two initial output slots that only ever swap with each other).
template <typename Less, typename Checked>
bool isStrictOrderOn(int64_t n, Less &&less, Checked &&checked) {
  std::vector<int64_t> perm = mergeSortPositions(n, less);
  if (!isStrictWeakOrder(perm, less))
    return false;
  auto bothWays = [&](int64_t a, int64_t b) {
    return (checked(a) || checked(b)) && less(a, b) && less(b, a);
  };
  int64_t start = 0;
  for (int64_t i = 1; i < n; ++i) {
    bool tie = less(perm[i - 1], perm[i]) == less(perm[i], perm[i - 1]);
    if (!tie) {
      start = i;
      continue;
    }
    if (bothWays(perm[i - 1], perm[i]) ||
        (start != i - 1 && bothWays(perm[start], perm[i])))
      return false;
  }
  return true;
}

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
// scatter and gather
//===----------------------------------------------------------------------===//

namespace {
/// The shared addressing of scatter and gather: `batched` is the updates
/// (scatter) or output (gather) tensor, `target` the original or source.
struct IndexedAccess {
  const Tensor *indices;
  const Tensor *mask;
  ArrayRef<int64_t> dimMap;
  int64_t batchRank;
  bool indicesHaveDepthDim;

  /// Target coordinates for batch coordinate `b` and slice coordinate `s`;
  /// false with `bad` filled when an index is out of range.
  bool target(ArrayRef<int64_t> b, ArrayRef<int64_t> s, const Tensor &tgt,
              Shape &pos, std::string &bad) const {
    int64_t depth = dimMap.size();
    pos.assign(tgt.rank(), 0);
    Shape idxCoords(b.begin(), b.end());
    if (indicesHaveDepthDim)
      idxCoords.push_back(0);
    for (int64_t i = 0; i < depth; ++i) {
      if (indicesHaveDepthDim)
        idxCoords.back() = i;
      int64_t v = signExtend(indices->load(indices->linearIndex(idxCoords)),
                             indices->dtype());
      int64_t d = dimMap[i];
      if (v < 0 || v >= tgt.dim(d)) {
        bad = "batch " + formatCoords(b) + ": index " + std::to_string(v) +
              " for dimension " + std::to_string(d) + " (size " +
              std::to_string(tgt.dim(d)) + ")";
        return false;
      }
      pos[d] = v;
    }
    for (size_t k = 0; k < s.size(); ++k)
      pos[depth + k] = s[k];
    return true;
  }
  bool masked(ArrayRef<int64_t> b) const {
    return mask && mask->load(mask->linearIndex(b)) == 0;
  }
};

/// Iterates over the batch x slice space of `batched` (row-major).
template <typename Fn>
void forEachBatchElement(const Tensor &batched, int64_t batchRank, Fn &&fn) {
  int64_t n = batched.numElements();
  for (int64_t i = 0; i < n; ++i) {
    Shape c = batched.coordinates(i);
    fn(i, ArrayRef<int64_t>(c).take_front(batchRank),
       ArrayRef<int64_t>(c).drop_front(batchRank));
  }
}

LogicalResult checkIndexedShapes(Operation *op, const Tensor &batched,
                                 const Tensor &indices, const Tensor *mask,
                                 const Tensor &target, int64_t batchRank,
                                 int64_t depth) {
  int64_t sliceRank = target.rank() - depth;
  for (int64_t k = 0; k < sliceRank; ++k)
    if (batched.dim(batchRank + k) != target.dim(depth + k))
      return op->emitError("slice dimension ")
             << k << " has size " << batched.dim(batchRank + k)
             << " but the target's dimension " << depth + k << " has size "
             << target.dim(depth + k);
  for (int64_t k = 0; k < batchRank; ++k) {
    if (indices.dim(k) != batched.dim(k))
      return op->emitError("indices batch dimension ")
             << k << " has size " << indices.dim(k) << " but "
             << batched.dim(k) << " was expected";
    if (mask && mask->dim(k) != batched.dim(k))
      return op->emitError("mask dimension ")
             << k << " has size " << mask->dim(k) << " but "
             << batched.dim(k) << " was expected";
  }
  if (indices.rank() > batchRank && indices.dim(batchRank) != depth)
    return op->emitError("indices depth dimension has size ")
           << indices.dim(batchRank) << " but dimension_map has " << depth
           << " entries";
  return success();
}
} // namespace

namespace {
/// The element offset in `tgt` of the slice that batch entry `b` (row-major
/// over the batch dims) addresses, or -1 when an index is out of range.
/// Only for index tensors laid out [batch..., depth] (or [batch...] with a
/// depth of 1) and a dimension_map within the first `depth` dims.
int64_t sliceBase(const IndexedAccess &acc, int64_t b, const Tensor &tgt,
                  ArrayRef<int64_t> tgtStrides) {
  int64_t depth = acc.dimMap.size();
  int64_t perEntry = acc.indicesHaveDepthDim ? depth : 1;
  int64_t off = 0;
  const Tensor &ix = *acc.indices;
  for (int64_t i = 0; i < depth; ++i) {
    int64_t at = b * perEntry + i, v;
    if (ix.dtype() == DType::I32) {
      int32_t x;
      std::memcpy(&x, ix.data() + at * 4, 4);
      v = x;
    } else if (ix.dtype() == DType::I64 || ix.dtype() == DType::Index) {
      std::memcpy(&v, ix.data() + at * 8, 8);
    } else {
      v = signExtend(ix.load(at), ix.dtype());
    }
    int64_t d = acc.dimMap[i];
    if (v < 0 || v >= tgt.dim(d))
      return -1;
    off += v * tgtStrides[d];
  }
  return off;
}

/// Whether sliceBase applies to `acc` (see there), with masks laid out as
/// the batch dims.
bool hasSimpleLayout(const IndexedAccess &acc, const Tensor &tgt) {
  int64_t depth = acc.dimMap.size();
  if (acc.indices->rank() != acc.batchRank + (acc.indicesHaveDepthDim ? 1 : 0))
    return false;
  if (!acc.indicesHaveDepthDim && depth != 1)
    return false;
  if (acc.mask && acc.mask->rank() != acc.batchRank)
    return false;
  return llvm::all_of(acc.dimMap, [&](int64_t d) { return d >= 0 && d < depth; }) &&
         depth <= tgt.rank();
}

/// Row-major batch coordinates of batch entry `b` of `batched`.
Shape batchCoords(const Tensor &batched, int64_t batchRank, int64_t b) {
  Shape c(batchRank, 0);
  for (int64_t d = batchRank - 1; d >= 0; --d) {
    c[d] = b % batched.dim(d);
    b /= batched.dim(d);
  }
  return c;
}
} // namespace

/// Every value a position may hold when `ups.size()` >= 2 updates that
/// promised unique indices race on it (IREE runs them as parallel
/// read-modify-writes): the last write wins, and the value it combined with
/// was the original or what another write left. So each candidate is a
/// chain `f(u[i_m], ... f(u[i_2], f(u[i_1], orig)))` over distinct writers
/// i_1..i_m in any order (m >= 1): every single update applied to the
/// original, the in-order combination, and every lost-update and reordered
/// combination in between. Listed by chain length, then lexicographically
/// by writer (in write order), without repeated bit patterns.
///
/// Up to kMaxExactWriters writers every chain is evaluated (at most 1956
/// combiner calls). Beyond, the values reachable by applying any update to
/// any reachable value (writers may repeat: a superset) are listed while
/// they stay under kMaxCandidates and the combiner calls under kMaxCalls,
/// which covers combiners that keep one of their arguments (overwrite, min,
/// max). Returns false when neither works, or when a chain hits undefined
/// behaviour in the combiner: then no sound list exists.
static bool racyWriteValues(ScalarRegion &combine, ArrayRef<uint64_t> ups,
                            uint64_t orig, SmallVectorImpl<uint64_t> &out) {
  constexpr size_t kMaxExactWriters = 6, kMaxCandidates = 4096,
                   kMaxCalls = 65536;
  std::unordered_set<uint64_t> seen;
  bool hitUB = false;
  auto add = [&](uint64_t v) {
    if (seen.insert(v).second)
      out.push_back(v);
  };
  size_t k = ups.size();
  if (k <= kMaxExactWriters) {
    // Breadth-first by chain length: (writers used, value) pairs.
    std::vector<std::pair<uint32_t, uint64_t>> level{{0, orig}}, next;
    for (size_t len = 1; len <= k; ++len) {
      next.clear();
      for (auto [mask, v] : level)
        for (size_t b = 0; b < k; ++b) {
          if (mask & (1u << b))
            continue;
          uint64_t nv = combine.callQuietly({ups[b], v}, hitUB);
          next.push_back({mask | (1u << b), nv});
          add(nv);
        }
      std::swap(level, next);
    }
    return !hitUB;
  }
  size_t calls = k;
  for (uint64_t u : ups)
    add(combine.callQuietly({u, orig}, hitUB));
  for (size_t i = 0; i < out.size(); ++i) {
    uint64_t v = out[i];
    if ((calls += k) > kMaxCalls)
      return false;
    for (uint64_t u : ups)
      add(combine.callQuietly({u, v}, hitUB));
    if (out.size() > kMaxCandidates)
      return false;
  }
  return !hitUB;
}

/// The freedom of a scatter's result: positions written more than once
/// (`multi`, in position order, with their writers) with the values they
/// may hold; then sets the result.
static void finishScatter(Operation *op, Frame &frame, ext::ScatterOp sc,
                          ScalarRegion &combine, const Tensor &updates,
                          const Tensor &original, Tensor out,
                          Freedom::MultiWrites multi, int64_t depth,
                          int64_t batchRank, int64_t sliceElems) {
  std::shared_ptr<Freedom> freedom;
  if (!multi.empty()) {
    freedom = std::make_shared<Freedom>();
    freedom->origin = originOf(op);
    freedom->multiWritesAnyOneOf = sc.getUniqueIndices();
    Freedom::MultiWrites &mw = freedom->multiWrites = std::move(multi);
    assert(llvm::is_sorted(mw.positions) && "multi-writes out of order");
    size_t n = mw.size();
    bool unenumerable = false;
    if (!freedom->multiWritesAnyOneOf) {
      // unique_indices(false): the updates combine in batch order, one
      // candidate each.
      mw.candidates.resize(n);
      mw.candidateEnds.resize(n);
      for (size_t e = 0; e < n; ++e) {
        mw.candidates[e] = out.load(mw.positions[e]);
        mw.candidateEnds[e] = static_cast<int64_t>(e + 1);
      }
    } else {
      mw.candidateEnds.reserve(n);
      SmallVector<uint64_t> ups, candidates;
      for (size_t e = 0; e < n; ++e) {
        int64_t position = mw.positions[e];
        Shape posCoords = out.coordinates(position);
        Shape sliceCoords(posCoords.begin() + depth, posCoords.end());
        int64_t sliceLinear = 0;
        for (int64_t k = 0; k < static_cast<int64_t>(sliceCoords.size()); ++k)
          sliceLinear =
              sliceLinear * updates.dim(batchRank + k) + sliceCoords[k];
        ups.clear();
        for (int64_t b : mw.updatesOf(e))
          ups.push_back(updates.load(b * sliceElems + sliceLinear));
        candidates.clear();
        // Once the output is undecided, listing more positions is wasted
        // work.
        if (unenumerable ||
            !racyWriteValues(combine, ups, original.load(position),
                             candidates)) {
          // No sound list: keep the in-order value alone (the output is
          // undecided, see below).
          candidates.assign(1, out.load(position));
          unenumerable = true;
        }
        mw.addCandidates(candidates);
      }
    }
    // Too many racing writers to list what they may leave, or an order of
    // the writes hits undefined behaviour in the combiner: no sound list.
    if (unenumerable)
      freedom->derivedFrom = freedom->origin;
  }
  out.compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(out));
  rv.freedom = freedom;
  frame.set(op->getResult(0), std::move(rv));
}

/// The scatter's updates in batch order, with the combiner run on lanes:
/// consecutive updates to distinct positions form one batch of lanes, which
/// reads the values earlier batches left, as the sequential loop does.
/// Applies when nothing can be reported during the updates (a combiner
/// without undefined behaviour, an original without uninitialized
/// elements; out-of-range indices are reported first, in batch order, as
/// the sequential loop would) and the output is at most 16 times the
/// updates (the per-position bitmaps stay small) and at most 2^32 elements
/// (a position and a writer pack into 64 bits). False, having done nothing,
/// otherwise. Fills `multi` with the positions written more than
/// once, in position order, and their writers in write order.
static bool scatterNatively(Operation *op, Frame &frame,
                            const CompiledRegion &cr, const Tensor &updates,
                            const IndexedAccess &acc, Tensor &out,
                            int64_t sliceElems,
                            Freedom::MultiWrites &multi) {
  if (!frame.interp.options().fastPaths || cr.mayReportUB() ||
      out.hasUndef() || sliceElems == 0 ||
      updates.numElements() >= (int64_t(1) << 32) ||
      out.numElements() > (int64_t(1) << 32) || !hasSimpleLayout(acc, out) ||
      out.numElements() > 16 * std::max<int64_t>(updates.numElements(), 1))
    return false;
  int64_t numBatch = updates.numElements() / sliceElems;
  int64_t numElems = numBatch * sliceElems;
  Shape outStrides = rowMajorStrides(out.shape());
  // The position each update element writes, or -1 (masked or out of
  // range).
  // Large scratch arrays come zeroed from calloc (huge pages, no memset).
  std::vector<int64_t, ZeroedAllocator<int64_t>> pos(numElems);
  // The common case, one i32 index per update: decoded in one loop.
  if (sliceElems == 1 && acc.dimMap.size() == 1 && !acc.mask &&
      acc.indices->dtype() == DType::I32 &&
      acc.indices->numElements() == numBatch) {
    const uint8_t *ix = acc.indices->data();
    int64_t size = out.dim(acc.dimMap[0]), stride = outStrides[acc.dimMap[0]];
    for (int64_t b = 0; b < numBatch; ++b) {
      int32_t v;
      std::memcpy(&v, ix + b * 4, 4);
      pos[b] = v >= 0 && v < size ? v * stride : -1;
    }
  }
  for (int64_t b = 0; b < numBatch; ++b) {
    if (sliceElems == 1 && acc.dimMap.size() == 1 && !acc.mask &&
        acc.indices->dtype() == DType::I32 &&
        acc.indices->numElements() == numBatch && pos[b] >= 0)
      continue;
    int64_t base = -1;
    if (!acc.mask || acc.mask->load(b) != 0) {
      base = sliceBase(acc, b, out, outStrides);
      if (base < 0) {
        // The message of the sequential path.
        Shape bc = batchCoords(updates, acc.batchRank, b);
        Shape s(updates.rank() - acc.batchRank, 0), at;
        std::string bad;
        acc.target(bc, s, out, at, bad);
        reportUB(frame, op, "out-of-range scatter index", bc, true, bad);
      }
    }
    for (int64_t sl = 0; sl < sliceElems; ++sl)
      pos[b * sliceElems + sl] = base < 0 ? -1 : base + sl;
  }

  constexpr int kLanes = 256;
  // Positions are random: their values are fetched this many updates ahead.
  constexpr int64_t kAhead = 64;
  RegionRunner runner(cr, frame, kLanes);
  // One bit per position: written so far, written more than once. (A
  // million positions take 128 KiB each: they stay in cache.)
  int64_t numWords = (out.numElements() + 63) / 64;
  std::vector<uint64_t> written(numWords, 0), multiBits(numWords, 0);
  // The positions of the current batch of lanes: open addressing, entries
  // of older batches told apart by their batch number.
  constexpr int kSlots = 4 * kLanes;
  struct Slot {
    int64_t position;
    uint64_t batch;
  };
  std::vector<Slot> slots(kSlots, Slot{-1, 0});
  uint64_t batch = 1;
  auto claim = [&](int64_t p) {
    // False when the batch already has p.
    uint64_t h = (static_cast<uint64_t>(p) * 0x9E3779B97F4A7C15ull) >> 54;
    for (;; h = (h + 1) % kSlots) {
      Slot &slot = slots[h];
      if (slot.batch != batch) {
        slot = {p, batch};
        return true;
      }
      if (slot.position == p)
        return false;
    }
  };
  int64_t lanePos[kLanes];
  int n = 0;
  auto flush = [&] {
    if (n) {
      runner.run(n, nullptr, -1, [](Operation *, StringRef, int, StringRef) {});
      const uint64_t *r = runner.result(0);
      for (int l = 0; l < n; ++l)
        out.store(lanePos[l], r[l]);
    }
    n = 0;
    ++batch;
  };
  uint64_t *upd = runner.arg(0), *cur = runner.arg(1);
  // Positions written more than once, and the writes to them.
  int64_t numMulti = 0, numMultiWrites = 0;
  unsigned eb = out.elementBytes();
  // Whether a write repeats a position is unpredictable once repeats are
  // common (random positions): then the bitmaps are updated without a
  // branch, which costs the loop more where repeats are rare. Chosen by
  // the share of repeats in the last stretch of writes; both ways keep
  // the same bits and counts.
  bool branchFree = false;
  int64_t stretchStart = 0;
  for (int64_t i = 0; i < numElems; ++i) {
    if ((i & 4095) == 0) {
      branchFree = numMultiWrites - stretchStart > 256;
      stretchStart = numMultiWrites;
    }
    if (i + kAhead < numElems && pos[i + kAhead] >= 0)
      __builtin_prefetch(out.data() + pos[i + kAhead] * eb, 1);
    int64_t p = pos[i];
    if (p < 0)
      continue;
    if (!claim(p)) {
      flush();
      claim(p);
    }
    // The first repeat of a position also counts its first write.
    uint64_t bit = uint64_t(1) << (p & 63);
    if (branchFree) {
      uint64_t again = written[p >> 6] & bit;
      uint64_t multiWord = multiBits[p >> 6];
      int64_t first = (again & ~multiWord) != 0;
      numMulti += first;
      numMultiWrites += (again != 0) + first;
      multiBits[p >> 6] = multiWord | again;
    } else if (written[p >> 6] & bit) {
      bool first = !(multiBits[p >> 6] & bit);
      numMulti += first;
      numMultiWrites += 1 + first;
      multiBits[p >> 6] |= bit;
    }
    written[p >> 6] |= bit;
    upd[n] = updates.load(i);
    cur[n] = out.load(p);
    lanePos[n++] = p;
    if (n == kLanes)
      flush();
  }
  flush();
  if (!numMulti)
    return true;

  // The writes to those positions, as (position, writer) pairs in write
  // order, sorted stably by position: each position's writers stay in write
  // order. (A radix sort on the position: sequential passes, where
  // counting writers per position and filling them in goes to random
  // places of arrays larger than the cache.) The pairs are packed into 64
  // bits (positions and writers are under 2^32), and the last pass leaves
  // them in `multi.updates`, where each becomes its writer.
  int positionBits = std::max<int>(
      1, llvm::bit_width(static_cast<uint64_t>(out.numElements() - 1)));
  int passes = (positionBits + 10) / 11;
  int digitBits = (positionBits + passes - 1) / passes;
  // The other buffer of the sort is `pos` (the writes' positions), which
  // the collecting loop compacts in place when it starts there (it writes
  // pair k after reading write i >= k). One more element in the result:
  // the collecting loop writes a pair whether it keeps it or not.
  multi.updates.resize(numMultiWrites + 1);
  uint64_t *result = reinterpret_cast<uint64_t *>(multi.updates.data());
  uint64_t *spare = reinterpret_cast<uint64_t *>(pos.data());
  uint64_t *from = passes % 2 ? spare : result;
  uint64_t *to = passes % 2 ? result : spare;
  // The counts of each pass's digits, taken while collecting.
  uint64_t digitMask = (uint64_t(1) << digitBits) - 1;
  std::vector<uint32_t> counts(size_t(passes) << digitBits);
  int64_t k = 0;
  for (int64_t b = 0, i = 0; b < numBatch; ++b)
    for (int64_t sl = 0; sl < sliceElems; ++sl, ++i) {
      // Branch-free: about a third of the writes are to positions written
      // once.
      int64_t p = pos[i];
      uint64_t q = static_cast<uint64_t>(std::max<int64_t>(p, 0));
      uint32_t keep = static_cast<uint32_t>(p >= 0) &
                      static_cast<uint32_t>(multiBits[q >> 6] >> (q & 63));
      uint64_t pair = q << 32 | static_cast<uint64_t>(b);
      from[k] = pair;
      k += keep;
      for (int pass = 0; pass < passes; ++pass)
        counts[(size_t(pass) << digitBits) +
               (pair >> (32 + pass * digitBits) & digitMask)] += keep;
    }
  assert(k == numMultiWrites && "a write to a repeated position was missed");
  for (int pass = 0; pass < passes; ++pass) {
    int shift = 32 + pass * digitBits;
    uint32_t *bucket = counts.data() + (size_t(pass) << digitBits);
    uint32_t sum = 0;
    for (size_t d = 0; d <= digitMask; ++d)
      sum += std::exchange(bucket[d], sum);
    for (int64_t j = 0; j < numMultiWrites; ++j)
      to[bucket[from[j] >> shift & digitMask]++] = from[j];
    std::swap(from, to);
  }
  assert(from == result);
  // One entry per position, in position order.
  multi.positions.resize(numMulti);
  multi.updateEnds.resize(numMulti);
  int64_t e = -1;
  uint64_t last = ~uint64_t(0);
  for (int64_t j = 0; j < numMultiWrites; ++j) {
    // Branch-free: most positions have two or three writers.
    uint64_t pair = result[j], position = pair >> 32;
    e += position != last;
    last = position;
    multi.positions[e] = static_cast<int64_t>(position);
    multi.updateEnds[e] = j + 1;
    multi.updates[j] = static_cast<int64_t>(pair & 0xffffffffu);
  }
  multi.updates.pop_back();
  assert(e + 1 == numMulti && "a repeated position was missed");
  return true;
}

static LogicalResult scatterKernel(Operation *op, Frame &frame) {
  auto sc = cast<ext::ScatterOp>(op);
  const Tensor &updates = frame.getTensor(sc.getUpdates());
  const Tensor &indices = frame.getTensor(sc.getIndices());
  const Tensor *mask = sc.getMask() ? &frame.getTensor(sc.getMask()) : nullptr;
  Tensor out = frame.getTensor(sc.getOriginal());
  int64_t depth = sc.getIndexDepth();
  int64_t batchRank = updates.rank() - (out.rank() - depth);
  if (failed(checkIndexedShapes(op, updates, indices, mask, out, batchRank,
                                depth)))
    return failure();
  auto crOr = bodyOf(op, frame, 2);
  if (failed(crOr))
    return failure();
  reportUndefReads(frame, op, updates, "the updates");
  reportUndefReads(frame, op, indices, "the indices");
  if (mask)
    reportUndefReads(frame, op, *mask, "the mask");
  ScalarRegion combine(**crOr, frame);
  IndexedAccess acc{&indices, mask, sc.getDimensionMap(), batchRank,
                    indices.rank() > batchRank};
  const Tensor &original = frame.getTensor(sc.getOriginal());

  int64_t sliceElems = numElementsOf(updates.shape().drop_front(batchRank));
  // The positions written more than once, with their writers (row-major
  // batch indices) in write order.
  Freedom::MultiWrites multi;
  if (scatterNatively(op, frame, **crOr, updates, acc, out, sliceElems,
                      multi)) {
    finishScatter(op, frame, sc, combine, updates, original, std::move(out),
                  std::move(multi), depth, batchRank, sliceElems);
    return success();
  }
  // Which batch entries wrote each position, to report multi-writes.
  llvm::DenseMap<int64_t, std::vector<int64_t>> writers;
  Shape pos;
  std::string bad;
  forEachBatchElement(updates, batchRank, [&](int64_t linear,
                                              ArrayRef<int64_t> b,
                                              ArrayRef<int64_t> s) {
    if (acc.masked(b))
      return;
    if (!acc.target(b, s, out, pos, bad)) {
      // One finding per bad batch entry (its first slice element).
      if (llvm::all_of(s, [](int64_t x) { return x == 0; }))
        reportUB(frame, op, "out-of-range scatter index", b, true, bad);
      return;
    }
    int64_t p = out.linearIndex(pos);
    if (out.isUndef(p))
      reportUB(frame, op, "read of an uninitialized element", pos, true,
               "the original comes from tensor.empty and was never written");
    uint64_t r = combine.call({updates.load(linear), out.load(p)}, pos);
    out.store(p, r);
    out.setDefined(p);
    // Row-major batch index of this update.
    writers[p].push_back(linear / std::max<int64_t>(1, sliceElems));
  });

  // In position order.
  std::vector<std::pair<int64_t, const std::vector<int64_t> *>> repeated;
  for (auto &[p, ws] : writers)
    if (ws.size() >= 2)
      repeated.push_back({p, &ws});
  llvm::sort(repeated, llvm::less_first());
  for (auto &[p, ws] : repeated)
    multi.add(p, *ws);
  finishScatter(op, frame, sc, combine, updates, original, std::move(out),
                std::move(multi), depth, batchRank, sliceElems);
  return success();
}

/// Gather without a mask, from a source without uninitialized elements,
/// every index in range: each batch entry's slice is one contiguous copy,
/// entries split into tasks. Nothing can be reported, and every output
/// element is written, so the result starts fresh. False, having done
/// nothing, when that does not apply.
static bool gatherNatively(Operation *op, Frame &frame, const Tensor &source,
                           const IndexedAccess &acc, const Tensor &init) {
  int64_t batchRank = acc.batchRank;
  int64_t sliceElems = numElementsOf(init.shape().drop_front(batchRank));
  if (!frame.interp.options().fastPaths || acc.mask || source.hasUndef() ||
      sliceElems == 0 ||
      init.numElements() == 0 || !hasSimpleLayout(acc, source))
    return false;
  int64_t numBatch = init.numElements() / sliceElems;
  Shape strides = rowMajorStrides(source.shape());
  std::vector<int64_t> base(numBatch);
  Interpreter &interp = frame.interp;
  int64_t per = unitsPerTask(interp, numBatch, sliceElems + 8);
  int64_t tasks = (numBatch + per - 1) / per;
  std::vector<uint8_t> bad(tasks, 0);
  interp.parallelFor(tasks, [&](int64_t t) {
    for (int64_t b = t * per; b < std::min(numBatch, (t + 1) * per); ++b)
      if ((base[b] = sliceBase(acc, b, source, strides)) < 0)
        bad[t] = 1;
  });
  if (llvm::is_contained(bad, 1))
    return false;
  Tensor out(init.dtype(), init.shape());
  size_t bytes = sliceElems * source.elementBytes();
  interp.parallelFor(tasks, [&](int64_t t) {
    for (int64_t b = t * per; b < std::min(numBatch, (t + 1) * per); ++b)
      std::memcpy(out.data() + b * bytes,
                  source.data() + base[b] * source.elementBytes(), bytes);
  });
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return true;
}

static LogicalResult gatherKernel(Operation *op, Frame &frame) {
  auto g = cast<ext::GatherOp>(op);
  const Tensor &source = frame.getTensor(g.getSource());
  const Tensor &indices = frame.getTensor(g.getIndices());
  const Tensor *mask = g.getMask() ? &frame.getTensor(g.getMask()) : nullptr;
  const Tensor &init = frame.getTensor(g.getOutput());
  int64_t depth = g.getIndexDepth();
  int64_t batchRank = init.rank() - (source.rank() - depth);
  if (failed(checkIndexedShapes(op, init, indices, mask, source, batchRank,
                                depth)))
    return failure();
  reportUndefReads(frame, op, indices, "the indices");
  if (mask)
    reportUndefReads(frame, op, *mask, "the mask");
  IndexedAccess acc{&indices, mask, g.getDimensionMap(), batchRank,
                    indices.rank() > batchRank};
  if (gatherNatively(op, frame, source, acc, init))
    return success();
  Tensor out = init;
  Shape pos;
  std::string bad;
  forEachBatchElement(out, batchRank, [&](int64_t linear, ArrayRef<int64_t> b,
                                          ArrayRef<int64_t> s) {
    if (acc.masked(b))
      return;
    if (!acc.target(b, s, source, pos, bad)) {
      if (llvm::all_of(s, [](int64_t x) { return x == 0; }))
        reportUB(frame, op, "out-of-range gather index", b, true, bad);
      return;
    }
    int64_t p = source.linearIndex(pos);
    if (source.isUndef(p))
      reportUB(frame, op, "read of an uninitialized element", pos, true,
               "the source comes from tensor.empty and was never written");
    out.store(linear, source.load(p));
    out.setDefined(linear);
  });
  out.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  return success();
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

static LogicalResult scanKernel(Operation *op, Frame &frame) {
  auto scan = cast<ext::ScanOp>(op);
  const Tensor &in = frame.getTensor(scan.getInput());
  Tensor out = frame.getTensor(scan.getOutput());
  Tensor acc = frame.getTensor(scan.getAccumulator());
  if (out.shape() != in.shape())
    return op->emitError("scan output shape differs from the input's");
  int64_t dim = scan.getDimension();
  bool inclusive = scan.getInclusive();
  auto crOr = bodyOf(op, frame, 2);
  if (failed(crOr))
    return failure();
  ScalarRegion f(**crOr, frame);
  reportUndefReads(frame, op, in, "the scan input");
  if (!inclusive)
    reportUndefReads(frame, op, acc, "the exclusive scan's accumulator");

  forEachLine(in.shape(), dim, [&](int64_t base, int64_t stride,
                                   ArrayRef<int64_t> point) {
    Shape accCoords;
    for (int64_t d = 0; d < in.rank(); ++d)
      if (d != dim)
        accCoords.push_back(point[d]);
    int64_t accPos = acc.linearIndex(accCoords);
    int64_t len = in.dim(dim);
    Shape coords(point.begin(), point.end());
    uint64_t prev =
        inclusive ? in.load(base) : acc.load(accPos);
    out.store(base, prev);
    out.setDefined(base);
    for (int64_t i = 1; i < len; ++i) {
      coords[dim] = i;
      uint64_t x = in.load(base + (inclusive ? i : i - 1) * stride);
      prev = f.call({prev, x}, coords);
      out.store(base + i * stride, prev);
      out.setDefined(base + i * stride);
      acc.store(accPos, prev);
      acc.setDefined(accPos);
    }
  });
  out.compactUndef();
  acc.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  frame.set(op->getResult(1), RtValue::ofTensor(std::move(acc)));
  return success();
}

//===----------------------------------------------------------------------===//
// topk, topk_v2, arg_compare
//===----------------------------------------------------------------------===//

static LogicalResult topkKernel(Operation *op, Frame &frame) {
  auto topk = cast<ext::TopkOp>(op);
  const Tensor &values = frame.getTensor(topk.getValues());
  const Tensor *inIdx =
      topk.getIndices() ? &frame.getTensor(topk.getIndices()) : nullptr;
  Tensor outV = frame.getTensor(topk.getOutputValues());
  Tensor outI = frame.getTensor(topk.getOutputIndices());
  int64_t dim = topk.getDimension();
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
    // a strict ordering on them, or IREE's "first occurrence wins" promise
    // and the selection itself depend on the implementation.
    auto seen = [&](int64_t a) {
      return a < k ? outV.load(outBase + a * outStride)
                   : values.load(base + (a - k) * stride);
    };
    // Pairs the selection may never compare: undefined behaviour in the
    // comparator is reported by the selection itself, not here.
    bool ignoredUB = false;
    auto seenLess = [&](int64_t a, int64_t b) {
      return (cmp.callQuietly({seen(a), seen(b)}, ignoredUB) & 1) != 0;
    };
    if (!isStrictOrderOn(k + n, seenLess, [&](int64_t a) { return a >= k; })) {
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders the values of this line and the "
               "outputs' initial contents inconsistently (e.g. NaN values "
               "with olt/ogt, or a non-strict comparator such as oge on "
               "equal values); the selection is unspecified");
    }
    for (int64_t j = 0; j < n; ++j) {
      coords[dim] = j;
      uint64_t cv = values.load(base + j * stride);
      uint64_t ci = inIdx ? inIdx->load(base + j * stride)
                          : truncBits(static_cast<uint64_t>(j), idxType);
      for (int64_t s = 0; s < k; ++s) {
        int64_t p = outBase + s * outStride;
        uint64_t kv = outV.load(p), ki = outI.load(p);
        bool fwd = cmp.call({cv, kv}, coords) & 1;
        bool rev = cmp.call({kv, cv}, coords) & 1;
        bool firstIdx = signExtend(ci, idxType) < signExtend(ki, idxType);
        bool takeIdx = fwd || (fwd == rev && firstIdx);
        outV.store(p, fwd ? cv : kv);
        outI.store(p, takeIdx ? ci : ki);
        if (fwd)
          cv = kv;
        if (takeIdx)
          ci = ki;
      }
    }
  });
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(outV)));
  frame.set(op->getResult(1), RtValue::ofTensor(std::move(outI)));
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
    // line's values (1..n): it must be a strict ordering on them, or the
    // winner depends on the order of the comparisons (GPU reductions
    // compare in another order than this sequential scan).
    auto seen = [&](int64_t a) {
      return a == 0 ? bestV : in.load(base + (a - 1) * stride);
    };
    bool ignoredUB = false;
    auto seenLess = [&](int64_t a, int64_t b) {
      return (cmp.callQuietly({seen(a), seen(b)}, ignoredUB) & 1) != 0;
    };
    // A non-strict comparator that is a total preorder (oge, ole: its
    // negation, reversed, is a strict weak ordering) is defined as well:
    // ties go to the later element. IREE's ONNX frontend emits oge/ole for
    // ArgMax/ArgMin{select_last_index=1} and relies on exactly that.
    auto notGreater = [&](int64_t a, int64_t b) { return !seenLess(b, a); };
    if (!isStrictOrderOn(n + 1, seenLess, [](int64_t) { return true; }) &&
        !isStrictOrderOn(n + 1, notGreater, [](int64_t) { return true; })) {
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders the values of this line and the "
               "initial best value inconsistently (e.g. NaN values with "
               "olt/ogt or oge/ole); the winner is unspecified");
    }
    for (int64_t j = 0; j < n; ++j) {
      coords[dim] = j;
      uint64_t cv = in.load(base + j * stride);
      if (cmp.call({cv, bestV}, coords) & 1) {
        bestV = cv;
        bestI = inIdx ? inIdx->load(base + j * stride)
                      : truncBits(static_cast<uint64_t>(indexBase + j),
                                  idxType);
      }
    }
    outV.store(p, bestV);
    outI.store(p, bestI);
    outV.setDefined(p);
    outI.setDefined(p);
  });
  outV.compactUndef();
  outI.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(outV)));
  frame.set(op->getResult(1), RtValue::ofTensor(std::move(outI)));
  return success();
}

/// topk_v2: the K first elements of the line in comparator order (stable:
/// among ties the smaller index first). Without `is_sorted` the order of the
/// K results is unspecified: each output line is reported as a tie group.
/// With `is_sorted` (and defined initial outputs), IREE's scalar loop
/// exactly (see topkV2AsIree).
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
  auto freedom = std::make_shared<Freedom>();
  freedom->origin = originOf(op);
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
  bool iree = topk.getIsSorted() && !initV.hasUndef() &&
              !(initI && initI->hasUndef());
  auto topkV2AsIree = [&](int64_t outBase, int64_t outStride, int64_t base,
                          int64_t stride, Shape &coords) {
    auto cmpBits = [&](uint64_t a, uint64_t b) {
      return (cmp.call({a, b}, coords) & 1) != 0;
    };
    std::vector<uint64_t> v(k), ix(k);
    for (int64_t s = 0; s < k; ++s) {
      v[s] = initV.load(outBase + s * outStride);
      if (outI)
        ix[s] = initI->load(outBase + s * outStride);
    }
    // The initial contents do not take part in topk_v2 (its definition):
    // IREE's loop computes the top K only when every input comes strictly
    // before every initial value (-inf for a max): otherwise keep the
    // stable selection.
    for (int64_t i = 0; i < n; ++i) {
      coords[dim] = i;
      uint64_t x = values.load(base + i * stride);
      for (int64_t s = 0; s < k; ++s)
        if (!cmpBits(x, v[s]) || cmpBits(v[s], x))
          return;
    }
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
      for (int64_t a = 0; a + 1 < k; ++a)
        for (int64_t j = 0; j + 1 < k - a; ++j)
          if (!cmpBits(v[j], v[j + 1])) {
            std::swap(v[j], v[j + 1]);
            std::swap(ix[j], ix[j + 1]);
          }
    }
    for (int64_t s = 0; s < k; ++s) {
      outV.store(outBase + s * outStride, v[s]);
      if (outI)
        outI->store(outBase + s * outStride, ix[s]);
    }
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
    if (iree)
      topkV2AsIree(outBase, outStrides[dim], base, stride, coords);
    auto tie = [&](int64_t a, int64_t b) { return less(a, b) == less(b, a); };
    if (!topk.getIsSorted()) {
      if (k > 1)
        freedom->tieGroups.push_back(std::move(group));
    } else {
      // Sorted output: runs of tied values may come in any order, and when
      // the K-th value ties with the next unselected one, IREE may keep any
      // of the tied elements (same value class, other index).
      int64_t start = 0;
      for (int64_t s = 1; s <= k; ++s) {
        if (s < k && tie(perm[s - 1], perm[s]))
          continue;
        bool boundary = s == k && k < n && tie(perm[k - 1], perm[k]);
        if (s - start > 1 || boundary)
          freedom->tieGroups.push_back(
              std::vector<int64_t>(group.begin() + start, group.begin() + s));
        start = s;
      }
    }
  });
  outV.compactUndef();
  RtValue rv = RtValue::ofTensor(std::move(outV));
  if (!freedom->tieGroups.empty())
    rv.freedom = freedom;
  frame.set(op->getResult(0), rv);
  if (outI) {
    outI->compactUndef();
    RtValue ri = RtValue::ofTensor(std::move(*outI));
    ri.freedom = rv.freedom;
    frame.set(op->getResult(1), std::move(ri));
  }
  return success();
}

void registerLinalgExtKernels(KernelRegistry &r) {
  r.add("iree_linalg_ext.topk_v2", topkV2Kernel);
  r.add("iree_linalg_ext.sort", sortKernel);
  r.add("iree_linalg_ext.scatter", scatterKernel);
  r.add("iree_linalg_ext.gather", gatherKernel);
  r.add("iree_linalg_ext.scan", scanKernel);
  r.add("iree_linalg_ext.topk", topkKernel);
  r.add("iree_linalg_ext.arg_compare", argCompareKernel);
}

} // namespace ref
