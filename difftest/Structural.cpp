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

std::optional<StructuralMutant> addConsumer(StringRef program, uint64_t seed) {
  size_t fn = program.find("func.func @");
  if (fn == StringRef::npos)
    return std::nullopt;
  size_t headerEnd = program.find('\n', fn);
  if (headerEnd == StringRef::npos)
    return std::nullopt;
  StringRef header = program.slice(fn, headerEnd);
  size_t arrow = header.rfind(") -> ");
  size_t brace = header.rfind(" {");
  if (arrow == StringRef::npos || brace == StringRef::npos || brace < arrow)
    return std::nullopt;
  StringRef results = header.slice(arrow + 5, brace).trim();
  bool parenthesized = results.consume_front("(") && results.consume_back(")");
  llvm::SmallVector<std::string> resultTypes = splitTopLevel(results);

  // The function's return: the last `return` line.
  size_t retLine = StringRef::npos;
  for (size_t pos = program.find("return ", headerEnd); pos != StringRef::npos;
       pos = program.find("return ", pos + 1)) {
    size_t lineStart = program.rfind('\n', pos) + 1;
    if (program.slice(lineStart, pos).trim().empty())
      retLine = lineStart;
  }
  if (retLine == StringRef::npos)
    return std::nullopt;
  size_t retEnd = program.find('\n', retLine);
  if (retEnd == StringRef::npos)
    retEnd = program.size();
  StringRef line = program.slice(retLine, retEnd);
  std::string indent = line.take_front(line.find("return")).str();
  StringRef rest = line.ltrim().drop_front(strlen("return "));
  auto [opsText, typesText] = rest.split(" : ");
  llvm::SmallVector<std::string> operands = splitTopLevel(opsText);
  llvm::SmallVector<std::string> types = splitTopLevel(typesText);
  if (operands.empty() || operands.size() != types.size() ||
      types.size() != resultTypes.size())
    return std::nullopt;

  // A fresh prefix for the new values.
  std::string p = "%gm";
  for (unsigned k = 1; program.contains(p + "_"); ++k)
    p = "%gm" + std::to_string(k);

  for (size_t step = 0; step < operands.size(); ++step) {
    size_t k = (seed + step) % operands.size();
    std::optional<TensorTy> ty = parseTensor(types[k]);
    if (!ty || !(isFloat(ty->elt) || isInt(ty->elt)))
      continue;
    unsigned rank = ty->dims.size();
    bool transposed = rank == 2 && ty->dims[0] != "?" && ty->dims[1] != "?" &&
                      ((seed >> 8) & 1);
    TensorTy outTy = *ty;
    if (transposed)
      std::swap(outTy.dims[0], outTy.dims[1]);
    std::string in = printTensor(*ty), out = printTensor(outTy);
    std::string v = operands[k];
    std::string code;
    llvm::SmallVector<std::string> sizes;
    for (unsigned d = 0; d < rank; ++d)
      if (ty->dims[d] == "?") {
        code += llvm::formatv("{0}{1}_c{2} = arith.constant {2} : index\n",
                              indent, p, d);
        code += llvm::formatv("{0}{1}_d{2} = tensor.dim {3}, {1}_c{2} : {4}\n",
                              indent, p, d, v, in);
        sizes.push_back(llvm::formatv("{0}_d{1}", p, d));
      }
    code += llvm::formatv("{0}{1}_e = tensor.empty({2}) : {3}\n", indent, p,
                          llvm::join(sizes, ", "), out);
    llvm::SmallVector<std::string> iters(rank, "\"parallel\"");
    code += llvm::formatv(
        "{0}{1}_r = linalg.generic {{indexing_maps = [{2}, {3}], "
        "iterator_types = [{4}]} ins({5} : {6}) outs({1}_e : {7}) {{\n",
        indent, p, affineMap(rank, transposed), affineMap(rank, false),
        llvm::join(iters, ", "), v, in, out);
    // Block values named with the fresh prefix too: a region that is not
    // isolated from above must not redefine a name of the function.
    code += llvm::formatv("{0}^bb0({1}_in: {2}, {1}_out: {2}):\n", indent, p,
                          ty->elt);
    std::string op;
    if (isFloat(ty->elt)) {
      code += llvm::formatv("{0}  {1}_n = arith.negf {1}_in : {2}\n", indent,
                            p, ty->elt);
      op = "negf";
    } else if (ty->elt == "i1") {
      code += llvm::formatv("{0}  {1}_t = arith.constant true\n", indent, p);
      code += llvm::formatv("{0}  {1}_n = arith.xori {1}_in, {1}_t : i1\n",
                            indent, p);
      op = "not";
    } else {
      code += llvm::formatv("{0}  {1}_z = arith.constant 0 : {2}\n", indent,
                            p, ty->elt);
      code += llvm::formatv("{0}  {1}_n = arith.subi {1}_z, {1}_in : {2}\n",
                            indent, p, ty->elt);
      op = "0 - x";
    }
    code += llvm::formatv("{0}  linalg.yield {1}_n : {2}\n", indent, p,
                          ty->elt);
    code += llvm::formatv("{0}} -> {1}\n", indent, out);

    operands[k] = p + "_r";
    types[k] = out;
    resultTypes[k] = out;
    std::string newHeader =
        header.take_front(arrow + 5).str() +
        (parenthesized ? "(" + llvm::join(resultTypes, ", ") + ")"
                       : resultTypes[0]) +
        header.substr(brace).str();
    std::string newReturn = indent + "return " + llvm::join(operands, ", ") +
                            " : " + llvm::join(types, ", ");
    StructuralMutant m;
    m.program = program.take_front(fn).str() + newHeader +
                program.slice(headerEnd, retLine).str() + code + newReturn +
                program.substr(retEnd).str();
    m.what = llvm::formatv("elementwise consumer ({0}{1}) of result {2}", op,
                           transposed ? ", transposed" : "", k)
                 .str();
    return m;
  }
  return std::nullopt;
}

} // namespace ref::difftest
