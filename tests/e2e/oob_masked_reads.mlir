// Self-checking e2e tests of reads out of bounds whose value a select
// discards (docs/coverage.md, "Reads out of bounds"), run with
//   ref-run --check oob_masked_reads.mlir
// The frontend pattern: a clamp-free gather that reads at a computed index
// and then masks the read with arith.select on a range check (ONNX
// GridSample with zeros padding, torch-mlir's index lowerings). Each read
// out of bounds is a note ("read out of bounds, result masked"), never
// undefined behaviour: every function here must pass. Expected values are
// derived by hand in the comments.

#id = affine_map<(d0) -> (d0)>

// out[i] = (0 <= idx[i] < 4) ? src[idx[i]] : -1, src = [10, 20, 30, 40],
// idx = [2, 7, -3, 0]: 30, masked -1, masked -1, 10. The read at 7 and at -3
// happens (the extract runs on every lane) but the select discards it.
func.func @masked_gather_in_body() {
  %src = util.unfoldable_constant dense<[10, 20, 30, 40]> : tensor<4xi32>
  %idx = util.unfoldable_constant dense<[2, 7, -3, 0]> : tensor<4xi64>
  %e = tensor.empty() : tensor<4xi32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : tensor<4xi64>) outs(%e : tensor<4xi32>) {
  ^bb0(%i: i64, %o: i32):
    %c0 = arith.constant 0 : i64
    %c4 = arith.constant 4 : i64
    %m1 = arith.constant -1 : i32
    %lo = arith.cmpi sge, %i, %c0 : i64
    %hi = arith.cmpi slt, %i, %c4 : i64
    %ok = arith.andi %lo, %hi : i1
    %ix = arith.index_cast %i : i64 to index
    %v = tensor.extract %src[%ix] : tensor<4xi32>
    %r = arith.select %ok, %v, %m1 : i32
    linalg.yield %r : i32
  } -> tensor<4xi32>
  check.expect_eq_const(%g, dense<[30, -1, -1, 10]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// The value passes through non-trapping float ops (mulf, addf) before the
// selects that drop it, two of them in a row as in GridSample's lowering:
// out[i] = lo[i] ? 0 : (hi[i] ? 0 : 2 * src[idx[i]] + 1),
// src = [1.5, 2.5, 3.5], idx = [1, 3, -1, 2]:
//   lane 0: 2 * 2.5 + 1 = 6; lane 1 (3 >= 3): 0; lane 2 (-1 < 0): 0;
//   lane 3: 2 * 3.5 + 1 = 8.
func.func @masked_through_float_ops() {
  %src = util.unfoldable_constant dense<[1.5, 2.5, 3.5]> : tensor<3xf32>
  %idx = util.unfoldable_constant dense<[1, 3, -1, 2]> : tensor<4xi64>
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%idx : tensor<4xi64>) outs(%e : tensor<4xf32>) {
  ^bb0(%i: i64, %o: f32):
    %c0 = arith.constant 0 : i64
    %c3 = arith.constant 3 : i64
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %neg = arith.cmpi slt, %i, %c0 : i64
    %big = arith.cmpi sge, %i, %c3 : i64
    %ix = arith.index_cast %i : i64 to index
    %v = tensor.extract %src[%ix] : tensor<3xf32>
    %d = arith.mulf %v, %two : f32
    %a = arith.addf %d, %one : f32
    %s1 = arith.select %big, %zero, %a : f32
    %s2 = arith.select %neg, %zero, %s1 : f32
    linalg.yield %s2 : f32
  } -> tensor<4xf32>
  check.expect_eq_const(%g, dense<[6.0, 0.0, 0.0, 8.0]> : tensor<4xf32>) : tensor<4xf32>
  return
}

// A scalar tensor.extract outside a body: index 5 of a 3-element tensor,
// the select on (5 < 3) = false takes the fallback 9.
func.func @masked_scalar_extract() {
  %t = util.unfoldable_constant dense<[1, 2, 3]> : tensor<3xi16>
  %i = util.unfoldable_constant 5 : index
  %c3 = arith.constant 3 : index
  %ok = arith.cmpi ult, %i, %c3 : index
  %v = tensor.extract %t[%i] : tensor<3xi16>
  %f = arith.constant 9 : i16
  %r = arith.select %ok, %v, %f : i16
  %rt = tensor.from_elements %r : tensor<1xi16>
  check.expect_eq_const(%rt, dense<[9]> : tensor<1xi16>) : tensor<1xi16>
  return
}

// iree_linalg_ext.gather with index 4 of a 3-row source: the gathered row
// [1] is out of bounds and a select on tensors replaces it.
// src = [[1, 2], [3, 4], [5, 6]], indices = [2, 4, 0]:
//   rows [5, 6], (masked) [0, 0] fallback, [1, 2].
func.func @masked_linalg_ext_gather() {
  %src = util.unfoldable_constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %idx = util.unfoldable_constant dense<[[2], [4], [0]]> : tensor<3x1xi32>
  %e = tensor.empty() : tensor<3x2xi32>
  %g = iree_linalg_ext.gather dimension_map = [0]
      ins(%src, %idx : tensor<3x2xi32>, tensor<3x1xi32>)
      outs(%e : tensor<3x2xi32>) -> tensor<3x2xi32>
  %ok = util.unfoldable_constant dense<[[true, true], [false, false], [true, true]]> : tensor<3x2xi1>
  %z = arith.constant dense<0> : tensor<3x2xi32>
  %r = arith.select %ok, %g, %z : tensor<3x2xi1>, tensor<3x2xi32>
  check.expect_eq_const(%r, dense<[[5, 6], [0, 0], [1, 2]]> : tensor<3x2xi32>) : tensor<3x2xi32>
  return
}
