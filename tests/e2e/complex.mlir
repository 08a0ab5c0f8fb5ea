// Self-checking tests of complex<f32>/complex<f64> and the complex dialect:
//   ref-run --check tests/e2e/complex.mlir
// Complex arithmetic follows MLIR's ComplexToStandard formulas, which IREE
// runs before LLVM (docs/architecture.md, "Complex numbers"). Every
// expected value below is derived by hand; where a formula rounds, the
// derivation follows the formula's steps in f32.

#id1 = affine_map<(d0) -> (d0)>

// (1+2i)^2 = 1 + 4i + 4i^2 = -3+4i; (3+4i)^2 = 9 + 24i - 16 = -7+24i.
// mul: (a*c - b*d, a*d + b*c), all products exact.
func.func @mul_in_generic() {
  %x = util.unfoldable_constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %e = tensor.empty() : tensor<2xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<2xcomplex<f32>>) outs(%e : tensor<2xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %o: complex<f32>):
    %m = complex.mul %a, %a : complex<f32>
    linalg.yield %m : complex<f32>
  } -> tensor<2xcomplex<f32>>
  check.expect_eq_const(%r, dense<[(-3.0, 4.0), (-7.0, 24.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  return
}

// Smith's division (ComplexToStandard's default "improved" range):
// (4+2i)/(1+1i): |c| >= |d|, r = d/c = 1, den = c + d*r = 2,
// re = (a + b*r)/den = 3, im = (b - a*r)/den = -1.
// (6+0i)/(0+2i): |c| < |d|, r = c/d = 0, den = d + c*r = 2,
// re = (a*r + b)/den = 0, im = (b*r - a)/den = -3.
// add/sub are per part; neg and conj flip signs.
func.func @div_add_sub_neg_conj() {
  %x = util.unfoldable_constant dense<[(4.0, 2.0), (6.0, 0.0)]> : tensor<2xcomplex<f32>>
  %y = util.unfoldable_constant dense<[(1.0, 1.0), (0.0, 2.0)]> : tensor<2xcomplex<f32>>
  %e = tensor.empty() : tensor<2xcomplex<f32>>
  %r:4 = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>)
      outs(%e, %e, %e, %e : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %b: complex<f32>, %o0: complex<f32>, %o1: complex<f32>, %o2: complex<f32>, %o3: complex<f32>):
    %d = complex.div %a, %b : complex<f32>
    %s = complex.add %a, %b : complex<f32>
    %t = complex.sub %a, %b : complex<f32>
    %n = complex.neg %b : complex<f32>
    %c = complex.conj %n : complex<f32>
    linalg.yield %d, %s, %t, %c : complex<f32>, complex<f32>, complex<f32>, complex<f32>
  } -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>)
  check.expect_eq_const(%r#0, dense<[(3.0, -1.0), (0.0, -3.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  check.expect_eq_const(%r#1, dense<[(5.0, 3.0), (6.0, 2.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  check.expect_eq_const(%r#2, dense<[(3.0, 1.0), (6.0, -2.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  check.expect_eq_const(%r#3, dense<[(-1.0, 1.0), (-0.0, 2.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  return
}

// abs, as ComplexToStandard computes it: max * sqrt(1 + (min/max)^2).
// |3+4i|: 4 * sqrt(1 + 0.5625) = 4 * 1.25 = 5; |0-2i| = 2; |0+0i| = 0.
// re/im take the parts; eq/neq compare both parts.
func.func @abs_re_im_eq() {
  %x = util.unfoldable_constant dense<[(3.0, 4.0), (0.0, -2.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %y = util.unfoldable_constant dense<[(3.0, 4.0), (0.0, 2.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %ef = tensor.empty() : tensor<3xf32>
  %eb = tensor.empty() : tensor<3xi1>
  %r:5 = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>)
      outs(%ef, %ef, %ef, %eb, %eb : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>) {
  ^bb0(%a: complex<f32>, %b: complex<f32>, %o0: f32, %o1: f32, %o2: f32, %o3: i1, %o4: i1):
    %abs = complex.abs %a : complex<f32>
    %re = complex.re %a : complex<f32>
    %im = complex.im %a : complex<f32>
    %eq = complex.eq %a, %b : complex<f32>
    %ne = complex.neq %a, %b : complex<f32>
    linalg.yield %abs, %re, %im, %eq, %ne : f32, f32, f32, i1, i1
  } -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>)
  check.expect_eq_const(%r#0, dense<[5.0, 2.0, 0.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#1, dense<[3.0, 0.0, 0.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#2, dense<[4.0, -2.0, 0.0]> : tensor<3xf32>) : tensor<3xf32>
  check.expect_eq_const(%r#3, dense<[true, false, true]> : tensor<3xi1>) : tensor<3xi1>
  check.expect_eq_const(%r#4, dense<[false, true, false]> : tensor<3xi1>) : tensor<3xi1>
  return
}

// exp(a+bi) = (e^a cos b, e^a sin b): exp(0) = 1; exp(1) = (e, 0), e
// rounded to f32 is 2.71828175 (0x402DF854); exp(0 + pi i) = (-1, ~0)
// (cos(f32 pi) rounds to -1, sin(f32 pi) is -8.74e-8).
func.func @exp() {
  %x = util.unfoldable_constant dense<[(0.0, 0.0), (1.0, 0.0), (0.0, 3.14159274)]> : tensor<3xcomplex<f32>>
  %e = tensor.empty() : tensor<3xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%x : tensor<3xcomplex<f32>>) outs(%e : tensor<3xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %o: complex<f32>):
    %m = complex.exp %a : complex<f32>
    linalg.yield %m : complex<f32>
  } -> tensor<3xcomplex<f32>>
  check.expect_eq_const(%r, dense<[(1.0, 0.0), (2.71828175, 0.0), (-1.0, -8.74227766E-8)]> : tensor<3xcomplex<f32>>) : tensor<3xcomplex<f32>>
  return
}

// complex.constant, create, re and im at the top level of a function and
// through tensor.from_elements / extract / insert; (1+2i) + (3-1i) = 4+1i.
func.func @top_level_scalars() {
  %c = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %re = arith.constant 3.0 : f32
  %im = arith.constant -1.0 : f32
  %d = complex.create %re, %im : complex<f32>
  %s = complex.add %c, %d : complex<f32>
  %t = tensor.from_elements %c, %d, %s : tensor<3xcomplex<f32>>
  check.expect_eq_const(%t, dense<[(1.0, 2.0), (3.0, -1.0), (4.0, 1.0)]> : tensor<3xcomplex<f32>>) : tensor<3xcomplex<f32>>
  %i1 = arith.constant 1 : index
  %x = tensor.extract %t[%i1] : tensor<3xcomplex<f32>>
  %xi = complex.im %x : complex<f32>
  %xr = complex.re %x : complex<f32>
  %parts = tensor.from_elements %xr, %xi : tensor<2xf32>
  check.expect_eq_const(%parts, dense<[3.0, -1.0]> : tensor<2xf32>) : tensor<2xf32>
  %i0 = arith.constant 0 : index
  %u = tensor.insert %x into %t[%i0] : tensor<3xcomplex<f32>>
  check.expect_eq_const(%u, dense<[(3.0, -1.0), (3.0, -1.0), (4.0, 1.0)]> : tensor<3xcomplex<f32>>) : tensor<3xcomplex<f32>>
  return
}

// A complex matmul: a reduction of complex mul/add, in complex<f64>:
// [[1+i, 2]] x [[i], [1-i]] = (1+i)i + 2(1-i) = (-1+i) + (2-2i) = 1-i;
// [[0, -i]] x [[i], [1-i]] = -i(1-i) = -i + i^2 = -1-i.
func.func @matmul_c64() {
  %a = util.unfoldable_constant dense<[[(1.0, 1.0), (2.0, 0.0)], [(0.0, 0.0), (0.0, -1.0)]]> : tensor<2x2xcomplex<f64>>
  %b = util.unfoldable_constant dense<[[(0.0, 1.0)], [(1.0, -1.0)]]> : tensor<2x1xcomplex<f64>>
  %z = complex.constant [0.0 : f64, 0.0 : f64] : complex<f64>
  %e = tensor.empty() : tensor<2x1xcomplex<f64>>
  %f = linalg.fill ins(%z : complex<f64>) outs(%e : tensor<2x1xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xcomplex<f64>>, tensor<2x1xcomplex<f64>>) outs(%f : tensor<2x1xcomplex<f64>>) -> tensor<2x1xcomplex<f64>>
  check.expect_eq_const(%r, dense<[[(1.0, -1.0)], [(-1.0, -1.0)]]> : tensor<2x1xcomplex<f64>>) : tensor<2x1xcomplex<f64>>
  return
}

// Layout ops move complex<f64> elements (16 bytes) whole.
func.func @layout_c128() {
  %a = util.unfoldable_constant dense<[[(1.0, -1.0), (2.0, -2.0), (3.0, -3.0)], [(4.0, -4.0), (5.0, -5.0), (6.0, -6.0)]]> : tensor<2x3xcomplex<f64>>
  %e = tensor.empty() : tensor<3x2xcomplex<f64>>
  %t = linalg.transpose ins(%a : tensor<2x3xcomplex<f64>>) outs(%e : tensor<3x2xcomplex<f64>>) permutation = [1, 0]
  check.expect_eq_const(%t, dense<[[(1.0, -1.0), (4.0, -4.0)], [(2.0, -2.0), (5.0, -5.0)], [(3.0, -3.0), (6.0, -6.0)]]> : tensor<3x2xcomplex<f64>>) : tensor<3x2xcomplex<f64>>
  %s = tensor.extract_slice %a[0, 1] [2, 1] [1, 2] : tensor<2x3xcomplex<f64>> to tensor<2x1xcomplex<f64>>
  check.expect_eq_const(%s, dense<[[(2.0, -2.0)], [(5.0, -5.0)]]> : tensor<2x1xcomplex<f64>>) : tensor<2x1xcomplex<f64>>
  %i = arith.constant 1 : index
  %j = arith.constant 2 : index
  %x = tensor.extract %a[%i, %j] : tensor<2x3xcomplex<f64>>
  %sp = tensor.splat %x : tensor<2xcomplex<f64>>
  check.expect_eq_const(%sp, dense<[(6.0, -6.0), (6.0, -6.0)]> : tensor<2xcomplex<f64>>) : tensor<2xcomplex<f64>>
  return
}

// A select between complex values picks both parts.
func.func @select() {
  %x = util.unfoldable_constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %c = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %k = complex.constant [9.0 : f32, -9.0 : f32] : complex<f32>
  %e = tensor.empty() : tensor<2xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %c : tensor<2xcomplex<f32>>, tensor<2xi1>) outs(%e : tensor<2xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %p: i1, %o: complex<f32>):
    %s = arith.select %p, %a, %k : complex<f32>
    linalg.yield %s : complex<f32>
  } -> tensor<2xcomplex<f32>>
  check.expect_eq_const(%r, dense<[(1.0, 2.0), (9.0, -9.0)]> : tensor<2xcomplex<f32>>) : tensor<2xcomplex<f32>>
  return
}

// arith.constant with dense complex values (a list and a splat), and a
// complex.constant inside a body: x * (0 + 1i) rotates by 90 degrees,
// (a + bi) i = -b + ai; then + (1 + 1i) from the splat.
func.func @constants() {
  %x = arith.constant dense<[(1.0, 2.0), (-3.0, 0.5)]> : tensor<2xcomplex<f64>>
  %one = arith.constant dense<(1.0, 1.0)> : tensor<2xcomplex<f64>>
  %e = tensor.empty() : tensor<2xcomplex<f64>>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
      ins(%x, %one : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) outs(%e : tensor<2xcomplex<f64>>) {
  ^bb0(%a: complex<f64>, %b: complex<f64>, %o: complex<f64>):
    %i = complex.constant [0.0 : f64, 1.0 : f64] : complex<f64>
    %m = complex.mul %a, %i : complex<f64>
    %s = complex.add %m, %b : complex<f64>
    linalg.yield %s : complex<f64>
  } -> tensor<2xcomplex<f64>>
  check.expect_eq_const(%r, dense<[(-1.0, 2.0), (0.5, -2.0)]> : tensor<2xcomplex<f64>>) : tensor<2xcomplex<f64>>
  return
}
