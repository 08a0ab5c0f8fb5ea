// Pad a 2x3 tensor to 3x5 with -0.5 (one row on top, two columns on the
// right), then concatenate a 2x5 tensor below it.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<5x5xf32> {
  %pv = arith.constant -0.5 : f32
  %p = tensor.pad %a low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pv : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>
  %c = tensor.concat dim(0) %p, %b : (tensor<3x5xf32>, tensor<2x5xf32>) -> tensor<5x5xf32>
  return %c : tensor<5x5xf32>
}
