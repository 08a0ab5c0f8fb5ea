//===- Generator.h - Programs valid by construction, with inputs -*- C++
//-*-===//
//
// The fuzzer's program generator: RapidCheck generators of `Case`s (a
// program, concrete inputs for each argument and the features the case
// exercises). Shapes and element types are chosen first, then only ops whose
// shape rules hold, so every program passes IREE's verifiers; linalg.generic
// bodies are expression DAGs whose scalars carry integer ranges and float
// exactness classes, so they have no undefined behaviour and make no
// decision on a value IREE may compute a few ULP apart; inputs are
// chosen per argument to fit every op that reads them, so the interpreter
// finds no undefined behaviour (in-range indices, unique indices under
// unique_indices(true), no NaN under a comparator) and the oracle can decide
// every returned value (no value computed from a sort's tie groups or a
// scatter's duplicate writes is consumed; float arithmetic gets small dyadic
// values that keep results exact).
//
// Shrinking keeps cases valid: the generator is one `rc::gen::exec` whose
// picks RapidCheck shrinks one at a time, re-running the construction with
// every later pick regenerated, so a shrunk case is built by the same rules.
//
// Determinism: `generateCase(seed, opts)` runs the generator with
// `rc::Random(seed)` at a fixed size; RapidCheck's Random is a splittable
// hash-based generator, so the same seed and options give the same case on
// every machine. Input values come from a seed picked by the generator
// (SplitMix in Values.h).
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_GENERATOR_H
#define REF_FUZZ_GENERATOR_H

#include "fuzz/Program.h"
#include "fuzz/Values.h"

#include "llvm/Support/JSON.h"

#include <rapidcheck.h>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace ref::fuzz {

/// An IREE release (major.minor).
struct IreeVersion {
  unsigned majorVersion = 0, minorVersion = 0;
  bool operator<(const IreeVersion &o) const {
    return majorVersion != o.majorVersion ? majorVersion < o.majorVersion
                                          : minorVersion < o.minorVersion;
  }
};

struct GenOptions {
  /// Ops per function (the destination helpers tensor.empty / linalg.fill
  /// that initialise outputs are not counted).
  unsigned minOps = 1;
  unsigned maxOps = 4;
  /// Op kinds to draw from; empty: every kind before `kNumDefaultOpKinds`
  /// (Empty excluded): softmax, pack and unpack only when listed.
  std::vector<OpKind> ops;
  /// Element types of generated tensors; empty: i1 i8 i16 i32 i64 f16 bf16
  /// f32 f64. Index tensors of gather/scatter are i8..i64 regardless.
  std::vector<DType> dtypes;
  /// Highest rank of a generated tensor (ops need at least 1 where they do).
  unsigned maxRank = 4;
  /// Percent of cases that have dynamic dims, and of the dims of such a
  /// case's arguments and casts that are `?`.
  unsigned dynamicCasePercent = 40;
  unsigned dynamicDimPercent = 50;
  /// Allow extents of 0 (every op generated is legal with them).
  bool allowZeroExtents = false;
  /// Elements per tensor; a few percent of cases (with allowLarge) use
  /// `largeElements` and draw large extents.
  int64_t maxElements = 4096;
  bool allowLarge = false;
  int64_t largeElements = 100000;
  unsigned largeCasePercent = 3;
  /// Scatter/gather with no batch dims (indices of rank 1 holding one index
  /// tuple). Valid IR, but iree-compile 3.13 fails on it for llvm-cpu (gather:
  /// a rank-0 collapse_shape; scatter: out of memory), so a campaign may
  /// want it off once those failures are on record.
  bool allowBatchRankZero = true;
  /// linalg.generic reductions whose combined term does not read the
  /// reduction loops (a constant, a broadcast input, an index of a parallel
  /// loop). Valid IR, but iree-compile 3.13's llvm-cpu vectorizer computes
  /// such a term once per vector tile instead of once per iteration (a
  /// silent wrong result), so a campaign may want it off once on record.
  /// Off, every such term is combined (max/min/xor) with an input the
  /// reduction loops index.
  bool allowInvariantReductions = true;
  /// Only ops the targeted IREE release has (each recipe's `since`, see
  /// fuzz/Recipe.h); unset: every op.
  std::optional<IreeVersion> iree;
  /// Op kinds the IREE in use rejects (its capability probe, see
  /// difftest/Capabilities.h): never drawn, whatever `iree` says. The probe
  /// is the ground truth; `iree` and the recipes' `since` are the static
  /// fallback when there is no IREE to probe.
  std::vector<OpKind> unsupported;
  /// Percent of cases that start with a frontend-shaped recipe (OpKind
  /// ArgSort and after: argsort/topk as sort with an iota payload,
  /// scatter_add into one row, degenerate matmuls, dynamic-M matmuls with
  /// extf/truncf, in-place sorts of arguments, torch's iota-coordinate
  /// scatter, dead results, static aligned reductions and matmuls), then
  /// draw the rest of their ops as usual. 0 (the default) draws nothing for it, so every
  /// other case stays what it was.
  unsigned frontendPercent = 0;
  /// Per op kind (indexed by OpKind), a factor on its recipe's weight; empty
  /// (the default): the recipes' weights, every case what it always was. A
  /// guided campaign sets it from which op kinds reached new coverage
  /// (difftest/Schedule.h, generatorWeightScale).
  std::vector<double> weightScale;
  /// Returned values per function.
  unsigned maxResults = 3;
  /// RapidCheck size `generateCase` runs the generator with. The picks
  /// themselves do not depend on it (see Generator.cpp).
  int size = rc::kNominalSize;
};

/// What one op of a case exercises.
struct OpFeature {
  OpKind kind = OpKind::Empty;
  DType dtype = DType::F32;
  unsigned rank = 0;
  bool dynamic = false;
  /// Forms, e.g. "operands=2", "comparator=lexicographic", "depth=2",
  /// "implicit_depth", "unique_indices", "combiner=add", "with_indices",
  /// "index_base", "inclusive", "k=1", "k=n", "rank_reducing",
  /// "mixed=f32"; linalg.generic: "loops=3",
  /// "iterators=parallel,reduction", "maps=transpose", "maps=broadcast",
  /// "inputs=2", "outputs=2", "index", "truncf_back", "mixed=f16->f32",
  /// "body_ops=arith.addf,arith.extf" (the body's ops, sorted). `rank` is
  /// the number of loops for a generic.
  std::vector<std::string> forms;
};

/// What a case uses, for coverage tables.
struct Features {
  std::vector<OpFeature> ops;
  /// Sorted, unique: op names, element types, ranks, value modes.
  std::vector<std::string> opKinds;
  std::vector<std::string> dtypes;
  std::vector<unsigned> ranks;
  std::vector<std::string> valueModes;
  /// Whether any argument or op type has a `?`, and whether any is static.
  bool dynamic = false;
  bool isStatic = false;
  unsigned numArgs = 0;
  unsigned numOps = 0;
  unsigned numResults = 0;
  /// Op results neither returned nor used by another op.
  unsigned unusedResults = 0;
  int64_t maxTensorElements = 0;
  /// Returned values the oracle may not be able to decide (computed from
  /// another op's freedom). The generator avoids them: 0 unless a rule is
  /// missing.
  unsigned undecidableResults = 0;
  /// Returned values with freedom the oracle decides (sort tie groups,
  /// scatter duplicates, float reductions).
  unsigned freeResults = 0;
};

llvm::json::Value toJSON(const Features &f);
llvm::json::Value toJSON(const OpFeature &f);

struct Case {
  Program program;
  /// How each argument's values were chosen (one per argument).
  std::vector<ValueSpec> argSpecs;
  /// The concrete inputs, one per argument (its `Value::shape`).
  std::vector<Tensor> inputs;
  Features features;

  std::string text(const PrintOptions &opts = {}) const {
    return printProgram(program, opts);
  }
};

/// RapidCheck prints counterexamples with this: the program and the inputs'
/// types and modes.
void showValue(const Case &c, std::ostream &os);

/// The generator of cases.
rc::Gen<Case> genCase(const GenOptions &opts = {});

/// The case `seed` stands for: genCase(opts) run with rc::Random(seed) at
/// size `opts.size`. Same seed and options, same case.
Case generateCase(uint64_t seed, const GenOptions &opts = {});

/// The default element types (i1 i8 i16 i32 i64 f16 bf16 f32 f64).
std::vector<DType> defaultDTypes();

} // namespace ref::fuzz

#endif // REF_FUZZ_GENERATOR_H
