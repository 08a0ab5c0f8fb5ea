// A scatter whose destination is a function argument, and a copy of that
// argument returned beside it. Tensors are values: the copy must equal the
// argument. IREE 3.13 scatters into the argument's buffer in place, so the
// copy holds the updated rows 1, 5 and 2 (iree#24665's class, for scatter).
func.func @main(%dest: tensor<8x4xf32>, %upd: tensor<3x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %idx = arith.constant dense<[[1], [5], [2]]> : tensor<3x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
         ins(%upd, %idx : tensor<3x4xf32>, tensor<3x1xi32>) outs(%dest : tensor<8x4xf32>) {
  ^bb0(%u: f32, %o: f32):
    iree_linalg_ext.yield %u : f32
  } -> tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %copy = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                          iterator_types = ["parallel", "parallel"]}
      ins(%dest : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<8x4xf32>
  return %r, %copy : tensor<8x4xf32>, tensor<8x4xf32>
}
