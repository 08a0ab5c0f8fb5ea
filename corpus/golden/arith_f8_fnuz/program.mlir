// p = a * b and s = p + a in f8E4M3FNUZ (bias 8, max 240), c * c in
// f8E5M2FNUZ (bias 16, max 57344), and s widened to f32.
func.func @main(%a: tensor<8xf8E4M3FNUZ>, %b: tensor<8xf8E4M3FNUZ>, %c: tensor<8xf8E5M2FNUZ>)
    -> (tensor<8xf8E4M3FNUZ>, tensor<8xf8E5M2FNUZ>, tensor<8xf32>) {
  %p = arith.mulf %a, %b : tensor<8xf8E4M3FNUZ>
  %s = arith.addf %p, %a : tensor<8xf8E4M3FNUZ>
  %cc = arith.mulf %c, %c : tensor<8xf8E5M2FNUZ>
  %w = arith.extf %s : tensor<8xf8E4M3FNUZ> to tensor<8xf32>
  return %s, %cc, %w : tensor<8xf8E4M3FNUZ>, tensor<8xf8E5M2FNUZ>, tensor<8xf32>
}
