// Output written through a transposed map: out[j, i] = x[i, j] * 3 - bias[j].
func.func @main(%x: tensor<3x4xi32>, %bias: tensor<4xi32>) -> tensor<4x3xi32> {
  %e = tensor.empty() : tensor<4x3xi32>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (j, i)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<3x4xi32>, tensor<4xi32>) outs(%e : tensor<4x3xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %c3 = arith.constant 3 : i32
    %m = arith.muli %a, %c3 : i32
    %s = arith.subi %m, %b : i32
    linalg.yield %s : i32
  } -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
