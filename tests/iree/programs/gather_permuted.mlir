// gather with depth 3 and a cyclic dimension_map: source position
// pos[dimension_map[i]] = indices[b, i] (IREE's own scalar implementation,
// GatherOp::generateScalarImplementation). A swap is its own inverse; a
// 3-cycle is not, so this tells a lowering that applies the inverse map.
func.func @main(%src: tensor<2x3x4xi32>, %idx: tensor<5x3xi32>) -> tensor<5xi32> {
  %e = tensor.empty() : tensor<5xi32>
  %r = iree_linalg_ext.gather dimension_map = [1, 2, 0]
      ins(%src, %idx : tensor<2x3x4xi32>, tensor<5x3xi32>)
      outs(%e : tensor<5xi32>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}
