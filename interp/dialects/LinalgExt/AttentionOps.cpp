//===- AttentionOps.cpp - iree_linalg_ext.attention / online_attention ----===//
//
// Verifiers of the two attention ops, in IREE's order and with IREE's
// messages (LinalgExtOps.cpp, AttentionOp::verify and
// OnlineAttentionOp::verify). Where IREE asserts or reads out of range on a
// malformed op (an indexing map that is not a projected permutation, a map
// with more dims than the query's, a missing map of online_attention, a
// region without arguments) we reject it with the nearest IREE message.
//
//===----------------------------------------------------------------------===//

#include "interp/dialects/LinalgExt/LinalgExtDialect.h"

#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace ref::linalg_ext;

namespace {

struct NamedOperand {
  StringRef name;
  Value value;
  AffineMap map;
};

/// IREE's shape check: every static extent of an operand must agree with
/// the first static extent seen for the same domain dimension. IREE's
/// attention message names the position, its online_attention message
/// does not.
class ShapeChecker {
public:
  ShapeChecker(Operation *op, unsigned domainRank, bool namePosition)
      : op(op), shape(domainRank, 0), found(domainRank, false),
        namePosition(namePosition) {}

  LogicalResult check(const NamedOperand &o) {
    ArrayRef<int64_t> valShape = cast<ShapedType>(o.value.getType()).getShape();
    if (o.map.getNumResults() != valShape.size()) {
      return op->emitError("Rank Mismatch for ")
             << o.name << ". Expected: " << o.map.getNumResults()
             << " Got: " << valShape.size();
    }
    for (auto [i, expr] : llvm::enumerate(o.map.getResults())) {
      unsigned pos = cast<AffineDimExpr>(expr).getPosition();
      // IREE indexes its query-sized table here; a larger domain would read
      // past it, so say which map has the wrong domain instead.
      if (pos >= shape.size()) {
        return op->emitError("Mismatched map domain for ")
               << o.name << ". Expected: " << shape.size()
               << " Got: " << o.map.getNumInputs();
      }
      if (ShapedType::isDynamic(valShape[i]))
        continue;
      if (!found[pos]) {
        found[pos] = true;
        shape[pos] = valShape[i];
      }
      if (shape[pos] != valShape[i]) {
        InFlightDiagnostic diag = op->emitError("Shape Mismatch for ")
                                  << o.name;
        if (namePosition)
          diag << " at position " << i;
        return diag << ". Expected: " << shape[pos] << " Got: " << valShape[i];
      }
    }
    return success();
  }

private:
  Operation *op;
  SmallVector<int64_t> shape;
  SmallVector<bool> found;
  bool namePosition;
};

/// The checks both ops share. `operands` lists the shaped operands in IREE's
/// check order with the mask last (absent when the op has none); `scaleMap`
/// only takes part in the domain check.
LogicalResult verifyAttentionLike(Operation *op,
                                  ArrayRef<NamedOperand> operands,
                                  AffineMap scaleMap, bool isOnline) {
  // IREE's AttentionOpDetail asserts that every map is a projected
  // permutation (and its shape check casts each result to a dim).
  for (const NamedOperand &o : operands)
    if (!o.map.isProjectedPermutation())
      return op->emitOpError("failed to verify op's indexing maps");

  const unsigned domainRank = operands.front().map.getNumDims();
  ShapeChecker shapes(op, domainRank, /*namePosition=*/!isOnline);
  for (const NamedOperand &o : operands)
    if (failed(shapes.check(o)))
      return failure();

  auto checkDomain = [&](StringRef name, AffineMap map) -> LogicalResult {
    if (map.getNumInputs() != domainRank) {
      return op->emitError("Mismatched map domain for ")
             << name << ". Expected: " << domainRank
             << " Got: " << map.getNumInputs();
    }
    return success();
  };
  // IREE checks the scale's domain right after the value's.
  for (auto [i, o] : llvm::enumerate(operands)) {
    if (failed(checkDomain(o.name, o.map)))
      return failure();
    if (i == 2 && failed(checkDomain("Scale", scaleMap)))
      return failure();
  }

  Block &block = op->getRegion(0).front();
  if (isOnline && block.getNumArguments() != 1)
    return op->emitOpError("expects single block argument for score");
  // IREE's attention reads argument 0 without checking there is one.
  if (block.getNumArguments() == 0)
    return op->emitOpError("expects single block argument for score");
  if (!isa<FloatType>(block.getArgument(0).getType()))
    return op->emitOpError("block argument 0 should be float");
  Operation *terminator = &block.back();
  if (!isa<YieldOp>(terminator))
    return op->emitOpError("expected linalg_ext.yield");
  if (terminator->getNumOperands() != 1)
    return op->emitOpError("expected only one return");
  return success();
}

} // namespace

LogicalResult AttentionOp::verify() {
  SmallVector<AffineMap> maps = getIndexingMapsArray();
  if (maps.size() != getOperation()->getNumOperands())
    return emitOpError("expected an indexing map for each operand");
  const bool hasMask = static_cast<bool>(getMask());
  const unsigned outIdx = hasMask ? 5 : 4;
  SmallVector<NamedOperand> operands = {{"Query", getQuery(), maps[0]},
                                        {"Key", getKey(), maps[1]},
                                        {"Value", getValue(), maps[2]},
                                        {"Output", getOutput(), maps[outIdx]}};
  if (hasMask)
    operands.push_back({"Mask", getMask(), maps[4]});
  return verifyAttentionLike(*this, operands, maps[3], /*isOnline=*/false);
}

LogicalResult OnlineAttentionOp::verify() {
  // IREE indexes the maps without counting them; a short list would read
  // past its end, so the attention op's message applies here too.
  SmallVector<AffineMap> maps = getIndexingMapsArray();
  if (maps.size() != getOperation()->getNumOperands())
    return emitOpError("expected an indexing map for each operand");
  const bool hasMask = static_cast<bool>(getMask());
  const unsigned outIdx = hasMask ? 5 : 4;
  SmallVector<NamedOperand> operands = {{"Query", getQuery(), maps[0]},
                                        {"Key", getKey(), maps[1]},
                                        {"Value", getValue(), maps[2]},
                                        {"Output", getOutput(), maps[outIdx]},
                                        {"Max", getMax(), maps[outIdx + 1]},
                                        {"Sum", getSum(), maps[outIdx + 2]}};
  if (hasMask)
    operands.push_back({"Mask", getMask(), maps[4]});
  return verifyAttentionLike(*this, operands, maps[3], /*isOnline=*/true);
}
