// Self-checking tests of IREE's flow ops as IREE writes them around
// dispatches: run with
//   ref-run --check tests/e2e/flow_ops.mlir
// Every expected value below was derived by hand; the comment above each
// function shows the derivation.
//
// flow.dispatch.region: the body runs once (it may use values from above)
// and its `flow.return` operands are the results; dynamic result dims are
// written `tensor<?xf32>{%d}`; the optional `count(...)` region only computes
// IREE's workgroup count and is not run. flow.tensor.tie_shape returns its
// operand. flow.tensor.bitcast reads the bytes of its source (row-major,
// little-endian, as IREE's buffers hold them) as the result type.

//===----------------------------------------------------------------------===//
// flow.dispatch.region
//===----------------------------------------------------------------------===//

// A scatter fused into a dispatch region, as IREE's dispatch formation writes
// it: original [0, 0, 0, 0, 0, 0, 0, 0], updates [5, 6, 7] at [1, 4, 6],
// combiner "take the update" -> [0, 5, 0, 0, 6, 0, 7, 0].
func.func @dispatch_region_scatter() {
  %orig = util.unfoldable_constant dense<0> : tensor<8xi32>
  %upd = util.unfoldable_constant dense<[5, 6, 7]> : tensor<3xi32>
  %idx = util.unfoldable_constant dense<[[1], [4], [6]]> : tensor<3x1xi32>
  %0 = flow.dispatch.region -> (tensor<8xi32>) {
    %1 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
        ins(%upd, %idx : tensor<3xi32>, tensor<3x1xi32>) outs(%orig : tensor<8xi32>) {
    ^bb0(%u: i32, %c: i32):
      iree_linalg_ext.yield %u : i32
    } -> tensor<8xi32>
    flow.return %1 : tensor<8xi32>
  }
  check.expect_eq_const(%0, dense<[0, 5, 0, 0, 6, 0, 7, 0]> : tensor<8xi32>) : tensor<8xi32>
  return
}

// A dynamic result: x = [1.5, -2, 4] as tensor<?xf32> (d = 3); the region
// returns x + x = [3, -4, 8] with its dim {%d}; tie_shape hands it on.
func.func @dispatch_region_dynamic() {
  %x = flow.tensor.dynamic_constant dense<[1.5, -2.0, 4.0]> : tensor<3xf32> -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %0 = flow.dispatch.region -> (tensor<?xf32>{%d}) {
    %1 = arith.addf %x, %x : tensor<?xf32>
    flow.return %1 : tensor<?xf32>
  }
  %t = flow.tensor.tie_shape %0 : tensor<?xf32>{%d}
  %want = flow.tensor.dynamic_constant dense<[3.0, -4.0, 8.0]> : tensor<3xf32> -> tensor<?xf32>
  check.expect_eq(%t, %want) : tensor<?xf32>
  %s = tensor.cast %t : tensor<?xf32> to tensor<3xf32>
  check.expect_eq_const(%s, dense<[3.0, -4.0, 8.0]> : tensor<3xf32>) : tensor<3xf32>
  return
}

// Two results (one with a dynamic dim), a workload and a workgroup count
// region. m = [[1, 2, 3, 4], [5, 6, 7, 8]] as tensor<?x4xi32> (d = 2):
//   result 0: m + m = [[2, 4, 6, 8], [10, 12, 14, 16]]
//   result 1: column sums = [1+5, 2+6, 3+7, 4+8] = [6, 8, 10, 12]
// The count region divides by zero: it would be a finding if it ran.
func.func @dispatch_region_workload_count() {
  %m = flow.tensor.dynamic_constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32> -> tensor<?x4xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = tensor.dim %m, %c0 : tensor<?x4xi32>
  %0:2 = flow.dispatch.region[%d, %c4] -> (tensor<?x4xi32>{%d}, tensor<4xi32>) {
    %twice = arith.addi %m, %m : tensor<?x4xi32>
    %zero = arith.constant 0 : i32
    %e = tensor.empty() : tensor<4xi32>
    %init = linalg.fill ins(%zero : i32) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    %sum = linalg.reduce ins(%m : tensor<?x4xi32>) outs(%init : tensor<4xi32>) dimensions = [0]
      (%in: i32, %acc: i32) {
        %a = arith.addi %in, %acc : i32
        linalg.yield %a : i32
      }
    flow.return %twice, %sum : tensor<?x4xi32>, tensor<4xi32>
  } count(%w0: index, %w1: index) -> (index, index, index) {
    %z = arith.constant 0 : index
    %x = arith.divui %w0, %z : index
    %one = arith.constant 1 : index
    flow.return %x, %w1, %one : index, index, index
  }
  %r0 = tensor.cast %0#0 : tensor<?x4xi32> to tensor<2x4xi32>
  check.expect_eq_const(%r0, dense<[[2, 4, 6, 8], [10, 12, 14, 16]]> : tensor<2x4xi32>) : tensor<2x4xi32>
  check.expect_eq_const(%0#1, dense<[6, 8, 10, 12]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// A body with a loop, returning a value from above unchanged next to one it
// computes: v = [1, 2], acc = 0 + v + v + v = [3, 6].
func.func @dispatch_region_loop_and_capture() {
  %v = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %0:2 = flow.dispatch.region -> (tensor<2xi32>, tensor<2xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant dense<0> : tensor<2xi32>
    %acc = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %zero) -> (tensor<2xi32>) {
      %n = arith.addi %a, %v : tensor<2xi32>
      scf.yield %n : tensor<2xi32>
    }
    flow.return %acc, %v : tensor<2xi32>, tensor<2xi32>
  }
  check.expect_eq_const(%0#0, dense<[3, 6]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%0#1, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Regions without results, in the explicit form and in the form IREE's
// printer writes (the empty `flow.return` left out), then nested regions:
// the inner one returns 7 - 2 = 5 in a tensor<1xi32>, the outer one hands it
// on.
func.func @dispatch_region_empty_and_nested() {
  flow.dispatch.region -> () {
    flow.return
  }
  flow.dispatch.region -> () {
  }
  %a = util.unfoldable_constant dense<[7]> : tensor<1xi32>
  %b = util.unfoldable_constant dense<[2]> : tensor<1xi32>
  %0 = flow.dispatch.region -> (tensor<1xi32>) {
    %1 = flow.dispatch.region -> (tensor<1xi32>) {
      %2 = arith.subi %a, %b : tensor<1xi32>
      flow.return %2 : tensor<1xi32>
    }
    flow.return %1 : tensor<1xi32>
  }
  check.expect_eq_const(%0, dense<[5]> : tensor<1xi32>) : tensor<1xi32>
  return
}

//===----------------------------------------------------------------------===//
// flow.tensor.tie_shape
//===----------------------------------------------------------------------===//

// Two dynamic dims {2, 3}: the operand comes back unchanged.
func.func @tie_shape_2d() {
  %x = flow.tensor.dynamic_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xi32>
  %t = flow.tensor.tie_shape %x : tensor<?x?xi32>{%d0, %d1}
  check.expect_eq(%t, %x) : tensor<?x?xi32>
  return
}

//===----------------------------------------------------------------------===//
// flow.tensor.bitcast
//===----------------------------------------------------------------------===//

// f32 -> i32, same shape: 1.0 = 0x3F800000 = 1065353216,
// -2.0 = 0xC0000000 = -1073741824, 0.5 = 0x3F000000 = 1056964608.
func.func @bitcast_f32_to_i32() {
  %x = util.unfoldable_constant dense<[1.0, -2.0, 0.5]> : tensor<3xf32>
  %r = flow.tensor.bitcast %x : tensor<3xf32> -> tensor<3xi32>
  check.expect_eq_const(%r, dense<[1065353216, -1073741824, 1056964608]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// i32 -> i8, 2 elements of 4 bytes -> 8 bytes, little-endian:
// 0x01020304 = 16909060 -> [4, 3, 2, 1]; -1 = 0xFFFFFFFF -> [-1, -1, -1, -1].
func.func @bitcast_i32_to_i8() {
  %x = util.unfoldable_constant dense<[16909060, -1]> : tensor<2xi32>
  %r = flow.tensor.bitcast %x : tensor<2xi32> -> tensor<8xi8>
  check.expect_eq_const(%r, dense<[4, 3, 2, 1, -1, -1, -1, -1]> : tensor<8xi8>) : tensor<8xi8>
  return
}

// i8 (2x2, row-major bytes 1, 2, 3, 0x80) -> i16 (2):
// [0x0201 = 513, 0x8003 = 32771 - 65536 = -32765].
func.func @bitcast_i8_to_i16_2d() {
  %x = util.unfoldable_constant dense<[[1, 2], [3, -128]]> : tensor<2x2xi8>
  %r = flow.tensor.bitcast %x : tensor<2x2xi8> -> tensor<2xi16>
  check.expect_eq_const(%r, dense<[513, -32765]> : tensor<2xi16>) : tensor<2xi16>
  return
}

// f16 -> bf16, same width: f16 1.0 = 0x3C00; as bf16 0x3C00 has exponent
// 0x78 = 120, i.e. 2^(120 - 127) = 0.0078125; f16 -2.0 = 0xC000 is bf16 -2.0.
func.func @bitcast_f16_to_bf16() {
  %x = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xf16>
  %r = flow.tensor.bitcast %x : tensor<2xf16> -> tensor<2xbf16>
  check.expect_eq_const(%r, dense<[0.0078125, -2.0]> : tensor<2xbf16>) : tensor<2xbf16>
  return
}

// Dynamic dims on both sides: i16 [1, 1, -1, 0x7FFF] (d = 4) -> i32 (d / 2 =
// 2): [0x00010001 = 65537, 0x7FFFFFFF = 2147483647]; then back to i16.
func.func @bitcast_dynamic() {
  %x = flow.tensor.dynamic_constant dense<[1, 1, -1, 32767]> : tensor<4xi16> -> tensor<?xi16>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?xi16>
  %h = arith.divui %d, %c2 : index
  %r = flow.tensor.bitcast %x : tensor<?xi16>{%d} -> tensor<?xi32>{%h}
  %s = tensor.cast %r : tensor<?xi32> to tensor<2xi32>
  check.expect_eq_const(%s, dense<[65537, 2147483647]> : tensor<2xi32>) : tensor<2xi32>
  %back = flow.tensor.bitcast %r : tensor<?xi32>{%h} -> tensor<?xi16>{%d}
  check.expect_eq(%back, %x) : tensor<?xi16>
  return
}

//===----------------------------------------------------------------------===//
// flow.tensor.constant and flow.tensor.reshape (IREE's StableHLO lowering
// writes them for constants it keeps unfolded and for the dynamic shapes of
// tests/e2e/regression/stablehlo)
//===----------------------------------------------------------------------===//

// The value, with its own static type: [[1, 2, 3], [4, 5, 6]]; row 1 read
// back element by element is 4, 5, 6.
func.func @tensor_constant() {
  %c = flow.tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  check.expect_eq_const(%c, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tensor.extract %c[%c1, %c2] : tensor<2x3xi32>
  %six = arith.constant 6 : i32
  %ok = arith.cmpi eq, %e, %six : i32
  check.expect_true(%ok) : i1
  return
}

// A splat and a float value: 2x2 of -0.5 plus [[1, 2], [3, 4]] = [[0.5, 1.5],
// [2.5, 3.5]] (all exact in f32).
func.func @tensor_constant_splat_float() {
  %s = flow.tensor.constant dense<-0.5> : tensor<2x2xf32>
  %v = flow.tensor.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %r = arith.addf %s, %v : tensor<2x2xf32>
  check.expect_eq_const(%r, dense<[[0.5, 1.5], [2.5, 3.5]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

// As the StableHLO lowering writes a dynamic input: the constant reshaped
// to tensor<?x3xi32>{2} keeps its row-major contents; tensor.dim reads 2;
// reshaped again to tensor<?xi32>{6} it is 1, 2, 3, 4, 5, 6; and to the
// static 3x2 [[1, 2], [3, 4], [5, 6]].
func.func @tensor_reshape_dynamic() {
  %c = flow.tensor.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %c0 = arith.constant 0 : index
  %d0 = util.unfoldable_constant 2 : index
  %r = flow.tensor.reshape %c : tensor<2x3xi32> -> tensor<?x3xi32>{%d0}
  %dim = tensor.dim %r, %c0 : tensor<?x3xi32>
  %dimi = arith.index_cast %dim : index to i32
  %two = arith.constant 2 : i32
  %ok = arith.cmpi eq, %dimi, %two : i32
  check.expect_true(%ok) : i1
  %d6 = arith.muli %dim, %dim : index
  %c2 = arith.constant 2 : index
  %d = arith.addi %d6, %c2 : index
  %flat = flow.tensor.reshape %r : tensor<?x3xi32>{%d0} -> tensor<?xi32>{%d}
  %fs = tensor.cast %flat : tensor<?xi32> to tensor<6xi32>
  check.expect_eq_const(%fs, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>) : tensor<6xi32>
  %t = flow.tensor.reshape %flat : tensor<?xi32>{%d} -> tensor<3x2xi32>
  check.expect_eq_const(%t, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}
