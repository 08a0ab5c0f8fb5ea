// Malformed program text: every case ends in a diagnostic with a location
// and exit code 2, never a crash.
// RUN: rm -rf %t && mkdir -p %t
// Deep nesting would overflow the parser's stack: refused before parsing.
// RUN: %python -c "print('func.func @main() -> tensor<1xi32> { %%c = arith.constant dense<' + '['*100000 + '1' + ']'*100000 + '> : tensor<1xi32>\n return %%c : tensor<1xi32> }')" > %t/deep_dense.mlir
// RUN: %expect-exit 2 %ref-run %t/deep_dense.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "n=30000; print('func.func @main() {' + 'scf.execute_region {'*n + '}'*n + ' return }')" > %t/deep_regions.mlir
// RUN: %expect-exit 2 %ref-run %t/deep_regions.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// Nesting below the limit parses (and, here, fails on the shape).
// RUN: %python -c "print('func.func @main() -> tensor<1xi32> { %%c = arith.constant dense<' + '['*200 + '1' + ']'*200 + '> : tensor<1xi32>\n return %%c : tensor<1xi32> }')" > %t/ok_depth.mlir
// RUN: %expect-exit 2 %ref-run %t/ok_depth.mlir 2>&1 | FileCheck %s --check-prefix=SHAPE
// Bytes that are not UTF-8, a NUL byte, an empty file, a file that is not there.
// RUN: printf 'func.func @main() { \377\376 return }' > %t/nonutf8.mlir
// RUN: %expect-exit 2 %ref-run %t/nonutf8.mlir 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: printf 'func.func @main() {\000 return }' > %t/nul.mlir
// MLIR's lexer takes a NUL byte inside the text as whitespace: this one runs.
// RUN: %expect-exit 0 %ref-run %t/nul.mlir 2>&1 | FileCheck %s --check-prefix=NUL
// RUN: printf '' > %t/empty.mlir
// RUN: %expect-exit 2 %ref-run %t/empty.mlir 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %expect-exit 2 %ref-run %t/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// Truncated in the middle of an op, an unterminated string.
// RUN: printf 'func.func @main() -> i32 {\n  %%c = arith.const' > %t/truncated.mlir
// RUN: %expect-exit 2 %ref-run %t/truncated.mlir 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: printf 'func.func @main() attributes {a = "abc' > %t/string.mlir
// RUN: %expect-exit 2 %ref-run %t/string.mlir 2>&1 | FileCheck %s --check-prefix=STRING

// DEEP: error: nesting deeper than 256 levels of brackets; refused before parsing
// SHAPE: ok_depth.mlir:1:{{[0-9]+}}: error: inferred shape of elements literal
// UTF8: nonutf8.mlir:1:21: error: unexpected character
// NUL: EXEC @main
// EMPTY: error: no function @main in {{.*}}empty.mlir
// MISSING: error: cannot open input file '{{.*}}missing.mlir'
// TRUNC: truncated.mlir:2:{{[0-9]+}}: error:
// STRING: string.mlir:1:{{[0-9]+}}: error:
