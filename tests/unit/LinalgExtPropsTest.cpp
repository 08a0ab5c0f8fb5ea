//===- LinalgExtPropsTest.cpp - Properties of the iree_linalg_ext ops -----===//
//
// Each property is checked against an independent computation (std::sort,
// std::stable_sort, explicit loops) or an algebraic law.
//
//===----------------------------------------------------------------------===//

#include "tests/unit/TestRunner.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <rapidcheck/gtest.h>

using namespace ref;
using namespace ref::test;

namespace {
std::string t1(int64_t n, const char *ty = "i32") {
  return "tensor<" + std::to_string(n) + "x" + ty + ">";
}
} // namespace

// Sort with a payload: the keys come out ordered by the comparator (slt),
// (key, payload) pairs are a permutation of the input pairs.
RC_GTEST_PROP(LinalgExtProps, SortIsOrderedPermutation, ()) {
  int n = *rc::gen::inRange(0, 200);
  auto keys = *rc::gen::container<std::vector<int32_t>>(n, rc::gen::inRange(-20, 20));
  std::vector<int32_t> payload(n);
  std::iota(payload.begin(), payload.end(), 0);
  std::string T = t1(n);
  Runner r("func.func @main(%k: " + T + ", %v: " + T + ") -> (" + T + ", " + T + ") {\n"
           "  %0:2 = iree_linalg_ext.sort dimension(0) outs(%k, %v : " + T + ", " + T + ") {\n"
           "  ^bb0(%a: i32, %b: i32, %c: i32, %d: i32):\n"
           "    %lt = arith.cmpi slt, %a, %b : i32\n"
           "    iree_linalg_ext.yield %lt : i1\n"
           "  } -> " + T + ", " + T + "\n"
           "  return %0#0, %0#1 : " + T + ", " + T + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({n}, keys)),
                    RtValue::ofTensor(makeI32({n}, payload))});
  RC_ASSERT(res.size() == 2u);
  auto k = i32Values(*res[0].tensor), v = i32Values(*res[1].tensor);
  RC_ASSERT(std::is_sorted(k.begin(), k.end()));
  std::vector<std::pair<int32_t, int32_t>> in, out;
  for (int i = 0; i < n; ++i) {
    in.push_back({keys[i], payload[i]});
    out.push_back({k[i], v[i]});
  }
  std::sort(in.begin(), in.end());
  std::sort(out.begin(), out.end());
  RC_ASSERT(in == out);
}

// topk(K) with distinct values equals the first K of a descending stable
// sort, with the indices of those values.
RC_GTEST_PROP(LinalgExtProps, TopkIsPrefixOfDescendingSort, ()) {
  int n = *rc::gen::inRange(1, 100);
  int k = *rc::gen::inRange(1, n + 1);
  std::vector<int32_t> vals(n);
  std::iota(vals.begin(), vals.end(), -n / 2);
  std::shuffle(vals.begin(), vals.end(),
               std::mt19937(*rc::gen::arbitrary<uint32_t>()));
  std::string T = t1(n), K = t1(k);
  Runner r("func.func @main(%x: " + T + ") -> (" + K + ", " + K + ") {\n"
           "  %min = arith.constant -2147483648 : i32\n"
           "  %z = arith.constant 0 : i32\n"
           "  %e0 = tensor.empty() : " + K + "\n"
           "  %v0 = linalg.fill ins(%min : i32) outs(%e0 : " + K + ") -> " + K + "\n"
           "  %i0 = linalg.fill ins(%z : i32) outs(%e0 : " + K + ") -> " + K + "\n"
           "  %0:2 = iree_linalg_ext.topk dimension(0) ins(%x : " + T + ") outs(%v0, %i0 : " + K + ", " + K + ") {\n"
           "  ^bb0(%a: i32, %b: i32):\n"
           "    %gt = arith.cmpi sgt, %a, %b : i32\n"
           "    iree_linalg_ext.yield %gt : i1\n"
           "  } -> " + K + ", " + K + "\n"
           "  return %0#0, %0#1 : " + K + ", " + K + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({n}, vals))});
  RC_ASSERT(res.size() == 2u);
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return vals[a] > vals[b]; });
  for (int i = 0; i < k; ++i) {
    RC_ASSERT(i32At(*res[0].tensor, i) == vals[order[i]]);
    RC_ASSERT(i32At(*res[1].tensor, i) == order[i]);
  }
}

namespace {
std::string scatterProgram(int n, int m) {
  std::string U = t1(m), I = "tensor<" + std::to_string(m) + "x1xi32>",
              O = t1(n);
  return "func.func @main(%u: " + U + ", %i: " + I + ", %o: " + O + ") -> " + O + " {\n"
         "  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)\n"
         "      ins(%u, %i : " + U + ", " + I + ") outs(%o : " + O + ") {\n"
         "  ^bb0(%a: i32, %b: i32):\n"
         "    %s = arith.addi %a, %b : i32\n"
         "    iree_linalg_ext.yield %s : i32\n"
         "  } -> " + O + "\n"
         "  return %0 : " + O + "\n}";
}
} // namespace

// Scatter with unique indices does not depend on the order of the updates.
RC_GTEST_PROP(LinalgExtProps, UniqueScatterIsOrderIndependent, ()) {
  int n = *rc::gen::inRange(1, 64);
  int m = *rc::gen::inRange(0, n + 1);
  std::vector<int32_t> targets(n);
  std::iota(targets.begin(), targets.end(), 0);
  std::mt19937 rng(*rc::gen::arbitrary<uint32_t>());
  std::shuffle(targets.begin(), targets.end(), rng);
  targets.resize(m);
  auto upd = *rc::gen::container<std::vector<int32_t>>(m, rc::gen::inRange(-1000, 1000));
  auto orig = *rc::gen::container<std::vector<int32_t>>(n, rc::gen::inRange(-1000, 1000));
  std::vector<int> perm(m);
  std::iota(perm.begin(), perm.end(), 0);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<int32_t> upd2(m), targets2(m);
  for (int j = 0; j < m; ++j) {
    upd2[j] = upd[perm[j]];
    targets2[j] = targets[perm[j]];
  }
  Runner r(scatterProgram(n, m));
  RC_ASSERT(r.ok());
  auto a = r.run({RtValue::ofTensor(makeI32({m}, upd)),
                  RtValue::ofTensor(makeI32({m, 1}, targets)),
                  RtValue::ofTensor(makeI32({n}, orig))});
  auto b = r.run({RtValue::ofTensor(makeI32({m}, upd2)),
                  RtValue::ofTensor(makeI32({m, 1}, targets2)),
                  RtValue::ofTensor(makeI32({n}, orig))});
  RC_ASSERT(a.size() == 1u && b.size() == 1u);
  RC_ASSERT(a[0].tensor->sameContents(*b[0].tensor));
  // And it equals the explicit loop.
  std::vector<int32_t> want = orig;
  for (int j = 0; j < m; ++j)
    want[targets[j]] += upd[j];
  RC_ASSERT(i32Values(*a[0].tensor) == want);
}

// Gathering at the indices of a unique-index scatter (with an overwrite
// combiner) returns the updates.
RC_GTEST_PROP(LinalgExtProps, GatherAfterScatterReturnsUpdates, ()) {
  int n = *rc::gen::inRange(1, 64);
  int m = *rc::gen::inRange(1, n + 1);
  int w = *rc::gen::inRange(1, 4);
  std::vector<int32_t> targets(n);
  std::iota(targets.begin(), targets.end(), 0);
  std::shuffle(targets.begin(), targets.end(),
               std::mt19937(*rc::gen::arbitrary<uint32_t>()));
  targets.resize(m);
  auto upd = *rc::gen::container<std::vector<int32_t>>(m * w, rc::gen::arbitrary<int32_t>());
  std::string U = "tensor<" + std::to_string(m) + "x" + std::to_string(w) + "xi32>";
  std::string O = "tensor<" + std::to_string(n) + "x" + std::to_string(w) + "xi32>";
  std::string I = t1(m);
  Runner r("func.func @main(%u: " + U + ", %i: " + I + ") -> " + U + " {\n"
           "  %z = arith.constant 0 : i32\n"
           "  %e = tensor.empty() : " + O + "\n"
           "  %o = linalg.fill ins(%z : i32) outs(%e : " + O + ") -> " + O + "\n"
           "  %s = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)\n"
           "      ins(%u, %i : " + U + ", " + I + ") outs(%o : " + O + ") {\n"
           "  ^bb0(%a: i32, %b: i32):\n"
           "    iree_linalg_ext.yield %a : i32\n"
           "  } -> " + O + "\n"
           "  %e2 = tensor.empty() : " + U + "\n"
           "  %g = iree_linalg_ext.gather dimension_map = [0] ins(%s, %i : " + O + ", " + I + ") outs(%e2 : " + U + ") -> " + U + "\n"
           "  return %g : " + U + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({m, w}, upd)),
                    RtValue::ofTensor(makeI32({m}, targets))});
  RC_ASSERT(res.size() == 1u);
  RC_ASSERT(i32Values(*res[0].tensor) == upd);
}

// The last element of an inclusive scan equals the reduction of the line,
// and the accumulator receives it.
RC_GTEST_PROP(LinalgExtProps, InclusiveScanLastIsReduction, ()) {
  int rows = *rc::gen::inRange(1, 5), n = *rc::gen::inRange(2, 50);
  auto vals = *rc::gen::container<std::vector<int32_t>>(rows * n, rc::gen::arbitrary<int32_t>());
  std::string T = "tensor<" + std::to_string(rows) + "x" + std::to_string(n) + "xi32>";
  std::string A = t1(rows);
  Runner r("func.func @main(%x: " + T + ") -> (" + T + ", " + A + ") {\n"
           "  %z = arith.constant 0 : i32\n"
           "  %e = tensor.empty() : " + T + "\n"
           "  %ea = tensor.empty() : " + A + "\n"
           "  %a = linalg.fill ins(%z : i32) outs(%ea : " + A + ") -> " + A + "\n"
           "  %0:2 = iree_linalg_ext.scan dimension(1) inclusive(true) ins(%x : " + T + ") outs(%e, %a : " + T + ", " + A + ") {\n"
           "  ^bb0(%p: i32, %q: i32):\n"
           "    %s = arith.addi %p, %q : i32\n"
           "    iree_linalg_ext.yield %s : i32\n"
           "  } -> " + T + ", " + A + "\n"
           "  return %0#0, %0#1 : " + T + ", " + A + "\n}");
  RC_ASSERT(r.ok());
  auto res = r.run({RtValue::ofTensor(makeI32({rows, n}, vals))});
  RC_ASSERT(res.size() == 2u);
  for (int i = 0; i < rows; ++i) {
    uint32_t sum = 0; // two's complement wrap, as arith.addi
    for (int j = 0; j < n; ++j)
      sum += static_cast<uint32_t>(vals[i * n + j]);
    RC_ASSERT(i32At(*res[0].tensor, i * n + n - 1) == static_cast<int32_t>(sum));
    RC_ASSERT(i32At(*res[1].tensor, i) == static_cast<int32_t>(sum));
  }
}
