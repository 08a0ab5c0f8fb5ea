#!/usr/bin/env bash
# The prepared GPU batch (issue 24, "a real GPU when there is one"): made
# here, run on a lent NVIDIA machine in one short scripted call, read back
# here. Everything it needs on the GPU machine travels in the batch
# (difftest-replay and the runtime wheel's iree-run-module; no MLIR, no
# Python).
#
#   scripts/cuda-batch.sh make  [BATCH] [TARGET]  # here: compile + goldens
#   scripts/cuda-batch.sh run   [BATCH]           # on the GPU machine
#   scripts/cuda-batch.sh read  [BATCH]           # here: verdicts, bundles
#
# BATCH defaults to out/cuda-batch, TARGET to cuda:sm_80 (IREE 3.13 cannot
# compile for sm_90 at all, iree#22147; sm_80 PTX runs on Hopper through
# the driver's JIT). The batch: the golden corpus and tests/iree/programs
# (hand-derived goldens), and $CUDA_BATCH_GENERATED (default
# 150) generated programs of the fuzz generator (seed $CUDA_BATCH_SEED,
# default 24), one seed each: a few hundred cases, about 2 minutes of
# device time on an H100/H200 with --jobs=16, well inside 15 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
batch=${2:-out/cuda-batch}
target=${3:-cuda:sm_80}
bin=${BUILD_DIR:-build}/bin
case "$mode" in
  make)
    rm -rf "$batch" "$batch.gen"
    mkdir -p "$batch.gen"
    "$bin/fuzz-gen" --seed="${CUDA_BATCH_SEED:-24}" \
      --count="${CUDA_BATCH_GENERATED:-150}" --out="$batch.gen" >/dev/null
    progs=(corpus/golden/*/program.mlir tests/iree/programs/*.mlir
           "$batch.gen"/*.mlir)
    "$bin/difftest" export "${progs[@]}" --target="$target" --seeds=1 \
      --out="$batch" --with-tools
    echo "cuda-batch: copy $batch to the GPU machine and run:"
    echo "  $batch/bin/difftest-replay $batch --jobs=16"
    ;;
  run)
    exec "$batch/bin/difftest-replay" "$batch" --jobs="${JOBS:-16}"
    ;;
  read)
    exec "$bin/difftest" import "$batch"
    ;;
  *)
    sed -n '2,20p' "$0" >&2
    exit 2
    ;;
esac
