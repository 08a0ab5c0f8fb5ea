// Globals read from an IREE parameter archive (--parameters=SCOPE=FILE, as
// iree-run-module takes it). The archive is the one IREE 3.13's
// iree-import-onnx --externalize-params wrote for a model whose W is
// numpy's arange(12, dtype=f32) / 7 and B = [0.5, -1, 2, 3]; an
// `{offset = 8}` config reads B's bytes from the third element on;
// flow.tensor.constant takes the attribute too. Without an archive for the
// scope, with a global the archive's entry does not fit (W as f16: 24
// bytes of a 48-byte entry), or with a corrupt archive: exit 7.
//
// RUN: %ref-run %s --parameters=model=%S/../../unit/testdata/importer_params.irpa | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: result[0]: hal.buffer_view
// CHECK-NEXT: 3x4xf32=[0 0.142857 0.285714 0.428571][0.571429 0.714286 0.857143 1][1.14286 1.28571 1.42857 1.57143]
// CHECK-NEXT: result[1]: hal.buffer_view
// CHECK-NEXT: 4xf32=0.5 -1 2 3
// CHECK-NEXT: result[2]: hal.buffer_view
// CHECK-NEXT: 2xf32=2 3
// CHECK-NEXT: result[3]: hal.buffer_view
// CHECK-NEXT: 4xf32=0.5 -1 2 3
//
// RUN: %expect-exit 7 %ref-run %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: parameter "model"::"W": no archive was given for scope "model" (--parameters=model=FILE.irpa)
//
// RUN: %expect-exit 7 %ref-run %s --parameters=other=%S/../../unit/testdata/importer_params.irpa 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE: no archive was given for scope "model" (--parameters=model=FILE.irpa); archives were given for "other"
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/3x4xf32/3x4xf16/g' %s > %t/f16.mlir
// RUN: %expect-exit 7 %ref-run %t/f16.mlir --parameters=model=%S/../../unit/testdata/importer_params.irpa 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: parameter "W" of {{.*}}importer_params.irpa holds 48 bytes; the program reads it as tensor<3x4xf16> (24 bytes): the archive does not match the program (IREE would read its first 24 bytes)
//
// RUN: head -c 50 %S/../../unit/testdata/importer_params.irpa > %t/cut.irpa
// RUN: %expect-exit 7 %ref-run %s --parameters=model=%t/cut.irpa 2>&1 | FileCheck %s --check-prefix=CUT
// CUT: error: --parameters=model={{.*}}cut.irpa: {{.*}}cut.irpa: not a valid IREE parameter archive: the file ends (50 bytes) inside the header (at byte 0)

util.global private @W = #stream.parameter.named<"model"::"W"> : tensor<3x4xf32>
util.global private @B = #flow.parameter.named<"model"::"B"> : tensor<4xf32>
util.global private @Tail = #stream.parameter.named<"model"::"B", {offset = 8 : i64}> : tensor<2xf32>

func.func @main() -> (tensor<3x4xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>) {
  %w = util.global.load @W : tensor<3x4xf32>
  %b = util.global.load @B : tensor<4xf32>
  %t = util.global.load @Tail : tensor<2xf32>
  %c = flow.tensor.constant #flow.parameter.named<"model"::"B"> : tensor<4xf32>
  return %w, %b, %t, %c : tensor<3x4xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>
}
