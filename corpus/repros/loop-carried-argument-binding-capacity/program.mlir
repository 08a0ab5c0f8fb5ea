// acc[i, :] = x[i, :] * 0.42 + 0 for i in [0, n), by a cf loop whose
// block arguments carry the counter, n, two constants, x and the
// accumulator (initialized from the argument %acc0). %unused is never read.
func.func @main(%acc0: tensor<5x2xf32>, %n: tensor<i64>, %unused: tensor<1xf32>, %x: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %c1_i64 = arith.constant 1 : i64
  %w0 = arith.constant dense<4.200000e-01> : tensor<2xf32>
  %b0 = arith.constant dense<0.000000e+00> : tensor<2xf32>
  %i0 = arith.constant dense<0> : tensor<i64>
  cf.br ^bb1(%i0, %n, %b0, %w0, %x, %acc0 : tensor<i64>, tensor<i64>, tensor<2xf32>, tensor<2xf32>, tensor<5x2xf32>, tensor<5x2xf32>)
^bb1(%i: tensor<i64>, %nn: tensor<i64>, %b: tensor<2xf32>, %w: tensor<2xf32>, %xx: tensor<5x2xf32>, %acc: tensor<5x2xf32>):
  %ia = tensor.extract %i[] : tensor<i64>
  %na = tensor.extract %nn[] : tensor<i64>
  %cond = arith.cmpi slt, %ia, %na : i64
  cf.cond_br %cond, ^bb2, ^bb3
^bb2:
  %ib1 = arith.addi %ia, %c1_i64 : i64
  %inext = tensor.from_elements %ib1 : tensor<i64>
  %ir = arith.index_cast %ia : i64 to index
  %row = tensor.extract_slice %xx[%ir, 0] [1, 2] [1, 1] : tensor<5x2xf32> to tensor<2xf32>
  %g = arith.mulf %row, %w : tensor<2xf32>
  %gb = arith.addf %g, %b : tensor<2xf32>
  %acc2 = tensor.insert_slice %gb into %acc[%ir, 0] [1, 2] [1, 1] : tensor<2xf32> into tensor<5x2xf32>
  cf.br ^bb1(%inext, %nn, %b, %w, %xx, %acc2 : tensor<i64>, tensor<i64>, tensor<2xf32>, tensor<2xf32>, tensor<5x2xf32>, tensor<5x2xf32>)
^bb3:
  return %acc : tensor<5x2xf32>
}
