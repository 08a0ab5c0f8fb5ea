// A dispatch that loads elements 2..4 of a 4-element binding.
module {
  flow.executable private @ex {
    flow.executable.export public @oob
    builtin.module {
      func.func @oob(%arg0: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %arg1: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>) {
        %0 = iree_tensor_ext.dispatch.tensor.load %arg0, offsets = [2], sizes = [3], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<3xf32>
        iree_tensor_ext.dispatch.tensor.store %0, %arg1, offsets = [0], sizes = [3], strides = [1] : tensor<3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf32>>
        return
      }
    }
  }
  func.func @main() -> tensor<3xf32> {
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %0 = flow.dispatch @ex::@oob(%x) : (tensor<4xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
