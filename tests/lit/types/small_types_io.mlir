// Raw .bin input and output of the sub-byte and small float types, packed
// the way IREE's buffers hold them (i2, i4, f4E2M1FN: element i in bits
// [i*w, (i+1)*w), low bits first), text input and text output; numpy and
// ml_dtypes-free byte checks (expected bytes derived by hand).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "open('%t/a.bin','wb').write(bytes([0x21, 0x43, 0x05]))"
// RUN: %ref-run %s --function=i4 --input=5xi4=@%t/a.bin --output=@%t/r.bin
// RUN: %python -c "print(open('%t/r.bin','rb').read().hex())" | FileCheck %s --check-prefix=I4BIN
// I4BIN: 42860a
// RUN: %ref-run %s --function=i4 --input=5xi4=1,2,3,4,5 | FileCheck %s --check-prefix=I4TXT
// The i4 sum wraps: 8 and 10 are -8 and -6.
// I4TXT: 5xi4=2 4 6 -8 -6
// RUN: %python -c "open('%t/f.bin','wb').write(bytes([0xA2]))"
// RUN: %ref-run %s --function=f4 --input=2xf4E2M1FN=@%t/f.bin --output=@%t/g.bin
// RUN: %python -c "print(open('%t/g.bin','rb').read().hex())" | FileCheck %s --check-prefix=F4BIN
// F4BIN: c4
// RUN: %ref-run %s --function=f4 --input=2xf4E2M1FN=1,-1 | FileCheck %s --check-prefix=F4TXT
// F4TXT: 2xf4E2M1FN=2 -2
// RUN: %ref-run %s --function=e8m0 --input=3xf8E8M0FNU=1,3,-2 | FileCheck %s --check-prefix=E8M0
// E8M0: 3xf32=1 4 0
// RUN: %ref-run %s --function=fnuz --input=2xf8E4M3FNUZ=nan,1 | FileCheck %s --check-prefix=FNUZ
// FNUZ: 2xf8E4M3FNUZ=NAN 1
// RUN: %expect-exit 2 %ref-run %s --function=f4 --input=2xf4E2M1FN=nan,1 2>&1 | FileCheck %s --check-prefix=F4NAN
// F4NAN: f4E2M1FN has no NaN

func.func @i4(%a: tensor<5xi4>) -> tensor<5xi4> {
  %0 = arith.addi %a, %a : tensor<5xi4>
  return %0 : tensor<5xi4>
}

// [1, -1] (0x2, 0xA, byte 0xA2) doubled: [2, -2] = 0x4, 0xC -> 0xC4.
func.func @f4(%a: tensor<2xf4E2M1FN>) -> tensor<2xf4E2M1FN> {
  %0 = arith.addf %a, %a : tensor<2xf4E2M1FN>
  return %0 : tensor<2xf4E2M1FN>
}

// Text parses as iree-run-module does (strtof, then the nearer power of
// two, ties up; zero and negatives to 0x00): 1 -> 0x7F, 3 -> 4 (0x81),
// -2 -> 0x00, which extf (MLIR's expansion) makes +0.0.
func.func @e8m0(%a: tensor<3xf8E8M0FNU>) -> tensor<3xf32> {
  %0 = arith.extf %a : tensor<3xf8E8M0FNU> to tensor<3xf32>
  return %0 : tensor<3xf32>
}

func.func @fnuz(%a: tensor<2xf8E4M3FNUZ>) -> tensor<2xf8E4M3FNUZ> {
  return %a : tensor<2xf8E4M3FNUZ>
}
