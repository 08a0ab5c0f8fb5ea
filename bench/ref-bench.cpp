//===- ref-bench.cpp - Interpreter speed against native baselines ---------===//
//
// Runs each workload of issue 7 on the interpreter and, in the same run, on a
// native C++ baseline doing the same work, and prints one line per workload
// ending in `ratio=X.XX` (interpreter time / native time).
//
// The interpreter runs through its real entry point, as ref-run does: the
// program is MLIR text parsed once, the inputs are tensors in memory, and
// each timed run constructs an Interpreter and calls the function (region
// compilation, result allocation and freedom bookkeeping included; parsing
// and input generation are not timed). Every time is the best of `--reps`
// runs (the machine may be shared). Outputs are compared with the baseline's:
// bit for bit, except for the matrix products, whose baseline (Eigen) sums in
// another order.
//
//   ref-bench [--quick] [--reps=N] [--interp-threads=N] [--filter=SUBSTR]
//             [--peak-memory] [--single-thread] [--emit=DIR]
//
// --quick shrinks every size (a smoke test; its times mean little).
// --emit writes each program and its inputs to DIR (NAME.mlir, NAME.argI.npy
// or .bin) with the ref-run command line that runs it, and stops.
// --peak-memory also runs the largest workloads alone in a child process and
// reports its peak resident memory against the size of inputs and outputs.
//
//===----------------------------------------------------------------------===//

#include "interp/support/TextTemplate.h"
#include "interp/exec/Interpreter.h"
#include "interp/support/Npy.h"
#include "interp/support/Tensor.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <Eigen/Core>
#include <Eigen/Dense>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <sys/resource.h>

using namespace mlir;
using namespace ref;
namespace cl = llvm::cl;

namespace {

cl::opt<bool> quick("quick", cl::desc("Small sizes (smoke test)"));
cl::opt<unsigned> reps("reps", cl::desc("Timed runs per side (best is kept)"),
                       cl::init(0));
cl::opt<unsigned> threads("interp-threads",
                          cl::desc("Interpreter threads (0: one per core)"),
                          cl::init(0));
cl::opt<std::string>
    filter("filter", cl::desc("Only workloads whose name contains this"));
cl::opt<bool> singleThread(
    "single-thread",
    cl::desc("Also time the interpreter with one thread (reported as 1t=)"));
cl::opt<bool> peakMemory(
    "peak-memory",
    cl::desc("Report the peak memory of the largest workloads (child runs)"));
cl::opt<std::string>
    emitDir("emit",
            cl::desc("Write the programs and inputs for ref-run to DIR"),
            cl::value_desc("DIR"));
cl::opt<std::string>
    childRun("child-run",
             cl::desc("Internal: run one workload once and report its "
                      "peak memory"),
             cl::Hidden);

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

template <typename Fn> double bestOf(unsigned n, Fn &&fn) {
  double best = 1e30;
  for (unsigned i = 0; i < n; ++i) {
    auto t0 = Clock::now();
    fn();
    best = std::min(best, seconds(t0, Clock::now()));
  }
  return best;
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

std::mt19937_64 &rng() {
  static std::mt19937_64 r(7);
  return r;
}

/// An argument that shares the tensor the baseline reads.
RtValue shared(const std::shared_ptr<Tensor> &t) {
  return RtValue::ofTensor(std::shared_ptr<const Tensor>(t));
}

template <typename T> T *as(Tensor &t) {
  return reinterpret_cast<T *>(t.data());
}
template <typename T> const T *as(const Tensor &t) {
  return reinterpret_cast<const T *>(t.data());
}

/// Uniform floats in [lo, hi), rounded to `dt` (f32, f16 or bf16).
Tensor randomFloats(DType dt, llvm::ArrayRef<int64_t> shape, float lo,
                    float hi) {
  Tensor t(dt, shape);
  std::uniform_real_distribution<float> d(lo, hi);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    float v = d(rng());
    if (dt == DType::F32)
      as<float>(t)[i] = v;
    else if (dt == DType::F16)
      as<Eigen::half>(t)[i] = Eigen::half(v);
    else
      as<Eigen::bfloat16>(t)[i] = Eigen::bfloat16(v);
  }
  return t;
}

Tensor randomIndices(llvm::ArrayRef<int64_t> shape, int32_t bound) {
  Tensor t(DType::I32, shape);
  std::uniform_int_distribution<int32_t> d(0, bound - 1);
  for (int64_t i = 0; i < t.numElements(); ++i)
    as<int32_t>(t)[i] = d(rng());
  return t;
}

//===----------------------------------------------------------------------===//
// Workloads
//===----------------------------------------------------------------------===//

/// Compares an interpreter result with the baseline's.
using Checker = std::function<std::string(llvm::ArrayRef<RtValue> results)>;

struct Workload {
  std::string name;
  std::string what; // sizes, for the report
  std::string mlir; // the program, function @main
  std::vector<RtValue> args;
  std::function<void()> native; // the baseline (writes its own outputs)
  Checker check;
  /// Bytes the native loop must move at least (inputs + outputs), for the
  /// bandwidth and peak-memory lines.
  int64_t bytes = 0;
};

std::string bitsEqual(const Tensor &got, const void *want, const char *what) {
  if (std::memcmp(got.data(), want, got.byteSize()) == 0)
    return "bit-exact";
  int64_t eb = got.elementBytes();
  for (int64_t i = 0; i < got.numElements(); ++i)
    if (std::memcmp(got.data() + i * eb,
                    static_cast<const uint8_t *>(want) + i * eb, eb) != 0)
      return llvm::formatv("MISMATCH({0} element {1})", what, i).str();
  return "MISMATCH";
}

std::string elementwiseMlir(const char *ty, int64_t rows, int64_t cols) {
  std::string t = llvm::formatv("tensor<{0}x{1}x{2}>", rows, cols, ty).str();
  return fill(R"(
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%a: $0, %b: $0) -> $0 {
  %c = arith.constant 0.5 : $1
  %e = tensor.empty() : $0
  %r = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : $0, $0) outs(%e : $0) {
  ^bb0(%x: $1, %y: $1, %o: $1):
    %m = arith.mulf %x, %y : $1
    %s = arith.addf %m, %c : $1
    %d = arith.subf %s, %x : $1
    linalg.yield %d : $1
  } -> $0
  return %r : $0
}
)",
              {t, ty});
}

/// (x * y + 0.5) - x, each op rounded to T (Eigen::half and bfloat16 compute
/// in float and round after every operator, as MLIR's semantics do).
template <typename T>
Workload elementwise(const char *name, DType dt, const char *ty, int64_t rows,
                     int64_t cols) {
  Workload w;
  w.name = name;
  w.what = llvm::formatv("{0}x{1}x{2}", rows, cols, ty).str();
  w.mlir = elementwiseMlir(ty, rows, cols);
  auto pa = std::make_shared<Tensor>(randomFloats(dt, {rows, cols}, -2, 2));
  auto pb = std::make_shared<Tensor>(randomFloats(dt, {rows, cols}, -2, 2));
  int64_t n = rows * cols;
  auto out = std::make_shared<std::vector<T>>(n);
  w.args = {shared(pa), shared(pb)};
  w.native = [=] {
    const T *x = as<T>(*pa), *y = as<T>(*pb);
    T *o = out->data();
    const T half = T(0.5f);
    for (int64_t i = 0; i < n; ++i)
      o[i] = (x[i] * y[i] + half) - x[i];
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return bitsEqual(*r[0].tensor, out->data(), "result");
  };
  w.bytes = 3 * n * int64_t(sizeof(T));
  return w;
}

Workload rowSum(int64_t rows, int64_t cols) {
  Workload w;
  w.name = "reduce_rows_f32";
  w.what = llvm::formatv("{0}x{1}xf32 -> {0}", rows, cols).str();
  w.mlir = fill(R"(
func.func @main(%a: tensor<$0x$1xf32>) -> tensor<$0xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<$0xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<$0xf32>) -> tensor<$0xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<$0x$1xf32>) outs(%f : tensor<$0xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<$0xf32>
  return %r : tensor<$0xf32>
}
)",
                {rows, cols});
  auto a =
      std::make_shared<Tensor>(randomFloats(DType::F32, {rows, cols}, -1, 1));
  auto out = std::make_shared<std::vector<float>>(rows);
  w.args = {shared(a)};
  w.native = [=] {
    const float *x = as<float>(*a);
    for (int64_t r = 0; r < rows; ++r) {
      float s = 0;
      for (int64_t c = 0; c < cols; ++c)
        s += x[r * cols + c];
      (*out)[r] = s;
    }
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return bitsEqual(*r[0].tensor, out->data(), "result");
  };
  w.bytes = (rows * cols + rows) * 4;
  return w;
}

using RowMat =
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// Largest |got - want| relative to max |want|: both sum the same products
/// in different orders.
std::string closeTo(const Tensor &got, const RowMat &want) {
  const float *g = as<float>(got);
  double maxDiff = 0, maxAbs = 0;
  for (int64_t i = 0; i < want.size(); ++i) {
    maxDiff = std::max<double>(maxDiff, std::fabs(g[i] - want.data()[i]));
    maxAbs = std::max<double>(maxAbs, std::fabs(want.data()[i]));
  }
  double rel = maxAbs ? maxDiff / maxAbs : maxDiff;
  return llvm::formatv("{0}(max rel diff {1:e1})",
                       rel < 1e-4 ? "close" : "MISMATCH", rel)
      .str();
}

Workload matmul(int64_t m, int64_t k, int64_t n) {
  Workload w;
  w.name = "matmul_f32";
  w.what = llvm::formatv("linalg.matmul {0}x{1}x{2} f32", m, n, k).str();
  w.mlir = fill(R"(
func.func @main(%a: tensor<$0x$1xf32>, %b: tensor<$1x$2xf32>) -> tensor<$0x$2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<$0x$2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<$0x$2xf32>) -> tensor<$0x$2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<$0x$1xf32>, tensor<$1x$2xf32>)
                     outs(%f : tensor<$0x$2xf32>) -> tensor<$0x$2xf32>
  return %r : tensor<$0x$2xf32>
}
)",
                {m, k, n});
  auto a = std::make_shared<Tensor>(randomFloats(DType::F32, {m, k}, -1, 1));
  auto b = std::make_shared<Tensor>(randomFloats(DType::F32, {k, n}, -1, 1));
  auto c = std::make_shared<RowMat>(m, n);
  w.args = {shared(a), shared(b)};
  w.native = [=] {
    Eigen::Map<const RowMat> ea(as<float>(*a), m, k), eb(as<float>(*b), k, n);
    c->noalias() = ea * eb;
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return closeTo(*r[0].tensor, *c);
  };
  w.bytes = (m * k + k * n + m * n) * 4;
  return w;
}

/// C[m, n] = sum_k f32(A[m, k]) * f32(B[n, k]): a linear layer's dispatch
/// with a dynamic M, as IREE sees it. The baseline widens both operands with
/// Eigen, then multiplies (the widening is part of the work).
Workload matmulLike(int64_t m, int64_t k, int64_t n) {
  Workload w;
  w.name = "matmul_like_f16_f32";
  w.what = llvm::formatv("generic ?x{0}x{1} (M={2}) f16->f32", n, k, m).str();
  w.mlir = fill(R"(
#mA = affine_map<(d0, d1, d2) -> (d0, d2)>
#mB = affine_map<(d0, d1, d2) -> (d1, d2)>
#mC = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%a: tensor<?x$0xf16>, %b: tensor<$1x$0xf16>) -> tensor<?x$1xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x$0xf16>
  %e = tensor.empty(%m) : tensor<?x$1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x$1xf32>) -> tensor<?x$1xf32>
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<?x$0xf16>, tensor<$1x$0xf16>)
      outs(%f : tensor<?x$1xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x$1xf32>
  return %r : tensor<?x$1xf32>
}
)",
                {k, n});
  auto a = std::make_shared<Tensor>(randomFloats(DType::F16, {m, k}, -1, 1));
  auto b = std::make_shared<Tensor>(randomFloats(DType::F16, {n, k}, -1, 1));
  auto c = std::make_shared<RowMat>(m, n);
  w.args = {shared(a), shared(b)};
  using HalfMat = Eigen::Matrix<Eigen::half, Eigen::Dynamic, Eigen::Dynamic,
                                Eigen::RowMajor>;
  w.native = [=] {
    Eigen::Map<const HalfMat> ea(as<Eigen::half>(*a), m, k),
        eb(as<Eigen::half>(*b), n, k);
    RowMat fa = ea.cast<float>(), fb = eb.cast<float>();
    c->noalias() = fa * fb.transpose();
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return closeTo(*r[0].tensor, *c);
  };
  w.bytes = (m * k + n * k) * 2 + m * n * 4;
  return w;
}

Workload sort(int64_t n) {
  Workload w;
  w.name = "sort_f32_i32";
  w.what = llvm::formatv("{0} f32 keys + i32 payload, olt", n).str();
  w.mlir = fill(R"(
func.func @main(%k: tensor<$0xf32>, %v: tensor<$0xi32>) -> (tensor<$0xf32>, tensor<$0xi32>) {
  %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<$0xf32>, tensor<$0xi32>) {
  ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
    %lt = arith.cmpf olt, %a, %b : f32
    iree_linalg_ext.yield %lt : i1
  } -> tensor<$0xf32>, tensor<$0xi32>
  return %r#0, %r#1 : tensor<$0xf32>, tensor<$0xi32>
}
)",
                {n});
  // Uniform keys: a few thousand equal pairs among 1M (tie groups).
  Tensor keys = randomFloats(DType::F32, {n}, -1, 1);
  Tensor vals(DType::I32, {n});
  std::iota(as<int32_t>(vals), as<int32_t>(vals) + n, 0);
  auto pk = std::make_shared<Tensor>(std::move(keys));
  auto pv = std::make_shared<Tensor>(std::move(vals));
  auto out = std::make_shared<std::vector<std::pair<float, int32_t>>>();
  w.args = {shared(pk), shared(pv)};
  w.native = [=] {
    out->resize(n);
    for (int64_t i = 0; i < n; ++i)
      (*out)[i] = {as<float>(*pk)[i], as<int32_t>(*pv)[i]};
    std::stable_sort(
        out->begin(), out->end(),
        [](const auto &x, const auto &y) { return x.first < y.first; });
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    std::vector<float> k(n);
    std::vector<int32_t> v(n);
    for (int64_t i = 0; i < n; ++i)
      std::tie(k[i], v[i]) = (*out)[i];
    std::string a = bitsEqual(*r[0].tensor, k.data(), "keys");
    std::string b = bitsEqual(*r[1].tensor, v.data(), "payload");
    return a == b ? a : a + "/" + b;
  };
  w.bytes = n * 16;
  return w;
}

/// IREE's topk insertion rule (see LinalgExtKernels.cpp), as a plain loop.
Workload topk(int64_t rows, int64_t n, int64_t k) {
  Workload w;
  w.name = "topk_f32";
  w.what = llvm::formatv("K={0} of {1}x{2}xf32, ogt", k, rows, n).str();
  w.mlir = fill(R"(
func.func @main(%v: tensor<$0x$1xf32>) -> (tensor<$0x$2xf32>, tensor<$0x$2xi32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %e0 = tensor.empty() : tensor<$0x$2xf32>
  %e1 = tensor.empty() : tensor<$0x$2xi32>
  %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<$0x$2xf32>) -> tensor<$0x$2xf32>
  %f1 = linalg.fill ins(%z : i32) outs(%e1 : tensor<$0x$2xi32>) -> tensor<$0x$2xi32>
  %r:2 = iree_linalg_ext.topk dimension(1) ins(%v : tensor<$0x$1xf32>)
      outs(%f0, %f1 : tensor<$0x$2xf32>, tensor<$0x$2xi32>) {
  ^bb0(%a: f32, %b: f32):
    %c = arith.cmpf ogt, %a, %b : f32
    iree_linalg_ext.yield %c : i1
  } -> tensor<$0x$2xf32>, tensor<$0x$2xi32>
  return %r#0, %r#1 : tensor<$0x$2xf32>, tensor<$0x$2xi32>
}
)",
                {rows, n, k});
  auto v = std::make_shared<Tensor>(randomFloats(DType::F32, {rows, n}, -1, 1));
  auto ov = std::make_shared<std::vector<float>>(rows * k);
  auto oi = std::make_shared<std::vector<int32_t>>(rows * k);
  w.args = {shared(v)};
  w.native = [=] {
    const float *x = as<float>(*v);
    for (int64_t r = 0; r < rows; ++r) {
      float *sv = ov->data() + r * k;
      int32_t *si = oi->data() + r * k;
      std::fill_n(sv, k, -INFINITY);
      std::fill_n(si, k, 0);
      for (int64_t j = 0; j < n; ++j) {
        float cv = x[r * n + j];
        int32_t ci = static_cast<int32_t>(j);
        for (int64_t s = 0; s < k; ++s) {
          bool fwd = cv > sv[s], rev = sv[s] > cv;
          bool takeIdx = fwd || (fwd == rev && ci < si[s]);
          float kv = sv[s];
          int32_t ki = si[s];
          if (fwd) {
            sv[s] = cv;
            cv = kv;
          }
          if (takeIdx) {
            si[s] = ci;
            ci = ki;
          }
        }
      }
    }
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    std::string a = bitsEqual(*r[0].tensor, ov->data(), "values");
    std::string b = bitsEqual(*r[1].tensor, oi->data(), "indices");
    return a == b ? a : a + "/" + b;
  };
  w.bytes = rows * n * 4 + rows * k * 8;
  return w;
}

/// `unique`: the indices are distinct (a random permutation), so no position
/// is written twice and the result has no freedom to report.
Workload scatter(int64_t n, int64_t size, bool unique) {
  Workload w;
  w.name = unique ? "scatter_add_f32_unique" : "scatter_add_f32";
  w.what = llvm::formatv("{0} {1}updates into {2}xf32, add", n,
                         unique ? "distinct " : "", size)
               .str();
  w.mlir = fill(R"(
func.func @main(%orig: tensor<$1xf32>, %upd: tensor<$0xf32>, %idx: tensor<$0x1xi32>) -> tensor<$1xf32> {
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
      ins(%upd, %idx : tensor<$0xf32>, tensor<$0x1xi32>) outs(%orig : tensor<$1xf32>) {
  ^bb0(%u: f32, %o: f32):
    %s = arith.addf %o, %u : f32
    iree_linalg_ext.yield %s : f32
  } -> tensor<$1xf32>
  return %r : tensor<$1xf32>
}
)",
                {n, size});
  auto orig = std::make_shared<Tensor>(randomFloats(DType::F32, {size}, -1, 1));
  auto upd = std::make_shared<Tensor>(randomFloats(DType::F32, {n}, -1, 1));
  auto idx = std::make_shared<Tensor>(randomIndices({n, 1}, size));
  if (unique) {
    std::vector<int32_t> perm(size);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng());
    std::copy_n(perm.begin(), n, as<int32_t>(*idx));
  }
  auto out = std::make_shared<std::vector<float>>(size);
  w.args = {shared(orig), shared(upd), shared(idx)};
  w.native = [=] {
    std::memcpy(out->data(), orig->data(), size * 4);
    const float *u = as<float>(*upd);
    const int32_t *ix = as<int32_t>(*idx);
    float *o = out->data();
    for (int64_t i = 0; i < n; ++i)
      o[ix[i]] = o[ix[i]] + u[i];
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return bitsEqual(*r[0].tensor, out->data(), "result");
  };
  w.bytes = size * 8 + n * 8;
  return w;
}

Workload gather(int64_t n, int64_t rows, int64_t width) {
  Workload w;
  w.name = "gather_rows_f32";
  w.what = llvm::formatv("{0} rows of {1}x{2}xf32", n, rows, width).str();
  w.mlir = fill(R"(
func.func @main(%src: tensor<$1x$2xf32>, %idx: tensor<$0x1xi32>) -> tensor<$0x$2xf32> {
  %e = tensor.empty() : tensor<$0x$2xf32>
  %r = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<$1x$2xf32>, tensor<$0x1xi32>)
      outs(%e : tensor<$0x$2xf32>) -> tensor<$0x$2xf32>
  return %r : tensor<$0x$2xf32>
}
)",
                {n, rows, width});
  auto src =
      std::make_shared<Tensor>(randomFloats(DType::F32, {rows, width}, -1, 1));
  auto idx = std::make_shared<Tensor>(randomIndices({n, 1}, rows));
  auto out = std::make_shared<std::vector<float>>(n * width);
  w.args = {shared(src), shared(idx)};
  w.native = [=] {
    const float *s = as<float>(*src);
    const int32_t *ix = as<int32_t>(*idx);
    float *o = out->data();
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(o + i * width, s + int64_t(ix[i]) * width, width * 4);
  };
  w.check = [=](llvm::ArrayRef<RtValue> r) {
    return bitsEqual(*r[0].tensor, out->data(), "result");
  };
  w.bytes = n * width * 4 * 2 + n * 4;
  return w;
}

std::vector<Workload> makeWorkloads() {
  bool q = quick;
  // Names first, so that --filter skips making the others' inputs.
  std::vector<std::pair<const char *, std::function<Workload()>>> makers = {
      {"elementwise_f32",
       [&] {
         return elementwise<float>("elementwise_f32", DType::F32, "f32",
                                   q ? 256 : 4096, q ? 1024 : 4096);
       }},
      {"elementwise_f16",
       [&] {
         return elementwise<Eigen::half>("elementwise_f16", DType::F16, "f16",
                                         q ? 256 : 4096, q ? 1024 : 4096);
       }},
      {"elementwise_bf16",
       [&] {
         return elementwise<Eigen::bfloat16>("elementwise_bf16", DType::BF16,
                                             "bf16", q ? 256 : 4096,
                                             q ? 1024 : 4096);
       }},
      {"reduce_rows_f32",
       [&] { return rowSum(q ? 512 : 4096, q ? 512 : 4096); }},
      {"matmul_f32",
       [&] { return matmul(q ? 128 : 512, q ? 128 : 512, q ? 128 : 512); }},
      {"matmul_like_f16_f32",
       [&] {
         return matmulLike(q ? 16 : 128, q ? 512 : 4096, q ? 1024 : 14336);
       }},
      {"sort_f32_i32", [&] { return sort(q ? 65536 : 1 << 20); }},
      {"topk_f32", [&] { return topk(q ? 8 : 64, q ? 2048 : 16384, 8); }},
      {"scatter_add_f32",
       [&] {
         return scatter(q ? 65536 : 1 << 20, q ? 65536 : 1 << 20, false);
       }},
      {"scatter_add_f32_unique",
       [&] { return scatter(q ? 65536 : 1 << 20, q ? 65536 : 1 << 20, true); }},
      {"gather_rows_f32",
       [&] { return gather(q ? 65536 : 1 << 20, q ? 4096 : 65536, 16); }},
  };
  std::vector<Workload> out;
  for (auto &[name, make] : makers)
    if (filter.empty() || llvm::StringRef(name).contains(filter))
      out.push_back(make());
  return out;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

struct Parsed {
  OwningOpRef<ModuleOp> module;
  func::FuncOp fn;
};

Parsed parse(MLIRContext &ctx, const Workload &w) {
  Parsed p;
  p.module = parseSourceString<ModuleOp>(w.mlir, ParserConfig(&ctx));
  if (!p.module) {
    llvm::errs() << "error: " << w.name << ": the program does not parse\n";
    std::exit(2);
  }
  p.fn = p.module->lookupSymbol<func::FuncOp>("main");
  return p;
}

/// One interpreter run as ref-run does it; exits on errors or findings.
SmallVector<RtValue> runInterpreter(Parsed &p, const Workload &w,
                                    unsigned numThreads) {
  InterpreterOptions opts;
  opts.threads = numThreads;
  Interpreter interp(*p.module, opts);
  auto results = interp.callFunction(p.fn, w.args);
  if (failed(results) || interp.numFindings()) {
    llvm::errs() << "error: " << w.name << ": the interpreter "
                 << (failed(results) ? "failed" : "reported findings") << "\n";
    std::exit(2);
  }
  return *results;
}

std::string ms(double s) { return llvm::formatv("{0:f1} ms", s * 1e3).str(); }

/// A "VmRSS:"-style field of /proc/self/status, in KiB (0 if absent).
int64_t statusKb(llvm::StringRef field) {
  auto buf = llvm::MemoryBuffer::getFileAsStream("/proc/self/status");
  if (!buf)
    return 0;
  llvm::SmallVector<llvm::StringRef> lines;
  (*buf)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    if (!line.consume_front(field))
      continue;
    int64_t kb = 0;
    line.trim().split(' ').first.getAsInteger(10, kb);
    return kb;
  }
  return 0;
}

/// --child-run=NAME: runs one workload once and prints its peak memory:
/// the resident size before the run (libraries, program, inputs) and the
/// high-water mark during it (reset before the run where Linux allows).
int runChild(MLIRContext &ctx) {
  filter = childRun;
  std::vector<Workload> ws = makeWorkloads();
  if (ws.empty())
    return 2;
  Parsed p = parse(ctx, ws[0]);
  if (FILE *f = std::fopen("/proc/self/clear_refs", "w")) {
    std::fputs("5", f);
    std::fclose(f);
  }
  int64_t before = statusKb("VmRSS:");
  SmallVector<RtValue> r = runInterpreter(p, ws[0], threads);
  int64_t peak = statusKb("VmHWM:");
  if (!peak) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    peak = ru.ru_maxrss;
  }
  llvm::outs() << "before_kb=" << before << " peak_kb=" << peak << "\n";
  return 0;
}

void reportPeakMemory(const char *argv0, const Workload &w) {
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, nullptr);
  llvm::SmallString<64> outFile;
  llvm::sys::fs::createTemporaryFile("ref-bench", "txt", outFile);
  std::string arg = "--child-run=" + w.name;
  std::vector<llvm::StringRef> args = {exe, arg};
  std::string quickArg = "--quick";
  if (quick)
    args.push_back(quickArg);
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(outFile), std::nullopt};
  int rc = llvm::sys::ExecuteAndWait(exe, args, std::nullopt, redirects);
  auto buf = llvm::MemoryBuffer::getFile(outFile);
  llvm::sys::fs::remove(outFile);
  int64_t before = 0, peak = 0;
  if (rc == 0 && buf) {
    llvm::SmallVector<llvm::StringRef> fields;
    (*buf)->getBuffer().trim().split(fields, ' ');
    for (llvm::StringRef f : fields) {
      auto [key, value] = f.split('=');
      if (key == "before_kb")
        value.getAsInteger(10, before);
      if (key == "peak_kb")
        value.getAsInteger(10, peak);
    }
  }
  if (!peak) {
    llvm::outs() << "peak memory " << w.name << ": child run failed\n";
    return;
  }
  llvm::outs() << llvm::formatv(
      "peak memory {0}: {1:f1} MiB resident at the peak of the run, {2:f1} "
      "MiB more than before it (libraries, program and inputs: {3:f1} MiB); "
      "the inputs and outputs themselves are {4:f1} MiB\n",
      w.name, peak / 1024.0, (peak - before) / 1024.0, before / 1024.0,
      w.bytes / 1048576.0);
}

/// --emit=DIR: each program and its inputs, runnable with ref-run.
int emitWorkloads() {
  if (std::error_code ec = llvm::sys::fs::create_directories(emitDir)) {
    llvm::errs() << "error: " << emitDir << ": " << ec.message() << "\n";
    return 2;
  }
  for (const Workload &w : makeWorkloads()) {
    std::string base = emitDir + "/" + w.name;
    std::error_code ec;
    llvm::raw_fd_ostream(base + ".mlir", ec) << w.mlir;
    std::string cmd = "ref-run " + base + ".mlir";
    for (auto [i, a] : llvm::enumerate(w.args)) {
      const Tensor &t = *a.tensor;
      std::string file = base + ".arg" + std::to_string(i);
      if (npyHasTypeCode(t.dtype())) {
        file += ".npy";
        if (llvm::Error e = writeNpyFile(file, t)) {
          llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
          return 2;
        }
        cmd += " --input=@" + file;
      } else {
        file += ".bin";
        llvm::raw_fd_ostream os(file, ec);
        os << toRawBytes(t); // sub-byte types packed, as ref-run reads them
        cmd +=
            " --input=" + shapeTypeString(t.shape(), t.dtype()) + "=@" + file;
      }
    }
    llvm::outs() << cmd << "\n";
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv,
                              "ref-bench: interpreter vs native baselines\n");
  DialectRegistry registry;
  registerInterpreterDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  if (!childRun.empty())
    return runChild(ctx);
  if (!emitDir.empty())
    return emitWorkloads();

  unsigned n = reps ? reps : (quick ? 1 : 3);
  InterpreterOptions probe;
  probe.threads = threads;
  unsigned usedThreads = Interpreter(ModuleOp(), probe).numThreads();
  llvm::outs() << llvm::formatv(
      "ref-bench: {0} sizes, best of {1} runs per side, interpreter on {2} "
      "thread(s); times exclude parsing and input generation\n",
      quick ? "quick" : "full", n, usedThreads);
  llvm::outs().flush();

  std::vector<Workload> ws = makeWorkloads();
  bool allOk = true;
  double ewInterp = 0, ewNative = 0;
  int64_t ewBytes = 0;
  for (Workload &w : ws) {
    Parsed p = parse(ctx, w);
    // A warm-up run of each side: caches, page faults of the outputs.
    SmallVector<RtValue> results = runInterpreter(p, w, threads);
    w.native();
    std::string verdict = w.check(results);
    results.clear();
    allOk &= !llvm::StringRef(verdict).starts_with("MISMATCH");
    // The sides alternate, so that both see the same machine load.
    double ti = 1e30, tn = 1e30, t1 = 1e30;
    for (unsigned r = 0; r < n; ++r) {
      ti = std::min(ti, bestOf(1, [&] { runInterpreter(p, w, threads); }));
      tn = std::min(tn, bestOf(1, w.native));
      if (singleThread)
        t1 = std::min(t1, bestOf(1, [&] { runInterpreter(p, w, 1); }));
    }
    std::string single;
    if (singleThread)
      single = " 1t=" + ms(t1);
    llvm::outs() << llvm::formatv(
        "{0,-22} {1,-44} interp={2,10} native={3,10}{4} check={5} "
        "ratio={6:f2}\n",
        w.name, w.what, ms(ti), ms(tn), single, verdict, ti / tn);
    llvm::outs().flush();
    if (w.name == "elementwise_f32") {
      ewInterp = ti;
      ewNative = tn;
      ewBytes = w.bytes;
    }
  }

  if (ewBytes) {
    // The machine's bandwidth, from plain copies of as many bytes as the
    // elementwise case moves (counting reads and writes): memcpy, and a
    // loop over floats. Then the elementwise loop once more, writing into a
    // freshly allocated output as the interpreter must (the first touch of
    // fresh pages costs page faults and the kernel's zeroing).
    int64_t half = ewBytes / 2;
    std::vector<float> src(half / 4, 1.0f), dst(half / 4, 0.0f);
    double tc = bestOf(std::max(n, 3u),
                       [&] { std::memcpy(dst.data(), src.data(), half); });
    double tl = bestOf(std::max(n, 3u), [&] {
      const float *s = src.data();
      float *d = dst.data();
      for (size_t i = 0, e = src.size(); i < e; ++i)
        d[i] = s[i];
    });
    double copyBw = 2.0 * half / std::min(tc, tl);
    int64_t elems = ewBytes / 12;
    double tf = bestOf(std::max(n, 3u), [&] {
      // Allocated as the interpreter allocates its tensors.
      Tensor fresh(DType::F32, {elems});
      float *o = as<float>(fresh);
      const float *x = src.data(), *y = dst.data();
      for (int64_t i = 0; i < elems; ++i)
        o[i] = (x[i] * y[i] + 0.5f) - x[i];
    });
    llvm::outs() << llvm::formatv(
        "bandwidth: plain copy {0:f2} GB/s (memcpy {1:f2}, float loop "
        "{2:f2}; reads + writes); elementwise_f32 moves {3:f0} MB: "
        "interpreter {4:f2} GB/s ({5:f0}% of copy), native loop {6:f2} GB/s "
        "({7:f0}%); the native loop into a fresh output takes {8}\n",
        copyBw / 1e9, 2.0 * half / tc / 1e9, 2.0 * half / tl / 1e9,
        ewBytes / 1e6, ewBytes / ewInterp / 1e9,
        100 * ewBytes / ewInterp / copyBw, ewBytes / ewNative / 1e9,
        100 * ewBytes / ewNative / copyBw, ms(tf));
  }
  if (peakMemory)
    for (const Workload &w : ws)
      if (w.name == "elementwise_f32" || w.name == "matmul_like_f16_f32")
        reportPeakMemory(argv[0], w);
  return allOk ? 0 : 1;
}
