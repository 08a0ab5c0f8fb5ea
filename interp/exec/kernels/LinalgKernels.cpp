//===- LinalgKernels.cpp - Every linalg op through the LinalgOp interface --===//
//
// Named ops (matmul, conv, pooling, transpose, reduce, ...) carry their body
// and indexing maps like linalg.generic does, so one executor runs them all:
//  1. loop ranges come from the operand shapes through the op's
//     shapes-to-loops map;
//  2. each operand's indexing map, when it is an affine combination of loop
//     dims (permutations, broadcasts, convolution windows, strides), becomes
//     a base offset plus one element stride per loop;
//  3. the iteration space is walked in the op's loop order, except that one
//     parallel loop whose iterations write distinct output elements is moved
//     innermost and run as the lanes of the compiled body. Moving a parallel
//     loop keeps every output element's reduction order sequential, so the
//     result is the one the sequential loop nest defines.
// Accesses outside an operand are undefined behaviour (reachable with dynamic
// shapes that disagree), reported before anything runs.
//
// Speed (docs/performance.md), none of which changes a bit of any result:
//  - a matrix product (a multiply-accumulate body over one reduction loop)
//    runs as a blocked product in the same sequential order
//    (Contraction.h);
//  - when the innermost loops (outside the lanes) do not move any output,
//    each lane keeps its output value in the body's register across them
//    instead of storing and reloading it: a row reduction adds in registers.
//    This reorders the lanes' chunks with those loops, which only matters
//    for the order of findings, so it is done only when the body cannot
//    report any and no input it reads holds uninitialized elements;
//  - outer parallel loops that move every output (projected permutations)
//    are split into tasks by shape and run on the interpreter's threads;
//    tasks write disjoint elements and their findings are kept in task
//    order, so any number of threads gives the single-threaded result;
//  - a result the op overwrites entirely without reading its init starts
//    as a fresh tensor instead of a copy of the init.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"
#include "interp/exec/kernels/Contraction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AffineExprVisitor.h"

#include <cstdlib>

using namespace mlir;

namespace ref {
namespace {

/// An affine expression as `constant + sum coeff[d] * d`.
struct LinearExpr {
  int64_t constant = 0;
  SmallVector<int64_t> coeffs;
};

std::optional<LinearExpr> linearize(AffineExpr e, unsigned numDims) {
  LinearExpr r;
  r.coeffs.assign(numDims, 0);
  if (auto d = dyn_cast<AffineDimExpr>(e)) {
    r.coeffs[d.getPosition()] = 1;
    return r;
  }
  if (auto c = dyn_cast<AffineConstantExpr>(e)) {
    r.constant = c.getValue();
    return r;
  }
  auto bin = dyn_cast<AffineBinaryOpExpr>(e);
  if (!bin)
    return std::nullopt;
  auto lhs = linearize(bin.getLHS(), numDims);
  auto rhs = linearize(bin.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  auto isConst = [](const LinearExpr &x) {
    return llvm::all_of(x.coeffs, [](int64_t c) { return c == 0; });
  };
  switch (e.getKind()) {
  case AffineExprKind::Add:
    r.constant = lhs->constant + rhs->constant;
    for (unsigned i = 0; i < numDims; ++i)
      r.coeffs[i] = lhs->coeffs[i] + rhs->coeffs[i];
    return r;
  case AffineExprKind::Mul: {
    const LinearExpr *k = isConst(*lhs) ? &*lhs : isConst(*rhs) ? &*rhs : nullptr;
    const LinearExpr *x = k == &*lhs ? &*rhs : &*lhs;
    if (!k)
      return std::nullopt;
    r.constant = x->constant * k->constant;
    for (unsigned i = 0; i < numDims; ++i)
      r.coeffs[i] = x->coeffs[i] * k->constant;
    return r;
  }
  default:
    return std::nullopt;
  }
}

/// How one operand is addressed: offset = base + sum strides[d] * i_d.
struct OperandAccess {
  const Tensor *in = nullptr; // inputs; null for scalars and outputs
  Tensor *out = nullptr;      // outputs (the result being built)
  bool isScalar = false;
  uint64_t scalarBits = 0;
  uint64_t scalarImag = 0; // complex scalars: the imaginary part
  uint8_t scalarState = 0; // kDefined, or the scalar's poison

  int64_t base = 0;
  SmallVector<int64_t> strides;
};

} // namespace

namespace {

/// Whether `map` writes every element of an output of `shape` when the loops
/// run over `ranges`: a projected permutation naming one loop per output
/// dimension, each loop spanning that dimension.
bool coversOutput(AffineMap map, ArrayRef<int64_t> ranges,
                  ArrayRef<int64_t> shape) {
  if (!map.isProjectedPermutation() || map.getNumResults() != shape.size())
    return false;
  for (unsigned r = 0; r < map.getNumResults(); ++r)
    if (ranges[map.getDimPosition(r)] != shape[r])
      return false;
  return true;
}

/// The generic executor: the compiled body run on lanes over the iteration
/// space (see the file comment).
class GenericRun {
public:
  GenericRun(linalg::LinalgOp op, Frame &frame, const CompiledRegion &cr,
             ArrayRef<int64_t> ranges, ArrayRef<OperandAccess> access,
             MutableArrayRef<Tensor> results, bool outputsArePermutations);
  void run();

private:
  /// Runs the units [first, end) of the split levels.
  void runTask(int64_t first, int64_t end);
  /// Runs one chunk of lanes at the point `point` (outer coordinates set),
  /// over every combination of the carry loops.
  void runChunk(RegionRunner &runner, SmallVectorImpl<int64_t> &point,
                int64_t chunk, std::vector<std::vector<uint64_t>> &blocks);

  Operation *op;
  Frame &frame;
  const CompiledRegion &cr;
  ArrayRef<int64_t> ranges;
  ArrayRef<OperandAccess> access;
  MutableArrayRef<Tensor> results;
  unsigned numLoops, numInputs, numOperands;
  int laneDim = -1;
  int64_t laneRange = 1, numChunks = 1;
  int lanes = 1;
  /// Loop levels outside the chunks (dims, in loop order) then the chunk
  /// level (-1); the first `numSplit` of them are split into tasks.
  SmallVector<int> levels;
  unsigned numSplit = 0;
  /// Innermost loops that move no output, run inside each chunk with the
  /// outputs carried in registers (empty: no carrying).
  SmallVector<unsigned> carryDims;
  /// Per output: the mask that storing and reloading applies to a value.
  SmallVector<uint64_t> storeMasks;
  /// Inputs contiguous along the innermost carry loop whose lanes lie in
  /// different cache lines (a row reduction's lanes run across rows): each
  /// lane reads kBlock consecutive elements at once. Loading one element
  /// per lane per step would keep hundreds of lines at power-of-two
  /// distances live, which the caches' sets cannot hold.
  SmallVector<bool> blockInput;
  static constexpr int64_t kBlock = 16;
  /// Per-lane poison states run along (RegionRunner): the body can create
  /// poison or an operand it reads holds some. Off, nothing changes.
  bool trackPoison = false;
};

GenericRun::GenericRun(linalg::LinalgOp linalgOp, Frame &frame,
                       const CompiledRegion &cr, ArrayRef<int64_t> ranges,
                       ArrayRef<OperandAccess> access,
                       MutableArrayRef<Tensor> results,
                       bool outputsArePermutations)
    : op(linalgOp), frame(frame), cr(cr), ranges(ranges), access(access),
      results(results), numLoops(ranges.size()),
      numInputs(linalgOp.getNumDpsInputs()),
      numOperands(op->getNumOperands()) {
  SmallVector<utils::IteratorType> iters = linalgOp.getIteratorTypesArray();
  auto movesEveryOutput = [&](unsigned d) {
    for (unsigned k = numInputs; k < numOperands; ++k)
      if (access[k].strides[d] == 0)
        return false;
    return true;
  };
  auto movesSomeOutput = [&](unsigned d) {
    for (unsigned k = numInputs; k < numOperands; ++k)
      if (access[k].strides[d] != 0)
        return true;
    return false;
  };
  // The lane loop: the last parallel dim along which every output moves.
  for (int d = numLoops - 1; d >= 0 && laneDim < 0; --d)
    if (iters[d] == utils::IteratorType::parallel && movesEveryOutput(d))
      laneDim = d;
  laneRange = laneDim >= 0 ? ranges[laneDim] : 1;
  lanes = static_cast<int>(std::min<int64_t>(laneRange, 256));
  numChunks = (laneRange + lanes - 1) / lanes;

  trackPoison = cr.mayMeetPoison(frame);
  for (unsigned k = 0; k < numOperands && !trackPoison; ++k)
    if (cr.isArgUsed(k))
      trackPoison = access[k].isScalar
                        ? access[k].scalarState != kDefined
                        : (access[k].in ? access[k].in : access[k].out)
                              ->hasPoison();

  // Carrying outputs in registers across the innermost loops that move
  // none; only where findings cannot be reordered (and poison states need
  // not be carried along).
  bool canCarry = frame.interp.options().fastPaths && !cr.mayReportUB() &&
                  !trackPoison;
  for (unsigned k = 0; k < numInputs; ++k)
    if (access[k].in && cr.isArgUsed(k) && access[k].in->hasUndef())
      canCarry = false;
  SmallVector<unsigned> outer;
  for (unsigned d = 0; d < numLoops; ++d)
    if (static_cast<int>(d) != laneDim)
      outer.push_back(d);
  if (canCarry)
    while (!outer.empty() && !movesSomeOutput(outer.back())) {
      carryDims.insert(carryDims.begin(), outer.back());
      outer.pop_back();
    }
  levels.assign(outer.begin(), outer.end());
  levels.push_back(-1);
  // Split the outermost levels that give each task its own outputs.
  if (outputsArePermutations)
    for (int level : levels) {
      if (level >= 0 && (iters[level] != utils::IteratorType::parallel ||
                         !movesEveryOutput(level)))
        break;
      if (level < 0 && laneDim < 0)
        break;
      ++numSplit;
    }
  blockInput.assign(numInputs, false);
  if (!carryDims.empty() && laneDim >= 0)
    for (unsigned k = 0; k < numInputs; ++k)
      blockInput[k] = access[k].in && cr.isArgUsed(k) &&
                      !isComplex(access[k].in->dtype()) &&
                      access[k].strides[carryDims.back()] == 1 &&
                      ranges[carryDims.back()] >= kBlock &&
                      std::abs(access[k].strides[laneDim]) *
                              access[k].in->elementBytes() >=
                          64;
  for (const Tensor &t : results) {
    unsigned bytes = t.elementBytes();
    unsigned w = bitWidth(t.dtype()) < 8 ? bitWidth(t.dtype()) : 8 * bytes;
    storeMasks.push_back(w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1);
  }
}

void GenericRun::run() {
  auto levelSize = [&](int level) {
    return level < 0 ? numChunks : ranges[level];
  };
  int64_t units = 1, work = 1;
  for (unsigned i = 0; i < numSplit; ++i)
    units *= levelSize(levels[i]);
  for (int64_t r : ranges)
    work *= r;
  int64_t per = unitsPerTask(frame.interp, units, work / std::max<int64_t>(units, 1));
  int64_t tasks = (units + per - 1) / per;
  if (tasks > 1)
    for (Tensor &t : results) {
      t.materializeUndefMask();
      if (trackPoison)
        t.prepareConcurrentStates();
    }
  frame.interp.parallelFor(tasks, [&](int64_t t) {
    runTask(t * per, std::min(units, (t + 1) * per));
  });
}

void GenericRun::runTask(int64_t first, int64_t end) {
  RegionRunner runner(cr, frame, lanes, trackPoison);
  runner.keepPoison();
  for (unsigned k = 0; k < numOperands; ++k)
    if (access[k].isScalar && cr.isArgUsed(k)) {
      std::fill_n(runner.arg(k), lanes, access[k].scalarBits);
      if (runner.tracksPoison())
        std::fill_n(runner.argState(k), lanes, access[k].scalarState);
      if (isComplex(cr.argType(k))) {
        std::fill_n(runner.argImag(k), lanes, access[k].scalarImag);
        if (runner.tracksPoison())
          std::fill_n(runner.argImagState(k), lanes, access[k].scalarState);
      }
    }
  SmallVector<int64_t> point(numLoops, 0);
  SmallVector<int64_t> levelPos(levels.size(), 0);
  std::vector<std::vector<uint64_t>> blocks(numInputs);
  for (unsigned k = 0; k < numInputs; ++k)
    if (blockInput[k])
      blocks[k].resize(lanes * kBlock);
  auto levelSize = [&](int level) {
    return level < 0 ? numChunks : ranges[level];
  };
  auto setLevel = [&](unsigned i, int64_t v) {
    levelPos[i] = v;
    if (levels[i] >= 0)
      point[levels[i]] = v;
  };
  for (int64_t u = first; u < end; ++u) {
    // The split levels' coordinates, last level fastest.
    int64_t rest = u;
    for (int i = static_cast<int>(numSplit) - 1; i >= 0; --i) {
      setLevel(i, rest % levelSize(levels[i]));
      rest /= levelSize(levels[i]);
    }
    for (unsigned i = numSplit; i < levels.size(); ++i)
      setLevel(i, 0);
    // The other levels, in order, last fastest.
    while (true) {
      runChunk(runner, point, levelPos.back(), blocks);
      int i = static_cast<int>(levels.size()) - 1;
      for (; i >= static_cast<int>(numSplit); --i) {
        if (levelPos[i] + 1 < levelSize(levels[i])) {
          setLevel(i, levelPos[i] + 1);
          break;
        }
        setLevel(i, 0);
      }
      if (i < static_cast<int>(numSplit))
        break;
    }
  }
}

void GenericRun::runChunk(RegionRunner &runner,
                          SmallVectorImpl<int64_t> &point, int64_t chunk,
                          std::vector<std::vector<uint64_t>> &blocks) {
  int n = static_cast<int>(std::min<int64_t>(lanes, laneRange - chunk * lanes));
  if (laneDim >= 0)
    point[laneDim] = chunk * lanes;
  for (unsigned d : carryDims)
    point[d] = 0;
  auto laneCoords = [&](int lane) {
    Shape c(point.begin(), point.end());
    if (laneDim >= 0)
      c[laneDim] += lane;
    return c;
  };
  auto onUB = [&](Operation *at, StringRef kind, int lane, StringRef detail) {
    reportUB(frame, at, kind, laneCoords(lane), true, detail);
  };
  auto offsetOf = [&](unsigned k) {
    int64_t off = access[k].base;
    for (unsigned d = 0; d < numLoops; ++d)
      off += access[k].strides[d] * point[d];
    return off;
  };
  auto stepOf = [&](unsigned k) {
    return laneDim >= 0 ? access[k].strides[laneDim] : 0;
  };
  // Loads the block arguments of operands [from, to) (all of them at the
  // first point; inputs only while outputs are carried).
  auto loadArgs = [&](unsigned from, unsigned to) {
    for (unsigned k = from; k < to; ++k) {
      if (access[k].isScalar || !cr.isArgUsed(k))
        continue;
      const Tensor *t = access[k].in ? access[k].in : access[k].out;
      int64_t off = offsetOf(k), step = stepOf(k);
      bool complexArg = isComplex(t->dtype());
      if (complexArg) {
        uint64_t *re = runner.arg(k), *im = runner.argImag(k);
        for (int l = 0; l < n; ++l) {
          re[l] = t->loadPart(off + l * step, 0);
          im[l] = t->loadPart(off + l * step, 1);
        }
      } else {
        loadBits(*t, off, step, n, runner.arg(k));
      }
      uint8_t *states = runner.tracksPoison() ? runner.argState(k) : nullptr;
      if (states)
        std::fill_n(states, n, kDefined);
      if (states && complexArg)
        std::fill_n(runner.argImagState(k), n, kDefined);
      if (t->hasUndef())
        for (int l = 0; l < n; ++l) {
          uint8_t st = t->state(off + l * step);
          if (st >= kFirstPoison && states) {
            states[l] = st;
            if (complexArg)
              runner.argImagState(k)[l] = st;
          }
          else if (st != kDefined)
            reportUB(frame, op, "read of an uninitialized element",
                     laneCoords(l), true,
                     "operand #" + std::to_string(k) +
                         " comes from tensor.empty and was never written");
        }
    }
  };

  // Inputs read in blocks (see blockInput): lane l's kBlock elements from
  // the carry point `blockStart` on are at blocks[k][l * kBlock + s].
  int64_t blockStart = -1;
  auto loadInputs = [&]() {
    if (carryDims.empty() || !llvm::is_contained(blockInput, true)) {
      loadArgs(0, numInputs);
      return;
    }
    unsigned d = carryDims.back();
    int64_t s = point[d] - blockStart;
    if (blockStart < 0 || s < 0 || s >= kBlock) {
      bool whole = point[d] + kBlock <= ranges[d];
      blockStart = whole ? point[d] : -1;
      s = 0;
      for (unsigned k = 0; k < numInputs; ++k) {
        if (!whole || !blockInput[k])
          continue;
        const Tensor &t = *access[k].in;
        int64_t off = offsetOf(k), step = stepOf(k);
        for (int l = 0; l < n; ++l)
          loadBits(t, off + l * step, 1, kBlock, &blocks[k][l * kBlock]);
        // The lanes' next blocks are as many streams: no hardware
        // prefetcher follows them, so ask for them now.
        if (point[d] + 2 * kBlock <= ranges[d])
          for (int l = 0; l < n; ++l)
            __builtin_prefetch(t.data() +
                               (off + l * step + kBlock) * t.elementBytes());
      }
    }
    for (unsigned k = 0; k < numInputs; ++k) {
      if (!blockInput[k] || blockStart < 0) {
        loadArgs(k, k + 1);
        continue;
      }
      uint64_t *dst = runner.arg(k);
      const uint64_t *src = &blocks[k][s];
      for (int l = 0; l < n; ++l)
        dst[l] = src[l * kBlock];
    }
  };

  loadInputs();
  loadArgs(numInputs, numOperands);
  while (true) {
    runner.run(n, point.data(), laneDim, onUB);
    // Next point of the carry loops, last fastest.
    int i = static_cast<int>(carryDims.size()) - 1;
    for (; i >= 0; --i) {
      if (++point[carryDims[i]] < ranges[carryDims[i]])
        break;
      point[carryDims[i]] = 0;
    }
    if (i < 0)
      break;
    // An outer carry loop moved: the blocks hold other elements.
    if (i + 1 < static_cast<int>(carryDims.size()))
      blockStart = -1;
    // The outputs stay in registers, as storing and reloading leaves them.
    for (unsigned r = 0; r < results.size(); ++r) {
      unsigned k = numInputs + r;
      if (!cr.isArgUsed(k))
        continue;
      const uint64_t *src = runner.result(r);
      uint64_t *dst = runner.arg(k), mask = storeMasks[r];
      for (int l = 0; l < n; ++l)
        dst[l] = src[l] & mask;
      if (isComplex(cr.argType(k)))
        std::copy_n(runner.resultImag(r), n, runner.argImag(k));
    }
    loadInputs();
  }
  // Store the yielded values, at the outer point (carry loops at 0).
  for (unsigned d : carryDims)
    point[d] = 0;
  for (unsigned r = 0; r < results.size(); ++r) {
    unsigned k = numInputs + r;
    int64_t off = offsetOf(k), step = stepOf(k);
    bool complexResult = isComplex(results[r].dtype());
    if (complexResult) {
      const uint64_t *re = runner.result(r), *im = runner.resultImag(r);
      for (int l = 0; l < n; ++l) {
        results[r].storePart(off + l * step, 0, re[l]);
        results[r].storePart(off + l * step, 1, im[l]);
      }
    } else {
      storeBits(results[r], off, step, n, runner.result(r));
    }
    results[r].setDefinedRange(off, n, step);
    if (runner.tracksPoison()) {
      const uint8_t *states = runner.resultState(r);
      const uint8_t *imStates =
          complexResult ? runner.resultImagState(r) : nullptr;
      for (int l = 0; l < n; ++l) {
        uint8_t st = states[l];
        if (imStates && st < kFirstPoison && imStates[l] >= kFirstPoison)
          st = imStates[l];
        if (st != kDefined)
          results[r].setState(off + l * step, st);
      }
    }
  }
}

} // namespace

static LogicalResult linalgKernel(Operation *op, Frame &frame) {
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (!linalgOp.hasPureTensorSemantics())
    return op->emitError("unsupported operation '")
           << op->getName() << "' on memrefs";
  Interpreter &interp = frame.interp;
  unsigned numLoops = linalgOp.getNumLoops();

  // Loop ranges from the concatenated operand shapes.
  SmallVector<int64_t> allDims;
  for (OpOperand &o : op->getOpOperands()) {
    const RtValue &v = frame.get(o.get());
    if (v.isTensor())
      allDims.append(v.tensor->shape().begin(), v.tensor->shape().end());
  }
  AffineMap shapesToLoops = linalgOp.getShapesToLoopsMap();
  if (!shapesToLoops)
    return op->emitError("cannot derive loop ranges of '")
           << op->getName() << "' from its indexing maps";
  SmallVector<int64_t> ranges = shapesToLoops.compose(allDims);
  if (ranges.size() != numLoops)
    return op->emitError("loop range computation gave ")
           << ranges.size() << " ranges for " << numLoops << " loops";

  auto crOr = interp.getCompiledRegion(op->getRegion(0));
  if (failed(crOr))
    return failure();
  const CompiledRegion &cr = **crOr;
  unsigned numInputs = linalgOp.getNumDpsInputs();
  unsigned numOperands = op->getNumOperands();

  // Addressing of every operand, with bounds checked at the box corners.
  SmallVector<AffineMap> maps = linalgOp.getIndexingMapsArray();
  SmallVector<OperandAccess> access(numOperands);
  bool empty = llvm::any_of(ranges, [](int64_t r) { return r <= 0; });
  auto setInitsAsResults = [&]() {
    for (auto [res, init] :
         llvm::zip(op->getResults(), linalgOp.getDpsInits()))
      frame.set(res, RtValue::ofTensor(Tensor(frame.getTensor(init))));
  };
  for (OpOperand &o : op->getOpOperands()) {
    unsigned k = o.getOperandNumber();
    OperandAccess &a = access[k];
    a.strides.assign(numLoops, 0);
    const RtValue &v = frame.get(o.get());
    if (!v.isTensor()) {
      a.isScalar = true;
      a.scalarBits = v.bits;
      a.scalarImag = v.imag;
      a.scalarState = v.poison;
      continue;
    }
    const Tensor *t = v.tensor.get();
    if (k < numInputs)
      a.in = t;
    AffineMap m = maps[k];
    Shape rowStrides = rowMajorStrides(t->shape());
    for (auto [r, expr] : llvm::enumerate(m.getResults())) {
      auto lin = linearize(expr, numLoops);
      if (!lin)
        return op->emitError("unsupported non-affine-linear indexing map ")
               << AffineMapAttr::get(m);
      a.base += lin->constant * rowStrides[r];
      for (unsigned d = 0; d < numLoops; ++d)
        a.strides[d] += lin->coeffs[d] * rowStrides[r];
      // A dimension indexed by one loop alone must have that loop's range
      // (MLIR's verifier demands it of static shapes, linalg's runtime
      // verification of dynamic ones; IREE asserts it at the function's
      // boundary): dynamic extents that disagree are undefined behaviour
      // even when every access stays inside the operands.
      if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
        unsigned d = dim.getPosition();
        if (t->dim(r) != ranges[d]) {
          reportUB(frame, op, "operand shapes disagree", {}, false,
                   "operand #" + std::to_string(k) + " dimension " +
                       std::to_string(r) + " has size " +
                       std::to_string(t->dim(r)) + " but loop d" +
                       std::to_string(d) + " runs " +
                       std::to_string(ranges[d]) +
                       " times by the other operands (loop ranges " +
                       formatCoords(ranges) + ")");
          setInitsAsResults();
          return success();
        }
      }
      if (empty)
        continue;
      int64_t lo = lin->constant, hi = lin->constant;
      for (unsigned d = 0; d < numLoops; ++d) {
        int64_t span = lin->coeffs[d] * (ranges[d] - 1);
        (span < 0 ? lo : hi) += span;
      }
      if (lo < 0 || hi >= t->dim(r)) {
        reportUB(frame, op, "out-of-bounds operand access", {}, false,
                 "operand #" + std::to_string(k) + " dimension " +
                     std::to_string(r) + " (size " +
                     std::to_string(t->dim(r)) + ") is accessed at " +
                     std::to_string(lo < 0 ? lo : hi) +
                     " by the loop ranges " + formatCoords(ranges));
        setInitsAsResults();
        return success();
      }
    }
  }

  // Results start as copies of the inits, or as fresh tensors when the op
  // writes every element without reading the init.
  SmallVector<Tensor> results;
  bool outputsArePermutations = true;
  for (auto [i, init] : llvm::enumerate(linalgOp.getDpsInits())) {
    unsigned k = numInputs + i;
    const Tensor &t = frame.getTensor(init);
    outputsArePermutations &= maps[k].isProjectedPermutation();
    if (!empty && !cr.isArgUsed(k) && coversOutput(maps[k], ranges, t.shape()))
      results.push_back(Tensor(t.dtype(), t.shape()));
    else
      results.push_back(t);
  }
  for (unsigned i = 0; i < results.size(); ++i)
    access[numInputs + i].out = &results[i];

  if (!empty) {
    // A matrix product on defined operands runs natively, in the same order
    // (an output map that is a projected permutation writes each element
    // from one iteration point per k, as the blocked product assumes).
    SmallVector<bool> isReduction;
    for (utils::IteratorType it : linalgOp.getIteratorTypesArray())
      isReduction.push_back(it == utils::IteratorType::reduction);
    bool done = false;
    if (interp.options().fastPaths && outputsArePermutations &&
        !cr.hasComplex() &&
        numOperands == 3 && numInputs == 2 &&
        access[0].in && access[1].in &&
        !access[0].in->hasUndef() && !access[1].in->hasUndef() &&
        !results[0].hasUndef())
      done = runContraction(cr, ranges, isReduction,
                            {access[0].in, access[0].base, access[0].strides},
                            {access[1].in, access[1].base, access[1].strides},
                            results[0], access[2].base, access[2].strides,
                            interp);
    if (!done)
      GenericRun(linalgOp, frame, cr, ranges, access, results,
                 outputsArePermutations)
          .run();
  }

  // Float reductions: record how many terms each element combines, so the
  // oracle can bound the error of another summation order.
  std::shared_ptr<Freedom> freedom;
  int64_t reductionLength = 1;
  bool hasReduction = false;
  for (auto [d, it] : llvm::enumerate(linalgOp.getIteratorTypesArray()))
    if (it == utils::IteratorType::reduction) {
      hasReduction = true;
      reductionLength *= ranges[d];
    }
  if (hasReduction && cr.hasOrderSensitiveFloatOps()) {
    freedom = std::make_shared<Freedom>();
    freedom->reductionLength = reductionLength;
    freedom->origin = originOf(op);
  }

  for (auto [res, t] : llvm::zip(op->getResults(), results)) {
    t.compactUndef();
    RtValue rv = RtValue::ofTensor(std::move(t));
    if (freedom && (isFloat(rv.dtype) || isComplex(rv.dtype)))
      rv.freedom = freedom;
    frame.set(res, std::move(rv));
  }
  return success();
}

static bool isLinalgOp(Operation *op) { return isa<linalg::LinalgOp>(op); }

void registerLinalgKernels(KernelRegistry &r) {
  r.addFallback(isLinalgOp, linalgKernel);
}

} // namespace ref
