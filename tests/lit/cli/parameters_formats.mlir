// Globals read from safetensors and GGUF files (--parameters=SCOPE=FILE, the
// format by the extension, as iree-run-module picks it). The files were
// written by the formats' own writers (tests/unit/testdata/
// make_param_formats.py: safetensors.numpy.save_file, gguf-py's
// GGUFWriter) with W = numpy's arange(12, dtype=f32).reshape(3, 4) / 7 and
// B = [0.5, -1, 2, 3]; the GGUF file's Q is a Q8_0 tensor of 64 elements
// whose 68 bytes are 0..67, read here as its bytes.
//
// RUN: sed '/@Q/d; s/, tensor<68xi8>//; s/, %q//' %s > %t.st.mlir
// RUN: %ref-run %t.st.mlir --parameters=model=%S/../../unit/testdata/writer_params.safetensors | FileCheck %s --check-prefix=ST
// ST: EXEC @main
// ST-NEXT: result[0]: hal.buffer_view
// ST-NEXT: 3x4xf32=[0 0.142857 0.285714 0.428571][0.571429 0.714286 0.857143 1][1.14286 1.28571 1.42857 1.57143]
// ST-NEXT: result[1]: hal.buffer_view
// ST-NEXT: 4xf32=0.5 -1 2 3
//
// RUN: %ref-run %s --parameters=model=%S/../../unit/testdata/writer_params.gguf | FileCheck %s --check-prefix=GG
// GG: EXEC @main
// GG-NEXT: result[0]: hal.buffer_view
// GG-NEXT: 3x4xf32=[0 0.142857 0.285714 0.428571][0.571429 0.714286 0.857143 1][1.14286 1.28571 1.42857 1.57143]
// GG-NEXT: result[1]: hal.buffer_view
// GG-NEXT: 4xf32=0.5 -1 2 3
// GG-NEXT: result[2]: hal.buffer_view
// GG-NEXT: 68xi8=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67
//
// The file's entry sizes, checked with its type and shape in the message;
// a GGUF file under a .safetensors name is read as safetensors (and says
// what it looks like); an extension IREE does not read: exit 7.
// RUN: sed 's/3x4xf32/4x4xf32/g' %t.st.mlir > %t.big.mlir
// RUN: %expect-exit 7 %ref-run %t.big.mlir --parameters=model=%S/../../unit/testdata/writer_params.safetensors 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: error: parameter "W" of {{.*}}writer_params.safetensors (F32 [3, 4]) holds 48 bytes; the program reads it as tensor<4x4xf32> (64 bytes): the archive does not match the program (IREE fails with OUT_OF_RANGE)
// RUN: cp %S/../../unit/testdata/writer_params.gguf %t.safetensors
// RUN: %expect-exit 7 %ref-run %s --parameters=model=%t.safetensors 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: not a valid safetensors file: {{.*}}; the file looks like a GGUF file (IREE picks the format by the extension, as this reader does)
// RUN: cp %S/../../unit/testdata/writer_params.gguf %t.bin
// RUN: %expect-exit 7 %ref-run %s --parameters=model=%t.bin 2>&1 | FileCheck %s --check-prefix=EXT
// EXT: not a parameter file format that IREE reads: it picks the format by the extension, and takes .irpa, .safetensors and .gguf

util.global private @W = #flow.parameter.named<"model"::"W"> : tensor<3x4xf32>
util.global private @B = #flow.parameter.named<"model"::"B"> : tensor<4xf32>
util.global private @Q = #flow.parameter.named<"model"::"Q"> : tensor<68xi8>

func.func @main() -> (tensor<3x4xf32>, tensor<4xf32>, tensor<68xi8>) {
  %w = util.global.load @W : tensor<3x4xf32>
  %b = util.global.load @B : tensor<4xf32>
  %q = util.global.load @Q : tensor<68xi8>
  return %w, %b, %q : tensor<3x4xf32>, tensor<4xf32>, tensor<68xi8>
}
