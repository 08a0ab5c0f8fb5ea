// d = c + c, wrapping at 2 bits, on a dynamically sized i2 tensor.
func.func @main(%c: tensor<?xi2>) -> tensor<?xi2> {
  %d = arith.addi %c, %c : tensor<?xi2>
  return %d : tensor<?xi2>
}
