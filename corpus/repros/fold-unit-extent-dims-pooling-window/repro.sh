#!/bin/sh
# difftest repro: compile-error on llvm-cpu
# 'linalg.generic' op inferred input/output operand #2 has shape's dimension #0 to be 4, but found 3
# IREE: IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967
set -e
mkdir -p "$(dirname "$0")/llvm-cpu/actual"
cd "$(dirname "$0")"
IREE_COMPILE="${IREE_COMPILE:-iree-compile}"
IREE_RUN_MODULE="${IREE_RUN_MODULE:-iree-run-module}"
"$IREE_COMPILE" program.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O0 --iree-input-demote-f64-to-f32=false -o llvm-cpu/module.vmfb
"$IREE_RUN_MODULE" --module=llvm-cpu/module.vmfb --device=local-task --function=main --input=@inputs/in0.npy --output=@llvm-cpu/actual/out0.npy
# The golden outputs in golden/ came from:
# ref-run program.mlir --function=main --input=@inputs/in0.npy --output=@golden/out0.npy --freedom=golden/freedom.json
