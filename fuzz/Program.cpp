//===- Program.cpp - Printing generated programs as IREE's MLIR -----------===//

#include "fuzz/Program.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;

namespace ref::fuzz {

bool TensorType::hasDynamic() const {
  return llvm::is_contained(dims, kDynamic);
}

std::string TensorType::str() const {
  std::string s = "tensor<";
  for (int64_t d : dims)
    s += (d == kDynamic ? std::string("?") : std::to_string(d)) + "x";
  s += dtypeName(dtype).str() + ">";
  return s;
}

bool isCastOp(StringRef name) {
  static const char *const names[] = {
      "arith.extf",       "arith.truncf",       "arith.sitofp",
      "arith.uitofp",     "arith.fptosi",       "arith.fptoui",
      "arith.extsi",      "arith.extui",        "arith.trunci",
      "arith.index_cast", "arith.index_castui", "arith.bitcast"};
  return llvm::is_contained(names, name);
}

int64_t evalDimExpr(const Program &p, const DimExpr &e) {
  return (p.shape(e.value)[e.dim] - e.sub) / e.div;
}

unsigned Body::add(ScalarInst inst) {
  insts.push_back(std::move(inst));
  return args.size() + insts.size() - 1;
}

static const char *const kOpKindNames[kNumOpKinds] = {
    "tensor.empty",
    "linalg.fill",
    "iree_linalg_ext.sort",
    "iree_linalg_ext.scatter",
    "iree_linalg_ext.gather",
    "iree_linalg_ext.scan",
    "iree_linalg_ext.topk",
    "iree_linalg_ext.arg_compare",
    "linalg.matmul",
    "linalg.transpose",
    "linalg.batch_matmul",
    "linalg.reduce",
    "linalg.broadcast",
    "linalg.generic",
    "tensor.extract_slice",
    "tensor.insert_slice",
    "tensor.collapse_shape",
    "tensor.expand_shape",
    "tensor.pad",
    "tensor.concat",
    "tensor.cast",
    "linalg.softmax",
    "linalg.pack",
    "linalg.unpack",
    "iree_linalg_ext.attention",
    "complex",
    "narrow_types",
    "stablehlo.reduce_window",
    "frontend.argsort",
    "frontend.scatter_add_one_row",
    "frontend.degenerate_matmul",
    "frontend.matmul_extf",
    "frontend.sort_arg_outs",
    "frontend.iota_scatter",
    "frontend.dead_results",
    "frontend.scatter_arg_rows",
    "frontend.aligned_static",
};

StringRef opKindName(OpKind k) {
  return kOpKindNames[static_cast<unsigned>(k)];
}

std::optional<OpKind> parseOpKind(StringRef name) {
  for (unsigned i = 0; i < kNumOpKinds; ++i)
    if (name == kOpKindNames[i])
      return static_cast<OpKind>(i);
  return std::nullopt;
}

ValueId Program::addArg(const TensorType &type, ArrayRef<int64_t> shape) {
  Value v;
  v.type = type;
  v.shape.assign(shape.begin(), shape.end());
  v.defOp = -1;
  v.index = args.size();
  values.push_back(std::move(v));
  args.push_back(values.size() - 1);
  return values.size() - 1;
}

unsigned Program::addOp(Op op, ArrayRef<TensorType> types,
                        ArrayRef<Shape> shapes) {
  assert(types.size() == shapes.size() && "one shape per result type");
  unsigned opIndex = ops.size();
  op.results.clear();
  for (auto [i, t] : llvm::enumerate(types)) {
    Value v;
    v.type = t;
    v.shape = shapes[i];
    v.defOp = opIndex;
    v.index = i;
    values.push_back(std::move(v));
    op.results.push_back(values.size() - 1);
  }
  ops.push_back(std::move(op));
  return opIndex;
}

std::string scalarLiteral(uint64_t bits, DType t) {
  if (t == DType::I1)
    return (bits & 1) ? "true" : "false";
  if (isInteger(t))
    return std::to_string(signExtend(bits, t));
  unsigned digits = bitWidth(t) / 4;
  std::string s;
  raw_string_ostream os(s);
  os << "0x" << format_hex_no_prefix(truncBits(bits, t), digits, true);
  return s;
}

namespace {

/// The operand of arith.constant: "3 : i32", "0x7F800000 : f32", "true"
/// (a bool literal takes no type).
std::string constantText(uint64_t bits, DType t) {
  if (t == DType::I1)
    return scalarLiteral(bits, t);
  return scalarLiteral(bits, t) + " : " + dtypeName(t).str();
}

/// Prints one function. Helper values (index constants, tensor.dim, scalar
/// constants) are emitted just before their first use and reused after.
class Printer {
public:
  Printer(const Program &p, raw_ostream &os, bool staticShapes)
      : p(p), os(os), staticShapes(staticShapes) {}

  void print(StringRef name) {
    os << "func.func @" << name << "(";
    for (auto [i, a] : llvm::enumerate(p.args)) {
      if (i)
        os << ", ";
      os << valueName(a) << ": " << typeStr(a);
    }
    os << ")";
    if (!p.returns.empty()) {
      os << " -> ";
      if (p.returns.size() > 1)
        os << "(";
      printTypes(p.returns);
      if (p.returns.size() > 1)
        os << ")";
    }
    os << " {\n";
    for (auto [i, op] : llvm::enumerate(p.ops))
      printOp(i, op);
    os << "  return";
    if (!p.returns.empty()) {
      os << " ";
      printNames(p.returns);
      os << " : ";
      printTypes(p.returns);
    }
    os << "\n}\n";
  }

private:
  const Program &p;
  raw_ostream &os;
  bool staticShapes;
  std::map<int64_t, std::string> indexConsts;
  std::map<std::pair<ValueId, unsigned>, std::string> dims;
  std::map<std::tuple<ValueId, unsigned, int64_t, int64_t>, std::string>
      dimExprs;
  unsigned nextHelper = 0;

  std::string valueName(ValueId v) const {
    const Value &val = p.value(v);
    if (val.defOp < 0)
      return "%arg" + std::to_string(val.index);
    std::string s = "%v" + std::to_string(val.defOp);
    if (p.ops[val.defOp].results.size() > 1)
      s += "#" + std::to_string(val.index);
    return s;
  }

  void printNames(ArrayRef<ValueId> vs) {
    interleaveComma(vs, os, [&](ValueId v) { os << valueName(v); });
  }
  void printTypes(ArrayRef<ValueId> vs) {
    interleaveComma(vs, os, [&](ValueId v) { os << typeStr(v); });
  }

  /// The type of `v` as printed: its static type, or in the static twin its
  /// concrete shape.
  TensorType typeOf(ValueId v) const {
    if (!staticShapes)
      return p.type(v);
    TensorType t;
    t.dtype = p.type(v).dtype;
    t.dims.assign(p.shape(v).begin(), p.shape(v).end());
    return t;
  }
  std::string typeStr(ValueId v) const { return typeOf(v).str(); }

  std::string helperName(StringRef prefix) {
    return ("%" + prefix + Twine(nextHelper++)).str();
  }

  std::string indexConst(int64_t v) {
    auto it = indexConsts.find(v);
    if (it != indexConsts.end())
      return it->second;
    std::string n = helperName("c");
    os << "  " << n << " = arith.constant " << v << " : index\n";
    indexConsts[v] = n;
    return n;
  }

  std::string dimOf(ValueId v, unsigned d) {
    auto key = std::make_pair(v, d);
    auto it = dims.find(key);
    if (it != dims.end())
      return it->second;
    std::string c = indexConst(d);
    std::string n = helperName("dim");
    os << "  " << n << " = tensor.dim " << valueName(v) << ", " << c << " : "
       << typeStr(v) << "\n";
    dims[key] = n;
    return n;
  }

  std::string dimExpr(const DimExpr &e) {
    // The static twin knows every extent.
    if (staticShapes)
      return std::to_string(evalDimExpr(p, e));
    std::string cur = dimOf(e.value, e.dim);
    if (e.sub == 0 && e.div == 1)
      return cur;
    auto key = std::make_tuple(e.value, e.dim, e.sub, e.div);
    auto it = dimExprs.find(key);
    if (it != dimExprs.end())
      return it->second;
    if (e.sub != 0) {
      std::string c = indexConst(e.sub);
      std::string n = helperName("sz");
      os << "  " << n << " = arith.subi " << cur << ", " << c << " : index\n";
      cur = n;
    }
    if (e.div != 1) {
      std::string c = indexConst(e.div);
      std::string n = helperName("sz");
      os << "  " << n << " = arith.divui " << cur << ", " << c << " : index\n";
      cur = n;
    }
    dimExprs[key] = cur;
    return cur;
  }

  std::string scalarConst(uint64_t bits, DType t) {
    std::string n = helperName("cst");
    os << "  " << n << " = arith.constant " << constantText(bits, t) << "\n";
    return n;
  }

  /// "%v3 = " or "%v3:2 = ".
  void printResultNames(unsigned opIndex, const Op &op) {
    os << "  %v" << opIndex;
    if (op.results.size() > 1)
      os << ":" << op.results.size();
    os << " = ";
  }

  /// The `?` sizes of an op, in order (constants in the static twin).
  std::vector<std::string> dynSizeNames(const Op &op) {
    std::vector<std::string> names;
    for (const DimExpr &e : op.dynSizes)
      names.push_back(dimExpr(e));
    return names;
  }

  void printEmpty(const TensorType &t, ArrayRef<std::string> sizes,
                  StringRef name) {
    os << "  " << name << " = tensor.empty(";
    interleaveComma(sizes, os);
    os << ") : " << t.str() << "\n";
  }

  /// A scalar body: `^bb0(...)` (or `(...)` with `header` false, as
  /// linalg.reduce prints it), its instructions and the terminator.
  void printBody(const Body &b, StringRef terminator, StringRef indent,
                 bool bbHeader = true) {
    auto name = [&](unsigned i) {
      return i < b.args.size() ? "%a" + std::to_string(i)
                               : "%b" + std::to_string(i - b.args.size());
    };
    os << indent << (bbHeader ? "^bb0(" : "(");
    for (unsigned i = 0; i < b.args.size(); ++i) {
      if (i)
        os << ", ";
      os << name(i) << ": " << dtypeName(b.args[i]);
    }
    os << (bbHeader ? "):\n" : ") {\n");
    for (auto [i, inst] : llvm::enumerate(b.insts)) {
      os << indent << "  " << name(b.args.size() + i) << " = " << inst.name
         << " ";
      if (inst.name == "arith.constant") {
        os << constantText(inst.bits, inst.type) << "\n";
        continue;
      }
      if (inst.name == "linalg.index") {
        os << inst.bits << " : index\n";
        continue;
      }
      if (!inst.predicate.empty())
        os << inst.predicate << ", ";
      interleaveComma(inst.operands, os, [&](unsigned o) { os << name(o); });
      if (isCastOp(inst.name)) {
        os << " : " << dtypeName(b.typeOf(inst.operands[0])) << " to "
           << dtypeName(inst.type) << "\n";
        continue;
      }
      if (inst.name == "arith.scaling_extf" ||
          inst.name == "arith.scaling_truncf") {
        os << " : " << dtypeName(b.typeOf(inst.operands[0])) << ", "
           << dtypeName(b.typeOf(inst.operands[1])) << " to "
           << dtypeName(inst.type) << "\n";
        continue;
      }
      // Comparisons and selects name their operands' type.
      DType shown = inst.type;
      if (!inst.predicate.empty())
        shown = b.typeOf(inst.operands[0]);
      else if (inst.name == "arith.select")
        shown = b.typeOf(inst.operands[1]);
      else if (inst.name == "complex.re" || inst.name == "complex.im" ||
               inst.name == "complex.abs")
        shown = b.typeOf(inst.operands[0]);
      os << " : " << dtypeName(shown) << "\n";
    }
    SmallVector<unsigned, 2> ys = b.yielded();
    os << indent << "  " << terminator << " ";
    interleaveComma(ys, os, [&](unsigned y) { os << name(y); });
    os << " : ";
    interleaveComma(ys, os, [&](unsigned y) { os << dtypeName(b.typeOf(y)); });
    os << "\n";
  }

  void printInsOuts(const Op &op) {
    ArrayRef<ValueId> ins(op.operands.begin(), op.numIns);
    ArrayRef<ValueId> outs(op.operands.begin() + op.numIns, op.operands.end());
    if (!ins.empty()) {
      os << " ins(";
      printNames(ins);
      os << " : ";
      printTypes(ins);
      os << ")";
    }
    os << " outs(";
    printNames(outs);
    os << " : ";
    printTypes(outs);
    os << ")";
  }

  void printExtBody(const Op &op) {
    os << " {\n";
    printBody(op.body, "iree_linalg_ext.yield", "  ");
    os << "  } -> ";
    printTypes(op.results);
    os << "\n";
  }

  static void printInts(raw_ostream &os, ArrayRef<int64_t> v) {
    os << "[";
    interleaveComma(v, os);
    os << "]";
  }

  /// "[0, %c1]": static entries as numbers, `kDynamic` ones as the next
  /// name of `dynamic`.
  void printMixed(ArrayRef<int64_t> v, ArrayRef<std::string> dynamic,
                  unsigned &next) {
    os << "[";
    interleaveComma(v, os, [&](int64_t x) {
      if (x == kDynamic)
        os << dynamic[next++];
      else
        os << x;
    });
    os << "]";
  }

  void printOp(unsigned opIndex, const Op &op) {
    const TensorType rt = typeOf(op.results[0]);
    std::string res = "%v" + std::to_string(opIndex);
    switch (op.kind) {
    case OpKind::Empty: {
      std::vector<std::string> sizes = dynSizeNames(op);
      if (staticShapes)
        sizes.clear();
      printEmpty(rt, sizes, res);
      return;
    }
    case OpKind::Fill: {
      std::vector<std::string> sizes = dynSizeNames(op);
      if (staticShapes)
        sizes.clear();
      std::string cst = scalarConst(op.scalar, rt.dtype);
      std::string e = helperName("e");
      printEmpty(rt, sizes, e);
      os << "  " << res << " = linalg.fill ins(" << cst << " : "
         << dtypeName(rt.dtype) << ") outs(" << e << " : " << rt.str()
         << ") -> " << rt.str() << "\n";
      return;
    }
    case OpKind::Sort:
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.sort dimension(" << op.dimension << ")";
      printInsOuts(op);
      printExtBody(op);
      return;
    case OpKind::Scatter:
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.scatter dimension_map = ";
      printInts(os, op.ints);
      os << " unique_indices(" << (op.flag ? "true" : "false") << ")";
      printInsOuts(op);
      printExtBody(op);
      return;
    case OpKind::Gather:
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.gather dimension_map = ";
      printInts(os, op.ints);
      printInsOuts(op);
      os << " -> " << rt.str() << "\n";
      return;
    case OpKind::Scan:
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.scan dimension(" << op.dimension << ") inclusive("
         << (op.flag ? "true" : "false") << ")";
      printInsOuts(op);
      printExtBody(op);
      return;
    case OpKind::TopK:
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.topk dimension(" << op.dimension << ")";
      printInsOuts(op);
      printExtBody(op);
      return;
    case OpKind::ArgCompare: {
      std::string base;
      if (op.indexBase)
        base = indexConst(*op.indexBase);
      printResultNames(opIndex, op);
      os << "iree_linalg_ext.arg_compare dimension(" << op.dimension << ")";
      printInsOuts(op);
      if (op.indexBase)
        os << " index_base(" << base << " : index)";
      printExtBody(op);
      return;
    }
    case OpKind::Matmul:
      printResultNames(opIndex, op);
      os << "linalg.matmul";
      printInsOuts(op);
      os << " -> " << rt.str() << "\n";
      return;
    case OpKind::Transpose:
      printResultNames(opIndex, op);
      os << "linalg.transpose";
      printInsOuts(op);
      os << " permutation = ";
      printInts(os, op.ints);
      os << "\n";
      return;
    case OpKind::BatchMatmul:
      printResultNames(opIndex, op);
      os << "linalg.batch_matmul";
      printInsOuts(op);
      os << " -> " << rt.str() << "\n";
      return;
    case OpKind::Reduce:
      printResultNames(opIndex, op);
      os << "linalg.reduce";
      printInsOuts(op);
      os << " dimensions = ";
      printInts(os, op.ints);
      os << "\n";
      printBody(op.body, "linalg.yield", "    ", /*bbHeader=*/false);
      os << "    }\n";
      return;
    case OpKind::Broadcast:
      printResultNames(opIndex, op);
      os << "linalg.broadcast";
      printInsOuts(op);
      os << " dimensions = ";
      printInts(os, op.ints);
      os << "\n";
      return;
    case OpKind::Generic:
    case OpKind::Complex:
    case OpKind::NarrowTypes: {
      unsigned numLoops = op.reductionLoops.size();
      std::string dims;
      for (unsigned i = 0; i < numLoops; ++i)
        dims += (i ? ", d" : "d") + std::to_string(i);
      printResultNames(opIndex, op);
      os << "linalg.generic {indexing_maps = [";
      interleaveComma(op.maps, os, [&](const SmallVector<int64_t, 4> &m) {
        os << "affine_map<(" << dims << ") -> (";
        interleaveComma(m, os, [&](int64_t l) { os << "d" << l; });
        os << ")>";
      });
      os << "], iterator_types = [";
      interleaveComma(op.reductionLoops, os, [&](bool r) {
        os << (r ? "\"reduction\"" : "\"parallel\"");
      });
      os << "]}";
      printInsOuts(op);
      os << " {\n";
      printBody(op.body, "linalg.yield", "  ");
      os << "  } -> ";
      if (op.results.size() > 1)
        os << "(";
      printTypes(op.results);
      if (op.results.size() > 1)
        os << ")";
      os << "\n";
      return;
    }
    case OpKind::ExtractSlice:
    case OpKind::InsertSlice: {
      std::vector<std::string> sizes = dynSizeNames(op);
      unsigned next = 0;
      printResultNames(opIndex, op);
      ValueId src = op.operands[0];
      if (op.kind == OpKind::ExtractSlice) {
        os << "tensor.extract_slice " << valueName(src);
      } else {
        os << "tensor.insert_slice " << valueName(src) << " into "
           << valueName(op.operands[1]);
      }
      printMixed(op.offsets, sizes, next);
      os << " ";
      printMixed(op.sizes, sizes, next);
      os << " ";
      printMixed(op.strides, sizes, next);
      os << " : " << typeStr(src)
         << (op.kind == OpKind::ExtractSlice ? " to " : " into ") << rt.str()
         << "\n";
      return;
    }
    case OpKind::CollapseShape:
    case OpKind::ExpandShape: {
      std::vector<std::string> sizes = dynSizeNames(op);
      printResultNames(opIndex, op);
      os << (op.kind == OpKind::CollapseShape ? "tensor.collapse_shape "
                                              : "tensor.expand_shape ")
         << valueName(op.operands[0]) << " [";
      interleaveComma(
          op.reassociation, os,
          [&](const SmallVector<int64_t, 2> &g) { printInts(os, g); });
      os << "]";
      if (op.kind == OpKind::ExpandShape) {
        unsigned next = 0;
        os << " output_shape ";
        printMixed(rt.dims, sizes, next);
      }
      os << " : " << typeStr(op.operands[0]) << " into " << rt.str() << "\n";
      return;
    }
    case OpKind::Pad: {
      std::string cst = scalarConst(op.scalar, rt.dtype);
      printResultNames(opIndex, op);
      os << "tensor.pad " << valueName(op.operands[0]) << " low";
      printInts(os, op.low);
      os << " high";
      printInts(os, op.high);
      os << " {\n  ^bb0(";
      for (int64_t i = 0; i < rt.rank(); ++i)
        os << (i ? ", " : "") << "%i" << i << ": index";
      os << "):\n    tensor.yield " << cst << " : " << dtypeName(rt.dtype)
         << "\n  } : " << typeStr(op.operands[0]) << " to " << rt.str() << "\n";
      return;
    }
    case OpKind::Concat:
      printResultNames(opIndex, op);
      os << "tensor.concat dim(" << op.dimension << ") ";
      printNames(op.operands);
      os << " : (";
      printTypes(op.operands);
      os << ") -> " << rt.str() << "\n";
      return;
    case OpKind::Cast:
      printResultNames(opIndex, op);
      os << "tensor.cast " << valueName(op.operands[0]) << " : "
         << typeStr(op.operands[0]) << " to " << rt.str() << "\n";
      return;
    case OpKind::ReduceWindow: {
      // StableHLO's generic form: the interpreter parses only that (its
      // StableHLO subset), and IREE's input conversion takes it as well.
      DType t = rt.dtype;
      std::string st = TensorType{t, {}}.str(); // tensor<T>, 0-d
      std::string init = helperName("rwinit");
      os << "  " << init << " = \"stablehlo.constant\"() {value = dense<"
         << scalarLiteral(op.scalar, t) << "> : " << st << "} : () -> " << st
         << "\n";
      StringRef combOp = op.body.insts[0].name;
      std::string a = helperName("rwa"), b = helperName("rwb"),
                  r = helperName("rwr");
      printResultNames(opIndex, op);
      os << "\"stablehlo.reduce_window\"(" << valueName(op.operands[0]) << ", "
         << init << ") ({\n  ^bb0(" << a << ": " << st << ", " << b << ": "
         << st << "):\n    " << r << " = \"" << combOp << "\"(" << a << ", "
         << b << ") : (" << st << ", " << st << ") -> " << st
         << "\n    \"stablehlo.return\"(" << r << ") : (" << st
         << ") -> ()\n  }) {";
      auto arr = [&](StringRef name, ArrayRef<int64_t> v) {
        os << name << " = array<i64: ";
        interleaveComma(v, os);
        os << ">";
      };
      arr("window_dimensions", op.ints);
      os << ", ";
      arr("window_strides", op.strides);
      os << ", ";
      arr("base_dilations", op.sizes);
      os << ", ";
      arr("window_dilations", op.offsets);
      os << ", padding = dense<[";
      for (size_t d = 0; d < op.low.size(); ++d)
        os << (d ? ", [" : "[") << op.low[d] << ", " << op.high[d] << "]";
      os << "]> : tensor<" << op.low.size() << "x2xi64>} : ("
         << typeStr(op.operands[0]) << ", " << st << ") -> " << rt.str()
         << "\n";
      return;
    }
    case OpKind::Softmax:
      printResultNames(opIndex, op);
      os << "linalg.softmax dimension(" << op.dimension << ")";
      printInsOuts(op);
      os << " -> " << rt.str() << "\n";
      return;
    case OpKind::Pack:
    case OpKind::Unpack: {
      std::string pad;
      if (op.kind == OpKind::Pack && op.flag)
        pad = scalarConst(op.scalar, rt.dtype);
      printResultNames(opIndex, op);
      os << (op.kind == OpKind::Pack ? "linalg.pack " : "linalg.unpack ")
         << valueName(op.operands[0]);
      if (!pad.empty())
        os << " padding_value(" << pad << " : " << dtypeName(rt.dtype) << ")";
      if (!op.offsets.empty()) {
        os << " outer_dims_perm = ";
        printInts(os, op.offsets);
      }
      os << " inner_dims_pos = ";
      printInts(os, op.ints);
      os << " inner_tiles = ";
      printInts(os, op.sizes);
      os << " into " << valueName(op.operands[1]) << " : "
         << typeStr(op.operands[0]) << " -> " << rt.str() << "\n";
      return;
    }
    case OpKind::Attention: {
      // The generic form: IREE up to 3.12 reads the custom form's maps only
      // as a dictionary (`attention {indexing_maps = ...} ins(...)`), 3.13
      // only as properties (`attention <{indexing_maps = ...}> ins(...)`);
      // every release (and the interpreter) reads the generic form, so a
      // generated case triages across releases unchanged.
      std::string scale = scalarConst(op.scalar, DType::F32);
      const char *m = "affine_map<(d0, d1, d2, d3, d4) -> ";
      printResultNames(opIndex, op);
      os << "\"iree_linalg_ext.attention\"(";
      printNames(ArrayRef<ValueId>(op.operands).take_front(3));
      os << ", " << scale << ", " << valueName(op.operands[3]) << ") <{indexing_maps = [" << m << "(d0, d1, d2)>, " << m
         << "(d0, d3, d2)>, " << m
         << (op.flag ? "(d0, d4, d3)>, " : "(d0, d3, d4)>, ") << m << "()>, "
         << m << "(d0, d1, d4)>]}> ({\n  ^bb0(%score: f32):\n"
         << "    iree_linalg_ext.yield %score : f32\n  }) : (";
      printTypes(ArrayRef<ValueId>(op.operands).take_front(3));
      os << ", f32, " << typeStr(op.operands[3]) << ") -> " << rt.str()
         << "\n";
      return;
    }
    }
    llvm_unreachable("bad op kind");
  }
};

} // namespace

std::string printProgram(const Program &p, const PrintOptions &opts) {
  std::string s;
  raw_string_ostream os(s);
  Printer(p, os, opts.staticShapes).print(opts.functionName);
  return s;
}

} // namespace ref::fuzz
