// A torch-dialect program as iree-turbine writes them (torch.aten ops on
// value tensors): relu(x @ w + b).
func.func @forward(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[3,4],f32>, %arg2: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.mm %arg0, %arg1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3,4],f32> -> !torch.vtensor<[2,4],f32>
  %1 = torch.aten.add.Tensor %0, %arg2, %int1 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
  %2 = torch.aten.relu %1 : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  return %2 : !torch.vtensor<[2,4],f32>
}
