// ref-run --check on IREE's lit tests (files whose RUN lines run IREE's
// tools): each RUN line is one test, run on the interpreter and matched
// against the file's CHECK lines; lines that only compile or check IREE's
// own traces are not judged; a file with nothing to judge is an error.

// RUN: %ref-run --check %inputs/iree_lit_pass.mlir | FileCheck %s --check-prefix=PASS
// PASS: PASS RUN#1 (line 4, @add): 4 check lines matched
// PASS-NEXT: PASS RUN#2 (line 5, @scale): 6 check lines matched
// PASS-NEXT: PASS RUN#3 (line 8, @neg): ran (no FileCheck on this line: judged by success)
// PASS-NEXT: SKIP RUN#4 (line 9): not judged: only compiles: its CHECK lines match the compiler's output (IR), not results
// PASS-NEXT: SKIP RUN#5 (line 10): not judged: --iree-flow-trace-dispatch-tensors checks IREE's own traces
// PASS-NEXT: 3 passed, 0 failed, 2 not judged

// A wrong CHECK line fails its RUN line (exit 1), with FileCheck's message
// and the output it searched.
// RUN: %expect-exit 1 %ref-run --check %inputs/iree_lit_fail.mlir | FileCheck %s --check-prefix=FAIL
// FAIL: FAIL RUN#1 (line 3, @triple): FileCheck failed
// FAIL-NEXT: {{.*}}iree_lit_fail.mlir:7: error: CHECK: expected string not found in input
// FAIL-NEXT:   CHECK: 2xi32=3 7
// FAIL-NEXT: <output>:1: note: scanning from here
// FAIL: output:
// FAIL-NEXT: EXEC @triple
// FAIL-NEXT: result[0]: hal.buffer_view
// FAIL-NEXT: 2xi32=3 6
// FAIL-NEXT: PASS RUN#2 (line 4, @triple): 2 check lines matched
// FAIL-NEXT: 1 passed, 1 failed

// Without --function the single exported function runs; a bare scalar
// --input is read by its signature; multi-block bodies branch.
// RUN: %ref-run --check %inputs/iree_lit_single_export.mlir | FileCheck %s --check-prefix=SINGLE
// SINGLE: PASS RUN#1 (line 4, @with_cfg): 2 check lines matched
// SINGLE-NEXT: PASS RUN#2 (line 5, @with_cfg): 1 check lines matched
// SINGLE-NEXT: 2 passed, 0 failed

// Nothing to judge is an error, never a pass.
// RUN: %expect-exit 2 %ref-run --check %inputs/iree_lit_compile_only.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-DAG: SKIP RUN#1 (line 2): not judged: only compiles
// NONE-DAG: 0 passed, 0 failed, 1 not judged
// NONE-DAG: error: nothing to run in {{.*}}iree_lit_compile_only.mlir: its 1 RUN lines are not judged by ref-run
// RUN: %expect-exit 2 %ref-run --check %inputs/no_tests.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY-DAG: 0 passed, 0 failed
// EMPTY-DAG: error: nothing to run in {{.*}}no_tests.mlir: no RUN line and no public function without arguments
