//===- Contraction.cpp - Matrix products at native speed ------------------===//
//
// The blocking follows Goto and van de Geijn ("Anatomy of high-performance
// matrix multiplication", 2008): a KC x NR panel of B stays in L1 while the
// micro-kernel sweeps the MC x KC block of A held in L2. Operands are packed
// (and widened with the body's own cast instructions, so that conversions are
// the ones the generic executor would make) into contiguous panels padded
// with zeros; padded rows and columns are computed and dropped.
//
// What keeps the result sequential: a tile's accumulators are loaded from the
// output before each k block and stored after it, and the k blocks of a tile
// run in increasing order. Within a block the micro-kernel adds the products
// k = k0, k0 + 1, ... one at a time. This file is compiled with
// -ffp-contract=off so that `acc + a * b` stays a rounded multiplication
// followed by a rounded addition, as the body says.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/kernels/Contraction.h"
#include "interp/exec/Interpreter.h"
#include "interp/exec/KernelUtils.h"
#include "interp/exec/RegionCompiler.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace ref {
namespace {

using Instr = CompiledRegion::Instr;

/// The recognized body: the accumulator type and the widening of each input
/// (null: the input already has the accumulator type).
struct MacBody {
  DType acc;
  const Instr *cast[2] = {nullptr, nullptr};
};

std::optional<MacBody> matchBody(const CompiledRegion &cr) {
  if (cr.numArgs() != 3 || cr.numResults() != 1)
    return std::nullopt;
  llvm::ArrayRef<Instr> ins = cr.instructions();
  if (ins.size() < 2 || ins.size() > 4)
    return std::nullopt;
  for (const Instr &in : ins)
    if (in.kind != CompiledRegion::InstrKind::Scalar)
      return std::nullopt;
  DType acc = cr.argType(2);
  bool isF = acc == DType::F32 || acc == DType::F64;
  bool isI = acc == DType::I32 || acc == DType::I64 || acc == DType::Index;
  if ((!isF && !isI) || cr.resultType(0) != acc)
    return std::nullopt;
  const Instr &add = ins.back(), &mul = ins[ins.size() - 2];
  if (add.dst != cr.yieldRegister(0) ||
      add.desc.op != (isF ? ScalarOpcode::AddF : ScalarOpcode::AddI) ||
      mul.desc.op != (isF ? ScalarOpcode::MulF : ScalarOpcode::MulI) ||
      add.desc.type != acc || mul.desc.type != acc)
    return std::nullopt;
  if (!((add.a == 2 && add.b == mul.dst) || (add.b == 2 && add.a == mul.dst)))
    return std::nullopt;
  MacBody body{acc};
  for (size_t i = 0; i + 2 < ins.size(); ++i) {
    const Instr &c = ins[i];
    bool widens = isF ? c.desc.op == ScalarOpcode::ExtF
                      : (c.desc.op == ScalarOpcode::ExtSI ||
                         c.desc.op == ScalarOpcode::ExtUI);
    if (!widens || c.desc.resultType != acc || c.a > 1 || body.cast[c.a])
      return std::nullopt;
    body.cast[c.a] = &c;
  }
  for (unsigned arg = 0; arg < 2; ++arg)
    if (!body.cast[arg] && cr.argType(arg) != acc)
      return std::nullopt;
  auto valueOf = [&](unsigned arg) {
    return body.cast[arg] ? body.cast[arg]->dst : arg;
  };
  uint32_t va = valueOf(0), vb = valueOf(1);
  if (!((mul.a == va && mul.b == vb) || (mul.a == vb && mul.b == va)))
    return std::nullopt;
  return body;
}

//===----------------------------------------------------------------------===//
// The micro-kernel
//===----------------------------------------------------------------------===//

template <typename T> struct Vec;
template <> struct Vec<float> {
  typedef float type __attribute__((vector_size(16)));
};
template <> struct Vec<double> {
  typedef double type __attribute__((vector_size(16)));
};
template <> struct Vec<uint32_t> {
  typedef uint32_t type __attribute__((vector_size(16)));
};
template <> struct Vec<uint64_t> {
  typedef uint64_t type __attribute__((vector_size(16)));
};

constexpr int kMR = 6;       // rows of a tile (broadcast from A)
constexpr int kNRV = 2;      // vectors per tile row (loaded from B)
constexpr int64_t kKC = 256; // k block: a B panel of kKC x NR stays in L1
constexpr int64_t kMC = 96;  // rows of the A block kept in L2
constexpr int64_t kMT = 192; // rows of a task

template <typename T> constexpr int lanes() { return 16 / sizeof(T); }

/// A vector of x in every lane (one shuffle, where a loop over lanes makes
/// GCC insert lane by lane).
template <typename V, typename T> V splat(T x) {
  if constexpr (sizeof(V) / sizeof(T) == 4)
    return V{x, x, x, x};
  else
    return V{x, x};
}
template <typename T> constexpr int nr() { return kNRV * lanes<T>(); }

/// ct (kMR x NR, row-major) += A panel (kc x kMR) * B panel (kc x NR), one k
/// at a time: acc = acc + a * b, both rounded.
template <typename T>
void microKernel(int64_t kc, const T *ap, const T *bp, T *ct) {
  using V = typename Vec<T>::type;
  constexpr int W = lanes<T>(), NR = nr<T>();
  V acc[kMR][kNRV];
  for (int i = 0; i < kMR; ++i)
    for (int j = 0; j < kNRV; ++j)
      std::memcpy(&acc[i][j], ct + i * NR + j * W, sizeof(V));
  for (int64_t k = 0; k < kc; ++k, ap += kMR, bp += NR) {
    V b[kNRV];
    for (int j = 0; j < kNRV; ++j)
      std::memcpy(&b[j], bp + j * W, sizeof(V));
    for (int i = 0; i < kMR; ++i) {
      V a = splat<V>(ap[i]);
      for (int j = 0; j < kNRV; ++j)
        acc[i][j] = acc[i][j] + a * b[j];
    }
  }
  for (int i = 0; i < kMR; ++i)
    for (int j = 0; j < kNRV; ++j)
      std::memcpy(ct + i * NR + j * W, &acc[i][j], sizeof(V));
}

template <typename T> T fromBits(uint64_t bits) {
  if constexpr (std::is_same_v<T, float>)
    return llvm::bit_cast<float>(static_cast<uint32_t>(bits));
  else if constexpr (std::is_same_v<T, double>)
    return llvm::bit_cast<double>(bits);
  else
    return static_cast<T>(bits);
}

template <typename T> uint64_t toBits(T v) {
  if constexpr (std::is_same_v<T, float>)
    return llvm::bit_cast<uint32_t>(v);
  else if constexpr (std::is_same_v<T, double>)
    return llvm::bit_cast<uint64_t>(v);
  else
    return static_cast<uint64_t>(v);
}

//===----------------------------------------------------------------------===//
// The product
//===----------------------------------------------------------------------===//

/// One input: the tensor, the offset of the current batch, the strides
/// along its row (M or N) and k, and its widening.
struct Input {
  const Tensor *t;
  int64_t offset, rowStride, kStride;
  const Instr *cast;
};

/// A 2-D product C[M x N] += A[M x K] * B[N x K] (strided views).
struct Product {
  Input a, b;
  Tensor *c;
  int64_t cOffset, cmStride, cnStride;
  int64_t M, N, K;
};

/// Packs rows [r0, r0 + valid) (of R, the rest zero) and k in [k0, k0 + kc)
/// of `in` as dst[k * R + r], widened to T.
template <typename T>
void packPanel(const Input &in, int64_t r0, int valid, int R, int64_t k0,
               int64_t kc, std::vector<uint64_t> &staging, T *dst) {
  if (!in.cast && in.t->elementBytes() == sizeof(T)) {
    // Already of the accumulator type: copy, in the order that reads
    // memory contiguously.
    const uint8_t *base =
        in.t->data() +
        (in.offset + r0 * in.rowStride + k0 * in.kStride) * int64_t(sizeof(T));
    int64_t rs = in.rowStride * int64_t(sizeof(T)),
            ks = in.kStride * int64_t(sizeof(T));
    auto at = [&](int r, int64_t k) {
      T v;
      std::memcpy(&v, base + r * rs + k * ks, sizeof(T));
      return v;
    };
    if (std::abs(in.kStride) <= std::abs(in.rowStride)) {
      for (int r = 0; r < valid; ++r)
        for (int64_t k = 0; k < kc; ++k)
          dst[k * R + r] = at(r, k);
    } else {
      for (int64_t k = 0; k < kc; ++k)
        for (int r = 0; r < valid; ++r)
          dst[k * R + r] = at(r, k);
    }
    for (int64_t k = 0; k < kc; ++k)
      for (int r = valid; r < R; ++r)
        dst[k * R + r] = T(0);
    return;
  }
  uint64_t *s = staging.data();
  for (int r = 0; r < valid; ++r)
    loadBits(*in.t, in.offset + (r0 + r) * in.rowStride + k0 * in.kStride,
             in.kStride, kc, s + r * kc);
  if (in.cast) {
    // Widening never has undefined behaviour.
    UBKind ub;
    in.cast->fn(in.cast->desc, s, s, s, s, static_cast<int>(valid * kc), ub);
  }
  for (int64_t k = 0; k < kc; ++k) {
    T *row = dst + k * R;
    for (int r = 0; r < valid; ++r)
      row[r] = fromBits<T>(s[r * kc + k]);
    for (int r = valid; r < R; ++r)
      row[r] = T(0);
  }
}

/// Computes rows [m0, m1) and columns [n0, n1) of the product.
template <typename T>
void runBlock(const Product &p, int64_t m0, int64_t m1, int64_t n0,
              int64_t n1) {
  constexpr int NR = nr<T>();
  int64_t nPanels = (n1 - n0 + NR - 1) / NR;
  int64_t kcMax = std::min(kKC, p.K);
  std::vector<T> bPack(kcMax * nPanels * NR);
  std::vector<T> aPack(kcMax * ((std::min(kMC, m1 - m0) + kMR - 1) / kMR) *
                       kMR);
  std::vector<uint64_t> staging(kcMax * std::max(NR, kMR));
  alignas(16) T tile[kMR * NR];
  uint64_t bits[NR];
  // Rows of C contiguous and of the accumulator type: tiles are copied.
  bool direct = p.cnStride == 1 && p.c->elementBytes() == sizeof(T) &&
                p.c->dtype() != DType::I1;
  uint8_t *cData = p.c->data();

  for (int64_t k0 = 0; k0 < p.K; k0 += kKC) {
    int64_t kc = std::min(kKC, p.K - k0);
    for (int64_t q = 0; q < nPanels; ++q) {
      int valid = static_cast<int>(std::min<int64_t>(NR, n1 - n0 - q * NR));
      packPanel<T>(p.b, n0 + q * NR, valid, NR, k0, kc, staging,
                   bPack.data() + q * kc * NR);
    }
    for (int64_t mm = m0; mm < m1; mm += kMC) {
      int64_t mc = std::min(kMC, m1 - mm);
      int64_t mPanels = (mc + kMR - 1) / kMR;
      for (int64_t i = 0; i < mPanels; ++i) {
        int valid = static_cast<int>(std::min<int64_t>(kMR, mc - i * kMR));
        packPanel<T>(p.a, mm + i * kMR, valid, kMR, k0, kc, staging,
                     aPack.data() + i * kc * kMR);
      }
      for (int64_t q = 0; q < nPanels; ++q) {
        int64_t n = n0 + q * NR;
        int cols = static_cast<int>(std::min<int64_t>(NR, n1 - n));
        for (int64_t i = 0; i < mPanels; ++i) {
          int64_t m = mm + i * kMR;
          int rows = static_cast<int>(std::min<int64_t>(kMR, mm + mc - m));
          if (rows < kMR || cols < NR)
            std::fill_n(tile, kMR * NR, T(0));
          for (int r = 0; r < rows; ++r) {
            int64_t at = p.cOffset + (m + r) * p.cmStride + n * p.cnStride;
            if (direct) {
              std::memcpy(tile + r * NR, cData + at * int64_t(sizeof(T)),
                          cols * sizeof(T));
              continue;
            }
            loadBits(*p.c, at, p.cnStride, cols, bits);
            for (int j = 0; j < cols; ++j)
              tile[r * NR + j] = fromBits<T>(bits[j]);
          }
          microKernel<T>(kc, aPack.data() + i * kc * kMR,
                         bPack.data() + q * kc * NR, tile);
          for (int r = 0; r < rows; ++r) {
            int64_t at = p.cOffset + (m + r) * p.cmStride + n * p.cnStride;
            if (direct) {
              std::memcpy(cData + at * int64_t(sizeof(T)), tile + r * NR,
                          cols * sizeof(T));
              continue;
            }
            for (int j = 0; j < cols; ++j)
              bits[j] = toBits<T>(tile[r * NR + j]);
            storeBits(*p.c, at, p.cnStride, cols, bits);
          }
        }
      }
    }
  }
}

/// The products of every batch point: `proto` with the offsets of batch
/// point i (row-major over the batch loops).
struct Batched {
  Product proto;
  bool swapped = false;                     // proto.a is the op's second input
  llvm::SmallVector<int64_t, 4> dims;       // batch loop ranges
  llvm::SmallVector<int64_t, 4> sa, sb, sc; // their strides in A, B, C
  int64_t baseA = 0, baseB = 0, baseC = 0;
  int64_t count = 1;

  Product at(int64_t i) const {
    int64_t offA = baseA, offB = baseB, offC = baseC;
    for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
      int64_t c = i % dims[d];
      i /= dims[d];
      offA += sa[d] * c;
      offB += sb[d] * c;
      offC += sc[d] * c;
    }
    Product p = proto;
    p.a.offset = swapped ? offB : offA;
    p.b.offset = swapped ? offA : offB;
    p.cOffset = offC;
    return p;
  }
};

template <typename T> void runAll(const Batched &bp, Interpreter &interp) {
  const Product &p0 = bp.proto;
  constexpr int NR = nr<T>();
  // Tasks by shape alone: rows in blocks of kMT, columns in blocks that
  // make about 8 tasks per product (at least one panel, at most 1024
  // columns). A task packs its own panels: A is packed once per column
  // block, B once per row block.
  int64_t mTasks = (p0.M + kMT - 1) / kMT;
  int64_t nWanted = std::max<int64_t>(1, (8 + mTasks - 1) / mTasks);
  int64_t nt = (p0.N + nWanted - 1) / nWanted;
  nt = std::clamp<int64_t>((nt + NR - 1) / NR * NR, NR, 1024);
  int64_t nTasks = (p0.N + nt - 1) / nt;
  int64_t perBatch = mTasks * nTasks;
  // Small products are not worth a thread.
  if (p0.M * p0.N * p0.K * bp.count < interp.options().minTaskWork) {
    for (int64_t i = 0; i < bp.count; ++i) {
      Product p = bp.at(i);
      runBlock<T>(p, 0, p.M, 0, p.N);
    }
    return;
  }
  interp.parallelFor(bp.count * perBatch, [&](int64_t t) {
    Product p = bp.at(t / perBatch);
    int64_t mi = (t % perBatch) / nTasks, ni = t % nTasks;
    runBlock<T>(p, mi * kMT, std::min(p.M, (mi + 1) * kMT), ni * nt,
                std::min(p.N, (ni + 1) * nt));
  });
}

} // namespace

bool runContraction(const CompiledRegion &cr, llvm::ArrayRef<int64_t> ranges,
                    llvm::ArrayRef<bool> isReduction, StridedOperand a,
                    StridedOperand b, Tensor &out, int64_t outBase,
                    llvm::ArrayRef<int64_t> outStrides, Interpreter &interp) {
  std::optional<MacBody> body = matchBody(cr);
  if (!body)
    return false;
  // Loops: k (the reduction), M (moves A and C), N (moves B and C); any
  // other parallel loop is a batch loop. Extra M or N loops become batch
  // loops too; the largest ones get the product.
  int kDim = -1, mDim = -1, nDim = -1;
  llvm::SmallVector<unsigned> batchDims;
  unsigned numLoops = ranges.size();
  for (unsigned d = 0; d < numLoops; ++d) {
    if (isReduction[d]) {
      if (kDim >= 0 || outStrides[d] != 0)
        return false;
      kDim = d;
    } else if (outStrides[d] == 0) {
      return false;
    }
  }
  if (kDim < 0)
    return false;
  for (unsigned d = 0; d < numLoops; ++d) {
    if (static_cast<int>(d) == kDim)
      continue;
    bool inA = a.strides[d] != 0, inB = b.strides[d] != 0;
    int *slot = inA && !inB ? &mDim : inB && !inA ? &nDim : nullptr;
    if (!slot) {
      batchDims.push_back(d);
      continue;
    }
    if (*slot >= 0 && ranges[*slot] >= ranges[d]) {
      batchDims.push_back(d);
      continue;
    }
    if (*slot >= 0)
      batchDims.push_back(*slot);
    *slot = d;
  }

  auto along = [](int dim, llvm::ArrayRef<int64_t> strides) -> int64_t {
    return dim >= 0 ? strides[dim] : 0;
  };
  Batched bp;
  Product &proto = bp.proto;
  proto.a = {a.tensor, 0, along(mDim, a.strides), a.strides[kDim],
             body->cast[0]};
  proto.b = {b.tensor, 0, along(nDim, b.strides), b.strides[kDim],
             body->cast[1]};
  proto.c = &out;
  proto.cmStride = along(mDim, outStrides);
  proto.cnStride = along(nDim, outStrides);
  proto.M = mDim >= 0 ? ranges[mDim] : 1;
  proto.N = nDim >= 0 ? ranges[nDim] : 1;
  proto.K = ranges[kDim];
  // Tiles of kMR x 8 (or more) elements: a product of fewer output elements
  // per batch point (a batch of dot products) is better left to the generic
  // executor.
  if (proto.M * proto.N < 16)
    return false;
  // The vectors run along N: a product with a narrow N and a wider M (a
  // matvec) is computed transposed. Multiplication commutes.
  if (proto.N < 8 && proto.M > proto.N) {
    std::swap(proto.a, proto.b);
    std::swap(proto.M, proto.N);
    std::swap(proto.cmStride, proto.cnStride);
    bp.swapped = true;
  }
  bp.baseA = a.base;
  bp.baseB = b.base;
  bp.baseC = outBase;
  for (unsigned d : batchDims) {
    bp.dims.push_back(ranges[d]);
    bp.sa.push_back(a.strides[d]);
    bp.sb.push_back(b.strides[d]);
    bp.sc.push_back(outStrides[d]);
    bp.count *= ranges[d];
  }

  switch (body->acc) {
  case DType::F32:
    runAll<float>(bp, interp);
    break;
  case DType::F64:
    runAll<double>(bp, interp);
    break;
  case DType::I32:
    runAll<uint32_t>(bp, interp);
    break;
  default:
    runAll<uint64_t>(bp, interp);
    break;
  }
  return true;
}

} // namespace ref
