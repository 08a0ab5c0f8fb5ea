// difftest-run-args: --opt-level=O3
// A reduction over dimension 0 whose body yields its input (the
// accumulator unused), over a broadcast: every iteration yields the same
// value, so the result is the argument broadcast, whatever the order. At
// O3 the SPIR-V targets leave the outputs at the init (llvm-cpu and vmvx
// right; vulkan right at O0). Found by a 30-minute guided night
// (2026-12-04, seed 5151, case 168); corpus/repros/spirv-reduction-yields-input-o3.
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
module {
  func.func @main(%arg0: tensor<2x1xi32>, %arg1: tensor<2x1x2xi32>) -> tensor<2x1x2xi32> {
    %0 = tensor.empty() : tensor<16x2x1x2xi32>
    %b = linalg.broadcast ins(%arg0 : tensor<2x1xi32>) outs(%0 : tensor<16x2x1x2xi32>) dimensions = [0, 3]
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel", "parallel", "parallel"]} ins(%b : tensor<16x2x1x2xi32>) outs(%arg1 : tensor<2x1x2xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x1x2xi32>
    return %1 : tensor<2x1x2xi32>
  }
}
