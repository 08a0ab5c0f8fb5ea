func.func @main(%arg0: tensor<?x1x?xi8>) -> tensor<?x1xi8> {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %arg0, %c0 : tensor<?x1x?xi8>
  %cst = arith.constant -1 : i8
  %e = tensor.empty(%dim) : tensor<?x1xi8>
  %init = linalg.fill ins(%cst : i8) outs(%e : tensor<?x1xi8>) -> tensor<?x1xi8>
  %reduced = linalg.reduce ins(%arg0 : tensor<?x1x?xi8>) outs(%init : tensor<?x1xi8>) dimensions = [2]
    (%in: i8, %acc: i8) {
      %s = arith.addi %acc, %in : i8
      linalg.yield %s : i8
    }
  return %reduced : tensor<?x1xi8>
}
