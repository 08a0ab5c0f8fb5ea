#!/usr/bin/env bash
# The main job: a short fuzz campaign of generated programs against the real
# IREE on the mission's targets, then its report: llvm-cpu run here, vulkan
# (vulkan:llvmpipe) run on lavapipe, Mesa's CPU Vulkan, which
# scripts/setup.sh installs, and cuda:sm_80 and hip:gfx942 run where this
# machine has such a device and compiled only where it has not
# (docs/gpu.md). Options after the script's
# name go to `difftest fuzz` (e.g. --time=30m --jobs=2 --seed=7);
# DIFFTEST_TARGETS=llvm-cpu runs the CPU alone.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh >/dev/null
out="out/campaign-$(date +%Y%m%d-%H%M%S)"
./build/bin/difftest fuzz \
  --target="${DIFFTEST_TARGETS:-llvm-cpu,vulkan,cuda:sm_80,hip:gfx942}" \
  --time="${DIFFTEST_TIME:-3m}" \
  --jobs="$(nproc)" --seed="${DIFFTEST_SEED:-1}" --out="$out" "$@"
exec ./build/bin/difftest report "$out"
