// out[r, c] = src[r / 2, c / 4, c % 4, r % 2] for r < 3, c < 10.
func.func @main(%src: tensor<2x3x4x2xf32>) -> tensor<3x10xf32> {
  %e = tensor.empty() : tensor<3x10xf32>
  %0 = linalg.unpack %src inner_dims_pos = [1, 0] inner_tiles = [4, 2]
      into %e : tensor<2x3x4x2xf32> -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}
