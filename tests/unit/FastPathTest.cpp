//===- FastPathTest.cpp - Fast paths and threads change no bit ------------===//
//
// Every fast path of the interpreter (docs/performance.md) must give what
// the general path gives, and every parallel kernel what one thread gives.
// Each test runs the same program on the same inputs with the general path
// on one thread (InterpreterOptions::fastPaths = false, threads = 1) and
// with the fast paths on 1, 2 and 3 threads, and compares everything a
// caller can observe: the result bits (all NaNs alike, as everywhere in the
// project), uninitialized elements, the freedom report, and the findings
// with their order and count.
//
//===----------------------------------------------------------------------===//

#include "interp/support/TextTemplate.h"
#include "interp/exec/FreedomReport.h"
#include "interp/exec/Interpreter.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"

#include <Eigen/Core>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <random>

using namespace ref;
using namespace mlir;

namespace {

/// A parsed program and its inputs.
class Program {
public:
  explicit Program(const std::string &text) {
    DialectRegistry registry;
    registerInterpreterDialects(registry);
    ctx = std::make_unique<MLIRContext>(registry);
    ctx->loadAllAvailableDialects();
    module = parseSourceString<ModuleOp>(text, ParserConfig(ctx.get()));
  }
  bool ok() const { return static_cast<bool>(module); }

  /// Everything observable about one run, as text.
  /// `exactNaNs`: NaNs are compared by their bits too (payload and sign),
  /// where every path computes them with the same kernel.
  std::string observe(llvm::ArrayRef<RtValue> args, unsigned threads,
                      bool fastPaths, bool exactNaNs = false) {
    InterpreterOptions opts;
    opts.threads = threads;
    opts.fastPaths = fastPaths;
    // Many small tasks, even for these small problems.
    opts.minTaskWork = 1024;
    Interpreter interp(*module, opts);
    auto fn = module->lookupSymbol<func::FuncOp>("main");
    auto results = interp.callFunction(fn, args);
    std::string s;
    llvm::raw_string_ostream os(s);
    if (failed(results))
      return "error";
    for (const RtValue &r : *results) {
      if (!r.isTensor()) {
        os << "scalar " << r.bits << "\n";
        continue;
      }
      const Tensor &t = *r.tensor;
      os << shapeTypeString(t.shape(), t.dtype()) << ":";
      for (int64_t i = 0; i < t.numElements(); ++i) {
        uint64_t bits = t.load(i);
        if (!exactNaNs && isFloat(t.dtype()) &&
            std::isnan(floatValue(bits, t.dtype())))
          bits = ~uint64_t(0);
        os << " " << bits << (t.isUndef(i) ? "u" : "");
      }
      os << "\n";
    }
    os << llvm::formatv("{0}", freedomReport("main", *results)) << "\n";
    for (const Finding &f : interp.findings()) {
      os << f.kind << " in " << f.opName << " at";
      for (int64_t c : f.coords)
        os << " " << c;
      os << ": " << f.detail << "\n";
    }
    os << interp.numFindings() << " findings\n";
    return s;
  }

  /// Runs the general path on one thread and the fast paths on 1, 2 and 3
  /// threads; every run must observe the same. Returns the observation.
  std::string expectSameEverywhere(llvm::ArrayRef<RtValue> args,
                                   bool exactNaNs = false) {
    std::string general = observe(args, 1, false, exactNaNs);
    EXPECT_NE(general, "error");
    for (unsigned threads : {1u, 2u, 3u}) {
      std::string fast = observe(args, threads, true, exactNaNs);
      EXPECT_TRUE(fast == general)
          << "fast paths on " << threads << " thread(s) differ from the "
          << "general path: " << firstDifference(general, fast);
    }
    return general;
  }

private:
  static double floatValue(uint64_t bits, DType t) {
    switch (t) {
    case DType::F32:
      return llvm::bit_cast<float>(static_cast<uint32_t>(bits));
    case DType::F64:
      return llvm::bit_cast<double>(bits);
    case DType::F16:
      return static_cast<float>(
          Eigen::numext::bit_cast<Eigen::half>(static_cast<uint16_t>(bits)));
    case DType::BF16:
      return static_cast<float>(Eigen::numext::bit_cast<Eigen::bfloat16>(
          static_cast<uint16_t>(bits)));
    default:
      return 0; // f8: never NaN in these tests
    }
  }
  static std::string firstDifference(const std::string &a,
                                     const std::string &b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i])
      ++i;
    size_t from = i < 60 ? 0 : i - 60;
    return "\n  general: ..." + a.substr(from, 160) + "\n  fast:    ..." +
           b.substr(from, 160);
  }

  std::unique_ptr<MLIRContext> ctx;
  OwningOpRef<ModuleOp> module;
};

/// Values that make rounding visible: integers of up to 12 bits scaled by
/// powers of two from 2^-12 to 2^4, either sign; a few exact zeros of
/// either sign.
Tensor randomFloats(DType dt, llvm::ArrayRef<int64_t> shape, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> mant(-4096, 4096), exp(-12, 4),
      pick(0, 63);
  Tensor t(dt, shape);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    int p = pick(rng);
    float v = p == 0 ? 0.0f : p == 1 ? -0.0f : std::ldexp(mant(rng), exp(rng));
    switch (dt) {
    case DType::F32:
      t.store(i, llvm::bit_cast<uint32_t>(v));
      break;
    case DType::F64:
      t.store(i, llvm::bit_cast<uint64_t>(static_cast<double>(v) / 3));
      break;
    case DType::F16:
      t.store(i, Eigen::numext::bit_cast<uint16_t>(Eigen::half(v / 64)));
      break;
    case DType::BF16:
      t.store(i, Eigen::numext::bit_cast<uint16_t>(Eigen::bfloat16(v)));
      break;
    default:
      t.store(i, static_cast<uint64_t>(mant(rng)));
    }
  }
  return t;
}

/// Integers in [lo, hi] (raw bits of dtype dt).
Tensor randomInts(DType dt, llvm::ArrayRef<int64_t> shape, int64_t lo,
                  int64_t hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int64_t> d(lo, hi);
  Tensor t(dt, shape);
  for (int64_t i = 0; i < t.numElements(); ++i)
    t.store(i, truncBits(static_cast<uint64_t>(d(rng)), dt));
  return t;
}

std::string tensorType(llvm::ArrayRef<int64_t> shape, const char *ty) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + ty + ">";
}

RtValue arg(Tensor t) { return RtValue::ofTensor(std::move(t)); }

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

/// C[b, m, n] = init + sum_k ext(A[b, m, k]) * ext(B[b, n, k]) (or B[b, k, n]).
std::string contractionProgram(int64_t batch, int64_t m, int64_t n, int64_t k,
                               const char *in, const char *acc, const char *ext,
                               bool transposedB, bool fillZero) {
  std::string A = tensorType({batch, m, k}, in);
  std::string B = transposedB ? tensorType({batch, n, k}, in)
                              : tensorType({batch, k, n}, in);
  std::string C = tensorType({batch, m, n}, acc);
  std::string mapB = transposedB ? "affine_map<(b, m, n, k) -> (b, n, k)>"
                                 : "affine_map<(b, m, n, k) -> (b, k, n)>";
  bool isFloat = acc[0] == 'f';
  std::string x = ext[0] ? "%xe" : "%x", y = ext[0] ? "%ye" : "%y";
  std::string body;
  if (ext[0])
    body += llvm::formatv("    %xe = arith.{0} %x : {1} to {2}\n"
                          "    %ye = arith.{0} %y : {1} to {2}\n",
                          ext, in, acc)
                .str();
  body += llvm::formatv("    %p = arith.{0} {1}, {2} : {3}\n"
                        "    %s = arith.{4} %acc, %p : {3}\n",
                        isFloat ? "mulf" : "muli", x, y, acc,
                        isFloat ? "addf" : "addi")
              .str();
  std::string init =
      fillZero ? llvm::formatv(
                     "  %z = arith.constant 0{0} : {1}\n"
                     "  %e = tensor.empty() : {2}\n"
                     "  %i = linalg.fill ins(%z : {1}) outs(%e : {2}) -> {2}\n",
                     isFloat ? ".0" : "", acc, C)
                     .str()
               : "";
  return fill(R"(
func.func @main(%a: $0, %b: $1, %c: $2) -> $2 {
$3  %r = linalg.generic {indexing_maps = [
           affine_map<(b, m, n, k) -> (b, m, k)>, $4,
           affine_map<(b, m, n, k) -> (b, m, n)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : $0, $1) outs($5 : $2) {
  ^bb0(%x: $6, %y: $6, %acc: $7):
$8    linalg.yield %s : $7
  } -> $2
  return %r : $2
}
)",
              {A, B, C, init, mapB, fillZero ? "%i" : "%c", in, acc, body});
}

void checkContraction(int64_t batch, int64_t m, int64_t n, int64_t k, DType inT,
                      const char *in, DType accT, const char *acc,
                      const char *ext, bool transposedB, bool fillZero,
                      uint32_t seed) {
  Program p(
      contractionProgram(batch, m, n, k, in, acc, ext, transposedB, fillZero));
  ASSERT_TRUE(p.ok());
  auto make = [&](DType dt, llvm::ArrayRef<int64_t> shape, uint32_t s) {
    return isFloat(dt) ? randomFloats(dt, shape, s)
                       : randomInts(dt, shape, -100, 100, s);
  };
  Tensor a = make(inT, {batch, m, k}, seed);
  Tensor b = transposedB ? make(inT, {batch, n, k}, seed + 1)
                         : make(inT, {batch, k, n}, seed + 1);
  Tensor c = make(accT, {batch, m, n}, seed + 2);
  p.expectSameEverywhere(
      {arg(std::move(a)), arg(std::move(b)), arg(std::move(c))});
}

RC_GTEST_PROP(FastPaths, ContractionIsTheSequentialSum, ()) {
  int64_t batch = *rc::gen::inRange(1, 3), m = *rc::gen::inRange(1, 40),
          n = *rc::gen::inRange(1, 40), k = *rc::gen::inRange(1, 700);
  bool transposedB = *rc::gen::arbitrary<bool>();
  bool fill = *rc::gen::arbitrary<bool>();
  uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  switch (*rc::gen::inRange(0, 5)) {
  case 0:
    checkContraction(batch, m, n, k, DType::F32, "f32", DType::F32, "f32", "",
                     transposedB, fill, seed);
    break;
  case 1:
    checkContraction(batch, m, n, k, DType::F16, "f16", DType::F32, "f32",
                     "extf", transposedB, fill, seed);
    break;
  case 2:
    checkContraction(batch, m, n, k, DType::BF16, "bf16", DType::F64, "f64",
                     "extf", transposedB, fill, seed);
    break;
  case 3:
    checkContraction(batch, m, n, k, DType::I8, "i8", DType::I32, "i32",
                     "extsi", transposedB, fill, seed);
    break;
  default:
    checkContraction(batch, m, n, k, DType::I32, "i32", DType::I32, "i32", "",
                     transposedB, fill, seed);
    break;
  }
}

TEST(FastPaths, LargeContractionsSplitIntoTasks) {
  // Big enough for several tasks per product (M*N*K well over 2^19).
  checkContraction(1, 150, 130, 100, DType::F32, "f32", DType::F32, "f32", "",
                   false, true, 1);
  checkContraction(2, 97, 300, 40, DType::F16, "f16", DType::F32, "f32", "extf",
                   true, false, 2);
  checkContraction(1, 500, 3, 400, DType::F32, "f32", DType::F32, "f32", "",
                   true, false, 3); // a matvec-like shape: run transposed
  checkContraction(1, 130, 128, 70, DType::I8, "i8", DType::I32, "i32", "extsi",
                   false, false, 4);
}

TEST(FastPaths, NamedMatmulsAndSpecialValues) {
  // Named ops carry the same bodies; infinities and NaN propagate as in
  // the sequential loop.
  Program p(R"(
    func.func @main(%a: tensor<3x37x20xf32>, %b: tensor<3x20x45xf32>,
                    %c: tensor<3x37x45xf32>, %v: tensor<20xf32>)
        -> (tensor<3x37x45xf32>, tensor<37xf32>) {
      %r = linalg.batch_matmul ins(%a, %b : tensor<3x37x20xf32>, tensor<3x20x45xf32>)
                               outs(%c : tensor<3x37x45xf32>) -> tensor<3x37x45xf32>
      %a0 = tensor.extract_slice %a[0, 0, 0] [1, 37, 20] [1, 1, 1]
          : tensor<3x37x20xf32> to tensor<37x20xf32>
      %z = arith.constant 1.5 : f32
      %e = tensor.empty() : tensor<37xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
      %mv = linalg.matvec ins(%a0, %v : tensor<37x20xf32>, tensor<20xf32>)
                          outs(%f : tensor<37xf32>) -> tensor<37xf32>
      return %r, %mv : tensor<3x37x45xf32>, tensor<37xf32>
    })");
  ASSERT_TRUE(p.ok());
  Tensor a = randomFloats(DType::F32, {3, 37, 20}, 5);
  Tensor b = randomFloats(DType::F32, {3, 20, 45}, 6);
  a.store(7, llvm::bit_cast<uint32_t>(INFINITY));
  b.store(30, llvm::bit_cast<uint32_t>(-INFINITY));
  b.store(31, llvm::bit_cast<uint32_t>(NAN));
  std::string seen =
      p.expectSameEverywhere({arg(std::move(a)), arg(std::move(b)),
                              arg(randomFloats(DType::F32, {3, 37, 45}, 7)),
                              arg(randomFloats(DType::F32, {20}, 8))});
  // A float contraction reports its reduction length: IREE may reassociate.
  EXPECT_NE(seen.find("\"reduction_length\":20"), std::string::npos) << seen;
}

TEST(FastPaths, ContractionLayouts) {
  // A transposed output, an A shared by every batch, and A * A^T.
  Program p(R"(
    func.func @main(%a: tensor<70x90xf32>, %b: tensor<5x90x60xf32>,
                    %c: tensor<60x70xf32>, %d: tensor<5x70x60xf32>)
        -> (tensor<60x70xf32>, tensor<5x70x60xf32>, tensor<70x70xf32>) {
      %b0 = tensor.extract_slice %b[0, 0, 0] [1, 90, 60] [1, 1, 1]
          : tensor<5x90x60xf32> to tensor<90x60xf32>
      %t = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                            affine_map<(m, n, k) -> (k, n)>,
                                            affine_map<(m, n, k) -> (n, m)>],
                           iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%a, %b0 : tensor<70x90xf32>, tensor<90x60xf32>) outs(%c : tensor<60x70xf32>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %p, %acc : f32
        linalg.yield %s : f32
      } -> tensor<60x70xf32>
      %bc = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k)>,
                                             affine_map<(b, m, n, k) -> (b, k, n)>,
                                             affine_map<(b, m, n, k) -> (b, m, n)>],
                            iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
          ins(%a, %b : tensor<70x90xf32>, tensor<5x90x60xf32>) outs(%d : tensor<5x70x60xf32>) {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %p = arith.mulf %y, %x : f32
        %s = arith.addf %acc, %p : f32
        linalg.yield %s : f32
      } -> tensor<5x70x60xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<70x70xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
      %aat = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                            affine_map<(m, n, k) -> (n, k)>,
                                            affine_map<(m, n, k) -> (m, n)>]
          ins(%a, %a : tensor<70x90xf32>, tensor<70x90xf32>)
          outs(%f : tensor<70x70xf32>) -> tensor<70x70xf32>
      return %t, %bc, %aat : tensor<60x70xf32>, tensor<5x70x60xf32>, tensor<70x70xf32>
    })");
  ASSERT_TRUE(p.ok());
  p.expectSameEverywhere({arg(randomFloats(DType::F32, {70, 90}, 1)),
                          arg(randomFloats(DType::F32, {5, 90, 60}, 2)),
                          arg(randomFloats(DType::F32, {60, 70}, 3)),
                          arg(randomFloats(DType::F32, {5, 70, 60}, 4))});
}

TEST(FastPaths, IntegerContractionsAreExact) {
  std::string seen;
  Program p(contractionProgram(1, 40, 40, 50, "i32", "i32", "", false, true));
  ASSERT_TRUE(p.ok());
  // Wrapping products and sums.
  seen = p.expectSameEverywhere(
      {arg(randomInts(DType::I32, {1, 40, 50}, INT32_MIN, INT32_MAX, 1)),
       arg(randomInts(DType::I32, {1, 50, 40}, INT32_MIN, INT32_MAX, 2)),
       arg(randomInts(DType::I32, {1, 40, 40}, 0, 0, 3))});
  EXPECT_EQ(seen.find("reduction_length"), std::string::npos) << seen;
}

TEST(FastPaths, UninitializedAccumulatorIsReported) {
  // No fill: the body reads tensor.empty. The general path runs and reports.
  Program p(R"(
    func.func @main(%a: tensor<40x30xf32>, %b: tensor<30x50xf32>) -> tensor<40x50xf32> {
      %e = tensor.empty() : tensor<40x50xf32>
      %r = linalg.matmul ins(%a, %b : tensor<40x30xf32>, tensor<30x50xf32>)
                         outs(%e : tensor<40x50xf32>) -> tensor<40x50xf32>
      return %r : tensor<40x50xf32>
    })");
  ASSERT_TRUE(p.ok());
  std::string seen =
      p.expectSameEverywhere({arg(randomFloats(DType::F32, {40, 30}, 1)),
                              arg(randomFloats(DType::F32, {30, 50}, 2))});
  EXPECT_NE(seen.find("2000 findings"), std::string::npos) << seen;
}

//===----------------------------------------------------------------------===//
// Elementwise bodies and reductions
//===----------------------------------------------------------------------===//

TEST(FastPaths, ElementwiseAcrossThreads) {
  for (const char *ty : {"f32", "f16", "bf16"}) {
    std::string t = tensorType({300, 257}, ty);
    Program p(fill(R"(
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
      })",
                   {t, ty}));
    ASSERT_TRUE(p.ok());
    DType dt = *parseDType(ty);
    p.expectSameEverywhere({arg(randomFloats(dt, {300, 257}, 1)),
                            arg(randomFloats(dt, {300, 257}, 2))});
  }
}

TEST(FastPaths, ReductionsCarryAccumulators) {
  // Rows (lanes across rows), columns (lanes along rows), the middle dim of
  // three, a max-reduction with a NaN, and a body using linalg.index.
  Program p(R"(
    func.func @main(%a: tensor<260x300xf32>, %b: tensor<20x70x90xf32>)
        -> (tensor<260xf32>, tensor<300xf32>, tensor<20x90xf32>, tensor<260xf32>, tensor<300xi32>) {
      %z = arith.constant 0.0 : f32
      %e0 = tensor.empty() : tensor<260xf32>
      %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<260xf32>) -> tensor<260xf32>
      %rows = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                              iterator_types = ["parallel", "reduction"]}
          ins(%a : tensor<260x300xf32>) outs(%f0 : tensor<260xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %acc, %x : f32
        linalg.yield %s : f32
      } -> tensor<260xf32>
      %e1 = tensor.empty() : tensor<300xf32>
      %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<300xf32>) -> tensor<300xf32>
      %cols = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
                              iterator_types = ["reduction", "parallel"]}
          ins(%a : tensor<260x300xf32>) outs(%f1 : tensor<300xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %m = arith.mulf %x, %x : f32
        %s = arith.subf %acc, %m : f32
        linalg.yield %s : f32
      } -> tensor<300xf32>
      %e2 = tensor.empty() : tensor<20x90xf32>
      %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<20x90xf32>) -> tensor<20x90xf32>
      %mid = linalg.reduce ins(%b : tensor<20x70x90xf32>) outs(%f2 : tensor<20x90xf32>) dimensions = [1]
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      %ninf = arith.constant 0xFF800000 : f32
      %f3 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<260xf32>) -> tensor<260xf32>
      %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                             iterator_types = ["parallel", "reduction"]}
          ins(%a : tensor<260x300xf32>) outs(%f3 : tensor<260xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.maximumf %acc, %x : f32
        linalg.yield %s : f32
      } -> tensor<260xf32>
      %ei = tensor.empty() : tensor<300xi32>
      %c0 = arith.constant 0 : i32
      %fi = linalg.fill ins(%c0 : i32) outs(%ei : tensor<300xi32>) -> tensor<300xi32>
      %idx = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>],
                             iterator_types = ["reduction", "parallel"]}
          ins(%a : tensor<260x300xf32>) outs(%fi : tensor<300xi32>) {
      ^bb0(%x: f32, %acc: i32):
        %i = linalg.index 0 : index
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %acc, %ii : i32
        linalg.yield %s : i32
      } -> tensor<300xi32>
      return %rows, %cols, %mid, %max, %idx
          : tensor<260xf32>, tensor<300xf32>, tensor<20x90xf32>, tensor<260xf32>, tensor<300xi32>
    })");
  ASSERT_TRUE(p.ok());
  Tensor a = randomFloats(DType::F32, {260, 300}, 3);
  a.store(1234, llvm::bit_cast<uint32_t>(NAN));
  p.expectSameEverywhere(
      {arg(std::move(a)), arg(randomFloats(DType::F32, {20, 70, 90}, 4))});
}

TEST(FastPaths, ArgmaxCarriesTwoOutputs) {
  // Two outputs carried together (the best value and its index), the
  // reduction loop outermost and innermost.
  for (const char *maps : {"(i, j) -> (i, j)", "(j, i) -> (i, j)"}) {
    bool inner = maps[1] == 'i';
    Program p(fill(
        R"(
      func.func @main(%a: tensor<300x257xf32>) -> (tensor<300xf32>, tensor<300xi32>) {
        %ninf = arith.constant 0xFF800000 : f32
        %c0 = arith.constant 0 : i32
        %e0 = tensor.empty() : tensor<300xf32>
        %e1 = tensor.empty() : tensor<300xi32>
        %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<300xf32>) -> tensor<300xf32>
        %f1 = linalg.fill ins(%c0 : i32) outs(%e1 : tensor<300xi32>) -> tensor<300xi32>
        %r:2 = linalg.generic {indexing_maps = [affine_map<$0>,
                                                affine_map<$1>, affine_map<$1>],
                               iterator_types = [$2]}
            ins(%a : tensor<300x257xf32>) outs(%f0, %f1 : tensor<300xf32>, tensor<300xi32>) {
        ^bb0(%x: f32, %best: f32, %at: i32):
          %j = linalg.index $3 : index
          %ji = arith.index_cast %j : index to i32
          %gt = arith.cmpf ogt, %x, %best : f32
          %v = arith.select %gt, %x, %best : f32
          %i = arith.select %gt, %ji, %at : i32
          linalg.yield %v, %i : f32, i32
        } -> (tensor<300xf32>, tensor<300xi32>)
        return %r#0, %r#1 : tensor<300xf32>, tensor<300xi32>
      })",
        {maps, inner ? "(i, j) -> (i)" : "(j, i) -> (i)",
         inner ? "\"parallel\", \"reduction\"" : "\"reduction\", \"parallel\"",
         inner ? "1" : "0"}));
    ASSERT_TRUE(p.ok());
    Tensor a = randomInts(DType::I32, {300, 257}, -30, 30, 5);
    for (int64_t i = 0; i < a.numElements(); ++i)
      a.store(i, llvm::bit_cast<uint32_t>(
                     static_cast<float>(static_cast<int32_t>(a.load(i)))));
    p.expectSameEverywhere({arg(std::move(a))});
  }
}

TEST(FastPaths, ReductionsOverTwoLoopsReadEveryBlock) {
  // Two reduction loops, the inner one exactly one block long and
  // contiguous, lanes across rows: each outer step reads new elements.
  for (const char *shape : {"300x5x16", "300x3x40", "64x7x17"}) {
    std::string t = std::string("tensor<") + shape + "xf32>";
    int64_t d0 = std::stoll(shape);
    std::string o = "tensor<" + std::to_string(d0) + "xf32>";
    Program p(fill(R"(
      func.func @main(%a: $0) -> $1 {
        %z = arith.constant 0.0 : f32
        %e = tensor.empty() : $1
        %f = linalg.fill ins(%z : f32) outs(%e : $1) -> $1
        %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                                              affine_map<(i, j, k) -> (i)>],
                             iterator_types = ["parallel", "reduction", "reduction"]}
            ins(%a : $0) outs(%f : $1) {
        ^bb0(%x: f32, %acc: f32):
          %s = arith.addf %acc, %x : f32
          linalg.yield %s : f32
        } -> $1
        return %r : $1
      })",
                   {t, o}));
    ASSERT_TRUE(p.ok());
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(shape).split(parts, 'x');
    llvm::SmallVector<int64_t> dims;
    for (llvm::StringRef d : parts)
      dims.push_back(std::stoll(d.str()));
    p.expectSameEverywhere({arg(randomFloats(DType::F32, dims, 11))});
  }
}

TEST(FastPaths, FindingsKeepTheirOrderAcrossTasks) {
  // Reads of uninitialized columns of an input, and division by zero all
  // over an elementwise generic and a reduction (far more than the 64
  // findings kept): every task has findings; the same ones come out, in the
  // same order, counted alike, on every number of threads.
  Program p(R"(
    #id = affine_map<(i, j) -> (i, j)>
    func.func @main(%a: tensor<300x300xi32>, %b: tensor<300x300xi32>)
        -> (tensor<300x300xi32>, tensor<300xi32>, tensor<300x300xi32>) {
      %u = tensor.empty() : tensor<300x300xi32>
      %left = tensor.extract_slice %a[0, 0] [300, 150] [1, 1]
          : tensor<300x300xi32> to tensor<300x150xi32>
      %half = tensor.insert_slice %left into %u[0, 0] [300, 150] [1, 1]
          : tensor<300x150xi32> into tensor<300x300xi32>
      %g = linalg.generic {indexing_maps = [#id, affine_map<(i, j) -> (j, i)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%half : tensor<300x300xi32>) outs(%u : tensor<300x300xi32>) {
      ^bb0(%x: i32, %o: i32):
        %n = arith.addi %x, %x : i32
        linalg.yield %n : i32
      } -> tensor<300x300xi32>
      %e0 = tensor.empty() : tensor<300x300xi32>
      %d = linalg.generic {indexing_maps = [#id, #id, #id],
                           iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : tensor<300x300xi32>, tensor<300x300xi32>)
          outs(%e0 : tensor<300x300xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %q = arith.divsi %x, %y : i32
        linalg.yield %q : i32
      } -> tensor<300x300xi32>
      %c0 = arith.constant 0 : i32
      %e = tensor.empty() : tensor<300xi32>
      %f = linalg.fill ins(%c0 : i32) outs(%e : tensor<300xi32>) -> tensor<300xi32>
      %r = linalg.generic {indexing_maps = [#id, #id, affine_map<(i, j) -> (j)>],
                           iterator_types = ["reduction", "parallel"]}
          ins(%a, %b : tensor<300x300xi32>, tensor<300x300xi32>) outs(%f : tensor<300xi32>) {
      ^bb0(%x: i32, %y: i32, %acc: i32):
        %q = arith.remsi %x, %y : i32
        %s = arith.addi %acc, %q : i32
        linalg.yield %s : i32
      } -> tensor<300xi32>
      return %d, %r, %g : tensor<300x300xi32>, tensor<300xi32>, tensor<300x300xi32>
    })");
  ASSERT_TRUE(p.ok());
  std::string seen = p.expectSameEverywhere(
      {arg(randomInts(DType::I32, {300, 300}, -1000, 1000, 1)),
       arg(randomInts(DType::I32, {300, 300}, -40, 40, 2))});
  // The first 64 kept are reads of the uninitialized columns; over a
  // thousand divisions by zero are counted after them.
  EXPECT_NE(seen.find("read of an uninitialized element"), std::string::npos);
  EXPECT_EQ(seen.find("division by zero"), std::string::npos);
  EXPECT_EQ(seen.find(" 64 findings"), std::string::npos);
}

//===----------------------------------------------------------------------===//
// iree_linalg_ext
//===----------------------------------------------------------------------===//

/// A sort of `keyTy` keys (operand 0) with an i32 payload along dim 1 of
/// rows x len, with comparator `cmp` (written on %a, %b).
std::string sortProgram(int64_t rows, int64_t len, const char *keyTy,
                        const char *cmp) {
  std::string K = tensorType({rows, len}, keyTy),
              V = tensorType({rows, len}, "i32");
  return fill(R"(
    func.func @main(%k: $0, %v: $1) -> ($0, $1) {
      %r:2 = iree_linalg_ext.sort dimension(1) outs(%k, %v : $0, $1) {
      ^bb0(%a: $2, %b: $2, %c: i32, %d: i32):
        %lt = $3 : $2
        iree_linalg_ext.yield %lt : i1
      } -> $0, $1
      return %r#0, %r#1 : $0, $1
    })",
              {K, V, keyTy, cmp});
}

RC_GTEST_PROP(FastPaths, SortMatchesTheMergeSort, ()) {
  struct Cmp {
    const char *ty, *cmp;
  };
  const Cmp cmps[] = {
      {"f32", "arith.cmpf olt, %a, %b"}, {"f32", "arith.cmpf ogt, %a, %b"},
      {"f32", "arith.cmpf olt, %b, %a"}, {"f32", "arith.cmpf ult, %a, %b"},
      {"f16", "arith.cmpf ogt, %a, %b"}, {"bf16", "arith.cmpf olt, %a, %b"},
      {"f64", "arith.cmpf ugt, %b, %a"}, {"i32", "arith.cmpi slt, %a, %b"},
      {"i32", "arith.cmpi ugt, %a, %b"}, {"i8", "arith.cmpi sgt, %b, %a"},
      {"i32", "arith.cmpi sle, %a, %b"}, {"f32", "arith.cmpf oge, %a, %b"}};
  const Cmp &c = cmps[*rc::gen::inRange<size_t>(0, std::size(cmps))];
  int64_t rows = *rc::gen::inRange(1, 4), len = *rc::gen::inRange(0, 300);
  uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  Program p(sortProgram(rows, len, c.ty, c.cmp));
  RC_ASSERT(p.ok());
  DType kt = *parseDType(c.ty);
  // Few distinct keys: many ties.
  Tensor keys = isFloat(kt) ? randomFloats(kt, {rows, len}, seed)
                            : randomInts(kt, {rows, len}, -20, 20, seed);
  if (isFloat(kt) && *rc::gen::inRange(0, 8) == 0 && len > 0)
    keys.store(*rc::gen::inRange<int64_t>(0, rows * len),
               kt == DType::F32   ? 0x7fc00000
               : kt == DType::F64 ? 0x7ff8000000000000
               : kt == DType::F16 ? 0x7e00
                                  : 0x7fc0);
  Tensor vals = randomInts(DType::I32, {rows, len}, 0, 1 << 30, seed + 1);
  p.expectSameEverywhere({arg(std::move(keys)), arg(std::move(vals))});
}

TEST(FastPaths, SortAndTopkAlongTheOuterDimension) {
  Program p(R"(
    func.func @main(%k: tensor<300x7xf32>, %v: tensor<300x7xi32>)
        -> (tensor<300x7xf32>, tensor<300x7xi32>, tensor<4x7xf32>, tensor<4x7xi32>) {
      %r:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : tensor<300x7xf32>, tensor<300x7xi32>) {
      ^bb0(%a: f32, %b: f32, %c: i32, %d: i32):
        %lt = arith.cmpf ogt, %a, %b : f32
        iree_linalg_ext.yield %lt : i1
      } -> tensor<300x7xf32>, tensor<300x7xi32>
      %ninf = arith.constant 0xFF800000 : f32
      %z = arith.constant 0 : i32
      %e0 = tensor.empty() : tensor<4x7xf32>
      %e1 = tensor.empty() : tensor<4x7xi32>
      %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<4x7xf32>) -> tensor<4x7xf32>
      %f1 = linalg.fill ins(%z : i32) outs(%e1 : tensor<4x7xi32>) -> tensor<4x7xi32>
      %t:2 = iree_linalg_ext.topk dimension(0) ins(%k : tensor<300x7xf32>)
          outs(%f0, %f1 : tensor<4x7xf32>, tensor<4x7xi32>) {
      ^bb0(%a: f32, %b: f32):
        %c = arith.cmpf ogt, %a, %b : f32
        iree_linalg_ext.yield %c : i1
      } -> tensor<4x7xf32>, tensor<4x7xi32>
      return %r#0, %r#1, %t#0, %t#1
          : tensor<300x7xf32>, tensor<300x7xi32>, tensor<4x7xf32>, tensor<4x7xi32>
    })");
  ASSERT_TRUE(p.ok());
  Tensor keys = randomInts(DType::I32, {300, 7}, -9, 9, 3);
  for (int64_t i = 0; i < keys.numElements(); ++i)
    keys.store(i, llvm::bit_cast<uint32_t>(
                      static_cast<float>(static_cast<int32_t>(keys.load(i)))));
  p.expectSameEverywhere(
      {arg(std::move(keys)), arg(randomInts(DType::I32, {300, 7}, 0, 999, 4))});
}

TEST(FastPaths, SortManyLinesAcrossThreads) {
  Program p(sortProgram(64, 700, "f32", "arith.cmpf olt, %a, %b"));
  ASSERT_TRUE(p.ok());
  Tensor keys = randomInts(DType::I32, {64, 700}, -50, 50, 1);
  for (int64_t i = 0; i < keys.numElements(); ++i)
    keys.store(i, llvm::bit_cast<uint32_t>(
                      static_cast<float>(static_cast<int32_t>(keys.load(i)))));
  std::string seen = p.expectSameEverywhere(
      {arg(std::move(keys)),
       arg(randomInts(DType::I32, {64, 700}, 0, 1000000, 2))});
  EXPECT_NE(seen.find("tie_groups"), std::string::npos);
}

/// topk of K along dim 1 of rows x n values, with or without input indices.
RC_GTEST_PROP(FastPaths, TopkMatchesTheComparatorLoop, ()) {
  const char *cmps[] = {"arith.cmpf ogt, %a, %b", "arith.cmpf olt, %a, %b",
                        "arith.cmpf ogt, %b, %a", "arith.cmpf oge, %a, %b"};
  const char *cmp = cmps[*rc::gen::inRange(0, 4)];
  int64_t rows = *rc::gen::inRange(1, 5), n = *rc::gen::inRange(1, 200),
          k = *rc::gen::inRange(1, 9);
  bool withIdx = *rc::gen::arbitrary<bool>();
  uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  std::string V = tensorType({rows, n}, "f32"),
              I = tensorType({rows, n}, "i32"),
              OV = tensorType({rows, k}, "f32"),
              OI = tensorType({rows, k}, "i32");
  Program p(fill(R"(
    func.func @main(%v: $0, %i: $1, %ov: $2, %oi: $3) -> ($2, $3) {
      %r:2 = iree_linalg_ext.topk dimension(1) ins(%v$4 : $0$5)
          outs(%ov, %oi : $2, $3) {
      ^bb0(%a: f32, %b: f32):
        %c = $6 : f32
        iree_linalg_ext.yield %c : i1
      } -> $2, $3
      return %r#0, %r#1 : $2, $3
    })",
                 {V, I, OV, OI, withIdx ? ", %i" : "",
                  withIdx ? ", " + I : std::string(), cmp}));
  RC_ASSERT(p.ok());
  // Small integers: many ties, which the index rule breaks.
  Tensor values = randomInts(DType::I32, {rows, n}, -8, 8, seed);
  for (int64_t i = 0; i < values.numElements(); ++i)
    values.store(i, llvm::bit_cast<uint32_t>(static_cast<float>(
                        static_cast<int32_t>(values.load(i)))));
  if (*rc::gen::inRange(0, 8) == 0)
    values.store(0, 0x7fc00000); // NaN: the general path reports it
  Tensor ov = randomInts(DType::I32, {rows, k}, 0, 0, seed);
  for (int64_t i = 0; i < ov.numElements(); ++i)
    ov.store(i, 0xff800000); // -inf
  p.expectSameEverywhere(
      {arg(std::move(values)),
       arg(randomInts(DType::I32, {rows, n}, -5, 5, seed + 1)),
       arg(std::move(ov)),
       arg(randomInts(DType::I32, {rows, k}, 0, 3, seed + 2))});
}

TEST(FastPaths, TopkManyLinesAcrossThreads) {
  Program p(R"(
    func.func @main(%v: tensor<64x2000xf32>) -> (tensor<64x8xf32>, tensor<64x8xi32>) {
      %ninf = arith.constant 0xFF800000 : f32
      %z = arith.constant 0 : i32
      %e0 = tensor.empty() : tensor<64x8xf32>
      %e1 = tensor.empty() : tensor<64x8xi32>
      %f0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<64x8xf32>) -> tensor<64x8xf32>
      %f1 = linalg.fill ins(%z : i32) outs(%e1 : tensor<64x8xi32>) -> tensor<64x8xi32>
      %r:2 = iree_linalg_ext.topk dimension(1) ins(%v : tensor<64x2000xf32>)
          outs(%f0, %f1 : tensor<64x8xf32>, tensor<64x8xi32>) {
      ^bb0(%a: f32, %b: f32):
        %c = arith.cmpf ogt, %a, %b : f32
        iree_linalg_ext.yield %c : i1
      } -> tensor<64x8xf32>, tensor<64x8xi32>
      return %r#0, %r#1 : tensor<64x8xf32>, tensor<64x8xi32>
    })");
  ASSERT_TRUE(p.ok());
  p.expectSameEverywhere({arg(randomFloats(DType::F32, {64, 2000}, 9))});
}

RC_GTEST_PROP(FastPaths, ScatterLanesMatchTheSequentialLoop, ()) {
  struct Body {
    const char *ty, *ops;
  };
  const Body bodies[] = {
      {"f32", "%s = arith.addf %o, %u : f32"},
      {"f32", "%s = arith.subf %u, %o : f32"}, // order-sensitive
      {"i32", "%s = arith.muli %o, %u : i32"},
      {"i32", "%s = arith.addi %u, %u : i32"},  // overwrite-like
      {"i32", "%s = arith.divsi %o, %u : i32"}, // may divide by zero
  };
  const Body &body = bodies[*rc::gen::inRange<size_t>(0, std::size(bodies))];
  int64_t n = *rc::gen::inRange(1, 400), size = *rc::gen::inRange(1, 60),
          width = *rc::gen::inRange(1, 4);
  bool unique = *rc::gen::arbitrary<bool>(),
       masked = *rc::gen::arbitrary<bool>();
  uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  std::string U = tensorType({n, width}, body.ty),
              X = tensorType({n, 1}, "i32"),
              O = tensorType({size, width}, body.ty), M = tensorType({n}, "i1");
  Program p(fill(R"(
    func.func @main(%orig: $0, %upd: $1, %idx: $2, %m: $3) -> $0 {
      %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices($4)
          ins(%upd, %idx$5 : $1, $2$6) outs(%orig : $0) {
      ^bb0(%u: $7, %o: $7):
        $8
        iree_linalg_ext.yield %s : $7
      } -> $0
      return %r : $0
    })",
                 {O, U, X, M, unique ? "true" : "false", masked ? ", %m" : "",
                  masked ? ", " + M : std::string(), body.ty, body.ops}));
  RC_ASSERT(p.ok());
  DType dt = *parseDType(body.ty);
  // Indices mostly in range, a few out of it; values with zeros.
  Tensor idx = randomInts(DType::I32, {n, 1}, -1, size, seed);
  Tensor orig = isFloat(dt) ? randomFloats(dt, {size, width}, seed + 1)
                            : randomInts(dt, {size, width}, -3, 3, seed + 1);
  Tensor upd = isFloat(dt) ? randomFloats(dt, {n, width}, seed + 2)
                           : randomInts(dt, {n, width}, -3, 3, seed + 2);
  p.expectSameEverywhere({arg(std::move(orig)), arg(std::move(upd)),
                          arg(std::move(idx)),
                          arg(randomInts(DType::I1, {n}, 0, 1, seed + 3))});
}

/// f32 values for an addf scatter that reach every case of the native
/// sum: NaNs of either sign, quiet and signalling, with distinct payloads
/// (which payload survives is the combiner's choice), infinities (inf -
/// inf makes a NaN), zeros of either sign (-0 + -0 is -0, -0 + +0 is +0),
/// subnormals, the largest finite values (their sum overflows) and values
/// whose sums round.
Tensor specialFloats(llvm::ArrayRef<int64_t> shape, uint32_t seed) {
  const uint32_t special[] = {
      0x7fc00000, 0xffc00000, 0x7fc12345, 0xffd54321, // quiet NaNs
      0x7f800001, 0xff823456,                         // signalling NaNs
      0x7f800000, 0xff800000,                         // +-inf
      0x00000000, 0x80000000,                         // +-0
      0x00000001, 0x80000003, 0x007fffff,             // subnormals
      0x7f7fffff, 0xff7fffff,                         // +-max
  };
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> pick(0, 99), which(0, int(std::size(special)) - 1),
      mant(-4096, 4096), exp(-30, 30);
  Tensor t(DType::F32, shape);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    int p = pick(rng);
    uint32_t bits = p < 30 ? special[which(rng)]
                           : llvm::bit_cast<uint32_t>(
                                 std::ldexp(float(mant(rng)), exp(rng)));
    t.store(i, bits);
  }
  return t;
}

// The native f32 addf scatter (one update at a time, the indices read as
// positions when all are in range) against the general sequential loop:
// the same bits, NaN payloads included, the same freedom report (positions
// written more than once with their writers and candidates) and the same
// findings, with many duplicate positions, NaNs, infinities and -0.
RC_GTEST_PROP(FastPaths, ScatterAddF32MatchesTheGeneralPathBitForBit, ()) {
  bool swapped = *rc::gen::arbitrary<bool>(),
       unique = *rc::gen::arbitrary<bool>(),
       masked = *rc::gen::arbitrary<bool>(),
       outOfRange = *rc::gen::arbitrary<bool>();
  int64_t n = *rc::gen::inRange(1, 600), size = *rc::gen::inRange(1, 80),
          width = *rc::gen::element<int64_t>(1, 1, 1, 3);
  uint32_t seed = *rc::gen::arbitrary<uint32_t>();
  std::string U = tensorType({n, width}, "f32"), X = tensorType({n, 1}, "i32"),
              O = tensorType({size, width}, "f32"), M = tensorType({n}, "i1");
  Program p(fill(R"(
    func.func @main(%orig: $0, %upd: $1, %idx: $2, %m: $3) -> $0 {
      %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices($4)
          ins(%upd, %idx$5 : $1, $2$6) outs(%orig : $0) {
      ^bb0(%u: f32, %o: f32):
        %s = arith.addf $7 : f32
        iree_linalg_ext.yield %s : f32
      } -> $0
      return %r : $0
    })",
                 {O, U, X, M, unique ? "true" : "false", masked ? ", %m" : "",
                  masked ? ", " + M : std::string(),
                  swapped ? "%u, %o" : "%o, %u"}));
  RC_ASSERT(p.ok());
  // Few positions for many updates: most are written several times.
  Tensor idx = randomInts(DType::I32, {n, 1}, outOfRange ? -1 : 0,
                          outOfRange ? size : size - 1, seed);
  std::string seen = p.expectSameEverywhere(
      {arg(specialFloats({size, width}, seed + 1)),
       arg(specialFloats({n, width}, seed + 2)), arg(std::move(idx)),
       arg(randomInts(DType::I1, {n}, 0, 1, seed + 3))},
      /*exactNaNs=*/true);
  RC_ASSERT(seen != "error");
}

// Outputs of more than 4096 positions: the writes to repeated positions
// are sorted in buckets of positions (64 here, of 4096 positions each, the
// last one short), the buckets in two tasks that each start at their own
// entry; one i32 index per update (the indices are the positions), and
// slices of two with a mask (decoded positions).
TEST(FastPaths, ScatterAddF32ManyBuckets) {
  for (bool unique : {false, true})
    for (int64_t width : {1, 2}) {
      int64_t n = 60000, size = 262147 / width;
      std::string U = tensorType({n, width}, "f32"),
                  X = tensorType({n, 1}, "i32"),
                  O = tensorType({size, width}, "f32"),
                  M = tensorType({n}, "i1");
      bool masked = width == 2;
      Program p(fill(R"(
        func.func @main(%orig: $0, %upd: $1, %idx: $2, %m: $3) -> $0 {
          %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices($4)
              ins(%upd, %idx$5 : $1, $2$6) outs(%orig : $0) {
          ^bb0(%u: f32, %o: f32):
            %s = arith.addf %o, %u : f32
            iree_linalg_ext.yield %s : f32
          } -> $0
          return %r : $0
        })",
                     {O, U, X, M, unique ? "true" : "false",
                      masked ? ", %m" : "", masked ? ", " + M : std::string(),
                      "%o, %u"}));
      ASSERT_TRUE(p.ok());
      // Half the updates anywhere, half into the first and last 3000
      // positions: buckets of very different sizes.
      Tensor idx = randomInts(DType::I32, {n, 1}, 0, size - 1, 7);
      for (int64_t i = 0; i < n; i += 2)
        idx.store(i, (i / 2) % 6000 < 3000 ? (i / 2) % 3000
                                             : size - 1 - (i / 2) % 3000);
      std::string seen = p.expectSameEverywhere(
          {arg(randomFloats(DType::F32, {size, width}, 8)),
           arg(randomFloats(DType::F32, {n, width}, 9)), arg(std::move(idx)),
           arg(randomInts(DType::I1, {n}, 0, 1, 10))},
          /*exactNaNs=*/true);
      EXPECT_NE(seen, "error");
      EXPECT_NE(seen.find("\"multi_writes\""), std::string::npos) << "width "
                                                                    << width;
    }
}

TEST(FastPaths, ScatterAddF32SpecialValues) {
  // Every pair of special values meets at one position, in both orders,
  // with the position written twice (reported with its writers).
  Program p(R"(
    func.func @main(%orig: tensor<8xf32>, %upd: tensor<16xf32>,
                    %idx: tensor<16x1xi32>) -> tensor<8xf32> {
      %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(false)
          ins(%upd, %idx : tensor<16xf32>, tensor<16x1xi32>)
          outs(%orig : tensor<8xf32>) {
      ^bb0(%u: f32, %o: f32):
        %s = arith.addf %o, %u : f32
        iree_linalg_ext.yield %s : f32
      } -> tensor<8xf32>
      return %r : tensor<8xf32>
    })");
  ASSERT_TRUE(p.ok());
  const uint32_t orig[8] = {0x80000000, 0x80000000, 0x7f800000, 0x7fc12345,
                            0x7f7fffff, 0x00000001, 0x3f800000, 0x00000000};
  const uint32_t upd[16] = {0x80000000, 0x80000000, // -0 + -0 + -0 = -0
                            0x00000000, 0x80000000, // -0 + +0 + -0 = +0
                            0xff800000, 0x3f800000, // inf - inf: NaN
                            0xffd54321, 0x7f800001, // NaN + NaN + sNaN
                            0x7f7fffff, 0xff7fffff, // overflow, then inf
                            0x80000001, 0x00000001, // subnormals
                            0x33800000, 0x33800000, // 1 + 2^-24: ties even
                            0x00000000, 0x80000000};
  Tensor o(DType::F32, {8}), u(DType::F32, {16}), ix(DType::I32, {16, 1});
  for (int i = 0; i < 8; ++i)
    o.store(i, orig[i]);
  for (int i = 0; i < 16; ++i) {
    u.store(i, upd[i]);
    ix.store(i, i / 2);
  }
  std::string seen = p.expectSameEverywhere(
      {arg(std::move(o)), arg(std::move(u)), arg(std::move(ix))},
      /*exactNaNs=*/true);
  // Hand-derived: -0 stays -0 (2147483648), -0 + +0 is +0 and stays +0
  // (0), 1 + 2^-24 + 2^-24 rounds to even twice: 1.0 (1065353216).
  EXPECT_NE(seen.find("8xf32: 2147483648 0 "), std::string::npos)
      << seen;
  EXPECT_NE(seen.find(" 1065353216 0\n"), std::string::npos) << seen;
}

TEST(FastPaths, GatherAcrossThreads) {
  Program p(R"(
    func.func @main(%src: tensor<500x16xf32>, %idx: tensor<20000x1xi32>,
                    %bad: tensor<3x1xi32>)
        -> (tensor<20000x16xf32>, tensor<3x16xf32>) {
      %e = tensor.empty() : tensor<20000x16xf32>
      %r = iree_linalg_ext.gather dimension_map = [0]
          ins(%src, %idx : tensor<500x16xf32>, tensor<20000x1xi32>)
          outs(%e : tensor<20000x16xf32>) -> tensor<20000x16xf32>
      %e2 = tensor.empty() : tensor<3x16xf32>
      %r2 = iree_linalg_ext.gather dimension_map = [0]
          ins(%src, %bad : tensor<500x16xf32>, tensor<3x1xi32>)
          outs(%e2 : tensor<3x16xf32>) -> tensor<3x16xf32>
      return %r, %r2 : tensor<20000x16xf32>, tensor<3x16xf32>
    })");
  ASSERT_TRUE(p.ok());
  Tensor bad(DType::I32, {3, 1});
  bad.store(0, 5);
  bad.store(1, 600); // out of range: reported, the row keeps its init
  bad.store(2, 7);
  p.expectSameEverywhere({arg(randomFloats(DType::F32, {500, 16}, 1)),
                          arg(randomInts(DType::I32, {20000, 1}, 0, 499, 2)),
                          arg(std::move(bad))});
}

} // namespace
