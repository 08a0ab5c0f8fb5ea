#!/bin/sh
# difftest repro: compile-error on llvm-cpu (and vmvx, cuda:sm_80, hip:gfx942: README.md)
# failed to legalize operation 'vector.maskedload' that was explicitly marked illegal: %39 = "vector.maskedload"(%19, %34, %38, %2) : (memref<?xi2>, index, vector<16xi1>, vector<16xi2>) -> vector<16xi2>
# IREE: IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967
set -e
cd "$(dirname "$0")"
IREE_COMPILE="${IREE_COMPILE:-iree-compile}"
IREE_RUN_MODULE="${IREE_RUN_MODULE:-iree-run-module}"
mkdir -p llvm-cpu/actual
"$IREE_COMPILE" program.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O0 --iree-input-demote-f64-to-f32=false -o llvm-cpu/module.vmfb
"$IREE_RUN_MODULE" --module=llvm-cpu/module.vmfb --device=local-task --function=main --input=8xi2=@inputs/in0.bin --output=@llvm-cpu/actual/out0.bin
# The golden outputs in golden/ came from:
# ref-run program.mlir --function=main --input=8xi2=@inputs/in0.bin --output=@golden/out0.bin --freedom=golden/freedom.json
