// s = x[1:6:2, 2:7:2] (3x3, strides 2); r = x with y written at [4, 5].
func.func @main(%x: tensor<6x8xi32>, %y: tensor<2x3xi32>) -> (tensor<3x3xi32>, tensor<6x8xi32>) {
  %s = tensor.extract_slice %x[1, 2] [3, 3] [2, 2] : tensor<6x8xi32> to tensor<3x3xi32>
  %r = tensor.insert_slice %y into %x[4, 5] [2, 3] [1, 1] : tensor<2x3xi32> into tensor<6x8xi32>
  return %s, %r : tensor<3x3xi32>, tensor<6x8xi32>
}
