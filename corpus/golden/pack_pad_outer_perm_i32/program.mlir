// out[o1, o0, i0, i1] = src[o0*2 + i0, o1*3 + i1], or -1 past the source.
func.func @main(%src: tensor<7x8xi32>) -> tensor<3x4x2x3xi32> {
  %pad = arith.constant -1 : i32
  %e = tensor.empty() : tensor<3x4x2x3xi32>
  %0 = linalg.pack %src padding_value(%pad : i32) outer_dims_perm = [1, 0]
      inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %e
      : tensor<7x8xi32> -> tensor<3x4x2x3xi32>
  return %0 : tensor<3x4x2x3xi32>
}
