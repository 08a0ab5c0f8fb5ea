// Self-checking e2e tests for iree_linalg_ext.scan over complex<f32> and
// complex<f64> (issue 25: the carried value lost its imaginary part after
// the first element). Run with
//   ref-run --check linalg_ext_scan_complex.mlir
// Every expected value was derived by hand (each sum below is exact in the
// part type); the semantics are those of tests/e2e/linalg_ext_scan.mlir.

// Inclusive complex.add, complex<f32>: in (1,2) (3,4) (0,6) (5,7):
//   out (1,2), (1+3, 2+4) = (4,6), (4+0, 6+6) = (4,12), (4+5, 12+7) = (9,19);
//   acc = out[3] = (9,19).
func.func @scan_inclusive_add_cf32() {
  %in = util.unfoldable_constant dense<[(1.0, 2.0), (3.0, 4.0), (0.0, 6.0), (5.0, 7.0)]> : tensor<4xcomplex<f32>>
  %out0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<4xcomplex<f32>>
  %acc0 = util.unfoldable_constant dense<(100.0, 200.0)> : tensor<complex<f32>>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xcomplex<f32>>) outs(%out0, %acc0 : tensor<4xcomplex<f32>>, tensor<complex<f32>>) {
  ^bb0(%prev: complex<f32>, %x: complex<f32>):
    %s = complex.add %prev, %x : complex<f32>
    iree_linalg_ext.yield %s : complex<f32>
  } -> tensor<4xcomplex<f32>>, tensor<complex<f32>>
  check.expect_eq_const(%r#0, dense<[(1.0, 2.0), (4.0, 6.0), (4.0, 12.0), (9.0, 19.0)]> : tensor<4xcomplex<f32>>) : tensor<4xcomplex<f32>>
  check.expect_eq_const(%r#1, dense<(9.0, 19.0)> : tensor<complex<f32>>) : tensor<complex<f32>>
  return
}

// Inclusive, the value with the larger real part kept (arith.select on
// complex), complex<f32>: in (1,2) (3,4) (0,6) (5,7):
//   out (1,2); 3 > 1: (3,4); 0 > 3 no: (3,4); 5 > 3: (5,7); acc (5,7).
func.func @scan_inclusive_select_cf32() {
  %in = util.unfoldable_constant dense<[(1.0, 2.0), (3.0, 4.0), (0.0, 6.0), (5.0, 7.0)]> : tensor<4xcomplex<f32>>
  %out0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<4xcomplex<f32>>
  %acc0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xcomplex<f32>>) outs(%out0, %acc0 : tensor<4xcomplex<f32>>, tensor<complex<f32>>) {
  ^bb0(%prev: complex<f32>, %x: complex<f32>):
    %pr = complex.re %prev : complex<f32>
    %xr = complex.re %x : complex<f32>
    %gt = arith.cmpf ogt, %xr, %pr : f32
    %s = arith.select %gt, %x, %prev : complex<f32>
    iree_linalg_ext.yield %s : complex<f32>
  } -> tensor<4xcomplex<f32>>, tensor<complex<f32>>
  check.expect_eq_const(%r#0, dense<[(1.0, 2.0), (3.0, 4.0), (3.0, 4.0), (5.0, 7.0)]> : tensor<4xcomplex<f32>>) : tensor<4xcomplex<f32>>
  check.expect_eq_const(%r#1, dense<(5.0, 7.0)> : tensor<complex<f32>>) : tensor<complex<f32>>
  return
}

// Inclusive complex.add, complex<f64>, parts that need more than f32's 24
// bits (2^40 + 1 = 1099511627777): in (2^40+1, 3) (2, 2^40) (-1, 0.5) (4, -8):
//   out (1099511627777, 3), (1099511627779, 1099511627779),
//       (1099511627778, 1099511627779.5), (1099511627782, 1099511627771.5);
//   acc = out[3].
func.func @scan_inclusive_add_cf64() {
  %in = util.unfoldable_constant dense<[(1099511627777.0, 3.0), (2.0, 1099511627776.0), (-1.0, 0.5), (4.0, -8.0)]> : tensor<4xcomplex<f64>>
  %out0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<4xcomplex<f64>>
  %acc0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<complex<f64>>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(true)
      ins(%in : tensor<4xcomplex<f64>>) outs(%out0, %acc0 : tensor<4xcomplex<f64>>, tensor<complex<f64>>) {
  ^bb0(%prev: complex<f64>, %x: complex<f64>):
    %s = complex.add %prev, %x : complex<f64>
    iree_linalg_ext.yield %s : complex<f64>
  } -> tensor<4xcomplex<f64>>, tensor<complex<f64>>
  check.expect_eq_const(%r#0, dense<[(1099511627777.0, 3.0), (1099511627779.0, 1099511627779.0), (1099511627778.0, 1099511627779.5), (1099511627782.0, 1099511627771.5)]> : tensor<4xcomplex<f64>>) : tensor<4xcomplex<f64>>
  check.expect_eq_const(%r#1, dense<(1099511627782.0, 1099511627771.5)> : tensor<complex<f64>>) : tensor<complex<f64>>
  return
}

// Exclusive complex.add, complex<f64>, same input, acc init (10, 20):
//   out[0] = (10, 20); out[1] = (10, 20) + in[0] = (1099511627787, 23);
//   out[2] = + in[1] = (1099511627789, 1099511627799);
//   out[3] = + in[2] = (1099511627788, 1099511627799.5); acc = out[3].
func.func @scan_exclusive_add_cf64() {
  %in = util.unfoldable_constant dense<[(1099511627777.0, 3.0), (2.0, 1099511627776.0), (-1.0, 0.5), (4.0, -8.0)]> : tensor<4xcomplex<f64>>
  %out0 = util.unfoldable_constant dense<(0.0, 0.0)> : tensor<4xcomplex<f64>>
  %acc0 = util.unfoldable_constant dense<(10.0, 20.0)> : tensor<complex<f64>>
  %r:2 = iree_linalg_ext.scan dimension(0) inclusive(false)
      ins(%in : tensor<4xcomplex<f64>>) outs(%out0, %acc0 : tensor<4xcomplex<f64>>, tensor<complex<f64>>) {
  ^bb0(%prev: complex<f64>, %x: complex<f64>):
    %s = complex.add %prev, %x : complex<f64>
    iree_linalg_ext.yield %s : complex<f64>
  } -> tensor<4xcomplex<f64>>, tensor<complex<f64>>
  check.expect_eq_const(%r#0, dense<[(10.0, 20.0), (1099511627787.0, 23.0), (1099511627789.0, 1099511627799.0), (1099511627788.0, 1099511627799.5)]> : tensor<4xcomplex<f64>>) : tensor<4xcomplex<f64>>
  check.expect_eq_const(%r#1, dense<(1099511627788.0, 1099511627799.5)> : tensor<complex<f64>>) : tensor<complex<f64>>
  return
}
