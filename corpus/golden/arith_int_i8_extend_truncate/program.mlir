// i8 wrap-around arithmetic and conversions between integer widths.
func.func @main(%a: tensor<16xi8>, %b: tensor<16xi8>) -> (tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>) {
  %e8 = tensor.empty() : tensor<16xi8>
  %e16 = tensor.empty() : tensor<16xi16>
  %e32 = tensor.empty() : tensor<16xi32>
  %e1 = tensor.empty() : tensor<16xi1>
  %0:5 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<16xi8>, tensor<16xi8>)
      outs(%e8, %e16, %e32, %e8, %e1 : tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>) {
  ^bb0(%x: i8, %y: i8, %o0: i8, %o1: i16, %o2: i32, %o3: i8, %o4: i1):
    %s = arith.addi %x, %y : i8
    %m = arith.muli %x, %y : i8
    %sm = arith.xori %s, %m : i8
    %x16 = arith.extsi %x : i8 to i16
    %y16 = arith.extsi %y : i8 to i16
    %p16 = arith.muli %x16, %y16 : i16
    %xu = arith.extui %x : i8 to i32
    %x64 = arith.extsi %x : i8 to i64
    %c3 = arith.constant 3 : i64
    %p64 = arith.muli %x64, %c3 : i64
    %t = arith.trunci %p64 : i64 to i8
    %lt = arith.cmpi ult, %x, %y : i8
    linalg.yield %sm, %p16, %xu, %t, %lt : i8, i16, i32, i8, i1
  } -> (tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<16xi8>, tensor<16xi16>, tensor<16xi32>, tensor<16xi8>, tensor<16xi1>
}
