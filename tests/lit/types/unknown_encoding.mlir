// Our iree_encoding dialect knows #iree_encoding.packed_storage only; any
// other encoding is an error, as any unknown dialect attribute is.
// RUN: not ref-opt %s 2>&1 | FileCheck %s
// CHECK: unknown_encoding.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown attribute `layout` in dialect `iree_encoding`
func.func @other_encoding(%a: tensor<4xf32, #iree_encoding.layout<[]>>) {
  return
}
