// Self-checking e2e tests for linalg named ops (MLIR 22 syntax). Run with
//   ref-run --check linalg_named.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the arithmetic.

//===----------------------------------------------------------------------===//
// fill
//===----------------------------------------------------------------------===//

// linalg.fill writes the scalar into every element: 2x3 of 3.25 (f32),
// 4 of -1 (i8), 0-d of 7 (i32).
func.func @fill() {
  %e0 = tensor.empty() : tensor<2x3xf32>
  %c0 = arith.constant 3.25 : f32
  %r0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const(%r0, dense<3.25> : tensor<2x3xf32>) : tensor<2x3xf32>
  %e1 = tensor.empty() : tensor<4xi8>
  %c1 = arith.constant -1 : i8
  %r1 = linalg.fill ins(%c1 : i8) outs(%e1 : tensor<4xi8>) -> tensor<4xi8>
  check.expect_eq_const(%r1, dense<[-1, -1, -1, -1]> : tensor<4xi8>) : tensor<4xi8>
  %e2 = tensor.empty() : tensor<i32>
  %c2 = arith.constant 7 : i32
  %r2 = linalg.fill ins(%c2 : i32) outs(%e2 : tensor<i32>) -> tensor<i32>
  check.expect_eq_const(%r2, dense<7> : tensor<i32>) : tensor<i32>
  return
}

// Filling over an existing (non-empty) tensor replaces every value:
// [1, 2, 3] filled with 9 -> [9, 9, 9].
func.func @fill_overwrites_init() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = arith.constant 9 : i32
  %r = linalg.fill ins(%c : i32) outs(%a : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[9, 9, 9]> : tensor<3xi32>) : tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// matmul family
//===----------------------------------------------------------------------===//

// A = [[1,2,3],[4,5,6]] (2x3), B = [[7,8],[9,10],[11,12]] (3x2), init 0:
//   C00 = 1*7 + 2*9  + 3*11 = 7 + 18 + 33  = 58
//   C01 = 1*8 + 2*10 + 3*12 = 8 + 20 + 36  = 64
//   C10 = 4*7 + 5*9  + 6*11 = 28 + 45 + 66 = 139
//   C11 = 4*8 + 5*10 + 6*12 = 32 + 50 + 72 = 154
func.func @matmul_i32() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = util.unfoldable_constant dense<[[7, 8], [9, 10], [11, 12]]> : tensor<3x2xi32>
  %e = tensor.empty() : tensor<2x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x3xi32>, tensor<3x2xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[58, 64], [139, 154]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// f32 with a non-zero accumulator (init 10), A = [[1.5,-2],[0.5,4]],
// B = [[2,1],[0.25,-1]]:
//   C00 = 10 + 1.5*2 + (-2)*0.25   = 10 + 3   - 0.5 = 12.5
//   C01 = 10 + 1.5*1 + (-2)*(-1)   = 10 + 1.5 + 2   = 13.5
//   C10 = 10 + 0.5*2 + 4*0.25      = 10 + 1   + 1   = 12
//   C11 = 10 + 0.5*1 + 4*(-1)      = 10 + 0.5 - 4   = 6.5
func.func @matmul_f32_accumulate() {
  %a = util.unfoldable_constant dense<[[1.5, -2.0], [0.5, 4.0]]> : tensor<2x2xf32>
  %b = util.unfoldable_constant dense<[[2.0, 1.0], [0.25, -1.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %c10 = arith.constant 10.0 : f32
  %init = linalg.fill ins(%c10 : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[12.5, 13.5], [12.0, 6.5]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// i8 x i8 -> i32 with the default cast (cast_signed = arith.extsi),
// A = [[-1,2],[3,-128]], B = [[1,-2],[2,1]]:
//   C00 = -1*1 + 2*2     = -1 + 4     = 3
//   C01 = -1*-2 + 2*1    = 2 + 2      = 4
//   C10 = 3*1 + -128*2   = 3 - 256    = -253
//   C11 = 3*-2 + -128*1  = -6 - 128   = -134
func.func @matmul_i8_i32_cast_signed() {
  %a = util.unfoldable_constant dense<[[-1, 2], [3, -128]]> : tensor<2x2xi8>
  %b = util.unfoldable_constant dense<[[1, -2], [2, 1]]> : tensor<2x2xi8>
  %e = tensor.empty() : tensor<2x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[3, 4], [-253, -134]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Same inputs with cast = #linalg.type_fn<cast_unsigned> (arith.extui): the
// i8 bit patterns read as unsigned, -1 -> 255, -128 -> 128, -2 -> 254:
//   A = [[255,2],[3,128]], B = [[1,254],[2,1]]
//   C00 = 255*1 + 2*2     = 255 + 4       = 259
//   C01 = 255*254 + 2*1   = 64770 + 2     = 64772
//   C10 = 3*1 + 128*2     = 3 + 256       = 259
//   C11 = 3*254 + 128*1   = 762 + 128     = 890
func.func @matmul_i8_i32_cast_unsigned() {
  %a = util.unfoldable_constant dense<[[-1, 2], [3, -128]]> : tensor<2x2xi8>
  %b = util.unfoldable_constant dense<[[1, -2], [2, 1]]> : tensor<2x2xi8>
  %e = tensor.empty() : tensor<2x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<2x2xi8>, tensor<2x2xi8>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[259, 64772], [259, 890]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// f16 x f16 -> f32: operands are promoted (extf) before the multiply.
// A = [[1 + 3*2^-10, 2]] (1x2), B = [[1 + 3*2^-10], [0.5]] (2x1), u = 2^-10,
// 1 + 3u = 1.0029296875:
//   (1+3u)^2 = 1 + 6u + 9u^2 = 1 + 0.005859375 + 0.00000858306884765625
//            = 1.00586795806884765625 (exact in f32: 20 fraction bits)
//   + 2 * 0.5 = 2.00586795806884765625 (21 fraction bits, exact in f32)
//   (an f16 multiply would round (1+3u)^2 to 1.005859375 first.)
func.func @matmul_f16_f32_promotion() {
  %a = util.unfoldable_constant dense<[[1.0029296875, 2.0]]> : tensor<1x2xf16>
  %b = util.unfoldable_constant dense<[[1.0029296875], [0.5]]> : tensor<2x1xf16>
  %e = tensor.empty() : tensor<1x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x2xf16>, tensor<2x1xf16>) outs(%init : tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const(%r, dense<[[2.00586795806884765625]]> : tensor<1x1xf32>) : tensor<1x1xf32>
  return
}

// matmul with explicit indexing_maps reading B transposed ((m,n,k) -> (n,k)):
// A = [[1,2],[3,4]], Bt = [[5,7],[6,8]] so B = [[5,6],[7,8]]:
//   C = [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]] = [[19,22],[43,50]]
func.func @matmul_transpose_b_maps() {
  %a = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %bt = util.unfoldable_constant dense<[[5, 7], [6, 8]]> : tensor<2x2xi32>
  %e = tensor.empty() : tensor<2x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul
      indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                       affine_map<(m, n, k) -> (n, k)>,
                       affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %bt : tensor<2x2xi32>, tensor<2x2xi32>) outs(%init : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%r, dense<[[19, 22], [43, 50]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// Dynamic M: A (?x2, holding [[1,2],[3,4],[5,6]]) times B = [[1,-1],[2,0]]:
//   row [a, b] -> [a*1 + b*2, a*(-1) + b*0] = [a + 2b, -a]
//   [1,2] -> [5,-1];  [3,4] -> [11,-3];  [5,6] -> [17,-5]
func.func @matmul_dynamic_m() {
  %a = flow.tensor.dynamic_constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32> -> tensor<?x2xf32>
  %b = util.unfoldable_constant dense<[[1.0, -1.0], [2.0, 0.0]]> : tensor<2x2xf32>
  %c0i = arith.constant 0 : index
  %m = tensor.dim %a, %c0i : tensor<?x2xf32>
  %e = tensor.empty(%m) : tensor<?x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x2xf32>, tensor<2x2xf32>) outs(%init : tensor<?x2xf32>) -> tensor<?x2xf32>
  %rs = tensor.cast %r : tensor<?x2xf32> to tensor<3x2xf32>
  check.expect_eq_const(%rs, dense<[[5.0, -1.0], [11.0, -3.0], [17.0, -5.0]]> : tensor<3x2xf32>) : tensor<3x2xf32>
  return
}

// batch_matmul, 2 batches of 2x2:
//   batch 0: [[1,2],[3,4]] x [[5,6],[7,8]]
//            = [[1*5+2*7, 1*6+2*8], [3*5+4*7, 3*6+4*8]] = [[19,22],[43,50]]
//   batch 1: [[1,0],[0,2]] x [[1,2],[3,4]]
//            = [[1*1+0*3, 1*2+0*4], [0*1+2*3, 0*2+2*4]] = [[1,2],[6,8]]
func.func @batch_matmul() {
  %a = util.unfoldable_constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[1.0, 0.0], [0.0, 2.0]]]> : tensor<2x2x2xf32>
  %b = util.unfoldable_constant dense<[[[5.0, 6.0], [7.0, 8.0]], [[1.0, 2.0], [3.0, 4.0]]]> : tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<2x2x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x2x2xf32>, tensor<2x2x2xf32>) outs(%init : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const(%r, dense<[[[19.0, 22.0], [43.0, 50.0]], [[1.0, 2.0], [6.0, 8.0]]]> : tensor<2x2x2xf32>) : tensor<2x2x2xf32>
  return
}

// matvec: A = [[1,2,3],[4,5,6]], x = [1,2,3]:
//   [1*1 + 2*2 + 3*3, 4*1 + 5*2 + 6*3] = [1+4+9, 4+10+18] = [14, 32]
func.func @matvec() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %x = util.unfoldable_constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.matvec ins(%a, %x : tensor<2x3xf32>, tensor<3xf32>) outs(%init : tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const(%r, dense<[14.0, 32.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// vecmat: y = [1,2], A = [[1,2,3],[4,5,6]]:
//   [1*1 + 2*4, 1*2 + 2*5, 1*3 + 2*6] = [9, 12, 15]
func.func @vecmat() {
  %y = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.vecmat ins(%y, %a : tensor<2xi32>, tensor<2x3xi32>) outs(%init : tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[9, 12, 15]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// dot into a 0-d tensor with init 0.5:
//   0.5 + 1*5 + 2*6 + 3*7 + 4*8 = 0.5 + 5 + 12 + 21 + 32 = 70.5
func.func @dot() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[5.0, 6.0, 7.0, 8.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<f32>
  %c = arith.constant 0.5 : f32
  %init = linalg.fill ins(%c : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<f32>) -> tensor<f32>
  check.expect_eq_const(%r, dense<70.5> : tensor<f32>) : tensor<f32>
  return
}

//===----------------------------------------------------------------------===//
// transpose, broadcast
//===----------------------------------------------------------------------===//

// transpose 2x3x4 -> 4x2x3 with permutation [2, 0, 1]:
//   dim(result, i) = dim(input, perm[i]) -> (4, 2, 3), and
//   result[i0][i1][i2] = input[i1][i2][i0].
// input[a][b][c] = 100a + 10b + c, so result[i0][i1][i2] = 100*i1 + 10*i2 + i0:
//   i0 = 0: [[0,10,20],[100,110,120]]   i0 = 1: [[1,11,21],[101,111,121]]
//   i0 = 2: [[2,12,22],[102,112,122]]   i0 = 3: [[3,13,23],[103,113,123]]
func.func @transpose_3d() {
  %a = util.unfoldable_constant dense<[[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]],
                                        [[100, 101, 102, 103], [110, 111, 112, 113], [120, 121, 122, 123]]]> : tensor<2x3x4xi32>
  %e = tensor.empty() : tensor<4x2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<4x2x3xi32>) -> tensor<4x2x3xi32>
  %r = linalg.transpose ins(%a : tensor<2x3x4xi32>) outs(%init : tensor<4x2x3xi32>) permutation = [2, 0, 1]
  check.expect_eq_const(%r, dense<[[[0, 10, 20], [100, 110, 120]],
                                    [[1, 11, 21], [101, 111, 121]],
                                    [[2, 12, 22], [102, 112, 122]],
                                    [[3, 13, 23], [103, 113, 123]]]> : tensor<4x2x3xi32>) : tensor<4x2x3xi32>
  return
}

// broadcast [1,2,3] (tensor<3>) to 2x3x2 adding dimensions [0, 2]:
//   out[i][j][k] = in[j] -> [[[1,1],[2,2],[3,3]], [[1,1],[2,2],[3,3]]]
func.func @broadcast_dims_0_2() {
  %a = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %e = tensor.empty() : tensor<2x3x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
  %r = linalg.broadcast ins(%a : tensor<3xi32>) outs(%init : tensor<2x3x2xi32>) dimensions = [0, 2]
  check.expect_eq_const(%r, dense<[[[1, 1], [2, 2], [3, 3]], [[1, 1], [2, 2], [3, 3]]]> : tensor<2x3x2xi32>) : tensor<2x3x2xi32>
  return
}

// broadcast [[1,2],[3,4]] (2x2) to 2x3x2 adding dimension [1]:
//   out[i][j][k] = in[i][k] -> [[[1,2],[1,2],[1,2]], [[3,4],[3,4],[3,4]]]
func.func @broadcast_dim_1() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x3x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x3x2xf32>) -> tensor<2x3x2xf32>
  %r = linalg.broadcast ins(%a : tensor<2x2xf32>) outs(%init : tensor<2x3x2xf32>) dimensions = [1]
  check.expect_eq_const(%r, dense<[[[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], [[3.0, 4.0], [3.0, 4.0], [3.0, 4.0]]]> : tensor<2x3x2xf32>) : tensor<2x3x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// reduce dimensions = [1] (row sums), init 0: [[1,2,3],[4,5,6]] -> [6, 15]
func.func @reduce_sum_dim1() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  check.expect_eq_const(%r, dense<[6.0, 15.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// reduce dimensions = [0] with maxsi, init INT32_MIN, [[1,-2,3],[-4,5,-6]]:
//   [max(1,-4), max(-2,5), max(3,-6)] = [1, 5, 3]
func.func @reduce_max_dim0() {
  %a = util.unfoldable_constant dense<[[1, -2, 3], [-4, 5, -6]]> : tensor<2x3xi32>
  %e = tensor.empty() : tensor<3xi32>
  %cmin = arith.constant -2147483648 : i32
  %init = linalg.fill ins(%cmin : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.reduce ins(%a : tensor<2x3xi32>) outs(%init : tensor<3xi32>) dimensions = [0]
    (%in: i32, %acc: i32) {
      %m = arith.maxsi %in, %acc : i32
      linalg.yield %m : i32
    }
  check.expect_eq_const(%r, dense<[1, 5, 3]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// reduce dimensions = [0, 2] of 2x3x2, init 0:
//   a = [[[1,2],[3,4],[5,6]], [[7,8],[9,10],[11,12]]]
//   j=0: 1+2+7+8 = 18;  j=1: 3+4+9+10 = 26;  j=2: 5+6+11+12 = 34
func.func @reduce_dims_0_2() {
  %a = util.unfoldable_constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
  %e = tensor.empty() : tensor<3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.reduce ins(%a : tensor<2x3x2xi32>) outs(%init : tensor<3xi32>) dimensions = [0, 2]
    (%in: i32, %acc: i32) {
      %s = arith.addi %acc, %in : i32
      linalg.yield %s : i32
    }
  check.expect_eq_const(%r, dense<[18, 26, 34]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// Sequential f32 order in linalg.reduce (f32 spacing in [2^26, 2^27) is 8,
// 1e8 = 8 * 12500000 is exact), init 0:
//   row 0 [1e8, 1, -1e8, 1]: 1e8 -> 1e8+1 rounds to 1e8 -> 0 -> 1       = 1
//   row 1 [1, 1e8, 1, -1e8]: 1 -> 1+1e8 = 1e8 -> 1e8+1 = 1e8 -> 0       = 0
func.func @reduce_sequential_order_f32() {
  %a = util.unfoldable_constant dense<[[1.0e+08, 1.0, -1.0e+08, 1.0], [1.0, 1.0e+08, 1.0, -1.0e+08]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%a : tensor<2x4xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  check.expect_eq_const(%r, dense<[1.0, 0.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// Two-input, two-init reduce (argmax): values and their column indices;
// strict ogt keeps the first maximum. Inits -inf and -1.
//   row 0 [3, 7, 7, 1]:     max 7, first at index 1
//   row 1 [-2, -1, -5, -1]: max -1, first at index 1
func.func @reduce_two_operands_argmax() {
  %v = util.unfoldable_constant dense<[[3.0, 7.0, 7.0, 1.0], [-2.0, -1.0, -5.0, -1.0]]> : tensor<2x4xf32>
  %i = util.unfoldable_constant dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
  %e0 = tensor.empty() : tensor<2xf32>
  %e1 = tensor.empty() : tensor<2xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %cm1 = arith.constant -1 : i32
  %i0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<2xf32>) -> tensor<2xf32>
  %i1 = linalg.fill ins(%cm1 : i32) outs(%e1 : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = linalg.reduce ins(%v, %i : tensor<2x4xf32>, tensor<2x4xi32>) outs(%i0, %i1 : tensor<2xf32>, tensor<2xi32>) dimensions = [1]
    (%x: f32, %xi: i32, %m: f32, %mi: i32) {
      %gt = arith.cmpf ogt, %x, %m : f32
      %nm = arith.select %gt, %x, %m : f32
      %ni = arith.select %gt, %xi, %mi : i32
      linalg.yield %nm, %ni : f32, i32
    }
  check.expect_eq_const(%r#0, dense<[7.0, -1.0]> : tensor<2xf32>) : tensor<2xf32>
  check.expect_eq_const(%r#1, dense<[1, 1]> : tensor<2xi32>) : tensor<2xi32>
  return
}

//===----------------------------------------------------------------------===//
// map, elementwise
//===----------------------------------------------------------------------===//

// map with a two-op body a * b + 1 (MLIR 22's mapper also takes the init
// element as a trailing block argument, unused here):
//   [1*0.5+1, -2*-3+1, 3.5*4+1, 0*-1+1] = [1.5, 7, 15, 1]
func.func @map_f32() {
  %a = util.unfoldable_constant dense<[1.0, -2.0, 3.5, 0.0]> : tensor<4xf32>
  %b = util.unfoldable_constant dense<[0.5, -3.0, 4.0, -1.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.map ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %p = arith.mulf %x, %y : f32
      %one = arith.constant 1.0 : f32
      %s = arith.addf %p, %one : f32
      linalg.yield %s : f32
    }
  check.expect_eq_const(%r, dense<[1.5, 7.0, 15.0, 1.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// map in the short form `linalg.map { arith.subi }` on 2x2 i32:
//   [[10-1, 20-2], [30-3, 40-4]] = [[9,18],[27,36]]
func.func @map_short_form() {
  %a = util.unfoldable_constant dense<[[10, 20], [30, 40]]> : tensor<2x2xi32>
  %b = util.unfoldable_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %e = tensor.empty() : tensor<2x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.map { arith.subi } ins(%a, %b : tensor<2x2xi32>, tensor<2x2xi32>) outs(%init : tensor<2x2xi32>)
  check.expect_eq_const(%r, dense<[[9, 18], [27, 36]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// linalg.elementwise kind=add, identity maps:
//   [[1+0.5, 2+0.5], [3-1, 4-2]] = [[1.5, 2.5], [2, 2]]
func.func @elementwise_add() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = util.unfoldable_constant dense<[[0.5, 0.5], [-1.0, -2.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a, %b : tensor<2x2xf32>, tensor<2x2xf32>) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[1.5, 2.5], [2.0, 2.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// linalg.elementwise kind=exp (unary), compared with atol 1e-5:
//   exp(0) = 1, exp(1) = 2.718281828..., exp(-1) = 0.367879441...,
//   exp(2) = 7.389056098...
func.func @elementwise_exp() {
  %a = util.unfoldable_constant dense<[0.0, 1.0, -1.0, 2.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<4xf32>) outs(%init : tensor<4xf32>) -> tensor<4xf32>
  check.expect_almost_eq_const(%r, dense<[1.0, 2.71828183, 0.367879441, 7.38905610]> : tensor<4xf32>, atol 1.0e-05) : tensor<4xf32>
  return
}

// linalg.elementwise kind=mul with user maps: A (3x2) read transposed
// ((d0,d1) -> (d1,d0)), b (3) broadcast over rows ((d0,d1) -> (d1)), out 2x3:
//   A^T = [[1,3,5],[2,4,6]], b = [10,100,1000]
//   out = [[1*10, 3*100, 5*1000], [2*10, 4*100, 6*1000]] = [[10,300,5000],[20,400,6000]]
func.func @elementwise_mul_transpose_broadcast_maps() {
  %a = util.unfoldable_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = util.unfoldable_constant dense<[10, 100, 1000]> : tensor<3xi32>
  %e = tensor.empty() : tensor<2x3xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<2x3xi32>) -> tensor<2x3xi32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<mul>
      indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>,
                       affine_map<(d0, d1) -> (d1)>,
                       affine_map<(d0, d1) -> (d0, d1)>]
      ins(%a, %b : tensor<3x2xi32>, tensor<3xi32>) outs(%init : tensor<2x3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const(%r, dense<[[10, 300, 5000], [20, 400, 6000]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  return
}

// linalg.elementwise kind=select (ternary): cond ? a : b
//   cond = [1,0,1,0], a = [1,2,3,4], b = [10,20,30,40] -> [1, 20, 3, 40]
func.func @elementwise_select() {
  %c = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  %r = linalg.elementwise kind=#linalg.elementwise_kind<select> ins(%c, %a, %b : tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) outs(%init : tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[1, 20, 3, 40]> : tensor<4xi32>) : tensor<4xi32>
  return
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

// conv_2d_nhwc_hwcf, input 1x4x4x1 = [[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,16]]
// (in[h][w] = 4h + w + 1), filter 2x2x1x1 = [[1,2],[3,4]], stride 1 -> 1x3x3x1:
//   out[h][w] = 1*in[h][w] + 2*in[h][w+1] + 3*in[h+1][w] + 4*in[h+1][w+1]
//             = x + 2(x+1) + 3(x+4) + 4(x+5) = 10x + 34, x = in[h][w]
//   x = [[1,2,3],[5,6,7],[9,10,11]] -> [[44,54,64],[84,94,104],[124,134,144]]
//   check (0,0) directly: 1*1 + 2*2 + 3*5 + 4*6 = 1 + 4 + 15 + 24 = 44
func.func @conv_2d_nhwc_hwcf() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0], [4.0]],
                                         [[5.0], [6.0], [7.0], [8.0]],
                                         [[9.0], [10.0], [11.0], [12.0]],
                                         [[13.0], [14.0], [15.0], [16.0]]]]> : tensor<1x4x4x1xf32>
  %f = util.unfoldable_constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %e = tensor.empty() : tensor<1x3x3x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  check.expect_eq_const(%r, dense<[[[[44.0], [54.0], [64.0]],
                                     [[84.0], [94.0], [104.0]],
                                     [[124.0], [134.0], [144.0]]]]> : tensor<1x3x3x1xf32>) : tensor<1x3x3x1xf32>
  return
}

// Same input and filter with strides = dense<2> -> 1x2x2x1:
//   out[oh][ow] = 10x + 34 with x = in[2oh][2ow] = [[1,3],[9,11]]
//   -> [[44, 64], [124, 144]]
//   check (1,1) directly: 1*11 + 2*12 + 3*15 + 4*16 = 11 + 24 + 45 + 64 = 144
func.func @conv_2d_nhwc_hwcf_stride2() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0], [4.0]],
                                         [[5.0], [6.0], [7.0], [8.0]],
                                         [[9.0], [10.0], [11.0], [12.0]],
                                         [[13.0], [14.0], [15.0], [16.0]]]]> : tensor<1x4x4x1xf32>
  %f = util.unfoldable_constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %e = tensor.empty() : tensor<1x2x2x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %f : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const(%r, dense<[[[[44.0], [64.0]], [[124.0], [144.0]]]]> : tensor<1x2x2x1xf32>) : tensor<1x2x2x1xf32>
  return
}

// Same input and filter with dilations = dense<2> -> 1x2x2x1 (the 2x2 filter
// taps are 2 apart, covering 3x3):
//   out[h][w] = 1*in[h][w] + 2*in[h][w+2] + 3*in[h+2][w] + 4*in[h+2][w+2]
//             = x + 2(x+2) + 3(x+8) + 4(x+10) = 10x + 68, x = [[1,2],[5,6]]
//   -> [[78, 88], [118, 128]]
//   check (0,0) directly: 1*1 + 2*3 + 3*9 + 4*11 = 1 + 6 + 27 + 44 = 78
func.func @conv_2d_nhwc_hwcf_dilation2() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0], [4.0]],
                                         [[5.0], [6.0], [7.0], [8.0]],
                                         [[9.0], [10.0], [11.0], [12.0]],
                                         [[13.0], [14.0], [15.0], [16.0]]]]> : tensor<1x4x4x1xf32>
  %f = util.unfoldable_constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>
  %e = tensor.empty() : tensor<1x2x2x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %f : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const(%r, dense<[[[[78.0], [88.0]], [[118.0], [128.0]]]]> : tensor<1x2x2x1xf32>) : tensor<1x2x2x1xf32>
  return
}

// conv_2d_nhwc_hwcf with 2 input channels and 2 filters, input 1x2x2x2
// in[h][w][c] = [[[1,2],[3,4]],[[5,6],[7,8]]], filter 2x2x2x2 with
// filt[kh][kw][c][0] = 1 and filt[kh][kw][c][1] = (c == 0 ? 1 : -1) -> 1x1x1x2:
//   f=0: 1+2+3+4+5+6+7+8 = 36
//   f=1: (1-2) + (3-4) + (5-6) + (7-8) = -4
func.func @conv_2d_nhwc_hwcf_multichannel() {
  %in = util.unfoldable_constant dense<[[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]]> : tensor<1x2x2x2xi32>
  %f = util.unfoldable_constant dense<[[[[1, 1], [1, -1]], [[1, 1], [1, -1]]],
                                        [[[1, 1], [1, -1]], [[1, 1], [1, -1]]]]> : tensor<2x2x2x2xi32>
  %e = tensor.empty() : tensor<1x1x1x2xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xi32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x2x2x2xi32>, tensor<2x2x2x2xi32>) outs(%init : tensor<1x1x1x2xi32>) -> tensor<1x1x1x2xi32>
  check.expect_eq_const(%r, dense<[[[[36, -4]]]]> : tensor<1x1x1x2xi32>) : tensor<1x1x1x2xi32>
  return
}

// depthwise_conv_2d_nhwc_hwc, input 1x3x3x2: channel 0 = [[1,2,3],[4,5,6],[7,8,9]],
// channel 1 = 10 * channel 0; filter 2x2x2: channel 0 = [[1,0],[0,1]],
// channel 1 = [[1,1],[1,1]] -> 1x2x2x2:
//   c0: in[h][w] + in[h+1][w+1]:  (0,0) 1+5 = 6, (0,1) 2+6 = 8,
//                                 (1,0) 4+8 = 12, (1,1) 5+9 = 14
//   c1: 10 * 2x2 window sum:      (0,0) 10*(1+2+4+5) = 120, (0,1) 10*(2+3+5+6) = 160,
//                                 (1,0) 10*(4+5+7+8) = 240, (1,1) 10*(5+6+8+9) = 280
func.func @depthwise_conv_2d_nhwc_hwc() {
  %in = util.unfoldable_constant dense<[[[[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]],
                                         [[4.0, 40.0], [5.0, 50.0], [6.0, 60.0]],
                                         [[7.0, 70.0], [8.0, 80.0], [9.0, 90.0]]]]> : tensor<1x3x3x2xf32>
  %f = util.unfoldable_constant dense<[[[1.0, 1.0], [0.0, 1.0]], [[0.0, 1.0], [1.0, 1.0]]]> : tensor<2x2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc ins(%in, %f : tensor<1x3x3x2xf32>, tensor<2x2x2xf32>) outs(%init : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const(%r, dense<[[[[6.0, 120.0], [8.0, 160.0]],
                                     [[12.0, 240.0], [14.0, 280.0]]]]> : tensor<1x2x2x2xf32>) : tensor<1x2x2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// Pooling (the window operand only supplies the window shape)
//===----------------------------------------------------------------------===//

// pooling_nhwc_sum, 2x2 window, stride 1, input 1..16 as 1x4x4x1, init 0:
//   out[h][w] = x + (x+1) + (x+4) + (x+5) = 4x + 10, x = [[1,2,3],[5,6,7],[9,10,11]]
//   -> [[14,18,22],[30,34,38],[46,50,54]]
//   check (2,2): 11 + 12 + 15 + 16 = 54
func.func @pooling_nhwc_sum() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0], [4.0]],
                                         [[5.0], [6.0], [7.0], [8.0]],
                                         [[9.0], [10.0], [11.0], [12.0]],
                                         [[13.0], [14.0], [15.0], [16.0]]]]> : tensor<1x4x4x1xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x3x3x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x4x4x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  check.expect_eq_const(%r, dense<[[[[14.0], [18.0], [22.0]],
                                     [[30.0], [34.0], [38.0]],
                                     [[46.0], [50.0], [54.0]]]]> : tensor<1x3x3x1xf32>) : tensor<1x3x3x1xf32>
  return
}

// pooling_nhwc_max, 2x2 window, stride 2, init -inf, input
//   [[  1,  -2,   3,   0],
//    [ -5,  -6,  -7,  -8],
//    [ -9,  10, -11, -12],
//    [-13, -14, -15, -16]]
//   (0,0): max(1,-2,-5,-6) = 1          (0,1): max(3,0,-7,-8) = 3
//   (1,0): max(-9,10,-13,-14) = 10      (1,1): max(-11,-12,-15,-16) = -11
func.func @pooling_nhwc_max() {
  %in = util.unfoldable_constant dense<[[[[1.0], [-2.0], [3.0], [0.0]],
                                         [[-5.0], [-6.0], [-7.0], [-8.0]],
                                         [[-9.0], [10.0], [-11.0], [-12.0]],
                                         [[-13.0], [-14.0], [-15.0], [-16.0]]]]> : tensor<1x4x4x1xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x1xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %win : tensor<1x4x4x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const(%r, dense<[[[[1.0], [3.0]], [[10.0], [-11.0]]]]> : tensor<1x2x2x1xf32>) : tensor<1x2x2x1xf32>
  return
}

//===----------------------------------------------------------------------===//
// Narrow accumulators, integer promotion, dynamic shapes, more windows
//===----------------------------------------------------------------------===//

// f16 matmul with an f16 accumulator rounds after every step:
//   A = [[2048, 1, 1]], B = [[1],[1],[1]], init 0; f16 spacing in [2048, 4096) is 2
//   0 + 2048*1 = 2048; 2048 + 1 = 2049 -> tie -> 2048 (even); + 1 -> 2048
// Result 2048 (f32 accumulation would give 2050).
func.func @matmul_f16_accumulator_rounding() {
  %a = util.unfoldable_constant dense<[[2048.0, 1.0, 1.0]]> : tensor<1x3xf16>
  %b = util.unfoldable_constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xf16>
  %e = tensor.empty() : tensor<1x1xf16>
  %c0 = arith.constant 0.0 : f16
  %init = linalg.fill ins(%c0 : f16) outs(%e : tensor<1x1xf16>) -> tensor<1x1xf16>
  %r = linalg.matmul ins(%a, %b : tensor<1x3xf16>, tensor<3x1xf16>) outs(%init : tensor<1x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const(%r, dense<[[2048.0]]> : tensor<1x1xf16>) : tensor<1x1xf16>
  return
}

// Same with bf16: spacing in [256, 512) is 2:
//   256 + 1 = 257 -> tie -> 256 (even); + 1 -> 256. Result 256.
func.func @matmul_bf16_accumulator_rounding() {
  %a = util.unfoldable_constant dense<[[256.0, 1.0, 1.0]]> : tensor<1x3xbf16>
  %b = util.unfoldable_constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xbf16>
  %e = tensor.empty() : tensor<1x1xbf16>
  %c0 = arith.constant 0.0 : bf16
  %init = linalg.fill ins(%c0 : bf16) outs(%e : tensor<1x1xbf16>) -> tensor<1x1xbf16>
  %r = linalg.matmul ins(%a, %b : tensor<1x3xbf16>, tensor<3x1xbf16>) outs(%init : tensor<1x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const(%r, dense<[[256.0]]> : tensor<1x1xbf16>) : tensor<1x1xbf16>
  return
}

// i8 x i8 -> f32 matmul: cast_signed is sitofp, cast_unsigned is uitofp.
//   A = [[-1, 2]], B = [[1], [-128]]
//   signed:   -1*1 + 2*(-128) = -1 - 256 = -257
//   unsigned: 255*1 + 2*128   = 255 + 256 = 511
func.func @matmul_i8_f32_casts() {
  %a = util.unfoldable_constant dense<[[-1, 2]]> : tensor<1x2xi8>
  %b = util.unfoldable_constant dense<[[1], [-128]]> : tensor<2x1xi8>
  %e = tensor.empty() : tensor<1x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %rs = linalg.matmul ins(%a, %b : tensor<1x2xi8>, tensor<2x1xi8>) outs(%init : tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const(%rs, dense<[[-257.0]]> : tensor<1x1xf32>) : tensor<1x1xf32>
  %ru = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<1x2xi8>, tensor<2x1xi8>) outs(%init : tensor<1x1xf32>) -> tensor<1x1xf32>
  check.expect_eq_const(%ru, dense<[[511.0]]> : tensor<1x1xf32>) : tensor<1x1xf32>
  return
}

// batch_matmul with dynamic batch and K: 3 batches of (1x2) x (2x1):
//   b0: [1,2].[1,1]  = 1 + 2  = 3
//   b1: [3,4].[1,-1] = 3 - 4  = -1
//   b2: [5,6].[2,0]  = 10 + 0 = 10
func.func @batch_matmul_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[[1, 2]], [[3, 4]], [[5, 6]]]> : tensor<3x1x2xi32> -> tensor<?x1x?xi32>
  %b = flow.tensor.dynamic_constant dense<[[[1], [1]], [[1], [-1]], [[2], [0]]]> : tensor<3x2x1xi32> -> tensor<?x?x1xi32>
  %c0i = arith.constant 0 : index
  %d = tensor.dim %a, %c0i : tensor<?x1x?xi32>
  %e = tensor.empty(%d) : tensor<?x1x1xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<?x1x1xi32>) -> tensor<?x1x1xi32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x1x?xi32>, tensor<?x?x1xi32>) outs(%init : tensor<?x1x1xi32>) -> tensor<?x1x1xi32>
  %rs = tensor.cast %r : tensor<?x1x1xi32> to tensor<3x1x1xi32>
  check.expect_eq_const(%rs, dense<[[[3]], [[-1]], [[10]]]> : tensor<3x1x1xi32>) : tensor<3x1x1xi32>
  return
}

// transpose ?x? (holding [[1,2,3],[4,5,6]]) with permutation [1, 0]:
//   [[1,4],[2,5],[3,6]]
func.func @transpose_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0i : tensor<?x?xi32>
  %d1 = tensor.dim %a, %c1i : tensor<?x?xi32>
  %e = tensor.empty(%d1, %d0) : tensor<?x?xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<?x?xi32>) -> tensor<?x?xi32>
  %r = linalg.transpose ins(%a : tensor<?x?xi32>) outs(%init : tensor<?x?xi32>) permutation = [1, 0]
  %rs = tensor.cast %r : tensor<?x?xi32> to tensor<3x2xi32>
  check.expect_eq_const(%rs, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}

// reduce over all dims [0, 1] into a 0-d tensor, row-major sequential order,
// init 0, a = [[1e8, 1], [-1e8, 1]] (f32 spacing near 1e8 is 8):
//   0 + 1e8 = 1e8; 1e8 + 1 -> 1e8; 1e8 - 1e8 = 0; 0 + 1 = 1
func.func @reduce_all_dims_to_0d() {
  %a = util.unfoldable_constant dense<[[1.0e+08, 1.0], [-1.0e+08, 1.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<f32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%a : tensor<2x2xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %acc, %in : f32
      linalg.yield %s : f32
    }
  check.expect_eq_const(%r, dense<1.0> : tensor<f32>) : tensor<f32>
  return
}

// conv_2d_nhwc_hwcf i8 x i8 -> i32 (operands sign-extended before multiply):
//   input 1x2x2x1 [[-128, 127], [-1, 2]], filter 2x2x1x1 [[-128, 2], [3, -4]]
//   (-128)(-128) + 127*2 + (-1)*3 + 2*(-4) = 16384 + 254 - 3 - 8 = 16627
func.func @conv_2d_nhwc_hwcf_i8_i32() {
  %in = util.unfoldable_constant dense<[[[[-128], [127]], [[-1], [2]]]]> : tensor<1x2x2x1xi8>
  %f = util.unfoldable_constant dense<[[[[-128]], [[2]]], [[[3]], [[-4]]]]> : tensor<2x2x1x1xi8>
  %e = tensor.empty() : tensor<1x1x1x1xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%in, %f : tensor<1x2x2x1xi8>, tensor<2x2x1x1xi8>) outs(%init : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  check.expect_eq_const(%r, dense<[[[[16627]]]]> : tensor<1x1x1x1xi32>) : tensor<1x1x1x1xi32>
  return
}

// depthwise_conv_2d_nhwc_hwc with strides = dense<2>, one channel, input 1..16
// as 1x4x4x1, filter [[1,2],[3,4]] -> same arithmetic as
// conv_2d_nhwc_hwcf_stride2: 10x + 34 for x = [[1,3],[9,11]] -> [[44,64],[124,144]]
func.func @depthwise_conv_2d_nhwc_hwc_stride2() {
  %in = util.unfoldable_constant dense<[[[[1.0], [2.0], [3.0], [4.0]],
                                         [[5.0], [6.0], [7.0], [8.0]],
                                         [[9.0], [10.0], [11.0], [12.0]],
                                         [[13.0], [14.0], [15.0], [16.0]]]]> : tensor<1x4x4x1xf32>
  %f = util.unfoldable_constant dense<[[[1.0], [2.0]], [[3.0], [4.0]]]> : tensor<2x2x1xf32>
  %e = tensor.empty() : tensor<1x2x2x1xf32>
  %c0 = arith.constant 0.0 : f32
  %init = linalg.fill ins(%c0 : f32) outs(%e : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %f : tensor<1x4x4x1xf32>, tensor<2x2x1xf32>) outs(%init : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const(%r, dense<[[[[44.0], [64.0]], [[124.0], [144.0]]]]> : tensor<1x2x2x1xf32>) : tensor<1x2x2x1xf32>
  return
}

// pooling_nhwc_sum i8 input into an i32 accumulator (sign-extended), 2x2
// window, stride 1, input 1x2x3x1 [[100,100,-128],[100,100,-128]] -> 1x1x2x1:
//   (0,0): 100 + 100 + 100 + 100 = 400 (would wrap to -112 in i8)
//   (0,1): 100 - 128 + 100 - 128 = -56
func.func @pooling_nhwc_sum_i8_i32() {
  %in = util.unfoldable_constant dense<[[[[100], [100], [-128]], [[100], [100], [-128]]]]> : tensor<1x2x3x1xi8>
  %win = tensor.empty() : tensor<2x2xi32>
  %e = tensor.empty() : tensor<1x1x2x1xi32>
  %c0 = arith.constant 0 : i32
  %init = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x1x2x1xi32>) -> tensor<1x1x2x1xi32>
  %r = linalg.pooling_nhwc_sum ins(%in, %win : tensor<1x2x3x1xi8>, tensor<2x2xi32>) outs(%init : tensor<1x1x2x1xi32>) -> tensor<1x1x2x1xi32>
  check.expect_eq_const(%r, dense<[[[[400], [-56]]]]> : tensor<1x1x2x1xi32>) : tensor<1x1x2x1xi32>
  return
}

// pooling_nhwc_max on i32 (signed max), init INT32_MIN:
//   max(-5, -7, -9, -6) = -5
func.func @pooling_nhwc_max_i32() {
  %in = util.unfoldable_constant dense<[[[[-5], [-7]], [[-9], [-6]]]]> : tensor<1x2x2x1xi32>
  %win = tensor.empty() : tensor<2x2xi32>
  %e = tensor.empty() : tensor<1x1x1x1xi32>
  %cmin = arith.constant -2147483648 : i32
  %init = linalg.fill ins(%cmin : i32) outs(%e : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  %r = linalg.pooling_nhwc_max ins(%in, %win : tensor<1x2x2x1xi32>, tensor<2x2xi32>) outs(%init : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  check.expect_eq_const(%r, dense<[[[[-5]]]]> : tensor<1x1x1x1xi32>) : tensor<1x1x1x1xi32>
  return
}

// pooling_nhwc_max with dilations = dense<2>: a 2x2 window on a 3x3 input
// reads only the corners (0,0), (0,2), (2,0), (2,2) = 1, 2, 3, 4; the 9s in
// between are skipped. max = 4.
func.func @pooling_nhwc_max_dilation2() {
  %in = util.unfoldable_constant dense<[[[[1.0], [9.0], [2.0]], [[9.0], [9.0], [9.0]], [[3.0], [9.0], [4.0]]]]> : tensor<1x3x3x1xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x1x1x1xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%in, %win : tensor<1x3x3x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
  check.expect_eq_const(%r, dense<[[[[4.0]]]]> : tensor<1x1x1x1xf32>) : tensor<1x1x1x1xf32>
  return
}
