// TOSA check functions of our own (not IREE's), lowered by
// tests/iree/frontend_suites_test.py with the IREE in .venv
// (iree-compile --compile-to=input --iree-input-type=tosa) and judged with
// ref-run --check: the lowered module keeps its #tosa.target_env, and each
// op below lowers to a form IREE's tests/e2e/tosa_ops suite exercises.
// Expected values derived by hand.

// Leading zeros of 65535 (bits 0-15) -> 16, 2 -> 30, -1 -> 0,
// 0x00800000 (bit 23) -> 8.
func.func @clz() {
  %0 = util.unfoldable_constant dense<[65535, 2, -1, 8388608]> : tensor<4xi32>
  %r = tosa.clz %0 : (tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[16, 30, 0, 8]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// tosa.mul with shift 2 rounds: (a * b + (1 << 1)) >> 2, arithmetic shift.
// a * b = [21, -21, 50, 3]; + 2 = [23, -19, 52, 5]; >> 2 = [5, -5, 13, 1]
// (-19 >> 2 = floor(-4.75) = -5).
func.func @mul_shift() {
  %a = util.unfoldable_constant dense<[7, -7, 10, 3]> : tensor<4xi32>
  %b = util.unfoldable_constant dense<[3, 3, 5, 1]> : tensor<4xi32>
  %shift = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
  %r = tosa.mul %a, %b, %shift : (tensor<4xi32>, tensor<4xi32>, tensor<1xi8>) -> tensor<4xi32>
  check.expect_eq_const(%r, dense<[5, -5, 13, 1]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// An i8 table: out = table[in + 128], table[j] = trunc_i8(2 * j).
// in = [-128, -1, 0, 5, 127] -> j = [0, 127, 128, 133, 255]
// -> 2j = [0, 254, 256, 266, 510] -> i8: [0, -2, 0, 10, -2].
func.func @table_i8() {
  %in = util.unfoldable_constant dense<[-128, -1, 0, 5, 127]> : tensor<5xi8>
  %init = tensor.empty() : tensor<256xi8>
  %table = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      outs(%init : tensor<256xi8>) {
  ^bb0(%o: i8):
    %i = linalg.index 0 : index
    %c2 = arith.constant 2 : index
    %j = arith.muli %i, %c2 : index
    %v = arith.index_cast %j : index to i8
    linalg.yield %v : i8
  } -> tensor<256xi8>
  %r = tosa.table %in, %table : (tensor<5xi8>, tensor<256xi8>) -> tensor<5xi8>
  check.expect_eq_const(%r, dense<[0, -2, 0, 10, -2]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i = 1; while (i < 20) i = 3 * i: 1, 3, 9, 27 -> 27.
func.func @while_loop() {
  %0 = util.unfoldable_constant dense<1> : tensor<i32>
  %1 = tosa.while_loop (%arg0 = %0) : (tensor<i32>) -> tensor<i32> {
    %2 = "tosa.const"() <{values = dense<20> : tensor<i32>}> : () -> tensor<i32>
    %3 = tosa.greater %2, %arg0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    tosa.yield %3 : tensor<i1>
  } do {
  ^bb0(%arg0: tensor<i32>):
    %2 = "tosa.const"() <{values = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %s = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = tosa.mul %arg0, %2, %s : (tensor<i32>, tensor<i32>, tensor<1xi8>) -> tensor<i32>
    tosa.yield %3 : tensor<i32>
  }
  check.expect_eq_const(%1, dense<27> : tensor<i32>) : tensor<i32>
  return
}
