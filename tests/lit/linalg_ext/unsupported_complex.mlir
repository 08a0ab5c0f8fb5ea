// Complex operands of the ops whose comparators, combiners or freedom
// candidates hold one 64-bit pattern per value are refused, at the op, with
// ref-run's exit 8 (golden unavailable), never computed wrong (issue 25:
// complex<f64> sorted by the low half of its real part before).
// RUN: %expect-exit 8 %ref-run %s --function=sort_cf64 2>&1 | FileCheck %s --check-prefix=SORT
// RUN: %expect-exit 8 %ref-run %s --function=scatter_cf32 2>&1 | FileCheck %s --check-prefix=SCATTER
// RUN: %expect-exit 8 %ref-run %s --function=unsigned 2>&1 | FileCheck %s --check-prefix=UI8

// SORT: unsupported_complex.mlir:[[@LINE+3]]:8: error: unsupported element type 'complex<f64>' for iree_linalg_ext.sort
func.func @sort_cf64() -> tensor<3xcomplex<f64>> {
  %k = util.unfoldable_constant dense<[(2.0, 1.0), (0.5, 9.0), (4.0, -1.0)]> : tensor<3xcomplex<f64>>
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3xcomplex<f64>>) {
  ^bb0(%a: complex<f64>, %b: complex<f64>):
    %ra = complex.re %a : complex<f64>
    %rb = complex.re %b : complex<f64>
    %c = arith.cmpf olt, %ra, %rb : f64
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xcomplex<f64>>
  return %r : tensor<3xcomplex<f64>>
}

// SCATTER: unsupported_complex.mlir:[[@LINE+6]]:8: error: unsupported element type 'complex<f32>'
// SCATTER-SAME: for iree_linalg_ext.scatter
func.func @scatter_cf32() -> tensor<4xcomplex<f32>> {
  %orig = util.unfoldable_constant dense<(1.0, 2.0)> : tensor<4xcomplex<f32>>
  %upd = util.unfoldable_constant dense<[(1.0, -1.0), (2.0, 0.5)]> : tensor<2xcomplex<f32>>
  %idx = util.unfoldable_constant dense<[[1], [3]]> : tensor<2x1xi32>
  %r = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xcomplex<f32>>, tensor<2x1xi32>) outs(%orig : tensor<4xcomplex<f32>>) {
  ^bb0(%u: complex<f32>, %c: complex<f32>):
    %s = complex.add %u, %c : complex<f32>
    iree_linalg_ext.yield %s : complex<f32>
  } -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}

// Element types outside the interpreter's (unsigned integers): the same
// exit code.
// UI8: unsupported_complex.mlir:[[@LINE+2]]:8: error: unsupported element type 'ui8'
func.func @unsigned() -> tensor<2xui8> {
  %a = arith.constant dense<[1, 2]> : tensor<2xui8>
  return %a : tensor<2xui8>
}
