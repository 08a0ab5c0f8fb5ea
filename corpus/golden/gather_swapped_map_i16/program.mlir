// output[b, :] = source[indices[b, 1], indices[b, 0], :]: dimension_map
// [1, 0] sends index column i to source dimension dimension_map[i].
func.func @main(%src: tensor<4x5x3xi16>, %idx: tensor<6x2xi64>) -> tensor<6x3xi16> {
  %e = tensor.empty() : tensor<6x3xi16>
  %0 = iree_linalg_ext.gather dimension_map = [1, 0]
      ins(%src, %idx : tensor<4x5x3xi16>, tensor<6x2xi64>) outs(%e : tensor<6x3xi16>) -> tensor<6x3xi16>
  return %0 : tensor<6x3xi16>
}
