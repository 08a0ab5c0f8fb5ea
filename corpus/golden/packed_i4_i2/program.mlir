// s = a + b wraps at 4 bits; m = extsi(a) * extsi(b) in i8 (exact);
// d = c + c wraps at 2 bits.
func.func @main(%a: tensor<4x4xi4>, %b: tensor<4x4xi4>, %c: tensor<8xi2>)
    -> (tensor<4x4xi4>, tensor<4x4xi8>, tensor<8xi2>) {
  %s = arith.addi %a, %b : tensor<4x4xi4>
  %a8 = arith.extsi %a : tensor<4x4xi4> to tensor<4x4xi8>
  %b8 = arith.extsi %b : tensor<4x4xi4> to tensor<4x4xi8>
  %m = arith.muli %a8, %b8 : tensor<4x4xi8>
  %d = arith.addi %c, %c : tensor<8xi2>
  return %s, %m, %d : tensor<4x4xi4>, tensor<4x4xi8>, tensor<8xi2>
}
