// What the ONNX import writes before IREE lowers it (torch dialect): our
// MLIR context does not parse it, so the inventory counts it as not loaded.
module {
  func.func @mul(%arg0: !torch.vtensor<[2,5],f32>, %arg1: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
    %0 = torch.operator "onnx.Mul"(%arg0, %arg1) : (!torch.vtensor<[2,5],f32>, !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32>
    return %0 : !torch.vtensor<[2,5],f32>
  }
}
