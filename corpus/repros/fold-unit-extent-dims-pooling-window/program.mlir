func.func @main(%in: tensor<1x4x6x1xf32>) -> tensor<1x3x4x1xf32> {
  %z = arith.constant 0.0 : f32
  %k = tensor.empty() : tensor<1x3xf32>
  %e = tensor.empty() : tensor<1x3x4x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x4x1xf32>) -> tensor<1x3x4x1xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%in, %k : tensor<1x4x6x1xf32>, tensor<1x3xf32>) outs(%f : tensor<1x3x4x1xf32>) -> tensor<1x3x4x1xf32>
  return %r : tensor<1x3x4x1xf32>
}
