// i8 x i8 -> i32: linalg.matmul sign-extends the operands to the
// accumulator type; C starts from the given %c.
func.func @main(%a: tensor<4x6xi8>, %b: tensor<6x3xi8>, %c: tensor<4x3xi32>) -> tensor<4x3xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x6xi8>, tensor<6x3xi8>) outs(%c : tensor<4x3xi32>) -> tensor<4x3xi32>
  return %0 : tensor<4x3xi32>
}
