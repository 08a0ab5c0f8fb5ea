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
//    under olt/ogt, or oge on equal values) is a finding per line.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"

#include <numeric>
#include <unordered_set>

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
  reportUB(frame, op, "read of an uninitialized element", t.coordinates(i),
           true, (what + " comes from tensor.empty and was never written").str());
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

  ScalarRegion cmp(**crOr, frame);
  auto freedom = std::make_shared<Freedom>();
  freedom->origin = originOf(op);
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

  for (auto [res, t] : llvm::zip(op->getResults(), outs)) {
    RtValue rv = RtValue::ofTensor(std::move(t));
    if (!freedom->tieGroups.empty())
      rv.freedom = freedom;
    frame.set(res, std::move(rv));
  }
  return success();
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
                            uint64_t orig, std::vector<uint64_t> &out) {
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

  std::shared_ptr<Freedom> freedom;
  for (auto &[p, ws] : writers) {
    if (ws.size() < 2)
      continue;
    if (!freedom) {
      freedom = std::make_shared<Freedom>();
      freedom->origin = originOf(op);
      freedom->multiWritesAnyOneOf = sc.getUniqueIndices();
    }
    freedom->multiWrites.push_back({p, ws});
  }
  if (freedom) {
    llvm::sort(freedom->multiWrites,
               [](auto &a, auto &b) { return a.position < b.position; });
    bool unenumerable = false;
    for (auto &w : freedom->multiWrites) {
      Shape posCoords = out.coordinates(w.position);
      Shape sliceCoords(posCoords.begin() + depth, posCoords.end());
      int64_t sliceLinear = 0;
      for (int64_t k = 0; k < static_cast<int64_t>(sliceCoords.size()); ++k)
        sliceLinear = sliceLinear * updates.dim(batchRank + k) + sliceCoords[k];
      if (!freedom->multiWritesAnyOneOf) {
        // unique_indices(false): the updates combine in batch order.
        w.candidates.push_back(out.load(w.position));
        continue;
      }
      SmallVector<uint64_t> ups;
      for (int64_t b : w.updates)
        ups.push_back(updates.load(b * sliceElems + sliceLinear));
      // Once the output is undecided, listing more positions is wasted work.
      if (unenumerable ||
          !racyWriteValues(combine, ups, original.load(w.position),
                           w.candidates)) {
        // No sound list: keep the in-order value alone (the output is
        // undecided, see below).
        w.candidates.assign(1, out.load(w.position));
        unenumerable = true;
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
  return success();
}

static LogicalResult gatherKernel(Operation *op, Frame &frame) {
  auto g = cast<ext::GatherOp>(op);
  const Tensor &source = frame.getTensor(g.getSource());
  const Tensor &indices = frame.getTensor(g.getIndices());
  const Tensor *mask = g.getMask() ? &frame.getTensor(g.getMask()) : nullptr;
  Tensor out = frame.getTensor(g.getOutput());
  int64_t depth = g.getIndexDepth();
  int64_t batchRank = out.rank() - (source.rank() - depth);
  if (failed(checkIndexedShapes(op, out, indices, mask, source, batchRank,
                                depth)))
    return failure();
  reportUndefReads(frame, op, indices, "the indices");
  if (mask)
    reportUndefReads(frame, op, *mask, "the mask");
  IndexedAccess acc{&indices, mask, g.getDimensionMap(), batchRank,
                    indices.rank() > batchRank};
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
    if (!isStrictOrderOn(n + 1, seenLess, [](int64_t) { return true; })) {
      coords[dim] = 0;
      reportUB(frame, op, "comparator is not a strict weak ordering", coords,
               true,
               "the comparator orders the values of this line and the "
               "initial best value inconsistently (e.g. NaN values with "
               "olt/ogt, or a non-strict comparator such as oge on equal "
               "values); the winner is unspecified");
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
