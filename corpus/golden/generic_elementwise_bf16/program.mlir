// Elementwise bf16 with a broadcast row operand: out[i, j] = a[i, j] * b[j]
// + a[i, j]. Small integers: every product and sum is exact in bf16.
func.func @main(%a: tensor<3x5xbf16>, %b: tensor<5xbf16>) -> tensor<3x5xbf16> {
  %e = tensor.empty() : tensor<3x5xbf16>
  %0 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x5xbf16>, tensor<5xbf16>) outs(%e : tensor<3x5xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %m = arith.mulf %x, %y : bf16
    %s = arith.addf %m, %x : bf16
    linalg.yield %s : bf16
  } -> tensor<3x5xbf16>
  return %0 : tensor<3x5xbf16>
}
