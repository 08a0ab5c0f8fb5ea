// Float reduction terms survive downstream ops. A float result gets its own
// reduction length plus the largest one among the values it is computed from
// (operands, and values a body captures from above), so the oracle bounds the
// reassociation error of a softmax's divide or of a matmul fed by a matmul.
// Integer results computed from a float reduction (cmpf, fptosi) and floats
// rounded to integral values (floor) cannot be bounded: they are derived from
// the reduction (the oracle says undecided). Ops that only hand a value
// through (reshapes, barriers, calls) keep the length, never add it twice;
// ops that only read shapes, and linalg init operands a body never reads, do
// not pass it on. JSON keys print in alphabetical order (llvm::json).
//
// RUN: %ref-run %s --function=softmax --freedom=%t.softmax.json
// RUN: FileCheck %s --input-file=%t.softmax.json --match-full-lines --check-prefix=SOFTMAX
// RUN: %ref-run %s --function=matmul_chain --freedom=%t.mm.json | FileCheck %s --check-prefix=MM-OUT
// RUN: FileCheck %s --input-file=%t.mm.json --match-full-lines --check-prefix=MM
// RUN: %ref-run %s --function=not_bounded --freedom=%t.int.json
// RUN: FileCheck %s --input-file=%t.int.json --match-full-lines --check-prefix=INT
// RUN: %ref-run %s --function=handed_through --freedom=%t.through.json
// RUN: FileCheck %s --input-file=%t.through.json --match-full-lines --check-prefix=THROUGH
// RUN: %ref-run %s --function=not_read --freedom=%t.unread.json
// RUN: %ref-run %s --function=barrier_pair --freedom=%t.pair.json
// RUN: FileCheck %s --input-file=%t.pair.json --match-full-lines --check-prefix=PAIR
// RUN: FileCheck %s --input-file=%t.unread.json --match-full-lines --check-prefix=UNREAD

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>

// exp -> sum over 4 terms (linalg.reduce, reduction_length 4) -> divide by
// the sum (linalg.generic: 4) -> doubled by arith.addf on tensors (4); the
// sum itself (4) and a scalar tensor.extract of it (4). The inherited entries
// name the reduce as their origin.
// SOFTMAX:      "function": "softmax",
// SOFTMAX:        "dtype": "f32",
// SOFTMAX-NEXT:   "exact": false,
// SOFTMAX-NEXT:   "index": 0,
// SOFTMAX-NEXT:   "origin": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+24]]:10",
// SOFTMAX-NEXT:   "reduction_length": 4,
// SOFTMAX:        "index": 1,
// SOFTMAX-NEXT:   "origin": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+21]]:10",
// SOFTMAX-NEXT:   "reduction_length": 4,
// SOFTMAX:        "index": 2,
// SOFTMAX-NEXT:   "origin": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+18]]:10",
// SOFTMAX-NEXT:   "reduction_length": 4,
// SOFTMAX-NEXT:   "shape": []
// SOFTMAX:        "index": 3,
// SOFTMAX-NEXT:   "origin": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+14]]:10",
// SOFTMAX-NEXT:   "reduction_length": 4,
func.func @softmax() -> (tensor<2x4xf32>, tensor<2xf32>, f32, tensor<2x4xf32>) {
  %x = util.unfoldable_constant dense<[[0.0, 1.0, 2.0, 3.0], [1.0, 1.0, 1.0, 1.0]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.exp %a : f32
    linalg.yield %y : f32
  } -> tensor<2x4xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.reduce ins(%exp : tensor<2x4xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %div = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<2x4xf32>, tensor<2xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %y = arith.divf %a, %s : f32
    linalg.yield %y : f32
  } -> tensor<2x4xf32>
  %c1 = arith.constant 1 : index
  %s1 = tensor.extract %sum[%c1] : tensor<2xf32>
  %twice = arith.addf %div, %div : tensor<2x4xf32>
  return %div, %sum, %s1, %twice : tensor<2x4xf32>, tensor<2xf32>, f32, tensor<2x4xf32>
}

// C = A (2x3) x B (3x4): 3 terms; E = C x D (4x2): its own 4 terms plus the
// 3 of C = 7, origin the second matmul (its own freedom stays intact);
// G = E x E2 (2x2 by 2x1): 2 + 7 = 9; a body capturing a scalar of E (not an
// operand) inherits E's 7.
//   A = [[1,2,3],[4,5,6]], B = all ones -> C = [[6,6,6,6],[15,15,15,15]]
//   D = all ones -> E = [[24,24],[60,60]]; E2 = [[1],[1]] -> G = [[48],[120]]
//   H = [1, 2] + E[0][0] = [25, 26]
// MM-OUT: 2x4xf32=[6 6 6 6][15 15 15 15]
// MM-OUT: 2x2xf32=[24 24][60 60]
// MM-OUT: 2x1xf32=[48][120]
// MM-OUT: 2xf32=25 26
// MM:        "index": 0,
// MM-NEXT:   "origin": "linalg.matmul at {{.*}}freedom_reduction.mlir:[[@LINE+23]]:8",
// MM-NEXT:   "reduction_length": 3,
// MM:        "index": 1,
// MM-NEXT:   "origin": "linalg.matmul at {{.*}}freedom_reduction.mlir:[[@LINE+21]]:8",
// MM-NEXT:   "reduction_length": 7,
// MM:        "index": 2,
// MM-NEXT:   "origin": "linalg.matmul at {{.*}}freedom_reduction.mlir:[[@LINE+19]]:8",
// MM-NEXT:   "reduction_length": 9,
// MM:        "index": 3,
// MM-NEXT:   "origin": "linalg.matmul at {{.*}}freedom_reduction.mlir:[[@LINE+15]]:8",
// MM-NEXT:   "reduction_length": 7,
func.func @matmul_chain() -> (tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2xf32>) {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = util.unfoldable_constant dense<1.0> : tensor<3x4xf32>
  %d = util.unfoldable_constant dense<1.0> : tensor<4x2xf32>
  %d2 = util.unfoldable_constant dense<1.0> : tensor<2x1xf32>
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x4xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %e1 = tensor.empty() : tensor<2x2xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<2x1xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x1xf32>) -> tensor<2x1xf32>
  %c = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%z0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = linalg.matmul ins(%c, %d : tensor<2x4xf32>, tensor<4x2xf32>) outs(%z1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %g = linalg.matmul ins(%m, %d2 : tensor<2x2xf32>, tensor<2x1xf32>) outs(%z2 : tensor<2x1xf32>) -> tensor<2x1xf32>
  %c0 = arith.constant 0 : index
  %s = tensor.extract %m[%c0, %c0] : tensor<2x2xf32>
  %v = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e3 = tensor.empty() : tensor<2xf32>
  %h = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<2xf32>) outs(%e3 : tensor<2xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<2xf32>
  return %c, %m, %g, %h : tensor<2x4xf32>, tensor<2x2xf32>, tensor<2x1xf32>, tensor<2xf32>
}

// A sum over 3 terms [0.5+1+1.5 = 3]: compared with 2.0 (cmpf ogt -> i1),
// converted by fptosi (i32), rounded by math.floor (f32) and by a floor inside
// a linalg body: no tolerance bounds them, so they are derived from the
// reduce. A float elementwise op next to them keeps the length.
// INT:        "derived_from": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+18]]:10",
// INT-NEXT:   "dtype": "i1",
// INT:        "derived_from": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+16]]:10",
// INT-NEXT:   "dtype": "i32",
// INT:        "derived_from": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+14]]:10",
// INT-NEXT:   "dtype": "f32",
// INT:        "derived_from": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+12]]:10",
// INT-NEXT:   "dtype": "f32",
// INT:        "dtype": "f32",
// INT-NEXT:   "exact": false,
// INT-NEXT:   "index": 4,
// INT-NEXT:   "origin": "linalg.reduce at {{.*}}freedom_reduction.mlir:[[@LINE+7]]:10",
// INT-NEXT:   "reduction_length": 3,
func.func @not_bounded() -> (tensor<1xi1>, tensor<1xi32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) {
  %x = util.unfoldable_constant dense<[[0.5, 1.0, 1.5]]> : tensor<1x3xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %sum = linalg.reduce ins(%x : tensor<1x3xf32>) outs(%init : tensor<1xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %two = util.unfoldable_constant dense<2.0> : tensor<1xf32>
  %gt = arith.cmpf ogt, %sum, %two : tensor<1xf32>
  %i = arith.fptosi %sum : tensor<1xf32> to tensor<1xi32>
  %fl = math.floor %sum : tensor<1xf32>
  %fl2 = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%sum : tensor<1xf32>) outs(%e : tensor<1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %h = arith.mulf %a, %a : f32
    %f = math.floor %h : f32
    linalg.yield %f : f32
  } -> tensor<1xf32>
  %neg = arith.negf %sum : tensor<1xf32>
  return %gt, %i, %fl, %fl2, %neg : tensor<1xi1>, tensor<1xi32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
}

func.func private @matvec(%m: tensor<2x2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.matvec ins(%m, %v : tensor<2x2xf32>, tensor<2xf32>) outs(%z : tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// Handing a value through keeps its length, never doubles it: reshapes
// (collapse_shape), util.optimization_barrier, flow.tensor.tie_shape, and
// func.call / scf.if / flow.dispatch.region, whose inner ops already tracked
// it. matvec of a 2x2 by a 2-vector: 2 terms; the call's argument carries 2
// more (a matvec before it): 2 + 2 = 4 inside the callee, 4 outside.
// THROUGH:        "index": 0,
// THROUGH-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE-10]]:8",
// THROUGH-NEXT:   "reduction_length": 2,
// THROUGH:        "index": 1,
// THROUGH-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE-13]]:8",
// THROUGH-NEXT:   "reduction_length": 2,
// THROUGH:        "index": 2,
// THROUGH-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE-16]]:8",
// THROUGH-NEXT:   "reduction_length": 4,
// THROUGH:        "index": 3,
// THROUGH-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE-19]]:8",
// THROUGH-NEXT:   "reduction_length": 2,
// THROUGH:        "index": 4,
// THROUGH-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE-22]]:8",
// THROUGH-NEXT:   "reduction_length": 2,
func.func @handed_through() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %m = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = util.unfoldable_constant dense<[1.0, 1.0]> : tensor<2xf32>
  %r = func.call @matvec(%m, %v) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %x = tensor.expand_shape %r [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>
  %b = util.optimization_barrier %y : tensor<2xf32>
  %r2 = func.call @matvec(%m, %b) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %true = arith.constant true
  %i = scf.if %true -> tensor<2xf32> {
    scf.yield %b : tensor<2xf32>
  } else {
    scf.yield %v : tensor<2xf32>
  }
  %c2 = arith.constant 2 : index
  %t = flow.dispatch.region -> (tensor<?xf32>{%c2}) {
    %c = tensor.cast %b : tensor<2xf32> to tensor<?xf32>
    %tied = flow.tensor.tie_shape %c : tensor<?xf32>{%c2}
    flow.return %tied : tensor<?xf32>
  }
  %t2 = tensor.cast %t : tensor<?xf32> to tensor<2xf32>
  return %r, %b, %r2, %i, %t2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// Shapes and unread inits do not depend on the values: tensor.dim of a
// reduction result is exact, and so is a linalg.fill or an elementwise
// generic that only writes into it (its body never reads the init).
// UNREAD:        "dtype": "index",
// UNREAD-NEXT:   "exact": true,
// UNREAD:        "dtype": "f32",
// UNREAD-NEXT:   "exact": true,
// UNREAD-NEXT:   "index": 1,
// UNREAD:        "dtype": "f32",
// UNREAD-NEXT:   "exact": true,
// UNREAD-NEXT:   "index": 2,
func.func @not_read() -> (index, tensor<?xf32>, tensor<?xf32>) {
  %m = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = flow.tensor.dynamic_constant dense<[1.0, 1.0]> : tensor<2xf32> -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %v, %c0 : tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %mv = tensor.cast %m : tensor<2x2xf32> to tensor<?x?xf32>
  %r = linalg.matvec ins(%mv, %v : tensor<?x?xf32>, tensor<?xf32>) outs(%z : tensor<?xf32>) -> tensor<?xf32>
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%r : tensor<?xf32>) -> tensor<?xf32>
  %g = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%v : tensor<?xf32>) outs(%r : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %d, %f, %g : index, tensor<?xf32>, tensor<?xf32>
}

// util.optimization_barrier forwards each operand as its own result: the
// reduced float keeps its 2 terms, the integer next to it stays exact.
// PAIR:        "dtype": "f32",
// PAIR-NEXT:   "exact": false,
// PAIR-NEXT:   "index": 0,
// PAIR-NEXT:   "origin": "linalg.matvec at {{.*}}freedom_reduction.mlir:[[@LINE+9]]:8",
// PAIR-NEXT:   "reduction_length": 2,
// PAIR:        "dtype": "i32",
// PAIR-NEXT:   "exact": true,
// PAIR-NEXT:   "index": 1,
func.func @barrier_pair() -> (tensor<2xf32>, tensor<2xi32>) {
  %m = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = util.unfoldable_constant dense<[1.0, 1.0]> : tensor<2xf32>
  %z = util.unfoldable_constant dense<0.0> : tensor<2xf32>
  %r = linalg.matvec ins(%m, %v : tensor<2x2xf32>, tensor<2xf32>) outs(%z : tensor<2xf32>) -> tensor<2xf32>
  %i = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  %b:2 = util.optimization_barrier %r, %i : tensor<2xf32>, tensor<2xi32>
  return %b#0, %b#1 : tensor<2xf32>, tensor<2xi32>
}
