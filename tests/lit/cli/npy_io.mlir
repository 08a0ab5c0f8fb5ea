// numpy writes inputs, ref-run reads them and writes results as .npy, numpy
// reads those and checks the values (computed independently in numpy).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([[1.5, -2.0, 0.25], [3.0, 1e-3, -0.0]], dtype=np.float32)); np.save('%t/b.npy', np.array([1, -128, 127, 0], dtype=np.int8)); np.save('%t/c.npy', np.array([True, False, True]))"
// RUN: %ref-run %s --function=main --input=@%t/a.npy --input=@%t/b.npy --input=@%t/c.npy --output=@%t/ra.npy --output=@%t/rb.npy --output=@%t/rc.npy
// RUN: %python -c "import numpy as np; a=np.load('%t/a.npy'); ra=np.load('%t/ra.npy'); assert ra.dtype==np.float32 and ra.shape==(2,3); assert np.array_equal(ra, a*np.float32(2)), ra; b=np.load('%t/rb.npy'); assert b.dtype==np.int8 and list(b)==[2,0,-2,0], b; c=np.load('%t/rc.npy'); assert c.dtype==np.bool_ and list(c)==[False,True,False], c; print('npy ok')" | FileCheck %s
// CHECK: npy ok

// a * 2 (exact in f32); b + b wraps in i8 (-128+-128 = 0, 127+127 = -2);
// not c.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<4xi8>, %c: tensor<3xi1>)
    -> (tensor<2x3xf32>, tensor<4xi8>, tensor<3xi1>) {
  %two = arith.constant dense<2.0> : tensor<2x3xf32>
  %x = arith.mulf %a, %two : tensor<2x3xf32>
  %y = arith.addi %b, %b : tensor<4xi8>
  %t = arith.constant dense<true> : tensor<3xi1>
  %z = arith.xori %c, %t : tensor<3xi1>
  return %x, %y, %z : tensor<2x3xf32>, tensor<4xi8>, tensor<3xi1>
}
