// complex<f32>/complex<f64> at the command line, as iree-run-module spells
// them: the element type "cf64"/"cf128", each element its bytes in
// upper-case hex, real part first (IREE's formatter has no complex case).
// (1+2i)^2 = -3+4i: -3.0f is 000040C0, 4.0f 00008040 (little-endian).
// RUN: %ref-run %s --function=square --input="2xcf64=0000803F00000040 0000404000008040" | FileCheck %s --check-prefix=TEXT
// TEXT: result[0]: hal.buffer_view
// TEXT-NEXT: 2xcf64=000040C000008040 0000E0C00000C041

// complex<f64>: 1.0 is 000000000000F03F; -1.0 000000000000F0BF.
// RUN: %ref-run %s --function=conj64 --input="1xcf128=000000000000F03F000000000000F03F" | FileCheck %s --check-prefix=C128
// C128: 1xcf128=000000000000F03F000000000000F0BF

// NPY round trip: c8 out, c8 in; (-3+4i)^2 = -7-24i, (-7+24i)^2 = -527-336i.
// RUN: %ref-run %s --function=square --input="2xcf64=0000803F00000040 0000404000008040" --output=@%t.npy
// RUN: %ref-run %s --function=square --input=@%t.npy | FileCheck %s --check-prefix=NPY
// NPY: 2xcf64=0000E0C00000C0C1 00C003C40000A8C3

// Bad element text: not 16 hex digits.
// RUN: %expect-exit 2 %ref-run %s --function=square --input="2xcf64=1.5 2" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: value 0: '1.5' is not 16 hex digits (the bytes of one complex<f32>, real part first)

// A complex op the interpreter does not lower is an error at its location.
// RUN: %expect-exit 2 %ref-run %s --function=bitcast --input="2xcf64=0000000000000000" 2>&1 | FileCheck %s --check-prefix=UNSUP
// UNSUP: complex_io.mlir:[[@LINE+7]]:10: error: unsupported operation 'complex.bitcast' on complex values inside a region body

#id = affine_map<(d0) -> (d0)>
func.func @bitcast(%x: tensor<2xcomplex<f32>>) -> tensor<2xi64> {
  %e = tensor.empty() : tensor<2xi64>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<2xcomplex<f32>>) outs(%e : tensor<2xi64>) {
  ^bb0(%a: complex<f32>, %o: i64):
    %b = complex.bitcast %a : complex<f32> to i64
    linalg.yield %b : i64
  } -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

func.func @square(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %e = tensor.empty() : tensor<2xcomplex<f32>>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<2xcomplex<f32>>) outs(%e : tensor<2xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %o: complex<f32>):
    %m = complex.mul %a, %a : complex<f32>
    linalg.yield %m : complex<f32>
  } -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

func.func @conj64(%x: tensor<1xcomplex<f64>>) -> tensor<1xcomplex<f64>> {
  %e = tensor.empty() : tensor<1xcomplex<f64>>
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<1xcomplex<f64>>) outs(%e : tensor<1xcomplex<f64>>) {
  ^bb0(%a: complex<f64>, %o: complex<f64>):
    %c = complex.conj %a : complex<f64>
    linalg.yield %c : complex<f64>
  } -> tensor<1xcomplex<f64>>
  return %0 : tensor<1xcomplex<f64>>
}
