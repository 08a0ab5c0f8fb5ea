// Integer division rounding modes, shifts and signed/unsigned min/max (i32).
// b is never 0 and (INT_MIN, -1) never occurs; shift amounts are b & 31.
func.func @main(%a: tensor<4x6xi32>, %b: tensor<4x6xi32>) -> (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>) {
  %e = tensor.empty() : tensor<4x6xi32>
  %0:6 = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x6xi32>, tensor<4x6xi32>)
      outs(%e, %e, %e, %e, %e, %e : tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>) {
  ^bb0(%x: i32, %y: i32, %o0: i32, %o1: i32, %o2: i32, %o3: i32, %o4: i32, %o5: i32):
    %c31 = arith.constant 31 : i32
    %q = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %f = arith.floordivsi %x, %y : i32
    %c = arith.ceildivsi %x, %y : i32
    %s = arith.andi %y, %c31 : i32
    %l = arith.shli %x, %s : i32
    %u = arith.shrui %x, %s : i32
    %lu = arith.xori %l, %u : i32
    %sr = arith.shrsi %x, %s : i32
    %mx = arith.maxsi %x, %y : i32
    %mn = arith.minui %x, %y : i32
    %mm = arith.addi %mx, %mn : i32
    %srm = arith.subi %sr, %mm : i32
    linalg.yield %q, %r, %f, %c, %lu, %srm : i32, i32, i32, i32, i32, i32
  } -> (tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5 : tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>, tensor<4x6xi32>
}
