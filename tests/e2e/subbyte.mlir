// Self-checking tests of the sub-byte integers i2 and i4 and of IREE's
// packed storage: run with
//   ref-run --check tests/e2e/subbyte.mlir
// Every expected value was derived by hand. IREE packs i2, i4 and f4E2M1FN
// (and i1 under #iree_encoding.packed_storage) in its buffers, element i in
// bits [i*w, (i+1)*w) of the little-endian bit stream: the first element in
// the low bits of the first byte. flow.tensor.bitcast sees that layout.

// i4 wraps at 4 bits: 7 + 1 = -8; 3 * 3 = 9 = -7; -8 - 1 = 7.
func.func @i4_wrapping_arith() {
  %a = util.unfoldable_constant dense<[7, 3, -8]> : tensor<3xi4>
  %b = util.unfoldable_constant dense<[1, 3, 1]> : tensor<3xi4>
  %s = arith.addi %a, %b : tensor<3xi4>
  check.expect_eq_const(%s, dense<[-8, 6, -7]> : tensor<3xi4>) : tensor<3xi4>
  %m = arith.muli %a, %b : tensor<3xi4>
  check.expect_eq_const(%m, dense<[7, -7, -8]> : tensor<3xi4>) : tensor<3xi4>
  %d = arith.subi %a, %b : tensor<3xi4>
  check.expect_eq_const(%d, dense<[6, 0, 7]> : tensor<3xi4>) : tensor<3xi4>
  return
}

// Extensions of 0xF (-1 as i4): extsi -> -1, extui -> 15; trunci of 18
// (0b1_0010) to i4 -> 2; cmpi slt on i4 is signed: -8 < 7.
func.func @i4_casts_and_compare() {
  %a = util.unfoldable_constant dense<[-1]> : tensor<1xi4>
  %s = arith.extsi %a : tensor<1xi4> to tensor<1xi8>
  %u = arith.extui %a : tensor<1xi4> to tensor<1xi8>
  check.expect_eq_const(%s, dense<[-1]> : tensor<1xi8>) : tensor<1xi8>
  check.expect_eq_const(%u, dense<[15]> : tensor<1xi8>) : tensor<1xi8>
  %w = util.unfoldable_constant dense<[18]> : tensor<1xi32>
  %t = arith.trunci %w : tensor<1xi32> to tensor<1xi4>
  check.expect_eq_const(%t, dense<[2]> : tensor<1xi4>) : tensor<1xi4>
  %x = util.unfoldable_constant dense<[-8]> : tensor<1xi4>
  %y = util.unfoldable_constant dense<[7]> : tensor<1xi4>
  %c = arith.cmpi slt, %x, %y : tensor<1xi4>
  check.expect_eq_const(%c, dense<[true]> : tensor<1xi1>) : tensor<1xi1>
  return
}

// i2 holds -2..1: -2 + -1 = -3, which wraps to 1; 1 + 1 = 2 wraps to -2.
func.func @i2_wrapping_add() {
  %a = util.unfoldable_constant dense<[-2, 1]> : tensor<2xi2>
  %b = util.unfoldable_constant dense<[-1, 1]> : tensor<2xi2>
  %s = arith.addi %a, %b : tensor<2xi2>
  check.expect_eq_const(%s, dense<[1, -2]> : tensor<2xi2>) : tensor<2xi2>
  return
}

// Bytes [0x21, 0x43] as 4xi4: low nibble first -> [1, 2, 3, 4].
func.func @bitcast_i8_to_i4() {
  %x = util.unfoldable_constant dense<[33, 67]> : tensor<2xi8>
  %y = flow.tensor.bitcast %x : tensor<2xi8> -> tensor<4xi4>
  check.expect_eq_const(%y, dense<[1, 2, 3, 4]> : tensor<4xi4>) : tensor<4xi4>
  return
}

// The byte 0xE4 = 0b11_10_01_00 as 4xi2: [0, 1, 2, 3] read unsigned, i.e.
// [0, 1, -2, -1].
func.func @bitcast_i8_to_i2() {
  %x = util.unfoldable_constant dense<[-28]> : tensor<1xi8>
  %y = flow.tensor.bitcast %x : tensor<1xi8> -> tensor<4xi2>
  check.expect_eq_const(%y, dense<[0, 1, -2, -1]> : tensor<4xi2>) : tensor<4xi2>
  return
}

// 2x2xi4 [[1, -1], [5, -8]] packs row-major into [0xF1, 0x85]
// (= [-15, -123] as i8), and back.
func.func @bitcast_i4_2d_round_trip() {
  %x = util.unfoldable_constant dense<[[1, -1], [5, -8]]> : tensor<2x2xi4>
  %y = flow.tensor.bitcast %x : tensor<2x2xi4> -> tensor<2xi8>
  check.expect_eq_const(%y, dense<[-15, -123]> : tensor<2xi8>) : tensor<2xi8>
  %z = flow.tensor.bitcast %y : tensor<2xi8> -> tensor<2x2xi4>
  check.expect_eq_const(%z, dense<[[1, -1], [5, -8]]> : tensor<2x2xi4>) : tensor<2x2xi4>
  return
}

// Packed i1: bytes [0x01, 0x80] are 16 bits, element 0 the low bit of the
// first byte and element 15 the high bit of the second.
func.func @bitcast_packed_i1() {
  %x = util.unfoldable_constant dense<[1, -128]> : tensor<2xi8>
  %y = flow.tensor.bitcast %x : tensor<2xi8> -> tensor<16xi1, #iree_encoding.packed_storage>
  %e = tensor.empty() : tensor<16xi8>
  %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%y : tensor<16xi1, #iree_encoding.packed_storage>) outs(%e : tensor<16xi8>) {
  ^bb0(%in: i1, %out: i8):
    %w = arith.extui %in : i1 to i8
    linalg.yield %w : i8
  } -> tensor<16xi8>
  check.expect_eq_const(%z, dense<[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]> : tensor<16xi8>) : tensor<16xi8>
  return
}

// f4E2M1FN packs like i4: [1.0, -6.0] = [0x2, 0xF] -> the byte 0xF2 (-14).
func.func @bitcast_f4_to_i8() {
  %x = util.unfoldable_constant dense<[1.0, -6.0]> : tensor<2xf4E2M1FN>
  %y = flow.tensor.bitcast %x : tensor<2xf4E2M1FN> -> tensor<1xi8>
  check.expect_eq_const(%y, dense<[-14]> : tensor<1xi8>) : tensor<1xi8>
  return
}
