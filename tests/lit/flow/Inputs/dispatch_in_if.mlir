// A dispatch under scf.if: localize needs straight-line dispatches.
module {
  flow.executable private @ex {
    flow.executable.export public @id
    builtin.module {
      func.func @id(%arg0: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) {
        return
      }
    }
  }
  func.func @main(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %r = scf.if %c -> tensor<4xf32> {
      %0 = flow.dispatch @ex::@id(%x) : (tensor<4xf32>) -> %x
      scf.yield %0 : tensor<4xf32>
    } else {
      scf.yield %x : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
