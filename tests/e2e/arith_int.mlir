// Self-checking e2e tests for the integer ops of the `arith` dialect, run with
//   ref-run --check arith_int.mlir
// Every expected value below was derived by hand (the arithmetic is spelled
// out in the comment above each function): integers are two's complement and
// wrap modulo 2^N, `index` is 64 bits wide, i1 `true` is -1 when read signed.
// None of them was produced by running the interpreter.

//===----------------------------------------------------------------------===//
// addi / subi / muli
//===----------------------------------------------------------------------===//

// i8 wraps modulo 256: 127+1 = 128 -> 128-256 = -128; -128+(-1) = -129 -> 127;
// 100+100 = 200 -> 200-256 = -56; -1+1 = 0; 64+63 = 127 (no wrap).
func.func @addi_i8_wrap() {
  %a = util.unfoldable_constant dense<[127, -128, 100, -1, 64]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[1, -1, 100, 1, 63]> : tensor<5xi8>
  %c = arith.addi %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[-128, 127, -56, 0, 127]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i16: 32767+1 = 32768 -> -32768; -32768+(-32768) = -65536 -> 0;
// 30000+30000 = 60000 -> 60000-65536 = -5536; 1000+(-3000) = -2000.
func.func @addi_i16_wrap() {
  %a = util.unfoldable_constant dense<[32767, -32768, 30000, 1000]> : tensor<4xi16>
  %b = util.unfoldable_constant dense<[1, -32768, 30000, -3000]> : tensor<4xi16>
  %c = arith.addi %a, %b : tensor<4xi16>
  check.expect_eq_const(%c, dense<[-32768, 0, -5536, -2000]> : tensor<4xi16>) : tensor<4xi16>
  return
}

// i32: 2147483647+1 = 2^31 -> -2147483648; -2147483648+(-1) -> 2147483647;
// 2000000000+2000000000 = 4000000000 -> 4000000000-4294967296 = -294967296.
// i64: (2^63-1)+1 -> -2^63; -2^63+(-1) -> 2^63-1; 5+(-7) = -2.
func.func @addi_i32_i64_wrap() {
  %a = util.unfoldable_constant dense<[2147483647, -2147483648, 2000000000]> : tensor<3xi32>
  %b = util.unfoldable_constant dense<[1, -1, 2000000000]> : tensor<3xi32>
  %c = arith.addi %a, %b : tensor<3xi32>
  check.expect_eq_const(%c, dense<[-2147483648, 2147483647, -294967296]> : tensor<3xi32>) : tensor<3xi32>
  %x = util.unfoldable_constant dense<[9223372036854775807, -9223372036854775808, 5]> : tensor<3xi64>
  %y = util.unfoldable_constant dense<[1, -1, -7]> : tensor<3xi64>
  %z = arith.addi %x, %y : tensor<3xi64>
  check.expect_eq_const(%z, dense<[-9223372036854775808, 9223372036854775807, -2]> : tensor<3xi64>) : tensor<3xi64>
  return
}

// index is 64 bits: (2^63-1)+1 wraps to -2^63; 4294967295+1 = 4294967296
// (no 32-bit wrap); -5+3 = -2.
func.func @addi_index_wrap() {
  %a = util.unfoldable_constant dense<[9223372036854775807, 4294967295, -5]> : tensor<3xindex>
  %b = util.unfoldable_constant dense<[1, 1, 3]> : tensor<3xindex>
  %c = arith.addi %a, %b : tensor<3xindex>
  check.expect_eq_const(%c, dense<[-9223372036854775808, 4294967296, -2]> : tensor<3xindex>) : tensor<3xindex>
  return
}

// i1 arithmetic is modulo 2: addi and subi are xor, muli is and.
//   a = [1,1,0,0], b = [1,0,1,0]
//   addi: 1+1=2->0, 1+0=1, 0+1=1, 0 -> [0,1,1,0]
//   subi: 1-1=0, 1-0=1, 0-1=-1->1, 0 -> [0,1,1,0]
//   muli: [1,0,0,0]
func.func @addi_subi_muli_i1() {
  %a = util.unfoldable_constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %s = arith.addi %a, %b : tensor<4xi1>
  %d = arith.subi %a, %b : tensor<4xi1>
  %m = arith.muli %a, %b : tensor<4xi1>
  check.expect_eq_const(%s, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%d, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%m, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i8: -128-1 = -129 -> 127; 0-(-128) = 128 -> -128; 5-7 = -2;
// 100-(-100) = 200 -> -56; -100-100 = -200 -> 56.
// i32: -2147483648-1 -> 2147483647; 0-(-2147483648) = 2^31 -> -2147483648.
func.func @subi_wrap() {
  %a = util.unfoldable_constant dense<[-128, 0, 5, 100, -100]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[1, -128, 7, -100, 100]> : tensor<5xi8>
  %c = arith.subi %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[127, -128, -2, -56, 56]> : tensor<5xi8>) : tensor<5xi8>
  %x = util.unfoldable_constant dense<[-2147483648, 0]> : tensor<2xi32>
  %y = util.unfoldable_constant dense<[1, -2147483648]> : tensor<2xi32>
  %z = arith.subi %x, %y : tensor<2xi32>
  check.expect_eq_const(%z, dense<[2147483647, -2147483648]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// i8 muli modulo 256: 16*16 = 256 -> 0; -128*-1 = 128 -> -128;
// 15*17 = 255 -> -1; 12*11 = 132 -> -124; -3*5 = -15.
func.func @muli_i8_wrap() {
  %a = util.unfoldable_constant dense<[16, -128, 15, 12, -3]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[16, -1, 17, 11, 5]> : tensor<5xi8>
  %c = arith.muli %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[0, -128, -1, -124, -15]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i16 muli modulo 65536: 300*300 = 90000 -> 90000-65536 = 24464;
// 256*256 = 65536 -> 0; -32768*-1 = 32768 -> -32768;
// 200*-200 = -40000 -> -40000+65536 = 25536; 181*181 = 32761 (fits).
func.func @muli_i16_overflow() {
  %a = util.unfoldable_constant dense<[300, 256, -32768, 200, 181]> : tensor<5xi16>
  %b = util.unfoldable_constant dense<[300, 256, -1, -200, 181]> : tensor<5xi16>
  %c = arith.muli %a, %b : tensor<5xi16>
  check.expect_eq_const(%c, dense<[24464, 0, -32768, 25536, 32761]> : tensor<5xi16>) : tensor<5xi16>
  return
}

// i32: 65536*65536 = 2^32 -> 0; 65537*65537 = 2^32 + 2*2^16 + 1 -> 131073;
//      2147483647*2 = 2^32-2 -> -2.
// i64: 2^32*2^32 = 2^64 -> 0; (2^63-1)*3 = 2^64 + 2^63 - 3 -> 2^63-3
//      = 9223372036854775805; -4611686018427387904*2 = -2^63 (fits exactly).
func.func @muli_i32_i64_overflow() {
  %a = util.unfoldable_constant dense<[65536, 65537, 2147483647]> : tensor<3xi32>
  %b = util.unfoldable_constant dense<[65536, 65537, 2]> : tensor<3xi32>
  %c = arith.muli %a, %b : tensor<3xi32>
  check.expect_eq_const(%c, dense<[0, 131073, -2]> : tensor<3xi32>) : tensor<3xi32>
  %x = util.unfoldable_constant dense<[4294967296, 9223372036854775807, -4611686018427387904]> : tensor<3xi64>
  %y = util.unfoldable_constant dense<[4294967296, 3, 2]> : tensor<3xi64>
  %z = arith.muli %x, %y : tensor<3xi64>
  check.expect_eq_const(%z, dense<[0, 9223372036854775805, -9223372036854775808]> : tensor<3xi64>) : tensor<3xi64>
  return
}

//===----------------------------------------------------------------------===//
// Division and remainder
//===----------------------------------------------------------------------===//

// divsi truncates toward zero: 7/2 = 3, -7/2 = -3, 7/-2 = -3, -7/-2 = 3,
// 0/5 = 0, -2147483648/2 = -1073741824, 2147483647/-1 = -2147483647.
func.func @divsi_i32() {
  %a = util.unfoldable_constant dense<[7, -7, 7, -7, 0, -2147483648, 2147483647]> : tensor<7xi32>
  %b = util.unfoldable_constant dense<[2, 2, -2, -2, 5, 2, -1]> : tensor<7xi32>
  %c = arith.divsi %a, %b : tensor<7xi32>
  check.expect_eq_const(%c, dense<[3, -3, -3, 3, 0, -1073741824, -2147483647]> : tensor<7xi32>) : tensor<7xi32>
  return
}

// i8 divsi: -128/2 = -64, 127/-1 = -127, -128/127 = -1.007.. -> -1,
// -5/10 = -0.5 -> 0 (truncation, not floor), 100/-7 = -14.28.. -> -14.
// i64: -9223372036854775808/3 = -3074457345618258602.67 -> -3074457345618258602.
func.func @divsi_i8_i64() {
  %a = util.unfoldable_constant dense<[-128, 127, -128, -5, 100]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[2, -1, 127, 10, -7]> : tensor<5xi8>
  %c = arith.divsi %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[-64, -127, -1, 0, -14]> : tensor<5xi8>) : tensor<5xi8>
  %x = util.unfoldable_constant dense<[-9223372036854775808]> : tensor<1xi64>
  %y = util.unfoldable_constant dense<[3]> : tensor<1xi64>
  %z = arith.divsi %x, %y : tensor<1xi64>
  check.expect_eq_const(%z, dense<[-3074457345618258602]> : tensor<1xi64>) : tensor<1xi64>
  return
}

// divui reads the bits as unsigned. i8: -1 = 255, 255/2 = 127;
// -128 = 128, 128/2 = 64; 7/2 = 3; -7 = 249, 249/2 = 124; 255/255 = 1
// (-1 / -1 is 1, no overflow in unsigned); 5/-1 = 5/255 = 0.
// i32: -1 = 4294967295, /3 = 1431655765; -2147483648 = 2^31, /-1 = 2^31/(2^32-1) = 0.
func.func @divui() {
  %a = util.unfoldable_constant dense<[-1, -128, 7, -7, -1, 5]> : tensor<6xi8>
  %b = util.unfoldable_constant dense<[2, 2, 2, 2, -1, -1]> : tensor<6xi8>
  %c = arith.divui %a, %b : tensor<6xi8>
  check.expect_eq_const(%c, dense<[127, 64, 3, 124, 1, 0]> : tensor<6xi8>) : tensor<6xi8>
  %x = util.unfoldable_constant dense<[-1, -2147483648]> : tensor<2xi32>
  %y = util.unfoldable_constant dense<[3, -1]> : tensor<2xi32>
  %z = arith.divui %x, %y : tensor<2xi32>
  check.expect_eq_const(%z, dense<[1431655765, 0]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// remsi takes the sign of the dividend: 7%3 = 1, -7%3 = -1, 7%-3 = 1,
// -7%-3 = -1, 6%3 = 0, -2147483648 % 7: 2147483648 = 306783378*7 + 2 -> -2.
// i8: -128 % 3: 128 = 42*3 + 2 -> -2; 127 % -128 = 127.
func.func @remsi() {
  %a = util.unfoldable_constant dense<[7, -7, 7, -7, 6, -2147483648]> : tensor<6xi32>
  %b = util.unfoldable_constant dense<[3, 3, -3, -3, 3, 7]> : tensor<6xi32>
  %c = arith.remsi %a, %b : tensor<6xi32>
  check.expect_eq_const(%c, dense<[1, -1, 1, -1, 0, -2]> : tensor<6xi32>) : tensor<6xi32>
  %x = util.unfoldable_constant dense<[-128, 127]> : tensor<2xi8>
  %y = util.unfoldable_constant dense<[3, -128]> : tensor<2xi8>
  %z = arith.remsi %x, %y : tensor<2xi8>
  check.expect_eq_const(%z, dense<[-2, 127]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// remui reads the bits as unsigned (i8): -1 = 255, 255%10 = 5;
// -7 = 249 = 83*3, 249%3 = 0; 7%3 = 1; -128 = 128 = 18*7 + 2 -> 2;
// 7 % -1 = 7 % 255 = 7.
func.func @remui() {
  %a = util.unfoldable_constant dense<[-1, -7, 7, -128, 7]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[10, 3, 3, 7, -1]> : tensor<5xi8>
  %c = arith.remui %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[5, 0, 1, 2, 7]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// ceildivsi rounds toward +inf: ceil(7/2) = ceil(3.5) = 4, ceil(-3.5) = -3,
// ceil(7/-2) = -3, ceil(-7/-2) = 4, 6/3 = 2, -6/3 = -2, 0/5 = 0,
// ceil(1/3) = 1, ceil(-1/3) = 0.
func.func @ceildivsi() {
  %a = util.unfoldable_constant dense<[7, -7, 7, -7, 6, -6, 0, 1, -1]> : tensor<9xi32>
  %b = util.unfoldable_constant dense<[2, 2, -2, -2, 3, 3, 5, 3, 3]> : tensor<9xi32>
  %c = arith.ceildivsi %a, %b : tensor<9xi32>
  check.expect_eq_const(%c, dense<[4, -3, -3, 4, 2, -2, 0, 1, 0]> : tensor<9xi32>) : tensor<9xi32>
  return
}

// ceildivui (i8, unsigned): ceil(7/2) = 4; -1 = 255, ceil(255/2) = 128 -> -128
// as i8; 6/3 = 2; 0/7 = 0; -128 = 128, ceil(128/3) = ceil(42.67) = 43.
func.func @ceildivui() {
  %a = util.unfoldable_constant dense<[7, -1, 6, 0, -128]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[2, 2, 3, 7, 3]> : tensor<5xi8>
  %c = arith.ceildivui %a, %b : tensor<5xi8>
  check.expect_eq_const(%c, dense<[4, -128, 2, 0, 43]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// floordivsi rounds toward -inf: floor(3.5) = 3, floor(-3.5) = -4,
// floor(7/-2) = -4, floor(-7/-2) = 3, 6/3 = 2, -6/3 = -2, floor(-1/3) = -1,
// floor(1/-3) = -1, 0/-5 = 0.
// i8: floor(-128/3) = floor(-42.67) = -43; floor(127/-128) = -1.
func.func @floordivsi() {
  %a = util.unfoldable_constant dense<[7, -7, 7, -7, 6, -6, -1, 1, 0]> : tensor<9xi32>
  %b = util.unfoldable_constant dense<[2, 2, -2, -2, 3, 3, 3, -3, -5]> : tensor<9xi32>
  %c = arith.floordivsi %a, %b : tensor<9xi32>
  check.expect_eq_const(%c, dense<[3, -4, -4, 3, 2, -2, -1, -1, 0]> : tensor<9xi32>) : tensor<9xi32>
  %x = util.unfoldable_constant dense<[-128, 127]> : tensor<2xi8>
  %y = util.unfoldable_constant dense<[3, -128]> : tensor<2xi8>
  %z = arith.floordivsi %x, %y : tensor<2xi8>
  check.expect_eq_const(%z, dense<[-43, -1]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// i64 division family with negative operands:
//   a = -9 , b = 4: divsi -2 (trunc -2.25), remsi -1, ceildivsi -2, floordivsi -3
//   a =  9 , b = -4: divsi -2, remsi 1, ceildivsi -2, floordivsi -3
//   divui: -9 = 2^64-9 = 18446744073709551607, /4 = 4611686018427387901 (r 3)
//   remui: 3; ceildivui: 4611686018427387902
//   9 / (2^64-4) unsigned: divui 0, remui 9, ceildivui 1
func.func @division_i64() {
  %a = util.unfoldable_constant dense<[-9, 9]> : tensor<2xi64>
  %b = util.unfoldable_constant dense<[4, -4]> : tensor<2xi64>
  %q = arith.divsi %a, %b : tensor<2xi64>
  %r = arith.remsi %a, %b : tensor<2xi64>
  %cq = arith.ceildivsi %a, %b : tensor<2xi64>
  %fq = arith.floordivsi %a, %b : tensor<2xi64>
  %uq = arith.divui %a, %b : tensor<2xi64>
  %ur = arith.remui %a, %b : tensor<2xi64>
  %ucq = arith.ceildivui %a, %b : tensor<2xi64>
  check.expect_eq_const(%q, dense<[-2, -2]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%r, dense<[-1, 1]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%cq, dense<[-2, -2]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%fq, dense<[-3, -3]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%uq, dense<[4611686018427387901, 0]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%ur, dense<[3, 9]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%ucq, dense<[4611686018427387902, 1]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// i16 division family, a = -32768, b = 7 (32768 = 4681*7 + 1):
//   divsi -4681, remsi -1, ceildivsi -4681, floordivsi -4682;
//   unsigned 32768/7: divui 4681, remui 1, ceildivui 4682.
func.func @division_i16() {
  %a = util.unfoldable_constant dense<[-32768]> : tensor<1xi16>
  %b = util.unfoldable_constant dense<[7]> : tensor<1xi16>
  %q = arith.divsi %a, %b : tensor<1xi16>
  %r = arith.remsi %a, %b : tensor<1xi16>
  %cq = arith.ceildivsi %a, %b : tensor<1xi16>
  %fq = arith.floordivsi %a, %b : tensor<1xi16>
  %uq = arith.divui %a, %b : tensor<1xi16>
  %ur = arith.remui %a, %b : tensor<1xi16>
  %ucq = arith.ceildivui %a, %b : tensor<1xi16>
  check.expect_eq_const(%q, dense<[-4681]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%r, dense<[-1]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%cq, dense<[-4681]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%fq, dense<[-4682]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%uq, dense<[4681]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%ur, dense<[1]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%ucq, dense<[4682]> : tensor<1xi16>) : tensor<1xi16>
  return
}

// index division: -7/2: divsi -3, remsi -1, ceildivsi -3, floordivsi -4;
// 2^40 / 3 = 1099511627776/3 = 366503875925 r 1 -> divsi 366503875925,
// remsi 1, ceildivsi 366503875926, floordivsi 366503875925.
// divui -1 (2^64-1) / 2 = 9223372036854775807; remui 1.
func.func @division_index() {
  %a = util.unfoldable_constant dense<[-7, 1099511627776]> : tensor<2xindex>
  %b = util.unfoldable_constant dense<[2, 3]> : tensor<2xindex>
  %q = arith.divsi %a, %b : tensor<2xindex>
  %r = arith.remsi %a, %b : tensor<2xindex>
  %cq = arith.ceildivsi %a, %b : tensor<2xindex>
  %fq = arith.floordivsi %a, %b : tensor<2xindex>
  check.expect_eq_const(%q, dense<[-3, 366503875925]> : tensor<2xindex>) : tensor<2xindex>
  check.expect_eq_const(%r, dense<[-1, 1]> : tensor<2xindex>) : tensor<2xindex>
  check.expect_eq_const(%cq, dense<[-3, 366503875926]> : tensor<2xindex>) : tensor<2xindex>
  check.expect_eq_const(%fq, dense<[-4, 366503875925]> : tensor<2xindex>) : tensor<2xindex>
  %m1 = util.unfoldable_constant -1 : index
  %c2 = arith.constant 2 : index
  %uq = arith.divui %m1, %c2 : index
  %ur = arith.remui %m1, %c2 : index
  %ucq = arith.ceildivui %m1, %c2 : index
  %e_uq = arith.constant 9223372036854775807 : index
  %e_ucq = arith.constant -9223372036854775808 : index
  %c1 = arith.constant 1 : index
  %ok0 = arith.cmpi eq, %uq, %e_uq : index
  %ok1 = arith.cmpi eq, %ur, %c1 : index
  // ceil((2^64-1)/2) = 2^63, which reads as -2^63 when signed.
  %ok2 = arith.cmpi eq, %ucq, %e_ucq : index
  check.expect_true(%ok0) : i1
  check.expect_true(%ok1) : i1
  check.expect_true(%ok2) : i1
  return
}

// i1 division (the only non-UB divisor is true): unsigned 1/1 = 1, 0/1 = 0,
// 1%1 = 0, ceil(1/1) = 1, ceil(0/1) = 0.
func.func @division_i1() {
  %a = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %b = util.unfoldable_constant dense<[true, true]> : tensor<2xi1>
  %q = arith.divui %a, %b : tensor<2xi1>
  %r = arith.remui %a, %b : tensor<2xi1>
  %c = arith.ceildivui %a, %b : tensor<2xi1>
  check.expect_eq_const(%q, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%r, dense<[false, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%c, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  return
}

//===----------------------------------------------------------------------===//
// Bitwise ops and shifts
//===----------------------------------------------------------------------===//

// i8: a = 0xCA = 1100_1010 (-54), b = 0xA6 = 1010_0110 (-90)
//   and = 1000_0010 = 0x82 = 130-256 = -126
//   or  = 1110_1110 = 0xEE = 238-256 = -18
//   xor = 0110_1100 = 0x6C = 108
// second lane: a = -1 (0xFF), b = 0x0F: and 15, or -1, xor 0xF0 = -16.
func.func @bitwise_i8() {
  %a = util.unfoldable_constant dense<[-54, -1]> : tensor<2xi8>
  %b = util.unfoldable_constant dense<[-90, 15]> : tensor<2xi8>
  %and = arith.andi %a, %b : tensor<2xi8>
  %or = arith.ori %a, %b : tensor<2xi8>
  %xor = arith.xori %a, %b : tensor<2xi8>
  check.expect_eq_const(%and, dense<[-126, 15]> : tensor<2xi8>) : tensor<2xi8>
  check.expect_eq_const(%or, dense<[-18, -1]> : tensor<2xi8>) : tensor<2xi8>
  check.expect_eq_const(%xor, dense<[108, -16]> : tensor<2xi8>) : tensor<2xi8>
  return
}

// i64: a = -1, b = 0x00FF00FF00FF00FF = 71777214294589695
//   and = b; or = -1; xor = ~b = 0xFF00FF00FF00FF00 = -71777214294589696
// i32: 0x0F0F0F0F (252645135) op 0x00FFFF00 (16776960)
//   and = 0x000F0F00 = 986880; or = 0x0FFFFF0F = 268435215;
//   xor = 0x0FF0F00F = 267448335
// i1: and/or/xor truth tables over a = [1,1,0,0], b = [1,0,1,0].
func.func @bitwise_i1_i32_i64() {
  %a = util.unfoldable_constant dense<[-1]> : tensor<1xi64>
  %b = util.unfoldable_constant dense<[71777214294589695]> : tensor<1xi64>
  %and = arith.andi %a, %b : tensor<1xi64>
  %or = arith.ori %a, %b : tensor<1xi64>
  %xor = arith.xori %a, %b : tensor<1xi64>
  check.expect_eq_const(%and, dense<[71777214294589695]> : tensor<1xi64>) : tensor<1xi64>
  check.expect_eq_const(%or, dense<[-1]> : tensor<1xi64>) : tensor<1xi64>
  check.expect_eq_const(%xor, dense<[-71777214294589696]> : tensor<1xi64>) : tensor<1xi64>
  %x = util.unfoldable_constant dense<[252645135]> : tensor<1xi32>
  %y = util.unfoldable_constant dense<[16776960]> : tensor<1xi32>
  %and32 = arith.andi %x, %y : tensor<1xi32>
  %or32 = arith.ori %x, %y : tensor<1xi32>
  %xor32 = arith.xori %x, %y : tensor<1xi32>
  check.expect_eq_const(%and32, dense<[986880]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%or32, dense<[268435215]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%xor32, dense<[267448335]> : tensor<1xi32>) : tensor<1xi32>
  %p = util.unfoldable_constant dense<[true, true, false, false]> : tensor<4xi1>
  %q = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %and1 = arith.andi %p, %q : tensor<4xi1>
  %or1 = arith.ori %p, %q : tensor<4xi1>
  %xor1 = arith.xori %p, %q : tensor<4xi1>
  check.expect_eq_const(%and1, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%or1, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%xor1, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i8 shifts (amounts 7 = width-1, 0, 1, 3):
//   shli : 1<<7 = 0x80 = -128; -1<<7 = 0x80 = -128; 127<<0 = 127;
//          -64<<1 = 0xC0<<1 = 0x180 -> 0x80 = -128; 3<<3 = 24
//   shrsi: 1>>7 = 0; -1>>7 = -1; 127>>0 = 127; -64>>1 = -32; 3>>3 = 0
//   shrui: 1>>7 = 0; 0xFF>>7 = 1; 127>>0 = 127; 0xC0>>1 = 0x60 = 96; 3>>3 = 0
// and -128 (0x80) by 7: shli 0, shrsi -1, shrui 1.
func.func @shifts_i8() {
  %a = util.unfoldable_constant dense<[1, -1, 127, -64, 3, -128]> : tensor<6xi8>
  %s = util.unfoldable_constant dense<[7, 7, 0, 1, 3, 7]> : tensor<6xi8>
  %l = arith.shli %a, %s : tensor<6xi8>
  %rs = arith.shrsi %a, %s : tensor<6xi8>
  %ru = arith.shrui %a, %s : tensor<6xi8>
  check.expect_eq_const(%l, dense<[-128, -128, 127, -128, 24, 0]> : tensor<6xi8>) : tensor<6xi8>
  check.expect_eq_const(%rs, dense<[0, -1, 127, -32, 0, -1]> : tensor<6xi8>) : tensor<6xi8>
  check.expect_eq_const(%ru, dense<[0, 1, 127, 96, 0, 1]> : tensor<6xi8>) : tensor<6xi8>
  return
}

// i16 by 15: shli 1 -> 0x8000 = -32768; shrsi -32768 -> -1; shrui -32768 -> 1;
// shrsi 32767 -> 0; shrui -1 (0xFFFF) -> 1; shli -1 -> 0x8000 = -32768.
func.func @shifts_i16() {
  %a = util.unfoldable_constant dense<[1, -32768, 32767, -1]> : tensor<4xi16>
  %s = util.unfoldable_constant dense<[15, 15, 15, 15]> : tensor<4xi16>
  %l = arith.shli %a, %s : tensor<4xi16>
  %rs = arith.shrsi %a, %s : tensor<4xi16>
  %ru = arith.shrui %a, %s : tensor<4xi16>
  check.expect_eq_const(%l, dense<[-32768, 0, -32768, -32768]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%rs, dense<[0, -1, 0, -1]> : tensor<4xi16>) : tensor<4xi16>
  check.expect_eq_const(%ru, dense<[0, 1, 0, 1]> : tensor<4xi16>) : tensor<4xi16>
  return
}

// i32 by 31 and by 1:
//   shli : 1<<31 = -2147483648; -1<<31 = -2147483648; -8<<1 = -16;
//          0x40000000<<1 = 0x80000000 = -2147483648
//   shrsi: 1>>31 = 0; -1>>31 = -1; -8>>1 = -4; 0x40000000>>1 = 0x20000000 = 536870912
//   shrui: 0; 1; 0xFFFFFFF8>>1 = 0x7FFFFFFC = 2147483644; 536870912
func.func @shifts_i32() {
  %a = util.unfoldable_constant dense<[1, -1, -8, 1073741824]> : tensor<4xi32>
  %s = util.unfoldable_constant dense<[31, 31, 1, 1]> : tensor<4xi32>
  %l = arith.shli %a, %s : tensor<4xi32>
  %rs = arith.shrsi %a, %s : tensor<4xi32>
  %ru = arith.shrui %a, %s : tensor<4xi32>
  check.expect_eq_const(%l, dense<[-2147483648, -2147483648, -16, -2147483648]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%rs, dense<[0, -1, -4, 536870912]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%ru, dense<[0, 1, 2147483644, 536870912]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// i64 and index by 63: shli 1 -> -2^63; shrsi -2^63 -> -1; shrui -2^63 -> 1;
// shrui -1 by 1 -> 2^63-1; shrsi -1 by 1 -> -1.
func.func @shifts_i64_index() {
  %a = util.unfoldable_constant dense<[1, -9223372036854775808, -1, -1]> : tensor<4xi64>
  %s = util.unfoldable_constant dense<[63, 63, 1, 63]> : tensor<4xi64>
  %l = arith.shli %a, %s : tensor<4xi64>
  %rs = arith.shrsi %a, %s : tensor<4xi64>
  %ru = arith.shrui %a, %s : tensor<4xi64>
  // shli: 1<<63 = -2^63; -2^63<<63 = 0; -1<<1 = -2; -1<<63 = -2^63.
  check.expect_eq_const(%l, dense<[-9223372036854775808, 0, -2, -9223372036854775808]> : tensor<4xi64>) : tensor<4xi64>
  check.expect_eq_const(%rs, dense<[0, -1, -1, -1]> : tensor<4xi64>) : tensor<4xi64>
  check.expect_eq_const(%ru, dense<[0, 1, 9223372036854775807, 1]> : tensor<4xi64>) : tensor<4xi64>
  %ia = util.unfoldable_constant dense<[1, -9223372036854775808, -1]> : tensor<3xindex>
  %is = util.unfoldable_constant dense<[63, 63, 1]> : tensor<3xindex>
  %il = arith.shli %ia, %is : tensor<3xindex>
  %irs = arith.shrsi %ia, %is : tensor<3xindex>
  %iru = arith.shrui %ia, %is : tensor<3xindex>
  check.expect_eq_const(%il, dense<[-9223372036854775808, 0, -2]> : tensor<3xindex>) : tensor<3xindex>
  check.expect_eq_const(%irs, dense<[0, -1, -1]> : tensor<3xindex>) : tensor<3xindex>
  check.expect_eq_const(%iru, dense<[0, 1, 9223372036854775807]> : tensor<3xindex>) : tensor<3xindex>
  return
}

// i1: the only valid shift amount is 0 (width-1 = 0): every shift is the identity.
func.func @shifts_i1() {
  %a = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %s = util.unfoldable_constant dense<[false, false]> : tensor<2xi1>
  %l = arith.shli %a, %s : tensor<2xi1>
  %rs = arith.shrsi %a, %s : tensor<2xi1>
  %ru = arith.shrui %a, %s : tensor<2xi1>
  check.expect_eq_const(%l, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%rs, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ru, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  return
}

//===----------------------------------------------------------------------===//
// min / max
//===----------------------------------------------------------------------===//

// i8, a = [-1, 127, -128, 5, 0], b = [1, -128, 0, 5, -1]
//   unsigned views: -1 = 255, -128 = 128
//   maxsi: [1, 127, 0, 5, 0]
//   maxui: max(255,1) = -1; max(127,128) = -128; max(128,0) = -128; 5; max(0,255) = -1
//   minsi: [-1, -128, -128, 5, -1]
//   minui: [1, 127, 0, 5, 0]
func.func @minmax_i8() {
  %a = util.unfoldable_constant dense<[-1, 127, -128, 5, 0]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[1, -128, 0, 5, -1]> : tensor<5xi8>
  %maxs = arith.maxsi %a, %b : tensor<5xi8>
  %maxu = arith.maxui %a, %b : tensor<5xi8>
  %mins = arith.minsi %a, %b : tensor<5xi8>
  %minu = arith.minui %a, %b : tensor<5xi8>
  check.expect_eq_const(%maxs, dense<[1, 127, 0, 5, 0]> : tensor<5xi8>) : tensor<5xi8>
  check.expect_eq_const(%maxu, dense<[-1, -128, -128, 5, -1]> : tensor<5xi8>) : tensor<5xi8>
  check.expect_eq_const(%mins, dense<[-1, -128, -128, 5, -1]> : tensor<5xi8>) : tensor<5xi8>
  check.expect_eq_const(%minu, dense<[1, 127, 0, 5, 0]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i1: signed true = -1 < false = 0; unsigned true = 1 > false = 0.
//   a = [1,1,0,0], b = [1,0,1,0]
//   maxsi: [1,0,0,0]; minsi: [1,1,1,0]; maxui = or: [1,1,1,0]; minui = and: [1,0,0,0]
func.func @minmax_i1() {
  %a = util.unfoldable_constant dense<[true, true, false, false]> : tensor<4xi1>
  %b = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %maxs = arith.maxsi %a, %b : tensor<4xi1>
  %mins = arith.minsi %a, %b : tensor<4xi1>
  %maxu = arith.maxui %a, %b : tensor<4xi1>
  %minu = arith.minui %a, %b : tensor<4xi1>
  check.expect_eq_const(%maxs, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%mins, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%maxu, dense<[true, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%minu, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i16/i32/i64/index with the sign bit set: x = [-32768 | -2^31 | -2^63], y = 1
//   maxsi = 1, minsi = x, maxui = x (sign bit set is the largest unsigned), minui = 1
func.func @minmax_wide() {
  %a16 = util.unfoldable_constant dense<[-32768, 1]> : tensor<2xi16>
  %b16 = util.unfoldable_constant dense<[1, -32768]> : tensor<2xi16>
  %maxs16 = arith.maxsi %a16, %b16 : tensor<2xi16>
  %maxu16 = arith.maxui %a16, %b16 : tensor<2xi16>
  %mins16 = arith.minsi %a16, %b16 : tensor<2xi16>
  %minu16 = arith.minui %a16, %b16 : tensor<2xi16>
  check.expect_eq_const(%maxs16, dense<[1, 1]> : tensor<2xi16>) : tensor<2xi16>
  check.expect_eq_const(%maxu16, dense<[-32768, -32768]> : tensor<2xi16>) : tensor<2xi16>
  check.expect_eq_const(%mins16, dense<[-32768, -32768]> : tensor<2xi16>) : tensor<2xi16>
  check.expect_eq_const(%minu16, dense<[1, 1]> : tensor<2xi16>) : tensor<2xi16>
  %a32 = util.unfoldable_constant dense<[-2147483648]> : tensor<1xi32>
  %b32 = util.unfoldable_constant dense<[1]> : tensor<1xi32>
  %maxs32 = arith.maxsi %a32, %b32 : tensor<1xi32>
  %maxu32 = arith.maxui %a32, %b32 : tensor<1xi32>
  %mins32 = arith.minsi %a32, %b32 : tensor<1xi32>
  %minu32 = arith.minui %a32, %b32 : tensor<1xi32>
  check.expect_eq_const(%maxs32, dense<[1]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%maxu32, dense<[-2147483648]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%mins32, dense<[-2147483648]> : tensor<1xi32>) : tensor<1xi32>
  check.expect_eq_const(%minu32, dense<[1]> : tensor<1xi32>) : tensor<1xi32>
  %a64 = util.unfoldable_constant dense<[-9223372036854775808]> : tensor<1xi64>
  %b64 = util.unfoldable_constant dense<[1]> : tensor<1xi64>
  %maxs64 = arith.maxsi %a64, %b64 : tensor<1xi64>
  %maxu64 = arith.maxui %a64, %b64 : tensor<1xi64>
  %mins64 = arith.minsi %a64, %b64 : tensor<1xi64>
  %minu64 = arith.minui %a64, %b64 : tensor<1xi64>
  check.expect_eq_const(%maxs64, dense<[1]> : tensor<1xi64>) : tensor<1xi64>
  check.expect_eq_const(%maxu64, dense<[-9223372036854775808]> : tensor<1xi64>) : tensor<1xi64>
  check.expect_eq_const(%mins64, dense<[-9223372036854775808]> : tensor<1xi64>) : tensor<1xi64>
  check.expect_eq_const(%minu64, dense<[1]> : tensor<1xi64>) : tensor<1xi64>
  %ai = util.unfoldable_constant dense<[-9223372036854775808]> : tensor<1xindex>
  %bi = util.unfoldable_constant dense<[1]> : tensor<1xindex>
  %maxsi = arith.maxsi %ai, %bi : tensor<1xindex>
  %maxui = arith.maxui %ai, %bi : tensor<1xindex>
  %minsi = arith.minsi %ai, %bi : tensor<1xindex>
  %minui = arith.minui %ai, %bi : tensor<1xindex>
  check.expect_eq_const(%maxsi, dense<[1]> : tensor<1xindex>) : tensor<1xindex>
  check.expect_eq_const(%maxui, dense<[-9223372036854775808]> : tensor<1xindex>) : tensor<1xindex>
  check.expect_eq_const(%minsi, dense<[-9223372036854775808]> : tensor<1xindex>) : tensor<1xindex>
  check.expect_eq_const(%minui, dense<[1]> : tensor<1xindex>) : tensor<1xindex>
  return
}

//===----------------------------------------------------------------------===//
// mulsi_extended / mului_extended (low half, high half of the 2N-bit product)
//===----------------------------------------------------------------------===//

// i8 signed 16-bit products:
//   -128*-128 = 16384 = 0x4000 -> low 0x00 = 0, high 0x40 = 64
//   -1*-1 = 1 = 0x0001 -> low 1, high 0
//   127*127 = 16129 = 0x3F01 -> low 1, high 63
//   -128*127 = -16256 = 0xC080 (65536-16256 = 49280) -> low 0x80 = -128, high 0xC0 = -64
//   -1*1 = -1 = 0xFFFF -> low -1, high -1
func.func @mulsi_extended_i8() {
  %a = util.unfoldable_constant dense<[-128, -1, 127, -128, -1]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[-128, -1, 127, 127, 1]> : tensor<5xi8>
  %lo, %hi = arith.mulsi_extended %a, %b : tensor<5xi8>
  check.expect_eq_const(%lo, dense<[0, 1, 1, -128, -1]> : tensor<5xi8>) : tensor<5xi8>
  check.expect_eq_const(%hi, dense<[64, 0, 63, -64, -1]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i8 unsigned 16-bit products:
//   255*255 = 65025 = 0xFE01 -> low 1, high 0xFE = -2
//   255*2 = 510 = 0x01FE -> low 0xFE = -2, high 1
//   16*16 = 256 = 0x0100 -> low 0, high 1
//   200*100 = 20000 = 0x4E20 -> low 0x20 = 32, high 0x4E = 78
//   -1*1 = 255 = 0x00FF -> low -1, high 0
func.func @mului_extended_i8() {
  %a = util.unfoldable_constant dense<[-1, -1, 16, -56, -1]> : tensor<5xi8>
  %b = util.unfoldable_constant dense<[-1, 2, 16, 100, 1]> : tensor<5xi8>
  %lo, %hi = arith.mului_extended %a, %b : tensor<5xi8>
  check.expect_eq_const(%lo, dense<[1, -2, 0, 32, -1]> : tensor<5xi8>) : tensor<5xi8>
  check.expect_eq_const(%hi, dense<[-2, 1, 1, 78, 0]> : tensor<5xi8>) : tensor<5xi8>
  return
}

// i16: signed -32768*-32768 = 2^30 -> low 0, high 2^14 = 16384;
//      unsigned 65535*65535 = 2^32 - 2^17 + 1 -> low 1, high 65534 = -2.
// i32: signed -2^31*-2^31 = 2^62 -> low 0, high 2^30 = 1073741824;
//      signed -1*5 = -5 -> low -5, high -1;
//      unsigned (2^32-1)^2 = 2^64 - 2^33 + 1 -> low 1, high 2^32-2 = -2;
//      unsigned (2^32-1)*5 = 5*2^32 - 5 = 4*2^32 + (2^32-5) -> low -5, high 4.
func.func @mul_extended_i16_i32() {
  %a16 = util.unfoldable_constant dense<[-32768]> : tensor<1xi16>
  %s16lo, %s16hi = arith.mulsi_extended %a16, %a16 : tensor<1xi16>
  check.expect_eq_const(%s16lo, dense<[0]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%s16hi, dense<[16384]> : tensor<1xi16>) : tensor<1xi16>
  %m16 = util.unfoldable_constant dense<[-1]> : tensor<1xi16>
  %u16lo, %u16hi = arith.mului_extended %m16, %m16 : tensor<1xi16>
  check.expect_eq_const(%u16lo, dense<[1]> : tensor<1xi16>) : tensor<1xi16>
  check.expect_eq_const(%u16hi, dense<[-2]> : tensor<1xi16>) : tensor<1xi16>
  %a = util.unfoldable_constant dense<[-2147483648, -1]> : tensor<2xi32>
  %b = util.unfoldable_constant dense<[-2147483648, 5]> : tensor<2xi32>
  %slo, %shi = arith.mulsi_extended %a, %b : tensor<2xi32>
  check.expect_eq_const(%slo, dense<[0, -5]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%shi, dense<[1073741824, -1]> : tensor<2xi32>) : tensor<2xi32>
  %c = util.unfoldable_constant dense<[-1, -1]> : tensor<2xi32>
  %d = util.unfoldable_constant dense<[-1, 5]> : tensor<2xi32>
  %ulo, %uhi = arith.mului_extended %c, %d : tensor<2xi32>
  check.expect_eq_const(%ulo, dense<[1, -5]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%uhi, dense<[-2, 4]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// i64 (128-bit products):
//   signed -2^63 * -1 = 2^63 -> low 0x8000000000000000 = -2^63, high 0
//   signed -2^63 * -2^63 = 2^126 -> low 0, high 2^62 = 4611686018427387904
//   unsigned (2^64-1)^2 = 2^128 - 2^65 + 1 -> low 1, high 2^64-2 = -2
//   unsigned 2^63 * 4 = 2^65 -> low 0, high 2
// index (64 bits): signed 2^32 * -2^32 = -2^64 -> low 0, high -1.
func.func @mul_extended_i64_index() {
  %a = util.unfoldable_constant dense<[-9223372036854775808, -9223372036854775808]> : tensor<2xi64>
  %b = util.unfoldable_constant dense<[-1, -9223372036854775808]> : tensor<2xi64>
  %slo, %shi = arith.mulsi_extended %a, %b : tensor<2xi64>
  check.expect_eq_const(%slo, dense<[-9223372036854775808, 0]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%shi, dense<[0, 4611686018427387904]> : tensor<2xi64>) : tensor<2xi64>
  %c = util.unfoldable_constant dense<[-1, -9223372036854775808]> : tensor<2xi64>
  %d = util.unfoldable_constant dense<[-1, 4]> : tensor<2xi64>
  %ulo, %uhi = arith.mului_extended %c, %d : tensor<2xi64>
  check.expect_eq_const(%ulo, dense<[1, 0]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%uhi, dense<[-2, 2]> : tensor<2xi64>) : tensor<2xi64>
  %x = util.unfoldable_constant 4294967296 : index
  %y = util.unfoldable_constant -4294967296 : index
  %ilo, %ihi = arith.mulsi_extended %x, %y : index
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %ok0 = arith.cmpi eq, %ilo, %c0 : index
  %ok1 = arith.cmpi eq, %ihi, %cm1 : index
  check.expect_true(%ok0) : i1
  check.expect_true(%ok1) : i1
  return
}

// addui_extended returns the wrapped sum and the unsigned carry-out.
//   i8: 200+100 = 300 -> 300-256 = 44, carry; 1+2 = 3, no carry;
//       -1 (255) + 1 = 256 -> 0, carry; 127+1 = 128 -> -128, no carry
//       (unsigned 128 fits in 8 bits)
//   i32: -1 (2^32-1) + 1 -> 0, carry; 2147483647+1 -> -2147483648, no carry
//   i64: -1 + -1 = 2*(2^64-1) = 2^64 + (2^64-2) -> -2, carry
func.func @addui_extended() {
  %a = util.unfoldable_constant dense<[-56, 1, -1, 127]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[100, 2, 1, 1]> : tensor<4xi8>
  %s, %o = arith.addui_extended %a, %b : tensor<4xi8>, tensor<4xi1>
  check.expect_eq_const(%s, dense<[44, 3, 0, -128]> : tensor<4xi8>) : tensor<4xi8>
  check.expect_eq_const(%o, dense<[true, false, true, false]> : tensor<4xi1>) : tensor<4xi1>
  %c = util.unfoldable_constant dense<[-1, 2147483647]> : tensor<2xi32>
  %d = util.unfoldable_constant dense<[1, 1]> : tensor<2xi32>
  %s32, %o32 = arith.addui_extended %c, %d : tensor<2xi32>, tensor<2xi1>
  check.expect_eq_const(%s32, dense<[0, -2147483648]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%o32, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  %e = util.unfoldable_constant -1 : i64
  %s64, %o64 = arith.addui_extended %e, %e : i64, i1
  %cm2 = arith.constant -2 : i64
  %ok = arith.cmpi eq, %s64, %cm2 : i64
  check.expect_true(%ok) : i1
  check.expect_true(%o64) : i1
  return
}

//===----------------------------------------------------------------------===//
// cmpi, every predicate
//===----------------------------------------------------------------------===//

// i32, a = [-1, 1, 5, -2147483648], b = [1, -1, 5, 2147483647]
// unsigned views: -1 = 4294967295, -2147483648 = 2147483648.
//   eq : [F,F,T,F]   ne : [T,T,F,T]
//   slt: -1<1 T, 1<-1 F, 5<5 F, -2^31<2^31-1 T -> [T,F,F,T]
//   sle: [T,F,T,T]   sgt: [F,T,F,F]   sge: [F,T,T,F]
//   ult: 4294967295<1 F, 1<4294967295 T, F, 2147483648<2147483647 F -> [F,T,F,F]
//   ule: [F,T,T,F]   ugt: [T,F,F,T]   uge: [T,F,T,T]
func.func @cmpi_i32_all_predicates() {
  %a = util.unfoldable_constant dense<[-1, 1, 5, -2147483648]> : tensor<4xi32>
  %b = util.unfoldable_constant dense<[1, -1, 5, 2147483647]> : tensor<4xi32>
  %eq = arith.cmpi eq, %a, %b : tensor<4xi32>
  %ne = arith.cmpi ne, %a, %b : tensor<4xi32>
  %slt = arith.cmpi slt, %a, %b : tensor<4xi32>
  %sle = arith.cmpi sle, %a, %b : tensor<4xi32>
  %sgt = arith.cmpi sgt, %a, %b : tensor<4xi32>
  %sge = arith.cmpi sge, %a, %b : tensor<4xi32>
  %ult = arith.cmpi ult, %a, %b : tensor<4xi32>
  %ule = arith.cmpi ule, %a, %b : tensor<4xi32>
  %ugt = arith.cmpi ugt, %a, %b : tensor<4xi32>
  %uge = arith.cmpi uge, %a, %b : tensor<4xi32>
  check.expect_eq_const(%eq, dense<[false, false, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ne, dense<[true, true, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%slt, dense<[true, false, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sle, dense<[true, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sgt, dense<[false, true, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sge, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ult, dense<[false, true, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ule, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ugt, dense<[true, false, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%uge, dense<[true, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i8, a = [-128, 127, -1, 0], b = [127, -128, -1, -1]
// unsigned views: -128 = 128, -1 = 255.
//   eq : [F,F,T,F]   ne : [T,T,F,T]
//   slt: -128<127 T, 127<-128 F, F, 0<-1 F -> [T,F,F,F]
//   sle: [T,F,T,F]   sgt: [F,T,F,T]   sge: [F,T,T,T]
//   ult: 128<127 F, 127<128 T, F, 0<255 T -> [F,T,F,T]
//   ule: [F,T,T,T]   ugt: [T,F,F,F]   uge: [T,F,T,F]
func.func @cmpi_i8_all_predicates() {
  %a = util.unfoldable_constant dense<[-128, 127, -1, 0]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[127, -128, -1, -1]> : tensor<4xi8>
  %eq = arith.cmpi eq, %a, %b : tensor<4xi8>
  %ne = arith.cmpi ne, %a, %b : tensor<4xi8>
  %slt = arith.cmpi slt, %a, %b : tensor<4xi8>
  %sle = arith.cmpi sle, %a, %b : tensor<4xi8>
  %sgt = arith.cmpi sgt, %a, %b : tensor<4xi8>
  %sge = arith.cmpi sge, %a, %b : tensor<4xi8>
  %ult = arith.cmpi ult, %a, %b : tensor<4xi8>
  %ule = arith.cmpi ule, %a, %b : tensor<4xi8>
  %ugt = arith.cmpi ugt, %a, %b : tensor<4xi8>
  %uge = arith.cmpi uge, %a, %b : tensor<4xi8>
  check.expect_eq_const(%eq, dense<[false, false, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ne, dense<[true, true, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%slt, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sle, dense<[true, false, true, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sgt, dense<[false, true, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sge, dense<[false, true, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ult, dense<[false, true, false, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ule, dense<[false, true, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ugt, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%uge, dense<[true, false, true, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i1, a = [1,0,1,0], b = [0,1,1,0]; signed true = -1, unsigned true = 1.
//   eq : [F,F,T,T]   ne : [T,T,F,F]
//   slt: -1<0 T, 0<-1 F, F, F -> [T,F,F,F]   sle: [T,F,T,T]
//   sgt: [F,T,F,F]   sge: [F,T,T,T]
//   ult: 1<0 F, 0<1 T, F, F -> [F,T,F,F]     ule: [F,T,T,T]
//   ugt: [T,F,F,F]   uge: [T,F,T,T]
func.func @cmpi_i1_all_predicates() {
  %a = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %b = util.unfoldable_constant dense<[false, true, true, false]> : tensor<4xi1>
  %eq = arith.cmpi eq, %a, %b : tensor<4xi1>
  %ne = arith.cmpi ne, %a, %b : tensor<4xi1>
  %slt = arith.cmpi slt, %a, %b : tensor<4xi1>
  %sle = arith.cmpi sle, %a, %b : tensor<4xi1>
  %sgt = arith.cmpi sgt, %a, %b : tensor<4xi1>
  %sge = arith.cmpi sge, %a, %b : tensor<4xi1>
  %ult = arith.cmpi ult, %a, %b : tensor<4xi1>
  %ule = arith.cmpi ule, %a, %b : tensor<4xi1>
  %ugt = arith.cmpi ugt, %a, %b : tensor<4xi1>
  %uge = arith.cmpi uge, %a, %b : tensor<4xi1>
  check.expect_eq_const(%eq, dense<[false, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ne, dense<[true, true, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%slt, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sle, dense<[true, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sgt, dense<[false, true, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%sge, dense<[false, true, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ult, dense<[false, true, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ule, dense<[false, true, true, true]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%ugt, dense<[true, false, false, false]> : tensor<4xi1>) : tensor<4xi1>
  check.expect_eq_const(%uge, dense<[true, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// i16, a = [-32768, 1], b = [32767, 1]; unsigned -32768 = 32768.
//   eq [F,T] ne [T,F] slt [T,F] sle [T,T] sgt [F,F] sge [F,T]
//   ult 32768<32767 F -> [F,F]; ule [F,T]; ugt [T,F]; uge [T,T]
func.func @cmpi_i16_all_predicates() {
  %a = util.unfoldable_constant dense<[-32768, 1]> : tensor<2xi16>
  %b = util.unfoldable_constant dense<[32767, 1]> : tensor<2xi16>
  %eq = arith.cmpi eq, %a, %b : tensor<2xi16>
  %ne = arith.cmpi ne, %a, %b : tensor<2xi16>
  %slt = arith.cmpi slt, %a, %b : tensor<2xi16>
  %sle = arith.cmpi sle, %a, %b : tensor<2xi16>
  %sgt = arith.cmpi sgt, %a, %b : tensor<2xi16>
  %sge = arith.cmpi sge, %a, %b : tensor<2xi16>
  %ult = arith.cmpi ult, %a, %b : tensor<2xi16>
  %ule = arith.cmpi ule, %a, %b : tensor<2xi16>
  %ugt = arith.cmpi ugt, %a, %b : tensor<2xi16>
  %uge = arith.cmpi uge, %a, %b : tensor<2xi16>
  check.expect_eq_const(%eq, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ne, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%slt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sle, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sgt, dense<[false, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sge, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ult, dense<[false, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ule, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ugt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%uge, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  return
}

// i64 and index, a = [-9223372036854775808, 4294967296], b = [9223372036854775807, -1]
// unsigned: -2^63 = 2^63 > 2^63-1; -1 = 2^64-1 > 2^32.
//   slt: [T, F] (2^32 < -1 is false)   sgt: [F, T]
//   ult: [F, T]                         ugt: [T, F]
//   eq [F,F] ne [T,T] sle [T,F] sge [F,T] ule [F,T] uge [T,F]
func.func @cmpi_i64_index_all_predicates() {
  %a = util.unfoldable_constant dense<[-9223372036854775808, 4294967296]> : tensor<2xi64>
  %b = util.unfoldable_constant dense<[9223372036854775807, -1]> : tensor<2xi64>
  %eq = arith.cmpi eq, %a, %b : tensor<2xi64>
  %ne = arith.cmpi ne, %a, %b : tensor<2xi64>
  %slt = arith.cmpi slt, %a, %b : tensor<2xi64>
  %sle = arith.cmpi sle, %a, %b : tensor<2xi64>
  %sgt = arith.cmpi sgt, %a, %b : tensor<2xi64>
  %sge = arith.cmpi sge, %a, %b : tensor<2xi64>
  %ult = arith.cmpi ult, %a, %b : tensor<2xi64>
  %ule = arith.cmpi ule, %a, %b : tensor<2xi64>
  %ugt = arith.cmpi ugt, %a, %b : tensor<2xi64>
  %uge = arith.cmpi uge, %a, %b : tensor<2xi64>
  check.expect_eq_const(%eq, dense<[false, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ne, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%slt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sle, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sgt, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%sge, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ult, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ule, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ugt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%uge, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  %ia = util.unfoldable_constant dense<[-9223372036854775808, 4294967296]> : tensor<2xindex>
  %ib = util.unfoldable_constant dense<[9223372036854775807, -1]> : tensor<2xindex>
  %ieq = arith.cmpi eq, %ia, %ib : tensor<2xindex>
  %ine = arith.cmpi ne, %ia, %ib : tensor<2xindex>
  %islt = arith.cmpi slt, %ia, %ib : tensor<2xindex>
  %isle = arith.cmpi sle, %ia, %ib : tensor<2xindex>
  %isgt = arith.cmpi sgt, %ia, %ib : tensor<2xindex>
  %isge = arith.cmpi sge, %ia, %ib : tensor<2xindex>
  %iult = arith.cmpi ult, %ia, %ib : tensor<2xindex>
  %iule = arith.cmpi ule, %ia, %ib : tensor<2xindex>
  %iugt = arith.cmpi ugt, %ia, %ib : tensor<2xindex>
  %iuge = arith.cmpi uge, %ia, %ib : tensor<2xindex>
  check.expect_eq_const(%ieq, dense<[false, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%ine, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%islt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%isle, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%isgt, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%isge, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%iult, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%iule, dense<[false, true]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%iugt, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  check.expect_eq_const(%iuge, dense<[true, false]> : tensor<2xi1>) : tensor<2xi1>
  return
}

// Scalar cmpi on i32: -1 vs 1 -> slt true, ult false (0xFFFFFFFF > 1).
func.func @cmpi_scalar() {
  %a = util.unfoldable_constant -1 : i32
  %b = util.unfoldable_constant 1 : i32
  %slt = arith.cmpi slt, %a, %b : i32
  %ugt = arith.cmpi ugt, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  check.expect_true(%slt) : i1
  check.expect_true(%ugt) : i1
  check.expect_false(%ult) : i1
  return
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

// i8 -> i32: extsi copies the sign bit, extui pads with zeros.
//   [-1, 127, -128, 0]: extsi [-1, 127, -128, 0]; extui [255, 127, 128, 0]
// i1 -> i8: true = 1 bit set: extsi -1, extui 1.
// i16 -> i64: -32768: extsi -32768, extui 32768.
// i32 -> i64: -1: extsi -1, extui 4294967295.
func.func @extsi_extui() {
  %a = util.unfoldable_constant dense<[-1, 127, -128, 0]> : tensor<4xi8>
  %s = arith.extsi %a : tensor<4xi8> to tensor<4xi32>
  %u = arith.extui %a : tensor<4xi8> to tensor<4xi32>
  check.expect_eq_const(%s, dense<[-1, 127, -128, 0]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%u, dense<[255, 127, 128, 0]> : tensor<4xi32>) : tensor<4xi32>
  %b = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  %bs = arith.extsi %b : tensor<2xi1> to tensor<2xi8>
  %bu = arith.extui %b : tensor<2xi1> to tensor<2xi8>
  check.expect_eq_const(%bs, dense<[-1, 0]> : tensor<2xi8>) : tensor<2xi8>
  check.expect_eq_const(%bu, dense<[1, 0]> : tensor<2xi8>) : tensor<2xi8>
  %c = util.unfoldable_constant dense<[-32768, 32767]> : tensor<2xi16>
  %cs = arith.extsi %c : tensor<2xi16> to tensor<2xi64>
  %cu = arith.extui %c : tensor<2xi16> to tensor<2xi64>
  check.expect_eq_const(%cs, dense<[-32768, 32767]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%cu, dense<[32768, 32767]> : tensor<2xi64>) : tensor<2xi64>
  %d = util.unfoldable_constant dense<[-1, 2147483647]> : tensor<2xi32>
  %ds = arith.extsi %d : tensor<2xi32> to tensor<2xi64>
  %du = arith.extui %d : tensor<2xi32> to tensor<2xi64>
  check.expect_eq_const(%ds, dense<[-1, 2147483647]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%du, dense<[4294967295, 2147483647]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// trunci keeps the low bits.
//   i32 -> i8: 300 = 0x12C -> 0x2C = 44; -129 = 0xFFFFFF7F -> 0x7F = 127;
//              255 -> 0xFF = -1; -1 -> -1; 128 -> 0x80 = -128
//   i64 -> i32: 4294967301 = 2^32 + 5 -> 5; 2147483648 = 0x80000000 -> -2147483648
//   i8 -> i1: low bit of [1, 2, 3, -1] -> [1, 0, 1, 1]
//   i64 -> i16: 65537 = 0x10001 -> 1; -65536 = 0xFFFF0000 -> 0; 98304 = 0x18000 -> 0x8000 = -32768
func.func @trunci() {
  %a = util.unfoldable_constant dense<[300, -129, 255, -1, 128]> : tensor<5xi32>
  %t = arith.trunci %a : tensor<5xi32> to tensor<5xi8>
  check.expect_eq_const(%t, dense<[44, 127, -1, -1, -128]> : tensor<5xi8>) : tensor<5xi8>
  %b = util.unfoldable_constant dense<[4294967301, 2147483648]> : tensor<2xi64>
  %bt = arith.trunci %b : tensor<2xi64> to tensor<2xi32>
  check.expect_eq_const(%bt, dense<[5, -2147483648]> : tensor<2xi32>) : tensor<2xi32>
  %c = util.unfoldable_constant dense<[1, 2, 3, -1]> : tensor<4xi8>
  %ct = arith.trunci %c : tensor<4xi8> to tensor<4xi1>
  check.expect_eq_const(%ct, dense<[true, false, true, true]> : tensor<4xi1>) : tensor<4xi1>
  %d = util.unfoldable_constant dense<[65537, -65536, 98304]> : tensor<3xi64>
  %dt = arith.trunci %d : tensor<3xi64> to tensor<3xi16>
  check.expect_eq_const(%dt, dense<[1, 0, -32768]> : tensor<3xi16>) : tensor<3xi16>
  return
}

// index_cast sign-extends into index and truncates out of it;
// index_castui zero-extends into index and truncates out of it.
//   i32 -> index, [-1, 2147483647, -2147483648]:
//     index_cast   [-1, 2147483647, -2147483648]
//     index_castui [4294967295, 2147483647, 2147483648]
//   index -> i32, [4294967301 (2^32+5), -1, 2147483648]:
//     both: [5, -1, -2147483648]
//   i8 -> index: -128: index_cast -128, index_castui 128
//   index -> i64 is the identity for both (index is 64 bits).
func.func @index_cast() {
  %a = util.unfoldable_constant dense<[-1, 2147483647, -2147483648]> : tensor<3xi32>
  %s = arith.index_cast %a : tensor<3xi32> to tensor<3xindex>
  %u = arith.index_castui %a : tensor<3xi32> to tensor<3xindex>
  check.expect_eq_const(%s, dense<[-1, 2147483647, -2147483648]> : tensor<3xindex>) : tensor<3xindex>
  check.expect_eq_const(%u, dense<[4294967295, 2147483647, 2147483648]> : tensor<3xindex>) : tensor<3xindex>
  %b = util.unfoldable_constant dense<[4294967301, -1, 2147483648]> : tensor<3xindex>
  %bs = arith.index_cast %b : tensor<3xindex> to tensor<3xi32>
  %bu = arith.index_castui %b : tensor<3xindex> to tensor<3xi32>
  check.expect_eq_const(%bs, dense<[5, -1, -2147483648]> : tensor<3xi32>) : tensor<3xi32>
  check.expect_eq_const(%bu, dense<[5, -1, -2147483648]> : tensor<3xi32>) : tensor<3xi32>
  %c = util.unfoldable_constant dense<[-128, 127]> : tensor<2xi8>
  %cs = arith.index_cast %c : tensor<2xi8> to tensor<2xindex>
  %cu = arith.index_castui %c : tensor<2xi8> to tensor<2xindex>
  check.expect_eq_const(%cs, dense<[-128, 127]> : tensor<2xindex>) : tensor<2xindex>
  check.expect_eq_const(%cu, dense<[128, 127]> : tensor<2xindex>) : tensor<2xindex>
  %d = util.unfoldable_constant dense<[-9223372036854775808, -1]> : tensor<2xindex>
  %ds = arith.index_cast %d : tensor<2xindex> to tensor<2xi64>
  %du = arith.index_castui %d : tensor<2xindex> to tensor<2xi64>
  check.expect_eq_const(%ds, dense<[-9223372036854775808, -1]> : tensor<2xi64>) : tensor<2xi64>
  check.expect_eq_const(%du, dense<[-9223372036854775808, -1]> : tensor<2xi64>) : tensor<2xi64>
  return
}

// Scalar index casts: i16 -1 -> index_cast -1, index_castui 65535;
// index 65536+7 -> i16: 7.
func.func @index_cast_scalar() {
  %a = util.unfoldable_constant -1 : i16
  %s = arith.index_cast %a : i16 to index
  %u = arith.index_castui %a : i16 to index
  %cm1 = arith.constant -1 : index
  %c65535 = arith.constant 65535 : index
  %ok0 = arith.cmpi eq, %s, %cm1 : index
  %ok1 = arith.cmpi eq, %u, %c65535 : index
  check.expect_true(%ok0) : i1
  check.expect_true(%ok1) : i1
  %b = util.unfoldable_constant 65543 : index
  %t = arith.index_cast %b : index to i16
  %c7 = arith.constant 7 : i16
  %ok2 = arith.cmpi eq, %t, %c7 : i16
  check.expect_true(%ok2) : i1
  return
}

// bitcast reinterprets the bits (IEEE encodings):
//   f32 1.0 = 0x3F800000 = 1065353216; -2.0 = 0xC0000000 = -1073741824;
//       +0 = 0; -0 = 0x80000000 = -2147483648
//   f16 1.0 = 0x3C00 = 15360; -2.0 = 0xC000 = -16384
//   bf16 1.0 = 0x3F80 = 16256; -2.0 = 0xC000 = -16384
//   f64 1.0 = 0x3FF0000000000000 = 4607182418800017408; -0.0 = -2^63
// and back again: i32 0x40490FDB = 1078530011 is f32 3.14159274 (pi rounded),
// i16 0x7BFF = 31743 is f16 65504.
func.func @bitcast() {
  %a = util.unfoldable_constant dense<[1.0, -2.0, 0.0, -0.0]> : tensor<4xf32>
  %ai = arith.bitcast %a : tensor<4xf32> to tensor<4xi32>
  check.expect_eq_const(%ai, dense<[1065353216, -1073741824, 0, -2147483648]> : tensor<4xi32>) : tensor<4xi32>
  %h = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xf16>
  %hi = arith.bitcast %h : tensor<2xf16> to tensor<2xi16>
  check.expect_eq_const(%hi, dense<[15360, -16384]> : tensor<2xi16>) : tensor<2xi16>
  %b = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xbf16>
  %bi = arith.bitcast %b : tensor<2xbf16> to tensor<2xi16>
  check.expect_eq_const(%bi, dense<[16256, -16384]> : tensor<2xi16>) : tensor<2xi16>
  %d = util.unfoldable_constant dense<[1.0, -0.0]> : tensor<2xf64>
  %di = arith.bitcast %d : tensor<2xf64> to tensor<2xi64>
  check.expect_eq_const(%di, dense<[4607182418800017408, -9223372036854775808]> : tensor<2xi64>) : tensor<2xi64>
  %p = util.unfoldable_constant dense<[1078530011]> : tensor<1xi32>
  %pf = arith.bitcast %p : tensor<1xi32> to tensor<1xf32>
  check.expect_eq_const(%pf, dense<[3.14159274]> : tensor<1xf32>) : tensor<1xf32>
  %q = util.unfoldable_constant dense<[31743]> : tensor<1xi16>
  %qf = arith.bitcast %q : tensor<1xi16> to tensor<1xf16>
  check.expect_eq_const(%qf, dense<[65504.0]> : tensor<1xf16>) : tensor<1xf16>
  return
}

//===----------------------------------------------------------------------===//
// select
//===----------------------------------------------------------------------===//

// Elementwise select: c = [1,0,1,0] picks a where true, b where false.
//   i8: a = [1,2,3,4], b = [-1,-2,-3,-4] -> [1,-2,3,-4]
//   i64: a = [-2^63, 0, 7, 8], b = [1, 2^63-1, 9, 10] -> [-2^63, 2^63-1, 7, 10]
//   i1: a = [0,0,1,1], b = [1,1,0,0] -> [0,1,1,0]
func.func @select_tensor() {
  %c = util.unfoldable_constant dense<[true, false, true, false]> : tensor<4xi1>
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[-1, -2, -3, -4]> : tensor<4xi8>
  %r = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xi8>
  check.expect_eq_const(%r, dense<[1, -2, 3, -4]> : tensor<4xi8>) : tensor<4xi8>
  %x = util.unfoldable_constant dense<[-9223372036854775808, 0, 7, 8]> : tensor<4xi64>
  %y = util.unfoldable_constant dense<[1, 9223372036854775807, 9, 10]> : tensor<4xi64>
  %z = arith.select %c, %x, %y : tensor<4xi1>, tensor<4xi64>
  check.expect_eq_const(%z, dense<[-9223372036854775808, 9223372036854775807, 7, 10]> : tensor<4xi64>) : tensor<4xi64>
  %p = util.unfoldable_constant dense<[false, false, true, true]> : tensor<4xi1>
  %q = util.unfoldable_constant dense<[true, true, false, false]> : tensor<4xi1>
  %s = arith.select %c, %p, %q : tensor<4xi1>, tensor<4xi1>
  check.expect_eq_const(%s, dense<[false, true, true, false]> : tensor<4xi1>) : tensor<4xi1>
  return
}

// Scalar select: (5 > 3) ? 10 : 20 = 10; (5 < 3) ? 10 : 20 = 20, on i16 and index.
func.func @select_scalar() {
  %a = util.unfoldable_constant 5 : i32
  %b = util.unfoldable_constant 3 : i32
  %gt = arith.cmpi sgt, %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %c10 = arith.constant 10 : i16
  %c20 = arith.constant 20 : i16
  %r0 = arith.select %gt, %c10, %c20 : i16
  %r1 = arith.select %lt, %c10, %c20 : i16
  %ok0 = arith.cmpi eq, %r0, %c10 : i16
  %ok1 = arith.cmpi eq, %r1, %c20 : i16
  check.expect_true(%ok0) : i1
  check.expect_true(%ok1) : i1
  %i10 = arith.constant 10 : index
  %i20 = arith.constant 20 : index
  %r2 = arith.select %lt, %i10, %i20 : index
  %ok2 = arith.cmpi eq, %r2, %i20 : index
  check.expect_true(%ok2) : i1
  return
}

// select with a scalar i1 condition on tensor operands picks a whole tensor
// (arith.select: "If an i1 is provided as the condition, the entire vector or
// tensor is chosen"):
//   (5 > 3) ? [1, 2, 3] : [4, 5, 6] = [1, 2, 3];  (5 < 3) ? ... = [4, 5, 6]
func.func @select_scalar_condition_on_tensors() {
  %a = util.unfoldable_constant 5 : i32
  %b = util.unfoldable_constant 3 : i32
  %gt = arith.cmpi sgt, %a, %b : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %x = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = util.unfoldable_constant dense<[4, 5, 6]> : tensor<3xi32>
  %r0 = arith.select %gt, %x, %y : tensor<3xi32>
  %r1 = arith.select %lt, %x, %y : tensor<3xi32>
  check.expect_eq_const(%r0, dense<[1, 2, 3]> : tensor<3xi32>) : tensor<3xi32>
  check.expect_eq_const(%r1, dense<[4, 5, 6]> : tensor<3xi32>) : tensor<3xi32>
  return
}

//===----------------------------------------------------------------------===//
// The same ops inside linalg.generic bodies and on dynamic shapes
//===----------------------------------------------------------------------===//

// Body: r = select(a <s b, (a - b) * 3, a >>s 1)  on i16.
//   a = [10, -20, 32767, -32768], b = [20, 30, 0, -1]
//   lane 0: 10 < 20: (10-20)*3 = -30
//   lane 1: -20 < 30: (-50)*3 = -150
//   lane 2: 32767 >= 0: 32767 >> 1 = 16383
//   lane 3: -32768 < -1: (-32768+1)*3 = -98301 -> -98301 + 2*65536 = 32771 -> 32771-65536 = -32765
func.func @generic_int_body() {
  %a = util.unfoldable_constant dense<[10, -20, 32767, -32768]> : tensor<4xi16>
  %b = util.unfoldable_constant dense<[20, 30, 0, -1]> : tensor<4xi16>
  %e = tensor.empty() : tensor<4xi16>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi16>, tensor<4xi16>) outs(%e : tensor<4xi16>) {
  ^bb0(%x: i16, %y: i16, %out: i16):
    %c3 = arith.constant 3 : i16
    %c1 = arith.constant 1 : i16
    %lt = arith.cmpi slt, %x, %y : i16
    %d = arith.subi %x, %y : i16
    %m = arith.muli %d, %c3 : i16
    %h = arith.shrsi %x, %c1 : i16
    %s = arith.select %lt, %m, %h : i16
    linalg.yield %s : i16
  } -> tensor<4xi16>
  check.expect_eq_const(%r, dense<[-30, -150, 16383, -32765]> : tensor<4xi16>) : tensor<4xi16>
  return
}

// Body mixing widths: extsi i8 -> i32, muli in i32, trunci back to i8.
//   a = [100, -100, 127, -128], b = [3, 3, -1, -1]
//   i32 products: 300, -300, -127, 128
//   trunci to i8: 300 -> 44, -300 = 0xFED4 -> 0xD4 = -44, -127, 128 -> -128
func.func @generic_int_widths() {
  %a = util.unfoldable_constant dense<[100, -100, 127, -128]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[3, 3, -1, -1]> : tensor<4xi8>
  %e = tensor.empty() : tensor<4xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) {
  ^bb0(%x: i8, %y: i8, %out: i8):
    %xw = arith.extsi %x : i8 to i32
    %yw = arith.extsi %y : i8 to i32
    %p = arith.muli %xw, %yw : i32
    %t = arith.trunci %p : i32 to i8
    linalg.yield %t : i8
  } -> tensor<4xi8>
  check.expect_eq_const(%r, dense<[44, -44, -127, -128]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// Dynamic shape: tensor<?xi32> from flow.tensor.dynamic_constant.
//   [2147483647, -5, 6, 0] + [1, 5, -6, -1] = [-2147483648, 0, 0, -1]
//   then floordivsi by 2: floor(-1073741824) = -1073741824, 0, 0, floor(-0.5) = -1
func.func @dynamic_shape_i32() {
  %a = flow.tensor.dynamic_constant dense<[2147483647, -5, 6, 0]> : tensor<4xi32> -> tensor<?xi32>
  %b = flow.tensor.dynamic_constant dense<[1, 5, -6, -1]> : tensor<4xi32> -> tensor<?xi32>
  %two = flow.tensor.dynamic_constant dense<[2, 2, 2, 2]> : tensor<4xi32> -> tensor<?xi32>
  %s = arith.addi %a, %b : tensor<?xi32>
  %f = arith.floordivsi %s, %two : tensor<?xi32>
  %sc = tensor.cast %s : tensor<?xi32> to tensor<4xi32>
  %fc = tensor.cast %f : tensor<?xi32> to tensor<4xi32>
  check.expect_eq_const(%sc, dense<[-2147483648, 0, 0, -1]> : tensor<4xi32>) : tensor<4xi32>
  check.expect_eq_const(%fc, dense<[-1073741824, 0, 0, -1]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// Shapes other than 1-D:
//   0-d tensor<i8>: 127 + 1 -> -128
//   2-D: [[1,2,3],[4,5,6]] - [[6,5,4],[3,2,1]] = [[-5,-3,-1],[1,3,5]]
// and a tensor of 3000 elements (larger than any small batch size an
// implementation may process at once): 100 + 100 = 200 -> -56 in every lane,
// and 3000 lanes of i64 (2^62) * 2 = 2^63 -> -9223372036854775808.
func.func @shapes_0d_2d_large() {
  %a = util.unfoldable_constant dense<127> : tensor<i8>
  %b = util.unfoldable_constant dense<1> : tensor<i8>
  %r = arith.addi %a, %b : tensor<i8>
  check.expect_eq_const(%r, dense<-128> : tensor<i8>) : tensor<i8>
  %c = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %d = util.unfoldable_constant dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
  %e = arith.subi %c, %d : tensor<2x3xi32>
  check.expect_eq_const(%e, dense<[[-5, -3, -1], [1, 3, 5]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  %f = util.unfoldable_constant dense<100> : tensor<3000xi8>
  %g = arith.addi %f, %f : tensor<3000xi8>
  check.expect_eq_const(%g, dense<-56> : tensor<3000xi8>) : tensor<3000xi8>
  %h = util.unfoldable_constant dense<4611686018427387904> : tensor<3000xi64>
  %two = util.unfoldable_constant dense<2> : tensor<3000xi64>
  %k = arith.muli %h, %two : tensor<3000xi64>
  check.expect_eq_const(%k, dense<-9223372036854775808> : tensor<3000xi64>) : tensor<3000xi64>
  return
}

// The division family inside a linalg.generic body on i8 (the region
// compiler path), a = [-128, 127, -7, 7], b = [3, -2, 2, -2]:
//   divsi     : -42 (trunc -42.67), -63 (trunc -63.5), -3, -3
//   remsi     : -2, 1, -1, 1
//   ceildivsi : -42, -63, -3, -3
//   floordivsi: -43, -64, -4, -4
//   divui     : 128/3 = 42, 127/254 = 0, 249/2 = 124, 7/254 = 0
//   sum of the five = -42-2-42-43+42 = -87 ; -63+1-63-64+0 = -189 -> 67 ;
//                     -3-1-3-4+124 = 113 ; -3+1-3-4+0 = -9
func.func @generic_division_family_i8() {
  %a = util.unfoldable_constant dense<[-128, 127, -7, 7]> : tensor<4xi8>
  %b = util.unfoldable_constant dense<[3, -2, 2, -2]> : tensor<4xi8>
  %e = tensor.empty() : tensor<4xi8>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) {
  ^bb0(%x: i8, %y: i8, %out: i8):
    %q = arith.divsi %x, %y : i8
    %m = arith.remsi %x, %y : i8
    %c = arith.ceildivsi %x, %y : i8
    %f = arith.floordivsi %x, %y : i8
    %u = arith.divui %x, %y : i8
    %s0 = arith.addi %q, %m : i8
    %s1 = arith.addi %s0, %c : i8
    %s2 = arith.addi %s1, %f : i8
    %s3 = arith.addi %s2, %u : i8
    linalg.yield %s3 : i8
  } -> tensor<4xi8>
  check.expect_eq_const(%r, dense<[-87, 67, 113, -9]> : tensor<4xi8>) : tensor<4xi8>
  return
}

// mulsi_extended / mului_extended and cmpi inside a linalg.generic body (i16):
//   a = [-32768, 300, -1], b = [-32768, 300, 2]
//   signed products: 2^30 -> hi 16384; 90000 = 0x15F90 -> hi 1; -2 -> hi -1
//   unsigned: 32768*32768 = 2^30 -> hi 16384; 90000 -> hi 1;
//             65535*2 = 131070 = 0x1FFFE -> hi 1
//   result = hi_s - hi_u, plus 1000 if (lo_s ult 100): lo_s = 0, 0x5F90 (24464), -2
//   lane 0: 16384 - 16384 = 0, lo 0 < 100 -> 1000
//   lane 1: 1 - 1 = 0, 24464 >= 100 -> 0
//   lane 2: -1 - 1 = -2, lo 0xFFFE = 65534 unsigned >= 100 -> -2
func.func @generic_mul_extended_i16() {
  %a = util.unfoldable_constant dense<[-32768, 300, -1]> : tensor<3xi16>
  %b = util.unfoldable_constant dense<[-32768, 300, 2]> : tensor<3xi16>
  %e = tensor.empty() : tensor<3xi16>
  %r = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%a, %b : tensor<3xi16>, tensor<3xi16>) outs(%e : tensor<3xi16>) {
  ^bb0(%x: i16, %y: i16, %out: i16):
    %slo, %shi = arith.mulsi_extended %x, %y : i16
    %ulo, %uhi = arith.mului_extended %x, %y : i16
    %d = arith.subi %shi, %uhi : i16
    %c100 = arith.constant 100 : i16
    %c1000 = arith.constant 1000 : i16
    %small = arith.cmpi ult, %slo, %c100 : i16
    %plus = arith.addi %d, %c1000 : i16
    %s = arith.select %small, %plus, %d : i16
    linalg.yield %s : i16
  } -> tensor<3xi16>
  check.expect_eq_const(%r, dense<[1000, 0, -2]> : tensor<3xi16>) : tensor<3xi16>
  return
}
