// Reads out of bounds (docs/coverage.md, "Reads out of bounds"): a read whose
// value a select discards is a note and the golden is produced (exit 0); one
// whose value the select keeps is the read's own finding, at the reading op
// (exit 3); a read whose value is not provably discarded (used by anything
// but selects and non-trapping arith/math ops on the way to one) is reported
// where it happens, as before.
//
// RUN: %ref-run %s --function=masked 2>&1 | FileCheck %s --check-prefix=MASKED
// RUN: %expect-exit 3 %ref-run %s --function=kept 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: %expect-exit 3 %ref-run %s --function=into_division 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: %expect-exit 3 %ref-run %s --function=condition 2>&1 | FileCheck %s --check-prefix=COND
// RUN: %expect-exit 3 %ref-run %s --function=scalar_kept 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: %expect-exit 3 %ref-run %s --function=gather_kept 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: %ref-run %s --function=masked --freedom=%t.json > /dev/null 2>&1 && FileCheck %s --check-prefix=FREEDOM < %t.json

#id = affine_map<(d0) -> (d0)>

// idx = [1, 5, -2]: lanes 1 and 2 read out of bounds and are masked.
// MASKED: oob_reads.mlir:[[@LINE+15]]:10: note: read out of bounds, result masked in 'tensor.extract': 2 elements read out of bounds, discarded by arith.select at {{.*}}oob_reads.mlir:[[@LINE+16]]:10
// MASKED-NOT: undefined behaviour
// MASKED: EXEC @masked
// MASKED: 3xi32=20 -1 -1
// FREEDOM: "masked_out_of_bounds_read": "tensor.extract at {{.*}}oob_reads.mlir:[[@LINE+11]]:10"
func.func @masked() -> tensor<3xi32> {
  %src = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[1, 5, -2]> : tensor<3xindex>
  %e = tensor.empty() : tensor<3xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<3xindex>) outs(%e : tensor<3xi32>) {
  ^bb0(%x: index, %o: i32):
    %c3 = arith.constant 3 : index
    %m1 = arith.constant -1 : i32
    %ok = arith.cmpi ult, %x, %c3 : index
    %v = tensor.extract %src[%x] : tensor<3xi32>
    %r = arith.select %ok, %v, %m1 : i32
    linalg.yield %r : i32
  } -> tensor<3xi32>
  return %g : tensor<3xi32>
}

// The guard checks the wrong bound (x < 4 on 3 elements): lane 1 reads
// index 3 and the select keeps it, so the read is undefined behaviour.
// KEPT: oob_reads.mlir:[[@LINE+12]]:10: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract': the value read out of bounds is not discarded: it reaches a function result (func.return at {{.*}}) at element [1]
// KEPT-NOT: read out of bounds, result masked
func.func @kept() -> tensor<2xi32> {
  %src = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[0, 3]> : tensor<2xindex>
  %e = tensor.empty() : tensor<2xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<2xindex>) outs(%e : tensor<2xi32>) {
  ^bb0(%x: index, %o: i32):
    %c4 = arith.constant 4 : index
    %m1 = arith.constant -1 : i32
    %ok = arith.cmpi ult, %x, %c4 : index
    %v = tensor.extract %src[%x] : tensor<3xi32>
    %r = arith.select %ok, %v, %m1 : i32
    linalg.yield %r : i32
  } -> tensor<2xi32>
  return %g : tensor<2xi32>
}

// The value feeds a division before the select: a division may trap on it,
// so the read is not provably discarded and is reported where it happens.
// DIV: oob_reads.mlir:[[@LINE+11]]:10: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract' at element [0]: index 7 of dimension 0 (size 3)
func.func @into_division() -> tensor<1xi32> {
  %src = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %i = util.unfoldable_constant dense<[7]> : tensor<1xindex>
  %e = tensor.empty() : tensor<1xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<1xindex>) outs(%e : tensor<1xi32>) {
  ^bb0(%x: index, %o: i32):
    %c3 = arith.constant 3 : index
    %c100 = arith.constant 100 : i32
    %ok = arith.cmpi ult, %x, %c3 : index
    %v = tensor.extract %src[%x] : tensor<3xi32>
    %q = arith.divsi %c100, %v : i32
    %r = arith.select %ok, %q, %c100 : i32
    linalg.yield %r : i32
  } -> tensor<1xi32>
  return %g : tensor<1xi32>
}

// The value is the select's condition, not one of its values: reported at once.
// COND: oob_reads.mlir:[[@LINE+10]]:10: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract' at element [0]: index 4 of dimension 0 (size 2)
func.func @condition() -> tensor<1xi32> {
  %src = arith.constant dense<[true, false]> : tensor<2xi1>
  %i = util.unfoldable_constant dense<[4]> : tensor<1xindex>
  %e = tensor.empty() : tensor<1xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%i : tensor<1xindex>) outs(%e : tensor<1xi32>) {
  ^bb0(%x: index, %o: i32):
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %v = tensor.extract %src[%x] : tensor<2xi1>
    %r = arith.select %v, %c1, %c2 : i32
    linalg.yield %r : i32
  } -> tensor<1xi32>
  return %g : tensor<1xi32>
}

// A scalar extract whose guard is true on an out-of-bounds index (the guard
// tests i != 1 instead of i < 3).
// SCALAR: oob_reads.mlir:[[@LINE+5]]:8: undefined behaviour: out-of-bounds tensor.extract in 'tensor.extract': the value read out of bounds is not discarded: it reaches a function result
func.func @scalar_kept() -> i16 {
  %t = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi16>
  %i = util.unfoldable_constant 6 : index
  %c1 = arith.constant 1 : index
  %v = tensor.extract %t[%i] : tensor<3xi16>
  %ok = arith.cmpi ne, %i, %c1 : index
  %f = arith.constant 9 : i16
  %r = arith.select %ok, %v, %f : i16
  return %r : i16
}

// A gathered row out of bounds that the mask keeps.
// GATHER: oob_reads.mlir:[[@LINE+5]]:8: undefined behaviour: out-of-range gather index in 'iree_linalg_ext.gather': the value read out of bounds is not discarded: it reaches a function result (func.return at {{.*}}) at element [1, 0]
func.func @gather_kept() -> tensor<2x2xi32> {
  %src = util.unfoldable_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %idx = util.unfoldable_constant dense<[[2], [3]]> : tensor<2x1xi32>
  %e = tensor.empty() : tensor<2x2xi32>
  %g = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3x2xi32>, tensor<2x1xi32>)
      outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %ok = arith.constant dense<true> : tensor<2x2xi1>
  %z = arith.constant dense<0> : tensor<2x2xi32>
  %r = arith.select %ok, %g, %z : tensor<2x2xi1>, tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}
