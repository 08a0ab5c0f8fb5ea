// A sort whose key result is dead: only the payload is returned (the shape
// of an argsort that keeps the permutation). iree-compile 3.13 crashes for
// the SPIR-V targets (in mlir::IntegerAttr::getInt()); llvm-cpu and vmvx
// compile and run it right, cuda and hip compile it. Returning the keys
// too, it compiles and passes on vulkan. Found by a 30-minute guided
// campaign with every op kind (issue 26, 2026-12-04, seed 9, case 128,
// reduced by the night's difftest reduce from a three-operand sort).
func.func @main(%a: tensor<5xi32>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0:2 = iree_linalg_ext.sort dimension(0) outs(%a, %b : tensor<5xi32>, tensor<5xf32>) {
  ^bb0(%x: i32, %y: i32, %p: f32, %q: f32):
    %1 = arith.cmpi slt, %x, %y : i32
    iree_linalg_ext.yield %1 : i1
  } -> tensor<5xi32>, tensor<5xf32>
  return %0#1 : tensor<5xf32>
}
