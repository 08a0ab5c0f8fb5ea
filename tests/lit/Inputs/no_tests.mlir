// No RUN line and no public function without arguments: nothing to test.
func.func @takes_args(%a: i32) -> i32 {
  return %a : i32
}
