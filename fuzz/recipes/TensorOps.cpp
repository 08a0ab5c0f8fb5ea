//===- TensorOps.cpp
//--------------------------------------------------------===//
//
// The recipes of tensor glue: extract_slice, insert_slice, collapse_shape,
// expand_shape, pad, concat, cast.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Recipe.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildExtractSlice(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId src = bld.pickInput(t, 1, 4, Need(),
                              [&](ValueId v) { return bld.noZeroExtent(v); });
  TensorType st = bld.prog.type(src);
  Shape ss(bld.prog.shape(src).begin(), bld.prog.shape(src).end());
  Op op;
  op.kind = OpKind::ExtractSlice;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  bool dynamicSize = false, strided = false;
  for (unsigned d = 0; d < st.rank(); ++d) {
    int64_t n = ss[d];
    int64_t o = 0, s = n, stride = 1;
    bool dyn = false;
    if (n > 0) {
      switch (bld.pickWeighted<int>({{30, 0}, {50, 1}, {20, 2}})) {
      case 0: // the whole extent
        if (st.isDynamic(d))
          dyn = true;
        break;
      case 1: // static window
        stride = bld.pickWeighted<int64_t>({{60, 1}, {25, 2}, {15, 3}});
        s = bld.pickInt(1, (n + stride - 1) / stride);
        o = bld.pickInt(0, n - 1 - (s - 1) * stride);
        break;
      default: // a window of single elements, maybe dropped
        s = 1;
        o = bld.pickInt(0, n - 1);
        break;
      }
      if (st.isDynamic(d) && !dyn && stride == 1 && bld.chance(30)) {
        // The rest of a dynamic extent after the offset.
        s = n - o;
        dyn = true;
      }
    }
    op.offsets.push_back(o);
    op.strides.push_back(stride);
    strided |= stride != 1;
    if (dyn) {
      op.sizes.push_back(kDynamic);
      op.dynSizes.push_back({src, d, o, 1});
      dynamicSize = true;
    } else {
      op.sizes.push_back(s);
    }
    // Rank reduction: drop unit dims of static size.
    if (!dyn && s == 1 && bld.chance(30)) {
      op.ints.push_back(d);
      continue;
    }
    rt.dims.push_back(dyn ? kDynamic : s);
    rs.push_back(s);
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  if (!op.ints.empty())
    feat.forms.push_back("rank_reducing");
  if (dynamicSize)
    feat.forms.push_back("dynamic_size");
  if (strided)
    feat.forms.push_back("strided");
  Facts f = bld.facts[src];
  bld.emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void buildInsertSlice(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  // The source first; the destination gets room around it.
  ValueId src = bld.pickInput(t, 0, 4, Need(),
                              [&](ValueId v) { return bld.noZeroExtent(v); });
  TensorType st = bld.prog.type(src);
  Shape ss(bld.prog.shape(src).begin(), bld.prog.shape(src).end());
  unsigned extra = st.rank() < bld.maxRank && bld.chance(25) ? 1 : 0;
  if (st.rank() == 0)
    extra = 1;
  unsigned destRank = st.rank() + extra;
  // Where the source's dims go among the destination's; the others are
  // unit dims of the slice that the source drops.
  SmallVector<bool, 4> isSrcDim(destRank, true);
  if (extra)
    isSrcDim[bld.pickInt(0, destRank - 1)] = false;

  Op op;
  op.kind = OpKind::InsertSlice;
  Shape destShape;
  bool strided = false;
  unsigned k = 0;
  SmallVector<DimExpr, 2> dyn;
  for (unsigned d = 0; d < destRank; ++d) {
    if (!isSrcDim[d]) {
      int64_t n = bld.pickInt(1, 4);
      destShape.push_back(n);
      op.offsets.push_back(bld.pickInt(0, n - 1));
      op.sizes.push_back(1);
      op.strides.push_back(1);
      continue;
    }
    int64_t m = ss[k];
    int64_t stride = m > 1 ? bld.pickWeighted<int64_t>({{70, 1}, {30, 2}}) : 1;
    int64_t o = bld.pickWeighted<int64_t>({{50, 0}, {50, bld.pickInt(1, 3)}});
    int64_t slack =
        bld.pickWeighted<int64_t>({{50, 0}, {50, bld.pickInt(1, 3)}});
    int64_t n = o + (m > 0 ? (m - 1) * stride + 1 : 0) + slack;
    destShape.push_back(std::max<int64_t>(n, 1));
    op.offsets.push_back(o);
    op.strides.push_back(stride);
    strided |= stride != 1;
    if (st.isDynamic(k)) {
      op.sizes.push_back(kDynamic);
      op.dynSizes.push_back({src, k, 0, 1});
    } else {
      op.sizes.push_back(m);
    }
    ++k;
  }
  // The destination: a filled tensor, or a fresh argument (never
  // tensor.empty: the elements outside the slice would be undefined).
  ValueId dest;
  auto existing = bld.pickExisting(
      [&](ValueId v) {
        return bld.prog.type(v).dtype == t &&
               bld.prog.shape(v) == ArrayRef(destShape) && v != src;
      },
      40);
  if (existing) {
    dest = *existing;
  } else if (bld.chance(50)) {
    SmallVector<DimSrc, 4> dims;
    for (int64_t e : destShape)
      dims.push_back({e, std::nullopt});
    dest = bld.makeInit(t, dims, bld.pickSmallConstant(t, bld.facts[src]));
  } else {
    dest = bld.freshArg(t, destShape, Need());
  }
  op.operands = {src, dest};
  OpFeature feat;
  feat.dtype = t;
  feat.rank = destRank;
  if (extra)
    feat.forms.push_back("rank_reducing");
  if (strided)
    feat.forms.push_back("strided");
  if (!op.dynSizes.empty())
    feat.forms.push_back("dynamic_size");
  Facts f = joinFacts(bld.facts[src], bld.facts[dest]);
  f.distinct = false;
  bld.emit(std::move(op), {bld.prog.type(dest)}, {destShape}, {f},
           std::move(feat));
}

void buildCollapse(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId src = bld.pickInput(
      t, 2, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType st = bld.prog.type(src);
  Shape ss(bld.prog.shape(src).begin(), bld.prog.shape(src).end());
  Op op;
  op.kind = OpKind::CollapseShape;
  op.operands = {src};
  // Cut points between dims: at least one pair merges.
  SmallVector<bool, 4> cut(st.rank(), false);
  bool merged = false;
  for (unsigned i = 1; i < st.rank(); ++i) {
    cut[i] = bld.chance(40);
    merged |= !cut[i];
  }
  if (!merged)
    cut[bld.pickInt(1, st.rank() - 1)] = false;
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  for (unsigned i = 0; i < st.rank(); ++i) {
    if (i == 0 || cut[i]) {
      op.reassociation.push_back({});
      rt.dims.push_back(1);
      rs.push_back(1);
    }
    op.reassociation.back().push_back(i);
    rs.back() *= ss[i];
    if (rt.dims.back() == kDynamic || st.isDynamic(i))
      rt.dims.back() = kDynamic;
    else
      rt.dims.back() *= ss[i];
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  feat.forms.push_back("to_rank=" + std::to_string(rt.rank()));
  bld.emit(std::move(op), {rt}, {rs}, {bld.facts[src]}, std::move(feat));
}

void buildExpand(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId src = bld.pickInput(
      t, 1, 3, Need(), [](ValueId) { return true; }, 0);
  TensorType st = bld.prog.type(src);
  Shape ss(bld.prog.shape(src).begin(), bld.prog.shape(src).end());
  Op op;
  op.kind = OpKind::ExpandShape;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  unsigned room = bld.maxRank > st.rank() ? bld.maxRank - st.rank() : 0;
  for (unsigned i = 0; i < st.rank(); ++i) {
    int64_t n = ss[i];
    // Split n into factors (unit dims included).
    SmallVector<int64_t, 3> factors = {n};
    unsigned splits =
        room > 0 && n > 0
            ? bld.pickWeighted<unsigned>({{50, 0}, {40, 1}, {10, 2}})
            : 0;
    splits = std::min(splits, room);
    for (unsigned s = 0; s < splits; ++s) {
      int64_t last = factors.back();
      SmallVector<int64_t, 8> divisors;
      for (int64_t d = 1; d <= last && divisors.size() < 8; ++d)
        if (last % d == 0)
          divisors.push_back(d);
      if (last == 0)
        divisors = {1};
      int64_t d = bld.pickOne<int64_t>(divisors);
      factors.back() = d;
      factors.push_back(d == 0 ? 0 : last / d);
      --room;
    }
    SmallVector<int64_t, 2> group;
    unsigned dynAt = st.isDynamic(i) ? bld.pickInt(0, factors.size() - 1) : ~0u;
    int64_t others = 1;
    for (unsigned j = 0; j < factors.size(); ++j)
      if (j != dynAt)
        others *= factors[j];
    for (unsigned j = 0; j < factors.size(); ++j) {
      group.push_back(rt.dims.size());
      rs.push_back(factors[j]);
      if (j == dynAt) {
        rt.dims.push_back(kDynamic);
        op.dynSizes.push_back({src, i, 0, std::max<int64_t>(others, 1)});
      } else {
        rt.dims.push_back(factors[j]);
      }
    }
    op.reassociation.push_back(group);
  }
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  feat.forms.push_back("to_rank=" + std::to_string(rt.rank()));
  bld.emit(std::move(op), {rt}, {rs}, {bld.facts[src]}, std::move(feat));
}

void buildPad(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId src = bld.pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType st = bld.prog.type(src);
  Shape ss(bld.prog.shape(src).begin(), bld.prog.shape(src).end());
  Op op;
  op.kind = OpKind::Pad;
  op.operands = {src};
  TensorType rt;
  rt.dtype = t;
  Shape rs;
  for (unsigned d = 0; d < st.rank(); ++d) {
    int64_t l =
        bld.pickWeighted<int64_t>({{50, 0}, {30, 1}, {20, bld.pickInt(2, 4)}});
    int64_t h =
        bld.pickWeighted<int64_t>({{50, 0}, {30, 1}, {20, bld.pickInt(2, 4)}});
    op.low.push_back(l);
    op.high.push_back(h);
    rs.push_back(ss[d] + l + h);
    rt.dims.push_back(st.isDynamic(d) ? kDynamic : ss[d] + l + h);
  }
  op.scalar = bld.pickSmallConstant(t, bld.facts[src]);
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  Facts f = joinFacts(bld.facts[src], constantFacts(op.scalar, t));
  f.distinct = false;
  bld.emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void buildConcat(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  ValueId first = bld.pickInput(
      t, 1, 4, Need(), [](ValueId) { return true; }, 0);
  TensorType ft = bld.prog.type(first);
  Shape fs(bld.prog.shape(first).begin(), bld.prog.shape(first).end());
  unsigned rank = ft.rank();
  unsigned dim = bld.pickInt(0, rank - 1);
  unsigned count = bld.pickWeighted<unsigned>({{70, 2}, {30, 3}});
  SmallVector<ValueId, 3> inputs = {first};
  for (unsigned i = 1; i < count; ++i) {
    auto existing = bld.pickExisting([&](ValueId v) {
      const TensorType &ty = bld.prog.type(v);
      if (ty.dtype != t || ty.rank() != rank)
        return false;
      for (unsigned d = 0; d < rank; ++d)
        if (d != dim && bld.prog.shape(v)[d] != fs[d])
          return false;
      return true;
    });
    if (existing) {
      inputs.push_back(*existing);
      continue;
    }
    Shape s = fs;
    s[dim] = bld.pickExtent();
    bld.fitBudget(s, 1);
    for (unsigned d = 0; d < rank; ++d)
      if (d != dim)
        s[d] = fs[d];
    inputs.push_back(bld.freshArg(t, s, Need()));
  }
  TensorType rt;
  rt.dtype = t;
  Shape rs = fs;
  rs[dim] = 0;
  for (ValueId v : inputs)
    rs[dim] += bld.prog.shape(v)[dim];
  for (unsigned d = 0; d < rank; ++d) {
    bool anyStatic = false, allStatic = true;
    for (ValueId v : inputs) {
      anyStatic |= !bld.prog.type(v).isDynamic(d);
      allStatic &= !bld.prog.type(v).isDynamic(d);
    }
    bool isStatic = d == dim ? allStatic : anyStatic;
    rt.dims.push_back(isStatic ? rs[d] : kDynamic);
  }
  Op op;
  op.kind = OpKind::Concat;
  op.dimension = dim;
  op.operands.assign(inputs.begin(), inputs.end());
  OpFeature feat;
  feat.dtype = t;
  feat.rank = rank;
  feat.forms.push_back("inputs=" + std::to_string(count));
  feat.forms.push_back("dim=" + std::to_string(dim));
  Facts f = bld.facts[inputs[0]];
  for (ValueId v : ArrayRef(inputs).drop_front())
    f = joinFacts(f, bld.facts[v]);
  f.distinct = false;
  bld.emit(std::move(op), {rt}, {rs}, {f}, std::move(feat));
}

void buildCast(Builder &bld) {
  DType t = *bld.pickDType(anyType);
  auto existing = bld.pickExisting([&](ValueId v) {
    const TensorType &ty = bld.prog.type(v);
    return ty.dtype == t && ty.rank() >= 1 &&
           llvm::any_of(ty.dims, [](int64_t d) { return d != kDynamic; });
  });
  ValueId src;
  if (existing) {
    src = *existing;
  } else {
    Shape s = bld.pickShape(bld.pickRank(1, 4), 0);
    TensorType ty;
    ty.dtype = t;
    ty.dims = s;
    src = bld.freshArgOfType(ty, s, Need());
  }
  TensorType st = bld.prog.type(src);
  TensorType rt = st;
  SmallVector<unsigned, 4> statics;
  for (unsigned d = 0; d < st.rank(); ++d)
    if (!st.isDynamic(d))
      statics.push_back(d);
  bool any = false;
  for (unsigned d : statics)
    if (bld.chance(50)) {
      rt.dims[d] = kDynamic;
      any = true;
    }
  if (!any)
    rt.dims[bld.pickOne<unsigned>(statics)] = kDynamic;
  Op op;
  op.kind = OpKind::Cast;
  op.operands = {src};
  OpFeature feat;
  feat.dtype = t;
  feat.rank = st.rank();
  bld.emit(std::move(op), {rt},
           {Shape(bld.prog.shape(src).begin(), bld.prog.shape(src).end())},
           {bld.facts[src]}, std::move(feat));
}

} // namespace

const Recipe &extractSliceRecipe() {
  static const Recipe r = {
      OpKind::ExtractSlice,
      /*weight=*/5,
      /*since=*/{3, 0},
      /*needs=*/"any value of rank 1-4 without zero extents",
      /*produces=*/
      "a window (strided, rank-reducing, ? sizes) with the source's facts",
      /*feasible=*/nullptr,
      /*build=*/buildExtractSlice};
  return r;
}

const Recipe &insertSliceRecipe() {
  static const Recipe r = {
      OpKind::InsertSlice,
      /*weight=*/5,
      /*since=*/{3, 0},
      /*needs=*/
      "a value of rank 0-4 without zero extents; a destination (a fill, an "
      "argument or a value of the function) one rank higher at most",
      /*produces=*/"the destination with the slice inserted",
      /*feasible=*/nullptr,
      /*build=*/buildInsertSlice};
  return r;
}

const Recipe &collapseShapeRecipe() {
  static const Recipe r = {
      OpKind::CollapseShape,
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/"a value of rank 2-4 (maxRank >= 2)",
      /*produces=*/"the collapsed tensor, same facts",
      /*feasible=*/[](const Builder &bld) { return bld.maxRank >= 2; },
      /*build=*/buildCollapse};
  return r;
}

const Recipe &expandShapeRecipe() {
  static const Recipe r = {
      OpKind::ExpandShape,
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/"any value of rank 1-3",
      /*produces=*/"the expanded tensor (unit dims, ? groups), same facts",
      /*feasible=*/nullptr,
      /*build=*/buildExpand};
  return r;
}

const Recipe &padRecipe() {
  static const Recipe r = {
      OpKind::Pad,
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/"any value of rank 1-4",
      /*produces=*/"the padded tensor (a constant pad value)",
      /*feasible=*/nullptr,
      /*build=*/buildPad};
  return r;
}

const Recipe &concatRecipe() {
  static const Recipe r = {
      OpKind::Concat,
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/
      "2-3 values of one element type and rank, equal but for one dimension",
      /*produces=*/"the concatenation (facts joined)",
      /*feasible=*/nullptr,
      /*build=*/buildConcat};
  return r;
}

const Recipe &castRecipe() {
  static const Recipe r = {
      OpKind::Cast,
      /*weight=*/4,
      /*since=*/{3, 0},
      /*needs=*/"a value of rank 1-4 with a static extent",
      /*produces=*/"the same tensor with some extents made ?",
      /*feasible=*/nullptr,
      /*build=*/buildCast};
  return r;
}

} // namespace ref::fuzz::gen
