// math.fpowi: powf(base, sitofp(exponent)) in the base's type, as MLIR's
// folder and its expansion for a non-constant exponent compute it (libm pow,
// the exponent rounded to nearest even). Expected values by hand:
// 2^3 = 8; 3^-2 = 1/9 = 0.111111; 0^-1 = +inf and (-0)^-1 = -inf (C's pow:
// odd negative exponent keeps the zero's sign); (-2)^3 = -8; 1.5^2 = 2.25;
// 0^0 = 1; (-1)^16777217: the exponent rounds to 16777216.0f (2^24 + 1 is
// not an f32), an even power: 1, not -1.
// RUN: %ref-run %s --function=vec --input="8xf32=2 3 0 -0 -2 1.5 0 -1" --input="8xi32=3 -2 -1 -1 3 2 0 16777217" | FileCheck %s --check-prefix=VEC
// VEC: 8xf32=8 0.111111 INF -INF -8 2.25 1 1
//
// f16 base, i64 exponent: 3^4 = 81, rounded once to f16 (exact).
// RUN: %ref-run %s --function=half --input="2xf16=3 0.5" --input="2xi64=4 -3" | FileCheck %s --check-prefix=HALF
// HALF: 2xf16=81 8

#map = affine_map<(d0) -> (d0)>
func.func @vec(%a: tensor<8xf32>, %n: tensor<8xi32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %n : tensor<8xf32>, tensor<8xi32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %k: i32, %o: f32):
    %p = math.fpowi %x, %k : f32, i32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// Elementwise on tensors outside a region body.
func.func @half(%a: tensor<2xf16>, %n: tensor<2xi64>) -> tensor<2xf16> {
  %p = math.fpowi %a, %n : tensor<2xf16>, tensor<2xi64>
  return %p : tensor<2xf16>
}
