// ABI wrappers with `!hal.buffer_view` arguments the program never reads,
// as `iree-compile --compile-to=input` lowers ONNX's CastLike (a type-only
// second input), an ignored `axes` input and Dropout/Identity (the buffer
// view returned as it came). Hand-written in that form.
//
// --print-signatures marks such an argument `"imported": false` (any buffer
// view is valid for it; difftest types it by the given --input) and a result
// that returns an argument as it is `"from_input": K` (its type is that
// input's). An argument the program does use without importing it (only
// hal.buffer_view.dim here) keeps no mark: its type stays unknown.
//
// RUN: %ref-run %s --print-signatures | %python -c "import json,sys; f={x['name']: x for x in json.load(sys.stdin)['functions']}; \
// RUN:   c=f['castlike']; print('castlike', c['inputs'][0]['type'], c['inputs'][1].get('imported'), c['inputs'][1].get('abi'), c['results'][0]['type']); \
// RUN:   d=f['dropout_mask']; print('dropout', d['inputs'][0].get('imported'), d['results'][0].get('from_input'), d['results'][1]['type'], d['results'][1].get('from_input')); \
// RUN:   s=f['swap']; print('swap', [i.get('imported') for i in s['inputs']], [r.get('from_input') for r in s['results']]); \
// RUN:   u=f['dim_only']; print('dim_only', u['inputs'][0]['type'], 'imported' in u['inputs'][0], 'abi' in u['inputs'][0], u['inputs'][0]['tensor'])" \
// RUN:   | FileCheck %s --check-prefix=SIG
// SIG: castlike tensor<2x2xf32> False buffer_view tensor<2x2xf16>
// SIG: dropout False 0 tensor<3xi1> None
// SIG: swap [False, False] [1, 0]
// SIG: dim_only !hal.buffer_view False False False
//
// The unread argument takes any value: f32 data truncated to f16 (1.5, -2,
// 0.25 and 1024 are exact in f16) whatever the second buffer view holds.
// RUN: %ref-run %s --function=castlike --input="2x2xf32=1.5 -2 0.25 1024" --input="3xi8=1 2 3" | FileCheck %s --check-prefix=CAST
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/like.npy', np.zeros((1,), np.float16)); np.array([0x3f80, 0x4000], np.uint16).tofile('%t/like.bin')"
// RUN: %ref-run %s --function=castlike --input="2x2xf32=1.5 -2 0.25 1024" --input=@%t/like.npy | FileCheck %s --check-prefix=CAST
// RUN: %ref-run %s --function=castlike --input="2x2xf32=1.5 -2 0.25 1024" --input=2xbf16=@%t/like.bin | FileCheck %s --check-prefix=CAST
// CAST: result[0]: hal.buffer_view
// CAST-NEXT: 2x2xf16=[1.5 -2][0.25 1024]
//
// A returned argument comes back as it was given, of its own type; the mask
// is the constant [1 1 1].
// RUN: %ref-run %s --function=dropout_mask --input="2xi32=7 -7" | FileCheck %s --check-prefix=DROP
// DROP: result[0]: hal.buffer_view
// DROP-NEXT: 2xi32=7 -7
// DROP: result[1]: hal.buffer_view
// DROP-NEXT: 3xi1=01 01 01
// RUN: %ref-run %s --function=swap --input="1xf32=0.5" --input="2xi8=3 4" | FileCheck %s --check-prefix=SWAP
// SWAP: result[0]: hal.buffer_view
// SWAP-NEXT: 2xi8=3 4
// SWAP: result[1]: hal.buffer_view
// SWAP-NEXT: 1xf32=0.5
//
// The used argument's dimension: 5.
// RUN: %ref-run %s --function=dim_only --input="5xf32=1 2 3 4 5" | FileCheck %s --check-prefix=DIM
// DIM: 1xi64=5

module {
  // ONNX CastLike(x, like): only `like`'s element type matters, and the
  // importer folds it into the program: %arg1 is never imported.
  util.func public @castlike$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %0 = hal.tensor.import wait(%arg2) => %arg0 : !hal.buffer_view -> tensor<2x2xf32>
    %1 = tensor.empty() : tensor<2x2xf16>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<2x2xf32>) outs(%1 : tensor<2x2xf16>) {
    ^bb0(%in: f32, %out: f16):
      %5 = arith.truncf %in : f32 to f16
      linalg.yield %5 : f16
    } -> tensor<2x2xf16>
    %3 = hal.tensor.barrier join(%2 : tensor<2x2xf16>) => %arg3 : !hal.fence
    %4 = hal.tensor.export %3 : tensor<2x2xf16> -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
  util.func public @castlike(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1 = util.call @castlike$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> !hal.buffer_view
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1 : !hal.buffer_view
  }

  // ONNX Dropout in inference with its mask output: the data is returned as
  // it came, the mask is all true.
  util.func public @dropout_mask$async(%arg0: !hal.buffer_view, %arg1: !hal.fence, %arg2: !hal.fence) -> (!hal.buffer_view, !hal.buffer_view) attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    %cst = arith.constant dense<true> : tensor<3xi1>
    %0 = hal.tensor.barrier join(%cst : tensor<3xi1>) => %arg2 : !hal.fence
    %1 = hal.tensor.export %0 : tensor<3xi1> -> !hal.buffer_view
    util.return %arg0, %1 : !hal.buffer_view, !hal.buffer_view
  }
  util.func public @dropout_mask(%arg0: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1:2 = util.call @dropout_mask$async(%arg0, %0, %fence) : (!hal.buffer_view, !hal.fence, !hal.fence) -> (!hal.buffer_view, !hal.buffer_view)
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1#0, %1#1 : !hal.buffer_view, !hal.buffer_view
  }

  // Two pass-throughs, crossed: result 0 is argument 1 and result 1 is
  // argument 0 (through the call's operand order).
  util.func public @swap$async(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.fence, %arg3: !hal.fence) -> (!hal.buffer_view, !hal.buffer_view) attributes {inlining_policy = #util.inline.never, iree.abi.model = "coarse-fences", iree.abi.stub} {
    hal.fence.signal<%arg3 : !hal.fence>
    util.return %arg1, %arg0 : !hal.buffer_view, !hal.buffer_view
  }
  util.func public @swap(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub} {
    %0 = util.null : !hal.fence
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %device_0 = hal.devices.get %c0 : !hal.device
    %fence = hal.fence.create device(%device_0 : !hal.device) flags("None") : !hal.fence
    %1:2 = util.call @swap$async(%arg0, %arg1, %0, %fence) : (!hal.buffer_view, !hal.buffer_view, !hal.fence, !hal.fence) -> (!hal.buffer_view, !hal.buffer_view)
    %status = hal.fence.await until([%fence]) timeout_millis(%c-1_i32) flags("None") : i32
    util.return %1#0, %1#1 : !hal.buffer_view, !hal.buffer_view
  }

  // A buffer view read without an import (its dimension only): a use, so
  // its tensor type is unknown and difftest keeps refusing it.
  util.func public @dim_only(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub} {
    %n = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %i = arith.index_cast %n : index to i64
    %t = tensor.from_elements %i : tensor<1xi64>
    %r = hal.tensor.export %t : tensor<1xi64> -> !hal.buffer_view
    util.return %r : !hal.buffer_view
  }
}
