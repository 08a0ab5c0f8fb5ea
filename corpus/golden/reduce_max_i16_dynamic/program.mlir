// Column maxima of a tensor with a dynamic number of rows.
func.func @main(%x: tensor<?x4xi16>) -> tensor<4xi16> {
  %min = arith.constant -32768 : i16
  %e = tensor.empty() : tensor<4xi16>
  %init = linalg.fill ins(%min : i16) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  %0 = linalg.reduce ins(%x : tensor<?x4xi16>) outs(%init : tensor<4xi16>) dimensions = [0]
    (%in: i16, %acc: i16) {
      %m = arith.maxsi %in, %acc : i16
      linalg.yield %m : i16
    }
  return %0 : tensor<4xi16>
}
