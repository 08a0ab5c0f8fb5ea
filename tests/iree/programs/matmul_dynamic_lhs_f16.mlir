// A matmul whose left operand is cast to a dynamic M (2 at run time) into a
// static 2x2 fill: cuda fails to bufferize it (reduced from a guided night,
// 2026-11-28, seed 4242, case 246). Valid IR: the cast only forgets M.
func.func @main(%a: tensor<2x2xf16>, %b: tensor<2x2xf16>) -> tensor<2x2xf16> {
  %cast = tensor.cast %a : tensor<2x2xf16> to tensor<?x2xf16>
  %cst = arith.constant -5.000000e+00 : f16
  %0 = tensor.empty() : tensor<2x2xf16>
  %1 = linalg.fill ins(%cst : f16) outs(%0 : tensor<2x2xf16>) -> tensor<2x2xf16>
  %2 = linalg.matmul ins(%cast, %b : tensor<?x2xf16>, tensor<2x2xf16>) outs(%1 : tensor<2x2xf16>) -> tensor<2x2xf16>
  return %2 : tensor<2x2xf16>
}
