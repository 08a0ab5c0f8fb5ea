#!/usr/bin/env bash
# The main job: a short fuzz campaign of generated programs against the real
# IREE on the local CPU target (llvm-cpu), then its report. Options after the
# script's name go to `difftest fuzz` (e.g. --time=30m --jobs=2 --seed=7,
# --target=llvm-cpu,hip:gfx942 to also compile for a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh >/dev/null
out="out/campaign-$(date +%Y%m%d-%H%M%S)"
./build/bin/difftest fuzz --target=llvm-cpu --time="${DIFFTEST_TIME:-3m}" \
  --jobs="$(nproc)" --seed="${DIFFTEST_SEED:-1}" --out="$out" "$@"
exec ./build/bin/difftest report "$out"
