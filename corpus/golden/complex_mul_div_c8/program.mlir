// Elementwise x*y, x/y, x+y and |y| of complex<f32>; the quotients are
// exact (x is y times a small Gaussian integer), |y| is a Pythagorean
// triple.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xcomplex<f32>>, %y: tensor<8xcomplex<f32>>)
    -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xcomplex<f32>>
  %f = tensor.empty() : tensor<8xf32>
  %0:4 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>)
      outs(%e, %e, %e, %f : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>) {
  ^bb0(%a: complex<f32>, %b: complex<f32>, %o0: complex<f32>, %o1: complex<f32>, %o2: complex<f32>, %o3: f32):
    %m = complex.mul %a, %b : complex<f32>
    %d = complex.div %a, %b : complex<f32>
    %s = complex.add %a, %b : complex<f32>
    %n = complex.abs %b : complex<f32>
    linalg.yield %m, %d, %s, %n : complex<f32>, complex<f32>, complex<f32>, f32
  } -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>)
  return %0#0, %0#1, %0#2, %0#3 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xf32>
}
