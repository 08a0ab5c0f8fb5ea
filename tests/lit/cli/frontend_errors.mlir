// A frontend program needs IREE to lower it: with no IREE where --iree-dir
// points, ref-run says so (exit 2) before interpreting anything; a program
// that mixes two frontends' ops needs --input-type. With --input-type=none
// the StableHLO ops reach ref-run's own parser, which knows only the generic
// form of its small StableHLO subset (interp/dialects/StablehloOps.td).
//
// RUN: %expect-exit 2 %ref-run %s --iree-dir=/nonexistent/iree 2>&1 | FileCheck %s --check-prefix=NOIREE
// NOIREE: error: {{.*}}frontend_errors.mlir is a stablehlo program, to be lowered by IREE: --iree-dir=/nonexistent/iree: no iree-compile and iree-run-module there
//
// RUN: %expect-exit 2 %ref-run %s --input-type=jax 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: --input-type=jax: expected onnx, torch, stablehlo, tosa, none or auto
//
// RUN: %expect-exit 2 %ref-run %s --input-type=none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: custom op 'stablehlo.add' has no custom assembly form
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/mixed.mlir && echo 'r = tosa.add' >> %t/mixed.mlir
// RUN: %expect-exit 2 %ref-run %t/mixed.mlir 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: error: {{.*}}mixed.mlir: it has both stablehlo and tosa ops: give --input-type=torch|stablehlo|tosa

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
