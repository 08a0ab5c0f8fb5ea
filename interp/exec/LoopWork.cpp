//===- LoopWork.cpp - How long one GPU thread may loop, from the program --===//

#include "interp/exec/LoopWork.h"
#include "interp/exec/KernelUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <limits>

namespace ref {

using namespace mlir;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

int64_t mulSat(int64_t a, int64_t b) {
  if (a == 0 || b == 0)
    return 0;
  return a > kMax / b ? kMax : a * b;
}

int64_t addSat(int64_t a, int64_t b) { return a > kMax - b ? kMax : a + b; }

struct Estimator {
  int64_t dynamicExtent;
  LoopWork work;
  llvm::SmallPtrSet<Operation *, 8> visitedFns;

  int64_t extent(int64_t d) const {
    return ShapedType::isDynamic(d) ? dynamicExtent : d;
  }

  /// The extent of `v` along `dim` (0 when it is no ranked tensor).
  int64_t extentOf(Value v, int64_t dim) const {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t || dim < 0 || dim >= t.getRank())
      return 0;
    return extent(t.getDimSize(dim));
  }

  void noteTensor(Type type) {
    auto t = dyn_cast<RankedTensorType>(type);
    if (!t)
      return;
    int64_t bits = t.getElementType().isIntOrFloat()
                       ? t.getElementType().getIntOrFloatBitWidth()
                       : 64; // complex, index: at most 128 bits, say 64 per
    if (isa<ComplexType>(t.getElementType()))
      bits = 2 * cast<ComplexType>(t.getElementType())
                     .getElementType()
                     .getIntOrFloatBitWidth();
    int64_t elems = 1;
    for (int64_t d : t.getShape())
      elems = mulSat(elems, extent(d));
    int64_t bytes = mulSat(elems, (bits + 7) / 8);
    if (bytes > work.largestTensorBytes) {
      work.largestTensorBytes = bytes;
      std::string s;
      llvm::raw_string_ostream os(s);
      os << t;
      work.largestTensor = s;
    }
  }

  void add(Operation *op, int64_t iterations, std::string why) {
    if (iterations <= 0)
      return;
    work.iterations = addSat(work.iterations, iterations);
    work.ops.push_back({originOf(op), iterations, std::move(why)});
  }

  void visitOp(Operation *op) {
    for (Type t : op->getResultTypes())
      noteTensor(t);
    StringRef name = op->getName().getStringRef();
    auto dimAttr = op->getAttrOfType<IntegerAttr>("dimension");
    int64_t dim = dimAttr ? dimAttr.getInt() : -1;
    if (name == "iree_linalg_ext.sort") {
      Value v = op->getNumOperands() ? op->getOperand(op->getNumOperands() - 1)
                                     : Value();
      int64_t n = v ? extentOf(v, dim) : 0;
      add(op, mulSat(n, n),
          llvm::formatv("sort of {0} along dimension {1}: {0} * {0}", n, dim));
    } else if (name == "iree_linalg_ext.topk" ||
               name == "iree_linalg_ext.topk_v2") {
      int64_t n = op->getNumOperands() ? extentOf(op->getOperand(0), dim) : 0;
      int64_t k = op->getNumResults() ? extentOf(op->getResult(0), dim) : 0;
      add(op, mulSat(n, k + 1),
          llvm::formatv("top-{0} of {1} along dimension {2}: {1} * ({0} + 1)",
                        k, n, dim));
    } else if (name == "iree_linalg_ext.scan" ||
               name == "iree_linalg_ext.arg_compare") {
      int64_t n = op->getNumOperands() ? extentOf(op->getOperand(0), dim) : 0;
      add(op, n,
          llvm::formatv("{0} along dimension {1}: {2}", name.drop_front(16),
                        dim, n));
    } else if (name == "iree_linalg_ext.attention" ||
               name == "iree_linalg_ext.online_attention") {
      int64_t elems = 0;
      if (op->getNumOperands() > 1)
        if (auto t = dyn_cast<RankedTensorType>(op->getOperand(1).getType())) {
          elems = 1;
          for (int64_t d : t.getShape())
            elems = mulSat(elems, extent(d));
        }
      add(op, elems, llvm::formatv("attention: every key element, {0}", elems));
    } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      SmallVector<int64_t> ranges = linalgOp.getStaticLoopRanges();
      SmallVector<utils::IteratorType> its = linalgOp.getIteratorTypesArray();
      int64_t r = 1;
      bool any = false;
      std::string dims;
      for (auto [i, it] : llvm::enumerate(its)) {
        if (it != utils::IteratorType::reduction || i >= ranges.size())
          continue;
        any = true;
        r = mulSat(r, extent(ranges[i]));
        dims += (dims.empty() ? "" : " * ") + std::to_string(extent(ranges[i]));
      }
      if (any)
        add(op, r, "reduction loops " + dims);
    }
    // A called function's ops run inside this one's dispatches too.
    if (auto call = dyn_cast<CallOpInterface>(op))
      if (auto sym = llvm::dyn_cast_if_present<SymbolRefAttr>(
              call.getCallableForCallee()))
        if (auto callee = dyn_cast_or_null<FunctionOpInterface>(
                SymbolTable::lookupNearestSymbolFrom(op, sym)))
          visitFunction(callee);
  }

  void visitFunction(FunctionOpInterface fn) {
    if (!visitedFns.insert(fn.getOperation()).second || fn.isExternal())
      return;
    for (Type t : fn.getArgumentTypes())
      noteTensor(t);
    fn->walk([&](Operation *op) {
      if (op != fn.getOperation())
        visitOp(op);
    });
  }
};

} // namespace

LoopWork estimateLoopWork(FunctionOpInterface fn, int64_t dynamicExtent) {
  Estimator e{std::max<int64_t>(dynamicExtent, 1), {}, {}};
  e.visitFunction(fn);
  std::stable_sort(e.work.ops.begin(), e.work.ops.end(),
                   [](const OpLoopWork &a, const OpLoopWork &b) {
                     return a.iterations > b.iterations;
                   });
  return std::move(e.work);
}

llvm::json::Value toJSON(const LoopWork &w) {
  llvm::json::Array ops;
  for (const OpLoopWork &o : w.ops)
    ops.push_back(llvm::json::Object{
        {"op", o.op}, {"iterations", o.iterations}, {"why", o.why}});
  return llvm::json::Object{{"loop_iterations", w.iterations},
                            {"largest_tensor_bytes", w.largestTensorBytes},
                            {"largest_tensor", w.largestTensor},
                            {"ops", std::move(ops)}};
}

} // namespace ref
