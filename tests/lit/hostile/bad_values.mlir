// Hostile --input values and .npy files: each is refused with the argument
// or file named and exit code 2, without allocating what a lying header or
// a huge shape claims.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %expect-exit 2 %ref-run %s --input=100000000000000000xf32=0 --input=index=1 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: %expect-exit 2 %ref-run %s --input=-4xf32=0 --input=index=1 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=0 --input=f32=1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=0 --input=index=-3 2>&1 | FileCheck %s --check-prefix=NEGDIM
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=0 --input=index=99999999999999 2>&1 | FileCheck %s --check-prefix=HUGEDIM
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=1,2,3,4,5 --input=index=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: %expect-exit 2 %ref-run %s --input=4xf32=1,x,3,4 --input=index=1 2>&1 | FileCheck %s --check-prefix=JUNK
// RUN: %expect-exit 2 %ref-run %s --input=4xi8=300 --input=index=1 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: %expect-exit 2 %ref-run %s --input=4xf99=1 --input=index=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// A header that claims 2^40 elements of data that is not there.
// RUN: %python -c "import sys; h=b\"{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }\"; h=h+b' '*(63-len(h)%%64)+b'\n'; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00'+len(h).to_bytes(2,'little')+h+b'\0'*16)" > %t/lying.npy
// RUN: %expect-exit 2 %ref-run %s --input=@%t/lying.npy --input=index=1 2>&1 | FileCheck %s --check-prefix=LYING
// A header length pointing past the end of the file.
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00\xff\xff{')" > %t/short.npy
// RUN: %expect-exit 2 %ref-run %s --input=@%t/short.npy --input=index=1 2>&1 | FileCheck %s --check-prefix=SHORT
// A negative dimension in the header.
// RUN: %python -c "import sys; h=b\"{'descr': '<f4', 'fortran_order': False, 'shape': (-4,), }\"; h=h+b' '*(63-len(h)%%64)+b'\n'; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00'+len(h).to_bytes(2,'little')+h+b'\0'*16)" > %t/negative.npy
// RUN: %expect-exit 2 %ref-run %s --input=@%t/negative.npy --input=index=1 2>&1 | FileCheck %s --check-prefix=NEGNPY
// Not an NPY file at all.
// RUN: printf 'hello' > %t/text.npy
// RUN: %expect-exit 2 %ref-run %s --input=@%t/text.npy --input=index=1 2>&1 | FileCheck %s --check-prefix=MAGIC

// HUGE: error: --input #0: {{.*}}
// NEG: error: --input #0: {{.*}}
// TYPE: error: --input #1 (f32): the function's argument 1 has type index
// NEGDIM: error: result dimension 0 has negative size -3
// HUGEDIM: error: tensor of shape 99999999999999xf32 exceeds the memory budget
// COUNT: error: --input #0: {{.*}}
// JUNK: error: --input #0: {{.*}}
// RANGE: error: --input #0: input '4xi8=300': value 0: '300' is out of range for i8
// DTYPE: error: --input #0: input '4xf99=1': unknown element type 'f99'
// LYING: error: --input #0: {{.*}}lying.npy: {{.*}}
// SHORT: error: --input #0: {{.*}}short.npy: {{.*}}
// NEGNPY: error: --input #0: {{.*}}negative.npy: {{.*}}
// MAGIC: error: --input #0: {{.*}}text.npy: {{.*}}
func.func @main(%a: tensor<4xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %c = arith.constant 2.0 : f32
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
