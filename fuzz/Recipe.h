//===- Recipe.h - One op family of the generator ----------------*- C++ -*-===//
//
// The generator is a registry of op recipes over the core (GenCore.h). A
// recipe says which op it builds, how often (its weight among the op kinds
// a case may use), which IREE releases have the op, what it needs from the
// options and from the values it reads, what it produces, and how to build
// it. Each recipe lives in one file under fuzz/recipes/ and is registered
// by one line in fuzz/recipes/Recipes.def.
//
// Determinism: each op of a case is one weighted pick over the enabled op
// kinds in OpKind order (not registry order), so the registry's order does
// not matter; a new recipe changes the weights and so the cases drawn with
// every kind enabled (tests/fuzz/GoldenTest.cpp notices, and records the
// new hashes), not those drawn from a fixed --ops list without it.
//
//===----------------------------------------------------------------------===//

#ifndef REF_FUZZ_RECIPE_H
#define REF_FUZZ_RECIPE_H

#include "fuzz/GenCore.h"

namespace ref::fuzz::gen {

struct Recipe {
  /// The op it builds (its name is opKindName(kind)).
  OpKind kind;
  /// Relative chance among the op kinds a case may use.
  unsigned weight;
  /// The oldest IREE release whose iree-compile takes the recipe's
  /// programs (from IREE's history and the capability probe of the
  /// releases at hand, docs/fuzzing.md); the static fallback when no IREE
  /// can be probed (fuzz-gen --iree-version).
  IreeVersion since;
  /// What it reads: element types, ranks, the facts of operands it reuses
  /// (for --list-recipes and the README).
  const char *needs;
  /// What it produces: results and the facts they carry.
  const char *produces;
  /// Whether the options leave it something to build (null: always).
  bool (*feasible)(const Builder &);
  /// Appends the op (and the arguments and destinations it needs).
  void (*build)(Builder &);

  /// Whether the targeted IREE has the op: not rejected by its probe
  /// (GenOptions::unsupported), and no newer than its release
  /// (GenOptions::iree).
  bool available(const GenOptions &opts) const {
    return !llvm::is_contained(opts.unsupported, kind) &&
           (!opts.iree || !(*opts.iree < since));
  }
};

/// Every registered recipe, in Recipes.def order.
llvm::ArrayRef<const Recipe *> recipes();

/// The recipe of op kind `k` (null: none, e.g. OpKind::Empty).
const Recipe *recipeFor(OpKind k);

// The recipes' definitions (fuzz/recipes/*.cpp).
#define REF_FUZZ_RECIPE(NAME) const Recipe &NAME();
#include "fuzz/recipes/Recipes.def"

} // namespace ref::fuzz::gen

#endif // REF_FUZZ_RECIPE_H
