#!/usr/bin/env bash
# The main job. For now: build, then compute golden outputs of an example
# program from corpus/ with the reference interpreter and print them.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh >/dev/null
exec ./build/bin/ref-run corpus/examples/softmax_like.mlir --function=main \
  --input="2x4xf32=[0 1 2 3][-1 -1 0.5 8]" "$@"
