// attention with a boolean mask, then one online_attention step with a float
// mask: the ops whose printed attributes differ between IREE releases
// (tests/iree/attention_syntax_test.py).
func.func @main(%q: tensor<1x3x4xf32>, %k: tensor<1x5x4xf32>, %v: tensor<1x5x2xf32>,
                %m: tensor<1x3x5xi1>, %fm: tensor<1x3x5xf32>)
    -> (tensor<1x3x2xf32>, tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  %scale = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<1x3x2xf32>
  %a = iree_linalg_ext.attention {indexing_maps = [
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>]}
                     ins(%q, %k, %v, %scale, %m : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32, tensor<1x3x5xi1>)
                     outs(%e : tensor<1x3x2xf32>) {
  ^bb0(%s: f32):
    iree_linalg_ext.yield %s : f32
  } -> tensor<1x3x2xf32>
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -1.0e+30 : f32
  %e2 = tensor.empty() : tensor<1x3xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x2xf32>) -> tensor<1x3x2xf32>
  %max = linalg.fill ins(%ninf : f32) outs(%e2 : tensor<1x3xf32>) -> tensor<1x3xf32>
  %sum = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x3xf32>) -> tensor<1x3xf32>
  %o:3 = iree_linalg_ext.online_attention {indexing_maps = [
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> ()>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>,
                     affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}
                     ins(%q, %k, %v, %scale, %fm : tensor<1x3x4xf32>, tensor<1x5x4xf32>, tensor<1x5x2xf32>, f32, tensor<1x3x5xf32>)
                     outs(%acc, %max, %sum : tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>) {
  ^bb0(%s: f32):
    iree_linalg_ext.yield %s : f32
  } -> tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
  return %a, %o#0, %o#1, %o#2 : tensor<1x3x2xf32>, tensor<1x3x2xf32>, tensor<1x3xf32>, tensor<1x3xf32>
}
