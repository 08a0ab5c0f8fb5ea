//===- StablehloDialect.cpp - The StableHLO ops ref-run interprets --------===//

#include "interp/dialects/StablehloDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;

#include "interp/dialects/StablehloDialect.cpp.inc"

#define GET_OP_CLASSES
#include "interp/dialects/StablehloOps.cpp.inc"

namespace ref::stablehlo {

void StablehloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "interp/dialects/StablehloOps.cpp.inc"
      >();
}

LogicalResult ConstantOp::verify() {
  auto attrType = dyn_cast<ShapedType>(getValue().getType());
  if (!attrType || attrType != getOutput().getType())
    return emitOpError("value's type ")
           << getValue().getType() << " is not the result type "
           << getOutput().getType();
  return success();
}

std::optional<WindowParams> windowParams(ReduceWindowOp op) {
  if (op.getInputs().empty())
    return std::nullopt;
  auto inType = cast<RankedTensorType>(op.getInputs()[0].getType());
  size_t rank = inType.getRank();
  WindowParams p;
  p.dims.assign(op.getWindowDimensions().begin(),
                op.getWindowDimensions().end());
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> a,
                    SmallVectorImpl<int64_t> &out) {
    if (a)
      out.assign(a->begin(), a->end());
    else
      out.assign(rank, 1);
  };
  orOnes(op.getWindowStrides(), p.strides);
  orOnes(op.getBaseDilations(), p.baseDilations);
  orOnes(op.getWindowDilations(), p.windowDilations);
  if (auto pad = op.getPadding()) {
    auto padType = cast<ShapedType>(pad->getType());
    if (padType.getRank() != 2 || padType.getDimSize(0) != int64_t(rank) ||
        padType.getDimSize(1) != 2)
      return std::nullopt;
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (size_t d = 0; d < rank; ++d) {
      p.padLow.push_back(values[2 * d]);
      p.padHigh.push_back(values[2 * d + 1]);
    }
  } else {
    p.padLow.assign(rank, 0);
    p.padHigh.assign(rank, 0);
  }
  for (auto *v : {&p.dims, &p.strides, &p.baseDilations, &p.windowDilations})
    if (v->size() != rank)
      return std::nullopt;
  return p;
}

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  if (n == 0)
    return emitOpError("needs at least one input");
  if (getNumResults() != n)
    return emitOpError("has ") << getNumResults() << " results for " << n
                               << " inputs";
  auto in0 = cast<RankedTensorType>(getInputs()[0].getType());
  for (auto [i, v] : llvm::enumerate(getInputs())) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getShape() != in0.getShape())
      return emitOpError("input ") << i << " has shape " << t
                                   << ", input 0 " << in0;
    auto init = cast<RankedTensorType>(getInitValues()[i].getType());
    if (init.getRank() != 0 || init.getElementType() != t.getElementType())
      return emitOpError("init value ")
             << i << " must be a 0-d tensor of " << t.getElementType();
    auto res = cast<RankedTensorType>(getResult(i).getType());
    if (res.getElementType() != t.getElementType() ||
        res.getRank() != t.getRank())
      return emitOpError("result ") << i << " must have input " << i
                                    << "'s element type and rank";
  }
  std::optional<WindowParams> p = windowParams(*this);
  if (!p)
    return emitOpError("window_dimensions, window_strides, base_dilations, "
                       "window_dilations and padding ([rank, 2]) must have "
                       "the inputs' rank ")
           << in0.getRank();
  for (size_t d = 0; d < p->dims.size(); ++d) {
    if (p->dims[d] <= 0 || p->strides[d] <= 0 || p->baseDilations[d] <= 0 ||
        p->windowDilations[d] <= 0)
      return emitOpError("window dimensions, strides and dilations must be "
                         "positive (dimension ")
             << d << ")";
    if (in0.isDynamicDim(d))
      continue;
    int64_t want = windowedExtent(in0.getDimSize(d), p->dims[d],
                                  p->strides[d], p->baseDilations[d],
                                  p->windowDilations[d], p->padLow[d],
                                  p->padHigh[d]);
    for (Value r : getResults()) {
      auto rt = cast<RankedTensorType>(r.getType());
      if (!rt.isDynamicDim(d) && rt.getDimSize(d) != want)
        return emitOpError("result dimension ")
               << d << " is " << rt.getDimSize(d) << ", the windows give "
               << want;
    }
  }
  Block &body = getBody().front();
  if (body.getNumArguments() != 2 * n)
    return emitOpError("body must take ") << 2 * n << " arguments";
  for (auto [i, a] : llvm::enumerate(body.getArguments())) {
    auto t = dyn_cast<RankedTensorType>(a.getType());
    auto elem =
        cast<RankedTensorType>(getInputs()[i % n].getType()).getElementType();
    if (!t || t.getRank() != 0 || t.getElementType() != elem)
      return emitOpError("body argument ")
             << i << " must be tensor<" << elem << ">";
  }
  auto ret = dyn_cast<ReturnOp>(body.getTerminator());
  if (!ret || ret.getResults().size() != n)
    return emitOpError("body must end in stablehlo.return of ")
           << n << " values";
  return success();
}

} // namespace ref::stablehlo
