// Programs in the form IREE's ONNX frontend lowers to (`iree-compile
// --compile-to=input`): a public `$async` function in the coarse-fences ABI
// (buffer views imported after `wait(%fence)`, results joined by
// `hal.tensor.barrier` into the signal fence, then exported) and a
// synchronous wrapper that creates the fence, calls it and awaits it.
// ref-run calls the wrapper like iree-run-module: each --input becomes a
// buffer view of the input's own element type. Hand-written; every expected
// value is derived by hand in the comments (and checked by numpy for .npy).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([250, 3, 128, 0], dtype=np.uint8)); np.save('%t/b.npy', np.array([10, 4, 128, 255], dtype=np.uint8))"
// RUN: %ref-run %s --function=add_u8 --input=@%t/a.npy --input=@%t/b.npy --output=@%t/r.npy
// RUN: %python -c "import numpy as np; r=np.load('%t/r.npy'); assert r.dtype==np.int8, r.dtype; assert list(r.view(np.uint8))==[4, 7, 0, 255], r; print('u8 ok')" | FileCheck %s --check-prefix=U8
// U8: u8 ok
//
// RUN: %ref-run %s --function=greater_and_max --input="2x2xf32=1.5 -2 0.25 8" --input="2x2xf32=1 -1 0.25 -8" | FileCheck %s --check-prefix=TWO
// (i1 prints as IREE formats a BOOL byte: two hex digits.)
// TWO: EXEC @greater_and_max
// TWO: result[0]: hal.buffer_view
// TWO-NEXT: 2x2xi1=[01 00][00 01]
// TWO: result[1]: hal.buffer_view
// TWO-NEXT: 2x2xf32=[1.5 -1][0.25 8]
//
// RUN: %ref-run %s --function=row_sums --input="3x2xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=DYN
// DYN: result[0]: hal.buffer_view
// DYN-NEXT: 3xf32=3 7 11
//
// RUN: %ref-run %s --function=identity --input="2xi32=7 -7" | FileCheck %s --check-prefix=ID
// ID: 2xi32=7 -7
//
// A buffer of another element type fails IREE's import check.
// RUN: %expect-exit 2 %ref-run %s --function=row_sums --input="3x2xi32=1 2 3 4 5 6" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: tensor element type mismatch; expected 0x21000020 but have 0x10000020

module {
  // ONNX Add on uint8: the import reads the buffer as signless i8, addi
  // wraps: 250+10 = 260 = 4 (mod 256), 3+4 = 7, 128+128 = 256 = 0,
  // 0+255 = 255.
  util.func public @add_u8$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %0 = hal.tensor.import wait(%arg2) => %arg0 : !hal.buffer_view -> tensor<4xi8>
    %1 = hal.tensor.import wait(%arg2) => %arg1 : !hal.buffer_view -> tensor<4xi8>
    %2 = tensor.empty() : tensor<4xi8>
    %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0, %1 : tensor<4xi8>, tensor<4xi8>) outs(%2 : tensor<4xi8>) {
    ^bb0(%in: i8, %in_0: i8, %out: i8):
      %6 = arith.addi %in, %in_0 : i8
      linalg.yield %6 : i8
    } -> tensor<4xi8>
    %4 = hal.tensor.barrier join(%3 : tensor<4xi8>) => %arg3 : !hal.fence
    %5 = hal.tensor.export %4 : tensor<4xi8> -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
  util.func public @add_u8(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @add_u8$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }

  // Two results joined by one barrier: a > b elementwise (1.5 > 1, -2 > -1
  // no, 0.25 > 0.25 no, 8 > -8) and max(a, b) = [1.5 -1][0.25 8].
  util.func public @greater_and_max$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> (!hal.buffer_view, !hal.buffer_view) attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %0 = hal.tensor.import wait(%arg2) => %arg0 : !hal.buffer_view -> tensor<2x2xf32>
    %1 = hal.tensor.import wait(%arg2) => %arg1 : !hal.buffer_view -> tensor<2x2xf32>
    %e0 = tensor.empty() : tensor<2x2xi1>
    %e1 = tensor.empty() : tensor<2x2xf32>
    %2:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0, %1 : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e0, %e1 : tensor<2x2xi1>, tensor<2x2xf32>) {
    ^bb0(%a: f32, %b: f32, %o0: i1, %o1: f32):
      %gt = arith.cmpf ogt, %a, %b : f32
      %mx = arith.maximumf %a, %b : f32
      linalg.yield %gt, %mx : i1, f32
    } -> (tensor<2x2xi1>, tensor<2x2xf32>)
    %3:2 = hal.tensor.barrier join(%2#0, %2#1 : tensor<2x2xi1>, tensor<2x2xf32>) => %arg3 : !hal.fence
    %4 = hal.tensor.export %3#0 : tensor<2x2xi1> -> !hal.buffer_view
    %5 = hal.tensor.export %3#1 : tensor<2x2xf32> -> !hal.buffer_view
    util.return %4, %5 : !hal.buffer_view, !hal.buffer_view
  }
  util.func public @greater_and_max(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1:2 = util.call @greater_and_max$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> (!hal.buffer_view, !hal.buffer_view)
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1#0, %1#1 : !hal.buffer_view, !hal.buffer_view
  }

  // A dynamic dimension read from the buffer view: the sums of the rows of
  // [[1 2][3 4][5 6]] are 3, 7, 11 (exact in f32).
  util.func public @row_sums$async(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %n = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %0 = hal.tensor.import wait(%arg1) => %arg0 : !hal.buffer_view -> tensor<?x2xf32>{%n}
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<?x2xf32>) outs(%f : tensor<?xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %a = arith.addf %acc, %in : f32
      linalg.yield %a : f32
    } -> tensor<?xf32>
    %b = hal.tensor.barrier join(%s : tensor<?xf32>) => %arg2 : !hal.fence
    %r = hal.tensor.export %b : tensor<?xf32>{%n} -> !hal.buffer_view
    util.return %r : !hal.buffer_view
  }
  util.func public @row_sums(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %joined = hal.fence.join at([%fence]) flags("None") -> !hal.fence
    %1 = util.call @row_sums$async(%arg0, %0, %joined) : (!hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%joined]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }

  // ONNX Identity (and Dropout in inference): the buffer view is returned
  // as it came, the signal fence signalled explicitly.
  util.func public @identity$async(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    hal.fence.signal<%arg2 : !hal.fence>
    util.return %arg0 : !hal.buffer_view
  }
  util.func public @identity(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @identity$async(%arg0, %0, %fence) : (!hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }
}
