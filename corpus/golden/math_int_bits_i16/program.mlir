// Bit counting and absolute value on i16.
func.func @main(%x: tensor<10xi16>) -> (tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>) {
  %e = tensor.empty() : tensor<10xi16>
  %0:4 = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                       affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<10xi16>) outs(%e, %e, %e, %e : tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>) {
  ^bb0(%a: i16, %o0: i16, %o1: i16, %o2: i16, %o3: i16):
    %lz = math.ctlz %a : i16
    %tz = math.cttz %a : i16
    %pc = math.ctpop %a : i16
    %ab = math.absi %a : i16
    linalg.yield %lz, %tz, %pc, %ab : i16, i16, i16, i16
  } -> (tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<10xi16>, tensor<10xi16>, tensor<10xi16>, tensor<10xi16>
}
