// A sort of i1 keys with a signed comparison (true, as i1, is -1 < 0):
// the SPIR-V backend cannot legalize arith.cmpi on i1 (reduced from a
// guided night, 2026-11-28, seed 4242, case 662). vmvx compiles it and sorts
// as if the comparison were unsigned: false first, a wrong result.
func.func @main(%k: tensor<2x2xi1>) -> tensor<2x2xi1> {
  %0 = iree_linalg_ext.sort dimension(0) outs(%k : tensor<2x2xi1>) {
  ^bb0(%a: i1, %b: i1):
    %c = arith.cmpi slt, %a, %b : i1
    iree_linalg_ext.yield %c : i1
  } -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}
