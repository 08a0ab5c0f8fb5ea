// A StableHLO program with a chlo op (IREE's input conversion expands
// chlo.erf into a polynomial): erf(a + b).
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
