//===- Pack.cpp - The recipes of linalg.pack and linalg.unpack ------------===//
//
// Pure data movement. The pack's destination has exactly ceildiv(dim, tile)
// outer tiles per tiled dim (sized `(dim + tile - 1) / tile` from tensor.dim
// where the dim is `?`), so there is no artificial padding; a tile that does
// not divide its dim on the concrete shapes always comes with a
// padding_value. An unpack either undoes a pack of the function (same
// tiles and permutations, back to the pack's source shape) or reads a fresh
// argument of the packed shape of a picked destination whose tiled extents
// lie within the last tile. Tiles are static; `outer_dims_perm` is any
// permutation (or absent); results keep at most `maxRank` dims.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The tiling of a pack or unpack of an unpacked shape of rank `rank`.
struct Tiling {
  SmallVector<int64_t, 4> innerDimsPos, tiles, outerPerm;
};

Tiling pickTiling(Builder &bld, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  Tiling tl;
  unsigned maxTiles = std::min<unsigned>(rank, bld.maxRank - rank);
  unsigned k = bld.pickInt(rank >= 2 && bld.chance(10) ? 0 : 1, maxTiles);
  SmallVector<int64_t, 4> perm = bld.pickPermutation(rank);
  tl.innerDimsPos.assign(perm.begin(), perm.begin() + k);
  for (int64_t d : tl.innerDimsPos) {
    int64_t e = shape[d];
    int64_t tile = bld.pickWeighted<int64_t>({{40, bld.pickInt(1, 4)},
                                              {20, bld.pickOne<int64_t>(
                                                       {8, 16, 32})},
                                              {15, std::max<int64_t>(1, e)},
                                              {10, bld.pickInt(5, 7)}});
    tl.tiles.push_back(tile);
  }
  // Without tiles the op only permutes: give it a permutation that does.
  if (bld.chance(40) || (k == 0 && rank >= 2)) {
    tl.outerPerm = bld.pickPermutation(rank);
    if (k == 0 && llvm::is_sorted(tl.outerPerm))
      std::swap(tl.outerPerm[0], tl.outerPerm[1]);
  }
  return tl;
}

/// The outer extent of unpacked dim `d` of `shape`.
int64_t outerExtent(const Tiling &tl, ArrayRef<int64_t> shape, unsigned d) {
  for (auto [i, p] : llvm::enumerate(tl.innerDimsPos))
    if (p == d)
      return ceilDiv(shape[d], tl.tiles[i]);
  return shape[d];
}

/// The unpacked dim of outer dim `i` of the packed shape.
int64_t outerSource(const Tiling &tl, unsigned i) {
  return tl.outerPerm.empty() ? int64_t(i) : tl.outerPerm[i];
}

std::string tilingForms(const Tiling &tl, OpFeature &feat) {
  std::string s = "tiles=";
  for (auto [i, t] : llvm::enumerate(tl.tiles))
    s += (i ? "," : "") + std::to_string(t);
  feat.forms.push_back(s);
  if (!tl.outerPerm.empty())
    feat.forms.push_back("outer_dims_perm");
  if (tl.innerDimsPos.empty())
    feat.forms.push_back("no_tiles");
  else if (!llvm::is_sorted(tl.innerDimsPos))
    feat.forms.push_back("inner_dims_permuted");
  return s;
}

void setTiling(Op &op, const Tiling &tl) {
  op.ints = tl.innerDimsPos;
  op.sizes = tl.tiles;
  op.offsets = tl.outerPerm;
}

void buildPack(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId in = bld.pickInput(
      t, 1, std::max(1u, bld.maxRank - 1), Need(),
      [&](ValueId v) { return bld.prog.type(v).rank() < bld.maxRank; }, 1);
  const TensorType &inTy = bld.prog.type(in);
  unsigned rank = inTy.rank();
  Shape shape(bld.prog.shape(in).begin(), bld.prog.shape(in).end());
  Tiling tl = pickTiling(bld, shape);
  bool needsPad = false;
  for (auto [d, tile] : llvm::zip(tl.innerDimsPos, tl.tiles))
    needsPad |= shape[d] % tile != 0;
  bool pad = needsPad || (!tl.innerDimsPos.empty() && bld.chance(20));

  // The destination: outer dims (permuted), then the tiles.
  Op empty;
  empty.kind = OpKind::Empty;
  TensorType ty;
  ty.dtype = t;
  Shape outShape;
  for (unsigned i = 0; i < rank; ++i) {
    int64_t d = outerSource(tl, i);
    outShape.push_back(outerExtent(tl, shape, d));
    if (!inTy.isDynamic(d)) {
      ty.dims.push_back(outShape.back());
      continue;
    }
    ty.dims.push_back(kDynamic);
    DimExpr e{in, unsigned(d), 0, 1};
    for (auto [j, p] : llvm::enumerate(tl.innerDimsPos))
      if (p == d) {
        e.sub = 1 - tl.tiles[j];
        e.div = tl.tiles[j];
      }
    empty.dynSizes.push_back(e);
    bld.use(in);
  }
  for (int64_t tile : tl.tiles) {
    ty.dims.push_back(tile);
    outShape.push_back(tile);
  }
  unsigned ei = bld.prog.addOp(std::move(empty), {ty}, {outShape});
  ValueId dest = bld.prog.ops[ei].results[0];
  bld.addValueInfo(dest, Facts());
  bld.isEmptyValue[dest] = true;

  Op op;
  op.kind = OpKind::Pack;
  op.operands = {in, dest};
  op.numIns = 1;
  setTiling(op, tl);
  Facts f = bld.facts[in];
  if (pad) {
    op.flag = true;
    op.scalar = bld.pickSmallConstant(t, bld.facts[in]);
    if (needsPad) {
      bool uniform = f.uniform;
      f = joinFacts(f, constantFacts(op.scalar, t));
      f.uniform = uniform;
    }
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  tilingForms(tl, feat);
  if (pad)
    feat.forms.push_back(needsPad ? "padding" : "padding_unused");
  bld.emit(std::move(op), {ty}, {outShape}, {f}, std::move(feat));
}

void buildUnpack(Builder &bld) {
  // Undo a pack of the function.
  auto packed = bld.pickExisting(
      [&](ValueId v) {
        int d = bld.prog.value(v).defOp;
        return d >= 0 && bld.prog.ops[d].kind == OpKind::Pack &&
               bld.dtypeAllowed(bld.prog.type(v).dtype);
      },
      60);
  DType t;
  ValueId src;
  Tiling tl;
  SmallVector<DimSrc, 4> destDims;
  Shape destShape;
  Facts f;
  OpFeature feat;
  if (packed) {
    const Op &p = bld.prog.ops[bld.prog.value(*packed).defOp];
    src = *packed;
    t = bld.prog.type(src).dtype;
    tl.innerDimsPos = p.ints;
    tl.tiles = p.sizes;
    tl.outerPerm = p.offsets;
    ValueId orig = p.operands[0];
    destDims = bld.mirror(orig);
    // A static extent may drop part of its last tile.
    for (auto [j, d] : llvm::enumerate(tl.innerDimsPos)) {
      DimSrc &ds = destDims[d];
      if (bld.prog.type(orig).isDynamic(d) || !bld.chance(25))
        continue;
      int64_t tile = tl.tiles[j], outer = ceilDiv(ds.extent, tile);
      ds.extent = bld.pickInt((outer - 1) * tile + 1, outer * tile);
      ds.from.reset();
    }
    f = bld.facts[orig];
    feat.forms.push_back("round_trip");
  } else {
    t = *bld.pickDType(anyType);
    unsigned rank = bld.pickRank(1, bld.maxRank - 1);
    Shape shape = bld.pickShape(rank);
    tl = pickTiling(bld, shape);
    // The packed source, its outer dims maybe `?`, its tiles static.
    TensorType st;
    st.dtype = t;
    Shape ss;
    for (unsigned i = 0; i < rank; ++i) {
      ss.push_back(outerExtent(tl, shape, outerSource(tl, i)));
      st.dims.push_back(bld.dynamicCase && bld.chance(bld.opts.dynamicDimPercent)
                            ? kDynamic
                            : ss.back());
    }
    for (int64_t tile : tl.tiles) {
      ss.push_back(tile);
      st.dims.push_back(tile);
    }
    src = bld.freshArgOfType(st, ss, Need());
    // Untiled dims mirror the source's; tiled ones are static.
    destDims.resize(rank);
    for (unsigned i = 0; i < rank; ++i) {
      int64_t d = outerSource(tl, i);
      destDims[d] = {shape[d], std::nullopt};
      if (!llvm::is_contained(tl.innerDimsPos, d))
        destDims[d].from = std::make_pair(src, i);
    }
    f = bld.facts[src];
  }
  for (const DimSrc &d : destDims)
    destShape.push_back(d.extent);
  ValueId dest = bld.makeInit(t, destDims, std::nullopt);
  Op op;
  op.kind = OpKind::Unpack;
  op.operands = {src, dest};
  op.numIns = 1;
  setTiling(op, tl);
  feat.dtype = t;
  feat.rank = destShape.size();
  tilingForms(tl, feat);
  bld.emit(std::move(op), {bld.prog.type(dest)}, {destShape}, {f},
           std::move(feat));
}

bool packFeasible(const Builder &bld) { return bld.maxRank >= 2; }

} // namespace

const Recipe &packRecipe() {
  static const Recipe r = {
      OpKind::Pack,
      /*weight=*/5,
      // linalg.pack moved from the tensor dialect in 3.3.0.
      /*since=*/{3, 3},
      /*needs=*/"any value of rank below maxRank",
      /*produces=*/
      "the packed tensor (rank + tiles <= maxRank): its input's facts, "
      "joined with the padding value's when a tile does not divide",
      /*feasible=*/packFeasible,
      /*build=*/buildPack};
  return r;
}

const Recipe &unpackRecipe() {
  static const Recipe r = {
      OpKind::Unpack,
      /*weight=*/5,
      // linalg.unpack moved from the tensor dialect in 3.3.0.
      /*since=*/{3, 3},
      /*needs=*/"a pack result of the function, or a fresh packed argument",
      /*produces=*/"the unpacked tensor with its source's facts",
      /*feasible=*/packFeasible,
      /*build=*/buildUnpack};
  return r;
}

} // namespace ref::fuzz::gen
