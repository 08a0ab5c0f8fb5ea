// rfft of 32 real values as IREE's StableHLO lowering computes it:
// bit-reversed gather, then stages 1..5 of iree_linalg_ext.fft
// with f32 twiddle constants, then the first 17 bins.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<32xf32>) -> (tensor<17xf32>, tensor<17xf32>) {
  %perm = arith.constant dense<[0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30, 1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31]> : tensor<32xi64>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %g:2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%perm : tensor<32xi64>) outs(%e, %e : tensor<32xf32>, tensor<32xf32>) {
  ^bb0(%p: i64, %o0: f32, %o1: f32):
    %i = arith.index_cast %p : i64 to index
    %v = tensor.extract %x[%i] : tensor<32xf32>
    linalg.yield %v, %zero : f32, f32
  } -> (tensor<32xf32>, tensor<32xf32>)
  %c1 = arith.constant 1 : index
  %wr1 = arith.constant dense<[1.0]> : tensor<1xf32>
  %wi1 = arith.constant dense<[-0.0]> : tensor<1xf32>
  %s1:2 = iree_linalg_ext.fft ins(%c1, %wr1, %wi1 : index, tensor<1xf32>, tensor<1xf32>) outs(%g#0, %g#1 : tensor<32xf32>, tensor<32xf32>) : tensor<32xf32>, tensor<32xf32>
  %c2 = arith.constant 2 : index
  %wr2 = arith.constant dense<[1.0, 6.123234262925839e-17]> : tensor<2xf32>
  %wi2 = arith.constant dense<[-0.0, -1.0]> : tensor<2xf32>
  %s2:2 = iree_linalg_ext.fft ins(%c2, %wr2, %wi2 : index, tensor<2xf32>, tensor<2xf32>) outs(%s1#0, %s1#1 : tensor<32xf32>, tensor<32xf32>) : tensor<32xf32>, tensor<32xf32>
  %c3 = arith.constant 3 : index
  %wr3 = arith.constant dense<[1.0, 0.7071067690849304, 6.123234262925839e-17, -0.7071067690849304]> : tensor<4xf32>
  %wi3 = arith.constant dense<[-0.0, -0.7071067690849304, -1.0, -0.7071067690849304]> : tensor<4xf32>
  %s3:2 = iree_linalg_ext.fft ins(%c3, %wr3, %wi3 : index, tensor<4xf32>, tensor<4xf32>) outs(%s2#0, %s2#1 : tensor<32xf32>, tensor<32xf32>) : tensor<32xf32>, tensor<32xf32>
  %c4 = arith.constant 4 : index
  %wr4 = arith.constant dense<[1.0, 0.9238795042037964, 0.7071067690849304, 0.3826834261417389, 6.123234262925839e-17, -0.3826834261417389, -0.7071067690849304, -0.9238795042037964]> : tensor<8xf32>
  %wi4 = arith.constant dense<[-0.0, -0.3826834261417389, -0.7071067690849304, -0.9238795042037964, -1.0, -0.9238795042037964, -0.7071067690849304, -0.3826834261417389]> : tensor<8xf32>
  %s4:2 = iree_linalg_ext.fft ins(%c4, %wr4, %wi4 : index, tensor<8xf32>, tensor<8xf32>) outs(%s3#0, %s3#1 : tensor<32xf32>, tensor<32xf32>) : tensor<32xf32>, tensor<32xf32>
  %c5 = arith.constant 5 : index
  %wr5 = arith.constant dense<[1.0, 0.9807852506637573, 0.9238795042037964, 0.8314695954322815, 0.7071067690849304, 0.5555702447891235, 0.3826834261417389, 0.19509032368659973, 6.123234262925839e-17, -0.19509032368659973, -0.3826834261417389, -0.5555702447891235, -0.7071067690849304, -0.8314695954322815, -0.9238795042037964, -0.9807852506637573]> : tensor<16xf32>
  %wi5 = arith.constant dense<[-0.0, -0.19509032368659973, -0.3826834261417389, -0.5555702447891235, -0.7071067690849304, -0.8314695954322815, -0.9238795042037964, -0.9807852506637573, -1.0, -0.9807852506637573, -0.9238795042037964, -0.8314695954322815, -0.7071067690849304, -0.5555702447891235, -0.3826834261417389, -0.19509032368659973]> : tensor<16xf32>
  %s5:2 = iree_linalg_ext.fft ins(%c5, %wr5, %wi5 : index, tensor<16xf32>, tensor<16xf32>) outs(%s4#0, %s4#1 : tensor<32xf32>, tensor<32xf32>) : tensor<32xf32>, tensor<32xf32>
  %re = tensor.extract_slice %s5#0[0] [17] [1] : tensor<32xf32> to tensor<17xf32>
  %im = tensor.extract_slice %s5#1[0] [17] [1] : tensor<32xf32> to tensor<17xf32>
  return %re, %im : tensor<17xf32>, tensor<17xf32>
}
