//===- LinalgLayoutPropsTest.cpp - Properties of linalg.pack/unpack -------===//
//
// Random shapes, tiled dims (in any order), tiles, outer permutations and
// padding: unpack(pack(x)) is x, and the packed tensor holds every element of
// x exactly once plus padding values only (x holds distinct values), with no
// finding.
//
//===----------------------------------------------------------------------===//

#include "tests/unit/TestRunner.h"

#include <algorithm>
#include <numeric>
#include <rapidcheck/gtest.h>

using namespace ref;
using namespace ref::test;

namespace {
std::string tensorType(const std::vector<int64_t> &shape) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + "i32>";
}

std::string list(const std::vector<int64_t> &v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}
} // namespace

RC_GTEST_PROP(LinalgLayoutProps, UnpackOfPackIsIdentity, ()) {
  int rank = *rc::gen::inRange(1, 4);
  auto shape = *rc::gen::container<std::vector<int64_t>>(
      rank, rc::gen::inRange<int64_t>(1, 8));
  // The tiled dims: a random subset in a random order.
  std::vector<int64_t> dims(rank);
  std::iota(dims.begin(), dims.end(), 0);
  auto innerPos =
      *rc::gen::map(rc::gen::arbitrary<unsigned>(), [&](unsigned seed) {
        std::vector<int64_t> d = dims;
        for (size_t i = d.size(); i > 1; --i)
          std::swap(d[i - 1], d[(seed + i * 7919u) % i]);
        return d;
      });
  innerPos.resize(*rc::gen::inRange<size_t>(0, rank + 1));
  auto tiles = *rc::gen::container<std::vector<int64_t>>(
      innerPos.size(), rc::gen::inRange<int64_t>(1, 5));
  std::vector<int64_t> perm = dims;
  bool permute = *rc::gen::arbitrary<bool>();
  if (permute)
    perm = *rc::gen::map(rc::gen::arbitrary<unsigned>(), [&](unsigned seed) {
      std::vector<int64_t> p = dims;
      for (size_t i = p.size(); i > 1; --i)
        std::swap(p[i - 1], p[(seed / 3 + i * 104729u) % i]);
      return p;
    });
  bool divides = true;
  for (size_t i = 0; i < innerPos.size(); ++i)
    divides &= shape[innerPos[i]] % tiles[i] == 0;
  // Padding is needed when a tile does not divide its dim, optional otherwise.
  bool pad = !divides || *rc::gen::arbitrary<bool>();

  // The packed shape: permuted outer dims, then the tiles.
  std::vector<int64_t> outer = shape;
  for (size_t i = 0; i < innerPos.size(); ++i)
    outer[innerPos[i]] = (shape[innerPos[i]] + tiles[i] - 1) / tiles[i];
  std::vector<int64_t> packed;
  for (int64_t j = 0; j < rank; ++j)
    packed.push_back(outer[perm[j]]);
  packed.insert(packed.end(), tiles.begin(), tiles.end());

  std::string S = tensorType(shape), P = tensorType(packed);
  std::string attrs = (permute ? "outer_dims_perm = " + list(perm) + " " : "") +
                      "inner_dims_pos = " + list(innerPos) +
                      " inner_tiles = " + list(tiles);
  Runner r("func.func @main(%x: " + S + ") -> (" + P + ", " + S +
           ") {\n"
           "  %pad = arith.constant -1 : i32\n"
           "  %e = tensor.empty() : " +
           P +
           "\n"
           "  %p = linalg.pack %x " +
           (pad ? "padding_value(%pad : i32) " : "") + attrs +
           " into %e : " + S + " -> " + P +
           "\n"
           "  %f = tensor.empty() : " +
           S +
           "\n"
           "  %u = linalg.unpack %p " +
           attrs + " into %f : " + P + " -> " + S +
           "\n"
           "  return %p, %u : " +
           P + ", " + S + "\n}");
  RC_ASSERT(r.ok());
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<int32_t> values(n);
  std::iota(values.begin(), values.end(), 0);
  unsigned findings = 0;
  auto res = r.run({RtValue::ofTensor(makeI32(shape, values))}, &findings);
  RC_ASSERT(res.size() == 2u);
  RC_ASSERT(findings == 0u);
  RC_ASSERT(i32Values(*res[1].tensor) == values);
  // Each source value once, everything else padding.
  std::vector<int32_t> p = i32Values(*res[0].tensor);
  RC_ASSERT(!res[0].tensor->hasUndef());
  std::vector<int> seen(n, 0);
  for (int32_t v : p) {
    if (v == -1)
      continue;
    RC_ASSERT(v >= 0 && v < n);
    ++seen[v];
  }
  RC_ASSERT(
      std::all_of(seen.begin(), seen.end(), [](int c) { return c == 1; }));
  RC_ASSERT(static_cast<int64_t>(std::count(p.begin(), p.end(), -1)) ==
            static_cast<int64_t>(p.size()) - n);
}
