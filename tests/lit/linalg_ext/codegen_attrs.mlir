// IREE's codegen steering attributes (#iree_codegen.*, #iree_gpu.*,
// #iree_cpu.*) parse in any attribute dictionary, as in IREE's e2e test
// scan_configured.mlir, and print back unchanged (their body is kept as
// text). ref-run ignores them. Other unregistered dialects stay errors.
//
// RUN: ref-opt %s | FileCheck %s
// RUN: ref-opt %s -o %t.1.mlir
// RUN: ref-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: %ref-run %s --function=scan_configured | FileCheck %s --check-prefix=OUT
// RUN: %ref-run --check %s | FileCheck %s --check-prefix=CHECK-MODE
// RUN: echo 'func.func @f() attributes {a = #iree_hal.device<1>} { return }' | not ref-opt 2>&1 | FileCheck %s --check-prefix=UNREG

// Aliases are expanded where they are used; the attribute texts come back
// character for character, whitespace inside a body included. (An alias
// named inside another codegen attribute's body, as in
// `#iree_codegen.compilation_info<lowering_config = #config, ...>`, stays as
// written: the body is text.)
// CHECK-LABEL: func.func @scan_configured
//  CHECK-SAME:   attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [64, 1, 1] subgroup_size = 64>}
//       CHECK:   iree_linalg_ext.scan {lowering_config = #iree_gpu.lowering_config<{lane_basis = {{\[\[}}8], [0]], subgroup_basis = {{\[\[}}1], [0]], thread = [8]}>}
//       CHECK:   arith.addf {{.*}} {cpu = #iree_cpu.pipeline<Mmt4dTilingExpert>, tile = #iree_codegen.lowering_config<tile_sizes = {{\[\[}}1, 128], [0, 0]]>} : tensor<4xf32>
//       CHECK:   util.optimization_barrier {text = #iree_gpu.target<"a>b", x = {y = (1 -> 2)}>, verbose = #iree_codegen<"opaque body">} %{{.*}} : tensor<4xf32>
#translation = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [64, 1, 1] subgroup_size = 64>
#config = #iree_gpu.lowering_config<{lane_basis = [[8], [0]], subgroup_basis = [[1], [0]], thread = [8]}>
func.func @scan_configured() -> (tensor<4xf32>, tensor<f32>) attributes {translation_info = #translation} {
  %in = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %out = tensor.empty() : tensor<4xf32>
  %acc = util.unfoldable_constant dense<0.0> : tensor<f32>
  %0:2 = iree_linalg_ext.scan {lowering_config = #config}
         dimension(0) inclusive(true)
         ins(%in : tensor<4xf32>)
         outs(%out, %acc : tensor<4xf32>, tensor<f32>) {
  ^bb0(%lhs : f32, %rhs : f32):
    %sum = arith.addf %lhs, %rhs : f32
    iree_linalg_ext.yield %sum : f32
  } -> tensor<4xf32>, tensor<f32>
  %1 = arith.addf %0#0, %0#0 {tile = #iree_codegen.lowering_config<tile_sizes = [[1, 128], [0, 0]]>, cpu = #iree_cpu.pipeline<Mmt4dTilingExpert>} : tensor<4xf32>
  %2 = util.optimization_barrier {text = #iree_gpu.target<"a>b", x = {y = (1 -> 2)}>, verbose = #iree_codegen<"opaque body">} %1 : tensor<4xf32>
  return %2, %0#1 : tensor<4xf32>, tensor<f32>
}

// OUT: 4xf32=2 6 12 20
// OUT: f32=10

// In --check mode as IREE's e2e file writes it.
// CHECK-MODE: PASS @scan_configured_check
func.func @scan_configured_check() {
  %in = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %out = tensor.empty() : tensor<3xi32>
  %acc = util.unfoldable_constant dense<0> : tensor<i32>
  %0:2 = iree_linalg_ext.scan {lowering_config = #iree_gpu.lowering_config<{workgroup = [1, 0]}>}
         dimension(0) inclusive(true)
         ins(%in : tensor<3xi32>) outs(%out, %acc : tensor<3xi32>, tensor<i32>) {
  ^bb0(%lhs : i32, %rhs : i32):
    %sum = arith.addi %lhs, %rhs : i32
    iree_linalg_ext.yield %sum : i32
  } -> tensor<3xi32>, tensor<i32>
  check.expect_eq_const(%0#0, dense<[1, 3, 6]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// UNREG: error: #"iree_hal"<"device<1>"> : 'none' attribute created with unregistered dialect
