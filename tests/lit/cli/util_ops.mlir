// Diagnostics of util.func/util.call/util.global and of multi-block bodies.
// RUN: echo 'util.func public @f() -> i32 { %0 = util.global.load @nope : i32 util.return %0 : i32 }' | %expect-exit 2 %ref-run --verify-only - 2>&1 | FileCheck %s --check-prefix=UNDEF
// UNDEF: error: 'util.global.load' op undefined global: @nope
// RUN: echo 'util.global private @g = 1 : i32 util.func public @f() -> i64 { %0 = util.global.load @g : i64 util.return %0 : i64 }' | %expect-exit 2 %ref-run --verify-only - 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: error: 'util.global.load' op type 'i64' does not match the type of global @g ('i32')
// RUN: echo 'util.global private @g : i32 util.func public @f(%x: i32) { util.global.store %x, @g : i32 util.return }' | %expect-exit 2 %ref-run --verify-only - 2>&1 | FileCheck %s --check-prefix=IMMUTABLE
// IMMUTABLE: error: 'util.global.store' op global @g is immutable: only initializers may store it
// RUN: echo 'util.func private @g(%x: i32) -> i32 { util.return %x : i32 } util.func public @f() -> f32 { %c = arith.constant 1 : i32 %0 = util.call @g(%c) : (i32) -> f32 util.return %0 : f32 }' | %expect-exit 2 %ref-run --verify-only - 2>&1 | FileCheck %s --check-prefix=CALL
// CALL: error: 'util.call' op types do not match the signature of @g
// RUN: echo 'util.func public @f() -> i32 { %c = arith.constant 1 : i64 util.return %c : i64 }' | %expect-exit 2 %ref-run --verify-only - 2>&1 | FileCheck %s --check-prefix=RET
// RET: error: 'util.return' op operand types do not match the function's result types

// A global without an initial value read before anything stored it.
// RUN: echo 'util.global private mutable @g : i32 util.func public @main() -> i32 { %0 = util.global.load @g : i32 util.return %0 : i32 }' | %expect-exit 2 %ref-run - --function=main 2>&1 | FileCheck %s --check-prefix=UNSET
// UNSET: error: global @g is read before it was set (no initial value, no store)

// A block that branches to itself stops at the step budget.
// RUN: echo 'func.func @main() { cf.br ^bb1 ^bb1: cf.br ^bb1 }' | %expect-exit 2 %ref-run - --function=main --max-steps=1000 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: error: step budget exceeded: more than 1000 ops run (--max-steps)

// util.func prints back as IREE spells it.
// RUN: echo 'util.global private mutable @g = 2.0 : f32 util.func @f(%a: tensor<4xf32> {foo.bar}) -> tensor<4xf32> attributes {x = 1 : i32} { %0 = util.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32> util.return %0 : tensor<4xf32> }' | ref-opt - | FileCheck %s --check-prefix=PRINT
// PRINT: util.global private mutable @g = 2.000000e+00 : f32
// PRINT: util.func public @f(%arg0: tensor<4xf32> {foo.bar}) -> tensor<4xf32> attributes {x = 1 : i32} {
// PRINT-NEXT: %0 = util.call @f(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// PRINT-NEXT: util.return %0 : tensor<4xf32>
