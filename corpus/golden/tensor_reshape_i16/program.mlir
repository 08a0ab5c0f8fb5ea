// Row-major reshapes: collapse 2x3x4 to 6x4, then expand to 6x2x2.
func.func @main(%x: tensor<2x3x4xi16>) -> (tensor<6x4xi16>, tensor<6x2x2xi16>) {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xi16> into tensor<6x4xi16>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [6, 2, 2] : tensor<6x4xi16> into tensor<6x2x2xi16>
  return %c, %e : tensor<6x4xi16>, tensor<6x2x2xi16>
}
