// Only compiler output is checked: nothing for ref-run to judge.
// RUN: iree-compile --compile-to=stream %s | FileCheck %s
// CHECK: stream.executable
util.func public @f(%a: tensor<4xf32>, %b: !hal.buffer {iree.abi.transients}) -> tensor<4xf32> {
  util.return %a : tensor<4xf32>
}
