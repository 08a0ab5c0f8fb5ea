//===- AttentionKernels.cpp - iree_linalg_ext.attention / online_attention ===//
//
// The attention ops computed with the operations, types and rounding of
// IREE's lowering, one op at a time in the order IREE emits them:
//
//  - Every codegen pipeline (LLVMCPU, LLVMGPU, VMVX) first rewrites
//    `attention` into `online_attention` (ConvertAttentionToOnlineAttention:
//    acc, max and sum in f32, filled with 0, -FLT_MAX (the finite identity
//    of maximumf) and 0), followed by out = truncf((1 / sum) * acc). So
//    `attention` is run as exactly that; IREE's direct decomposition of
//    `attention` (AttentionOp::decomposeOperation) is used by no pipeline.
//  - `online_attention` follows its decomposition (AggregatedOpInterfaceImpl):
//    with s2 = scale * log2(e) in the scale's type when use_exp2 (the
//    default; `decomposition_config = {use_exp2 = false}` uses exp):
//      Q' = s2 * Q                 in Q's type (not for <= 8-bit Q)
//      S  = sum_k1 ext(Q') * ext(K) in the output's type (f32: attention)
//      S  = region(S)
//      <= 8-bit Q: S = s2 * S, then S = (1 / largest(Q type)) + S
//      S += mask (float: ext/trunc, times log2(e) when use_exp2;
//                 integer: low bit ? 0 : -inf)
//      newMax = maximumf over k2 of S, starting from max
//      norm   = exp2(max - newMax)     P = exp2(S - newMax)
//      newSum = norm * sum + sum_k2 P  (sequentially onto norm * sum)
//      P      = truncf(P) to V's type when it differs (<= 8-bit Q: clamped
//               to V's largest value first)
//      newAcc = norm * acc + sum_k2 ext(P) * ext(V)
//    Each reduction runs in order over the row-major k1 / k2 points.
//
// Freedom: IREE tiles k2 (the online update then runs per tile, with a
// per-tile max) and reassociates the k1 and k2 sums, so results carry
// Freedom::reductionLength = K1 + K2 (the max output: K1, as a max is
// exact in any order); see docs/coverage.md.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/Types.h"
#include "interp/exec/RegionCompiler.h"
#include "interp/scalar/ScalarOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

using namespace mlir;
namespace ext = ref::linalg_ext;

namespace ref {
namespace {

/// One typed scalar op applied lane by lane (in place allowed).
class LaneOp {
public:
  LaneOp() = default;
  LaneOp(ScalarOpcode opcode, DType type, DType resultType) {
    desc = ScalarOpDesc{opcode, type, resultType};
    fn = selectFast(desc);
  }
  LaneOp(ScalarOpcode opcode, DType type) : LaneOp(opcode, type, type) {}

  void run(uint64_t *dst, const uint64_t *a, const uint64_t *b,
           int64_t n) const {
    UBKind ub = UBKind::None;
    while (n > 0) {
      int len = static_cast<int>(std::min<int64_t>(n, int64_t(1) << 20));
      fn(desc, dst, a, b ? b : a, a, len, ub);
      dst += len;
      a += len;
      if (b)
        b += len;
      n -= len;
    }
  }
  uint64_t operator()(uint64_t a, uint64_t b = 0) const {
    uint64_t r;
    run(&r, &a, &b, 1);
    return r;
  }

private:
  ScalarOpDesc desc{ScalarOpcode::Copy, DType::F32, DType::F32};
  BatchFn fn = nullptr;
};

/// MLIR's convertScalarToDtype between float types: extf to a wider type,
/// truncf (to nearest even) to a narrower one, nothing for the same type.
class Convert {
public:
  Convert() = default;
  Convert(DType from, DType to) : identity(from == to) {
    if (!identity)
      op = LaneOp(bitWidth(from) < bitWidth(to) ? ScalarOpcode::ExtF
                                                : ScalarOpcode::TruncF,
                  from, to);
  }
  /// Same-width float types (f16 and bf16) have no extf/truncf between them.
  static bool possible(DType from, DType to) {
    return from == to || bitWidth(from) != bitWidth(to);
  }
  void run(uint64_t *dst, const uint64_t *src, int64_t n) const {
    if (identity) {
      if (dst != src)
        std::copy(src, src + n, dst);
      return;
    }
    op.run(dst, src, nullptr, n);
  }
  uint64_t operator()(uint64_t v) const { return identity ? v : op(v); }

private:
  bool identity = true;
  LaneOp op;
};

/// A float constant of type `t`, rounded from a double as FloatAttr does.
uint64_t floatConst(double v, DType t) { return doubleToFloatBits(v, t); }

uint64_t largestBits(DType t, bool negative) {
  return fromAPFloat(llvm::APFloat::getLargest(floatSemantics(t), negative));
}

/// The operand roles of both ops.
enum Role { Q, K, V, Mask, Out, Max, Sum, NumRoles };
const char *const kRoleNames[NumRoles] = {"query",  "key", "value", "mask",
                                          "output", "max", "sum"};

/// Batch, m, k1, k2 and n dims by IREE's rule (AttentionOpDetail):
/// B = (Q & V) | (K & O), K1 = (Q & K) - B, K2 = K - B - K1,
/// M = Q - B - K1, N = V - B - K2; each sorted ascending.
struct DimClasses {
  SmallVector<unsigned> batch, m, k1, k2, n;
};

llvm::SmallBitVector dimSet(AffineMap map) {
  llvm::SmallBitVector s(map.getNumDims());
  for (AffineExpr e : map.getResults())
    s.set(cast<AffineDimExpr>(e).getPosition());
  return s;
}

SmallVector<unsigned> members(const llvm::SmallBitVector &s) {
  SmallVector<unsigned> out;
  for (int d = s.find_first(); d >= 0; d = s.find_next(d))
    out.push_back(d);
  return out;
}

/// Row-major enumeration of the points over `dims`: the offset of each point
/// in an operand whose per-domain-dim element strides are `strides`.
std::vector<int64_t> offsetsOver(ArrayRef<unsigned> dims,
                                 ArrayRef<int64_t> sizes,
                                 ArrayRef<int64_t> strides) {
  int64_t count = 1;
  for (unsigned d : dims)
    count *= sizes[d];
  std::vector<int64_t> out;
  out.reserve(count);
  if (count == 0)
    return out;
  SmallVector<int64_t> point(dims.size(), 0);
  int64_t offset = 0;
  for (int64_t i = 0; i < count; ++i) {
    out.push_back(offset);
    for (int64_t k = dims.size() - 1; k >= 0; --k) {
      unsigned d = dims[k];
      offset += strides[d];
      if (++point[k] < sizes[d])
        break;
      offset -= strides[d] * sizes[d];
      point[k] = 0;
    }
  }
  return out;
}

/// Sets coords[dims...] to the coordinates of row-major point `index`.
void pointCoords(ArrayRef<unsigned> dims, ArrayRef<int64_t> sizes,
                 int64_t index, MutableArrayRef<int64_t> coords) {
  for (int64_t k = dims.size() - 1; k >= 0; --k) {
    unsigned d = dims[k];
    coords[d] = index % sizes[d];
    index /= sizes[d];
  }
}

/// Everything a row (one batch and m point) needs, fixed before the rows run.
struct AttentionPlan {
  Operation *op = nullptr;
  bool online = false;
  bool useExp2 = true;
  bool lowPrecision = false;
  bool hasMask = false;
  bool maskIsFloat = false;
  bool runRegion = false;
  const CompiledRegion *region = nullptr;
  DType tq = DType::F32, tk = DType::F32, tv = DType::F32, tMask = DType::F32,
        tS = DType::F32, tMax = DType::F32, tSum = DType::F32,
        tAcc = DType::F32, tOut = DType::F32;
  const Tensor *in[NumRoles] = {};
  unsigned domainRank = 0;
  SmallVector<int64_t> sizes;
  DimClasses dims;
  SmallVector<unsigned> rowDims; // batch and m dims, ascending
  // Per-role element strides along each domain dim.
  SmallVector<SmallVector<int64_t>> strides;
  // Offsets of the row points (rowOff[role]) and of the k1, k2 and n
  // points within a row.
  std::vector<int64_t> rowOff[NumRoles];
  std::vector<int64_t> k1Q, k1K, k2K, k2V, k2Mask, nV, nOut;
  uint64_t qScale = 0; // s2 in Q's type (pre-scaling) or S's type (<= 8 bit)
  uint64_t offsetS = 0, maskLog2e = 0, clampP = 0;
  uint64_t initMax = 0; // attention: -FLT_MAX
};

/// The rows [first, last): computes the outputs of each.
class RowRunner {
public:
  RowRunner(const AttentionPlan &p, Frame &frame, Tensor *outs)
      : p(p), frame(frame), outs(outs), cvtQS(p.tq, p.tS), cvtKS(p.tk, p.tS),
        cvtSMax(p.tS, p.tMax), cvtMaxS(p.tMax, p.tS), cvtSSum(p.tS, p.tSum),
        cvtMaxSum(p.tMax, p.tSum), cvtMaxAcc(p.tMax, p.tAcc),
        cvtVAcc(p.tv, p.tAcc), mulQ(ScalarOpcode::MulF, p.tq),
        mulS(ScalarOpcode::MulF, p.tS), addS(ScalarOpcode::AddF, p.tS),
        subS(ScalarOpcode::SubF, p.tS),
        expS(p.useExp2 ? ScalarOpcode::Exp2 : ScalarOpcode::Exp, p.tS),
        maxM(ScalarOpcode::MaximumF, p.tMax), subM(ScalarOpcode::SubF, p.tMax),
        expM(p.useExp2 ? ScalarOpcode::Exp2 : ScalarOpcode::Exp, p.tMax),
        mulSum(ScalarOpcode::MulF, p.tSum), addSum(ScalarOpcode::AddF, p.tSum),
        mulAcc(ScalarOpcode::MulF, p.tAcc), addAcc(ScalarOpcode::AddF, p.tAcc) {
    if (p.hasMask && p.maskIsFloat)
      cvtMaskS = Convert(p.tMask, p.tS);
    truncP = p.tS != p.tv;
    if (truncP) {
      cvtSV = Convert(p.tS, p.tv);
      minS = LaneOp(ScalarOpcode::MinimumF, p.tS);
    }
    cvtPAcc = Convert(truncP ? p.tv : p.tS, p.tAcc);
    if (!p.online) {
      divAcc = LaneOp(ScalarOpcode::DivF, p.tAcc);
      cvtAccOut = Convert(p.tAcc, p.tOut);
    }
    if (p.runRegion)
      runner.emplace(
          *p.region, frame,
          static_cast<int>(std::clamp<int64_t>(p.k2K.size(), 1, 256)));
  }

  void runRows(int64_t first, int64_t last) {
    for (int64_t row = first; row < last; ++row)
      runRow(row);
  }

private:
  void fill(std::vector<uint64_t> &v, size_t n, uint64_t bits) {
    v.assign(n, bits);
  }

  void runRow(int64_t row) {
    const int64_t nK1 = p.k1Q.size(), nK2 = p.k2K.size(), nN = p.nV.size();
    const Tensor &q = *p.in[Q], &k = *p.in[K], &v = *p.in[V];
    const int64_t qBase = p.rowOff[Q][row], kBase = p.rowOff[K][row],
                  vBase = p.rowOff[V][row];

    // Q' = s2 * Q (in Q's type) then ext to S's type.
    qRow.resize(nK1);
    for (int64_t i = 0; i < nK1; ++i)
      qRow[i] = q.load(qBase + p.k1Q[i]);
    if (!p.lowPrecision) {
      fill(tmpA, nK1, p.qScale);
      mulQ.run(qRow.data(), tmpA.data(), qRow.data(), nK1);
    }
    cvtQS.run(qRow.data(), qRow.data(), nK1);

    // S = sum_k1 Q' * K, onto 0, one k1 point at a time over the k2 lanes.
    fill(s, nK2, 0);
    tmpA.resize(nK2);
    tmpB.resize(nK2);
    for (int64_t i = 0; i < nK1; ++i) {
      std::fill(tmpA.begin(), tmpA.end(), qRow[i]);
      for (int64_t j = 0; j < nK2; ++j)
        tmpB[j] = k.load(kBase + p.k2K[j] + p.k1K[i]);
      cvtKS.run(tmpB.data(), tmpB.data(), nK2);
      mulS.run(tmpA.data(), tmpA.data(), tmpB.data(), nK2);
      addS.run(s.data(), tmpA.data(), s.data(), nK2);
    }

    if (p.runRegion)
      applyRegion(row);
    if (p.lowPrecision) {
      fill(tmpA, nK2, p.qScale);
      mulS.run(s.data(), tmpA.data(), s.data(), nK2);
      fill(tmpA, nK2, p.offsetS);
      addS.run(s.data(), tmpA.data(), s.data(), nK2);
    }
    if (p.hasMask)
      applyMask(row);

    // newMax = maximumf(ext(S), acc) in order, from the initial max.
    uint64_t oldMax =
        p.online ? p.in[Max]->load(p.rowOff[Max][row]) : p.initMax;
    uint64_t newMax = oldMax;
    for (int64_t j = 0; j < nK2; ++j)
      newMax = maxM(cvtSMax(s[j]), newMax);
    uint64_t norm = expM(subM(oldMax, newMax));

    // P = exp(S - newMax); newSum = norm * sum + P in order.
    uint64_t oldSum =
        p.online ? p.in[Sum]->load(p.rowOff[Sum][row]) : uint64_t(0);
    uint64_t newSum = mulSum(cvtMaxSum(norm), oldSum);
    fill(tmpA, nK2, cvtMaxS(newMax));
    subS.run(s.data(), s.data(), tmpA.data(), nK2);
    expS.run(s.data(), s.data(), nullptr, nK2);
    for (int64_t j = 0; j < nK2; ++j)
      newSum = addSum(cvtSSum(s[j]), newSum);

    if (truncP) {
      if (p.lowPrecision) {
        fill(tmpA, nK2, p.clampP);
        minS.run(s.data(), tmpA.data(), s.data(), nK2);
      }
      cvtSV.run(s.data(), s.data(), nK2);
    }
    cvtPAcc.run(s.data(), s.data(), nK2);

    // acc = norm * acc + sum_k2 P * V, one k2 point at a time over n lanes.
    acc.resize(nN);
    if (p.online) {
      const Tensor &init = *p.in[Out];
      for (int64_t n = 0; n < nN; ++n)
        acc[n] = init.load(p.rowOff[Out][row] + p.nOut[n]);
    } else {
      std::fill(acc.begin(), acc.end(), uint64_t(0));
    }
    fill(tmpA, nN, cvtMaxAcc(norm));
    mulAcc.run(acc.data(), tmpA.data(), acc.data(), nN);
    tmpB.resize(nN);
    for (int64_t j = 0; j < nK2; ++j) {
      std::fill(tmpA.begin(), tmpA.end(), s[j]);
      for (int64_t n = 0; n < nN; ++n)
        tmpB[n] = v.load(vBase + p.k2V[j] + p.nV[n]);
      cvtVAcc.run(tmpB.data(), tmpB.data(), nN);
      mulAcc.run(tmpA.data(), tmpA.data(), tmpB.data(), nN);
      addAcc.run(acc.data(), tmpA.data(), acc.data(), nN);
    }

    const int64_t outBase = p.rowOff[Out][row];
    if (p.online) {
      for (int64_t n = 0; n < nN; ++n)
        outs[0].store(outBase + p.nOut[n], acc[n]);
      outs[1].store(p.rowOff[Max][row], newMax);
      outs[2].store(p.rowOff[Sum][row], newSum);
      return;
    }
    // out = trunc((1 / sum) * acc), all in f32 but the final rounding.
    uint64_t recip = divAcc(floatConst(1.0, p.tAcc), newSum);
    fill(tmpA, nN, recip);
    mulAcc.run(acc.data(), tmpA.data(), acc.data(), nN);
    cvtAccOut.run(acc.data(), acc.data(), nN);
    for (int64_t n = 0; n < nN; ++n)
      outs[0].store(outBase + p.nOut[n], acc[n]);
  }

  void applyRegion(int64_t row) {
    const int64_t nK2 = s.size();
    const int lanes = runner->numLanes();
    for (int64_t j0 = 0; j0 < nK2; j0 += lanes) {
      int n = static_cast<int>(std::min<int64_t>(lanes, nK2 - j0));
      std::copy(s.begin() + j0, s.begin() + j0 + n, runner->arg(0));
      runner->run(
          n, nullptr, -1,
          [&](Operation *at, StringRef kind, int lane, StringRef detail) {
            SmallVector<int64_t> coords(p.domainRank, 0);
            pointCoords(p.rowDims, p.sizes, row, coords);
            pointCoords(p.dims.k2, p.sizes, j0 + lane, coords);
            reportUB(frame, at, kind, coords, true,
                     ("in the score region of " +
                      p.op->getName().getStringRef() + ": " + detail)
                         .str());
          });
      const uint64_t *r = runner->result(0);
      std::copy(r, r + n, s.begin() + j0);
    }
  }

  void applyMask(int64_t row) {
    const int64_t nK2 = s.size();
    const Tensor &mask = *p.in[Mask];
    const int64_t base = p.rowOff[Mask][row];
    tmpA.resize(nK2);
    for (int64_t j = 0; j < nK2; ++j)
      tmpA[j] = mask.load(base + p.k2Mask[j]);
    if (p.maskIsFloat) {
      cvtMaskS.run(tmpA.data(), tmpA.data(), nK2);
      if (p.useExp2) {
        fill(tmpB, nK2, p.maskLog2e);
        mulS.run(tmpA.data(), tmpA.data(), tmpB.data(), nK2);
      }
    } else {
      // arith.trunci to i1, then select(bit, 0.0, -inf).
      const uint64_t zero = floatConst(0.0, p.tS),
                     negInf = floatConst(-INFINITY, p.tS);
      for (uint64_t &m : tmpA)
        m = (m & 1) ? zero : negInf;
    }
    addS.run(s.data(), s.data(), tmpA.data(), nK2);
  }

  const AttentionPlan &p;
  Frame &frame;
  Tensor *outs;
  Convert cvtQS, cvtKS, cvtSMax, cvtMaxS, cvtSSum, cvtMaxSum, cvtMaxAcc,
      cvtVAcc, cvtMaskS, cvtSV, cvtPAcc, cvtAccOut;
  LaneOp mulQ, mulS, addS, subS, expS, maxM, subM, expM, mulSum, addSum, mulAcc,
      addAcc, minS, divAcc;
  bool truncP = false;
  std::optional<RegionRunner> runner;
  std::vector<uint64_t> qRow, s, acc, tmpA, tmpB;
};

FailureOr<DType> floatElementType(Operation *op, Value v, StringRef what) {
  auto dt = getDType(v.getType(), op->getLoc());
  if (failed(dt))
    return failure();
  if (!isFloat(*dt))
    return refuseElementType(op, v.getType())
           << " (the " << what << " must have a float element type)";
  return *dt;
}

LogicalResult attentionKernel(Operation *op, Frame &frame) {
  AttentionPlan p;
  p.op = op;
  auto onlineOp = dyn_cast<ext::OnlineAttentionOp>(op);
  p.online = static_cast<bool>(onlineOp);
  SmallVector<AffineMap> maps;
  Value operands[NumRoles] = {};
  Value scale;
  DictionaryAttr config;
  if (onlineOp) {
    maps = onlineOp.getIndexingMapsArray();
    operands[Q] = onlineOp.getQuery();
    operands[K] = onlineOp.getKey();
    operands[V] = onlineOp.getValue();
    operands[Mask] = onlineOp.getMask();
    operands[Out] = onlineOp.getOutput();
    operands[Max] = onlineOp.getMax();
    operands[Sum] = onlineOp.getSum();
    scale = onlineOp.getScale();
    config = onlineOp.getDecompositionConfigAttr();
  } else {
    auto attn = cast<ext::AttentionOp>(op);
    maps = attn.getIndexingMapsArray();
    operands[Q] = attn.getQuery();
    operands[K] = attn.getKey();
    operands[V] = attn.getValue();
    operands[Mask] = attn.getMask();
    operands[Out] = attn.getOutput();
    scale = attn.getScale();
    config = attn.getDecompositionConfigAttr();
  }
  p.hasMask = static_cast<bool>(operands[Mask]);
  const unsigned outIdx = p.hasMask ? 5 : 4;
  AffineMap roleMaps[NumRoles];
  roleMaps[Q] = maps[0];
  roleMaps[K] = maps[1];
  roleMaps[V] = maps[2];
  if (p.hasMask)
    roleMaps[Mask] = maps[4];
  roleMaps[Out] = maps[outIdx];
  if (p.online) {
    roleMaps[Max] = maps[outIdx + 1];
    roleMaps[Sum] = maps[outIdx + 2];
  }
  p.useExp2 = true;
  if (config)
    if (auto attr = config.getAs<BoolAttr>("use_exp2"))
      p.useExp2 = attr.getValue();

  // Element types.
  auto tq = floatElementType(op, operands[Q], "query");
  auto tk = floatElementType(op, operands[K], "key");
  auto tv = floatElementType(op, operands[V], "value");
  auto tOut = floatElementType(op, operands[Out], "output");
  auto tScale = floatElementType(op, scale, "scale");
  if (failed(tq) || failed(tk) || failed(tv) || failed(tOut) || failed(tScale))
    return failure();
  p.tq = *tq;
  p.tk = *tk;
  p.tv = *tv;
  p.tOut = *tOut;
  if (p.online) {
    auto tMax = floatElementType(op, operands[Max], "max");
    auto tSum = floatElementType(op, operands[Sum], "sum");
    if (failed(tMax) || failed(tSum))
      return failure();
    p.tMax = *tMax;
    p.tSum = *tSum;
    p.tS = p.tAcc = p.tOut;
  } else {
    p.tS = p.tMax = p.tSum = p.tAcc = DType::F32;
  }
  if (p.hasMask) {
    auto tMask = getDType(operands[Mask].getType(), op->getLoc());
    if (failed(tMask))
      return failure();
    p.tMask = *tMask;
    p.maskIsFloat = isFloat(p.tMask);
  }
  p.lowPrecision = bitWidth(p.tq) <= 8;

  // Conversions MLIR's convertScalarToDtype makes (same-width float pairs
  // such as f16/bf16 have none).
  std::pair<DType, DType> conversions[] = {
      {*tScale, p.lowPrecision ? p.tS : p.tq},
      {p.tq, p.tS},
      {p.tk, p.tS},
      {p.tS, p.tMax},
      {p.tS, p.tSum},
      {p.tMax, p.tSum},
      {p.tMax, p.tAcc},
      {p.tv, p.tAcc},
      {p.tS, p.tv},
      {p.tAcc, p.tOut},
      {p.maskIsFloat ? p.tMask : p.tS, p.tS}};
  for (auto [from, to] : conversions)
    if (!Convert::possible(from, to))
      return op->emitError("unsupported conversion between ")
             << dtypeName(from) << " and " << dtypeName(to) << " in '"
             << op->getName() << "'";

  // The score region: one S-typed value in, one out.
  auto crOr = frame.interp.getCompiledRegion(op->getRegion(0));
  if (failed(crOr))
    return failure();
  p.region = *crOr;
  if (p.region->numArgs() != 1 || p.region->numResults() != 1 ||
      p.region->argType(0) != p.tS || p.region->resultType(0) != p.tS)
    return op->emitError("the score region of '")
           << op->getName() << "' must take and yield one " << dtypeName(p.tS)
           << " (the type of Q K^T in IREE's lowering)";
  // An identity region (`yield %arg0`) needs no run.
  p.runRegion =
      !(p.region->instructions().empty() && p.region->yieldRegister(0) == 0);

  // Dims: IREE's classes, in the standard form the decomposition assumes.
  p.domainRank = roleMaps[Q].getNumDims();
  llvm::SmallBitVector sets[NumRoles];
  for (int r = 0; r < NumRoles; ++r)
    if (roleMaps[r])
      sets[r] = dimSet(roleMaps[r]);
  llvm::SmallBitVector b = (sets[Q] & sets[V]) | (sets[K] & sets[Out]);
  llvm::SmallBitVector k1 = (sets[Q] & sets[K]).reset(b);
  llvm::SmallBitVector k2 = llvm::SmallBitVector(sets[K]).reset(b).reset(k1);
  llvm::SmallBitVector m = llvm::SmallBitVector(sets[Q]).reset(b).reset(k1);
  llvm::SmallBitVector n = llvm::SmallBitVector(sets[V]).reset(b).reset(k2);
  llvm::SmallBitVector bm = b | m;
  bool standard = sets[Q] == (b | m | k1) && sets[K] == (b | k2 | k1) &&
                  sets[V] == (b | k2 | n) && sets[Out] == (b | m | n) &&
                  (b | m | k1 | k2 | n).all();
  if (p.hasMask)
    standard &= llvm::SmallBitVector(sets[Mask]).reset(bm | k2).none();
  if (p.online)
    standard &= sets[Max] == bm && sets[Sum] == bm;
  if (!standard)
    return op->emitError("unsupported indexing maps of '")
           << op->getName()
           << "': query, key, value and output must index exactly "
              "(batch, m, k1), (batch, k2, k1), (batch, k2, n) and "
              "(batch, m, n), the mask a subset of (batch, m, k2), max and "
              "sum exactly (batch, m)";
  p.dims = {members(b), members(m), members(k1), members(k2), members(n)};
  p.rowDims = members(bm);

  // Loop sizes from the operands; dynamic extents that disagree are
  // out-of-bounds accesses of one of them.
  for (int r = 0; r < NumRoles; ++r)
    if (operands[r])
      p.in[r] = &frame.getTensor(operands[r]);
  p.sizes.assign(p.domainRank, -1);
  SmallVector<int> sizeFrom(p.domainRank, -1);
  auto keepInits = [&]() {
    for (auto [res, init] :
         llvm::zip(op->getResults(),
                   cast<DestinationStyleOpInterface>(op).getDpsInits()))
      frame.set(res, RtValue::ofTensor(Tensor(frame.getTensor(init))));
    return success();
  };
  for (int r = 0; r < NumRoles; ++r) {
    if (!p.in[r])
      continue;
    for (auto [i, e] : llvm::enumerate(roleMaps[r].getResults())) {
      unsigned d = cast<AffineDimExpr>(e).getPosition();
      int64_t extent = p.in[r]->dim(i);
      if (p.sizes[d] < 0) {
        p.sizes[d] = extent;
        sizeFrom[d] = r;
      } else if (p.sizes[d] != extent) {
        reportUB(frame, op, "out-of-bounds operand access", {}, false,
                 std::string(kRoleNames[r]) + " dimension " +
                     std::to_string(i) + " has size " + std::to_string(extent) +
                     " but d" + std::to_string(d) + " has size " +
                     std::to_string(p.sizes[d]) + " in the " +
                     kRoleNames[sizeFrom[d]]);
        return keepInits();
      }
    }
  }

  // Uninitialized reads: every input element is read, and the online op's
  // state; attention's output is only written.
  for (int r : {Q, K, V, Mask, Max, Sum})
    if (p.in[r] && p.in[r]->hasUndef()) {
      int64_t i = p.in[r]->firstUndef();
      reportUB(frame, op, "read of an uninitialized element",
               p.in[r]->coordinates(i), true,
               std::string("the ") + kRoleNames[r] +
                   " comes from tensor.empty and was never written");
    }
  if (p.online && p.in[Out]->hasUndef()) {
    int64_t i = p.in[Out]->firstUndef();
    reportUB(frame, op, "read of an uninitialized element",
             p.in[Out]->coordinates(i), true,
             "the output comes from tensor.empty and was never written");
  }
  const RtValue &scaleValue = frame.get(scale);
  if (scaleValue.undef)
    reportUB(frame, op, "read of an uninitialized element", {}, false,
             "the scale was read from an element never written");

  // Strides and point offsets.
  p.strides.resize(NumRoles);
  for (int r = 0; r < NumRoles; ++r) {
    p.strides[r].assign(p.domainRank, 0);
    if (!p.in[r])
      continue;
    Shape rowMajor = rowMajorStrides(p.in[r]->shape());
    for (auto [i, e] : llvm::enumerate(roleMaps[r].getResults()))
      p.strides[r][cast<AffineDimExpr>(e).getPosition()] = rowMajor[i];
  }
  for (int r = 0; r < NumRoles; ++r)
    if (p.in[r])
      p.rowOff[r] = offsetsOver(p.rowDims, p.sizes, p.strides[r]);
  p.k1Q = offsetsOver(p.dims.k1, p.sizes, p.strides[Q]);
  p.k1K = offsetsOver(p.dims.k1, p.sizes, p.strides[K]);
  p.k2K = offsetsOver(p.dims.k2, p.sizes, p.strides[K]);
  p.k2V = offsetsOver(p.dims.k2, p.sizes, p.strides[V]);
  if (p.hasMask)
    p.k2Mask = offsetsOver(p.dims.k2, p.sizes, p.strides[Mask]);
  p.nV = offsetsOver(p.dims.n, p.sizes, p.strides[V]);
  p.nOut = offsetsOver(p.dims.n, p.sizes, p.strides[Out]);

  // Constants, each rounded to its type as IREE's FloatAttrs are.
  uint64_t s2 = scaleValue.bits;
  if (p.useExp2)
    s2 = LaneOp(ScalarOpcode::MulF, *tScale)(s2, floatConst(M_LOG2E, *tScale));
  p.qScale = Convert(*tScale, p.lowPrecision ? p.tS : p.tq)(s2);
  if (p.lowPrecision) {
    p.offsetS = floatConst(
        1.0 / llvm::APFloat::getLargest(floatSemantics(p.tq)).convertToDouble(),
        p.tS);
    p.clampP = floatConst(
        llvm::APFloat::getLargest(floatSemantics(p.tv)).convertToDouble(),
        p.tS);
  }
  p.maskLog2e = floatConst(M_LOG2E, p.tS);
  p.initMax = largestBits(DType::F32, /*negative=*/true);

  // Results: every element is written (the output, max and sum maps are
  // permutations of the row and n dims).
  SmallVector<Tensor, 3> outs;
  for (Value init : cast<DestinationStyleOpInterface>(op).getDpsInits()) {
    const Tensor &t = frame.getTensor(init);
    if (failed(
            frame.interp.checkAllocation(op->getLoc(), t.dtype(), t.shape())))
      return failure();
    outs.emplace_back(t.dtype(), t.shape());
  }

  const int64_t rows = p.rowOff[Q].size();
  const int64_t nK1 = p.k1Q.size(), nK2 = p.k2K.size(), nN = p.nV.size();
  const int64_t perTask =
      unitsPerTask(frame.interp, rows, nK2 * (nK1 + nN + 1) + nN + 1);
  const int64_t numTasks = rows == 0 ? 0 : (rows + perTask - 1) / perTask;
  frame.interp.parallelFor(numTasks, [&](int64_t task) {
    RowRunner runner(p, frame, outs.data());
    runner.runRows(task * perTask, std::min(rows, (task + 1) * perTask));
  });

  // Reassociation freedom: the k1 sum feeds everything; the k2 sums (the
  // softmax sum and P V) feed the output and the sum. The max is exact in
  // any order, so it carries the k1 terms only.
  auto freedomOf = [&](int64_t length) -> std::shared_ptr<const Freedom> {
    if (length <= 1)
      return nullptr;
    auto f = std::make_shared<Freedom>();
    f->reductionLength = length;
    f->origin = originOf(op);
    return f;
  };
  const int64_t both =
      nK1 > std::numeric_limits<int64_t>::max() - nK2 ? nK1 : nK1 + nK2;
  for (auto [i, t] : llvm::enumerate(outs)) {
    RtValue rv = RtValue::ofTensor(std::move(t));
    rv.freedom = freedomOf(i == 1 ? nK1 : both);
    frame.set(op->getResult(i), std::move(rv));
  }
  return success();
}

} // namespace

void registerAttentionKernels(KernelRegistry &r) {
  r.add("iree_linalg_ext.attention", attentionKernel);
  r.add("iree_linalg_ext.online_attention", attentionKernel);
}

} // namespace ref
