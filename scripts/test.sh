#!/usr/bin/env bash
# The one test command: installs what is missing, builds, runs every test
# but the two long ones (ctest label `long`: the ONNX conformance subset and
# the nightly end-to-end test). Those are scripts/test-long.sh, and the
# sanitizer suite (an ASan+UBSan build of the fast suites) is
# scripts/test-asan.sh; CI (.ci/run) runs all three.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
(cd "${BUILD_DIR:-build}" && ctest --output-on-failure -LE long -j "${JOBS:-$(nproc)}")
