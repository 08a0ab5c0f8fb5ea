#!/bin/sh
# difftest repro: mismatch on llvm-cpu
# output 0 (4xi32): 4 of 4 elements differ; first at [0]: expected 16843009, actual 1
# IREE: IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967
set -e
cd "$(dirname "$0")"
IREE_COMPILE="${IREE_COMPILE:-/work/main/.venv/lib/python3.11/site-packages/iree/compiler/_mlir_libs/iree-compile}"
IREE_RUN_MODULE="${IREE_RUN_MODULE:-/work/main/.venv/lib/python3.11/site-packages/iree/_runtime_libs/iree-run-module}"
"$IREE_COMPILE" program.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O0 --iree-input-demote-f64-to-f32=false -o llvm-cpu/module.vmfb
"$IREE_RUN_MODULE" --module=llvm-cpu/module.vmfb --device=local-task --function=main --output=@llvm-cpu/actual/out0.npy
# The golden outputs in golden/ came from:
# ref-run program.mlir --function=main --output=@golden/out0.npy --freedom=golden/freedom.json
