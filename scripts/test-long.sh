#!/usr/bin/env bash
# The long tests (ctest label `long`): the ONNX node-test subset through
# IREE's importer and ref-run (about 3 minutes on both cores of a 2-core
# machine) and `difftest nightly` end to end (about 3 minutes). Same build
# as scripts/test.sh (it sets up and builds what is missing first).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
(cd "${BUILD_DIR:-build}" && ctest --output-on-failure -L long -j "${JOBS:-$(nproc)}")
