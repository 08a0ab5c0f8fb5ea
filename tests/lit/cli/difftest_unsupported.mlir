// A program whose element type the interpreter refuses for an op (ref-run's
// exit 8) has no golden: difftest says "golden unavailable: unsupported"
// and exits 8, never judging IREE. (Before issue 25 ref-run sorted
// complex<f64> by the low half of the real part, and difftest reported
// IREE's correct sort as a mismatch.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 8 difftest run %s --function=f --target=llvm-cpu --out=%t 2>&1 | FileCheck %s
// CHECK: error: unsupported element type 'complex<f64>' for iree_linalg_ext.sort
// CHECK: error: golden unavailable: unsupported
// CHECK-NOT: mismatch
func.func @f(%k: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
  %r = iree_linalg_ext.sort dimension(0) outs(%k : tensor<3xcomplex<f64>>) {
  ^bb0(%a: complex<f64>, %b: complex<f64>):
    %ra = complex.re %a : complex<f64>
    %rb = complex.re %b : complex<f64>
    %c = arith.cmpf olt, %ra, %rb : f64
    iree_linalg_ext.yield %c : i1
  } -> tensor<3xcomplex<f64>>
  return %r : tensor<3xcomplex<f64>>
}
