// argmin along dimension 0 (cmpi slt): outputs start at 127 / 0.
func.func @main(%in: tensor<6x5xi8>) -> (tensor<5xi8>, tensor<5xi32>) {
  %c127 = arith.constant 127 : i8
  %c0 = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<5xi8>
  %ei = tensor.empty() : tensor<5xi32>
  %v = linalg.fill ins(%c127 : i8) outs(%ev : tensor<5xi8>) -> tensor<5xi8>
  %i = linalg.fill ins(%c0 : i32) outs(%ei : tensor<5xi32>) -> tensor<5xi32>
  %0:2 = iree_linalg_ext.arg_compare dimension(0)
      ins(%in : tensor<6x5xi8>) outs(%v, %i : tensor<5xi8>, tensor<5xi32>) {
  ^bb0(%a: i8, %b: i8):
    %lt = arith.cmpi slt, %a, %b : i8
    iree_linalg_ext.yield %lt : i1
  } -> tensor<5xi8>, tensor<5xi32>
  return %0#0, %0#1 : tensor<5xi8>, tensor<5xi32>
}
