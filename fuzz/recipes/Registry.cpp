//===- Registry.cpp - The table of op recipes -----------------------------===//

#include "fuzz/Recipe.h"

namespace ref::fuzz::gen {

llvm::ArrayRef<const Recipe *> recipes() {
  static const Recipe *const all[] = {
#define REF_FUZZ_RECIPE(NAME) &NAME(),
#include "fuzz/recipes/Recipes.def"
  };
  return all;
}

const Recipe *recipeFor(OpKind k) {
  static const std::vector<const Recipe *> byKind = [] {
    std::vector<const Recipe *> v(kNumOpKinds, nullptr);
    for (const Recipe *r : recipes()) {
      assert(!v[static_cast<unsigned>(r->kind)] && "two recipes for one op");
      v[static_cast<unsigned>(r->kind)] = r;
    }
    return v;
  }();
  return byKind[static_cast<unsigned>(k)];
}

} // namespace ref::fuzz::gen
