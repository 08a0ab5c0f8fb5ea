//===- Generic.cpp
//----------------------------------------------------------===//
//
// The recipe of linalg.generic: maps, iterators, scalar bodies, the
// mixed-precision chain.
//
//===----------------------------------------------------------------------===//

#include "fuzz/recipes/GenericParts.h"

using namespace llvm;

namespace ref::fuzz::gen {

namespace {

void buildMixedChain(Builder &bld);

SVal addLoopDependence(Builder &bld, BodyCtx &c, SVal e, ArrayRef<bool> red,
                       ArrayRef<GenericOperand> ins) {
  // Combine the term with, per reduction loop, an input of the term's type
  // that the loop indexes and that is not uniform, or else the loop's
  // index: no folding or integer range analysis can drop the dependence
  // (max/min for floats, addi for integers, xori for i1).
  DType t = e.type;
  for (auto [l, r] : llvm::enumerate(red)) {
    if (!r)
      continue;
    int64_t loop = l;
    SmallVector<unsigned, 3> dep;
    for (auto [i, o] : llvm::enumerate(ins))
      if (llvm::is_contained(o.map, loop) && !bld.facts[o.value].uniform &&
          bld.prog.type(o.value).dtype == t)
        dep.push_back(i);
    SVal x;
    if (!dep.empty()) {
      x = c.vals[bld.pickOne<unsigned>(dep)];
    } else {
      auto it = c.indexOf.find(loop);
      SVal idx;
      if (it != c.indexOf.end()) {
        idx = c.vals[it->second];
      } else {
        ScalarInst i = inst("linalg.index", {}, DType::Index);
        i.bits = loop;
        idx.hasRange = true;
        idx.hi = std::max<int64_t>(0, c.loopExtents[loop] - 1);
        idx = bld.addSVal(c, std::move(i), idx);
        c.indexOf[loop] = idx.id;
      }
      SVal r64;
      setRange(r64, DType::I64, idx.lo, idx.hi);
      x = bld.addSVal(c, inst("arith.index_cast", {idx.id}, DType::I64), r64);
      if (t == DType::I1) {
        SVal bit;
        bit.hasRange = true;
        bit.hi = 1;
        x = bld.addSVal(c, inst("arith.trunci", {x.id}, t), bit);
      } else if (isFloat(t)) {
        x = bld.convert(c, x, t);
      } else if (t != DType::I64) {
        SVal rt;
        setRange(rt, t, idx.lo, idx.hi);
        x = bld.addSVal(c, inst("arith.trunci", {x.id}, t), rt);
      }
    }
    if (t == DType::I1) {
      SVal rb;
      rb.hasRange = true;
      rb.hi = 1;
      e = bld.addSVal(c, inst("arith.xori", {e.id, x.id}, t), rb);
    } else if (isFloat(t)) {
      e = bld.minMax(c, e, x);
    } else {
      SVal ri;
      if (e.hasRange && x.hasRange)
        setRange(ri, t, __int128(e.lo) + x.lo, __int128(e.hi) + x.hi);
      e = bld.addSVal(c, inst("arith.addi", {e.id, x.id}, t), ri);
    }
  }
  return e;
}

SmallVector<int64_t, 4> pickGenericMap(Builder &bld, unsigned numLoops) {
  SmallVector<int64_t, 4> all;
  for (unsigned l = 0; l < numLoops; ++l)
    all.push_back(l);
  switch (bld.pickWeighted<int>({{40, 0}, {20, 1}, {40, 2}})) {
  case 0: // identity
    return all;
  case 1: // transposed
    return bld.pickPermutation(numLoops);
  default: { // broadcast: drop loops (maybe all), maybe permuted
    SmallVector<int64_t, 4> perm = bld.pickPermutation(numLoops);
    unsigned keep = bld.pickInt(0, numLoops - 1);
    SmallVector<int64_t, 4> m(perm.begin(), perm.begin() + keep);
    if (bld.chance(65))
      llvm::sort(m);
    return m;
  }
  }
}

Need genericNeed(Builder &bld, DType t, bool reductions) {
  Need need;
  if (!isFloat(t) || bld.chance(25))
    return need;
  need.exact = true;
  need.bound = reductions ? bld.pickOne<int64_t>({1, 2, 4})
                          : bld.pickOne<int64_t>({1, 2, 4, 8, 16});
  need.frac = bld.pickInt(0, reductions ? 1 : 2);
  while (!exactIn(t, need.bound, need.frac)) {
    if (need.frac > 0)
      --need.frac;
    else
      need.bound = std::max<int64_t>(1, need.bound / 2);
    if (need.bound == 1 && need.frac == 0)
      break;
  }
  return need;
}

} // namespace

DimSrc loopSrc(Builder &bld, int64_t loop, int64_t extent,
               ArrayRef<GenericOperand> ins) {
  for (const GenericOperand &o : ins)
    for (auto [j, l] : llvm::enumerate(o.map))
      if (l == loop)
        return {extent, std::make_pair(o.value, unsigned(j))};
  return {extent, std::nullopt};
}

namespace {
std::string joinForms(ArrayRef<std::string> parts) {
  std::string s;
  for (auto [i, p] : llvm::enumerate(parts))
    s += (i ? "," : "") + p;
  return s;
}

} // namespace

void genericForms(Builder &bld, OpFeature &feat, ArrayRef<bool> red,
                  ArrayRef<GenericOperand> ins, ArrayRef<GenericOperand> outs) {
  unsigned numLoops = red.size();
  bool anyPar = llvm::is_contained(red, false);
  bool anyRed = llvm::is_contained(red, true);
  feat.forms.push_back("loops=" + std::to_string(numLoops));
  feat.forms.push_back(std::string("iterators=") + (anyPar && anyRed
                                                        ? "parallel,reduction"
                                                    : anyRed ? "reduction"
                                                             : "parallel"));
  std::set<std::string> maps;
  for (const GenericOperand &o : ins) {
    bool sorted = std::is_sorted(o.map.begin(), o.map.end());
    if (o.map.size() == numLoops)
      maps.insert(sorted ? "identity" : "transpose");
    else
      maps.insert(sorted ? "broadcast" : "broadcast_transpose");
    if (o.map.empty())
      maps.insert("scalar");
  }
  for (const std::string &m : maps)
    feat.forms.push_back("maps=" + m);
  feat.forms.push_back("inputs=" + std::to_string(ins.size()));
  feat.forms.push_back("outputs=" + std::to_string(outs.size()));
  for (const GenericOperand &o : outs)
    if (!std::is_sorted(o.map.begin(), o.map.end())) {
      feat.forms.push_back("out_map=permuted");
      break;
    }
  // Mixed precision: a float input narrower than a float output.
  for (const GenericOperand &i : ins)
    for (const GenericOperand &o : outs) {
      DType it = bld.prog.type(i.value).dtype,
            ot = bld.prog.type(o.value).dtype;
      if (isFloat(it) && isFloat(ot) && bitWidth(it) < bitWidth(ot)) {
        feat.forms.push_back("mixed=" + dtypeName(it).str() + "->" +
                             dtypeName(ot).str());
        return;
      }
    }
}

SmallVector<ValueId, 2> emitGeneric(Builder &bld, ArrayRef<bool> red,
                                    ArrayRef<GenericOperand> ins,
                                    ArrayRef<GenericOperand> outs, Body body,
                                    ArrayRef<Facts> outFacts, OpFeature feat) {
  Op op;
  op.kind = OpKind::Generic;
  for (const GenericOperand &o : ins) {
    op.operands.push_back(o.value);
    op.maps.push_back(o.map);
  }
  op.numIns = ins.size();
  SmallVector<TensorType, 2> types;
  SmallVector<Shape, 2> shapes;
  for (const GenericOperand &o : outs) {
    op.operands.push_back(o.value);
    op.maps.push_back(o.map);
    types.push_back(bld.prog.type(o.value));
    shapes.push_back(
        Shape(bld.prog.shape(o.value).begin(), bld.prog.shape(o.value).end()));
  }
  op.reductionLoops.assign(red.begin(), red.end());
  op.body = std::move(body);
  feat.rank = red.size();
  return bld.emit(std::move(op), types, shapes, outFacts, std::move(feat));
}

namespace {

void buildGeneric(Builder &bld) {
  bool anyFloat = bld.anyDType([](DType t) { return isFloat(t); });
  bool lowFloat =
      bld.dtypeAllowed(DType::F32) &&
      (bld.dtypeAllowed(DType::F16) || bld.dtypeAllowed(DType::BF16));
  if (lowFloat && bld.chance(15))
    return buildMixedChain(bld);
  int64_t iterBudget = bld.budget * 4;

  // Chain from a value already in the function, or start afresh.
  auto first = bld.pickExisting(
      [&](ValueId v) {
        unsigned r = bld.prog.type(v).rank();
        return r >= 1 && r <= bld.maxRank &&
               numElementsOf(bld.prog.shape(v)) <= iterBudget &&
               (anyFloat || !bld.facts[v].reduction);
      },
      50);
  unsigned numLoops;
  if (first) {
    unsigned r = bld.prog.type(*first).rank();
    numLoops = bld.chance(60) ? r : bld.pickInt(r, bld.maxRank);
  } else {
    SmallVector<std::pair<unsigned, unsigned>, 4> items;
    static const unsigned weights[] = {20, 35, 28, 17};
    for (unsigned l = 1; l <= bld.maxRank; ++l)
      items.push_back({weights[l - 1], l});
    numLoops = bld.pickWeighted<unsigned>(items);
  }
  SmallVector<bool, 4> red(numLoops, false);
  if (bld.chance(45)) {
    for (unsigned l = 0; l < numLoops; ++l)
      red[l] = bld.chance(40);
    if (!llvm::is_contained(red, true))
      red[bld.pickInt(0, numLoops - 1)] = true;
  }
  bool hasRed = llvm::is_contained(red, true);

  SmallVector<int64_t, 4> ext(numLoops, -1);
  SmallVector<GenericOperand, 3> ins;
  if (first) {
    unsigned r = bld.prog.type(*first).rank();
    SmallVector<int64_t, 4> perm = bld.pickPermutation(numLoops);
    SmallVector<int64_t, 4> map(perm.begin(), perm.begin() + r);
    if (bld.chance(50))
      llvm::sort(map);
    for (unsigned j = 0; j < r; ++j)
      ext[map[j]] = bld.prog.shape(*first)[j];
    ins.push_back({*first, map});
  }
  SmallVector<unsigned, 4> freshLoops;
  for (unsigned l = 0; l < numLoops; ++l)
    if (ext[l] < 0) {
      ext[l] = bld.pickExtent(bld.opts.allowZeroExtents ? 0 : 1);
      freshLoops.push_back(l);
    }
  // Keep the iteration space within budget (fresh loops only).
  while (numElementsOf(ext) > iterBudget) {
    int64_t *largest = nullptr;
    for (unsigned l : freshLoops)
      if (ext[l] > 1 && (!largest || ext[l] > *largest))
        largest = &ext[l];
    if (!largest)
      break;
    *largest /= 2;
  }

  // Input maps; every reduction loop must index some input.
  unsigned numIns = bld.pickWeighted<unsigned>({{40, 1}, {40, 2}, {20, 3}});
  SmallVector<SmallVector<int64_t, 4>, 3> newMaps;
  while (ins.size() + newMaps.size() < numIns)
    newMaps.push_back(pickGenericMap(bld, numLoops));
  for (unsigned l = 0; l < numLoops; ++l) {
    if (!red[l])
      continue;
    bool covered = false;
    for (const GenericOperand &o : ins)
      covered |= llvm::is_contained(o.map, int64_t(l));
    for (const auto &m : newMaps)
      covered |= llvm::is_contained(m, int64_t(l));
    if (covered)
      continue;
    if (newMaps.empty()) {
      newMaps.push_back({int64_t(l)});
      continue;
    }
    auto &m = newMaps[bld.pickInt(0, newMaps.size() - 1)];
    m.insert(m.begin() + bld.pickInt(0, m.size()), l);
  }
  for (const auto &m : newMaps) {
    Shape s;
    for (int64_t l : m)
      s.push_back(ext[l]);
    auto existing = bld.pickExisting(
        [&](ValueId v) {
          return bld.prog.shape(v) == ArrayRef(s) &&
                 (anyFloat || !bld.facts[v].reduction) &&
                 llvm::none_of(ins, [&](const GenericOperand &o) {
                   return o.value == v;
                 });
        },
        30);
    ValueId v;
    if (existing) {
      v = *existing;
    } else {
      DType t = *bld.pickDType(anyType);
      v = bld.freshArg(t, s, genericNeed(bld, t, hasRed));
    }
    ins.push_back({v, m});
  }
  bool anyInRed = llvm::any_of(ins, [&](const GenericOperand &o) {
    return bld.facts[o.value].reduction;
  });

  // Outputs: every parallel loop, in order or permuted. Reductions start
  // from a fill (or a value of the function); elementwise outputs from
  // tensor.empty (never read), a fill or a value the body may read.
  SmallVector<int64_t, 4> parLoops;
  for (unsigned l = 0; l < numLoops; ++l)
    if (!red[l])
      parLoops.push_back(l);
  unsigned numOuts = bld.pickWeighted<unsigned>({{70, 1}, {30, 2}});
  struct OutPlan {
    DType t;
    SmallVector<int64_t, 4> map;
    Shape shape;
    std::optional<ValueId> existing;
    /// Elementwise outputs: the fill constant, or none for tensor.empty.
    std::optional<uint64_t> fill;
    bool readable = false;
  };
  SmallVector<OutPlan, 2> plans;
  for (unsigned k = 0; k < numOuts; ++k) {
    OutPlan p;
    p.t = anyInRed ? *bld.pickDType([](DType t) { return isFloat(t); })
                   : *bld.pickDType(anyType);
    p.map = parLoops;
    if (parLoops.size() > 1 && bld.chance(35)) {
      SmallVector<int64_t, 4> perm = bld.pickPermutation(parLoops.size());
      for (unsigned j = 0; j < perm.size(); ++j)
        p.map[j] = parLoops[perm[j]];
    }
    for (int64_t l : p.map)
      p.shape.push_back(ext[l]);
    unsigned existingChance = hasRed ? 20 : 15;
    p.existing = bld.pickExisting(
        [&](ValueId v) {
          return bld.prog.type(v).dtype == p.t &&
                 bld.prog.shape(v) == ArrayRef(p.shape) &&
                 (anyInRed || !bld.facts[v].reduction) &&
                 llvm::none_of(
                     ins,
                     [&](const GenericOperand &o) { return o.value == v; }) &&
                 llvm::none_of(
                     plans, [&](const OutPlan &q) { return q.existing == v; });
        },
        existingChance);
    if (p.existing) {
      p.readable = true;
    } else if (!hasRed && bld.chance(40)) {
      p.fill = bld.pickSmallConstant(p.t, Facts());
      p.readable = true;
    }
    plans.push_back(p);
  }

  // The body.
  BodyCtx c;
  c.loopExtents = ext;
  c.allowApprox = !hasRed;
  c.allowRounding = !anyInRed;
  for (const GenericOperand &o : ins) {
    DType t = bld.prog.type(o.value).dtype;
    c.body.args.push_back(t);
    c.vals.push_back(svalOfFacts(bld.facts[o.value], t));
    c.vals.back().id = c.body.args.size() - 1;
    c.leaves.push_back(c.body.args.size() - 1);
    c.unused.push_back(c.body.args.size() - 1);
  }
  for (const OutPlan &p : plans) {
    c.body.args.push_back(p.t);
    Facts f;
    if (p.existing)
      f = bld.facts[*p.existing];
    else if (p.fill)
      f = constantFacts(*p.fill, p.t);
    c.vals.push_back(svalOfFacts(f, p.t));
    c.vals.back().id = c.body.args.size() - 1;
    if (p.readable && !hasRed)
      c.leaves.push_back(c.body.args.size() - 1);
  }
  int64_t n = 1;
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l])
      n = satMul(n, std::max<int64_t>(ext[l], 1));
  SmallVector<Facts, 2> outFacts;
  SmallVector<std::string, 2> combs;
  for (auto [k, p] : llvm::enumerate(plans)) {
    int depth = bld.pickWeighted<int>({{25, 1}, {35, 2}, {25, 3}, {15, 4}});
    SVal y;
    unsigned accArg = ins.size() + k;
    if (!hasRed) {
      y = bld.genExpr(c, p.t, depth);
    } else {
      SVal e = bld.genExpr(c, p.t, depth);
      if (!bld.opts.allowInvariantReductions)
        e = addLoopDependence(bld, c, e, red, ins);
      const SVal *acc = p.existing ? &c.vals[accArg] : nullptr;
      RedComb comb = *bld.pickRedComb(p.t, e, acc, n);
      if (!p.existing) {
        p.fill = bld.redInit(p.t, comb, e);
        c.vals[accArg] = svalOfFacts(constantFacts(*p.fill, p.t), p.t);
        c.vals[accArg].id = accArg;
      }
      y = bld.combine(c, comb, c.vals[accArg], e, n);
      combs.push_back("combiner=" + redCombName(comb).str());
    }
    c.body.yields.push_back(y.id);
    Facts f = factsOfSVal(y);
    if (isFloat(p.t) && (hasRed || anyInRed))
      f.reduction = true;
    // Uniform when it reads no varying operand and no loop index.
    f.uniform = !bodyReads(
        c.body, y.id,
        [&](unsigned a) {
          if (a < ins.size())
            return !bld.facts[ins[a].value].uniform;
          const OutPlan &q = plans[a - ins.size()];
          return !(q.fill || (q.existing && bld.facts[*q.existing].uniform));
        },
        [](int64_t) { return true; });
    outFacts.push_back(f);
  }

  // The destinations.
  SmallVector<GenericOperand, 2> outs;
  for (const OutPlan &p : plans) {
    ValueId v;
    if (p.existing) {
      v = *p.existing;
    } else {
      SmallVector<DimSrc, 4> dims;
      for (int64_t l : p.map)
        dims.push_back(loopSrc(bld, l, ext[l], ins));
      v = bld.makeInit(p.t, dims, p.fill);
    }
    outs.push_back({v, p.map});
  }

  OpFeature feat;
  feat.dtype = plans[0].t;
  genericForms(bld, feat, red, ins, outs);
  for (const std::string &s : combs)
    feat.forms.push_back(s);
  if (first)
    feat.forms.push_back("chained");
  if (!hasRed &&
      llvm::any_of(plans, [](const OutPlan &p) { return p.readable; }))
    feat.forms.push_back("reads_init");
  std::vector<std::string> opsUsed(c.opsUsed.begin(), c.opsUsed.end());
  if (c.opsUsed.count("linalg.index"))
    feat.forms.push_back("index");
  feat.forms.push_back("body_ops=" + joinForms(opsUsed));
  emitGeneric(bld, red, ins, outs, std::move(c.body), outFacts,
              std::move(feat));
}

// f16/bf16 inputs, extf, f32 accumulation, then (usually) truncf back to
// the narrow type in an elementwise generic: the mixed-precision chain of
// a quantized matmul or a layer norm.
void buildMixedChain(Builder &bld) {
  SmallVector<DType, 2> lows;
  for (DType t : {DType::F16, DType::BF16})
    if (bld.dtypeAllowed(t))
      lows.push_back(t);
  DType low = bld.pickOne<DType>(lows);
  DType acc = DType::F32;
  int64_t iterBudget = bld.budget * 4;

  unsigned numLoops = bld.pickInt(1, bld.maxRank);
  SmallVector<bool, 4> red(numLoops, false);
  for (unsigned l = 0; l < numLoops; ++l)
    red[l] = bld.chance(40);
  if (!llvm::is_contained(red, true))
    red[bld.pickInt(0, numLoops - 1)] = true;
  SmallVector<int64_t, 4> ext;
  for (unsigned l = 0; l < numLoops; ++l)
    ext.push_back(bld.pickExtent(bld.opts.allowZeroExtents ? 0 : 1));
  bld.fitBudget(ext, bld.opts.allowZeroExtents ? 0 : 1, iterBudget);
  int64_t n = 1;
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l])
      n = satMul(n, std::max<int64_t>(ext[l], 1));

  // Exact: N * |a| * |b| + |init| within f32's significand.
  bool product = bld.chance(70);
  unsigned fa = bld.pickInt(0, 1), fb = product ? bld.pickInt(0, 1) : 0;
  int64_t ba = bld.pickOne<int64_t>({1, 2, 4, 8}),
          bb = product ? bld.pickOne<int64_t>({1, 2, 4, 8}) : 1;
  while (!(exactIn(acc, satAdd(satMul(n, satMul(ba, bb)), 8), fa + fb) &&
           exactIn(low, ba, fa) && exactIn(low, bb, fb))) {
    if (fa + fb > 0) {
      fa = fb = 0;
    } else if (ba > 1 || bb > 1) {
      ba = std::max<int64_t>(1, ba / 2);
      bb = std::max<int64_t>(1, bb / 2);
    } else {
      break;
    }
  }
  SmallVector<SmallVector<int64_t, 4>, 2> maps = {
      pickGenericMap(bld, numLoops)};
  if (product)
    maps.push_back(pickGenericMap(bld, numLoops));
  for (unsigned l = 0; l < numLoops; ++l)
    if (red[l] && llvm::none_of(maps, [&](const SmallVector<int64_t, 4> &m) {
          return llvm::is_contained(m, int64_t(l));
        })) {
      auto &m = maps[bld.pickInt(0, maps.size() - 1)];
      m.insert(m.begin() + bld.pickInt(0, m.size()), l);
    }
  SmallVector<GenericOperand, 2> ins;
  for (auto [i, m] : llvm::enumerate(maps)) {
    Need need;
    need.exact = true;
    need.bound = i == 0 ? ba : bb;
    need.frac = i == 0 ? fa : fb;
    Shape s;
    for (int64_t l : m)
      s.push_back(ext[l]);
    auto existing = bld.pickExisting(
        [&](ValueId v) {
          return bld.prog.type(v).dtype == low &&
                 bld.prog.shape(v) == ArrayRef(s) &&
                 fits(bld.facts[v], low, need) &&
                 llvm::none_of(ins, [&](const GenericOperand &o) {
                   return o.value == v;
                 });
        },
        35);
    ins.push_back({existing ? *existing : bld.freshArg(low, s, need), m});
  }
  SmallVector<int64_t, 4> outMap;
  for (unsigned l = 0; l < numLoops; ++l)
    if (!red[l])
      outMap.push_back(l);
  SmallVector<DimSrc, 4> dims;
  for (int64_t l : outMap)
    dims.push_back(loopSrc(bld, l, ext[l], ins));
  uint64_t init = bld.chance(70) ? 0 : bld.pickSmallConstant(acc, Facts());
  if (!exactIn(acc, satAdd(satMul(n, satMul(ba, bb)), 8), fa + fb))
    init = 0;
  ValueId out = bld.makeInit(acc, dims, init);

  // ^bb0(a: low[, b: low], acc: f32): acc + extf(a) [* extf(b)]
  Body b;
  for (unsigned i = 0; i < ins.size(); ++i)
    b.args.push_back(low);
  b.args.push_back(acc);
  unsigned accArg = ins.size();
  unsigned term = b.add(inst("arith.extf", {0}, acc));
  if (product) {
    unsigned eb = b.add(inst("arith.extf", {1}, acc));
    term = b.add(inst("arith.mulf", {term, eb}, acc));
  }
  SmallVector<unsigned, 2> ops = {accArg, term};
  if (bld.chance(50))
    std::swap(ops[0], ops[1]);
  b.yields.push_back(b.add(inst("arith.addf", ops, acc)));

  Facts f;
  Facts fi = constantFacts(init, acc);
  f.bound = satAdd(
      fi.bound, satMul(n, satMul(bld.facts[ins[0].value].bound,
                                 product ? bld.facts[ins[1].value].bound : 1)));
  f.frac = std::max(fi.frac, bld.facts[ins[0].value].frac +
                                 (product ? bld.facts[ins[1].value].frac : 0));
  f.exact = llvm::all_of(ins,
                         [&](const GenericOperand &o) {
                           return bld.facts[o.value].exact;
                         }) &&
            exactIn(acc, f.bound, f.frac);
  f.approx = !f.exact;
  f.reduction = true;
  OpFeature feat;
  feat.dtype = low;
  SmallVector<GenericOperand, 1> outs = {{out, outMap}};
  genericForms(bld, feat, red, ins, outs);
  feat.forms.push_back("combiner=add");
  feat.forms.push_back(product ? "body_ops=arith.addf,arith.extf,arith.mulf"
                               : "body_ops=arith.addf,arith.extf");
  feat.forms.push_back("chain=extf_accumulate");
  ValueId sum =
      emitGeneric(bld, red, ins, outs, std::move(b), {f}, std::move(feat))[0];
  if (!bld.chance(70))
    return;

  truncfBack(bld, sum, low);
}

} // namespace

// truncf of `sum` (f32) back to the narrow float `low`, elementwise (maybe
// transposed, maybe scaled by a power of two first); nothing for rank 0.
std::optional<ValueId> truncfBack(Builder &bld, ValueId sum, DType low) {
  unsigned rank = bld.prog.type(sum).rank();
  if (rank == 0)
    return std::nullopt;
  SmallVector<int64_t, 4> inMap;
  for (unsigned l = 0; l < rank; ++l)
    inMap.push_back(l);
  SmallVector<int64_t, 4> perm =
      bld.chance(30) ? bld.pickPermutation(rank) : inMap;
  SmallVector<GenericOperand, 1> tins = {{sum, perm}};
  SmallVector<DimSrc, 4> tdims;
  for (unsigned l = 0; l < rank; ++l) {
    int64_t j = llvm::find(perm, int64_t(l)) - perm.begin();
    tdims.push_back(loopSrc(bld, l, bld.prog.shape(sum)[j], tins));
  }
  DType acc = bld.prog.type(sum).dtype;
  Body tb;
  tb.args = {acc, low};
  unsigned x = 0;
  Facts tf = bld.facts[sum];
  if (bld.chance(30)) {
    // * 2^-k: exact while the fraction bits fit.
    unsigned k = bld.pickInt(1, 2);
    ScalarInst cst = inst("arith.constant", {}, acc);
    cst.bits = bitsOf(std::ldexp(1.0, -int(k)), acc);
    unsigned cv = tb.add(cst);
    x = tb.add(inst("arith.mulf", {x, cv}, acc));
    tf.frac += k;
  }
  tb.yields.push_back(tb.add(inst("arith.truncf", {x}, low)));
  tf.exact = tf.exact && exactIn(low, tf.bound, tf.frac);
  tf.approx = !tf.exact;
  tf.mayInf = tf.mayInf || mayOverflow(low, tf.bound) || !tf.exact;
  ValueId tout = bld.makeInit(low, tdims, std::nullopt);
  OpFeature tfeat;
  tfeat.dtype = low;
  SmallVector<GenericOperand, 1> touts = {{tout, inMap}};
  SmallVector<bool, 4> tred(rank, false);
  genericForms(bld, tfeat, tred, tins, touts);
  tfeat.forms.push_back("truncf_back");
  tfeat.forms.push_back(tb.insts.size() > 1
                            ? "body_ops=arith.constant,arith.mulf,arith.truncf"
                            : "body_ops=arith.truncf");
  return emitGeneric(bld, tred, tins, touts, std::move(tb), {tf},
                     std::move(tfeat))[0];
}

const Recipe &genericRecipe() {
  static const Recipe r = {
      OpKind::Generic,
      /*weight=*/16,
      /*since=*/{3, 0},
      /*needs=*/
      "any element types; operands whose facts fit the body (see "
      "\"linalg.generic bodies\" in fuzz/README.md)",
      /*produces=*/
      "1-2 outputs with the facts of their body expressions (approx, mayNaN, "
      "ranges, exact bounds, uniform)",
      /*feasible=*/nullptr,
      /*build=*/buildGeneric};
  return r;
}

} // namespace ref::fuzz::gen
