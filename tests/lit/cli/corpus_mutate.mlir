// ref-mutate's corpus mutation (`difftest fuzz --mutate`): one function of a
// real program made a case (its checks made results, IREE's ABI wrapper
// unwrapped, renamed, nothing else public), then mutated. Each mutation kind
// on the functions below; every mutant verifies, and its result is derived
// by hand or by numpy (never by the interpreter alone).
//
// RUN: rm -rf %t && mkdir -p %t
//
// An e2e test function becomes a function of the values its checks check:
// the interpreter gives the check's own expected value (IREE's test).
// RUN: ref-mutate %s --corpus-mutate --function=sort2D --rename=f7 --max-mutations=0 -o %t/norm.mlir | FileCheck %s --check-prefix=NORMJ
// NORMJ: "arg_shapes":[],{{.*}}"function":"sort2D","invalid":0,{{.*}}"mutations":[],"name":"f7"
// RUN: FileCheck %s --check-prefix=NORM < %t/norm.mlir
// NORM:     func.func @f7() -> tensor<2x2xi32> {
// NORM-NOT: check.
// NORM:     return %{{.*}} : tensor<2x2xi32>
// RUN: %ref-run %t/norm.mlir --function=f7 | FileCheck %s --check-prefix=NORMOUT
// NORMOUT: 2x2xi32=[3 6][5 7]
//
// IREE's ABI wrapper (an ONNX model as --compile-to=input leaves it) is
// unwrapped first.
// RUN: ref-mutate %S/hal_async_abi.mlir --corpus-mutate --function=row_sums --rename=f1 --max-mutations=0 -o %t/abi.mlir
// RUN: FileCheck %s --check-prefix=ABI < %t/abi.mlir
// ABI:     func.func @f1(%arg0: tensor<?x2xf32>) -> tensor<?xf32> {
// ABI-NOT: hal.
//
// dtype: f32 -> f16 of an elementwise add equals numpy's f16 add (2048 + 1
// rounds to 2048 in f16; 0.1 + 0.2 rounds in f16).
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f0 --apply="dtype f32 -> f16" -o %t/f16.mlir | FileCheck %s --check-prefix=F16J
// F16J: "mutations":[{"kind":"dtype","what":"dtype f32 -> f16"}]
// RUN: FileCheck %s --check-prefix=F16 < %t/f16.mlir
// F16: func.func @f0(%arg0: tensor<4xf16>, %arg1: tensor<4xf16>) -> tensor<4xf16>
// F16: arith.addf %{{.*}}, %{{.*}} : f16
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([2048, 0.1, 1.5, -3], np.float16)); np.save('%t/b.npy', np.array([1, 0.2, 2.25, 3], np.float16))"
// RUN: %ref-run %t/f16.mlir --function=f0 --input=@%t/a.npy --input=@%t/b.npy --output=@%t/r16.npy
// RUN: %python -c "import numpy as np; a=np.load('%t/a.npy'); b=np.load('%t/b.npy'); r=np.load('%t/r16.npy'); assert r.dtype==np.float16 and (r==a+b).all() and r[0]==2048, r; print('f16 ok')" | FileCheck %s --check-prefix=F16OK
// F16OK: f16 ok
//
// dtype f32 -> f16 of a case named after its index, @f32 (the campaign's
// case 32): the name is not a type and stays (it was renamed to @f16, the
// next step found no @f32 and ref-mutate crashed).
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f32 --apply="dtype f32 -> f16" -o %t/f32name.mlir
// RUN: FileCheck %s --check-prefix=F32NAME < %t/f32name.mlir
// F32NAME: func.func @f32(%arg0: tensor<4xf16>, %arg1: tensor<4xf16>) -> tensor<4xf16>
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f32 --apply="dtype f32 -> f16" --apply="dtype f16 -> f64" -o %t/f32name2.mlir
// RUN: FileCheck %s --check-prefix=F32NAME2 < %t/f32name2.mlir
// F32NAME2: func.func @f32(%arg0: tensor<4xf64>, %arg1: tensor<4xf64>) -> tensor<4xf64>
//
// dtype: i32 -> i8 wraps as numpy's int8 (100 + 100 = -56).
// RUN: ref-mutate %s --corpus-mutate --function=addi --rename=f0 --apply="dtype i32 -> i8" -o %t/i8.mlir
// RUN: %ref-run %t/i8.mlir --function=f0 --input="4xi8=100 -128 7 127" --input="4xi8=100 -1 -7 1" | FileCheck %s --check-prefix=I8
// I8: 4xi8=-56 127 0 -128
//
// shape: extent 4 -> 5 everywhere (one shape symbol).
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f0 --apply="extent 4 -> 5" -o %t/six.mlir | FileCheck %s --check-prefix=SIXJ
// SIXJ: "arg_shapes":{{\[\[}}5],[5]]
// RUN: FileCheck %s --check-prefix=SIX < %t/six.mlir
// SIX-NOT: 4xf32
// SIX:     func.func @f0(%arg0: tensor<5xf32>, %arg1: tensor<5xf32>) -> tensor<5xf32>
// RUN: %ref-run %t/six.mlir --function=f0 --input="5xf32=1 2 3 4 5" --input="5xf32=0.5 0.5 0.5 0.5 -5" | FileCheck %s --check-prefix=SIXOUT
// SIXOUT: 5xf32=1.5 2.5 3.5 4.5 0
//
// dynamic: a `?` at the boundary, cast back at entry or given to the users;
// the argument still runs with its old extent, and the result is the
// static program's (same inputs, same output).
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f0 --apply="argument 0 dim 0 -> ? (cast at entry)" -o %t/dyn1.mlir | FileCheck %s --check-prefix=DYNJ
// DYNJ: "arg_shapes":{{\[\[}}4],[4]]
// RUN: FileCheck %s --check-prefix=DYN1 < %t/dyn1.mlir
// DYN1: func.func @f0(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32>
// DYN1: tensor.cast %arg0 : tensor<?xf32> to tensor<4xf32>
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f0 --apply="argument 1 dim 0 -> ? (users follow)" -o %t/dyn2.mlir
// RUN: FileCheck %s --check-prefix=DYN2 < %t/dyn2.mlir
// DYN2:     func.func @f0(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>) -> tensor<4xf32>
// DYN2-NOT: tensor.cast
// RUN: ref-mutate %s --corpus-mutate --function=add --rename=f0 --max-mutations=0 -o %t/static.mlir
// RUN: %ref-run %t/static.mlir --function=f0 --input="4xf32=1 2 3 4" --input="4xf32=4 3 2 1" > %t/static.txt
// RUN: %ref-run %t/dyn1.mlir --function=f0 --input="4xf32=1 2 3 4" --input="4xf32=4 3 2 1" > %t/dyn1.txt
// RUN: %ref-run %t/dyn2.mlir --function=f0 --input="4xf32=1 2 3 4" --input="4xf32=4 3 2 1" > %t/dyn2.txt
// RUN: diff %t/static.txt %t/dyn1.txt
// RUN: diff %t/static.txt %t/dyn2.txt
// RUN: FileCheck %s --check-prefix=STATIC < %t/static.txt
// STATIC: 4xf32=5 5 5 5
//
// Attributes. A comparator's strict order reversed and the sort dimension
// moved: rows sorted descending. [[5 6] [3 7]] -> [[6 5] [7 3]].
// RUN: ref-mutate %s --corpus-mutate --function=sort2D --rename=f0 --apply="arith.cmpi slt -> sgt (comparator)" --apply="iree_linalg_ext.sort dimension 0 -> 1" -o %t/sort.mlir
// RUN: %ref-run %t/sort.mlir --function=f0 | FileCheck %s --check-prefix=SORT
// SORT: 2x2xi32=[6 5][7 3]
// linalg.reduce over the other dimension: column sums of [[1 2 3] [4 5 6] [7 8 9]].
// RUN: ref-mutate %s --corpus-mutate --function=row_sum --rename=f0 --apply="linalg.reduce dimensions [1] -> [0]" -o %t/red.mlir
// RUN: %ref-run %t/red.mlir --function=f0 --input="3x3xf32=1 2 3 4 5 6 7 8 9" | FileCheck %s --check-prefix=RED
// RED: 3xf32=12 15 18
// A padding value: [2 3] padded by one 1 each side.
// RUN: ref-mutate %s --corpus-mutate --function=pad --rename=f0 --apply="tensor.pad padding value -> 1" -o %t/pad.mlir
// RUN: %ref-run %t/pad.mlir --function=f0 --input="2xf32=2 3" | FileCheck %s --check-prefix=PAD
// PAD: 4xf32=1 2 3 1
// unique_indices(true) -> false: a weaker promise, the same result.
// RUN: ref-mutate %s --corpus-mutate --function=scatter --rename=f0 --apply="scatter unique_indices true -> false" -o %t/uniq.mlir
// RUN: FileCheck %s --check-prefix=UNIQ < %t/uniq.mlir
// UNIQ: unique_indices(false)
// RUN: %ref-run %t/uniq.mlir --function=f0 --input="2xi32=8 9" --input="4xi32=1 2 3 4" | FileCheck %s --check-prefix=UNIQOUT
// UNIQOUT: 4xi32=9 2 3 8
//
// A constant made an argument (then every mutation can reach it).
// RUN: ref-mutate %s --corpus-mutate --function=sort2D --rename=f0 --apply="util.unfoldable_constant 0 (tensor<2x2xi32>) -> argument" -o %t/carg.mlir | FileCheck %s --check-prefix=CARGJ
// CARGJ: "arg_shapes":{{\[\[}}2,2]]
// RUN: %ref-run %t/carg.mlir --function=f0 --input="2x2xi32=5 6 3 7" | FileCheck %s --check-prefix=CARG
// CARG: 2x2xi32=[3 6][5 7]
//
// An invalid mutant is refused (exit 3) with the reason: the padded extent
// 2 -> 3 no longer adds up to the result's 4.
// RUN: %expect-exit 3 ref-mutate %s --corpus-mutate --function=pad --rename=f0 --apply="extent 2 -> 3" -o %t/bad.mlir | FileCheck %s --check-prefix=BAD
// BAD: "invalid":1,"invalid_reasons":["extent 2 -> 3: does not parse: {{.*}}does not match the inferred type 'tensor<5xf32>'
// An extent of a constant that is not a splat is no candidate (its
// elements would not fit): sort2D's 2 is not offered.
// RUN: %expect-exit 2 ref-mutate %s --corpus-mutate --function=sort2D --rename=f0 --apply="extent 2 -> 3" -o %t/bad.mlir 2>&1 | FileCheck %s --check-prefix=PINNED
// PINNED:     no mutation 'extent 2 -> 3' here
// PINNED-NOT: extent 2
//
// A packed sub-byte tensor (i2, i4, f4) must stay a whole number of bytes:
// IREE cannot size tensor<5xi4> (20 bits; its stream dialect rejects it by
// design), so the extent 4 -> 5 is an invalid attempt, never a case; 4 -> 8
// (32 bits) is kept.
// RUN: %expect-exit 3 ref-mutate %s --corpus-mutate --function=addi4 --rename=f0 --apply="extent 4 -> 5" -o %t/i4bad.mlir | FileCheck %s --check-prefix=I4BAD
// I4BAD: "invalid":1,"invalid_reasons":["extent 4 -> 5: makes tensor<5xi4>, not a whole number of bytes (IREE cannot size it)"]
// RUN: ref-mutate %s --corpus-mutate --function=addi4 --rename=f0 --apply="extent 4 -> 8" -o %t/i4ok.mlir | FileCheck %s --check-prefix=I4OK
// I4OK: "invalid":0
//
// Deterministic per seed: the same seed, the same mutant.
// RUN: ref-mutate %s --corpus-mutate --function=row_sum --rename=f0 --seed=11 -o %t/s1.mlir > %t/s1.json
// RUN: ref-mutate %s --corpus-mutate --function=row_sum --rename=f0 --seed=11 -o %t/s2.mlir > %t/s2.json
// RUN: diff %t/s1.mlir %t/s2.mlir
// RUN: diff %t/s1.json %t/s2.json
//
// The inventory: which sources load and what each function offers.
// RUN: echo "%s" > %t/list && echo "%S/../Inputs/no-such-file.mlir" >> %t/list
// RUN: ref-mutate %t/list --corpus-inventory -o %t/inv.jsonl
// RUN: FileCheck %s --check-prefix=INV < %t/inv.jsonl
// INV: "functions":[{"candidates":11,"kinds":{"dtype":3,"dynamic":4,"shape":4},"name":"add"}
// INV-SAME: "loaded":true
// INV: "loaded":false
//
// A function that cannot be a case: exit 2 with the reason.
// RUN: %expect-exit 2 ref-mutate %S/hal_async_abi.mlir --corpus-mutate --function=identity --rename=f0 -o %t/none.mlir 2>&1 | FileCheck %s --check-prefix=NOCASE
// NOCASE: @identity cannot be a case:

#id = affine_map<(d0) -> (d0)>
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @addi(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  %0 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %s = arith.addi %x, %y : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @sort2D() {
  %input = util.unfoldable_constant dense<[[5, 6], [3, 7]]> : tensor<2x2xi32>
  %0 = iree_linalg_ext.sort dimension(0) outs(%input : tensor<2x2xi32>) {
    ^bb0(%arg2: i32, %arg3: i32):
      %1 = arith.cmpi slt, %arg2, %arg3 : i32
      iree_linalg_ext.yield %1 : i1
    } -> tensor<2x2xi32>
  check.expect_eq_const(%0, dense<[[3, 6], [5, 7]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}
func.func @row_sum(%a: tensor<3x3xf32>) -> tensor<3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%a : tensor<3x3xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<3xf32>
}
func.func @pad(%a: tensor<2xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1] high[1] {
  ^bb0(%i: index):
    tensor.yield %z : f32
  } : tensor<2xf32> to tensor<4xf32>
  return %p : tensor<4xf32>
}
func.func @scatter(%upd: tensor<2xi32>, %dst: tensor<4xi32>) -> tensor<4xi32> {
  %idx = arith.constant dense<[[3], [0]]> : tensor<2x1xi32>
  %0 = iree_linalg_ext.scatter dimension_map = [0] unique_indices(true)
      ins(%upd, %idx : tensor<2xi32>, tensor<2x1xi32>) outs(%dst : tensor<4xi32>) {
    ^bb0(%u: i32, %d: i32):
      iree_linalg_ext.yield %u : i32
    } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @addi4(%a: tensor<4xi4>) -> tensor<4xi4> {
  %0 = arith.addi %a, %a : tensor<4xi4>
  return %0 : tensor<4xi4>
}
