//===- Structural.cpp - Structural mutations of queue entries -------------===//

#include "difftest/Structural.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace ref::difftest {

using llvm::StringRef;

namespace {

/// `text` split at the commas outside <>, (), [] and {}.
llvm::SmallVector<std::string> splitTopLevel(StringRef text) {
  llvm::SmallVector<std::string> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == '>' || c == ')' || c == ']' || c == '}')
      --depth;
    else if (c == ',' && depth == 0) {
      out.push_back(text.slice(start, i).trim().str());
      start = i + 1;
    }
  }
  if (!text.slice(start, text.size()).trim().empty())
    out.push_back(text.slice(start, text.size()).trim().str());
  return out;
}

struct TensorTy {
  llvm::SmallVector<std::string> dims; // "4" or "?"
  std::string elt;
};

std::optional<TensorTy> parseTensor(StringRef t) {
  if (!t.consume_front("tensor<") || !t.consume_back(">") || t.contains('<') ||
      t.contains(','))
    return std::nullopt;
  llvm::SmallVector<StringRef> parts;
  t.split(parts, 'x');
  TensorTy ty;
  ty.elt = parts.back().str();
  parts.pop_back();
  for (StringRef d : parts) {
    if (d != "?" && !llvm::all_of(d, llvm::isDigit))
      return std::nullopt;
    ty.dims.push_back(d.str());
  }
  return ty;
}

std::string printTensor(const TensorTy &t) {
  std::string s = "tensor<";
  for (const std::string &d : t.dims)
    s += d + "x";
  return s + t.elt + ">";
}

bool isFloat(StringRef e) {
  return e == "f16" || e == "bf16" || e == "f32" || e == "f64";
}
bool isInt(StringRef e) {
  unsigned w = 0;
  return e.size() > 1 && e[0] == 'i' && !e.drop_front().getAsInteger(10, w) &&
         w >= 1 && w <= 64;
}

std::string affineMap(unsigned rank, bool transposed) {
  std::string dims, res;
  for (unsigned d = 0; d < rank; ++d)
    dims += (d ? ", d" : "d") + std::to_string(d);
  if (transposed)
    res = "d1, d0";
  else
    res = dims;
  return "affine_map<(" + dims + ") -> (" + res + ")>";
}

} // namespace

namespace {

/// Where a mutation edits a one-function program: its header (argument and
/// result types) and its last `return`.
struct Site {
  size_t fn = 0, headerEnd = 0, retLine = 0, retEnd = 0;
  StringRef header;
  size_t arrow = 0, brace = 0;
  bool parenthesized = false;
  llvm::SmallVector<std::string> resultTypes, operands, types;
  std::string indent;
  std::string prefix; // fresh prefix for new values: %gm, %gm1, ...
};

std::optional<Site> parseSite(StringRef program) {
  Site s;
  s.fn = program.find("func.func @");
  if (s.fn == StringRef::npos)
    return std::nullopt;
  s.headerEnd = program.find('\n', s.fn);
  if (s.headerEnd == StringRef::npos)
    return std::nullopt;
  s.header = program.slice(s.fn, s.headerEnd);
  s.arrow = s.header.rfind(") -> ");
  s.brace = s.header.rfind(" {");
  if (s.arrow == StringRef::npos || s.brace == StringRef::npos ||
      s.brace < s.arrow)
    return std::nullopt;
  StringRef results = s.header.slice(s.arrow + 5, s.brace).trim();
  s.parenthesized = results.consume_front("(") && results.consume_back(")");
  s.resultTypes = splitTopLevel(results);

  // The function's return: its last `return` line before the `}` that
  // closes it at the start of a line (functions after it have their own).
  size_t fnEnd = program.find("\n}", s.headerEnd);
  StringRef fnText = program.take_front(fnEnd);
  s.retLine = StringRef::npos;
  for (size_t pos = fnText.find("return ", s.headerEnd); pos != StringRef::npos;
       pos = fnText.find("return ", pos + 1)) {
    size_t lineStart = program.rfind('\n', pos) + 1;
    if (program.slice(lineStart, pos).trim().empty())
      s.retLine = lineStart;
  }
  if (s.retLine == StringRef::npos)
    return std::nullopt;
  s.retEnd = program.find('\n', s.retLine);
  if (s.retEnd == StringRef::npos)
    s.retEnd = program.size();
  StringRef line = program.slice(s.retLine, s.retEnd);
  s.indent = line.take_front(line.find("return")).str();
  StringRef rest = line.ltrim().drop_front(strlen("return "));
  auto [opsText, typesText] = rest.split(" : ");
  s.operands = splitTopLevel(opsText);
  s.types = splitTopLevel(typesText);
  if (s.operands.empty() || s.operands.size() != s.types.size() ||
      s.types.size() != s.resultTypes.size())
    return std::nullopt;
  s.prefix = "%gm";
  for (unsigned k = 1; program.contains(s.prefix + "_"); ++k)
    s.prefix = "%gm" + std::to_string(k);
  return s;
}

/// The program with `code` inserted before the return and result `k`
/// replaced by `value` of type `type`.
std::string replaceResult(StringRef program, Site s, size_t k, StringRef code,
                          StringRef value, StringRef type) {
  s.operands[k] = value.str();
  s.types[k] = type.str();
  s.resultTypes[k] = type.str();
  std::string newHeader =
      s.header.take_front(s.arrow + 5).str() +
      (s.parenthesized ? "(" + llvm::join(s.resultTypes, ", ") + ")"
                       : s.resultTypes[0]) +
      s.header.substr(s.brace).str();
  std::string newReturn = s.indent + "return " + llvm::join(s.operands, ", ") +
                          " : " + llvm::join(s.types, ", ");
  return program.take_front(s.fn).str() + newHeader +
         program.slice(s.headerEnd, s.retLine).str() + code.str() + newReturn +
         program.substr(s.retEnd).str();
}

/// `tensor.dim`s of the dynamic extents `dims` of `v` (of type `ty`), named
/// {p}_d<dim>; their names in order (a dimension listed twice is read once
/// and named twice).
llvm::SmallVector<std::string> dynamicSizes(const TensorTy &ty, StringRef v,
                                            StringRef p, StringRef indent,
                                            llvm::ArrayRef<unsigned> dims,
                                            std::string &code) {
  llvm::SmallVector<std::string> sizes;
  llvm::SmallVector<unsigned> read;
  for (unsigned d : dims) {
    if (ty.dims[d] != "?")
      continue;
    if (!llvm::is_contained(read, d)) {
      read.push_back(d);
      code += llvm::formatv("{0}{1}_c{2} = arith.constant {2} : index\n",
                            indent, p, d);
      code += llvm::formatv("{0}{1}_d{2} = tensor.dim {3}, {1}_c{2} : {4}\n",
                            indent, p, d, v, printTensor(ty));
    }
    sizes.push_back(llvm::formatv("{0}_d{1}", p, d));
  }
  return sizes;
}

/// The body of an elementwise negation of `in` into a value named {p}_n;
/// returns the op's name for the description.
std::string negation(StringRef elt, StringRef p, StringRef indent,
                     std::string &code) {
  if (isFloat(elt)) {
    code +=
        llvm::formatv("{0}  {1}_n = arith.negf {1}_in : {2}\n", indent, p, elt);
    return "negf";
  }
  if (elt == "i1") {
    code += llvm::formatv("{0}  {1}_t = arith.constant true\n", indent, p);
    code += llvm::formatv("{0}  {1}_n = arith.xori {1}_in, {1}_t : i1\n",
                          indent, p);
    return "not";
  }
  code +=
      llvm::formatv("{0}  {1}_z = arith.constant 0 : {2}\n", indent, p, elt);
  code += llvm::formatv("{0}  {1}_n = arith.subi {1}_z, {1}_in : {2}\n", indent,
                        p, elt);
  return "0 - x";
}

/// An elementwise `linalg.generic` negating `v` (of type `in`) into a new
/// value {p}_r of type `out`, read through `inputMap` (an identity,
/// transposing or broadcasting affine map over `out`'s dimensions). The
/// output's dynamic extents are the input's, in the same order (a transpose
/// only applies to static values, a broadcast adds a static dimension).
std::string elementwise(const TensorTy &in, const TensorTy &out, StringRef v,
                        StringRef p, StringRef indent, StringRef inputMap,
                        std::string &op) {
  unsigned rank = in.dims.size(), outRank = out.dims.size();
  std::string code;
  std::vector<unsigned> all(rank);
  for (unsigned d = 0; d < rank; ++d)
    all[d] = d;
  llvm::SmallVector<std::string> sizes =
      dynamicSizes(in, v, p, indent, all, code);
  code += llvm::formatv("{0}{1}_e = tensor.empty({2}) : {3}\n", indent, p,
                        llvm::join(sizes, ", "), printTensor(out));
  llvm::SmallVector<std::string> iters(outRank, "\"parallel\"");
  code += llvm::formatv(
      "{0}{1}_r = linalg.generic {{indexing_maps = [{2}, {3}], "
      "iterator_types = [{4}]} ins({5} : {6}) outs({1}_e : {7}) {{\n",
      indent, p, inputMap, affineMap(outRank, false), llvm::join(iters, ", "),
      v, printTensor(in), printTensor(out));
  // Block values named with the fresh prefix too: a region that is not
  // isolated from above must not redefine a name of the function.
  code +=
      llvm::formatv("{0}^bb0({1}_in: {2}, {1}_out: {2}):\n", indent, p, in.elt);
  op = negation(in.elt, p, indent, code);
  code += llvm::formatv("{0}  linalg.yield {1}_n : {2}\n", indent, p, in.elt);
  code += llvm::formatv("{0}} -> {1}\n", indent, printTensor(out));
  return code;
}

} // namespace

std::optional<StructuralMutant> addConsumer(StringRef program, uint64_t seed) {
  std::optional<Site> s = parseSite(program);
  if (!s)
    return std::nullopt;
  for (size_t step = 0; step < s->operands.size(); ++step) {
    size_t k = (seed + step) % s->operands.size();
    std::optional<TensorTy> ty = parseTensor(s->types[k]);
    if (!ty || !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    unsigned rank = ty->dims.size();
    bool transposed = rank == 2 && ty->dims[0] != "?" && ty->dims[1] != "?" &&
                      ((seed >> 8) & 1);
    TensorTy outTy = *ty;
    if (transposed)
      std::swap(outTy.dims[0], outTy.dims[1]);
    std::string op;
    std::string code =
        elementwise(*ty, outTy, s->operands[k], s->prefix, s->indent,
                    affineMap(rank, transposed), op);
    StructuralMutant m;
    m.program = replaceResult(program, *s, k, code, s->prefix + "_r",
                              printTensor(outTy));
    m.what = llvm::formatv("elementwise consumer ({0}{1}) of result {2}", op,
                           transposed ? ", transposed" : "", k)
                 .str();
    return m;
  }
  return std::nullopt;
}

std::optional<StructuralMutant> addReduction(StringRef program, uint64_t seed) {
  std::optional<Site> s = parseSite(program);
  if (!s)
    return std::nullopt;
  for (size_t step = 0; step < s->operands.size(); ++step) {
    size_t k = (seed + step) % s->operands.size();
    std::optional<TensorTy> ty = parseTensor(s->types[k]);
    if (!ty || ty->dims.empty() || ty->elt == "i1" ||
        !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    unsigned rank = ty->dims.size();
    // The innermost dimension (a row reduction) unless bit 8 picks another.
    unsigned red = (seed >> 8) & 1 ? ((seed >> 9) % rank) : rank - 1;
    TensorTy outTy = *ty;
    outTy.dims.erase(outTy.dims.begin() + red);
    std::string p = s->prefix, indent = s->indent, v = s->operands[k];
    std::string code;
    std::vector<unsigned> kept;
    for (unsigned d = 0; d < rank; ++d)
      if (d != red)
        kept.push_back(d);
    llvm::SmallVector<std::string> sizes =
        dynamicSizes(*ty, v, p, indent, kept, code);
    bool fp = isFloat(ty->elt);
    code += llvm::formatv("{0}{1}_z = arith.constant {2} : {3}\n", indent, p,
                          fp ? "0.0" : "0", ty->elt);
    std::string out = printTensor(outTy), in = printTensor(*ty);
    code += llvm::formatv("{0}{1}_e = tensor.empty({2}) : {3}\n", indent, p,
                          llvm::join(sizes, ", "), out);
    code += llvm::formatv("{0}{1}_f = linalg.fill ins({1}_z : {2}) outs({1}_e "
                          ": {3}) -> {3}\n",
                          indent, p, ty->elt, out);
    std::string dims, res;
    llvm::SmallVector<std::string> iters;
    for (unsigned d = 0; d < rank; ++d) {
      dims += (d ? ", d" : "d") + std::to_string(d);
      iters.push_back(d == red ? "\"reduction\"" : "\"parallel\"");
      if (d != red)
        res += (res.empty() ? "d" : ", d") + std::to_string(d);
    }
    code += llvm::formatv(
        "{0}{1}_r = linalg.generic {{indexing_maps = [{2}, affine_map<({3}) "
        "-> ({4})>], iterator_types = [{5}]} ins({6} : {7}) outs({1}_f : {8}) "
        "{{\n",
        indent, p, affineMap(rank, false), dims, res, llvm::join(iters, ", "),
        v, in, out);
    code += llvm::formatv("{0}^bb0({1}_in: {2}, {1}_out: {2}):\n", indent, p,
                          ty->elt);
    // Exact on every target: a maximum for floats (no rounding, whatever
    // the order), a wrapping sum for integers.
    code += llvm::formatv("{0}  {1}_n = {2} {1}_in, {1}_out : {3}\n", indent, p,
                          fp ? "arith.maximumf" : "arith.addi", ty->elt);
    code +=
        llvm::formatv("{0}  linalg.yield {1}_n : {2}\n", indent, p, ty->elt);
    code += llvm::formatv("{0}} -> {1}\n", indent, out);
    StructuralMutant m;
    m.program = replaceResult(program, *s, k, code, p + "_r", out);
    m.what = llvm::formatv("reduction consumer ({0} over dimension {1}) of "
                           "result {2}",
                           fp ? "maximumf" : "addi", red, k)
                 .str();
    return m;
  }
  return std::nullopt;
}

std::optional<StructuralMutant> addProducer(StringRef program, uint64_t seed) {
  std::optional<Site> s = parseSite(program);
  if (!s)
    return std::nullopt;
  // The arguments: "%name: type" at the top level of the header's parens.
  size_t open = s->header.find('(');
  if (open == StringRef::npos || open > s->arrow)
    return std::nullopt;
  StringRef argsText = s->header.slice(open + 1, s->arrow);
  llvm::SmallVector<std::string> args = splitTopLevel(argsText);
  for (size_t step = 0; step < args.size(); ++step) {
    size_t k = (seed + step) % args.size();
    auto [name, typeText] = StringRef(args[k]).split(':');
    name = name.trim();
    typeText = typeText.trim();
    // An argument with attributes ({...}) keeps its type text exactly.
    if (!name.starts_with("%") || typeText.contains('{'))
      continue;
    std::optional<TensorTy> ty = parseTensor(typeText);
    if (!ty || !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    // Its uses in the body; none: a producer would be dead.
    // The function's body up to its return (a program may hold other
    // functions after it, with names of their own).
    StringRef body = program.slice(s->headerEnd, s->retEnd);
    auto isUse = [&](size_t at) {
      size_t after = at + name.size();
      return after >= body.size() ||
             !(llvm::isAlnum(body[after]) || body[after] == '_' ||
               body[after] == '$' || body[after] == '.');
    };
    bool used = false;
    for (size_t at = body.find(name); at != StringRef::npos;
         at = body.find(name, at + 1))
      used |= isUse(at);
    if (!used)
      continue;
    unsigned rank = ty->dims.size();
    // A static rank-2 argument may come in transposed: the producer
    // transposes it back (the function's argument type changes).
    bool transposed = rank == 2 && ty->dims[0] != "?" && ty->dims[1] != "?" &&
                      ((seed >> 8) & 1);
    TensorTy inTy = *ty;
    if (transposed)
      std::swap(inTy.dims[0], inTy.dims[1]);
    std::string p = s->prefix, op;
    std::string code =
        elementwise(inTy, *ty, name, p, s->indent.empty() ? "  " : s->indent,
                    affineMap(rank, transposed), op);
    std::string newBody;
    size_t last = 0;
    for (size_t at = body.find(name); at != StringRef::npos;
         at = body.find(name, at + 1))
      if (isUse(at)) {
        newBody += body.slice(last, at).str() + p + "_r";
        last = at + name.size();
      }
    newBody += body.substr(last).str();
    args[k] = name.str() + ": " + printTensor(inTy);
    std::string newHeader = s->header.take_front(open + 1).str() +
                            llvm::join(args, ", ") +
                            s->header.substr(s->arrow).str();
    StructuralMutant m;
    // The body starts with the header's newline; the producer goes first.
    m.program = program.take_front(s->fn).str() + newHeader + "\n" + code +
                newBody.substr(1) + program.substr(s->retEnd).str();
    m.what = llvm::formatv("elementwise producer ({0}{1}) of argument {2}", op,
                           transposed ? ", transposed" : "", k)
                 .str();
    return m;
  }
  return std::nullopt;
}

std::optional<StructuralMutant> addBroadcast(StringRef program, uint64_t seed) {
  std::optional<Site> s = parseSite(program);
  if (!s)
    return std::nullopt;
  for (size_t step = 0; step < s->operands.size(); ++step) {
    size_t k = (seed + step) % s->operands.size();
    std::optional<TensorTy> ty = parseTensor(s->types[k]);
    if (!ty || ty->dims.size() > 3 || !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    unsigned rank = ty->dims.size();
    unsigned pos = (seed >> 8) % (rank + 1);
    unsigned extent = 2 + (seed >> 12) % 3;
    TensorTy outTy = *ty;
    outTy.dims.insert(outTy.dims.begin() + pos, std::to_string(extent));
    // The input map drops the new dimension.
    std::string dims, res;
    for (unsigned d = 0; d <= rank; ++d) {
      dims += (d ? ", d" : "d") + std::to_string(d);
      if (d != pos)
        res += (res.empty() ? "d" : ", d") + std::to_string(d);
    }
    std::string p = s->prefix, out = printTensor(outTy), op;
    std::string code =
        elementwise(*ty, outTy, s->operands[k], p, s->indent,
                    "affine_map<(" + dims + ") -> (" + res + ")>", op);
    StructuralMutant m;
    m.program = replaceResult(program, *s, k, code, p + "_r", out);
    m.what = llvm::formatv("broadcast consumer ({0}, new dimension {1} of {2}) "
                           "of result {3}",
                           op, pos, extent, k)
                 .str();
    return m;
  }
  return std::nullopt;
}

std::optional<StructuralMutant> addContraction(StringRef program,
                                               uint64_t seed) {
  std::optional<Site> s = parseSite(program);
  if (!s)
    return std::nullopt;
  for (size_t step = 0; step < s->operands.size(); ++step) {
    size_t k = (seed + step) % s->operands.size();
    std::optional<TensorTy> ty = parseTensor(s->types[k]);
    if (!ty || ty->dims.empty() || ty->dims.size() > 3 || ty->elt == "i1" ||
        !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    unsigned rank = ty->dims.size();
    bool fp = isFloat(ty->elt);
    std::string p = s->prefix, indent = s->indent, v = s->operands[k];
    std::string in = printTensor(*ty);
    // The loops and maps, and which input dimension sizes each output
    // dimension. Rank 1: the outer product x_i * x_j. Rank 2: X X^T (the
    // rows contracted) or, bit 8 set, X^T X (the columns). Rank 3: the
    // same per batch.
    llvm::SmallVector<std::string> iters;
    std::string lhs, rhs, res, dims, form;
    llvm::SmallVector<unsigned> outFrom; // output dim -> input dim
    bool reduces = rank > 1;
    if (rank == 1) {
      dims = "d0, d1";
      lhs = "d0";
      rhs = "d1";
      res = "d0, d1";
      outFrom = {0, 0};
      iters = {"\"parallel\"", "\"parallel\""};
      form = "outer product";
    } else {
      bool gram = (seed >> 8) & 1; // X^T X
      std::string b = rank == 3 ? "d0, " : "";
      unsigned o = rank == 3 ? 1 : 0; // the first non-batch loop
      auto d = [&](unsigned i) { return "d" + std::to_string(o + i); };
      dims = b + d(0) + ", " + d(1) + ", " + d(2);
      res = b + d(0) + ", " + d(1);
      // d(0), d(1): the kept dimension twice; d(2): the contracted one.
      lhs = b + (gram ? d(2) + ", " + d(0) : d(0) + ", " + d(2));
      rhs = b + (gram ? d(2) + ", " + d(1) : d(1) + ", " + d(2));
      unsigned kept = o + (gram ? 1 : 0);
      if (rank == 3)
        outFrom.push_back(0);
      outFrom.push_back(kept);
      outFrom.push_back(kept);
      if (rank == 3)
        iters.push_back("\"parallel\"");
      iters.append({"\"parallel\"", "\"parallel\"", "\"reduction\""});
      form = gram ? "X^T X" : "X X^T";
      if (rank == 3)
        form = "batched " + form;
    }
    TensorTy outTy;
    outTy.elt = ty->elt;
    for (unsigned j : outFrom)
      outTy.dims.push_back(ty->dims[j]);
    std::string code;
    llvm::SmallVector<std::string> sizes =
        dynamicSizes(*ty, v, p, indent, outFrom, code);
    std::string out = printTensor(outTy);
    code += llvm::formatv("{0}{1}_e = tensor.empty({2}) : {3}\n", indent, p,
                          llvm::join(sizes, ", "), out);
    std::string init = p + "_e";
    if (reduces) {
      code += llvm::formatv("{0}{1}_z = arith.constant {2} : {3}\n", indent, p,
                            fp ? "0.0" : "0", ty->elt);
      code += llvm::formatv("{0}{1}_f = linalg.fill ins({1}_z : {2}) "
                            "outs({1}_e : {3}) -> {3}\n",
                            indent, p, ty->elt, out);
      init = p + "_f";
    }
    code += llvm::formatv(
        "{0}{1}_r = linalg.generic {{indexing_maps = [affine_map<({2}) -> "
        "({3})>, affine_map<({2}) -> ({4})>, affine_map<({2}) -> ({5})>], "
        "iterator_types = [{6}]} ins({7}, {7} : {8}, {8}) outs({9} : {10}) "
        "{{\n",
        indent, p, dims, lhs, rhs, res, llvm::join(iters, ", "), v, in, init,
        out);
    code += llvm::formatv("{0}^bb0({1}_a: {2}, {1}_b: {2}, {1}_out: {2}):\n",
                          indent, p, ty->elt);
    // Integers wrap (exact on every target); a float sum's order is the
    // target's choice, which the oracle bounds by the number of terms.
    code += llvm::formatv("{0}  {1}_m = {2} {1}_a, {1}_b : {3}\n", indent, p,
                          fp ? "arith.mulf" : "arith.muli", ty->elt);
    std::string yielded = p + "_m";
    if (reduces) {
      code += llvm::formatv("{0}  {1}_s = {2} {1}_out, {1}_m : {3}\n", indent,
                            p, fp ? "arith.addf" : "arith.addi", ty->elt);
      yielded = p + "_s";
    }
    code += llvm::formatv("{0}  linalg.yield {1} : {2}\n", indent, yielded,
                          ty->elt);
    code += llvm::formatv("{0}} -> {1}\n", indent, out);
    StructuralMutant m;
    m.program = replaceResult(program, *s, k, code, p + "_r", out);
    m.what =
        llvm::formatv("contraction consumer ({0}) of result {1}", form, k)
            .str();
    return m;
  }
  return std::nullopt;
}

} // namespace ref::difftest
