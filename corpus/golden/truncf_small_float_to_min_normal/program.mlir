// truncf to f4E2M1FN (smallest normal 1.0, subnormal 0.5) and to
// f8E4M3FNUZ (smallest normal 2^-7), read back as bits: 0.96 and 0.8 round
// up to 1.0 (0x2), 0.74 to 0.5; 0.00775 rounds up to 2^-7 (0x08).
func.func @main(%x: tensor<8xf32>) -> (tensor<8xi8>, tensor<8xi8>) {
  %t = arith.truncf %x : tensor<8xf32> to tensor<8xf4E2M1FN>
  %b = arith.bitcast %t : tensor<8xf4E2M1FN> to tensor<8xi4>
  %e = arith.extui %b : tensor<8xi4> to tensor<8xi8>
  %u = arith.truncf %x : tensor<8xf32> to tensor<8xf8E4M3FNUZ>
  %ub = arith.bitcast %u : tensor<8xf8E4M3FNUZ> to tensor<8xi8>
  return %e, %ub : tensor<8xi8>, tensor<8xi8>
}
