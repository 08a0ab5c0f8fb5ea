// The ABI alias IREE's f64 demotion leaves (`--iree-input-demote-f64-to-f32`,
// on by default): the program computes in f32 but imports and exports f64
// buffer views, `tensor<4xf64> as tensor<4xf32>`. IREE imports
// sizeof(tensor<4xf32>) = 16 bytes of the 32-byte buffer and reads them as
// four f32; it exports the 16-byte f32 buffer as a view of four f64 (32
// bytes), which IREE 3.13's runtime refuses: "OUT_OF_RANGE; buffer view byte
// length 96 exceeds backing buffer byte length 48" for ONNX's
// test_cast_FLOAT_to_DOUBLE on llvm-cpu (iree-org/iree#24180).
//
// Import: 1.0 as f64 is 0x3FF0000000000000, little-endian words 0x00000000
// (0.0f) then 0x3FF00000 (2^0 * (1 + 0x700000 / 2^23) = 1.875f); 2.0 is
// 0x4000000000000000: 0.0f then 0x40000000 = 2.0f.
// RUN: %ref-run %s --function=import_only --input="4xf64=1 2 3 4" | FileCheck %s --check-prefix=IMP
// IMP: 4xf32=0 1.875 0 2
//
// Export: the same error as IREE's runtime.
// RUN: %expect-exit 2 %ref-run %s --function=abs --input="4xf64=1 2 3 4" 2>&1 | FileCheck %s --check-prefix=EXP
// EXP: error: buffer view byte length 32 exceeds backing buffer byte length 16
// EXP-SAME: iree-org/iree#24180
//
// A buffer smaller than the tensor: IREE's import asserts its minimum length.
// RUN: %expect-exit 2 %ref-run %s --function=widen --input="2xf16=1 2" 2>&1 | FileCheck %s --check-prefix=SMALL
// SMALL: error: the buffer holds 4 bytes but 'tensor<2xf32>' needs 8

#map = affine_map<(d0) -> (d0)>
module {
  util.func public @import_only(%arg0: !hal.buffer_view) -> !hal.buffer_view {
    %0 = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf64> as tensor<4xf32>
    %1 = hal.tensor.export %0 : tensor<4xf32> -> !hal.buffer_view
    util.return %1 : !hal.buffer_view
  }
  util.func public @abs(%arg0: !hal.buffer_view) -> !hal.buffer_view {
    %0 = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<4xf64> as tensor<4xf32>
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.absf %in : f32
      linalg.yield %3 : f32
    } -> tensor<4xf32>
    %4 = hal.tensor.export %2 : tensor<4xf64> as tensor<4xf32> -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
  util.func public @widen(%arg0: !hal.buffer_view) -> !hal.buffer_view {
    %0 = hal.tensor.import %arg0 : !hal.buffer_view -> tensor<2xf16> as tensor<2xf32>
    %1 = hal.tensor.export %0 : tensor<2xf32> -> !hal.buffer_view
    util.return %1 : !hal.buffer_view
  }
}
