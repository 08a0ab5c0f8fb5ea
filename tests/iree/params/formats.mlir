// The program of tests/iree/params_formats_test.py: its weights come from a
// safetensors or GGUF file given as --parameters=model=FILE (written by
// params/make_formats.py with each format's own writer).
util.global private @W = #flow.parameter.named<"model"::"w"> : tensor<3x4xf32>
util.global private @B = #flow.parameter.named<"model"::"b"> : tensor<4xf32>
util.global private @H = #flow.parameter.named<"model"::"h"> : tensor<2x2xf16>
util.global private @Q = #flow.parameter.named<"model"::"q"> : tensor<68xi8>

func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x2xf16>, tensor<68xi8>) {
  %w = util.global.load @W : tensor<3x4xf32>
  %b = util.global.load @B : tensor<4xf32>
  %h = util.global.load @H : tensor<2x2xf16>
  %q = util.global.load @Q : tensor<68xi8>
  %e = tensor.empty() : tensor<2x4xf32>
  %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<2x4xf32>) dimensions = [0]
  %y = linalg.matmul ins(%x, %w : tensor<2x3xf32>, tensor<3x4xf32>) outs(%bb : tensor<2x4xf32>) -> tensor<2x4xf32>
  %h2 = arith.addf %h, %h : tensor<2x2xf16>
  %one = arith.constant dense<1> : tensor<68xi8>
  %q1 = arith.addi %q, %one : tensor<68xi8>
  return %y, %h2, %q1 : tensor<2x4xf32>, tensor<2x2xf16>, tensor<68xi8>
}
