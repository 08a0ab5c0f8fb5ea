//===- InterpTest.cpp - Interpreter units and properties -------------------===//
//
// Properties checked against independent computations: Eigen's integer
// matrix product, explicit C++ loops, and algebraic identities (transposing
// twice, collapse-then-expand).
//
//===----------------------------------------------------------------------===//

#include "interp/exec/Interpreter.h"
#include "interp/exec/RegionCompiler.h"
#include "tests/unit/TestRunner.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <Eigen/Dense>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

using namespace ref;
using namespace mlir;

namespace {

using namespace ref::test;

std::string dims(ArrayRef<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s;
}

} // namespace

TEST(RegionCompiler, CompilesBodyOnceAndRunsLanes) {
  // The body computes (a * 3) + b - idx over 8 lanes in one run.
  Runner r(R"(
    func.func @main(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
      %c3 = arith.constant 3 : i32
      %e = tensor.empty() : tensor<8xi32>
      %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
             affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
             iterator_types = ["parallel"]}
          ins(%a, %b : tensor<8xi32>, tensor<8xi32>) outs(%e : tensor<8xi32>) {
        ^bb0(%x: i32, %y: i32, %o: i32):
          %m = arith.muli %x, %c3 : i32
          %s = arith.addi %m, %y : i32
          %i = linalg.index 0 : index
          %ii = arith.index_cast %i : index to i32
          %d = arith.subi %s, %ii : i32
          linalg.yield %d : i32
      } -> tensor<8xi32>
      return %g : tensor<8xi32>
    })");
  ASSERT_TRUE(r.ok());
  Interpreter interp(r.get());
  Region *body = nullptr;
  r.get().walk([&](linalg::GenericOp g) { body = &g.getRegion(); });
  ASSERT_NE(body, nullptr);
  auto cr1 = interp.getCompiledRegion(*body);
  auto cr2 = interp.getCompiledRegion(*body);
  ASSERT_TRUE(succeeded(cr1));
  EXPECT_EQ(*cr1, *cr2) << "a region must be compiled once and cached";
  EXPECT_EQ((*cr1)->numArgs(), 3u);
  EXPECT_TRUE((*cr1)->isArgUsed(0));
  EXPECT_FALSE((*cr1)->isArgUsed(2)) << "the out argument is never read";
  EXPECT_TRUE((*cr1)->usesLoopIndex());

  std::vector<int32_t> a = {1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int32_t> b = {10, 20, 30, 40, 50, 60, 70, 80};
  auto res = r.run({RtValue::ofTensor(makeI32({8}, a)),
                    RtValue::ofTensor(makeI32({8}, b))});
  ASSERT_EQ(res.size(), 1u);
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(i32At(*res[0].tensor, i), a[i] * 3 + b[i] - i);
}

TEST(Interpreter, UndefinedBehaviourIsAFindingNotACrash) {
  Runner r(R"(
    func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
      %d = arith.divsi %a, %b : tensor<4xi32>
      return %d : tensor<4xi32>
    })");
  ASSERT_TRUE(r.ok());
  unsigned findings = 0;
  auto res = r.run({RtValue::ofTensor(makeI32({4}, {8, 9, INT32_MIN, 4})),
                    RtValue::ofTensor(makeI32({4}, {2, 0, -1, 4}))},
                   &findings);
  ASSERT_EQ(res.size(), 1u);
  EXPECT_EQ(findings, 2u) << "9/0 and INT_MIN/-1";
  EXPECT_EQ(i32At(*res[0].tensor, 0), 4);
  EXPECT_EQ(i32At(*res[0].tensor, 3), 1);
}

// linalg.matmul on small integers equals Eigen's product exactly.
RC_GTEST_PROP(InterpProps, MatmulMatchesEigen, ()) {
  int m = *rc::gen::inRange(1, 7), k = *rc::gen::inRange(1, 7),
      n = *rc::gen::inRange(1, 7);
  auto small = rc::gen::inRange(-50, 51);
  std::vector<int32_t> a = *rc::gen::container<std::vector<int32_t>>(m * k, small);
  std::vector<int32_t> b = *rc::gen::container<std::vector<int32_t>>(k * n, small);
  std::string A = "tensor<" + std::to_string(m) + "x" + std::to_string(k) + "xi32>";
  std::string B = "tensor<" + std::to_string(k) + "x" + std::to_string(n) + "xi32>";
  std::string C = "tensor<" + std::to_string(m) + "x" + std::to_string(n) + "xi32>";
  Runner r("func.func @main(%a: " + A + ", %b: " + B + ") -> " + C + " {\n"
           "  %z = arith.constant 0 : i32\n"
           "  %e = tensor.empty() : " + C + "\n"
           "  %f = linalg.fill ins(%z : i32) outs(%e : " + C + ") -> " + C + "\n"
           "  %p = linalg.matmul ins(%a, %b : " + A + ", " + B + ") outs(%f : " + C + ") -> " + C + "\n"
           "  return %p : " + C + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({m, k}, a)),
                    RtValue::ofTensor(makeI32({k, n}, b))});
  RC_ASSERT(res.size() == 1u);
  using Mat = Eigen::Matrix<int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  Eigen::Map<Mat> ea(a.data(), m, k), eb(b.data(), k, n);
  Mat ec = ea * eb;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      RC_ASSERT(i32At(*res[0].tensor, i * n + j) == ec(i, j));
}

// Transposing twice with a permutation and its inverse is the identity.
RC_GTEST_PROP(InterpProps, TransposeTwiceIsIdentity, ()) {
  int rank = *rc::gen::inRange(1, 5);
  std::vector<int64_t> shape;
  for (int i = 0; i < rank; ++i)
    shape.push_back(*rc::gen::inRange(1, 5));
  std::vector<int64_t> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  for (int i = rank - 1; i > 0; --i)
    std::swap(perm[i], perm[*rc::gen::inRange(0, i + 1)]);
  std::vector<int64_t> inv(rank), tshape(rank);
  for (int i = 0; i < rank; ++i) {
    inv[perm[i]] = i;
    tshape[i] = shape[perm[i]];
  }
  auto list = [](const std::vector<int64_t> &v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? ", " : "") + std::to_string(v[i]);
    return s;
  };
  std::string T = "tensor<" + dims(shape) + "i32>";
  std::string U = "tensor<" + dims(tshape) + "i32>";
  Runner r("func.func @main(%a: " + T + ") -> " + T + " {\n"
           "  %e1 = tensor.empty() : " + U + "\n"
           "  %t1 = linalg.transpose ins(%a : " + T + ") outs(%e1 : " + U + ") permutation = [" + list(perm) + "]\n"
           "  %e2 = tensor.empty() : " + T + "\n"
           "  %t2 = linalg.transpose ins(%t1 : " + U + ") outs(%e2 : " + T + ") permutation = [" + list(inv) + "]\n"
           "  return %t2 : " + T + "\n}");
  RC_ASSERT(r.ok());
  int64_t n = numElementsOf(shape);
  std::vector<int32_t> vals = *rc::gen::container<std::vector<int32_t>>(n, rc::gen::arbitrary<int32_t>());
  Tensor in = makeI32(shape, vals);
  auto res = r.run({RtValue::ofTensor(Tensor(in))});
  RC_ASSERT(res.size() == 1u);
  RC_ASSERT(res[0].tensor->sameContents(in));
  RC_ASSERT(!res[0].tensor->hasUndef());
}

// A broadcast generic (row vector added to every row) equals the loop.
RC_GTEST_PROP(InterpProps, BroadcastGenericEqualsLoop, ()) {
  int m = *rc::gen::inRange(1, 9), n = *rc::gen::inRange(1, 300);
  std::vector<int32_t> a = *rc::gen::container<std::vector<int32_t>>(m * n, rc::gen::arbitrary<int32_t>());
  std::vector<int32_t> row = *rc::gen::container<std::vector<int32_t>>(n, rc::gen::arbitrary<int32_t>());
  std::string M = "tensor<" + std::to_string(m) + "x" + std::to_string(n) + "xi32>";
  std::string R = "tensor<" + std::to_string(n) + "xi32>";
  Runner r("func.func @main(%a: " + M + ", %r: " + R + ") -> " + M + " {\n"
           "  %e = tensor.empty() : " + M + "\n"
           "  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}\n"
           "      ins(%a, %r : " + M + ", " + R + ") outs(%e : " + M + ") {\n"
           "    ^bb0(%x: i32, %y: i32, %o: i32):\n"
           "      %s = arith.addi %x, %y : i32\n"
           "      linalg.yield %s : i32\n"
           "  } -> " + M + "\n"
           "  return %g : " + M + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({m, n}, a)),
                    RtValue::ofTensor(makeI32({n}, row))});
  RC_ASSERT(res.size() == 1u);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      // Two's complement wrap, computed in unsigned to avoid C++ overflow UB.
      int32_t want = static_cast<int32_t>(static_cast<uint32_t>(a[i * n + j]) +
                                          static_cast<uint32_t>(row[j]));
      RC_ASSERT(i32At(*res[0].tensor, i * n + j) == want);
    }
}

// collapse_shape then expand_shape back to the original shape round-trips.
RC_GTEST_PROP(InterpProps, CollapseExpandRoundTrips, ()) {
  int64_t a = *rc::gen::inRange(1, 5), b = *rc::gen::inRange(1, 5),
          c = *rc::gen::inRange(1, 5);
  std::vector<int64_t> shape = {a, b, c};
  std::string T = "tensor<" + dims(shape) + "i32>";
  std::string F = "tensor<" + std::to_string(a * b) + "x" + std::to_string(c) + "xi32>";
  Runner r("func.func @main(%x: " + T + ") -> " + T + " {\n"
           "  %c = tensor.collapse_shape %x [[0, 1], [2]] : " + T + " into " + F + "\n"
           "  %e = tensor.expand_shape %c [[0, 1], [2]] output_shape [" +
           std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) +
           "] : " + F + " into " + T + "\n"
           "  return %e : " + T + "\n}");
  RC_ASSERT(r.ok());
  std::vector<int32_t> vals = *rc::gen::container<std::vector<int32_t>>(a * b * c, rc::gen::arbitrary<int32_t>());
  Tensor in = makeI32(shape, vals);
  auto res = r.run({RtValue::ofTensor(Tensor(in))});
  RC_ASSERT(res.size() == 1u);
  RC_ASSERT(res[0].tensor->sameContents(in));
}

namespace {
/// select(amt < 32, x << amt, 0) as top-level tensor ops (@main) and in a
/// linalg body (@body), and the unguarded shift (@raw).
const char *kGuardedShift = R"(
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<?xi32>, %amt: tensor<?xi32>) -> tensor<?xi32> {
  %c32 = arith.constant 32 : i32
  %zero = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xi32>
  %w = tensor.splat %c32 [%n] : tensor<?xi32>
  %ok = arith.cmpi ult, %amt, %w : tensor<?xi32>
  %s = arith.shli %x, %amt : tensor<?xi32>
  %z = tensor.splat %zero [%n] : tensor<?xi32>
  %r = arith.select %ok, %s, %z : tensor<?xi1>, tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @body(%x: tensor<?xi32>, %amt: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %amt : tensor<?xi32>, tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c32b = arith.constant 32 : i32
    %zb = arith.constant 0 : i32
    %sh = arith.shli %a, %b : i32
    %in = arith.cmpi ult, %b, %c32b : i32
    %v = arith.select %in, %sh, %zb : i32
    linalg.yield %v : i32
  } -> tensor<?xi32>
  return %g : tensor<?xi32>
}
func.func @raw(%x: tensor<?xi32>, %amt: tensor<?xi32>) -> tensor<?xi32> {
  %s = arith.shli %x, %amt : tensor<?xi32>
  return %s : tensor<?xi32>
}
)";
} // namespace

// Poison computed and discarded by a select is no finding, and the guarded
// shift equals the unguarded one wherever that one is defined (computed here
// with a native shift, independently of the interpreter).
RC_GTEST_PROP(InterpProps, GuardedShiftEqualsDefinedLanesAndNeverReports,
              ()) {
  test::Runner r(kGuardedShift);
  RC_ASSERT(r.ok());
  int64_t n = *rc::gen::inRange<int64_t>(1, 600);
  std::vector<int32_t> xs = *rc::gen::container<std::vector<int32_t>>(
      n, rc::gen::arbitrary<int32_t>());
  std::vector<int32_t> amts = *rc::gen::container<std::vector<int32_t>>(
      n, rc::gen::inRange<int32_t>(0, 64));
  RtValue x = RtValue::ofTensor(test::makeI32({n}, xs));
  RtValue amt = RtValue::ofTensor(test::makeI32({n}, amts));
  Interpreter interp(r.get());
  for (const char *fnName : {"main", "body"}) {
    auto fn = r.get().lookupSymbol<mlir::func::FuncOp>(fnName);
    auto res = interp.callFunction(fn, {x, amt});
    RC_ASSERT(mlir::succeeded(res));
    interp.reportPoisonResults(fn, *res);
    RC_ASSERT(interp.numFindings() == 0u);
    const Tensor &t = *(*res)[0].tensor;
    RC_ASSERT(!t.hasUndef());
    for (int64_t i = 0; i < n; ++i) {
      uint32_t want = amts[i] < 32 ? static_cast<uint32_t>(xs[i]) << amts[i] : 0;
      RC_ASSERT(static_cast<uint32_t>(t.load(i)) == want);
    }
  }
  // The unguarded shift: the same values on the defined lanes, poison (and
  // no finding until it is returned) on the others.
  auto raw = r.get().lookupSymbol<mlir::func::FuncOp>("raw");
  auto res = interp.callFunction(raw, {x, amt});
  RC_ASSERT(mlir::succeeded(res));
  RC_ASSERT(interp.numFindings() == 0u);
  const Tensor &t = *(*res)[0].tensor;
  bool anyPoison = false;
  for (int64_t i = 0; i < n; ++i) {
    RC_ASSERT(t.isPoison(i) == (amts[i] >= 32));
    anyPoison |= amts[i] >= 32;
    if (amts[i] < 32)
      RC_ASSERT(static_cast<uint32_t>(t.load(i)) ==
                static_cast<uint32_t>(xs[i]) << amts[i]);
  }
  interp.reportPoisonResults(raw, *res);
  RC_ASSERT(interp.numFindings() == (anyPoison ? 1u : 0u));
}

namespace {
// A clamp-free gather in a body: out[i] = idx[i] < n ? src[idx[i]] : -7.
const char *kMaskedGather = R"(
#id = affine_map<(d0) -> (d0)>
func.func @main(%src: tensor<?xi32>, %idx: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %idx, %c0 : tensor<?xi32>
  %n = tensor.dim %src, %c0 : tensor<?xi32>
  %e = tensor.empty(%m) : tensor<?xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%i: i32, %o: i32):
    %fallback = arith.constant -7 : i32
    %ix = arith.index_castui %i : i32 to index
    %ok = arith.cmpi ult, %ix, %n : index
    %v = tensor.extract %src[%ix] : tensor<?xi32>
    %r = arith.select %ok, %v, %fallback : i32
    linalg.yield %r : i32
  } -> tensor<?xi32>
  return %g : tensor<?xi32>
}
)";
} // namespace

// A read out of bounds whose value the select discards: the result equals
// the gather computed natively (in-bounds lanes read, the others the
// fallback), nothing is reported, and the masked reads counted are exactly
// the out-of-bounds lanes, on one thread or split into many tasks.
RC_GTEST_PROP(InterpProps, MaskedOutOfBoundsGatherIsANoteNotAFinding, ()) {
  test::Runner r(kMaskedGather);
  RC_ASSERT(r.ok());
  int64_t n = *rc::gen::inRange<int64_t>(1, 50);
  int64_t m = *rc::gen::inRange<int64_t>(1, 3000);
  std::vector<int32_t> src = *rc::gen::container<std::vector<int32_t>>(
      n, rc::gen::arbitrary<int32_t>());
  std::vector<int32_t> idx = *rc::gen::container<std::vector<int32_t>>(
      m, rc::gen::inRange<int32_t>(-3, 2 * n + 3));
  uint64_t outside = 0;
  for (int32_t i : idx)
    outside += static_cast<uint32_t>(i) >= static_cast<uint64_t>(n);
  for (unsigned threads : {1u, 4u}) {
    InterpreterOptions opts;
    opts.threads = threads;
    opts.minTaskWork = 64;
    Interpreter interp(r.get(), opts);
    auto fn = r.get().lookupSymbol<mlir::func::FuncOp>("main");
    auto res = interp.callFunction(
        fn, {RtValue::ofTensor(test::makeI32({n}, src)),
             RtValue::ofTensor(test::makeI32({m}, idx))});
    RC_ASSERT(mlir::succeeded(res));
    interp.reportPoisonResults(fn, *res);
    RC_ASSERT(interp.numFindings() == 0u);
    const Tensor &t = *(*res)[0].tensor;
    RC_ASSERT(!t.hasUndef());
    for (int64_t i = 0; i < m; ++i) {
      uint32_t k = static_cast<uint32_t>(idx[i]);
      int32_t want = k < static_cast<uint64_t>(n) ? src[k] : -7;
      RC_ASSERT(static_cast<int32_t>(t.load(i)) == want);
    }
    uint64_t noted = 0;
    for (const MaskedRead &mr : interp.maskedReads())
      noted += mr.count;
    RC_ASSERT(noted == outside);
    RC_ASSERT(interp.maskedReadNotes().size() == (outside ? 1u : 0u));
  }
}
