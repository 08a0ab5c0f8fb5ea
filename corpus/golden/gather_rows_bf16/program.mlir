// output[b, :] = source[indices[b, 0], :] for bf16 (raw .bin) data.
func.func @main(%src: tensor<6x4xbf16>, %idx: tensor<5x1xi32>) -> tensor<5x4xbf16> {
  %e = tensor.empty() : tensor<5x4xbf16>
  %0 = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<6x4xbf16>, tensor<5x1xi32>) outs(%e : tensor<5x4xbf16>) -> tensor<5x4xbf16>
  return %0 : tensor<5x4xbf16>
}
