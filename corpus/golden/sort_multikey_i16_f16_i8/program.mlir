// Lexicographic sort on (k1: i16, k2: f16) with an i8 payload along
// dimension 1: left before right iff k1 < k1' or (k1 == k1' and k2 < k2').
// The pairs are distinct within a row, so the result is unique.
func.func @main(%k1: tensor<2x12xi16>, %k2: tensor<2x12xf16>, %p: tensor<2x12xi8>) -> (tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>) {
  %0:3 = iree_linalg_ext.sort dimension(1) outs(%k1, %k2, %p : tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>) {
  ^bb0(%a1: i16, %b1: i16, %a2: f16, %b2: f16, %pa: i8, %pb: i8):
    %lt1 = arith.cmpi slt, %a1, %b1 : i16
    %eq1 = arith.cmpi eq, %a1, %b1 : i16
    %lt2 = arith.cmpf olt, %a2, %b2 : f16
    %t = arith.andi %eq1, %lt2 : i1
    %r = arith.ori %lt1, %t : i1
    iree_linalg_ext.yield %r : i1
  } -> tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>
  return %0#0, %0#1, %0#2 : tensor<2x12xi16>, tensor<2x12xf16>, tensor<2x12xi8>
}
