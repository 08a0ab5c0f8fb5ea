// ref-mutate's corpus mutation of a program whose global reads a parameter
// archive (`difftest fuzz --mutate`, docs/fuzzing.md "Sources with parameter
// archives"): the archive holds exactly the global's bytes, so no mutation
// changes the global's shape or element type (a mutant that did would no
// longer fit it and be refused by ref-run, exit 7). The extent 4 and the
// element type f32 of @w are not offered; the argument's own extent 8 and
// i32 are.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 2 ref-mutate %s --corpus-mutate --function=f --rename=f0 --apply="extent 4 -> 5" -o %t/x.mlir 2>&1 | FileCheck %s --check-prefix=PINNED
// PINNED:     error: no mutation 'extent 4 -> 5' here; there are:
// PINNED-NOT: extent 4
// PINNED-NOT: dtype f32
// PINNED:     extent 8 -> 9
// RUN: ref-mutate %s --corpus-mutate --function=f --rename=f0 --apply="extent 8 -> 9" --apply="dtype i32 -> i16" -o %t/m.mlir
// RUN: FileCheck %s --check-prefix=MUT < %t/m.mlir
// MUT: util.global private @f0_w = #stream.parameter.named<"model"::"w"> : tensor<4xf32>
// MUT: func.func @f0(%arg0: tensor<4xf32>, %arg1: tensor<9xi16>) -> (tensor<4xf32>, tensor<9xi16>)
//
// The mutant still runs on the archive (bytes of 1, 2, 3, 4 as f32,
// written with the format's definition in tests/iree/params/irpa.py).
// RUN: %python -c "import sys, struct; sys.path.insert(0, '%S/../../iree/params'); import irpa; open('%t/w.irpa', 'wb').write(irpa.build([('w', struct.pack('<4f', 1, 2, 3, 4))]))"
// RUN: %ref-run %t/m.mlir --function=f0 --parameters=model=%t/w.irpa --input="4xf32=10 20 30 40" --input="9xi16=1 2 3 4 5 6 7 8 -16384" | FileCheck %s --check-prefix=OUT
// OUT: 4xf32=11 22 33 44
// OUT: 9xi16=2 4 6 8 10 12 14 16 -32768
util.global private @w = #stream.parameter.named<"model"::"w"> : tensor<4xf32>
func.func @f(%x: tensor<4xf32>, %y: tensor<8xi32>) -> (tensor<4xf32>, tensor<8xi32>) {
  %w = util.global.load @w : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%x, %w : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<8xi32>
  %s = linalg.add ins(%y, %y : tensor<8xi32>, tensor<8xi32>) outs(%e2 : tensor<8xi32>) -> tensor<8xi32>
  return %r, %s : tensor<4xf32>, tensor<8xi32>
}
