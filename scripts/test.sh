#!/usr/bin/env bash
# The one test command: installs what is missing, builds, runs every test.
# The sanitizer suite (an ASan+UBSan build of the fast suites) is its own
# command, scripts/test-asan.sh; CI (.ci/run) runs both.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
(cd "${BUILD_DIR:-build}" && ctest --output-on-failure -j "${JOBS:-$(nproc)}")
