func.func @f(%x: i32) -> i64 {
  %e = arith.extsi %x : i32 to i64
  %c7 = arith.constant 7 : i64
  %r = arith.remui %e, %c7 : i64
  return %r : i64
}
