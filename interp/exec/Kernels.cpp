//===- Kernels.cpp - The registry of every op kernel -----------------------===//
//
// Each dialect's kernels live in kernels/<Dialect>Kernels.cpp and expose one
// register function; adding a dialect means adding one line here.
//
//===----------------------------------------------------------------------===//

#include "interp/exec/KernelUtils.h"

namespace ref {

const KernelRegistry &KernelRegistry::all() {
  static const KernelRegistry registry = [] {
    KernelRegistry r;
    registerFuncKernels(r);
    registerArithMathKernels(r);
    registerScfKernels(r);
    registerTensorKernels(r);
    registerLinalgKernels(r);
    registerTestSupportKernels(r);
    registerLinalgExtKernels(r);
    registerAttentionKernels(r);
    registerLinalgLayoutKernels(r);
    registerLinalgExtTransformKernels(r);
    registerAffineKernels(r);
    registerHalKernels(r);
    registerComplexKernels(r);
    registerFftKernels(r);
    registerQuantizeKernels(r);
    registerFlowPhaseKernels(r);
    registerStablehloKernels(r);
    return r;
  }();
  return registry;
}

} // namespace ref
