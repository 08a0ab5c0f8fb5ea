//===- CorpusMutate.cpp - Mutants of real programs for campaigns ----------===//
//
//   ref-mutate SRC.mlir --corpus-mutate --function=F --seed=S --rename=f12
//       -o out.mlir          one mutant of @F, as function @f12
//   ref-mutate LIST --corpus-inventory
//                            per source (LIST: one path a line): does it
//                            load, which functions are usable, how many
//                            mutations each offers
//   ref-mutate SRC.mlir --corpus-mutate --function=F --rename=f0
//       --apply='dtype f32 -> f16' [--apply=...] -o out.mlir
//                            the named mutations in order (tests)
//
// A source function is first made a case: IREE's ABI wrapper unwrapped, a
// util.func made a func.func, each `check.expect_*` of an e2e test replaced
// by a result (its first operand, the value the test checks: the campaign
// compares it), everything it does not reach dropped, its symbols renamed
// after the case (so the cases of a batch share a module) and nothing else
// public. Then 1-3 mutations, drawn from the seed, each re-parsed and
// verified. An attempt whose mutant does not parse or verify is counted and
// the next attempt (another draw) follows, up to 8.
//
// Output (stdout, JSON): the source, the function, the mutations applied
// ({"kind", "what"}), attempts and invalid attempts (with the first reason
// of each), and per argument of the mutant the extents it runs with
// ("arg_shapes"; -1 for a `?` extent the driver chooses).
// Exit codes: 0 written; 3 every attempt invalid; 2 the source or function
// cannot be made a case (does not parse, no results, ...).
//
//===----------------------------------------------------------------------===//

#include "interp/tools/CorpusMutate.h"

#include "interp/dialects/HalDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/Support/FileUtilities.h"

#include <cstdio>
#include <map>
#include <random>
#include <set>

using namespace mlir;
namespace cl = llvm::cl;

namespace ref::mutate {

cl::OptionCategory &corpusCategory() {
  static cl::OptionCategory c("ref-mutate corpus-mutation options");
  return c;
}

namespace {

cl::opt<bool> corpusMutate("corpus-mutate",
                           cl::desc("Make --function a mutated case"),
                           cl::cat(corpusCategory()));
cl::opt<bool> corpusInventory(
    "corpus-inventory",
    cl::desc("The input lists sources (one a line): say which load and "
             "what each function offers"),
    cl::cat(corpusCategory()));
cl::opt<uint64_t> seedOpt("seed", cl::desc("The mutant's seed"), cl::init(1),
                          cl::cat(corpusCategory()));
cl::opt<std::string> renameOpt("rename",
                               cl::desc("The case's function name"),
                               cl::init("f0"), cl::cat(corpusCategory()));
cl::list<std::string>
    applyOpt("apply",
             cl::desc("A mutation by its description, applied in order "
                      "instead of random ones"),
             cl::cat(corpusCategory()));
cl::opt<unsigned> maxSteps("max-mutations",
                           cl::desc("At most this many mutations (1 to it "
                                    "drawn; 0: none, the case unmutated)"),
                           cl::init(3), cl::cat(corpusCategory()));

enum Exit { kWritten = 0, kBadInput = 2, kInvalid = 3 };

constexpr unsigned kAttempts = 8;
constexpr int64_t kMaxConstantElements = 1 << 16;

//===----------------------------------------------------------------------===//
// Making a function a case
//===----------------------------------------------------------------------===//

bool supportedElement(Type t) {
  return t.isIntOrFloat() || isa<ComplexType>(t);
}

/// Makes @name of `m` the case @rename (see the file comment). `why` says
/// what stops it.
LogicalResult normalize(ModuleOp m, StringRef name, StringRef rename,
                        std::string &why) {
  auto f = m.lookupSymbol<FunctionOpInterface>(name);
  if (!f || f.isExternal()) {
    why = "no function @" + name.str() + " with a body";
    return failure();
  }
  if (llvm::any_of(f.getArgumentTypes(), [](Type t) {
        return isa<ref::hal::BufferViewType>(t);
      })) {
    std::string what;
    if (failed(unwrapAbi(m, name, what))) {
      why = "IREE's ABI wrapper does not unwrap";
      return failure();
    }
    f = m.lookupSymbol<FunctionOpInterface>(name);
  }
  MLIRContext *ctx = m.getContext();
  ctx->getOrLoadDialect<func::FuncDialect>();
  ctx->getOrLoadDialect<arith::ArithDialect>();
  ctx->getOrLoadDialect<tensor::TensorDialect>();
  OpBuilder b(ctx);
  func::FuncOp fn = dyn_cast<func::FuncOp>(f.getOperation());
  if (!fn) {
    // util.func (IREE's input-level function): the same body as func.func.
    auto type = dyn_cast<FunctionType>(f.getFunctionType());
    if (!type) {
      why = "@" + name.str() + " is not a function of tensors";
      return failure();
    }
    b.setInsertionPoint(f);
    fn = func::FuncOp::create(b, f.getLoc(), name, type);
    fn.getBody().takeBody(f.getFunctionBody());
    SmallVector<Operation *> returns;
    fn.walk([&](Operation *op) {
      if (op->getName().getStringRef() == "util.return" &&
          op->getParentOp() == fn.getOperation())
        returns.push_back(op);
    });
    for (Operation *r : returns) {
      b.setInsertionPoint(r);
      func::ReturnOp::create(b, r->getLoc(), r->getOperands());
      r->erase();
    }
    f->erase();
  }
  // e2e tests: each check's checked value becomes a result.
  SmallVector<Operation *> checks;
  fn.walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "check")
      checks.push_back(op);
  });
  if (!checks.empty()) {
    if (!fn.getBody().hasOneBlock()) {
      why = "checks in a function of several blocks";
      return failure();
    }
    SmallVector<Value> checked;
    for (Operation *c : checks) {
      if (c->getParentOp() != fn.getOperation()) {
        why = "a check inside a region";
        return failure();
      }
      if (c->getNumOperands() > 0 &&
          isa<RankedTensorType>(c->getOperand(0).getType()) &&
          !llvm::is_contained(checked, c->getOperand(0)))
        checked.push_back(c->getOperand(0));
      c->erase();
    }
    Operation *ret = fn.getBody().front().getTerminator();
    SmallVector<Value> values(ret->getOperands());
    values.append(checked.begin(), checked.end());
    b.setInsertionPoint(ret);
    func::ReturnOp::create(b, ret->getLoc(), values);
    ret->erase();
    fn.setType(FunctionType::get(ctx, fn.getArgumentTypes(),
                                 ValueRange(values).getTypes()));
  }
  if (fn.getNumResults() == 0) {
    why = "no results to compare";
    return failure();
  }
  for (Type t : llvm::concat<const Type>(fn.getArgumentTypes(),
                                        fn.getResultTypes())) {
    auto tt = dyn_cast<RankedTensorType>(t);
    if (!tt || !supportedElement(tt.getElementType()) || tt.getEncoding()) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << t;
      why = "an argument or result of type " + s;
      return failure();
    }
  }
  bool resource = false;
  m.walk([&](Operation *op) {
    for (NamedAttribute a : op->getAttrs())
      if (isa<DenseResourceElementsAttr>(a.getValue()))
        resource = true;
  });
  if (resource) {
    why = "dense_resource constants (their blobs stay with the module)";
    return failure();
  }
  // Keep what the function reaches; rename it after the case.
  llvm::SetVector<Operation *> keep;
  keep.insert(fn);
  for (size_t i = 0; i < keep.size(); ++i) {
    Operation *op = keep[i];
    for (Region &r : op->getRegions())
      if (auto uses = SymbolTable::getSymbolUses(&r))
        for (const SymbolTable::SymbolUse &u : *uses)
          if (Operation *s = m.lookupSymbol(u.getSymbolRef().getRootReference()))
            keep.insert(s);
  }
  SmallVector<Operation *> drop;
  for (Operation &op : m.getBody()->getOperations())
    if (!keep.count(&op))
      drop.push_back(&op);
  for (Operation *op : drop)
    op->erase();
  for (Operation *op : keep) {
    auto sym = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!sym)
      continue;
    std::string to = op == fn.getOperation()
                         ? rename.str()
                         : rename.str() + "_" + sym.getValue().str();
    if (failed(SymbolTable::replaceAllSymbolUses(sym, StringAttr::get(ctx, to),
                                                 m))) {
      why = "a symbol use that cannot be renamed";
      return failure();
    }
    SymbolTable::setSymbolName(op, to);
    SymbolTable::setSymbolVisibility(op, op == fn.getOperation()
                                             ? SymbolTable::Visibility::Public
                                             : SymbolTable::Visibility::Private);
  }
  // Codegen steering attributes (kept as opaque text by our dialects) that
  // name an alias of the source's module (`lowering_config =
  // #config_large`) cannot travel without it: they go (the case loses
  // that steering; the program is the same).
  llvm::Regex alias("#[A-Za-z_][A-Za-z0-9_$]*([^A-Za-z0-9_$.<]|$)");
  m.walk([&](Operation *op) {
    SmallVector<StringAttr> drop;
    for (NamedAttribute a : op->getDiscardableAttrs()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      a.getValue().print(os);
      if (alias.match(text))
        drop.push_back(a.getName());
    }
    for (StringAttr name : drop)
      op->removeDiscardableAttr(name);
  });
  fn->removeAttr("iree.abi.stub");
  fn->removeAttr("iree.reflection");
  fn.setAllArgAttrs(ArrayRef<DictionaryAttr>());
  fn.setAllResultAttrs(ArrayRef<DictionaryAttr>());
  // Module attributes stay behind: the case is its top-level ops.
  {
    ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &d) {
      if (why.empty())
        why = "does not verify after normalization: " + d.str();
      return success();
    });
    if (failed(verify(m))) {
      if (why.empty())
        why = "does not verify after normalization";
      return failure();
    }
  }
  return success();
}

/// The case's text: its top-level ops, without the module around them (a
/// batch concatenates cases into one module).
std::string caseText(ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  // Local scope: attributes inline, no reference to a module-level alias
  // (`#config = ...`) that the case would not carry.
  for (Operation &op : m.getBody()->getOperations()) {
    op.print(os, OpPrintingFlags().useLocalScope());
    os << "\n";
  }
  return s;
}

std::string printed(ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os);
  return s;
}

std::string typeText(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

//===----------------------------------------------------------------------===//
// Mutations
//===----------------------------------------------------------------------===//

/// What a mutant carries besides its text: per argument, the extents it
/// runs with (-1: the driver's choice, as for a `?` of the source).
struct State {
  std::vector<std::vector<int64_t>> runShapes;
};

/// A mutation of the current program: `apply` returns the new module text
/// (printed whole) or an empty string when it cannot apply.
struct Candidate {
  std::string kind, what;
  std::function<std::string(ModuleOp, func::FuncOp, State &)> apply;
};

/// `text` with the element type `from` made `to` wherever it is a type:
/// alone (`: f32`, `tensor<f32>`, `complex<f32>`) or after a shape
/// (`4x?xf32`); names that merely contain it (`%c0_i32`) stay.
std::string replaceTypeToken(StringRef text, StringRef from, StringRef to) {
  // Part of a longer name, or a sigil that makes the token a name rather
  // than a type: `@f32` (a case named after its index), `%f16`, `#i8`,
  // `^bb`, a quoted string.
  auto word = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-' ||
           c == '@' || c == '%' || c == '#' || c == '^' || c == '"';
  };
  std::string out;
  size_t pos = 0;
  while (true) {
    size_t at = text.find(from, pos);
    if (at == StringRef::npos)
      break;
    char before = at ? text[at - 1] : ' ';
    size_t end = at + from.size();
    char after = end < text.size() ? text[end] : ' ';
    bool okBefore = !word(before) ||
                    (before == 'x' && at >= 2 &&
                     (llvm::isDigit(text[at - 2]) || text[at - 2] == '?'));
    out += text.substr(pos, at - pos).str();
    out += (okBefore && !word(after)) ? to.str() : from.str();
    pos = end;
  }
  out += text.substr(pos).str();
  return out;
}

void collectTypes(func::FuncOp fn, std::set<std::string> &names) {
  auto add = [&](Type t) {
    if (auto st = dyn_cast<ShapedType>(t))
      t = st.getElementType();
    if (auto ct = dyn_cast<ComplexType>(t))
      t = ct.getElementType();
    if (t.isIntOrFloat() && !t.isInteger(1))
      names.insert(typeText(t));
  };
  fn.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      add(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          add(a.getType());
  });
}

/// The types of the globals whose value comes from a parameter archive
/// (`util.global @w = #stream/#flow.parameter.named<...> : tensor<...>`):
/// the archive holds exactly their bytes, so a mutant that changes their
/// shape or element type no longer fits it (ref-run refuses an entry of
/// another size). Mutations leave them alone.
std::vector<ShapedType> parameterGlobalTypes(ModuleOp m) {
  std::vector<ShapedType> out;
  m.walk([&](Operation *op) {
    if (op->getName().getStringRef() != "util.global")
      return;
    Attribute init = op->getAttr("initial_value");
    auto type = op->getAttrOfType<TypeAttr>("type");
    if (!init || !type || !isa<ShapedType>(type.getValue()))
      return;
    std::string text;
    llvm::raw_string_ostream os(text);
    init.print(os);
    if (StringRef(text).contains("parameter.named<"))
      out.push_back(cast<ShapedType>(type.getValue()));
  });
  return out;
}

/// Element-type changes within a class: floats among f16, bf16, f32, f64;
/// integers among i8, i16, i32, i64. The whole program follows (constants,
/// region arguments, every op); an op that does not take the new type
/// fails to verify, and a constant that does not fit fails to parse.
void dtypeCandidates(ModuleOp m, func::FuncOp fn,
                     std::vector<Candidate> &out) {
  std::set<std::string> present, fixed;
  collectTypes(fn, present);
  for (ShapedType t : parameterGlobalTypes(m))
    fixed.insert(typeText(t.getElementType()));
  const std::vector<std::vector<std::string>> classes = {
      {"f16", "bf16", "f32", "f64"}, {"i8", "i16", "i32", "i64"}};
  for (const auto &cls : classes)
    for (const std::string &from : cls) {
      if (!present.count(from) || fixed.count(from))
        continue; // (a parameter global's type stays: see above)
      for (const std::string &to : cls) {
        if (to == from || present.count(to))
          continue; // merging two types of a program loses its casts
        out.push_back({"dtype", "dtype " + from + " -> " + to,
                       [from, to](ModuleOp m, func::FuncOp, State &) {
                         return replaceTypeToken(printed(m), from, to);
                       }});
      }
    }
}

/// A static extent N made M in every tensor type of the program (the
/// extent as a shape symbol: every dim that had it changes together).
void shapeCandidates(ModuleOp m, func::FuncOp, std::vector<Candidate> &out) {
  // An extent of a constant that is not a splat stays: its elements would
  // no longer fit (the mutant would not parse).
  std::set<int64_t> pinned;
  m.walk([&](Operation *op) {
    for (NamedAttribute a : op->getAttrs())
      if (auto d = dyn_cast<DenseElementsAttr>(a.getValue()))
        if (!d.isSplat())
          for (int64_t n : d.getType().getShape())
            pinned.insert(n);
  });
  // Nor an extent of a global read from a parameter archive.
  for (ShapedType t : parameterGlobalTypes(m))
    for (int64_t n : t.getShape())
      pinned.insert(n);
  for (int64_t n : staticExtents(printed(m))) {
    if (pinned.count(n))
      continue;
    std::vector<int64_t> targets = {1, n + 1, 2 * n};
    if (n > 2)
      targets.push_back(n - 1);
    for (int64_t t : targets) {
      if (t > 256)
        continue;
      out.push_back(
          {"shape",
           "extent " + std::to_string(n) + " -> " + std::to_string(t),
           [n, t](ModuleOp m, func::FuncOp, State &st) {
             for (auto &shape : st.runShapes)
               for (int64_t &d : shape)
                 if (d == n)
                   d = t;
             return replaceExtent(printed(m), n, t);
           }});
    }
  }
}

/// Lets result types follow operand types that changed: a
/// destination-style op's results take their inits' types, an op that
/// infers its result types infers them again. Ops are visited in order, so
/// a change flows down the function.
void followTypes(func::FuncOp fn) {
  fn.walk<WalkOrder::PreOrder>([](Operation *op) {
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op)) {
      for (OpOperand &init : dps.getDpsInitsMutable()) {
        OpResult r = dps.getTiedOpResult(&init);
        if (r && isa<RankedTensorType>(init.get().getType()))
          r.setType(init.get().getType());
      }
      return;
    }
    if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
      SmallVector<Type> types;
      if (succeeded(infer.inferReturnTypes(
              op->getContext(), op->getLoc(), op->getOperands(),
              op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
              op->getRegions(), types)) &&
          types.size() == op->getNumResults())
        for (auto [r, t] : llvm::zip(op->getResults(), types))
          r.setType(t);
    }
  });
}

/// A static extent of an argument made `?` at the function boundary:
/// either a tensor.cast back to the static type at entry, or the dynamic
/// type given to the argument's users directly (shape-polymorphic ops
/// follow; others fail to verify). The argument runs with the old extent.
void dynamicCandidates(ModuleOp, func::FuncOp fn,
                       std::vector<Candidate> &out) {
  for (unsigned k = 0; k < fn.getNumArguments(); ++k) {
    auto tt = cast<RankedTensorType>(fn.getArgument(k).getType());
    for (int64_t d = 0; d < tt.getRank(); ++d) {
      if (tt.isDynamicDim(d))
        continue;
      for (bool withCast : {true, false})
        out.push_back(
            {"dynamic",
             "argument " + std::to_string(k) + " dim " + std::to_string(d) +
                 " -> ?" + (withCast ? " (cast at entry)" : " (users follow)"),
             [k, d, withCast](ModuleOp m, func::FuncOp fn, State &) {
               BlockArgument a = fn.getArgument(k);
               auto old = cast<RankedTensorType>(a.getType());
               SmallVector<int64_t> dims(old.getShape());
               dims[d] = ShapedType::kDynamic;
               auto dyn = RankedTensorType::get(dims, old.getElementType());
               a.setType(dyn);
               if (withCast) {
                 OpBuilder b(m.getContext());
                 b.setInsertionPointToStart(&fn.getBody().front());
                 auto c = tensor::CastOp::create(b, fn.getLoc(), old, a);
                 a.replaceAllUsesExcept(c, c);
               }
               SmallVector<Type> inputs(fn.getArgumentTypes());
               inputs[k] = dyn;
               if (!withCast)
                 followTypes(fn);
               Operation *ret = fn.getBody().front().getTerminator();
               fn.setType(FunctionType::get(m.getContext(), inputs,
                                            ret->getOperandTypes()));
               return printed(m);
             }});
    }
  }
}

/// The ops of the function (nested ones too), in walk order.
std::vector<Operation *> allOps(func::FuncOp fn) {
  std::vector<Operation *> ops;
  fn.walk([&](Operation *op) {
    if (op != fn.getOperation())
      ops.push_back(op);
  });
  return ops;
}

/// Whether `op` sits in the comparator region of an iree_linalg_ext op.
/// Only a sort's comparator is mutated (to another strict weak order): the
/// outs of topk, topk_v2 and arg_compare are initialized with the identity
/// of their comparator (-inf for a greater-than), and IREE's own lowering
/// counts those initial values as candidates (TopkV2Op's scalar
/// implementation inserts into them) while the op's description selects
/// from the input alone; with the order reversed the fill is no longer an
/// identity and the result is that ambiguity, not a bug.
bool inComparator(Operation *op) {
  Operation *parent = op->getParentOp();
  return parent && parent->getName().getDialectNamespace() ==
                       "iree_linalg_ext";
}
bool mutableComparator(Operation *op) {
  Operation *parent = op->getParentOp();
  return parent && parent->getName().getStringRef() == "iree_linalg_ext.sort";
}

void attributeCandidates(ModuleOp, func::FuncOp fn,
                         std::vector<Candidate> &out) {
  std::vector<Operation *> ops = allOps(fn);
  for (auto [at, op] : llvm::enumerate(ops)) {
    size_t index = at;
    StringRef name = op->getName().getStringRef();
    auto withOp = [index](auto change) {
      return [index, change](ModuleOp m, func::FuncOp fn, State &) {
        Operation *op = allOps(fn)[index];
        if (!change(op))
          return std::string();
        return printed(m);
      };
    };
    // The dimension of sort, scan, topk, arg_compare (a permutation of
    // what is compared; topk and arg_compare need equal extents, which the
    // verifier checks).
    if (op->getName().getDialectNamespace() == "iree_linalg_ext" &&
        op->getNumOperands() > 0)
      if (auto dim = op->getAttrOfType<IntegerAttr>("dimension"))
        if (auto st = dyn_cast<ShapedType>(op->getOperand(0).getType()))
          for (int64_t d = 0; d < st.getRank(); ++d) {
            if (d == dim.getInt())
              continue;
            out.push_back({"attribute",
                           name.str() + " dimension " +
                               std::to_string(dim.getInt()) + " -> " +
                               std::to_string(d),
                           withOp([d](Operation *op) {
                             op->setAttr("dimension",
                                         IntegerAttr::get(
                                             IntegerType::get(op->getContext(),
                                                              64),
                                             d));
                             return true;
                           })});
          }
    // linalg.reduce's reduced dimension (the result keeps its shape only
    // where the extents agree; the verifier decides).
    if (auto red = dyn_cast<linalg::ReduceOp>(op)) {
      ArrayRef<int64_t> dims = red.getDimensions();
      auto st = cast<ShapedType>(red.getDpsInputOperand(0)->get().getType());
      if (dims.size() == 1)
        for (int64_t d = 0; d < st.getRank(); ++d)
          if (d != dims[0])
            out.push_back({"attribute",
                           "linalg.reduce dimensions [" +
                               std::to_string(dims[0]) + "] -> [" +
                               std::to_string(d) + "]",
                           withOp([d](Operation *op) {
                             cast<linalg::ReduceOp>(op).setDimensions({d});
                             return true;
                           })});
    }
    if (name == "iree_linalg_ext.scan")
      if (auto inc = op->getAttrOfType<BoolAttr>("inclusive"))
        out.push_back({"attribute",
                       std::string("scan inclusive ") +
                           (inc.getValue() ? "true -> false" : "false -> true"),
                       withOp([](Operation *op) {
                         auto inc = op->getAttrOfType<BoolAttr>("inclusive");
                         op->setAttr("inclusive",
                                     BoolAttr::get(op->getContext(),
                                                   !inc.getValue()));
                         return true;
                       })});
    // unique_indices(true) promises what only the source's own indices
    // keep; dropping the promise is always valid (never the other way).
    if (name == "iree_linalg_ext.scatter") {
      auto u = op->getAttrOfType<BoolAttr>("unique_indices");
      if (!u || u.getValue())
        out.push_back({"attribute", "scatter unique_indices true -> false",
                       withOp([](Operation *op) {
                         op->setAttr("unique_indices",
                                     BoolAttr::get(op->getContext(), false));
                         return true;
                       })});
    }
    // Comparison predicates: in a comparator, another strict weak order
    // (olt/ogt; slt/sgt/ult/ugt); in a body, any other predicate.
    if (auto cmp = dyn_cast<arith::CmpFOp>(op);
        cmp && (!inComparator(op) || mutableComparator(op))) {
      using P = arith::CmpFPredicate;
      std::vector<P> preds =
          inComparator(op)
              ? std::vector<P>{P::OLT, P::OGT}
              : std::vector<P>{P::OLT, P::OLE, P::OGT, P::OGE, P::OEQ, P::UNE};
      if (llvm::is_contained(preds, cmp.getPredicate()))
        for (P p : preds)
          if (p != cmp.getPredicate())
            out.push_back(
                {"attribute",
                 "arith.cmpf " +
                     arith::stringifyCmpFPredicate(cmp.getPredicate()).str() +
                     " -> " + arith::stringifyCmpFPredicate(p).str() +
                     (inComparator(op) ? " (comparator)" : ""),
                 withOp([p](Operation *op) {
                   cast<arith::CmpFOp>(op).setPredicate(p);
                   return true;
                 })});
    }
    if (auto cmp = dyn_cast<arith::CmpIOp>(op);
        cmp && (!inComparator(op) || mutableComparator(op))) {
      using P = arith::CmpIPredicate;
      std::vector<P> preds =
          inComparator(op)
              ? std::vector<P>{P::slt, P::sgt, P::ult, P::ugt}
              : std::vector<P>{P::slt, P::sle, P::sgt, P::sge, P::eq, P::ne,
                               P::ult, P::uge};
      if (llvm::is_contained(preds, cmp.getPredicate()))
        for (P p : preds)
          if (p != cmp.getPredicate())
            out.push_back(
                {"attribute",
                 "arith.cmpi " +
                     arith::stringifyCmpIPredicate(cmp.getPredicate()).str() +
                     " -> " + arith::stringifyCmpIPredicate(p).str() +
                     (inComparator(op) ? " (comparator)" : ""),
                 withOp([p](Operation *op) {
                   cast<arith::CmpIOp>(op).setPredicate(p);
                   return true;
                 })});
    }
    // Padding values: tensor.pad's yielded value, linalg.pack's
    // padding_value, made another constant.
    Value padding;
    if (auto pad = dyn_cast<tensor::PadOp>(op))
      padding = pad.getConstantPaddingValue();
    if (auto pack = dyn_cast<linalg::PackOp>(op))
      padding = pack.getPaddingValue();
    if (padding && padding.getType().isIntOrFloat() &&
        !padding.getType().isInteger(1))
      for (double v : {0.0, 1.0, -1.0, -3.5}) {
        if (v == -3.5 && !isa<FloatType>(padding.getType()))
          continue;
        // Not the value it has.
        Attribute current;
        if (matchPattern(padding, m_Constant(&current))) {
          if (auto fa = dyn_cast<FloatAttr>(current);
              fa && fa.getValueAsDouble() == v)
            continue;
          if (auto ia = dyn_cast<IntegerAttr>(current);
              ia && ia.getValue().getSExtValue() == static_cast<int64_t>(v))
            continue;
        }
        char text[32];
        std::snprintf(text, sizeof text, "%g", v);
        out.push_back(
            {"attribute", name.str() + " padding value -> " + text,
             withOp([v](Operation *op) {
               OpBuilder b(op);
               Type t;
               if (auto pad = dyn_cast<tensor::PadOp>(op))
                 t = pad.getResultType().getElementType();
               else
                 t = cast<linalg::PackOp>(op).getDestType().getElementType();
               TypedAttr attr =
                   isa<FloatType>(t)
                       ? TypedAttr(b.getFloatAttr(t, v))
                       : TypedAttr(b.getIntegerAttr(t, static_cast<int64_t>(v)));
               Value c = arith::ConstantOp::create(b, op->getLoc(), attr);
               if (auto pad = dyn_cast<tensor::PadOp>(op)) {
                 Operation *yield = pad.getRegion().front().getTerminator();
                 yield->setOperand(0, c);
               } else {
                 auto pack = cast<linalg::PackOp>(op);
                 pack.getPaddingValueMutable().assign(c);
               }
               return true;
             })});
      }
  }
}

/// A constant tensor of the function (arith.constant or
/// util.unfoldable_constant) made a new argument: random values, and every
/// other mutation may then reach it (a `?` extent at the boundary).
void constantCandidates(ModuleOp, func::FuncOp fn,
                        std::vector<Candidate> &out) {
  auto constants = [](func::FuncOp fn) {
    std::vector<Operation *> ops;
    for (Operation &op : fn.getBody().front()) {
      StringRef n = op.getName().getStringRef();
      if (n != "arith.constant" && n != "util.unfoldable_constant")
        continue;
      auto tt = dyn_cast<RankedTensorType>(op.getResult(0).getType());
      if (tt && tt.getRank() > 0 && tt.hasStaticShape() &&
          tt.getNumElements() <= kMaxConstantElements &&
          supportedElement(tt.getElementType()) && !op.use_empty())
        ops.push_back(&op);
    }
    return ops;
  };
  for (auto [k, op] : llvm::enumerate(constants(fn))) {
    size_t index = k;
    out.push_back(
        {"const-to-arg",
         op->getName().getStringRef().str() + " " + std::to_string(k) + " (" +
             typeText(op->getResult(0).getType()) + ") -> argument",
         [index, constants](ModuleOp m, func::FuncOp fn, State &st) {
           Operation *op = constants(fn)[index];
           auto tt = cast<RankedTensorType>(op->getResult(0).getType());
           unsigned n = fn.getNumArguments();
           (void)fn.insertArgument(n, tt, DictionaryAttr(), fn.getLoc());
           op->getResult(0).replaceAllUsesWith(fn.getArgument(n));
           op->erase();
           st.runShapes.push_back(
               std::vector<int64_t>(tt.getShape().begin(), tt.getShape().end()));
           return printed(m);
         }});
  }
}

std::vector<Candidate> candidates(ModuleOp m, func::FuncOp fn) {
  std::vector<Candidate> out;
  dtypeCandidates(m, fn, out);
  shapeCandidates(m, fn, out);
  dynamicCandidates(m, fn, out);
  attributeCandidates(m, fn, out);
  constantCandidates(m, fn, out);
  return out;
}

const char *const kKinds[] = {"dtype", "shape", "dynamic", "attribute",
                              "const-to-arg"};

/// Parses and verifies a mutant; `why` gets the first diagnostic.
OwningOpRef<ModuleOp> reparse(const ParseFn &parse, StringRef text,
                              std::string &why) {
  std::string diag;
  OwningOpRef<ModuleOp> m = parse(text, "mutant", true, &diag);
  if (!m) {
    why = "does not parse: " + StringRef(diag).trim().str();
    return m;
  }
  std::string first;
  ScopedDiagnosticHandler quiet(m->getContext(), [&](Diagnostic &d) {
    if (first.empty())
      first = d.str();
    return success();
  });
  if (failed(verify(*m))) {
    why = "does not verify: " + first;
    return nullptr;
  }
  return m;
}

/// The first static tensor type of `m` whose elements IREE packs (2 or 4
/// bits: i2, i4, f4E2M1FN; IREE stores i1 and 6-bit floats a byte each)
/// and whose size is not a whole number of bytes, e.g. `tensor<9xi2>`;
/// empty when there is none. IREE cannot size such a tensor (stream's
/// "does not have integral number of total bytes", a limitation its own
/// test encode_host_tensors_packing.mlir states), so a mutation that makes
/// one is an invalid attempt, never a finding (docs/fuzzing.md).
std::string unsizableSubByteTensor(ModuleOp m) {
  std::string found;
  auto check = [&](Type t) {
    auto tt = dyn_cast<RankedTensorType>(t);
    if (!found.empty() || !tt || !tt.hasStaticShape() ||
        !tt.getElementType().isIntOrFloat())
      return;
    unsigned bits = tt.getElementType().getIntOrFloatBitWidth();
    if ((bits == 2 || bits == 4) && (tt.getNumElements() * bits) % 8 != 0) {
      llvm::raw_string_ostream os(found);
      os << tt;
    }
  };
  m.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      check(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          check(a.getType());
  });
  return found;
}

std::string firstLine(StringRef s) {
  s = s.trim();
  return s.substr(0, s.find('\n')).str();
}

llvm::json::Array shapesJSON(const State &st) {
  llvm::json::Array a;
  for (const auto &s : st.runShapes) {
    llvm::json::Array dims;
    for (int64_t d : s)
      dims.push_back(d);
    a.push_back(std::move(dims));
  }
  return a;
}

State initialState(func::FuncOp fn) {
  State st;
  for (Type t : fn.getArgumentTypes()) {
    auto tt = cast<RankedTensorType>(t);
    std::vector<int64_t> dims;
    for (int64_t d : tt.getShape())
      dims.push_back(ShapedType::isDynamic(d) ? -1 : d);
    st.runShapes.push_back(dims);
  }
  return st;
}

llvm::Expected<std::string> readAll(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   path + ": " + buf.getError().message());
  return (*buf)->getBuffer().str();
}

/// The functions of a parsed source that may become cases: with a body,
/// public (func.func's default), not an `$async` variant.
std::vector<std::string> sourceFunctions(ModuleOp m) {
  std::vector<std::string> names;
  for (Operation &op : m.getBody()->getOperations()) {
    auto f = dyn_cast<FunctionOpInterface>(op);
    if (!f || f.isExternal() || f.isPrivate() ||
        f.getName().contains('$'))
      continue;
    names.push_back(f.getName().str());
  }
  return names;
}

int inventory(StringRef listFile, StringRef outputFile, const ParseFn &parse) {
  std::string error;
  auto outFile = openOutputFile(outputFile, &error);
  if (!outFile) {
    llvm::errs() << "error: " << error << "\n";
    return kBadInput;
  }
  llvm::raw_ostream &os = outFile->os();
  auto list = readAll(listFile);
  if (!list) {
    llvm::errs() << "error: " << llvm::toString(list.takeError()) << "\n";
    return kBadInput;
  }
  llvm::SmallVector<StringRef> paths;
  StringRef(*list).split(paths, '\n', -1, false);
  for (StringRef p : paths) {
    p = p.trim();
    if (p.empty())
      continue;
    llvm::json::Object o{{"file", p.str()}};
    auto text = readAll(p);
    std::string diag;
    OwningOpRef<ModuleOp> m;
    if (!text)
      diag = llvm::toString(text.takeError());
    else
      m = parse(*text, p, true, &diag);
    o["loaded"] = bool(m);
    if (!m) {
      o["error"] = firstLine(diag);
      os << llvm::json::Value(std::move(o)) << "\n";
      continue;
    }
    llvm::json::Array usable, rejected;
    for (const std::string &name : sourceFunctions(*m)) {
      OwningOpRef<ModuleOp> copy = cast<ModuleOp>((*m)->clone());
      std::string why;
      if (failed(normalize(*copy, name, "f0", why))) {
        rejected.push_back(llvm::json::Object{{"name", name}, {"why", why}});
        continue;
      }
      auto fn = copy->lookupSymbol<func::FuncOp>("f0");
      std::map<std::string, int64_t> perKind;
      for (const Candidate &c : candidates(*copy, fn))
        ++perKind[c.kind];
      llvm::json::Object kinds;
      int64_t total = 0;
      for (auto &[k, n] : perKind) {
        kinds[k] = n;
        total += n;
      }
      usable.push_back(llvm::json::Object{{"name", name},
                                          {"candidates", total},
                                          {"kinds", std::move(kinds)}});
    }
    o["functions"] = std::move(usable);
    o["rejected"] = std::move(rejected);
    os << llvm::json::Value(std::move(o)) << "\n";
  }
  outFile->keep();
  return kWritten;
}

} // namespace

bool corpusModeRequested() { return corpusMutate || corpusInventory; }

int corpusMain(StringRef inputFile, StringRef functionName,
               StringRef outputFile, const ParseFn &parse) {
  if (corpusInventory)
    return inventory(inputFile, outputFile, parse);
  auto text = readAll(inputFile);
  if (!text) {
    llvm::errs() << "error: " << llvm::toString(text.takeError()) << "\n";
    return kBadInput;
  }
  std::string diag;
  OwningOpRef<ModuleOp> source = parse(*text, inputFile, true, &diag);
  if (!source) {
    llvm::errs() << "error: " << inputFile << ": does not load: "
                 << firstLine(diag) << "\n";
    return kBadInput;
  }
  std::string why;
  if (failed(normalize(*source, functionName, renameOpt, why))) {
    llvm::errs() << "error: " << inputFile << ": @" << functionName
                 << " cannot be a case: " << why << "\n";
    return kBadInput;
  }
  std::string base = printed(*source);
  State initial =
      initialState(source->lookupSymbol<func::FuncOp>(renameOpt.getValue()));

  llvm::json::Object result{{"source", inputFile.str()},
                            {"function", functionName.str()},
                            {"name", renameOpt.getValue()},
                            {"seed", static_cast<int64_t>(seedOpt)}};
  llvm::json::Array reasons;
  unsigned invalid = 0, attempts = applyOpt.empty() ? kAttempts : 1;
  for (unsigned attempt = 0; attempt < attempts; ++attempt) {
    std::mt19937_64 rng(seedOpt * 0x9E3779B97F4A7C15ull + attempt);
    // --max-mutations=0: the case as made from the source, unmutated.
    unsigned steps = !applyOpt.empty() ? applyOpt.size()
                     : maxSteps == 0
                         ? 0
                         : 1 + static_cast<unsigned>(rng() % maxSteps);
    std::string current = base;
    State st = initial;
    llvm::json::Array applied;
    std::string failure;
    for (unsigned step = 0; step < steps && failure.empty(); ++step) {
      std::string whyNot;
      OwningOpRef<ModuleOp> m = reparse(parse, current, whyNot);
      if (!m) {
        failure = whyNot;
        break;
      }
      auto fn = m->lookupSymbol<func::FuncOp>(renameOpt.getValue());
      if (!fn) {
        failure = "the mutant has no function @" + renameOpt.getValue();
        break;
      }
      // Before the mutation (which may change *m in place).
      bool unsizableBefore = !unsizableSubByteTensor(*m).empty();
      std::vector<Candidate> all = candidates(*m, fn);
      const Candidate *pick = nullptr;
      if (!applyOpt.empty()) {
        for (const Candidate &c : all)
          if (c.what == applyOpt[step])
            pick = &c;
        if (!pick) {
          llvm::errs() << "error: no mutation '" << applyOpt[step]
                       << "' here; there are:\n";
          for (const Candidate &c : all)
            llvm::errs() << "  " << c.what << "\n";
          return kBadInput;
        }
      } else {
        // A kind first (so that the kinds with many candidates do not
        // crowd out the others), then one of its candidates.
        std::vector<std::string> kinds;
        for (const char *k : kKinds)
          if (llvm::any_of(all, [&](const Candidate &c) { return c.kind == k; }))
            kinds.push_back(k);
        if (kinds.empty()) {
          failure = "no mutation applies";
          break;
        }
        std::string kind = kinds[rng() % kinds.size()];
        std::vector<const Candidate *> ofKind;
        for (const Candidate &c : all)
          if (c.kind == kind)
            ofKind.push_back(&c);
        pick = ofKind[rng() % ofKind.size()];
      }
      std::string next = pick->apply(*m, fn, st);
      if (next.empty()) {
        failure = pick->what + ": does not apply";
        break;
      }
      applied.push_back(
          llvm::json::Object{{"kind", pick->kind}, {"what", pick->what}});
      std::string whyInvalid;
      OwningOpRef<ModuleOp> mutant = reparse(parse, next, whyInvalid);
      if (!mutant) {
        failure = pick->what + ": " + firstLine(whyInvalid);
        break;
      }
      // A packed sub-byte tensor of a whole number of bytes before, not
      // after: IREE rejects it by design (see unsizableSubByteTensor).
      std::string unsizable = unsizableSubByteTensor(*mutant);
      if (!unsizable.empty() && !unsizableBefore) {
        failure = pick->what + ": makes " + unsizable +
                  ", not a whole number of bytes (IREE cannot size it)";
        break;
      }
      current = std::move(next);
    }
    if (!failure.empty()) {
      ++invalid;
      reasons.push_back(failure);
      continue;
    }
    std::string whyNot;
    OwningOpRef<ModuleOp> m = reparse(parse, current, whyNot);
    std::string error;
    auto out = openOutputFile(outputFile, &error);
    if (!out) {
      llvm::errs() << "error: " << error << "\n";
      return kBadInput;
    }
    out->os() << caseText(*m);
    out->keep();
    result["mutations"] = std::move(applied);
    result["attempts"] = static_cast<int64_t>(attempt + 1);
    result["invalid"] = static_cast<int64_t>(invalid);
    result["invalid_reasons"] = std::move(reasons);
    result["arg_shapes"] = shapesJSON(st);
    llvm::outs() << llvm::json::Value(std::move(result)) << "\n";
    return kWritten;
  }
  result["attempts"] = static_cast<int64_t>(attempts);
  result["invalid"] = static_cast<int64_t>(invalid);
  result["invalid_reasons"] = std::move(reasons);
  llvm::outs() << llvm::json::Value(std::move(result)) << "\n";
  return kInvalid;
}

/// The static extents > 1 in the tensor types of `text`, largest first.
std::vector<int64_t> staticExtents(StringRef text) {
  std::set<int64_t, std::greater<int64_t>> sizes;
  llvm::Regex type("tensor<([0-9?x]+)x[a-z]");
  StringRef rest = text;
  llvm::SmallVector<StringRef> m;
  while (type.match(rest, &m)) {
    llvm::SmallVector<StringRef> dims;
    m[1].split(dims, 'x');
    for (StringRef d : dims) {
      int64_t n;
      if (!d.getAsInteger(10, n) && n > 1)
        sizes.insert(n);
    }
    rest = rest.substr(rest.find(m[0]) + m[0].size());
  }
  return {sizes.begin(), sizes.end()};
}

/// `text` with every static extent `from` of its tensor types made `to`.
std::string replaceExtent(StringRef text, int64_t from, int64_t to) {
  std::string out;
  size_t pos = 0;
  while (true) {
    size_t at = text.find("tensor<", pos);
    if (at == StringRef::npos)
      break;
    size_t start = at + 7;
    out += text.substr(pos, start - pos).str();
    // The shape: digits, '?' and 'x' up to the element type.
    size_t end = start;
    while (end < text.size() &&
           (llvm::isDigit(text[end]) || text[end] == '?' || text[end] == 'x'))
      ++end;
    StringRef shape = text.substr(start, end - start);
    // The last 'x' separates the element type.
    size_t lastX = shape.rfind('x');
    if (lastX == StringRef::npos) {
      out += shape.str();
    } else {
      llvm::SmallVector<StringRef> dims;
      shape.substr(0, lastX).split(dims, 'x');
      std::vector<std::string> parts;
      for (StringRef d : dims) {
        int64_t n;
        parts.push_back(!d.getAsInteger(10, n) && n == from
                            ? std::to_string(to)
                            : d.str());
      }
      out += llvm::join(parts, "x") + shape.substr(lastX).str();
    }
    pos = end;
  }
  out += text.substr(pos).str();
  return out;
}

} // namespace ref::mutate
