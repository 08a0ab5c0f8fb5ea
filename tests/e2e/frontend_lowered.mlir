// Self-checking tests in the form IREE's TOSA and StableHLO input lowering
// prints programs (`iree-compile --compile-to=input`, IREE 3.13): a module
// that keeps its `#tosa.target_env` attribute, `util.func`s whose inputs go
// through `util.optimization_barrier` (what `util.unfoldable_constant`
// becomes), `flow.tensor.constant`, and the linalg forms the lowering emits
// for ops of IREE's tests/e2e/stablehlo_ops and tosa_ops suites (clz,
// exponential_minus_one, convolution with a feature group count, reduce_window
// min). Run with
//   ref-run --check tests/e2e/frontend_lowered.mlir
// scripts/iree-e2e-frontend.sh runs IREE's own files this way. Every
// expected value was derived by hand; the comment above each function shows
// the derivation.
// The module's globals: #util.byte_pattern<N> fills every storage byte with
// N mod 256 (placeholder weights, as in IREE's mnist_fake_weights.mlir).
module attributes {tosa.target_env = #tosa.target_env<specification_version = "1.0", level = none, profiles = [pro_int, pro_fp], extensions = [dynamic, doubleround]>} {

  // 0x01 bytes: i32 0x01010101 = 16843009; i16 with 258 mod 256 = 2:
  // 0x0202 = 514; i8 with -1: 0xFF = -1; f32 0x01010101 = 1.0 * 2^-125 *
  // (1 + 0x010101 / 2^23) = 2.36942782e-38, compared bit for bit through
  // an i32 bitcast (16843009).
  util.global private @w32 = #util.byte_pattern<1> : tensor<2x2xi32>
  util.global private @w16 = #util.byte_pattern<258> : tensor<3xi16>
  util.global private @w8 = #util.byte_pattern<-1> : tensor<2xi8>
  util.global private @wf = #util.byte_pattern<1> : tensor<2xf32>
  util.func public @byte_pattern_globals() {
    %0 = util.global.load @w32 : tensor<2x2xi32>
    check.expect_eq_const(%0, dense<16843009> : tensor<2x2xi32>) : tensor<2x2xi32>
    %1 = util.global.load @w16 : tensor<3xi16>
    check.expect_eq_const(%1, dense<514> : tensor<3xi16>) : tensor<3xi16>
    %2 = util.global.load @w8 : tensor<2xi8>
    check.expect_eq_const(%2, dense<-1> : tensor<2xi8>) : tensor<2xi8>
    %3 = util.global.load @wf : tensor<2xf32>
    check.expect_almost_eq_const(%3, dense<2.36942782e-38> : tensor<2xf32>, atol 0.0, rtol 1.0e-7) : tensor<2xf32>
    %4 = arith.bitcast %3 : tensor<2xf32> to tensor<2xi32>
    check.expect_eq_const(%4, dense<16843009> : tensor<2xi32>) : tensor<2xi32>
    util.return
  }

  // The same attribute as a constant's value (flow.tensor.constant and
  // util.unfoldable_constant take any typed attribute, as in IREE): 2 in
  // both bytes of an i16 is 0x0202 = 514; 255 in an i8 is -1.
  util.func public @byte_pattern_constants() {
    %0 = flow.tensor.constant #util.byte_pattern<2> : tensor<2x2xi16>
    check.expect_eq_const(%0, dense<514> : tensor<2x2xi16>) : tensor<2x2xi16>
    %1 = util.unfoldable_constant #util.byte_pattern<255> : tensor<3xi8>
    check.expect_eq_const(%1, dense<-1> : tensor<3xi8>) : tensor<3xi8>
    util.return
  }

  // tosa.clz -> math.ctlz in a linalg.generic. Leading zeros of the 32-bit
  // patterns: 0 -> 32 (math.ctlz defines it as the bit width), 1 -> 31,
  // 0xFFFFFFFF -> 0, 16 = bit 4 -> 27, 0x10000 = bit 16 -> 15,
  // 0x7FFFFFFF -> 1.
  util.func public @clz() {
    %cst = arith.constant dense<[32, 31, 0, 27, 15, 1]> : tensor<6xi32>
    %cst_0 = arith.constant dense<[0, 1, -1, 16, 65536, 2147483647]> : tensor<6xi32>
    %0 = util.optimization_barrier %cst_0 : tensor<6xi32>
    %1 = tensor.empty() : tensor<6xi32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0 : tensor<6xi32>) outs(%1 : tensor<6xi32>) {
    ^bb0(%in: i32, %out: i32):
      %3 = math.ctlz %in : i32
      linalg.yield %3 : i32
    } -> tensor<6xi32>
    check.expect_eq(%2, %cst) : tensor<6xi32>
    util.return
  }

  // stablehlo.exponential_minus_one -> math.expm1. expm1(0) = 0,
  // expm1(1) = e - 1 = 1.718281828..., expm1(-1) = 1/e - 1 = -0.632120558...,
  // expm1(1e-7) = 1e-7 + 5e-15 + ... = 1.00000005e-7: accurate where
  // exp(x) - 1 in f32 gives 1.1920929e-7 (relative error 0.19), so the
  // relative tolerance 1e-5 tells the two apart.
  util.func public @expm1() {
    %cst = arith.constant dense<[0.0, 1.71828183, -0.632120559, 1.00000005e-07]> : tensor<4xf32>
    %cst_0 = arith.constant dense<[0.0, 1.0, -1.0, 1.0e-07]> : tensor<4xf32>
    %0 = util.optimization_barrier %cst_0 : tensor<4xf32>
    %1 = tensor.empty() : tensor<4xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%0 : tensor<4xf32>) outs(%1 : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.expm1 %in : f32
      linalg.yield %3 : f32
    } -> tensor<4xf32>
    check.expect_almost_eq(%2, %cst, atol 0.0, rtol 1.0e-05) : tensor<4xf32>
    util.return
  }

  // stablehlo.convolution with feature_group_count = input channels ->
  // linalg.depthwise_conv_2d_nhwc_hwcm. Input 1x3x3x1 = [[1, 2, 3],
  // [4, 5, 6], [7, 8, 9]]; filter 2x2x1x2: multiplier 0 is [[1, 0], [0, 1]]
  // (x[i][j] + x[i+1][j+1]), multiplier 1 is all ones (the 2x2 window sum).
  //   m0: (0,0) 1+5 = 6, (0,1) 2+6 = 8, (1,0) 4+8 = 12, (1,1) 5+9 = 14
  //   m1: (0,0) 1+2+4+5 = 12, (0,1) 16, (1,0) 24, (1,1) 28
  // Output 1x2x2x1x2 [n, oh, ow, c, m].
  util.func public @depthwise_conv_hwcm() {
    %cst = arith.constant dense<[[[[[6, 12]], [[8, 16]]], [[[12, 24]], [[14, 28]]]]]> : tensor<1x2x2x1x2xi32>
    %cst_0 = arith.constant dense<[[[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]]]> : tensor<1x3x3x1xi32>
    %cst_1 = arith.constant dense<[[[[1, 1]], [[0, 1]]], [[[0, 1]], [[1, 1]]]]> : tensor<2x2x1x2xi32>
    %c0_i32 = arith.constant 0 : i32
    %0 = util.optimization_barrier %cst_0 : tensor<1x3x3x1xi32>
    %1 = util.optimization_barrier %cst_1 : tensor<2x2x1x2xi32>
    %2 = tensor.empty() : tensor<1x2x2x1x2xi32>
    %3 = linalg.fill ins(%c0_i32 : i32) outs(%2 : tensor<1x2x2x1x2xi32>) -> tensor<1x2x2x1x2xi32>
    %4 = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%0, %1 : tensor<1x3x3x1xi32>, tensor<2x2x1x2xi32>) outs(%3 : tensor<1x2x2x1x2xi32>) -> tensor<1x2x2x1x2xi32>
    check.expect_eq(%4, %cst) : tensor<1x2x2x1x2xi32>
    util.return
  }

  // stablehlo.reduce_window (min, window 2x3, strides 2x3) ->
  // linalg.pooling_nhwc_min over an init filled with +inf. Input 4x6:
  //   [5, 3, 8, 1, 9, 2]
  //   [7, 4, 6, 0, 5, 3]
  //   [2, 9, 9, 4, 4, 4]
  //   [8, 1, 7, 6, 5, 9]
  // windows: rows 0-1 x cols 0-2 -> 3, rows 0-1 x cols 3-5 -> 0,
  //          rows 2-3 x cols 0-2 -> 1, rows 2-3 x cols 3-5 -> 4.
  util.func public @pooling_min() {
    %cst = flow.tensor.constant dense<[[[[3.0], [0.0]], [[1.0], [4.0]]]]> : tensor<1x2x2x1xf32>
    %cst_0 = arith.constant dense<[[[[5.0], [3.0], [8.0], [1.0], [9.0], [2.0]], [[7.0], [4.0], [6.0], [0.0], [5.0], [3.0]], [[2.0], [9.0], [9.0], [4.0], [4.0], [4.0]], [[8.0], [1.0], [7.0], [6.0], [5.0], [9.0]]]]> : tensor<1x4x6x1xf32>
    %cst_1 = arith.constant 0x7F800000 : f32
    %0 = util.optimization_barrier %cst_0 : tensor<1x4x6x1xf32>
    %1 = tensor.empty() : tensor<2x3xf32>
    %2 = tensor.empty() : tensor<1x2x2x1xf32>
    %3 = linalg.fill ins(%cst_1 : f32) outs(%2 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
    %4 = linalg.pooling_nhwc_min {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 3]> : vector<2xi64>} ins(%0, %1 : tensor<1x4x6x1xf32>, tensor<2x3xf32>) outs(%3 : tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
    check.expect_eq(%4, %cst) : tensor<1x2x2x1xf32>
    util.return
  }

  // A dynamic input as tests/e2e/regression/stablehlo writes one
  // (flow.tensor.constant reshaped to dynamic dims), the abs of
  // [[-1, 2], [-3, 4]] computed on tensor<?x?xf32> = [[1, 2], [3, 4]].
  util.func public @dynamic_abs() {
    %cst = flow.tensor.constant dense<[[-1.0, 2.0], [-3.0, 4.0]]> : tensor<2x2xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = util.optimization_barrier %c1 : index
    %d1 = arith.addi %d0, %c1 : index
    %dd0 = arith.addi %d0, %c1 : index
    %0 = flow.tensor.reshape %cst : tensor<2x2xf32> -> tensor<?x?xf32>{%dd0, %d1}
    %s0 = tensor.dim %0, %c0 : tensor<?x?xf32>
    %s1 = tensor.dim %0, %c1 : tensor<?x?xf32>
    %1 = tensor.empty(%s0, %s1) : tensor<?x?xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%0 : tensor<?x?xf32>) outs(%1 : tensor<?x?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %3 = math.absf %in : f32
      linalg.yield %3 : f32
    } -> tensor<?x?xf32>
    %want = flow.tensor.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %r = tensor.cast %2 : tensor<?x?xf32> to tensor<2x2xf32>
    check.expect_eq(%r, %want) : tensor<2x2xf32>
    util.return
  }
}
