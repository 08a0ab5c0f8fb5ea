// Self-checking e2e tests for linalg.generic. Run with
//   ref-run --check linalg_generic.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the arithmetic.

#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>
#col = affine_map<(d0, d1) -> (d0)>
#scalar2 = affine_map<(d0, d1) -> ()>
#scalar1 = affine_map<(d0) -> ()>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid3 = affine_map<(d0, d1, d2) -> (d1)>

//===----------------------------------------------------------------------===//
// Elementwise (identity maps) on each element type
//===----------------------------------------------------------------------===//

// i8 addi wraps modulo 2^8:
//   1 + 2 = 3;  -2 + 3 = 1;  100 + 27 = 127;  127 + 1 = 128 -> 128 - 256 = -128.
func.func @elementwise_add_i8() {
  %a = util.unfoldable_constant dense<[1, -2, 100, 127]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[2, 3, 27, 1]> : tensor<4xi8>
  %e = tensor.empty() : tensor<4xi8>
  %c0 = arith.constant 0 : i8
  %init = linalg.fill ins(%c0 : i8) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%init : tensor<4xi8>) {
  ^bb0(%x: i8, %y: i8, %o: i8):
    %s = arith.addi %x, %y : i8
    linalg.yield %s : i8
  } -> tensor<4xi8>
  check.expect_eq_const(%r, dense<[3, 1, 127, -128]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// i32, body (a * b) - a:
//   row 0: 1*7-1 = 6,   2*8-2 = 14,  3*9-3 = 24
//   row 1: 4*10-4 = 36, 5*11-5 = 50, 6*12-6 = 66
func.func @elementwise_i32() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = util.unfoldable_constant dense<[[7, 8, 9], [10, 11, 12]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xi32>, tensor<2x3xi32>) outs(%init : tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.subi %m, %x : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[6, 14, 24], [36, 50, 66]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// f16 addf, all sums exact in f16 (11-bit significand, integers <= 2048 exact):
//   0.5 + 0.25 = 0.75;  1.5 + 2.5 = 4.0;  -2.0 + 3.0 = 1.0;  1024 + 1 = 1025.
func.func @elementwise_f16() {
  %a = util.unfoldable_constant dense<[0.5, 1.5, -2.0, 1024.0]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[0.25, 2.5, 3.0, 1.0]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %c0 = arith.constant 0.0 : f16
  %init = linalg.fill ins(%c0 : f16) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%init : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %s = arith.addf %x, %y : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[0.75, 4.0, 1.0, 1025.0]> : tensor<4xf16>) : tensor<4xf16>
  return
}

// bf16 addf (8-bit significand):
//   1.0 + 0.5 = 1.5;  2.5 + 0.5 = 3.0;  -3.0 + 1.0 = -2.0;
//   256 + 1 = 257 is not representable: neighbours are 256 (1.0000000b x 2^8,
//   even) and 258 (1.0000001b x 2^8, odd); 257 is the exact tie, so
//   round-to-nearest-even gives 256.
func.func @elementwise_bf16() {
  %a = util.unfoldable_constant dense<[1.0, 2.5, -3.0, 256.0]> : tensor<4xbf16>
  %b = util.unfoldable_constant dense<[0.5, 0.5, 1.0, 1.0]> : tensor<4xbf16>
  %e = tensor.empty() : tensor<4xbf16>
  %c0 = arith.constant 0.0 : bf16
  %init = linalg.fill ins(%c0 : bf16) outs(%e : tensor<4xbf16>) -> tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xbf16>, tensor<4xbf16>) outs(%init : tensor<4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %y : bf16
    linalg.yield %s : bf16
  } -> tensor<4xbf16>
  check.expect_eq_const(%r, dense<[1.5, 3.0, -2.0, 256.0]> : tensor<4xbf16>) : tensor<4xbf16>
  return
}

// f32, body a * b + a (all exact):
//   1*0.5+1 = 1.5;  2*0.25+2 = 2.5;  3*2+3 = 9;  4*(-1)+4 = 0.
func.func @elementwise_f32() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0.5, 0.25, 2.0, -1.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[1.5, 2.5, 9.0, 0.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// f64 subf a - b:
//   1 - 4 = -3;  10 - 2.5 = 7.5;  -9 - 3 = -12;
//   (1 + 2^-40) - 1 = 2^-40 = 9.094947017729282379150390625e-13
//   (1 + 2^-40 = 1.0000000000009094947017729282379150390625 is exact in f64
//   but rounds to 1.0 in f32, so an f32 evaluation would give 0).
func.func @elementwise_f64() {
  %a = util.unfoldable_constant dense<[1.0, 10.0, -9.0, 1.0000000000009094947017729282379150390625]> : tensor<4xf64>
  %b = util.unfoldable_constant dense<[4.0, 2.5, 3.0, 1.0]> : tensor<4xf64>
  %e = tensor.empty() : tensor<4xf64>
  %c0 = arith.constant 0.0 : f64
  %init = linalg.fill ins(%c0 : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf64>, tensor<4xf64>) outs(%init : tensor<4xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = arith.subf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  check.expect_eq_const(%r, dense<[-3.0, 7.5, -12.0, 9.094947017729282379150390625e-13]> : tensor<4xf64>) : tensor<4xf64>
  return
}

//===----------------------------------------------------------------------===//
// Transposed and broadcast maps
//===----------------------------------------------------------------------===//

// out[i][j] = a[j][i] + b[i][j], out 3x2, a 2x3 = [[1,2,3],[4,5,6]],
// b = [[10,20],[30,40],[50,60]]:
//   a^T = [[1,4],[2,5],[3,6]]
//   out = [[1+10, 4+20], [2+30, 5+40], [3+50, 6+60]] = [[11,24],[32,45],[53,66]]
func.func @transposed_input_map() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = util.unfoldable_constant dense<[[10, 20], [30, 40], [50, 60]]> : tensor<3x2xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3x2xi32>) -> tensor<3x2xi32>
  %r = linalg.generic {indexing_maps = [#tr2, #id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xi32>, tensor<3x2xi32>) outs(%init : tensor<3x2xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<3x2xi32>
  check.expect_eq_const(%r, dense<[[11, 24], [32, 45], [53, 66]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}

// Loops over the 2x3 input (d0 < 2, d1 < 3); the output map (d1, d0) writes
// out[j][i] = a[i][j] * 2:
//   a = [[1,2,3],[4,5,6]] -> 2a = [[2,4,6],[8,10,12]] -> transposed
//   [[2,8],[4,10],[6,12]].
func.func @transposed_output_map() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3x2xi32>) -> tensor<3x2xi32>
  %r = linalg.generic {indexing_maps = [#id2, #tr2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<2x3xi32>) outs(%init : tensor<3x2xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %x : i32
    linalg.yield %s : i32
  } -> tensor<3x2xi32>
  check.expect_eq_const(%r, dense<[[2, 8], [4, 10], [6, 12]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}

// Row vector v = [10,20,30] broadcast over the rows (map (d0,d1) -> (d1)):
//   [[1+10, 2+20, 3+30], [4+10, 5+20, 6+30]] = [[11,22,33],[14,25,36]]
func.func @broadcast_row_vector() {
  %m = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = util.unfoldable_constant dense<[10, 20, 30]> : tensor<3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %v : tensor<2x3xi32>, tensor<3xi32>) outs(%init : tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[11, 22, 33], [14, 25, 36]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Column vector c = [100, 200] broadcast along each row (map (d0,d1) -> (d0)):
//   [[1+100, 2+100, 3+100], [4+200, 5+200, 6+200]] = [[101,102,103],[204,205,206]]
func.func @broadcast_column_vector() {
  %m = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %c = util.unfoldable_constant dense<[100, 200]> : tensor<2xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.generic {indexing_maps = [#id2, #col, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %c : tensor<2x3xi32>, tensor<2xi32>) outs(%init : tensor<2x3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[101, 102, 103], [204, 205, 206]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// 0-d tensor s = 2.5 read through affine_map<(d0, d1) -> ()>, times
// m = [[1,2],[3,4]]:  [[2.5, 5.0], [7.5, 10.0]]  (all exact in f32).
func.func @broadcast_0d_scalar() {
  %m = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %s = util.unfoldable_constant dense<2.5> : tensor<f32>
  %e = tensor.empty() : tensor<2x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.generic {indexing_maps = [#id2, #scalar2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %s : tensor<2x2xf32>, tensor<f32>) outs(%init : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[2.5, 5.0], [7.5, 10.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// An SSA scalar defined outside the body (%k = 3) captured by the body:
//   out = a * 3 + the output's init value 1
//   [1,2,3,4] -> [1*3+1, 2*3+1, 3*3+1, 4*3+1] = [4, 7, 10, 13]
func.func @captured_scalar_and_init_read() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %k = arith.constant 3 : i32
  %e = tensor.empty() : tensor<4xi32>
  %c1 = arith.constant 1 : i32
  %init = linalg.fill ins(%c1 : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<4xi32>) outs(%init : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %m = arith.muli %x, %k : i32
    %s = arith.addi %m, %o : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[4, 7, 10, 13]> : tensor<4xi32>) : tensor<4xi32>
  return
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// Row sums with init 0.5 (linalg.fill), a = [[1,2,3],[4,5,6]]:
//   row 0: 0.5 + 1 + 2 + 3 = 6.5;  row 1: 0.5 + 4 + 5 + 6 = 15.5
func.func @row_reduction() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c = arith.constant 0.5 : f32
  %init = linalg.fill ins(%c : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<2x3xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[6.5, 15.5]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Column sums, reduction loop outermost (iterators [reduction, parallel],
// out map (d0,d1) -> (d1)), init 0, a = [[1,2,3],[4,5,6]]:
//   [1+4, 2+5, 3+6] = [5, 7, 9]
func.func @column_reduction() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [#id2, #row],
                       iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<2x3xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[5, 7, 9]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Column max through a transposed input map: loops (d0 < 3 parallel,
// d1 < 2 reduction), input map (d0,d1) -> (d1,d0), out (d0,d1) -> (d0),
// init = INT32_MIN, a = [[1,-2,3],[-4,5,-6]]:
//   col 0: max(1,-4) = 1;  col 1: max(-2,5) = 5;  col 2: max(3,-6) = 3
func.func @column_max_transposed_map() {
  %a = util.unfoldable_constant dense<[[1, -2, 3], [-4, 5, -6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %cmin = arith.constant -2147483648 : i32
  %init = linalg.fill ins(%cmin : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [#tr2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<2x3xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %m = arith.maxsi %x, %acc : i32
    linalg.yield %m : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[1, 5, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Full reduction of a 2x3 tensor into a 0-d tensor (out map (d0,d1) -> ()),
// init 0: 1+2+3+4+5+6 = 21.
func.func @full_reduction_to_0d() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<i32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %r = linalg.generic {indexing_maps = [#id2, #scalar2],
                       iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<2x3xi32>) outs(%init : tensor<i32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<i32>
  check.expect_eq_const(%r, dense<21> : tensor<i32>) : tensor<i32>
  return
}

// Reduce d0 and d2 of a 2x3x2 tensor, keep d1 (out map (d0,d1,d2) -> (d1)):
//   a[i][j][k] = [[[1,2],[3,4],[5,6]], [[7,8],[9,10],[11,12]]]
//   j=0: 1+2+7+8 = 18;  j=1: 3+4+9+10 = 26;  j=2: 5+6+11+12 = 34
func.func @reduction_over_two_dims() {
  %a = util.unfoldable_constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [#id3, #mid3],
                       iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%a : tensor<2x3x2xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[18, 26, 34]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// f32 sum of [1e8, 1, -1e8, 1] in sequential order, init 0.
// In f32 1e8 is exact (1e8 = 8 * 12500000) and lies in [2^26, 2^27), where
// the spacing of f32 values is 2^(26-23) = 8:
//   0 + 1e8 = 1e8
//   1e8 + 1 = 100000001 -> rounds to 1e8 (nearest multiple of 8)
//   1e8 + (-1e8) = 0
//   0 + 1 = 1
// Result 1.0 exactly. (Pairwise order (1e8+1) + (-1e8+1) would give 0.)
func.func @sequential_order_f32_sum() {
  %a = util.unfoldable_constant dense<[1.0e+08, 1.0, -1.0e+08, 1.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<f32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #scalar1],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<4xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_eq_const(%r, dense<1.0> : tensor<f32>) : tensor<f32>
  return
}

// Same order-dependence per row (init 0, f32 spacing near 1e8 is 8):
//   row 0 [1e8, 1, -1e8, 1]: 1e8 -> 1e8+1 = 1e8 -> 0 -> 1          = 1
//   row 1 [1, 1e8, 1, -1e8]: 1 -> 1+1e8 = 1e8 -> 1e8+1 = 1e8 -> 0   = 0
func.func @sequential_order_f32_row_sums() {
  %a = util.unfoldable_constant dense<[[1.0e+08, 1.0, -1.0e+08, 1.0], [1.0, 1.0e+08, 1.0, -1.0e+08]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<2x4xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Column sums of the transposed data of the previous test, reduction loop
// outermost (d0 reduction over the 4 rows, d1 parallel over the 2 columns):
//   col 0 [1e8, 1, -1e8, 1] = 1;  col 1 [1, 1e8, 1, -1e8] = 0  (as above)
func.func @sequential_order_f32_column_sums() {
  %a = util.unfoldable_constant dense<[[1.0e+08, 1.0], [1.0, 1.0e+08], [-1.0e+08, 1.0], [1.0, -1.0e+08]]> : tensor<4x2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row],
                       iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<4x2xf32>) outs(%init : tensor<2xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Multiple outputs
//===----------------------------------------------------------------------===//

// Two outputs of different types, a = [[1,2],[3,4]], b = [[5,6],[7,8]]:
//   out0 (f32) = a + b = [[6,8],[10,12]]
//   out1 (i32) = fptosi(a * b) = [[5,12],[21,32]]
func.func @multiple_outputs() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = util.unfoldable_constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %e0 = tensor.empty() : tensor<2x2xf32>
  %e1 = tensor.empty() : tensor<2x2xi32>
  %cf = arith.constant 0.0 : f32
  %ci = arith.constant 0 : i32
  %i0 = linalg.fill ins(%cf : f32) outs(%e0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %i1 = linalg.fill ins(%ci : i32) outs(%e1 : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>)
      outs(%i0, %i1 : tensor<2x2xf32>, tensor<2x2xi32>) {
  ^bb0(%x: f32, %y: f32, %o0: f32, %o1: i32):
    %s = arith.addf %x, %y : f32
    %p = arith.mulf %x, %y : f32
    %pi = arith.fptosi %p : f32 to i32
    linalg.yield %s, %pi : f32, i32
  } -> (tensor<2x2xf32>, tensor<2x2xi32>)
  check.expect_eq_const(%r#0, dense<[[6.0, 8.0], [10.0, 12.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  check.expect_eq_const(%r#1, dense<[[5, 12], [21, 32]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Row max and argmax as a two-output reduction (strict ogt keeps the first
// maximum), inits -inf and 0:
//   row 0 [1, 5, 3, 5]:         max 5 first at index 1
//   row 1 [-1, -3, -2, -0.5]:   max -0.5 at index 3
func.func @multiple_outputs_argmax() {
  %a = util.unfoldable_constant dense<[[1.0, 5.0, 3.0, 5.0], [-1.0, -3.0, -2.0, -0.5]]> : tensor<2x4xf32>
  %e0 = tensor.empty() : tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %ci = arith.constant 0 : i32
  %i0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %i1 = linalg.fill ins(%ci : i32) outs(%e1 : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #col, #col],
                         iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<2x4xf32>) outs(%i0, %i1 : tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%x: f32, %m: f32, %idx: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %x, %m : f32
    %nm = arith.select %gt, %x, %m : f32
    %ni = arith.select %gt, %ji, %idx : i32
    linalg.yield %nm, %ni : f32, i32
  } -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_eq_const(%r#0, dense<[5.0, -0.5]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[1, 3]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// linalg.index
//===----------------------------------------------------------------------===//

// Iota with no inputs: out[i][j] = 10*i + j over a 2x3 output:
//   [[0, 1, 2], [10, 11, 12]]
func.func @index_iota() {
  %e = tensor.empty() : tensor<2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.generic {indexing_maps = [#id2],
                       iterator_types = ["parallel", "parallel"]}
      outs(%init : tensor<2x3xi32>) {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i32
    linalg.yield %v : i32
  } -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[0, 1, 2], [10, 11, 12]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// Lower-triangular mask: keep a[i][j] where j <= i, else 0:
//   a = [[1,2,3],[4,5,6],[7,8,9]] -> [[1,0,0],[4,5,0],[7,8,9]]
func.func @index_lower_triangular_mask() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %e = tensor.empty() : tensor<3x3xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<3x3xf32>) -> tensor<3x3xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x3xf32>) outs(%init : tensor<3x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %le = arith.cmpi ule, %j, %i : index
    %zero = arith.constant 0.0 : f32
    %v = arith.select %le, %x, %zero : f32
    linalg.yield %v : f32
  } -> tensor<3x3xf32>
  check.expect_eq_const(%r, dense<[[1.0, 0.0, 0.0], [4.0, 5.0, 0.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>) : tensor<3x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// Typed intermediates in the body
//===----------------------------------------------------------------------===//

// f16 inputs, body: truncf(extf(a) * extf(b) - 1.0 : f32) to f16.
// Element 0, a = b = 1 + 3*2^-10 = 1.0029296875 (exact in f16), u = 2^-10:
//   f32 product = 1 + 6u + 9u^2 = 1 + 6*2^-10 + 9*2^-20 (exact, 20 fraction bits)
//   minus 1 = 6*2^-10 + 9*2^-20 = 2^-8 * (1.5 + 9*2^-12)
//   truncf: f16 spacing at 2^-8 is 2^-18; 9*2^-20 = 2.25 * 2^-18 -> 2 * 2^-18
//   result = 6*2^-10 + 2^-17 = 0.005859375 + 0.00000762939453125
//          = 0.00586700439453125
//   (doing the multiply in f16 would round the product to 1 + 6*2^-10 first
//   and give 0.005859375 instead.)
// Element 1: 1.5 * 2.5 - 1 = 2.75;  element 2: -2 * 3 - 1 = -7;
// element 3: 0.5 * 0.5 - 1 = -0.75.
func.func @typed_intermediates_f16_f32() {
  %a = util.unfoldable_constant dense<[1.0029296875, 1.5, -2.0, 0.5]> : tensor<4xf16>
  %b = util.unfoldable_constant dense<[1.0029296875, 2.5, 3.0, 0.5]> : tensor<4xf16>
  %e = tensor.empty() : tensor<4xf16>
  %c0 = arith.constant 0.0 : f16
  %init = linalg.fill ins(%c0 : f16) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf16>, tensor<4xf16>) outs(%init : tensor<4xf16>) {
  ^bb0(%x: f16, %y: f16, %o: f16):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %one = arith.constant 1.0 : f32
    %d = arith.subf %p, %one : f32
    %t = arith.truncf %d : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4xf16>
  check.expect_eq_const(%r, dense<[0.00586700439453125, 2.75, -7.0, -0.75]> : tensor<4xf16>) : tensor<4xf16>
  return
}

//===----------------------------------------------------------------------===//
// Gather with tensor.extract in the body
//===----------------------------------------------------------------------===//

// out[i][j] = table[idx[i]][j], table = [[1,2],[3,4],[5,6]], idx = [2, 0, 1, 2]:
//   row 0 -> table[2] = [5,6]; row 1 -> table[0] = [1,2];
//   row 2 -> table[1] = [3,4]; row 3 -> table[2] = [5,6]
func.func @gather_tensor_extract() {
  %table = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %idx = util.unfoldable_constant dense<[2, 0, 1, 2]> : tensor<4xi32>
  %e = tensor.empty() : tensor<4x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %r = linalg.generic {indexing_maps = [#col, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<4xi32>) outs(%init : tensor<4x2xf32>) {
  ^bb0(%k: i32, %o: f32):
    %row = arith.index_cast %k : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%row, %j] : tensor<3x2xf32>
    linalg.yield %v : f32
  } -> tensor<4x2xf32>
  check.expect_eq_const(%r, dense<[[5.0, 6.0], [1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<4x2xf32>) : tensor<4x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Dynamic shapes and zero-size dims
//===----------------------------------------------------------------------===//

// ?x3 elementwise a + a (a = [[1,2,3],[4,5,6]] through
// flow.tensor.dynamic_constant), output tensor.empty(dim 0 = 2):
//   [[2,4,6],[8,10,12]]
func.func @dynamic_elementwise() {
  %a = flow.tensor.dynamic_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32> -> tensor<?x3xf32>
  %c0i = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0i : tensor<?x3xf32>
  %e = tensor.empty(%d0) : tensor<?x3xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %a : tensor<?x3xf32>, tensor<?x3xf32>) outs(%init : tensor<?x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x3xf32>
  %rs = tensor.cast %r : tensor<?x3xf32> to tensor<2x3xf32>
  check.expect_eq_const(%rs, dense<[[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]> : tensor<2x3xf32>) : tensor<2x3xf32>
  return
}

// ?x? row sums, init 0, a = [[1,2,3],[4,5,6]] (both dims dynamic):
//   [1+2+3, 4+5+6] = [6, 15]
func.func @dynamic_row_reduction() {
  %a = flow.tensor.dynamic_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %c0i = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0i : tensor<?x?xi32>
  %e = tensor.empty(%d0) : tensor<?xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xi32>) outs(%init : tensor<?xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<?xi32>
  %rs = tensor.cast %r : tensor<?xi32> to tensor<2xi32>
  check.expect_eq_const(%rs, dense<[6, 15]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// tensor<0x4xf32> reduced over d0 (zero iterations): each of the 4 outputs
// keeps its init 7.0 -> [7, 7, 7, 7].
func.func @zero_size_reduction_static() {
  %a = util.unfoldable_constant dense<> : tensor<0x4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c7 = arith.constant 7.0 : f32
  %init = linalg.fill ins(%c7 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row],
                       iterator_types = ["reduction", "parallel"]}
      ins(%a : tensor<0x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[7.0, 7.0, 7.0, 7.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// Same with the zero dim dynamic (?x4 holding 0 rows), reduction loop
// innermost via a transposed input map: out[j] = init 7.0 for all 4 j.
func.func @zero_size_reduction_dynamic() {
  %a = flow.tensor.dynamic_constant dense<> : tensor<0x4xf32> -> tensor<?x4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c7 = arith.constant 7.0 : f32
  %init = linalg.fill ins(%c7 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#tr2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  check.expect_eq_const(%r, dense<[7.0, 7.0, 7.0, 7.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// Full reduction of an empty tensor<0xf32> into a 0-d tensor: no iterations,
// result is the init -3.5.
func.func @zero_size_full_reduction() {
  %a = util.unfoldable_constant dense<> : tensor<0xf32>
  %e = tensor.empty() : tensor<f32>
  %c = arith.constant -3.5 : f32
  %init = linalg.fill ins(%c : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [#id1, #scalar1],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<0xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  check.expect_eq_const(%r, dense<-3.5> : tensor<f32>) : tensor<f32>
  return
}

// Elementwise over a zero-size parallel dim: result is the empty tensor<0x4>.
func.func @zero_size_elementwise() {
  %a = util.unfoldable_constant dense<> : tensor<0x4xi32>
  %e = tensor.empty() : tensor<0x4xi32>
  %r = linalg.generic {indexing_maps = [#id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<0x4xi32>) outs(%e : tensor<0x4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %x, %x : i32
    linalg.yield %s : i32
  } -> tensor<0x4xi32>
  check.expect_eq_const(%r, dense<> : tensor<0x4xi32>) : tensor<0x4xi32>
  return
}

//===----------------------------------------------------------------------===//
// Per-step rounding in narrow float reductions, and order over many rows
//===----------------------------------------------------------------------===//

// f16 sum of [2048, 1, 1], init 0, each addf rounded to f16. In [2048, 4096)
// the f16 spacing is 2:
//   0 + 2048 = 2048
//   2048 + 1 = 2049 -> tie between 2048 (even significand) and 2050 -> 2048
//   2048 + 1 -> 2048 again
// Result 2048 (accumulating in f32 and rounding once would give 2050).
func.func @sequential_order_f16_sum() {
  %a = util.unfoldable_constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %e = tensor.empty() : tensor<f16>
  %c0 = arith.constant 0.0 : f16
  %init = linalg.fill ins(%c0 : f16) outs(%e : tensor<f16>) -> tensor<f16>
  %r = linalg.generic {indexing_maps = [#id1, #scalar1],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<3xf16>) outs(%init : tensor<f16>) {
  ^bb0(%x: f16, %acc: f16):
    %s = arith.addf %acc, %x : f16
    linalg.yield %s : f16
  } -> tensor<f16>
  check.expect_eq_const(%r, dense<2048.0> : tensor<f16>) : tensor<f16>
  return
}

// bf16 sum of [256, 1, 1], init 0. In [256, 512) the bf16 spacing is 2:
//   256 + 1 = 257 -> tie between 256 (even) and 258 -> 256; again -> 256.
// Result 256 (f32 accumulation then one rounding would give 258).
func.func @sequential_order_bf16_sum() {
  %a = util.unfoldable_constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %e = tensor.empty() : tensor<bf16>
  %c0 = arith.constant 0.0 : bf16
  %init = linalg.fill ins(%c0 : bf16) outs(%e : tensor<bf16>) -> tensor<bf16>
  %r = linalg.generic {indexing_maps = [#id1, #scalar1],
                       iterator_types = ["reduction"]}
      ins(%a : tensor<3xbf16>) outs(%init : tensor<bf16>) {
  ^bb0(%x: bf16, %acc: bf16):
    %s = arith.addf %acc, %x : bf16
    linalg.yield %s : bf16
  } -> tensor<bf16>
  check.expect_eq_const(%r, dense<256.0> : tensor<bf16>) : tensor<bf16>
  return
}

// 70x300 f32 built with linalg.index: x[i][j] = (j == 0) ? 2^24 : 1.
// Each row summed in order from init 0: 2^24, then 299 times + 1. In
// [2^24, 2^25) the f32 spacing is 2, so 2^24 + 1 = 16777217 is a tie and
// rounds to the even 16777216 every time. Every row gives 16777216.
// (Summing the ones separately first would give 2^24 + 299 = 16777515, a tie
// between 16777514 and 16777516 that rounds to the even significand,
// 16777516.)
// Second part: a 5000x300 splat of 1.0 reduced over its 5000 rows through a
// transposed input map with init 2^24: every step is 2^24 + 1 -> 2^24, so
// all 300 results are 16777216.
func.func @sequential_order_many_rows() {
  %e = tensor.empty() : tensor<70x300xf32>
  %x = linalg.generic {indexing_maps = [#id2],
                       iterator_types = ["parallel", "parallel"]}
      outs(%e : tensor<70x300xf32>) {
  ^bb0(%o: f32):
    %j = linalg.index 1 : index
    %c0i = arith.constant 0 : index
    %z = arith.cmpi eq, %j, %c0i : index
    %big = arith.constant 16777216.0 : f32
    %one = arith.constant 1.0 : f32
    %v = arith.select %z, %big, %one : f32
    linalg.yield %v : f32
  } -> tensor<70x300xf32>
  %e1 = tensor.empty() : tensor<70xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<70xf32>) -> tensor<70xf32>
  %r = linalg.generic {indexing_maps = [#id2, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<70x300xf32>) outs(%init : tensor<70xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<70xf32>
  check.expect_eq_const(%r, dense<16777216.0> : tensor<70xf32>) : tensor<70xf32>
  %ones = util.unfoldable_constant dense<1.0> : tensor<5000x300xf32>
  %e2 = tensor.empty() : tensor<300xf32>
  %c24 = arith.constant 16777216.0 : f32
  %init2 = linalg.fill ins(%c24 : f32) outs(%e2 : tensor<300xf32>) -> tensor<300xf32>
  %r2 = linalg.generic {indexing_maps = [#tr2, #col],
                        iterator_types = ["parallel", "reduction"]}
      ins(%ones : tensor<5000x300xf32>) outs(%init2 : tensor<300xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<300xf32>
  check.expect_eq_const(%r2, dense<16777216.0> : tensor<300xf32>) : tensor<300xf32>
  return
}

//===----------------------------------------------------------------------===//
// More indexing maps
//===----------------------------------------------------------------------===//

// 1-D valid convolution as a generic with a window map (d0, d1) -> (d0 + d1):
//   a = [1,2,3,4,5], w = [1,10,100], out[i] = sum_k a[i+k] * w[k]:
//   out[0] = 1*1 + 2*10 + 3*100 = 321
//   out[1] = 2*1 + 3*10 + 4*100 = 432
//   out[2] = 3*1 + 4*10 + 5*100 = 543
func.func @window_map_1d_convolution() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %w = util.unfoldable_constant dense<[1, 10, 100]> : tensor<3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, #row, #col],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a, %w : tensor<5xi32>, tensor<3xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.addi %o, %m : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[321, 432, 543]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Reduce d0 of a 2x3x4 tensor into a 4x3 output through the permuted output
// map (d0,d1,d2) -> (d2,d1), init 0. a[i][j][k] = 100i + 10j + k:
//   out[k][j] = a[0][j][k] + a[1][j][k] = (10j + k) + (100 + 10j + k) = 100 + 20j + 2k
//   k=0: [100,120,140]  k=1: [102,122,142]  k=2: [104,124,144]  k=3: [106,126,146]
func.func @reduction_permuted_output_map() {
  %a = util.unfoldable_constant dense<[[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]],
                                        [[100, 101, 102, 103], [110, 111, 112, 113], [120, 121, 122, 123]]]> : tensor<2x3x4xi32>
  %e = tensor.empty() : tensor<4x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<4x3xi32>) -> tensor<4x3xi32>
  %r = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d2, d1)>],
                       iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%a : tensor<2x3x4xi32>) outs(%init : tensor<4x3xi32>) {
  ^bb0(%x: i32, %o: i32):
    %s = arith.addi %o, %x : i32
    linalg.yield %s : i32
  } -> tensor<4x3xi32>
  check.expect_eq_const(%r, dense<[[100, 120, 140], [102, 122, 142], [104, 124, 144], [106, 126, 146]]> : tensor<4x3xi32>) : tensor<4x3xi32>
  return
}

// Constant in an input map, (d0) -> (d0, 1), selects column 1:
//   [[1,2],[3,4],[5,6]] -> [2, 4, 6]
func.func @constant_index_map() {
  %a = util.unfoldable_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0, 1)>, #id1],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<3x2xi32>) outs(%init : tensor<3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[2, 4, 6]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Reverse via (d0) -> (-d0 + 3) with the same tensor as input and init.
// Tensor semantics: the input is read unchanged, out[i] = a[3 - i]:
//   [1,2,3,4] -> [4,3,2,1]; %a itself still [1,2,3,4] afterwards.
// (Writing into the input in place would give [4,3,3,4].)
func.func @reverse_map_input_aliases_init() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (-d0 + 3)>, #id1],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<4xi32>) outs(%a : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[4, 3, 2, 1]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%a, dense<[1, 2, 3, 4]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// A non-tensor (scalar f32) input operand with map (d0) -> ():
//   [1,2,3] + 10 = [11, 12, 13]
func.func @scalar_operand() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %s = arith.constant 10.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#id1, #scalar1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %s : tensor<3xf32>, f32) outs(%init : tensor<3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.addf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<3xf32>
  check.expect_eq_const(%r, dense<[11.0, 12.0, 13.0]> : tensor<3xf32>) : tensor<3xf32>
  return
}

// i1 output from cmpf oge, a = [1,5,-3,2], b = [2,4,-3,1]:
//   1 >= 2 false; 5 >= 4 true; -3 >= -3 true; 2 >= 1 true
func.func @i1_output() {
  %a = util.unfoldable_constant dense<[1.0, 5.0, -3.0, 2.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[2.0, 4.0, -3.0, 1.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xi1>
  %false = arith.constant false
  %init = linalg.fill ins(%false : i1) outs(%e : tensor<4xi1>) -> tensor<4xi1>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf oge, %x, %y : f32
    linalg.yield %c : i1
  } -> tensor<4xi1>
  check.expect_eq_const(%r, dense<[false, true, true, true]> : tensor<4xi1>) : tensor<4xi1>
  return
}
