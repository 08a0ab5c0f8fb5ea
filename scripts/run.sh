#!/usr/bin/env bash
# The main job. For now: build, then test an example program from corpus/
# against the real IREE: run on llvm-cpu, compile for CUDA and HIP (run
# there too where the device exists). Verdict lines and repro bundles in
# out/difftest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh >/dev/null
exec ./build/bin/difftest run corpus/examples/softmax_like.mlir --function=main \
  --target=llvm-cpu,cuda:sm_80,hip:gfx942 --out=out/difftest "$@"
