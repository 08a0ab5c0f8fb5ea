#!/bin/sh
# difftest repro: compile-error on hip:gfx942
# 'func.func' op failed to distribute
# IREE: IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967
set -e
cd "$(dirname "$0")"
IREE_COMPILE="${IREE_COMPILE:-/work/main/.venv/lib/python3.11/site-packages/iree/compiler/_mlir_libs/iree-compile}"
IREE_RUN_MODULE="${IREE_RUN_MODULE:-/work/main/.venv/lib/python3.11/site-packages/iree/_runtime_libs/iree-run-module}"
"$IREE_COMPILE" program.mlir --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O0 --iree-input-demote-f64-to-f32=false -o target/module.vmfb
"$IREE_RUN_MODULE" --module=target/module.vmfb --device=hip --function=f160 --input=4x32xbf16=@inputs/in0.bin --input=bf16=@inputs/in1.bin --input=@inputs/in2.npy
# The golden outputs in golden/ came from:
# 
