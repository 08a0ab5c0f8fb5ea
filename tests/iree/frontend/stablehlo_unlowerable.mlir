// A StableHLO program IREE's input conversion cannot lower: a custom_call to
// a target nothing implements ("failed to legalize operation
// 'stablehlo.custom_call'").
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @no_such_target(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
