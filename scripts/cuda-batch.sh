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
# the driver's JIT). TARGET may be any target, vulkan:ampere too (the
# NVIDIA Vulkan driver: a real GPU's subgroup size and no loop cap, to
# tell lavapipe's findings from lavapipe). The batch: the golden corpus,
# tests/iree/programs and corpus/repros (hand-derived goldens),
# $CUDA_BATCH_GENERATED (default 150) generated programs of the fuzz
# generator (seed $CUDA_BATCH_SEED, default 24) and $CUDA_BATCH_FRONTEND
# (default 40) of its frontend-shaped recipes (seed + 1), one seed each:
# a few hundred cases, about 2 minutes of device time on an H100/H200
# with --jobs=16, well inside 15 minutes. $CUDA_BATCH_EXPORT_FLAGS adds
# export flags (--opt-level=O2: export compiles at O0 otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
batch=${2:-out/cuda-batch}
target=${3:-cuda:sm_80}
bin=${BUILD_DIR:-build}/bin
case "$mode" in
  make)
    seed=${CUDA_BATCH_SEED:-24}
    rm -rf "$batch" "$batch.gen" "$batch.front"
    mkdir -p "$batch.gen" "$batch.front"
    "$bin/fuzz-gen" --seed="$seed" \
      --count="${CUDA_BATCH_GENERATED:-150}" --out="$batch.gen" >/dev/null
    "$bin/fuzz-gen" --seed="$((seed + 1))" --frontend-percent=100 \
      --count="${CUDA_BATCH_FRONTEND:-40}" --out="$batch.front" >/dev/null
    progs=(corpus/golden/*/program.mlir tests/iree/programs/*.mlir
           corpus/repros/*/program.mlir
           "$batch.gen"/case*[0-9].mlir "$batch.front"/case*[0-9].mlir)
    # shellcheck disable=SC2086  # extra export flags, e.g. --opt-level=O2
    "$bin/difftest" export "${progs[@]}" --target="$target" --seeds=1 \
      --out="$batch" --with-tools ${CUDA_BATCH_EXPORT_FLAGS:-}
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
