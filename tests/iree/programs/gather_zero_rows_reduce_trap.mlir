// An iree_linalg_ext.gather of row 0 of a one-element source (every index
// 0, from a fill through expand_shape), then a reduction whose body yields
// its input (every iteration yields the same gathered value). By hand the
// result is the source element at every position. llvm-cpu (IREE 3.13, O0
// to O3) traps at run time (SIGTRAP); vmvx runs it right. Found by a
// 30-minute guided campaign with every op kind (issue 26, 2026-12-04, seed
// 9, case 1741, a dtype mutant), reduced by difftest reduce (9 ops -> 4).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @main(%arg0: tensor<1xf32>, %arg1: tensor<21xf32>) -> tensor<21xf32> {
    %c0_i32 = arith.constant 0 : i32
    %0 = tensor.empty() : tensor<21x15xi32>
    %1 = linalg.fill ins(%c0_i32 : i32) outs(%0 : tensor<21x15xi32>) -> tensor<21x15xi32>
    %expanded = tensor.expand_shape %1 [[0], [1, 2]] output_shape [21, 15, 1] : tensor<21x15xi32> into tensor<21x15x1xi32>
    %2 = tensor.empty() : tensor<21x15xf32>
    %3 = iree_linalg_ext.gather dimension_map = [0] ins(%arg0, %expanded : tensor<1xf32>, tensor<21x15x1xi32>) outs(%2 : tensor<21x15xf32>) -> tensor<21x15xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%3 : tensor<21x15xf32>) outs(%arg1 : tensor<21xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<21xf32>
    return %4 : tensor<21xf32>
  }
}
