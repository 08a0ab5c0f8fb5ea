//===- LoopWork.h - One GPU thread's loops, from the program -*- C++ -*-===//
//
// A conservative bound, read from a function's ops and types, on the
// sequential loop iterations one invocation (one GPU thread) of a compiled
// dispatch may run, and on the largest tensor it touches. An executor with a
// hard cap on either (Mesa's llvmpipe leaves every loop of an invocation
// after 65,535 iterations in total; Vulkan bounds a storage binding's range)
// gives wrong results past it without any error, and difftest must not call
// that a miscompile (docs/gpu.md, "Executor limits").
//
// Per op (n: the extent along the op's `dimension`):
//   iree_linalg_ext.sort             n * n (its lowering is a loop nest over
//                                    the dimension inside a loop over it)
//   iree_linalg_ext.topk, topk_v2    n * (k + 1), k the outputs' extent
//   iree_linalg_ext.scan, arg_compare n
//   iree_linalg_ext.attention (and online_attention)
//                                    every element of the key tensor
//   a linalg op with reduction loops the product of its reduction extents (a
//                                    thread computing one output alone, as a
//                                    one-thread dispatch does)
// The function's bound is the sum over its ops (and the functions it calls),
// each op counted once: ops fused into one dispatch add up. A dynamic extent
// counts as `dynamicExtent`, which the caller takes from the actual
// arguments and results (their largest extent).
//
//===----------------------------------------------------------------------===//

#ifndef REF_EXEC_LOOPWORK_H
#define REF_EXEC_LOOPWORK_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace ref {

struct OpLoopWork {
  std::string op; // "iree_linalg_ext.sort at prog.mlir:3:8"
  int64_t iterations = 0;
  std::string why; // "sort of 300 along dimension 1: 300 * 300"
};

struct LoopWork {
  /// Sum of the ops' bounds (saturating at INT64_MAX).
  int64_t iterations = 0;
  /// Ops with a non-zero bound, largest first.
  std::vector<OpLoopWork> ops;
  /// The largest tensor value of the function (argument, result or any
  /// op's), in bytes, and its type.
  int64_t largestTensorBytes = 0;
  std::string largestTensor;
};

LoopWork estimateLoopWork(mlir::FunctionOpInterface fn, int64_t dynamicExtent);

/// {"loop_iterations": N, "largest_tensor_bytes": B, "largest_tensor":
///  "tensor<...>", "ops": [{"op", "iterations", "why"}, ...]}
llvm::json::Value toJSON(const LoopWork &w);

} // namespace ref

#endif // REF_EXEC_LOOPWORK_H
