// Descending sort under the UNSIGNED order (cmpi ugt): -1 (0xff) is the
// largest key and 0 the smallest. Keys are distinct within a row.
func.func @main(%k: tensor<3x10xi8>) -> tensor<3x10xi8> {
  %0 = iree_linalg_ext.sort dimension(1) outs(%k : tensor<3x10xi8>) {
  ^bb0(%a: i8, %b: i8):
    %gt = arith.cmpi ugt, %a, %b : i8
    iree_linalg_ext.yield %gt : i1
  } -> tensor<3x10xi8>
  return %0 : tensor<3x10xi8>
}
