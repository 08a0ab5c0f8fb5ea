//===- LinalgExtKernels.cpp - iree_linalg_ext scatter, gather, scan ------===//
//
// Semantics follow IREE's scalar lowerings (TilingInterfaceImpl.cpp,
// generateScalarImplementation), with these decisions:
//  - scatter: updates apply in row-major batch order; indices are
//    sign-extended; out-of-range indices are findings (the update is
//    skipped); positions written twice are reported as freedom, with the
//    values racing writes may legally leave there under
//    unique_indices(true) (racyWriteValues).
//  - scan: out[0] = in[0] (inclusive) or acc (exclusive); then
//    out[i] = f(out[i-1], in[i] or in[i-1]); acc = out[n-1] for n > 1.
// The comparator ops (sort, topk, topk_v2, arg_compare) live in
// LinalgExtSortKernels.cpp.
//
// Speed (docs/performance.md); each gives what the general code gives:
//  - scatter runs its combiner on lanes of consecutive updates to distinct
//    positions (an f32 addf natively), finds multi-writes with bitmaps and
//    collects their writers by buckets of positions;
//  - gather copies whole slices, on several threads, split into tasks.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/kernels/LinalgExtCommon.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/Compiler.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <numeric>
#include <optional>
#include <type_traits>
#include <unordered_set>
#include <utility>


using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
namespace linalg_ext_kernels {

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

} // namespace linalg_ext_kernels
using namespace linalg_ext_kernels;

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
      // candidate each (no candidateEnds).
      mw.candidates.resize(n);
      for (size_t e = 0; e < n; ++e)
        mw.candidates[e] = out.load(mw.positions[e]);
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

namespace {
/// Which positions a scatter writes more than once: one bit per position
/// for written so far, one for written more than once, their words
/// interleaved (`bits[2 * w]` written, `bits[2 * w + 1]` written again), so
/// that a write touches one cache line. (A million positions take 256 KiB:
/// they stay in cache.) Also how many writes go to such positions in each
/// bucket of positions (their high bits), for collectMultiWrites.
struct RepeatTracker {
  std::vector<uint64_t> bits;
  /// Positions written more than once, and the writes to them.
  int64_t numMulti = 0, numMultiWrites = 0;
  /// Position p is in bucket p >> lowBits: 256 buckets or fewer up to 2^24
  /// positions (the collecting loop writes to each as a stream, and the
  /// streams' current cache lines stay in the first-level cache), of 4096
  /// to 65536 positions (or all of them).
  int lowBits;
  /// The writes to positions written more than once, per bucket.
  std::vector<uint32_t> bucketWrites;

  explicit RepeatTracker(int64_t numPositions)
      : bits(2 * ((numPositions + 63) / 64), 0) {
    int positionBits = std::max<int>(
        1, llvm::bit_width(static_cast<uint64_t>(numPositions - 1)));
    // More buckets for outputs over 2^24 positions: a bucket's counting
    // sort has a counter per position (sortMultiWriteBuckets).
    int highBits =
        std::max(std::clamp(positionBits - 12, 0, 8), positionBits - 16);
    lowBits = positionBits - highBits;
    bucketWrites.assign(size_t(1) << highBits, 0);
  }
};

/// Notes the writes of one loop into a RepeatTracker's bitmaps. A local of
/// the loop (its counters stay in registers: the loop's stores through
/// byte pointers could otherwise alias them), written back by finish().
class RepeatCounter {
public:
  explicit RepeatCounter(RepeatTracker &t)
      : tracker(t), bits(t.bits.data()),
        bucketWrites(t.bucketWrites.data()), lowBits(t.lowBits),
        numMulti(t.numMulti), numMultiWrites(t.numMultiWrites) {}

  /// Called at every write index i, before note().
  void startWrite(int64_t i) {
    // Whether a write repeats a position is unpredictable once repeats are
    // common (random positions): then the bitmaps are updated without a
    // branch, which costs the loop more where repeats are rare. Chosen by
    // the share of repeats in the last stretch of writes; both ways keep
    // the same bits and counts.
    if ((i & 4095) == 0) {
      branchFree = numMultiWrites - stretchStart > 256;
      stretchStart = numMultiWrites;
    }
  }
  void note(int64_t p) {
    // The first repeat of a position also counts its first write.
    uint64_t bit = uint64_t(1) << (p & 63);
    uint64_t *words = bits + 2 * (p >> 6);
    if (branchFree) {
      uint64_t again = words[0] & bit;
      uint64_t multiWord = words[1];
      int64_t first = (again & ~multiWord) != 0;
      int64_t writes = (again != 0) + first;
      numMulti += first;
      numMultiWrites += writes;
      bucketWrites[p >> lowBits] += static_cast<uint32_t>(writes);
      words[1] = multiWord | again;
    } else if (words[0] & bit) {
      bool first = !(words[1] & bit);
      numMulti += first;
      numMultiWrites += 1 + first;
      bucketWrites[p >> lowBits] += 1 + first;
      words[1] |= bit;
    }
    words[0] |= bit;
  }
  void finish() {
    tracker.numMulti = numMulti;
    tracker.numMultiWrites = numMultiWrites;
  }

private:
  RepeatTracker &tracker;
  uint64_t *bits;
  uint32_t *bucketWrites;
  int lowBits;
  int64_t numMulti, numMultiWrites, stretchStart = 0;
  bool branchFree = false;
};

/// The positions the update elements write: the i32 indices themselves
/// (one per update, all in range, a target of stride 1), or decoded, -1
/// where an update is masked or out of range.
struct IndexPositions {
  const uint8_t *indices;
  int64_t operator[](int64_t i) const {
    int32_t v;
    std::memcpy(&v, indices + i * 4, 4);
    return v;
  }
};
struct DecodedPositions {
  const int64_t *pos;
  int64_t operator[](int64_t i) const { return pos[i]; }
};

/// Positions are random: their values are fetched this many updates ahead.
constexpr int64_t kPrefetchAhead = 64;

/// Whether the combiner is one f32 `arith.addf` of its two arguments (in
/// either order): for operands that are not NaN its result is the IEEE sum
/// whatever the order, which the native `+` gives bit for bit (the
/// interpreter's fast and exact kernels both round to nearest even, without
/// flushing subnormals).
bool isF32AddCombiner(const CompiledRegion &cr) {
  llvm::ArrayRef<CompiledRegion::Instr> ins = cr.instructions();
  if (cr.numArgs() != 2 || cr.numResults() != 1 || ins.size() != 1 ||
      cr.hasComplex() || cr.usesLoopIndex() || cr.argType(0) != DType::F32 ||
      cr.argType(1) != DType::F32 || cr.resultType(0) != DType::F32)
    return false;
  const CompiledRegion::Instr &add = ins.front();
  return add.kind == CompiledRegion::InstrKind::Scalar &&
         add.desc.op == ScalarOpcode::AddF && add.desc.type == DType::F32 &&
         add.desc.resultType == DType::F32 &&
         add.dst == cr.yieldRegister(0) &&
         ((add.a == 0 && add.b == 1) || (add.a == 1 && add.b == 0));
}

/// The updates of an f32 `addf` combiner in batch order, one at a time:
/// out[p] = combine(u, out[p]). A NaN sum (a NaN operand, or inf - inf)
/// is recomputed by the compiled combiner on one lane, so NaN payloads are
/// the region's. Positions written twice are found apart (countRepeats).
template <typename Pos>
void addF32InOrder(Pos pos, int64_t numElems, const Tensor &updates,
                   Tensor &out, RegionRunner &one) {
  const uint8_t *u = updates.data();
  uint8_t *o = out.data();
  auto loadF = [](const uint8_t *at) {
    float f;
    std::memcpy(&f, at, 4);
    return f;
  };
  for (int64_t i = 0; i < numElems; ++i) {
    if (i + kPrefetchAhead < numElems && pos[i + kPrefetchAhead] >= 0)
      __builtin_prefetch(o + pos[i + kPrefetchAhead] * 4, 1);
    int64_t p = pos[i];
    if (p < 0)
      continue;
    float x = loadF(u + i * 4), c = loadF(o + p * 4);
    float s = x + c;
    if (LLVM_UNLIKELY(s != s)) {
      one.arg(0)[0] = llvm::bit_cast<uint32_t>(x);
      one.arg(1)[0] = llvm::bit_cast<uint32_t>(c);
      one.run(1, nullptr, -1, [](Operation *, StringRef, int, StringRef) {});
      s = llvm::bit_cast<float>(static_cast<uint32_t>(one.result(0)[0]));
    }
    std::memcpy(o + p * 4, &s, 4);
  }
}

/// The positions written more than once, into `repeats`.
template <typename Pos>
void countRepeats(Pos pos, int64_t numElems, RepeatTracker &repeats) {
  RepeatCounter counter(repeats);
  for (int64_t i = 0; i < numElems; ++i) {
    counter.startWrite(i);
    int64_t p = pos[i];
    if (p >= 0)
      counter.note(p);
  }
  counter.finish();
}

/// The updates in batch order with the compiled combiner run on lanes:
/// consecutive updates to distinct positions form one batch of lanes, which
/// reads the values earlier batches left, as the sequential loop does.
template <typename Pos>
void combineOnLanes(Pos pos, int64_t numElems, const CompiledRegion &cr,
                    Frame &frame, const Tensor &updates, Tensor &out,
                    RepeatTracker &repeats) {
  constexpr int kLanes = 256;
  RegionRunner runner(cr, frame, kLanes);
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
  unsigned eb = out.elementBytes();
  RepeatCounter counter(repeats);
  for (int64_t i = 0; i < numElems; ++i) {
    counter.startWrite(i);
    if (i + kPrefetchAhead < numElems && pos[i + kPrefetchAhead] >= 0)
      __builtin_prefetch(out.data() + pos[i + kPrefetchAhead] * eb, 1);
    int64_t p = pos[i];
    if (p < 0)
      continue;
    if (!claim(p)) {
      flush();
      claim(p);
    }
    counter.note(p);
    upd[n] = updates.load(i);
    cur[n] = out.load(p);
    lanePos[n++] = p;
    if (n == kLanes)
      flush();
  }
  flush();
  counter.finish();
}

/// The writes to the positions `repeats` found written more than once, as
/// (position, writer) pairs packed into 64 bits (positions and writers are
/// under 2^32), into `multi.updates`: grouped by their position's bucket,
/// in write order within each (sortMultiWrites then sorts each bucket by
/// position). The pairs become their writers there: no other buffer of
/// their size. Sizes `multi`'s other arrays too.
template <typename Pos>
void bucketMultiWrites(Pos pos, int64_t numBatch, int64_t sliceElems,
                       const RepeatTracker &repeats,
                       Freedom::MultiWrites &multi) {
  int64_t numMultiWrites = repeats.numMultiWrites;
  int lowBits = repeats.lowBits;
  std::vector<uint64_t> cursor(repeats.bucketWrites.size());
  uint64_t start = 0;
  for (size_t d = 0; d < cursor.size(); ++d) {
    cursor[d] = start;
    start += repeats.bucketWrites[d];
  }
  assert(start == static_cast<uint64_t>(numMultiWrites) &&
         "bucket counts disagree with the repeats");
  // One more element: the pairs not kept are written there (branch-free:
  // about a third of the writes are to positions written once).
  multi.updates.resize(numMultiWrites + 1);
  multi.positions.resize(repeats.numMulti);
  multi.updateEnds.resize(repeats.numMulti);
  uint64_t *pairs = reinterpret_cast<uint64_t *>(multi.updates.data());
  uint64_t junk = static_cast<uint64_t>(numMultiWrites);
  const uint64_t *bits = repeats.bits.data();
  uint64_t *cursors = cursor.data();
  auto place = [&](int64_t i, int64_t b) {
    int64_t p = pos[i];
    uint64_t q = static_cast<uint64_t>(std::max<int64_t>(p, 0));
    uint64_t keep = static_cast<uint64_t>(p >= 0) &
                    (bits[2 * (q >> 6) + 1] >> (q & 63)) & 1;
    uint64_t c = cursors[q >> lowBits];
    pairs[junk + ((c - junk) & (0 - keep))] =
        q << 32 | static_cast<uint64_t>(b);
    cursors[q >> lowBits] = c + keep;
  };
  if (sliceElems == 1) {
    for (int64_t i = 0; i < numBatch; ++i)
      place(i, i);
  } else {
    for (int64_t b = 0, i = 0; b < numBatch; ++b)
      for (int64_t sl = 0; sl < sliceElems; ++sl, ++i)
        place(i, b);
  }
}

/// Sorts buckets [first, last) of bucketMultiWrites' pairs by position,
/// stably, in cache, and fills their entries of `multi`: the positions in
/// order, each with its writers (batch indices) in write order. Buckets
/// are independent: the entries before `first` are counted in the bitmap.
void sortMultiWriteBuckets(const RepeatTracker &repeats, size_t first,
                           size_t last, Freedom::MultiWrites &multi) {
  if (first >= last)
    return;
  int lowBits = repeats.lowBits;
  uint64_t begin = 0, largest = 0;
  for (size_t d = 0; d < last; ++d) {
    if (d < first)
      begin += repeats.bucketWrites[d];
    else
      largest = std::max<uint64_t>(largest, repeats.bucketWrites[d]);
  }
  // The entries before: positions written more than once before the first
  // bucket, which starts at a bitmap word (with two buckets or more,
  // lowBits >= 12).
  int64_t e = -1;
  for (uint64_t w = 0, end = (uint64_t(first) << lowBits) / 64; w < end; ++w)
    e += llvm::popcount(repeats.bits[2 * w + 1]);
  uint64_t lowMask = (uint64_t(1) << lowBits) - 1;
  std::vector<uint32_t> counts(size_t(1) << lowBits);
  std::vector<uint64_t> sorted(largest);
  uint64_t *pairs = reinterpret_cast<uint64_t *>(multi.updates.data());
  uint64_t lastPosition = ~uint64_t(0);
  for (size_t d = first; d < last; ++d) {
    uint32_t n = repeats.bucketWrites[d];
    if (!n)
      continue;
    const uint64_t *bucket = pairs + begin;
    // A counting sort on the position's low bits. (Its counters, all
    // buckets together, are at most twice the output's elements, which are
    // at most 16 times the updates.)
    for (uint32_t j = 0; j < n; ++j)
      ++counts[bucket[j] >> 32 & lowMask];
    uint32_t sum = 0;
    for (uint32_t &c : counts)
      sum += std::exchange(c, sum);
    for (uint32_t j = 0; j < n; ++j)
      sorted[counts[bucket[j] >> 32 & lowMask]++] = bucket[j];
    std::fill(counts.begin(), counts.end(), 0);
    for (uint32_t j = 0; j < n; ++j) {
      // Branch-free: most positions have two or three writers.
      uint64_t pair = sorted[j], position = pair >> 32;
      e += position != lastPosition;
      lastPosition = position;
      multi.positions[e] = static_cast<int64_t>(position);
      multi.updateEnds[e] = static_cast<int64_t>(begin + j + 1);
      multi.updates[begin + j] = static_cast<int64_t>(pair & 0xffffffffu);
    }
    begin += n;
  }
}

/// Sorts all of bucketMultiWrites' buckets, in two tasks of about as many
/// writes each; then drops the extra element.
void sortMultiWrites(Frame &frame, const RepeatTracker &repeats,
                     Freedom::MultiWrites &multi) {
  size_t numBuckets = repeats.bucketWrites.size(), mid = 0;
  for (uint64_t sum = 0; mid < numBuckets &&
                         2 * sum < static_cast<uint64_t>(repeats.numMultiWrites);
       ++mid)
    sum += repeats.bucketWrites[mid];
  frame.interp.parallelFor(2, [&](int64_t task) {
    sortMultiWriteBuckets(repeats, task ? mid : 0, task ? numBuckets : mid,
                          multi);
  });
  multi.updates.pop_back();
  assert(std::is_sorted(multi.positions.begin(), multi.positions.end()) &&
         multi.updateEnds.back() == repeats.numMultiWrites &&
         "a write to a repeated position was missed");
}
} // namespace

/// Whether any of `n` i32 indices, read as unsigned, is `limit` or more.
/// A function of its own, so that the loop is vectorized (inlined into the
/// scatter it was not: a fifth of a millisecond per million indices).
static LLVM_ATTRIBUTE_NOINLINE bool
anyIndexAtLeast(const uint8_t *indices, int64_t n, uint32_t limit) {
  uint32_t outOfRange = 0;
  for (int64_t i = 0; i < n; ++i) {
    uint32_t v;
    std::memcpy(&v, indices + i * 4, 4);
    outOfRange |= v >= limit;
  }
  return outOfRange;
}

/// The scatter's updates in batch order, natively: an f32 `addf` combiner
/// one update at a time (addF32InOrder), any other on lanes
/// (combineOnLanes).
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
  RepeatTracker repeats(out.numElements());
  bool addF32 = isF32AddCombiner(cr);

  // The common case, one i32 index per update into a target of stride 1:
  // when every index is in range (checked first, in one pass), the indices
  // are the positions.
  if (sliceElems == 1 && acc.dimMap.size() == 1 && !acc.mask &&
      acc.indices->dtype() == DType::I32 &&
      acc.indices->numElements() == numBatch &&
      outStrides[acc.dimMap[0]] == 1) {
    const uint8_t *ix = acc.indices->data();
    // One unsigned comparison per index (negative ones wrap above 2^31).
    uint32_t limit = static_cast<uint32_t>(
        std::min<int64_t>(out.dim(acc.dimMap[0]), int64_t(1) << 31));
    if (!anyIndexAtLeast(ix, numBatch, limit)) {
      IndexPositions pos{ix};
      auto collect = [&] {
        if (repeats.numMulti)
          bucketMultiWrites(pos, numBatch, sliceElems, repeats, multi);
      };
      if (!addF32) {
        combineOnLanes(pos, numElems, cr, frame, updates, out, repeats);
        collect();
        if (repeats.numMulti)
          sortMultiWrites(frame, repeats, multi);
        return true;
      }
      // The updates and the multi-write bookkeeping read only the indices
      // and write apart: two tasks, on two threads where there are two.
      frame.interp.parallelFor(2, [&](int64_t task) {
        if (task == 0) {
          RegionRunner one(cr, frame, 1);
          addF32InOrder(pos, numElems, updates, out, one);
        } else {
          countRepeats(pos, numElems, repeats);
          collect();
        }
      });
      if (repeats.numMulti)
        sortMultiWrites(frame, repeats, multi);
      return true;
    }
  }

  // The position each update element writes, or -1 (masked or out of
  // range).
  // Filled in full: sized without zeroing.
  std::vector<int64_t, UninitializedAllocator<int64_t>> pos(numElems);
  for (int64_t b = 0; b < numBatch; ++b) {
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
  DecodedPositions decoded{pos.data()};
  if (addF32) {
    RegionRunner one(cr, frame, 1);
    addF32InOrder(decoded, numElems, updates, out, one);
    countRepeats(decoded, numElems, repeats);
  } else {
    combineOnLanes(decoded, numElems, cr, frame, updates, out, repeats);
  }
  if (repeats.numMulti) {
    bucketMultiWrites(decoded, numBatch, sliceElems, repeats, multi);
    sortMultiWrites(frame, repeats, multi);
  }
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
  // Reads out of bounds whose values a select may discard are poison
  // (docs/coverage.md, "Reads out of bounds").
  std::optional<uint8_t> oobState;
  forEachBatchElement(out, batchRank, [&](int64_t linear, ArrayRef<int64_t> b,
                                          ArrayRef<int64_t> s) {
    if (acc.masked(b))
      return;
    if (!acc.target(b, s, source, pos, bad)) {
      if (!oobState)
        oobState = isSelectGuarded(op->getResult(0))
                       ? outOfBoundsReadState(op, "out-of-range gather index")
                       : 0;
      if (*oobState) {
        out.store(linear, 0);
        out.setState(linear, *oobState);
        return;
      }
      if (llvm::all_of(s, [](int64_t x) { return x == 0; }))
        reportUB(frame, op, "out-of-range gather index", b, true, bad);
      return;
    }
    int64_t p = source.linearIndex(pos);
    if (source.isUndef(p))
      reportUB(frame, op, "read of an uninitialized element", pos, true,
               "the source comes from tensor.empty and was never written");
    copyElement(out, linear, source, p); // complex<f64> included
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
  int64_t dim = scan.getDimension();
  // The verifier checks static extents only: dynamic ones that disagree at
  // run time (the output not the input's shape, the accumulator not the
  // input's without the scanned dimension) are undefined behaviour; IREE's
  // loops would index them with the input's coordinates.
  Shape accShape;
  for (int64_t d = 0; d < in.rank(); ++d)
    if (d != dim)
      accShape.push_back(in.dim(d));
  if (out.shape() != in.shape() || acc.shape() != ArrayRef<int64_t>(accShape)) {
    reportUB(frame, op, "operand shapes disagree", {}, false,
             "input " + formatShape(in.shape()) + ", output " +
                 formatShape(out.shape()) + ", accumulator " +
                 formatShape(acc.shape()) + " (the output must have the "
                 "input's shape, the accumulator the input's without "
                 "dimension " + std::to_string(dim) + ")");
    frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
    frame.set(op->getResult(1), RtValue::ofTensor(std::move(acc)));
    return success();
  }
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
    // Complex elements travel as their two parts (loadElem).
    ElemBits prev = inclusive ? loadElem(in, base) : loadElem(acc, accPos);
    storeElem(out, base, prev);
    out.setDefined(base);
    for (int64_t i = 1; i < len; ++i) {
      coords[dim] = i;
      ElemBits x = loadElem(in, base + (inclusive ? i : i - 1) * stride);
      prev = f.callElems({prev, x}, coords);
      storeElem(out, base + i * stride, prev);
      out.setDefined(base + i * stride);
      storeElem(acc, accPos, prev);
      acc.setDefined(accPos);
    }
  });
  out.compactUndef();
  acc.compactUndef();
  frame.set(op->getResult(0), RtValue::ofTensor(std::move(out)));
  frame.set(op->getResult(1), RtValue::ofTensor(std::move(acc)));
  return success();
}

void registerLinalgExtKernels(KernelRegistry &r) {
  r.add("iree_linalg_ext.scatter", refusingComplex<scatterKernel>);
  r.add("iree_linalg_ext.gather", gatherKernel);
  r.add("iree_linalg_ext.scan", scanKernel);
  registerLinalgExtSortKernels(r);
}

} // namespace ref
