//===- Generator.cpp - Programs valid by construction, with inputs --------===//
//
// One `Builder` (GenCore.h) runs inside `rc::gen::exec`: every choice is a
// `*gen` pick, so RapidCheck records and shrinks it. A case draws 1-4 ops by
// the weights of their recipes (Recipe.h, fuzz/recipes/); each recipe picks
// element types and concrete shapes first (or takes them from a value
// already in the function), derives the shapes of the other operands from
// the op's rules, and creates fresh arguments for operands it does not
// reuse. Alongside the program the builder tracks `Facts` per value
// (exactness bounds, infinities, integer ranges, distinctness, freedom) and
// only lets an op read a value whose facts meet the op's needs.
//
//===----------------------------------------------------------------------===//

#include "fuzz/Generator.h"
#include "fuzz/Recipe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <limits>
#include <map>
#include <ostream>
#include <set>

using namespace llvm;

namespace ref::fuzz {

std::vector<DType> defaultDTypes() {
  return {DType::I1,  DType::I8,   DType::I16, DType::I32, DType::I64,
          DType::F16, DType::BF16, DType::F32, DType::F64};
}

namespace gen {

/// A recipe's weight under GenOptions::weightScale: unchanged without one;
/// with one, in eighths (so a factor of 1/4 still leaves a weight of 1
/// recipe at 2) and never 0.
unsigned Builder::scaledWeight(unsigned weight, OpKind k) const {
  if (opts.weightScale.empty())
    return std::max(1u, weight);
  size_t i = static_cast<size_t>(k);
  double f = i < opts.weightScale.size() ? opts.weightScale[i] : 1.0;
  double w = std::max(1u, weight) * 8.0 * std::clamp(f, 0.0, 64.0);
  return std::max(1u, static_cast<unsigned>(std::lround(w)));
}

Case Builder::build() {
  largeCase = opts.allowLarge && chance(opts.largeCasePercent);
  budget = largeCase ? opts.largeElements : opts.maxElements;
  dynamicCase = chance(opts.dynamicCasePercent);

  // The op kinds in OpKind order (or the options'), weighted by recipe.
  SmallVector<std::pair<unsigned, const Recipe *>, 16> weighted;
  for (OpKind k : kinds) {
    const Recipe *r = recipeFor(k);
    if (r && r->available(opts) && (!r->feasible || r->feasible(*this)))
      weighted.push_back({scaledWeight(r->weight, k), r});
  }
  unsigned numOps = pickInt(opts.minOps, std::max(opts.minOps, opts.maxOps));
  // A frontend-shaped case: one frontend recipe first (those listed in the
  // options, else every one), then the rest of the ops as usual. No pick
  // at all when the option is 0, so other cases stay what they were.
  if (opts.frontendPercent > 0 && numOps > 0) {
    SmallVector<std::pair<unsigned, const Recipe *>, 4> frontend;
    bool listed = llvm::any_of(opts.ops, [](OpKind k) {
      return static_cast<unsigned>(k) >= kFirstFrontendKind;
    });
    for (unsigned i = kFirstFrontendKind; i < kNumOpKinds; ++i) {
      OpKind k = static_cast<OpKind>(i);
      const Recipe *r = recipeFor(k);
      if (r && (!listed || llvm::is_contained(opts.ops, k)) &&
          r->available(opts) && (!r->feasible || r->feasible(*this)))
        frontend.push_back({std::max(1u, r->weight), r});
    }
    if (!frontend.empty() && chance(opts.frontendPercent)) {
      pickWeighted<const Recipe *>(frontend)->build(*this);
      --numOps;
    }
  }
  if (!weighted.empty())
    for (unsigned i = 0; i < numOps; ++i)
      pickWeighted<const Recipe *>(weighted)->build(*this);

  // Results: op results nothing else reads (leaves), most recent first;
  // those a recipe must return first, its dead ones never.
  SmallVector<ValueId, 8> leaves;
  for (ValueId v = prog.values.size(); v-- > 0;)
    if (prog.value(v).defOp >= 0 && !isEmptyValue[v] && uses[v] == 0 &&
        (dead.empty() || !isDead(v)))
      leaves.push_back(v);
  for (ValueId v : mustReturn)
    if (llvm::is_contained(leaves, v)) {
      prog.returns.push_back(v);
      llvm::erase(leaves, v);
    }
  unsigned room = opts.maxResults > prog.returns.size()
                      ? opts.maxResults - prog.returns.size()
                      : 0;
  if (!leaves.empty() && (room > 0 || prog.returns.empty())) {
    unsigned maxR = std::min<unsigned>(room, leaves.size());
    unsigned r = pickInt(1, std::max(1u, maxR));
    // Usually the newest leaf, then others.
    SmallVector<ValueId, 8> rest = leaves;
    for (unsigned i = 0; i < r; ++i) {
      unsigned j = pickWeighted<unsigned>(
          {{60, 0}, {40, unsigned(pickInt(0, rest.size() - 1))}});
      prog.returns.push_back(rest[j]);
      rest.erase(rest.begin() + j);
    }
  }

  Case c;
  finish(c);
  // Input values: one seed per case, mixed per argument.
  uint64_t valueSeed =
      *rc::gen::resize(rc::kNominalSize, rc::gen::arbitrary<uint64_t>());
  for (auto [i, a] : llvm::enumerate(prog.args))
    c.inputs.push_back(makeValues(prog.type(a).dtype, prog.shape(a), specs[i],
                                  mixSeed(valueSeed, i)));
  c.argSpecs = specs;
  c.program = std::move(prog);
  return c;
}

void Builder::finish(Case &c) {
  Features &f = c.features;
  f.ops = opFeatures;
  std::set<std::string> kindsSeen, dts, modes;
  std::set<unsigned> ranks;
  for (const OpFeature &o : f.ops) {
    kindsSeen.insert(opKindName(o.kind).str());
    dts.insert(dtypeName(o.dtype).str());
    ranks.insert(o.rank);
  }
  for (ValueId v = 0; v < prog.values.size(); ++v) {
    const TensorType &t = prog.type(v);
    dts.insert(dtypeName(t.dtype).str());
    if (t.hasDynamic())
      f.dynamic = true;
    else
      f.isStatic = true;
    f.maxTensorElements =
        std::max(f.maxTensorElements, numElementsOf(prog.shape(v)));
  }
  for (const ValueSpec &s : specs)
    modes.insert(valueModeName(s.mode).str());
  f.opKinds.assign(kindsSeen.begin(), kindsSeen.end());
  f.dtypes.assign(dts.begin(), dts.end());
  f.ranks.assign(ranks.begin(), ranks.end());
  f.valueModes.assign(modes.begin(), modes.end());
  f.numArgs = prog.args.size();
  f.numOps = llvm::count_if(prog.ops, [](const Op &o) {
    return o.kind != OpKind::Empty && o.kind != OpKind::Fill;
  });
  f.numResults = prog.returns.size();
  for (ValueId v = 0; v < prog.values.size(); ++v)
    if (prog.value(v).defOp >= 0 && !isEmptyValue[v] && uses[v] == 0 &&
        !llvm::is_contained(prog.returns, v))
      ++f.unusedResults;
  for (ValueId v : prog.returns) {
    if (facts[v].derived)
      ++f.undecidableResults;
    else if (facts[v].coarse || facts[v].reduction)
      ++f.freeResults;
  }
}

} // namespace gen

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

rc::Gen<Case> genCase(const GenOptions &opts) {
  return rc::gen::exec([opts] { return gen::Builder(opts).build(); });
}

Case generateCase(uint64_t seed, const GenOptions &opts) {
  return genCase(opts)(rc::Random(seed), opts.size).value();
}

json::Value toJSON(const OpFeature &f) {
  json::Array forms;
  for (const std::string &s : f.forms)
    forms.push_back(s);
  return json::Object{{"op", opKindName(f.kind)},
                      {"dtype", dtypeName(f.dtype)},
                      {"rank", f.rank},
                      {"dynamic", f.dynamic},
                      {"forms", std::move(forms)}};
}

json::Value toJSON(const Features &f) {
  json::Array ops, kinds, dts, ranks, modes;
  for (const OpFeature &o : f.ops)
    ops.push_back(toJSON(o));
  for (const std::string &s : f.opKinds)
    kinds.push_back(s);
  for (const std::string &s : f.dtypes)
    dts.push_back(s);
  for (unsigned r : f.ranks)
    ranks.push_back(r);
  for (const std::string &s : f.valueModes)
    modes.push_back(s);
  return json::Object{
      {"ops", std::move(ops)},
      {"op_kinds", std::move(kinds)},
      {"dtypes", std::move(dts)},
      {"ranks", std::move(ranks)},
      {"value_modes", std::move(modes)},
      {"dynamic", f.dynamic},
      {"static", f.isStatic},
      {"num_args", f.numArgs},
      {"num_ops", f.numOps},
      {"num_results", f.numResults},
      {"unused_results", f.unusedResults},
      {"max_tensor_elements", f.maxTensorElements},
      {"undecidable_results", f.undecidableResults},
      {"free_results", f.freeResults},
  };
}

void showValue(const Case &c, std::ostream &os) {
  os << c.text();
  for (auto [i, a] : llvm::enumerate(c.program.args)) {
    os << "// input " << i << ": "
       << shapeTypeString(c.program.shape(a), c.program.type(a).dtype) << " "
       << valueModeName(c.argSpecs[i].mode).str() << "\n";
  }
}

} // namespace ref::fuzz