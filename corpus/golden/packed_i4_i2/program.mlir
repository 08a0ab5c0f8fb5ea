// s = a + b wraps at 4 bits; m = extsi(a) * extsi(b) in i8 (exact);
// d = c + c wraps at 2 bits.
func.func @main(%a: tensor<3x5xi4>, %b: tensor<3x5xi4>, %c: tensor<7xi2>)
    -> (tensor<3x5xi4>, tensor<3x5xi8>, tensor<7xi2>) {
  %s = arith.addi %a, %b : tensor<3x5xi4>
  %a8 = arith.extsi %a : tensor<3x5xi4> to tensor<3x5xi8>
  %b8 = arith.extsi %b : tensor<3x5xi4> to tensor<3x5xi8>
  %m = arith.muli %a8, %b8 : tensor<3x5xi8>
  %d = arith.addi %c, %c : tensor<7xi2>
  return %s, %m, %d : tensor<3x5xi4>, tensor<3x5xi8>, tensor<7xi2>
}
