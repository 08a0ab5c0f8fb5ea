// util.optimization_barrier (an identity for the program) on a dynamically
// sized argument, then returned.
func.func @main(%arg0: tensor<?xi32>) -> tensor<?xi32> {
  %0 = util.optimization_barrier %arg0 : tensor<?xi32>
  return %0 : tensor<?xi32>
}
